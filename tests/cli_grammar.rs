//! One CLI grammar: value enums (exit 2), `--output -` (data on stdout, report on stderr),
//! `--check` failing after the report, `--n`/`--size` for the field transforms, `--json` and
//! exports, and `reproduce` never overwriting results.

mod common;

use common::jitfft;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;

fn json(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out)
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", String::from_utf8_lossy(out)))
}

#[test]
fn bad_enum_values_exit_2_with_the_choices() {
    for (args, choices) in [
        (
            &["vc", "--p", "3", "--n", "2", "--algo", "bogus"][..],
            "ct, cg, fused",
        ),
        (
            &["vc", "--p", "3", "--n", "2", "--precision", "f8"][..],
            "f32, f64, f16, bf16",
        ),
        (
            &[
                "ntt",
                "--field",
                "goldilocks",
                "--log-n",
                "3",
                "--variant",
                "nope",
            ][..],
            "radix2",
        ),
        (
            &[
                "ntt",
                "--field",
                "goldilocks",
                "--log-n",
                "3",
                "--arith",
                "x",
            ][..],
            "portable",
        ),
        (
            &["bench", "--p", "3", "--n", "3", "--algo", "x"][..],
            "ct, cg, fused",
        ),
        (&["reproduce", "table4"][..], "table1"),
    ] {
        jitfft()
            .args(args)
            .assert()
            .code(2)
            .stderr(contains("possible values").and(contains(choices)));
    }
}

#[test]
fn help_names_values_and_the_device_variable() {
    for cmd in ["vc", "ntt", "gfp", "bench", "reproduce", "stats"] {
        let args: Vec<&str> = if cmd == "stats" {
            vec!["stats", "vc", "--help"]
        } else {
            vec![cmd, "--help"]
        };
        jitfft()
            .args(&args)
            .assert()
            .success()
            .stdout(contains("JITFFT_DEVICE").and(contains("--device <DEVICE>")));
    }
    jitfft()
        .args(["ntt", "--help"])
        .assert()
        .success()
        .stdout(contains("--size <N>").and(contains("2^20")));
}

#[test]
fn vc_output_dash_writes_the_spectrum_to_stdout() {
    let out = jitfft()
        .args([
            "vc", "--p", "3", "--n", "3", "--seed", "4", "--repeat", "1", "--check",
        ])
        .args(["--output", "-"])
        .assert()
        .success();
    let o = out.get_output();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 27, "N = 27 `re im` lines:\n{stdout}");
    for l in &lines {
        let v: Vec<f64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
        assert_eq!(v.len(), 2, "{l}");
    }
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stderr.contains("check      passed"),
        "report on stderr:\n{stderr}"
    );
    // The same spectrum as a file: stdout and the file agree.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.txt");
    jitfft()
        .args([
            "vc", "--p", "3", "--n", "3", "--random", "4", "--repeat", "1", "--output",
        ])
        .arg(&f)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&f).unwrap(), stdout);
}

#[test]
fn gfp_and_ntt_output_dash_write_the_values_to_stdout() {
    let out = jitfft()
        .args(["gfp", "--r", "10", "--k", "2", "--size", "4", "--seed", "3"])
        .args(["--repeat", "1", "--check", "--json", "--output", "-"])
        .assert()
        .success();
    let o = out.get_output();
    let stdout = String::from_utf8_lossy(&o.stdout);
    let vals: Vec<u64> = stdout.lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(vals.len(), 4);
    assert!(vals.iter().all(|v| *v < 101), "values in Z/101: {vals:?}");
    let report = json(&o.stderr);
    assert_eq!(report["check"]["ok"], true);
    assert_eq!(report["plan"]["log_n"], 2);

    let out = jitfft()
        .args(["ntt", "--field", "goldilocks", "--n", "3", "--seed", "3"])
        .args(["--repeat", "1", "--check", "--output", "-"])
        .assert()
        .success();
    let o = out.get_output();
    assert_eq!(String::from_utf8_lossy(&o.stdout).lines().count(), 8);
    assert!(String::from_utf8_lossy(&o.stderr).contains("check      passed"));
}

