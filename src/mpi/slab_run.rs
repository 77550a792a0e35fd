//! One rank's whole run of the uneven-slab distribution (any rank count, [`SlabVc`]): its
//! slab of the input, the timed runs, the `MPI_Alltoallv` probe, its report line gathered on
//! rank 0, the check against the f64 reference and the output slices. Failures as in
//! [`super::pipelined`].

use super::fault::{abort_all, injected};
use super::io::{fill_random, read_slice, HostComplex};
use super::rank::{self, InputFile, Place, RankRun, RunRequest};
use super::slab::SlabVc;
use super::RankTimes;
use crate::error::Result;
use crate::runtime::Gpu;
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::Complex64;
use serde::{Deserialize, Serialize};

/// One rank's line of the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct SlabLine {
    /// The MPI rank.
    pub rank: i32,
    /// The host it ran on.
    pub host: String,
    /// Its device's name.
    pub device: String,
    /// Rows of the leading digit group this rank holds, columns it transforms after the exchange.
    pub rows: u64,
    /// Columns it transforms after the exchange.
    pub columns: u64,
    /// Its run with the median end-to-end time.
    pub times: RankTimes,
    /// exchange bytes / exchange time.
    pub exchange_gbs: f64,
    /// A plain `MPI_Alltoallv` of the same counts, both ways, in the same job.
    pub alltoallv_ms: f64,
    /// exchange bytes / `alltoallv_ms`.
    pub alltoallv_gbs: f64,
}

/// Runs this rank's part: reads or draws its slab, times `req.repeat` runs after a warm-up
/// (end to end: data on the host in and out), probes `MPI_Alltoallv` with the same counts, gathers the lines, checks and writes as `req`
/// asks. Collective.
pub fn run_slabs<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    svc: &SlabVc,
    req: &RunRequest,
) -> Result<RankRun<SlabLine>>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let me = world.rank();
    let sp = svc.plan;
    let m = sp.local_len(me as u64) as usize;
    let offset = sp.offset(me as u64);
    let seed = rank::shared_seed(world, req.seed);
    let x: Vec<C> = rank::read_input(world, &req.input, seed, offset, m)?;
    let mut out = vec![C::default(); m];
    let (runs, end_to_end_ms) = rank::timed_runs(world, req.repeat, || {
        world.barrier();
        match injected(me, "exchange").and_then(|_| svc.run(world, gpu, &x, &mut out)) {
            Ok(t) => t,
            Err(e) => abort_all(world, "exchange", &e),
        }
    });
    let mine = rank::median_run(&runs);
    let probe_ms = match svc.alltoallv_probe(world, std::mem::size_of::<C::Real>(), 3) {
        Ok(ms) => ms,
        Err(e) => abort_all(world, "exchange", &e),
    };
    let line = SlabLine {
        rank: me,
        host: mpi::environment::processor_name().unwrap_or_default(),
        device: gpu.info.name.clone(),
        rows: sp.row_slab(me as u64).1,
        columns: sp.col_slab(me as u64).1,
        exchange_gbs: rank::gbs(mine.exchange_bytes, mine.exchange_ms),
        alltoallv_ms: probe_ms,
        alltoallv_gbs: rank::gbs(mine.exchange_bytes, probe_ms),
        times: mine,
    };
    let place = Place {
        offset,
        total: sp.rows * sp.columns,
        precision: svc.local.plan().precision,
    };
    RankRun::finish(world, req, seed, (end_to_end_ms, line), place, &out, || {
        check_slab(svc, &req.input, seed, offset, &out)
    })
}

/// (Σ|got − want|², Σ|want|²) and max |got − want| (NaN for a NaN value) of this rank's slab
/// against the f64 reference of the whole transform (every rank reads or draws the whole
/// input, in the plan's precision as the device got it).
fn check_slab<C: HostComplex>(
    svc: &SlabVc,
    input: &InputFile,
    seed: u64,
    offset: u64,
    out: &[C],
) -> Result<([f64; 2], f64)> {
    let sp = svc.plan;
    let total = (sp.rows * sp.columns) as usize;
    let mut whole = vec![C::default(); total];
    match input {
        Some((path, layout)) => read_slice(path, *layout, 0, &mut whole)?,
        None => fill_random(seed, 0, &mut whole),
    }
    let whole: Vec<Complex64> = whole.iter().map(|c| c.to_c64()).collect();
    let lp = svc.local.plan();
    let want = rank::reference(sp.p, sp.n, &whole, lp)?;
    let (mut e2, mut w2, mut max) = (0.0f64, 0.0f64, 0.0f64);
    for (i, g) in out.iter().enumerate() {
        let w = want[offset as usize + i];
        let d = (g.to_c64() - w).norm();
        e2 += d * d;
        w2 += w.norm_sqr();
        max = if d.is_nan() { f64::NAN } else { max.max(d) };
    }
    Ok(([e2, w2], max))
}
