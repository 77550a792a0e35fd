//! The slab scheme (P not a power of p): uneven slabs and `MPI_Alltoallv` (`mpi::slab` with
//! the VC halves of `mpi::vc::digit_slabs`, the rank's run in `mpi::slab_run`), the
//! distribution agreed by every rank, both transforms built, rank 0's report. Real input (`--real`, one transform, `mpi::vc::rows`): the real
//! digit of each rank's rows, then one slab transform of the n−1 leading digits a bin.

use super::digit_slabs::{slab_vc, SlabPlan, SlabVc};
use super::rows::{OnRank, RealLine, RowScheme};
use super::{input_and_n, outcome, run_request, MpiOutcome, MpiVcReport, MpiVcRequest, Scheme};
use crate::error::Result;
use crate::mpi::fault::{agree, injected};
use crate::mpi::io::HostComplex;
use crate::mpi::rank::{self, InputFile, RankRun, RunRequest};
use crate::mpi::slab_run::{run_slabs, SlabLine, Whole};
use crate::runtime::Gpu;
use crate::transform::{Direction, Norm};
use crate::vc::real::share::{bin, set_bin, RowShare};
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::request::{sub_plan, Request};
use crate::vc::{Precision, VcPlan};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::time::Instant;

/// Rank 0's report of a slab run.
#[derive(Debug, Serialize)]
pub struct SlabReport {
    p: u32,
    n: u32,
    len: u64,
    ranks: u64,
    /// "uneven slabs (MPI_Alltoallv)".
    scheme: &'static str,
    distribution: SlabPlan,
    local_plan: VcPlan,
    across_plan: VcPlan,
    /// Whether rank 0's local and across transforms stream through its device.
    streamed: (bool, bool),
    output_order: &'static str,
    /// Input, times (end to end: data on the host in and out), lines, check, output.
    #[serde(flatten)]
    run: RankRun<SlabLine>,
}

/// The slab scheme: the request and the distribution agreed by every rank; on the device
/// both transforms built, then the rank's run.
pub(super) struct Slab;

impl Scheme for Slab {
    type Setup = (SlabPlan, VcPlan, InputFile);

    fn refusal(world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String> {
        (req.keep_transposed || req.chunks.is_some()).then(|| format!(
            "--keep-transposed and --mpi-chunks belong to the pipelined scheme (ranks a power of p = {}); with {} ranks the slabs return natural order in one exchange each way",
            req.vc.p,
            world.size()
        ))
    }

    fn setup(world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup> {
        let r = &req.vc;
        let (input, n) = input_and_n(r, 1)?;
        let whole = r.plan(n, None)?;
        let sp = SlabPlan::new(whole.p, whole.n, world.size() as u64)?;
        Ok((sp, whole, input))
    }

    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        (sp, whole, input): Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome> {
        let rank = world.rank() as u64;
        let built = injected(world.rank(), "build")
            .and_then(|_| slab_transform(&req.vc, &gpu, sp, rank, whole.norm));
        let svc = agree(world, "build", built)?;
        let run = run_request(req, input);
        match whole.precision {
            Precision::F32 => run_typed::<Complex32>(world, &gpu, (sp, &svc), &run),
            Precision::F64 => run_typed::<Complex64>(world, &gpu, (sp, &svc), &run),
        }
    }
}

/// This rank's part of the slab transform `sp` in norm `norm`, each of its two halves the
/// device's default plan where the request leaves the schedule open. Each half normalises
/// its own digits: full = 1/p^k · 1/p^(n−k) = 1/N.
fn slab_transform(req: &Request, gpu: &Gpu, sp: SlabPlan, rank: u64, norm: Norm) -> Result<SlabVc> {
    let make = |digits: u32, batch: u64| -> Result<VcPlan> {
        sub_plan(req, gpu, sp.p, digits, norm)?.with_batch(batch)
    };
    slab_vc(gpu, sp, rank, &make)
}

/// This rank's run (`mpi::slab_run`), then the report.
fn run_typed<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    (sp, svc): (SlabPlan, &SlabVc),
    req: &RunRequest,
) -> Result<MpiOutcome>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let lp = svc.local.plan();
    let whole = Whole {
        shape: &[sp.rows * sp.columns],
        precision: lp.precision,
        reference: &|x| rank::reference(sp.p, sp.n, x, lp),
    };
    let run = run_slabs::<C, _>(world, gpu, svc, req, &whole)?;
    let failure = run.check.as_ref().and_then(|c| c.failure(world.rank()));
    let report = SlabReport {
        p: sp.p,
        n: sp.n,
        len: sp.rows * sp.columns,
        ranks: sp.ranks,
        scheme: "uneven slabs (MPI_Alltoallv)",
        distribution: sp,
        local_plan: svc.local.plan().clone(),
        across_plan: svc.across.plan().clone(),
        streamed: (svc.local.streamed(), svc.across.streamed()),
        output_order: "natural",
        run,
    };
    Ok(outcome(world, MpiVcReport::Slab(report), failure))
}