#[test]
fn check_fails_after_the_report_above_the_tolerance() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("s.npy");
    // An f32 transform's error (~1e-7) is far above 1e-30: the check must fail, after the
    // JSON report, and write no output.
    let out = jitfft()
        .args([
            "vc", "--p", "3", "--n", "3", "--seed", "1", "--repeat", "1", "--check",
        ])
        .args(["--tolerance", "1e-30", "--json", "--output"])
        .arg(&f)
        .assert()
        .failure()
        .stderr(contains("above the tolerance"));
    let r = json(&out.get_output().stdout);
    assert_eq!(r["check"]["ok"], false);
    let tol = r["check"]["tolerance"].as_f64().unwrap();
    assert!((tol - 1e-30).abs() < 1e-40, "{tol}");
    assert!(r["check"]["rel_l2"].as_f64().unwrap() > 0.0);
    assert!(!f.exists(), "no output after a failed check");
    // The default tolerance is stated in the report, and an f32 run passes it.
    let out = jitfft()
        .args([
            "vc", "--p", "3", "--n", "3", "--seed", "1", "--repeat", "1", "--check",
        ])
        .arg("--json")
        .assert()
        .success();
    let r = json(&out.get_output().stdout);
    let tol = r["check"]["tolerance"].as_f64().unwrap();
    assert!((tol - 2e-6).abs() < 1e-18, "{tol}");
    assert_eq!(r["check"]["ok"], true);
    // Text reports state the verdict and the tolerance too.
    jitfft()
        .args([
            "vc", "--p", "3", "--n", "3", "--seed", "1", "--repeat", "1", "--check",
        ])
        .args(["--tolerance", "0"])
        .assert()
        .failure()
        .stdout(contains("check      FAILED").and(contains("tolerance 0.0e0")));
}

#[test]
fn field_transform_sizes_by_n_or_size() {
    for (ntt, gfp) in [
        (["--log-n", "4"], ["--log-n", "2"]),
        (["--n", "4"], ["--n", "2"]),
        (["--size", "16"], ["--size", "4"]),
        (["--size", "2^4"], ["--size", "2^2"]),
    ] {
        let out = jitfft()
            .args([
                "ntt", "--field", "babybear", "--seed", "1", "--repeat", "1", "--json",
            ])
            .args(ntt)
            .assert()
            .success();
        assert_eq!(json(&out.get_output().stdout)["plan"]["n"], 16, "{ntt:?}");
        let out = jitfft()
            .args([
                "gfp", "--r", "10", "--k", "2", "--seed", "1", "--repeat", "1", "--json",
            ])
            .args(gfp)
            .assert()
            .success();
        assert_eq!(json(&out.get_output().stdout)["plan"]["n"], 4, "{gfp:?}");
    }
    jitfft()
        .args(["ntt", "--field", "babybear", "--size", "12"])
        .assert()
        .code(2)
        .stderr(contains("not a power of two"));
    jitfft()
        .args(["gfp", "--prime", "p3", "--size", "3"])
        .assert()
        .code(2)
        .stderr(contains("not a power of two"));
    jitfft()
        .args(["ntt", "--field", "babybear", "--size", "16", "--log-n", "4"])
        .assert()
        .code(2)
        .stderr(contains("cannot be used with"));
}

#[test]
fn bench_json_switch_and_exports() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("b.csv");
    let out = jitfft()
        .args([
            "bench",
            "--p",
            "3",
            "--n",
            "2",
            "--algo",
            "ct",
            "--min-repeats",
            "1",
        ])
        .args(["--min-time", "0", "--json", "--export"])
        .arg(&csv)
        .assert()
        .success();
    let v = json(&out.get_output().stdout);
    assert_eq!(v["records"].as_array().unwrap().len(), 2, "CPU and CT");
    let rows = jitfft::bench::export::from_csv(&std::fs::read_to_string(&csv).unwrap()).unwrap();
    assert_eq!(rows.len(), 2);
    jitfft()
        .args([
            "bench",
            "--p",
            "3",
            "--n",
            "2",
            "--export-json",
            "-",
            "--export-csv",
            "-",
        ])
        .assert()
        .failure()
        .stderr(contains("more than one export to stdout"));
    jitfft()
        .args(["bench", "--p", "3", "--n", "2", "--export", "x.txt"])
        .assert()
        .failure()
        .stderr(contains(".json, .csv or .md"));
}

#[test]
fn markdown_cells_escape_pipes() {
    let t = jitfft::bench::export::markdown_table(
        &["a".into(), "b".into()],
        &[vec!["x|y".into(), "z".into()]],
    );
    assert_eq!(t, "| a | b |\n| --- | --- |\n| x\\|y | z |\n");
}

#[test]
fn reproduce_json_and_no_silent_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut c = jitfft();
        c.args(["reproduce", "table1", "--out-dir"])
            .arg(dir.path())
            .args(extra);
        c
    };
    let out = run(&["--quick", "--json"]).assert().success();
    let r = json(&out.get_output().stdout);
    assert_eq!(r["quick"], true);
    let d = &r["devices"][0];
    let files: Vec<String> = d["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    assert_eq!(files.len(), 2);
    assert!(files
        .iter()
        .all(|f| f.contains("-quick.") && std::path::Path::new(f).is_file()));
    assert_eq!(d["table1_comment"].as_array().unwrap().len(), 3);
    let slug = d["slug"].as_str().unwrap().to_string();
    let dev = dir.path().join(&slug);

    // A second run refuses, and leaves the files as they were.
    std::fs::write(dev.join("table1-quick.md"), "kept").unwrap();
    run(&["--quick"])
        .assert()
        .failure()
        .stderr(contains("results exist").and(contains("--force")));
    assert_eq!(
        std::fs::read_to_string(dev.join("table1-quick.md")).unwrap(),
        "kept"
    );

    // A full run's files are never replaced by a quick one, even with --force.
    std::fs::write(dev.join("table1.md"), "full run").unwrap();
    std::fs::write(dev.join("table1.json"), "{}").unwrap();
    run(&["--quick", "--force"]).assert().success();
    assert_ne!(
        std::fs::read_to_string(dev.join("table1-quick.md")).unwrap(),
        "kept"
    );
    assert_eq!(
        std::fs::read_to_string(dev.join("table1.md")).unwrap(),
        "full run"
    );
    // A full run refuses to replace the full files without --force.
    run(&[]).assert().failure().stderr(contains("table1.md"));
    assert_eq!(
        std::fs::read_to_string(dev.join("table1.md")).unwrap(),
        "full run"
    );
}

