//! Host arrays in the plan's own precision through the pinned staging: `f32` reals in and
//! interleaved `f32` (re, im) out for an f32 plan (numpy's float32 → complex64), `f64` for f64,
//! with no f64 round trip. The input is copied into the staging on every core in chunks while
//! earlier chunks upload, its finiteness tested piece by piece in the same pass
//! ([`crate::runtime::staging`], as `VcTransform::upload_finite`); the result is copied out as
//! its chunks arrive. On CPU devices the input goes straight into the mapped buffer the first
//! pass reads and the result straight out of the one the last pass writes (one parallel copy
//! each way, no staging). Half-storage plans take [`RealVc::execute`].

use super::execute::{Bufs, RealVc, Typed};
use crate::error::{JitError, Result};
use crate::io::input::{find_non_finite_where, NonFinitePolicy};
use crate::runtime::mapped::{all_pieces, copy_par, in_place, maps_host_memory, with_mapped, wrap};
use crate::runtime::staging::{self, StageOpts};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::DeviceBuffer;
use ocl::Buffer;
use std::any::Any;
use std::time::Instant;

/// A real of a plan's precision on the host: `f32` or `f64`.
pub trait RealHost: ocl::OclPrm + bytemuck::Pod + Send + Sync + 'static {
    /// Every value is finite (a branch-free pass the compiler vectorises).
    fn all_finite(v: &[Self]) -> bool;
    /// The value is finite.
    fn finite(&self) -> bool;
}

impl RealHost for f32 {
    fn all_finite(v: &[f32]) -> bool {
        v.iter().fold(true, |ok, x| ok & x.is_finite())
    }
    fn finite(&self) -> bool {
        self.is_finite()
    }
}

impl RealHost for f64 {
    fn all_finite(v: &[f64]) -> bool {
        v.iter().fold(true, |ok, x| ok & x.is_finite())
    }
    fn finite(&self) -> bool {
        self.is_finite()
    }
}

/// A run's buffers of precision `T` (`None`: the plan computes in the other).
fn typed_bufs<T: RealHost>(t: &Typed) -> Option<&Bufs<T>> {
    let any: &dyn Any = match t {
        Typed::F32(b) => b,
        Typed::F64(b) => b,
    };
    any.downcast_ref()
}

/// The buffer `d` where it holds `T`.
fn typed_buf<T: RealHost>(d: Option<DeviceBuffer<'_>>) -> Option<&Buffer<T>> {
    let any: &dyn Any = match d? {
        DeviceBuffer::F32(b) => b,
        DeviceBuffer::F64(b) => b,
    };
    any.downcast_ref()
}

impl RealVc {
    /// Transforms `input` ([`input_reals`](Self::input_reals) values of the plan's precision)
    /// into `output` ([`output_reals`](Self::output_reals)): staged upload, the passes,
    /// staged download. Refuses NaN or infinite input where `refused_by` names the caller
    /// (nothing runs and `output` is untouched then).
    pub fn execute_into<T: RealHost>(
        &self,
        gpu: &Gpu,
        input: &[T],
        output: &mut [T],
        refused_by: Option<&'static str>,
    ) -> Result<RunTimes> {
        let b = typed_bufs::<T>(&self.bufs)
            .filter(|_| self.plan.storage.is_none())
            .ok_or_else(|| {
                JitError::invalid(format!(
                    "real VC: host data of {} bytes a value, the plan computes in {}{}",
                    std::mem::size_of::<T>(),
                    self.plan.precision,
                    if self.plan.storage.is_some() {
                        " with half storage (use execute)"
                    } else {
                        ""
                    }
                ))
            })?;
        if input.len() != self.input_reals() || output.len() != self.output_reals() {
            return Err(JitError::invalid(format!(
                "real VC: {} input and {} output values given, the plan takes {} and {}",
                input.len(),
                output.len(),
                self.input_reals(),
                self.output_reals()
            )));
        }
        let (up, down) = self.ends();
        let (src, dst) = match self.plan.direction {
            Direction::Forward => (&b.real, &b.half),
            Direction::Inverse => (&b.half, &b.real),
        };
        if maps_host_memory(gpu) {
            let (up, down) = (typed_buf(up).unwrap_or(src), typed_buf(down).unwrap_or(dst));
            return self.execute_mapped(gpu, (src, dst), (up, down), input, output, refused_by);
        }
        let opts = StageOpts::default();
        let finite = |r: &[T]| T::all_finite(r);
        let any = |_: &[T]| true;
        let check: &(dyn Fn(&[T]) -> bool + Sync) = match refused_by {
            Some(_) => &finite,
            None => &any,
        };
        let t0 = Instant::now();
        let queue = b.staging.queue();
        // SAFETY: the staging stays mapped while the transform lives, and the host writes it
        // again only after `span_ms` has waited for every chunk's upload.
        let (staged, ok) = b.staging.with_map(|m| unsafe {
            staging::upload(queue, m, typed_buf(up).unwrap_or(src), input, &opts, check)
        })?;
        let upload_ms = staged.span_ms()?;
        if let (false, Some(refused_by)) = (ok, refused_by) {
            NonFinitePolicy::Refuse { refused_by }
                .apply(find_non_finite_where(input.iter().map(T::finite)), "input")?;
        }
        let mut times = self.passes(gpu, src, dst)?;
        // SAFETY: as above; `download` returns once every chunk is copied out.
        let (staged, _) = b.staging.with_map(|m| unsafe {
            staging::download(
                queue,
                m,
                typed_buf(down).unwrap_or(dst),
                output,
                &opts,
                None,
                &any,
            )
        })?;
        times.download_ms = staged.span_ms()?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }

