//! The streamed (out-of-core) VC transform (`vc::stream`, `vc --stream`) on the test device with
//! its memory capped, so every size here streams in several passes of several chunks: results
//! against the f64 CPU reference (the numpy-equivalent fftn over (p,)*n) for p = 2, 3, 5, f32
//! and f64, forward and inverse, batches; the CLI's report, automatic streaming, .npy files.

mod common;

use common::{fails_with, jitfft, pick, seed};
use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::stream::StreamedVc;
use jitfft::vc::{Algorithm, Direction, Precision, VcOptions, VcPlan};
use num_complex::{Complex32, Complex64};
use serde_json::Value;

/// (p, n, batch, precision, direction, algorithm of the lowest pass, device bytes).
type Case = (u32, u32, u64, Precision, Direction, Algorithm, u64);

fn run_case(gpu: &mut jitfft::runtime::Gpu, case: Case, seed: u64) {
    let (p, n, batch, precision, direction, algo, bytes) = case;
    gpu.info.global_mem_bytes = bytes;
    gpu.info.max_alloc_bytes = bytes;
    let opts = VcOptions {
        precision,
        direction,
        ..VcOptions::default()
    };
    let whole = VcPlan::new(p, n, opts).unwrap().with_batch(batch).unwrap();
    let bottom = |pl: VcPlan| {
        VcPlan::new(
            pl.p,
            pl.n,
            VcOptions {
                algorithm: algo,
                precision: pl.precision,
                direction: pl.direction,
                norm: Some(pl.norm),
                ..VcOptions::default()
            },
        )
    };
    let sv = StreamedVc::new(gpu, &whole, &bottom).unwrap();
    assert!(
        sv.plan.passes.len() >= 2 || batch > 1,
        "{case:?}: expected several passes, {:?}",
        sv.plan
    );
    assert!(
        sv.plan.passes.iter().any(|s| s.chunks(p) > 3),
        "{:?}",
        sv.plan
    );
    let input = random_complex(whole.total_len() as usize, seed);
    let out: Vec<Complex64> = match precision {
        Precision::F32 => {
            let mut d: Vec<Complex32> = input
                .iter()
                .map(|c| Complex32::new(c.re as f32, c.im as f32))
                .collect();
            sv.run(gpu, &mut d).unwrap();
            d.iter()
                .map(|c| Complex64::new(c.re as f64, c.im as f64))
                .collect()
        }
        Precision::F64 => {
            let mut d = input.clone();
            sv.run(gpu, &mut d).unwrap();
            d
        }
    };
    let len = whole.len as usize;
    for k in 0..batch as usize {
        let r = k * len..(k + 1) * len;
        let want = separable_vc(p, n, &input[r.clone()], direction, whole.scale()).unwrap();
        let e = compare(&out[r], &want);
        let tol = if precision == Precision::F32 {
            2e-6
        } else {
            1e-13
        };
        assert!(
            e.rel_l2 < tol,
            "{case:?} seed {seed} transform {k}: rel L2 {:.3e}",
            e.rel_l2
        );
    }
    sv.release().unwrap();
}

#[test]
fn streamed_matches_reference() {
    use Algorithm::*;
    use Direction::*;
    use Precision::*;
    let all: &[Case] = &[
        (3, 10, 1, F32, Forward, Ct, 64 << 10),
        (2, 14, 1, F64, Inverse, Ct, 128 << 10),
        (5, 6, 3, F32, Inverse, Ct, 48 << 10),
        (3, 7, 5, F64, Forward, Fused, 96 << 10),
        (2, 12, 2, F32, Forward, Cg, 64 << 10),
        (5, 7, 1, F64, Forward, Ct, 256 << 10),
        (3, 12, 1, F32, Inverse, Fused, 1 << 20),
    ];
    let some = &all[..5];
    let mut gpu = common::gpu();
    let s = seed();
    for case in pick(some, all) {
        run_case(&mut gpu, case, s);
    }
}

