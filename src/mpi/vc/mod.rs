//! A `vc` request run over MPI ranks, one device each (`vc --mpi`): the scheme
//! ([`crate::vc::mpi_route::MpiScheme`]), every rank's run and rank 0's report. Front ends
//! build an [`MpiVcRequest`], call [`run`] on every rank and print what rank 0 gets back.
//!
//! Stages that can fail before the exchange (request and plan, device, build, input) end with
//! a collective agreement, so every rank fails with the same message; a failure inside the
//! exchange aborts the job (`MPI_Abort`) with the failing rank's message.

mod batch;
pub mod digit_slabs;
mod pipelined;
mod rows;
mod slab;

use super::fault::{abort_all, agree, injected};
use super::io::read_layout;
use super::rank::{self, InputFile, MpiReport, Outcome, RunRequest};
use super::rank::{push_check_and_output, CheckWords};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::mpi_route::MpiScheme;
use crate::vc::request::Request;
use mpi::topology::SimpleCommunicator;
use mpi::traits::*;
use serde::Serialize;

pub use batch::{BatchLine, BatchReport};
pub use pipelined::PipelinedReport;
pub use rows::{RealLine, RealMpiReport};
pub use slab::SlabReport;

/// What a distributed `vc` run asks for.
#[derive(Debug, Clone)]
pub struct MpiVcRequest {
    /// The transform, input, output and check (`overlap` is refused: single-device only).
    pub vc: Request,
    /// The seed of random input (rank 0's is used by all); `None`: a fresh one.
    pub seed: Option<u64>,
    /// Timed runs after one warm-up run.
    pub repeat: usize,
    /// The largest relative L2 error that passes (`None`: the precision's default).
    pub tolerance: Option<f64>,
    /// The device selector (each rank takes its device by local rank).
    pub device: Option<String>,
    /// Pipelined: leave the top two groups of k digits swapped (one all-to-all less).
    pub keep_transposed: bool,
    /// Pipelined: exchange chunks, a power of p.
    pub chunks: Option<u64>,
    /// Pipelined: also time a plain `MPI_Sendrecv` ring of the exchanged bytes.
    pub sendrecv_probe: bool,
}

/// Rank 0's report of one scheme.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum MpiVcReport {
    /// P a power of p.
    Pipelined(PipelinedReport),
    /// Any other P.
    Slab(SlabReport),
    /// `--batch B > 1`.
    Batch(BatchReport),
    /// `--real`: numpy's rfftn / irfftn.
    Real(RealMpiReport),
}

impl MpiReport for MpiVcReport {
    fn text(&self) -> String {
        match self {
            MpiVcReport::Pipelined(r) => r.text(),
            MpiVcReport::Slab(r) => r.text(),
            MpiVcReport::Batch(r) => r.text(),
            MpiVcReport::Real(r) => r.text(),
        }
    }
}

/// What a rank's `vc` run ends with.
pub type MpiOutcome = Outcome<MpiVcReport>;

/// Runs this rank's part of `req` in the scheme of the world's size. `checked`: the front
/// end's own flag checks, agreed with the plan so every rank fails with their message.
pub fn run(
    world: &SimpleCommunicator,
    req: &MpiVcRequest,
    checked: Result<()>,
) -> Result<MpiOutcome> {
    let r = &req.vc;
    if r.real {
        // The batch or slab scheme, as the input's sizes decide (`rows`).
        return run_rank::<rows::RealInput<batch::Batch, slab::Slab>>(world, req, checked);
    }
    match MpiScheme::of(r.p, world.size() as u64, r.batch) {
        MpiScheme::Batch => run_rank::<batch::Batch>(world, req, checked),
        MpiScheme::Pipelined => run_rank::<pipelined::Pipelined>(world, req, checked),
        MpiScheme::Slab => run_rank::<slab::Slab>(world, req, checked),
    }
}

fn invalid<T>(msg: String) -> Result<T> {
    Err(JitError::invalid(msg))
}

/// One scheme's rank: the flags it refuses, what every rank agrees on before the device, and
/// the rank's run on its device.
trait Scheme {
    /// The plan and input, the same on every rank.
    type Setup;
    /// Why the request's flags do not belong to this scheme, if they do not.
    fn refusal(world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String>;
    /// The plan and input from the request (input read, plan made).
    fn setup(world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup>;
    /// This rank's build and runs on `gpu`, then rank 0's report.
    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        setup: Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome>;
}

/// Every scheme's rank: the front end's checks, the scheme's refusal, the output's check and
/// the scheme's setup, agreed by every rank so all fail with one message; then this rank's
/// device and the scheme's run.
fn run_rank<S: Scheme>(
    world: &SimpleCommunicator,
    req: &MpiVcRequest,
    checked: Result<()>,
) -> Result<MpiOutcome> {
    let setup = checked
        .and_then(|_| S::refusal(world, req).map_or(Ok(()), invalid))
        .and_then(|_| rank::check_mpi_output(req.vc.output.as_deref()))
        .and_then(|_| S::setup(world, req));
    let agreed = agree(world, "plan", setup)?;
    let gpu = rank::open_device(world, req.device.as_deref())?;
    S::run(world, req, agreed, gpu)
}

/// One untimed run of `run` (kernels are compiled or loaded on first launch on some drivers),
/// then the timed one, whose result it returns; a failure of either ends every rank.
fn warm_then_timed<T>(world: &SimpleCommunicator, mut run: impl FnMut() -> Result<T>) -> T {
    if let Err(e) = run() {
        abort_all(world, "transform", &e);
    }
    match injected(world.rank(), "exchange").and_then(|_| run()) {
        Ok(v) => v,
        Err(e) => abort_all(world, "transform", &e),
    }
}

/// The input file with its .npy layout, and the n its length gives for `batch` transforms
/// (checked against the request's n).
fn input_and_n(req: &Request, batch: u64) -> Result<(InputFile, Option<u32>)> {
    let Some(path) = &req.input else {
        return Ok((None, None));
    };
    let l = read_layout(path)?;
    if l.len % batch != 0 {
        return invalid(format!(
            "{}: {} values are not --batch {batch} transforms of equal length",
            path.display(),
            l.len
        ));
    }
    let n =
        crate::io::input::infer_n(req.p, (l.len / batch) as usize, &path.display().to_string())?;
    if let Some(want) = req.n.filter(|&want| want != n) {
        let what = if batch > 1 {
            format!("{batch} transforms of p^{n}")
        } else {
            format!("p^{n}")
        };
        return invalid(format!(
            "{}: {} values are {what} for p = {}, but --n {want} was given",
            path.display(),
            l.len,
            req.p
        ));
    }
    Ok((Some((path.clone(), l)), Some(n)))
}

/// What the request asks of the ranks' run.
fn run_request(req: &MpiVcRequest, input: InputFile) -> RunRequest {
    RunRequest {
        input,
        seed: req.seed,
        repeat: req.repeat,
        check: req.vc.check,
        tolerance: req.tolerance,
        output: req.vc.output.clone(),
    }
}

/// The check's failure on this rank's side, as the report's end.
fn outcome(world: &SimpleCommunicator, report: MpiVcReport, failure: Option<String>) -> MpiOutcome {
    Outcome::of(world, report, failure)
}
