//! Which memory a unit of a pass touches (row maps) and the schedule's launches with their
//! arguments: what the overlap plan splits into pieces.

use crate::runtime::transfer::Rect;
use crate::runtime::{Arg, KernelHandle};
use crate::vc::execute::{Buffers, Real, LOCAL_SIZE};
use crate::vc::plan::Algorithm;
use crate::vc::schedule::Buf;
use crate::vc::VcTransform;
use ocl::Buffer;
use serde::Serialize;

/// The memory a unit of a pass touches: rows `r < rows`, each `[r·pitch + u·width, +width)`
/// for unit `u` (in complex elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RowMap {
    pub rows: u64,
    pub pitch: u64,
    pub width: u64,
}

impl RowMap {
    /// The rectangle units `[u0, u1)` touch.
    pub fn rect(&self, u0: u64, u1: u64) -> Rect {
        Rect {
            start: (u0 * self.width) as usize,
            rows: self.rows as usize,
            pitch: self.pitch as usize,
            len: ((u1 - u0) * self.width) as usize,
        }
    }
}

/// The row map of units whose index digits sit at `unit_pos` (least significant first), the
/// other digits of the element index at `other_pos`; `None` when that is not a rectangle.
pub fn row_map(p: u32, n: u32, unit_pos: &[u32], other_pos: &[u32]) -> Option<RowMap> {
    let pw = |e: u32| (p as u64).pow(e);
    let w = unit_pos.len() as u32;
    if unit_pos.len() + other_pos.len() != n as usize {
        return None;
    }
    if w == 0 {
        return Some(RowMap {
            rows: 1,
            pitch: pw(n),
            width: pw(n),
        });
    }
    let a = unit_pos[0];
    if unit_pos.iter().enumerate().any(|(i, &q)| q != a + i as u32) || a + w > n {
        return None;
    }
    let mut others = other_pos.to_vec();
    others.sort_unstable();
    let want: Vec<u32> = (0..a).chain(a + w..n).collect();
    if others != want {
        return None;
    }
    Some(RowMap {
        rows: pw(n - a - w),
        pitch: pw(a + w),
        width: pw(a),
    })
}

/// One launch of a schedule: kernel, arguments, range, buffers and the memory its units touch.
pub(in crate::vc) struct Launch<'a> {
    pub kernel: &'a KernelHandle,
    pub args: Vec<Arg<'a>>,
    /// Work-items needed (the launch pads them to whole work-groups; kernels guard the tail).
    pub items: usize,
    pub local: usize,
    pub src: Buf,
    pub dst: Buf,
    /// Units (fused: work-groups; ct/cg: work-items) and units per work-group.
    pub units: u64,
    pub units_per_group: u64,
    pub input: Option<RowMap>,
    pub output: Option<RowMap>,
}

impl Launch<'_> {
    pub fn groups(&self) -> usize {
        self.items.div_ceil(self.local.max(1))
    }
    /// The units of work-groups `[w0, w1)`.
    pub(crate) fn units_of(&self, w0: usize, w1: usize) -> (u64, u64) {
        let u = |w: usize| (w as u64 * self.units_per_group).min(self.units);
        (u(w0), u(w1))
    }
}

