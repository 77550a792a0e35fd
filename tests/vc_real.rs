//! `vc --real` (issue 35): R2C ≡ numpy.fft.rfftn and C2R ≡ irfftn(y, s=(p,)*n) against the f64
//! oracle (`reference::real`, itself checked against numpy's definition) on fresh random input,
//! for p = 2, 3, 4, 5, 7 and 6, f32 and f64, batches, n = 1 (no complex passes) and n ≥ 2; the
//! round trip through .npy files; and every bad input (reason, non-zero exit, no output file).

mod common;

use common::{fails_with, gpu, jitfft, pick, seed};
use jitfft::io::npy::{npy_bytes, npy_complex_shaped, read_npy, NpyData};
use jitfft::reference::real::{irfftn_ref, rfftn_ref};
use jitfft::transform::{Direction, Norm, Precision};
use jitfft::vc::plan::Algorithm;
use jitfft::vc::real::data::random_input;
use jitfft::vc::real::resolve::real_transform;
use jitfft::vc::request::Request;
use num_complex::Complex64;

fn pairs(v: &[f64]) -> Vec<Complex64> {
    v.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect()
}

fn rel_l2(got: &[f64], want: &[f64]) -> f64 {
    assert_eq!(got.len(), want.len());
    let d: f64 = got.iter().zip(want).map(|(a, b)| (a - b) * (a - b)).sum();
    let w: f64 = want.iter().map(|b| b * b).sum();
    (d / w).sqrt()
}

/// One device run of `vc --real` for (p, n, batch) against the oracle.
fn check(
    g: &jitfft::runtime::Gpu,
    (p, n, batch): (u32, u32, u64),
    prec: Precision,
    dir: Direction,
    norm: Option<Norm>,
    s: u64,
) {
    let req = Request {
        n: Some(n),
        batch: Some(batch),
        precision: prec,
        direction: dir,
        norm,
        real: true,
        ..Request::new(p)
    };
    check_req(g, &req, s);
}

/// [`check`] of a whole request (the complex passes' options included).
fn check_req(g: &jitfft::runtime::Gpu, req: &Request, s: u64) {
    let (p, n, batch) = (req.p, req.n.unwrap(), req.batch.unwrap());
    let (prec, dir, norm) = (req.precision, req.direction, req.norm);
    let tr = real_transform(req, g, None, None).unwrap();
    assert_eq!(tr.inner.is_some(), n > 1);
    if req.algorithm == Some(Algorithm::Fused) {
        // Fused complex passes take the real path's ends: no r2c or layout move.
        let names = tr.kernel_names();
        assert_eq!(tr.fused_ends, n > 1, "{names:?}");
        let own = names.iter().filter(|k| k.starts_with("rvc_")).count();
        let want = if n == 1 || dir == Direction::Inverse {
            1
        } else {
            0
        };
        assert_eq!(own, want, "{names:?}");
    }
    let x = random_input(&tr.plan, s);
    let (y, _) = tr.execute(g, &x).unwrap();
    let b = batch as usize;
    let want: Vec<f64> = match dir {
        Direction::Forward => rfftn_ref(p, n, b, &x, tr.plan.scale())
            .unwrap()
            .iter()
            .flat_map(|c| [c.re, c.im])
            .collect(),
        Direction::Inverse => irfftn_ref(p, n, b, &pairs(&x), tr.plan.scale()).unwrap(),
    };
    let tol = if prec == Precision::F64 { 1e-13 } else { 2e-6 };
    let err = rel_l2(&y, &want);
    assert!(
        err <= tol,
        "{dir:?} p={p} n={n} batch={batch} {prec:?} {norm:?} (seed {s}): rel L2 {err:.2e}"
    );
    tr.release().unwrap();
}

