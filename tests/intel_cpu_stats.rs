//! `jitfft stats` on Intel's OpenCL CPU runtime reads its real compiler's code: x86 counts,
//! vector width, stack traffic and the vectoriser's width. Ignored by default (`#[ignore =
//! "needs Intel's OpenCL CPU runtime"]`); the Intel CI step runs it with `--run-ignored
//! ignored-only` after `eval "$(tools/setup-ocl.sh --intel)"`. Without the runtime it fails.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

#[test]
#[ignore = "needs Intel's OpenCL CPU runtime"]
fn stats_reads_intel_cpu_code() {
    let out = common::jitfft()
        .args([
            "stats", "vc", "--p", "3", "--n", "5", "--algo", "ct", "--radix", "9",
        ])
        .args(["--device", "intel", "--json"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let kernels = v["kernels"].as_array().unwrap();
    assert!(!kernels.is_empty());
    for k in kernels {
        let metric = |key: &str| {
            k["metrics"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["key"] == key)
                .and_then(|m| m["value"].as_u64())
                .unwrap_or_else(|| panic!("{key} unknown in {k}"))
        };
        assert!(metric("instructions") > 10, "{k}");
        assert!(metric("fetch") > 0, "{k}");
        assert!([128, 256, 512].contains(&metric("vector_bits")), "{k}");
        assert!(metric("vectorized_width") >= 1, "{k}");
        metric("stack_loads");
        metric("stack_stores");
    }
}
