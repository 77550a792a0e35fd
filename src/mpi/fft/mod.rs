//! An `fft` request over MPI ranks, one device each (`fft --mpi`): numpy's fftn / ifftn of an
//! n-D complex array (n ≥ 2, axes of any lengths), any subset of axes, f32 or f64, every norm,
//! on the family-neutral slabs of `mpi::slab` with the rows along axis 0.
//!
//! Rank r holds rows `[row_start(r), +rows(r))` of axis 0 (N0/P rows, the first N0 mod P ranks
//! one more), i.e. the contiguous values from `row_start(r)·C` of the C-order array, C the
//! product of the other lengths: of the input and of the result alike (natural order, the
//! in-memory `fft`'s layout). Each rank transforms its rows over the transformed axes among
//! 1.. (one [`FftTransform`] of shape `[rows(r), N1, …]`). Where axis 0 is transformed, the
//! exchange hands rank b the columns `[col_start(b), +cols(b))` of all N0 rows, stored as
//! cols(b) lines of N0 values, which one transform of shape `[cols(b), N0]` over its last axis
//! transforms; the way back restores natural order. Where it is not, there is no exchange.
//! Each half scales by the norm over its own lengths, so the factors multiply to numpy's
//! (1/n, 1/√n). A half that does not fit its rank's device streams through it
//! (`fft::stream`).
//!
//! Refused, with what is allowed: a 1-D shape (its one axis would need a four-step split),
//! `--real`, f16/bf16 storage, more ranks than N0 (or than C where axis 0 is transformed).

mod report;

pub use report::MpiFftReport;

use super::fault::{agree, injected};
use super::io::{read_shape, HostComplex};
use super::rank::{self, check_mpi_output, InputFile, Outcome, RunRequest};
use super::slab::{SlabHalf, SlabTransform, Slabs};
use super::slab_run::{run_slabs, Whole};
use crate::error::{JitError, Result};
use crate::fft::request::FftRequest;
use crate::fft::stream::plan::footprint;
use crate::fft::stream::StreamedFft;
use crate::fft::{FftPlan, FftTransform};
use crate::runtime::Gpu;
use crate::transform::{DeviceComplex, Precision};
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use num_complex::{Complex32, Complex64};
use std::path::PathBuf;

/// What a distributed `fft` run asks for.
#[derive(Debug, Clone)]
pub struct MpiFftRequest {
    /// The transform, input, seed, check and repeats (complex, f32 or f64).
    pub fft: FftRequest,
    /// The `.npy` file every rank writes its slab of (the whole array's shape).
    pub output: Option<PathBuf>,
    /// The device selector (each rank takes its device by local rank).
    pub device: Option<String>,
}

impl MpiFftRequest {
    /// `fft` over the ranks, written to `output`, on the devices `device` selects.
    pub fn new(fft: FftRequest, output: Option<PathBuf>, device: Option<String>) -> Self {
        MpiFftRequest {
            fft,
            output,
            device,
        }
    }
}

/// One of a rank's two transforms: no axis to transform, in device memory, or streamed
/// through the device where its arrays do not fit.
pub enum FftHalf {
    /// No axis: the data stays as it is.
    Identity,
    /// The data fits the device.
    InMemory(Box<FftTransform>),
    /// Streamed in chunks.
    Streamed(Box<StreamedFft>),
}

impl FftHalf {
    /// `plan` (`None`: the identity) in memory where it fits `gpu`, fused launches of at most
    /// `local_values` (`None`: the device's default), else streamed.
    pub fn new(gpu: &Gpu, plan: Option<FftPlan>, local_values: Option<u64>) -> Result<FftHalf> {
        let Some(plan) = plan else {
            return Ok(FftHalf::Identity);
        };
        let (largest, total) = footprint(&plan);
        let info = &gpu.info;
        if largest <= info.max_alloc_bytes && total <= info.global_mem_bytes {
            let t = FftTransform::scheduled(gpu, &plan, local_values)?;
            return Ok(FftHalf::InMemory(Box::new(t)));
        }
        Ok(FftHalf::Streamed(Box::new(StreamedFft::new(
            gpu, &plan, None,
        )?)))
    }

