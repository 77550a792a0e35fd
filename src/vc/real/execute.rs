//! A real-input plan made ready on a device: the real kernels' program, the complex transform
//! of the other n−1 digits (none for n = 1), the real and half-spectrum buffers, one pinned
//! staging; runs with kernel times from profiling events.

use super::kernels::{names, source};
use super::RealPlan;
use crate::error::{JitError, Result};
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::{event_span_ns, Clock, RunTimes};
use crate::runtime::{build_program, Arg, Gpu, KernelHandle, Pinned};
use crate::transform::{Direction, Precision};
use crate::vc::execute::Real;
use crate::vc::{DeviceBuffer, VcPlan, VcTransform};
use ocl::{Buffer, Event};
use rayon::prelude::*;
use std::time::Instant;

/// Work-items per work-group of the real passes.
const LOCAL: usize = 256;

struct Bufs<T: ocl::OclPrm> {
    /// B·p^n reals.
    real: Buffer<T>,
    /// B·M·h complex values in numpy's rows layout (interleaved re, im).
    half: Buffer<T>,
    staging: Pinned<T>,
}

enum Typed {
    F32(Bufs<f32>),
    F64(Bufs<f64>),
}

/// A real-input transform ready to run.
pub struct RealVc {
    /// What it computes.
    pub plan: RealPlan,
    /// The complex transform of the first n−1 digits, a batch of B·h (none for n = 1).
    pub inner: Option<VcTransform>,
    /// The real passes' OpenCL C.
    pub source: String,
    /// Wall time of building (or loading) the real passes' program.
    pub build_ms: f64,
    first: KernelHandle,
    last: Option<KernelHandle>,
    bufs: Typed,
}

