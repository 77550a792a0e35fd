//! A plain run whose host side streams through a bounded ring of pinned chunks: the caller
//! fills chunk k (e.g. reads it from a file) while chunk k−1 uploads, and takes the spectrum
//! back chunk by chunk (e.g. writes it to a file) while later chunks are still coming down.
//! Used by `vc::file_run`, where the file's read and write are the largest host steps: each
//! overlaps the PCIe transfers in its direction, and no pinned buffer of the file's size is
//! ever allocated (pinning 9.3 GB cost 3.5 s of first touch on the H100 host; the ring's
//! 4 × 64 MiB cost a few percent of that).

use super::execute::{Buffers, Real, TypedBuffers};
use super::schedule::Buf;
use super::VcTransform;
use crate::error::{JitError, Result};
use crate::runtime::timing::{event_ms, RunTimes};
use crate::runtime::{Gpu, Pinned};
use ocl::Event;
use std::time::Instant;

/// Bytes per chunk (at most; small runs use 4 chunks): large enough that a transfer runs at
/// the PCIe rate, small enough that the first transfer starts early (3^19 f32: 139 chunks).
pub const STREAM_CHUNK_BYTES: usize = 64 << 20;

/// Pinned chunks in the ring: chunk k is filled while k−1 (and k−2, k−3) upload.
pub const RING_SLOTS: usize = 4;

/// Host times of a streamed run (ms, host wall clock).
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamTimes {
    /// Inside `fill`, summed over the chunks.
    pub fill_ms: f64,
    /// Inside `drain`, summed over the chunks.
    pub drain_ms: f64,
}

/// The pinned chunks a transform's streamed runs stage through, allocated once.
pub struct PinnedRing {
    slots: Vec<Pinned<u8>>,
    /// Bytes a chunk holds (the last chunk of a run may hold fewer).
    pub chunk_bytes: usize,
    /// Host wall time of allocating and mapping the slots (ms).
    pub alloc_ms: f64,
}

impl PinnedRing {
    /// A ring for runs of `total_bytes` of complex values: chunks of [`STREAM_CHUNK_BYTES`]
    /// (at least 4 chunks a run, whole values of either precision), at most [`RING_SLOTS`] of
    /// them.
    pub fn new(gpu: &Gpu, total_bytes: usize) -> Result<PinnedRing> {
        let chunk = STREAM_CHUNK_BYTES.min(total_bytes.div_ceil(4));
        Self::with_chunk(gpu, total_bytes, chunk.div_ceil(16).max(1) * 16)
    }

    /// A ring of chunks of `chunk_bytes` (tests: uneven chunk counts), enough slots for runs
    /// of `total_bytes`.
    pub fn with_chunk(gpu: &Gpu, total_bytes: usize, chunk_bytes: usize) -> Result<PinnedRing> {
        if chunk_bytes == 0 || chunk_bytes % 16 != 0 {
            return Err(JitError::invalid(format!(
                "pinned ring: chunks of {chunk_bytes} bytes; a positive multiple of 16 (whole complex values of either precision)"
            )));
        }
        let t = Instant::now();
        let n = total_bytes.div_ceil(chunk_bytes).clamp(1, RING_SLOTS);
        let slots = (0..n)
            .map(|_| Pinned::<u8>::new(&gpu.queue, chunk_bytes))
            .collect::<Result<Vec<_>>>()?;
        Ok(PinnedRing {
            slots,
            chunk_bytes,
            alloc_ms: t.elapsed().as_secs_f64() * 1e3,
        })
    }

    /// Pinned bytes the ring holds.
    pub fn bytes(&self) -> usize {
        self.slots.len() * self.chunk_bytes
    }

    /// Slot `s`'s mapped memory as a raw pointer: the mapping lives as long as the ring.
    fn slot<T: Real>(&self, s: usize) -> Result<*mut T> {
        let p = self.slots[s].with_map(|m| Ok(m.as_mut_ptr()))?;
        if (p as usize) % std::mem::align_of::<T>() != 0 {
            return Err(JitError::opencl("pinned ring: a mapped slot is misaligned"));
        }
        Ok(p.cast())
    }

    /// Unmaps every slot, reporting an unmap error.
    pub fn release(self) -> Result<()> {
        self.slots.into_iter().try_for_each(|s| s.release())
    }
}

