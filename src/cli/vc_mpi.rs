//! `mpirun -np P jitfft vc --mpi …`: the VC transform over P ranks, one device each.
//!
//! Stages that can fail before the exchange (flags and plan, device, build, input) end with a
//! collective agreement, so every rank exits with the same message; a failure inside the
//! exchange aborts the job (`MPI_Abort`) with the failing rank's message. Rank 0 prints the
//! report; every rank exits with the same status. The rank's run is library code
//! (`mpi::pipelined`, `mpi::slab_run`); this module reads the flags and prints.

use super::common::{check_output_path, is_stdout, print_json};
use super::vc::VcArgs;
use crate::mpi::fault::agree;
use crate::mpi::io::{read_layout, HostComplex};
use crate::mpi::pipelined::{run_pipelined, Probe, RankLine};
use crate::mpi::rank::{self, GlobalCheck, InputFile, RankRun, RunRequest};
use crate::mpi::{DistributedVc, MpiPlan};
use crate::runtime::Gpu;
use crate::vc::{Precision, VcPlan};
use anyhow::{anyhow, bail, Result};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use serde::Serialize;

#[derive(Debug, Serialize)]
struct MpiReport {
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

/// Runs `jitfft vc --mpi` on this rank. A failure every rank agreed on is printed by every
/// rank before any exits (mpirun ends the job at the first non-zero exit).
pub fn run(a: VcArgs) -> Result<()> {
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .ok_or_else(|| anyhow!("MPI was already initialised in this process"))?;
    let world = universe.world();
    // P a power of p: the pipelined scheme; any other count: uneven slabs (`mpi::slab`).
    let ranks = world.size() as u64;
    let power = ranks == 1 || crate::vc::plan::log_exact(a.t.p as u64, ranks).is_some();
    let r = if a.t.batch.is_some_and(|b| b > 1) {
        super::vc_mpi_batch::run_rank(&a, &world)
    } else if power {
        run_rank(&a, &world)
    } else {
        super::vc_mpi_slab::run_rank(&a, &world)
    };
    if let Err(e) = &r {
        eprintln!("error: {e:#}");
    }
    world.barrier();
    drop(universe);
    if r.is_err() {
        std::process::exit(1);
    }
    Ok(())
}

/// Refuses an `--output` that is not a .npy file (each rank writes its slice at its offset).
pub(super) fn check_mpi_output(a: &VcArgs) -> Result<()> {
    if let Some(out) = &a.run.output {
        if is_stdout(out) || out.extension().and_then(|e| e.to_str()) != Some("npy") {
            bail!("with --mpi, --output must be a .npy file (each rank writes its slice at its offset)");
        }
        check_output_path(out)?;
    }
    Ok(())
}

/// The `--input` file with its .npy layout, and the n its length gives for `batch`
/// transforms (checked against `--n`).
pub(super) fn input_and_n(a: &VcArgs, batch: u64) -> Result<(InputFile, Option<u32>)> {
    let Some(path) = &a.run.input else {
        return Ok((None, None));
    };
    let l = read_layout(path)?;
    if l.len % batch != 0 {
        bail!(
            "{}: {} values are not --batch {batch} transforms of equal length",
            path.display(),
            l.len
        );
    }
    let n =
        crate::io::input::infer_n(a.t.p, (l.len / batch) as usize, &path.display().to_string())?;
    if let Some(want) = a.t.n.filter(|&want| want != n) {
        let what = if batch > 1 {
            format!("{batch} transforms of p^{n}")
        } else {
            format!("p^{n}")
        };
        bail!(
            "{}: {} values are {what} for p = {}, but --n {want} was given",
            path.display(),
            l.len,
            a.t.p
        );
    }
    Ok((Some((path.clone(), l)), Some(n)))
}

/// What the flags ask of the ranks' run.
pub(super) fn run_request(a: &VcArgs, input: InputFile) -> RunRequest {
    RunRequest {
        input,
        seed: a.run.seed,
        repeat: a.run.repeat,
        check: a.run.check,
        tolerance: a.tolerance,
        output: a.run.output.clone(),
    }
}

/// Prints the report on rank 0, then fails on every rank if the check failed.
pub(super) fn conclude<R: Serialize>(
    world: &SimpleCommunicator,
    json: bool,
    report: &R,
    human: impl FnOnce(&R),
    check: Option<&GlobalCheck>,
) -> Result<()> {
    if world.rank() == 0 {
        if json {
            print_json(report)?;
        } else {
            human(report);
        }
    }
    if let Some(f) = check.and_then(|c| c.failure(world.rank())) {
        bail!("{f}");
    }
    Ok(())
}

/// The flags, the distribution and the local plan, agreed by every rank; then the device
/// and the build.
fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let setup = (|| -> Result<(MpiPlan, VcPlan, InputFile)> {
        a.run.validate()?;
        if a.overlap {
            bail!("--overlap is a single-device mode; --mpi pipelines its own exchange");
        }
        check_mpi_output(a)?;
        let (input, n) = input_and_n(a, 1)?;
        let whole = a.t.plan(n)?;
        let mplan = MpiPlan::new(whole.p, whole.n, world.size() as u64, a.mpi_chunks)?;
        let local = VcPlan::new(whole.p, whole.n - mplan.rank_digits, a.t.options())?;
        Ok((mplan, local, input))
    })();
    let (mplan, mut plan, input) = agree(world, "plan", setup.map_err(to_jit))?;
    let gpu = rank::open_device(world, a.run.device.as_deref())?;
    let built = (|| -> crate::Result<DistributedVc> {
        crate::mpi::fault::injected(world.rank(), "build")?;
        if a.t.schedule_open() {
            plan = crate::vc::choose::default_plan(&gpu, plan.clone(), a.t.options())?.plan;
        }
        DistributedVc::new(&gpu, mplan, &plan, a.keep_transposed)
    })();
    let dvc = agree(world, "build", built)?;
    let req = run_request(a, input);
    match plan.precision {
        Precision::F32 => run_typed::<Complex32>(a, world, &gpu, dvc, &req),
        Precision::F64 => run_typed::<Complex64>(a, world, &gpu, dvc, &req),
    }
}

