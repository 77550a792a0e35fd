//! One `jitfft fft` run, as the front ends ask for it: the input (a `.npy` file or seeded
//! random values), the transform built on the device (complex, rfftn or irfftn), the timed
//! runs, the check against RustFFT in f64 and the report. Half storage (`--precision
//! f16|bf16`) reads and writes the files `vc`'s half runs do (`storage::files`) and checks
//! the values the device stored (the input rounded to the storage) against the reference.

use super::half_spectrum as hermitian;
use super::hermitian::RealFft;
use super::plan::{FftPlan, NumpyNorm};
use super::report::{CheckReport, FftReport};
use super::tuning::{wisdom_key, FftWisdom};
use super::FftTransform;
use crate::error::{JitError, Result};
use crate::io::npy::{read_npy, NpyArray, NpyData};
use crate::reference::{compare, fft::fftn};
use crate::runtime::timing::{warm_then_timed, RunTimes};
use crate::runtime::Gpu;
use crate::storage::{files, HalfStorage};
use crate::transform::{Direction, Precision};
use num_complex::Complex64;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// What to run.
#[derive(Debug, Clone)]
pub struct FftRequest {
    /// The array's shape (irfftn: the real output's); from the input file when `None`.
    pub shape: Option<Vec<u64>>,
    /// Axes transformed (numpy's rule; empty: all).
    pub axes: Vec<i64>,
    /// Forward or inverse.
    pub direction: Direction,
    /// numpy's norm.
    pub norm: NumpyNorm,
    /// Arithmetic on the device.
    pub precision: Precision,
    /// 16-bit storage of every device array (f32 arithmetic).
    pub half: Option<HalfStorage>,
    /// rfftn (forward) or irfftn (inverse).
    pub real: bool,
    /// A `.npy` input.
    pub input: Option<PathBuf>,
    /// Seed of the random input.
    pub seed: Option<u64>,
    /// Compare with the f64 reference.
    pub check: bool,
    /// Timed runs after the warm-up.
    pub repeat: usize,
    /// Complex values a fused launch keeps in local memory (1: register passes); `None`: the
    /// schedule `tune fft` stored for this device and plan, else the device's default.
    pub local_values: Option<u64>,
}

/// The result of a run.
pub enum FftOutput {
    /// Complex values (fftn, rfftn's half spectrum) and their shape.
    Complex(Vec<Complex64>, Vec<u64>),
    /// Real values (irfftn) and their shape.
    Real(Vec<f64>, Vec<u64>),
}

impl FftOutput {
    /// The values as complex numbers, as [`FftRequest::expected`] lays them out (irfftn: the
    /// reals with zero imaginary parts).
    pub fn as_complex(&self) -> std::borrow::Cow<'_, [Complex64]> {
        match self {
            FftOutput::Complex(y, _) => std::borrow::Cow::Borrowed(y),
            FftOutput::Real(y, _) => {
                std::borrow::Cow::Owned(y.iter().map(|&v| Complex64::new(v, 0.0)).collect())
            }
        }
    }

    /// The result as `.npy` bytes (by the path's extension: complex64/128, irfftn float32/64,
    /// `single` the f32 types) or text, one value a line; under half storage `vc`'s half
    /// files (float16 `.npy` with an axis of 2 for complex values, raw `.raw`/`.bin`).
    pub fn encode(
        &self,
        path: &std::path::Path,
        (precision, half): (Precision, Option<HalfStorage>),
    ) -> Vec<u8> {
        let out = self;
        let npy = crate::io::output::is_npy(path);
        let single = precision == Precision::F32;
        let usize_shape = |s: &[u64]| s.iter().map(|&n| n as usize).collect::<Vec<usize>>();
        if let Some(h) = half {
            return match out {
                FftOutput::Complex(v, s) => files::complex_bytes(path, h, v, Some(&usize_shape(s))),
                FftOutput::Real(v, s) => files::real_bytes(path, h, v, &usize_shape(s)),
            };
        }
        match out {
            FftOutput::Complex(v, shape) if npy => {
                let s: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
                crate::io::npy::npy_complex_shaped(v, single, &s)
            }
            FftOutput::Complex(v, _) => v
                .iter()
                .map(|c| format!("{:e} {:e}\n", c.re, c.im))
                .collect::<String>()
                .into_bytes(),
            FftOutput::Real(v, shape) if npy => {
                let s: Vec<usize> = shape.iter().map(|&n| n as usize).collect();
                let body: Vec<u8> = match single {
                    true => v.iter().flat_map(|&x| (x as f32).to_le_bytes()).collect(),
                    false => v.iter().flat_map(|&x| x.to_le_bytes()).collect(),
                };
                crate::io::npy::npy_bytes(if single { "<f4" } else { "<f8" }, &s, &body)
            }
            FftOutput::Real(v, _) => v
                .iter()
                .map(|x| format!("{x:e}\n"))
                .collect::<String>()
                .into_bytes(),
        }
    }
}

