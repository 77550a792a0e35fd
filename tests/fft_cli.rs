//! `jitfft fft` end to end on PoCL: the issue's three commands, a `.npy` round trip against
//! the library's reference (f64, and float16 pairs under `--precision f16`), the report's
//! schema, and bad input (usage errors exit 2, other refusals 1, no output file).

mod common;

use common::{fails_with, jitfft};
use num_complex::Complex64;

#[test]
fn the_issue_commands_pass_their_check() {
    // The issue's large shapes (a Bluestein length of 2^21, a 1000 × 768 real image) under
    // JITFFT_EXHAUSTIVE=1; the default run takes the same routes at a fraction of the size.
    let (prime, image) = if common::exhaustive() {
        ("1000003", "1000,768")
    } else {
        ("10007", "100,76")
    };
    for args in [
        &[
            "fft", "--shape", prime, "--check", "--device", "cpu", "--repeat", "1",
        ][..],
        &["fft", "--shape", "6,10", "--check", "--repeat", "1"],
        &[
            "fft", "--shape", image, "--real", "--check", "--repeat", "1",
        ],
        &[
            "fft",
            "--shape",
            "12,35",
            "--real",
            "--inverse",
            "--norm",
            "ortho",
            "--check",
            "--repeat",
            "1",
        ],
        &[
            "fft",
            "--shape",
            "3,4,5",
            "--axes",
            "-1,0",
            "--inverse",
            "--precision",
            "f64",
            "--check",
            "--repeat",
            "1",
        ],
    ] {
        jitfft().args(args).assert().success();
    }
}

/// `jitfft fft --json --check` with `args` from `inp` to `out`: its report, after a success.
fn json_run(args: &[&str], inp: &std::path::Path, out: &std::path::Path) -> serde_json::Value {
    let o = jitfft()
        .args(["fft", "--json", "--check"])
        .args(args)
        .arg("--input")
        .arg(inp)
        .arg("--output")
        .arg(out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn npy_in_npy_out_with_the_json_report() {
    let dir = tempfile::tempdir().unwrap();
    let (inp, out) = (dir.path().join("x.npy"), dir.path().join("y.npy"));
    let x: Vec<Complex64> = (0..7 * 11)
        .map(|i| Complex64::new((i as f64).sin(), (i as f64 * 0.3).cos()))
        .collect();
    std::fs::write(
        &inp,
        jitfft::io::npy::npy_complex_shaped(&x, false, &[7, 11]),
    )
    .unwrap();
    let r = json_run(&["--precision", "f64", "--repeat", "2"], &inp, &out);
    assert_eq!(r["transform"]["kind"], "fftn");
    assert_eq!(r["transform"]["shape"], serde_json::json!([7, 11]));
    assert!(r["timing"]["kernel_ms"]["median"].as_f64().is_some());
    assert_eq!(r["check"]["passed"], true);
    let y = jitfft::io::npy::read_npy(&out).unwrap();
    assert_eq!(y.shape, vec![7, 11]);
    let jitfft::io::npy::NpyData::Complex(y) = y.data else {
        panic!("complex output")
    };
    let want = jitfft::reference::fft::fftn(
        &x,
        &[7, 11],
        &[1, 0],
        jitfft::transform::Direction::Forward,
        1.0,
    );
    assert!(jitfft::reference::compare(&y, &want).rel_l2 < 1e-13);
}

#[test]
fn bad_input_is_refused_clearly() {
    fails_with(&["fft", "--shape", "0,4"], &["length"]);
    fails_with(
        &["fft", "--shape", "4,4", "--axes", "2"],
        &["axis 2 is out of range"],
    );
    fails_with(
        &["fft", "--shape", "4,4", "--axes", "0,0"],
        &["named twice"],
    );
    fails_with(&["fft"], &["--shape"]);
    jitfft()
        .args(["fft", "--shape", "8", "--norm", "both"])
        .assert()
        .code(2);
    jitfft().args(["fft", "--shape", "x"]).assert().code(2);
    let dir = tempfile::tempdir().unwrap();
    let inp = dir.path().join("c.npy");
    std::fs::write(
        &inp,
        jitfft::io::npy::npy_complex_shaped(&[Complex64::new(1.0, 2.0); 4], true, &[4]),
    )
    .unwrap();
    let out = dir.path().join("o.npy");
    let o = jitfft()
        .args(["fft", "--real"])
        .arg("--input")
        .arg(&inp)
        .arg("--output")
        .arg(&out)
        .output()
        .unwrap();
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("real input"));
    assert!(!out.exists());
}

#[test]
fn half_precision_reads_and_writes_float16_pairs() {
    use jitfft::io::half::{f16_to_f32, f32_to_f16};
    let dir = tempfile::tempdir().unwrap();
    let (inp, out) = (dir.path().join("x.npy"), dir.path().join("y.npy"));
    let x: Vec<Complex64> = (0..6 * 10)
        .map(|i| Complex64::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos()))
        .map(|c| {
            let r = |v: f64| f16_to_f32(f32_to_f16(v as f32)) as f64;
            Complex64::new(r(c.re), r(c.im))
        })
        .collect();
    let halves: Vec<u8> = x
        .iter()
        .flat_map(|c| [c.re, c.im])
        .flat_map(|v| f32_to_f16(v as f32).to_le_bytes())
        .collect();
    std::fs::write(
        &inp,
        jitfft::io::npy::npy_bytes("<f2", &[6, 10, 2], &halves),
    )
    .unwrap();
    let r = json_run(&["--precision", "f16", "--repeat", "1"], &inp, &out);
    assert_eq!(r["transform"]["precision"], "f32");
    assert_eq!(r["plan"]["half"], "f16");
    assert_eq!(r["check"]["tolerance"], 2e-3);
    let y = jitfft::io::npy::read_npy(&out).unwrap();
    assert_eq!((y.descr.as_str(), y.shape.clone()), ("<f2", vec![6, 10, 2]));
    let jitfft::io::npy::NpyData::Real(y) = y.data else {
        panic!("float16 output")
    };
    let y: Vec<Complex64> = y.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect();
    let want = jitfft::reference::fft::fftn(
        &x,
        &[6, 10],
        &[1, 0],
        jitfft::transform::Direction::Forward,
        1.0,
    );
    assert!(jitfft::reference::compare(&y, &want).rel_l2 < 2e-3);
    // bfloat16 has no .npy dtype: refused before any work, no file; a precision that does
    // not exist is a usage error.
    let bf = dir.path().join("b.npy");
    let o = jitfft()
        .args(["fft", "--precision", "bf16", "--shape", "8", "--output"])
        .arg(&bf)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bfloat16"));
    assert!(!bf.exists());
    jitfft()
        .args(["fft", "--shape", "8", "--precision", "f8"])
        .assert()
        .code(2);
}

