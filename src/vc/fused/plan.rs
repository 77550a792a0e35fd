//! The passes of each fused layout for one [`FusedRequest`] (the tile budget is in
//! [`super::budget`], digit groups and lanes in [`super::groups`]).

use super::budget::{finish_pass, max_tile_digits};
use super::groups::{group_lanes, lanes_for};
use super::pass::{FusedLimits, FusedPass, Layout, Swizzle, TileDigit};
use crate::transform::{Direction, Precision};

/// What a fused schedule is asked for: the transform (p, n, precision, direction, the last
/// pass's scale), the digit groups (digits each pass transforms, lowest first), the lane
/// digits (`None`: chosen per pass) and the device limits.
#[derive(Debug, Clone, PartialEq)]
pub struct FusedRequest {
    /// The base p.
    pub p: u32,
    /// Digits of the transform (N = p^n).
    pub n: u32,
    /// Digits each pass transforms, lowest digits first (they sum to n).
    pub groups: Vec<u32>,
    /// Lane digits per tile (`None`: chosen per pass).
    pub lanes: Option<u32>,
    /// Real type.
    pub precision: Precision,
    /// Sign of the root.
    pub direction: Direction,
    /// Factor the last pass applies to its outputs (1.0: none).
    pub scale: f64,
    /// Local memory and work-group limits of the device.
    pub limits: FusedLimits,
}

impl FusedRequest {
    /// The forward, unscaled request: what a schedule's shape and cost are predicted from
    /// (direction and scale change neither).
    pub fn forward(
        p: u32,
        n: u32,
        groups: Vec<u32>,
        lanes: Option<u32>,
        precision: Precision,
        limits: FusedLimits,
    ) -> Self {
        FusedRequest {
            p,
            n,
            groups,
            lanes,
            precision,
            direction: Direction::Forward,
            scale: 1.0,
            limits,
        }
    }

    /// The passes of `layout`, each finished (registers, sub-stages, exchanges, swizzle).
    pub fn schedule(&self, layout: Layout) -> Vec<FusedPass> {
        match layout {
            Layout::Rotate => rotate(self),
            Layout::Inplace => inplace(self),
            Layout::Staged => staged(self),
        }
    }
}

impl FusedRequest {
    /// What pass `idx` shares with the others: the last pass applies the scale, and indices
    /// are 64-bit when N exceeds 32 bits.
    pub(super) fn common(&self, idx: usize) -> PassCommon {
        let last = idx + 1 == self.groups.len();
        PassCommon {
            p: self.p,
            n: self.n,
            precision: self.precision,
            direction: self.direction,
            scale: (last && self.scale != 1.0).then_some(self.scale),
            wide_index: (self.p as f64).powi(self.n as i32) > u32::MAX as f64,
        }
    }
}

/// What every pass of a schedule shares.
pub(super) struct PassCommon {
    p: u32,
    n: u32,
    precision: Precision,
    direction: Direction,
    scale: Option<f64>,
    wide_index: bool,
}

impl PassCommon {
    /// A pass before `finish_pass` chooses its registers, sub-stages and exchanges.
    pub(super) fn pass(
        &self,
        layout: Layout,
        m: u32,
        t: u32,
        tile: Vec<TileDigit>,
        wg: Vec<(u32, u32)>,
        index: usize,
    ) -> FusedPass {
        FusedPass {
            p: self.p,
            n: self.n,
            layout,
            m,
            t,
            tile,
            wg,
            b: 0,
            substages: Vec::new(),
            precision: self.precision,
            direction: self.direction,
            scale: self.scale,
            wide_index: self.wide_index,
            split_exchange: false,
            resident: Vec::new(),
            swizzle: Swizzle::Identity,
            index,
            batch: 1,
            rows: 1,
            truth: None,
            output: crate::vc::plan::SpectrumOutput::Write,
            per_item: false,
            block: None,
            half_in: None,
            half_out: None,
            half: None,
            interleave: false,
        }
    }
}

