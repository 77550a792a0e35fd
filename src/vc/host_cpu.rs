//! The host path on CPU devices (PoCL, Intel's CPU runtime), where host and device memory are
//! the same RAM. The staging path of [`host`](super::host) copies every value four times
//! (into the pinned staging, the upload, the download, out of the staging), each copy in one
//! thread; on PoCL that was 2–25 ms around 1–11 ms of passes (issue 36). Here the input is
//! copied once, in parallel and checked for NaN/∞ as it goes, straight into the mapped input
//! buffer, and the spectrum once, in parallel, straight out of the mapped result buffer.
//! `upload_ms` / `download_ms` are then the host wall time of map + copy + unmap (no transfer
//! command runs, so there is no event to time).

use super::execute::{Buffers, VcTransform};
use super::host::DeviceComplex;
use super::schedule::Buf;
use crate::error::Result;
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use ocl::flags::MapFlags;
use ocl::{Buffer, Event, OclPrm, Queue};
use rayon::prelude::*;
use std::time::Instant;

/// Reals a rayon task copies (and checks) at once: large enough to stream, small enough that
/// the checked piece is still in cache.
const PIECE: usize = 1 << 15;

/// Maps `len` elements of `buf` for the host (`write`: invalidating, the input; else for
/// reading, the result), runs `f` on them and unmaps; returns `f`'s value and the host ms.
fn with_mapped<T: OclPrm, R>(
    queue: &Queue,
    buf: &Buffer<T>,
    len: usize,
    write: bool,
    f: impl FnOnce(&mut [T]) -> R,
) -> Result<(R, f64)> {
    let t0 = Instant::now();
    let flags = if write {
        MapFlags::new().write_invalidate_region()
    } else {
        MapFlags::new().read()
    };
    // SAFETY: a blocking map of a buffer no command in flight uses (the queue is in order and
    // every earlier command has finished when the map returns); unmapped below.
    let mut map = unsafe { buf.map().queue(queue).flags(flags).len(len).enq()? };
    let r = f(&mut map[..len]);
    let mut ev = Event::empty();
    map.unmap().queue(queue).enew(&mut ev).enq()?;
    ev.wait_for()?;
    Ok((r, t0.elapsed().as_secs_f64() * 1e3))
}

impl VcTransform {
    /// True where [`execute_into`](Self::execute_into) and
    /// [`execute_into_finite`](Self::execute_into_finite) copy straight into and out of the
    /// device buffers ([`execute_mapped`](Self::execute_mapped)): CPU devices.
    pub fn maps_host_memory(gpu: &Gpu) -> bool {
        gpu.info.kind == "cpu"
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
        let b = self.typed::<C>(input.len(), "input")?;
        self.typed::<C>(output.len(), "output")?;
        let t0 = Instant::now();
        let src: &[C::Real] = bytemuck::cast_slice(input);
        let len = src.len();
        let (finite, upload_ms) = with_mapped(&gpu.queue, &b.a, len, true, |dst| {
            dst.par_chunks_mut(PIECE)
                .zip(src.par_chunks(PIECE))
                .map(|(d, s)| {
                    d.copy_from_slice(s);
                    refused_by.is_none() || C::all_finite(d)
                })
                .reduce(|| true, |x, y| x & y)
        })?;
        if !finite {
            use crate::io::input::{find_non_finite_where, NonFinitePolicy};
            NonFinitePolicy::Refuse {
                refused_by: refused_by.unwrap_or("jitfft"),
            }
            .apply(
                find_non_finite_where(input.iter().map(C::is_finite)),
                "input",
            )?;
        }
        let mut times = self.run(gpu)?;
        let result = result_of(b, self.schedule.result);
        let dst: &mut [C::Real] = bytemuck::cast_slice_mut(output);
        let ((), download_ms) = with_mapped(&gpu.queue, result, len, false, |m| {
            dst.par_chunks_mut(PIECE)
                .zip(m.par_chunks(PIECE))
                .for_each(|(d, s)| d.copy_from_slice(s));
        })?;
        times.upload_ms = upload_ms;
        times.download_ms = download_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }
}

fn result_of<T: OclPrm>(b: &Buffers<T>, which: Buf) -> &Buffer<T> {
    match which {
        Buf::A => &b.a,
        Buf::B => b.b.as_ref().unwrap_or(&b.a),
    }
}