/// p = 2 through the Walsh–Hadamard passes (`RealVc::hadamard`, the GPU route; here on the
/// test device): the half spectrum written as (value, 0) pairs by the last pass, or read as
/// real parts by the first, equals numpy's rfftn / irfftn with one tile pass and several,
/// batches, both precisions and every norm.
#[test]
fn hadamard_route_equals_numpy_at_p2() {
    let g = gpu();
    let s = seed();
    let precs = if g.info.fp64 {
        vec![Precision::F32, Precision::F64]
    } else {
        vec![Precision::F32]
    };
    let cases = [
        (1, 3, None),
        (4, 2, Some(Norm::Ortho)),
        (15, 1, Some(Norm::Full)),
        (14, 2, None),
    ];
    for (i, &(n, batch, norm)) in cases.iter().enumerate() {
        for &prec in &precs {
            for dir in [Direction::Forward, Direction::Inverse] {
                let req = Request {
                    n: Some(n),
                    batch: Some(batch),
                    precision: prec,
                    direction: dir,
                    norm,
                    real: true,
                    ..Request::new(2)
                };
                let plan = jitfft::vc::real::resolve::real_plan(&req, None, None).unwrap();
                let tr = jitfft::vc::real::RealVc::hadamard(&g, &plan).unwrap();
                let names = tr.kernel_names();
                assert!(names.iter().all(|k| k.starts_with("wht_")), "{names:?}");
                let x = random_input(&tr.plan, s + i as u64);
                let (y, _) = tr.execute(&g, &x).unwrap();
                let b = batch as usize;
                let want: Vec<f64> = match dir {
                    Direction::Forward => rfftn_ref(2, n, b, &x, plan.scale())
                        .unwrap()
                        .iter()
                        .flat_map(|c| [c.re, c.im])
                        .collect(),
                    Direction::Inverse => irfftn_ref(2, n, b, &pairs(&x), plan.scale()).unwrap(),
                };
                let tol = if prec == Precision::F64 { 1e-13 } else { 2e-6 };
                let err = rel_l2(&y, &want);
                assert!(
                    err <= tol,
                    "{dir:?} n={n} batch={batch} {prec:?} {norm:?}: rel L2 {err:.2e}"
                );
                assert_eq!(tr.pass_bytes_each().len(), names.len());
                tr.release().unwrap();
            }
        }
    }
}

#[test]
fn r2c_and_c2r_equal_numpy_for_odd_and_even_p() {
    let g = gpu();
    let s = seed();
    let precs = if g.info.fp64 {
        vec![Precision::F32, Precision::F64]
    } else {
        vec![Precision::F32]
    };
    let cases = pick(
        &[
            (2, 4, 1),
            (3, 3, 2),
            (4, 2, 3),
            (5, 2, 1),
            (7, 2, 2),
            (6, 2, 1),
            (3, 1, 5),
        ],
        &[
            (2, 4, 1),
            (3, 3, 2),
            (4, 2, 3),
            (5, 2, 1),
            (7, 2, 2),
            (6, 2, 1),
            (3, 1, 5),
            (2, 1, 3),
            (2, 9, 2),
            (3, 6, 1),
            (4, 4, 2),
            (5, 4, 3),
            (6, 3, 2),
            (7, 3, 1),
            (8, 3, 1),
        ],
    );
    for (i, &(p, n, b)) in cases.iter().enumerate() {
        for &prec in &precs {
            for dir in [Direction::Forward, Direction::Inverse] {
                check(&g, (p, n, b), prec, dir, None, s + i as u64);
            }
        }
    }
}

