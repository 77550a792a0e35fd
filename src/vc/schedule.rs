//! How to compute a plan: the ordered passes, each with its kind (ct, cg or fused), radix,
//! kernel, buffers, launch size and the memory its units read and write.

use super::half_edge;
use super::plan::FusedLayout;
use super::plan::{vector_lanes, Algorithm, VcPlan};
use super::rows::{row_map, RowMap};
use crate::vc::cpu_cache;
use crate::vc::fused::{self, FusedLimits, FusedPass, FusedRequest, Layout};
use crate::vc::kernel_spec::VcKernelSpec;
use serde::Serialize;

/// Which device buffer a pass reads or writes (CG and fused passes ping-pong between A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Buf {
    /// The first device buffer: every schedule's input.
    A,
    /// The second device buffer (none for Cooley-Tukey, which works in place).
    B,
}

/// What one pass computes.
// A schedule holds a handful of passes: boxing the fused pass would save nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum PassKind {
    /// Cooley-Tukey butterflies in place; a butterfly's operands are `dist` apart
    /// (p^(digits below this group)).
    Ct {
        /// Distance between a butterfly's operands.
        dist: u64,
    },
    /// Constant geometry: operands `tid·r + i`, results `tid + i·N/r` in the other buffer.
    Cg,
    /// Several digits of a tile transformed in registers and local memory.
    Fused(FusedPass),
}

/// One launch over the whole data.
#[derive(Debug, Clone, Serialize)]
pub struct Pass {
    /// What the pass computes.
    pub kind: PassKind,
    /// Radix of this pass, p^digits.
    pub radix: u64,
    /// Digits the pass transforms.
    pub digits: u32,
    /// Index of the pass's kernel in the generated program (ct/cg: also into
    /// `Schedule::kernels`; fused: every pass has its own kernel).
    pub kernel: usize,
    /// Units of work: butterflies (one work-item each) for ct/cg, work-groups (tiles) for fused.
    pub units: u64,
    /// The buffer read.
    pub src: Buf,
    /// The buffer written (the same as `src` for ct).
    pub dst: Buf,
    /// Transforms the pass covers (the units above are per transform).
    pub batch: u64,
    /// The memory a unit reads, when it is a rectangle of rows (the overlapped path splits
    /// uploads and pass 1 along it).
    pub input: Option<RowMap>,
    /// The memory a unit writes, when it is a rectangle of rows.
    pub output: Option<RowMap>,
}

impl Pass {
    /// The fused pass, if this is one.
    pub fn fused(&self) -> Option<&FusedPass> {
        match &self.kind {
            PassKind::Fused(f) => Some(f),
            _ => None,
        }
    }

    /// Work-items a unit needs: one per butterfly for ct/cg, the tile's threads for fused.
    pub fn threads_per_unit(&self) -> u64 {
        self.fused().map_or(1, |f| f.threads())
    }
}

/// The passes of a plan and the distinct ct/cg kernels they use.
#[derive(Debug, Clone, Serialize)]
pub struct Schedule {
    /// The launches, in order.
    pub passes: Vec<Pass>,
    /// Distinct butterfly kernels of ct/cg passes (empty for fused schedules, whose passes
    /// each generate their own kernel).
    pub kernels: Vec<VcKernelSpec>,
    /// The buffer that holds the result after the last pass.
    pub result: Buf,
}

