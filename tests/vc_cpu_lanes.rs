//! CPU-shaped Cooley-Tukey kernels (issue 36, `vc::kernels::ct_cpu`): a work-item computes
//! several butterflies at consecutive positions. Against the f64 reference on fresh random
//! input for p = 2, 3, 4, 5, 7, 11, 16, 32, f32 and f64, forward and inverse, batches; through
//! the staging path (`execute`) and the CPU host path (`execute_into`: mapped buffers on CPU
//! devices); and the cache model's choice of passes (no device).

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::*;
use num_complex::{Complex32, Complex64};

/// (p, n, radix, lanes): every case has a pass whose distance is a multiple of `lanes` (the
/// lane kernel) and a last pass at distance 1 (the one-butterfly kernel).
const CASES: &[(u32, u32, u64, u32)] = &[
    (2, 8, 8, 4),
    (3, 5, 9, 3),
    (4, 5, 16, 8),
    (5, 4, 25, 5),
    (7, 3, 7, 7),
    (11, 3, 11, 11),
    (16, 3, 16, 8),
    (32, 3, 32, 8),
];

fn lane_plan(
    p: u32,
    n: u32,
    radix: u64,
    lanes: u32,
    precision: Precision,
    inverse: bool,
) -> VcPlan {
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(radix),
        coeffs: Coeffs::Literal,
        precision,
        direction: if inverse {
            Direction::Inverse
        } else {
            Direction::Forward
        },
        ..Default::default()
    };
    VcPlan::new(p, n, opts)
        .and_then(|pl| pl.with_batch(2))
        .and_then(|pl| pl.with_ct_lanes(lanes, true))
        .expect("valid plan")
}

/// The reference of a batch of 2 (inverse: scaled by 1/N, the default normalisation).
fn reference(p: u32, n: u32, x: &[Complex64], inverse: bool) -> Vec<Complex64> {
    let len = (p as usize).pow(n);
    let (dir, scale) = if inverse {
        (Direction::Inverse, 1.0 / len as f64)
    } else {
        (Direction::Forward, 1.0)
    };
    x.chunks(len)
        .flat_map(|c| separable_vc(p, n, c, dir, scale).expect("reference"))
        .collect()
}

fn check(precision: Precision, inverse: bool, cases: &[(u32, u32, u64, u32)], tol: f64) {
    let gpu = common::gpu();
    let seed = common::seed();
    for &(p, n, radix, lanes) in cases {
        let plan = lane_plan(p, n, radix, lanes, precision, inverse);
        let tr = VcTransform::new(&gpu, &plan).expect("transform");
        let what = format!("{p}^{n} r{radix} lanes {lanes} {precision} inverse {inverse}");
        let lane_kernels = tr.schedule.kernels.iter().filter(|k| k.lanes > 1).count();
        assert!(lane_kernels > 0, "{what}: no CPU-shaped kernel in the plan");
        assert!(
            tr.program.source.contains(&format!("_l{lanes}(")),
            "{what}: no lane kernel in the source"
        );
        let x = random_complex(2 * (p as usize).pow(n), seed ^ p as u64);
        let want = reference(p, n, &x, inverse);
        let (got, _) = tr.execute(&gpu, &x).expect("execute");
        let err = compare(&got, &want);
        assert!(
            err.rel_l2 < tol,
            "{what}: rel L2 {:e}, max {:e} (seed {seed})",
            err.rel_l2,
            err.max_abs
        );
        // The CPU host path (mapped device buffers) gives the same bits as the staging path.
        if precision == Precision::F32 {
            let x32: Vec<Complex32> = x
                .iter()
                .map(|c| Complex32::new(c.re as f32, c.im as f32))
                .collect();
            let mut out = vec![Complex32::default(); x32.len()];
            tr.execute_into(&gpu, &x32, &mut out).expect("execute_into");
            let out64: Vec<Complex64> = out
                .iter()
                .map(|c| Complex64::new(c.re as f64, c.im as f64))
                .collect();
            assert_eq!(out64, got, "{what}: execute_into differs from execute");
        }
    }
}

#[test]
fn lane_kernels_match_the_reference_f32() {
    check(Precision::F32, false, CASES, 2e-6);
}

#[test]
fn lane_kernels_match_the_reference_f64_inverse() {
    let cases: Vec<_> = CASES
        .iter()
        .copied()
        .filter(|c| [2, 3, 16, 32].contains(&c.0))
        .map(|(p, n, r, l)| (p, n, r, if l == 8 { 4 } else { l }))
        .collect();
    check(Precision::F64, true, &cases, 1e-12);
}

/// The CPU rule's passes: lanes only where a 4 KB-multiple stride puts more rows in one L1
/// set than it has ways (32^4 f32: dist 32^3 and 32^2, not 32 or 1).
#[test]
fn cache_model_picks_the_thrashing_passes() {
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(32),
        coeffs: Coeffs::Literal,
        ..Default::default()
    };
    let plan = VcPlan::new(32, 4, opts)
        .and_then(|p| p.with_ct_lanes(8, false))
        .expect("plan");
    let s = Schedule::for_plan(&plan);
    let lanes: Vec<u32> = s.passes.iter().map(|p| s.kernels[p.kernel].lanes).collect();
    assert_eq!(lanes, [8, 8, 1, 1]);
    // Work-items: 32^4 / 32 butterflies, 8 a work-item in the lane passes.
    let units: Vec<u64> = s.passes.iter().map(|p| p.units).collect();
    assert_eq!(units, [4096, 4096, 32768, 32768]);
    // Radix 8 rows fit the 8 ways: 2^22 keeps the one-butterfly kernels.
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(8),
        coeffs: Coeffs::Literal,
        ..Default::default()
    };
    let plan = VcPlan::new(2, 22, opts)
        .and_then(|p| p.with_ct_lanes(8, false))
        .expect("plan");
    let s = Schedule::for_plan(&plan);
    assert!(s.kernels.iter().all(|k| k.lanes == 1));
    // Lanes need ct with literal coefficients.
    let cg = VcPlan::new(
        3,
        4,
        VcOptions {
            algorithm: Algorithm::Cg,
            coeffs: Coeffs::Literal,
            ..Default::default()
        },
    )
    .expect("plan");
    assert!(cg.with_ct_lanes(8, true).is_err());
}
