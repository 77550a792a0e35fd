//! The streamed real route of a `vc` request (`--real --stream`): numpy's rfftn / irfftn with
//! the arrays in host memory (`vc::real::streamed`): the input read or drawn as the in-memory
//! real route does, one streamed run, the check, the output and the report.

use super::in_memory::RealRunInput;
use super::{Notice, RunOptions};
use crate::error::Result;
use crate::runtime::show::mib;
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::real::data::{check, output_bytes};
use crate::vc::real::resolve::{inner_request, real_plan};
use crate::vc::real::streamed::{run_streamed, StreamedRealTimes};
use crate::vc::report::{default_tolerance, CheckReport};
use crate::vc::request::{chunk_plan, Request};
use crate::vc::VcPlan;
use serde::Serialize;
use std::fmt::Write;
use std::time::Instant;

/// What a streamed real run reports (`jitfft vc --real --stream --json`).
#[derive(Debug, Serialize)]
pub struct RealStreamReport {
    /// The device's description.
    pub device: String,
    /// Always true (the in-memory real report has no such key).
    pub streamed: bool,
    /// Why it streams.
    pub reason: String,
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
    /// File runs with `--json`: the disk floor measured in the same run (`routes::disk`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_floor: Option<super::disk::DiskFloorReport>,
}

/// Runs the real route of `req` streamed on `gpu`; `reason` is why it streams.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
    notice: &mut dyn FnMut(Notice),
) -> Result<RealStreamReport> {
    let t_in = Instant::now();
    let make = |n, batch| real_plan(req, n, batch);
    let (rp, data) = super::in_memory::real_input(req, o, notice, make, |rp| rp)?;
    let RealRunInput {
        values: input,
        seed,
        what,
        batch_axes,
    } = data;
    let input_ms = t_in.elapsed().as_secs_f64() * 1e3;
    // The complex stage: p^(n−1) points, a batch of B·h, scaled by the norm of p^(n−1) (the
    // digit chunks scale by that of p).
    let whole = (rp.n > 1)
        .then(|| {
            Request {
                norm: Some(rp.norm),
                ..inner_request(req, &rp)
            }
            .plan(None, None)
        })
        .transpose()?;
    let bottom = |pl: VcPlan| chunk_plan(req, gpu, pl);
    let progress = o.progress.as_ref().map(|p| p.0.clone());
    let (out, times) = run_streamed(gpu, &rp, whole.as_ref(), &bottom, &input, progress)?;
    let check = if req.check {
        let tol = o
            .tolerance
            .unwrap_or_else(|| default_tolerance(rp.precision));
        Some(check(&rp, &input, &out, tol)?)
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let t_out = Instant::now();
    let output = match (&req.output, failed) {
        (Some(path), false) => {
            let npy = crate::io::output::is_npy(path);
            let bytes = output_bytes(&rp, &batch_axes, &out, npy);
            crate::io::output::write_data(path, &bytes)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let output_ms = t_out.elapsed().as_secs_f64() * 1e3;
    let fwd = rp.direction == Direction::Forward;
    let (input_shape, output_shape) = if fwd {
        (rp.real_shape(), rp.half_shape())
    } else {
        (rp.half_shape(), rp.real_shape())
    };
    Ok(RealStreamReport {
        device: gpu.describe(),
        streamed: true,
        reason,
        kind: if fwd { "rfftn" } else { "irfftn" },
        p: rp.p,
        n: rp.n,
        batch: rp.batch,
        precision: rp.precision.to_string(),
        norm: rp.norm.to_string(),
        input_shape,
        output_shape,
        input: what,
        seed,
        times,
        input_ms,
        check,
        output,
        output_ms,
        disk_floor: None,
    })
}

impl RealStreamReport {
    /// Host wall time from the input read to the output written (ms).
    pub fn file_to_file_ms(&self) -> f64 {
        self.input_ms + self.times.total_ms + self.output_ms
    }

    /// The report as text, one line a row (no final newline).
    pub fn text(&self) -> String {
        let t = &self.times;
        let mut s = format!(
            "vc --real, streamed ({}): {} of {} × {:?} ({}, norm {}) → {:?} on {}\ninput: {}",
            self.reason,
            self.kind,
            self.batch,
            self.input_shape,
            self.precision,
            self.norm,
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
                let _ = write!(
                    s,
                    "\n  pass digits {}..{}: {} chunks, {:.3} ms ({:.2} GB/s, {:.0}% of pinned); kernels {:.3} ms",
                    p.digits.0,
                    p.digits.0 + p.digits.1,
                    p.chunks,
                    p.wall_ms,
                    p.rate_gbs,
                    100.0 * p.rate_gbs / f.rate_gbs,
                    p.kernel_ms
                );
            }
        }
        let _ = write!(
            s,
            "\nhost layout moves (rows ↔ bins-major): {:.3} ms; all stages {:.3} ms (input ready in {:.1} ms)",
            t.layout_ms, t.total_ms, self.input_ms
        );
        if let Some(c) = &self.check {
            let _ = write!(
                s,
                "\ncheck vs numpy {} (f64): rel L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
                self.kind,
                c.error.rel_l2,
                c.error.max_abs,
                c.tolerance,
                if c.ok { "ok" } else { "FAILED" }
            );
        }
        if let Some(o) = &self.output {
            let _ = write!(s, "\nwrote {o}");
        }
        s
    }
}
