//! Digit groups (digits each pass transforms) and lane digits (kept in a tile so reads and
//! writes move contiguous runs).

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

/// Lane digits for the in-place layout when none are asked for: runs of at least 32 bytes
/// (the minimum), and up to 64 bytes where that costs no extra pass.
pub fn auto_inplace_lanes(p: u32, n: u32, cap_tile: u32, cap_m: u32, precision: Precision) -> u32 {
    let top = cap_tile.saturating_sub(1);
    let lo = run_lanes(p, precision, 32).min(top);
    let hi = run_lanes(p, precision, 64).min(top).max(lo);
    let passes = inplace_groups(n, cap_tile, cap_m, lo).len();
    (lo..=hi)
        .rev()
        .find(|&l| inplace_groups(n, cap_tile, cap_m, l).len() == passes)
        .unwrap_or(lo)
}

/// Balanced digit groups: ⌈n / cap⌉ passes.
pub fn balanced_groups(n: u32, cap: u32) -> Vec<u32> {
    let passes = n.div_ceil(cap.max(1));
    (0..passes)
        .map(|i| n / passes + u32::from(i < n % passes))
        .collect()
}
