//! `jitfft gfp` and `jitfft source gfp`: files, JSON, and every bad input refused cleanly.
//!
//! Oracle: `jitfft::reference::gfp` (rug; behind `gfp --check` and the round trips).

mod common;

use common::jitfft;
use predicates::prelude::*;

fn refused(args: &[&str], msg: &str) {
    jitfft()
        .arg("gfp")
        .args(args)
        .assert()
        .failure()
        .stderr(predicate::str::contains(msg));
}

#[test]
fn bad_fields_and_sizes_are_refused() {
    refused(&["--r", "8", "--k", "2", "--log-n", "2"], "not prime");
    refused(&["--r", "7", "--k", "2", "--log-n", "2"], "odd");
    refused(
        &["--r", "18446744073709551616", "--k", "2", "--log-n", "2"],
        "r < 2^64",
    );
    refused(&["--r", "10", "--k", "3", "--log-n", "2"], "power of two");
    refused(&["--r", "10", "--k", "2", "--log-n", "3"], "1 ≤ L ≤ 2");
    refused(&["--prime", "p3", "--log-n", "0"], "not supported");
    refused(&["--prime", "p7", "--log-n", "4"], "presets are");
    refused(
        &["--prime", "p3", "--r", "10", "--k", "2", "--log-n", "2"],
        "not both",
    );
    refused(&["--log-n", "2"], "choose the field");
}

#[test]
fn bad_input_files_name_the_line_and_write_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let cases = [
        ("1\n2\n3\n", "3 lines, but N = 4"),
        ("1\n2\nx7\n4\n", "line 3"),
        ("1\n-2\n3\n4\n", "line 2"),
        ("1\n2\n3\n101\n", "line 4: 101 is not below p"),
    ];
    for (i, (text, msg)) in cases.iter().enumerate() {
        let inp = dir.path().join(format!("in{i}.txt"));
        std::fs::write(&inp, text).unwrap();
        jitfft()
            .args(["gfp", "--r", "10", "--k", "2", "--log-n", "2", "--input"])
            .arg(&inp)
            .arg("--output")
            .arg(&out)
            .assert()
            .failure()
            .stderr(predicate::str::contains(*msg));
        assert!(!out.exists());
    }
}

#[test]
fn files_round_trip_through_forward_and_inverse() {
    let dir = tempfile::tempdir().unwrap();
    let inp = dir.path().join("in.txt");
    let mid = dir.path().join("mid.txt");
    let back = dir.path().join("back.txt");
    // p = 101, ω_4 = 10: X = (1+2+3+4, ...) mod 101.
    std::fs::write(&inp, "1\n2\n3\n4\n").unwrap();
    let run = |i: &std::path::Path, o: &std::path::Path, inv: bool| {
        let mut c = jitfft();
        c.args([
            "gfp", "--r", "10", "--k", "2", "--log-n", "2", "--check", "--input",
        ])
        .arg(i)
        .arg("--output")
        .arg(o);
        if inv {
            c.arg("--inverse");
        }
        c.assert().success();
    };
    run(&inp, &mid, false);
    // X_j = Σ x_i 10^(ij): X0 = 10, X1 = 1 + 20 + 300 + 4000 = 4321 ≡ 79, ...
    let got = std::fs::read_to_string(&mid).unwrap();
    assert_eq!(got.lines().next(), Some("10"));
    assert_eq!(got.lines().nth(1), Some("79"));
    run(&mid, &back, true);
    assert_eq!(std::fs::read_to_string(&back).unwrap(), "1\n2\n3\n4\n");
}

#[test]
fn json_reports_field_root_and_stage_times() {
    let out = jitfft()
        .args([
            "gfp", "--prime", "p3", "--log-n", "8", "--random", "9", "--check", "--json",
            "--repeat", "2",
        ])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["plan"]["p_bits"], 505);
    assert_eq!(v["plan"]["two_adicity"], 272);
    assert_eq!(v["plan"]["n"], 256);
    assert_eq!(v["plan"]["radices"], "16×16");
    assert!(v["plan"]["omega_n"].as_str().unwrap().len() > 100);
    assert_eq!(v["check"]["mismatches"], 0);
    assert!(
        v["timing"]["per_stage"]["base_dft_ms"]["median"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(
        v["timing"]["per_stage"]["twiddle_ms"]["median"]
            .as_f64()
            .unwrap()
            > 0.0
    );
    assert!(
        v["timing"]["per_stage"]["permutation_ms"]["median"]
            .as_f64()
            .unwrap()
            > 0.0
    );
}

#[test]
fn source_prints_the_generated_kernels() {
    jitfft()
        .args(["source", "gfp", "--prime", "p3", "--log-n", "8"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("gfp_dft16_stage0_fwd")
                .and(predicate::str::contains("gfp_twiddle_stage0"))
                .and(predicate::str::contains("gfp_digit_reverse"))
                .and(predicate::str::contains(
                    "#define GFP_R 9223372054034644992UL",
                )),
        );
}
