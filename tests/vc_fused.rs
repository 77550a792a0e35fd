//! Fused multi-digit passes against the f64 reference: every p ≤ 16 and the primes to 31, many n (including n not a
//! multiple of the digits per pass, and tiles smaller than a work-group), every layout, forced
//! multi-pass schedules with and without lanes, values per work-item, both precisions and
//! directions.
//!
//! Each case is a generated program (a PoCL compile): by default the sweeps run a selection
//! that keeps every p, layout, lanes setting, direction and norm (n ≤ 3, the largest n of each
//! p, and every other n between); `JITFFT_EXHAUSTIVE=1` runs every combination.

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::plan::FusedLayout;
use jitfft::vc::*;

fn check(gpu: &jitfft::runtime::Gpu, p: u32, n: u32, opts: VcOptions, seed: u64) {
    let plan = VcPlan::new(p, n, opts).unwrap();
    let x = random_complex(plan.len as usize, seed ^ (p as u64) << 8 ^ n as u64);
    let tr = VcTransform::new(gpu, &plan).unwrap_or_else(|e| panic!("{plan:?}: {e}"));
    let (got, _) = tr.execute(gpu, &x).unwrap();
    let want = separable_vc(p, n, &x, plan.direction, plan.scale()).unwrap();
    let err = compare(&got, &want);
    let tol = if plan.precision == Precision::F64 {
        1e-12
    } else {
        2e-6
    };
    assert!(
        err.rel_l2 <= tol,
        "p={p} n={n} {:?} passes {}: rel L2 {:.3e} (seed {seed})",
        opts,
        tr.schedule.radices(),
        err.rel_l2
    );
}

fn fused(
    digits: Option<u32>,
    lanes: Option<u32>,
    layout: FusedLayout,
    precision: Precision,
) -> VcOptions {
    VcOptions {
        algorithm: Algorithm::Fused,
        fused_digits: digits,
        fused_lanes: lanes,
        fused_layout: layout,
        precision,
        ..Default::default()
    }
}

/// The default fused schedule for p in `ps` and many n. Default: n ≤ 3 (n = 2 for odd p only
/// when p ≥ 8), the largest n, and every other n between (both parities over p).
fn every_p_default_schedule(ps: std::ops::RangeInclusive<u32>) {
    let gpu = common::gpu();
    let seed = common::seed();
    for p in ps {
        let max_n = match p {
            2 => 14,
            3 => 9,
            4 => 7,
            5..=7 => 5,
            _ => 3,
        };
        let chosen =
            |n: u32| (n <= 3 && (p < 8 || n != 2 || p % 2 == 1)) || n == max_n || (n + p) % 2 == 0;
        for n in (1..=max_n).filter(|&n| common::exhaustive() || chosen(n)) {
            check(
                &gpu,
                p,
                n,
                fused(None, None, FusedLayout::Rotate, Precision::F32),
                seed,
            );
        }
    }
}

// p ≤ 7 in two tests of similar weight (p = 2 has the most sizes), so no core idles behind one.
#[test]
fn every_p_up_to_3_default_schedule() {
    every_p_default_schedule(2..=3);
}

#[test]
fn every_p_from_4_to_7_default_schedule() {
    every_p_default_schedule(4..=7);
}

#[test]
fn every_p_from_8_to_16_default_schedule() {
    every_p_default_schedule(8..=16);
}

/// The primes above 16 and 13's inverse, the default schedule (Rader codelets for 13, 17, 19,
/// 29, 31, the pair form for 23): by default 17 and 31 at n = 2 forward f32, 13, 19 and 29 at
/// n = 1 inverse f64, 23 at n = 1 forward f32; exhaustive: n = 1…3 (1…2 from p = 23), both.
#[test]
fn primes_to_31_default_schedule() {
    let gpu = common::gpu();
    let seed = common::seed();
    let all = common::exhaustive();
    for p in [13, 17, 19, 23, 29, 31] {
        let inverse_only = matches!(p, 13 | 19 | 29);
        let ns = match (all, p) {
            (true, ..=19) => 1..=3,
            (true, _) => 1..=2, // n = 3 of p ≥ 23: a minute of PoCL compile each
            (false, 17 | 31) => 2..=2,
            (false, _) => 1..=1,
        };
        for n in ns {
            let mut inv = fused(None, None, FusedLayout::Auto, Precision::F64);
            inv.direction = Direction::Inverse;
            let fwd = fused(None, None, FusedLayout::Auto, Precision::F32);
            if all || !inverse_only {
                check(&gpu, p, n, fwd, seed);
            }
            if all || inverse_only {
                check(&gpu, p, n, inv, seed);
            }
        }
    }
}