/// Real input, one transform: the rank's rows of p reals (its slab's rows × C), the real
/// digit over them on its device, and for each of the h bins the slab transform of the
/// n−1 leading digits (forward: digit, then bins; inverse: bins, then the c2r digit). The
/// digit scales by the norm of p points, the slab transforms by theirs.
impl RowScheme for Slab {
    type Plan = SlabPlan;
    type Work = (RealVc, Box<SlabVc>);
    const NAME: &'static str =
        "real digit per rank, uneven slabs of the n−1 leading digits (MPI_Alltoallv) per bin";

    fn share(_plan: &RealPlan, sp: &SlabPlan, _ranks: u64, rank: u64) -> RowShare {
        let (r0, rows) = sp.slabs().row_slab(rank);
        RowShare::rows(r0 * sp.columns, rows * sp.columns)
    }

    fn build(on: &OnRank, sp: &SlabPlan, share: RowShare) -> Result<Self::Work> {
        let (p, plan) = (on.plan.p, on.plan);
        let digit_plan = RealPlan::new(
            p,
            1,
            share.count,
            plan.precision,
            plan.direction,
            Some(plan.norm),
        )?;
        let digit = RealVc::new(on.gpu, &digit_plan, None)?;
        let rank = on.world.rank() as u64;
        let slab = slab_transform(&on.req.vc, on.gpu, *sp, rank, plan.norm)?;
        Ok((digit, Box::new(slab)))
    }

    fn run_once(
        on: &OnRank,
        (digit, slab): &Self::Work,
        x: &[f64],
        line: &mut RealLine,
    ) -> Result<Vec<f64>> {
        let digit_run = |x: &[f64], line: &mut RealLine| -> Result<Vec<f64>> {
            let (out, t) = digit.execute(on.gpu, x)?;
            line.kernel_ms += t.kernel_ms;
            line.staging_ms += t.upload_ms + t.download_ms;
            Ok(out)
        };
        let bins = |rows: &[f64], line: &mut RealLine| match on.plan.precision {
            Precision::F32 => slab_bins::<Complex32>(on, slab, rows, line),
            Precision::F64 => slab_bins::<Complex64>(on, slab, rows, line),
        };
        Ok(match on.plan.direction {
            Direction::Forward => {
                let rows = digit_run(x, line)?;
                bins(&rows, line)?
            }
            Direction::Inverse => {
                let rows = bins(x, line)?;
                digit_run(&rows, line)?
            }
        })
    }
}

/// The slab transform of each of the h bins of this rank's `rows` (rows of h complex values):
/// numpy's rows of the result.
fn slab_bins<C>(on: &OnRank, slab: &SlabVc, rows: &[f64], line: &mut RealLine) -> Result<Vec<f64>>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let h = on.plan.half() as usize;
    let mut out = vec![0.0; rows.len()];
    let mut x = vec![C::default(); rows.len() / (2 * h)];
    let mut y = x.clone();
    for k in 0..h {
        let p0 = Instant::now();
        x.iter_mut()
            .zip(bin(rows, h, k))
            .for_each(|(v, c)| *v = C::from_c64(c));
        line.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        let t = slab.run(on.world, on.gpu, &x, &mut y)?;
        line.kernel_ms += t.kernel_ms;
        line.staging_ms += t.staging_ms;
        line.exchange_ms += t.exchange_ms;
        line.pack_ms += t.pack_ms;
        let p0 = Instant::now();
        set_bin(&mut out, h, k, y.iter().map(|c| c.to_c64()));
        line.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
    }
    Ok(out)
}

impl SlabReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let r = self;
        let mut s = format!(
            "VC p = {}, n = {} ({} points) over {} MPI ranks: {}, {} rows of {} values",
            r.p, r.n, r.len, r.ranks, r.scheme, r.distribution.rows, r.distribution.columns
        );
        r.run.slab_lines(&mut s);
        s
    }
}
