//! `jitfft mul` on the command line: bad input fails clearly before any kernel is built
//! (empty file, non-numeric text with line:column, mismatched options, too large for the
//! device). (A product from files is checked in `mul_device`, where its program is cached.)
//!
//! Oracle: `jitfft::reference::mul` (GMP through rug; behind `mul --check`).

mod common;

use common::{fails_with, jitfft};
use std::fs;

fn tmp(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("jitfft-mul-cli-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    fs::write(&p, text).unwrap();
    p.display().to_string()
}

#[test]
fn bad_input() {
    let empty = tmp("empty.txt", " \n\t\n");
    let bad = tmp("bad.txt", "12345\n67z9\n");
    let hex = tmp("hex.txt", "0x1g");
    let good = tmp("good.txt", "42");
    fails_with(
        &["mul", "--a", &empty, "--b", &good],
        &["empty.txt", "no number"],
    );
    fails_with(&["mul", "--a", &bad, "--b", &good], &["bad.txt:2:3", "'z'"]);
    fails_with(
        &["mul", "--a", &good, "--b", &hex],
        &["hex.txt:1:4", "hex digits"],
    );
    fails_with(
        &["mul", "--a", "/nonexistent/x", "--b", &good],
        &["/nonexistent/x"],
    );
    fails_with(&["mul", "--a", &good], &["--b"]);
    fails_with(
        &["mul", "--a", &good, "--b", &good, "--bits", "64"],
        &["--bits"],
    );
    fails_with(&["mul", "--bits-b", "64"], &["--bits"]);
    fails_with(&["mul", "--seed", "3"], &["--bits"]);
    fails_with(&["mul"], &["no operands"]);
    fails_with(&["mul", "--bits", "0"], &["--bits 0"]);
    fails_with(&["mul", "--bits", "64", "--repeat", "0"], &["--repeat 0"]);
    fails_with(
        &["mul", "--bits", "64", "--method", "fast"],
        &["block", "ntt", "auto"],
    );
    fails_with(
        &["mul", "--bits", "64", "--block-n", "3"],
        &["--block-n 3", "2, 4, 8 or 16"],
    );
    fails_with(
        &["mul", "--bits", "64", "--output", "/nonexistent/dir/p.txt"],
        &["does not exist"],
    );
    // 2^27-limb operands: an NTT of 2^30 points, 8 GiB per array; refused with the number
    // (on a device with less than that per allocation) or by the plan, before any allocation.
    let out = jitfft()
        .args([
            "mul",
            "--bits",
            "8589934592",
            "--method",
            "ntt",
            "--seed",
            "1",
        ])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("MiB") && !err.contains("panicked"), "{err}");
    fails_with(
        &[
            "mul",
            "--bits",
            "34359738368",
            "--method",
            "ntt",
            "--seed",
            "1",
        ],
        &["ntt method handles products up to 2^28 limbs"],
    );
}
