//! The real path streamed through the device (`vc --real --stream`): the arrays stay in host
//! memory and no device buffer holds more than a chunk.
//!
//! Forward: the last axis's real digit runs on chunks of R consecutive rows of p reals (a
//! [`RealVc`] of n = 1 and batch R: reals up, h bins a row down), scattered into the host half
//! array bins-major (B, h, M); the streamed complex transform ([`StreamedVc`]) then does the
//! other n−1 digits as a batch of B·h transforms of M = p^(n−1) points, in place; last, the
//! host moves the half array to numpy's rows (B, M, h). Inverse: numpy's rows moved to
//! bins-major on the host, the streamed complex inverse, then the c2r digit on chunks of rows
//! gathered from the bins. Each stage releases its device memory before the next allocates.
//!
//! The norm splits over the stages: the digit chunks scale by the norm of p points, the
//! complex stage by that of p^(n−1), so their product is the norm of p^n.

use super::{RealPlan, RealVc};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::transform::{DeviceComplex, Direction, Precision};
use crate::vc::execute::Real;
use crate::vc::stream::{
    device_budget, ChunkTransform, PassTimes, Progress, StreamPlan, StreamedVc, TransferFloor,
};
use crate::vc::VcPlan;
use num_complex::{Complex32, Complex64};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// Share of the device memory the digit chunks may take (as the streamed complex slots).
const MEMORY_SHARE: f64 = 0.85;

/// Bytes a digit chunk's two buffers hold at most where the device allows more (as the
/// streamed complex chunks: a few hundred MiB keep the bus busy without pinning much).
const TARGET_CHUNK_BYTES: u64 = 512 << 20;

/// Times of the real digit's chunks (profiling events, summed over the chunks).
#[derive(Debug, Clone, Default, Serialize)]
pub struct DigitTimes {
    /// Rows of p reals a chunk holds.
    pub chunk_rows: u64,
    /// Chunks the digit ran in.
    pub chunks: u64,
    /// Kernel time of all chunks.
    pub kernel_ms: f64,
    /// Uploads of all chunks.
    pub upload_ms: f64,
    /// Downloads of all chunks.
    pub download_ms: f64,
    /// Host wall time of the stage (build, staging, transfers, kernels, host copies).
    pub wall_ms: f64,
    /// Building (or loading) the digit's program.
    pub build_ms: f64,
    /// Bytes the stage moves over the bus (reals one way, the half spectrum the other).
    pub bytes: u64,
}

/// The streamed complex stage over the n−1 leading digits (n ≥ 2).
#[derive(Debug, Clone, Serialize)]
pub struct ComplexStage {
    /// The whole complex transform: p^(n−1) points, a batch of B·h.
    pub plan: VcPlan,
    /// Its passes and chunks.
    pub stream: StreamPlan,
    /// Its chunk transforms.
    pub chunk_transforms: Vec<ChunkTransform>,
    /// Device bytes of its pipeline slots.
    pub device_bytes: u64,
    /// Pinned transfer rate on its buffers, measured just before it ran.
    pub floor: TransferFloor,
    /// Each pass's times.
    pub passes: Vec<PassTimes>,
    /// Host wall time of the stage (passes only).
    pub wall_ms: f64,
}

/// What a streamed real run measured.
#[derive(Debug, Clone, Serialize)]
pub struct StreamedRealTimes {
    /// The real digit's stage.
    pub digit: DigitTimes,
    /// The complex stage (none for n = 1).
    pub complex: Option<ComplexStage>,
    /// Host time moving the half spectrum between numpy's rows and bins-major.
    pub layout_ms: f64,
    /// All stages, host wall clock.
    pub total_ms: f64,
}

/// Rows of p reals a digit chunk holds on `gpu`: its real and half-spectrum buffers within the
/// memory share, each within the largest allocation, about [`TARGET_CHUNK_BYTES`] in all.
pub fn digit_chunk_rows(gpu: &Gpu, plan: &RealPlan) -> Result<u64> {
    let e = plan.precision.complex_bytes() / 2;
    let (p, h2) = (plan.p as u64, 2 * plan.half());
    let row = (p + h2) * e;
    let budget = (device_budget(gpu) as f64 * MEMORY_SHARE) as u64;
    let rows = (budget / row)
        .min(gpu.info.max_alloc_bytes / (p.max(h2) * e))
        .min(TARGET_CHUNK_BYTES / row)
        .min(plan.rows());
    if rows == 0 {
        return Err(JitError::Device(format!(
            "streaming a real {}^{} run needs room for one row of {p} reals and {} bins ({row} bytes); {} allows {budget}",
            plan.p,
            plan.n,
            plan.half(),
            gpu.info.name
        )));
    }
    Ok(rows)
}

