//! The routes of a resolved `vc` request, run end to end (`vc::route::resolve` decides
//! which): in memory (plain, truth vectors, overlapped, or real input: `--real`, numpy's
//! rfftn / irfftn, `vc::real`), zero-copy .npy and streamed (complex or real input); each
//! returns its report ([`report::VcReport`], [`streamed::StreamReport`], the real reports of
//! `vc::real::report`) with its text. The MPI route is `mpi::vc`. Front ends build a
//! [`crate::vc::request::Request`] and [`RunOptions`], call [`run_vc`] and print the
//! [`VcOutcome`].

mod device_set;
mod disk;
mod finish;
mod in_memory;
mod native;
pub mod report;
mod stream_host;
mod stream_set;
pub mod streamed;

use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::report::CheckReport;
use crate::vc::request::Request;
use crate::vc::route::{resolve, Route};
pub use device_set::{run_vc_set, streams_over};
use serde::Serialize;

/// How a run is measured and checked, beside what it computes.
#[derive(Debug, Clone)]
pub struct RunOptions {
    /// The seed of random input (`None`: a fresh one).
    pub seed: Option<u64>,
    /// Timed runs after one warm-up run.
    pub repeat: usize,
    /// The largest relative L2 error the check passes (`None`: the precision's default).
    pub tolerance: Option<f64>,
    /// Refuse input holding NaN or infinite values (otherwise a warning).
    pub strict: bool,
    /// Overlapped runs: chunks of whole work-groups (`None`: the schedule's default).
    pub chunks: Option<usize>,
    /// Streamed runs: told after each chunk (chunks done, chunks of every pass).
    pub progress: Option<ChunkProgress>,
    /// In-memory .npy file runs: told as the files are read and written (MiB done, MiB of
    /// every read and write of the run).
    pub file_progress: Option<ChunkProgress>,
    /// File runs: measure the disk floor once after the run, in the output's folder
    /// (`disk_floor` in the report; `vc --json --disk-floor` asks for it).
    pub disk_floor: bool,
}

/// A streamed run's progress callback (see [`crate::vc::stream::Progress`]).
#[derive(Clone)]
pub struct ChunkProgress(pub crate::vc::stream::Progress);

impl std::fmt::Debug for ChunkProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ChunkProgress")
    }
}

impl RunOptions {
    /// Refuses bad values before any work: no chunks, a tolerance that is no bound.
    pub fn check(&self) -> Result<()> {
        if self.chunks == Some(0) {
            return Err(JitError::invalid(
                "--chunks 0: the data moves in at least one chunk (1 means no overlap)",
            ));
        }
        if let Some(t) = self.tolerance.filter(|t| !(*t >= 0.0 && t.is_finite())) {
            return Err(JitError::invalid(format!(
                "--tolerance {t}: a finite error bound ≥ 0"
            )));
        }
        Ok(())
    }
}

/// What a run tells its front end as it goes (the CLI: stderr).
#[derive(Debug, Clone)]
pub enum Notice {
    /// Informational (`--quiet` leaves it out): e.g. why a plan streams.
    Note(String),
    /// Something about the input the user should know.
    Warning(String),
}

/// A run's report, by route.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum VcOutcome {
    /// In memory or zero-copy.
    Run(Box<report::VcReport>),
    /// Streamed.
    Streamed(Box<streamed::StreamReport>),
    /// Real input or output (`--real`).
    Real(Box<crate::vc::real::report::RealReport>),
    /// Real input or output streamed through the device (`--real --stream`).
    RealStreamed(Box<crate::vc::real::report::RealStreamReport>),
}

impl VcOutcome {
    /// The report as text for `device` (its description).
    pub fn text(&self, device: &str) -> String {
        match self {
            VcOutcome::Run(r) => r.text(device),
            VcOutcome::Streamed(r) => r.text(device),
            VcOutcome::Real(r) => r.text(),
            VcOutcome::RealStreamed(r) => r.text(),
        }
    }

    /// The check, when asked for (its failure fails the run after the report).
    pub fn check(&self) -> Option<&CheckReport> {
        match self {
            VcOutcome::Run(r) => r.check.as_ref(),
            VcOutcome::Streamed(r) => r.check.as_ref(),
            VcOutcome::Real(r) => r.check.as_ref(),
            VcOutcome::RealStreamed(r) => r.check.as_ref(),
        }
    }
}

/// Resolves `req` on `gpu` and runs its route: the input read, the timed runs, the check, the
/// output written (not where the check failed) and the report.
pub fn run_vc(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcOutcome> {
    let resolved = resolve(req, gpu, &gpu.knobs)?;
    let mut outcome = run_route(req, o, gpu, resolved, notice)?;
    if let (true, Some(out), Some(_)) = (o.disk_floor, &req.output, &req.input) {
        disk::attach(out, &mut outcome, notice);
    }
    Ok(outcome)
}

fn run_route(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    resolved: crate::vc::route::Resolved,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcOutcome> {
    match resolved.route {
        // Complex or real input (`req.real`): the one streamed route.
        Route::Streamed { reason, announced } | Route::RealStreamed { reason, announced } => {
            if announced {
                notice(Notice::Note(reason.clone()));
            }
            streamed::run(req, o, gpu, reason, notice)
        }
        Route::Native(src) => match resolved.plan {
            Some(chosen) => {
                native::run(req, o, gpu, &src, chosen, notice).map(|r| VcOutcome::Run(Box::new(r)))
            }
            None => Err(JitError::invalid(
                "internal: the zero-copy route without a plan",
            )),
        },
        Route::InMemory => in_memory::run(req, o, gpu, notice).map(|r| VcOutcome::Run(Box::new(r))),
        Route::Real => {
            in_memory::run_real(req, o, gpu, notice).map(|r| VcOutcome::Real(Box::new(r)))
        }
    }
}
