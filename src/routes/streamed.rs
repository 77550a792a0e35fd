//! The streamed route of a `vc` request (`--stream`, or a plan that does not fit the device),
//! the arrays in host memory and no device buffer larger than a chunk. Complex input: the
//! streamed transform (`vc::stream`) in place on the host array (`routes::stream_host`), in
//! the plan's precision. Real input (`--real`): numpy's rfftn / irfftn streamed in stages
//! (`vc::real::streamed`), reported as [`RealStreamReport`]. Both end as every route does
//! (`routes::finish`).

use super::finish::{check_then_write, Finish};
use super::in_memory::{real_input, RealRunInput};
use super::stream_host::{load_host, Host};
use super::{Notice, RunOptions, VcOutcome};
use crate::error::{JitError, Result};
use crate::io::npy_stream::write_complex;
use crate::runtime::show::mib;
use crate::runtime::{DeviceInfo, Gpu};
use crate::transform::Precision;
use crate::vc::real::data::{check, output_bytes};
use crate::vc::real::report::{RealKind, RealStreamReport};
use crate::vc::real::resolve::{inner_request, real_plan};
use crate::vc::real::streamed::run_streamed;
use crate::vc::report::{check_batch, default_tolerance, CheckReport};
use crate::vc::request::{chunk_plan, host_shortfall, Request};
use crate::vc::stream::{
    ChunkTransform, PassTimes, StreamPlan, StreamSetFigures, StreamedVc, TransferFloor,
};
use crate::vc::{DeviceComplex, VcPlan};
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::fmt::Write;
use std::time::Instant;

/// One pass's times and its rate against the pinned floor.
#[derive(Debug, Serialize)]
struct PassReport {
    #[serde(flatten)]
    times: PassTimes,
    /// `rate_gbs / floor.rate_gbs`: against the sequential pinned floor.
    of_pinned: f64,
    /// `rate_gbs / floor.duplex_rate_gbs`: against both directions at once (goal ≥ 0.8).
    of_duplex: f64,
}

/// A streamed run's host steps besides input, passes and output (ms, host wall clock).
#[derive(Debug, Serialize)]
struct StreamSetup {
    /// Planning, building the chunk transforms, allocating the slots (device and pinned).
    build_ms: f64,
    /// The transfer floor measured on the slots before the run.
    floor_ms: f64,
    /// Freeing the host array and unmapping the pinned slots after the output is written.
    release_ms: f64,
    /// The input file's values were read by the first pass straight into the pinned slots
    /// (not into the host array first).
    input_in_first_pass: bool,
}

/// What a streamed run reports (`jitfft vc --stream --json`).
#[derive(Debug, Serialize)]
pub struct StreamReport {
    device: DeviceInfo,
    streamed: bool,
    /// Why it streams: `--stream`, or the plan that did not fit.
    reason: String,
    plan: VcPlan,
    stream: StreamPlan,
    chunk_transforms: Vec<ChunkTransform>,
    /// Device memory of the pipeline slots, and pinned host staging (the same).
    device_bytes: u64,
    input: String,
    seed: Option<u64>,
    /// Where the host array lives and how chunks move (`routes::stream_host`).
    host_array: String,
    /// Pinned transfer rate measured on the same buffers just before the run.
    floor: TransferFloor,
    passes: Vec<PassReport>,
    /// All passes, host wall clock.
    total_ms: f64,
    /// Reading the input (file or random) into host memory (with `host_setup.input_in_first_pass`:
    /// only allocating the host array; the first pass reads the file).
    input_ms: f64,
    /// The run's steps besides input, passes and output.
    host_setup: StreamSetup,
    /// The check, when asked for.
    pub check: Option<CheckReport>,
    pub(super) output: Option<String>,
    /// Writing the output file (ms; 0 without one).
    output_ms: f64,
    /// File runs with `--json`: the disk floor measured in the same run (`routes::disk`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_floor: Option<crate::io::disk_floor::DiskFloorReport>,
    /// Runs over a device set: each member's chunks and times, the set's wall clock (the
    /// floor and `device` are the first member's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<StreamSetFigures>,
}

/// Runs `req` streamed on `gpu`, real input (`--real`) or complex; `reason` is why it streams.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcOutcome> {
    if req.real {
        return run_real(req, o, gpu, reason, notice).map(|r| VcOutcome::RealStreamed(Box::new(r)));
    }
    if req.truth || req.overlap.is_some() {
        return Err(JitError::invalid(
            "--stream transforms complex data: it does not combine with --truth or --overlap",
        ));
    }
    let report = match req.precision {
        Precision::F32 => run_typed::<Complex32>(req, o, gpu, reason),
        Precision::F64 => run_typed::<Complex64>(req, o, gpu, reason),
    }?;
    Ok(VcOutcome::Streamed(Box::new(report)))
}

fn run_typed<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
) -> Result<StreamReport> {
    report_of::<C>(req, o, gpu, reason, |data, whole| {
        one_device(req, o, gpu, data, whole)
    })
}

