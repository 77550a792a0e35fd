//! `explore` and `tune` of the FFT of any shape: every candidate schedule of the run's plans
//! (`fft::tuning::candidates`: register passes and each distinct fused budget up to the
//! device's local memory) built and run the way `jitfft fft` runs it (upload, every launch
//! timed by profiling events, download; `repeat` runs after a warm-up), checked against
//! RustFFT in f64, fastest first as the VC candidates' rows (`vc::explore::Measured`, the
//! same table); `tune` stores the fastest in the wisdom file's `fft` section, which `fft`
//! then reads.

use crate::error::{JitError, Result};
use crate::fft::request::{FftOutput, FftRequest, PreparedInput};
use crate::fft::tuning::{candidates, launches_of, schedule_of, FftChoice, FftWisdom};
use crate::io::json_store::WisdomEntry;
use crate::runtime::show::ms;
use crate::runtime::{DeviceInfo, Gpu};
use crate::vc::explore::{sort_fastest, Measured};
use num_complex::Complex64;
use serde::Serialize;
use std::path::PathBuf;

/// `explore fft --json` (and the first part of `tune fft --json`).
#[derive(Serialize)]
pub struct FftExplored {
    /// Every candidate, fastest first (failures, checks beyond the tolerance included, last).
    pub candidates: Vec<Measured<FftChoice>>,
    /// The candidate whose launches are those `fft` runs without wisdom.
    pub default: FftChoice,
    /// The device.
    pub device: DeviceInfo,
    /// The array's shape (irfftn: the real output's).
    pub shape: Vec<u64>,
    /// Timed runs of each candidate, after one warm-up.
    pub repeat: usize,
    /// The fastest candidate's result (`--output`).
    #[serde(skip)]
    pub best: Option<FftOutput>,
}

/// What `tune fft` decided.
#[derive(Serialize)]
pub struct FftStored {
    /// The wisdom key of the run.
    pub key: String,
    /// The stored choice's label (the fastest candidate that passed its check), as `fft`
    /// reports it.
    pub stored: String,
    /// Its median kernel time (ms).
    pub stored_ms: f64,
    /// The default's median kernel time in the same run (ms).
    pub default_ms: f64,
    /// The wisdom file.
    pub wisdom: PathBuf,
}

/// `explore fft` or `tune fft` (`tuned` present).
#[derive(Serialize)]
pub struct FftTuneReport {
    /// The candidates.
    #[serde(flatten)]
    pub explored: FftExplored,
    /// `tune`'s decision.
    #[serde(flatten)]
    pub tuned: Option<FftStored>,
}

/// A candidate that ran and, where checked, passed its check.
fn usable(m: &Measured<FftChoice>) -> bool {
    m.error.is_none()
}

/// One candidate run as `fft` runs it with budget `choice`, checked against `want`.
fn time_one(
    gpu: &Gpu,
    req: &FftRequest,
    (input, shape): (&PreparedInput, &[u64]),
    choice: FftChoice,
    want: Option<&[Complex64]>,
) -> Result<(Measured<FftChoice>, FftOutput)> {
    let (report, out) = req.run_scheduled(gpu, input, shape, Some(choice.local_values))?;
    let check = want.map(|w| req.check_against(&out, w, std::time::Instant::now()));
    let plans = req.plans(shape)?;
    let radices: Vec<String> = plans
        .iter()
        .map(|p| {
            let s = schedule_of(p, gpu.info.local_mem_bytes, Some(choice.local_values));
            crate::stats::fft::launches(&s)
        })
        .collect();
    let error = check.as_ref().filter(|c| !c.passed).map(|c| {
        format!(
            "check: rel L2 {:.1e} above the tolerance {:.0e}",
            c.rel_l2, c.tolerance
        )
    });
    let m = Measured {
        label: choice.label(),
        choice,
        passes: report.launches,
        radices: radices.join(" + "),
        moved_bytes: Some(report.moved_bytes),
        gbs: report.moved_bytes as f64 / (report.kernel_ms.median * 1e6),
        kernel_ms: report.kernel_ms,
        pass_ms: report.pass_ms,
        flops_per_point: f64::NAN,
        rel_l2: check.map(|c| c.rel_l2),
        error,
    };
    Ok((m, out))
}

