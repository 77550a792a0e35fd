//! `jitfft ntt` and `jitfft source ntt`: files, JSON, check, and bad input (clear error,
//! non-zero exit, no output file).
//!
//! Oracle: `jitfft::reference::ntt` (behind `ntt --check`).

use assert_cmd::Command;
use predicates::prelude::*;

fn jit() -> Command {
    Command::cargo_bin("jitfft").unwrap()
}

#[test]
fn ntt_file_round_trip_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("x.txt");
    let fwd = dir.path().join("X.txt");
    let back = dir.path().join("y.txt");
    let vals: Vec<String> = (0..16u64).map(|i| (i * i * 7919 + 3).to_string()).collect();
    std::fs::write(&input, vals.join("\n") + "\n").unwrap();
    jit()
        .args([
            "ntt",
            "--field",
            "babybear",
            "--variant",
            "split28",
            "--check",
            "--json",
            "--repeat",
            "1",
        ])
        .arg("--input")
        .arg(&input)
        .arg("--output")
        .arg(&fwd)
        .assert()
        .success()
        .stdout(predicate::str::contains("\"omega_n\""))
        .stdout(predicate::str::contains("\"ok\": true"));
    jit()
        .args(["ntt", "--field", "babybear", "--inverse", "--repeat", "1"])
        .arg("--input")
        .arg(&fwd)
        .arg("--output")
        .arg(&back)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&back).unwrap(),
        vals.join("\n") + "\n"
    );
}

#[test]
fn ntt_bad_input_is_refused_without_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let bad = dir.path().join("bad.txt");
    let run = |args: &[&str], msg: &str| {
        jit()
            .args(args)
            .arg("--output")
            .arg(&out)
            .assert()
            .failure()
            .stderr(predicate::str::contains(msg.to_string()));
        assert!(!out.exists(), "no output after: {args:?}");
    };
    run(
        &["ntt", "--field", "bn254-fq", "--log-n", "2"],
        "largest NTT size is 2^1 = 2",
    );
    run(
        &["ntt", "--field", "bn254-fr", "--log-n", "29"],
        "2-adicity",
    );
    run(
        &["ntt", "--modulus", "21", "--generator", "2", "--log-n", "2"],
        "composite",
    );
    run(
        &["ntt", "--modulus", "18", "--generator", "5", "--log-n", "2"],
        "even",
    );
    run(
        &["ntt", "--modulus", "17", "--generator", "4", "--log-n", "2"],
        "does not generate the 2^4 subgroup",
    );
    run(
        &["ntt", "--modulus", "17", "--log-n", "2"],
        "needs --generator",
    );
    run(
        &[
            "ntt",
            "--field",
            "goldilocks",
            "--log-n",
            "4",
            "--variant",
            "radix4",
        ],
        "[possible values: radix2, split28, fused]",
    );
    std::fs::write(&bad, "1\n2\n2013265921\n4\n").unwrap();
    let b = bad.to_str().unwrap();
    run(
        &["ntt", "--field", "babybear", "--input", b],
        "line 3: 2013265921 is not below the modulus",
    );
    std::fs::write(&bad, "1\n2\nx3\n4\n").unwrap();
    run(&["ntt", "--field", "babybear", "--input", b], "line 3");
    std::fs::write(&bad, "1\n2\n3\n").unwrap();
    run(&["ntt", "--field", "babybear", "--input", b], "N = 2^L");
}

#[test]
fn source_ntt_prints_named_kernels() {
    jit()
        .args([
            "source",
            "ntt",
            "--field",
            "goldilocks",
            "--log-n",
            "20",
            "--variant",
            "fused",
        ])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("// NTT variant fused"))
        .stdout(predicate::str::contains("ntt_fused_pass1_r1024"))
        .stdout(predicate::str::contains("inline fe fe_mul"));
}

#[test]
fn source_ntt_ptx_variant_and_option_errors() {
    jit()
        .args([
            "source", "ntt", "--field", "bn254-fr", "--log-n", "20", "--limbs", "32", "--arith",
            "ptx",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("ptx arithmetic"))
        .stdout(predicate::str::contains("asm volatile("))
        .stdout(predicate::str::contains("\"madc.hi.cc.u32 "))
        .stdout(predicate::str::contains("ntt_fused_pass1_r1024"))
        .stdout(predicate::str::contains("#define MADLOC_CC").not());
    // Without a device, auto is the portable variant.
    jit()
        .args(["source", "ntt", "--field", "goldilocks", "--log-n", "8"])
        .assert()
        .success()
        .stdout(predicate::str::contains("#define MADLOC_CC"))
        .stdout(predicate::str::contains("asm volatile(").not());
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.txt");
    let run = |args: &[&str], msg: &str| {
        jit()
            .args(args)
            .arg("--output")
            .arg(&out)
            .assert()
            .failure()
            .stderr(predicate::str::contains(msg.to_string()));
        assert!(!out.exists(), "no output after: {args:?}");
    };
    // PoCL (CI) is no NVIDIA device.
    run(
        &[
            "ntt", "--field", "bn254-fr", "--log-n", "4", "--arith", "ptx", "--device", "cpu",
        ],
        "not an NVIDIA device",
    );
    run(
        &[
            "ntt",
            "--field",
            "goldilocks",
            "--log-n",
            "4",
            "--reduce",
            "lazy",
        ],
        "4p < R",
    );
    run(
        &["ntt", "--field", "bn254-fr", "--log-n", "4", "--elems", "3"],
        "2, 4, 8 or 16",
    );
    run(
        &[
            "ntt",
            "--field",
            "bn254-fr",
            "--log-n",
            "4",
            "--max-radix",
            "3",
        ],
        "power of two",
    );
    run(
        &[
            "ntt", "--field", "bn254-fr", "--log-n", "4", "--arith", "cuda",
        ],
        "[possible values: auto, portable, ptx]",
    );
}

#[test]
fn ntt_json_reports_options_and_counts() {
    jit()
        .args([
            "ntt", "--field", "bn254-fr", "--log-n", "6", "--limbs", "32", "--check", "--json",
            "--repeat", "1", "--random", "5",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("\"arith\": \""))
        .stdout(predicate::str::contains("\"reduction\": \"lazy\""))
        .stdout(predicate::str::contains("\"field_ops_per_point\""))
        .stdout(predicate::str::contains("\"ok\": true"));
}

#[test]
fn source_ntt_limb_default_follows_the_arithmetic() {
    // PTX carry chains take 32-bit limbs unless --limbs says otherwise; portable ones 64.
    let src = |extra: &[&str]| {
        let mut args = vec!["source", "ntt", "--field", "bn254-fr", "--log-n", "4"];
        args.extend_from_slice(extra);
        let out = jit().args(&args).assert().success();
        String::from_utf8_lossy(&out.get_output().stdout).to_string()
    };
    assert!(src(&["--arith", "ptx"]).contains("8 limbs of 32 bits"));
    assert!(src(&[]).contains("4 limbs of 64 bits"));
    assert!(src(&["--arith", "ptx", "--limbs", "64"]).contains("4 limbs of 64 bits"));
}
