//! File runs of `vc` (issues 32, 42): the output keeps the input's shape on every route and is
//! written once whatever `--repeat` says, the disk floor measured in the same run only when
//! asked (`--json --disk-floor`), the progress of in-memory file runs (Ctrl-C leaving no
//! partial output: tests/faults.rs).

mod common;

use common::{jitfft, seed};
use jitfft::io::npy::{npy_complex_bytes, npy_complex_shaped, read_npy};
use jitfft::io::random::random_complex;
use std::path::Path;

/// A complex64 input of 3^n fresh random values in `dir`.
fn input(dir: &Path, n: u32) -> std::path::PathBuf {
    let x = random_complex(3usize.pow(n), seed());
    let p = dir.join("x.npy");
    std::fs::write(&p, npy_complex_bytes(&x, true)).unwrap();
    p
}

/// A complex64 input of `shape` (fresh random values) in `dir`.
fn shaped_input(dir: &Path, shape: &[usize]) -> std::path::PathBuf {
    let x = random_complex(shape.iter().product(), seed());
    let p = dir.join("x.npy");
    std::fs::write(&p, npy_complex_shaped(&x, true, shape)).unwrap();
    p
}

fn json(out: &assert_cmd::assert::Assert) -> serde_json::Value {
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

#[test]
fn the_output_keeps_the_input_shape_on_every_route() {
    let dir = tempfile::tempdir().unwrap();
    let mut batch = vec![2];
    batch.extend([3; 6]);
    for shape in [vec![3; 8], batch] {
        let x = shaped_input(dir.path(), &shape);
        for (route, extra, cap) in [
            ("zero-copy", &[][..], None),
            ("in memory", &["--check"][..], None),
            ("streamed", &["--stream"][..], None),
            // Several chunks a pass on a device smaller than the array.
            ("streamed, capped device", &["--stream"][..], Some("16KiB")),
        ] {
            let y = dir.path().join("y.npy");
            let mut c = jitfft();
            c.args(["vc", "--p", "3", "--repeat", "1", "--json", "--input"])
                .arg(&x)
                .arg("--output")
                .arg(&y)
                .args(extra);
            if let Some(cap) = cap {
                c.env("JITFFT_DEVICE_MEMORY", cap);
            }
            let r = json(&c.assert().success());
            // The route is the one named: host steps only zero-copy, passes only streamed.
            assert_eq!(
                !r["details"]["host_steps"].is_null(),
                route == "zero-copy",
                "{route}"
            );
            assert_eq!(
                r["details"]["passes"].is_array(),
                route.starts_with("streamed"),
                "{route}"
            );
            let out = read_npy(&y).unwrap();
            assert_eq!(out.shape, shape, "{route}");
            std::fs::remove_file(&y).unwrap();
        }
    }
}

#[test]
fn the_output_is_written_once_whatever_repeat_says() {
    let dir = tempfile::tempdir().unwrap();
    let x = input(dir.path(), 9);
    let run = |name: &str, repeat: &str| {
        let y = dir.path().join(name);
        let out = jitfft()
            .args(["vc", "--p", "3", "--json", "--repeat", repeat])
            .arg("--input")
            .arg(&x)
            .arg("--output")
            .arg(&y)
            .assert()
            .success();
        (json(&out), std::fs::read(&y).unwrap())
    };
    let (r, three) = run("y3.npy", "3");
    // One run reads the input and writes the output; the repeats time the kernels alone.
    let runs = r["details"]["host_steps"]["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{r}");
    assert!(runs[0]["write_ms"].as_f64().unwrap() > 0.0, "{r}");
    assert!(runs[0]["read_ms"].as_f64().unwrap() > 0.0, "{r}");
    assert_eq!(r["timing"]["kernel_ms"]["count"].as_u64(), Some(3), "{r}");
    let (_, one) = run("y1.npy", "1");
    assert!(three == one, "the outputs differ");
}

/// Files in `dir` other than `keep` (temporary outputs would show here).
fn others(dir: &Path, keep: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !keep.contains(&n.as_str()))
        .collect()
}

