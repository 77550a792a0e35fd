//! `spectrum --stats`, `autocorr` and `ntt --batch` over a device set (issue 45): the
//! functions (rows) split over the same device opened two and three times (`--device 0,0`)
//! give the one-device results bit for bit (each member runs the same kernels on its rows);
//! a failing member ends the run naming its device, with no output file.

mod common;

use common::{fails_with, jitfft};
use std::path::Path;

/// The tests' device named `times` times: one queue on it, or a set of `times` queues.
fn device(times: usize) -> String {
    vec![common::gpu().info.index.to_string(); times].join(",")
}

/// `functions` random functions of 3^3 values, one a line.
fn functions(path: &Path, functions: usize, seed: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let lines: Vec<String> = (0..functions)
        .map(|_| {
            let row: Vec<String> = (0..27)
                .map(|_| rng.gen_range(0..3u32).to_string())
                .collect();
            row.join(" ")
        })
        .collect();
    std::fs::write(path, lines.join("\n") + "\n").unwrap();
}

/// `jitfft args --p 3 --input input --device dev --json`: its JSON report.
fn json_of(args: &[&str], input: &Path, dev: &str) -> serde_json::Value {
    let o = jitfft()
        .args(args)
        .args(["--p", "3", "--json", "--device", dev, "--input"])
        .arg(input)
        .assert()
        .success();
    serde_json::from_slice(&o.get_output().stdout).unwrap()
}

/// A set run's `device_set` section: `times` members, `with_rows` of them with rows, the
/// rows covered once in order.
fn check_set(set: &serde_json::Value, times: usize, with_rows: usize, rows: u64) {
    assert_eq!(set["members"], times as u64, "{set}");
    let shares = set["shares"].as_array().unwrap();
    assert_eq!(shares.len(), with_rows, "{set}");
    let mut next = 0;
    for s in shares {
        assert_eq!(s["rows"][0], next, "{set}");
        next = s["rows"][1].as_u64().unwrap();
    }
    assert_eq!(next, rows, "{set}");
    assert!(set["wall_ms"]["median"].as_f64().unwrap() > 0.0, "{set}");
}

/// Five functions over two and three queues (uneven shares) and two over three (more members
/// than functions), f64 and f32: the one-device statistics (the exact |S|² distribution
/// among them) and R, bit for bit; the report gains the set's section.
#[test]
fn spectrum_and_autocorr_split_over_a_set_give_the_one_device_results() {
    let dir = tempfile::tempdir().unwrap();
    for (count, sizes, precision) in [(5usize, &[2usize, 3][..], "f64"), (2, &[3], "f32")] {
        let input = dir.path().join(format!("f{count}.txt"));
        functions(&input, count, count as u64);
        let stats = ["spectrum", "--stats", "--precision", precision];
        let one = json_of(&stats, &input, &device(1));
        assert!(one.get("device_set").is_none(), "{one}");
        if precision == "f64" {
            assert_eq!(one["exact"].as_array().map(|e| e.len()), Some(count));
        }
        let r_one = dir.path().join(format!("r{count}.npy"));
        let ac = ["autocorr", "--precision", precision, "--output"];
        let rows_one = json_of(
            &[&ac[..], &[r_one.to_str().unwrap()]].concat(),
            &input,
            &device(1),
        );
        for &times in sizes {
            let mut set = json_of(&stats, &input, &device(times));
            check_set(&set["device_set"], times, times.min(count), count as u64);
            set.as_object_mut().unwrap().remove("device_set");
            assert_eq!(set, one, "spectrum --stats of {count} on {times}");
            let r_set = dir.path().join(format!("r{count}_{times}.npy"));
            let out = [&ac[..], &[r_set.to_str().unwrap()]].concat();
            let rows = json_of(&out, &input, &device(times));
            check_set(&rows["device_set"], times, times.min(count), count as u64);
            assert_eq!(
                rows["functions"], rows_one,
                "autocorr rows of {count} on {times}"
            );
            assert!(
                std::fs::read(&r_set).unwrap() == std::fs::read(&r_one).unwrap(),
                "autocorr of {count} on {times}: R differs"
            );
        }
    }
    // The human report names the set and each member's rows.
    let input = dir.path().join("f5.txt");
    let o = jitfft()
        .args(["autocorr", "--p", "3", "--device", &device(2), "--input"])
        .arg(&input)
        .assert()
        .success();
    let text = String::from_utf8_lossy(&o.get_output().stdout).to_string();
    assert!(text.contains("(2 devices: "), "{text}");
    assert!(text.contains("device set 2 members"), "{text}");
    assert!(
        text.contains("  member 1 (device ") && text.contains("rows 3..5"),
        "{text}"
    );
}

