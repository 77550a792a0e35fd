//! `vc --mpi` under `mpirun` on PoCL (feature `mpi`): results against the single-device
//! transform and the f64 reference, the refused inputs, and failing ranks ending every rank.
//! Several ranks share the machine's cores: PoCL runs one thread per rank
//! (`POCL_MAX_PTHREAD_COUNT=1`) and the sizes are small.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches
#![cfg(feature = "mpi")]

use jitfft::io::npy::{npy_complex_bytes, parse_npy, NpyData};
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::Direction;
use num_complex::Complex64;
use std::path::Path;
use std::process::Command;

#[path = "common/mpirun.rs"]
mod mpirun;

use mpirun::{mpirun, refused, text, BIN};

fn read(path: &Path) -> Vec<Complex64> {
    let a = parse_npy(&std::fs::read(path).unwrap()).unwrap();
    match a.data {
        NpyData::Complex(v) => v,
        other => panic!("{}: unexpected dtype {other:?}", path.display()),
    }
}

fn input(p: u32, n: u32, seed: u64) -> Vec<Complex64> {
    jitfft::io::random::random_complex((p as usize).pow(n), seed)
}

/// Every case: P ranks for p^n, written by the ranks and by one device, both against the
/// f64 reference and against each other (within f32 rounding).
#[test]
fn ranks_match_the_single_device_transform() {
    let dir = tempfile::tempdir().unwrap();
    // (ranks, p, n, flags of both runs, flags of the MPI run)
    type Case<'a> = (u32, u32, u32, &'a [&'a str], &'a [&'a str]);
    let cases: &[Case] = &[
        (2, 2, 5, &[], &[]),
        (4, 2, 6, &[], &["--mpi-chunks", "4"]),
        (3, 3, 4, &["--inverse"], &[]),
        (4, 4, 3, &[], &[]),
        (2, 2, 5, &["--precision", "f64"], &["--mpi-chunks", "1"]),
    ];
    for (i, &(np, p, n, extra, mpi_extra)) in cases.iter().enumerate() {
        let x = input(p, n, 100 + i as u64);
        let inp = dir.path().join(format!("in{i}.npy"));
        std::fs::write(&inp, npy_complex_bytes(&x, false)).unwrap();
        let out = dir.path().join(format!("out{i}.npy"));
        let single = dir.path().join(format!("single{i}.npy"));
        let (ps, is, os) = (
            p.to_string(),
            inp.display().to_string(),
            out.display().to_string(),
        );
        let mut args = vec!["vc", "--mpi", "--p", &ps, "--input", &is, "--output", &os];
        args.extend_from_slice(&["--check", "--repeat", "1", "--json"]);
        args.extend_from_slice(extra);
        args.extend_from_slice(mpi_extra);
        let o = mpirun(np, &args, &[]);
        assert!(o.status.success(), "case {i}: {}", text(&o));
        let report: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON report");
        assert_eq!(report["ranks"], np, "case {i}");
        assert_eq!(report["per_rank"].as_array().unwrap().len(), np as usize);
        assert!(
            report["check"]["ok"].as_bool().unwrap(),
            "case {i}: {report}"
        );
        // The same input on one device.
        let ss = single.display().to_string();
        let mut one = vec![
            "vc", "--p", &ps, "--input", &is, "--output", &ss, "--repeat", "1",
        ];
        one.extend_from_slice(extra);
        let o1 = Command::new(BIN)
            .args(&one)
            .env("POCL_MAX_PTHREAD_COUNT", "1")
            .output()
            .unwrap();
        assert!(o1.status.success(), "case {i} single: {}", text(&o1));
        let (got, base) = (read(&out), read(&single));
        let inverse = extra.contains(&"--inverse");
        let (dir_, scale) = if inverse {
            (Direction::Inverse, 1.0 / x.len() as f64)
        } else {
            (Direction::Forward, 1.0)
        };
        let want = separable_vc(p, n, &x, dir_, scale).unwrap();
        let tol = if extra.contains(&"f64") { 1e-13 } else { 2e-6 };
        let e = compare(&got, &want);
        assert!(e.passes(tol), "case {i}: ranks vs reference {e:?}");
        let e = compare(&got, &base);
        assert!(e.passes(tol), "case {i}: ranks vs one device {e:?}");
    }
    // Transposed order: the top two groups of k digits swapped (p = 2, P = 2: digits 1 and 2).
    let x = input(2, 5, 9);
    let inp = dir.path().join("t.npy");
    std::fs::write(&inp, npy_complex_bytes(&x, false)).unwrap();
    let out = dir.path().join("t_out.npy");
    let (is, os) = (inp.display().to_string(), out.display().to_string());
    let args = [
        "vc",
        "--mpi",
        "--p",
        "2",
        "--input",
        &is,
        "--output",
        &os,
        "--keep-transposed",
        "--check",
        "--repeat",
        "1",
    ];
    let o = mpirun(2, &args, &[]);
    assert!(o.status.success(), "{}", text(&o));
    let got = read(&out);
    let want = separable_vc(2, 5, &x, Direction::Forward, 1.0).unwrap();
    let swapped: Vec<Complex64> = (0..32)
        .map(|i| {
            let (b, a, c) = (i / 16, (i / 8) % 2, i % 8);
            want[a * 16 + b * 8 + c]
        })
        .collect();
    assert!(compare(&got, &swapped).passes(2e-6));
}

/// Bad inputs: every rank gives the same error (one line per rank) and no output appears.
#[test]
fn bad_inputs_are_refused_by_every_rank() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.npy");
    let os = out.display().to_string();
    let same = |np: u32, args: &[&str], env: &[(&str, &str)], msg: &str| {
        let o = refused(np, args, env, &[msg]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.matches(msg).count(), np as usize, "{}", text(&o));
        assert!(!out.exists());
    };
    // Any rank count splits the leading digits unevenly, but each rank needs a row and a column.
    same(
        3,
        &["vc", "--mpi", "--p", "2", "--n", "2", "--output", &os],
        &[],
        "3 MPI ranks are too many for 2^2 points",
    );
    same(
        4,
        &["vc", "--mpi", "--p", "2", "--n", "3", "--output", &os],
        &[],
        "needs P² ≤ N",
    );
    let inp = dir.path().join("in.npy");
    std::fs::write(&inp, npy_complex_bytes(&input(3, 4, 1), false)).unwrap();
    let is = inp.display().to_string();
    let args = [
        "vc", "--mpi", "--p", "3", "--n", "5", "--input", &is, "--output", &os,
    ];
    same(
        3,
        &args,
        &[],
        "81 values are p^4 for p = 3, but --n 5 was given",
    );
    // A file cut short: the header announces more than it holds.
    let mut cut = npy_complex_bytes(&input(3, 4, 1), false);
    cut.truncate(cut.len() - 8);
    std::fs::write(&inp, cut).unwrap();
    same(
        3,
        &["vc", "--mpi", "--p", "3", "--input", &is],
        &[],
        "truncated",
    );
    // One rank without a usable device (the test hook stands in for a missing GPU).
    let dev = [
        ("JITFFT_MPI_FAIL_RANK", "1"),
        ("JITFFT_MPI_FAIL_STAGE", "device"),
    ];
    same(
        2,
        &["vc", "--mpi", "--p", "2", "--n", "4", "--output", &os],
        &dev,
        "rank 1 failed at stage device",
    );
    same(
        2,
        &[
            "vc",
            "--mpi",
            "--p",
            "2",
            "--n",
            "4",
            "--device",
            "no-such-device",
        ],
        &[],
        "no OpenCL device matches",
    );
    refused(
        2,
        &["vc", "--mpi", "--p", "2", "--n", "4", "--output", "-"],
        &[],
        &["must be a .npy file"],
    );
}

/// A rank failing at its build, or inside the exchange (where the others wait in an
/// all-to-all: MPI_Abort), ends every rank with a non-zero status, quickly, and no output.
#[test]
fn a_failing_rank_ends_every_rank() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o.npy");
    let os = out.display().to_string();
    let args = ["vc", "--mpi", "--p", "2", "--n", "6", "--output", &os];
    let build = [
        ("JITFFT_MPI_FAIL_RANK", "2"),
        ("JITFFT_MPI_FAIL_STAGE", "build"),
    ];
    refused(
        4,
        &args,
        &build,
        &["rank 2 failed at stage build: injected failure"],
    );
    let o = mpirun(4, &args, &build);
    assert_eq!(
        String::from_utf8_lossy(&o.stderr)
            .matches("rank 2 failed")
            .count(),
        4
    );
    let exchange = [
        ("JITFFT_MPI_FAIL_RANK", "1"),
        ("JITFFT_MPI_FAIL_STAGE", "exchange"),
    ];
    refused(
        4,
        &args,
        &exchange,
        &["rank 1 failed at stage exchange", "MPI_Abort"],
    );
    let output = [
        ("JITFFT_MPI_FAIL_RANK", "3"),
        ("JITFFT_MPI_FAIL_STAGE", "output"),
    ];
    refused(4, &args, &output, &["rank 3 failed at stage output"]);
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert!(left.is_empty(), "files left behind: {left:?}");
}

