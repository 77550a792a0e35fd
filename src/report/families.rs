//! Each family's report as a [`Report`]: which of its fields are the plan, which are times,
//! and what it computed in the shared words. Fields not named here land in `details`.

use super::{Report, Sections, TransformInfo};
use crate::error::Result;
use crate::routes::VcOutcome;
use crate::runtime::{DeviceInfo, Summary};
use serde_json::{json, Value};

/// A JSON value as text (`""` where it is not a string or number).
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

/// numpy's shape of a batch of `one`-shaped transforms (no batch axis for one transform).
fn batched(batch: u64, one: impl IntoIterator<Item = u64>) -> Vec<u64> {
    (batch > 1)
        .then_some(batch)
        .into_iter()
        .chain(one)
        .collect()
}

/// What a VC plan (its JSON form) computes: (p, …, p) per transform.
fn vc_transform(plan: &Value, kind: &str) -> TransformInfo {
    let n = plan["n"].as_u64().unwrap_or(0);
    let p = plan["p"].as_u64().unwrap_or(0);
    TransformInfo {
        kind: kind.to_string(),
        shape: batched(plan["batch"].as_u64().unwrap_or(1), (0..n).map(|_| p)),
        precision: text(&plan["precision"]),
        direction: text(&plan["direction"]),
        norm: text(&plan["norm"]),
    }
}

/// What a real VC run (its plan fields) computes: `rfftn` forward, `irfftn` inverse.
fn real_transform(plan: &Value) -> TransformInfo {
    let kind = text(&plan["kind"]);
    let shape = plan["input_shape"].as_array().cloned().unwrap_or_default();
    TransformInfo {
        direction: if kind == "irfftn" {
            "inverse"
        } else {
            "forward"
        }
        .to_string(),
        shape: batched(
            plan["batch"].as_u64().unwrap_or(1),
            shape.iter().filter_map(Value::as_u64),
        ),
        precision: text(&plan["precision"]),
        norm: text(&plan["norm"]),
        kind,
    }
}

/// The VC times beside the five common ones (the streamed routes' whole-run steps too).
const VC_TIMES: [&str; 9] = [
    "kernel_clock",
    "kernel_span_ms",
    "effective_gbs",
    "effective_gbps",
    "clock",
    "total_ms",
    "input_ms",
    "output_ms",
    "layout_ms",
];

/// `vc` on any route; `device_open_ms` is the front end's step of opening the device.
pub fn vc(outcome: &VcOutcome, device: &DeviceInfo, device_open_ms: f64) -> Result<Report> {
    let mut s = match outcome {
        VcOutcome::Run(r) => Sections::of(r)?,
        VcOutcome::Streamed(r) => Sections::of(r)?,
        VcOutcome::Real(r) => Sections::of(r)?.lift("timing"),
        VcOutcome::RealStreamed(r) => Sections::of(r)?,
    };
    let (plan, transform) = match outcome {
        VcOutcome::Run(_) | VcOutcome::Streamed(_) => {
            let plan = s.take("plan");
            let t = vc_transform(&plan, "vc");
            (plan, t)
        }
        VcOutcome::Real(_) => {
            let plan = s.take("transform");
            let t = real_transform(&plan);
            (plan, t)
        }
        VcOutcome::RealStreamed(_) => {
            let plan = s.gather(&[
                "kind",
                "p",
                "n",
                "batch",
                "precision",
                "norm",
                "input_shape",
                "output_shape",
            ]);
            let t = real_transform(&plan);
            (plan, t)
        }
    };
    let mut report = s.into_report(Some(device), transform, plan, &VC_TIMES);
    report
        .timing
        .other
        .insert("device_open_ms".into(), json!(device_open_ms));
    Ok(report)
}

/// `wht`: its report's `plan` (a [`crate::vc::wht::WhtPlan`]) and times under `run`.
pub fn wht(r: &impl serde::Serialize, device: &DeviceInfo) -> Result<Report> {
    let mut s = Sections::of(r)?.lift("run");
    let plan = s.take("plan");
    let row = 1u64 << plan["log_n"].as_u64().unwrap_or(0);
    let transform = TransformInfo {
        kind: "wht".into(),
        shape: batched(plan["batch"].as_u64().unwrap_or(1), [row]),
        precision: text(&plan["storage"]),
        direction: if plan["inverse"] == json!(true) {
            "inverse"
        } else {
            "forward"
        }
        .into(),
        norm: text(&plan["norm"]).to_lowercase(),
    };
    Ok(s.into_report(Some(device), transform, plan, &["clock"]))
}

