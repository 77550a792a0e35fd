//! The slab scheme (P not a power of p): uneven slabs and `MPI_Alltoallv` (`mpi::slab`, the
//! rank's run in `mpi::slab_run`), the distribution agreed by every rank, both transforms
//! built, rank 0's report.

use super::{
    input_and_n, outcome, push_check_and_output, run_request, CheckWords, MpiOutcome, MpiVcReport,
    MpiVcRequest, Scheme,
};
use crate::error::Result;
use crate::mpi::fault::{agree, injected};
use crate::mpi::io::HostComplex;
use crate::mpi::rank::{InputFile, RankRun, RunRequest};
use crate::mpi::slab::{SlabPlan, SlabVc};
use crate::mpi::slab_run::{run_slabs, SlabLine};
use crate::runtime::Gpu;
use crate::vc::request::sub_plan;
use crate::vc::{Precision, VcPlan};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::fmt::Write;

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
        let r = &req.vc;
        // Each half normalises its own digits: full = 1/p^k · 1/p^(n−k) = 1/N.
        let make = |digits: u32, batch: u64| -> Result<VcPlan> {
            sub_plan(r, &gpu, whole.p, digits, whole.norm)?.with_batch(batch)
        };
        let built = injected(world.rank(), "build")
            .and_then(|_| SlabVc::new(&gpu, sp, world.rank() as u64, &make));
        let svc = agree(world, "build", built)?;
        let run = run_request(req, input);
        match whole.precision {
            Precision::F32 => run_typed::<Complex32>(world, &gpu, &svc, &run),
            Precision::F64 => run_typed::<Complex64>(world, &gpu, &svc, &run),
        }
    }
}

/// This rank's run (`mpi::slab_run`), then the report.
fn run_typed<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    svc: &SlabVc,
    req: &RunRequest,
) -> Result<MpiOutcome>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let run = run_slabs::<C>(world, gpu, svc, req)?;
    let sp = svc.plan;
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

impl SlabReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let r = self;
        let mut s = format!(
            "VC p = {}, n = {} ({} points) over {} MPI ranks: {}, {} rows of {} values",
            r.p, r.n, r.len, r.ranks, r.scheme, r.distribution.rows, r.distribution.columns
        );
        let _ = write!(s, "\ninput: {}", r.run.input);
        let _ = write!(
            s,
            "\nend to end (slowest rank): {:.3} ms median of {}",
            r.run.end_to_end_ms.median, r.run.end_to_end_ms.count
        );
        for l in &r.run.per_rank {
            let t = &l.times;
            let _ = write!(
                s,
                "\n  rank {} ({}, {}): {} rows, {} columns; kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms ({:.2} GB/s; MPI_Alltoallv alone {:.3} ms, {:.2} GB/s), packing {:.3} ms",
                l.rank, l.host, l.device, l.rows, l.columns, t.kernel_ms, t.staging_ms, t.exchange_ms, l.exchange_gbs, l.alltoallv_ms, l.alltoallv_gbs, t.pack_ms
            );
        }
        push_check_and_output(
            &mut s,
            r.run.check.as_ref(),
            CheckWords::Pass("check"),
            r.run.output.as_ref(),
        );
        s
    }
}
