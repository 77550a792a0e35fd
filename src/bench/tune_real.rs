//! `explore --real` and `tune --real` (issue 35): the real path's plans join the exploration.
//! A real run of (p,)*n is the real pass, the complex passes over p^(n−1) points as a batch of
//! h = p//2 + 1, and the layout move; the candidates are the complex passes' schedules, each
//! timed as the whole real transform (kernel time from events). `tune --real` re-times the
//! fastest against the default and stores it under the real key only where it is faster.

use super::tune::{ExploreReport, TuneRequest};
use crate::error::{JitError, Result};
use crate::io::random::fresh_seed;
use crate::reference::compare;
use crate::reference::real::rfftn_ref;
use crate::runtime::show::ms;
use crate::runtime::{DeviceInfo, Gpu, Summary};
use crate::transform::Direction;
use crate::vc::explore::{
    candidates, schedule_key, wisdom_path, Choice, Measured, Wisdom, WisdomEntry,
};
use crate::vc::real::data::random_input;
use crate::vc::real::resolve::{default_inner_plan, inner_plan_of, inner_request, real_wisdom_key};
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::request::Request;
use crate::vc::VcPlan;
use num_complex::Complex64;
use serde::Serialize;
use std::path::PathBuf;

/// Untimed runs before each candidate's timed ones.
const WARMUP: usize = 2;

/// The real plan a tune request explores: one forward transform of (p,)*n; n ≥ 2 (n = 1 runs
/// the real pass alone: nothing to choose).
pub fn real_plan_of(r: &TuneRequest) -> Result<RealPlan> {
    if r.n < 2 {
        return Err(JitError::invalid(format!(
            "--real with n = {}: a real run of n = 1 is the real pass alone, with no complex passes to choose; give n ≥ 2",
            r.n
        )));
    }
    RealPlan::new(r.p, r.n, 1, r.precision, Direction::Forward, None)
}

/// The input and, with `check`, numpy's rfftn of it in f64.
struct RealData {
    input: Vec<f64>,
    want: Option<Vec<Complex64>>,
}

impl RealData {
    fn new(rp: &RealPlan, seed: u64, check: bool) -> Result<RealData> {
        let input = random_input(rp, seed);
        let want = match check {
            true => Some(rfftn_ref(rp.p, rp.n, 1, &input, rp.scale())?),
            false => None,
        };
        Ok(RealData { input, want })
    }
}

/// Builds the real transform with complex plan `inner`, checks one run where `d` holds the
/// reference, then times `repeat` runs after [`WARMUP`].
fn time_real(
    gpu: &Gpu,
    rp: &RealPlan,
    inner: &VcPlan,
    (label, choice): (String, Choice),
    d: &RealData,
    repeat: usize,
) -> Result<Measured> {
    let tr = RealVc::new(gpu, rp, Some(inner))?;
    let (got, _) = tr.execute(gpu, &d.input)?;
    let rel_l2 = d.want.as_ref().map(|w| {
        let got: Vec<Complex64> = got.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect();
        compare(&got, w).rel_l2
    });
    for _ in 1..WARMUP {
        tr.execute(gpu, &d.input)?;
    }
    let runs = (0..repeat)
        .map(|_| tr.execute(gpu, &d.input).map(|(_, t)| t))
        .collect::<Result<Vec<_>>>()?;
    let kernel_ms = Summary::of(&runs.iter().map(|t| t.kernel_ms).collect::<Vec<_>>());
    let npass = runs.first().map_or(0, |r| r.pass_ms.len());
    let pass_ms = (0..npass)
        .map(|i| Summary::of(&runs.iter().map(|t| t.pass_ms[i]).collect::<Vec<_>>()).median)
        .collect();
    // The generator counts the complex passes' kernels (the real passes have no counts).
    let flops: u64 = tr.inner.as_ref().map_or(0, |t| {
        t.schedule
            .passes
            .iter()
            .map(|ps| t.kernel_counts()[ps.kernel].1.flops() * ps.units * ps.threads_per_unit())
            .sum()
    });
    let m = Measured {
        label,
        choice,
        passes: tr.pass_count(),
        radices: tr
            .inner
            .as_ref()
            .map_or(String::new(), |t| t.schedule.radices()),
        gbs: tr.pass_bytes() as f64 / (kernel_ms.median * 1e6),
        kernel_ms,
        pass_ms,
        flops_per_point: flops as f64 / rp.real_len() as f64,
        rel_l2,
        error: None,
    };
    tr.release()?;
    Ok(m)
}

/// [`time_real`], a failure kept as the candidate's error.
fn try_time(gpu: &Gpu, rp: &RealPlan, choice: Choice, d: &RealData, repeat: usize) -> Measured {
    let r = inner_plan_of(rp, &choice)
        .and_then(|inner| time_real(gpu, rp, &inner, (choice.label(), choice.clone()), d, repeat));
    r.unwrap_or_else(|e| Measured {
        label: choice.label(),
        choice,
        passes: 0,
        radices: String::new(),
        kernel_ms: Summary::of(&[]),
        pass_ms: Vec::new(),
        gbs: 0.0,
        flops_per_point: 0.0,
        rel_l2: None,
        error: Some(e.to_string()),
    })
}

