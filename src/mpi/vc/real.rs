//! `vc --real --mpi`: numpy's rfftn / irfftn over P ranks, one device each.
//!
//! - **Batches** (`--batch B > 1`): the B transforms split over the ranks whole (contiguous
//!   shares, `mpi::functions::share`), each rank running the real path (`vc::real`) on its
//!   share; no exchange.
//! - **One transform**: the uneven slabs of `mpi::slab` over the n−1 leading digits. Rank r
//!   holds rows `[m0, m0 + L)` of the M = p^(n−1) rows of p reals (L = its slab's rows × C,
//!   contiguous in the file both ways). Forward: its device does the real digit of its rows
//!   (p reals → h bins); then each of the h bins' M-point complex transforms runs as one slab
//!   transform (`SlabVc`, its two `MPI_Alltoallv`s), the rank's rows of every bin written to
//!   numpy's rows (L, h). Inverse: the h slab transforms first, then the c2r digit. The norm
//!   splits: the digit scales by the norm of p points, the slab transforms by theirs.
//!
//! Every rank reads the whole input file with the single-device reader (its checks and
//! refusals) and keeps its slice; `--check` compares each rank's slice with the f64
//! reference of the whole input and reduces the errors; the output is one `.npy` of numpy's
//! shape and dtype, each rank writing its slice at its offset (`mpi::io::write_byte_slices`).

use super::{push_check_and_output, CheckWords, MpiOutcome, MpiVcReport, MpiVcRequest, Scheme};
use crate::error::Result;
use crate::mpi::fault::{abort_all, agree, injected};
use crate::mpi::functions::share;
use crate::mpi::io::{write_byte_slices, HostComplex};
use crate::mpi::rank::{self, GlobalCheck};
use crate::mpi::slab::{SlabPlan, SlabVc};
use crate::reference::real::{irfftn_ref, rfftn_ref};
use crate::runtime::Gpu;
use crate::transform::{Direction, Precision};
use crate::vc::real::data::{output_shape, random_input, read_half, read_real};
use crate::vc::real::resolve::{real_plan, real_transform};
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::report::default_tolerance;
use crate::vc::request::sub_plan;
use crate::vc::VcPlan;
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use serde::{Deserialize, Serialize};
use std::fmt::Write;
use std::time::Instant;

/// One rank's share and its times (the second of two runs; the first is untimed).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct RealLine {
    rank: i32,
    device: String,
    /// First transform (batches) or first row of p reals (one transform).
    first: u64,
    /// Transforms or rows.
    count: u64,
    /// Kernels: the real digit's and the complex passes' (profiling events).
    kernel_ms: f64,
    /// Device ↔ host transfers.
    staging_ms: f64,
    /// Wall time inside the slab exchanges (`MPI_Alltoallv`).
    exchange_ms: f64,
    /// Host copies packing the exchanges and moving bins to rows.
    pack_ms: f64,
    /// The share from host memory to host memory.
    host_ms: f64,
}

/// Rank 0's report of a real run over ranks.
#[derive(Debug, Serialize)]
pub struct RealMpiReport {
    kind: &'static str,
    p: u32,
    n: u32,
    batch: u64,
    precision: String,
    norm: String,
    ranks: i32,
    scheme: &'static str,
    input: String,
    seed: Option<u64>,
    /// Slowest rank's host time.
    slowest_ms: f64,
    per_rank: Vec<RealLine>,
    check: Option<GlobalCheck>,
    output: Option<String>,
}

/// What one rank runs.
enum Work {
    /// Its share of whole transforms (none for an empty share).
    Batch(Option<RealVc>),
    /// Its rows of the one transform: the digit over them and the slab transform.
    Slab(RealVc, Box<SlabVc>),
}

/// Where a rank's data sits, in reals of the f64 vectors (interleaved for complex).
#[derive(Clone, Copy)]
struct Share {
    first: u64,
    count: u64,
    input: (usize, usize),
    output: (usize, usize),
}

/// `--real`: the request, the real plan, the input and the slabs agreed by every rank; on
/// the device this rank's work.
pub(super) struct Real;

impl Scheme for Real {
    type Setup = (RealPlan, Option<Vec<f64>>, Vec<usize>, Option<SlabPlan>);

