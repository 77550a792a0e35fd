//! What a VC run reports, shared by the front ends (`jitfft vc --json`, the Python module's
//! `VcPlan.stats()`): what ran ([`TransformReport`]), how long it took over repeated runs
//! ([`TimingReport`]) and, when asked, the check of every transform of a batch against the f64
//! CPU reference ([`CheckReport`]). Each is a serializable struct with the `--json` field names.

use super::execute::{RunTimes, VcTransform};
use super::plan::VcPlan;
use super::setup_report::SetupReport;
use crate::error::Result;
use crate::reference::{compare, separable_vc, ErrorReport};
use crate::runtime::timing::Clock;
use crate::runtime::{DeviceInfo, Summary};
use crate::transform::Precision;
use num_complex::Complex64;
use serde::Serialize;

/// What ran: the device, the plan, its passes and kernels, and the program build.
#[derive(Debug, Clone, Serialize)]
pub struct TransformReport {
    /// The device the transform was built for.
    pub device: DeviceInfo,
    /// The plan that ran (after the default-plan choice).
    pub plan: VcPlan,
    /// Launches a transform takes.
    pub passes: usize,
    /// The radix of each pass, e.g. `27·27·9`.
    pub radices: String,
    /// The generated kernels' names.
    pub kernels: Vec<String>,
    /// Time to build the program (or load it from the program cache).
    pub build_ms: f64,
    /// The program came from the on-disk program cache.
    pub build_from_cache: bool,
    /// The wisdom entry used, when the algorithm was left to the tuned choice.
    pub tuned: Option<String>,
    /// Each launch's work sizes, the buffers, the build options and program key.
    pub setup: SetupReport,
}

impl TransformReport {
    /// The report of a built transform; `tuned` is [`super::choose::Chosen::tuned`].
    pub fn of(tr: &VcTransform, device: &DeviceInfo, tuned: Option<String>) -> TransformReport {
        TransformReport {
            device: device.clone(),
            plan: tr.plan.clone(),
            passes: tr.schedule.pass_count(),
            radices: tr.schedule.radices(),
            kernels: tr.kernel_counts().iter().map(|(k, _)| k.clone()).collect(),
            build_ms: tr.built.build_ms,
            build_from_cache: tr.built.from_cache,
            tuned,
            setup: SetupReport::of(tr),
        }
    }
}

/// The times of repeated runs of one transform: medians, minima and maxima.
#[derive(Debug, Clone, Serialize)]
pub struct TimingReport {
    /// Sum of the passes' kernel times.
    pub kernel_ms: Summary,
    /// What measured `kernel_ms` (`host-wall-clock` where the device's events read zero).
    pub kernel_clock: Clock,
    /// Median time of each pass (empty when the events read zero).
    pub pass_ms: Vec<f64>,
    /// Bytes read and written by all passes / median kernel time.
    pub effective_gbs: f64,
    /// First kernel start to last kernel end.
    pub kernel_span_ms: Summary,
    /// Pinned host → device (NaN summary, `null` in JSON, where events read zero).
    pub upload_ms: Summary,
    /// Device → pinned host (as `upload_ms`).
    pub download_ms: Summary,
    /// The whole call from host memory to host memory, host wall clock.
    pub end_to_end_ms: Summary,
}

impl TimingReport {
    /// Summarises `runs` of `tr`. Where the events read zero (Rusticl) kernel times come from
    /// the host clock and passes and transfers are unknown (NaN summaries).
    pub fn of(tr: &VcTransform, runs: &[RunTimes]) -> TimingReport {
        TimingReport::of_passes(tr.schedule.pass_count(), tr.plan.buffer_bytes(), runs)
    }

