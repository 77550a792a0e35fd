//! `vc --real --stream` (issue 35): R2C ≡ numpy.fft.rfftn and C2R ≡ irfftn(y, s=(p,)*n) streamed
//! through a device whose memory is capped, so the real digit runs in several chunks of rows
//! and the complex digits in several streamed passes: against the f64 oracle
//! (`reference::real`) for p = 2, 3, 4, 5, 7 and 6, f32 and f64, forward and inverse, batches,
//! every norm; the CLI's report, .npy round trip, progress and bad input.

mod common;

use common::{fails_with, gpu, jitfft, pick, seed};
use jitfft::io::npy::{npy_bytes, npy_complex_shaped, read_npy, NpyData};
use jitfft::reference::real::{irfftn_ref, rfftn_ref};
use jitfft::transform::{Direction, Norm, Precision};
use jitfft::vc::real::data::random_input;
use jitfft::vc::real::streamed::run_streamed;
use jitfft::vc::real::RealPlan;
use jitfft::vc::{VcOptions, VcPlan};
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

/// One streamed run of (p, n, batch) on `g` capped to `bytes` of device memory, against the
/// oracle; returns (digit chunks, complex passes).
fn check(
    g: &mut jitfft::runtime::Gpu,
    (p, n, batch, bytes): (u32, u32, u64, u64),
    prec: Precision,
    dir: Direction,
    norm: Option<Norm>,
    s: u64,
) -> (u64, usize) {
    // The same elements a chunk in f32 and f64.
    let bytes = bytes * prec.complex_bytes() / 8;
    g.info.global_mem_bytes = bytes;
    g.info.max_alloc_bytes = bytes;
    let rp = RealPlan::new(p, n, batch, prec, dir, norm).unwrap();
    let whole = (n > 1).then(|| {
        let o = VcOptions {
            precision: prec,
            direction: dir,
            norm: Some(rp.norm),
            ..VcOptions::default()
        };
        VcPlan::new(p, n - 1, o)
            .unwrap()
            .with_batch(batch * rp.half())
            .unwrap()
    });
    let bottom = |pl: VcPlan| Ok(pl);
    let x = random_input(&rp, s);
    let (y, t) = run_streamed(g, &rp, whole.as_ref(), &bottom, &x, None).unwrap();
    let b = batch as usize;
    let want: Vec<f64> = match dir {
        Direction::Forward => rfftn_ref(p, n, b, &x, rp.scale())
            .unwrap()
            .iter()
            .flat_map(|c| [c.re, c.im])
            .collect(),
        Direction::Inverse => irfftn_ref(p, n, b, &pairs(&x), rp.scale()).unwrap(),
    };
    let tol = if prec == Precision::F64 { 1e-13 } else { 2e-6 };
    let err = rel_l2(&y, &want);
    assert!(
        err <= tol,
        "{dir:?} p={p} n={n} batch={batch} {prec:?} {norm:?} cap {bytes} (seed {s}): rel L2 {err:.2e}"
    );
    let passes = t.complex.as_ref().map_or(0, |c| c.passes.len());
    (t.digit.chunks, passes)
}

#[test]
fn streamed_r2c_and_c2r_equal_numpy() {
    let mut g = gpu();
    let s = seed();
    let precs = if g.info.fp64 {
        vec![Precision::F32, Precision::F64]
    } else {
        vec![Precision::F32]
    };
    // (p, n, batch, device bytes): every case streams the digit in several chunks; the
    // larger ones the complex digits in several passes too.
    let cases = pick(
        &[
            (2, 13, 1, 64 << 10),
            (3, 8, 1, 64 << 10),
            (4, 6, 2, 64 << 10),
            (5, 5, 3, 64 << 10),
            (7, 4, 3, 64 << 10),
            (6, 4, 5, 64 << 10),
            (3, 1, 40, 256),
        ],
        &[
            (2, 13, 1, 64 << 10),
            (3, 8, 1, 64 << 10),
            (4, 6, 2, 64 << 10),
            (5, 5, 3, 64 << 10),
            (7, 4, 3, 64 << 10),
            (6, 4, 5, 64 << 10),
            (3, 1, 40, 256),
            (2, 15, 2, 64 << 10),
            (3, 10, 1, 64 << 10),
            (5, 6, 1, 64 << 10),
            (7, 5, 1, 64 << 10),
            (6, 5, 2, 64 << 10),
        ],
    );
    let mut several_passes = false;
    for (i, &case) in cases.iter().enumerate() {
        for &prec in &precs {
            for dir in [Direction::Forward, Direction::Inverse] {
                let (chunks, passes) = check(&mut g, case, prec, dir, None, s + i as u64);
                assert!(chunks > 1, "{case:?}: the digit ran in one chunk");
                several_passes |= passes > 1;
            }
        }
    }
    assert!(
        several_passes,
        "no case streamed the complex digits in passes"
    );
    // Every norm, both directions (the norm splits over the digit and the complex stage).
    for norm in [Norm::None, Norm::Full, Norm::Ortho] {
        for dir in [Direction::Forward, Direction::Inverse] {
            check(
                &mut g,
                (3, 6, 2, 16 << 10),
                Precision::F32,
                dir,
                Some(norm),
                s,
            );
        }
    }
}