/// The lanes of a CT pass of `radix` whose operands are `dist` apart, with the plan's CPU lanes
/// `c`: with `c.every_pass`, every pass the kernel can take (SIMD lanes, `vc::kernels::ct_cpu_simd`: any
/// `dist`; scalar lanes: `dist` a multiple of them, so a work-item's consecutive butterflies
/// share their rows). Else SIMD lanes where a work-item's butterflies are consecutive
/// positions, or nearly always are (`dist` a multiple of the lanes or ≥ 8 times them: at most
/// 1 work-item in 8 gathers; ≥ 12 with 8 lanes, measured faster) or 1 with radix ≥ 12 (one block of consecutive rows, read
/// transposed), and scalar lanes where `dist` is a multiple of them and the cache model predicts that one-butterfly work-items evict each other's rows
/// ([`cpu_cache::rows_thrash`]); 1 elsewhere.
fn ct_pass_lanes(plan: &VcPlan, radix: u64, dist: u64) -> u32 {
    let bytes = plan.precision.complex_bytes();
    let Some(c) = plan.ct_lanes else { return 1 };
    let (lanes, simd) = (c.lanes as u64, vector_lanes(c.lanes));
    let lines = dist % lanes == 0;
    let take = match (c.every_pass, simd) {
        (true, true) => true,
        (true, false) => lines,
        // dist 1, radix ≥ 12: the butterflies' rows are one block, read and written transposed
        // (PoCL: 32^4's last pass 1.45 → 1.06–1.20 ms, 12^6's 6.9 → 3.1); below, the
        // one-butterfly kernel, whose accesses are affine in the work-item, is as fast or faster
        // (10^6 0.95 against 1.05 ms, 7^7 0.7 against 1.0, 3^13 0.9 against 2.4: notes/cpu.md §5).
        // dist ≥ 12 with 8 lanes (f32), gathered where a block ends among them: Intel's runtime
        // 2–5× faster at every such dist measured (9–27), PoCL from dist 13 (9–11 lost 6–10 %).
        (false, true) => {
            lines || dist >= 8 * lanes || (lanes >= 8 && dist >= 12) || (dist == 1 && radix >= 12)
        }
        (false, false) => lines && cpu_cache::rows_thrash(radix, dist, bytes),
    };
    if take {
        c.lanes
    } else {
        1
    }
}

/// The lanes of a CG pass of `radix` with the plan's CPU lanes: every pass reads one block of
/// consecutive rows (transposed) and writes whole lines, so with `every_pass` all take them;
/// by rule radix ≥ 9 (below, the one-butterfly kernel's accesses are affine in the work-item
/// and PoCL vectorizes it, as at CT's dist 1: docs/notes/cpu.md §5).
fn cg_pass_lanes(plan: &VcPlan, radix: u64) -> u32 {
    match plan.ct_lanes {
        Some(c) if c.every_pass || radix >= 9 => c.lanes,
        _ => 1,
    }
}

/// Limits used when no device is at hand (`source`): NVIDIA's OpenCL 48 KB, 1024 work-items.
pub const DEFAULT_LIMITS: FusedLimits = FusedLimits {
    local_bytes: 48 * 1024,
    max_threads: 1024,
    values: None,
    tile_values: None,
    knobs: crate::vc::fused::pass::ScheduleKnobs::DEFAULT,
};

impl Schedule {
    /// The rule-based schedule: ⌊n/m⌋ passes of radix p^m, then one of p^(n mod m) if needed.
    /// CT walks digit groups from the most significant down (dist = p^(n−k) as in the paper);
    /// CG always transforms the lowest digits and rotates them to the top, which returns the
    /// data to natural order after all n digits.
    pub fn for_plan(plan: &VcPlan) -> Schedule {
        Schedule::for_limits(plan, DEFAULT_LIMITS)
    }