/// The fused complex passes with the real path's ends (the real digit on load, numpy's rows
/// in and out), one pass and several (--fused-digits), rows of transforms a work-group and
/// one: odd and even p, p = 2, n = 1 and 2, batches, both precisions, every norm.
#[test]
fn fused_ends_equal_numpy() {
    let g = gpu();
    let s = seed();
    let cases: &[(u32, u32, u64, Option<u32>)] = &[
        (2, 1, 3, None),
        (2, 2, 1, None),
        (3, 2, 2, None),
        (3, 5, 1, Some(2)),
        (2, 6, 2, Some(3)),
        (4, 3, 3, Some(1)),
        (5, 3, 2, Some(1)),
        (6, 3, 2, Some(2)),
        (7, 2, 1, None),
    ];
    // Each case in one precision (both where the suite is exhaustive): programs are built
    // for every case, and fused ones take the CPU compiler a while.
    for (i, &(p, n, b, digits)) in cases.iter().enumerate() {
        let mut precs = vec![Precision::F32];
        if g.info.fp64 && (i % 2 == 1 || common::exhaustive()) {
            precs = vec![Precision::F64];
        }
        if g.info.fp64 && common::exhaustive() {
            precs.push(Precision::F32);
        }
        for &prec in &precs {
            for dir in [Direction::Forward, Direction::Inverse] {
                let norm = [None, Some(Norm::Ortho), Some(Norm::Full)][i % 3];
                let req = Request {
                    n: Some(n),
                    batch: Some(b),
                    precision: prec,
                    direction: dir,
                    norm,
                    real: true,
                    algorithm: Some(Algorithm::Fused),
                    fused_digits: digits,
                    ..Request::new(p)
                };
                check_req(&g, &req, s + i as u64);
            }
        }
    }
}

/// `JITFFT_REAL_BINS=on`: the end passes hold all h bins of their rows in one work-group,
/// interleaved in the work-item id (`_bins` kernels), equal to numpy for odd and even p, f32
/// and f64, batches, both directions; passes of few digits so that the ends span work-groups.
#[test]
fn bin_tiles_equal_numpy() {
    let g = gpu();
    let knobs = jitfft::runtime::Knobs {
        real_bins: jitfft::runtime::knobs::RealBins::On,
        ..g.knobs.clone()
    };
    let g = g.with_knobs(knobs);
    let s = seed() + 100;
    let cases: &[(u32, u32, u64, u32, Precision)] = &[
        (3, 5, 2, 2, Precision::F32),
        (2, 6, 3, 3, Precision::F64),
        (5, 3, 2, 1, Precision::F32),
        (4, 4, 1, 2, Precision::F64),
        (7, 3, 1, 1, Precision::F32),
    ];
    for (i, &(p, n, b, digits, prec)) in cases.iter().enumerate() {
        let prec = if g.info.fp64 { prec } else { Precision::F32 };
        for dir in [Direction::Forward, Direction::Inverse] {
            let req = Request {
                n: Some(n),
                batch: Some(b),
                precision: prec,
                direction: dir,
                norm: [None, Some(Norm::Ortho), Some(Norm::Full)][i % 3],
                real: true,
                algorithm: Some(Algorithm::Fused),
                fused_digits: Some(digits),
                ..Request::new(p)
            };
            let tr = real_transform(&req, &g, None, None).unwrap();
            let names = tr.kernel_names();
            let bins = names.iter().filter(|k| k.ends_with("_bins")).count();
            let ends = if dir == Direction::Forward { 2 } else { 1 };
            assert_eq!(bins, ends, "{p}^{n} {dir:?}: {names:?}");
            tr.release().unwrap();
            check_req(&g, &req, s + i as u64);
        }
    }
}

#[test]
fn every_norm_in_both_directions() {
    let g = gpu();
    let s = seed();
    for norm in [Norm::None, Norm::Full, Norm::Ortho] {
        for dir in [Direction::Forward, Direction::Inverse] {
            check(&g, (3, 2, 2), Precision::F32, dir, Some(norm), s);
        }
    }
}

