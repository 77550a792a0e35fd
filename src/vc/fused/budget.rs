//! What one fused pass may hold: values per work-item, the largest tile, and the finishing of
//! a pass (resident digits, register digits, sub-stages, exchange halves, swizzle).

use super::pass::{FusedLimits, FusedPass};
use super::swizzle::choose_swizzle;
use crate::transform::Precision;

/// Complex values one thread prefers to keep in registers (more work-items otherwise).
pub(super) fn preferred_values(precision: Precision) -> u64 {
    if precision == Precision::F64 {
        16
    } else {
        32
    }
}

/// Values per thread beyond which registers spill (2 registers per f32 value of 255).
pub(crate) fn hard_values(precision: Precision) -> u64 {
    if precision == Precision::F64 {
        42
    } else {
        85
    }
}

/// Most complex values one thread may keep in registers. Where a work-group may hold 1024
/// work-items this is the preferred count; where the kernel limit is lower (NVIDIA's OpenCL
/// reports 256) threads take more values, up to ~170 of a thread's 255 registers, so that
/// tiles stay as large.
pub(crate) fn max_values(precision: Precision, max_threads: u64) -> u64 {
    let base = preferred_values(precision);
    (base * 1024 / max_threads.max(1)).clamp(base, hard_values(precision))
}

/// Chooses the resident digits, b (register digits), the sub-stages and the exchange mode.
pub(super) fn finish_pass(mut pass: FusedPass, limits: FusedLimits) -> FusedPass {
    let p = pass.p as u64;
    let k = pass.tile.len() as u32;
    let real = if pass.precision == Precision::F64 {
        8
    } else {
        4
    };
    let e = pass.tile_len();
    // Resident digits: as few as make one round's half-exchange fit the local memory.
    let mut nres = 0u32;
    while nres < pass.m && (e / p.pow(nres)) * real > limits.local_bytes {
        nres += 1;
    }
    let transformed: Vec<usize> = (0..pass.tile.len())
        .filter(|&i| pass.tile[i].transformed)
        .collect();
    // The top transformed digits stay resident (transformed in the first sub-stage).
    pass.resident = transformed
        .iter()
        .rev()
        .take(nres as usize)
        .copied()
        .collect();
    pass.resident.sort_unstable();
    // Largest b with p^b ≤ the preferred values per thread (at least the resident digits
    // plus one).
    let mut b = 1;
    let prefer = limits
        .values
        .unwrap_or_else(|| preferred_values(pass.precision));
    while b < k && p.pow(b + 1) <= prefer.max(p) {
        b += 1;
    }
    b = b.min(k).min(pass.m.max(1));
    // At least two warps per work-group where the tile allows: fewer registers per thread
    // cost an exchange or two, too few threads leave the SM idle.
    while b > nres + 1 && p.pow(k - b) < 64 {
        b -= 1;
    }
    // Within the work-group limit: more values per thread.
    while b < k && p.pow(k - b) > limits.max_threads {
        b += 1;
    }
    b = b.max((nres + 1).min(k));
    pass.b = b;
    // Sub-stages from the top transformed digits down, so the first sub-stage's register
    // digits leave the lowest (contiguous) digits to the threads. Resident digits are in
    // every mapping; they are transformed in the first sub-stage.
    let free = (b - nres).max(1) as usize;
    let mut rest: Vec<usize> = transformed
        .iter()
        .rev()
        .filter(|d| !pass.resident.contains(d))
        .copied()
        .collect();
    let mut subs = Vec::new();
    let mut first: Vec<usize> = pass.resident.clone();
    first.extend(rest.drain(..free.min(rest.len())));
    first.sort_unstable();
    subs.push(first);
    while !rest.is_empty() {
        let take = free.min(rest.len());
        let mut chunk: Vec<usize> = rest.drain(..take).collect();
        chunk.sort_unstable();
        subs.push(chunk);
    }
    pass.substages = subs;
    // Halves where a whole round does not fit. Without resident digits, also beyond half the
    // budget (two work-groups per SM); with them the registers allow one work-group per SM
    // anyway, so a round may take the whole budget: half the rounds and barriers.
    pass.split_exchange = if nres > 0 {
        pass.local_len() * 2 * real > limits.local_bytes
    } else {
        pass.tile_len() * 2 * real > limits.local_bytes / 2
    };
    pass.swizzle = choose_swizzle(&pass, limits);
    pass
}

