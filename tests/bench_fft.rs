//! `bench --fft`: the FFT of any shape as a family of `bench` (issue 44). Each shape's device
//! rows are checked against the f64 reference (`fft --check`'s tolerance) before they are
//! timed; the rows carry shape, direction, launches and the copy-rate fraction, and every
//! export (JSON, CSV, Markdown, SVG) holds them. Bad shapes and flag mixes are refused.

mod common;

use common::{fails_with, jitfft};
use jitfft::bench::export::{from_csv, from_json};

#[test]
fn rows_checks_and_every_export() {
    let dir = tempfile::tempdir().unwrap();
    let [json, csv, md] = ["b.json", "b.csv", "b.md"].map(|f| dir.path().join(f));
    jitfft()
        .args([
            "bench",
            "--fft",
            "--shape",
            "16;6x10",
            "--precision",
            "f32,f64",
        ])
        .args(["--repeat", "2", "--plots"])
        .arg(dir.path())
        .arg("--export-json")
        .arg(&json)
        .arg("--export-csv")
        .arg(&csv)
        .arg("--export-markdown")
        .arg(&md)
        .assert()
        .success();
    let doc = from_json(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let recs = &doc.records;
    assert_eq!(
        recs.len(),
        6,
        "a CPU row and two precisions a shape: {recs:?}"
    );
    for r in recs {
        let f = r.fft.as_ref().expect("every row is an FFT row");
        assert!(f.shape == [16] || f.shape == [6, 10], "{r:?}");
        assert_eq!((r.p, r.n, r.algorithm.as_str()), (0, 0, "fftn"));
        assert_eq!(r.len, f.shape.iter().product::<u64>());
        assert_eq!((f.direction.as_str(), f.real), ("forward", false));
        if r.implementation == "cpu" {
            assert!(r.rel_l2_error.is_none() && f.launches.is_empty(), "{r:?}");
            continue;
        }
        let tol = if r.precision == "f32" { 2e-6 } else { 1e-13 };
        assert!(r.rel_l2_error.unwrap() < tol, "{r:?}");
        assert_eq!((r.runs, r.kernel_ms.count), (2, 2));
        assert!(r.passes >= f.shape.len() && r.bytes_moved > 0, "{r:?}");
        assert!(r.bandwidth_fraction.unwrap() > 0.0, "{r:?}");
        // One launch radix a 16-point axis; 6x10 names both axes.
        assert!(f
            .launches
            .contains(if f.shape.len() == 2 { "|" } else { "16" }));
    }
    // The CSV carries the FFT columns and parses back to the same records.
    let text = std::fs::read_to_string(&csv).unwrap();
    assert!(text
        .lines()
        .nth(5)
        .unwrap()
        .ends_with(",shape,direction,real,launches,schedule"));
    assert_eq!(&from_csv(&text).unwrap(), recs);
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(
        md.contains("| transform | shape | precision | launches |"),
        "{md}"
    );
    assert_eq!(md.matches("| fftn | 6x10 |").count(), 3, "{md}");
    let svg = std::fs::read_to_string(dir.path().join("bench-fft-time.svg")).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("fftn f64"), "{svg}");
}

/// irfftn (`--real --inverse`): the real output checked, the row says so.
#[test]
fn real_inverse_rows() {
    let out = jitfft()
        .args(["bench", "--fft", "--real", "--inverse", "--shape", "6x10"])
        .args(["--repeat", "1", "--export-json", "-"])
        .assert()
        .success();
    let doc = from_json(&String::from_utf8_lossy(&out.get_output().stdout)).unwrap();
    let dev: Vec<_> = doc
        .records
        .iter()
        .filter(|r| r.implementation != "cpu")
        .collect();
    assert_eq!(dev.len(), 1, "{:?}", doc.records);
    let f = dev[0].fft.as_ref().unwrap();
    assert_eq!((dev[0].algorithm.as_str(), f.real), ("irfftn", true));
    assert!(dev[0].rel_l2_error.unwrap() < 2e-6, "{:?}", dev[0]);
}

#[test]
fn bad_shapes_and_flags_are_refused() {
    fails_with(
        &["bench", "--fft", "--shape", "1024,2^20,1000x768"],
        &["not both", "separate shapes by `;`"],
    );
    fails_with(&["bench", "--fft", "--shape", "16;;6"], &["empty shape"]);
    fails_with(&["bench", "--fft", "--shape", "6x0"], &["a length ≥ 1"]);
    fails_with(&["bench", "--fft", "--shape", "2^70"], &["too large"]);
    // Flags clap refuses: exit 2.
    for args in [
        &["bench", "--fft"][..],
        &["bench", "--shape", "16"],
        &["bench", "--fft", "--shape", "16", "--p", "3"],
        &["bench", "--fft", "--shape", "16", "--algo", "ct"],
        &["bench", "--p", "3", "--n", "2", "--inverse"],
        &[
            "bench",
            "--fft",
            "--shape",
            "16",
            "--repeat",
            "2",
            "--min-repeats",
            "3",
        ],
    ] {
        jitfft().args(args).assert().code(2);
    }
}

/// A schedule `tune fft` stored for the device and plan is the one a row runs, and its
/// `schedule` says so; another shape's row keeps the default.
#[test]
fn tuned_schedule_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let wisdom = dir.path().join("wisdom.json");
    jitfft()
        .env("JITFFT_WISDOM", &wisdom)
        .args(["tune", "fft", "--shape", "16", "--repeat", "1"])
        .assert()
        .success();
    let out = jitfft()
        .env("JITFFT_WISDOM", &wisdom)
        .args(["bench", "--fft", "--shape", "16;6x10", "--repeat", "1"])
        .args(["--export-json", "-"])
        .assert()
        .success();
    let doc = from_json(&String::from_utf8_lossy(&out.get_output().stdout)).unwrap();
    for r in doc.records.iter().filter(|r| r.implementation != "cpu") {
        let f = r.fft.as_ref().unwrap();
        assert_eq!(f.schedule.is_some(), f.shape == [16], "{r:?}");
    }
}