/// The input values: complex, or real for rfftn.
#[derive(Clone)]
pub(super) enum Values {
    Complex(Vec<Complex64>),
    Real(Vec<f64>),
}

impl Values {
    /// The values as `h` stores them (what the device transforms, and the check's input).
    fn round(&mut self, h: HalfStorage) {
        match self {
            Values::Complex(c) => c.iter_mut().for_each(|v| *v = h.round(*v)),
            Values::Real(r) => r.iter_mut().for_each(|v| *v = h.value(h.bits(*v))),
        }
    }
}

/// The tolerance `--check` applies (relative L2), as for `vc`: the precision's, or the half
/// storage's ([`HalfStorage::tolerance`]).
pub fn tolerance(p: Precision) -> f64 {
    match p {
        Precision::F32 => 2e-6,
        Precision::F64 => 1e-13,
    }
}

impl FftRequest {
    /// The shape of the input array: the shape asked for, or irfftn's half spectrum of it.
    fn input_shape(&self, shape: &[u64]) -> Result<Vec<u64>> {
        Ok(match (self.real, self.direction) {
            (true, Direction::Inverse) => {
                hermitian::half_shape(shape, hermitian::half_axis(shape.len(), &self.axes)?)
            }
            _ => shape.to_vec(),
        })
    }

    /// The values and the (output-side) shape: from the file, or random of `--shape`.
    fn load(&self) -> Result<(Values, Vec<u64>)> {
        let Some(path) = &self.input else {
            let shape = self.shape.clone().ok_or_else(|| {
                JitError::invalid("no --shape and no --input: give the array's shape (e.g. --shape 1000,768) or a .npy file")
            })?;
            let len: u64 = self.input_shape(&shape)?.iter().product();
            let mut rng =
                rand_chacha::ChaCha8Rng::seed_from_u64(self.seed.unwrap_or_else(rand::random));
            let mut u = || rng.gen_range(-1.0..1.0);
            let v = match (self.real, self.direction) {
                (true, Direction::Forward) => Values::Real((0..len).map(|_| u()).collect()),
                _ => Values::Complex((0..len).map(|_| Complex64::new(u(), u())).collect()),
            };
            return Ok((v, shape));
        };
        let a = self.read_file(path)?;
        let file_shape: Vec<u64> = a.shape.iter().map(|&n| n as u64).collect();
        let shape = match (self.real, self.direction, &self.shape) {
            (_, _, Some(s)) => s.clone(),
            (true, Direction::Inverse, None) => {
                let axis = hermitian::half_axis(file_shape.len().max(1), &self.axes)?;
                let mut s = file_shape.clone();
                if let Some(m) = s.get_mut(axis) {
                    *m = 2 * m.saturating_sub(1).max(1);
                }
                s
            }
            _ => file_shape.clone(),
        };
        let want = self.input_shape(&shape)?;
        if file_shape != want {
            return Err(JitError::invalid(format!(
                "{} holds an array of shape {file_shape:?}; this transform takes {want:?}",
                path.display()
            )));
        }
        let v = match (a.data, self.real && self.direction == Direction::Forward) {
            (NpyData::Complex(_), true) => {
                return Err(JitError::invalid(format!(
                    "{} holds complex values: --real (rfftn) takes real input",
                    path.display()
                )))
            }
            (NpyData::Complex(c), false) => Values::Complex(c),
            (NpyData::Real(r), true) => Values::Real(r),
            (NpyData::Int(i), true) => Values::Real(i.iter().map(|&v| v as f64).collect()),
            (NpyData::Real(r), false) => {
                Values::Complex(r.iter().map(|&v| Complex64::new(v, 0.0)).collect())
            }
            (NpyData::Int(i), false) => {
                Values::Complex(i.iter().map(|&v| Complex64::new(v as f64, 0.0)).collect())
            }
        };
        Ok((v, shape))
    }

