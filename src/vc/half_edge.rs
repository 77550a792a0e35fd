//! The real path's ends of a batched fused plan (`vc::real`, [`VcPlan::with_half_edges`]):
//! how its first pass reads and its last pass writes the h bins of real-input half spectra.
//!
//! [`VcPlan::with_half_edges`]: super::plan::VcPlan::with_half_edges

use super::fused::budget::max_values;
use super::fused::{max_tile_digits, FusedLimits, FusedPass};
use super::plan::{HalfEdge, VcPlan};
use crate::settings::RealBins;

/// The bins of the real path's ends, if any: h where a fused plan reads or writes them.
fn ends_h(plan: &VcPlan) -> Option<u64> {
    let e = plan.half_edges?;
    e.input.or(e.output).map(|x| x.h() as u64)
}

/// Whether a pass is an end of a real run (reads or writes the bins' layouts).
fn is_end(f: &FusedPass) -> bool {
    f.half_in.is_some() || f.half_out.is_some()
}

/// The fused passes of a real run whose end passes hold all h bins of their rows in one
/// work-group ([`FusedPass::interleave`]), or `None` to keep `split` (one bin a work-group).
///
/// One bin a work-group, the h work-groups of a tile each read every real of its rows, and
/// each writes 8 bytes of every 8·h: a 32-byte sector is written by h work-groups (partial
/// sectors; the H100's rows-out pass took 0.323 ms against 0.226 bins-major). Holding the h
/// bins side by side reads the reals once and writes whole rows, but the tile lives in
/// registers: h bins need h× the registers and local memory of one, so a bin's tile is at
/// most 1/h of the work-group's budget (one digit fewer a pass at p = 3, 5), which can add a
/// pass. `replan` makes the passes under the given limits and tile cap.
///
/// Taken where no pass is added, and forward where h ≥ 3 bins share a sector at the cost of
/// one pass: measured on an H200 (bench-results/nvidia-h200/current/real/bin-tiles/), 5^11
/// forward 0.555 ms in 3 passes against 0.647 in 2 (the rows-out pass 0.139 ms at 82 % of
/// copy against 0.304 at 37 %), 3^16 (h = 2) 0.472 against 0.471, and the inverse, which reads
/// rows at full speed anyway, slower with the pass (0.594 / 0.668 against 0.505 / 0.551 ms).
/// `JITFFT_REAL_BINS`: `on` always, `off` never.
pub(crate) fn bin_tiles(
    plan: &VcPlan,
    limits: FusedLimits,
    split: &[FusedPass],
    replan: impl Fn(FusedLimits, u32) -> Vec<FusedPass>,
) -> Option<Vec<FusedPass>> {
    let h = ends_h(plan).filter(|&h| h > 1)?;
    if limits.knobs.real_bins == RealBins::Off {
        return None;
    }
    let (p, precision) = (plan.p as u64, plan.precision);
    // A work-group's registers hold this many values; a bin gets 1/h of them.
    let values = limits.max_threads * max_values(precision, limits.max_threads);
    let bin = FusedLimits {
        local_bytes: (limits.local_bytes / h).saturating_sub(256).max(64),
        max_threads: (limits.max_threads / h).max(1),
        ..limits
    };
    let mut cap = max_tile_digits(plan.p, precision, bin);
    while cap > 1 && p.pow(cap) > values / h {
        cap -= 1;
    }
    let mut passes = replan(bin, cap);
    let mut any = false;
    for f in passes.iter_mut().filter(|f| is_end(f)) {
        // A tile that is a whole transform already holds `rows` transforms (planned under
        // 1/h of the limits): h times as many, so that they are whole spectra's bins.
        f.rows = if f.groups() > 1 {
            h
        } else {
            (f.rows * h).min(f.batch)
        };
        f.interleave = true;
        any = true;
    }
    let added = passes.len().saturating_sub(split.len());
    let reals = matches!(
        plan.half_edges.and_then(|e| e.input),
        Some(HalfEdge::Reals { .. })
    );
    let pays = match limits.knobs.real_bins {
        RealBins::On => true,
        _ => added == 0 || (reals && h >= 3 && added == 1),
    };
    (any && pays).then_some(passes)
}
