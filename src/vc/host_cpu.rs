//! The host path on CPU devices (PoCL, Intel's CPU runtime), where host and device memory are
//! the same RAM. The staging path of [`host`](super::host) copies every value four times
//! (into the pinned staging, the upload, the download, out of the staging), each copy in one
//! thread; on PoCL that was 2–25 ms around 1–11 ms of passes (issue 36). Two paths here:
//! - mapped ([`execute_mapped`](VcTransform::execute_mapped)): the input copied once, in
//!   parallel and checked for NaN/∞ as it goes, straight into the mapped input buffer, and
//!   the spectrum once, in parallel, straight out of the mapped result buffer;
//! - wrapped ([`execute_wrapped`](VcTransform::execute_wrapped)), for an output the caller
//!   owns outright (a fresh array): the input copied (checked) straight into the output, which
//!   a `CL_MEM_USE_HOST_PTR` buffer then wraps as the buffer the passes leave the spectrum
//!   in; one blocking map for reading makes the host memory current (the runtime's own
//!   pointer where it is aligned, so no copy). No copy out, two queue round trips fewer.
//!
//! Every host step is timed ([`CpuSteps`]); `upload_ms` / `download_ms` of the run are the
//! host wall time of the steps before / after the passes (no transfer command runs, so there
//! is no event to time).

use super::execute::{Buffers, Real, TypedBuffers, VcTransform};
use super::host::DeviceComplex;
use super::schedule::Buf;
use crate::error::{JitError, Result};
use crate::runtime::mapped::{copy_par, with_mapped, PIECE};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use ocl::flags::MemFlags;
use ocl::Buffer;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// The host steps of one call on a CPU device, ms of host wall time (`VcPlan.stats()`'s
/// `host_steps`: the medians). Steps a path does not take read 0.
#[derive(Debug, Clone, Copy, Default, Serialize)]
pub struct CpuSteps {
    /// Mapping the input buffer for writing (mapped path, and wrapped plans ending in B).
    pub map_in_ms: f64,
    /// Copying (and checking) the input: into the mapped buffer or the caller's output.
    pub copy_in_ms: f64,
    /// Unmapping the input buffer.
    pub unmap_in_ms: f64,
    /// Creating the `CL_MEM_USE_HOST_PTR` buffer over the output (wrapped path).
    pub wrap_ms: f64,
    /// Setting the passes' arguments and enqueuing them.
    pub launch_ms: f64,
    /// From the last enqueue until every pass has finished.
    pub wait_ms: f64,
    /// Mapping the result for reading (the wrapped path: the sync of the host memory).
    pub map_out_ms: f64,
    /// Copying the spectrum out of the mapped result (mapped path).
    pub copy_out_ms: f64,
    /// Unmapping the result.
    pub unmap_out_ms: f64,
    /// The whole call.
    pub total_ms: f64,
    /// `wrapped` or `mapped`.
    pub path: &'static str,
    /// The map returned the caller's own memory (wrapped path: the runtime copied nothing).
    pub zero_copy: bool,
}

impl CpuSteps {
    fn times(&self) -> [f64; 10] {
        [
            self.map_in_ms,
            self.copy_in_ms,
            self.unmap_in_ms,
            self.wrap_ms,
            self.launch_ms,
            self.wait_ms,
            self.map_out_ms,
            self.copy_out_ms,
            self.unmap_out_ms,
            self.total_ms,
        ]
    }

