//! Running a plan on a device: the tables uploaded once, the program built (or loaded from
//! the program cache), the arrays allocated; each run uploads through pinned staging, launches
//! the schedule and downloads the result, timed by profiling events. Under half storage the
//! arrays are f32 arrays of one slot a complex value (two packed 16-bit halves, or two
//! adjacent 16-bit reals of a packed real plan): only the staging packs and unpacks.

pub mod chunk;

use super::kernels::{generate, wide_index};
use super::plan::FftPlan;
use super::schedule::{Buf, Schedule, StepKind, Table};
use super::tables;
use crate::clgen::GeneratedProgram;
use crate::error::{JitError, Result};
use crate::model::DeviceTransform;
use crate::runtime::memory_fit::check_memory;
use crate::runtime::pinned::{constant_buffer, device_buffer};
use crate::runtime::scalar::Real;
use crate::runtime::staging::{self, StageOpts};
use crate::runtime::timing::RunTimes;
use crate::runtime::{build_program, Arg, BuiltProgram, Gpu, KernelHandle, Pinned};
use crate::storage::{check_finite, check_finite_reals, HalfStorage};
use crate::transform::{DeviceComplex, Direction, Precision, TransformInfo};
use bytemuck::{cast_slice, cast_slice_mut};
use num_complex::Complex64;
use ocl::{Buffer, Event};
use rayon::prelude::*;
use std::time::Instant;

/// Work-items per work-group (the kernels guard the padded tail).
const LOCAL: usize = 256;

struct Arrays<T: Real> {
    a: Buffer<T>,
    b: Buffer<T>,
    w: Option<[Buffer<T>; 2]>,
    tables: Vec<Buffer<T>>,
    staging: Pinned<T>,
}

impl<T: Real> Arrays<T> {
    fn new(gpu: &Gpu, plan: &FftPlan, schedule: &Schedule) -> Result<Arrays<T>> {
        // Slots of T a stored complex value takes: two, or one of two packed halves.
        let slots = if plan.half.is_some() { 1 } else { 2 };
        let len = slots * plan.array_len() as usize;
        let q = &gpu.queue;
        let w = match schedule.uses_work_arrays() {
            true => {
                let wl = slots * plan.bluestein_len() as usize;
                Some([device_buffer(q, wl)?, device_buffer(q, wl)?])
            }
            false => None,
        };
        let tables = schedule
            .tables
            .iter()
            .map(|t| {
                let v = table_values(t);
                let flat: Vec<T> = v
                    .iter()
                    .flat_map(|c| [T::from_f64(c.re), T::from_f64(c.im)])
                    .collect();
                constant_buffer(q, &flat)
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Arrays {
            a: device_buffer(q, len)?,
            b: device_buffer(q, len)?,
            w,
            tables,
            staging: Pinned::new(q, len)?,
        })
    }

    fn pick(&self, b: Buf) -> Result<&Buffer<T>> {
        match (b, &self.w) {
            (Buf::A, _) => Ok(&self.a),
            (Buf::B, _) => Ok(&self.b),
            (Buf::W0, Some(w)) => Ok(&w[0]),
            (Buf::W1, Some(w)) => Ok(&w[1]),
            _ => Err(JitError::invalid(
                "a launch names a work array the plan did not allocate",
            )),
        }
    }
}

/// Writes complex values into the staging array, real and imaginary parts interleaved.
fn fill_complex<T: Real>(v: &[Complex64]) -> impl FnOnce(&mut [T]) + '_ {
    move |m: &mut [T]| {
        m.par_chunks_mut(2).zip(v.par_iter()).for_each(|(d, c)| {
            d[0] = T::from_f64(c.re);
            d[1] = T::from_f64(c.im);
        })
    }
}

/// Writes reals into the staging array as they are (a packed plan's pairs).
fn fill_real<T: Real>(v: &[f64]) -> impl FnOnce(&mut [T]) + '_ {
    move |m: &mut [T]| {
        m.par_iter_mut()
            .zip(v.par_iter())
            .for_each(|(d, &x)| *d = T::from_f64(x))
    }
}

/// Interleaved pairs as complex values.
fn read_complex<T: Real>(m: &[T]) -> Vec<Complex64> {
    m.par_chunks(2)
        .map(|c| Complex64::new(c[0].to_f64(), c[1].to_f64()))
        .collect()
}