/// Runs every candidate of `req`'s plans for `input` (of `shape`) on `gpu`, fastest first;
/// with `req.check`, each compared with the f64 reference (computed once). `progress` hears
/// each candidate's label; `JITFFT_TUNE_SECONDS` ends the exploration early, as for `vc`.
pub fn explore_fft(
    gpu: &Gpu,
    req: &FftRequest,
    (input, shape): (&PreparedInput, &[u64]),
    progress: &mut dyn FnMut(String),
) -> Result<FftExplored> {
    let plans = req.plans(shape)?;
    let mem = gpu.info.local_mem_bytes;
    let want = match req.check {
        true => Some(req.expected(input, shape)?),
        false => None,
    };
    let default_launches = launches_of(&plans, mem, None);
    let all = candidates(&plans, mem);
    let default = all
        .iter()
        .find(|&&v| launches_of(&plans, mem, Some(v)) == default_launches)
        .map(|&local_values| FftChoice { local_values })
        .ok_or_else(|| JitError::invalid("internal: the default schedule is no candidate"))?;
    let (start, budget) = (std::time::Instant::now(), gpu.knobs.tune_seconds);
    let (mut rows, mut best): (Vec<Measured<FftChoice>>, Option<(f64, FftOutput)>) =
        (Vec::new(), None);
    for local_values in all {
        if budget.is_some_and(|b| start.elapsed().as_secs_f64() > b) {
            progress(
                "time budget (JITFFT_TUNE_SECONDS) spent: remaining candidates skipped".into(),
            );
            break;
        }
        let choice = FftChoice { local_values };
        progress(format!("timing {}", choice.label()));
        match time_one(gpu, req, (input, shape), choice, want.as_deref()) {
            Ok((m, out)) => {
                let t = m.kernel_ms.median;
                if usable(&m) && best.as_ref().is_none_or(|(b, _)| t < *b) {
                    best = Some((t, out));
                }
                rows.push(m);
            }
            Err(e) => rows.push(Measured::failed_as(choice.label(), choice, &e)),
        }
    }
    for m in rows.iter_mut().filter(|m| m.choice == default) {
        m.label.push_str(" (default)");
    }
    // A failed check is an error: such candidates sort after every one that passed.
    sort_fastest(&mut rows);
    Ok(FftExplored {
        candidates: rows,
        default,
        device: gpu.info.clone(),
        shape: shape.to_vec(),
        repeat: req.repeat,
        best: best.map(|(_, o)| o),
    })
}

/// Explores with every candidate checked, then stores the fastest that passed in the wisdom
/// file's `fft` section under the run's key (the default's time beside it), where `fft`
/// finds it.
pub fn tune_fft(
    gpu: &Gpu,
    req: &FftRequest,
    (input, shape): (&PreparedInput, &[u64]),
    progress: &mut dyn FnMut(String),
) -> Result<FftTuneReport> {
    let checked = FftRequest {
        check: true,
        ..req.clone()
    };
    let explored = explore_fft(gpu, &checked, (input, shape), progress)?;
    let Some(win) = explored.candidates.iter().find(|m| usable(m)) else {
        return Err(JitError::invalid(format!(
            "no candidate ran and passed its check on {}: nothing to store",
            gpu.info.name
        )));
    };
    let default_ms = explored
        .candidates
        .iter()
        .find(|m| m.choice == explored.default)
        .map_or(f64::NAN, |m| m.kernel_ms.median);
    let key = req.wisdom_key(gpu, shape)?;
    // A corrupt file is replaced (the command line said so before tuning).
    let (mut w, _) = FftWisdom::load_for_update(&gpu.knobs);
    w.fft.insert(
        key.clone(),
        WisdomEntry {
            choice: win.choice,
            kernel_ms: win.kernel_ms.median,
            date: crate::bench::meta::utc_now(),
            vc_ms: Some(win.kernel_ms.median),
            default_vc_ms: default_ms.is_finite().then_some(default_ms),
        },
    );
    w.save(&gpu.knobs)?;
    let tuned = FftStored {
        key,
        stored: win.choice.label(),
        stored_ms: win.kernel_ms.median,
        default_ms,
        wisdom: crate::runtime::build::wisdom_path(&gpu.knobs),
    };
    Ok(FftTuneReport {
        explored,
        tuned: Some(tuned),
    })
}

/// `explore fft` ([`explore_fft`], no decision) or, with `store`, `tune fft` ([`tune_fft`];
/// `note` first hears that a corrupt wisdom file is being replaced).
pub fn explore_or_tune(
    gpu: &Gpu,
    req: &FftRequest,
    data: (&PreparedInput, &[u64]),
    store: bool,
    progress: &mut dyn FnMut(String),
    note: &mut dyn FnMut(String),
) -> Result<FftTuneReport> {
    if !store {
        let explored = explore_fft(gpu, req, data, progress)?;
        return Ok(FftTuneReport {
            explored,
            tuned: None,
        });
    }
    if let (_, Some(n)) = FftWisdom::load_for_update(&gpu.knobs) {
        note(n);
    }
    tune_fft(gpu, req, data, progress)
}

impl FftTuneReport {
    /// The table's title line.
    pub fn title(&self, device: &str, req: &FftRequest) -> String {
        let e = &self.explored;
        let kind = match (req.real, req.direction) {
            (false, _) => "fftn",
            (true, crate::transform::Direction::Forward) => "rfftn",
            (true, _) => "irfftn",
        };
        let storage = req.storage_name();
        format!(
            "device {device}; {kind} of shape {:?} (axes {:?}), {storage}; kernel time of every launch as `fft` runs it, {} runs after a warm-up; the default is {}",
            e.shape, req.axes, e.repeat, e.default.label()
        )
    }

    /// What follows the table in text: `tune`'s decision (nothing for `explore`).
    pub fn text(&self) -> Option<String> {
        self.tuned.as_ref().map(|t| {
            format!(
                "{}: fastest is {} at {} (default {}: {}); stored in {}",
                t.key,
                t.stored,
                ms(t.stored_ms),
                self.explored.default.label(),
                ms(t.default_ms),
                t.wisdom.display()
            )
        })
    }
}
