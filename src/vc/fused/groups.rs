//! Digit groups (digits each pass transforms) and lane digits (kept in a tile so reads and
//! writes move contiguous runs).

use super::pass::{FusedLimits, Layout};
use super::plan::FusedRequest;
use crate::transform::Precision;

/// Lane digits that make runs of at least 64 bytes, as far as the tile budget allows.
pub(super) fn lanes_for(p: u32, m: u32, free: u32, cap_digits: u32, precision: Precision) -> u32 {
    let mut t = 0;
    while t < free && m + t < cap_digits && t < run_lanes(p, precision, 64) {
        t += 1;
    }
    t
}

/// The fewest lane digits whose runs move at least `bytes` contiguous bytes.
pub(super) fn run_lanes(p: u32, precision: Precision, bytes: u64) -> u32 {
    let mut t = 0;
    while (p as u64).pow(t) * precision.complex_bytes() < bytes {
        t += 1;
    }
    t
}

/// Lane digits of a group of `m` digits starting at digit `start` (in place and staged): none for
/// the first group (its tile is contiguous), else as asked, within the digits below the group.
pub(super) fn group_lanes(
    p: u32,
    m: u32,
    start: u32,
    lanes: Option<u32>,
    cap: u32,
    precision: Precision,
) -> u32 {
    match (start, lanes) {
        (0, _) => 0,
        (_, Some(t)) => t.min(start),
        (_, None) => lanes_for(p, m, start, cap, precision),
    }
}

/// Digit groups of the in-place layout. The first pass reads and writes contiguous tiles and
/// needs no lanes; every later pass keeps `lanes` lane digits in its tile and so transforms at
/// most `cap_tile − lanes` digits. Fewest passes first, then tiles as even as possible.
/// `cap_m` bounds the digits of any one pass (`--fused-digits`).
pub fn inplace_groups(n: u32, cap_tile: u32, cap_m: u32, lanes: u32) -> Vec<u32> {
    let first = cap_tile.min(cap_m).max(1);
    if n <= first {
        return vec![n];
    }
    let later = cap_tile.saturating_sub(lanes).min(cap_m).max(1);
    let passes = 1 + (n - first).div_ceil(later) as usize;
    let mut m: Vec<u32> = std::iter::once(first)
        .chain(std::iter::repeat_n(later, passes - 1))
        .collect();
    let tile = |m: &[u32], i: usize| m[i] + if i > 0 { lanes } else { 0 };
    let mut slack = m.iter().sum::<u32>() - n;
    while slack > 0 {
        // Shrink the largest tile (the last such on ties).
        let i = (0..passes)
            .filter(|&i| m[i] > 1)
            .max_by_key(|&i| (tile(&m, i), i))
            .unwrap_or(0);
        m[i] -= 1;
        slack -= 1;
    }
    m
}

/// Arrays below this size (bytes) keep the short-run lane rule: they sit in a large GPU's L2
/// (50 MB on the H100), where partial sectors cost little and many small tiles fill the device.
pub const LONG_RUN_BYTES: u64 = 64 << 20;

/// An in-place (or staged) schedule before its lanes are chosen: the transform, the tile
/// cap, the digits cap and the device limits.
#[derive(Debug, Clone, Copy)]
pub struct InplaceShape {
    /// The base p.
    pub p: u32,
    /// Digits of the transform.
    pub n: u32,
    /// The most digits a tile holds (transformed and lane digits).
    pub cap_tile: u32,
    /// The most digits a pass transforms.
    pub cap_m: u32,
    /// Real type.
    pub precision: Precision,
    /// Local memory and work-group limits of the device.
    pub limits: FusedLimits,
}

impl InplaceShape {
    /// Lane digits when none are asked for. Arrays of at least [`LONG_RUN_BYTES`]: the count
    /// whose schedule [`lanes_cost`](Self::lanes_cost) predicts fastest, from runs of ≥ 32
    /// bytes up to all but one tile digit (on equal cost the fewer lanes). Smaller ones: runs
    /// of at least 32 bytes, up to 64 bytes where that costs no extra pass.
    pub fn auto_lanes(&self) -> u32 {
        let &InplaceShape {
            p,
            n,
            cap_tile,
            cap_m,
            precision,
            ..
        } = self;
        let top = cap_tile.saturating_sub(1);
        let lo = run_lanes(p, precision, 32).min(top);
        let bytes = (p as f64).powi(n as i32) * precision.complex_bytes() as f64;
        if bytes < LONG_RUN_BYTES as f64 {
            let hi = run_lanes(p, precision, 64).min(top).max(lo);
            let passes = inplace_groups(n, cap_tile, cap_m, lo).len();
            return (lo..=hi)
                .rev()
                .find(|&l| inplace_groups(n, cap_tile, cap_m, l).len() == passes)
                .unwrap_or(lo);
        }
        let mut best = (f64::INFINITY, lo);
        for t in lo..=top.max(lo) {
            let c = self.lanes_cost(t);
            if c < best.0 - 1e-9 {
                best = (c, t);
            }
        }
        best.1
    }

