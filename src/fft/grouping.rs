//! How a transform's passes are dealt into launches: n's prime factors grouped into fused
//! launches as local memory allows ([`groups`]), the work-items of a fused launch
//! ([`group_items`]), a device's default budget ([`default_local_values`]) and the padding of
//! a fused tile ([`tile_slots`]). Plain arithmetic on lengths; `schedule` builds the
//! launches from it.

use super::plan::{factorize, radices, FftPlan};

/// Local memory a fused launch may use (NVIDIA's 48 KB with room for the compiler).
pub const LOCAL_BYTES: u64 = 32 * 1024;

/// The most values a fused launch's tile holds where it transforms whole lines of a
/// contiguous axis (each column one contiguous run, so one column loads as well as many),
/// though at least two columns: smaller work-groups, more of them an SM. On an H200
/// (docs/history/2026-11-28-fft-local-banks.md), against the budget's 4096 values: 1024 took
/// 256³ from 0.289 to 0.245 ms, 512³ from 2.245 to 2.025 and 65536 × 256 from 0.141 to 0.094;
/// 16384 × 1024 took 0.110 at one column, 0.102 at two, 0.112 at four.
pub const CONTIGUOUS_TILE: u64 = 1024;

/// Columns of G points a fused launch's tile holds (a power of two, 16 at most): as many as
/// `local_values` allows, for runs of up to 16 consecutive elements (two 64-byte lines in
/// f32) where a column's points are strided; over whole contiguous lines (`whole_lines`) no
/// more than [`CONTIGUOUS_TILE`] values but two columns; never more than the launch's
/// `columns` (a lone line would leave the rest of the tile idle).
pub fn tile_columns(g: u64, columns: u64, whole_lines: bool, local_values: u64) -> u64 {
    let fits = [16u64, 8, 4, 2, 1]
        .into_iter()
        .find(|&c| c * g <= local_values)
        .unwrap_or(1);
    let cols = match whole_lines {
        true => fits.min((CONTIGUOUS_TILE / g).max(2)),
        false => fits,
    };
    // The largest power of two ≤ columns.
    cols.min(1 << (63 - columns.max(1).leading_zeros()))
}

/// Complex values each work-item of a fused launch holds between exchanges.
pub const VALUES_PER_ITEM: u64 = 16;

/// The launches of an n-point transform, each a list of radices: n's prime factors dealt
/// into as few groups as fit `local_values` / 4 points (so a fused launch holds at least four
/// columns: 32-byte runs in f32), balanced (2^24 as 2^8 · 2^8 · 2^8, each with 16 columns,
/// rather than 2^12 · 2^12 with one; 10^6 as 1000 · 1000); each group's radices as
/// `plan::radices` gives them. A
/// group of one radix ≤ 16 or one prime is a register pass. `local_values` 1: one pass per
/// radix of `plan::radices(n)`.
pub fn groups(n: u64, local_values: u64) -> Vec<Vec<u64>> {
    let cap = local_values / 4;
    if cap < 4 || n <= 16 {
        return radices(n).into_iter().map(|r| vec![r]).collect();
    }
    let mut factors = factorize(n);
    factors.reverse();
    // As few launches as the cap allows: each factor, largest first, to the group with the
    // smallest product (10^6 as 1000 · 1000, 2^28 as 2^10 · 2^9 · 2^9).
    let fewest = ((n as f64).ln() / (cap as f64).ln()).ceil().max(1.0) as usize;
    let deal = |count: usize| {
        let mut gs = vec![1u64; count];
        for &p in &factors {
            let smallest = (0..count).min_by_key(|&i| gs[i]).unwrap_or(0);
            gs[smallest] *= p;
        }
        gs.retain(|&g| g > 1);
        gs
    };
    let mut gs = deal(fewest);
    let mut count = fewest;
    while gs.iter().any(|&g| g > cap) && count < factors.len() {
        count += 1;
        gs = deal(count);
    }
    gs.sort_unstable_by(|a, b| b.cmp(a));
    gs.into_iter()
        .flat_map(|g| match radices(g) {
            r if r.len() == 1 => vec![r],
            r if g <= 16 => r.into_iter().map(|x| vec![x]).collect(),
            r => vec![r],
        })
        .collect()
}

/// Work-items of a fused launch over `values` (columns × G) with these radices: each sub-pass's
/// butterflies (values / r) shared evenly, about [`VALUES_PER_ITEM`] values an item, at most 256.
/// Where no divisor of every sub-pass's butterfly count comes within half of that, whole warps
/// of 32 (G = 126 as 14 · 9 over 16 columns: the counts 144 and 224 share 16 where 126 are
/// wanted, so 96), or under a warp the wanted count itself (G = 210 as 15 · 14 in one column:
/// 13, not the one item the counts 14 and 15 share, whose 210 unrolled loads took PoCL four
/// minutes to compile). The last items of such a loop repeat its last butterfly or point (the
/// same value written twice). So a launch has at least half the items it wants.
pub fn group_items(values: u64, radices: &[u64]) -> u64 {
    let common = radices.iter().fold(0, |g, &r| gcd(g, values / r));
    let want = (values / VALUES_PER_ITEM).clamp(1, 256);
    let even = (1..=want).rev().find(|w| common % w == 0).unwrap_or(1);
    match (2 * even >= want, want < 32) {
        (true, _) => even,
        (false, true) => want,
        (false, false) => want / 32 * 32,
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// The fused launches' budget of `plan` on a device with `local_mem_bytes` of local memory
/// (without wisdom): padded tiles take up to 1.5 times their values, so two thirds of it at
/// most, and no more than [`LOCAL_BYTES`]; local memory holds the arithmetic's values (f32
/// under half storage).
pub fn default_local_values(plan: &FftPlan, local_mem_bytes: u64) -> u64 {
    let budget = (local_mem_bytes * 2 / 3).min(LOCAL_BYTES);
    budget / plan.precision.complex_bytes()
}

/// Local slots of a fused tile of `values` complex values: value i = q·cols + c (point q of
/// column c) sits at slot i + i/32, one slot of padding after every 32. Without it the
/// sub-passes' writes, r·cols values apart across a warp, meet in a few banks (a radix-16
/// sub-pass of 4 columns: 8 lanes on one bank); with it every sub-pass, load and store of the
/// power-of-two tiles takes the fewest wavefronts (counted in docs/history/2026-11-28-fft-local-banks.md).
pub fn tile_slots(values: u64) -> u64 {
    values + values.saturating_sub(1) / 32
}
