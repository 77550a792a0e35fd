//! `explore` and `tune` end to end on the real device, and the wisdom file `vc` then uses.

mod common;

use common::jitfft;
use predicates::prelude::*;

#[test]
fn explore_tune_and_wisdom() {
    let dir = tempfile::tempdir().unwrap();
    let wisdom = dir.path().join("wisdom.json");
    let out = jitfft()
        .args([
            "explore", "vc", "--p", "3", "--n", "3", "--repeat", "2", "--check", "--json",
        ])
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let c = v["candidates"].as_array().unwrap();
    assert!(c.len() >= 4, "{c:?}");
    let times: Vec<f64> = c
        .iter()
        .filter(|x| x["error"].is_null())
        .map(|x| x["kernel_ms"]["median"].as_f64().unwrap())
        .collect();
    assert!(
        times.windows(2).all(|w| w[0] <= w[1]),
        "not fastest first: {times:?}"
    );
    assert!(c
        .iter()
        .all(|x| x["rel_l2"].as_f64().is_some_and(|e| e < 1e-5)));
    assert!(
        c.iter().any(|x| x["choice"]["algorithm"] == "fused")
            && c.iter().any(|x| x["choice"]["algorithm"] == "cg")
    );
    assert!(!wisdom.exists(), "explore must not write wisdom");

    jitfft()
        .args(["tune", "vc", "--p", "3", "--n", "3", "--repeat", "2"])
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .success()
        .stdout(predicate::str::contains("fastest"));
    // Nothing is stored when no candidate beat the default under `vc`; where one did, `vc`
    // uses it.
    let stored = wisdom.exists()
        && std::fs::read_to_string(&wisdom)
            .unwrap()
            .contains("p=3 n=3");
    if stored {
        let w: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&wisdom).unwrap()).unwrap();
        let (key, entry) = w["entries"].as_object().unwrap().iter().next().unwrap();
        assert!(key.contains("p=3 n=3 f32"), "{key}");
        let out = jitfft()
            .args(["vc", "--p", "3", "--n", "3", "--check", "--json"])
            .env("JITFFT_WISDOM", &wisdom)
            .assert()
            .success();
        let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert!(
            r["details"]["tuned"].is_string(),
            "vc did not use the wisdom entry {entry}"
        );
        assert!(r["check"]["rel_l2"].as_f64().unwrap() < 1e-5);
    }
    // An explicit algorithm wins over wisdom.
    let out = jitfft()
        .args(["vc", "--p", "3", "--n", "3", "--algo", "ct", "--json"])
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert!(r["details"]["tuned"].is_null());
    assert_eq!(r["plan"]["algorithm"], "ct");

    // A corrupt wisdom file (refused by `vc`, replaced by `tune`): tests/faults.rs.
    jitfft()
        .args(["tune", "vc", "--p", "1", "--n", "3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("p ≥ 2"));

    // Without wisdom or flags, a CPU device gets the paper's CT kernels with literal
    // coefficients and radix 8 (p = 2); a GPU gets fused passes.
    let empty = dir.path().join("none.json");
    let out = jitfft()
        .args(["vc", "--p", "2", "--n", "7", "--check", "--json"])
        .env("JITFFT_WISDOM", &empty)
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    if r["device"]["kind"] == "cpu" {
        assert_eq!(
            (
                r["plan"]["algorithm"].as_str(),
                r["plan"]["radix"].as_u64(),
                r["plan"]["coeffs"].as_str()
            ),
            (Some("ct"), Some(8), Some("literal"))
        );
    } else {
        assert_eq!(r["plan"]["algorithm"], "fused");
    }
    assert!(r["check"]["rel_l2"].as_f64().unwrap() < 1e-5);
}

#[test]
fn cpu_default_radix_rule() {
    use jitfft::vc::choose::cpu_default_radix;
    assert_eq!(cpu_default_radix(2, 22), 8);
    assert_eq!(cpu_default_radix(3, 14), 9);
    assert_eq!(cpu_default_radix(4, 11), 16);
    assert_eq!(cpu_default_radix(5, 3), 5);
    assert_eq!(cpu_default_radix(2, 2), 4);
    assert_eq!(cpu_default_radix(17, 2), 17);
}

/// `tune` stores a plan only where its own `vc`-style measurement (upload first, the kernel time
/// `vc` reports) put it ahead of the default plan by the stated margin, in the same run; else the
/// size has no entry and `vc` runs the default. The decision is checked on the recorded
/// measurements (never on timings across runs); `vc::verify`'s unit tests inject measurements
/// to prove a slower candidate is refused.
#[test]
fn tune_never_stores_a_plan_slower_than_the_default_under_vc() {
    let dir = tempfile::tempdir().unwrap();
    let wisdom = dir.path().join("wisdom.json");
    for (p, n) in [(3, 4), (2, 6)] {
        let (ps, ns) = (p.to_string(), n.to_string());
        let out = jitfft()
            .args([
                "tune", "vc", "--p", &ps, "--n", &ns, "--repeat", "3", "--json",
            ])
            .env("JITFFT_WISDOM", &wisdom)
            // A few candidates are enough to exercise the decision (builds are the cost).
            .env("JITFFT_TUNE_SECONDS", "3")
            .assert()
            .success();
        let t: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let v = &t["verification"];
        let margin = v["margin"].as_f64().unwrap();
        assert!(margin > 0.0);
        let default = v["default"]["kernel_ms"]["median"].as_f64().unwrap();
        assert!(default > 0.0, "{v}");
        // `--repeat 3` in each of the interleaved verification rounds.
        assert_eq!(
            v["default"]["kernel_ms"]["count"],
            3 * jitfft::vc::verify::ROUNDS as u64
        );
        let key = t["key"].as_str().unwrap();
        let w: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&wisdom).unwrap()).unwrap();
        let entry = &w["entries"][key];
        match v["stored"].as_u64() {
            Some(i) => {
                let win = &v["contenders"][i as usize];
                let ms = win["kernel_ms"]["median"].as_f64().unwrap();
                assert!(
                    ms < default * (1.0 - margin),
                    "stored {win} against {default}"
                );
                assert_eq!(entry["choice"], win["choice"]);
                assert_eq!(entry["default_vc_ms"].as_f64(), Some(default));
                assert_eq!(t["stored"], win["label"]);
            }
            None => {
                assert!(entry.is_null(), "nothing won, yet wisdom holds {entry}");
                assert!(t["stored"].is_null());
            }
        }
        // Every contender ran the `vc` way, and none is the default's own schedule.
        for c in v["contenders"].as_array().unwrap() {
            assert!(c["error"].is_null(), "{c}");
            assert_eq!(
                c["kernel_ms"]["count"],
                3 * jitfft::vc::verify::ROUNDS as u64
            );
        }
        setup_is_what_vc_runs(&t, &ps, &ns, &dir.path().join("no-wisdom.json"));
        // `vc` then runs what was decided.
        let out = jitfft()
            .args(["vc", "--p", &ps, "--n", &ns, "--check", "--json"])
            .env("JITFFT_WISDOM", &wisdom)
            .assert()
            .success();
        let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        assert_eq!(
            r["details"]["tuned"].is_string(),
            v["stored"].is_u64(),
            "{r}"
        );
    }
}

