//! The steps every rank of a distributed VC run takes, whatever the distribution (the
//! pipelined [`DistributedVc`](super::DistributedVc) for P a power of p, the uneven slabs of
//! [`SlabVc`](super::slab::SlabVc) otherwise): its device, the seed all ranks share, its slice
//! of the input, the timed runs with the slowest rank's time, the report lines gathered on
//! rank 0, the global check from every rank's error sums, the output slices, and the end of
//! every family's run (its outcome, the report's last lines).

use super::device::pick_device;
use super::fault::{agree, injected};
use super::io::{fill_random, read_slice, write_shaped_slices, HostComplex, NpyLayout};
use super::RankTimes;
use crate::error::Result;
use crate::runtime::{Gpu, Summary};
use crate::vc::{VcOptions, VcPlan};
use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::Complex64;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::PathBuf;

/// The input file and its .npy layout; `None`: random input from the shared seed.
pub type InputFile = Option<(PathBuf, NpyLayout)>;

/// What a distributed run is asked for beyond its plan: input, runs, check and output.
#[derive(Debug, Clone)]
pub struct RunRequest {
    /// The input file (every rank reads its slice), or random input.
    pub input: InputFile,
    /// The seed of random input (rank 0's is used by all); `None`: a fresh one.
    pub seed: Option<u64>,
    /// Timed runs after one warm-up run.
    pub repeat: usize,
    /// Compare with the f64 CPU reference of the whole transform.
    pub check: bool,
    /// The largest relative L2 error that passes (`None`: the precision's default).
    pub tolerance: Option<f64>,
    /// The .npy file each rank writes its slice of (not written when the check fails).
    pub output: Option<PathBuf>,
}

/// What one rank's run of a distributed transform gives, as its report shows it (the lines
/// of every rank on rank 0 only).
#[derive(Debug, Clone, Serialize)]
pub struct RankRun<L> {
    /// The input file, or the random seed.
    pub input: String,
    /// The seed random input was drawn with (none for file input).
    pub seed: Option<u64>,
    /// Timed runs after the warm-up.
    pub repeat: usize,
    /// Per run the slowest rank's end-to-end time.
    pub end_to_end_ms: Summary,
    /// Every rank's line (rank 0; empty elsewhere).
    pub per_rank: Vec<L>,
    /// The check, when asked for.
    pub check: Option<GlobalCheck>,
    /// The output written (none when the check failed).
    pub output: Option<String>,
}

/// Where a rank's values sit in the whole array, and the precision whose default tolerance
/// the check uses.
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// The rank's first value in the whole array.
    pub offset: u64,
    /// The whole array's `.npy` shape (the VC's: its length alone).
    pub shape: &'a [u64],
    /// The plan's precision.
    pub precision: crate::vc::Precision,
}

impl<L: Serialize + DeserializeOwned + Clone> RankRun<L> {
    /// The end of every rank's run (collective): `line` gathered on rank 0, the check from
    /// every rank's `local_check` sums (when asked for), `out` written at its place (unless
    /// the check failed). `timed` is the slowest rank's end-to-end times and this rank's line.
    pub fn finish<C: HostComplex>(
        world: &SimpleCommunicator,
        req: &RunRequest,
        seed: u64,
        (end_to_end_ms, line): (Summary, L),
        place: Place<'_>,
        out: &[C],
        local_check: impl FnOnce() -> Result<([f64; 2], f64)>,
    ) -> Result<RankRun<L>> {
        let per_rank = gather(world, &line)?;
        let check = if req.check {
            let local = agree(world, "check", local_check())?;
            let tolerance = req
                .tolerance
                .unwrap_or_else(|| crate::vc::report::default_tolerance(place.precision));
            Some(GlobalCheck::reduce(world, local, tolerance))
        } else {
            None
        };
        let output = write_output(world, &req.output, check.as_ref(), place, out)?;
        Ok(RankRun {
            input: input_label(&req.input, seed),
            seed: req.input.is_none().then_some(seed),
            repeat: req.repeat,
            end_to_end_ms,
            per_rank,
            check,
            output,
        })
    }
}

/// This rank's device (by its rank on the node); every rank gets one or all stop with the
/// failing rank's message.
pub fn open_device(world: &SimpleCommunicator, selector: Option<&str>) -> Result<Gpu> {
    let rank = world.rank();
    let local_rank = world.split_shared(rank).rank();
    agree(
        world,
        "device",
        injected(rank, "device")
            .and_then(|_| pick_device(selector, local_rank as usize))
            .and_then(Gpu::from_found),
    )
}