/// Rank counts that are not a power of p: uneven slabs of the leading digits and
/// MPI_Alltoallv (p = 3 and 5 at 2 and 4 ranks, p = 2 at 3), written to one .npy by the ranks
/// and compared with the f64 reference; per-rank times and the plain MPI_Alltoallv beside them.
#[test]
fn any_rank_count_in_uneven_slabs() {
    let dir = tempfile::tempdir().unwrap();
    // (ranks, p, n, flags)
    let cases: &[(u32, u32, u32, &[&str])] = &[
        (2, 3, 5, &[]),
        (4, 3, 4, &["--inverse"]),
        (2, 5, 3, &["--precision", "f64"]),
        (4, 5, 4, &[]),
        (3, 2, 7, &[]),
    ];
    for (i, &(np, p, n, extra)) in cases.iter().enumerate() {
        let x = input(p, n, 300 + i as u64);
        let inp = dir.path().join(format!("in{i}.npy"));
        std::fs::write(&inp, npy_complex_bytes(&x, true)).unwrap();
        let out = dir.path().join(format!("out{i}.npy"));
        let (ps, is, os) = (
            p.to_string(),
            inp.display().to_string(),
            out.display().to_string(),
        );
        let mut args = vec!["vc", "--mpi", "--p", &ps, "--input", &is, "--output", &os];
        args.extend_from_slice(&["--check", "--repeat", "1", "--json"]);
        args.extend_from_slice(extra);
        let o = mpirun(np, &args, &[]);
        assert!(o.status.success(), "case {i}: {}", text(&o));
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON report");
        assert_eq!(r["scheme"], "uneven slabs (MPI_Alltoallv)");
        assert!(r["check"]["ok"].as_bool().unwrap(), "case {i}: {r}");
        let lines = r["per_rank"].as_array().unwrap();
        assert_eq!(lines.len(), np as usize);
        let rows: u64 = lines.iter().map(|l| l["rows"].as_u64().unwrap()).sum();
        assert_eq!(rows, r["distribution"]["rows"].as_u64().unwrap());
        for l in lines {
            assert!(l["times"]["exchange_bytes"].as_u64().unwrap() > 0);
            assert!(l["alltoallv_ms"].as_f64().unwrap() > 0.0);
        }
        let inverse = extra.contains(&"--inverse");
        let (d, scale) = if inverse {
            (Direction::Inverse, 1.0 / x.len() as f64)
        } else {
            (Direction::Forward, 1.0)
        };
        // The file held complex64: the reference starts from the rounded input.
        let x32: Vec<Complex64> = x
            .iter()
            .map(|c| Complex64::new(c.re as f32 as f64, c.im as f32 as f64))
            .collect();
        let want = separable_vc(p, n, &x32, d, scale).unwrap();
        let tol = if extra.contains(&"f64") { 1e-13 } else { 2e-6 };
        let e = compare(&read(&out), &want);
        assert!(e.passes(tol), "case {i}: ranks vs reference {e:?}");
    }
    // Ranks whose share does not fit their (capped) device stream it through the device.
    let o = mpirun(
        2,
        &[
            "vc", "--mpi", "--p", "3", "--n", "10", "--check", "--repeat", "1", "--json",
        ],
        &[("JITFFT_DEVICE_MEMORY", "64KiB")],
    );
    assert!(o.status.success(), "streamed ranks: {}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["streamed"], serde_json::json!([true, true]));
    assert!(r["check"]["ok"].as_bool().unwrap(), "{r}");
    // A rank failing inside the exchange ends the job, and no file appears.
    let out = dir.path().join("fail.npy");
    let os = out.display().to_string();
    refused(
        3,
        &["vc", "--mpi", "--p", "3", "--n", "4", "--output", &os],
        &[
            ("JITFFT_MPI_FAIL_RANK", "2"),
            ("JITFFT_MPI_FAIL_STAGE", "exchange"),
        ],
        &["rank 2 failed at stage exchange", "MPI_Abort"],
    );
    refused(
        2,
        &["vc", "--mpi", "--p", "3", "--n", "4", "--output", &os],
        &[
            ("JITFFT_MPI_FAIL_RANK", "1"),
            ("JITFFT_MPI_FAIL_STAGE", "build"),
        ],
        &["rank 1 failed at stage build"],
    );
    assert!(!out.exists());
}

/// `bent --mpi`: the functions split over 2 and 3 ranks (an uneven share) give the verdicts
/// one device gives; every 7th function is the bent x1·x2 (mod 3).
#[test]
fn bent_over_ranks_matches_one_device() {
    let dir = tempfile::tempdir().unwrap();
    let (b, n) = (1001usize, 9usize);
    let mut body = Vec::with_capacity(b * n);
    let mut s = 12345u64;
    for f in 0..b {
        for x in 0..n {
            let v = if f % 7 == 0 {
                ((x / 3) * (x % 3) % 3) as u8
            } else {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((s >> 33) % 3) as u8
            };
            body.push(v);
        }
    }
    let inp = dir.path().join("f.npy");
    std::fs::write(&inp, jitfft::io::npy::npy_bytes("|u1", &[b, n], &body)).unwrap();
    let is = inp.display().to_string();
    let one = dir.path().join("one.txt");
    let o = Command::new(BIN)
        .args(["bent", "--p", "3", "--input", &is, "--output"])
        .arg(&one)
        .env("POCL_MAX_PTHREAD_COUNT", "1")
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o));
    let want = std::fs::read_to_string(&one).unwrap();
    assert!(want.lines().filter(|l| *l == "1").count() >= b / 7);
    for np in [2, 3] {
        let out = dir.path().join(format!("ranks{np}.txt"));
        let os = out.display().to_string();
        let o = mpirun(
            np,
            &[
                "bent", "--mpi", "--p", "3", "--input", &is, "--output", &os, "--json",
            ],
            &[],
        );
        assert!(o.status.success(), "{np} ranks: {}", text(&o));
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(r["ranks"], np);
        let shares: Vec<u64> = r["per_rank"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["functions"].as_u64().unwrap())
            .collect();
        assert_eq!(shares.iter().sum::<u64>(), b as u64);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), want, "{np} ranks");
    }
}

