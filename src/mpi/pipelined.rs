//! One rank's whole run of the pipelined distribution (P = p^k ranks, [`DistributedVc`]): its
//! slice of the input, the timed runs, the optional `MPI_Sendrecv` probe, its report line
//! gathered on rank 0, the check against the f64 reference and the output slices.
//!
//! An error before the runs is agreed by every rank ([`super::fault::agree`]); one inside the
//! exchange ends the job ([`super::fault::abort_all`]): the other ranks wait in a collective.

use super::exchange::sendrecv_probe;
use super::fault::abort_all;
use super::io::{random_slice, read_slice, HostComplex};
use super::rank::{self, InputFile, Place, RankRun, RunRequest};
use super::{DistributedVc, RankTimes};
use crate::error::Result;
use crate::runtime::Gpu;
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::Complex64;
use serde::{Deserialize, Serialize};

/// One rank's line of the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct RankLine {
    /// The MPI rank.
    pub rank: i32,
    /// The host it ran on.
    pub host: String,
    /// Its rank among the ranks of that host.
    pub local_rank: i32,
    /// Its device's name and kind.
    pub device: String,
    /// `gpu` or `cpu`.
    pub device_kind: String,
    /// Its run with the median end-to-end time.
    pub times: RankTimes,
    /// Exchange bytes / exchange time.
    pub exchange_gbs: f64,
}

/// A plain `MPI_Sendrecv` ring of the bytes a rank exchanged, slowest rank.
#[derive(Debug, Clone, Serialize)]
pub struct Probe {
    /// Bytes each rank moved.
    pub bytes: u64,
    /// The slowest rank's time.
    pub ms: f64,
    /// bytes / ms.
    pub gbs: f64,
}

/// Runs this rank's part: reads or draws its slice, times `req.repeat` runs after a warm-up
/// (end to end: device-resident data in and out), probes `MPI_Sendrecv` if `probe`, gathers
/// the lines, checks and writes as `req` asks. Collective.
pub fn run_pipelined<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    dvc: &mut DistributedVc,
    req: &RunRequest,
    probe: bool,
) -> Result<(RankRun<RankLine>, Option<Probe>)>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let mplan = dvc.plan;
    let m = mplan.local_len as usize;
    let offset = mplan.offset(world.rank() as u64);
    let seed = rank::shared_seed(world, req.seed);
    let x: Vec<C> = rank::read_input(world, &req.input, seed, offset, m)?;
    // Scratch for the exchange (none with one rank).
    let mut y = vec![C::default(); if mplan.ranks > 1 { m } else { 0 }];
    let mut out = vec![C::default(); m];
    let (runs, end_to_end_ms) = rank::timed_runs(world, req.repeat, || {
        if let Err(e) = dvc.local.upload(&x) {
            abort_all(world, "upload", &e);
        }
        world.barrier();
        match dvc.run(world, gpu, &mut y, &mut out) {
            Ok(t) => t,
            Err(e) => abort_all(world, "exchange", &e),
        }
    });
    let mine = rank::median_run(&runs);
    let sendrecv_probe = probe.then(|| {
        let bytes = mine.exchange_bytes;
        let ms = sendrecv_probe(world, bytes, 3);
        let mut worst = 0.0f64;
        world.all_reduce_into(&ms, &mut worst, mpi::collective::SystemOperation::max());
        Probe {
            bytes,
            ms: worst,
            gbs: rank::gbs(bytes, worst),
        }
    });
    let line = RankLine {
        rank: world.rank(),
        host: mpi::environment::processor_name().unwrap_or_default(),
        local_rank: world.split_shared(world.rank()).rank(),
        device: gpu.info.name.clone(),
        device_kind: gpu.info.kind.clone(),
        exchange_gbs: rank::gbs(mine.exchange_bytes, mine.exchange_ms),
        times: mine,
    };
    let place = Place {
        offset,
        shape: &[mplan.local_len * mplan.ranks],
        precision: dvc.local.plan.precision,
    };
    let run = RankRun::finish(world, req, seed, (end_to_end_ms, line), place, &out, || {
        check_slice(world, dvc, &req.input, seed, &out)
    })?;
    Ok((run, sendrecv_probe))
}

/// Each rank compares its slice with the f64 CPU reference of the whole transform (which
/// needs the whole input on every rank: a check for sizes one host can hold):
/// (Σ|got − want|², Σ|want|²) and max |got − want| (∞ for a non-finite value).
fn check_slice<C: HostComplex>(
    world: &SimpleCommunicator,
    dvc: &DistributedVc,
    input: &InputFile,
    seed: u64,
    out: &[C],
) -> Result<([f64; 2], f64)> {
    let mplan = dvc.plan;
    let total = mplan.local_len * mplan.ranks;
    let whole = match input {
        Some((path, layout)) => {
            let mut v = vec![Complex64::default(); total as usize];
            read_slice(path, *layout, 0, &mut v)?;
            v
        }
        None => random_slice(seed, 0, total as usize),
    };
    let lp = &dvc.local.plan;
    let want = rank::reference(mplan.p, mplan.n, &whole, lp)?;
    let rank = world.rank() as u64;
    let (cols, m) = (mplan.columns(), mplan.local_len);
    let transposed = dvc.keep_transposed && mplan.ranks > 1;
    let mut sums = [0.0f64; 2];
    let mut max_abs = 0.0f64;
    for (i, v) in out.iter().enumerate() {
        let i = i as u64;
        // Transposed: this rank (b) holds S(a, b, c) at a·C + c.
        let g = if transposed {
            (i / cols) * m + rank * cols + i % cols
        } else {
            rank * m + i
        };
        let w = want[g as usize];
        let d = (v.to_c64() - w).norm();
        let d = if d.is_finite() { d } else { f64::INFINITY };
        sums[0] += d * d;
        sums[1] += w.norm_sqr();
        max_abs = max_abs.max(d);
    }
    Ok((sums, max_abs))
}