/// `ntt` (its `transform` from the model: [`crate::model::DeviceTransform::info`]).
pub fn ntt(r: &crate::ntt::report::Report) -> Result<Report> {
    let mut s = Sections::of(r)?.rename("pass_ms_median", "pass_ms");
    let plan = s.gather(&[
        "field",
        "limb_bits",
        "log_n",
        "n",
        "variant",
        "arith",
        "options",
        "reduction",
        "direction",
        "omega_n",
        "omega_n_hex",
        "launches",
        "radices",
    ]);
    Ok(s.into_report(
        Some(&r.device),
        r.transform.clone(),
        plan,
        &["kernel_clock", "kernel_span_ms", "tables_ms"],
    ))
}

/// `gfp` (its `transform` from the model).
pub fn gfp(r: &crate::gfp::report::Report) -> Result<Report> {
    let mut s = Sections::of(r)?;
    let plan = s.gather(&[
        "p",
        "r",
        "k",
        "p_bits",
        "two_adicity",
        "n",
        "log_n",
        "inverse",
        "omega_n",
        "radices",
        "stages",
    ]);
    let times = [
        "kernel_clock",
        "kernel_span_ms",
        "per_stage",
        "per_kernel_ms",
        "twiddle_setup_ms",
        "cpu_reference_ms",
    ];
    Ok(s.into_report(Some(&r.device), r.transform.clone(), plan, &times))
}

/// `mul`: the product of two integers; the check is GMP's verdict.
pub fn mul(r: &crate::mul::report::Report, device: &DeviceInfo) -> Result<Report> {
    let mut s = Sections::of(r)?;
    let plan = s.gather(&[
        "method",
        "method_asked",
        "crossover_limbs",
        "crossover_source",
        "a_limbs",
        "b_limbs",
        "a_bits",
        "b_bits",
        "product_limbs",
        "limb_bits",
        "digit_bits",
        "block_n",
        "block_k",
        "ntt_log_n",
        "ntt_variant",
        "overflow_bound",
        "schedule",
    ]);
    let transform = TransformInfo {
        kind: "mul".into(),
        shape: vec![r.a_limbs as u64, r.b_limbs as u64],
        precision: format!("{}-bit limbs", r.limb_bits),
        direction: "forward".into(),
        norm: "none".into(),
    };
    let times = [
        "carry_ms",
        "device_total_ms",
        "host_copies_ms",
        "steps_ms",
        "gmp_ms",
        "gmp_over_end_to_end",
    ];
    let mut report = s.into_report(Some(device), transform, plan, &times);
    report.check = r.check.map(|ok| json!({ "ok": ok }));
    Ok(report)
}

/// `bent` on the device (`times`, `device`) or the CPU reference (neither: no times).
pub fn bent(
    r: &crate::mvl::bent_report::ClassifyReport,
    times: Option<crate::mvl::bent_report::BentTimes>,
    device: Option<&DeviceInfo>,
    precision: &str,
) -> Result<Report> {
    let mut s = Sections::of(r)?;
    for k in ["kernel_ms", "upload_ms", "end_to_end_ms"] {
        s.take(k);
    }
    let plan = s.gather(&[
        "p",
        "n",
        "functions",
        "rule",
        "expected_magnitude",
        "passes",
    ]);
    let len = (0..r.n).fold(1u64, |a, _| a.saturating_mul(r.p as u64));
    let transform = TransformInfo {
        kind: "bent".into(),
        shape: vec![r.functions, len],
        precision: precision.to_string(),
        direction: "forward".into(),
        norm: "none".into(),
    };
    let mut report = s.into_report(device, transform, plan, &["host_steps"]);
    let as_value = |x: Summary| serde_json::to_value(x).unwrap_or(Value::Null);
    if let Some(t) = times {
        report.timing.kernel_ms = as_value(t.kernel_ms);
        report.timing.upload_ms = as_value(t.upload_ms);
        report.timing.end_to_end_ms = as_value(t.end_to_end_ms);
    }
    Ok(report)
}

/// `fft` (fftn, rfftn, irfftn; its `transform` from the run).
pub fn fft(r: &crate::fft::report::FftReport) -> Result<Report> {
    let mut s = Sections::of(r)?;
    let plan = s.gather(&[
        "numpy_norm",
        "half",
        "axis_plans",
        "launches",
        "kernels",
        "device_bytes",
    ]);
    Ok(s.into_report(
        Some(&r.device),
        r.transform.clone(),
        plan,
        &["kernel_clock", "kernel_span_ms", "tables_ms"],
    ))
}