    /// The schedule for a device's limits (only fused passes depend on them).
    pub fn for_limits(plan: &VcPlan, limits: FusedLimits) -> Schedule {
        if plan.algorithm == Algorithm::Fused {
            let mut s = Schedule::fused(plan, limits);
            for pass in &mut s.passes {
                if let PassKind::Fused(f) = &mut pass.kind {
                    f.half = plan.half;
                }
            }
            return s;
        }
        let m = plan.digits_per_pass;
        // Digits transformed: all n, or the top t (ct only: its passes walk from the top).
        let t = plan.transformed_digits();
        let mut groups = vec![m; (t / m) as usize];
        if t % m != 0 {
            groups.push(t % m);
        }
        let mut kernels: Vec<VcKernelSpec> = Vec::new();
        let mut passes = Vec::new();
        let mut done = 0u32; // digits transformed so far
        let mut cur = Buf::A;
        let last = groups.len() - 1;
        for (k, &d) in groups.iter().enumerate() {
            let radix = (plan.p as u64).pow(d);
            let mut spec = VcKernelSpec::for_pass(plan, d, k == last);
            match plan.algorithm {
                Algorithm::Ct => {
                    spec.lanes = ct_pass_lanes(plan, radix, (plan.p as u64).pow(plan.n - done - d));
                }
                Algorithm::Cg => spec.lanes = cg_pass_lanes(plan, radix),
                Algorithm::Fused => {}
            }
            let lanes = spec.lanes;
            let kernel = match kernels.iter().position(|s| *s == spec) {
                Some(i) => i,
                None => {
                    kernels.push(spec);
                    kernels.len() - 1
                }
            };
            let (p, n) = (plan.p, plan.n);
            let (kind, dst, input, output) = match plan.algorithm {
                Algorithm::Ct => {
                    // dist = p^s: tid's low s digits at 0..s, the rest above the group.
                    let s = n - done - d;
                    let units: Vec<u32> = (0..s).chain(s + d..n).collect();
                    let others: Vec<u32> = (s..s + d).collect();
                    // A CPU-shaped unit is `lanes` butterflies: no rectangle of rows.
                    let m = row_map(p, n, &units, &others).filter(|_| lanes == 1);
                    let dist = (p as u64).pow(s);
                    (PassKind::Ct { dist }, cur, m, m)
                }
                Algorithm::Cg | Algorithm::Fused => {
                    let low: Vec<u32> = (0..d).collect();
                    let high: Vec<u32> = (d..n).collect();
                    let top: Vec<u32> = (n - d..n).collect();
                    let rest: Vec<u32> = (0..n - d).collect();
                    (
                        PassKind::Cg,
                        other(cur),
                        row_map(p, n, &high, &low),
                        row_map(p, n, &rest, &top),
                    )
                }
            };
            passes.push(Pass {
                kind,
                radix,
                digits: d,
                kernel,
                // SIMD lane kernels repeat the last butterfly in a short last work-item.
                units: (plan.len / radix).div_ceil(lanes as u64),
                batch: plan.batch,
                src: cur,
                dst,
                input,
                output,
            });
            cur = dst;
            done += d;
        }
        Schedule {
            passes,
            kernels,
            result: cur,
        }
    }

    /// The fused passes of `plan` with at most `cap` digits a pass (tiles ≤ `cap_tile`), the
    /// batch folded in.
    fn fused_tiles(
        plan: &VcPlan,
        limits: FusedLimits,
        cap_tile: u32,
        cap: u32,
    ) -> Vec<fused::FusedPass> {
        let (p, n, pr) = (plan.p, plan.n, plan.precision);
        let request = |groups, lanes| FusedRequest {
            p,
            n,
            groups,
            lanes,
            precision: pr,
            direction: plan.direction,
            scale: plan.scale(),
            limits,
        };
        let fused = match plan.fused_layout {
            FusedLayout::Rotate => {
                request(fused::balanced_groups(n, cap), plan.fused_lanes).schedule(Layout::Rotate)
            }
            FusedLayout::Auto | FusedLayout::Inplace | FusedLayout::Staged => {
                // Passes after the first keep lane digits in their tiles: fewer digits.
                let lanes = plan
                    .fused_lanes
                    .map(|l| l.min(cap_tile.saturating_sub(1)))
                    .unwrap_or_else(|| {
                        fused::InplaceShape {
                            p,
                            n,
                            cap_tile,
                            cap_m: cap,
                            precision: pr,
                            limits,
                        }
                        .auto_lanes()
                    });
                let inplace = |lanes: u32| {
                    let groups = fused::inplace_groups(n, cap_tile, cap, lanes);
                    let layout = plan
                        .fused_layout
                        .resolve(p, lanes, plan.stored_complex_bytes());
                    request(groups, Some(lanes)).schedule(if layout == FusedLayout::Staged {
                        Layout::Staged
                    } else {
                        Layout::Inplace
                    })
                };
                // Lanes the caller asked for that leave a later pass's tile above the local
                // memory or work-group limit (its lane digits stay in the tile): fewer, down
                // to those that fit (found by tests/props/plan.rs: p = 3, n = 9, f64, 16 KiB,
                // 7 lanes gave a 17,496-byte pass).
                let fits = |passes: &[fused::FusedPass]| {
                    passes.iter().all(|f| {
                        f.local_bytes() <= limits.local_bytes
                            && f.group_size() <= limits.max_threads
                    })
                };
                let mut lanes = lanes;
                let mut passes = inplace(lanes);
                while lanes > 0 && plan.fused_lanes.is_some() && !fits(&passes) {
                    lanes -= 1;
                    passes = inplace(lanes);
                }
                passes
            }
        };
        batch_passes(plan, fused, limits)
    }