/// The staging array's values as reals.
fn read_real<T: Real>(m: &[T]) -> Vec<f64> {
    m.par_iter().map(|x| x.to_f64()).collect()
}

/// Writes complex values into the staging array as words of two halves of `h`.
fn fill_half(h: HalfStorage, v: &[Complex64]) -> impl FnOnce(&mut [f32]) + '_ {
    move |m: &mut [f32]| {
        m.par_iter_mut()
            .zip(v.par_iter())
            .for_each(|(d, c)| *d = f32::from_bits(h.pack(*c)))
    }
}

/// Writes reals into the staging array two by two, each pair one word (the first in the low
/// half: the order of two 16-bit values in memory).
fn fill_half_reals(h: HalfStorage, x: &[f64]) -> impl FnOnce(&mut [f32]) + '_ {
    move |m: &mut [f32]| {
        m.par_iter_mut()
            .zip(x.par_chunks(2))
            .for_each(|(d, c)| *d = f32::from_bits(h.pack(Complex64::new(c[0], c[1]))))
    }
}

/// Words of two halves as complex values.
fn read_half(h: HalfStorage) -> impl FnOnce(&[f32]) -> Vec<Complex64> {
    move |m: &[f32]| m.par_iter().map(|w| h.unpack(w.to_bits())).collect()
}

/// Words of two halves as the reals they hold, in memory order.
fn read_half_reals(h: HalfStorage) -> impl FnOnce(&[f32]) -> Vec<f64> {
    move |m: &[f32]| {
        m.par_iter()
            .flat_map_iter(|w| {
                let c = h.unpack(w.to_bits());
                [c.re, c.im]
            })
            .collect()
    }
}

/// The values of a table, in f64.
fn table_values(t: &Table) -> Vec<Complex64> {
    match *t {
        Table::Twiddles { n, direction } => tables::twiddles(n, direction),
        Table::Chirp { n, direction } => tables::chirp(n, direction),
        Table::Kernel { n, m, direction } => tables::bluestein_kernel(n, m, direction),
    }
}

/// Host data of a staged run: read from one array and written to another, or in place.
enum HostIo<'a, T> {
    Into(&'a [T], &'a mut [T]),
    InPlace(&'a mut [T]),
}

enum Typed {
    F32(Arrays<f32>),
    F64(Arrays<f64>),
    /// Half storage: f32 arrays of one slot a complex value.
    Half(HalfStorage, Arrays<f32>),
}

impl Typed {
    fn new(gpu: &Gpu, plan: &FftPlan, schedule: &Schedule) -> Result<Typed> {
        Ok(match (plan.precision, plan.half) {
            (_, Some(h)) => Typed::Half(h, Arrays::new(gpu, plan, schedule)?),
            (Precision::F32, None) => Typed::F32(Arrays::new(gpu, plan, schedule)?),
            (Precision::F64, None) => Typed::F64(Arrays::new(gpu, plan, schedule)?),
        })
    }
}

/// A plan made ready on one device.
pub struct FftTransform {
    /// The plan it was made from.
    pub plan: FftPlan,
    /// Its launches.
    pub schedule: Schedule,
    /// The generated OpenCL C and its operation counts.
    pub program: GeneratedProgram,
    /// The program built for the device (or loaded from the program cache).
    pub built: BuiltProgram,
    kernels: Vec<KernelHandle>,
    arrays: Typed,
    /// Host time to compute and upload the constant tables (ms), kept out of kernel times.
    pub tables_ms: f64,
}

impl FftTransform {
    /// Generates and builds the program, computes the tables and allocates the arrays.
    ///
    /// Errors: f64 on a device without doubles, arrays beyond the device's memory, a failed
    /// build (its log and the saved source in the message).
    pub fn new(gpu: &Gpu, plan: &FftPlan) -> Result<FftTransform> {
        FftTransform::scheduled(gpu, plan, None)
    }

