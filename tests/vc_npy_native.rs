//! `vc` from a complex64 .npy to a complex64 .npy with an f32 plan (and complex128 with f64):
//! the data moves as bytes through the pinned staging (`vc::file_run`). Its output must be the
//! general path's bit for bit (same kernels, same data; f32 → f64 → f32 is exact), right
//! against the f64 reference, shaped like the general path's, with every host step reported.

mod common;

use common::{jitfft, seed};
use jitfft::io::npy::{npy_complex_bytes, npy_complex_shaped, read_npy, NpyData};
use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::transform::Direction;
use num_complex::Complex64;

fn values(path: &std::path::Path) -> (Vec<usize>, String, Vec<Complex64>) {
    let a = read_npy(path).unwrap();
    match a.data {
        NpyData::Complex(v) => (a.shape, a.descr, v),
        _ => panic!("not complex"),
    }
}

fn run(args: &[&str]) -> serde_json::Value {
    let out = jitfft().args(args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn native_npy_path_matches_the_general_path_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let s = seed();
    for (p, n, batch, precision, overlap) in [
        (3u32, 7u32, 1usize, "f32", false),
        (5, 4, 1, "f32", true),
        (3, 3, 4, "f32", false),
        (2, 9, 1, "f64", false),
    ] {
        let len = (p as usize).pow(n);
        // Fresh random values, rounded to the file's dtype so the reference sees the same.
        let single = precision == "f32";
        let x: Vec<Complex64> = random_complex(len * batch, s + p as u64)
            .into_iter()
            .map(|c| {
                if single {
                    Complex64::new(c.re as f32 as f64, c.im as f32 as f64)
                } else {
                    c
                }
            })
            .collect();
        let inp = dir.path().join(format!("x{p}_{n}_{batch}.npy"));
        let bytes = if batch > 1 {
            npy_complex_shaped(&x, single, &[batch, len])
        } else {
            npy_complex_bytes(&x, single)
        };
        std::fs::write(&inp, bytes).unwrap();
        let (fast, slow) = (dir.path().join("fast.npy"), dir.path().join("slow.npy"));
        let (ps, i) = (p.to_string(), inp.to_str().unwrap());
        let mut args = vec!["vc", "--p", &ps, "--precision", precision, "--input", i];
        if overlap {
            args.push("--overlap");
        }
        let mut a = args.clone();
        a.extend(["--output", fast.to_str().unwrap(), "--repeat", "2"]);
        let r = run(&a);
        let h = &r["details"]["host_steps"];
        assert!(
            r["details"]["input"].as_str().unwrap().contains("as is"),
            "{r}"
        );
        for step in [
            "header_ms",
            "read_ms",
            "scan_ms",
            "upload_ms",
            "kernel_ms",
            "download_ms",
            "write_ms",
            "total_ms",
        ] {
            assert!(h["runs"][0][step].as_f64().unwrap() >= 0.0, "{step}: {h}");
        }
        // One file run (the read and the write); with --overlap every repeat is one.
        let file_runs = if overlap { 2 } else { 1 };
        assert_eq!(h["runs"].as_array().unwrap().len(), file_runs);
        assert_eq!(h["runs"][0]["convert_in_ms"], 0.0);
        assert_eq!(r["details"]["overlap"].is_object(), overlap);
        // --check needs the data on the host: the general path, same plan.
        let mut a = args.clone();
        a.extend([
            "--output",
            slow.to_str().unwrap(),
            "--check",
            "--repeat",
            "1",
        ]);
        let g = run(&a);
        assert!(g["details"]["host_steps"].is_null());
        assert_eq!(r["plan"], g["plan"]);
        let (fs, fd, fv) = values(&fast);
        let (gs, gd, gv) = values(&slow);
        assert_eq!((fs, fd), (gs, gd));
        assert!(fv == gv, "p = {p}, n = {n}: outputs differ");
        // Through a pinned staging of the whole file (JITFFT_NPY_STREAM=off; the default
        // streams through a ring of pinned chunks): the same bytes.
        if !overlap {
            let streamed = dir.path().join("streamed.npy");
            let mut a = args.clone();
            a.extend(["--output", streamed.to_str().unwrap(), "--json"]);
            let o = jitfft()
                .args(&a)
                .env("JITFFT_NPY_STREAM", "off")
                .assert()
                .success();
            let r: serde_json::Value = serde_json::from_slice(&o.get_output().stdout).unwrap();
            assert!(r["details"]["host_steps"]["runs"][0]["read_ms"]
                .as_f64()
                .is_some());
            assert_eq!(
                std::fs::read(&streamed).unwrap(),
                std::fs::read(&fast).unwrap(),
                "p = {p}, n = {n}: streamed output differs"
            );
        }
        // And right: each transform against the f64 reference.
        for k in 0..batch {
            let want =
                separable_vc(p, n, &x[k * len..(k + 1) * len], Direction::Forward, 1.0).unwrap();
            let e = compare(&fv[k * len..(k + 1) * len], &want);
            assert!(e.rel_l2 < if single { 2e-6 } else { 1e-13 }, "{e:?}");
        }
    }
}

#[test]
fn strict_refuses_non_finite_input_without_writing() {
    let dir = tempfile::tempdir().unwrap();
    let mut x = random_complex(243, seed());
    x[100].im = f64::NAN;
    let inp = dir.path().join("nan.npy");
    std::fs::write(&inp, npy_complex_bytes(&x, true)).unwrap();
    let out = dir.path().join("out.npy");
    let o = jitfft()
        .args(["vc", "--p", "3", "--strict", "--input"])
        .arg(&inp)
        .arg("--output")
        .arg(&out)
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&o.get_output().stderr).to_string();
    assert!(
        err.contains("NaN or infinite") && err.contains("--strict"),
        "{err}"
    );
    assert!(!out.exists());
    // Without --strict: a warning, and the output.
    let o = jitfft()
        .args(["vc", "--p", "3", "--input"])
        .arg(&inp)
        .arg("--output")
        .arg(&out)
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&o.get_output().stderr).contains("warning"));
    assert!(out.exists());
}
