//! The CPU rule's cache model (issue 36): which Cooley-Tukey passes get the CPU-shaped lane
//! kernels (`vc::kernels::ct_cpu`), as plain data for the schedule.

use crate::transform::Precision;

/// Bytes after which an L1 set repeats (64 sets of 64-byte lines) and the ways of a set, on
/// the x86 CPUs these runtimes serve (AMD Zen, Intel Core/Xeon: 32–48 KB, 8–12-way L1d).
const SET_PERIOD: u64 = 4096;
const WAYS: u64 = 8;

/// The cache model of the CPU rule: true where the r rows of a CT butterfly, `dist · bytes`
/// apart, need more lines of one L1 set than it has ways, so that one-butterfly work-items
/// evict each other's lines (a 4 KB-multiple stride puts every row in one set). Measured on
/// PoCL (`docs/history/2026-11-25-cpu-shaped-kernels.md`): these passes win with the lane kernels (32^4's dist 32^3 and
/// 32^2, 16^5's 16^4 and 16^3, 4^11's), the others lose to their private-memory copy (32^4's
/// dist 32, 16^5's 16^2 and 16: 1.5–3.6× slower) and radix ≤ 8 rows fit the ways.
pub fn rows_thrash(radix: u64, dist: u64, complex_bytes: u64) -> bool {
    let stride = dist * complex_bytes;
    let sets = SET_PERIOD / gcd(stride, SET_PERIOD);
    radix > WAYS * sets
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Lanes of the CPU-shaped kernels: one 64-byte cache line of complex values (8 for f32,
/// 4 for f64).
pub fn line_lanes(precision: Precision) -> u32 {
    (64 / precision.complex_bytes()) as u32
}

#[cfg(test)]
mod tests {
    use super::rows_thrash;

    #[test]
    fn thrash_model_picks_the_4k_multiple_strides_of_large_radices() {
        // 32^4 f32: dist 32^3 and 32^2 (256 KB, 8 KB strides) thrash, dist 32 (256 B) does not.
        assert!(rows_thrash(32, 32 * 32 * 32, 8));
        assert!(rows_thrash(32, 32 * 32, 8));
        assert!(!rows_thrash(32, 32, 8));
        // 16^5: 16^3 (32 KB) thrashes; 16^2 (2 KB: two sets, 16 ways) holds its 16 rows.
        assert!(rows_thrash(16, 16 * 16 * 16, 8));
        assert!(!rows_thrash(16, 16 * 16, 8));
        // Radix 8 fits the 8 ways whatever the stride; odd strides spread over every set.
        assert!(!rows_thrash(8, 1 << 19, 8));
        assert!(!rows_thrash(27, 27 * 27 * 27, 8));
        // 24^3 · 8 B = 27 · 4 KB.
        assert!(rows_thrash(24, 24 * 24 * 24, 8));
    }
}