    fn refusal(_world: &SimpleCommunicator, req: &MpiVcRequest) -> Option<String> {
        (req.keep_transposed || req.chunks.is_some() || req.sendrecv_probe).then(|| "--keep-transposed, --mpi-chunks and --sendrecv-probe belong to the complex pipelined scheme; --real --mpi runs slabs (one transform) or splits a batch".to_string())
    }

    fn setup(world: &SimpleCommunicator, req: &MpiVcRequest) -> Result<Self::Setup> {
        let r = &req.vc;
        let loaded = match &r.input {
            Some(path) => Some(match r.direction {
                Direction::Forward => read_real(path, r.p, r.n, r.batch)?,
                Direction::Inverse => read_half(path, r.p, r.n, r.batch)?,
            }),
            None => None,
        };
        let (n, b) = loaded.as_ref().map_or((None, None), |l| (l.n, l.batch));
        let rp = real_plan(r, n, b)?;
        let axes = loaded.as_ref().map_or(Vec::new(), |l| l.batch_axes.clone());
        // One transform of n ≥ 2 runs slabs; batches (and 3^1 alone) split whole transforms.
        let slabs = (rp.batch == 1 && rp.n >= 2)
            .then(|| SlabPlan::new(rp.p, rp.n - 1, world.size() as u64))
            .transpose()?;
        Ok((rp, loaded.map(|l| l.values), axes, slabs))
    }

    fn run(
        world: &SimpleCommunicator,
        req: &MpiVcRequest,
        (rp, values, axes, slabs): Self::Setup,
        gpu: Gpu,
    ) -> Result<MpiOutcome> {
        let r = &req.vc;
        let ranks = world.size() as u64;
        let seed = rank::shared_seed(world, req.seed);
        let what = r.input.as_ref().map(|p| p.display().to_string());
        let x = values.unwrap_or_else(|| random_input(&rp, seed));
        let me = world.rank() as u64;
        let share = share_of(&rp, slabs.as_ref(), ranks, me);
        let built =
            injected(world.rank(), "build").and_then(|_| build(req, &gpu, &rp, slabs, share, me));
        let work = agree(world, "build", built)?;
        let xs = &x[share.input.0..share.input.0 + share.input.1];
        let run = |w: &Work| match rp.precision {
            Precision::F32 => run_once::<Complex32>(world, &gpu, &rp, w, xs),
            Precision::F64 => run_once::<Complex64>(world, &gpu, &rp, w, xs),
        };
        // One untimed run first (kernels are compiled or loaded on first launch on some drivers).
        if let Err(e) = run(&work) {
            abort_all(world, "transform", &e);
        }
        let (out, mut line) = match injected(world.rank(), "exchange").and_then(|_| run(&work)) {
            Ok(v) => v,
            Err(e) => abort_all(world, "transform", &e),
        };
        line.rank = world.rank();
        line.device = gpu.info.name.clone();
        line.first = share.first;
        line.count = share.count;
        let check = if r.check {
            let tol = req
                .tolerance
                .unwrap_or_else(|| default_tolerance(rp.precision));
            Some(GlobalCheck::reduce(
                world,
                errors(&rp, &x, &out, share)?,
                tol,
            ))
        } else {
            None
        };
        let failed = check.as_ref().is_some_and(|c| !c.ok);
        let output = match (&r.output, failed) {
            (Some(path), false) => {
                write_output(world, path, &rp, &axes, &out, share)?;
                Some(path.display().to_string())
            }
            _ => None,
        };
        let lines = rank::gather(world, &line)?;
        let failure = check.as_ref().and_then(|c| c.failure(world.rank()));
        if world.rank() != 0 {
            return Ok(MpiOutcome {
                report: None,
                failure,
            });
        }
        let fwd = rp.direction == Direction::Forward;
        let report = RealMpiReport {
            kind: if fwd { "rfftn" } else { "irfftn" },
            p: rp.p,
            n: rp.n,
            batch: rp.batch,
            precision: rp.precision.to_string(),
            norm: rp.norm.to_string(),
            ranks: world.size(),
            scheme: if slabs.is_some() {
                "real digit per rank, uneven slabs of the n−1 leading digits (MPI_Alltoallv) per bin"
            } else {
                "transforms split over ranks"
            },
            input: what.unwrap_or_else(|| format!("random (seed {seed})")),
            seed: r.input.is_none().then_some(seed),
            slowest_ms: lines.iter().map(|l| l.host_ms).fold(0.0, f64::max),
            per_rank: lines,
            check,
            output,
        };
        Ok(MpiOutcome {
            report: Some(MpiVcReport::Real(report)),
            failure,
        })
    }
}