/// Progress of the whole run from the stages' own counts: `offset` chunks before the stage,
/// `all` in the whole run.
fn shifted(progress: &Option<Progress>, offset: u64, extra: u64) -> Option<Progress> {
    progress.clone().map(|f| -> Progress {
        std::sync::Arc::new(move |done: u64, all: u64| f(offset + done, all + extra))
    })
}

/// Runs `plan` streamed on `gpu`: `input` holds reals (forward) or numpy's half spectrum as
/// interleaved (re, im) (inverse), the output the other one. `whole`: the complex plan of the
/// n−1 leading digits (p^(n−1) points, batch B·h, the norm of p^(n−1)); `bottom` picks the
/// lowest streamed pass's chunk plans (as `vc --stream`). `progress` is told the digit's
/// chunks and the complex passes' chunks, in the order they run.
pub fn run_streamed(
    gpu: &Gpu,
    plan: &RealPlan,
    whole: Option<&VcPlan>,
    bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
    input: &[f64],
    progress: Option<Progress>,
) -> Result<(Vec<f64>, StreamedRealTimes)> {
    let want_in = match plan.direction {
        Direction::Forward => plan.real_len(),
        Direction::Inverse => 2 * plan.half_len(),
    };
    if input.len() as u64 != want_in {
        return Err(JitError::invalid(format!(
            "streamed real run: {} input values given, the plan takes {want_in}",
            input.len()
        )));
    }
    check_whole(plan, whole)?;
    if plan.precision == Precision::F64 && !gpu.info.fp64 {
        return Err(JitError::Device(format!(
            "{} does not support double precision (no cl_khr_fp64); use --precision f32",
            gpu.info.name
        )));
    }
    let s = Stages {
        gpu,
        plan,
        whole,
        bottom,
        progress,
    };
    match plan.precision {
        Precision::F32 => s.run::<Complex32>(input),
        Precision::F64 => s.run::<Complex64>(input),
    }
}

/// One streamed real run's parts.
struct Stages<'a> {
    gpu: &'a Gpu,
    plan: &'a RealPlan,
    whole: Option<&'a VcPlan>,
    bottom: &'a dyn Fn(VcPlan) -> Result<VcPlan>,
    progress: Option<Progress>,
}

impl Stages<'_> {
    fn run<C: DeviceComplex>(&self, input: &[f64]) -> Result<(Vec<f64>, StreamedRealTimes)>
    where
        C::Real: Real,
    {
        let (gpu, plan, progress) = (self.gpu, self.plan, &self.progress);
        let t0 = Instant::now();
        let rows = digit_chunk_rows(gpu, plan)?;
        let digit_chunks = plan.rows().div_ceil(rows);
        let mut half: Vec<C::Real> = vec![C::Real::from_f64(0.0); 2 * plan.half_len() as usize];
        let mut layout_ms = 0.0;
        let (out, digit, complex) = match plan.direction {
            Direction::Forward => {
                // The bar's total from the start: the complex stage's chunks, counted on a
                // stage built and released before the digit's chunks take the device.
                let after = match (self.whole, progress) {
                    (Some(w), Some(_)) => stream_chunks(gpu, w, self.bottom)?,
                    _ => 0,
                };
                let digit = digit_forward(gpu, plan, rows, input, &mut half, progress, after)?;
                let complex = match self.whole {
                    Some(w) => {
                        let p = shifted(progress, digit_chunks, digit_chunks);
                        Some(complex_stage::<C>(gpu, w, self.bottom, &mut half, p)?)
                    }
                    None => None,
                };
                let t = Instant::now();
                let out = bins_to_rows(plan, &half);
                layout_ms += t.elapsed().as_secs_f64() * 1e3;
                (out, digit, complex)
            }
            Direction::Inverse => {
                let t = Instant::now();
                rows_to_bins(plan, input, &mut half);
                layout_ms += t.elapsed().as_secs_f64() * 1e3;
                let complex = match self.whole {
                    Some(w) => {
                        let p = shifted(progress, 0, digit_chunks);
                        Some(complex_stage::<C>(gpu, w, self.bottom, &mut half, p)?)
                    }
                    None => None,
                };
                let before = complex.as_ref().map_or(0, |c| {
                    c.stream.passes.iter().map(|s| s.chunks(plan.p)).sum()
                });
                let mut out = vec![0.0; plan.real_len() as usize];
                let digit = digit_inverse(gpu, plan, rows, &half, &mut out, progress, before)?;
                (out, digit, complex)
            }
        };
        let times = StreamedRealTimes {
            digit,
            complex,
            layout_ms,
            total_ms: t0.elapsed().as_secs_f64() * 1e3,
        };
        Ok((out, times))
    }
}

