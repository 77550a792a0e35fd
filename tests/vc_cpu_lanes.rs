//! CPU-shaped Cooley-Tukey and constant-geometry kernels (issue 36, `vc::kernels::ct_cpu`,
//! `cg_cpu_simd`): a work-item computes several consecutive butterflies. Against the f64
//! reference on fresh random input for p = 2, 3, 4, 5, 7, 11, 16, 32, f32 and f64, forward and
//! inverse, batches; through
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

/// (p, n, radix, lanes) of the CG kernels (SIMD lanes only): every pass reads a block of
/// consecutive rows (a short last work-item where N/r is no multiple of the lanes).
const CG_CASES: &[(u32, u32, u64, u32)] = &[
    (2, 8, 8, 8),
    (3, 5, 9, 8),
    (4, 4, 16, 4),
    (5, 4, 25, 8),
    (7, 3, 7, 2),
    (11, 3, 11, 8),
    (16, 3, 16, 8),
    (32, 3, 32, 8),
];

fn lane_plan(
    (p, n, radix, lanes): (u32, u32, u64, u32),
    algorithm: Algorithm,
    precision: Precision,
    inverse: bool,
) -> VcPlan {
    let opts = VcOptions {
        algorithm,
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

fn check(
    algorithm: Algorithm,
    precision: Precision,
    inverse: bool,
    cases: &[(u32, u32, u64, u32)],
    tol: f64,
) {
    let gpu = common::gpu();
    let seed = common::seed();
    for &(p, n, radix, lanes) in cases {
        let plan = lane_plan((p, n, radix, lanes), algorithm, precision, inverse);
        let tr = VcTransform::new(&gpu, &plan).expect("transform");
        let what =
            format!("{algorithm} {p}^{n} r{radix} lanes {lanes} {precision} inverse {inverse}");
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
    check(Algorithm::Ct, Precision::F32, false, CASES, 2e-6);
}

#[test]
fn cg_lane_kernels_match_the_reference_f32() {
    check(Algorithm::Cg, Precision::F32, false, CG_CASES, 2e-6);
}

#[test]
fn cg_lane_kernels_match_the_reference_f64_inverse() {
    let cases: Vec<_> = CG_CASES
        .iter()
        .filter(|c| common::exhaustive() || [2, 5, 11, 16].contains(&c.0))
        .map(|&(p, n, r, l)| (p, n, r, l.min(4)))
        .collect();
    check(Algorithm::Cg, Precision::F64, true, &cases, 1e-12);
}

#[test]
fn lane_kernels_match_the_reference_f64_inverse() {
    let cases: Vec<_> = CASES
        .iter()
        .copied()
        .filter(|c| common::exhaustive() || [2, 3, 7, 16, 32].contains(&c.0))
        .map(|(p, n, r, l)| (p, n, r, if l == 8 { 4 } else { l }))
        .collect();
    check(Algorithm::Ct, Precision::F64, true, &cases, 1e-12);
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
    // 32^4 f32, 8 SIMD lanes: every pass (dist 1 at radix 32 reads its block transposed);
    // 32^4 / 32 butterflies, 8 a work-item.
    assert_eq!(
        rule_lanes(32, 4, 32, 8),
        (vec![8, 8, 8, 8], vec![4096, 4096, 4096, 4096])
    );
    // Radix 7 at dist 1 keeps the one-butterfly kernel (PoCL vectorizes its affine accesses).
    assert_eq!(rule_lanes(7, 4, 7, 8).0, [8, 8, 1, 1][..]);
    // 2^22 at radix 8: dist 2^19 .. 2^4 (multiples of 8) but not dist 2 or the radix-2 pass.
    assert_eq!(rule_lanes(2, 22, 8, 8).0, [8, 8, 8, 8, 8, 8, 1, 1][..]);
    // 3^13 at radix 9: dist 3^11 .. 3^5 and 27 (≥ 12 with 8 lanes), not 3 or 1; 3^13 / 9
    // butterflies in work-items of 8, the last one short. With 4 lanes (f64) not dist 27.
    let (l, units) = rule_lanes(3, 13, 9, 8);
    assert_eq!(l, [8, 8, 8, 8, 8, 1, 1]);
    assert_eq!(rule_lanes(3, 13, 9, 4).0, [4, 4, 4, 4, 1, 1, 1][..]);
    assert_eq!(units[0], (3u64.pow(13) / 9).div_ceil(8));
    // Scalar lanes (16): only the thrashing strides, 32^3 and 32^2 (not 32, not 1).
    assert_eq!(rule_lanes(32, 4, 32, 16).0, [16, 16, 1, 1]);
    // Radix 8 rows fit the 8 ways: scalar lanes leave 2^22 alone.
    assert!(rule_lanes(2, 22, 8, 16).0.iter().all(|&l| l == 1));
    // Lanes need ct or cg with literal coefficients; cg takes SIMD lanes only.
    let plan = |algorithm, coeffs, radix| {
        let opts = VcOptions {
            algorithm,
            coeffs,
            radix: Some(radix),
            ..Default::default()
        };
        VcPlan::new(3, 4, opts).expect("plan")
    };
    let const_first = plan(Algorithm::Cg, Coeffs::ConstFirst, 9);
    assert!(const_first.with_ct_lanes(8, true).is_err());
    assert!(plan(Algorithm::Cg, Coeffs::Literal, 9)
        .with_ct_lanes(16, true)
        .is_err());
    // The cg rule: radix 9 passes take the lanes, radix 3 passes keep one butterfly.
    let cg_lanes = |radix| {
        let pl = plan(Algorithm::Cg, Coeffs::Literal, radix)
            .with_ct_lanes(8, false)
            .expect("cg lanes");
        let s = Schedule::for_plan(&pl);
        s.passes
            .iter()
            .map(|p| s.kernels[p.kernel].lanes)
            .collect::<Vec<_>>()
    };
    assert_eq!(cg_lanes(9), [8, 8]);
    assert_eq!(cg_lanes(3), [1, 1, 1, 1]);
}

/// On the CPU device an explicit cg request with literal coefficients runs the CPU-shaped
/// lanes; the paper's coefficient tables (the default) stay GPU-shaped.
#[test]
fn explicit_cg_literal_on_a_cpu_device_is_cpu_shaped() {
    let gpu = common::gpu();
    let mut req = request::Request::new(3);
    req.n = Some(6);
    req.algorithm = Some(Algorithm::Cg);
    req.radix = Some(9);
    req.coeffs = Some(Coeffs::Literal);
    let chosen = request::plan(&req, &gpu, None, None).expect("plan");
    assert_eq!(
        chosen.plan.ct_lanes.is_some(),
        gpu.info.kind == "cpu",
        "CPU lanes exactly on cpu devices"
    );
    req.coeffs = None;
    let tables = request::plan(&req, &gpu, None, None).expect("plan");
    assert!(tables.plan.ct_lanes.is_none());
    assert_eq!(tables.plan.coeffs, Coeffs::ConstFirst);
}
