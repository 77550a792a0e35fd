//! `mpirun -np P jitfft vc --mpi …` where P is not a power of p: uneven slabs and
//! `MPI_Alltoallv` (`mpi::slab`, the rank's run in `mpi::slab_run`). The stages fail together
//! as in `vc_mpi` (collective agreement before the exchange, `MPI_Abort` inside it); rank 0
//! prints the report.

use super::common::say;
use super::vc::VcArgs;
use super::vc_mpi::{check_mpi_output, conclude, input_and_n, run_request, to_jit};
use crate::mpi::fault::{agree, injected};
use crate::mpi::io::HostComplex;
use crate::mpi::rank::{self, InputFile, RankRun, RunRequest};
use crate::mpi::slab::{SlabPlan, SlabVc};
use crate::mpi::slab_run::{run_slabs, SlabLine};
use crate::runtime::Gpu;
use crate::vc::{Precision, VcOptions, VcPlan};
use anyhow::{bail, Result};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use serde::Serialize;

#[derive(Serialize)]
struct SlabReport {
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

/// Runs this rank's part of a slab-distributed `vc --mpi`: the flags and the distribution,
/// agreed by every rank; the device; both transforms built.
pub(super) fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let setup = (|| -> Result<(SlabPlan, VcPlan, InputFile)> {
        a.run.validate()?;
        if a.keep_transposed || a.mpi_chunks.is_some() {
            bail!(
                "--keep-transposed and --mpi-chunks belong to the pipelined scheme (ranks a power of p = {}); with {} ranks the slabs return natural order in one exchange each way",
                a.t.p,
                world.size()
            );
        }
        check_mpi_output(a)?;
        let (input, n) = input_and_n(a, 1)?;
        let whole = a.t.plan(n)?;
        let sp = SlabPlan::new(whole.p, whole.n, world.size() as u64)?;
        Ok((sp, whole, input))
    })();
    let (sp, whole, input) = agree(world, "plan", setup.map_err(to_jit))?;
    let gpu = rank::open_device(world, a.run.device.as_deref())?;
    let untouched = a.t.schedule_open();
    let opts = a.t.options();
    let make = |digits: u32, batch: u64| -> crate::Result<VcPlan> {
        // Each half normalises its own digits: full = 1/p^k · 1/p^(n−k) = 1/N.
        let o = VcOptions {
            norm: Some(whole.norm),
            radix: opts.radix.filter(|&r| r <= (whole.p as u64).pow(digits)),
            ..opts
        };
        let plan = VcPlan::new(whole.p, digits, o)?;
        let plan = if untouched {
            crate::vc::choose::default_plan(&gpu, plan, o)?.plan
        } else {
            plan
        };
        plan.with_batch(batch)
    };
    let built = injected(world.rank(), "build")
        .and_then(|_| SlabVc::new(&gpu, sp, world.rank() as u64, &make));
    let svc = agree(world, "build", built)?;
    let req = run_request(a, input);
    match whole.precision {
        Precision::F32 => run_typed::<Complex32>(a, world, &gpu, &svc, &req),
        Precision::F64 => run_typed::<Complex64>(a, world, &gpu, &svc, &req),
    }
}

/// This rank's run (`mpi::slab_run`), then rank 0's report.
fn run_typed<C>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    gpu: &Gpu,
    svc: &SlabVc,
    req: &RunRequest,
) -> Result<()>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let run = run_slabs::<C>(world, gpu, svc, req)?;
    let sp = svc.plan;
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
    conclude(
        world,
        a.run.json,
        &report,
        print_human,
        report.run.check.as_ref(),
    )
}

fn print_human(r: &SlabReport) {
    say!(
        "VC p = {}, n = {} ({} points) over {} MPI ranks: {}, {} rows of {} values",
        r.p,
        r.n,
        r.len,
        r.ranks,
        r.scheme,
        r.distribution.rows,
        r.distribution.columns
    );
    say!("input: {}", r.run.input);
    say!(
        "end to end (slowest rank): {:.3} ms median of {}",
        r.run.end_to_end_ms.median,
        r.run.end_to_end_ms.count
    );
    for l in &r.run.per_rank {
        let t = &l.times;
        say!(
            "  rank {} ({}, {}): {} rows, {} columns; kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms ({:.2} GB/s; MPI_Alltoallv alone {:.3} ms, {:.2} GB/s), packing {:.3} ms",
            l.rank, l.host, l.device, l.rows, l.columns, t.kernel_ms, t.staging_ms, t.exchange_ms, l.exchange_gbs, l.alltoallv_ms, l.alltoallv_gbs, t.pack_ms
        );
    }
    if let Some(c) = &r.run.check {
        say!(
            "check: rel. L2 {:.3e}, max abs {:.3e} (tolerance {:.1e}): {}",
            c.rel_l2,
            c.max_abs,
            c.tolerance,
            if c.ok { "PASS" } else { "FAIL" }
        );
    }
    if let Some(o) = &r.run.output {
        say!("output: {o}");
    }
}