    /// Each step's median over `runs` (the path and zero-copy of the last run); None if empty.
    pub fn median(runs: &[CpuSteps]) -> Option<CpuSteps> {
        let last = runs.last()?;
        let mut m = [0.0; 10];
        for (i, slot) in m.iter_mut().enumerate() {
            let mut v: Vec<f64> = runs.iter().map(|r| r.times()[i]).collect();
            v.sort_by(f64::total_cmp);
            let h = v.len() / 2;
            *slot = if v.len() % 2 == 1 {
                v[h]
            } else {
                (v[h - 1] + v[h]) / 2.0
            };
        }
        let [map_in_ms, copy_in_ms, unmap_in_ms, wrap_ms, launch_ms, wait_ms, map_out_ms, copy_out_ms, unmap_out_ms, total_ms] =
            m;
        Some(CpuSteps {
            map_in_ms,
            copy_in_ms,
            unmap_in_ms,
            wrap_ms,
            launch_ms,
            wait_ms,
            map_out_ms,
            copy_out_ms,
            unmap_out_ms,
            total_ms,
            ..*last
        })
    }
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Copies `src` into `dst` on every core; with `check`, also whether every real is finite.
fn copy_checked<C: DeviceComplex>(dst: &mut [C::Real], src: &[C::Real], check: bool) -> bool {
    copy_par(dst, src, |d| !check || C::all_finite(d))
}

/// The error non-finite input raises (the first bad index named).
fn refuse<C: DeviceComplex>(input: &[C], refused_by: Option<&'static str>) -> Result<()> {
    use crate::io::input::{find_non_finite_where, NonFinitePolicy};
    NonFinitePolicy::Refuse {
        refused_by: refused_by.unwrap_or("jitfft"),
    }
    .apply(
        find_non_finite_where(input.iter().map(C::is_finite)),
        "input",
    )?;
    Ok(())
}

impl VcTransform {
    /// True where [`execute_into`](Self::execute_into) and
    /// [`execute_into_finite`](Self::execute_into_finite) copy straight into and out of the
    /// device buffers ([`execute_mapped`](Self::execute_mapped)): CPU devices.
    pub fn maps_host_memory(gpu: &Gpu) -> bool {
        crate::runtime::mapped::maps_host_memory(gpu)
    }

    /// The byte alignment a `CL_MEM_USE_HOST_PTR` buffer needs to be used in place
    /// (`CL_DEVICE_MEM_BASE_ADDR_ALIGN`, at least 64): allocate outputs for
    /// [`execute_wrapped`](Self::execute_wrapped) aligned to it.
    pub fn host_alignment(gpu: &Gpu) -> usize {
        crate::runtime::mapped::host_alignment(gpu)
    }

    /// Transforms `input` into `output` (B·N values each, the plan's precision) through mapped
    /// device buffers: one parallel copy in, the passes, one parallel copy out. With
    /// `refused_by`, input holding NaN or ∞ is refused (nothing runs, `output` untouched).
    /// Fast on CPU devices; correct on any (a GPU driver would copy behind the map).
    pub fn execute_mapped<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
        refused_by: Option<&'static str>,
    ) -> Result<RunTimes> {
        Ok(self.execute_mapped_steps(gpu, input, output, refused_by)?.0)
    }

