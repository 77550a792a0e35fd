//! The report of a `jitfft fft` run: what ran (the plans of its transforms, their launches),
//! the times of the timed runs, the check; as JSON (serde, through `report::families::fft`) or
//! as text ([`FftReport::lines`]).

use super::plan::{AxisPlan, NumpyNorm};
use super::FftTransform;
use crate::reference::ErrorReport;
use crate::runtime::show::{kernel_line, ms, ms_summary};
use crate::runtime::timing::{Clock, RunTimes};
use crate::runtime::{DeviceInfo, Gpu, Summary};
use crate::storage::HalfStorage;
use crate::transform::TransformInfo;
use serde::Serialize;
use std::time::Instant;

/// The check against RustFFT in f64.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// ‖got − want‖₂ / ‖want‖₂.
    pub rel_l2: f64,
    /// max |got − want|.
    pub max_abs: f64,
    /// The relative L2 error allowed.
    pub tolerance: f64,
    /// Within the tolerance, every value finite.
    pub passed: bool,
    /// What the reference is.
    pub reference: &'static str,
    /// Its time on the host.
    pub reference_ms: f64,
}

impl CheckReport {
    /// The verdict of an error measure under `tolerance`; `t0` started the reference.
    pub fn new(e: ErrorReport, tolerance: f64, t0: Instant) -> CheckReport {
        CheckReport {
            rel_l2: e.rel_l2,
            max_abs: e.max_abs,
            tolerance,
            passed: e.passes(tolerance),
            reference: "RustFFT 6 in f64 along each axis",
            reference_ms: t0.elapsed().as_secs_f64() * 1e3,
        }
    }
}

/// What one run did and measured.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct FftReport {
    #[serde(skip)]
    pub transform: TransformInfo,
    pub device: DeviceInfo,
    /// numpy's norm name as asked.
    pub numpy_norm: NumpyNorm,
    /// 16-bit storage of every device array (computed in `transform.precision`, f32), as
    /// `vc`'s plan names it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half: Option<HalfStorage>,
    /// Each transform's axes and their decompositions (irfftn: two transforms).
    pub axis_plans: Vec<AxisPlan>,
    /// Launches of one run.
    pub launches: usize,
    pub kernels: Vec<String>,
    /// Device memory of the arrays.
    pub device_bytes: u64,
    pub input: String,
    pub build_ms: f64,
    pub build_from_cache: bool,
    pub tables_ms: f64,
    pub kernel_ms: Summary,
    pub kernel_clock: Clock,
    pub kernel_span_ms: Summary,
    pub pass_ms: Vec<f64>,
    pub upload_ms: Summary,
    pub download_ms: Summary,
    pub end_to_end_ms: Summary,
    pub check: Option<CheckReport>,
    /// Where the result was written (set by the front end once it is).
    pub output: Option<String>,
    /// Bytes all launches of one run read and write in global memory (tables aside).
    pub moved_bytes: u64,
    /// The wisdom entry's schedule used (its label), when `tune fft` stored one for this
    /// device and plan and the request left the schedule open; `None`: the default or the
    /// request's.
    pub tuned: Option<String>,
    /// A streamed run's passes (`fft::stream`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stream: Option<super::stream::StreamFigures>,
}

impl FftReport {
    /// The report of the transforms `parts` (run in this order), before any run.
    pub fn new(gpu: &Gpu, kind: &str, parts: &[&FftTransform], norm: NumpyNorm) -> FftReport {
        let first = &parts[0].plan;
        let last = &parts[parts.len() - 1].plan;
        let shape = match kind {
            "irfftn" => last.signal_shape(),
            _ => first.signal_shape(),
        };
        let empty = Summary::of(&[]);
        FftReport {
            transform: TransformInfo {
                kind: kind.into(),
                shape,
                precision: first.precision.to_string(),
                direction: first.direction.to_string(),
                norm: norm.scaling(first.direction).to_string(),
            },
            device: gpu.info.clone(),
            numpy_norm: norm,
            half: first.half,
            axis_plans: parts
                .iter()
                .flat_map(|t| t.plan.axis_plans.clone())
                .collect(),
            launches: parts.iter().map(|t| t.schedule.steps.len()).sum(),
            kernels: parts
                .iter()
                .flat_map(|t| t.schedule.steps.iter().map(|s| s.name.clone()))
                .collect(),
            device_bytes: parts.iter().map(|t| t.data_bytes()).sum(),
            input: String::new(),
            build_ms: parts.iter().map(|t| t.built.build_ms).sum(),
            build_from_cache: parts.iter().all(|t| t.built.from_cache),
            tables_ms: parts.iter().map(|t| t.tables_ms).sum(),
            kernel_ms: empty,
            kernel_clock: Clock::Events,
            kernel_span_ms: empty,
            pass_ms: Vec::new(),
            upload_ms: empty,
            download_ms: empty,
            end_to_end_ms: empty,
            check: None,
            output: None,
            moved_bytes: parts.iter().map(|t| t.moved_bytes()).sum(),
            tuned: None,
            stream: None,
        }
    }

