//! Real input (`vc --real --mpi`: numpy's rfftn / irfftn) as a parameter of the batch and
//! slab schemes ([`RealInput`]): a batch (and p^1 alone) is split whole, one transform of
//! n ≥ 2 runs in slabs of its n−1 leading digits whatever P is.
//!
//! Every rank reads the whole input with the single-device reader (its checks and refusals)
//! and keeps its part of the rows ([`RowShare`]), which the scheme gives and transforms
//! ([`RowScheme`]): the batch scheme whole transforms on the real path, the slab scheme the
//! real digit of its rows and one slab transform a bin. Then, as every scheme: one untimed
//! and one timed run, the check of each rank's part against the f64 reference of the whole
//! input reduced over the ranks, the output one `.npy` of numpy's shape and dtype (each rank
//! writing its part at its offset, `mpi::io::write_byte_slices`), rank 0's report.

use super::digit_slabs::SlabPlan;
use super::{
    outcome, push_check_and_output, warm_then_timed, CheckWords, MpiOutcome, MpiVcReport,
    MpiVcRequest, Scheme,
};
use crate::error::Result;
use crate::mpi::fault::{agree, injected};
use crate::mpi::io::write_byte_slices;
use crate::mpi::rank::{self, GlobalCheck};
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::real::data::{
    npy_descr, output_shape, random_input, read_half, read_real, reference, value_bytes,
};
use crate::vc::real::report::RealKind;
use crate::vc::real::resolve::real_plan;
use crate::vc::real::share::{error_sums, RowShare};
use crate::vc::real::RealPlan;
use crate::vc::report::default_tolerance;
use mpi::topology::{Communicator, SimpleCommunicator};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::marker::PhantomData;
use std::time::Instant;

/// A scheme's part in a real run: how it splits the rows and what a rank runs on its part.
pub(super) trait RowScheme {
    /// The distribution every rank agreed on before its device opened.
    type Plan;
    /// What a rank builds on its device for its part.
    type Work;
    /// The report's words for the scheme.
    const NAME: &'static str;
    /// Rank `rank`'s part of the rows.
    fn share(plan: &RealPlan, dist: &Self::Plan, ranks: u64, rank: u64) -> RowShare;
    /// Builds the rank's work for its part `share`.
    fn build(on: &OnRank, dist: &Self::Plan, share: RowShare) -> Result<Self::Work>;
    /// Transforms the rank's input values `x` (collective where the scheme exchanges): its
    /// output values; the times go to `line`.
    fn run_once(on: &OnRank, work: &Self::Work, x: &[f64], line: &mut RealLine)
        -> Result<Vec<f64>>;
}

/// Where a rank builds and runs its work: the job, its device, the request and the plan.
pub(super) struct OnRank<'a> {
    pub(super) world: &'a SimpleCommunicator,
    pub(super) gpu: &'a Gpu,
    pub(super) req: &'a MpiVcRequest,
    pub(super) plan: &'a RealPlan,
}

/// One rank's part and its times (the second of two runs; the first is untimed).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct RealLine {
    rank: i32,
    device: String,
    /// First transform (batches) or first row of p reals (one transform).
    first: u64,
    /// Transforms or rows.
    count: u64,
    /// Kernels: the real digit's and the complex passes' (profiling events).
    pub(super) kernel_ms: f64,
    /// Device ↔ host transfers.
    pub(super) staging_ms: f64,
    /// Wall time inside the slab exchanges (`MPI_Alltoallv`).
    pub(super) exchange_ms: f64,
    /// Host copies packing the exchanges and moving bins to rows.
    pub(super) pack_ms: f64,
    /// The part from host memory to host memory.
    host_ms: f64,
}

/// Rank 0's report of a real run over ranks.
#[derive(Debug, Serialize)]
pub struct RealMpiReport {
    #[serde(flatten)]
    head: RealKind,
    ranks: i32,
    scheme: &'static str,
    input: String,
    seed: Option<u64>,
    /// Slowest rank's host time.
    slowest_ms: f64,
    per_rank: Vec<RealLine>,
    check: Option<GlobalCheck>,
    output: Option<String>,
}

/// Real input: the request, the real plan, the input and the slabs (one transform of n ≥ 2)
/// agreed by every rank; on the device this rank's part, in the slab scheme `S` or, for a
/// batch (and p^1 alone), the batch scheme `B`.
pub(super) struct RealInput<B, S>(PhantomData<(B, S)>);

