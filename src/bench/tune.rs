//! `explore` and `tune` of the VC transform: every candidate schedule timed (`vc::explore`),
//! then for `tune` the fastest few and the default plan timed the way `vc` runs them
//! (`vc::verify`) and the winner stored in the wisdom file, or the size's entry dropped. The
//! reports and the rows of their table are built here; the front end prints them.

use crate::error::{JitError, Result};
use crate::io::random::{fresh_seed, random_complex};
use crate::runtime::show::ms;
use crate::runtime::{DeviceInfo, Gpu};
use crate::vc::choose::{open_options, open_rule_plan};
use crate::vc::explore::{
    explore, schedule_key, wisdom_key, wisdom_path, Choice, Measured, Wisdom, WisdomEntry,
};
use crate::vc::verify::{time_default, verify_on_device, VcTimed, Verification, CONTENDERS};
use crate::vc::{Precision, VcOptions, VcPlan};
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
    /// of its complex passes (`bench::tune_real`).
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
            super::tune_real::real_plan_of(self)?;
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

/// `explore`'s candidates that may be stored: they ran, and where checked, correctly.
fn usable(r: &Measured) -> bool {
    r.error.is_none() && r.rel_l2.is_none_or(|e| e < 1e-3)
}

/// Explores, then times the default and the fastest candidates the way `vc` runs them
/// (upload first), and stores a candidate only where that says it is faster than the default;
/// otherwise drops any entry for the size.
pub fn tune_vc(gpu: &Gpu, r: &TuneRequest, progress: &mut dyn FnMut(String)) -> Result<TuneReport> {
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
    let mut w = Wisdom::load(&gpu.knobs)?;
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

/// The header and rows of the candidates' table.
pub fn table(m: &[Measured]) -> (Vec<&'static str>, Vec<Vec<String>>) {
    let head = vec![
        "#",
        "candidate",
        "passes",
        "kernel (median)",
        "min–max",
        "per pass (ms)",
        "GB/s",
        "flops/point",
        "rel L2",
    ];
    let dash = || "–".to_string();
    let rows = m
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let failed = r.error.is_some();
            vec![
                (i + 1).to_string(),
                r.label.clone(),
                if failed {
                    dash()
                } else {
                    format!("{} ({})", r.passes, r.radices)
                },
                match &r.error {
                    Some(e) => format!("failed: {}", e.lines().next().unwrap_or("")),
                    None => ms(r.kernel_ms.median),
                },
                if failed {
                    dash()
                } else {
                    format!("{:.4}–{:.4}", r.kernel_ms.min, r.kernel_ms.max)
                },
                r.pass_ms
                    .iter()
                    .map(|x| format!("{x:.4}"))
                    .collect::<Vec<_>>()
                    .join(" "),
                if failed {
                    dash()
                } else {
                    format!("{:.0}", r.gbs)
                },
                format!("{:.1}", r.flops_per_point),
                r.rel_l2.map_or(dash(), |e| format!("{e:.1e}")),
            ]
        })
        .collect();
    (head, rows)
}

/// The table's title line.
pub fn title(device: &str, r: &TuneRequest) -> String {
    let what = if r.real {
        "real VC (rfftn: real pass, complex passes as below, layout move)"
    } else {
        "VC"
    };
    format!("device {device}; {what} p = {}, n = {}; kernel time of the passes (data on the device), {} runs after 2 warm-ups", r.p, r.n, r.repeat)
}

/// One line of a plan timed the `vc` way: kernel median and range, and its passes.
fn timed_line(label: &str, t: &VcTimed) -> String {
    match &t.error {
        Some(e) => format!("  {label}: failed: {}", e.lines().next().unwrap_or("")),
        None => format!(
            "  {label}: {} ({:.4}–{:.4}){}",
            ms(t.kernel_ms.median),
            t.kernel_ms.min,
            t.kernel_ms.max,
            t.setup.as_ref().map_or(String::new(), |s| format!(
                ", {} passes ({})",
                s.passes, s.radices
            ))
        ),
    }
}

impl TuneReport {
    /// What follows the table in text: the verification's lines and the decision.
    pub fn text(&self) -> String {
        let v = &self.verification;
        let mut out = vec![format!(
            "timed as `vc` runs them (upload first, {} runs after a warm-up; kernel median, min–max):",
            self.repeat
        )];
        out.push(timed_line(
            "default (no wisdom), before explore",
            &self.default_before_explore,
        ));
        for t in std::iter::once(&v.default).chain(&v.contenders) {
            out.push(timed_line(&t.label, t));
        }
        out.push(match v.winner() {
            Some(win) => format!(
                "{}: fastest is {} at {} under `vc` (default {}); stored in {}",
                self.key,
                win.label,
                ms(win.kernel_ms.median),
                ms(v.default.kernel_ms.median),
                self.wisdom.display()
            ),
            None => format!(
                "{}: fastest in passes alone is {} at {}, but under `vc` none beat the default ({}) by {:.0}%: nothing stored, `vc` runs the default",
                self.key,
                self.best.label,
                ms(self.best.kernel_ms.median),
                ms(v.default.kernel_ms.median),
                v.margin * 100.0
            ),
        });
        out.join("\n")
    }
}
