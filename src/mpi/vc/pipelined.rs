//! The pipelined scheme (P a power of p): the distribution and local plan agreed by every
//! rank, the device and the build, the rank's run (`mpi::pipelined`) and rank 0's report.

use super::{
    input_and_n, outcome, push_check_and_output, run_request, CheckWords, MpiOutcome, MpiVcReport,
    MpiVcRequest, Scheme,
};
use crate::error::Result;
use crate::mpi::fault::agree;
use crate::mpi::io::HostComplex;
use crate::mpi::pipelined::{run_pipelined, Probe, RankLine};
use crate::mpi::rank::{InputFile, RankRun, RunRequest};
use crate::mpi::{DistributedVc, MpiPlan};
use crate::runtime::Gpu;
use crate::vc::request::chunk_plan;
use crate::vc::{Precision, VcPlan};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::fmt::Write;

/// Rank 0's report of a pipelined run.
#[derive(Debug, Serialize)]
pub struct PipelinedReport {
    p: u32,
    n: u32,
    len: u64,
    ranks: u64,
    distribution: MpiPlan,
    local_plan: VcPlan,
    output_order: &'static str,
    /// Input, times (end to end: device-resident data in and out), lines, check, output.
    #[serde(flatten)]
    run: RankRun<RankLine>,
    sendrecv_probe: Option<Probe>,
}

/// The pipelined scheme: the request, the distribution and the local plan agreed by every
/// rank; on the device the build, then the rank's run.
pub(super) struct Pipelined;

impl Scheme for Pipelined {
    type Setup = (MpiPlan, VcPlan, InputFile);

    fn refusal(_world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String> {
        req.vc.overlap.is_some().then(|| {
            "--overlap is a single-device mode; --mpi pipelines its own exchange".to_string()
        })
    }

    fn setup(world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup> {
        let r = &req.vc;
        let (input, n) = input_and_n(r, 1)?;
        let whole = r.plan(n, None)?;
        let mplan = MpiPlan::new(whole.p, whole.n, world.size() as u64, req.chunks)?;
        let local = VcPlan::new(whole.p, whole.n - mplan.rank_digits, r.options())?;
        Ok((mplan, local, input))
    }

    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        (mplan, mut plan, input): Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome> {
        let r = &req.vc;
        let built = (|| -> Result<DistributedVc> {
            crate::mpi::fault::injected(world.rank(), "build")?;
            plan = chunk_plan(r, &gpu, plan.clone())?;
            DistributedVc::new(&gpu, mplan, &plan, req.keep_transposed)
        })();
        let dvc = agree(world, "build", built)?;
        let run = run_request(req, input);
        match plan.precision {
            Precision::F32 => run_typed::<Complex32>(world, &gpu, dvc, req, &run),
            Precision::F64 => run_typed::<Complex64>(world, &gpu, dvc, req, &run),
        }
    }
}

/// This rank's run (`mpi::pipelined`), then the report.
fn run_typed<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    mut dvc: DistributedVc,
    req: &MpiVcRequest,
    run_req: &RunRequest,
) -> Result<MpiOutcome>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let (run, sendrecv_probe) =
        run_pipelined::<C>(world, gpu, &mut dvc, run_req, req.sendrecv_probe)?;
    let mplan = dvc.plan;
    let failure = run.check.as_ref().and_then(|c| c.failure(world.rank()));
    let report = PipelinedReport {
        p: mplan.p,
        n: mplan.n,
        len: mplan.local_len * mplan.ranks,
        ranks: mplan.ranks,
        distribution: mplan,
        local_plan: dvc.local.plan.clone(),
        output_order: if req.keep_transposed && mplan.ranks > 1 {
            "transposed: the top two groups of k digits swapped"
        } else {
            "natural"
        },
        run,
        sendrecv_probe,
    };
    Ok(outcome(world, MpiVcReport::Pipelined(report), failure))
}

impl PipelinedReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let (r, d) = (self, &self.distribution);
        let mut s = String::new();
        let _ = write!(
            s,
            "VC transform {}^{} = {} points over {} MPI ranks (k = {} digits name the rank; {} values each; {} exchange chunks)",
            r.p, r.n, r.len, r.ranks, d.rank_digits, d.local_len, d.chunks
        );
        let _ = write!(
            s,
            "\nlocal plan: {} of {}^{} points; output order: {}; input: {}",
            r.local_plan.algorithm,
            r.p,
            r.n - d.rank_digits,
            r.output_order,
            r.run.input
        );
        let e = &r.run.end_to_end_ms;
        let _ = write!(
            s,
            "\nend to end (device-resident data, slowest rank): median {:.3} ms (min {:.3}, max {:.3}, {} runs)",
            e.median, e.min, e.max, e.count
        );
        for l in &r.run.per_rank {
            let t = &l.times;
            let _ = write!(
                s,
                "\nrank {} on {} (local {}): {} [{}]: kernel {:.3} ms (local {:.3} + across {:.3}), staging {:.3} ms, exchange {:.3} ms for {} bytes ({:.2} GB/s), pack {:.3} ms, hidden {:.3} ms of the pipeline's {:.3} ms",
                l.rank,
                l.host,
                l.local_rank,
                l.device,
                l.device_kind,
                t.kernel_ms,
                t.local_kernel_ms,
                t.across_kernel_ms,
                t.staging_ms,
                t.exchange_ms,
                t.exchange_bytes,
                l.exchange_gbs,
                t.pack_ms,
                t.hidden_ms,
                t.pipeline_ms
            );
        }
        if let Some(p) = &r.sendrecv_probe {
            let _ = write!(
                s,
                "\nMPI_Sendrecv probe: {} bytes in {:.3} ms ({:.2} GB/s)",
                p.bytes, p.ms, p.gbs
            );
        }
        push_check_and_output(
            &mut s,
            r.run.check.as_ref(),
            CheckWords::Ok,
            r.run.output.as_ref(),
        );
        s
    }
}
