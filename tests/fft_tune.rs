//! `explore fft` and `tune fft` end to end on PoCL, and the wisdom `fft` then uses: every
//! candidate checked against RustFFT, fastest first; `tune` stores the fastest under the
//! run's key beside vc's entries; `fft` runs it (reported as tuned) unless `--local-values`
//! chooses the schedule; bad flags are usage errors.

mod common;

use common::jitfft;
use serde_json::Value;
use std::path::Path;

/// `jitfft args…` with the wisdom file `w`: its JSON report, after a success.
fn json(args: &[&str], w: &Path) -> Value {
    let out = jitfft()
        .args(args)
        .arg("--json")
        .env("JITFFT_WISDOM", w)
        .assert()
        .success();
    serde_json::from_slice(&out.get_output().stdout).unwrap()
}

/// The candidates of an explore or tune report: at least two, every one run and within the
/// f32 tolerance, fastest first; the default among them.
fn candidates_ok(v: &Value) -> &Vec<Value> {
    let c = v["candidates"].as_array().unwrap();
    assert!(c.len() >= 2, "{c:?}");
    for x in c {
        assert!(x["error"].is_null(), "{x}");
        assert!(x["rel_l2"].as_f64().is_some_and(|e| e < 2e-6), "{x}");
        assert!(x["passes"].as_u64().is_some_and(|p| p >= 1), "{x}");
        assert!(x["moved_bytes"].as_u64().is_some_and(|b| b > 0), "{x}");
    }
    let times: Vec<f64> = c
        .iter()
        .map(|x| x["kernel_ms"]["median"].as_f64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert!(c.iter().any(|x| x["choice"] == v["default"]), "{v}");
    assert!(c.iter().any(|x| x["choice"]["local_values"] == 1), "{c:?}");
    c
}

#[test]
fn explore_tune_and_the_wisdom_fft_reads() {
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("wisdom.json");
    let shape = ["--shape", "64", "--repeat", "2"];
    let e = json(&[&["explore", "fft", "--check"][..], &shape].concat(), &w);
    candidates_ok(&e);
    assert!(!w.exists(), "explore must not write wisdom");

    // vc's entry first: tune fft keeps it.
    std::fs::write(&w, r#"{"entries": {"other | 1 | p=3 n=3 f32": {"choice": {"algorithm": "cg", "radix": 3, "coeffs": "literal", "fused_digits": null, "fused_lanes": null, "fused_layout": "auto", "fused_values": null}, "kernel_ms": 1.0, "date": "2026-11-28T00:00:00Z"}}}"#).unwrap();
    let t = json(&[&["tune", "fft"][..], &shape].concat(), &w);
    let best = &candidates_ok(&t)[0];
    let label = best["label"].as_str().unwrap();
    assert_eq!(label.trim_end_matches(" (default)"), t["stored"], "{t}");
    let key = t["key"].as_str().unwrap();
    assert!(key.ends_with("fft shape=64 axes=0 forward f32"), "{key}");
    let file: Value = serde_json::from_str(&std::fs::read_to_string(&w).unwrap()).unwrap();
    assert_eq!(file["fft"][key]["choice"], best["choice"], "{file}");
    assert!(
        file["entries"]["other | 1 | p=3 n=3 f32"].is_object(),
        "{file}"
    );

    // fft runs the stored schedule, checked: the launches of that budget given explicitly.
    let v = best["choice"]["local_values"].to_string();
    let r = json(&["fft", "--shape", "64", "--check", "--repeat", "1"], &w);
    assert_eq!(r["details"]["tuned"], t["stored"], "{r}");
    assert!(r["check"]["passed"].as_bool().unwrap(), "{r}");
    let given = json(
        &[
            "fft",
            "--shape",
            "64",
            "--local-values",
            &v,
            "--repeat",
            "1",
        ],
        &w,
    );
    assert!(given["details"]["tuned"].is_null(), "{given}");
    assert_eq!(given["plan"]["kernels"], r["plan"]["kernels"]);
    // Another plan (the inverse) has no entry: the default, untuned.
    let inv = json(&["fft", "--shape", "64", "--inverse", "--repeat", "1"], &w);
    assert!(inv["details"]["tuned"].is_null(), "{inv}");
}

#[test]
fn bad_flags_are_usage_errors() {
    for args in [
        &["explore", "fft", "--shape", "64", "--precision", "f8"][..],
        &["tune", "fft", "--shape", "64", "--precision", "f8"],
        &["fft", "--shape", "64", "--local-values", "0"],
        &["explore", "fft", "--shape", "64", "--json", "--markdown"],
    ] {
        jitfft().args(args).assert().code(2);
    }
    common::fails_with(
        &["explore", "fft", "--shape", "64", "--repeat", "0"],
        &["--repeat 0"],
    );
}

/// The real paths (a packed rfftn, an irfftn of two transforms) explored and checked; the
/// 1000-point transform's candidates in text.
#[test]
fn explore_real_and_text() {
    if !common::exhaustive() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let w = dir.path().join("wisdom.json");
    for extra in [&["--real"][..], &["--real", "--inverse", "--axes", "1,0"]] {
        let args = [
            &["explore", "fft", "--shape", "64,48", "--check"][..],
            extra,
        ]
        .concat();
        candidates_ok(&json(&args, &w));
    }
    let out = jitfft()
        .args(["explore", "fft", "--shape", "1000", "--repeat", "2"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    for needle in ["register passes", "(default)", "moved", "GB/s"] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
}