    /// The report with the timed runs' summaries and the input's name.
    pub fn with_times(mut self, runs: &[RunTimes], input: String) -> FftReport {
        self.input = input;
        self.kernel_ms = Summary::over(runs, |t| t.kernel_ms);
        self.kernel_clock = runs.first().map_or(Clock::Events, |t| t.clock);
        self.kernel_span_ms = Summary::over(runs, |t| t.kernel_span_ms);
        let passes = runs.first().map_or(0, |t| t.pass_ms.len());
        self.pass_ms = (0..passes)
            .map(|i| Summary::over(runs, |t| t.pass_ms.get(i).copied().unwrap_or(f64::NAN)).median)
            .collect();
        self.upload_ms = Summary::over(runs, |t| t.upload_ms);
        self.download_ms = Summary::over(runs, |t| t.download_ms);
        self.end_to_end_ms = Summary::over(runs, |t| t.host_ms);
        self
    }

    /// True when a check ran and failed.
    pub fn check_failed(&self) -> bool {
        self.check.as_ref().is_some_and(|c| !c.passed)
    }

    /// The text report.
    pub fn lines(&self, device: &str) -> Vec<String> {
        let t = &self.transform;
        let axes: Vec<String> = self
            .axis_plans
            .iter()
            .map(|a| {
                let how = match &a.method {
                    super::Method::Identity => "nothing to do".to_string(),
                    super::Method::Stockham { radices } => format!("radices {radices:?}"),
                    super::Method::Bluestein { m, radices } => {
                        format!("Bluestein over {m} (radices {radices:?})")
                    }
                };
                format!("axis {} (n = {}): {how}", a.axis, a.n)
            })
            .collect();
        let mut out = vec![
            format!("device     {device}"),
            format!(
                "transform  {} of shape {:?}, {}, {}, norm {} ({})",
                t.kind,
                t.shape,
                self.half
                    .map_or_else(|| t.precision.clone(), crate::storage::stored_as),
                t.direction,
                self.numpy_norm,
                t.norm
            ),
            format!("plan       {}; {} launches", axes.join("; "), self.launches),
        ];
        if let Some(t) = &self.tuned {
            out.push(format!("schedule   {t} (tuned: jitfft tune fft)"));
        }
        out.extend([
            format!("input      {}", self.input),
            format!(
                "kernels    {}",
                kernel_line(&self.kernel_ms, self.kernel_clock)
            ),
            format!(
                "copies     upload {}, download {}; end to end {}",
                ms_summary(&self.upload_ms),
                ms_summary(&self.download_ms),
                ms_summary(&self.end_to_end_ms)
            ),
            format!(
                "build      {}{}; tables {}",
                ms(self.build_ms),
                if self.build_from_cache {
                    " (program cache)"
                } else {
                    ""
                },
                ms(self.tables_ms)
            ),
        ]);
        if let Some(c) = &self.check {
            out.push(format!(
                "check      rel L2 {:.3e}, max abs {:.3e} against {} (tolerance {:.0e}): {}",
                c.rel_l2,
                c.max_abs,
                c.reference,
                c.tolerance,
                if c.passed { "ok" } else { "FAILED" }
            ));
        }
        out.extend(self.stream.iter().flat_map(|s| s.lines()));
        if let Some(o) = &self.output {
            out.push(format!("output     {o}"));
        }
        out
    }
}
