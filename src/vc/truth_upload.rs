//! The truth vector's way to the device (issue 28: 85 MB for 2^20 functions of 3^4 values,
//! 3.4 ms on the H100's bus): from host memory, every core copies pieces of it into the
//! pinned staging in order while the main thread enqueues (and flushes) the upload of each
//! chunk as soon as its pieces are in, so the copy runs behind the transfers instead of
//! before them; or from data already in the staging (a file read straight into it), the
//! transfer alone.

use super::execute::{Buffers, TypedBuffers, VcTransform};
use crate::error::{JitError, Result};
use crate::runtime::timing::event_ms;
use crate::runtime::Gpu;
use crate::runtime::Pinned;
use crate::vc::RunTimes;
use ocl::{Buffer, Event, Queue};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The largest chunk one upload command moves by default (`JITFFT_TRUTH_CHUNK` sets another);
/// the first chunks are smaller so the bus starts after a short copy (64 KB, doubling up to it).
const UPLOAD_CHUNK: usize = 4 << 20;
const FIRST_CHUNK: usize = 64 << 10;

/// Host-side times of one truth upload (ms).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TruthUpload {
    /// The transfers' summed device event times.
    pub events_ms: f64,
    /// When the last byte was in the pinned staging, from the call's start (0 for data
    /// already staged).
    pub copy_done_ms: f64,
    /// Upload commands enqueued.
    pub chunks: usize,
}

/// (start, end) of each chunk of a `len`-byte upload: 64 KB, 128 KB, … then `cap`-byte chunks
/// (at least 64 KB).
pub fn upload_chunks(len: usize, cap: usize) -> Vec<(usize, usize)> {
    let cap = cap.max(FIRST_CHUNK);
    let mut out = Vec::new();
    let (mut at, mut size) = (0, FIRST_CHUNK);
    while at < len {
        let end = (at + size).min(len);
        out.push((at, end));
        at = end;
        size = (size * 2).min(cap);
    }
    out
}

/// A raw pointer the copy tasks share; each writes only its own pieces.
#[derive(Clone, Copy)]
struct Dst(*mut u8);
// SAFETY: the pieces written through it are disjoint, and the staging outlives the scope.
unsafe impl Send for Dst {}
unsafe impl Sync for Dst {}

/// Called after each chunk's upload is enqueued: (bytes uploaded once it is done, its event).
type OnChunk<'a> = &'a mut dyn FnMut(usize, &Event) -> Result<()>;

/// Copies `values` into the pinned staging `st` with every rayon thread (pieces taken in
/// order from a shared counter) while this thread enqueues each chunk's upload to `dev` on
/// `queue` as soon as its pieces are copied, flushing so the transfer starts at once, and
/// calls `on_chunk`; waits for the last transfer.
fn upload_overlapped(
    st: &Pinned<u8>,
    dev: &Buffer<u8>,
    queue: &Queue,
    values: &[u8],
    cap: Option<u64>,
    on_chunk: OnChunk<'_>,
) -> Result<TruthUpload> {
    let t0 = Instant::now();
    let cap = cap.map_or(UPLOAD_CHUNK, |c| c as usize);
    let chunks = upload_chunks(values.len(), cap);
    let threads = rayon::current_num_threads().max(1);
    // Each chunk in `threads` pieces (at least 16 KB), so every core copies every chunk.
    let mut pieces: Vec<(usize, usize, usize)> = Vec::new(); // (chunk, start, end)
    for (k, &(a, b)) in chunks.iter().enumerate() {
        let piece = (b - a).div_ceil(threads).max(16 << 10);
        let mut s = a;
        while s < b {
            pieces.push((k, s, (s + piece).min(b)));
            s += piece;
        }
    }
    let left: Vec<AtomicUsize> = chunks.iter().map(|_| AtomicUsize::new(0)).collect();
    for &(k, _, _) in &pieces {
        left[k].fetch_add(1, Ordering::Relaxed);
    }
    let next = AtomicUsize::new(0);
    let mut copy_done_ms = 0.0;
    let events = st.with_map(|h| {
        let h = &mut h[..values.len()];
        let dst = Dst(h.as_mut_ptr());
        let mut events = Vec::with_capacity(chunks.len());
        // Copies piece i; false when none is left.
        let copy_next = || {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(&(k, a, b)) = pieces.get(i) else {
                return false;
            };
            let d = dst;
            // SAFETY: [a, b) lies inside the staging and no other task writes it; the upload
            // of its chunk is enqueued only after `left[k]` reaches 0.
            unsafe { std::ptr::copy_nonoverlapping(values.as_ptr().add(a), d.0.add(a), b - a) };
            left[k].fetch_sub(1, Ordering::Release);
            true
        };
        rayon::in_place_scope(|s| -> Result<()> {
            // This thread copies too (between enqueues), so `threads − 1` helpers keep every
            // core busy without one more thread spinning.
            for _ in 1..threads {
                s.spawn(|_| while copy_next() {});
            }
            for (k, &(a, b)) in chunks.iter().enumerate() {
                while left[k].load(Ordering::Acquire) != 0 {
                    // Copy a piece while chunk k's last pieces finish elsewhere; with none
                    // left, give the core to the copiers (or, inside a rayon worker, run a
                    // pending copy task: a 1-thread pool would otherwise wait for itself).
                    if !copy_next() && rayon::yield_now() != Some(rayon::Yield::Executed) {
                        std::thread::yield_now();
                    }
                }
                // SAFETY: chunk k is fully copied (Acquire above) and no task writes it again.
                let src = unsafe { std::slice::from_raw_parts(dst.0.add(a), b - a) };
                let mut ev = Event::empty();
                // SAFETY: the staging stays mapped and unwritten until the waits below; the
                // device buffer holds `values.len()` bytes or more (checked by the caller).
                unsafe {
                    dev.write(src)
                        .queue(queue)
                        .offset(a)
                        .block(false)
                        .enew(&mut ev)
                        .enq()?;
                }
                // Submit now: a driver may hold unflushed commands until the first wait.
                queue.flush()?;
                on_chunk(b, &ev)?;
                events.push(ev);
            }
            copy_done_ms = t0.elapsed().as_secs_f64() * 1e3;
            Ok(())
        })?;
        Ok(events)
    })?;
    let mut events_ms = 0.0;
    for ev in &events {
        ev.wait_for()?;
    }
    for ev in &events {
        events_ms += event_ms(ev)?;
    }
    Ok(TruthUpload {
        events_ms,
        copy_done_ms,
        chunks: events.len(),
    })
}

