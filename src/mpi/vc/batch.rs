//! The batch scheme (`--batch B > 1`): B independent transforms split over P ranks (any P;
//! contiguous shares, the first B mod P ranks one more, `mpi::functions::share`), each rank
//! transforming its share as one batched plan on its own device (streamed where it does not
//! fit) and writing it at its offset of the one output file. No exchange. Real input
//! (`--real`, `mpi::vc::rows`): each rank's share of whole transforms on the real path.

use super::digit_slabs::RankTransform;
use super::rows::{OnRank, RealLine, RowScheme};
use super::{input_and_n, warm_then_timed, MpiOutcome, MpiVcReport, MpiVcRequest, Scheme};
use crate::error::Result;
use crate::mpi::fault::{agree, injected};
use crate::mpi::functions::share;
use crate::mpi::io::{write_slices, HostComplex};
use crate::mpi::rank::{self, InputFile};
use crate::mpi::slab::SlabHalf;
use crate::reference::{compare, separable_vc};
use crate::runtime::Gpu;
use crate::vc::real::resolve::real_transform;
use crate::vc::real::share::RowShare;
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::report::default_tolerance;
use crate::vc::request::sub_plan;
use crate::vc::{Precision, VcPlan};
use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// One rank's share and its times.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct BatchLine {
    rank: i32,
    device: String,
    first: u64,
    transforms: u64,
    streamed: bool,
    kernel_ms: f64,
    staging_ms: f64,
    /// The share from host memory to host memory (host wall clock).
    host_ms: f64,
}

/// Rank 0's report of a batch run.
#[derive(Debug, Serialize)]
pub struct BatchReport {
    p: u32,
    n: u32,
    batch: u64,
    ranks: i32,
    scheme: &'static str,
    input: String,
    seed: Option<u64>,
    /// Slowest rank.
    slowest_ms: f64,
    per_rank: Vec<BatchLine>,
    /// The worst transform's relative L2 error against the f64 reference (all ranks).
    check_rel_l2: Option<f64>,
    tolerance: Option<f64>,
    ok: Option<bool>,
    output: Option<String>,
}

/// The batch scheme: the request and the plan agreed by every rank; on the device this
/// rank's share.
pub(super) struct Batch;

impl Scheme for Batch {
    type Setup = (VcPlan, InputFile);

