//! `fft --mpi` under `mpirun` on PoCL (feature `mpi`): the n-D complex FFT on slabs of axis 0
//! over 2 ranks, against RustFFT in f64 and the single-process `fft` (axes of unequal lengths,
//! lengths the rank count does not divide, subsets of axes, both directions, f32 and f64,
//! every norm), streamed halves, and the refusals every rank gives. PoCL runs one thread per
//! rank and the shapes are small: its compiles dominate.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches
#![cfg(feature = "mpi")]

#[path = "common/mpirun.rs"]
mod mpirun;

use jitfft::io::npy::{npy_complex_shaped, parse_npy, NpyData};
use jitfft::reference::{compare, fft::fftn};
use jitfft::transform::Direction;
use mpirun::{mpirun, refused, text, BIN};
use num_complex::Complex64;
use std::path::Path;
use std::process::Command;

/// The values and shape of a complex `.npy` file.
fn read(path: &Path) -> (Vec<Complex64>, Vec<usize>) {
    let a = parse_npy(&std::fs::read(path).unwrap()).unwrap();
    match a.data {
        NpyData::Complex(v) => (v, a.shape),
        other => panic!("{}: unexpected dtype {other:?}", path.display()),
    }
}

/// numpy's fftn of `x` over `axes` (all when empty) with `norm`, in f64.
fn reference(
    x: &[Complex64],
    shape: &[u64],
    axes: &[usize],
    inverse: bool,
    norm: &str,
) -> Vec<Complex64> {
    let axes: Vec<usize> = match axes.is_empty() {
        true => (0..shape.len()).collect(),
        false => axes.to_vec(),
    };
    let n: u64 = axes.iter().map(|&a| shape[a]).product();
    let scale = match (norm, inverse) {
        ("ortho", _) => 1.0 / (n as f64).sqrt(),
        ("backward", true) | ("forward", false) => 1.0 / n as f64,
        _ => 1.0,
    };
    let d = if inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    };
    fftn(x, shape, &axes, d, scale)
}

