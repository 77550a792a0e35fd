//! Host access to device buffers where host and device memory are one RAM (CPU devices:
//! PoCL, Intel's CPU runtime): a blocking map, one parallel copy, the unmap, each timed. The
//! host paths of `vc`, `vc --real` and `wht` on CPU devices copy through these instead of
//! the pinned staging (two copies a run where the staging makes four).

use super::Gpu;
use crate::error::Result;
use ocl::enums::{DeviceInfo, DeviceInfoResult};
use ocl::flags::{MapFlags, MemFlags};
use ocl::{Buffer, Event, OclPrm, Queue};
use rayon::prelude::*;
use std::time::Instant;

/// Values a rayon task copies (and checks) at once: large enough to stream, small enough that
/// the checked piece is still in cache.
pub const PIECE: usize = 1 << 15;

/// True where mapping a device buffer hands out the memory the kernels use (no copy behind
/// the map): CPU devices.
pub fn maps_host_memory(gpu: &Gpu) -> bool {
    gpu.info.kind == "cpu"
}

/// The byte alignment a `CL_MEM_USE_HOST_PTR` buffer needs to be used in place
/// (`CL_DEVICE_MEM_BASE_ADDR_ALIGN`, at least 64; elsewhere the runtime copies).
pub fn host_alignment(gpu: &Gpu) -> usize {
    match gpu.device.info(DeviceInfo::MemBaseAddrAlign) {
        Ok(DeviceInfoResult::MemBaseAddrAlign(bits)) => (bits as usize / 8).max(64),
        _ => 4096,
    }
}

/// Whether `data` starts at [`host_alignment`]: a buffer wrapping it is used in place.
pub fn in_place<T>(gpu: &Gpu, data: &[T]) -> bool {
    data.as_ptr() as usize % host_alignment(gpu) == 0
}

/// A buffer over the caller's memory (`CL_MEM_USE_HOST_PTR`): kernels read (`read_only`) or
/// read and write `data` itself on a CPU device where it is aligned ([`in_place`]).
///
/// # Safety
/// `data` must outlive every command that uses the buffer, and nothing else may write it
/// meanwhile (nor read it, unless `read_only`, before a blocking map for reading).
pub unsafe fn wrap<T: OclPrm>(gpu: &Gpu, data: &[T], read_only: bool) -> Result<Buffer<T>> {
    let flags = if read_only {
        MemFlags::new().read_only()
    } else {
        MemFlags::new().read_write()
    };
    Ok(Buffer::<T>::builder()
        .queue(gpu.queue.clone())
        .flags(flags)
        .len(data.len())
        .use_host_slice(data)
        .build()?)
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Maps `len` elements of `buf` for the host (`write`: invalidating, the input; else for
/// reading, the result), runs `f` on them and unmaps; returns `f`'s value and the ms of the
/// map, of `f` and of the unmap.
pub fn with_mapped<T: OclPrm, R>(
    queue: &Queue,
    buf: &Buffer<T>,
    len: usize,
    write: bool,
    f: impl FnOnce(&mut [T]) -> R,
) -> Result<(R, [f64; 3])> {
    let t0 = Instant::now();
    let flags = if write {
        MapFlags::new().write_invalidate_region()
    } else {
        MapFlags::new().read()
    };
    // SAFETY: a blocking map of a buffer no command in flight uses (the queue is in order and
    // every earlier command has finished when the map returns); unmapped below.
    let mut map = unsafe { buf.map().queue(queue).flags(flags).len(len).enq()? };
    let mapped = ms_since(t0);
    let t1 = Instant::now();
    let r = f(&mut map[..len]);
    let done = ms_since(t1);
    let t2 = Instant::now();
    let mut ev = Event::empty();
    map.unmap().queue(queue).enew(&mut ev).enq()?;
    ev.wait_for()?;
    Ok((r, [mapped, done, ms_since(t2)]))
}

/// Arrays below this many bytes are copied on the calling thread: after a parallel copy
/// rayon's workers spin on the cores the CPU device's kernel threads need next (PoCL from
/// Python, rvc of float32 (3,)*12: 3.0 ms median with them, 1.9–2.0 ms without).
pub const PARALLEL_BYTES: usize = 8 << 20;

/// Whether `ok` holds for every piece of `v` (on every core from [`PARALLEL_BYTES`] on).
pub fn all_pieces<T: Sync>(v: &[T], ok: impl Fn(&[T]) -> bool + Sync + Send) -> bool {
    if std::mem::size_of_val(v) < PARALLEL_BYTES {
        return v.chunks(PIECE).all(ok);
    }
    v.par_chunks(PIECE).all(ok)
}

/// Copies `src` into `dst` piece by piece (on every core from [`PARALLEL_BYTES`] on), and
/// whether `ok` held for every piece copied (tested while the piece is still in cache).
pub fn copy_par<T: Copy + Send + Sync>(
    dst: &mut [T],
    src: &[T],
    ok: impl Fn(&[T]) -> bool + Sync,
) -> bool {
    if std::mem::size_of_val(src) < PARALLEL_BYTES {
        return dst
            .chunks_mut(PIECE)
            .zip(src.chunks(PIECE))
            .fold(true, |all, (d, s)| {
                d.copy_from_slice(s);
                ok(d) & all
            });
    }
    dst.par_chunks_mut(PIECE)
        .zip(src.par_chunks(PIECE))
        .map(|(d, s)| {
            d.copy_from_slice(s);
            ok(d)
        })
        .reduce(|| true, |x, y| x & y)
}
