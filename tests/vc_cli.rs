//! The command line end to end on the real OpenCL device: results, formats, and every bad
//! input the core issue lists, each with its message checked.

mod common;

use common::{fails_with, jitfft};
use jitfft::io::npy::{npy_complex_bytes, parse_npy, NpyData};
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::Direction;
use num_complex::Complex64;
use predicates::prelude::*;
use std::path::Path;

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.display().to_string()
}

/// A minimal .npy with an arbitrary header, for malformed-file cases.
fn npy_with(descr: &str, shape: &str, body: &[u8]) -> Vec<u8> {
    let mut h = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
    while (10 + h.len() + 1) % 64 != 0 {
        h.push(' ');
    }
    h.push('\n');
    let mut b = b"\x93NUMPY\x01\x00".to_vec();
    b.extend_from_slice(&(h.len() as u16).to_le_bytes());
    b.extend_from_slice(h.as_bytes());
    b.extend_from_slice(body);
    b
}

#[test]
fn spectrum_npy_round_trip_matches_reference() {
    let dir = tempfile::tempdir().unwrap();
    let x: Vec<Complex64> = (0..81)
        .map(|i| Complex64::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos()))
        .collect();
    let input = write(dir.path(), "in.npy", &npy_complex_bytes(&x, false));
    let out = dir.path().join("out.npy");
    jitfft()
        .args([
            "vc",
            "--p",
            "3",
            "--input",
            &input,
            "--precision",
            "f64",
            "--algo",
            "cg",
            "--check",
        ])
        .args(["--output", out.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("relative L2 error"));
    let arr = parse_npy(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(arr.descr, "<c16");
    let NpyData::Complex(got) = arr.data else {
        panic!("not complex")
    };
    let want = separable_vc(3, 4, &x, Direction::Forward, 1.0).unwrap();
    assert!(compare(&got, &want).rel_l2 < 1e-12);
}

#[test]
fn inverse_of_written_spectrum_restores_input_and_txt_output() {
    let dir = tempfile::tempdir().unwrap();
    let spec = dir.path().join("s.npy");
    let back = dir.path().join("back.txt");
    jitfft()
        .args([
            "vc",
            "--p",
            "5",
            "--n",
            "2",
            "--random",
            "7",
            "--precision",
            "f64",
            "--output",
            spec.to_str().unwrap(),
        ])
        .assert()
        .success();
    jitfft()
        .args([
            "vc",
            "--p",
            "5",
            "--inverse",
            "--precision",
            "f64",
            "--input",
            spec.to_str().unwrap(),
            "--output",
            back.to_str().unwrap(),
        ])
        .assert()
        .success();
    let text = std::fs::read_to_string(&back).unwrap();
    let got: Vec<Complex64> = text
        .lines()
        .map(|l| {
            let v: Vec<f64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
            Complex64::new(v[0], v[1])
        })
        .collect();
    let want = jitfft::io::random::random_complex(25, 7);
    assert!(compare(&got, &want).rel_l2 < 1e-12);
}

#[test]
fn json_report_and_complex64_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.npy");
    let a = jitfft()
        .args([
            "vc",
            "--p",
            "4",
            "--n",
            "3",
            "--radix",
            "16",
            "--coeffs",
            "literal",
            "--random",
            "3",
            "--check",
            "--json",
            "--output",
            out.to_str().unwrap(),
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    assert_eq!(v["plan"]["len"], 64);
    assert_eq!(v["details"]["radices"], "16·4");
    assert!(v["check"]["rel_l2"].as_f64().unwrap() < 1e-5);
    assert!(v["timing"]["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
    assert_eq!(v["details"]["seed"], 3);
    assert_eq!(
        parse_npy(&std::fs::read(&out).unwrap()).unwrap().descr,
        "<c8"
    );
}

#[test]
fn truth_vector_with_roots_encoding() {
    let dir = tempfile::tempdir().unwrap();
    // f = x1·x2 over GF(3): bent, so every |S| = 3.
    let t = write(dir.path(), "f.txt", b"0 0 0\n0 1 2\n0 2 1\n");
    let a = jitfft()
        .args([
            "vc",
            "--p",
            "3",
            "--input",
            &t,
            "--encoding",
            "roots",
            "--json",
            "--output",
        ])
        .arg(dir.path().join("s.txt"))
        .assert()
        .success();
    let _: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    let s = std::fs::read_to_string(dir.path().join("s.txt")).unwrap();
    for l in s.lines() {
        let v: Vec<f64> = l.split_whitespace().map(|t| t.parse().unwrap()).collect();
        assert!(
            ((v[0] * v[0] + v[1] * v[1]).sqrt() - 3.0).abs() < 1e-4,
            "{l}"
        );
    }
}

#[test]
fn source_prints_named_commented_kernels() {
    jitfft()
        .args([
            "source",
            "vc",
            "--p",
            "3",
            "--n",
            "5",
            "--radix",
            "9",
            "--algo",
            "cg",
            "--coeffs",
            "const-matrix",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "__kernel void vc_cg_p3r9_matrix_f32(",
        ))
        .stdout(predicate::str::contains(
            "__kernel void vc_cg_r3_matrix_f32(",
        ))
        .stdout(predicate::str::contains(
            "// vc_cg_p3r9_matrix_f32: one radix-9 pass",
        ));
}

#[test]
fn bent_detects_bent_and_not_bent() {
    let dir = tempfile::tempdir().unwrap();
    let bent = write(dir.path(), "b.txt", b"0 0 0 0 1 2 0 2 1");
    let plain = write(dir.path(), "l.txt", b"0 1 2 1 2 0 2 0 1"); // x1 + x2: not bent
    jitfft()
        .args(["bent", "--p", "3", "--input", &bent])
        .assert()
        .success()
        .stdout(predicate::str::contains("BENT"));
    jitfft()
        .args(["bent", "--p", "3", "--input", &plain])
        .assert()
        .success()
        .stdout(predicate::str::contains("not bent"));
    jitfft()
        .args(["bent", "--p", "3", "--input", &bent, "--cpu"])
        .assert()
        .success()
        .stdout(predicate::str::contains("BENT"));
    // p = 5, n = 4: x1·x2 + x3·x4 is bent.
    let mut v = Vec::new();
    for i in 0..625u32 {
        let d = [i / 125, i / 25 % 5, i / 5 % 5, i % 5];
        v.push(((d[0] * d[1] + d[2] * d[3]) % 5).to_string());
    }
    let f = write(dir.path(), "p5.txt", v.join(" ").as_bytes());
    let a = jitfft()
        .args(["bent", "--p", "5", "--input", &f, "--json"])
        .assert()
        .success();
    let j: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    assert_eq!(j["details"]["bent"], true);
    assert!((j["plan"]["expected_magnitude"].as_f64().unwrap() - 25.0).abs() < 1e-12);
    // p ≡ 2 (mod 4) and odd n: no bent function exists (odd p has them: x² over GF(3)).
    let odd = write(dir.path(), "odd.txt", b"0 1 1 0 1 0 0 1");
    fails_with(
        &["bent", "--p", "2", "--input", &odd],
        &["n = 3", "only for even n"],
    );
}

#[test]
fn bad_fused_options() {
    fails_with(
        &["vc", "--p", "3", "--n", "5", "--fused-values", "0"],
        &["--fused-values", "0 is not in 1..=256"],
    );
    fails_with(
        &["vc", "--p", "3", "--n", "5", "--fused-layout", "diagonal"],
        &["diagonal", "auto, rotate, inplace, staged"],
    );
}

#[test]
fn bad_sizes_and_radices() {
    fails_with(
        &["vc", "--p", "1", "--n", "3"],
        &["p = 1 is not allowed", "p ≥ 2"],
    );
    fails_with(&["vc", "--p", "3", "--n", "0"], &["n = 0", "n ≥ 1"]);
    fails_with(
        &["vc", "--p", "3", "--n", "41"],
        &["overflows 64 bits", "at most 40"],
    );
    fails_with(
        &["vc", "--p", "3", "--n", "4", "--radix", "6"],
        &["radix 6 is not a power of p = 3", "3, 9, 27, 81"],
    );
    fails_with(&["vc", "--p", "3"], &["--n is required"]);
    fails_with(
        &["vc", "--p", "2", "--n", "31", "--precision", "f64"],
        &["buffer", "allows at most"],
    );
    fails_with(
        &["vc", "--p", "3", "--n", "2", "--repeat", "0"],
        &["--repeat 0"],
    );
}

#[test]
fn bad_input_files() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let t = write(d, "big.txt", b"0 1 2\n2 3 1\n0 0 0");
    fails_with(
        &["vc", "--p", "3", "--input", &t],
        &["value 4 (line 2) is 3", "outside 0..2"],
    );
    let t = write(d, "ten.txt", b"0 1 2 0 1 2 0 1 2 0");
    fails_with(
        &["vc", "--p", "3", "--input", &t],
        &["10 values", "9 (n = 2) or 27 (n = 3)"],
    );
    let t = write(d, "word.txt", b"0 1 x");
    fails_with(
        &["vc", "--p", "3", "--input", &t],
        &["`x`", "not an integer"],
    );
    let nine = write(d, "nine.txt", b"0 1 2 0 1 2 0 1 2");
    fails_with(
        &["vc", "--p", "3", "--n", "3", "--input", &nine],
        &["3^2", "--n 3"],
    );
    fails_with(
        &["vc", "--p", "3", "--input", "/no/such/file.npy"],
        &["/no/such/file.npy", "cannot read"],
    );
    let u = write(d, "u.npy", &npy_with("<U3", "(9,)", &[0u8; 108]));
    fails_with(
        &["vc", "--p", "3", "--input", &u],
        &["unsupported dtype <U3", "complex64"],
    );
    let s = write(d, "s.npy", &npy_with("<f8", "(9, 1)", &[0u8; 72]));
    fails_with(
        &["vc", "--p", "3", "--input", &s],
        &["shape [9, 1]", "(p,)*n"],
    );
    let tr = write(d, "tr.npy", &npy_with("<c8", "(27,)", &[0u8; 100]));
    fails_with(
        &["vc", "--p", "3", "--input", &tr],
        &["truncated", "needs 216 data bytes", "has 100"],
    );
    let junk = write(d, "junk.npy", b"not numpy at all");
    fails_with(&["vc", "--p", "3", "--input", &junk], &["not a .npy file"]);
    let c = write(d, "c.npy", &npy_with("<c8", "(9,)", &[0u8; 72]));
    fails_with(
        &["vc", "--p", "3", "--input", &c, "--encoding", "roots"],
        &["roots needs integer"],
    );
    let shaped = write(
        d,
        "shaped.npy",
        &npy_with("<i4", "(3, 3)", &[1, 0, 0, 0].repeat(9)),
    );
    jitfft()
        .args(["vc", "--p", "3", "--input", &shaped, "--encoding", "roots"])
        .assert()
        .success();
    let xls = write(d, "in.xls", b"");
    fails_with(
        &["vc", "--p", "3", "--input", &xls],
        &["unknown input format .xls"],
    );
}

#[test]
fn no_partial_output_on_failure() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.npy");
    let bad = write(dir.path(), "bad.txt", b"0 1 5 0 1 2 0 1 2");
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--input",
            &bad,
            "--output",
            out.to_str().unwrap(),
        ],
        &["outside 0..2"],
    );
    assert!(!out.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "a temporary file was left"
    );
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--n",
            "2",
            "--output",
            "/no/such/dir/x.npy",
        ],
        &["does not exist"],
    );
    fails_with(
        &[
            "vc",
            "--p",
            "3",
            "--n",
            "2",
            "--output",
            out.with_extension("csv").to_str().unwrap(),
        ],
        &["unknown output format"],
    );
}