    /// `execute_into` on a CPU device, where host and device memory are one RAM. The real
    /// passes' own ends run in the caller's arrays where they are aligned
    /// ([`in_place`]): the first pass reads `input` itself (checked for NaN/∞ on every core
    /// first), the last writes `output` itself; elsewhere (the fused ends' inner buffers, or
    /// unaligned arrays) one parallel copy into the mapped buffer the first pass reads (`up`)
    /// and one out of the one the last writes (`down`). The staging would make four copies.
    fn execute_mapped<T: RealHost>(
        &self,
        gpu: &Gpu,
        (src, dst): (&Buffer<T>, &Buffer<T>),
        (up, down): (&Buffer<T>, &Buffer<T>),
        input: &[T],
        output: &mut [T],
        refused_by: Option<&'static str>,
    ) -> Result<RunTimes> {
        let t0 = Instant::now();
        let check = refused_by.is_some();
        let wrap_in = std::ptr::eq(up, src) && in_place(gpu, input);
        let wrap_out = std::ptr::eq(down, dst) && in_place(gpu, output);
        let finite = if wrap_in {
            !check || all_pieces(input, T::all_finite)
        } else {
            let fill = |d: &mut [T]| copy_par(d, input, |piece| !check || T::all_finite(piece));
            with_mapped(&gpu.queue, up, input.len(), true, fill)?.0
        };
        if let (false, Some(refused_by)) = (finite, refused_by) {
            NonFinitePolicy::Refuse { refused_by }
                .apply(find_non_finite_where(input.iter().map(T::finite)), "input")?;
        }
        // SAFETY: both arrays outlive the buffers, dropped below after the blocking map that
        // ends every command using them; `input` is only read, `output` borrowed mutably.
        let win = wrap_in
            .then(|| unsafe { wrap(gpu, input, true) })
            .transpose()?;
        let wout = wrap_out
            .then(|| unsafe { wrap(gpu, &*output, false) })
            .transpose()?;
        let upload_ms = t0.elapsed().as_secs_f64() * 1e3;
        let mut times = self.passes(
            gpu,
            win.as_ref().unwrap_or(src),
            wout.as_ref().unwrap_or(dst),
        )?;
        let (t1, out_len) = (Instant::now(), output.len());
        match &wout {
            // The map for reading makes the caller's memory current (no copy in place).
            Some(w) => with_mapped(&gpu.queue, w, out_len, false, |_| ())?.0,
            None => {
                let copy = |s: &mut [T]| {
                    copy_par(output, s, |_| true);
                };
                with_mapped(&gpu.queue, down, out_len, false, copy)?.0
            }
        };
        drop((win, wout));
        // No transfer command runs: the host steps before and after the passes stand in.
        times.upload_ms = upload_ms;
        times.download_ms = t1.elapsed().as_secs_f64() * 1e3;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }
}
