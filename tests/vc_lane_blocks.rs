//! Fused schedules whose later passes keep a block of consecutive lanes (`vc::fused::block`):
//! `JITFFT_LANE_BLOCKS=on:L` forces blocks of at most L lanes on small arrays, so cut blocks
//! (the span not a multiple of L), work-items stepping through several rows, one-digit blocks,
//! exchanges in real/imaginary halves (`on:Lh`), batches, f64 and the scaled inverse all run on the test device against the f64 reference
//! (`vc --check`, fresh random input); `off` keeps lane digits.

mod common;

use common::{jitfft, pick, seed};
use serde_json::Value;

/// Runs `vc --check --json` with the lane-block mode; the report.
fn run(mode: &str, args: &[&str]) -> Value {
    let s = seed().to_string();
    let out = jitfft()
        .env("JITFFT_LANE_BLOCKS", mode)
        .args([
            "vc", "--algo", "fused", "--check", "--json", "--repeat", "1",
        ])
        .args(["--seed", &s])
        .args(args)
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).expect("--json report")
}

fn block_kernels(report: &Value) -> Vec<String> {
    report["details"]["kernels"]
        .as_array()
        .expect("kernels")
        .iter()
        .filter_map(|k| k.as_str())
        .filter(|k| k.contains("_block"))
        .map(String::from)
        .collect()
}

#[test]
fn block_passes_match_the_reference() {
    // (lanes, args, a block kernel name must contain)
    let all: &[(&str, &[&str], &str)] = &[
        // two m = 2 block passes, the second cut (25 = 3·7 + 4)
        (
            "on:7",
            &["--p", "5", "--n", "5", "--fused-digits", "2"],
            "_block7",
        ),
        // 81 rows of the other digits, 40 a step (1000 work-items), 243 = 9·25 + 18; inverse 1/N
        (
            "on:25",
            &["--p", "3", "--n", "10", "--fused-digits", "5", "--inverse"],
            "m5t0_inp_inv_f32_scaled_block25",
        ),
        // f64, a batch of 3, a one-digit block of 100 lanes (1296 = 12·100 + 96)
        (
            "on:100",
            &[
                "--p",
                "6",
                "--n",
                "5",
                "--fused-digits",
                "2",
                "--precision",
                "f64",
                "--batch",
                "3",
            ],
            "m1t0_inp_fwd_f64_b3r1_block100",
        ),
        // large composite p, whole-span blocks, orthonormal scaling
        (
            "on",
            &[
                "--p",
                "24",
                "--n",
                "3",
                "--fused-digits",
                "1",
                "--norm",
                "ortho",
            ],
            "_block",
        ),
        (
            "on:3",
            &["--p", "11", "--n", "3", "--fused-digits", "1"],
            "_block3",
        ),
        // exchanges in real/imaginary halves: five digits (four exchanges), one row a work-item
        (
            "on:25h",
            &["--p", "3", "--n", "10", "--fused-digits", "5", "--inverse"],
            "m5t0_inp_inv_f32_scaled_block12h",
        ),
        (
            "on:7h",
            &[
                "--p",
                "6",
                "--n",
                "5",
                "--fused-digits",
                "3",
                "--precision",
                "f64",
            ],
            "m3t0_inp_fwd_f64_block6h",
        ),
    ];
    let some = [all[0], all[1], all[2], all[5]];
    for (mode, args, name) in pick(&some, all) {
        let report = run(mode, args);
        let blocks = block_kernels(&report);
        assert!(
            blocks.iter().any(|k| k.contains(name)),
            "{mode} {args:?}: no {name} kernel in {blocks:?}"
        );
        assert_eq!(report["check"]["ok"], true, "{mode} {args:?}: {report}");
    }
}

#[test]
fn off_keeps_lane_digits() {
    let report = run("off", &["--p", "5", "--n", "5", "--fused-digits", "2"]);
    assert!(block_kernels(&report).is_empty(), "{report}");
    assert_eq!(report["check"]["ok"], true);
}
