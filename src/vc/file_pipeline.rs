//! A plain run whose host side streams: the caller fills the pinned staging chunk by chunk
//! (e.g. reading a file into it) while the chunks already filled travel to the device, and
//! takes the spectrum back chunk by chunk (e.g. writing it to a file) while later chunks are
//! still coming down. Used by `vc::file_run`, where the file's read and write are the largest
//! host steps left once nothing is converted: each overlaps the PCIe transfers in its direction.

use super::execute::{Buffers, Real, TypedBuffers};
use super::schedule::Buf;
use super::VcTransform;
use crate::error::Result;
use crate::runtime::timing::{event_ms, RunTimes};
use crate::runtime::Gpu;
use ocl::Event;
use std::time::Instant;

/// Bytes per streamed chunk (at most; small runs use 4 chunks): large enough that a transfer
/// runs at the PCIe rate, small enough that the first transfer starts early (3^19 f32: 139).
pub const STREAM_CHUNK_BYTES: usize = 64 << 20;

/// Host times of a streamed run (ms, host wall clock).
#[derive(Debug, Clone, Copy, Default)]
pub struct StreamTimes {
    /// Inside `fill`, summed over the chunks.
    pub fill_ms: f64,
    /// Inside `drain`, summed over the chunks.
    pub drain_ms: f64,
}

impl VcTransform {
    /// One run with the input filled by `fill(byte offset, chunk)` into the pinned staging chunk
    /// by chunk, each chunk's upload enqueued as soon as it is filled, and the output handed to
    /// `drain(byte offset, chunk)` as each chunk's download completes. Chunks are in the plan's
    /// complex type's bytes (B·N values in all). Returns the run's times (upload and download
    /// summed over the chunks' events) and the host time inside the callbacks.
    pub fn run_pipelined(
        &self,
        gpu: &Gpu,
        fill: impl FnMut(usize, &mut [u8]) -> Result<()>,
        drain: impl FnMut(usize, &[u8]) -> Result<()>,
    ) -> Result<(RunTimes, StreamTimes)> {
        self.check_complex_buffers()?;
        match &self.buffers {
            TypedBuffers::F32(b) => self.streamed(gpu, b, fill, drain),
            TypedBuffers::F64(b) => self.streamed(gpu, b, fill, drain),
        }
    }

    fn streamed<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        mut fill: impl FnMut(usize, &mut [u8]) -> Result<()>,
        mut drain: impl FnMut(usize, &[u8]) -> Result<()>,
    ) -> Result<(RunTimes, StreamTimes)> {
        let len = 2 * self.plan.total_len() as usize;
        // At least 4 chunks (so small runs stream too), whole complex values each.
        let chunk = ((STREAM_CHUNK_BYTES / std::mem::size_of::<T>())
            .min(len.div_ceil(4))
            .max(2)
            + 1)
            & !1;
        let elem = std::mem::size_of::<T>();
        let q = &gpu.queue;
        let mut st = StreamTimes::default();
        let t0 = Instant::now();
        let result = match self.schedule.result {
            Buf::A => &b.a,
            Buf::B => b.b.as_ref().unwrap_or(&b.a),
        };
        let (ups, mut times, downs) = b.staging.with_map(|m| {
            let m = &mut m[..len];
            let mut ups = Vec::new();
            let mut run = || -> Result<_> {
                for (k, c) in m.chunks_mut(chunk).enumerate() {
                    let tf = Instant::now();
                    fill(k * chunk * elem, bytemuck::cast_slice_mut(c))?;
                    st.fill_ms += tf.elapsed().as_secs_f64() * 1e3;
                    let mut ev = Event::empty();
                    // SAFETY: the staging stays mapped and untouched by the host until every
                    // event of this run has been waited for (below, or on error by `finish`).
                    unsafe {
                        b.a.write(&*c)
                            .queue(q)
                            .offset(k * chunk)
                            .block(false)
                            .enew(&mut ev)
                            .enq()?;
                    }
                    q.flush()?;
                    ups.push(ev);
                }
                let times = self.passes(gpu, b)?;
                let mut downs = Vec::new();
                let ptr = m.as_mut_ptr();
                for k in 0..len.div_ceil(chunk) {
                    let (at, n) = (k * chunk, chunk.min(len - k * chunk));
                    // SAFETY: disjoint ranges of the mapped staging, read back by the host only
                    // after their event completes.
                    let c = unsafe { std::slice::from_raw_parts_mut(ptr.add(at), n) };
                    let mut ev = Event::empty();
                    unsafe {
                        result
                            .read(c)
                            .queue(q)
                            .offset(at)
                            .block(false)
                            .enew(&mut ev)
                            .enq()?;
                    }
                    q.flush()?;
                    downs.push(ev);
                }
                for (k, ev) in downs.iter().enumerate() {
                    ev.wait_for()?;
                    let (at, n) = (k * chunk, chunk.min(len - k * chunk));
                    let td = Instant::now();
                    drain(at * elem, bytemuck::cast_slice(&m[at..at + n]))?;
                    st.drain_ms += td.elapsed().as_secs_f64() * 1e3;
                }
                Ok((times, downs))
            };
            let r = run();
            if r.is_err() {
                // Nothing may still read or write the staging once this returns.
                let _ = q.finish();
            }
            r.map(|(t, d)| (std::mem::take(&mut ups), t, d))
        })?;
        times.upload_ms = ups.iter().map(event_ms).sum::<Result<f64>>()?;
        times.download_ms = downs.iter().map(event_ms).sum::<Result<f64>>()?;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((times, st))
    }
}
