//! Device results against the f64 CPU references, for every p the issue names, both
//! algorithms, all coefficient modes, several radices, both precisions.

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, naive_vc, separable_vc};
use jitfft::runtime::Gpu;
use jitfft::vc::*;
use num_complex::Complex64;

/// (p, n) with N small enough for quick PoCL runs, and the radices to try.
const CASES: &[(u32, u32, &[u64])] = &[
    (2, 7, &[2, 4, 8]),
    (3, 5, &[3, 9]),
    (4, 4, &[4, 16]),
    (5, 3, &[5, 25]),
    (6, 3, &[6]),
    (7, 3, &[7]),
    (8, 3, &[8]),
    (9, 3, &[9]),
    (11, 2, &[11]),
    (13, 2, &[13]),
    (16, 2, &[16]),
];

fn run(gpu: &Gpu, plan: &VcPlan, x: &[Complex64]) -> Vec<Complex64> {
    let tr = VcTransform::new(gpu, plan).unwrap_or_else(|e| panic!("{plan:?}: {e}"));
    tr.execute(gpu, x).unwrap().0
}

/// Every case and radix with the three coefficient forms rotating: by default one form for
/// each (case, radix), starting at `offset` (ct f32 0, cg f32 1, ct f64 2, cg f64 0: each
/// algorithm and each precision meets two forms on every radix, every test all three over its
/// radices); `JITFFT_EXHAUSTIVE=1` all three everywhere. Each is a program (a PoCL compile).
fn sweep(precision: Precision, algorithm: Algorithm, tol: f64, offset: usize) {
    let gpu = common::gpu();
    if precision == Precision::F64 && !gpu.info.fp64 {
        eprintln!("skipping f64: {} has no fp64", gpu.info.name);
        return;
    }
    let seed = common::seed();
    let mut k = offset;
    for &(p, n, radices) in CASES {
        let x = random_complex((p as usize).pow(n), seed ^ p as u64);
        let want = separable_vc(p, n, &x, Direction::Forward, 1.0).unwrap();
        if x.len() <= 4096 {
            let naive = naive_vc(p, n, &x, Direction::Forward, 1.0).unwrap();
            assert!(compare(&want, &naive).rel_l2 < 1e-12);
        }
        for &radix in radices {
            k += 1;
            let all = [Coeffs::ConstFirst, Coeffs::ConstMatrix, Coeffs::Literal];
            for (c, coeffs) in all.into_iter().enumerate() {
                if !common::exhaustive() && c != k % all.len() {
                    continue;
                }
                let opts = VcOptions {
                    algorithm,
                    radix: Some(radix),
                    coeffs,
                    precision,
                    ..Default::default()
                };
                let plan = VcPlan::new(p, n, opts).unwrap();
                let got = run(&gpu, &plan, &x);
                let err = compare(&got, &want);
                assert!(
                    err.rel_l2 <= tol,
                    "p={p} n={n} r={radix} {algorithm} {coeffs} {precision}: rel L2 {:.3e} > {tol:e} (seed {seed}, JITFFT_TEST_SEED to replay)",
                    err.rel_l2
                );
            }
        }
    }
}

#[test]
fn ct_f32_matches_reference() {
    sweep(Precision::F32, Algorithm::Ct, 1e-5, 0);
}

#[test]
fn cg_f32_matches_reference() {
    sweep(Precision::F32, Algorithm::Cg, 1e-5, 1);
}

#[test]
fn ct_f64_matches_reference() {
    sweep(Precision::F64, Algorithm::Ct, 1e-12, 2);
}

#[test]
fn cg_f64_matches_reference() {
    sweep(Precision::F64, Algorithm::Cg, 1e-12, 0);
}

