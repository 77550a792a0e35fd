//! `vc --precision f16|bf16` (issue 35): complex values stored as two halves, computed in f32.
//! Each case runs on the device against the f64 reference of the values the device stores
//! (the input rounded to the storage), rel. L2 ≤ 2e-3 for f16 with ortho norm (2e-2 for
//! bf16): p = 2, 3, 5 and 6, ct / cg / fused, forward and inverse, batches; the kernels are
//! checked to be the half ones (16-bit loads and stores). Then the command line: .npy float16
//! pairs and raw files in and out, overflow refused (no output written), and the paths that
//! cannot store half refused with the reason.

mod common;

use common::{fails_with, gpu, jitfft, seed};
use jitfft::io::npy::{npy_bytes, npy_complex_bytes, read_npy, NpyData};
use jitfft::io::random::draw_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::transform::{Direction, Norm};
use jitfft::vc::plan::Coeffs;
use jitfft::vc::storage::HalfStorage;
use jitfft::vc::{Algorithm, VcOptions, VcPlan, VcTransform};
use num_complex::Complex64;

/// (p, n, batch, algorithm, coefficients, direction, storage)
type Case = (u32, u32, u64, Algorithm, Coeffs, Direction, HalfStorage);

fn run_case(g: &jitfft::runtime::Gpu, c: Case, s: u64) {
    let (p, n, batch, algorithm, coeffs, direction, h) = c;
    let opts = VcOptions {
        algorithm,
        coeffs,
        direction,
        norm: Some(Norm::Ortho),
        ..VcOptions::default()
    };
    let plan = VcPlan::new(p, n, opts)
        .unwrap()
        .with_batch(batch)
        .unwrap()
        .with_half(Some(h))
        .unwrap();
    let tr = VcTransform::new(g, &plan).unwrap();
    assert!(
        tr.program.source.contains("ld_c(") && tr.program.source.contains("st_c("),
        "{c:?}: not the half kernels"
    );
    let (x, _) = draw_complex(plan.total_len() as usize, Some(s));
    let x: Vec<Complex64> = x.iter().map(|v| h.round(*v)).collect();
    let (y, _) = tr.execute(g, &x).unwrap();
    let len = plan.len as usize;
    let tol = match h {
        HalfStorage::F16 => 2e-3,
        HalfStorage::Bf16 => 2e-2,
    };
    for k in 0..batch as usize {
        let r = k * len..(k + 1) * len;
        let want = separable_vc(p, n, &x[r.clone()], direction, plan.scale()).unwrap();
        let e = compare(&y[r], &want);
        assert!(
            e.rel_l2 <= tol,
            "{c:?} transform {k} (seed {s}): rel L2 {:.3e} > {tol:e}, max abs {:.3e}",
            e.rel_l2,
            e.max_abs
        );
    }
}

#[test]
fn half_storage_matches_f64_reference() {
    use Algorithm::{Cg, Ct, Fused};
    use Coeffs::{ConstFirst, Literal};
    use Direction::{Forward as F, Inverse as I};
    use HalfStorage::{Bf16, F16};
    let (g, s) = (gpu(), seed());
    let cases: [Case; 8] = [
        (2, 10, 1, Fused, ConstFirst, F, F16),
        (3, 6, 1, Ct, ConstFirst, I, F16),
        (3, 7, 2, Fused, ConstFirst, I, F16),
        (5, 4, 3, Cg, Literal, F, F16),
        (5, 5, 1, Fused, ConstFirst, F, F16),
        (6, 3, 2, Fused, ConstFirst, I, F16),
        (6, 3, 1, Ct, Literal, F, F16),
        (3, 6, 2, Fused, ConstFirst, F, Bf16),
    ];
    for c in cases {
        run_case(&g, c, s);
    }
}

/// The f16 kernel moves half the bytes of f32: the same plan's buffers are half as large.
#[test]
fn half_plan_buffers_are_half_of_f32() {
    let plan = VcPlan::new(3, 8, VcOptions::default()).unwrap();
    let half = plan.clone().with_half(Some(HalfStorage::F16)).unwrap();
    assert_eq!(2 * half.buffer_bytes(), plan.buffer_bytes());
}

fn f16_pairs(x: &[Complex64], shape: &[usize]) -> Vec<u8> {
    let body: Vec<u8> = x
        .iter()
        .flat_map(|c| HalfStorage::F16.pack(*c).to_le_bytes())
        .collect();
    npy_bytes("<f2", shape, &body)
}