pub(super) fn to_jit(e: anyhow::Error) -> crate::error::JitError {
    match e.downcast::<crate::error::JitError>() {
        Ok(j) => j,
        Err(e) => crate::error::JitError::invalid(format!("{e:#}")),
    }
}

/// This rank's run (`mpi::pipelined`), then rank 0's report.
fn run_typed<C>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    gpu: &Gpu,
    mut dvc: DistributedVc,
    req: &RunRequest,
) -> Result<()>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let (run, sendrecv_probe) = run_pipelined::<C>(world, gpu, &mut dvc, req, a.sendrecv_probe)?;
    let mplan = dvc.plan;
    let report = MpiReport {
        p: mplan.p,
        n: mplan.n,
        len: mplan.local_len * mplan.ranks,
        ranks: mplan.ranks,
        distribution: mplan,
        local_plan: dvc.local.plan.clone(),
        output_order: if a.keep_transposed && mplan.ranks > 1 {
            "transposed: the top two groups of k digits swapped"
        } else {
            "natural"
        },
        run,
        sendrecv_probe,
    };
    conclude(
        world,
        a.run.json,
        &report,
        print_human,
        report.run.check.as_ref(),
    )
}

fn print_human(r: &MpiReport) {
    let d = &r.distribution;
    println!(
        "VC transform {}^{} = {} points over {} MPI ranks (k = {} digits name the rank; {} values each; {} exchange chunks)",
        r.p, r.n, r.len, r.ranks, d.rank_digits, d.local_len, d.chunks
    );
    println!(
        "local plan: {} of {}^{} points; output order: {}; input: {}",
        r.local_plan.algorithm,
        r.p,
        r.n - d.rank_digits,
        r.output_order,
        r.run.input
    );
    println!(
        "end to end (device-resident data, slowest rank): median {:.3} ms (min {:.3}, max {:.3}, {} runs)",
        r.run.end_to_end_ms.median, r.run.end_to_end_ms.min, r.run.end_to_end_ms.max, r.run.end_to_end_ms.count
    );
    for l in &r.run.per_rank {
        let t = &l.times;
        println!(
            "rank {} on {} (local {}): {} [{}]: kernel {:.3} ms (local {:.3} + across {:.3}), staging {:.3} ms, exchange {:.3} ms for {} bytes ({:.2} GB/s), pack {:.3} ms, hidden {:.3} ms of the pipeline's {:.3} ms",
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
        println!(
            "MPI_Sendrecv probe: {} bytes in {:.3} ms ({:.2} GB/s)",
            p.bytes, p.ms, p.gbs
        );
    }
    if let Some(c) = &r.run.check {
        println!(
            "check against the f64 CPU reference: relative L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
            c.rel_l2,
            c.max_abs,
            c.tolerance,
            if c.ok { "ok" } else { "FAILED" }
        );
    }
    if let Some(o) = &r.run.output {
        println!("output: {o}");
    }
}