    /// Fused passes: as few as the tile budget allows, digits balanced between them; a real
    /// run's end passes with all h bins of their rows where [`half_edge::bin_tiles`] says.
    fn fused(plan: &VcPlan, limits: FusedLimits) -> Schedule {
        let limits = FusedLimits {
            values: plan.fused_values.map(u64::from).or(limits.values),
            ..limits
        };
        let cap_tile = fused::max_tile_digits(plan.p, plan.precision, limits);
        let mut fused = Self::fused_list(plan, limits, cap_tile);
        if let Some(bins) = half_edge::bin_tiles(plan, limits, &fused, |l, cap| {
            Self::fused_list(plan, l, cap)
        }) {
            fused = bins;
        }
        Self::from_fused(fused)
    }

    /// The fused passes of `plan` under `limits`, tiles of at most p^`cap_tile`.
    fn fused_list(plan: &VcPlan, limits: FusedLimits, cap_tile: u32) -> Vec<FusedPass> {
        // Default in-place plans: the digits cap the cost model prefers (see auto_digits_cap).
        let modelled = plan.fused_lanes.is_none()
            && matches!(plan.fused_layout, FusedLayout::Auto | FusedLayout::Inplace);
        let cap = match plan.fused_digits {
            Some(d) => d.min(cap_tile),
            None if modelled => {
                fused::auto_digits_cap(plan.p, plan.n, cap_tile, plan.precision, limits)
            }
            None => cap_tile,
        };
        let mut fused = Self::fused_tiles(plan, limits, cap_tile, cap);
        // Smaller tiles where the limits ask for them and no pass is added (default plans only).
        if let (None, Some(v)) = (plan.fused_digits, limits.tile_values) {
            let small = (1..cap).rev().find(|&d| (plan.p as u64).pow(d) <= v);
            if let Some(d) = small.filter(|_| fused.iter().any(|f| (plan.p as u64).pow(f.m) > v)) {
                let capped = Self::fused_tiles(plan, limits, cap_tile, d);
                if capped.len() == fused.len() {
                    fused = capped;
                }
            }
        }
        if let Some(blocks) = Self::lane_blocks(plan, limits, cap, &fused) {
            fused = blocks;
        }
        fused
    }

    /// The schedule of planned fused passes (buffers alternating from A).
    fn from_fused(fused: Vec<FusedPass>) -> Schedule {
        let (p, n, batch) = (fused[0].p, fused[0].n, fused[0].batch);
        let mut cur = Buf::A;
        let passes = fused
            .into_iter()
            .enumerate()
            .map(|(i, f)| {
                let wg_in: Vec<u32> = f.wg.iter().map(|w| w.0).collect();
                let wg_out: Vec<u32> = f.wg.iter().map(|w| w.1).collect();
                let tile_in: Vec<u32> = f.tile.iter().map(|d| d.in_pos).collect();
                let tile_out: Vec<u32> = f.tile.iter().map(|d| d.out_pos).collect();
                let pass = Pass {
                    radix: (f.p as u64).pow(f.m),
                    digits: f.m,
                    kernel: i,
                    units: f.groups(),
                    batch,
                    src: cur,
                    dst: other(cur),
                    input: row_map(p, n, &wg_in, &tile_in),
                    output: row_map(p, n, &wg_out, &tile_out),
                    kind: PassKind::Fused(f),
                };
                cur = other(cur);
                pass
            })
            .collect();
        Schedule {
            passes,
            kernels: Vec::new(),
            result: cur,
        }
    }