/// `vc --mpi --batch B`: the transforms split over the ranks (uneven shares), each rank's
/// share written at its offset, every transform against the reference.
#[test]
fn batches_split_over_ranks() {
    let dir = tempfile::tempdir().unwrap();
    for (np, p, n, b) in [(3u32, 3u32, 4u32, 7usize), (2, 5, 3, 5)] {
        let len = (p as usize).pow(n);
        let x = jitfft::io::random::random_complex(b * len, 40 + np as u64);
        let inp = dir.path().join(format!("b{np}.npy"));
        std::fs::write(&inp, npy_complex_bytes(&x, false)).unwrap();
        let out = dir.path().join(format!("o{np}.npy"));
        let (ps, bs, is, os) = (
            p.to_string(),
            b.to_string(),
            inp.display().to_string(),
            out.display().to_string(),
        );
        let args = [
            "vc", "--mpi", "--p", &ps, "--batch", &bs, "--input", &is, "--output", &os, "--check",
            "--json",
        ];
        let o = mpirun(np, &args, &[]);
        assert!(o.status.success(), "{np} ranks: {}", text(&o));
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(r["ok"], true, "{r}");
        let counts: Vec<u64> = r["per_rank"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["transforms"].as_u64().unwrap())
            .collect();
        assert_eq!(counts.iter().sum::<u64>(), b as u64);
        let got = read(&out);
        for k in 0..b {
            let rg = k * len..(k + 1) * len;
            let want = separable_vc(p, n, &x[rg.clone()], Direction::Forward, 1.0).unwrap();
            assert!(compare(&got[rg], &want).passes(2e-6), "transform {k}");
        }
    }
}

