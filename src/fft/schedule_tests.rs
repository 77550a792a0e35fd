//! The schedule's unit tests (`schedule.rs`): launch grouping, packed real plans' bytes and
//! half storage's spread scaling.

use super::*;

#[test]
fn packed_real_plans_move_two_thirds_of_the_complex_bytes_at_2p24() {
    use crate::fft::plan::FftPlan;
    use crate::transform::{Norm, Precision};
    let n = 1u64 << 24;
    let (d, p) = (Direction::Forward, Precision::F32);
    let complex = FftPlan::new(&[n], &[], d, Norm::None, p).unwrap();
    let packed = FftPlan::packed_real(&[n], &[], d, Norm::None, p)
        .unwrap()
        .unwrap();
    let (c, r) = (Schedule::for_plan(&complex), Schedule::for_plan(&packed));
    // 3 fused launches over 2^24 values; 3 over 2^23 and the real end (2^23 in, 2^23 + 1 out).
    assert_eq!(c.moved_values(), 6 * n);
    assert_eq!(r.moved_values(), 3 * n + n + 1);
    assert!(matches!(
        r.steps.last().map(|s| &s.kind),
        Some(StepKind::Real { .. })
    ));
    let inverse = FftPlan::packed_real(&[n], &[], Direction::Inverse, Norm::Full, p)
        .unwrap()
        .unwrap();
    let i = Schedule::for_plan(&inverse);
    assert!(matches!(i.steps[0].kind, StepKind::Real { .. }));
    assert_eq!(i.steps.last().map(|s| s.scale), Some(1.0 / n as f64));
}

#[test]
fn half_plans_spread_the_scaling_over_their_launches() {
    use crate::fft::plan::FftPlan;
    use crate::storage::HalfStorage;
    use crate::transform::Precision;
    let (f, i) = (Direction::Forward, Direction::Inverse);
    for (shape, dir, norm, real) in [
        (&[1u64 << 20][..], f, Norm::Ortho, false),
        (&[1000, 768], i, Norm::Full, false),
        (&[6, 1009], f, Norm::Ortho, false),
        (&[12, 40], i, Norm::Ortho, true),
        (&[12, 40], f, Norm::Full, true),
    ] {
        let p = Precision::F32;
        let plan = match real {
            true => FftPlan::packed_real(shape, &[], dir, norm, p)
                .unwrap()
                .unwrap(),
            false => FftPlan::new(shape, &[], dir, norm, p).unwrap(),
        };
        let one = Schedule::for_plan(&plan);
        let half = Schedule::for_plan(&plan.clone().with_half(Some(HalfStorage::F16)).unwrap());
        let product: f64 = half.steps.iter().map(|s| s.scale).product();
        assert!((product / plan.scale() - 1.0).abs() < 1e-12, "{shape:?}");
        assert!(half.steps.iter().filter(|s| s.scale != 1.0).count() > 1);
        assert_eq!(one.steps.len(), half.steps.len());
        assert_eq!(one.steps.last().map(|s| s.scale), Some(plan.scale()));
    }
}

#[test]
fn groups_are_balanced_and_cover_n() {
    assert_eq!(groups(1 << 24, 4096), vec![vec![16, 16]; 3]);
    assert_eq!(
        groups(1 << 20, 4096),
        vec![vec![16, 16, 4], vec![16, 16, 4]]
    );
    assert_eq!(groups(3u64.pow(15), 4096), vec![vec![9, 9, 3]; 3]);
    assert_eq!(groups(1_000_000, 4096), vec![vec![10, 10, 10]; 2]);
    for n in 1..3000u64 {
        for v in [1, 64, 4096] {
            let g = groups(n, v);
            let prod: u64 = g.iter().flatten().product();
            assert_eq!(prod, n, "{n} {v}: {g:?}");
            if v > 1 {
                assert!(
                    g.iter()
                        .all(|x| x.len() == 1 || x.iter().product::<u64>() <= v / 4),
                    "{n}: {g:?}"
                );
            }
        }
    }
}