/// Every candidate schedule of the complex passes, timed as the whole real transform on
/// `gpu`, fastest first (failures last); `progress` hears each one's label.
pub fn explore_real(
    gpu: &Gpu,
    r: &TuneRequest,
    progress: &mut dyn FnMut(String),
) -> Result<ExploreReport> {
    let rp = real_plan_of(r)?;
    let d = RealData::new(&rp, 1, r.check)?;
    let (mut out, mut seen) = (Vec::new(), Vec::new());
    for opts in candidates(rp.p, rp.n - 1, rp.precision, gpu) {
        let choice = Choice::of(&opts);
        // Candidates that resolve to the same passes are timed once.
        if let Ok(inner) = inner_plan_of(&rp, &choice) {
            let key = schedule_key(gpu, &inner);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
        }
        progress(format!("timing real {}", choice.label()));
        out.push(try_time(gpu, &rp, choice, &d, r.repeat));
    }
    out.sort_by(|a, b| match (a.error.is_some(), b.error.is_some()) {
        (false, true) => std::cmp::Ordering::Less,
        (true, false) => std::cmp::Ordering::Greater,
        _ => a.kernel_ms.median.total_cmp(&b.kernel_ms.median),
    });
    Ok(ExploreReport {
        candidates: out,
        device: gpu.info.clone(),
        n: r.n,
        p: r.p,
    })
}

/// `tune --real --json`.
#[derive(Debug, Serialize)]
pub struct RealTuneReport {
    /// Every candidate, fastest first.
    pub candidates: Vec<Measured>,
    /// The default (the complex path's plan for the inner passes), re-timed after explore.
    pub default: Measured,
    /// The fastest usable candidate whose passes differ from the default's, re-timed after
    /// explore beside the default; `None`: the default was the fastest.
    pub contender: Option<Measured>,
    /// The device.
    pub device: DeviceInfo,
    /// The wisdom key (`vc --real` reads it where no option chose the schedule).
    pub key: String,
    /// Variables.
    pub n: u32,
    /// Values of each variable.
    pub p: u32,
    /// The stored candidate's label; `None`: the entry was dropped, `vc --real` runs the
    /// default.
    pub stored: Option<String>,
    /// The wisdom file.
    pub wisdom: PathBuf,
}

/// Candidates that ran (and, where checked, correctly).
fn usable(m: &Measured) -> bool {
    m.error.is_none() && m.rel_l2.is_none_or(|e| e < 1e-3)
}

/// Explores, then re-times the default and the fastest candidate whose passes differ from
/// it (same input, same runs) and stores that candidate under the real key only where it is
/// faster; otherwise drops the key's entry.
pub fn tune_real(
    gpu: &Gpu,
    r: &TuneRequest,
    progress: &mut dyn FnMut(String),
) -> Result<RealTuneReport> {
    let rp = real_plan_of(r)?;
    let Some(default_inner) = default_inner_plan(&Request::new(r.p), gpu, &rp)? else {
        return Err(JitError::invalid(
            "a real run of n ≥ 2 without its complex plan",
        ));
    };
    let candidates = explore_real(gpu, r, progress)?.candidates;
    let default_key = schedule_key(gpu, &default_inner);
    let other = candidates.iter().filter(|m| usable(m)).find(|m| {
        inner_plan_of(&rp, &m.choice).is_ok_and(|p| schedule_key(gpu, &p) != default_key)
    });
    progress("re-timing the default and the fastest other candidate".into());
    let d = RealData::new(&rp, fresh_seed(), false)?;
    let default = time_real(
        gpu,
        &rp,
        &default_inner,
        (
            "default (the complex path's plan)".into(),
            Choice::of(&inner_request(&Request::new(r.p), &rp).options()),
        ),
        &d,
        r.repeat,
    )?;
    let contender = other.map(|m| try_time(gpu, &rp, m.choice.clone(), &d, r.repeat));
    let win = contender
        .as_ref()
        .filter(|c| c.error.is_none() && c.kernel_ms.median < default.kernel_ms.median);
    let mut w = Wisdom::load(&gpu.knobs)?;
    let key = real_wisdom_key(gpu, r.p, r.n, r.precision);
    match win {
        Some(c) => {
            let entry = WisdomEntry {
                choice: c.choice.clone(),
                kernel_ms: c.kernel_ms.median,
                date: crate::bench::meta::utc_now(),
                vc_ms: Some(c.kernel_ms.median),
                default_vc_ms: Some(default.kernel_ms.median),
            };
            w.entries.insert(key.clone(), entry);
        }
        None => {
            w.entries.remove(&key);
        }
    }
    w.save(&gpu.knobs)?;
    Ok(RealTuneReport {
        stored: win.map(|c| c.label.clone()),
        candidates,
        default,
        contender,
        device: gpu.info.clone(),
        key,
        n: r.n,
        p: r.p,
        wisdom: wisdom_path(&gpu.knobs),
    })
}

impl RealTuneReport {
    /// What follows the table in text: the re-timed pair and the decision.
    pub fn text(&self) -> String {
        let line = |m: &Measured| match &m.error {
            Some(e) => format!("  {}: failed: {}", m.label, e.lines().next().unwrap_or("")),
            None => format!(
                "  {}: {} ({:.4}–{:.4}), {} passes",
                m.label,
                ms(m.kernel_ms.median),
                m.kernel_ms.min,
                m.kernel_ms.max,
                m.passes
            ),
        };
        let mut out = vec!["re-timed on the same input (kernel median, min–max):".to_string()];
        out.push(line(&self.default));
        out.extend(self.contender.iter().map(line));
        out.push(match &self.stored {
            Some(label) => format!(
                "{}: {label} beats the default; stored in {} (vc --real reads it)",
                self.key,
                self.wisdom.display()
            ),
            None => format!(
                "{}: nothing beats the default; nothing stored, vc --real runs the default",
                self.key
            ),
        });
        out.join("\n")
    }
}