    /// The input file as an array: a `.npy` (under half storage, float16 (re, im) pairs on a
    /// last axis of 2 as complex values, bfloat16's `<V2` refused) or, under half storage, a
    /// raw file of the shape asked for (complex pairs; rfftn's reals one 16-bit value each).
    fn read_file(&self, path: &std::path::Path) -> Result<NpyArray> {
        let Some(h) = self.half else {
            return read_npy(path);
        };
        let real_in = self.real && self.direction == Direction::Forward;
        if files::is_raw(path) {
            let Some(shape) = &self.shape else {
                return Err(JitError::file(
                    path,
                    format!("a raw file has no shape: give --shape for its {h} values"),
                ));
            };
            let shape = self.input_shape(shape)?;
            let len = shape.iter().product::<u64>() as usize;
            let bytes = files::read_raw(path)?;
            let data = match real_in {
                true => NpyData::Real(files::raw_reals(path, h, &bytes, len)?),
                false => {
                    let what = format!("{shape:?} complex {h} values");
                    NpyData::Complex(files::raw_pairs(path, h, &bytes, len, &what)?)
                }
            };
            let shape = shape.iter().map(|&n| n as usize).collect();
            return Ok(NpyArray {
                shape,
                descr: String::new(),
                data,
            });
        }
        files::refuse_void16(path, h, "--shape")?;
        let a = read_npy(path)?;
        if real_in {
            return Ok(a);
        }
        Ok(match files::f16_pairs(a) {
            Ok((shape, c)) => NpyArray {
                shape,
                descr: "<f2".into(),
                data: NpyData::Complex(c),
            },
            Err(a) => a,
        })
    }

    /// Validates everything a device is not needed for (shape, axes, storage, file) and
    /// returns the input values (rounded to the half storage) and shape.
    pub fn prepare(&self) -> Result<(PreparedInput, Vec<u64>)> {
        let (mut v, shape) = self.load()?;
        FftPlan::new(
            &shape,
            &self.axes,
            self.direction,
            self.norm.scaling(self.direction),
            self.precision,
        )?
        .with_half(self.half)?;
        if let Some(h) = self.half {
            v.round(h);
        }
        Ok((PreparedInput(v), shape))
    }

    /// [`FftRequest::prepare`] after refusing an `output` path this run cannot write.
    pub fn prepare_for(
        &self,
        output: Option<&std::path::Path>,
    ) -> Result<(PreparedInput, Vec<u64>)> {
        output.map_or(Ok(()), |p| self.check_output(p))?;
        self.prepare()
    }

    /// Refuses an output path this run cannot write, before any work (bfloat16 `.npy`).
    pub fn check_output(&self, path: &std::path::Path) -> Result<()> {
        self.half.map_or(Ok(()), |h| files::check_output(path, h))
    }

    /// The `--check` tolerance of this run.
    pub fn tolerance(&self) -> f64 {
        self.half
            .map_or_else(|| tolerance(self.precision), HalfStorage::tolerance)
    }

    /// Builds the transform on the schedule [`FftRequest::schedule`] picks, runs it `repeat`
    /// times after a warm-up, checks and reports.
    pub fn run(
        &self,
        gpu: &Gpu,
        input: PreparedInput,
        shape: Vec<u64>,
    ) -> Result<(FftReport, FftOutput)> {
        let (local_values, tuned) = self.schedule(gpu, &shape)?;
        let (mut report, output) = self.run_scheduled(gpu, &input, &shape, local_values)?;
        report.tuned = tuned;
        if self.check {
            let t0 = std::time::Instant::now();
            let want = self.expected(&input, &shape)?;
            report.check = Some(self.check_against(&output, &want, t0));
        }
        Ok((report, output))
    }

