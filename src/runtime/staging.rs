//! Host ↔ device staging at the PCIe rate for pageable host memory (a numpy array, a `Vec`).
//!
//! A transfer from pageable memory is either slow (the driver's own bounce buffer: 18 GB/s on
//! the H100 host against 55 GB/s pinned) or a copy into pinned memory followed by a pinned
//! transfer, where one thread's memcpy (12 GB/s) is the bound. Here the copy runs on every core
//! and in chunks: chunk k is copied into the pinned staging while chunk k−1 is already on
//! the wire, so an upload costs about max(parallel copy, DMA) plus one chunk, not their sum.
//! A download enqueues every chunk's read at once and copies chunk k out while chunk k+1 is
//! still coming down.
//!
//! The staging is a pinned area at least as long as the data (each chunk has its own place:
//! no chunk waits for another's DMA to finish before its copy). Results are byte copies, so
//! bit-identical to a single memcpy whatever the chunking.
//!
//! Faults: every chunk's copy runs inside a rayon scope (its threads are joined before an
//! error returns); an error after some transfers were enqueued finishes the queue first, so no
//! DMA touches the staging once the call returns. [`StageOpts::fail_at`] injects a failure at
//! one chunk (tests use it to check exactly that).

use super::stream_copy::copy_streaming;
use super::timing::event_span_ns;
use crate::error::{JitError, Result};
use ocl::core;
use ocl::{Buffer, Event, OclPrm, Queue};
use rayon::prelude::*;

/// Bytes per chunk by default: large enough that one DMA runs at the full PCIe rate and the
/// per-command cost (~10 µs) is noise, small enough that the pipeline fills in well under a
/// millisecond (344 MB: 21 chunks).
pub const DEFAULT_CHUNK_BYTES: usize = 16 << 20;

/// Smallest piece one copying thread takes (smaller pieces cost more in scheduling than the
/// extra threads gain).
const MIN_PIECE_BYTES: usize = 256 << 10;

/// How a transfer is staged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageOpts {
    /// Bytes per chunk (rounded down to whole elements, at least one element).
    pub chunk_bytes: usize,
    /// Copying threads per chunk: 0 = rayon's pool (every core); 1 = one memcpy on the caller's
    /// thread (the path before this module, kept to measure against).
    pub threads: usize,
    /// Test knob: fail at this chunk (its copy done, its transfer not enqueued) with an error
    /// naming it. `None` in every real run.
    pub fail_at: Option<usize>,
    /// Copy with streaming stores (`stream_copy`: no read for ownership of the destination)
    /// on the threaded path. Default on; off for [`StageOpts::single`] and to measure against.
    pub streaming: bool,
}

impl Default for StageOpts {
    fn default() -> Self {
        StageOpts {
            chunk_bytes: DEFAULT_CHUNK_BYTES,
            threads: 0,
            fail_at: None,
            streaming: true,
        }
    }
}

impl StageOpts {
    /// One chunk copied by one thread: the unstaged reference path.
    pub fn single() -> StageOpts {
        StageOpts {
            chunk_bytes: usize::MAX,
            threads: 1,
            fail_at: None,
            streaming: false,
        }
    }

    /// Elements per chunk for elements of type `T`.
    pub fn chunk_elems<T>(&self) -> usize {
        (self.chunk_bytes / std::mem::size_of::<T>().max(1)).max(1)
    }

    /// Chunks a transfer of `len` elements of `T` takes.
    pub fn chunks<T>(&self, len: usize) -> usize {
        len.div_ceil(self.chunk_elems::<T>())
    }

    fn check_fault(&self, k: usize, what: &str) -> Result<()> {
        if self.fail_at == Some(k) {
            return Err(JitError::opencl(format!(
                "{what}: failure injected at chunk {k} (StageOpts::fail_at)"
            )));
        }
        Ok(())
    }
}

/// The events of one staged transfer, in chunk order.
#[derive(Debug, Default)]
pub struct Staged {
    /// One transfer command per chunk.
    pub events: Vec<Event>,
}

impl Staged {
    /// First chunk's start to last chunk's end, from the profiling events (waits for them).
    pub fn span_ms(&self) -> Result<f64> {
        let (mut first, mut last) = (u64::MAX, 0u64);
        for ev in &self.events {
            let (s, e) = event_span_ns(ev)?;
            first = first.min(s);
            last = last.max(e);
        }
        Ok(last.saturating_sub(first.min(last)) as f64 * 1e-6)
    }

    /// The last chunk's event (what a command depending on the whole transfer waits for).
    pub fn last(&self) -> Option<&Event> {
        self.events.last()
    }
}