/// `vc --real --mpi` (issue 35): numpy's rfftn over ranks (one transform in slabs of the n−1
/// leading digits; a batch split whole), against the f64 oracle, and irfftn back to the input;
/// p = 3, 2, 6 (even composite) and 5, f32 and f64; complex input refused by every rank.
#[test]
fn real_over_ranks_equals_numpy() {
    use jitfft::io::npy::{npy_bytes, read_npy};
    use jitfft::reference::real::rfftn_ref;
    let dir = tempfile::tempdir().unwrap();
    // (ranks, p, n, batch, precision)
    for (np, p, n, b, prec) in [
        (2u32, 3u32, 4u32, 1usize, "f64"),
        (3, 2, 6, 1, "f32"),
        (2, 6, 3, 1, "f64"),
        (2, 5, 2, 3, "f64"),
    ] {
        let len = b * (p as usize).pow(n);
        let x: Vec<f64> = jitfft::io::random::random_complex(len, 50 + p as u64)
            .iter()
            .map(|c| c.re)
            .collect();
        let mut shape = if b > 1 { vec![b] } else { vec![] };
        shape.extend(std::iter::repeat_n(p as usize, n as usize));
        let body: Vec<u8> = x.iter().flat_map(|v| v.to_le_bytes()).collect();
        let case = format!("{np}-{p}-{n}-{b}");
        let inp = dir.path().join(format!("x{case}.npy"));
        std::fs::write(&inp, npy_bytes("<f8", &shape, &body)).unwrap();
        let (out, back) = (
            dir.path().join(format!("y{case}.npy")),
            dir.path().join(format!("z{case}.npy")),
        );
        let (ps, ns, is, os, bs) = (
            p.to_string(),
            n.to_string(),
            inp.display().to_string(),
            out.display().to_string(),
            back.display().to_string(),
        );
        let common = [
            "vc",
            "--real",
            "--mpi",
            "--p",
            &ps,
            "--n",
            &ns,
            "--precision",
            prec,
        ];
        let o = mpirun(
            np,
            &[
                &common[..],
                &["--input", &is, "--output", &os, "--check", "--json"],
            ]
            .concat(),
            &[],
        );
        assert!(o.status.success(), "{case}: {}", text(&o));
        let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(r["check"]["ok"], true, "{case}: {r}");
        assert_eq!(r["per_rank"].as_array().unwrap().len(), np as usize);
        let y = read_npy(&out).unwrap();
        let mut half = shape.clone();
        *half.last_mut().unwrap() = p as usize / 2 + 1;
        assert_eq!(y.shape, half, "{case}");
        let NpyData::Complex(got) = y.data else {
            panic!("{case}: rfftn wrote {}", y.descr)
        };
        let want = rfftn_ref(p, n, b, &x, 1.0).unwrap();
        let tol = if prec == "f64" { 1e-13 } else { 2e-6 };
        assert!(compare(&got, &want).passes(tol), "{case}: rfftn");
        let inv = [&common[..], &["--inverse", "--input", &os, "--output", &bs]].concat();
        let o = mpirun(np, &inv, &[]);
        assert!(o.status.success(), "{case} inverse: {}", text(&o));
        let z = read_npy(&back).unwrap();
        assert_eq!(z.shape, shape, "{case}");
        let NpyData::Real(z) = z.data else {
            panic!("{case}: irfftn wrote {}", z.descr)
        };
        let err = z
            .iter()
            .zip(&x)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(err < 1e-5, "{case}: round trip max error {err:.2e}");
    }
    let c = dir.path().join("c.npy");
    std::fs::write(&c, npy_complex_bytes(&input(3, 2, 1), false)).unwrap();
    let cs = c.display().to_string();
    refused(
        2,
        &["vc", "--real", "--mpi", "--p", "3", "--input", &cs],
        &[],
        &["complex input"],
    );
}