    /// Summarises `runs` of `passes` passes each reading and writing `buffer_bytes`.
    pub fn of_passes(passes: usize, buffer_bytes: u64, runs: &[RunTimes]) -> TimingReport {
        let pick =
            |f: &dyn Fn(&RunTimes) -> f64| Summary::of(&runs.iter().map(f).collect::<Vec<_>>());
        let clock = Clock::of_runs(runs.iter().map(|t| t.clock));
        let events = clock == Clock::Events;
        let by_events = |f: &dyn Fn(&RunTimes) -> f64| clock.events_only(runs, f);
        let kernel_ms = pick(&|t| t.kernel_ms);
        TimingReport {
            pass_ms: (0..passes)
                .filter(|_| events)
                .map(|i| Summary::of(&runs.iter().map(|t| t.pass_ms[i]).collect::<Vec<_>>()).median)
                .collect(),
            effective_gbs: passes as f64 * 2.0 * buffer_bytes as f64
                / (kernel_ms.median * 1e-3)
                / 1e9,
            kernel_ms,
            kernel_clock: clock,
            kernel_span_ms: pick(&|t| t.kernel_span_ms),
            upload_ms: by_events(&|t| t.upload_ms),
            download_ms: by_events(&|t| t.download_ms),
            end_to_end_ms: pick(&|t| t.host_ms),
        }
    }
}

/// The check of a run against the f64 CPU reference: errors, tolerance, verdict.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// The errors of the worst transform of the batch.
    #[serde(flatten)]
    pub error: ErrorReport,
    /// The largest relative L2 error that passes.
    pub tolerance: f64,
    /// rel_l2 ≤ tolerance (false with NaN or infinity in the output).
    pub ok: bool,
    /// Batched runs: the transform whose errors are reported (the worst by rel. L2).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worst_transform: Option<u64>,
}

/// The default check tolerance: relative L2 error 2e-6 for f32, 1e-13 for f64.
pub fn default_tolerance(precision: Precision) -> f64 {
    match precision {
        Precision::F32 => 2e-6,
        Precision::F64 => 1e-13,
    }
}

impl CheckReport {
    /// Why the check failed, as the front ends say it (`None`: it passed): a NaN or infinite
    /// value first, else the error above the tolerance.
    pub fn failure(&self) -> Option<String> {
        if let Some(defect) = self.error.defect() {
            return Some(format!("--check failed: {defect}"));
        }
        (!self.ok).then(|| {
            format!(
                "--check failed: relative L2 error {:.3e} is above the tolerance {:.1e}",
                self.error.rel_l2, self.tolerance
            )
        })
    }
}

/// Checks each transform of a batch (`input` and `out` B·N values) against the separable f64
/// reference, in parallel; the report is the worst one's (NaN worse than any number, ties keep
/// the first transform).
pub fn check_batch(
    plan: &VcPlan,
    input: &[Complex64],
    out: &[Complex64],
    tolerance: f64,
) -> Result<CheckReport> {
    use rayon::prelude::*;
    let len = plan.len as usize;
    let errors = (0..plan.batch as usize)
        .into_par_iter()
        .map(|k| {
            let r = k * len..(k + 1) * len;
            let want = separable_vc(
                plan.p,
                plan.n,
                &input[r.clone()],
                plan.direction,
                plan.scale(),
            )?;
            Ok((k, compare(&out[r], &want)))
        })
        .collect::<Result<Vec<_>>>()?;
    let mut worst: Option<(usize, ErrorReport)> = None;
    for (k, e) in errors {
        let worse = match &worst {
            None => true,
            Some((_, w)) => e.rel_l2.is_nan() && !w.rel_l2.is_nan() || e.rel_l2 > w.rel_l2,
        };
        if worse {
            worst = Some((k, e));
        }
    }
    let (worst_k, error) = worst.expect("a batch holds at least one transform");
    Ok(CheckReport {
        // NaN compares false: a spectrum with NaN or infinity never passes.
        ok: error.passes(tolerance),
        error,
        tolerance,
        worst_transform: (plan.batch > 1).then_some(worst_k as u64),
    })
}
