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

/// (p, n, radix, lanes), every pass with lanes where the kernel takes them: lanes 2, 4, 8 are
/// the SIMD kernels (`ct_cpu_simd`, every pass: whole lines where dist is a multiple of the
/// lanes, gathers where a block of dist ends among them, dist < lanes, and a short last
/// work-item), other lanes the scalar lane kernel (passes whose dist is a multiple of them; the
/// last pass at distance 1 keeps the one-butterfly kernel).
const CASES: &[(u32, u32, u64, u32)] = &[
    (2, 8, 8, 4),
    (3, 5, 9, 8),
    (5, 4, 25, 4),
    (7, 3, 7, 8),
    (11, 3, 11, 2),
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
        .filter(|c| [2, 3, 7, 16, 32].contains(&c.0))
        .map(|(p, n, r, l)| (p, n, r, if l == 8 { 4 } else { l }))
        .collect();
    check(Precision::F64, true, &cases, 1e-12);
}

/// The lanes of each pass of `p^n` at `radix` with the CPU rule's `lanes` (not every pass).
fn rule_lanes(p: u32, n: u32, radix: u64, lanes: u32) -> (Vec<u32>, Vec<u64>) {
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(radix),
        coeffs: Coeffs::Literal,
        ..Default::default()
    };
    let plan = VcPlan::new(p, n, opts)
        .and_then(|p| p.with_ct_lanes(lanes, false))
        .expect("plan");
    let s = Schedule::for_plan(&plan);
    let l = s.passes.iter().map(|p| s.kernels[p.kernel].lanes).collect();
    (l, s.passes.iter().map(|p| p.units).collect())
}

/// The CPU rule's passes: SIMD lanes where a work-item's butterflies are consecutive (dist a
/// multiple of the lanes) or nearly always are (dist ≥ 8 lanes); scalar lanes only where a
/// 4 KB-multiple stride puts more rows in one L1 set than it has ways.
#[test]
fn cpu_rule_picks_the_lane_passes() {
    // 32^4 f32, 8 SIMD lanes: dist 32^3, 32^2, 32 take them, dist 1 does not; 32^4 / 32
    // butterflies, 8 a work-item in the lane passes.
    assert_eq!(
        rule_lanes(32, 4, 32, 8),
        (vec![8, 8, 8, 1], vec![4096, 4096, 4096, 32768])
    );
    // 2^22 at radix 8: dist 2^19 .. 2^4 (multiples of 8) but not dist 2 or the radix-2 pass.
    assert_eq!(rule_lanes(2, 22, 8, 8).0, [8, 8, 8, 8, 8, 8, 1, 1][..]);
    // 3^13 at radix 9: dist 3^11 .. 3^5 (≥ 64), not 27, 3 or 1; 3^13 / 9 butterflies in
    // work-items of 8, the last one short.
    let (l, units) = rule_lanes(3, 13, 9, 8);
    assert_eq!(l, [8, 8, 8, 8, 1, 1, 1]);
    assert_eq!(units[0], (3u64.pow(13) / 9).div_ceil(8));
    // Scalar lanes (16): only the thrashing strides, 32^3 and 32^2 (not 32, not 1).
    assert_eq!(rule_lanes(32, 4, 32, 16).0, [16, 16, 1, 1]);
    // Radix 8 rows fit the 8 ways: scalar lanes leave 2^22 alone.
    assert!(rule_lanes(2, 22, 8, 16).0.iter().all(|&l| l == 1));
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
