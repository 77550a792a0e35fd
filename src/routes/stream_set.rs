//! The streamed route over a device set (issue 45): `vc --stream --device 0,1`, or a
//! transform the set's first member cannot hold in memory. The host array is loaded once
//! (pinned in the first member's context where jitfft draws the input, else pageable), one
//! plan is made for the member with the least memory, and every member runs the chunks it
//! takes (`vc::stream::set`); the check, output and report are the one-device route's
//! (`routes::streamed`), with the `device_set` section.

use super::stream_host::Host;
use super::streamed::{report_of, Ran};
use super::{RunOptions, VcOutcome};
use crate::error::{JitError, Result};
use crate::runtime::{DeviceSet, Gpu};
use crate::transform::Precision;
use crate::vc::request::{chunk_plan, Request};
use crate::vc::stream::{run_set, ChunkSource, ChunkTransform, SetHost, StreamedVc, TransferFloor};
use crate::vc::{DeviceComplex, VcPlan};
use num_complex::{Complex32, Complex64};
use std::time::Instant;

/// Runs complex `req` streamed over `set`; `reason` is why it streams.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    set: &DeviceSet,
    reason: String,
) -> Result<VcOutcome> {
    if req.real {
        return Err(JitError::invalid(
            "--real --stream runs on one device; a device set streams complex transforms (name one device, or leave --real out)",
        ));
    }
    if req.truth || req.overlap.is_some() {
        return Err(JitError::invalid(
            "--stream transforms complex data: it does not combine with --truth or --overlap",
        ));
    }
    let gpu = &set.members[0];
    let report = match req.precision {
        Precision::F32 => {
            report_of::<Complex32>(req, o, gpu, reason, |d, w| on_set(req, o, set, d, w))
        }
        Precision::F64 => {
            report_of::<Complex64>(req, o, gpu, reason, |d, w| on_set(req, o, set, d, w))
        }
    }?;
    Ok(VcOutcome::Streamed(Box::new(report)))
}

/// What each member's transform is, after its build: its floor (the first member's only,
/// measured beside the others' builds) and the floor's time, its chunk transforms and slots.
type Prepared = (Option<TransferFloor>, f64, Vec<ChunkTransform>, u64);

/// The passes over `set` on `data`: one plan (the member with the least memory plans the
/// chunks), each member's transform built on its own thread, the chunks dealt.
fn on_set<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    set: &DeviceSet,
    data: &mut Host<C>,
    whole: &VcPlan,
) -> Result<Ran> {
    let pinned = matches!(data, Host::Pinned(_));
    let t_plan = Instant::now();
    let plans = set
        .members
        .iter()
        .map(|g| StreamedVc::plan_on(g, whole, &|pl| chunk_plan(req, g, pl), pinned))
        .collect::<Result<Vec<_>>>()?;
    let plan = plans
        .into_iter()
        .min_by_key(|p| p.chunk_capacity)
        .ok_or_else(|| JitError::invalid("an empty device set"))?;
    let plan_ms = t_plan.elapsed().as_secs_f64() * 1e3;
    let build = |g: &Gpu| {
        let sv = StreamedVc::with_plan(g, whole, &|pl| chunk_plan(req, g, pl), plan.clone())?;
        Ok(match &o.progress {
            Some(p) => sv.with_progress(p.0.clone()),
            None => sv,
        })
    };
    let prepare = |m: usize, _: &Gpu, sv: &StreamedVc| -> Result<Prepared> {
        let t = Instant::now();
        let floor = (m == 0).then(|| sv.floor(3)).transpose()?;
        let floor_ms = t.elapsed().as_secs_f64() * 1e3;
        Ok((
            floor,
            floor_ms,
            sv.chunk_transforms(true),
            sv.device_bytes(),
        ))
    };
    let read;
    let host = match data {
        Host::Pageable(v, d) => {
            read = d.as_ref().map(|d| move |at, b: &mut [u8]| d.read(at, b));
            let src = read.as_ref().map(|f| f as ChunkSource);
            SetHost::Pageable(v, src)
        }
        Host::Pinned(h) => SetHost::Pinned(h),
    };
    let run = run_set(set, &plan, host, build, prepare)?;
    let mut prepared = run.prepared.into_iter();
    let (floor, floor_ms, chunk_transforms, device_bytes) = prepared
        .next()
        .ok_or_else(|| JitError::invalid("an empty device set"))?;
    let floor = floor.ok_or_else(|| JitError::invalid("the first member measured no floor"))?;
    let build_ms = plan_ms
        + run
            .figures
            .shares
            .iter()
            .map(|s| s.build_ms)
            .fold(0.0, f64::max);
    Ok(Ran {
        times: run.passes,
        floor,
        stream: plan,
        chunk_transforms,
        device_bytes,
        build_ms,
        floor_ms,
        total_ms: run.figures.wall_ms,
        held: None,
        device_set: Some(run.figures),
    })
}
