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

#[test]
fn tile_columns_fit_the_budget_the_lines_and_the_launch() {
    // The H200's choices (docs/history/2026-11-28-fft-local-banks.md).
    assert_eq!(tile_columns(1024, 16384, true, 4096), 2);
    assert_eq!(tile_columns(256, 65536, true, 4096), 4);
    assert_eq!(tile_columns(512, 262144, true, 4096), 2);
    assert_eq!(tile_columns(256, 65536, false, 4096), 16);
    assert_eq!(tile_columns(1024, 1 << 18, false, 4096), 4);
    // A lone line, or three: no idle columns.
    assert_eq!(tile_columns(1000, 1, true, 4096), 1);
    assert_eq!(tile_columns(64, 3, false, 4096), 2);
    // Every choice: a power of two, within the launch's columns, 16 and (but for one column)
    // the budget; whole lines within CONTIGUOUS_TILE unless that leaves fewer than two.
    for g in [2u64, 3, 16, 60, 64, 126, 243, 256, 768, 1000, 1024, 2048] {
        for columns in [1u64, 2, 3, 5, 16, 17, 1000, 1 << 20] {
            for budget in [16u64, 256, 2048, 4096, 8192] {
                for whole in [false, true] {
                    let c = tile_columns(g, columns, whole, budget);
                    assert!(
                        c.is_power_of_two() && c <= 16 && c <= columns,
                        "{g} {columns}"
                    );
                    assert!(c == 1 || c * g <= budget, "{g} {columns} {budget}");
                    if whole && c > 2 {
                        assert!(c * g <= CONTIGUOUS_TILE, "{g} {columns} {budget}");
                    }
                }
            }
        }
    }
}

#[test]
fn group_items_keep_each_item_to_a_few_values() {
    // 210 as 15 · 14 in one column: no common divisor near 13 items; one item would unroll
    // 210 loads (PoCL took minutes to compile it).
    assert_eq!(group_items(210, &[15, 14]), 13);
    assert_eq!(group_items(2016, &[14, 9]), 96);
    // Every group of every length up to 16384 (4096 and its Bluestein convolutions), every
    // tile width and budget: 1 to 256 items, at least half the wanted count (VALUES_PER_ITEM
    // values an item, 256 items at most), so the unrolled loads and stores of an item stay few.
    for n in 2u64..=16384 {
        for budget in [256u64, 4096, 8192] {
            for group in groups(n, budget) {
                let g: u64 = group.iter().product();
                for cols in [1u64, 2, 4, 8, 16] {
                    let values = cols * g;
                    let w = group_items(values, &group);
                    assert!((1..=256).contains(&w), "{n} {group:?} {cols}: {w}");
                    let wanted = (values / VALUES_PER_ITEM).clamp(1, 256);
                    assert!(
                        2 * w >= wanted,
                        "{n} {group:?} {cols}: {w} items for {values} values"
                    );
                }
            }
        }
    }
}