    /// [`FftTransform::new`] with fused launches of at most `local_values` complex values in
    /// local memory (1: register passes; `None`: the device's default, `tuning`).
    pub fn scheduled(gpu: &Gpu, plan: &FftPlan, local_values: Option<u64>) -> Result<FftTransform> {
        if plan.precision == Precision::F64 && !gpu.info.fp64 {
            return Err(JitError::Device(format!(
                "{} has no double precision (cl_khr_fp64): use --precision f32",
                gpu.info.name
            )));
        }
        // Within the device's local memory (oclgrind's 32 KiB), at most the default budget
        // unless a budget is given.
        let schedule = super::tuning::schedule_of(plan, gpu.info.local_mem_bytes, local_values);
        let elem = plan.stored_complex_bytes();
        let data = plan.array_len() * elem;
        let work = plan.bluestein_len() * elem;
        check_memory(
            &gpu.info,
            data.max(work),
            3 * data + 2 * work,
            |need, limit| {
                format!("an FFT of shape {:?} needs a {need} array, but the device allows {limit} per allocation", plan.shape)
            },
            |need, limit| {
                format!("an FFT of shape {:?} needs {need} of device memory (two arrays, pinned staging, Bluestein's work arrays), the device has {limit}", plan.shape)
            },
        )?;
        let program = generate(plan, &schedule);
        let built = build_program(gpu, &program.source, "")?;
        let kernels = schedule
            .steps
            .iter()
            .map(|s| KernelHandle::new(gpu, &built.program, &s.name))
            .collect::<Result<Vec<_>>>()?;
        let t0 = Instant::now();
        let arrays = Typed::new(gpu, plan, &schedule)?;
        Ok(FftTransform {
            plan: plan.clone(),
            schedule,
            program,
            built,
            kernels,
            arrays,
            tables_ms: t0.elapsed().as_secs_f64() * 1e3,
        })
    }

    /// One run: `input` (the plan's shape, C order) up, every launch, the result down.
    pub fn execute(&self, gpu: &Gpu, input: &[Complex64]) -> Result<(Vec<Complex64>, RunTimes)> {
        if self.plan.real.is_some() {
            return Err(JitError::invalid(
                "this plan is a packed real transform: it runs through execute_real_forward or execute_real_inverse",
            ));
        }
        self.check_len(input.len() as u64, self.plan.len())?;
        let n = input.len();
        match &self.arrays {
            Typed::F32(a) => self.run(gpu, a, 2 * n, fill_complex(input), 2 * n, read_complex),
            Typed::F64(a) => self.run(gpu, a, 2 * n, fill_complex(input), 2 * n, read_complex),
            Typed::Half(h, a) => {
                let (y, t) = self.run(gpu, a, n, fill_half(*h, input), n, read_half(*h))?;
                check_finite(*h, &y)?;
                Ok((y, t))
            }
        }
    }

    /// rfftn on a packed plan: the real array of the plan's signal shape up (as it is: two
    /// reals a complex value), the half spectrum down.
    pub fn execute_real_forward(&self, gpu: &Gpu, x: &[f64]) -> Result<(Vec<Complex64>, RunTimes)> {
        self.real_direction(Direction::Forward)?;
        self.check_len(x.len() as u64, 2 * self.plan.len())?;
        let down = 2 * self.plan.array_len() as usize;
        match &self.arrays {
            Typed::F32(a) => self.run(gpu, a, x.len(), fill_real(x), down, read_complex),
            Typed::F64(a) => self.run(gpu, a, x.len(), fill_real(x), down, read_complex),
            Typed::Half(h, a) => {
                let (up, down) = (x.len() / 2, down / 2);
                let (y, t) = self.run(gpu, a, up, fill_half_reals(*h, x), down, read_half(*h))?;
                check_finite(*h, &y)?;
                Ok((y, t))
            }
        }
    }

    /// irfftn on a packed plan: the half spectrum up, the real array of the plan's signal
    /// shape down.
    pub fn execute_real_inverse(&self, gpu: &Gpu, h: &[Complex64]) -> Result<(Vec<f64>, RunTimes)> {
        self.real_direction(Direction::Inverse)?;
        self.check_len(h.len() as u64, self.plan.array_len())?;
        let down = 2 * self.plan.len() as usize;
        let up = 2 * h.len();
        match &self.arrays {
            Typed::F32(a) => self.run(gpu, a, up, fill_complex(h), down, read_real),
            Typed::F64(a) => self.run(gpu, a, up, fill_complex(h), down, read_real),
            Typed::Half(s, a) => {
                let (up, down) = (up / 2, down / 2);
                let (y, t) = self.run(gpu, a, up, fill_half(*s, h), down, read_half_reals(*s))?;
                check_finite_reals(*s, &y)?;
                Ok((y, t))
            }
        }
    }