    /// Its plan (none for the identity).
    pub fn plan(&self) -> Option<&FftPlan> {
        match self {
            FftHalf::Identity => None,
            FftHalf::InMemory(t) => Some(&t.plan),
            FftHalf::Streamed(s) => Some(&s.whole),
        }
    }

    /// Whether it streams.
    pub fn streamed(&self) -> bool {
        matches!(self, FftHalf::Streamed(_))
    }
}

impl SlabHalf for FftHalf {
    fn run_in_place<C: DeviceComplex>(&self, gpu: &Gpu, data: &mut [C]) -> Result<(f64, f64)> {
        match self {
            FftHalf::Identity => Ok((0.0, 0.0)),
            FftHalf::InMemory(t) => {
                let tm = t.execute_in_place(gpu, data)?;
                Ok((tm.kernel_ms, tm.upload_ms + tm.download_ms))
            }
            FftHalf::Streamed(s) => {
                let passes = match (C::PRECISION, s.whole.precision) {
                    (Precision::F32, Precision::F32) => {
                        s.run::<f32>(gpu, bytemuck::cast_slice_mut(data))?
                    }
                    (Precision::F64, Precision::F64) => {
                        s.run::<f64>(gpu, bytemuck::cast_slice_mut(data))?
                    }
                    (got, want) => {
                        return Err(JitError::invalid(format!(
                        "the plan computes in {want}: give its data in that precision (got {got})"
                    )))
                    }
                };
                let sum = |f: fn(&crate::fft::stream::PassTimes) -> f64| passes.iter().map(f).sum();
                Ok((
                    sum(|p| p.clock.kernel_ms),
                    sum(|p| p.clock.upload_ms + p.clock.download_ms),
                ))
            }
        }
    }

    fn is_identity(&self) -> bool {
        matches!(self, FftHalf::Identity)
    }
}

/// One rank's part of the distributed FFT.
pub type SlabFft = SlabTransform<FftHalf>;

/// What every rank agrees on before its device: the whole plan, the split, the input file.
struct Setup {
    whole: FftPlan,
    slabs: Slabs,
    input: InputFile,
}

fn invalid<T>(msg: String) -> Result<T> {
    Err(JitError::invalid(msg))
}

/// The request's refusals, its input's layout and shape, the whole plan and the split.
fn setup(ranks: u64, req: &MpiFftRequest) -> Result<Setup> {
    let f = &req.fft;
    if f.real {
        return invalid(
            "--real with --mpi: the MPI route runs the complex n-D FFT (fftn, with --inverse \
             ifftn) in f32 or f64; run rfftn/irfftn without --mpi"
                .into(),
        );
    }
    if let Some(h) = f.half {
        return invalid(format!(
            "--precision {h} with --mpi: the MPI exchanges move f32 or f64 slabs; run on one \
             device (without --mpi) or with --precision f32 or f64"
        ));
    }
    check_mpi_output(req.output.as_deref())?;
    let (input, shape) = input_and_shape(f)?;
    let scaling = f.norm.scaling(f.direction);
    let whole = FftPlan::new(&shape, &f.axes, f.direction, scaling, f.precision)?;
    if shape.len() < 2 {
        return invalid(format!(
            "a 1-D FFT (shape {shape:?}) does not run over MPI ranks: the ranks hold slabs of \
             axis 0, and one axis would need a four-step split (twiddles between its two \
             passes), which jitfft does not build; give an n-D shape (e.g. --shape 1024,1024) \
             or run without --mpi"
        ));
    }
    let slabs = Slabs {
        ranks,
        rows: shape[0],
        columns: shape[1..].iter().product(),
    };
    let across = whole.axes.contains(&0);
    if ranks > slabs.rows || (across && ranks > slabs.columns) {
        let (most, columns) = match across {
            true => (
                slabs.rows.min(slabs.columns),
                format!(
                    " and, for the transform along axis 0, one of the {} values of the other axes",
                    slabs.columns
                ),
            ),
            false => (slabs.rows, String::new()),
        };
        return invalid(format!(
            "{ranks} MPI ranks are too many for shape {shape:?}: each rank holds at least one \
             index of axis 0 ({} in all){columns}, so P ≤ {most}",
            slabs.rows
        ));
    }
    Ok(Setup {
        whole,
        slabs,
        input,
    })
}