    /// The block schedule ([`fused::block`]) that replaces `lanes` (the lane-digit passes of a
    /// default in-place plan) where the run-length model predicts it at least 0.1 copies
    /// cheaper, for arrays beyond [`fused::groups::LONG_RUN_BYTES`] and plans that write their
    /// spectrum (`JITFFT_LANE_BLOCKS`: `off` never, `on` wherever one exists).
    fn lane_blocks(
        plan: &VcPlan,
        limits: FusedLimits,
        cap: u32,
        lanes: &[FusedPass],
    ) -> Option<Vec<FusedPass>> {
        use crate::settings::LaneBlocks;
        let mode = limits.knobs.lane_blocks;
        let default = plan.fused_lanes.is_none()
            && matches!(plan.fused_layout, FusedLayout::Auto | FusedLayout::Inplace)
            && plan.output == super::plan::SpectrumOutput::Write
            && plan.truth.is_none()
            && plan.half_edges.is_none();
        let forced = match mode {
            LaneBlocks::Off => return None,
            LaneBlocks::Auto | LaneBlocks::Whole => None,
            LaneBlocks::On(len, halves) => Some((len.unwrap_or(u64::MAX), halves)),
        };
        if !default || lanes.len() < 2 {
            return None;
        }
        let req = FusedRequest {
            p: plan.p,
            n: plan.n,
            groups: vec![plan.n],
            lanes: None,
            precision: plan.precision,
            direction: plan.direction,
            scale: plan.scale(),
            limits,
        };
        let caps = fused::block::BlockCaps {
            first: cap,
            digits: plan.fused_digits.unwrap_or(plan.n),
            lanes: forced.map_or(u64::MAX, |f| f.0),
            halves: forced.is_some_and(|f| f.1),
            whole: mode == LaneBlocks::Whole,
        };
        let (cost, passes) = fused::block::block_schedule(&req, caps)?;
        let large = plan.buffer_bytes() >= fused::groups::LONG_RUN_BYTES;
        // Only where lane digits are known to lose (measured: runs that end inside sectors
        // below 256 bytes ran at 37–73% of copy), or a pass is saved: the model undercounts
        // long lane runs (3^17's 648-byte runs measured 87%, modelled 1.15 copies a pass).
        let short = lanes.iter().any(|f| {
            let run = (f.p as u64).pow(f.t) * f.precision.complex_bytes();
            f.t > 0 && run < 256 && run % 32 != 0
        });
        let pays = (passes.len() < lanes.len() || short) && cost < fused::passes_cost(lanes) - 0.1;
        (forced.is_some() || (large && pays)).then(|| batch_passes(plan, passes, limits))
    }

    /// The fused passes, in order (none unless the algorithm is fused).
    pub fn fused_passes(&self) -> impl Iterator<Item = &FusedPass> + '_ {
        self.passes.iter().filter_map(Pass::fused)
    }

    /// Number of launches.
    pub fn pass_count(&self) -> usize {
        self.passes.len()
    }

    /// Radices in pass order, e.g. "9·9·3" (fused passes as "3^8·3^8").
    pub fn radices(&self) -> String {
        self.passes
            .iter()
            .map(|pass| match pass.fused() {
                Some(f) => format!("{}^{}", f.p, f.m),
                None => pass.radix.to_string(),
            })
            .collect::<Vec<_>>()
            .join("·")
    }
}

/// The batch, the truth-vector decoding and the last pass's output, set on planned passes:
/// a tile that is a whole transform holds several transforms per work-group (rows) until the
/// work-group has 256 work-items or its local memory is full.
fn batch_passes(plan: &VcPlan, mut passes: Vec<FusedPass>, limits: FusedLimits) -> Vec<FusedPass> {
    let last = passes.len() - 1;
    let wide = plan.total_len() > u32::MAX as u64;
    for (i, f) in passes.iter_mut().enumerate() {
        f.batch = plan.batch;
        f.wide_index |= wide;
        if i == 0 {
            f.truth = plan.truth;
        }
        if i == last {
            f.output = plan.output;
        }
        if f.groups() == 1 && plan.batch > 1 && f.block.is_none() {
            let by_threads = (limits.max_threads.min(256) / f.threads()).max(1);
            let by_local = (limits.local_bytes / f.local_bytes().max(1)).max(1);
            f.rows = plan.batch.min(by_threads).min(by_local);
        }
    }
    if passes.len() == 1 {
        per_item(plan, &mut passes[0], limits);
    }
    if let Some(e) = plan.half_edges {
        half_edges(e, &mut passes);
    }
    passes
}