#[test]
fn cli_stream_reports_passes_against_pinned_rate() {
    // --progress: a line each tenth of the chunks on stderr (not a terminal here), the JSON
    // on stdout untouched.
    let out = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "1MiB")
        .args([
            "vc",
            "--stream",
            "--p",
            "3",
            "--n",
            "12",
            "--check",
            "--progress",
            "--json",
        ])
        .assert()
        .success();
    let r: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    let chunks: u64 = r["details"]["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["chunks"].as_u64().unwrap())
        .sum();
    assert!(
        err.contains(&format!("stream: {chunks}/{chunks} chunks (100%)")),
        "{err}"
    );
    assert_eq!(err.matches("stream: ").count(), 10, "{err}");
    assert_eq!(r["details"]["streamed"], true);
    assert_eq!(r["details"]["reason"], "--stream");
    assert!(r["check"]["ok"].as_bool().unwrap());
    let floor = r["details"]["floor"]["rate_gbs"].as_f64().unwrap();
    assert!(floor > 0.0);
    let passes = r["details"]["passes"].as_array().unwrap();
    assert!(passes.len() >= 2);
    let digits: u64 = passes
        .iter()
        .map(|p| p["digits"][1].as_u64().unwrap())
        .sum();
    assert_eq!(digits, 12);
    for p in passes {
        assert_eq!(p["bytes"], 531441 * 8);
        let rate = p["rate_gbs"].as_f64().unwrap();
        assert!((p["of_pinned"].as_f64().unwrap() - rate / floor).abs() < 1e-9 * rate / floor);
        assert!(p["chunks"].as_u64().unwrap() > 1);
    }
    assert!(r["details"]["device_bytes"].as_u64().unwrap() <= 1 << 20);
    // Random input is jitfft's own array: pinned (pieces within the capped allocation
    // limit), moved by rectangle transfers, no host copies.
    let how = r["details"]["host_array"].as_str().unwrap();
    assert!(
        how.starts_with("pinned (") && how.contains("rectangle"),
        "{how}"
    );
    assert!(passes
        .iter()
        .all(|p| p["gather_ms"] == 0.0 && p["scatter_ms"] == 0.0));
}

#[test]
fn cli_pinned_host_array_writes_what_gather_scatter_writes() {
    // The same seed through both mechanisms, several pieces and passes: the same text output
    // byte for byte; an .npy output keeps the pageable array and says why.
    let dir = tempfile::tempdir().unwrap();
    let run = |how: &str, out: &str| -> Value {
        let o = jitfft()
            .env("JITFFT_DEVICE_MEMORY", "256KiB")
            .env("JITFFT_STREAM_HOST", how)
            .args([
                "vc", "--stream", "--p", "3", "--n", "10", "--seed", "11", "--json",
            ])
            .arg("--output")
            .arg(dir.path().join(out))
            .assert()
            .success();
        serde_json::from_slice(&o.get_output().stdout).unwrap()
    };
    let pinned = run("auto", "a.txt");
    let staged = run("staged", "b.txt");
    let how = pinned["details"]["host_array"].as_str().unwrap();
    assert!(
        how.starts_with("pinned (") && !how.starts_with("pinned (1 "),
        "{how}"
    );
    assert!(staged["details"]["host_array"]
        .as_str()
        .unwrap()
        .contains("JITFFT_STREAM_HOST=staged"));
    assert!(pinned["details"]["passes"].as_array().unwrap().len() >= 2);
    let read = |f: &str| std::fs::read(dir.path().join(f)).unwrap();
    assert!(read("a.txt") == read("b.txt"), "outputs differ");
    let npy = run("auto", "c.npy");
    assert!(npy["details"]["host_array"]
        .as_str()
        .unwrap()
        .contains(".npy output"));
}

#[test]
fn cli_streams_by_itself_and_files_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("x.npy");
    let (p, n, b) = (5u32, 5u32, 3usize);
    let len = 5usize.pow(n) * b;
    let data = random_complex(len, seed());
    let bytes = jitfft::io::npy::npy_complex_shaped(&data, true, &[b, 3125]);
    std::fs::write(&x, bytes).unwrap();
    let y = dir.path().join("y.npy");
    let out = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "64KiB")
        .args(["vc", "--p", "5", "--input"])
        .arg(&x)
        .arg("--output")
        .arg(&y)
        .args(["--check", "--json"])
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr);
    assert!(err.contains("streaming it through the device"), "{err}");
    let r: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(r["plan"]["batch"], 3);
    assert!(r["check"]["ok"].as_bool().unwrap());
    let arr = jitfft::io::npy::read_npy(&y).unwrap();
    assert_eq!(arr.shape, vec![b, 3125]);
    assert_eq!(arr.descr, "<c8");
    let jitfft::io::npy::NpyData::Complex(got) = arr.data else {
        panic!("complex output expected")
    };
    for k in 0..b {
        let r = k * 3125..(k + 1) * 3125;
        let x32: Vec<Complex64> = data[r.clone()]
            .iter()
            .map(|c| Complex64::new(c.re as f32 as f64, c.im as f32 as f64))
            .collect();
        let want = separable_vc(p, n, &x32, Direction::Forward, 1.0).unwrap();
        assert!(compare(&got[r], &want).rel_l2 < 2e-6);
    }
    // Without the cap the same plan fits: nothing is said about streaming.
    let out = jitfft()
        .args(["vc", "--p", "5", "--input"])
        .arg(&x)
        .args(["--json"])
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr);
    assert!(!err.contains("streaming"), "{err}");
}

#[test]
fn bad_cap_and_conflicts_are_refused() {
    let out = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "lots")
        .args(["vc", "--stream", "--p", "3", "--n", "6"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr);
    assert!(
        err.contains("JITFFT_DEVICE_MEMORY=lots") && err.contains("1MiB"),
        "{err}"
    );
    fails_with(
        &["vc", "--stream", "--overlap", "--p", "3", "--n", "6"],
        &["--overlap"],
    );
    // A cap too small for even one chunk: tests/faults.rs.
}
