//! The bank-conflict cost model of a fused pass's local exchanges, and the choice of the
//! exchange buffer's swizzle (padding or XOR) from it.

use super::mapping::{pass_mappings, LocalLayout};
use super::pass::{FusedLimits, FusedPass, Swizzle};
use crate::transform::Precision;

/// Bank conflicts of one warp-wide local access: the warp is served in transactions of
/// 128 bytes' worth of threads; each costs as many passes as the most distinct 4-byte words
/// that fall into one of the 32 banks.
fn access_cost(elems: &[u64], words_per_elem: u64) -> u64 {
    let group = (32 / words_per_elem).max(1) as usize;
    elems
        .chunks(group)
        .map(|g| {
            let mut per_bank = [0u64; 32];
            let mut words: Vec<u64> = g
                .iter()
                .flat_map(|&e| (0..words_per_elem).map(move |k| e * words_per_elem + k))
                .collect();
            words.sort_unstable();
            words.dedup();
            for w in words {
                per_bank[(w % 32) as usize] += 1;
            }
            per_bank.into_iter().max().unwrap_or(1)
        })
        .sum()
}

/// Bank-conflict cost of all exchanges of a pass (first warp, every register) under a swizzle.
fn exchange_cost(pass: &FusedPass, swizzle: Swizzle) -> u64 {
    let p = pass.p as u64;
    let layout = LocalLayout::new(pass);
    let words = match (pass.precision, pass.split_exchange) {
        (Precision::F32, true) => 1,
        (Precision::F32, false) | (Precision::F64, true) => 2,
        (Precision::F64, false) => 4,
    };
    let warp = pass.threads().min(32);
    let maps = pass_mappings(pass);
    let mut cost = 0;
    for pair in maps.windows(2) {
        for m in pair {
            let base: Vec<u64> = (0..warp).map(|t| layout.thread_offset(m, t)).collect();
            for j in 0..pass.regs() {
                let off = layout.reg_offset(m, p, j);
                let elems: Vec<u64> = base.iter().map(|&b| swizzle.apply(b + off)).collect();
                cost += access_cost(&elems, words);
            }
        }
    }
    cost
}

/// The swizzle of a pass: the fewest bank conflicts among identity, padding (one spare
/// element per 32, 16 or 8, if it fits the local budget) and XOR permutations (when the
/// buffer is whole 32-element blocks); a costlier index expression only if strictly better.
pub(crate) fn choose_swizzle(pass: &FusedPass, limits: FusedLimits) -> Swizzle {
    if pass_mappings(pass).len() < 2 {
        return Swizzle::Identity;
    }
    let mut options: Vec<Swizzle> = vec![Swizzle::Pad(5), Swizzle::Pad(4), Swizzle::Pad(3)];
    if pass.local_len() % 32 == 0 {
        options.extend((1..=10).map(|a| Swizzle::Xor(a, None)));
        for a in 1..=9 {
            options.extend((a + 1..=10).map(|b| Swizzle::Xor(a, Some(b))));
        }
    }
    let mut best = (exchange_cost(pass, Swizzle::Identity), Swizzle::Identity);
    for sw in options {
        let mut trial = pass.clone();
        trial.swizzle = sw;
        if trial.local_bytes() > limits.local_bytes {
            continue;
        }
        let c = exchange_cost(pass, sw);
        if c < best.0 {
            best = (c, sw);
        }
    }
    best.1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::fused::pass::NVIDIA_LIMITS;
    use crate::vc::fused::{FusedRequest, Layout};

    #[test]
    fn swizzles_spread_power_of_two_strides() {
        // 4^13 under 256 work-items: the first pass's exchanges stride by powers of 4, so
        // without padding the warps collide in a few banks; padding cuts the conflict passes
        // by more than 3×. Odd p needs none.
        let limits = NVIDIA_LIMITS;
        let s = FusedRequest::forward(4, 13, vec![7, 6], Some(1), Precision::F32, limits)
            .schedule(Layout::Inplace);
        let sw = s[0].swizzle;
        assert_ne!(sw, Swizzle::Identity);
        assert!(4 * exchange_cost(&s[0], sw) < exchange_cost(&s[0], Swizzle::Identity));
        assert!(s.iter().all(|f| f.local_bytes() <= limits.local_bytes));
        let s = FusedRequest::forward(3, 16, vec![9, 7], Some(2), Precision::F32, limits)
            .schedule(Layout::Inplace);
        assert!(s.iter().all(|f| f.swizzle == Swizzle::Identity));
        // One access: a warp writing at stride 16 floats hits 2 banks (16 passes); stride 1
        // hits 32 (1 pass).
        let strided: Vec<u64> = (0..32).map(|t| 16 * t).collect();
        assert_eq!(access_cost(&strided, 1), 16);
        assert_eq!(access_cost(&(0..32).collect::<Vec<_>>(), 1), 1);
        assert_eq!(
            access_cost(
                &strided
                    .iter()
                    .map(|&x| Swizzle::Pad(4).apply(x))
                    .collect::<Vec<_>>(),
                1
            ),
            1
        );
    }

    #[test]
    fn swizzles_are_permutations() {
        for sw in [
            Swizzle::Xor(1, None),
            Swizzle::Xor(4, None),
            Swizzle::Xor(3, Some(4)),
            Swizzle::Xor(1, Some(10)),
        ] {
            let mut img: Vec<u64> = (0..4096).map(|x| sw.apply(x)).collect();
            img.sort_unstable();
            assert_eq!(img, (0..4096).collect::<Vec<_>>(), "{sw:?}");
        }
    }

    #[test]
    fn swizzled_indices_stay_in_the_buffer() {
        let limits = NVIDIA_LIMITS;
        for (p, n, g, l) in [
            (4, 13, vec![7, 6], 1),
            (2, 28, vec![10, 9, 9], 3),
            (2, 20, vec![12, 8], 3),
        ] {
            for f in FusedRequest::forward(p, n, g.to_vec(), Some(l), Precision::F32, limits)
                .schedule(Layout::Inplace)
            {
                let top = (0..f.local_len())
                    .map(|x| f.swizzle.apply(x))
                    .max()
                    .unwrap_or(0);
                assert!(
                    top < f.local_words(),
                    "{:?}: {top} ≥ {}",
                    f.swizzle,
                    f.local_words()
                );
            }
        }
    }
}
