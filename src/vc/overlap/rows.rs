//! The schedule's launches with their arguments and the memory their units touch: what the
//! overlap plan splits into pieces.

use crate::runtime::transfer::Rect;
use crate::runtime::{Arg, KernelHandle};
use crate::vc::execute::{Buffers, Real, LOCAL_SIZE};
use crate::vc::plan::SpectrumOutput;
use crate::vc::rows::RowMap;
use crate::vc::schedule::{Buf, Pass, PassKind};
use crate::vc::CompiledVc;
use ocl::Buffer;

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

impl CompiledVc {
    /// The work-items a pass needs (before padding to whole work-groups) and its work-group
    /// size: a fused pass's tile threads, else [`LOCAL_SIZE`] capped by the kernel's limit (and
    /// on unoptimised CPU builds: `KernelHandle::item_local_size`).
    pub(in crate::vc) fn launch_range(&self, pass: &Pass) -> (usize, usize) {
        match pass.fused() {
            Some(f) => (
                (f.batch_groups() * f.group_size()) as usize,
                f.group_size() as usize,
            ),
            None => (
                (pass.units * pass.batch) as usize,
                self.kernels[pass.kernel].item_local_size(LOCAL_SIZE),
            ),
        }
    }

    /// The schedule's launches with their arguments for these buffers, in order.
    pub(in crate::vc) fn launches<'a, T: Real>(&'a self, b: &'a Buffers<T>) -> Vec<Launch<'a>> {
        self.launches_over(b, &b.a, b.b.as_ref())
    }

    /// [`launches`](Self::launches) with `a` and `bb` standing for the buffers A and B (the
    /// CPU path's buffer wrapping the caller's output: `vc::host_cpu`); the rest from `b`.
    pub(in crate::vc) fn launches_over<'a, T: Real>(
        &'a self,
        b: &'a Buffers<T>,
        a: &'a Buffer<T>,
        bb: Option<&'a Buffer<T>>,
    ) -> Vec<Launch<'a>> {
        let pick = |which: Buf| -> &'a Buffer<T> {
            match which {
                Buf::A => a,
                Buf::B => bb.unwrap_or(a),
            }
        };
        let wide = self.plan.total_len() > u32::MAX as u64;
        let idx = |v: u64| {
            if wide {
                Arg::U64(v)
            } else {
                Arg::U32(v as u32)
            }
        };
        self.schedule
            .passes
            .iter()
            .map(|pass| {
                let kernel = &self.kernels[pass.kernel];
                let mut args: Vec<Arg> = Vec::new();
                let fused = pass.fused();
                match (fused.and_then(|f| f.truth), &b.mvl) {
                    (Some(_), Some(m)) => {
                        // Truth input: the u8/u16 vector, the ε table and the range flag.
                        if let (Some(t), Some(e)) = (&m.truth, &m.eps) {
                            args.push(Arg::buf(t));
                            args.push(Arg::buf(e));
                        }
                        args.push(Arg::buf(&m.flag));
                    }
                    _ if !matches!(pass.kind, PassKind::Ct { .. }) => {
                        args.push(Arg::buf(pick(pass.src)))
                    }
                    _ => {}
                }
                if fused.is_none_or(|f| f.output.writes()) {
                    args.push(Arg::buf(pick(pass.dst)));
                }
                if let (Some(SpectrumOutput::Reduce { bins, .. }), Some(m)) =
                    (fused.map(|f| f.output), &b.mvl)
                {
                    if let Some(part) = &m.part {
                        args.push(Arg::buf(part));
                    }
                    if bins > 0 {
                        if let (Some(h), Some(z), Some(c)) = (&m.hscale, &m.zeros, &m.hist) {
                            args.push(Arg::buf(h));
                            args.push(Arg::buf(z));
                            args.push(Arg::buf(c));
                        }
                    }
                }
                // Fused kernels take just the two buffers; ct/cg add their coefficient table,
                // the operand distance (ct) and the butterfly count.
                if let PassKind::Ct { .. } | PassKind::Cg = &pass.kind {
                    if let Some((_, c)) = b.coef.iter().find(|(d, _)| *d == pass.digits) {
                        args.push(Arg::buf(c));
                    }
                    if let PassKind::Ct { dist } = pass.kind {
                        args.push(idx(dist));
                    }
                    args.push(idx(pass.units));
                }
                let (items, local) = self.launch_range(pass);
                let threads = pass.threads_per_unit() as usize;
                Launch {
                    kernel,
                    args,
                    items,
                    local,
                    src: pass.src,
                    dst: pass.dst,
                    units: pass.units,
                    units_per_group: if threads == 1 { local as u64 } else { 1 },
                    input: pass.input,
                    output: pass.output,
                }
            })
            .collect()
    }
}

/// The executor's side of a row map: its transfer rectangles.
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::transfer::Rect;
    use crate::transform::Precision;
    use crate::vc::fused::{self, FusedPass, FusedRequest, Layout};
    use crate::vc::overlap::plan::split;
    use crate::vc::rows::row_map;
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
                let passes = FusedRequest::forward(
                    p,
                    n,
                    fused::balanced_groups(n, cap),
                    None,
                    Precision::F32,
                    DEFAULT_LIMITS,
                )
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