/// The largest tile exponent a pass may use: what the work-group holds in registers
/// (local memory is handled by exchanging in rounds), with p^b values per thread within
/// `max_values` and p^(e−b) work-items within the limit.
pub fn max_tile_digits(p: u32, precision: Precision, limits: FusedLimits) -> u32 {
    let digits = |limit: u64| {
        let mut e = 0;
        while (p as u64).pow(e + 1) <= limit {
            e += 1;
        }
        e
    };
    let values = max_values(precision, limits.max_threads);
    let mut e = (digits(hard_values(precision)) + digits(limits.max_threads))
        .min(digits(limits.max_threads * values))
        .max(1);
    // A tile larger than local memory keeps its top digits resident, and a work-item then holds
    // p^(resident + 1) values (`finish_pass`): beyond `hard_values` that is no tile at all
    // (31^3 under 1024 work-items: 961 values a work-item, 2.4 MB of source that ptxas did not
    // finish in 5 minutes; NVIDIA's compiler gave up after 60 s in session 6).
    while e > 1 && resident_values(p, e, precision, limits.local_bytes) > hard_values(precision) {
        e -= 1;
    }
    e
}

/// Values a work-item holds in a tile of p^e values whose rounds need resident digits (as
/// `finish_pass` counts them): p^(resident + 1), or 1 where the tile fits local memory whole.
fn resident_values(p: u32, e: u32, precision: Precision, local_bytes: u64) -> u64 {
    let real = if precision == Precision::F64 { 8 } else { 4 };
    let (p, tile) = (p as u64, (p as u64).pow(e));
    let mut nres = 0;
    while nres < e && tile / p.pow(nres) * real > local_bytes {
        nres += 1;
    }
    if nres == 0 {
        1
    } else {
        p.pow(nres + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::fused::pass::NVIDIA_LIMITS;
    use crate::vc::{VcOptions, VcPlan};

    /// Every p ≤ 32 at its largest n with p^n ≤ 2^28, under NVIDIA's reported 256 work-items
    /// and the device's 1024, f32 and f64: no pass asks a work-item for more values than
    /// registers hold (the 961-value work-items of 29^5 and 31^5 at 1024 never built).
    #[test]
    fn no_pass_holds_more_values_than_registers() {
        for precision in [Precision::F32, Precision::F64] {
            for threads in [256, 1024] {
                let limits = FusedLimits {
                    max_threads: threads,
                    ..NVIDIA_LIMITS
                };
                for p in 2u32..=32 {
                    let mut n = 1;
                    while (p as u64).pow(n + 1) <= 1 << 28 {
                        n += 1;
                    }
                    let plan = VcPlan::new(
                        p,
                        n,
                        VcOptions {
                            precision,
                            ..Default::default()
                        },
                    )
                    .unwrap();
                    let s = crate::vc::Schedule::for_limits(&plan, limits);
                    for f in s.fused_passes() {
                        let values = (p as u64).pow(f.b);
                        assert!(
                            values <= hard_values(precision).max(p as u64),
                            "{p}^{n} {precision} {threads}: {values} values a work-item"
                        );
                    }
                }
            }
        }
        assert_eq!(
            max_tile_digits(
                31,
                Precision::F32,
                FusedLimits {
                    max_threads: 1024,
                    ..NVIDIA_LIMITS
                }
            ),
            2
        );
    }
}