/// The seed of random input: rank 0's choice (given, or fresh), the same on every rank.
pub fn shared_seed(world: &SimpleCommunicator, seed: Option<u64>) -> u64 {
    let mut seed = seed.unwrap_or_else(crate::io::random::fresh_seed);
    world.process_at_rank(0).broadcast_into(&mut seed);
    seed
}

/// This rank's `len` values from `offset`: read from the file or drawn from the seed; every
/// rank has its slice or all stop with the failing rank's message.
pub fn read_input<C: HostComplex>(
    world: &SimpleCommunicator,
    input: &InputFile,
    seed: u64,
    offset: u64,
    len: usize,
) -> Result<Vec<C>> {
    let read = injected(world.rank(), "input").and_then(|_| {
        let mut x = vec![C::default(); len];
        match input {
            Some((path, layout)) => read_slice(path, *layout, offset, &mut x)?,
            None => fill_random(seed, offset, &mut x),
        }
        Ok(x)
    });
    agree(world, "input", read)
}

/// The report's name of the input: the file, or the random seed.
pub fn input_label(input: &InputFile, seed: u64) -> String {
    match input {
        Some((p, _)) => p.display().to_string(),
        None => format!("random (seed {seed})"),
    }
}

/// One warm-up run and `repeat` timed runs of `run` (collective: every rank runs them in
/// step); returns this rank's timed runs and each run's slowest end-to-end time over ranks.
pub fn timed_runs(
    world: &SimpleCommunicator,
    repeat: usize,
    mut run: impl FnMut() -> RankTimes,
) -> (Vec<RankTimes>, Summary) {
    let mut runs = Vec::with_capacity(repeat);
    let mut slowest = Vec::with_capacity(repeat);
    for i in 0..=repeat {
        let t = run();
        let mut max = 0.0f64;
        world.all_reduce_into(&t.end_to_end_ms, &mut max, SystemOperation::max());
        if i > 0 {
            runs.push(t);
            slowest.push(max);
        }
    }
    (runs, Summary::of(&slowest))
}

/// The run with the median end-to-end time (of at least one).
pub fn median_run(runs: &[RankTimes]) -> RankTimes {
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by(|&i, &j| runs[i].end_to_end_ms.total_cmp(&runs[j].end_to_end_ms));
    runs[order[order.len() / 2]].clone()
}

/// `bytes` moved in `ms`, in GB/s (0 for no time).
pub fn gbs(bytes: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        bytes as f64 / (ms * 1e-3) / 1e9
    } else {
        0.0
    }
}

/// Rank 0 collects every rank's line, in rank order (as JSON text, point to point); the
/// other ranks get an empty list.
pub fn gather<L: Serialize + DeserializeOwned + Clone>(
    world: &SimpleCommunicator,
    line: &L,
) -> Result<Vec<L>> {
    let json = |e: serde_json::Error| crate::error::JitError::invalid(e.to_string());
    let text = serde_json::to_vec(line).map_err(json)?;
    if world.rank() != 0 {
        world.process_at_rank(0).send(&text[..]);
        return Ok(Vec::new());
    }
    let mut lines = vec![line.clone()];
    for r in 1..world.size() {
        let (bytes, _) = world.process_at_rank(r).receive_vec::<u8>();
        lines.push(serde_json::from_slice(&bytes).map_err(json)?);
    }
    Ok(lines)
}

/// The check of the whole distributed spectrum against the f64 CPU reference.
#[derive(Debug, Clone, Serialize)]
pub struct GlobalCheck {
    /// ‖got − want‖ / ‖want‖ over every rank's values.
    pub rel_l2: f64,
    /// The largest |got − want| on any rank.
    pub max_abs: f64,
    /// The largest relative L2 error that passes.
    pub tolerance: f64,
    /// rel_l2 ≤ tolerance (false for NaN).
    pub ok: bool,
}

impl GlobalCheck {
    /// Collective: the global errors from every rank's (Σ|got − want|², Σ|want|²) and
    /// max |got − want|.
    pub fn reduce(
        world: &SimpleCommunicator,
        (sums, max_abs): ([f64; 2], f64),
        tolerance: f64,
    ) -> GlobalCheck {
        let mut total = [0.0f64; 2];
        world.all_reduce_into(&sums[..], &mut total[..], SystemOperation::sum());
        let mut worst = 0.0f64;
        world.all_reduce_into(&max_abs, &mut worst, SystemOperation::max());
        let rel_l2 = if total[1] > 0.0 {
            (total[0] / total[1]).sqrt()
        } else {
            total[0].sqrt()
        };
        GlobalCheck {
            rel_l2,
            max_abs: worst,
            tolerance,
            ok: rel_l2.is_finite() && rel_l2 <= tolerance,
        }
    }