#[test]
fn inverse_of_forward_is_identity_and_parseval_holds() {
    let gpu = common::gpu();
    let seed = common::seed();
    for (p, n, radix) in [(3, 5, 9), (2, 9, 8), (5, 3, 5), (4, 3, 16)] {
        for algorithm in [Algorithm::Ct, Algorithm::Cg] {
            let x = random_complex((p as usize).pow(n), seed);
            let fwd = VcOptions {
                algorithm,
                radix: Some(radix),
                precision: Precision::F64,
                ..Default::default()
            };
            let s = run(&gpu, &VcPlan::new(p, n, fwd).unwrap(), &x);
            // Parseval: ‖S‖² = N‖x‖² without normalisation.
            let e_x: f64 = x.iter().map(|c| c.norm_sqr()).sum();
            let e_s: f64 = s.iter().map(|c| c.norm_sqr()).sum();
            let big_n = x.len() as f64;
            assert!(
                (e_s / (big_n * e_x) - 1.0).abs() < 1e-12,
                "Parseval p={p} n={n} seed {seed}"
            );
            let inv = VcOptions {
                direction: Direction::Inverse,
                ..fwd
            };
            let back = run(&gpu, &VcPlan::new(p, n, inv).unwrap(), &s);
            let err = compare(&back, &x);
            assert!(
                err.rel_l2 < 1e-12,
                "round trip p={p} n={n} {algorithm}: {err:?} seed {seed}"
            );
        }
    }
}

#[test]
fn normalisations_scale_the_running_direction() {
    let gpu = common::gpu();
    let x = random_complex(3usize.pow(4), common::seed());
    for (norm, scale) in [(Norm::Full, 1.0 / 81.0), (Norm::Ortho, 1.0 / 9.0)] {
        for direction in [Direction::Forward, Direction::Inverse] {
            for coeffs in [Coeffs::ConstFirst, Coeffs::Literal] {
                let opts = VcOptions {
                    norm: Some(norm),
                    direction,
                    coeffs,
                    precision: Precision::F64,
                    ..Default::default()
                };
                let got = run(&gpu, &VcPlan::new(3, 4, opts).unwrap(), &x);
                let want = separable_vc(3, 4, &x, direction, scale).unwrap();
                assert!(
                    compare(&got, &want).rel_l2 < 1e-12,
                    "{norm} {direction} {coeffs}"
                );
            }
        }
    }
}

#[test]
fn mixed_radix_with_two_coefficient_tables() {
    // n not a multiple of m: passes 9·9·3 and 8·8·2, const-matrix needs two tables.
    let gpu = common::gpu();
    let seed = common::seed();
    for (p, n, radix) in [(3, 5, 9), (2, 7, 8), (4, 3, 16)] {
        let x = random_complex((p as usize).pow(n), seed);
        let want = separable_vc(p, n, &x, Direction::Forward, 1.0).unwrap();
        for algorithm in [Algorithm::Ct, Algorithm::Cg] {
            let opts = VcOptions {
                algorithm,
                radix: Some(radix),
                coeffs: Coeffs::ConstMatrix,
                ..Default::default()
            };
            let plan = VcPlan::new(p, n, opts).unwrap();
            assert!(Schedule::for_plan(&plan).kernels.len() >= 2);
            let err = compare(&run(&gpu, &plan, &x), &want);
            assert!(
                err.rel_l2 < 1e-5,
                "p={p} n={n} r={radix} {algorithm}: {err:?} seed {seed}"
            );
        }
    }
}

#[test]
fn generator_counts_follow_the_paper_shapes() {
    // CG reads adjacent operands as wide loads; CT has the extra div/mod of its base index.
    let ct = VcPlan::new(
        4,
        4,
        VcOptions {
            radix: Some(16),
            ..Default::default()
        },
    )
    .unwrap();
    let cg = VcPlan::new(
        4,
        4,
        VcOptions {
            radix: Some(16),
            algorithm: Algorithm::Cg,
            ..Default::default()
        },
    )
    .unwrap();
    let count = |p: &VcPlan| {
        let s = Schedule::for_plan(p);
        jitfft::vc::kernels::ct_cg::generate(p, &s.kernels).kernels[0].1
    };
    let (a, b) = (count(&ct), count(&cg));
    assert_eq!((a.global_loads, a.wide_loads), (16, 0));
    assert_eq!((b.global_loads, b.wide_loads), (8, 8));
    assert_eq!(a.complex_mul, 256);
    assert_eq!(a.const_reads, 256);
    assert_eq!(a.global_stores, 16);
    assert!(a.int_div > b.int_div);
}