    fn refusal(_world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String> {
        (req.keep_transposed || req.chunks.is_some()).then(|| "--keep-transposed and --mpi-chunks distribute one transform; with --batch the transforms are split over the ranks whole".to_string())
    }

    fn setup(_world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup> {
        let r = &req.vc;
        let (input, n) = input_and_n(r, r.batch.unwrap_or(1))?;
        Ok((r.plan(n, None)?, input))
    }

    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        (whole, input): Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome> {
        match whole.precision {
            Precision::F32 => run_typed::<Complex32>(world, &gpu, req, &whole, input),
            Precision::F64 => run_typed::<Complex64>(world, &gpu, req, &whole, input),
        }
    }
}

/// This rank's share: built, read, transformed once untimed and once timed, checked and
/// written; then rank 0's report.
fn run_typed<C: HostComplex>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    req: &MpiVcRequest,
    whole: &VcPlan,
    input: InputFile,
) -> Result<MpiOutcome> {
    let rank = world.rank();
    let (first, count) = share(whole.batch, world.size() as u64, rank as u64);
    let len = whole.len;
    let tr = agree(world, "build", build_share(req, gpu, whole, rank, count))?;
    let seed = rank::shared_seed(world, req.seed);
    let offset = first * len;
    let x: Vec<C> = rank::read_input(world, &input, seed, offset, (count * len) as usize)?;
    let mut out = x.clone();
    let (kernel_ms, staging_ms, host_ms) = warm_then_timed(world, || {
        out.copy_from_slice(&x);
        let t0 = std::time::Instant::now();
        let (kernel_ms, staging_ms) = match &tr {
            Some(tr) => tr.run_in_place(gpu, &mut out)?,
            None => (0.0, 0.0),
        };
        Ok((kernel_ms, staging_ms, t0.elapsed().as_secs_f64() * 1e3))
    });
    // Each transform of the share against the reference; the worst over all ranks.
    let worst = if req.vc.check {
        let w = worst_error(whole, &x, &out)?;
        let mut all = 0.0f64;
        world.all_reduce_into(&w, &mut all, SystemOperation::max());
        Some(all)
    } else {
        None
    };
    let tolerance = req
        .tolerance
        .unwrap_or_else(|| default_tolerance(whole.precision));
    let ok = worst.map(|w| w.is_finite() && w <= tolerance);
    let output = match (&req.vc.output, ok) {
        (Some(path), None | Some(true)) => {
            write_slices(world, path, whole.batch * len, offset, &out)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let line = BatchLine {
        rank,
        device: gpu.info.name.clone(),
        first,
        transforms: count,
        streamed: tr.as_ref().is_some_and(|t| t.streamed()),
        kernel_ms,
        staging_ms,
        host_ms,
    };
    let lines = rank::gather(world, &line)?;
    if rank != 0 {
        return Ok(MpiOutcome {
            report: None,
            failure: (ok == Some(false))
                .then(|| "--check failed (see rank 0's report); no output written".to_string()),
        });
    }
    let report = BatchReport {
        p: whole.p,
        n: whole.n,
        batch: whole.batch,
        ranks: world.size(),
        scheme: "transforms split over ranks",
        input: rank::input_label(&input, seed),
        seed: input.is_none().then_some(seed),
        slowest_ms: lines.iter().map(|l| l.host_ms).fold(0.0, f64::max),
        per_rank: lines,
        check_rel_l2: worst,
        tolerance: worst.map(|_| tolerance),
        ok,
        output,
    };
    Ok(MpiOutcome {
        report: Some(MpiVcReport::Batch(report)),
        failure: (ok == Some(false)).then(|| format!("--check failed: worst relative L2 error {:.3e} is above the tolerance {tolerance:.1e}; no output written", worst.unwrap_or(f64::NAN))),
    })
}

/// The batched transform of this rank's `count` transforms (none for an empty share), each
/// plan the device's default where the request leaves the schedule open.
fn build_share(
    req: &MpiVcRequest,
    gpu: &Gpu,
    whole: &VcPlan,
    rank: i32,
    count: u64,
) -> Result<Option<RankTransform>> {
    let make = |digits: u32, batch: u64| -> Result<VcPlan> {
        sub_plan(&req.vc, gpu, whole.p, digits, whole.norm)?.with_batch(batch)
    };
    injected(rank, "build")?;
    if count == 0 {
        return Ok(None);
    }
    RankTransform::new(gpu, make(whole.n, count)?, &make).map(Some)
}

/// The largest relative L2 error of the share's transforms against the f64 reference (NaN
/// if any is NaN).
fn worst_error<C: HostComplex>(whole: &VcPlan, x: &[C], out: &[C]) -> Result<f64> {
    let len = whole.len as usize;
    let mut w = 0.0f64;
    for k in 0..x.len() / len {
        let r = k * len..(k + 1) * len;
        let xin: Vec<Complex64> = x[r.clone()].iter().map(|c| c.to_c64()).collect();
        let got: Vec<Complex64> = out[r].iter().map(|c| c.to_c64()).collect();
        let want = separable_vc(whole.p, whole.n, &xin, whole.direction, whole.scale())?;
        let e = compare(&got, &want).rel_l2;
        w = if e.is_nan() { f64::NAN } else { w.max(e) };
    }
    Ok(w)
}

/// Real input: whole transforms on the real path (`vc::real`), none for an empty share.
impl RowScheme for Batch {
    type Plan = ();
    type Work = Option<RealVc>;
    const NAME: &'static str = "transforms split over ranks";

    fn share(plan: &RealPlan, _: &(), ranks: u64, rank: u64) -> RowShare {
        let (first, count) = share(plan.batch, ranks, rank);
        RowShare::transforms(plan, first, count)
    }

    fn build(on: &OnRank, _: &(), share: RowShare) -> Result<Option<RealVc>> {
        let n = Some(on.plan.n);
        (share.count > 0)
            .then(|| real_transform(&on.req.vc, on.gpu, n, Some(share.count)))
            .transpose()
    }

    fn run_once(
        on: &OnRank,
        work: &Option<RealVc>,
        x: &[f64],
        line: &mut RealLine,
    ) -> Result<Vec<f64>> {
        let Some(tr) = work else {
            return Ok(Vec::new());
        };
        let (out, t) = tr.execute(on.gpu, x)?;
        line.kernel_ms = t.kernel_ms;
        line.staging_ms = t.upload_ms + t.download_ms;
        Ok(out)
    }
}

impl BatchReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let r = self;
        let mut s = format!(
            "{} transforms of {}^{} over {} ranks ({}): slowest rank {:.3} ms",
            r.batch, r.p, r.n, r.ranks, r.scheme, r.slowest_ms
        );
        for l in &r.per_rank {
            let _ = write!(
                s,
                "\n  rank {} ({}): transforms {}..{}{}, kernels {:.3} ms, staging {:.3} ms, {:.3} ms",
                l.rank,
                l.device,
                l.first,
                l.first + l.transforms,
                if l.streamed { " (streamed)" } else { "" },
                l.kernel_ms,
                l.staging_ms,
                l.host_ms
            );
        }
        if let (Some(w), Some(tolerance)) = (r.check_rel_l2, r.tolerance) {
            let _ = write!(
                s,
                "\ncheck: worst rel. L2 {w:.3e} (tolerance {tolerance:.1e}): {}",
                if r.ok == Some(true) { "PASS" } else { "FAIL" }
            );
        }
        s
    }
}