/// Refuses a complex plan that is not the one of `plan`'s n−1 leading digits.
fn check_whole(plan: &RealPlan, whole: Option<&VcPlan>) -> Result<()> {
    let mut norm_of = *plan;
    norm_of.n = plan.n.max(2) - 1;
    let ok = match whole {
        None => plan.n == 1,
        Some(w) => {
            plan.n >= 2
                && w.p == plan.p
                && w.n == plan.n - 1
                && w.batch == plan.batch * plan.half()
                && w.precision == plan.precision
                && w.direction == plan.direction
                && (w.scale() - norm_of.scale()).abs() <= 1e-15 * norm_of.scale()
        }
    };
    if ok {
        return Ok(());
    }
    Err(JitError::invalid(format!(
        "the streamed complex stage of a real {}^{} × {} run must be {}^{} × {} with the norm {} ({} {})",
        plan.p,
        plan.n,
        plan.batch,
        plan.p,
        plan.n.max(2) - 1,
        plan.batch * plan.half(),
        plan.norm,
        plan.precision,
        plan.direction
    )))
}

/// Chunks the streamed complex stage of `whole` runs in.
fn stream_chunks(
    gpu: &Gpu,
    whole: &VcPlan,
    bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
) -> Result<u64> {
    let sv = StreamedVc::new(gpu, whole, bottom)?;
    let chunks = sv.plan.passes.iter().map(|s| s.chunks(whole.p)).sum();
    sv.release()?;
    Ok(chunks)
}

/// The digit's device transform: p points a row, R rows, the norm of p points.
fn digit_transform(gpu: &Gpu, plan: &RealPlan, rows: u64) -> Result<RealVc> {
    let one = RealPlan::new(
        plan.p,
        1,
        rows,
        plan.precision,
        plan.direction,
        Some(plan.norm),
    )?;
    RealVc::new(gpu, &one, None)
}

/// One chunk of a digit: its index among `chunks` and its rows `[g0, g1)`.
struct DigitChunk {
    k: u64,
    chunks: u64,
    g0: u64,
    g1: u64,
}

/// Runs the digit in chunks of `rows` rows; `each` fills a chunk's input, runs it through the
/// transform it is given and places the output. The chunks' device times are summed.
fn digit_chunks(
    gpu: &Gpu,
    plan: &RealPlan,
    rows: u64,
    mut each: impl FnMut(&DigitChunk, &mut dyn FnMut(&[f64]) -> Result<Vec<f64>>) -> Result<()>,
) -> Result<DigitTimes> {
    let t0 = Instant::now();
    let tr = digit_transform(gpu, plan, rows)?;
    let (all, chunks) = (plan.rows(), plan.rows().div_ceil(rows));
    let mut d = DigitTimes {
        chunk_rows: rows,
        build_ms: tr.build_ms,
        bytes: plan.real_len() * plan.precision.complex_bytes() / 2
            + plan.half_len() * plan.precision.complex_bytes(),
        ..DigitTimes::default()
    };
    for k in 0..chunks {
        let (g0, g1) = (k * rows, ((k + 1) * rows).min(all));
        let mut run = |chunk: &[f64]| {
            let (out, t) = tr.execute(gpu, chunk)?;
            d.chunks += 1;
            d.kernel_ms += t.kernel_ms;
            d.upload_ms += t.upload_ms;
            d.download_ms += t.download_ms;
            Ok(out)
        };
        each(&DigitChunk { k, chunks, g0, g1 }, &mut run)?;
    }
    tr.release()?;
    d.wall_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok(d)
}

/// Forward digit: chunks of `rows` rows of p reals → h bins each, into `half` bins-major.
fn digit_forward<R: Real>(
    gpu: &Gpu,
    plan: &RealPlan,
    rows: u64,
    input: &[f64],
    half: &mut [R],
    progress: &Option<Progress>,
    after: u64,
) -> Result<DigitTimes> {
    let p = plan.p as usize;
    let mut chunk = vec![0.0; rows as usize * p];
    digit_chunks(gpu, plan, rows, |c, run| {
        let used = (c.g1 - c.g0) as usize * p;
        chunk[..used].copy_from_slice(&input[c.g0 as usize * p..c.g1 as usize * p]);
        chunk[used..].fill(0.0);
        let out = run(&chunk)?;
        scatter_rows(plan, c.g0, c.g1, &out, half);
        if let Some(f) = progress {
            f(c.k + 1, c.chunks + after);
        }
        Ok(())
    })
}