/// `tune --json` says what each plan it timed launched and allocated: the default's launches,
/// buffers and program equal those of `vc` without wisdom for the same size, the default was
/// timed once before `explore` on the same setup, and every setup is consistent (one launch a
/// pass, whole work-groups, the data buffer B·N complex values).
fn setup_is_what_vc_runs(t: &serde_json::Value, p: &str, n: &str, no_wisdom: &std::path::Path) {
    let v = &t["verification"];
    let before = &t["default_before_explore"];
    assert!(before["error"].is_null(), "{before}");
    assert_eq!(before["kernel_ms"]["count"], 3, "--repeat 3 once: {before}");
    assert!(before["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
    let out = jitfft()
        .args(["vc", "--p", p, "--n", n, "--json"])
        .env("JITFFT_WISDOM", no_wisdom)
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let vc = &r["details"]["setup"];
    let default = &v["default"]["setup"];
    for key in [
        "algorithm",
        "coeffs",
        "passes",
        "radices",
        "launches",
        "buffers",
        "program_key",
    ] {
        assert_eq!(
            default[key], vc[key],
            "tune's default and vc differ in {key}"
        );
        assert_eq!(
            before["setup"][key], vc[key],
            "the default before explore: {key}"
        );
    }
    assert_eq!(default["algorithm"], r["plan"]["algorithm"]);
    let points: u64 = p.parse::<u64>().unwrap().pow(n.parse().unwrap());
    let setups = std::iter::once(default).chain(
        v["contenders"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| &c["setup"]),
    );
    for s in setups {
        let launches = s["launches"].as_array().unwrap();
        assert_eq!(launches.len() as u64, s["passes"].as_u64().unwrap(), "{s}");
        for l in launches {
            let (g, w) = (l["global"].as_u64().unwrap(), l["local"].as_u64().unwrap());
            assert!(g > 0 && w > 0 && g % w == 0, "{l}");
            assert!(l["kernel"].as_str().unwrap().starts_with("vc_"), "{l}");
        }
        let radices: u64 = launches
            .iter()
            .map(|l| l["radix"].as_u64().unwrap())
            .product();
        assert_eq!(radices, points, "the passes transform every digit: {s}");
        let a = s["buffers"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["name"] == "a")
            .unwrap();
        assert_eq!(a["bytes"].as_u64(), Some(points * 8), "f32 complex: {a}");
    }
}

/// `explore --real` / `tune --real` (issue 35): the real plans join the exploration. Every
/// candidate is the whole real transform (its complex passes' schedule varying), checked
/// against numpy's rfftn in f64; `tune --real` stores under a key of its own, which
/// `vc --real` then takes (and reports as tuned); an explicit algorithm wins over it.
#[test]
fn explore_and_tune_real() {
    let dir = tempfile::tempdir().unwrap();
    let wisdom = dir.path().join("wisdom.json");
    let args = ["--real", "--p", "3", "--n", "3", "--repeat", "2"];
    let out = jitfft()
        .args(["explore", "vc", "--check", "--json"])
        .args(args)
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let c = v["candidates"].as_array().unwrap();
    assert!(c.len() >= 3, "{c:?}");
    assert!(
        c.iter().all(|x| x["error"].is_null()
            && x["rel_l2"].as_f64().is_some_and(|e| e < 1e-5)
            && x["passes"].as_u64().is_some_and(|p| p >= 1)),
        "{c:?}"
    );
    let times: Vec<f64> = c
        .iter()
        .map(|x| x["kernel_ms"]["median"].as_f64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    assert!(!wisdom.exists(), "explore must not write wisdom");

    let out = jitfft()
        .args(["tune", "vc", "--json"])
        .args(args)
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .success();
    let t: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let key = t["key"].as_str().unwrap().to_string();
    assert!(key.ends_with("p=3 n=3 f32 real"), "{key}");
    assert!(t["default"]["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
    let w: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&wisdom).unwrap()).unwrap();
    assert_eq!(
        w["entries"].get(&key).is_some(),
        t["stored"].is_string(),
        "{t}"
    );

    // A stored choice (written here: CG, radix 3, literal) is what `vc --real` runs, checked.
    let entry = serde_json::json!({"entries": {key.clone(): {
        "choice": {"algorithm": "cg", "radix": 3, "coeffs": "literal", "fused_digits": null,
                   "fused_lanes": null, "fused_layout": "auto", "fused_values": null},
        "kernel_ms": 1.0, "date": "2026-11-25T00:00:00Z"}}});
    std::fs::write(&wisdom, entry.to_string()).unwrap();
    let run = |extra: &[&str]| -> serde_json::Value {
        let out = jitfft()
            .args(["vc", "--real", "--p", "3", "--n", "3", "--check", "--json"])
            .args(extra)
            .env("JITFFT_WISDOM", &wisdom)
            .assert()
            .success();
        serde_json::from_slice(&out.get_output().stdout).unwrap()
    };
    let r = run(&[]);
    assert!(
        r["details"]["tuned"]
            .as_str()
            .is_some_and(|l| l.contains("cg")),
        "{r}"
    );
    assert!(r["check"]["ok"].as_bool().unwrap(), "{r}");
    let kernels = r["plan"]["kernels"].to_string();
    assert!(kernels.contains("cg"), "{kernels}");
    let r = run(&["--algo", "ct"]);
    assert!(r["details"]["tuned"].is_null(), "{r}");

    jitfft()
        .args(["tune", "vc", "--real", "--p", "3", "--n", "1"])
        .env("JITFFT_WISDOM", &wisdom)
        .assert()
        .failure()
        .stderr(predicate::str::contains("n = 1"));
}

/// `tune`'s default options against `vc`'s flags (moved here from `cli::tune`'s unit tests).
mod default_options {
    use clap::Parser;
    use jitfft::cli::vc::TransformArgs;
    use jitfft::vc::choose::open_options;
    use jitfft::vc::{Precision, VcPlan};

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        t: TransformArgs,
    }

    /// `tune`'s default is the plan `vc` runs when given only p and n (issue 28: it was the
    /// paper's CT plan, `VcOptions::default()`, 4× slower at 3^12 on the H100).
    #[test]
    fn tune_times_the_options_vc_runs_without_flags() {
        for (flags, precision) in [
            (&["vc", "--p", "3", "--n", "12"][..], Precision::F32),
            (
                &["vc", "--p", "5", "--n", "4", "--precision", "f64"][..],
                Precision::F64,
            ),
        ] {
            let t = Flags::parse_from(flags).t;
            assert_eq!(t.options(), open_options(precision), "{flags:?}");
            assert_eq!(
                t.plan(None).unwrap(),
                VcPlan::new(t.p, t.n.unwrap(), open_options(precision)).unwrap()
            );
        }
    }
}
