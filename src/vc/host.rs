//! Host data in the transform's own precision, and data that stays on the device.
//!
//! [`VcTransform::execute`] takes and returns `Complex64` whatever the plan's precision, which
//! costs an f64 ↔ f32 conversion of every value on the host (on PoCL that made end-to-end
//! time 2–3× the kernel time). The calls here move `Complex32` for f32 plans and `Complex64`
//! for f64 plans as they are: one copy into the mapped pinned staging, the upload, the passes,
//! the download and one copy out, into the caller's slice (on CPU devices one parallel copy
//! straight into and one out of the mapped device buffers instead: [`super::host_cpu`]). The
//! transform's device buffers and staging are allocated once in [`VcTransform::new`] and
//! reused by every call.
//!
//! For callers that chain work on the device, [`VcTransform::upload`], [`VcTransform::run`] and
//! [`VcTransform::download`] split the same path, and [`VcTransform::input_buffer`] /
//! [`VcTransform::result_buffer`] hand out the OpenCL buffers (to fill with one's own kernels
//! or copy between transforms).

use super::execute::{Buffers, TypedBuffers, VcTransform};
use crate::error::{JitError, Result};
use crate::runtime::staging::{self, StageOpts};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::Precision;

use ocl::Buffer;
use std::any::Any;
use std::time::Instant;

pub use crate::transform::DeviceComplex;

fn type_name(p: Precision) -> &'static str {
    match p {
        Precision::F32 => "Complex32",
        Precision::F64 => "Complex64",
    }
}