/// The rotate-layout schedule: each pass transforms the lowest digits and rotates them up.
fn rotate(req: &FusedRequest) -> Vec<FusedPass> {
    let (p, n, groups, lanes) = (req.p, req.n, &req.groups[..], req.lanes);
    let (precision, limits) = (req.precision, req.limits);
    let cap = max_tile_digits(p, precision, limits);
    let mut out = Vec::new();
    for (idx, &m) in groups.iter().enumerate() {
        let t = match lanes {
            Some(t) => t.min(n - m).min(cap.saturating_sub(m)),
            None => lanes_for(p, m, n - m, cap, precision),
        };
        let mut tile = Vec::new();
        for i in 0..m {
            tile.push(TileDigit {
                in_pos: i,
                out_pos: n - m + i,
                transformed: true,
            });
        }
        for i in m..m + t {
            tile.push(TileDigit {
                in_pos: i,
                out_pos: i - m,
                transformed: false,
            });
        }
        let wg = (0..n - m - t).map(|k| (m + t + k, t + k)).collect();
        let common = req.common(idx);
        out.push(finish_pass(
            common.pass(Layout::Rotate, m, t, tile, wg, idx),
            limits,
        ));
    }
    out
}

/// The in-place schedule: groups from the lowest digit up, lanes below every group but the first.
fn inplace(req: &FusedRequest) -> Vec<FusedPass> {
    let (p, groups, lanes) = (req.p, &req.groups[..], req.lanes);
    let cap = max_tile_digits(p, req.precision, req.limits);
    let mut out = Vec::new();
    let mut k = 0;
    for (idx, &m) in groups.iter().enumerate() {
        let t = group_lanes(p, m, k, lanes, cap, req.precision);
        out.push(inplace_pass(req, idx, k, m, t));
        k += m;
    }
    out
}

/// Pass `idx` of an in-place schedule: digits [k, k+m) transformed, lane digits [0, t).
pub(super) fn inplace_pass(req: &FusedRequest, idx: usize, k: u32, m: u32, t: u32) -> FusedPass {
    let mut tile: Vec<TileDigit> = (0..t)
        .map(|i| TileDigit {
            in_pos: i,
            out_pos: i,
            transformed: false,
        })
        .collect();
    tile.extend((k..k + m).map(|i| TileDigit {
        in_pos: i,
        out_pos: i,
        transformed: true,
    }));
    let wg = (t..k).chain(k + m..req.n).map(|i| (i, i)).collect();
    let common = req.common(idx);
    finish_pass(
        common.pass(Layout::Inplace, m, t, tile, wg, idx),
        req.limits,
    )
}