fn tmp(name: &str) -> String {
    let d = std::env::temp_dir().join(format!("jitfft-real-stream-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name).display().to_string()
}

/// The CLI: a real .npy streamed to numpy's half spectrum and back, each leg `--check`ed, the
/// forward result equal to the oracle, the report's stages and progress.
#[test]
fn cli_streams_real_files_round_trip() {
    let (x, y, z) = (tmp("x.npy"), tmp("y.npy"), tmp("z.npy"));
    let s = seed();
    let vals: Vec<f64> = jitfft::io::random::random_complex(2 * 3usize.pow(7), s)
        .iter()
        .map(|c| c.re)
        .collect();
    let body: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    std::fs::write(&x, npy_bytes("<f8", &[2, 3, 3, 3, 3, 3, 3, 3], &body)).unwrap();
    let cap = [("JITFFT_DEVICE_MEMORY", "40KiB")];
    let fwd = jitfft()
        .envs(cap)
        .args(["vc", "--real", "--stream", "--p", "3", "--n", "7"])
        .args(["--precision", "f64", "--check", "--json", "--progress"])
        .args(["--input", &x, "--output", &y])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&fwd.get_output().stdout).to_string();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["details"]["streamed"], true, "{out}");
    assert_eq!(v["plan"]["kind"], "rfftn");
    assert!(
        v["details"]["digit"]["chunks"].as_u64().unwrap() > 1,
        "{out}"
    );
    assert!(
        v["details"]["complex"]["passes"].as_array().unwrap().len() > 1,
        "{out}"
    );
    assert_eq!(v["check"]["ok"], true);
    let err = String::from_utf8_lossy(&fwd.get_output().stderr).to_string();
    assert!(err.contains("stream:") && err.contains("(100%)"), "{err}");
    let a = read_npy(std::path::Path::new(&y)).unwrap();
    assert_eq!(a.shape, vec![2, 3, 3, 3, 3, 3, 3, 2]);
    let NpyData::Complex(got) = a.data else {
        panic!("rfftn wrote {}", a.descr)
    };
    let want = rfftn_ref(3, 7, 2, &vals, 1.0).unwrap();
    let flat = |v: &[Complex64]| v.iter().flat_map(|c| [c.re, c.im]).collect::<Vec<_>>();
    assert!(rel_l2(&flat(&got), &flat(&want)) < 1e-13, "seed {s}");
    let inv = jitfft()
        .envs(cap)
        .args([
            "vc",
            "--real",
            "--stream",
            "--inverse",
            "--p",
            "3",
            "--n",
            "7",
        ])
        .args([
            "--precision",
            "f64",
            "--check",
            "--input",
            &y,
            "--output",
            &z,
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&inv.get_output().stdout).to_string();
    assert!(
        text.contains("streamed") && text.contains("real digit:") && text.contains("ok"),
        "{text}"
    );
    let b = read_npy(std::path::Path::new(&z)).unwrap();
    assert_eq!(b.shape, vec![2, 3, 3, 3, 3, 3, 3, 3]);
    let NpyData::Real(back) = b.data else {
        panic!("irfftn wrote {}", b.descr)
    };
    assert!(rel_l2(&back, &vals) < 1e-13, "round trip (seed {s})");
}

#[test]
fn streamed_bad_input_is_refused_with_no_output() {
    let (c, o) = (tmp("c.npy"), tmp("o.npy"));
    let cplx = vec![Complex64::new(1.0, 2.0); 9];
    std::fs::write(&c, npy_complex_shaped(&cplx, true, &[3, 3])).unwrap();
    fails_with(
        &[
            "vc", "--real", "--stream", "--p", "3", "--input", &c, "--output", &o,
        ],
        &["complex input", "x.real"],
    );
    fails_with(
        &[
            "vc",
            "--real",
            "--stream",
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
    fails_with(
        &[
            "vc", "--real", "--stream", "--p", "3", "--n", "2", "--truth",
        ],
        &["--truth"],
    );
    assert!(
        !std::path::Path::new(&o).exists(),
        "a refused run wrote {o}"
    );
}

/// A real run that does not fit the (capped) device streams by itself and says why; one that
/// fits stays in memory.
#[test]
fn streams_by_itself_where_it_does_not_fit() {
    let cap = [("JITFFT_DEVICE_MEMORY", "64KiB")];
    let big = jitfft()
        .envs(cap)
        .args(["vc", "--real", "--p", "3", "--n", "9", "--check", "--json"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&big.get_output().stdout).to_string();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["details"]["streamed"], true, "{out}");
    assert_eq!(v["check"]["ok"], true, "{out}");
    let err = String::from_utf8_lossy(&big.get_output().stderr).to_string();
    assert!(err.contains("vc --real --stream"), "{err}");
    let small = jitfft()
        .envs(cap)
        .args(["vc", "--real", "--p", "3", "--n", "4", "--check", "--json"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&small.get_output().stdout).to_string();
    assert!(!out.contains("\"streamed\""), "{out}");
}