/// `jitfft args --device I,I,I` with member 1 failing at `stage` (injected): an error naming
/// it and its device, a non-zero exit, no report on stdout and no file `out`, no hang.
fn member_fails(args: &[&str], stage: &str, out: &Path) {
    let o = jitfft()
        .env("JITFFT_SET_FAIL_MEMBER", "1")
        .env("JITFFT_SET_FAIL_STAGE", stage)
        .args(args)
        .args(["--device", &device(3)])
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&o.get_output().stderr).to_string();
    let named = format!("device set member 1 (device {}", common::gpu().info.index);
    assert!(
        err.contains(&named) && err.contains(&format!("injected failure at stage {stage}")),
        "{args:?} {stage}: {err}"
    );
    assert!(
        o.get_output().stdout.is_empty(),
        "{args:?} {stage}: a report"
    );
    assert!(!out.exists(), "{args:?} {stage}: output written");
}

/// Member 1 of three failing at its build or its run (injected): an error naming it and its
/// device, a non-zero exit, no report and no output file; the next run is right.
#[test]
fn a_failing_member_ends_an_analysis_naming_its_device() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("f.txt");
    functions(&input, 4, 7);
    let out = dir.path().join("r.npy");
    let runs: [&[&str]; 2] = [
        &["spectrum", "--stats"],
        &["autocorr", "--output", out.to_str().unwrap()],
    ];
    for stage in ["build", "run"] {
        for args in runs {
            let full = [args, &["--p", "3", "--input", input.to_str().unwrap()]].concat();
            member_fails(&full, stage, &out);
        }
    }
    let one = json_of(&["spectrum", "--stats"], &input, &device(1));
    let mut set = json_of(&["spectrum", "--stats"], &input, &device(3));
    set.as_object_mut().unwrap().remove("device_set");
    assert_eq!(set, one);
    let rows = json_of(runs[1], &input, &device(3));
    assert_eq!(rows["functions"].as_array().unwrap().len(), 4);
    assert!(out.exists());
}

/// `jitfft ntt --batch batch` of 2^4 Goldilocks elements on `dev`, checked, writing `out`:
/// its JSON report.
fn ntt_on(batch: &str, dev: &str, out: &Path) -> serde_json::Value {
    let o = jitfft()
        .args([
            "ntt",
            "--field",
            "goldilocks",
            "--log-n",
            "4",
            "--seed",
            "8",
        ])
        .args(["--batch", batch, "--check", "--repeat", "2", "--json"])
        .args(["--device", dev, "--output"])
        .arg(out)
        .assert()
        .success();
    serde_json::from_slice(&o.get_output().stdout).unwrap()
}

/// `ntt --batch` over two and three queues (uneven shares; two rows over three: more members
/// than rows): every row checked against the CPU reference and the one-device output byte
/// for byte; rows read from a file (B·N lines) transform alike; a file that does not split
/// into B rows is refused; an injected member failure names the device, no output file.
#[test]
fn ntt_batches_split_over_a_set_give_the_one_device_output() {
    let dir = tempfile::tempdir().unwrap();
    for (batch, sizes) in [("5", &[2usize, 3][..]), ("2", &[3])] {
        let one_out = dir.path().join(format!("one{batch}.txt"));
        let one = ntt_on(batch, &device(1), &one_out);
        assert_eq!(one["check"]["ok"], true, "{one}");
        assert_eq!(one["details"]["batch"], batch.parse::<u64>().unwrap());
        assert!(one["details"].get("device_set").is_none(), "{one}");
        let rows = batch.parse::<usize>().unwrap();
        let text = std::fs::read_to_string(&one_out).unwrap();
        assert_eq!(text.lines().count(), 16 * rows);
        for &times in sizes {
            let out = dir.path().join(format!("set{batch}_{times}.txt"));
            let r = ntt_on(batch, &device(times), &out);
            assert_eq!(r["check"]["ok"], true, "{r}");
            check_set(
                &r["details"]["device_set"],
                times,
                times.min(rows),
                rows as u64,
            );
            assert_eq!(
                std::fs::read_to_string(&out).unwrap(),
                text,
                "{batch} on {times}"
            );
        }
    }
    // The one-device output read back as input: five rows, each inverse-transformed, checked.
    let o = jitfft()
        .args([
            "ntt",
            "--field",
            "goldilocks",
            "--batch",
            "5",
            "--check",
            "--inverse",
        ])
        .args(["--device", &device(2), "--input"])
        .arg(dir.path().join("one5.txt"))
        .assert()
        .success();
    let text = String::from_utf8_lossy(&o.get_output().stdout).to_string();
    assert!(
        text.contains("batch      5 rows") && text.contains("device set 2 members"),
        "{text}"
    );
    assert!(text.contains("check      passed"), "{text}");
    let input = dir.path().join("one5.txt");
    let args = ["ntt", "--field", "goldilocks", "--batch", "3", "--input"];
    fails_with(
        &[&args[..], &[input.to_str().unwrap()]].concat(),
        &["80 values do not make --batch 3 rows"],
    );
    let args = [
        "ntt",
        "--field",
        "goldilocks",
        "--log-n",
        "4",
        "--batch",
        "4",
    ];
    for stage in ["build", "run"] {
        let out = dir.path().join(format!("fail_{stage}.txt"));
        member_fails(
            &[&args[..], &["--output", out.to_str().unwrap()]].concat(),
            stage,
            &out,
        );
    }
}