/// The input file with its layout (none: random input) and the transform's shape: `--shape`,
/// else the file's; a file of another shape is refused.
fn input_and_shape(f: &FftRequest) -> Result<(InputFile, Vec<u64>)> {
    let (input, file_shape) = match &f.input {
        Some(path) => {
            let (layout, shape) = read_shape(path)?;
            (Some((path.clone(), layout)), Some(shape))
        }
        None => (None, None),
    };
    let shape =
        match (&f.shape, file_shape) {
            (Some(s), Some(fs)) if *s != fs => {
                let path = f.input.as_ref().map(|p| p.display().to_string());
                return invalid(format!(
                    "{}: holds an array of shape {fs:?}; this transform takes {s:?}",
                    path.unwrap_or_default()
                ));
            }
            (Some(s), _) => s.clone(),
            (None, Some(fs)) => fs,
            (None, None) => return invalid(
                "no --shape and no --input: give the array's shape (e.g. --shape 64,48,40) or a \
                 .npy file"
                    .into(),
            ),
        };
    Ok((input, shape))
}

/// Rank `rank`'s two plans: its rows over the transformed axes among 1.. (`None` where there
/// are none), and its columns' lines of N0 values (`None` where axis 0 is not transformed).
pub fn half_plans(
    whole: &FftPlan,
    slabs: &Slabs,
    rank: u64,
) -> Result<(Option<FftPlan>, Option<FftPlan>)> {
    let plan = |shape: &[u64], axes: &[i64]| {
        FftPlan::new(shape, axes, whole.direction, whole.norm, whole.precision)
    };
    let later: Vec<i64> = whole
        .axes
        .iter()
        .filter(|&&a| a > 0)
        .map(|&a| a as i64)
        .collect();
    let mut rows = whole.shape.clone();
    rows[0] = slabs.row_slab(rank).1;
    let local = (!later.is_empty())
        .then(|| plan(&rows, &later))
        .transpose()?;
    let lines = [slabs.col_slab(rank).1, whole.shape[0]];
    let across = whole
        .axes
        .contains(&0)
        .then(|| plan(&lines, &[1]))
        .transpose()?;
    Ok((local, across))
}

/// Runs this rank's part of `req`. `checked`: the front end's own flag checks, agreed with the
/// plan so every rank fails with their message. Stages before the exchange (request, device,
/// build, input) fail on every rank with one message; a failure inside it aborts the job.
pub fn run(
    world: &SimpleCommunicator,
    req: &MpiFftRequest,
    checked: Result<()>,
) -> Result<Outcome<MpiFftReport>> {
    let ranks = world.size() as u64;
    let setup = agree(world, "plan", checked.and_then(|_| setup(ranks, req)))?;
    let gpu = rank::open_device(world, req.device.as_deref())?;
    let rank = world.rank() as u64;
    let built = injected(world.rank(), "build").and_then(|_| {
        let (local, across) = half_plans(&setup.whole, &setup.slabs, rank)?;
        let lv = req.fft.local_values;
        Ok(SlabTransform {
            slabs: setup.slabs,
            rank,
            local: FftHalf::new(&gpu, local, lv)?,
            across: FftHalf::new(&gpu, across, lv)?,
        })
    });
    let st = agree(world, "build", built)?;
    let run = RunRequest {
        input: setup.input.clone(),
        seed: req.fft.seed,
        repeat: req.fft.repeat,
        check: req.fft.check,
        tolerance: Some(crate::fft::request::tolerance(setup.whole.precision)),
        output: req.output.clone(),
    };
    match setup.whole.precision {
        Precision::F32 => run_typed::<Complex32>(world, &gpu, req, (&setup, &st), &run),
        Precision::F64 => run_typed::<Complex64>(world, &gpu, req, (&setup, &st), &run),
    }
}