#[test]
fn devices_lists_and_explains_missing_icd() {
    jitfft()
        .args(["devices"])
        .assert()
        .success()
        .stdout(predicate::str::contains("fp64"));
    let a = jitfft().args(["devices", "--json"]).assert().success();
    let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    assert!(v[0]["compute_units"].as_u64().unwrap() >= 1);
    // An ICD loader that sees no vendor file, with an unregistered NVIDIA library present.
    let empty = tempfile::tempdir().unwrap();
    let libs = tempfile::tempdir().unwrap();
    std::fs::write(libs.path().join("libnvidia-opencl.so.1"), b"").unwrap();
    let out = jitfft()
        .args(["devices"])
        .env("OCL_ICD_VENDORS", empty.path())
        .env("OCL_ICD_FILENAMES", "")
        .env("JITFFT_VENDOR_LIB_DIRS", libs.path())
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("no OpenCL platform found"), "{err}");
    assert!(
        err.contains("libnvidia-opencl.so.1 (NVIDIA)") && err.contains("OCL_ICD_VENDORS"),
        "{err}"
    );
}

#[test]
fn devices_host_rate_measures_every_count_and_way() {
    // A set of the same device twice: counts 1 and 2, three ways each, rates > 0, and the
    // buffer the run really used.
    let a = jitfft()
        .args([
            "devices",
            "--host-rate",
            "--device",
            "0,0",
            "--mib",
            "4",
            "--repeat",
            "2",
        ])
        .args(["--json"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    let rows = v["host_rate"].as_array().unwrap();
    assert_eq!(v["devices"].as_array().unwrap().len(), 2);
    let got: Vec<(u64, &str)> = rows
        .iter()
        .map(|r| (r["devices"].as_u64().unwrap(), r["way"].as_str().unwrap()))
        .collect();
    let ways = ["host_to_device", "device_to_host", "both"];
    let want: Vec<(u64, &str)> = [1, 2].iter().flat_map(|&k| ways.map(|w| (k, w))).collect();
    assert_eq!(got, want);
    for r in rows {
        let (lo, med, hi) = (
            r["min_gbs"].as_f64().unwrap(),
            r["median_gbs"].as_f64().unwrap(),
            r["max_gbs"].as_f64().unwrap(),
        );
        assert!(lo > 0.0 && lo <= med && med <= hi && hi.is_finite(), "{r}");
        assert_eq!(r["bytes_per_device"].as_u64().unwrap(), 4 << 20);
    }
    // --mib without --host-rate, and an empty size, are usage errors (exit 2).
    jitfft().args(["devices", "--mib", "4"]).assert().code(2);
    jitfft()
        .args(["devices", "--host-rate", "--mib", "0"])
        .assert()
        .code(2);
}

#[test]
fn device_all_on_a_one_device_host_runs_there() {
    // `--device all` that finds one device names that device, for one-device commands too
    // (it was refused as a set); where it finds several, they are refused as before.
    let a = jitfft()
        .args(["devices", "--device", "all", "--json"])
        .assert()
        .success();
    let found: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    let one = found.as_array().unwrap().len() == 1;
    for args in [
        &["vc", "--p", "3", "--n", "3", "--device", "all", "--check"][..],
        &[
            "vc", "--p", "3", "--n", "3", "--batch", "4", "--device", "all", "--check",
        ][..],
    ] {
        let out = jitfft().args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        if one || args.contains(&"--batch") {
            assert!(out.status.success(), "{args:?}: {err}");
        } else {
            assert!(err.contains("runs on one device"), "{args:?}: {err}");
        }
    }
}

#[test]
fn device_selection_errors() {
    fails_with(
        &["vc", "--p", "2", "--n", "2", "--device", "no-such-device"],
        &["no OpenCL device matches", "Devices found"],
    );
    jitfft()
        .args(["vc", "--p", "2", "--n", "2", "--device", "0"])
        .assert()
        .success();
    jitfft()
        .args(["vc", "--p", "2", "--n", "2"])
        .env("JITFFT_DEVICE", "cpu")
        .assert()
        .success();
}

#[test]
fn source_vc_max_work_group_sets_the_fused_tiles() {
    // 256 work-items (NVIDIA's limit): 3^16 in 2 or 3 passes (the lane model may split a
    // 3^16 array of 64 MiB in three), every kernel within the limit.
    let out = jitfft()
        .args(["source", "vc", "--p", "3", "--n", "16", "--algo", "fused"])
        .args(["--max-work-group", "256"])
        .assert()
        .success();
    let src = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    let sizes: Vec<u64> = src
        .lines()
        .filter_map(|l| l.split("reqd_work_group_size(").nth(1))
        .filter_map(|r| r.split(',').next()?.trim().parse().ok())
        .collect();
    assert!((2..=3).contains(&sizes.len()), "{sizes:?}");
    assert!(sizes.iter().all(|&s| s <= 256), "{sizes:?}");
    fails_with(
        &[
            "source",
            "vc",
            "--p",
            "3",
            "--n",
            "4",
            "--max-work-group",
            "0",
        ],
        &["--max-work-group"],
    );
}

/// Big-endian .npy input is byte-swapped on load: the same spectrum as the little-endian file.
#[test]
fn big_endian_npy_input_reads_as_little_endian() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let vals: Vec<f64> = (0..9).map(|i| (i as f64 * 0.7).sin() - 0.25).collect();
    let le: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    let be: Vec<u8> = vals.iter().flat_map(|v| v.to_be_bytes()).collect();
    let mut spectra = Vec::new();
    for (name, descr, body) in [("le", "<f8", le), ("be", ">f8", be)] {
        let input = write(d, &format!("{name}.npy"), &npy_with(descr, "(9,)", &body));
        let out = d.join(format!("{name}-out.npy"));
        jitfft()
            .args(["vc", "--p", "3", "--input", &input, "--precision", "f64"])
            .args([
                "--check",
                "--repeat",
                "1",
                "--output",
                out.to_str().unwrap(),
            ])
            .assert()
            .success();
        spectra.push(std::fs::read(&out).unwrap());
    }
    assert_eq!(spectra[0], spectra[1]);
    let NpyData::Complex(got) = parse_npy(&spectra[1]).unwrap().data else {
        panic!("not complex")
    };
    let x: Vec<Complex64> = vals.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let want = separable_vc(3, 2, &x, Direction::Forward, 1.0).unwrap();
    assert!(compare(&got, &want).rel_l2 < 1e-12);
}

/// NaN or infinite input: a warning with the count and first position, refused by --strict,
/// and --check fails (non-zero exit, the reason in the report) since the spectrum is not finite.
#[test]
fn non_finite_input_is_reported_refused_and_fails_check() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let mut vals = [0.5f64; 9];
    vals[4] = f64::NAN;
    vals[7] = f64::INFINITY;
    let body: Vec<u8> = vals.iter().flat_map(|v| v.to_le_bytes()).collect();
    let input = write(d, "nan.npy", &npy_with("<f8", "(9,)", &body));
    let run = |extra: &[&str]| {
        let out = jitfft()
            .args(["vc", "--p", "3", "--input", &input, "--repeat", "1"])
            .args(extra)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).to_string(),
            String::from_utf8_lossy(&out.stderr).to_string(),
        )
    };
    let (code, _, err) = run(&[]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        err.contains("warning") && err.contains("2 NaN or infinite values (first at position 4)"),
        "{err}"
    );
    let (code, _, err) = run(&["--strict"]);
    assert_ne!(code, Some(0));
    assert!(
        err.contains("--strict") && err.contains("first at position 4"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
    let (code, out, err) = run(&["--check"]);
    assert_ne!(code, Some(0), "--check passed a NaN spectrum:\n{out}");
    assert!(
        out.contains("FAILED") && err.contains("NaN or infinite"),
        "{out}\n{err}"
    );
    let (code, out, err) = run(&["--check", "--json"]);
    assert_ne!(
        code,
        Some(0),
        "--check --json passed a NaN spectrum:\n{out}"
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!(
        v["check"]["non_finite"].as_u64().unwrap() > 0,
        "{out}\n{err}"
    );
}