fn arg(d: DeviceBuffer<'_>) -> Arg<'_> {
    match d {
        DeviceBuffer::F32(b) => Arg::buf(b),
        DeviceBuffer::F64(b) => Arg::buf(b),
    }
}

impl RealVc {
    /// Builds the real passes and allocates; `inner` is the complex plan of p^(n−1) points and
    /// batch B·h, unscaled, in the plan's direction and precision (None for n = 1).
    pub fn new(gpu: &Gpu, plan: &RealPlan, inner: Option<&VcPlan>) -> Result<RealVc> {
        if plan.precision == Precision::F64 && !gpu.info.fp64 {
            return Err(JitError::Device(format!(
                "{} does not support double precision (no cl_khr_fp64); use --precision f32",
                gpu.info.name
            )));
        }
        let want = plan.n > 1;
        if let Some(i) = inner {
            let ok = want
                && i.p == plan.p
                && i.n == plan.n - 1
                && i.batch == plan.batch * plan.half()
                && i.precision == plan.precision
                && i.direction == plan.direction
                && i.scale() == 1.0;
            if !ok {
                return Err(JitError::invalid(format!(
                    "the complex plan of a real {}^{} × {} run must be {}^{} × {}, unscaled, {} {}",
                    plan.p,
                    plan.n,
                    plan.batch,
                    plan.p,
                    plan.n - 1,
                    plan.batch * plan.half(),
                    plan.precision,
                    plan.direction
                )));
            }
        } else if want {
            return Err(JitError::invalid(
                "a real run of n ≥ 2 needs its complex plan",
            ));
        }
        let real_bytes = plan.real_len() * plan.precision.complex_bytes() / 2;
        let half_bytes = plan.half_len() * plan.precision.complex_bytes();
        let big = real_bytes.max(half_bytes);
        if big > gpu.info.max_alloc_bytes {
            return Err(JitError::Device(format!(
                "a real {}^{} × {} run needs a buffer of {big} bytes, {} allows {} per allocation (the real path does not stream yet: use fewer transforms a run)",
                plan.p, plan.n, plan.batch, gpu.info.name, gpu.info.max_alloc_bytes
            )));
        }
        let inner = inner.map(|i| VcTransform::new(gpu, i)).transpose()?;
        let source = source(plan);
        let built = build_program(gpu, &source, "")?;
        let k = names(plan);
        let (first, last) = match (plan.direction, plan.n > 1) {
            (Direction::Forward, true) => (k.r2c, Some(k.to_rows)),
            (Direction::Forward, false) => (k.r2c, None),
            (Direction::Inverse, true) => (k.to_bins, Some(k.c2r)),
            (Direction::Inverse, false) => (k.c2r, None),
        };
        let handle = |name: &str| KernelHandle::new(gpu, &built.program, name);
        let first = handle(&first)?;
        let last = last.as_deref().map(handle).transpose()?;
        let (rl, hl) = (plan.real_len() as usize, 2 * plan.half_len() as usize);
        let bufs = match plan.precision {
            Precision::F32 => Typed::F32(Bufs {
                real: device_buffer(&gpu.queue, rl)?,
                half: device_buffer(&gpu.queue, hl)?,
                staging: Pinned::new(&gpu.queue, rl.max(hl))?,
            }),
            Precision::F64 => Typed::F64(Bufs {
                real: device_buffer(&gpu.queue, rl)?,
                half: device_buffer(&gpu.queue, hl)?,
                staging: Pinned::new(&gpu.queue, rl.max(hl))?,
            }),
        };
        Ok(RealVc {
            plan: *plan,
            inner,
            source,
            build_ms: built.build_ms,
            first,
            last,
            bufs,
        })
    }

    /// Reals going in: B·p^n reals forward, 2·B·M·h (interleaved re, im) inverse.
    pub fn input_reals(&self) -> usize {
        match self.plan.direction {
            Direction::Forward => self.plan.real_len() as usize,
            Direction::Inverse => 2 * self.plan.half_len() as usize,
        }
    }

    /// Reals coming out (the other one of the two).
    pub fn output_reals(&self) -> usize {
        match self.plan.direction {
            Direction::Forward => 2 * self.plan.half_len() as usize,
            Direction::Inverse => self.plan.real_len() as usize,
        }
    }

    /// Transforms `input` ([`input_reals`](Self::input_reals) values: reals forward, the half
    /// spectrum's interleaved (re, im) inverse) and returns the output's reals in the same
    /// sense, with the run's times.
    pub fn execute(&self, gpu: &Gpu, input: &[f64]) -> Result<(Vec<f64>, RunTimes)> {
        if input.len() != self.input_reals() {
            return Err(JitError::invalid(format!(
                "real VC: {} input values given, the plan takes {}",
                input.len(),
                self.input_reals()
            )));
        }
        match &self.bufs {
            Typed::F32(b) => self.execute_typed(gpu, b, input),
            Typed::F64(b) => self.execute_typed(gpu, b, input),
        }
    }

    /// The kernel count of a run (real passes and complex passes).
    pub fn pass_count(&self) -> usize {
        1 + self.last.is_some() as usize
            + self.inner.as_ref().map_or(0, |t| t.schedule.pass_count())
    }

    fn execute_typed<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Bufs<T>,
        input: &[f64],
    ) -> Result<(Vec<f64>, RunTimes)> {
        let t0 = Instant::now();
        b.staging.with_map(|m| {
            m[..input.len()]
                .par_iter_mut()
                .zip(input.par_iter())
                .for_each(|(d, &s)| *d = T::from_f64(s));
            Ok(())
        })?;
        let (src, dst) = match self.plan.direction {
            Direction::Forward => (&b.real, &b.half),
            Direction::Inverse => (&b.half, &b.real),
        };
        let upload_ms = b.staging.upload_to(src, input.len())?;
        let mut times = self.passes(gpu, src, dst)?;
        let out_len = self.output_reals();
        times.download_ms = b.staging.download_from(dst, out_len)?;
        let out = b.staging.with_map(|m| {
            Ok(m[..out_len]
                .par_iter()
                .map(|v| v.to_f64())
                .collect::<Vec<_>>())
        })?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// The passes from `src` to `dst` through the complex transform's buffers.
    fn passes<T: ocl::OclPrm>(
        &self,
        gpu: &Gpu,
        src: &Buffer<T>,
        dst: &Buffer<T>,
    ) -> Result<RunTimes> {
        let rows = self.plan.rows();
        let m = self.plan.rows_per_transform();
        let launch = |k: &KernelHandle, a: Arg, b: Arg| -> Result<Event> {
            k.set_args(&[a, b, Arg::U64(rows), Arg::U64(m)])?;
            k.launch(&gpu.queue, rows as usize, k.local_size(LOCAL))
        };
        let started = Instant::now();
        let Some(inner) = &self.inner else {
            let ev = launch(&self.first, Arg::buf(src), Arg::buf(dst))?;
            return RunTimes::from_launches(&[ev], started);
        };
        let first = launch(&self.first, Arg::buf(src), arg(inner.input_buffer()))?;
        let mid = inner.run(gpu)?;
        let last = match &self.last {
            Some(k) => launch(k, arg(inner.result_buffer()), Arg::buf(dst))?,
            None => {
                return Err(JitError::invalid(
                    "a real run of n ≥ 2 without its last pass",
                ))
            }
        };
        let a = RunTimes::from_launches(std::slice::from_ref(&first), started)?;
        let c = RunTimes::from_launches(std::slice::from_ref(&last), started)?;
        let host_ms = started.elapsed().as_secs_f64() * 1e3;
        let all_events = [a.clock, mid.clock, c.clock]
            .iter()
            .all(|c| *c == Clock::Events);
        if !all_events {
            return Ok(RunTimes::host_only(host_ms));
        }
        let span = match (event_span_ns(&first), event_span_ns(&last)) {
            (Ok((s, _)), Ok((_, e))) => e.saturating_sub(s) as f64 * 1e-6,
            _ => a.kernel_ms + mid.kernel_span_ms + c.kernel_ms,
        };
        let mut pass_ms = a.pass_ms;
        pass_ms.extend(mid.pass_ms);
        pass_ms.extend(c.pass_ms);
        Ok(RunTimes {
            kernel_ms: pass_ms.iter().sum(),
            kernel_span_ms: span,
            pass_ms,
            upload_ms: 0.0,
            download_ms: 0.0,
            host_ms,
            clock: Clock::Events,
        })
    }

    /// The kernels a run launches, in order.
    pub fn kernel_names(&self) -> Vec<String> {
        let mut v = vec![self.first.name.clone()];
        if let Some(t) = &self.inner {
            v.extend(t.schedule.passes.iter().map(|p| {
                t.program
                    .kernels
                    .get(p.kernel)
                    .map_or_else(|| format!("kernel {}", p.kernel), |k| k.0.clone())
            }));
        }
        v.extend(self.last.iter().map(|k| k.name.clone()));
        v
    }

    /// Bytes each pass reads plus writes, in launch order: the real pass (p reals and h
    /// complex values a row), the complex passes and the layout move (the half spectrum twice).
    pub fn pass_bytes_each(&self) -> Vec<u64> {
        let p = &self.plan;
        let half = p.half_len() * p.precision.complex_bytes();
        let real = p.real_len() * p.precision.complex_bytes() / 2;
        let inner = self.inner.as_ref().map_or(0, |t| t.schedule.pass_count());
        let mut v = vec![real + half];
        if p.direction == Direction::Inverse && inner > 0 {
            v = vec![2 * half];
        }
        v.extend(std::iter::repeat_n(2 * half, inner));
        if inner > 0 {
            v.push(match p.direction {
                Direction::Forward => 2 * half,
                Direction::Inverse => real + half,
            });
        }
        v
    }

    /// Bytes a run's passes read plus write ([`RealPlan::pass_bytes`]).
    pub fn pass_bytes(&self) -> u64 {
        self.plan
            .pass_bytes(self.inner.as_ref().map_or(0, |t| t.schedule.pass_count()))
    }

    /// Unmaps the pinned staging of this transform and of its complex transform.
    pub fn release(self) -> Result<()> {
        if let Some(t) = self.inner {
            t.release()?;
        }
        match self.bufs {
            Typed::F32(b) => b.staging.release(),
            Typed::F64(b) => b.staging.release(),
        }
    }
}
