//! `explore` and `tune` of the VC transform: every candidate schedule timed (`vc::explore`),
//! then for `tune` the fastest few and the default plan timed the way `vc` runs them
//! (`vc::verify`) and the winner stored in the wisdom file, or the size's entry dropped. Real
//! input (`--real`) is a field of the request: the candidates are then the schedules of the
//! real run's complex passes. The reports and the rows of their table are built here; the
//! front end prints them.

use crate::error::{JitError, Result};
use crate::io::random::{fresh_seed, random_complex};
use crate::reference::compare;
use crate::reference::real::rfftn_ref;
use crate::runtime::{DeviceInfo, Gpu, Summary};
use crate::transform::Direction;
use crate::vc::choose::{open_options, open_rule_plan};
use crate::vc::explore::{
    candidates, explore, schedule_key, sort_fastest, wisdom_key, wisdom_path, Choice, Measured,
    Wisdom, WisdomEntry,
};
use crate::vc::real::data::random_input;
use crate::vc::real::resolve::{default_inner_plan, inner_plan_of, inner_request, real_wisdom_key};
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::request::Request;
use crate::vc::verify::{time_default, verify_on_device, VcTimed, Verification, CONTENDERS};
use crate::vc::{Precision, VcOptions, VcPlan};
use num_complex::Complex64;
use serde::Serialize;
use std::path::PathBuf;

/// What to explore or tune.
#[derive(Debug, Clone, Copy)]
pub struct TuneRequest {
    /// Values of each variable.
    pub p: u32,
    /// Variables (N = p^n).
    pub n: u32,
    /// Arithmetic on the device.
    pub precision: Precision,
    /// Timed runs per candidate (after 2 warm-ups).
    pub repeat: usize,
    /// Check every candidate against the f64 reference.
    pub check: bool,
    /// The real path (`--real`): numpy's rfftn of (p,)*n, the candidates being the schedules
    /// of its complex passes.
    pub real: bool,
}

impl TuneRequest {
    /// Refuses a bad request before the device is opened.
    pub fn validate(&self) -> Result<()> {
        if self.repeat == 0 {
            return Err(JitError::invalid(
                "--repeat 0: at least one timed run is needed",
            ));
        }
        VcPlan::new(self.p, self.n, open_options(self.precision))?;
        if self.real {
            real_plan_of(self)?;
        }
        Ok(())
    }
}

/// `explore --json` (fields in the order JSON objects always printed them: sorted).
#[derive(Debug, Serialize)]
pub struct ExploreReport {
    /// Every candidate, fastest first.
    pub candidates: Vec<Measured>,
    /// The device.
    pub device: DeviceInfo,
    /// Variables.
    pub n: u32,
    /// Values of each variable.
    pub p: u32,
}

/// Times every candidate on `gpu`, fastest first; `progress` hears each one's label.
pub fn explore_vc(
    gpu: &Gpu,
    r: &TuneRequest,
    progress: &mut dyn FnMut(String),
) -> Result<ExploreReport> {
    if r.real {
        return explore_real(gpu, r, progress);
    }
    let candidates = explore(gpu, r.p, r.n, r.precision, 2, r.repeat, r.check, |label| {
        progress(format!("timing {label}"))
    })?;
    Ok(ExploreReport {
        candidates,
        device: gpu.info.clone(),
        n: r.n,
        p: r.p,
    })
}

/// `tune --json` (fields sorted, as they always printed).
#[derive(Debug, Serialize)]
pub struct TuneReport {
    /// The fastest usable candidate in passes alone.
    pub best: Measured,
    /// Every candidate, fastest first.
    pub candidates: Vec<Measured>,
    /// The default timed before explore's builds and launches.
    pub default_before_explore: VcTimed,
    /// The device.
    pub device: DeviceInfo,
    /// The wisdom key of the size.
    pub key: String,
    /// Variables.
    pub n: u32,
    /// Values of each variable.
    pub p: u32,
    /// The stored candidate's label; `None`: the default stays.
    pub stored: Option<String>,
    /// The default and the contenders timed as `vc` runs them, and the decision.
    pub verification: Verification,
    /// The wisdom file.
    pub wisdom: PathBuf,
    /// Timed runs of the verification.
    #[serde(skip)]
    pub repeat: usize,
}

/// `tune`'s report, by input.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Tuned {
    /// Complex input.
    Complex(Box<TuneReport>),
    /// Real input (`--real`).
    Real(Box<RealTuneReport>),
}

impl Tuned {
    /// Every candidate, fastest first.
    pub fn candidates(&self) -> &[Measured] {
        match self {
            Tuned::Complex(t) => &t.candidates,
            Tuned::Real(t) => &t.candidates,
        }
    }

    /// What follows the table in text.
    pub fn text(&self) -> String {
        match self {
            Tuned::Complex(t) => t.text(),
            Tuned::Real(t) => t.text(),
        }
    }
}

/// `tune` of the request's input: [`tune_complex`], or for real input the complex passes'
/// fastest schedule re-timed against the default.
pub fn tune_vc(gpu: &Gpu, r: &TuneRequest, progress: &mut dyn FnMut(String)) -> Result<Tuned> {
    Ok(match r.real {
        true => Tuned::Real(Box::new(tune_real(gpu, r, progress)?)),
        false => Tuned::Complex(Box::new(tune_complex(gpu, r, progress)?)),
    })
}