    /// The fused launches' budget of this run and, where it came from the wisdom file, the
    /// stored choice's label: the request's, else what `tune fft` stored for this device and
    /// plan, else `None` (the device's default).
    pub fn schedule(&self, gpu: &Gpu, shape: &[u64]) -> Result<(Option<u64>, Option<String>)> {
        if self.local_values.is_some() {
            return Ok((self.local_values, None));
        }
        let key = self.wisdom_key(gpu, shape)?;
        Ok(match FftWisdom::stored(&gpu.knobs, &key)? {
            Some((v, label)) => (Some(v), Some(label)),
            None => (None, None),
        })
    }

    /// The precision as reports name it: `f32`, `f64` or `f32 stored as f16`.
    pub fn storage_name(&self) -> String {
        crate::storage::precision_name(self.half, self.precision)
    }

    /// The wisdom key of this run of `shape` on `gpu` (`tuning::wisdom_key`).
    pub fn wisdom_key(&self, gpu: &Gpu, shape: &[u64]) -> Result<String> {
        let scaling = self.norm.scaling(self.direction);
        let plan = FftPlan::new(shape, &self.axes, self.direction, scaling, self.precision)?;
        let storage = self.storage_name();
        let how = (self.direction, storage.as_str());
        Ok(wisdom_key(&gpu.info, shape, &plan.axes, how, self.real))
    }

    /// Builds the transform with fused launches of at most `local_values` (`None`: the
    /// device's default) and runs it `repeat` times after a warm-up, unchecked.
    pub fn run_scheduled(
        &self,
        gpu: &Gpu,
        input: &PreparedInput,
        shape: &[u64],
        local_values: Option<u64>,
    ) -> Result<(FftReport, FftOutput)> {
        let built = self.build(gpu, shape, local_values)?;
        let (output, runs) = warm_then_timed(self.repeat, || built.run(gpu, input))?;
        let report = built.report.clone();
        Ok((report.with_times(&runs, self.input_label()), output))
    }

    /// Builds the transform of `shape` (complex, rfftn or irfftn) with fused launches of at
    /// most `local_values` (`None`: the device's default), ready to run.
    pub fn build(&self, gpu: &Gpu, shape: &[u64], local_values: Option<u64>) -> Result<BuiltFft> {
        let scaling = self.norm.scaling(self.direction);
        if !self.real {
            let plan = FftPlan::new(shape, &self.axes, self.direction, scaling, self.precision)?
                .with_half(self.half)?;
            let tr = FftTransform::scheduled(gpu, &plan, local_values)?;
            let report = FftReport::new(gpu, "fftn", &[&tr], self.norm);
            return Ok(BuiltFft {
                report,
                shape: shape.to_vec(),
                transform: Built::Complex(Box::new(tr)),
            });
        }
        let tr = RealFft::scheduled(
            gpu,
            shape,
            &self.axes,
            (self.direction, self.norm),
            (self.precision, self.half),
            local_values,
        )?;
        let kind = match self.direction {
            Direction::Forward => "rfftn",
            Direction::Inverse => "irfftn",
        };
        let parts: Vec<&FftTransform> = tr.first.iter().chain(tr.last.iter()).collect();
        let report = FftReport::new(gpu, kind, &parts, self.norm);
        Ok(BuiltFft {
            report,
            shape: shape.to_vec(),
            transform: Built::Real(Box::new(tr)),
        })
    }

    /// The check of a run's `output` against `want` ([`FftRequest::expected`]); `t0` started
    /// the reference.
    pub fn check_against(
        &self,
        output: &FftOutput,
        want: &[Complex64],
        t0: std::time::Instant,
    ) -> CheckReport {
        CheckReport::new(compare(&output.as_complex(), want), self.tolerance(), t0)
    }

    /// The plans a run of `--shape` builds, in order: one complex transform; for rfftn and
    /// irfftn the packed real plan, or (odd length, halved axis not the last) the complex
    /// transform of the whole shape, irfftn's two.
    pub fn plans(&self, shape: &[u64]) -> Result<Vec<FftPlan>> {
        super::plan::run_plans(
            shape,
            &self.axes,
            (self.direction, self.norm.scaling(self.direction)),
            (self.precision, self.half),
            self.real,
        )
    }

    /// The plans of the given shape (`source fft`, `stats fft`: `what` needs one; there is no
    /// input file to take it from).
    pub fn given_plans(&self, what: &str) -> Result<Vec<FftPlan>> {
        let shape = self
            .shape
            .clone()
            .ok_or_else(|| JitError::invalid(format!("{what} needs --shape")))?;
        self.plans(&shape)
    }