    /// [`execute_mapped`](Self::execute_mapped) with its host steps.
    pub fn execute_mapped_steps<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
        refused_by: Option<&'static str>,
    ) -> Result<(RunTimes, CpuSteps)> {
        let b = self.typed::<C>(input.len(), "input")?;
        self.typed::<C>(output.len(), "output")?;
        let t0 = Instant::now();
        let mut s = CpuSteps {
            path: "mapped",
            ..CpuSteps::default()
        };
        let src: &[C::Real] = bytemuck::cast_slice(input);
        let len = src.len();
        let check = refused_by.is_some();
        let (finite, [m, c, u]) = with_mapped(&gpu.queue, &b.a, len, true, |dst| {
            copy_checked::<C>(dst, src, check)
        })?;
        (s.map_in_ms, s.copy_in_ms, s.unmap_in_ms) = (m, c, u);
        if !finite {
            refuse(input, refused_by)?;
        }
        let mut times = match &self.buffers {
            TypedBuffers::F32(b) => self.launch_wait(gpu, b, &b.a, b.b.as_ref(), &mut s)?,
            TypedBuffers::F64(b) => self.launch_wait(gpu, b, &b.a, b.b.as_ref(), &mut s)?,
        };
        let result = b.pick(self.schedule.result);
        let dst: &mut [C::Real] = bytemuck::cast_slice_mut(output);
        let ((), [m, c, u]) = with_mapped(&gpu.queue, result, len, false, |m| {
            dst.par_chunks_mut(PIECE)
                .zip(m.par_chunks(PIECE))
                .for_each(|(d, s)| d.copy_from_slice(s));
        })?;
        (s.map_out_ms, s.copy_out_ms, s.unmap_out_ms) = (m, c, u);
        times.upload_ms = s.map_in_ms + s.copy_in_ms + s.unmap_in_ms;
        times.download_ms = s.map_out_ms + s.copy_out_ms + s.unmap_out_ms;
        times.host_ms = ms_since(t0);
        s.total_ms = times.host_ms;
        Ok((times, s))
    }

    /// Transforms `input` into `output`, an array the caller owns outright (a fresh one: it is
    /// written even when the call fails, e.g. on refused NaN/∞ input), through a
    /// `CL_MEM_USE_HOST_PTR` buffer over `output` (see the module's note). Where `output` is
    /// not aligned to [`host_alignment`](Self::host_alignment), the mapped path runs instead.
    pub fn execute_wrapped<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        input: &[C],
        output: &mut [C],
        refused_by: Option<&'static str>,
    ) -> Result<(RunTimes, CpuSteps)> {
        let b = self.typed::<C>(input.len(), "input")?;
        self.typed::<C>(output.len(), "output")?;
        if output.as_ptr() as usize % Self::host_alignment(gpu) != 0 {
            return self.execute_mapped_steps(gpu, input, output, refused_by);
        }
        let t0 = Instant::now();
        let mut s = CpuSteps {
            path: "wrapped",
            ..CpuSteps::default()
        };
        let src: &[C::Real] = bytemuck::cast_slice(input);
        let dst: &mut [C::Real] = bytemuck::cast_slice_mut(output);
        let check = refused_by.is_some();
        // The passes leave the spectrum in A for Cooley-Tukey (in place) and for an even
        // number of ping-pong passes: the output is A then and takes the input directly.
        let in_a = self.schedule.result == Buf::A || b.b.is_none();
        let finite = if in_a {
            let t = Instant::now();
            let f = copy_checked::<C>(dst, src, check);
            s.copy_in_ms = ms_since(t);
            f
        } else {
            let (f, [m, c, u]) = with_mapped(&gpu.queue, &b.a, src.len(), true, |d| {
                copy_checked::<C>(d, src, check)
            })?;
            (s.map_in_ms, s.copy_in_ms, s.unmap_in_ms) = (m, c, u);
            f
        };
        if !finite {
            refuse(input, refused_by)?;
        }
        let up = ms_since(t0);
        let mut times = match &self.buffers {
            TypedBuffers::F32(b) => self.wrapped_passes(gpu, b, cast(dst)?, in_a, &mut s)?,
            TypedBuffers::F64(b) => self.wrapped_passes(gpu, b, cast(dst)?, in_a, &mut s)?,
        };
        times.upload_ms = up;
        times.download_ms = s.map_out_ms + s.unmap_out_ms;
        times.host_ms = ms_since(t0);
        s.total_ms = times.host_ms;
        Ok((times, s))
    }

    /// The passes with `out` wrapped as A (`in_a`) or B, then the map that makes `out` current.
    fn wrapped_passes<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        out: &mut [T],
        in_a: bool,
        s: &mut CpuSteps,
    ) -> Result<RunTimes> {
        let t = Instant::now();
        let ptr = out.as_ptr();
        // SAFETY: `out` outlives the buffer (dropped at the end of this function, after the
        // blocking map and unmap that end every command using it), and nothing else touches
        // `out` meanwhile (it is borrowed mutably here).
        let wrap = unsafe {
            Buffer::<T>::builder()
                .queue(gpu.queue.clone())
                .flags(MemFlags::new().read_write())
                .len(out.len())
                .use_host_slice(&*out)
                .build()?
        };
        s.wrap_ms = ms_since(t);
        let times = if in_a {
            self.launch_wait(gpu, b, &wrap, b.b.as_ref(), s)?
        } else {
            self.launch_wait(gpu, b, &b.a, Some(&wrap), s)?
        };
        let (zero_copy, [m, _, u]) =
            with_mapped(&gpu.queue, &wrap, out.len(), false, |m| m.as_ptr() == ptr)?;
        (s.map_out_ms, s.unmap_out_ms, s.zero_copy) = (m, u, zero_copy);
        Ok(times)
    }

    /// The passes with `a` and `bb` as the buffers A and B; enqueue and wait timed apart.
    fn launch_wait<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        a: &Buffer<T>,
        bb: Option<&Buffer<T>>,
        s: &mut CpuSteps,
    ) -> Result<RunTimes> {
        let t0 = Instant::now();
        let mut events = Vec::with_capacity(self.schedule.pass_count());
        for l in self.launches_over(b, a, bb) {
            l.kernel.set_args(&l.args)?;
            events.push(l.kernel.launch(&gpu.queue, l.items, l.local)?);
        }
        s.launch_ms = ms_since(t0);
        let t = Instant::now();
        let times = RunTimes::from_launches(&events, t0)?;
        s.wait_ms = ms_since(t);
        Ok(times)
    }
}

/// The output's reals as the plan's real type (the same type: `typed` checked the precision).
fn cast<A: bytemuck::Pod, B: bytemuck::Pod>(x: &mut [A]) -> Result<&mut [B]> {
    bytemuck::try_cast_slice_mut(x)
        .map_err(|e| JitError::invalid(format!("output: not the plan's real type ({e})")))
}