/// This rank's run (`mpi::slab_run`) checked against RustFFT in f64, then the report.
fn run_typed<C>(
    world: &SimpleCommunicator,
    gpu: &Gpu,
    req: &MpiFftRequest,
    (setup, st): (&Setup, &SlabFft),
    run: &RunRequest,
) -> Result<Outcome<MpiFftReport>>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let w = &setup.whole;
    let reference = |x: &[Complex64]| {
        Ok(crate::reference::fft::fftn(
            x,
            &w.shape,
            &w.axes,
            w.direction,
            w.scale(),
        ))
    };
    let whole = Whole {
        shape: &w.shape,
        precision: w.precision,
        reference: &reference,
    };
    let ran = run_slabs::<C, _>(world, gpu, st, run, &whole)?;
    let failure = ran.check.as_ref().and_then(|c| c.failure(world.rank()));
    let report = MpiFftReport::new(w, req.fft.norm, st, ran);
    Ok(Outcome::of(world, report, failure))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::{Direction, Norm};

    #[test]
    fn halves_split_the_axes_and_the_norm() {
        let whole = FftPlan::new(
            &[5, 6, 4],
            &[],
            Direction::Forward,
            Norm::Full,
            Precision::F32,
        )
        .unwrap();
        let slabs = Slabs {
            ranks: 2,
            rows: 5,
            columns: 24,
        };
        let (local, across) = half_plans(&whole, &slabs, 1).unwrap();
        let (local, across) = (local.unwrap(), across.unwrap());
        assert_eq!(
            (local.shape.clone(), local.axes.clone()),
            (vec![2, 6, 4], vec![2, 1])
        );
        assert_eq!(
            (across.shape.clone(), across.axes.clone()),
            (vec![12, 5], vec![1])
        );
        assert!((local.scale() * across.scale() - whole.scale()).abs() < 1e-15);
        let only0 = FftPlan::new(
            &[5, 6],
            &[0],
            Direction::Inverse,
            Norm::Ortho,
            Precision::F64,
        );
        let (l, a) = half_plans(&only0.unwrap(), &slabs, 0).unwrap();
        assert!(l.is_none() && a.is_some());
    }

    #[test]
    fn refusals_say_what_is_allowed() {
        let req = |shape: &[u64], real: bool| MpiFftRequest {
            fft: FftRequest {
                shape: Some(shape.to_vec()),
                axes: vec![],
                direction: crate::transform::Direction::Forward,
                norm: crate::fft::NumpyNorm::Backward,
                precision: Precision::F32,
                half: None,
                real,
                input: None,
                seed: None,
                check: false,
                repeat: 1,
                local_values: None,
            },
            output: None,
            device: None,
        };
        let err = |r: &MpiFftRequest, ranks| setup(ranks, r).err().unwrap().to_string();
        assert!(err(&req(&[64], false), 2).contains("give an n-D shape"));
        assert!(err(&req(&[8, 8], true), 2).contains("run rfftn/irfftn without --mpi"));
        assert!(err(&req(&[3, 40], false), 4).contains("so P ≤ 3"));
        assert!(err(&req(&[40, 2], false), 4).contains("so P ≤ 2"));
        assert!(setup(3, &req(&[7, 5, 3], false)).is_ok());
    }
}
