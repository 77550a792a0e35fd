//! The device-set route of a `vc` request (issue 45); streamed runs go to `routes::stream_set`.
//! A batched one: the input read or drawn once,
//! its rows split over the set's members (`model::split`), each member running the
//! one-device in-memory path on its rows (complex, or real with `--real`), the outputs placed
//! in the caller's array in row order; then the check, the output and one report whose
//! `device_set` section gives each member's rows and times and the set's wall clock.

use super::finish::{check_then_write, Finish};
use super::in_memory::{read_input, real_input, run_input};
use super::report::VcReport;
use super::{Notice, RunOptions, VcOutcome};
use crate::error::{JitError, Result};
use crate::model::split::run_rows;
use crate::runtime::DeviceSet;
use crate::vc::real::data::{check, output_bytes};
use crate::vc::real::report::{RealReport, RealTimingReport, RealTransformReport};
use crate::vc::real::resolve::{real_plan, real_transform};
use crate::vc::real::RealPlan;
use crate::vc::report::{check_batch, default_tolerance, TimingReport, TransformReport};
use crate::vc::request::Request;
use crate::vc::route::{resolve, Route};
use crate::vc::stream::fits;
use crate::vc::VcTransform;

/// Refuses what the set route does not split (each runs on one device).
fn refuse(req: &Request) -> Result<()> {
    let why = if req.overlap.is_some() {
        Some("--overlap")
    } else if req.truth {
        Some("--truth")
    } else if req.half.is_some() {
        Some("--precision f16/bf16")
    } else {
        None
    };
    match why {
        Some(w) => Err(JitError::invalid(format!(
            "{w} runs on one device; a device set splits in-memory batched runs (name one device, or leave {w} out)"
        ))),
        None => Ok(()),
    }
}

/// Why `req` streams over `set`: `--stream`, or a transform the first member cannot hold
/// (`vc::route::resolve` on it) unless it is a batch whose share per member fits there (the
/// rows split in memory). `None`: in memory.
pub fn streams_over(req: &Request, set: &DeviceSet) -> Result<Option<(String, bool)>> {
    let gpu = &set.members[0];
    let (reason, announced) = match resolve(req, gpu, &gpu.knobs)?.route {
        Route::Streamed { reason, announced } => (reason, announced),
        // Real input streams on one device (`stream_set` says so); too large a real batch
        // splits its rows in memory, as before.
        Route::RealStreamed { reason, announced } if req.stream => (reason, announced),
        _ => return Ok(None),
    };
    if let (false, Some(n), Some(b), None) = (req.stream, req.n, req.batch, &req.input) {
        let share = req.plan(Some(n), Some(b.div_ceil(set.len() as u64)))?;
        if fits(gpu, &share) {
            return Ok(None);
        }
    }
    Ok(Some((reason, announced)))
}

