//! Every run command's `--json` has the one schema (`report::Report`): the same top level, the
//! shared `transform` words and a measured `timing.kernel_ms`. A command whose report drifts
//! (a key moved back to the top, a time outside `timing`) fails here.

mod common;

use common::jitfft;
use serde_json::Value;

/// The top level every report has, in order (`check` only with `--check`).
const TOP: [&str; 6] = ["device", "transform", "plan", "timing", "check", "details"];

/// `args` with `--json` on the default device (PoCL here), parsed.
fn report(args: &[&str]) -> Value {
    let out = jitfft().args(args).arg("--json").assert().success();
    serde_json::from_slice(&out.get_output().stdout)
        .unwrap_or_else(|e| panic!("{args:?}: stdout is not one JSON object: {e}"))
}

/// The schema's checks of one command's report; `checked`: it ran with `--check`.
fn conforms(args: &[&str], kind: &str, checked: bool) -> Value {
    let v = report(args);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let want: Vec<&str> = TOP
        .iter()
        .copied()
        .filter(|k| checked || *k != "check")
        .collect();
    let mut sorted_want = want.clone();
    sorted_want.sort_unstable();
    assert_eq!(keys, sorted_want, "{args:?}: top level");
    assert!(v["device"]["name"].is_string(), "{args:?}: device");
    let t = &v["transform"];
    assert_eq!(t["kind"], kind, "{args:?}");
    assert!(
        !t["shape"].as_array().unwrap().is_empty(),
        "{args:?}: shape"
    );
    for k in ["precision", "direction", "norm"] {
        assert!(
            t[k].as_str().is_some_and(|s| !s.is_empty()),
            "{args:?}: transform.{k}"
        );
    }
    assert!(v["plan"].is_object(), "{args:?}: plan");
    let timing = &v["timing"];
    for k in [
        "kernel_ms",
        "pass_ms",
        "upload_ms",
        "download_ms",
        "end_to_end_ms",
    ] {
        assert!(timing.get(k).is_some(), "{args:?}: timing.{k} missing");
    }
    let k = &timing["kernel_ms"];
    assert!(k["median"].as_f64().unwrap_or(0.0) > 0.0, "{args:?}: {k}");
    for s in ["min", "max", "count"] {
        assert!(k[s].is_number(), "{args:?}: timing.kernel_ms.{s}");
    }
    assert!(k["count"].as_u64().unwrap() >= 1);
    for moved in ["kernel_ms", "upload_ms", "end_to_end_ms", "run"] {
        assert!(v.get(moved).is_none(), "{args:?}: top-level {moved}");
        assert!(
            v["details"].get(moved).is_none(),
            "{args:?}: details.{moved}"
        );
    }
    if checked {
        assert!(v["check"].is_object(), "{args:?}: check");
    }
    v
}

#[test]
fn every_run_command_reports_the_one_schema() {
    let dir = tempfile::tempdir().unwrap();
    // Four ternary functions of n = 2 (9 values each), one a line.
    let fns = dir.path().join("f.txt");
    std::fs::write(
        &fns,
        "0 0 0 0 1 2 0 2 1\n0 1 2 1 2 0 2 0 1\n0 0 1 0 0 1 0 0 1\n0 1 1 2 0 2 1 1 0\n",
    )
    .unwrap();
    let fns = fns.to_str().unwrap();
    let r = ["--repeat", "3"];
    let vc = conforms(
        &[&["vc", "--p", "3", "--n", "4", "--check"][..], &r].concat(),
        "vc",
        true,
    );
    assert_eq!(vc["transform"]["shape"], serde_json::json!([3, 3, 3, 3]));
    assert_eq!(vc["timing"]["kernel_ms"]["count"], 3, "the timed runs");
    let real = [&["vc", "--real", "--p", "3", "--n", "4", "--check"][..], &r].concat();
    conforms(&real, "rfftn", true);
    let real_inv = [
        &["vc", "--real", "--inverse", "--p", "3", "--n", "3"][..],
        &r,
    ]
    .concat();
    assert_eq!(
        conforms(&real_inv, "irfftn", false)["transform"]["direction"],
        "inverse"
    );
    let wht = [&["wht", "--size", "2^8", "--batch", "2", "--check"][..], &r].concat();
    assert_eq!(
        conforms(&wht, "wht", true)["transform"]["shape"],
        serde_json::json!([2, 256])
    );
    let ntt = [
        &["ntt", "--field", "goldilocks", "--log-n", "6", "--check"][..],
        &r,
    ]
    .concat();
    conforms(&ntt, "ntt", true);
    conforms(
        &[&["gfp", "--prime", "p3", "--log-n", "4", "--check"][..], &r].concat(),
        "gfp",
        true,
    );
    conforms(
        &[&["mul", "--bits", "256", "--check"][..], &r].concat(),
        "mul",
        true,
    );
    conforms(
        &[&["bent", "--p", "3", "--input", fns][..], &r].concat(),
        "bent",
        false,
    );
}