/// `stats fft`: every kernel of the run's programs (those `source fft` prints) with the
/// generator's counts and the device's figures; the refusals of a missing shape and of
/// exports without offline targets. Odd irfftn runs two programs (exhaustive).
#[test]
fn stats_fft_reports_every_kernel_of_the_run() {
    let mut cases = vec![vec!["--shape", "6,10"]];
    if common::exhaustive() {
        cases.push(vec!["--shape", "6,9", "--real", "--inverse"]);
        cases.push(vec![
            "--shape",
            "37",
            "--precision",
            "f16",
            "--norm",
            "ortho",
        ]);
    }
    for case in cases {
        let out = jitfft()
            .args(["stats", "fft", "--json"])
            .args(&case)
            .assert()
            .success();
        let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let source = jitfft()
            .args(["source", "fft"])
            .args(&case)
            .assert()
            .success();
        let source = String::from_utf8_lossy(&source.get_output().stdout).to_string();
        let programs = v["programs"].as_array().unwrap();
        let expected = if case.contains(&"--inverse") { 2 } else { 1 };
        assert_eq!(programs.len(), expected, "{case:?}");
        for p in programs {
            let kernels = p["kernels"].as_array().unwrap();
            assert!(!kernels.is_empty(), "{case:?}");
            for k in kernels {
                let name = k["kernel"].as_str().unwrap();
                assert!(
                    source.contains(&format!("{name}(")),
                    "{name} not in source fft"
                );
                let g = &k["generator"];
                assert!(g["global_loads"].as_u64().unwrap() > 0, "{name}: {g}");
                assert!(g["global_stores"].as_u64().unwrap() > 0, "{name}: {g}");
                assert!(!k["metrics"].as_array().unwrap().is_empty(), "{name}");
            }
            assert!(!p["launches"].as_str().unwrap().is_empty());
        }
    }
    fails_with(&["stats", "fft"], &["needs --shape"]);
    fails_with(
        &["stats", "fft", "--shape", "8", "--export-csv", "x.csv"],
        &["--export*", "--target"],
    );
}