    /// What rank `rank` says when the check failed (rank 0 has the figures; the others point
    /// to its report); `None` when it passed.
    pub fn failure(&self, rank: i32) -> Option<String> {
        match (self.ok, rank) {
            (true, _) => None,
            (false, 0) => Some(format!(
                "--check failed: relative L2 error {:.3e} is above the tolerance {:.1e}; no output written",
                self.rel_l2, self.tolerance
            )),
            (false, _) => {
                Some("--check failed (see rank 0's report); no output written".to_string())
            }
        }
    }
}

/// Collective: each rank writes its `out` at its place in the .npy `output`, unless the
/// check failed; returns the path written.
fn write_output<C: HostComplex>(
    world: &SimpleCommunicator,
    output: &Option<PathBuf>,
    check: Option<&GlobalCheck>,
    place: Place<'_>,
    out: &[C],
) -> Result<Option<String>> {
    match output {
        Some(path) if check.is_none_or(|c| c.ok) => {
            write_shaped_slices(world, path, place.shape, place.offset, out)?;
            Ok(Some(path.display().to_string()))
        }
        _ => Ok(None),
    }
}

/// The f64 CPU reference of the whole transform of `whole` (p^n values) with the direction
/// and normalisation of `local`, a rank's part of it.
pub fn reference(p: u32, n: u32, whole: &[Complex64], local: &VcPlan) -> Result<Vec<Complex64>> {
    let full = VcPlan::new(
        p,
        n,
        VcOptions {
            precision: local.precision,
            direction: local.direction,
            norm: Some(local.norm),
            ..VcOptions::default()
        },
    )?;
    crate::reference::separable_vc(p, n, whole, local.direction, full.scale())
}

/// What a rank's run ends with: rank 0's report (none elsewhere) and, on every rank, the
/// check's failure when it failed (no output was written).
#[derive(Debug)]
pub struct Outcome<R> {
    /// Rank 0 only.
    pub report: Option<R>,
    /// The check failed: why.
    pub failure: Option<String>,
}

impl<R> Outcome<R> {
    /// `report` on rank 0, with this rank's `failure`.
    pub fn of(world: &SimpleCommunicator, report: R, failure: Option<String>) -> Outcome<R> {
        Outcome {
            report: (world.rank() == 0).then_some(report),
            failure,
        }
    }
}

/// A distributed run's report, as the front ends print it: JSON, or text.
pub trait MpiReport: Serialize {
    /// The report as text, one line a row (no final newline).
    fn text(&self) -> String;
}

/// Refuses an output that is not a .npy file (each rank writes its slice at its offset).
pub fn check_mpi_output(output: Option<&std::path::Path>) -> Result<()> {
    if let Some(out) = output {
        if crate::io::output::is_stdout(out)
            || out.extension().and_then(|e| e.to_str()) != Some("npy")
        {
            return Err(crate::error::JitError::invalid(
                "with --mpi, --output must be a .npy file (each rank writes its slice at its \
                 offset)",
            ));
        }
        crate::io::output::check_output_path(out)?;
    }
    Ok(())
}

/// How a report words its check: after `head`, "rel. L2 …, max abs … (tolerance …): PASS"
/// (slab, real, fft), or the pipelined report's "relative L2 …, max abs …, tolerance …: ok".
pub enum CheckWords<'a> {
    /// "head: rel. L2 …: PASS".
    Pass(&'a str),
    /// "check against the f64 CPU reference: relative L2 …: ok".
    Ok,
}

/// A report's last lines: the check's verdict and the output's path.
pub fn push_check_and_output(
    s: &mut String,
    check: Option<&GlobalCheck>,
    words: CheckWords,
    output: Option<&String>,
) {
    use std::fmt::Write;
    if let Some(c) = check {
        let _ = match words {
            CheckWords::Pass(head) => write!(
                s,
                "\n{head}: rel. L2 {:.3e}, max abs {:.3e} (tolerance {:.1e}): {}",
                c.rel_l2,
                c.max_abs,
                c.tolerance,
                if c.ok { "PASS" } else { "FAIL" }
            ),
            CheckWords::Ok => write!(
                s,
                "\ncheck against the f64 CPU reference: relative L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
                c.rel_l2,
                c.max_abs,
                c.tolerance,
                if c.ok { "ok" } else { "FAILED" }
            ),
        };
    }
    if let Some(o) = output {
        let _ = write!(s, "\noutput: {o}");
    }
}