/// Forced multi-pass schedules for one layout: by default each case with two of the four lanes
/// settings (alternating, so each setting meets half the cases), exhaustive with all four.
fn forced_multipass(layout: FusedLayout, layout_index: usize) {
    let gpu = common::gpu();
    let seed = common::seed();
    for (c, (p, n, digits)) in [
        (2, 11, 4),
        (3, 7, 3),
        (3, 8, 2),
        (4, 5, 2),
        (5, 4, 3),
        (7, 3, 1),
        (16, 3, 2),
        (6, 4, 3),
    ]
    .into_iter()
    .enumerate()
    {
        for (l, lanes) in [None, Some(0), Some(1), Some(2)].into_iter().enumerate() {
            if layout == FusedLayout::Staged && lanes == Some(0) {
                continue; // the same passes as in place with no lanes
            }
            if !common::exhaustive() && (c + l + layout_index) % 2 == 1 {
                continue;
            }
            check(
                &gpu,
                p,
                n,
                fused(Some(digits), lanes, layout, Precision::F32),
                seed,
            );
        }
    }
}

#[test]
fn forced_multipass_rotate_layout_and_lanes() {
    forced_multipass(FusedLayout::Rotate, 0);
}

#[test]
fn forced_multipass_inplace_layout_and_lanes() {
    forced_multipass(FusedLayout::Inplace, 1);
}

#[test]
fn forced_multipass_staged_layout_and_lanes() {
    forced_multipass(FusedLayout::Staged, 2);
}

#[test]
fn fused_f64_inverse_and_norms() {
    let gpu = common::gpu();
    let seed = common::seed();
    // Default: each (case, layout) forward and one of the two inverse forms, alternating.
    for (c, (p, n, digits)) in [(3, 6, 4), (2, 10, 3), (5, 3, 2)].into_iter().enumerate() {
        for (l, layout) in [
            FusedLayout::Rotate,
            FusedLayout::Inplace,
            FusedLayout::Staged,
        ]
        .into_iter()
        .enumerate()
        {
            let all = common::exhaustive();
            let mut o = fused(Some(digits), None, layout, Precision::F64);
            check(&gpu, p, n, o, seed);
            o.direction = Direction::Inverse;
            if all || (c + l) % 2 == 0 {
                check(&gpu, p, n, o, seed);
            }
            o.norm = Some(Norm::Ortho);
            if all || (c + l) % 2 == 1 {
                check(&gpu, p, n, o, seed);
            }
        }
    }
}

#[test]
fn values_per_work_item() {
    let gpu = common::gpu();
    let seed = common::seed();
    for (p, n, digits, values) in [(3, 9, 6, 4), (2, 14, 11, 4), (4, 7, 6, 4)] {
        let mut o = fused(Some(digits), None, FusedLayout::Auto, Precision::F32);
        let plain = VcTransform::new(&gpu, &VcPlan::new(p, n, o).unwrap()).unwrap();
        o.fused_values = Some(values);
        let fewer = VcTransform::new(&gpu, &VcPlan::new(p, n, o).unwrap()).unwrap();
        assert!(
            first_regs(&fewer) <= values.max(p) as u64 && first_regs(&fewer) < first_regs(&plain),
            "p={p} n={n}: {} values per work-item with --fused-values {values}, {} without",
            first_regs(&fewer),
            first_regs(&plain)
        );
        check(&gpu, p, n, o, seed);
    }
}

/// Values per work-item of a fused transform's first pass.
fn first_regs(tr: &VcTransform) -> u64 {
    tr.schedule
        .fused_passes()
        .next()
        .expect("a fused schedule")
        .regs()
}