fn tmp(name: &str) -> String {
    let d = std::env::temp_dir().join(format!("jitfft-real-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name).display().to_string()
}

/// The CLI round trip through .npy: rfftn's shape and dtype out, back to the input with
/// irfftn, checked by --check on both legs.
#[test]
fn cli_round_trip_through_npy() {
    let (x, y, z) = (tmp("x.npy"), tmp("y.npy"), tmp("z.npy"));
    let s = seed();
    let vals: Vec<f64> = jitfft::io::random::random_complex(2 * 125, s)
        .iter()
        .map(|c| c.re)
        .collect();
    let body: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(&x, npy_bytes("<f8", &[2, 5, 5, 5], &body)).unwrap();
    jitfft()
        .args([
            "vc",
            "--real",
            "--p",
            "5",
            "--n",
            "3",
            "--precision",
            "f64",
            "--check",
        ])
        .args(["--input", &x, "--output", &y])
        .assert()
        .success();
    let a = read_npy(std::path::Path::new(&y)).unwrap();
    assert_eq!(a.shape, vec![2, 5, 5, 3]);
    assert_eq!(a.descr, "<c16");
    jitfft()
        .args([
            "vc",
            "--real",
            "--inverse",
            "--p",
            "5",
            "--n",
            "3",
            "--precision",
            "f64",
        ])
        .args(["--check", "--input", &y, "--output", &z])
        .assert()
        .success();
    let b = read_npy(std::path::Path::new(&z)).unwrap();
    assert_eq!(b.shape, vec![2, 5, 5, 5]);
    let NpyData::Real(back) = b.data else {
        panic!("irfftn wrote {}", b.descr)
    };
    assert!(rel_l2(&back, &vals) < 1e-13, "round trip (seed {s})");
    let json = jitfft()
        .args([
            "vc", "--real", "--p", "3", "--n", "4", "--seed", "3", "--json", "--check",
        ])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&json.get_output().stdout).to_string();
    for key in [
        "\"rfftn\"",
        "\"kernel_ms\"",
        "\"rel_l2\"",
        "rvc_r2c_p3_f32",
        "rvc_bins_to_rows_p3_f32",
    ] {
        assert!(out.contains(key), "--json lacks {key}: {out}");
    }
}

#[test]
fn bad_input_is_refused_with_the_reason_and_no_output() {
    let (c, h, o) = (tmp("c.npy"), tmp("h.npy"), tmp("o.npy"));
    let cplx = vec![Complex64::new(1.0, 2.0); 9];
    std::fs::write(&c, npy_complex_shaped(&cplx, true, &[3, 3])).unwrap();
    fails_with(
        &["vc", "--real", "--p", "3", "--input", &c, "--output", &o],
        &["complex input", "x.real"],
    );
    // A full (3, 3) spectrum is not the half spectrum (3, 2) irfftn takes.
    fails_with(
        &[
            "vc",
            "--real",
            "--inverse",
            "--p",
            "3",
            "--input",
            &c,
            "--output",
            &o,
        ],
        &["expected (3, 2)", "p//2+1"],
    );
    std::fs::write(
        &h,
        npy_complex_shaped(&[Complex64::new(1.0, 0.0); 8], false, &[2, 4, 1]),
    )
    .unwrap();
    fails_with(
        &[
            "vc",
            "--real",
            "--inverse",
            "--p",
            "4",
            "--n",
            "2",
            "--input",
            &h,
            "--output",
            &o,
        ],
        &["expected (2, 4, 3)"],
    );
    let reals = npy_bytes("<f4", &[9], &[0u8; 36]);
    std::fs::write(&h, &reals).unwrap();
    fails_with(
        &[
            "vc",
            "--real",
            "--inverse",
            "--p",
            "3",
            "--input",
            &h,
            "--output",
            &o,
        ],
        &["complex64 or complex128"],
    );
    // Half storage runs (tests/vc_half.rs); on the streamed path it is refused.
    fails_with(
        &[
            "vc",
            "--real",
            "--p",
            "3",
            "--n",
            "2",
            "--precision",
            "f16",
            "--stream",
        ],
        &["--precision f16", "--stream"],
    );
    fails_with(
        &["vc", "--real", "--p", "3", "--n", "2", "--truth"],
        &["--truth"],
    );
    // Without the mpi feature, --mpi names the build that has it (tests/mpi_vc.rs runs it).
    #[cfg(not(feature = "mpi"))]
    fails_with(
        &["vc", "--real", "--p", "3", "--n", "2", "--mpi"],
        &["--mpi", "--features mpi"],
    );
    fails_with(&["vc", "--real", "--p", "3"], &["--n is required"]);
    fails_with(
        &[
            "vc",
            "--real",
            "--p",
            "3",
            "--n",
            "2",
            "--check",
            "--tolerance",
            "0",
            "--output",
            &o,
        ],
        &["--check failed"],
    );
    assert!(
        !std::path::Path::new(&o).exists(),
        "a refused run wrote {o}"
    );
}

/// `stats vc --real`: the real passes' compiler figures, then `stats vc`'s report of the
/// complex passes over p^(n−1) (CT or CG by --algo, batch h); text and JSON; --n required.
#[test]
fn stats_real_reports_the_real_and_the_complex_passes() {
    for algo in ["ct", "cg"] {
        let out = jitfft()
            .args([
                "stats", "vc", "--real", "--p", "5", "--n", "2", "--algo", algo, "--json",
            ])
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let names: Vec<&str> = v["real_kernels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["kernel"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["rvc_r2c_p5_f32", "rvc_bins_to_rows_p5_f32"], "{v}");
        assert!(!v["real_kernels"][0]["metrics"]
            .as_array()
            .unwrap()
            .is_empty());
        let c = &v["complex"];
        assert_eq!(c["plan"]["algorithm"], algo, "{c}");
        assert_eq!(c["plan"]["n"], 1);
        assert_eq!(c["plan"]["batch"], 3);
        assert!(!c["kernels"].as_array().unwrap().is_empty());
    }
    let out = jitfft()
        .args(["stats", "vc", "--real", "--inverse", "--p", "4", "--n", "1"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("kernel rvc_c2r_p4_f32 (real pass)"), "{text}");
    assert!(text.contains("no complex pass (n = 1)"), "{text}");
    jitfft()
        .args(["stats", "vc", "--real", "--p", "3"])
        .assert()
        .failure()
        .stderr(predicates::str::contains("needs --n"));
}

/// `source vc --real` prints the kernels the run launches on the device's plan: the fused
/// complex passes with the real path's ends (forward: the real digit on load, numpy's rows
/// out; inverse: the rows in, then the C2R), `_bins` ends where they add no pass, the real
/// pass and layout moves around ct passes.
#[test]
fn source_real_prints_the_fused_ends() {
    let src = |args: &[&str], bins: &str| {
        let out = jitfft()
            .env("JITFFT_REAL_BINS", bins)
            .args(["source", "vc", "--real", "--p", "3", "--n", "11"])
            .args(args)
            .assert()
            .success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    let kernels = |s: &str| -> Vec<String> {
        s.lines()
            .filter_map(|l| l.trim_start_matches("__kernel ").strip_prefix("void "))
            .map(|l| l.split('(').next().unwrap_or("").to_string())
            .collect()
    };
    let fwd = src(&["--algo", "fused", "--max-work-group", "256"], "off");
    let k = kernels(&fwd);
    assert!(
        k[0].starts_with("vc_fused0_p3_n10") && k[0].ends_with("_reals2"),
        "{k:?}"
    );
    assert!(k.iter().any(|n| n.ends_with("_rowsout2")), "{k:?}");
    assert!(
        fwd.contains("the run launches none of its kernels"),
        "{fwd}"
    );
    let inv = src(&["--algo", "fused", "--inverse"], "off");
    let k = kernels(&inv);
    assert!(
        k[0].ends_with("_rowsin2") && k.contains(&"rvc_c2r_p3_f32".to_string()),
        "{k:?}"
    );
    // Where bin tiles add no pass (3^10 × 2 bins in 6 + 4 digits either way), the default.
    let bins = src(&["--algo", "fused", "--max-work-group", "256"], "auto");
    assert_eq!(
        kernels(&bins)
            .iter()
            .filter(|n| n.ends_with("_bins"))
            .count(),
        2,
        "{bins}"
    );
    let ct = src(&["--algo", "ct"], "off");
    let k = kernels(&ct);
    assert!(!k.iter().any(|n| n.contains("_reals")), "{k:?}");
    assert!(k.contains(&"rvc_r2c_p3_f32".to_string()), "{k:?}");
}

/// The first `len` values of `v` from a 256-byte boundary on (`v` holds `len` + 64).
fn aligned(v: &mut [f32], len: usize) -> &mut [f32] {
    let skip = (256 - v.as_ptr() as usize % 256) % 256 / 4;
    &mut v[skip..skip + len]
}

/// `RealVc::execute_into` (Python's path: f32 or f64 host arrays, mapped on CPU devices,
/// through the pinned staging elsewhere) gives `execute`'s values exactly in both directions
/// and precisions, with the real passes or the fused ends first and last, refuses NaN input
/// with the output untouched, and refuses host values of the other precision.
#[test]
fn execute_into_equals_execute_in_the_plans_precision() {
    let g = gpu();
    let s = seed();
    for (p, n, algorithm) in [
        (3, 4, None),
        (4, 3, None),
        (5, 1, None),
        (3, 5, Some(Algorithm::Fused)),
    ] {
        for prec in [Precision::F32, Precision::F64] {
            for dir in [Direction::Forward, Direction::Inverse] {
                let req = Request {
                    n: Some(n),
                    batch: Some(2),
                    precision: prec,
                    direction: dir,
                    real: true,
                    algorithm,
                    ..Request::new(p)
                };
                let tr = real_transform(&req, &g, None, None).unwrap();
                let x = random_input(&tr.plan, s);
                let got: Vec<f64> = if prec == Precision::F32 {
                    let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
                    let mut y = vec![0f32; tr.output_reals()];
                    tr.execute_into(&g, &x32, &mut y, Some("test")).unwrap();
                    // Arrays at the device's base alignment: on CPU devices the real passes
                    // read and write them in place.
                    let (mut xa, mut ya) = (vec![0f32; x32.len() + 64], vec![0f32; y.len() + 64]);
                    let xs = aligned(&mut xa, x32.len());
                    xs.copy_from_slice(&x32);
                    let ys = aligned(&mut ya, y.len());
                    tr.execute_into(&g, xs, ys, Some("test")).unwrap();
                    assert!(ys == y.as_slice(), "{dir:?} p={p} n={n}: in place differs");
                    y.iter().map(|&v| v as f64).collect()
                } else {
                    let mut y = vec![0f64; tr.output_reals()];
                    tr.execute_into(&g, &x, &mut y, Some("test")).unwrap();
                    y
                };
                let x_in: Vec<f64> = match prec {
                    Precision::F32 => x.iter().map(|&v| v as f32 as f64).collect(),
                    Precision::F64 => x.clone(),
                };
                let (want, _) = tr.execute(&g, &x_in).unwrap();
                assert!(
                    got == want,
                    "{dir:?} p={p} n={n} {prec:?} (seed {s}): execute_into differs"
                );
            }
        }
    }
    let req = Request {
        n: Some(3),
        batch: Some(1),
        precision: Precision::F32,
        real: true,
        ..Request::new(3)
    };
    let tr = real_transform(&req, &g, None, None).unwrap();
    let mut x = vec![1f32; tr.input_reals()];
    x[5] = f32::INFINITY;
    let mut y = vec![7f32; tr.output_reals()];
    let err = tr.execute_into(&g, &x, &mut y, Some("test")).unwrap_err();
    assert!(err.to_string().contains("first at position 5"), "{err}");
    assert!(y.iter().all(|&v| v == 7.0), "output touched");
    let mut z = vec![0f64; tr.output_reals()];
    let err = tr
        .execute_into(&g, &vec![0f64; tr.input_reals()], &mut z, None)
        .unwrap_err();
    assert!(err.to_string().contains("computes in"), "{err}");
}