/// What running the passes gave, beside the passes' times (one device, or a set).
pub(super) struct Ran {
    pub(super) times: Vec<PassTimes>,
    pub(super) floor: TransferFloor,
    pub(super) stream: StreamPlan,
    pub(super) chunk_transforms: Vec<ChunkTransform>,
    pub(super) device_bytes: u64,
    pub(super) build_ms: f64,
    pub(super) floor_ms: f64,
    /// All passes, host wall clock.
    pub(super) total_ms: f64,
    /// The slots, released after the output is written (one device).
    pub(super) held: Option<StreamedVc>,
    pub(super) device_set: Option<StreamSetFigures>,
}

/// The passes on one device: its transform built, its floor measured, the passes run.
fn one_device<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    data: &mut Host<C>,
    whole: &VcPlan,
) -> Result<Ran> {
    let bottom = |pl: VcPlan| chunk_plan(req, gpu, pl);
    let t_setup = Instant::now();
    let mut sv = match data {
        Host::Pinned(_) => StreamedVc::for_pinned(gpu, whole, &bottom)?,
        Host::Pageable(..) => StreamedVc::new(gpu, whole, &bottom)?,
    };
    if let Some(p) = &o.progress {
        sv = sv.with_progress(p.0.clone());
    }
    let build_ms = t_setup.elapsed().as_secs_f64() * 1e3;
    let t_floor = Instant::now();
    let floor = sv.floor(3)?;
    let floor_ms = t_floor.elapsed().as_secs_f64() * 1e3;
    let t0 = Instant::now();
    let times = data.run(&sv, gpu)?;
    let total_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok(Ran {
        times,
        floor,
        stream: sv.plan.clone(),
        chunk_transforms: sv.chunk_transforms(true),
        device_bytes: sv.device_bytes(),
        build_ms,
        floor_ms,
        total_ms,
        held: Some(sv),
        device_set: None,
    })
}

/// A complex streamed run of `req`: the host array loaded (pinned in `gpu`'s context where
/// jitfft draws the input), the passes run by `run`, then the check, the output and the report.
pub(super) fn report_of<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
    run: impl FnOnce(&mut Host<C>, &VcPlan) -> Result<Ran>,
) -> Result<StreamReport> {
    refuse_host_shortfall(req)?;
    let t_in = Instant::now();
    let (n, batch, shape, mut data, what, seed, host_array) = load_host::<C>(req, o, gpu)?;
    let input_ms = t_in.elapsed().as_secs_f64() * 1e3;
    let whole = req.plan(Some(n), Some(batch))?;
    // The reference needs the input as it was.
    let kept = if req.check {
        data.to_f64()?
    } else {
        Vec::new()
    };
    let input_in_first_pass = matches!(data, Host::Pageable(_, Some(_)));
    let ran = run(&mut data, &whole)?;
    let check = |tol| check_batch(&whole, &kept, &data.to_f64()?, tol);
    let write = |path: &std::path::Path| {
        if crate::io::output::is_npy(path) && !crate::io::output::is_stdout(path) {
            let whole_array = data
                .as_slice()
                .ok_or_else(|| JitError::invalid("an .npy output needs the pageable host array"))?;
            write_complex(path, whole_array, &shape)
        } else {
            let single = whole.precision == Precision::F32;
            crate::io::output::write_spectrum(path, &data.to_f64()?, single, None)
        }
    };
    let tol = default_tolerance(whole.precision);
    let Finish {
        check,
        output,
        output_ms,
    } = check_then_write(req, o, tol, check, write)?;
    // Freeing the host array and the pinned slots is part of what the user waits for.
    let t_rel = Instant::now();
    data.release()?;
    if let Some(sv) = ran.held {
        sv.release()?;
    }
    let setup = StreamSetup {
        build_ms: ran.build_ms,
        floor_ms: ran.floor_ms,
        release_ms: t_rel.elapsed().as_secs_f64() * 1e3,
        input_in_first_pass,
    };
    let floor = ran.floor;
    Ok(StreamReport {
        device: gpu.info.clone(),
        streamed: true,
        reason,
        plan: whole.clone(),
        stream: ran.stream,
        chunk_transforms: ran.chunk_transforms,
        device_bytes: ran.device_bytes,
        input: what,
        seed,
        host_array,
        passes: ran
            .times
            .into_iter()
            .map(|t| PassReport {
                of_pinned: t.rate_gbs / floor.rate_gbs,
                of_duplex: t.rate_gbs / floor.duplex_rate_gbs,
                times: t,
            })
            .collect(),
        floor,
        total_ms: ran.total_ms,
        input_ms,
        host_setup: setup,
        check,
        output,
        output_ms,
        disk_floor: None,
        device_set: ran.device_set,
    })
}