/// The device buffer of a reducing plan's (min, max) |S|² partials, in the plan's real type.
#[derive(Debug, Clone, Copy)]
pub enum PartialsBuffer<'a> {
    /// f32 plans.
    F32(&'a Buffer<f32>),
    /// f64 plans.
    F64(&'a Buffer<f64>),
}

fn truth_parts<T: super::execute::Real>(b: &Buffers<T>) -> Result<(&Pinned<u8>, &Buffer<u8>)> {
    match b.mvl.as_ref().map(|m| (&m.truth_staging, &m.truth)) {
        Some((Some(st), Some(dev))) => Ok((st, dev)),
        _ => Err(JitError::invalid("the plan has no truth-vector input")),
    }
}

impl VcTransform {
    fn truth_len(&self) -> usize {
        (self.plan.total_len() * self.plan.truth_bytes()) as usize
    }

    fn truth_staging_and_buffer(&self) -> Result<(&Pinned<u8>, &Buffer<u8>)> {
        match &self.buffers {
            TypedBuffers::F32(b) => truth_parts(b),
            TypedBuffers::F64(b) => truth_parts(b),
        }
    }

    /// [`upload_truth`](Self::upload_truth) with the host-side times: the copy into the pinned
    /// staging on every core, overlapped with the chunks' transfers.
    pub fn upload_truth_timed(&self, values: &[u8]) -> Result<TruthUpload> {
        let need = self.truth_len();
        if values.len() != need {
            return Err(JitError::invalid(format!(
                "truth vector: {} bytes given, the plan needs B·N·{} = {need}",
                values.len(),
                self.plan.truth_bytes()
            )));
        }
        let (st, dev) = self.truth_staging_and_buffer()?;
        let queue = dev
            .default_queue()
            .ok_or_else(|| JitError::opencl("the truth buffer has no queue"))?;
        upload_overlapped(st, dev, queue, values, self.truth_chunk, &mut |_, _| Ok(()))
    }

    /// Whether [`upload_run_overlapped`](Self::upload_run_overlapped) applies: one per-item
    /// pass from a truth vector (a bentness plan).
    pub fn can_run_behind_upload(&self) -> bool {
        self.plan.truth.is_some()
            && self.schedule.pass_count() == 1
            && self
                .schedule
                .fused_passes()
                .all(|f| f.per_item && f.batched())
    }

    /// The upload of [`upload_truth_timed`](Self::upload_truth_timed) on `copy` (a second
    /// queue) with the plan's one per-item pass launched on the transform's queue in pieces:
    /// after each chunk, the work-groups whose functions it completed, waiting for its transfer
    /// (the rest after the last chunk), so the kernel runs under the transfers. The range flag
    /// is reset before and checked after, as [`run_checked`](Self::run_checked) does; the times'
    /// `kernel_ms` is the pieces' sum.
    pub fn upload_run_overlapped(
        &self,
        gpu: &Gpu,
        copy: &Queue,
        values: &[u8],
    ) -> Result<(TruthUpload, RunTimes)> {
        if !self.can_run_behind_upload() {
            return Err(JitError::invalid(
                "the kernel runs behind the upload only for one per-item pass from a truth vector",
            ));
        }
        let need = self.truth_len();
        if values.len() != need {
            return Err(JitError::invalid(format!(
                "truth vector: {} bytes given, the plan needs {need}",
                values.len()
            )));
        }
        self.reset_reductions()?;
        let rows = self.schedule.fused_passes().next().map_or(1, |f| f.rows) as usize;
        let group_bytes = rows * (self.plan.len * self.plan.truth_bytes()) as usize;
        let (st, dev) = self.truth_staging_and_buffer()?;
        fn go<T: super::execute::Real>(
            tr: &VcTransform,
            b: &Buffers<T>,
            gpu: &Gpu,
            copy: &Queue,
            (st, dev, values, group_bytes): (&Pinned<u8>, &Buffer<u8>, &[u8], usize),
        ) -> Result<(TruthUpload, RunTimes)> {
            let launches = tr.launches(b);
            let l = &launches[0];
            l.kernel.set_args(&l.args)?;
            let total = l.groups();
            let (mut done, mut evs) = (0usize, Vec::new());
            let t0 = Instant::now();
            let up = upload_overlapped(st, dev, copy, values, tr.truth_chunk, &mut |end, ev| {
                let g = if end == values.len() {
                    total
                } else {
                    (end / group_bytes).min(total)
                };
                if g > done {
                    evs.push(l.kernel.launch_groups(
                        &gpu.queue,
                        done,
                        g - done,
                        l.local,
                        Some(ev),
                    )?);
                    gpu.queue.flush()?;
                    done = g;
                }
                Ok(())
            })?;
            Ok((up, RunTimes::from_launches(&evs, t0)?))
        }
        let args = (st, dev, values, group_bytes);
        let r = match &self.buffers {
            TypedBuffers::F32(b) => go(self, b, gpu, copy, args)?,
            TypedBuffers::F64(b) => go(self, b, gpu, copy, args)?,
        };
        self.check_range_flag()?;
        Ok(r)
    }

    /// Runs `f` on the truth vector's pinned staging (B·N·truth_bytes bytes, mapped), e.g. to
    /// read a file straight into it before [`upload_truth_staged`](Self::upload_truth_staged).
    pub fn with_truth_staging<R>(&self, f: impl FnOnce(&mut [u8]) -> Result<R>) -> Result<R> {
        let len = self.truth_len();
        let (st, _) = self.truth_staging_and_buffer()?;
        st.with_map(|h| f(&mut h[..len]))
    }

    /// Uploads the truth vector as it lies in the pinned staging (no host copy): one transfer.
    pub fn upload_truth_staged(&self) -> Result<TruthUpload> {
        let len = self.truth_len();
        let (st, dev) = self.truth_staging_and_buffer()?;
        let ev = st.with_map(|h| {
            let mut ev = Event::empty();
            dev.write(&h[..len]).enew(&mut ev).enq()?;
            Ok(ev)
        })?;
        Ok(TruthUpload {
            events_ms: event_ms(&ev)?,
            copy_done_ms: 0.0,
            chunks: 1,
        })
    }

    /// The device buffer the last pass writes its (min, max) |S|² partials to:
    /// B · [`partial_groups`](Self::partial_groups) pairs, for kernels that decide on them.
    pub fn partials_buffer(&self) -> Result<PartialsBuffer<'_>> {
        let none = || JitError::invalid("the plan has no reduction");
        match &self.buffers {
            TypedBuffers::F32(b) => b
                .mvl
                .as_ref()
                .and_then(|m| m.part.as_ref())
                .map(PartialsBuffer::F32)
                .ok_or_else(none),
            TypedBuffers::F64(b) => b
                .mvl
                .as_ref()
                .and_then(|m| m.part.as_ref())
                .map(PartialsBuffer::F64)
                .ok_or_else(none),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::upload_chunks;

    #[test]
    fn chunks_cover_the_upload_growing_to_the_cap() {
        for len in [1usize, 1000, 64 << 10, (64 << 10) + 1, 85 << 20, 84_934_656] {
            for cap in [1, 4 << 20, 64 << 20] {
                let c = upload_chunks(len, cap);
                assert_eq!(c[0].0, 0);
                assert_eq!(c.last().unwrap().1, len);
                assert!(c.windows(2).all(|w| w[0].1 == w[1].0 && w[0].0 < w[0].1));
                assert!(c.iter().all(|&(a, b)| b - a <= cap.max(super::FIRST_CHUNK)));
            }
        }
        assert_eq!(upload_chunks(84_934_656, 4 << 20).len(), 6 + 20);
    }
}