#[test]
fn cli_f16_npy_and_raw_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let (x, _) = draw_complex(2 * 81, Some(seed()));
    let x: Vec<Complex64> = x.iter().map(|v| HalfStorage::F16.round(*v)).collect();
    let input = dir.path().join("in.npy");
    std::fs::write(&input, f16_pairs(&x, &[2, 3, 3, 3, 3, 2])).unwrap();
    let out = dir.path().join("out.npy");
    let json = jitfft()
        .args([
            "vc",
            "--p",
            "3",
            "--precision",
            "f16",
            "--norm",
            "ortho",
            "--check",
        ])
        .args(["--json", "--input", input.to_str().unwrap()])
        .args(["--output", out.to_str().unwrap()])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json = String::from_utf8_lossy(&json);
    assert!(json.contains("\"half\": \"f16\""), "{json}");
    let got = read_npy(&out).unwrap();
    assert_eq!(got.shape, vec![2, 3, 3, 3, 3, 2]);
    assert!(got.descr.ends_with("f2"), "{}", got.descr);
    let NpyData::Real(v) = got.data else {
        panic!("float16 pairs expected")
    };
    let y: Vec<Complex64> = v.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect();
    for k in 0..2 {
        let r = k * 81..(k + 1) * 81;
        let want = separable_vc(3, 4, &x[r.clone()], Direction::Forward, 1.0 / 9.0).unwrap();
        let e = compare(&y[r], &want);
        assert!(e.rel_l2 <= 2e-3, "transform {k}: {:.3e}", e.rel_l2);
    }
    // bf16 raw file in, raw out: (re, im) pairs of 16-bit values.
    let h = HalfStorage::Bf16;
    let raw: Vec<u8> = x[..81]
        .iter()
        .flat_map(|c| h.pack(*c).to_le_bytes())
        .collect();
    let rin = dir.path().join("in.raw");
    std::fs::write(&rin, &raw).unwrap();
    let rout = dir.path().join("out.bin");
    jitfft()
        .args([
            "vc",
            "--p",
            "3",
            "--n",
            "4",
            "--precision",
            "bf16",
            "--inverse",
            "--check",
        ])
        .args([
            "--input",
            rin.to_str().unwrap(),
            "--output",
            rout.to_str().unwrap(),
        ])
        .assert()
        .success();
    let bytes = std::fs::read(&rout).unwrap();
    assert_eq!(bytes.len(), 81 * 4);
    let xr: Vec<Complex64> = x[..81].iter().map(|c| h.round(*c)).collect();
    let y: Vec<Complex64> = bytes
        .chunks(4)
        .map(|c| h.unpack(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect();
    let want = separable_vc(3, 4, &xr, Direction::Inverse, 1.0 / 81.0).unwrap();
    assert!(compare(&y, &want).rel_l2 <= 2e-2);
}

/// Random input (`--seed`) runs in memory through the transform's whole staging, which holds
/// one packed slot a complex value in half storage (a merge once refused every such run).
#[test]
fn cli_half_seeded_runs_check() {
    for (p, n, precision) in [("3", "5", "f16"), ("5", "3", "bf16")] {
        jitfft()
            .args(["vc", "--p", p, "--n", n, "--precision", precision])
            .args(["--norm", "ortho", "--check", "--repeat", "2"])
            .assert()
            .success()
            .stdout(predicates::str::contains("check      passed"));
    }
}

#[test]
fn cli_f16_overflow_is_refused_without_output() {
    let dir = tempfile::tempdir().unwrap();
    // 3^4 values of 1000: the zero-frequency sum is 81000 > 65504 without normalisation.
    let x = vec![Complex64::new(1000.0, 0.0); 81];
    let input = dir.path().join("ones.npy");
    std::fs::write(&input, npy_complex_bytes(&x, true)).unwrap();
    let out = dir.path().join("out.npy");
    let (i, o) = (input.to_str().unwrap(), out.to_str().unwrap());
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--precision",
            "f16",
            "--input",
            i,
            "--output",
            o,
        ],
        &["overflowed", "inf", "--norm ortho", "nothing was written"],
    );
    assert!(!out.exists(), "an overflowed result was written");
    // With ortho it fits (81000 / 9 = 9000).
    jitfft()
        .args([
            "vc",
            "--p",
            "3",
            "--precision",
            "f16",
            "--norm",
            "ortho",
            "--check",
        ])
        .args(["--input", i, "--output", o])
        .assert()
        .success();
    assert!(out.exists());
}

#[test]
fn cli_half_refused_paths_say_why() {
    let base = ["vc", "--p", "3", "--n", "4", "--precision", "f16"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        base.iter().chain(extra.iter()).copied().collect()
    };
    fails_with(&with(&["--stream"]), &["--precision f16", "--stream"]);
    fails_with(&with(&["--truth"]), &["--precision f16", "--truth"]);
    fails_with(&with(&["--overlap"]), &["--precision f16", "--overlap"]);
    fails_with(&with(&["--mpi"]), &["--precision f16", "--mpi"]);
    fails_with(
        &with(&["--algo", "ct", "--coeffs", "literal", "--ct-lanes", "4"]),
        &["--precision f16", "--ct-lanes"],
    );
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.npy");
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--n",
            "4",
            "--precision",
            "bf16",
            "--output",
            out.to_str().unwrap(),
        ],
        &["bfloat16", ".raw"],
    );
    assert!(!out.exists());
    // A bfloat16 .npy as ml_dtypes writes it: only "<V2" in the header.
    let bf = dir.path().join("bf.npy");
    std::fs::write(&bf, npy_bytes("<V2", &[81], &[0u8; 162])).unwrap();
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--precision",
            "bf16",
            "--input",
            bf.to_str().unwrap(),
        ],
        &["V2"],
    );
    jitfft()
        .args(["vc", "--p", "3", "--n", "4", "--precision", "f17"])
        .assert()
        .code(2);
}