    /// Predicted time of the schedule with `t` lanes, in copies of the array ([`passes_cost`]
    /// of the passes [`inplace_groups`] makes).
    pub fn lanes_cost(&self, t: u32) -> f64 {
        let groups = inplace_groups(self.n, self.cap_tile, self.cap_m, t);
        let passes =
            FusedRequest::forward(self.p, self.n, groups, Some(t), self.precision, self.limits)
                .schedule(Layout::Inplace);
        passes_cost(&passes)
    }
}

/// Predicted time of fused passes, in copies of the array. Fitted to the H100 runs of issue
/// 14 (`docs/history/2026-11-23-every-p-bent-cpu.md`, "every p"): the first pass (contiguous tiles) runs at the copy
/// rate; a later pass moves runs of r = p^t elements: where r·bytes is a multiple of the
/// 32-byte sector it runs at ~93% (90% for 32-byte runs), else at r/(r + 64 B) (runs that end
/// inside sectors: 40 B 37%, 72 B 50%, 136 B 73%, 248 B 82%, 648 B 93% measured). A tile that
/// needs both resident-digit rounds and real/imaginary halves costs 0.3 copies more (3^9
/// tiles: 69% first pass). A first pass whose tile exceeds [`FIRST_TILE_VALUES`] with at least
/// [`FIRST_TILE_REGS`] values a work-item costs [`FIRST_TILE_PENALTY`] more (5^6, 6^5, 7^5,
/// 9^4 at 256 work-items: 1.26–1.72 copies, against 1.0–1.12 for 5^5, 6^4, 7^4 and 9^4 at 9
/// values a work-item), and so does one of p ≥ [`FIRST_TILE_LARGE_P`] from 8000 values
/// (20^3–22^3: 71–81%).
/// Every pass 0.05 more (launch and tail).
pub fn passes_cost(passes: &[super::FusedPass]) -> f64 {
    passes
        .iter()
        .map(|f| {
            if let Some(b) = f.block {
                return super::block::block_cost(b.len, b.span, f.precision.complex_bytes());
            }
            let run = (f.p as u64).pow(f.t) * f.precision.complex_bytes();
            let memory = if f.t == 0 {
                1.0
            } else if run % 32 == 0 {
                if run >= 64 {
                    1.0 / 0.93
                } else {
                    1.0 / 0.90
                }
            } else {
                (run + 64) as f64 / run as f64
            };
            let rounds = if !f.resident.is_empty() && f.split_exchange {
                0.3
            } else {
                0.0
            };
            let slow_tile = (f.tile_len() > FIRST_TILE_VALUES && f.regs() >= FIRST_TILE_REGS)
                || (f.tile_len() >= FIRST_TILE_LARGE_VALUES && f.p >= FIRST_TILE_LARGE_P);
            let first = if f.t == 0 && slow_tile {
                FIRST_TILE_PENALTY
            } else {
                0.0
            };
            memory + rounds + first + 0.05
        })
        .sum()
}

/// ... or, where p is at least this, a first tile of [`FIRST_TILE_LARGE_VALUES`] whatever
/// its work-items hold: 20^3, 21^3, 22^3 first passes at 1024 work-items (8–11 values each)
/// ran at 71–81% of copy on the H100 (`nvidia-h100/archive/2026-11-25-host-steps/every-p-table-part-1.md`), 21^3 at 59% on the H200
/// (`nvidia-h200/current/lane-blocks/`), while 17^3 and 19^3 ran at 84–90% on the H100.
pub const FIRST_TILE_LARGE_P: u32 = 11;
/// See [`FIRST_TILE_LARGE_P`].
pub const FIRST_TILE_LARGE_VALUES: u64 = 8000;
/// A first pass above this many tile values may run slow (see [`passes_cost`]).
pub const FIRST_TILE_VALUES: u64 = 4096;
/// ... when its work-items hold at least this many values each.
pub const FIRST_TILE_REGS: u64 = 25;
/// The cost of such a first pass beyond the copy, in copies (median of the measured 0.26–0.72).
pub const FIRST_TILE_PENALTY: f64 = 0.4;

