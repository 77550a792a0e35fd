//! The VC planner over random (p, n, batch, precision, algorithm, radix, coefficients, fused
//! options, device limits), no device: a plan is made or refused with the reason, and every
//! schedule transforms each digit exactly once, in passes of radix p^digits that fit the
//! limits they were made for.

use crate::common::{prop_config, vc_values};
use jitfft::vc::fused::pass::{FusedLimits, ScheduleKnobs};
use jitfft::vc::plan::{Algorithm, VcOptions, VcPlan};
use jitfft::vc::schedule::{PassKind, Schedule};
use proptest::prelude::*;

fn options() -> impl Strategy<Value = VcOptions> {
    vc_values::options(
        prop::option::of(prop_oneof![
            2u64..300,
            Just(4),
            Just(8),
            Just(9),
            Just(27),
            Just(25)
        ]),
        prop::option::of(0u32..12),
        prop::option::of(0u32..8),
        prop::option::of(1u32..64),
    )
}

/// Device limits: local memory 16–64 KiB, 64–1024 work-items a group.
fn limits() -> impl Strategy<Value = FusedLimits> {
    (
        prop::sample::select(vec![16u64 << 10, 32 << 10, 48 << 10, 64 << 10]),
        prop::sample::select(vec![64u64, 128, 256, 512, 1024]),
    )
        .prop_map(|(local_bytes, max_threads)| FusedLimits {
            local_bytes,
            max_threads,
            values: None,
            tile_values: None,
            knobs: ScheduleKnobs::DEFAULT,
        })
}

/// p^e where it fits 64 bits.
fn pow(p: u32, e: u32) -> Option<u64> {
    (p as u64).checked_pow(e)
}

proptest! {
    #![proptest_config(prop_config(384))]

    /// Made or refused by name; a made plan's schedule covers every digit once.
    #[test]
    fn plans_are_valid_or_refused(
        p in prop_oneof![2u32..12, 2u32..70, Just(0u32), Just(1), 200u32..300],
        n in prop_oneof![1u32..10, 0u32..70],
        batch in prop_oneof![Just(1u64), 1u64..5000, Just(0), Just(u64::MAX)],
        opts in options(),
        lim in limits(),
    ) {
        let plan = match VcPlan::new(p, n, opts).and_then(|pl| pl.with_batch(batch)) {
            Ok(plan) => plan,
            Err(e) => {
                let e = e.to_string();
                prop_assert!(e.len() > 20, "{}", e);
                return Ok(());
            }
        };
        prop_assert!(p >= 2 && n >= 1);
        prop_assert_eq!(Some(plan.len), pow(p, n));
        let radix = plan.radix;
        prop_assert!(radix <= 256 && pow(p, plan.digits_per_pass) == Some(radix));
        let s = Schedule::for_limits(&plan, lim);
        prop_assert!(!s.passes.is_empty());
        let total: u32 = s.passes.iter().map(|ps| ps.digits).sum();
        prop_assert_eq!(total, n, "{}", s.radices());
        let mut covered = vec![0u32; n as usize];
        for ps in &s.passes {
            prop_assert!(ps.digits >= 1);
            prop_assert_eq!(Some(ps.radix), pow(p, ps.digits));
            prop_assert_eq!(ps.batch, batch);
            match &ps.kind {
                PassKind::Ct { dist } => {
                    // Operands dist = p^k apart: the pass transforms digits k .. k + digits.
                    let k = (0..n).find(|&k| pow(p, k) == Some(*dist));
                    prop_assert!(k.is_some(), "dist {} is no power of {}", dist, p);
                    for d in k.unwrap()..k.unwrap() + ps.digits {
                        prop_assert!(d < n);
                        covered[d as usize] += 1;
                    }
                }
                PassKind::Fused(f) => {
                    prop_assert!(f.group_size() <= lim.max_threads,
                        "{} work-items over {}: {}", f.group_size(), lim.max_threads, s.radices());
                    prop_assert!(f.local_bytes() <= lim.local_bytes,
                        "{} bytes over {}: {}", f.local_bytes(), lim.local_bytes, s.radices());
                    prop_assert_eq!(f.tile.iter().filter(|t| t.transformed).count() as u32, ps.digits);
                }
                PassKind::Cg => {}
            }
        }
        if plan.algorithm == Algorithm::Ct {
            prop_assert!(covered.iter().all(|&c| c == 1), "{:?} {}", covered, s.radices());
        }
    }
}

/// Refusals the planner must make, each with its reason.
#[test]
fn refusals_name_the_reason() {
    let o = VcOptions::default();
    let e = |p, n, o| VcPlan::new(p, n, o).unwrap_err().to_string();
    assert!(e(1, 3, o).contains("p ≥ 2"));
    assert!(e(3, 0, o).contains("n ≥ 1"));
    assert!(e(3, 41, o).contains("overflows 64 bits"));
    let r = |radix| VcOptions {
        radix: Some(radix),
        ..o
    };
    assert!(e(3, 4, r(6)).contains("not a power of p"));
    assert!(e(3, 2, r(27)).contains("up to 3^2"));
    assert!(e(2, 12, r(512)).contains("larger than 256"));
    let fused = VcOptions {
        algorithm: Algorithm::Fused,
        ..r(9)
    };
    assert!(e(3, 4, fused).contains("--radix applies"));
}