/// This rank's share: transforms (batch) or rows (slabs), and where its input and output lie.
fn share_of(rp: &RealPlan, slabs: Option<&SlabPlan>, ranks: u64, rank: u64) -> Share {
    let (p, h2) = (rp.p as u64, 2 * rp.half());
    let (first, count, rows_per) = match slabs {
        Some(s) => {
            let (r0, rows) = s.row_slab(rank);
            (r0 * s.columns, rows * s.columns, 1)
        }
        None => {
            let (f, c) = share(rp.batch, ranks, rank);
            (f, c, rp.rows_per_transform())
        }
    };
    let span = |per: u64| {
        (
            (first * rows_per * per) as usize,
            (count * rows_per * per) as usize,
        )
    };
    let (reals, half) = (span(p), span(h2));
    let (input, output) = match rp.direction {
        Direction::Forward => (reals, half),
        Direction::Inverse => (half, reals),
    };
    Share {
        first,
        count,
        input,
        output,
    }
}

/// Builds this rank's work.
fn build(
    req: &MpiVcRequest,
    gpu: &Gpu,
    rp: &RealPlan,
    slabs: Option<SlabPlan>,
    share: Share,
    rank: u64,
) -> Result<Work> {
    let Some(sp) = slabs else {
        if share.count == 0 {
            return Ok(Work::Batch(None));
        }
        let tr = real_transform(&req.vc, gpu, Some(rp.n), Some(share.count))?;
        return Ok(Work::Batch(Some(tr)));
    };
    let digit_plan = RealPlan::new(
        rp.p,
        1,
        share.count,
        rp.precision,
        rp.direction,
        Some(rp.norm),
    )?;
    let digit = RealVc::new(gpu, &digit_plan, None)?;
    let make = |digits: u32, batch: u64| -> Result<VcPlan> {
        sub_plan(&req.vc, gpu, rp.p, digits, rp.norm)?.with_batch(batch)
    };
    let slab = SlabVc::new(gpu, sp, rank, &make)?;
    Ok(Work::Slab(digit, Box::new(slab)))
}

/// One run of this rank's share `x`: its output slice and times.
fn run_once<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    rp: &RealPlan,
    work: &Work,
    x: &[f64],
) -> Result<(Vec<f64>, RealLine)>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let t0 = Instant::now();
    let mut line = RealLine::default();
    let out = match work {
        Work::Batch(None) => Vec::new(),
        Work::Batch(Some(tr)) => {
            let (out, t) = tr.execute(gpu, x)?;
            line.kernel_ms = t.kernel_ms;
            line.staging_ms = t.upload_ms + t.download_ms;
            out
        }
        Work::Slab(digit, slab) => {
            let h = rp.half() as usize;
            let mut bins = |rows: &[f64]| -> Result<Vec<f64>> {
                slab_bins::<C>(world, gpu, slab, h, rows, &mut line)
            };
            match rp.direction {
                Direction::Forward => {
                    let (rows, t) = digit.execute(gpu, x)?;
                    let out = bins(&rows)?;
                    line.kernel_ms += t.kernel_ms;
                    line.staging_ms += t.upload_ms + t.download_ms;
                    out
                }
                Direction::Inverse => {
                    let rows = bins(x)?;
                    let (out, t) = digit.execute(gpu, &rows)?;
                    line.kernel_ms += t.kernel_ms;
                    line.staging_ms += t.upload_ms + t.download_ms;
                    out
                }
            }
        }
    };
    line.host_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok((out, line))
}