/// Gives the first and last passes the real path's ends where both are tile passes that
/// read and write whole batches (not lane blocks, not per-item, no truth input or reduction);
/// else neither (the real path then moves the layouts in passes of its own).
fn half_edges(e: crate::vc::plan::HalfEdges, passes: &mut [FusedPass]) {
    use crate::vc::plan::{HalfEdge, SpectrumOutput};
    let tile = |f: &FusedPass| f.block.is_none() && !f.per_item && f.truth.is_none();
    let ok = passes.first().is_some_and(tile)
        && passes
            .last()
            .is_some_and(|f| tile(f) && f.output == SpectrumOutput::Write);
    if !ok {
        return;
    }
    if let Some(f) = passes.first_mut() {
        f.half_in = e.input;
        // Reals are indexed up to B·p^(n+1), beyond the complex values' B·h·p^n.
        if let Some(HalfEdge::Reals { h, .. }) = e.input {
            let reals = (f.p as u64)
                .checked_pow(f.n + 1)
                .map(|r| r * (f.batch / h as u64));
            f.wide_index |= reals.is_none_or(|r| r > u32::MAX as u64);
        }
    }
    if let Some(f) = passes.last_mut() {
        f.half_out = e.output;
    }
}

/// Work-items a per-item work-group has by default: two warps, several work-groups per SM at
/// ~190 registers a work-item (81 complex f32 values), a short tail.
const PER_ITEM_GROUP: u64 = 64;

/// Makes a one-pass bentness plan per-item ([`FusedPass::per_item`]) where the transform is
/// small enough for one work-item's registers: a truth-vector input, a (min, max) reduction
/// with nothing written and no histogram, N within the values a work-item may hold, the
/// values per work-item not chosen (`--fused-values` keeps the tile kernel), and
/// `JITFFT_PER_ITEM` not `off`. The tile kernel spends most of its time on barriers and
/// local-memory trees for 3 values a work-item (`docs/history/2026-11-23-every-p-bent-cpu.md`, issue 13).
fn per_item(plan: &VcPlan, f: &mut FusedPass, limits: FusedLimits) {
    use crate::vc::plan::SpectrumOutput;
    let small = plan.len <= fused::budget::hard_values(plan.precision);
    let reduce_only = matches!(
        plan.output,
        SpectrumOutput::Reduce {
            write: false,
            bins: 0,
            ..
        }
    );
    let split = limits.knobs.per_item_split.filter(|_| plan.n >= 2);
    let group = limits.knobs.per_item.unwrap_or(PER_ITEM_GROUP);
    let rows = match split {
        // p work-items a function: R functions, p·R work-items within the limit.
        Some(r) => r.min(limits.max_threads / plan.p as u64) / 4 * 4,
        None => group.min(limits.max_threads) / 4 * 4,
    };
    if plan.truth.is_none()
        || !reduce_only
        || !small
        || f.groups() != 1
        || limits.values.is_some()
        || rows == 0
    {
        return;
    }
    let k = f.tile.len();
    let mut trial = f.clone();
    trial.b = if split.is_some() {
        k as u32 - 1
    } else {
        k as u32
    };
    trial.substages = vec![(0..k).collect()];
    trial.resident = Vec::new();
    trial.split_exchange = false;
    trial.swizzle = fused::Swizzle::Identity;
    trial.rows = rows;
    trial.per_item = true;
    if trial.local_bytes() <= limits.local_bytes {
        *f = trial;
    }
}

/// The other buffer of the ping-pong pair.
fn other(b: Buf) -> Buf {
    match b {
        Buf::A => Buf::B,
        Buf::B => Buf::A,
    }
}

#[cfg(test)]
#[path = "schedule_tests.rs"]
mod tests;