/// One of a transform's device buffers, typed by the plan's precision. Each holds N complex
/// values as interleaved (re, im) reals.
pub enum DeviceBuffer<'a> {
    /// An f32 plan's buffer.
    F32(&'a Buffer<f32>),
    /// An f64 plan's buffer.
    F64(&'a Buffer<f64>),
}

impl VcTransform {
    pub(super) fn typed<C: DeviceComplex>(
        &self,
        len: usize,
        what: &str,
    ) -> Result<&Buffers<C::Real>> {
        let any: &dyn Any = match &self.buffers {
            TypedBuffers::F32(b) => b,
            TypedBuffers::F64(b) => b,
        };
        if let Some(h) = self.plan.half {
            return Err(JitError::invalid(format!(
                "{what}: the plan stores {h} (two halves a complex value); give its data through execute (Complex64 in, Complex64 out)"
            )));
        }
        let b = any.downcast_ref::<Buffers<C::Real>>().ok_or_else(|| {
            JitError::invalid(format!(
                "{what}: the plan computes in {}, so host data must be {} (got {})",
                self.plan.precision,
                type_name(self.plan.precision),
                type_name(C::PRECISION)
            ))
        })?;
        if len as u64 != self.plan.total_len() {
            return Err(JitError::invalid(format!(
                "{what}: {len} values given, the plan needs B·N = {}·{}",
                self.plan.batch, self.plan.len
            )));
        }
        self.check_complex_buffers()?;
        self.check_staged()?;
        Ok(b)
    }

    /// Copies `input` (N values in the plan's precision) to the device's input buffer through
    /// the pinned staging (threaded and chunked, [`crate::runtime::staging`]); returns the
    /// upload's event time in ms (first chunk's start to last chunk's end).
    pub fn upload<C: DeviceComplex>(&self, input: &[C]) -> Result<f64> {
        self.upload_with(input, &StageOpts::default(), None)
    }

    /// As [`upload`](Self::upload), refusing input holding NaN or infinite values (the
    /// library's [`NonFinitePolicy::Refuse`](crate::io::input::NonFinitePolicy), `refused_by`
    /// named in the error), checked piece by piece as it is copied into the staging.
    pub fn upload_finite<C: DeviceComplex>(
        &self,
        input: &[C],
        refused_by: &'static str,
    ) -> Result<f64> {
        self.upload_with(input, &StageOpts::default(), Some(refused_by))
    }

    /// The upload staged as `opts` says (chunk size, copying threads, the test knob), refusing
    /// non-finite input where `refused_by` names the caller. Refused input leaves the device's
    /// input buffer overwritten but runs nothing.
    pub fn upload_with<C: DeviceComplex>(
        &self,
        input: &[C],
        opts: &StageOpts,
        refused_by: Option<&'static str>,
    ) -> Result<f64> {
        let b = self.typed::<C>(input.len(), "upload")?;
        let reals: &[C::Real] = bytemuck::cast_slice(input);
        let finite = |r: &[C::Real]| C::all_finite(r);
        let any = |_: &[C::Real]| true;
        let check: &(dyn Fn(&[C::Real]) -> bool + Sync) = match refused_by {
            Some(_) => &finite,
            None => &any,
        };
        // SAFETY: the staging stays mapped while the transform lives, and the host writes it
        // again only after `span_ms` below has waited for every chunk's upload.
        let (staged, ok) = b.staging.with_map(|m| unsafe {
            staging::upload(b.staging.queue(), m, &b.a, reals, opts, check)
        })?;
        let ms = staged.span_ms()?;
        if let (false, Some(refused_by)) = (ok, refused_by) {
            use crate::io::input::{find_non_finite_where, NonFinitePolicy};
            NonFinitePolicy::Refuse { refused_by }.apply(
                find_non_finite_where(input.iter().map(C::is_finite)),
                "input",
            )?;
        }
        Ok(ms)
    }

    /// As [`execute_into`](Self::execute_into), refusing NaN or infinite input
    /// ([`upload_finite`](Self::upload_finite)): nothing runs and `output` is untouched then.
    pub fn execute_into_finite<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
        refused_by: &'static str,
    ) -> Result<RunTimes> {
        if Self::maps_host_memory(gpu) {
            return self.execute_mapped(gpu, input, output, Some(refused_by));
        }
        self.execute_into_with(gpu, input, output, &StageOpts::default(), Some(refused_by))
    }

    /// Runs the passes on the data in [`input_buffer`](Self::input_buffer), leaving the
    /// spectrum in [`result_buffer`](Self::result_buffer). Kernel times from profiling events.
    /// Cooley-Tukey transforms in place; cg and fused schedules may end in the second buffer,
    /// so run again only after refilling the input buffer.
    pub fn run(&self, gpu: &Gpu) -> Result<RunTimes> {
        match &self.buffers {
            TypedBuffers::F32(b) => self.passes(gpu, b),
            TypedBuffers::F64(b) => self.passes(gpu, b),
        }
    }

    /// Copies the spectrum from the device into `output` (N values in the plan's precision),
    /// staged in chunks copied out on every core as they arrive; returns the download's event
    /// time in ms (first chunk's start to last chunk's end).
    pub fn download<C: DeviceComplex>(&self, output: &mut [C]) -> Result<f64> {
        self.download_with(output, &StageOpts::default())
    }

    /// The download staged as `opts` says.
    pub fn download_with<C: DeviceComplex>(
        &self,
        output: &mut [C],
        opts: &StageOpts,
    ) -> Result<f64> {
        let b = self.typed::<C>(output.len(), "download")?;
        let result = b.pick(self.schedule.result);
        let reals: &mut [C::Real] = bytemuck::cast_slice_mut(output);
        // SAFETY: the staging stays mapped while the transform lives; `download` returns once
        // every chunk has arrived and been copied out.
        let (staged, _) = b.staging.with_map(|m| unsafe {
            staging::download(b.staging.queue(), m, result, reals, opts, None, &|_| true)
        })?;
        staged.span_ms()
    }

    /// [`execute_into`](Self::execute_into) with the transfers staged as `opts` says, refusing
    /// non-finite input where `refused_by` names the caller (nothing runs then and `output`
    /// is untouched).
    pub fn execute_into_with<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
        opts: &StageOpts,
        refused_by: Option<&'static str>,
    ) -> Result<RunTimes> {
        // Both lengths are checked before anything moves.
        self.typed::<C>(output.len(), "output")?;
        let t0 = Instant::now();
        let upload_ms = self.upload_with(input, opts, refused_by)?;
        let mut times = self.run(gpu)?;
        times.download_ms = self.download_with(output, opts)?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }

    /// Transforms `input` into the caller's `output`, both N values in the plan's precision
    /// (`Complex32` for f32, `Complex64` for f64): no conversion and no allocation on the host.
    pub fn execute_into<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
    ) -> Result<RunTimes> {
        if Self::maps_host_memory(gpu) {
            return self.execute_mapped(gpu, input, output, None);
        }
        self.execute_into_with(gpu, input, output, &StageOpts::default(), None)
    }

    /// Transforms `data` (N values in the plan's precision) in place on the host.
    pub fn execute_in_place<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        data: &mut [C],
    ) -> Result<RunTimes> {
        let t0 = Instant::now();
        let upload_ms = self.upload(&*data)?;
        let mut times = self.run(gpu)?;
        times.download_ms = self.download(data)?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }

    /// Runs `f` on the pinned staging as the plan's complex type (B·N values): the zero-copy
    /// path — fill it (e.g. read a file straight into it), [`run_staged`](Self::run_staged),
    /// and read the spectrum from the same memory.
    pub fn with_staging<C: DeviceComplex, R>(
        &self,
        f: impl FnOnce(&mut [C]) -> Result<R>,
    ) -> Result<R> {
        let total = self.plan.total_len() as usize;
        let b = self.typed::<C>(total, "staging")?;
        b.staging
            .with_map(|m| f(bytemuck::cast_slice_mut(&mut m[..2 * total])))
    }

    /// Upload from the staging, the passes, the download back into the staging: a run with no
    /// host copy at all (see [`with_staging`](Self::with_staging)).
    pub fn run_staged(&self, gpu: &Gpu) -> Result<RunTimes> {
        fn go<T: super::execute::Real>(
            tr: &VcTransform,
            gpu: &Gpu,
            b: &Buffers<T>,
        ) -> Result<RunTimes> {
            let len = 2 * tr.plan.total_len() as usize;
            let t0 = Instant::now();
            let mut times = tr.round_trip(gpu, b, len)?;
            times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
            Ok(times)
        }
        self.check_complex_buffers()?;
        self.check_staged()?;
        match &self.buffers {
            TypedBuffers::F32(b) => go(self, gpu, b),
            TypedBuffers::F64(b) => go(self, gpu, b),
        }
    }

    /// The device buffer every run reads its input from.
    pub fn input_buffer(&self) -> DeviceBuffer<'_> {
        match &self.buffers {
            TypedBuffers::F32(b) => DeviceBuffer::F32(&b.a),
            TypedBuffers::F64(b) => DeviceBuffer::F64(&b.a),
        }
    }

    /// The device buffer that holds the spectrum after [`run`](Self::run).
    pub fn result_buffer(&self) -> DeviceBuffer<'_> {
        match &self.buffers {
            TypedBuffers::F32(b) => DeviceBuffer::F32(b.pick(self.schedule.result)),
            TypedBuffers::F64(b) => DeviceBuffer::F64(b.pick(self.schedule.result)),
        }
    }
}