/// Runs the real input of `req` streamed on `gpu` (`--real`): the input read or drawn as the
/// in-memory real route does, the stages, then the check and output as every route.
fn run_real(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
    notice: &mut dyn FnMut(Notice),
) -> Result<RealStreamReport> {
    let t_in = Instant::now();
    let make = |n, batch| real_plan(req, n, batch);
    let (rp, data) = real_input(req, o, notice, make, |rp| rp)?;
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
    let write = |path: &std::path::Path| {
        let bytes = output_bytes(&rp, &batch_axes, &out, crate::io::output::is_npy(path));
        crate::io::output::write_data(path, &bytes)
    };
    let tol = default_tolerance(rp.precision);
    let end = check_then_write(req, o, tol, |tol| check(&rp, &input, &out, tol), write)?;
    let (input_shape, output_shape) = rp.io_shapes();
    Ok(RealStreamReport {
        device: gpu.describe(),
        streamed: true,
        reason,
        head: RealKind::of(&rp),
        input_shape,
        output_shape,
        input: what,
        seed,
        times,
        input_ms,
        check: end.check,
        output: end.output,
        output_ms: end.output_ms,
        disk_floor: None,
    })
}

/// With n given, refuses before any data is read where the host cannot hold the array (and,
/// with a check, the f64 input, output and reference).
fn refuse_host_shortfall(req: &Request) -> Result<()> {
    let Some(n) = req.n else { return Ok(()) };
    let plan = req.plan(Some(n), None)?;
    match host_shortfall(&plan, req.check) {
        Some((need, avail)) => Err(JitError::invalid(format!(
            "--stream keeps the array in host memory: {}^{n}{} needs {}{}, the host has {} available",
            req.p,
            if plan.batch > 1 { format!(" × {}", plan.batch) } else { String::new() },
            mib(need),
            if req.check { " with --check (f64 input, output and reference)" } else { "" },
            mib(avail)
        ))),
        None => Ok(()),
    }
}

impl StreamReport {
    /// Host wall time from the input read to the output written (ms).
    pub fn file_to_file_ms(&self) -> f64 {
        self.input_ms + self.total_ms + self.output_ms
    }

    /// The report as text for `device` (its description), one line a row.
    pub fn text(&self, device: &str) -> String {
        let r = self;
        let mut s = format!("device: {device}");
        let _ = write!(
            s,
            "\nstreamed VC p = {}, n = {}{}, {} ({}): {} passes, chunks of up to {} values, {} of device memory in {} slots",
            r.plan.p,
            r.plan.n,
            if r.plan.batch > 1 { format!(", batch {}", r.plan.batch) } else { String::new() },
            r.plan.precision,
            r.reason,
            r.passes.len(),
            r.stream.chunk_capacity,
            mib(r.device_bytes),
            crate::vc::stream::SLOTS
        );
        let _ = write!(s, "\ninput: {}", r.input);
        let _ = write!(s, "\nhost array: {}", r.host_array);
        for t in &r.chunk_transforms {
            let _ = write!(
                s,
                "\n  chunk transform: {} of {}^{} ({} digits transformed) × {}, {} kernel pass(es), build {:.1} ms{}",
                t.algorithm,
                r.plan.p,
                t.points_digits,
                t.transformed_digits,
                t.batch,
                t.passes,
                t.build_ms,
                if t.build_from_cache == Some(true) { " (cached binary)" } else { "" }
            );
        }
        let f = &r.floor;
        let _ = write!(
            s,
            "\npinned transfers (same buffers): {:.3} ms up + {:.3} ms down for {}: {:.2} GB/s; both at once {:.3} ms: {:.2} GB/s (full duplex)",
            f.upload_ms, f.download_ms, mib(f.bytes), f.rate_gbs, f.duplex_ms, f.duplex_rate_gbs
        );
        for p in &r.passes {
            let t = &p.times;
            let _ = write!(
                s,
                "\n  {}, {:.0}% of full duplex); events: up {:.3}, kernels {:.3}, down {:.3}, span {:.3} ms; host copies {:.3} + {:.3} ms",
                t.line_head(p.of_pinned * 100.0),
                p.of_duplex * 100.0,
                t.upload_ms,
                t.kernel_ms,
                t.download_ms,
                t.span_ms,
                t.gather_ms,
                t.scatter_ms
            );
        }
        let _ = write!(
            s,
            "\nall passes: {:.3} ms (input ready in {:.1} ms)",
            r.total_ms, r.input_ms
        );
        if let Some(c) = &r.check {
            let _ = write!(
                s,
                "\ncheck: rel. L2 {:.3e}, max abs {:.3e}{} (tolerance {:.1e}): {}",
                c.error.rel_l2,
                c.error.max_abs,
                c.worst_transform
                    .map(|k| format!(" (worst transform {k})"))
                    .unwrap_or_default(),
                c.tolerance,
                if c.ok { "PASS" } else { "FAIL" }
            );
        }
        if let Some(o) = &r.output {
            let _ = write!(s, "\noutput: {o}");
        }
        for line in r.device_set.iter().flat_map(StreamSetFigures::lines) {
            let _ = write!(s, "\n{line}");
        }
        s
    }
}
