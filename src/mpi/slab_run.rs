//! One rank's whole run of the uneven-slab distribution (any rank count, any family's
//! [`SlabTransform`]): its slab of the input, the timed runs, the `MPI_Alltoallv` probe, its
//! report line gathered on rank 0, the check against the family's f64 reference ([`Whole`])
//! and the output slices. Failures as in [`super::pipelined`].

use super::fault::{abort_all, injected};
use super::io::{fill_random, read_slice, HostComplex};
use super::rank::{self, push_check_and_output, CheckWords, InputFile, Place, RankRun, RunRequest};
use super::slab::{SlabHalf, SlabTransform};
use super::RankTimes;
use crate::error::Result;
use crate::runtime::Gpu;
use crate::transform::Precision;
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

/// What the run knows of the whole transform: the output's shape, the precision and the f64
/// reference.
pub struct Whole<'a> {
    /// The whole array's `.npy` shape (its product: the slabs' values).
    pub shape: &'a [u64],
    /// The plan's precision (the check's default tolerance).
    pub precision: Precision,
    /// The f64 CPU reference of the whole transform of the whole input.
    pub reference: &'a dyn Fn(&[Complex64]) -> Result<Vec<Complex64>>,
}

/// Runs this rank's part: reads or draws its slab, times `req.repeat` runs after a warm-up
/// (end to end: data on the host in and out), probes `MPI_Alltoallv` with the same counts, gathers the lines, checks and writes as `req`
/// asks. Collective.
pub fn run_slabs<C, H>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    svc: &SlabTransform<H>,
    req: &RunRequest,
    whole: &Whole,
) -> Result<RankRun<SlabLine>>
where
    C: HostComplex,
    C::Real: Equivalence,
    H: SlabHalf,
{
    let me = world.rank();
    let sp = svc.slabs;
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
    let probe_ms = match svc.exchanges() {
        true => svc.alltoallv_probe(world, std::mem::size_of::<C::Real>(), 3),
        false => Ok(0.0),
    }
    .unwrap_or_else(|e| abort_all(world, "exchange", &e));
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
        shape: whole.shape,
        precision: whole.precision,
    };
    RankRun::finish(world, req, seed, (end_to_end_ms, line), place, &out, || {
        check_slab(whole, &req.input, seed, offset, &out)
    })
}

/// (Σ|got − want|², Σ|want|²) and max |got − want| (NaN for a NaN value) of this rank's slab
/// against the f64 reference of the whole transform (every rank reads or draws the whole
/// input, in the plan's precision as the device got it).
fn check_slab<C: HostComplex>(
    spec: &Whole,
    input: &InputFile,
    seed: u64,
    offset: u64,
    out: &[C],
) -> Result<([f64; 2], f64)> {
    let total = spec.shape.iter().product::<u64>() as usize;
    let mut whole = vec![C::default(); total];
    match input {
        Some((path, layout)) => read_slice(path, *layout, 0, &mut whole)?,
        None => fill_random(seed, 0, &mut whole),
    }
    let whole: Vec<Complex64> = whole.iter().map(|c| c.to_c64()).collect();
    let want = (spec.reference)(&whole)?;
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

impl SlabLine {
    /// The line as the slab reports show it (indented, no newline).
    pub fn text(&self) -> String {
        let (l, t) = (self, &self.times);
        format!(
            "  rank {} ({}, {}): {} rows, {} columns; kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms ({:.2} GB/s; MPI_Alltoallv alone {:.3} ms, {:.2} GB/s), packing {:.3} ms",
            l.rank, l.host, l.device, l.rows, l.columns, t.kernel_ms, t.staging_ms, t.exchange_ms, l.exchange_gbs, l.alltoallv_ms, l.alltoallv_gbs, t.pack_ms
        )
    }
}

impl RankRun<SlabLine> {
    /// The run's lines after a slab report's head: the input, the slowest end-to-end time,
    /// every rank's line, the check's verdict and the output.
    pub fn slab_lines(&self, s: &mut String) {
        use std::fmt::Write;
        let _ = write!(s, "\ninput: {}", self.input);
        let _ = write!(
            s,
            "\nend to end (slowest rank): {:.3} ms median of {}",
            self.end_to_end_ms.median, self.end_to_end_ms.count
        );
        for l in &self.per_rank {
            let _ = write!(s, "\n{}", l.text());
        }
        let words = CheckWords::Pass("check");
        push_check_and_output(s, self.check.as_ref(), words, self.output.as_ref());
    }
}