    /// The OpenCL C a run builds (`source fft`), one program after the other.
    pub fn sources(&self) -> Result<String> {
        let programs: Vec<String> = self
            .given_plans("source fft")?
            .iter()
            .map(|p| super::kernels::generate(p, &super::Schedule::for_plan(p)).source)
            .collect();
        Ok(programs.join("\n"))
    }

    pub(super) fn input_label(&self) -> String {
        match (&self.input, self.seed) {
            (Some(p), _) => p.display().to_string(),
            (None, Some(s)) => format!("random (seed {s})"),
            (None, None) => "random".into(),
        }
    }

    /// RustFFT's result in f64 for `input` (a run of `shape`), in the layout of the device's
    /// result as complex values (irfftn: the reals with zero imaginary parts).
    pub fn expected(&self, input: &PreparedInput, shape: &[u64]) -> Result<Vec<Complex64>> {
        let scaling = self.norm.scaling(self.direction);
        let plan = FftPlan::new(shape, &self.axes, self.direction, scaling, Precision::F64)?;
        let axis = hermitian::half_axis(shape.len(), &self.axes)?;
        Ok(match &input.0 {
            Values::Complex(c) if !self.real => {
                fftn(c, shape, &plan.axes, self.direction, plan.scale())
            }
            Values::Real(r) => {
                let z: Vec<Complex64> = r.iter().map(|&v| Complex64::new(v, 0.0)).collect();
                let full = fftn(&z, shape, &plan.axes, self.direction, plan.scale());
                let m = shape[axis] as usize / 2 + 1;
                hermitian::crop(&full, shape, axis, m)
            }
            Values::Complex(h) => {
                let half = hermitian::half_shape(shape, axis);
                let others: Vec<usize> = plan.axes.iter().copied().filter(|&a| a != axis).collect();
                let mid = fftn(h, &half, &others, self.direction, 1.0);
                let full = hermitian::extend(&mid, &half, axis, shape[axis] as usize);
                let want = fftn(&full, shape, &[axis], self.direction, plan.scale());
                want.iter().map(|c| Complex64::new(c.re, 0.0)).collect()
            }
        })
    }
}

/// A request's transform built on the device ([`FftRequest::build`]): run it as often as
/// wanted; its report holds what it is (plans, launches, bytes), without times.
pub struct BuiltFft {
    /// The report of the transform, before any run.
    pub report: FftReport,
    /// The array's shape (irfftn: the real output's).
    shape: Vec<u64>,
    transform: Built,
}

enum Built {
    Complex(Box<FftTransform>),
    Real(Box<RealFft>),
}

impl BuiltFft {
    /// One run on `input`: the result and its times.
    pub fn run(&self, gpu: &Gpu, input: &PreparedInput) -> Result<(FftOutput, RunTimes)> {
        match (&self.transform, &input.0) {
            (Built::Complex(tr), Values::Complex(c)) => {
                let (y, t) = tr.execute(gpu, c)?;
                Ok((FftOutput::Complex(y, self.shape.clone()), t))
            }
            // RealFft refuses a direction it was not planned for.
            (Built::Real(tr), Values::Real(r)) => {
                let (y, t) = tr.forward(gpu, r)?;
                Ok((FftOutput::Complex(y, tr.half_shape()), t))
            }
            (Built::Real(tr), Values::Complex(h)) => {
                let (y, t) = tr.inverse(gpu, h)?;
                Ok((FftOutput::Real(y, self.shape.clone()), t))
            }
            (Built::Complex(_), Values::Real(_)) => Err(JitError::invalid(
                "the complex transform takes complex values",
            )),
        }
    }

    /// The transforms it runs, in order.
    pub fn parts(&self) -> Vec<&FftTransform> {
        match &self.transform {
            Built::Complex(tr) => vec![tr.as_ref()],
            Built::Real(tr) => tr.first.iter().chain(tr.last.iter()).collect(),
        }
    }
}

/// The input values, validated before a device is opened.
#[derive(Clone)]
pub struct PreparedInput(pub(super) Values);

/// Times of one run (for the report).
pub type Times = RunTimes;
