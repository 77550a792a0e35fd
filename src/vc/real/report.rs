//! What a real-input run reports, in memory ([`RealReport`]: the transform's sizes, shapes
//! and kernels, the kernel times against the bytes each pass moves, the check) and streamed
//! ([`RealStreamReport`]: each stage's times); [`RealKind`] names the transform in both and in
//! the MPI report.

use super::streamed::StreamedRealTimes;
use super::{RealPlan, RealVc};
use crate::io::disk_floor::DiskFloorReport;
use crate::runtime::show::mib;
use crate::runtime::timing::{Clock, RunTimes, Summary};
use crate::transform::Direction;
use crate::vc::report::CheckReport;
use serde::Serialize;
use std::fmt::Write;

/// The transform a real report names: numpy's function, the sizes, precision and norm.
#[derive(Debug, Clone, Serialize)]
pub struct RealKind {
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
}

impl RealKind {
    /// The transform `p` runs.
    pub fn of(p: &RealPlan) -> RealKind {
        RealKind {
            kind: match p.direction {
                Direction::Forward => "rfftn",
                Direction::Inverse => "irfftn",
            },
            p: p.p,
            n: p.n,
            batch: p.batch,
            precision: p.precision.to_string(),
            norm: p.norm.to_string(),
        }
    }
}

/// The transform of a real-input run.
#[derive(Debug, Clone, Serialize)]
pub struct RealTransformReport {
    /// What runs.
    #[serde(flatten)]
    pub head: RealKind,
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
    /// Runs over a device set: each member's rows and times, the set's wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<crate::model::split::SetFigures>,
}

impl RealReport {
    /// The report as text (what `vc --real` prints).
    pub fn text(&self) -> String {
        let t = &self.transform;
        let h = &t.head;
        let mut s = format!(
            "vc --real: {} of {} × {:?} ({}, norm {}) → {:?} on {}\ninput: {}\n",
            h.kind,
            h.batch,
            t.input_shape,
            h.precision,
            h.norm,
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
            let _ = writeln!(s, "{}", check_line(h.kind, c));
        }
        if let Some(t) = &self.tuned {
            let _ = writeln!(s, "complex passes: {t} (tuned: tune --real)");
        }
        if let Some(o) = &self.output {
            let _ = writeln!(s, "wrote {o}");
        }
        for line in self.device_set.iter().flat_map(|d| d.lines()) {
            let _ = writeln!(s, "{line}");
        }
        s.pop();
        s
    }
}

impl RealTransformReport {
    /// The report of `tr` on the device named `device`.
    pub fn of(tr: &RealVc, device: &str) -> RealTransformReport {
        let p = &tr.plan;
        let (i, o) = p.io_shapes();
        RealTransformReport {
            head: RealKind::of(p),
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
        RealTimingReport::of_bytes(tr.pass_bytes(), runs)
    }

    /// The summary of `runs` of passes that move `pass_bytes` in all.
    pub fn of_bytes(pass_bytes: u64, runs: &[RunTimes]) -> RealTimingReport {
        let kernel_ms = Summary::over(runs, |r| r.kernel_ms);
        let passes = runs.first().map_or(0, |r| r.pass_ms.len());
        let pass_ms = (0..passes)
            .map(|i| Summary::over(runs, |r| r.pass_ms.get(i).copied().unwrap_or(f64::NAN)).median)
            .collect();
        RealTimingReport {
            effective_gbps: pass_bytes as f64 / (kernel_ms.median * 1e6),
            kernel_ms,
            pass_ms,
            upload_ms: Summary::over(runs, |r| r.upload_ms),
            download_ms: Summary::over(runs, |r| r.download_ms),
            clock: Clock::of_runs(runs.iter().map(|r| r.clock)),
        }
    }
}

/// The check's line: "check vs numpy rfftn (f64): rel L2 …, max abs …, tolerance …: ok".
fn check_line(kind: &str, c: &CheckReport) -> String {
    format!(
        "check vs numpy {kind} (f64): rel L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
        c.error.rel_l2,
        c.error.max_abs,
        c.tolerance,
        if c.ok { "ok" } else { "FAILED" }
    )
}

/// What a streamed real run reports (`jitfft vc --real --stream --json`).
#[derive(Debug, Serialize)]
pub struct RealStreamReport {
    /// The device's description.
    pub device: String,
    /// Always true (the in-memory real report has no such key).
    pub streamed: bool,
    /// Why it streams.
    pub reason: String,
    /// What runs.
    #[serde(flatten)]
    pub head: RealKind,
    /// numpy shape of one transform's input.
    pub input_shape: Vec<usize>,
    /// numpy shape of one transform's output.
    pub output_shape: Vec<usize>,
    /// Where the input came from.
    pub input: String,
    /// The seed of random input.
    pub seed: Option<u64>,
    /// Each stage's times.
    #[serde(flatten)]
    pub times: StreamedRealTimes,
    /// Reading the input (file or random) into host memory (ms).
    pub input_ms: f64,
    /// The check against numpy's rfftn / irfftn in f64 (`--check`).
    pub check: Option<CheckReport>,
    /// The output file.
    pub output: Option<String>,
    /// Writing the output file (ms; 0 without one).
    pub output_ms: f64,
    /// File runs with `--json --disk-floor`: the disk floor measured in the same run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_floor: Option<DiskFloorReport>,
}

impl RealStreamReport {
    /// Host wall time from the input read to the output written (ms).
    pub fn file_to_file_ms(&self) -> f64 {
        self.input_ms + self.times.total_ms + self.output_ms
    }

    /// The report as text, one line a row (no final newline).
    pub fn text(&self) -> String {
        let (t, h) = (&self.times, &self.head);
        let mut s = format!(
            "vc --real, streamed ({}): {} of {} × {:?} ({}, norm {}) → {:?} on {}\ninput: {}",
            self.reason,
            h.kind,
            h.batch,
            self.input_shape,
            h.precision,
            h.norm,
            self.output_shape,
            self.device,
            self.input
        );
        let d = &t.digit;
        let _ = write!(
            s,
            "\nreal digit: {} chunks of {} rows, {:.3} ms (kernels {:.3}, up {:.3}, down {:.3} ms; build {:.1} ms), {:.2} GB/s over the bus",
            d.chunks,
            d.chunk_rows,
            d.wall_ms,
            d.kernel_ms,
            d.upload_ms,
            d.download_ms,
            d.build_ms,
            d.bytes as f64 / (d.wall_ms * 1e6)
        );
        if let Some(c) = &t.complex {
            let f = &c.floor;
            let _ = write!(
                s,
                "\ncomplex digits: {}^{} × {} streamed in {} passes, {} of device memory; pinned floor {:.2} GB/s (duplex {:.2})",
                c.plan.p,
                c.plan.n,
                c.plan.batch,
                c.passes.len(),
                mib(c.device_bytes),
                f.rate_gbs,
                f.duplex_rate_gbs
            );
            for p in &c.passes {
                let head = p.line_head(100.0 * p.rate_gbs / f.rate_gbs);
                let _ = write!(s, "\n  {head}); kernels {:.3} ms", p.kernel_ms);
            }
        }
        let _ = write!(
            s,
            "\nhost layout moves (rows ↔ bins-major): {:.3} ms; all stages {:.3} ms (input ready in {:.1} ms)",
            t.layout_ms, t.total_ms, self.input_ms
        );
        if let Some(c) = &self.check {
            let _ = write!(s, "\n{}", check_line(h.kind, c));
        }
        if let Some(o) = &self.output {
            let _ = write!(s, "\nwrote {o}");
        }
        s
    }
}