#[test]
fn reproduce_default_folder_is_outside_the_checkout() {
    let data = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let out = jitfft()
        .current_dir(cwd.path())
        .env("XDG_DATA_HOME", data.path())
        .args(["reproduce", "table1", "--quick", "--json"])
        .assert()
        .success();
    let r = json(&out.get_output().stdout);
    let out_dir = std::path::PathBuf::from(r["out_dir"].as_str().unwrap());
    assert!(
        out_dir.starts_with(data.path().join("jitfft").join("results")),
        "{out_dir:?}"
    );
    assert!(out_dir.to_string_lossy().ends_with("-table1-quick"));
    assert!(
        std::fs::read_dir(cwd.path()).unwrap().next().is_none(),
        "nothing in the cwd"
    );
}

#[test]
fn f64_check_states_its_tolerance() {
    let out = jitfft()
        .args([
            "vc",
            "--p",
            "5",
            "--n",
            "3",
            "--precision",
            "f64",
            "--seed",
            "2",
        ])
        .args(["--repeat", "1", "--check", "--json"])
        .assert()
        .success();
    let r = json(&out.get_output().stdout);
    let tol = r["check"]["tolerance"].as_f64().unwrap();
    assert!((tol - 1e-13).abs() < 1e-25, "{tol}");
    assert_eq!(r["check"]["ok"], true);
    assert!(r["check"]["rel_l2"].as_f64().unwrap() <= 1e-13);
}

#[test]
fn quiet_leaves_only_results() {
    let dir = tempfile::tempdir().unwrap();
    let out = jitfft()
        .args(["reproduce", "table1", "--quick", "--out-dir"])
        .arg(dir.path().join("a"))
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("table 1 on"), "informational line:\n{err}");
    let out = jitfft()
        .args(["reproduce", "table1", "--quick", "--quiet", "--out-dir"])
        .arg(dir.path().join("b"))
        .assert()
        .success();
    assert!(out.get_output().stderr.is_empty());
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("table1-quick.md"));
}

#[test]
fn explore_markdown_table() {
    jitfft()
        .args([
            "-q",
            "explore",
            "vc",
            "--p",
            "3",
            "--n",
            "2",
            "--repeat",
            "1",
            "--markdown",
        ])
        .assert()
        .success()
        .stdout(
            contains("| # ")
                .and(contains("|---"))
                .and(contains("| candidate")),
        );
}

#[test]
fn source_output_file_equals_stdout_for_every_transform() {
    let dir = tempfile::tempdir().unwrap();
    for (i, args) in [
        &["vc", "--p", "3", "--n", "5", "--algo", "cg"][..],
        &["ntt", "--field", "goldilocks", "--log-n", "4"][..],
        &["gfp", "--prime", "p3", "--log-n", "4"][..],
    ]
    .into_iter()
    .enumerate()
    {
        let stdout = jitfft().arg("source").args(args).output().unwrap();
        assert!(stdout.status.success(), "source {args:?}");
        let path = dir.path().join(format!("prog{i}.cl"));
        jitfft()
            .arg("source")
            .args(args)
            .args(["--output", path.to_str().unwrap()])
            .assert()
            .success()
            .stdout("");
        assert_eq!(std::fs::read(&path).unwrap(), stdout.stdout, "{args:?}");
        let dash = jitfft()
            .args(["source", "--output", "-"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(dash.stdout, stdout.stdout, "{args:?}");
    }
    // A bad transform flag leaves no file behind.
    let bad = dir.path().join("bad.cl");
    jitfft()
        .args(["source", "vc", "--p", "1", "--n", "3", "--output"])
        .arg(&bad)
        .assert()
        .failure();
    assert!(!bad.exists());
}

/// `vc --mpi` and `fft --mpi` in a build without the `mpi` feature say so (no device, no MPI
/// touched).
#[cfg(not(feature = "mpi"))]
#[test]
fn mpi_flag_without_the_feature_says_so() {
    for args in [
        &["vc", "--mpi", "--p", "3", "--n", "4"][..],
        &["fft", "--mpi", "--shape", "8,8"],
    ] {
        common::fails_with(args, &["built without MPI", "--features mpi"]);
    }
}