/// Copies `src` into `dst` (same length) on `opts.threads` threads (0: rayon's pool), with
/// streaming stores where `opts.streaming`, running `check` on each source piece while it is in
/// cache (the bytes are the same); returns whether every piece passed.
fn copy_checked<T: OclPrm + Send + Sync>(
    dst: &mut [T],
    src: &[T],
    opts: &StageOpts,
    check: &(dyn Fn(&[T]) -> bool + Sync),
) -> bool {
    if opts.threads == 1 {
        dst.copy_from_slice(src);
        return check(dst);
    }
    let workers = if opts.threads == 0 {
        rayon::current_num_threads()
    } else {
        opts.threads
    };
    let min_piece = (MIN_PIECE_BYTES / std::mem::size_of::<T>().max(1)).max(1);
    // Whole cache lines a piece: streaming stores like them, and a byte-typed copy of wider
    // values (up to 64 bytes) gives every check whole values.
    let piece = src
        .len()
        .div_ceil(workers.max(1))
        .max(min_piece)
        .next_multiple_of(64);
    dst.par_chunks_mut(piece)
        .zip(src.par_chunks(piece))
        .map(|(d, s)| {
            if opts.streaming {
                // SAFETY: OpenCL scalar/vector element types are plain bytes.
                let (db, sb) = unsafe {
                    (
                        std::slice::from_raw_parts_mut(
                            d.as_mut_ptr().cast::<u8>(),
                            std::mem::size_of_val(d),
                        ),
                        std::slice::from_raw_parts(
                            s.as_ptr().cast::<u8>(),
                            std::mem::size_of_val(s),
                        ),
                    )
                };
                copy_streaming(db, sb);
            } else {
                d.copy_from_slice(s);
            }
            check(s)
        })
        .reduce(|| true, |a, b| a & b)
}

/// Waits for everything on `queue` after an error, so that nothing enqueued still reads or
/// writes the staging; the original error is what the caller sees.
fn settle<R>(queue: &Queue, r: Result<R>) -> Result<R> {
    if r.is_err() {
        let _ = core::finish(queue.as_core());
    }
    r
}

/// Host `src` → device `dst[..src.len()]` through `staging` (mapped pinned memory at least as
/// long): each chunk copied on every core, then its upload enqueued (non-blocking, flushed) on
/// `queue` while the next chunk is copied. `check` runs on each copied piece (e.g. a
/// finiteness test); the returned flag is their conjunction. The transfers are still running
/// when this returns: wait for [`Staged::last`] (or enqueue after it on the same queue).
///
/// # Safety
/// `staging` must be pinned memory that stays mapped, and untouched by the host, until the
/// returned events complete.
pub unsafe fn upload<T: OclPrm + Send + Sync>(
    queue: &Queue,
    staging: &mut [T],
    dst: &Buffer<T>,
    src: &[T],
    opts: &StageOpts,
    check: &(dyn Fn(&[T]) -> bool + Sync),
) -> Result<(Staged, bool)> {
    if src.len() > staging.len() || src.len() > dst.len() {
        return Err(JitError::invalid(format!(
            "staged upload of {} elements: the staging holds {}, the device buffer {}",
            src.len(),
            staging.len(),
            dst.len()
        )));
    }
    let chunk = opts.chunk_elems::<T>();
    let mut staged = Staged::default();
    let mut ok = true;
    let r = (|| -> Result<()> {
        for (k, (st, s)) in staging[..src.len()]
            .chunks_mut(chunk)
            .zip(src.chunks(chunk))
            .enumerate()
        {
            ok &= copy_checked(st, s, opts, check);
            opts.check_fault(k, "staged upload")?;
            let mut ev = Event::empty();
            core::enqueue_write_buffer(
                queue.as_core(),
                dst.as_core(),
                false,
                k * chunk,
                &*st,
                None::<&Event>,
                Some(&mut ev),
            )?;
            core::flush(queue.as_core())?;
            staged.events.push(ev);
        }
        Ok(())
    })();
    settle(queue, r)?;
    Ok((staged, ok))
}

/// Device `src[..dst.len()]` → host `dst` through `staging`, after `wait` if given (or after
/// what `queue` already holds): every chunk's read enqueued at once, then each copied out on
/// every core as soon as its read completes, while the later chunks are still coming down.
/// Returns when `dst` holds the data. `check` runs on each piece as it is copied out (e.g. an
/// overflow test); the returned flag is their conjunction.
///
/// # Safety
/// `staging` must be pinned memory that stays mapped while this runs.
pub unsafe fn download<T: OclPrm + Send + Sync>(
    queue: &Queue,
    staging: &mut [T],
    src: &Buffer<T>,
    dst: &mut [T],
    opts: &StageOpts,
    wait: Option<&Event>,
    check: &(dyn Fn(&[T]) -> bool + Sync),
) -> Result<(Staged, bool)> {
    if dst.len() > staging.len() || dst.len() > src.len() {
        return Err(JitError::invalid(format!(
            "staged download of {} elements: the staging holds {}, the device buffer {}",
            dst.len(),
            staging.len(),
            src.len()
        )));
    }
    let chunk = opts.chunk_elems::<T>();
    let mut staged = Staged::default();
    let mut ok = true;
    let r = (|| -> Result<()> {
        for (k, st) in staging[..dst.len()].chunks_mut(chunk).enumerate() {
            let mut ev = Event::empty();
            core::enqueue_read_buffer(
                queue.as_core(),
                src.as_core(),
                false,
                k * chunk,
                st,
                if k == 0 { wait } else { None },
                Some(&mut ev),
            )?;
            staged.events.push(ev);
        }
        core::flush(queue.as_core())?;
        // The staging may be longer than the data: its last chunk ends where the data does.
        let staged_data = staging[..dst.len()].chunks(chunk);
        for (k, (d, st)) in dst.chunks_mut(chunk).zip(staged_data).enumerate() {
            staged.events[k].wait_for()?;
            opts.check_fault(k, "staged download")?;
            ok &= copy_checked(d, st, opts, check);
        }
        Ok(())
    })();
    settle(queue, r)?;
    Ok((staged, ok))
}