/// The slab transform of each of the h bins of this rank's `rows` (L rows of h interleaved
/// complex values): numpy's rows of the result.
fn slab_bins<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    slab: &SlabVc,
    h: usize,
    rows: &[f64],
    line: &mut RealLine,
) -> Result<Vec<f64>>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let l = rows.len() / (2 * h);
    let mut out = vec![0.0; rows.len()];
    let mut x = vec![C::default(); l];
    let mut y = vec![C::default(); l];
    for k in 0..h {
        let p0 = Instant::now();
        for (i, v) in x.iter_mut().enumerate() {
            *v = C::from_c64(Complex64::new(
                rows[2 * (i * h + k)],
                rows[2 * (i * h + k) + 1],
            ));
        }
        line.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        let t = slab.run(world, gpu, &x, &mut y)?;
        line.kernel_ms += t.kernel_ms;
        line.staging_ms += t.staging_ms;
        line.exchange_ms += t.exchange_ms;
        line.pack_ms += t.pack_ms;
        let p0 = Instant::now();
        for (i, v) in y.iter().enumerate() {
            let c = v.to_c64();
            out[2 * (i * h + k)] = c.re;
            out[2 * (i * h + k) + 1] = c.im;
        }
        line.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
    }
    Ok(out)
}

/// This rank's (Σ|got − want|², Σ|want|²) and max |got − want| against the f64 reference of
/// the whole input `x`.
fn errors(rp: &RealPlan, x: &[f64], out: &[f64], share: Share) -> Result<([f64; 2], f64)> {
    let b = rp.batch as usize;
    let want: Vec<f64> = match rp.direction {
        Direction::Forward => rfftn_ref(rp.p, rp.n, b, x, rp.scale())?
            .iter()
            .flat_map(|c| [c.re, c.im])
            .collect(),
        Direction::Inverse => {
            let y: Vec<Complex64> = x.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect();
            irfftn_ref(rp.p, rp.n, b, &y, rp.scale())?
        }
    };
    let want = &want[share.output.0..share.output.0 + share.output.1];
    let (mut d2, mut w2, mut worst) = (0.0, 0.0, 0.0f64);
    for (g, w) in out.iter().zip(want) {
        d2 += (g - w) * (g - w);
        w2 += w * w;
        worst = worst.max((g - w).abs());
    }
    if out.iter().any(|v| !v.is_finite()) {
        d2 = f64::NAN;
    }
    Ok(([d2, w2], worst))
}

/// Collective: this rank's `out` at its place in one `.npy` of numpy's shape and dtype.
fn write_output(
    world: &SimpleCommunicator,
    path: &std::path::Path,
    rp: &RealPlan,
    axes: &[usize],
    out: &[f64],
    share: Share,
) -> Result<()> {
    let single = rp.precision == Precision::F32;
    let fwd = rp.direction == Direction::Forward;
    let descr = match (fwd, single) {
        (true, true) => "<c8",
        (true, false) => "<c16",
        (false, true) => "<f4",
        (false, false) => "<f8",
    };
    let header = crate::io::npy::npy_bytes(descr, &output_shape(rp, axes), &[]);
    let unit = if single { 4 } else { 8 };
    let total = if fwd {
        2 * rp.half_len()
    } else {
        rp.real_len()
    };
    let bytes: Vec<u8> = if single {
        out.iter().flat_map(|&v| (v as f32).to_le_bytes()).collect()
    } else {
        out.iter().flat_map(|&v| v.to_le_bytes()).collect()
    };
    let body = (total * unit, share.output.0 as u64 * unit);
    write_byte_slices(world, path, &header, body, &bytes)
}

impl RealMpiReport {
    /// The report as text, one line a row.
    pub fn text(&self) -> String {
        let r = self;
        let mut s = format!(
            "vc --real --mpi: {} of {} × {}^{} ({}, norm {}) over {} ranks ({}): slowest rank {:.3} ms\ninput: {}",
            r.kind, r.batch, r.p, r.n, r.precision, r.norm, r.ranks, r.scheme, r.slowest_ms, r.input
        );
        for l in &r.per_rank {
            let _ = write!(
                s,
                "\n  rank {} ({}): {} {}..{}, kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms, packing {:.3} ms, {:.3} ms",
                l.rank,
                l.device,
                if r.batch > 1 { "transforms" } else { "rows" },
                l.first,
                l.first + l.count,
                l.kernel_ms,
                l.staging_ms,
                l.exchange_ms,
                l.pack_ms,
                l.host_ms
            );
        }
        let head = format!("check vs numpy {} (f64)", r.kind);
        push_check_and_output(
            &mut s,
            r.check.as_ref(),
            CheckWords::Pass(&head),
            r.output.as_ref(),
        );
        s
    }
}