#[test]
fn json_file_runs_report_the_disk_floor_beside_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let x = input(dir.path(), 8);
    for (route, extra) in [("in memory", None), ("streamed", Some("--stream"))] {
        let y = dir.path().join("y.npy");
        let mut c = jitfft();
        c.args(["vc", "--p", "3", "--json", "--disk-floor", "--input"])
            .arg(&x)
            .arg("--output")
            .arg(&y);
        if let Some(e) = extra {
            c.arg(e);
        }
        let out = c.assert().success();
        let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let d = &r["details"]["disk_floor"];
        let bytes = std::fs::metadata(&y).unwrap().len();
        assert_eq!(d["bytes"].as_u64(), Some(bytes), "{route}: {d}");
        let (w, rd, fl) = (
            d["write_ms"].as_f64().unwrap(),
            d["read_ms"].as_f64().unwrap(),
            d["floor_ms"].as_f64().unwrap(),
        );
        assert!(
            w > 0.0 && rd > 0.0 && (fl - w - rd).abs() < 1e-6,
            "{route}: {d}"
        );
        let run = d["run_ms"].as_f64().unwrap();
        assert!(
            (d["ratio"].as_f64().unwrap() - run / fl).abs() < 1e-9,
            "{d}"
        );
        // The floor's file is gone; only the input, the output and nothing else remain.
        assert!(
            others(dir.path(), &["x.npy", "y.npy"]).is_empty(),
            "{route}"
        );
        std::fs::remove_file(&y).unwrap();
    }
    // Never unasked: a user's --json file run measures no floor; without an output there is
    // nothing to compare; --disk-floor needs --json (the text report has none).
    let y = dir.path().join("y.npy");
    let out = jitfft()
        .args(["vc", "--p", "3", "--json", "--input"])
        .arg(&x)
        .arg("--output")
        .arg(&y)
        .assert()
        .success();
    assert!(json(&out)["details"]["disk_floor"].is_null());
    let out = jitfft()
        .args(["vc", "--p", "3", "--json", "--disk-floor", "--input"])
        .arg(&x)
        .assert()
        .success();
    assert!(json(&out)["details"]["disk_floor"].is_null());
    jitfft()
        .args(["vc", "--p", "3", "--disk-floor", "--input"])
        .arg(&x)
        .arg("--output")
        .arg(&y)
        .assert()
        .code(2);
}

#[test]
fn in_memory_file_runs_show_progress_but_not_with_json() {
    let dir = tempfile::tempdir().unwrap();
    let x = input(dir.path(), 12);
    let y = dir.path().join("y.npy");
    let run = |json: bool| {
        let mut c = jitfft();
        c.args(["vc", "--p", "3", "--progress", "--repeat", "2", "--input"])
            .arg(&x)
            .arg("--output")
            .arg(&y);
        if json {
            c.arg("--json");
        }
        let out = c.assert().success();
        String::from_utf8_lossy(&out.get_output().stderr).to_string()
    };
    let err = run(false);
    // One read and one write of 4.25 MB each: 8 MiB (the warm-up and the repeats run the
    // kernels alone, reading nothing; the output is written once).
    assert!(err.contains("file: 8/8 MiB (100%)"), "{err}");
    assert!(err.matches("file: ").count() <= 10, "{err}");
    assert!(!run(true).contains("file: "));
}

#[test]
fn streamed_file_runs_read_the_input_in_the_first_pass_bit_identically() {
    let dir = tempfile::tempdir().unwrap();
    let x = input(dir.path(), 9);
    // A capped device: several passes of several chunks each.
    let run = |name: &str, extra: &[&str], source: &str| {
        let y = dir.path().join(name);
        let out = jitfft()
            .args(["vc", "--p", "3", "--stream", "--json", "--input"])
            .arg(&x)
            .arg("--output")
            .arg(&y)
            .args(extra)
            .env("JITFFT_DEVICE_MEMORY", "256KiB")
            .env("JITFFT_STREAM_FILE_SOURCE", source)
            .assert()
            .success();
        let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        (r, std::fs::read(&y).unwrap())
    };
    let (r, fast) = run("y.npy", &[], "on");
    assert_eq!(
        r["details"]["host_setup"]["input_in_first_pass"], true,
        "{r}"
    );
    assert!(r["details"]["passes"].as_array().unwrap().len() >= 2, "{r}");
    assert!(
        r["details"]["passes"][0]["chunks"].as_u64().unwrap() > 2,
        "{r}"
    );
    for k in ["build_ms", "floor_ms", "release_ms"] {
        assert!(
            r["details"]["host_setup"][k].as_f64().unwrap() >= 0.0,
            "{k}: {r}"
        );
    }
    // --check keeps the input: read into the host array first, the same passes after.
    let (c, slow) = run("z.npy", &["--check"], "on");
    assert_eq!(c["details"]["host_setup"]["input_in_first_pass"], false);
    assert_eq!(c["check"]["ok"], true, "{c}");
    assert!(fast == slow, "the outputs differ");
    // And with the knob off (the whole file into the host array first, the A/B).
    let (o, off) = run("w.npy", &[], "off");
    assert_eq!(o["details"]["host_setup"]["input_in_first_pass"], false);
    assert!(fast == off, "the outputs differ (knob off)");
}
