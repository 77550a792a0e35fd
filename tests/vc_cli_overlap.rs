//! `jitfft vc --overlap [--chunks K] [--download rect|packed]` on the real OpenCL device: the
//! figures in text and JSON, results identical to the plain path, and bad flags refused.

mod common;

use common::{fails_with, jitfft};
use predicates::prelude::*;
use serde_json::Value;

fn json(args: &[&str]) -> Value {
    let out = jitfft().args(args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

const FUSED_2PASS: &[&str] = &[
    "vc",
    "--p",
    "3",
    "--n",
    "8",
    "--algo",
    "fused",
    "--fused-digits",
    "4",
    "--random",
    "5",
    "--repeat",
    "2",
];

#[test]
fn overlap_json_reports_floor_and_ratio() {
    let mut args = FUSED_2PASS.to_vec();
    args.extend(["--overlap", "--chunks", "3", "--check"]);
    let r = json(&args);
    let o = &r["details"]["overlap"];
    assert_eq!(o["chunks"], 3);
    assert!(o["max_chunks"].as_u64().unwrap() >= 3);
    assert_eq!(o["bytes"], 6561 * 8);
    assert_eq!(o["device_bytes"], 2 * 6561 * 8);
    let med = |k: &str| o[k]["median"].as_f64().unwrap();
    assert!(med("events_ms") > 0.0 && med("host_ms") > 0.0);
    let seq = med("floor_sequential_ms");
    assert!((seq - med("floor_upload_ms") - med("floor_download_ms")).abs() < 1e-6 * seq.max(1.0));
    assert!(med("floor_bidirectional_ms") > 0.0);
    let ratio = o["ratio"].as_f64().unwrap();
    assert!((ratio - med("events_ms") / seq).abs() < 1e-9 * ratio.max(1.0));
    assert!(o["ratio_basis"]
        .as_str()
        .unwrap()
        .contains("floor_sequential_ms"));
    assert!(o["scheme"].as_str().unwrap().contains("3 chunks"));
    assert_eq!(o["events_ms"]["count"], 2);
    assert!(r["check"]["rel_l2"].as_f64().unwrap() < 2e-6);
    // The plain figures are there too (transfers summed over pieces).
    assert_eq!(r["timing"]["pass_ms"].as_array().unwrap().len(), 2);
    // Without --overlap there is no overlap section.
    let plain = json(FUSED_2PASS);
    assert!(plain["details"]["overlap"].is_null());
}

#[test]
fn overlap_text_and_default_chunks() {
    let mut args = FUSED_2PASS.to_vec();
    args.push("--overlap");
    jitfft()
        .args(&args)
        .assert()
        .success()
        .stdout(predicate::str::contains("overlap    8 chunk(s)"))
        .stdout(predicate::str::contains("× the sequential floor"))
        .stdout(predicate::str::contains(
            "first upload start → last download end",
        ))
        .stdout(predicate::str::contains("convert in"))
        .stdout(predicate::str::contains("memory     device"));
    // A single-pass transform: one chunk by default, and nothing overlaps.
    let r = json(&[
        "vc",
        "--p",
        "3",
        "--n",
        "4",
        "--algo",
        "fused",
        "--random",
        "1",
        "--repeat",
        "1",
        "--overlap",
    ]);
    assert_eq!(r["details"]["overlap"]["chunks"], 1);
}

#[test]
fn overlapped_output_equals_plain_output() {
    let dir = tempfile::tempdir().unwrap();
    for extra in [
        vec![
            "--algo",
            "fused",
            "--fused-digits",
            "3",
            "--fused-layout",
            "rotate",
        ],
        vec![
            "--algo",
            "fused",
            "--fused-digits",
            "4",
            "--fused-layout",
            "inplace",
        ],
        vec!["--algo", "cg", "--radix", "9", "--precision", "f64"],
        vec!["--algo", "ct", "--radix", "3"],
    ] {
        let base = [
            "vc", "--p", "3", "--n", "9", "--random", "11", "--repeat", "1",
        ];
        let plain = dir.path().join("plain.npy");
        let over = dir.path().join("over.npy");
        jitfft()
            .args(base)
            .args(&extra)
            .args(["--output", plain.to_str().unwrap()])
            .assert()
            .success();
        for dl in ["rect", "packed"] {
            jitfft()
                .args(base)
                .args(&extra)
                .args(["--overlap", "--chunks", "5", "--download", dl, "--check"])
                .args(["--output", over.to_str().unwrap()])
                .assert()
                .success()
                .stdout(predicate::str::contains("relative L2 error"));
            assert!(
                std::fs::read(&plain).unwrap() == std::fs::read(&over).unwrap(),
                "{extra:?} --download {dl}: overlapped output differs from the plain one"
            );
        }
    }
}

#[test]
fn bad_overlap_flags_are_refused() {
    let base = [
        "vc", "--p", "3", "--n", "8", "--random", "1", "--repeat", "1",
    ];
    let with = |more: &[&'static str]| -> Vec<&'static str> {
        let mut v = base.to_vec();
        v.extend_from_slice(more);
        v
    };
    fails_with(
        &with(&["--overlap", "--chunks", "0"]),
        &["--chunks 0", "at least one chunk"],
    );
    fails_with(&with(&["--chunks", "4"]), &["--overlap"]);
    fails_with(&with(&["--download", "packed"]), &["--overlap"]);
    fails_with(
        &with(&["--overlap", "--download", "zigzag"]),
        &["rect", "packed"],
    );
    fails_with(
        &with(&["--overlap", "--chunks=-2"]),
        &["invalid value", "--chunks"],
    );
    fails_with(
        &with(&["--overlap", "--chunks", "many"]),
        &["invalid value", "--chunks"],
    );
    fails_with(
        &with(&[
            "--algo",
            "fused",
            "--fused-digits",
            "4",
            "--overlap",
            "--chunks",
            "100000",
        ]),
        &["--chunks 100000", "allows 1 to", "work-groups"],
    );
    fails_with(
        &with(&["--algo", "fused", "--overlap", "--chunks", "2"]),
        &["1 to 1", "single pass", "--fused-digits"],
    );
}