/// Runs `req` over `set`: streamed (`--stream`, or too large for a member: the chunks dealt
/// to the members), else its batch's rows split between the members.
pub fn run_vc_set(
    req: &Request,
    o: &RunOptions,
    set: &DeviceSet,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcOutcome> {
    if let Some((reason, announced)) = streams_over(req, set)? {
        if announced {
            notice(Notice::Note(reason.clone()));
        }
        return super::stream_set::run(req, o, set, reason);
    }
    refuse(req)?;
    if req.real {
        return run_real(req, o, set, notice).map(|r| VcOutcome::Real(Box::new(r)));
    }
    run_complex(req, o, set, notice).map(|r| VcOutcome::Run(Box::new(r)))
}

/// Complex input: each member's rows through its own [`VcTransform`].
fn run_complex(
    req: &Request,
    o: &RunOptions,
    set: &DeviceSet,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcReport> {
    let loaded = read_input(req, o, notice)?;
    let (n, batch) = (loaded.n, loaded.batch);
    // The whole batch's plan, for no device: the sizes, the random input and the check.
    let whole = req.plan(n, batch)?;
    let shape = loaded.shape.clone();
    let data = run_input(req, o, loaded, &whole)?;
    let build = |gpu: &crate::runtime::Gpu, rows: u64| {
        let c = crate::vc::request::plan(req, gpu, Some(whole.n), Some(rows))?;
        Ok((VcTransform::new(gpu, &c.plan)?, c.tuned))
    };
    // The first share is the first member's (equal shares start there).
    let info = set.members[0].info.clone();
    let runs = run_rows(
        set,
        (&data.input, whole.len),
        (true, o.repeat),
        build,
        |(tr, _), gpu, x, prev| tr.execute_reusing(gpu, x, prev),
        |(tr, tuned)| {
            let t = TransformReport::of(&tr, &info, tuned);
            tr.release()?;
            Ok(t)
        },
    )?;
    let out: Vec<_> = runs.outputs.concat().concat();
    let single = whole.precision == crate::transform::Precision::F32;
    let write = |path: &std::path::Path| {
        crate::io::output::write_spectrum(path, &out, single, shape.as_deref())
    };
    let check = |tol| check_batch(&whole, &data.input, &out, tol);
    let tol = crate::vc::plan::tolerance(&whole, default_tolerance);
    let Finish { check, output, .. } = check_then_write(req, o, tol, check, write)?;
    // The first share's transform with the whole batch's plan; the set's times as one run
    // (the slowest member's kernels and transfers, the set's wall clock end to end).
    let mut transform = runs.finished[0].clone();
    transform.plan.batch = whole.batch;
    let timing = TimingReport::of_passes(
        transform.passes,
        transform.plan.buffer_bytes(),
        &runs.as_one(),
    );
    Ok(VcReport {
        transform,
        input: data.what,
        seed: data.seed,
        timing,
        check,
        output,
        overlap: None,
        host_steps: None,
        disk_floor: None,
        device_set: Some(runs.figures),
    })
}

/// Real input or output (`--real`): each member's rows through its own real transform.
fn run_real(
    req: &Request,
    o: &RunOptions,
    set: &DeviceSet,
    notice: &mut dyn FnMut(Notice),
) -> Result<RealReport> {
    let make = |n, batch| real_plan(req, n, batch);
    let (whole, data) = real_input(req, o, notice, make, |p: &RealPlan| p)?;
    let one = RealPlan { batch: 1, ..whole };
    let (in_per, out_per) = match whole.direction {
        crate::transform::Direction::Forward => (one.real_len(), 2 * one.half_len()),
        crate::transform::Direction::Inverse => (2 * one.half_len(), one.real_len()),
    };
    let build =
        |gpu: &crate::runtime::Gpu, rows: u64| real_transform(req, gpu, Some(whole.n), Some(rows));
    let described = set.describe();
    let runs = run_rows(
        set,
        (&data.values, in_per),
        (true, o.repeat),
        build,
        |tr, gpu, x, _| tr.execute(gpu, x),
        |tr| {
            let t = RealTransformReport::of(&tr, &described);
            tr.release()?;
            Ok(t)
        },
    )?;
    let out: Vec<f64> = runs.outputs.concat().concat();
    debug_assert_eq!(out.len() as u64, whole.batch * out_per);
    let write = |path: &std::path::Path| {
        let bytes = output_bytes(
            &whole,
            &data.batch_axes,
            &out,
            crate::io::output::is_npy(path),
        );
        crate::io::output::write_data(path, &bytes)
    };
    let compare = |tol| check(&whole, &data.values, &out, tol);
    let tol = default_tolerance(whole.precision);
    let Finish { check, output, .. } = check_then_write(req, o, tol, compare, write)?;
    // The first share's transform with the whole batch's sizes; its passes' bytes scaled to
    // the whole batch over the slowest member's kernel time.
    let mut transform = runs.finished[0].clone();
    let rows = transform.head.batch;
    transform.head.batch = whole.batch;
    transform.pass_bytes = transform.pass_bytes / rows * whole.batch;
    (transform.input_shape, transform.output_shape) = whole.io_shapes();
    let timing = RealTimingReport::of_bytes(transform.pass_bytes, &runs.as_one());
    let figures = runs.figures;
    Ok(RealReport {
        transform,
        input: data.what,
        seed: data.seed,
        timing,
        check,
        output,
        tuned: None,
        device_set: Some(figures),
    })
}
