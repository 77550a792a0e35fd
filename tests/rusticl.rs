//! Mesa's Rusticl on llvmpipe (a third OpenCL compiler, f32 only): `--check` passes for each
//! transform family in f32, and since its profiling events read zero the reports give the host
//! wall clock, labelled, instead of `0.0000 ms`. Ignored by default (`#[ignore = "needs
//! rusticl"]`; a separate CI step runs them with `--run-ignored ignored-only` after
//! `eval "$(tools/setup-ocl.sh --rusticl)"`); run without a Rusticl device they fail. fp64 is
//! skipped with a message: llvmpipe has no cl_khr_fp64, and jitfft refuses f64 there with a
//! clear error (checked).
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

fn jit(args: &str) -> assert_cmd::assert::Assert {
    common::jitfft()
        .args(args.split_whitespace())
        .args(["--device", "rusticl", "--repeat", "2", "--seed", "3"])
        .assert()
}

#[test]
#[ignore = "needs rusticl"]
fn rusticl_f32_checks_and_labelled_host_timing() {
    for case in [
        "vc --p 3 --n 6 --algo ct --radix 9 --check",
        "vc --p 2 --n 10 --algo cg --radix 4 --coeffs const-matrix --check --inverse",
        "vc --p 3 --n 7 --algo fused --check",
        "vc --p 3 --n 8 --algo fused --overlap --chunks 3 --check",
        "ntt --field goldilocks --log-n 8 --check",
        "ntt --field bn254-fr --log-n 6 --variant split28 --check",
        "gfp --prime p3 --log-n 6 --check",
    ] {
        let out = jit(case).success();
        let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
        assert!(text.contains("check      passed"), "`{case}`:\n{text}");
        assert!(
            text.contains("host wall clock (the device's profiling events read zero"),
            "`{case}`: kernel time not labelled as host time:\n{text}"
        );
        assert!(!text.contains("kernel     0.0000 ms"), "`{case}`:\n{text}");
    }
    let out = jit("vc --p 3 --n 5 --json").success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["timing"]["kernel_clock"], "host-wall-clock");
    assert!(v["timing"]["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
    assert!(
        v["timing"]["upload_ms"]["median"].is_null(),
        "{}",
        v["timing"]["upload_ms"]
    );
    assert_eq!(v["timing"]["pass_ms"].as_array().unwrap().len(), 0);
    eprintln!("fp64 skipped: llvmpipe has no cl_khr_fp64 (checking that f64 is refused clearly)");
    let out = jit("vc --p 3 --n 4 --precision f64").failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr);
    assert!(err.contains("does not support double precision"), "{err}");
}