impl VcTransform {
    /// One run staged through `ring`: the input filled by `fill(byte offset, chunk)` into the
    /// ring's chunks, each chunk's upload enqueued as soon as it is filled; `gate()` once every
    /// chunk is filled (an error there stops the run before any output is handed out, e.g. a
    /// refused input); the output handed to `drain(byte offset, chunk)` as each chunk's
    /// download completes. Offsets and chunks are in the plan's complex type's bytes (B·N values
    /// in all). Returns the run's times (upload and download summed over the chunks' events) and
    /// the host time inside the callbacks. Any error fails the run after the queue is finished
    /// (no transfer touches the ring afterwards).
    pub fn run_pipelined(
        &self,
        gpu: &Gpu,
        ring: &PinnedRing,
        fill: impl FnMut(usize, &mut [u8]) -> Result<()>,
        gate: impl FnOnce() -> Result<()>,
        drain: impl FnMut(usize, &[u8]) -> Result<()>,
    ) -> Result<(RunTimes, StreamTimes)> {
        self.check_complex_buffers()?;
        let cb = (fill, gate, drain);
        match &self.buffers {
            TypedBuffers::F32(b) => self.ring_run(gpu, b, ring, cb),
            TypedBuffers::F64(b) => self.ring_run(gpu, b, ring, cb),
        }
    }

    fn ring_run<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        ring: &PinnedRing,
        (mut fill, gate, mut drain): (
            impl FnMut(usize, &mut [u8]) -> Result<()>,
            impl FnOnce() -> Result<()>,
            impl FnMut(usize, &[u8]) -> Result<()>,
        ),
    ) -> Result<(RunTimes, StreamTimes)> {
        let elem = std::mem::size_of::<T>();
        let len = 2 * self.plan.total_len() as usize;
        let chunk = ring.chunk_bytes / elem;
        let chunks = len.div_ceil(chunk);
        let slots = (0..ring.slots.len())
            .map(|s| ring.slot::<T>(s))
            .collect::<Result<Vec<_>>>()?;
        let r = slots.len();
        // Chunk k: its reals' range and its slot's memory. SAFETY (of every use below): a slot is
        // written by the host only after the transfer that last used it has completed, and read
        // by a transfer only after the host has finished with it.
        let span = |k: usize| (k * chunk, chunk.min(len - k * chunk));
        let mem = |k: usize| unsafe { std::slice::from_raw_parts_mut(slots[k % r], span(k).1) };
        let result = match self.schedule.result {
            Buf::A => &b.a,
            Buf::B => b.b.as_ref().unwrap_or(&b.a),
        };
        let q = &gpu.queue;
        let mut st = StreamTimes::default();
        let t0 = Instant::now();
        let mut ups: Vec<Event> = Vec::with_capacity(chunks);
        let mut downs: Vec<Event> = Vec::with_capacity(chunks);
        let download = |k: usize, downs: &mut Vec<Event>| -> Result<()> {
            downs.push(unsafe { copy_async(q, result, span(k).0, mem(k), false)? });
            Ok(())
        };
        let run = || -> Result<RunTimes> {
            for k in 0..chunks {
                if k >= r {
                    ups[k - r].wait_for()?;
                }
                let c = mem(k);
                let tf = Instant::now();
                fill(span(k).0 * elem, bytemuck::cast_slice_mut(c))?;
                st.fill_ms += tf.elapsed().as_secs_f64() * 1e3;
                ups.push(unsafe { copy_async(q, &b.a, span(k).0, c, true)? });
            }
            gate()?;
            // The in-order queue runs the kernels after every upload, the downloads after them.
            let times = self.passes(gpu, b)?;
            for k in 0..chunks.min(r) {
                download(k, &mut downs)?;
            }
            for k in 0..chunks {
                downs[k].wait_for()?;
                let td = Instant::now();
                drain(span(k).0 * elem, bytemuck::cast_slice(mem(k)))?;
                st.drain_ms += td.elapsed().as_secs_f64() * 1e3;
                if k + r < chunks {
                    download(k + r, &mut downs)?;
                }
            }
            Ok(times)
        };
        let mut times = match run() {
            Ok(t) => t,
            Err(e) => {
                // Nothing may still read or write the ring once this returns.
                let _ = q.finish();
                return Err(e);
            }
        };
        times.upload_ms = ups.iter().map(event_ms).sum::<Result<f64>>()?;
        times.download_ms = downs.iter().map(event_ms).sum::<Result<f64>>()?;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((times, st))
    }
}

/// Enqueues a copy between the host's `mem` and `buf` at `offset` (elements) without blocking
/// (`up`: to the device) and flushes the queue so that the device starts it; its event.
///
/// # Safety
/// The host must not touch `mem` until the event has completed.
unsafe fn copy_async<T: ocl::OclPrm>(
    q: &ocl::Queue,
    buf: &ocl::Buffer<T>,
    offset: usize,
    mem: &mut [T],
    up: bool,
) -> Result<Event> {
    let mut ev = Event::empty();
    let cmd = unsafe { buf.cmd().queue(q).offset(offset).block(false) }.enew(&mut ev);
    if up {
        cmd.write(&*mem).enq()?;
    } else {
        cmd.read(mem).enq()?;
    }
    q.flush()?;
    Ok(ev)
}