/// Rows `[g0, g1)` of h bins each (`rows`, interleaved, numpy's rows of the chunk) into the
/// bins-major `half`: in parallel over the (transform, bin) runs the chunk touches.
fn scatter_rows<R: Real>(plan: &RealPlan, g0: u64, g1: u64, rows: &[f64], half: &mut [R]) {
    let (h, m) = (plan.half() as usize, plan.rows_per_transform() as usize);
    let (g0, g1) = (g0 as usize, g1 as usize);
    let (b0, b1) = (g0 / m, (g1 - 1) / m + 1);
    half[2 * b0 * h * m..2 * b1 * h * m]
        .par_chunks_mut(2 * m)
        .enumerate()
        .for_each(|(i, run)| {
            let (b, j) = (b0 + i / h, i % h);
            // This run's rows inside the chunk: r with g0 ≤ b·m + r < g1.
            let r0 = g0.saturating_sub(b * m);
            let r1 = (g1 - b * m).min(m);
            for r in r0..r1 {
                let at = 2 * ((b * m + r - g0) * h + j);
                run[2 * r] = R::from_f64(rows[at]);
                run[2 * r + 1] = R::from_f64(rows[at + 1]);
            }
        });
}

/// Inverse digit: chunks of `rows` rows gathered from `half` (bins-major) → p reals each.
fn digit_inverse<R: Real>(
    gpu: &Gpu,
    plan: &RealPlan,
    rows: u64,
    half: &[R],
    out: &mut [f64],
    progress: &Option<Progress>,
    before: u64,
) -> Result<DigitTimes> {
    let (p, h, m) = (
        plan.p as usize,
        plan.half() as usize,
        plan.rows_per_transform(),
    );
    let mut chunk = vec![0.0; 2 * rows as usize * h];
    digit_chunks(gpu, plan, rows, |c, run| {
        let (g0, g1) = (c.g0, c.g1);
        let (lo, rest) = chunk.split_at_mut(2 * (g1 - g0) as usize * h);
        lo.par_chunks_mut(2 * h).enumerate().for_each(|(i, row)| {
            let g = g0 + i as u64;
            let (b, r) = (g / m, g % m);
            for j in 0..h {
                let at = 2 * (((b * h as u64 + j as u64) * m + r) as usize);
                row[2 * j] = half[at].to_f64();
                row[2 * j + 1] = half[at + 1].to_f64();
            }
        });
        rest.fill(0.0);
        let reals = run(&chunk)?;
        let used = (g1 - g0) as usize * p;
        out[g0 as usize * p..g1 as usize * p].copy_from_slice(&reals[..used]);
        if let Some(f) = progress {
            f(before + c.k + 1, before + c.chunks);
        }
        Ok(())
    })
}

/// The streamed complex transform of `whole` on the bins-major half array, in place.
fn complex_stage<C: DeviceComplex>(
    gpu: &Gpu,
    whole: &VcPlan,
    bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
    half: &mut [C::Real],
    progress: Option<Progress>,
) -> Result<ComplexStage> {
    let mut sv = StreamedVc::new(gpu, whole, bottom)?;
    if let Some(p) = progress {
        sv = sv.with_progress(p);
    }
    let floor = sv.floor(3)?;
    let data: &mut [C] = bytemuck::cast_slice_mut(half);
    let t0 = Instant::now();
    let passes = sv.run(gpu, data)?;
    let wall_ms = t0.elapsed().as_secs_f64() * 1e3;
    let chunk_transforms = sv.chunk_transforms(false);
    let stage = ComplexStage {
        plan: whole.clone(),
        stream: sv.plan.clone(),
        chunk_transforms,
        device_bytes: sv.device_bytes(),
        floor,
        passes,
        wall_ms,
    };
    sv.release()?;
    Ok(stage)
}

/// Bins-major (B, h, M) → numpy's rows (B, M, h), as interleaved f64.
fn bins_to_rows<R: Real>(plan: &RealPlan, half: &[R]) -> Vec<f64> {
    let (h, m) = (plan.half() as usize, plan.rows_per_transform() as usize);
    let mut out = vec![0.0; 2 * plan.half_len() as usize];
    out.par_chunks_mut(2 * h).enumerate().for_each(|(g, row)| {
        let (b, r) = (g / m, g % m);
        for j in 0..h {
            let at = 2 * ((b * h + j) * m + r);
            row[2 * j] = half[at].to_f64();
            row[2 * j + 1] = half[at + 1].to_f64();
        }
    });
    out
}

/// numpy's rows (B, M, h) of interleaved f64 → bins-major (B, h, M) in the plan's precision.
fn rows_to_bins<R: Real>(plan: &RealPlan, rows: &[f64], half: &mut [R]) {
    let (h, m) = (plan.half() as usize, plan.rows_per_transform() as usize);
    half.par_chunks_mut(2 * m)
        .enumerate()
        .for_each(|(bj, bin)| {
            let (b, j) = (bj / h, bj % h);
            for r in 0..m {
                let at = 2 * ((b * m + r) * h + j);
                bin[2 * r] = R::from_f64(rows[at]);
                bin[2 * r + 1] = R::from_f64(rows[at + 1]);
            }
        });
}