/// Every case over 2 ranks from a `.npy` file into one: the report's check, the shaped output
/// against RustFFT in f64 (relative L2 and max error), the exchange where axis 0 is
/// transformed; the first case also against the single-process `fft` of the same file.
#[test]
fn two_ranks_match_the_reference_and_one_process() {
    let dir = tempfile::tempdir().unwrap();
    // (shape, axes, inverse, precision, norm): 7 and 9 rows split 4 + 3 and 5 + 4.
    type Case<'a> = (&'a [u64], &'a [usize], bool, &'a str, &'a str);
    let cases: &[Case] = &[
        (&[7, 9, 5], &[], false, "f32", "backward"),
        (&[6, 10, 7], &[0, 2], true, "f64", "ortho"),
        (&[9, 8], &[1], false, "f32", "forward"),
        (&[11, 6], &[0], true, "f32", "backward"),
        (&[5, 3, 4, 6], &[], true, "f64", "backward"),
    ];
    for (i, &(shape, axes, inverse, precision, norm)) in cases.iter().enumerate() {
        let len: u64 = shape.iter().product();
        let x = jitfft::io::random::random_complex(len as usize, 500 + i as u64);
        let single = precision == "f32";
        let dims: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
        let inp = dir.path().join(format!("in{i}.npy"));
        std::fs::write(&inp, npy_complex_shaped(&x, single, &dims)).unwrap();
        let out = dir.path().join(format!("out{i}.npy"));
        let (is, os) = (inp.display().to_string(), out.display().to_string());
        let axes_arg = axes
            .iter()
            .map(|a| a.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let mut args = vec![
            "fft",
            "--input",
            &is,
            "--precision",
            precision,
            "--norm",
            norm,
        ];
        if !axes.is_empty() {
            args.extend_from_slice(&["--axes", &axes_arg]);
        }
        if inverse {
            args.push("--inverse");
        }
        let mut mpi_args = args.clone();
        mpi_args.extend_from_slice(&[
            "--mpi", "--output", &os, "--check", "--repeat", "1", "--json",
        ]);
        let o = mpirun(2, &mpi_args, &[]);
        assert!(o.status.success(), "case {i}: {}", text(&o));
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON report");
        assert!(r["check"]["ok"].as_bool().unwrap(), "case {i}: {r}");
        assert_eq!(r["ranks"], 2);
        let lines = r["per_rank"].as_array().unwrap();
        let rows: Vec<u64> = lines.iter().map(|l| l["rows"].as_u64().unwrap()).collect();
        assert_eq!(rows, [shape[0].div_ceil(2), shape[0] / 2], "case {i}");
        let exchanged = lines[0]["times"]["exchange_bytes"].as_u64().unwrap();
        assert_eq!(
            exchanged > 0,
            axes.is_empty() || axes.contains(&0),
            "case {i}: {r}"
        );
        // The file held the input in the run's precision: the reference starts from it.
        let (xin, _) = read(&inp);
        let want = reference(&xin, shape, axes, inverse, norm);
        let (got, got_shape) = read(&out);
        assert_eq!(
            got_shape, dims,
            "case {i}: the output keeps the array's shape"
        );
        let tol = if single { 2e-6 } else { 1e-13 };
        let e = compare(&got, &want);
        let peak = want.iter().map(|c| c.norm()).fold(0.0, f64::max);
        assert!(e.passes(tol), "case {i}: ranks vs reference {e:?}");
        assert!(
            e.max_abs <= 10.0 * tol * peak,
            "case {i}: max error {e:?}, peak {peak}"
        );
        if i == 0 {
            let one = dir.path().join("one.npy").display().to_string();
            let mut single_args = args.clone();
            single_args.extend_from_slice(&["--output", &one, "--repeat", "1"]);
            let o1 = Command::new(BIN)
                .args(&single_args)
                .env("POCL_MAX_PTHREAD_COUNT", "1")
                .output()
                .unwrap();
            assert!(o1.status.success(), "single process: {}", text(&o1));
            let e = compare(&got, &read(Path::new(&one)).0);
            assert!(e.passes(tol), "ranks vs one process {e:?}");
        }
    }
}

/// Ranks whose halves do not fit their (capped) device stream them; random input from the
/// shared seed, checked on every rank against the whole reference.
#[test]
fn capped_ranks_stream_their_halves() {
    let args = [
        "fft", "--mpi", "--shape", "24,20,16", "--seed", "3", "--check", "--repeat", "1", "--json",
    ];
    let o = mpirun(2, &args, &[("JITFFT_DEVICE_MEMORY", "64KiB")]);
    assert!(o.status.success(), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["streamed"], serde_json::json!([true, true]));
    assert_eq!(r["input"], "random (seed 3)");
    assert!(r["check"]["ok"].as_bool().unwrap(), "{r}");
}

/// What the route does not run: every rank says why and what is allowed, and no output
/// appears.
#[test]
fn unsupported_requests_are_refused_by_every_rank() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.npy");
    let os = out.display().to_string();
    let x = jitfft::io::random::random_complex(12, 1);
    let inp = dir.path().join("x.npy");
    std::fs::write(&inp, npy_complex_shaped(&x, true, &[3, 4])).unwrap();
    let is = inp.display().to_string();
    let cases: &[(&[&str], &str)] = &[
        (&["--shape", "64"], "give an n-D shape"),
        (
            &["--shape", "8,8", "--real"],
            "run rfftn/irfftn without --mpi",
        ),
        (
            &["--shape", "8,8", "--precision", "f16"],
            "with --precision f32 or f64",
        ),
        (&["--shape", "1,8"], "so P ≤ 1"),
        (
            &["--input", &is, "--shape", "4,3"],
            "holds an array of shape [3, 4]",
        ),
    ];
    for (flags, msg) in cases {
        let mut args = vec!["fft", "--mpi", "--output", &os];
        args.extend_from_slice(flags);
        let o = refused(2, &args, &[], &[msg]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.matches(msg).count(), 2, "{}", text(&o));
        assert!(!out.exists());
    }
    let txt = dir.path().join("o.txt").display().to_string();
    refused(
        2,
        &["fft", "--mpi", "--shape", "4,4", "--output", &txt],
        &[],
        &["must be a .npy file"],
    );
}