/// The staged schedule: in-place digit groups, but pass i reads layout L_i and writes L_(i+1),
/// where L_0 and L_k are natural order and L_i (0 < i < k) puts pass i's tile at the bottom:
/// its lane digits, then its transformed digits, then every other digit in natural order.
/// Reads are whole contiguous tiles; a write moves runs of p^t (the next pass's lanes, which
/// are low digits of this pass's tile). Work-group digits are ordered by output position, so
/// work-groups that run together write neighbouring runs (whole sectors meet in L2).
fn staged(req: &FusedRequest) -> Vec<FusedPass> {
    let (p, n, groups, lanes) = (req.p, req.n, &req.groups[..], req.lanes);
    let (precision, limits) = (req.precision, req.limits);
    let cap = max_tile_digits(p, precision, limits);
    let starts: Vec<u32> = groups
        .iter()
        .scan(0, |k, &m| {
            let s = *k;
            *k += m;
            Some(s)
        })
        .collect();
    let lanes_of = |i: usize| group_lanes(p, groups[i], starts[i], lanes, cap, precision);
    // Tile digits of pass i, lanes first: also the bottom of the layout pass i reads.
    let tile_digits = |i: usize| -> Vec<u32> {
        (0..lanes_of(i))
            .chain(starts[i]..starts[i] + groups[i])
            .collect()
    };
    let layout = |i: usize| -> Vec<u32> {
        if i == 0 || i == groups.len() {
            return (0..n).collect();
        }
        let bottom = tile_digits(i);
        let rest = (0..n).filter(|d| !bottom.contains(d));
        bottom.iter().copied().chain(rest).collect()
    };
    let pos = |order: &[u32], d: u32| order.iter().position(|&x| x == d).unwrap_or(0) as u32;
    let mut out = Vec::new();
    for (idx, &m) in groups.iter().enumerate() {
        let (src, dst) = (layout(idx), layout(idx + 1));
        let group = starts[idx]..starts[idx] + m;
        let tile: Vec<TileDigit> = tile_digits(idx)
            .into_iter()
            .map(|d| TileDigit {
                in_pos: pos(&src, d),
                out_pos: pos(&dst, d),
                transformed: group.contains(&d),
            })
            .collect();
        let in_tile = tile_digits(idx);
        let mut wg: Vec<(u32, u32)> = (0..n)
            .filter(|d| !in_tile.contains(d))
            .map(|d| (pos(&src, d), pos(&dst, d)))
            .collect();
        wg.sort_by_key(|&(_, o)| o);
        let common = req.common(idx);
        out.push(finish_pass(
            common.pass(Layout::Staged, m, lanes_of(idx), tile, wg, idx),
            limits,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::fused::pass::NVIDIA_LIMITS;
    use crate::vc::fused::{balanced_groups, inplace_groups, InplaceShape};

    #[test]
    fn groups_and_lanes() {
        assert_eq!(balanced_groups(16, 8), vec![8, 8]);
        assert_eq!(balanced_groups(13, 6), vec![5, 4, 4]);
        let limits = FusedLimits {
            local_bytes: 48 * 1024,
            max_threads: 1024,
            values: None,
            tile_values: None,
            knobs: crate::vc::fused::pass::ScheduleKnobs::DEFAULT,
        };
        // The tile is bounded by registers (1024 threads × 32 values); local memory by rounds.
        assert_eq!(max_tile_digits(3, Precision::F32, limits), 9);
        assert_eq!(max_tile_digits(2, Precision::F64, limits), 14);
        let s = FusedRequest::forward(2, 28, balanced_groups(28, 13), None, Precision::F32, limits)
            .schedule(Layout::Rotate);
        assert_eq!(
            s.iter().map(|p| (p.m, p.t)).collect::<Vec<_>>(),
            vec![(10, 3), (9, 3), (9, 3)]
        );
        assert!(s
            .iter()
            .all(|p| p.threads() <= 1024 && p.resident.is_empty()));
        // A 3^9 tile (8 digits + 1 lane) needs one resident digit: 3 rounds of 6561 floats.
        let s = FusedRequest::forward(3, 16, vec![8, 8], Some(1), Precision::F32, limits)
            .schedule(Layout::Inplace);
        assert_eq!(
            (s[1].tile_len(), s[1].resident.len(), s[1].local_len()),
            (19683, 1, 6561)
        );
        assert!(s[1].local_bytes() <= 48 * 1024);
    }

    /// Follows every natural digit through a schedule's memory layouts: each is transformed
    /// exactly once and the result is in natural order.
    fn follow_digits(passes: &[FusedPass]) {
        let n = passes[0].n as usize;
        let mut at: Vec<usize> = (0..n).collect(); // at[memory position] = natural digit
        let mut done = vec![0; n];
        for pass in passes {
            let mut next = vec![usize::MAX; n];
            for d in &pass.tile {
                let digit = at[d.in_pos as usize];
                done[digit] += d.transformed as u32;
                next[d.out_pos as usize] = digit;
            }
            for &(i, o) in &pass.wg {
                next[o as usize] = at[i as usize];
            }
            at = next;
        }
        assert_eq!(at, (0..n).collect::<Vec<_>>(), "natural order at the end");
        assert!(done.iter().all(|&c| c == 1), "each digit once: {done:?}");
    }

    #[test]
    fn staged_passes_read_whole_tiles_and_end_in_natural_order() {
        for (p, n, cap, lanes) in [(3, 16, 9, 2), (4, 13, 7, 1), (2, 28, 14, 3), (5, 7, 3, 1)] {
            let groups = inplace_groups(n, cap, cap, lanes);
            let limits = NVIDIA_LIMITS;
            let passes =
                FusedRequest::forward(p, n, groups.to_vec(), Some(lanes), Precision::F32, limits)
                    .schedule(Layout::Staged);
            assert_eq!(passes.len(), groups.len());
            follow_digits(&passes);
            for (i, pass) in passes.iter().enumerate() {
                // The tile is the bottom of what the pass reads: one contiguous block.
                let mut ins: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
                ins.sort_unstable();
                assert_eq!(ins, (0..pass.tile.len() as u32).collect::<Vec<_>>());
                // Writes: runs of p^lanes (the next pass's lanes, or natural order's).
                let run = pass.tile.iter().filter(|d| d.out_pos < lanes).count() as u32;
                assert_eq!(run, lanes.min(pass.tile.len() as u32), "pass {i}");
            }
            follow_digits(
                &FusedRequest::forward(p, n, groups.to_vec(), Some(lanes), Precision::F32, limits)
                    .schedule(Layout::Inplace),
            );
        }
    }

    #[test]
    fn rounds_take_the_whole_budget_where_they_fit() {
        // 4^7 under 48 KB: one resident digit, 4096-element rounds of float2 (32 KB) fit.
        let limits = NVIDIA_LIMITS;
        let s = FusedRequest::forward(4, 13, vec![7, 6], Some(1), Precision::F32, limits)
            .schedule(Layout::Inplace);
        assert_eq!(s[0].resident.len(), 1);
        assert!(!s[0].split_exchange);
        assert!(s[0].local_bytes() <= limits.local_bytes);
        // 3^9: 6561-element rounds of float2 (52 KB) do not: halves.
        let s = FusedRequest::forward(3, 16, vec![9, 7], Some(2), Precision::F32, limits)
            .schedule(Layout::Inplace);
        assert!(s[0].split_exchange);
        assert!(s[0].local_bytes() <= limits.local_bytes);
    }

    #[test]
    fn values_per_work_item_set_the_register_digits() {
        let mut limits = NVIDIA_LIMITS;
        let b = |limits| {
            FusedRequest::forward(3, 12, vec![7, 5], Some(2), Precision::F32, limits)
                .schedule(Layout::Inplace)[0]
                .b
        };
        assert_eq!(b(limits), 3);
        limits.values = Some(8);
        assert_eq!(b(limits), 2);
        // Never beyond the work-group limit: 3^7 / 3^1 = 729 work-items > 256.
        limits.values = Some(3);
        assert_eq!(b(limits), 2);
    }

    #[test]
    fn inplace_groups_leave_room_for_lanes() {
        // The first pass needs no lanes; later ones transform cap − lanes digits.
        assert_eq!(inplace_groups(16, 9, 9, 2), vec![9, 7]);
        assert_eq!(inplace_groups(13, 7, 7, 1), vec![7, 6]);
        assert_eq!(inplace_groups(5, 9, 9, 2), vec![5]);
        // Slack goes off the largest tiles: 2^28, tiles of ≤ 14 digits, 3 lanes.
        let g = inplace_groups(28, 14, 14, 3);
        assert_eq!(g.iter().sum::<u32>(), 28);
        assert_eq!(g.len(), 3);
        assert!(g
            .iter()
            .enumerate()
            .all(|(i, &m)| m + 3 * (i > 0) as u32 <= 14));
        // --fused-digits bounds every pass.
        assert_eq!(inplace_groups(12, 9, 4, 2), vec![4, 4, 4]);
    }

    #[test]
    fn nvidia_limit_keeps_two_pass_tiles() {
        // 256 work-items: threads hold up to 81 values, so 3^16 and 4^13 still take 2 passes.
        let limits = NVIDIA_LIMITS;
        assert_eq!(max_tile_digits(3, Precision::F32, limits), 9);
        assert_eq!(max_tile_digits(4, Precision::F32, limits), 7);
        let lanes = |p, n, cap| {
            InplaceShape {
                p,
                n,
                cap_tile: cap,
                cap_m: cap,
                precision: Precision::F32,
                limits,
            }
            .auto_lanes()
        };
        assert_eq!(lanes(3, 16, 9), 4);
        assert_eq!(lanes(4, 13, 7), 1);
        let s = FusedRequest::forward(
            3,
            16,
            inplace_groups(16, 9, 9, 2),
            Some(2),
            Precision::F32,
            limits,
        )
        .schedule(Layout::Inplace);
        assert!(s.iter().all(|f| f.threads() <= 256 && f.regs() <= 85));
        assert_eq!(
            s.iter().map(|f| (f.m, f.t, f.b)).collect::<Vec<_>>(),
            [(9, 0, 4), (7, 2, 4)]
        );
        // 1024 work-items: the tiles are as before (32 values per thread).
        let wide = FusedLimits {
            max_threads: 1024,
            values: None,
            tile_values: None,
            ..limits
        };
        for (p, e) in [(2, 15), (3, 9), (4, 7), (5, 6), (7, 5), (16, 3)] {
            assert_eq!(max_tile_digits(p, Precision::F32, wide), e, "p = {p}");
        }
    }
}