/// `vc --real --precision f16|bf16`: R2C ≡ rfftn and C2R ≡ irfftn of the stored (rounded)
/// values, the real passes and the complex passes all storing half.
#[test]
fn real_half_matches_numpy_reference() {
    use jitfft::reference::real::{irfftn_ref, rfftn_ref};
    use jitfft::vc::real::data::random_input;
    use jitfft::vc::real::resolve::real_transform;
    use jitfft::vc::request::Request;
    use Direction::{Forward as F, Inverse as I};
    let (g, s) = (gpu(), seed());
    let cases = [
        (2, 6, 1, F, HalfStorage::F16),
        (3, 4, 2, I, HalfStorage::F16),
        (5, 3, 2, F, HalfStorage::F16),
        (6, 3, 1, I, HalfStorage::F16),
        (3, 1, 3, F, HalfStorage::F16),
        (5, 3, 1, I, HalfStorage::Bf16),
    ];
    for (p, n, batch, dir, h) in cases {
        let req = Request {
            n: Some(n),
            batch: Some(batch),
            direction: dir,
            norm: Some(Norm::Ortho),
            real: true,
            half: Some(h),
            ..Request::new(p)
        };
        let tr = real_transform(&req, &g, None, None).unwrap();
        let names = tr.kernel_names();
        assert!(
            names.iter().all(|k| k.contains(h.name())),
            "{p}^{n} {dir:?}: {names:?}"
        );
        let x: Vec<f64> = random_input(&tr.plan, s)
            .iter()
            .map(|&v| h.value(h.bits(v)))
            .collect();
        let (y, _) = tr.execute(&g, &x).unwrap();
        let b = batch as usize;
        let pairs = |v: &[f64]| -> Vec<Complex64> {
            v.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect()
        };
        let e = match dir {
            F => compare(
                &pairs(&y),
                &rfftn_ref(p, n, b, &x, tr.plan.scale()).unwrap(),
            ),
            I => {
                let want = irfftn_ref(p, n, b, &pairs(&x), tr.plan.scale()).unwrap();
                let c = |v: &[f64]| {
                    v.iter()
                        .map(|&r| Complex64::new(r, 0.0))
                        .collect::<Vec<_>>()
                };
                compare(&c(&y), &c(&want))
            }
        };
        assert!(
            e.rel_l2 <= h.tolerance(),
            "{p}^{n} × {batch} {dir:?} {h} (seed {s}): rel L2 {:.3e}",
            e.rel_l2
        );
    }
}

#[test]
fn cli_real_f16_npy_out_and_overflow() {
    let dir = tempfile::tempdir().unwrap();
    // 3^4 values of 1000: the zero bin is 81000 > 65504 without normalisation.
    let ones: Vec<u8> = (0..81).flat_map(|_| 1000.0f32.to_le_bytes()).collect();
    let input = dir.path().join("ones.npy");
    std::fs::write(&input, npy_bytes("<f4", &[81], &ones)).unwrap();
    let out = dir.path().join("spec.npy");
    let (i, o) = (input.to_str().unwrap(), out.to_str().unwrap());
    fails_with(
        &[
            "vc",
            "--real",
            "--p",
            "3",
            "--precision",
            "f16",
            "--input",
            i,
            "--output",
            o,
        ],
        &["overflowed", "--norm ortho"],
    );
    assert!(!out.exists(), "an overflowed result was written");
    jitfft()
        .args([
            "vc",
            "--real",
            "--p",
            "3",
            "--precision",
            "f16",
            "--norm",
            "ortho",
        ])
        .args(["--check", "--input", i, "--output", o])
        .assert()
        .success();
    // numpy's rfftn layout (3,)*3 + (2,), as float16 (re, im) pairs on a last axis.
    let got = read_npy(&out).unwrap();
    let mut want = vec![3; 3];
    want.extend([2, 2]);
    assert_eq!(got.shape, want);
    assert!(got.descr.ends_with("f2"));
    // Inverse from that float16 half spectrum back to reals.
    let back = dir.path().join("back.npy");
    jitfft()
        .args([
            "vc",
            "--real",
            "--inverse",
            "--p",
            "3",
            "--n",
            "4",
            "--precision",
            "f16",
        ])
        .args(["--norm", "ortho", "--check", "--input", o, "--output"])
        .arg(back.to_str().unwrap())
        .assert()
        .success();
    let NpyData::Real(v) = read_npy(&back).unwrap().data else {
        panic!("float16 reals expected")
    };
    assert!(
        v.iter().all(|x| (x - 1000.0).abs() < 2.0),
        "1000s back: {v:?}"
    );
}