impl<B, S> Scheme for RealInput<B, S>
where
    B: RowScheme<Plan = ()>,
    S: RowScheme<Plan = SlabPlan>,
{
    type Setup = (RealPlan, Option<Vec<f64>>, Vec<usize>, Option<SlabPlan>);

    fn refusal(_world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String> {
        (req.keep_transposed || req.chunks.is_some() || req.sendrecv_probe).then(|| "--keep-transposed, --mpi-chunks and --sendrecv-probe belong to the complex pipelined scheme; --real --mpi runs slabs (one transform) or splits a batch".to_string())
    }

    fn setup(world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup> {
        let r = &req.vc;
        let loaded = match &r.input {
            Some(path) => Some(match r.direction {
                Direction::Forward => read_real(path, r.p, r.n, r.batch)?,
                Direction::Inverse => read_half(path, r.p, r.n, r.batch)?,
            }),
            None => None,
        };
        let (n, b) = loaded.as_ref().map_or((None, None), |l| (l.n, l.batch));
        let rp = real_plan(r, n, b)?;
        let axes = loaded.as_ref().map_or(Vec::new(), |l| l.batch_axes.clone());
        let slabs = (rp.batch == 1 && rp.n >= 2)
            .then(|| SlabPlan::new(rp.p, rp.n - 1, world.size() as u64))
            .transpose()?;
        Ok((rp, loaded.map(|l| l.values), axes, slabs))
    }

    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        (rp, values, axes, slabs): Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome> {
        let data = (rp, values, axes);
        match slabs {
            Some(sp) => run_rows::<S>(world, req, data, sp, gpu),
            None => run_rows::<B>(world, req, data, (), gpu),
        }
    }
}

/// This rank's part of a real run in scheme `S` (distribution `dist`), then rank 0's report.
fn run_rows<S: RowScheme>(
    world: &SimpleCommunicator,
    req: &MpiVcRequest,
    (rp, values, axes): (RealPlan, Option<Vec<f64>>, Vec<usize>),
    dist: S::Plan,
    gpu: Gpu,
) -> Result<MpiOutcome> {
    let r = &req.vc;
    let seed = rank::shared_seed(world, req.seed);
    let x = values.unwrap_or_else(|| random_input(&rp, seed));
    let (ranks, me) = (world.size() as u64, world.rank() as u64);
    let share = S::share(&rp, &dist, ranks, me);
    let on = OnRank {
        world,
        gpu: &gpu,
        req,
        plan: &rp,
    };
    let built = injected(world.rank(), "build").and_then(|_| S::build(&on, &dist, share));
    let work = agree(world, "build", built)?;
    let xs = &x[share.input(&rp)];
    let mut line = RealLine::default();
    let out = warm_then_timed(world, || {
        line = RealLine::default();
        let t0 = Instant::now();
        let out = S::run_once(&on, &work, xs, &mut line)?;
        line.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(out)
    });
    line.rank = world.rank();
    line.device = gpu.info.name.clone();
    (line.first, line.count) = (share.first, share.count);
    let check = if r.check {
        let tol = req
            .tolerance
            .unwrap_or_else(|| default_tolerance(rp.precision));
        let want = reference(&rp, &x)?;
        let sums = error_sums(&out, &want[share.output(&rp)]);
        Some(GlobalCheck::reduce(world, sums, tol))
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let output = match (&r.output, failed) {
        (Some(path), false) => {
            write_part(world, path, &rp, &axes, &out, share)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let lines = rank::gather(world, &line)?;
    let failure = check.as_ref().and_then(|c| c.failure(world.rank()));
    let report = RealMpiReport {
        head: RealKind::of(&rp),
        ranks: world.size(),
        scheme: S::NAME,
        input: r.input.as_ref().map_or_else(
            || format!("random (seed {seed})"),
            |p| p.display().to_string(),
        ),
        seed: r.input.is_none().then_some(seed),
        slowest_ms: lines.iter().map(|l| l.host_ms).fold(0.0, f64::max),
        per_rank: lines,
        check,
        output,
    };
    Ok(outcome(world, MpiVcReport::Real(report), failure))
}

/// Collective: this rank's `out` at its place in one `.npy` of numpy's shape and dtype.
fn write_part(
    world: &SimpleCommunicator,
    path: &std::path::Path,
    rp: &RealPlan,
    axes: &[usize],
    out: &[f64],
    share: RowShare,
) -> Result<()> {
    let header = crate::io::npy::npy_bytes(npy_descr(rp), &output_shape(rp, axes), &[]);
    let unit = rp.precision.complex_bytes() / 2;
    let total = match rp.direction {
        Direction::Forward => 2 * rp.half_len(),
        Direction::Inverse => rp.real_len(),
    };
    let body = (total * unit, share.output(rp).start as u64 * unit);
    write_byte_slices(world, path, &header, body, &value_bytes(rp, out))
}

impl RealMpiReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let (r, h) = (self, &self.head);
        let mut s = format!(
            "vc --real --mpi: {} of {} × {}^{} ({}, norm {}) over {} ranks ({}): slowest rank {:.3} ms\ninput: {}",
            h.kind, h.batch, h.p, h.n, h.precision, h.norm, r.ranks, r.scheme, r.slowest_ms, r.input
        );
        for l in &r.per_rank {
            let _ = write!(
                s,
                "\n  rank {} ({}): {} {}..{}, kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms, packing {:.3} ms, {:.3} ms",
                l.rank,
                l.device,
                if h.batch > 1 { "transforms" } else { "rows" },
                l.first,
                l.first + l.count,
                l.kernel_ms,
                l.staging_ms,
                l.exchange_ms,
                l.pack_ms,
                l.host_ms
            );
        }
        let head = format!("check vs numpy {} (f64)", h.kind);
        push_check_and_output(
            &mut s,
            r.check.as_ref(),
            CheckWords::Pass(&head),
            r.output.as_ref(),
        );
        s
    }
}