/// `explore`'s candidates that may be stored: they ran, and where checked, correctly.
fn usable(r: &Measured) -> bool {
    r.error.is_none() && r.rel_l2.is_none_or(|e| e < 1e-3)
}

/// Explores, then times the default and the fastest candidates the way `vc` runs them
/// (upload first), and stores a candidate only where that says it is faster than the default;
/// otherwise drops any entry for the size.
fn tune_complex(
    gpu: &Gpu,
    r: &TuneRequest,
    progress: &mut dyn FnMut(String),
) -> Result<TuneReport> {
    let opts = open_options(r.precision);
    // The plan `vc --p P --n N` runs without wisdom: the one to beat.
    let default = open_rule_plan(gpu, r.p, r.n, r.precision)?;
    let input = random_complex(default.total_len() as usize, fresh_seed());
    // Timed once before `explore` too: whether explore's hundreds of builds and launches
    // change the default's time shows in the report beside the verification's figure.
    let before = time_default(gpu, &default, &input, r.repeat);
    let m = explore_vc(gpu, r, progress)?.candidates;
    let contenders = contenders(gpu, r, &default, opts, &m)?;
    let Some(fastest) = m.iter().find(|c| usable(c)).cloned() else {
        return Err(JitError::invalid(format!(
            "no candidate ran on {}: nothing to store",
            gpu.info.name
        )));
    };
    progress("timing the default and the fastest candidates as `vc` runs them".into());
    let v = verify_on_device(gpu, &default, &contenders, opts, &input, r.repeat)?;
    // A corrupt file is replaced (the command line said so before tuning).
    let (mut w, _) = Wisdom::load_for_update(&gpu.knobs);
    let key = wisdom_key(gpu, r.p, r.n, r.precision);
    match v.winner() {
        Some(win) => {
            let Some(choice) = win.choice.clone() else {
                return Err(JitError::invalid(
                    "internal: a contender without its choice",
                ));
            };
            let entry = WisdomEntry {
                choice,
                kernel_ms: win.kernel_ms.median,
                date: crate::bench::meta::utc_now(),
                vc_ms: Some(win.kernel_ms.median),
                default_vc_ms: Some(v.default.kernel_ms.median),
            };
            w.entries.insert(key.clone(), entry);
        }
        None => {
            w.entries.remove(&key);
        }
    }
    w.save(&gpu.knobs)?;
    Ok(TuneReport {
        best: fastest,
        candidates: m,
        default_before_explore: before,
        device: gpu.info.clone(),
        key,
        n: r.n,
        p: r.p,
        stored: v.winner().map(|x| x.label.clone()),
        verification: v,
        wisdom: wisdom_path(&gpu.knobs),
        repeat: r.repeat,
    })
}

/// The fastest usable candidates whose passes differ from the default's (the default is timed
/// anyway), at most [`CONTENDERS`].
fn contenders(
    gpu: &Gpu,
    r: &TuneRequest,
    default: &VcPlan,
    opts: VcOptions,
    m: &[Measured],
) -> Result<Vec<Choice>> {
    if !m.iter().any(usable) {
        return Err(JitError::invalid(format!(
            "no candidate ran on {}: nothing to store",
            gpu.info.name
        )));
    }
    let default_key = schedule_key(gpu, default);
    let mut out = Vec::new();
    for c in m.iter().filter(|c| usable(c)) {
        let plan = VcPlan::new(r.p, r.n, c.choice.apply(opts))?;
        if schedule_key(gpu, &plan) != default_key {
            out.push(c.choice.clone());
        }
        if out.len() == CONTENDERS {
            break;
        }
    }
    Ok(out)
}

// The real path (`explore --real`, `tune --real`, issue 35): a real run of (p,)*n is the
// real pass, the complex passes over p^(n−1) points as a batch of h = p//2 + 1, and the
// layout move; the candidates are the complex passes' schedules, each timed as the whole real
// transform (kernel time from events). `tune --real` re-times the fastest against the
// default and stores it under the real key only where it is faster.

/// Untimed runs before each candidate's timed ones.
const WARMUP: usize = 2;

/// The real plan a tune request explores: one forward transform of (p,)*n; n ≥ 2 (n = 1 runs
/// the real pass alone: nothing to choose).
fn real_plan_of(r: &TuneRequest) -> Result<RealPlan> {
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
        moved_bytes: None,
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
    r.unwrap_or_else(|e| Measured::failed(choice, &e))
}

/// Every candidate schedule of the complex passes, timed as the whole real transform on
/// `gpu`, fastest first (failures last); `progress` hears each one's label.
fn explore_real(
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
    sort_fastest(&mut out);
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

/// Explores, then re-times the default and the fastest candidate whose passes differ from
/// it (same input, same runs) and stores that candidate under the real key only where it is
/// faster; otherwise drops the key's entry.
fn tune_real(
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
    // A corrupt file is replaced (the command line said so before tuning).
    let (mut w, _) = Wisdom::load_for_update(&gpu.knobs);
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