impl VcTransform {
    /// The schedule's launches with their arguments for these buffers, in order.
    pub(in crate::vc) fn launches<'a, T: Real>(&'a self, b: &'a Buffers<T>) -> Vec<Launch<'a>> {
        let pick = |which: Buf| -> &'a Buffer<T> {
            match which {
                Buf::A => &b.a,
                Buf::B => b.b.as_ref().unwrap_or(&b.a),
            }
        };
        let (p, n) = (self.plan.p, self.plan.n);
        let mut out = Vec::with_capacity(self.schedule.pass_count());
        let mut cur = Buf::A;
        for (pass, k) in self.schedule.fused.iter().zip(&self.kernels) {
            let next = if cur == Buf::A { Buf::B } else { Buf::A };
            let wg_in: Vec<u32> = pass.wg.iter().map(|w| w.0).collect();
            let wg_out: Vec<u32> = pass.wg.iter().map(|w| w.1).collect();
            let tile_in: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
            let tile_out: Vec<u32> = pass.tile.iter().map(|d| d.out_pos).collect();
            let threads = pass.threads() as usize;
            out.push(Launch {
                kernel: k,
                args: vec![Arg::buf(pick(cur)), Arg::buf(pick(next))],
                items: pass.groups() as usize * threads,
                local: threads,
                src: cur,
                dst: next,
                units: pass.groups(),
                units_per_group: 1,
                input: row_map(p, n, &wg_in, &tile_in),
                output: row_map(p, n, &wg_out, &tile_out),
            });
            cur = next;
        }
        let wide = self.plan.len > u32::MAX as u64;
        let idx = |v: u64| {
            if wide {
                Arg::U64(v)
            } else {
                Arg::U32(v as u32)
            }
        };
        let mut done = 0u32;
        for pass in &self.schedule.passes {
            let k = &self.kernels[pass.kernel];
            let mut args: Vec<Arg> = Vec::new();
            match self.plan.algorithm {
                Algorithm::Ct => args.push(Arg::buf(pick(pass.dst))),
                Algorithm::Cg | Algorithm::Fused => {
                    args.push(Arg::buf(pick(pass.src)));
                    args.push(Arg::buf(pick(pass.dst)));
                }
            }
            if let Some((_, c)) = b.coef.iter().find(|(d, _)| *d == pass.digits) {
                args.push(Arg::buf(c));
            }
            if let Some(d) = pass.dist {
                args.push(idx(d));
            }
            args.push(idx(pass.butterflies));
            let d = pass.digits;
            let (input, output) = match self.plan.algorithm {
                Algorithm::Ct => {
                    // dist = p^s: tid's low s digits at 0..s, the rest above the group.
                    let s = n - done - d;
                    let units: Vec<u32> = (0..s).chain(s + d..n).collect();
                    let others: Vec<u32> = (s..s + d).collect();
                    let m = row_map(p, n, &units, &others);
                    (m, m)
                }
                _ => {
                    let low: Vec<u32> = (0..d).collect();
                    let high: Vec<u32> = (d..n).collect();
                    let top: Vec<u32> = (n - d..n).collect();
                    let rest: Vec<u32> = (0..n - d).collect();
                    (row_map(p, n, &high, &low), row_map(p, n, &rest, &top))
                }
            };
            let local = k.local_size(LOCAL_SIZE);
            out.push(Launch {
                kernel: k,
                args,
                items: pass.butterflies as usize,
                local,
                src: pass.src,
                dst: pass.dst,
                units: pass.butterflies,
                units_per_group: local as u64,
                input,
                output,
            });
            done += d;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::{Direction, Precision};
    use crate::vc::fused::{self, FusedPass, FusedRequest, Layout};
    use crate::vc::overlap::plan::split;
    use crate::vc::schedule::DEFAULT_LIMITS;

    /// The elements unit (work-group) `g` of a fused pass touches, from the same digit data
    /// the generator turns into `in_base + t_in + c` (or `out_base + t_out + c`).
    fn touched(pass: &FusedPass, g: u64, input: bool) -> Vec<u64> {
        let p = pass.p as u64;
        let pos = |(i, o): (u32, u32)| if input { i } else { o };
        let mut base = 0;
        let mut x = g;
        for &w in &pass.wg {
            base += (x % p) * p.pow(pos(w));
            x /= p;
        }
        let mut out = Vec::new();
        for t in 0..pass.tile_len() {
            let mut y = t;
            let mut off = 0;
            for d in &pass.tile {
                off += (y % p) * p.pow(pos((d.in_pos, d.out_pos)));
                y /= p;
            }
            out.push(base + off);
        }
        out.sort_unstable();
        out
    }

    fn rect_elems(r: Rect) -> Vec<u64> {
        let mut v: Vec<u64> = (0..r.rows)
            .flat_map(|i| r.row(i))
            .map(|x| x as u64)
            .collect();
        v.sort_unstable();
        v
    }

    fn check_pass(pass: &FusedPass) {
        let wg_in: Vec<u32> = pass.wg.iter().map(|w| w.0).collect();
        let wg_out: Vec<u32> = pass.wg.iter().map(|w| w.1).collect();
        let t_in: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
        let t_out: Vec<u32> = pass.tile.iter().map(|d| d.out_pos).collect();
        for (input, units, others) in [(true, &wg_in, &t_in), (false, &wg_out, &t_out)] {
            let Some(map) = row_map(pass.p, pass.n, units, others) else {
                continue;
            };
            for g in 0..pass.groups() {
                assert_eq!(
                    touched(pass, g, input),
                    rect_elems(map.rect(g, g + 1)),
                    "{} group {g} ({})",
                    pass.name(),
                    if input { "reads" } else { "writes" }
                );
            }
        }
    }

    #[test]
    fn row_maps_match_the_fused_index_maps() {
        for (p, n, cap) in [(3, 7, 3), (2, 11, 4), (4, 5, 2), (5, 4, 2), (3, 5, 5)] {
            for layout in [Layout::Rotate, Layout::Inplace, Layout::Staged] {
                let passes = FusedRequest {
                    p,
                    n,
                    groups: fused::balanced_groups(n, cap),
                    lanes: None,
                    precision: Precision::F32,
                    direction: Direction::Forward,
                    scale: 1.0,
                    limits: DEFAULT_LIMITS,
                }
                .schedule(layout);
                for pass in &passes {
                    check_pass(pass);
                }
                let first = &passes[0];
                let last = passes.last().unwrap();
                let m = |pass: &FusedPass, input: bool| {
                    let u: Vec<u32> = pass
                        .wg
                        .iter()
                        .map(|w| if input { w.0 } else { w.1 })
                        .collect();
                    let o: Vec<u32> = pass
                        .tile
                        .iter()
                        .map(|d| if input { d.in_pos } else { d.out_pos })
                        .collect();
                    row_map(p, n, &u, &o)
                };
                // Pass 1 reads contiguous tiles; the last pass writes rows.
                let up = m(first, true).expect("pass 1 splits");
                assert_eq!((up.rows, up.width), (1, first.tile_len()));
                let down = m(last, false).expect("last pass splits");
                let rows = if last.wg.is_empty() {
                    1
                } else {
                    (p as u64).pow(last.m)
                };
                assert_eq!(down.rows, rows, "{}", last.name());
            }
        }
    }

    #[test]
    fn row_map_shapes() {
        // cg radix 9 on 3^4: reads tid·9 + i, writes tid + 9·i.
        assert_eq!(
            row_map(3, 4, &[2, 3], &[0, 1]),
            Some(RowMap {
                rows: 1,
                pitch: 81,
                width: 9
            })
        );
        assert_eq!(
            row_map(3, 4, &[0, 1], &[2, 3]),
            Some(RowMap {
                rows: 9,
                pitch: 9,
                width: 1
            })
        );
        // ct middle pass: unit digits around the transformed group do not form a rectangle.
        assert_eq!(row_map(3, 4, &[0, 3], &[1, 2]), None);
        assert_eq!(row_map(3, 4, &[1, 2], &[0]), None);
        assert_eq!(split(10, 4), vec![(0, 2), (2, 3), (5, 2), (7, 3)]);
        let r = RowMap {
            rows: 3,
            pitch: 12,
            width: 2,
        }
        .rect(1, 3);
        assert_eq!((r.start, r.len, r.end()), (2, 4, 30));
    }
}