/// The most digits a pass of a default in-place schedule transforms: the cap whose schedule
/// [`InplaceShape::lanes_cost`] predicts fastest (its lanes [`InplaceShape::auto_lanes`]), the largest on
/// equal cost. It differs from `cap_tile` where a smaller first tile runs faster or leaves
/// later passes longer runs at the same pass count (H100: 5^11 as 5^5·5^3·5^3 with 1000-byte
/// runs 0.860 ms against 5^6·5^3·5^2 0.958; 6^10 as 6^4·6^3·6^3 1.054 against 6^5·6^3·6^2
/// 1.141). Only for arrays of at least [`LONG_RUN_BYTES`] and p ≥ 5 not a power of two, where
/// it was measured; elsewhere `cap_tile`.
pub fn auto_digits_cap(
    p: u32,
    n: u32,
    cap_tile: u32,
    precision: Precision,
    limits: FusedLimits,
) -> u32 {
    let bytes = (p as f64).powi(n as i32) * precision.complex_bytes() as f64;
    if bytes < LONG_RUN_BYTES as f64 || p < 5 || p.is_power_of_two() {
        return cap_tile;
    }
    let mut best = (f64::INFINITY, cap_tile);
    for cap in (1..=cap_tile).rev() {
        let shape = InplaceShape {
            p,
            n,
            cap_tile,
            cap_m: cap,
            precision,
            limits,
        };
        let c = shape.lanes_cost(shape.auto_lanes());
        if c < best.0 - 1e-9 {
            best = (c, cap);
        }
    }
    best.1
}

/// Balanced digit groups: ⌈n / cap⌉ passes.
pub fn balanced_groups(n: u32, cap: u32) -> Vec<u32> {
    let passes = n.div_ceil(cap.max(1));
    (0..passes)
        .map(|i| n / passes + u32::from(i < n % passes))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::fused::max_tile_digits;
    use crate::vc::fused::pass::NVIDIA_LIMITS;

    /// The digits cap the cost model picks with NVIDIA's 1024 work-items: the H100's faster
    /// schedules where a smaller first tile pays (5^11, 6^10; `bench-results/nvidia-h100/
    /// archive/2026-11-23-every-p/model/`), the full tile where it does not (5^12), and never outside
    /// the measured domain (p = 3, powers of two, arrays within L2).
    #[test]
    fn digits_cap_from_the_model() {
        let wide = FusedLimits {
            max_threads: 1024,
            ..NVIDIA_LIMITS
        };
        let cap = |p: u32, n: u32| {
            let tile = max_tile_digits(p, Precision::F32, wide);
            (auto_digits_cap(p, n, tile, Precision::F32, wide), tile)
        };
        assert_eq!(cap(5, 11), (5, 6));
        assert_eq!(cap(6, 10), (4, 5));
        assert_eq!(cap(5, 12), (6, 6));
        for (p, n) in [(3, 16), (8, 9), (5, 8)] {
            let (c, tile) = cap(p, n);
            assert_eq!(c, tile, "{p}^{n}");
        }
    }

    /// The lanes the cost model picks under NVIDIA's limits for the issue-14 sweep: longer runs
    /// where they cost no pass (3^16: the tuned 3^8·3^4·3^4; 9^8: 648-byte runs), one more
    /// pass where 40–56-byte runs would run at < 50% (5^12, 7^9), unchanged for the powers of
    /// two and for small arrays.
    #[test]
    fn long_runs_for_large_arrays() {
        let lanes = |p: u32, n: u32| {
            let cap = max_tile_digits(p, Precision::F32, NVIDIA_LIMITS);
            InplaceShape {
                p,
                n,
                cap_tile: cap,
                cap_m: cap,
                precision: Precision::F32,
                limits: NVIDIA_LIMITS,
            }
            .auto_lanes()
        };
        for (p, n, t) in [
            (3, 16, 4),
            (3, 17, 4),
            (5, 11, 2),
            (5, 12, 2),
            (7, 9, 2),
            (9, 8, 2),
            (2, 28, 3),
            (4, 13, 1),
            (4, 14, 2),
            (6, 10, 2),
            (11, 8, 1),
            (3, 12, 2),
        ] {
            assert_eq!(lanes(p, n), t, "{p}^{n}");
        }
    }
}
