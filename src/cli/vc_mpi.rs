//! `mpirun -np P jitfft vc --mpi …` (and `fft --mpi`): the request handed to `mpi::vc` (or
//! `mpi::fft`) on every rank; rank 0 prints the report, every rank exits with the same
//! status. A failure every rank agreed on is printed by every rank before any exits (mpirun
//! ends the job at the first non-zero exit).

use super::common::{print_json, say, RunFlags};
use super::vc::VcArgs;
use crate::fft::request::FftRequest;
use crate::mpi::fft::MpiFftRequest;
use crate::mpi::rank::{MpiReport, Outcome};
use crate::mpi::vc::{run as run_ranks, MpiVcRequest};
use anyhow::{anyhow, bail, Result};
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;

/// Runs `jitfft vc --mpi` on this rank.
pub fn run(a: VcArgs) -> Result<()> {
    on_every_rank(|world| run_rank(&a, world))
}

/// `vc --mpi` on this rank of `world`: every rank runs the request, rank 0 prints.
fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let checked = a.run.validate().map_err(to_jit);
    let req = MpiVcRequest {
        vc: a.request(),
        seed: a.run.seed,
        repeat: a.run.repeat,
        tolerance: a.tolerance,
        device: a.run.device.clone(),
        keep_transposed: a.keep_transposed,
        chunks: a.mpi_chunks,
        sendrecv_probe: a.sendrecv_probe,
    };
    conclude(a.run.json, run_ranks(world, &req, checked))
}

/// Runs `jitfft fft --mpi` on this rank (`mpi::fft`).
pub fn fft(run: &RunFlags, fft: FftRequest) -> Result<()> {
    let checked = run.validate().map_err(to_jit);
    let req = MpiFftRequest::new(fft, run.output.clone(), run.device.clone());
    on_every_rank(|world| conclude(run.json, crate::mpi::fft::run(world, &req, checked)))
}

/// Rank 0 prints the report (JSON or text); a failed check fails every rank.
fn conclude<R: MpiReport>(json: bool, ran: crate::error::Result<Outcome<R>>) -> Result<()> {
    let o = ran?;
    match &o.report {
        Some(r) if json => print_json(r)?,
        Some(r) => say!("{}", r.text()),
        None => {}
    }
    o.failure.map_or(Ok(()), |f| bail!("{f}"))
}

/// Runs `rank` on this process's rank of a fresh MPI world (`vc --mpi`, `bent --mpi`): an
/// error is printed by the rank that had it, every rank waits for the others, and any
/// failure exits 1 after the barrier (mpirun ends the job at the first non-zero exit).
pub(super) fn on_every_rank(rank: impl FnOnce(&SimpleCommunicator) -> Result<()>) -> Result<()> {
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .ok_or_else(|| anyhow!("MPI was already initialised in this process"))?;
    let world = universe.world();
    let r = rank(&world);
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

/// A CLI error as the library's, for the ranks' agreement (`bent --mpi` uses it too).
pub(super) fn to_jit(e: anyhow::Error) -> crate::error::JitError {
    match e.downcast::<crate::error::JitError>() {
        Ok(j) => j,
        Err(e) => crate::error::JitError::invalid(format!("{e:#}")),
    }
}