    /// A complex plan on host data in its own precision (`Complex32` for f32, `Complex64` for
    /// f64): `input` into `output` with no conversion, the copies into and out of the pinned
    /// staging chunked, threaded and overlapped with the transfers (`runtime::staging`), where
    /// [`execute`](Self::execute) converts every value from and to f64 on one pass each.
    pub fn execute_into<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
    ) -> Result<RunTimes> {
        self.check_host::<C>(input.len())?;
        self.check_len(output.len() as u64, self.plan.len())?;
        match &self.arrays {
            Typed::F32(a) => self.run_staged(
                gpu,
                a,
                HostIo::Into(cast_slice(input), cast_slice_mut(output)),
            ),
            Typed::F64(a) => self.run_staged(
                gpu,
                a,
                HostIo::Into(cast_slice(input), cast_slice_mut(output)),
            ),
            Typed::Half(..) => unreachable!("half plans refused above"),
        }
    }

    /// [`execute_into`](Self::execute_into) with the result written over the input (the
    /// MPI route's halves: no second host array).
    pub fn execute_in_place<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        data: &mut [C],
    ) -> Result<RunTimes> {
        self.check_host::<C>(data.len())?;
        match &self.arrays {
            Typed::F32(a) => self.run_staged(gpu, a, HostIo::InPlace(cast_slice_mut(data))),
            Typed::F64(a) => self.run_staged(gpu, a, HostIo::InPlace(cast_slice_mut(data))),
            Typed::Half(..) => unreachable!("half plans refused above"),
        }
    }

    /// Refuses host data the staged runs do not take: a real or half plan, another
    /// precision, another length.
    fn check_host<C: DeviceComplex>(&self, len: usize) -> Result<()> {
        if self.plan.real.is_some() || self.plan.half.is_some() {
            return Err(JitError::invalid(format!(
                "execute_into takes complex plans in f32 or f64; this plan stores {} (use execute)",
                self.plan.storage_name()
            )));
        }
        if C::PRECISION != self.plan.precision {
            return Err(JitError::invalid(format!(
                "the plan computes in {}: give its data in that precision (got {})",
                self.plan.precision,
                C::PRECISION
            )));
        }
        self.check_len(len as u64, self.plan.len())
    }

    /// Upload of the input through the staging, every launch, download into the output.
    fn run_staged<T: Real>(&self, gpu: &Gpu, a: &Arrays<T>, io: HostIo<'_, T>) -> Result<RunTimes> {
        let t0 = Instant::now();
        let opts = StageOpts::default();
        let q = a.staging.queue();
        let any = |_: &[T]| true;
        let input: &[T] = match &io {
            HostIo::Into(i, _) => i,
            HostIo::InPlace(d) => d,
        };
        // SAFETY: the staging stays mapped while the transform lives; the host writes it again
        // only after `span_ms` has waited for every chunk's transfer.
        let (up, _) = a
            .staging
            .with_map(|m| unsafe { staging::upload(q, m, &a.a, input, &opts, &any) })?;
        let upload_ms = up.span_ms()?;
        let mut times = self.launch_all(gpu, a)?;
        let result = a.pick(self.schedule.result)?;
        let output: &mut [T] = match io {
            HostIo::Into(_, o) => o,
            HostIo::InPlace(d) => d,
        };
        // SAFETY: as above; `download` returns once every chunk has been copied out.
        let (down, _) = a
            .staging
            .with_map(|m| unsafe { staging::download(q, m, result, output, &opts, None, &any) })?;
        times.download_ms = down.span_ms()?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }

    fn real_direction(&self, want: Direction) -> Result<()> {
        match (self.plan.real, self.plan.direction) {
            (Some(_), d) if d == want => Ok(()),
            _ => Err(JitError::invalid(format!(
                "this plan is not a packed real {want} transform"
            ))),
        }
    }

    fn check_len(&self, got: u64, want: u64) -> Result<()> {
        match got == want {
            true => Ok(()),
            false => Err(JitError::invalid(format!(
                "input has {got} values, the shape {:?} takes {want}",
                self.plan.signal_shape()
            ))),
        }
    }

    /// The launches alone on whatever the arrays hold (benchmarks): `repeats` timed runs after
    /// `warmup` untimed ones.
    pub fn launches_only(&self, gpu: &Gpu, warmup: usize, repeats: usize) -> Result<Vec<RunTimes>> {
        let mut out = Vec::with_capacity(repeats);
        for k in 0..warmup + repeats {
            let t = match &self.arrays {
                Typed::F32(a) => self.launch_all(gpu, a)?,
                Typed::F64(a) => self.launch_all(gpu, a)?,
                Typed::Half(_, a) => self.launch_all(gpu, a)?,
            };
            if k >= warmup {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// The kernels in launch order (the program's, for statistics).
    pub fn kernel_handles(&self) -> &[KernelHandle] {
        &self.kernels
    }

    fn launch_all<T: Real>(&self, gpu: &Gpu, a: &Arrays<T>) -> Result<RunTimes> {
        let t0 = Instant::now();
        let events = self.enqueue_launches(gpu, a, None)?;
        RunTimes::from_launches(&events, t0)
    }

    /// Enqueues every launch on the device queue, the first after `wait` where given.
    fn enqueue_launches<T: Real>(
        &self,
        gpu: &Gpu,
        a: &Arrays<T>,
        wait: Option<&Event>,
    ) -> Result<Vec<Event>> {
        let mut events: Vec<Event> = Vec::with_capacity(self.kernels.len());
        let wide = wide_index(&self.plan);
        for (s, k) in self.schedule.steps.iter().zip(&self.kernels) {
            let mut args = vec![
                Arg::buf(a.pick(s.src)?),
                Arg::buf(a.pick(s.dst)?),
                Arg::buf(&a.tables[s.table]),
            ];
            let scalars = s.scalar_args(self.plan.direction);
            args.extend(scalars.n.map(|n| match wide {
                true => Arg::U64(n),
                false => Arg::U32(n as u32),
            }));
            args.extend(scalars.pre.map(|(x, y)| T::arg2(x, y)));
            args.extend(scalars.post.map(|(x, y)| T::arg2(x, y)));
            k.set_args(&args)?;
            let local = match s.kind {
                // A fused launch's work-group is fixed in its source.
                StepKind::Group { group_items, .. } => group_items as usize,
                _ => k.local_size(LOCAL),
            };
            let items = s.items as usize;
            events.push(match (events.is_empty(), wait) {
                (true, Some(w)) => {
                    k.launch_groups(&gpu.queue, 0, items.div_ceil(local), local, Some(w))?
                }
                _ => k.launch(&gpu.queue, items, local)?,
            });
        }
        Ok(events)
    }

    /// Uploads `up` values written by `fill`, launches everything and reads `down` values of
    /// the result with `read`.
    fn run<T: Real, O>(
        &self,
        gpu: &Gpu,
        a: &Arrays<T>,
        up: usize,
        fill: impl FnOnce(&mut [T]),
        down: usize,
        read: impl FnOnce(&[T]) -> O,
    ) -> Result<(O, RunTimes)> {
        let t0 = Instant::now();
        a.staging.with_map(|m| {
            fill(&mut m[..up]);
            Ok(())
        })?;
        let upload_ms = a.staging.upload_to(&a.a, up)?;
        let mut times = self.launch_all(gpu, a)?;
        times.download_ms = a
            .staging
            .download_from(a.pick(self.schedule.result)?, down)?;
        times.upload_ms = upload_ms;
        let out = a.staging.with_map(|m| Ok(read(&m[..down])))?;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// Bytes of device memory the arrays hold (tables aside).
    pub fn data_bytes(&self) -> u64 {
        let elem = self.plan.stored_complex_bytes();
        (2 * self.plan.array_len() + 2 * self.plan.bluestein_len()) * elem
    }

    /// Bytes all launches of one run read and write in global memory (tables aside).
    pub fn moved_bytes(&self) -> u64 {
        self.schedule.moved_values() * self.plan.stored_complex_bytes()
    }
}

/// The FFT of any shape: complex in, complex out, the plan's precision.
impl DeviceTransform for FftTransform {
    type Input = [Complex64];
    type Output = Vec<Complex64>;
    type Times = RunTimes;
    fn info(&self) -> TransformInfo {
        let p = &self.plan;
        let kind = match (p.real, p.direction) {
            (None, _) => "fftn",
            (Some(_), Direction::Forward) => "rfftn",
            (Some(_), Direction::Inverse) => "irfftn",
        };
        TransformInfo {
            kind: kind.into(),
            shape: p.signal_shape(),
            precision: p.precision.to_string(),
            direction: p.direction.to_string(),
            norm: p.norm.to_string(),
        }
    }
    fn footprint(&self) -> u64 {
        self.data_bytes()
    }
    fn execute(&self, gpu: &Gpu, input: &[Complex64]) -> Result<(Vec<Complex64>, RunTimes)> {
        FftTransform::execute(self, gpu, input)
    }
}
