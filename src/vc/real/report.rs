//! What a real-input run reports: the transform (sizes, shapes, kernels), the kernel times
//! against the bytes each pass moves, the check.

use super::RealVc;
use crate::runtime::timing::{Clock, RunTimes, Summary};
use crate::vc::report::CheckReport;
use serde::Serialize;

/// The transform of a real-input run.
#[derive(Debug, Clone, Serialize)]
pub struct RealTransformReport {
    /// "rfftn" (forward) or "irfftn" (inverse).
    pub kind: &'static str,
    /// Values of each variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// Transforms.
    pub batch: u64,
    /// f32 or f64.
    pub precision: String,
    /// none, full or ortho.
    pub norm: String,
    /// numpy shape of one transform's input.
    pub input_shape: Vec<usize>,
    /// numpy shape of one transform's output.
    pub output_shape: Vec<usize>,
    /// The kernels in launch order.
    pub kernels: Vec<String>,
    /// Bytes all passes read plus write, per run.
    pub pass_bytes: u64,
    /// Bytes each pass reads plus writes, in launch order.
    pub pass_bytes_each: Vec<u64>,
    /// The device.
    pub device: String,
}

/// Kernel times of the timed runs (warm-up excluded).
#[derive(Debug, Clone, Serialize)]
pub struct RealTimingReport {
    /// Sum of the passes' kernel times (ms): median, min, max.
    pub kernel_ms: Summary,
    /// Median kernel time of each pass (ms), in launch order.
    pub pass_ms: Vec<f64>,
    /// pass_bytes / median kernel time (GB/s).
    pub effective_gbps: f64,
    /// Pinned upload (ms) of each run.
    pub upload_ms: Summary,
    /// Pinned download (ms) of each run.
    pub download_ms: Summary,
    /// What measured the kernel times.
    pub clock: Clock,
}

/// A real-input run's report.
#[derive(Debug, Clone, Serialize)]
pub struct RealReport {
    /// What ran.
    pub transform: RealTransformReport,
    /// Where the input came from.
    pub input: String,
    /// The seed of random input.
    pub seed: Option<u64>,
    /// Kernel and transfer times.
    pub timing: RealTimingReport,
    /// The check against numpy's rfftn / irfftn in f64 (`--check`).
    pub check: Option<CheckReport>,
    /// The output file.
    pub output: Option<String>,
    /// The label of the complex passes' schedule `tune --real` stored and this run took
    /// (`None`: the complex path's default, or an option chose the schedule).
    pub tuned: Option<String>,
}

impl RealReport {
    /// The report as text (what `vc --real` prints).
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let t = &self.transform;
        let mut s = format!(
            "vc --real: {} of {} × {:?} ({}, norm {}) → {:?} on {}\ninput: {}\n",
            t.kind,
            t.batch,
            t.input_shape,
            t.precision,
            t.norm,
            t.output_shape,
            t.device,
            self.input
        );
        let k = &self.timing.kernel_ms;
        let _ = writeln!(
            s,
            "kernel: {:.4} ms median (min {:.4}, max {:.4}, {} runs), {:.1} GB/s over {} bytes moved",
            k.median, k.min, k.max, k.count, self.timing.effective_gbps, t.pass_bytes
        );
        for (name, ms) in t.kernels.iter().zip(&self.timing.pass_ms) {
            let _ = writeln!(s, "  {name}: {ms:.4} ms");
        }
        let _ = writeln!(
            s,
            "transfers: upload {:.3} ms, download {:.3} ms",
            self.timing.upload_ms.median, self.timing.download_ms.median
        );
        if let Some(c) = &self.check {
            let _ = writeln!(
                s,
                "check vs numpy {} (f64): rel L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
                t.kind,
                c.error.rel_l2,
                c.error.max_abs,
                c.tolerance,
                if c.ok { "ok" } else { "FAILED" }
            );
        }
        if let Some(t) = &self.tuned {
            let _ = writeln!(s, "complex passes: {t} (tuned: tune --real)");
        }
        if let Some(o) = &self.output {
            let _ = writeln!(s, "wrote {o}");
        }
        s.pop();
        s
    }
}

impl RealTransformReport {
    /// The report of `tr` on the device named `device`.
    pub fn of(tr: &RealVc, device: &str) -> RealTransformReport {
        let p = &tr.plan;
        let fwd = p.direction == crate::transform::Direction::Forward;
        let (i, o) = if fwd {
            (p.real_shape(), p.half_shape())
        } else {
            (p.half_shape(), p.real_shape())
        };
        RealTransformReport {
            kind: if fwd { "rfftn" } else { "irfftn" },
            p: p.p,
            n: p.n,
            batch: p.batch,
            precision: p.precision.to_string(),
            norm: p.norm.to_string(),
            input_shape: i,
            output_shape: o,
            kernels: tr.kernel_names(),
            pass_bytes: tr.pass_bytes(),
            pass_bytes_each: tr.pass_bytes_each(),
            device: device.to_string(),
        }
    }
}

impl RealTimingReport {
    /// The summary of `runs` of `tr`.
    pub fn of(tr: &RealVc, runs: &[RunTimes]) -> RealTimingReport {
        let kernel_ms = Summary::over(runs, |r| r.kernel_ms);
        let passes = runs.first().map_or(0, |r| r.pass_ms.len());
        let pass_ms = (0..passes)
            .map(|i| Summary::over(runs, |r| r.pass_ms.get(i).copied().unwrap_or(f64::NAN)).median)
            .collect();
        RealTimingReport {
            effective_gbps: tr.pass_bytes() as f64 / (kernel_ms.median * 1e6),
            kernel_ms,
            pass_ms,
            upload_ms: Summary::over(runs, |r| r.upload_ms),
            download_ms: Summary::over(runs, |r| r.download_ms),
            clock: Clock::of_runs(runs.iter().map(|r| r.clock)),
        }
    }
}
