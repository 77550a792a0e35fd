//! Running an overlap plan: uploads, launches and downloads on two queues joined by events,
//! and the times of each.

use super::plan::{Download, DownloadMode, OverlapPlan};
use super::rows::Launch;
use crate::error::{JitError, Result};
use crate::runtime::timing::{event_span_ns, Clock};
use crate::runtime::transfer::{self, Rect};
use crate::runtime::{Arg, Gpu, KernelHandle};
use crate::vc::execute::{fill_staging, Buffers, Real, TypedBuffers};
use crate::vc::VcTransform;
use num_complex::Complex64;
use ocl::{Buffer, Event, Queue};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// Times of one overlapped run; device figures from profiling events.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapTimes {
    /// First upload start → last download end.
    pub events_ms: f64,
    /// Sum of the upload commands.
    pub upload_ms: f64,
    /// Sum of the download commands.
    pub download_ms: f64,
    /// Device copies of packed downloads.
    pub pack_ms: f64,
    /// Sum of the kernel launches.
    pub kernel_ms: f64,
    /// Time inside `events_ms` with no transfer running (compute left unhidden, gaps).
    pub exposed_ms: f64,
    /// Host: f64 → device precision into pinned memory, before the first upload.
    pub convert_in_ms: f64,
    /// Host: pinned → f64, piece by piece as downloads finish (overlaps later downloads).
    pub convert_out_ms: f64,
    /// Host wall clock of the whole run, conversions included.
    pub host_ms: f64,
}

/// Pinned-transfer floor: the same bytes through the same pinned memory, nothing else running.
#[derive(Debug, Clone, Serialize)]
pub struct TransferFloor {
    /// One upload of the whole data (its own event).
    pub upload_ms: f64,
    /// One download of the whole data (its own event).
    pub download_ms: f64,
    /// upload + download: the floor ratios use.
    pub sequential_ms: f64,
    /// Both directions at once on the two queues (halves swapped in two phases, so each byte
    /// goes up and down once): first start → last end. Equal to `sequential_ms` where the
    /// device does not overlap directions.
    pub bidirectional_ms: f64,
}

/// A transform made ready for overlapped runs: its plan split, a second (transfer) queue.
pub struct Overlapped<'a> {
    /// The transform whose passes are split.
    pub tr: &'a VcTransform,
    gpu: &'a Gpu,
    xfer: Queue,
    /// How they are split into chunks and pieces.
    pub plan: OverlapPlan,
    /// Packed downloads: the kernel that gathers a piece's rows into one run.
    pack: Option<KernelHandle>,
}

/// The program of the packing kernel: `dst[at + i] = src[start + (i / len)·pitch + i % len]`
/// for i < total (a device copy of a rectangle into a run; `clEnqueueCopyBufferRect` cannot
/// express a destination run that does not start on a row boundary on every driver).
fn pack_source(f64p: bool, wide: bool) -> String {
    let mut w = crate::clgen::Writer::new();
    w.comment("jitfft generated program: packs rows of a finished piece into one contiguous run");
    crate::clgen::complex_preamble(&mut w, f64p, wide);
    w.open(
        "__kernel void jitfft_pack(__global const real2 *restrict src, __global real2 *restrict dst, \
         const idx_t start, const idx_t pitch, const idx_t len, const idx_t at, const idx_t total)",
    );
    w.line("const idx_t i = get_global_id(0);");
    w.line("if (i >= total) return;");
    w.line("dst[at + i] = src[start + (i / len) * pitch + i % len];");
    w.close();
    w.finish()
}

/// Sends pointer-sized views of memory across rayon's threads for disjoint writes.
#[derive(Clone, Copy)]
struct SendPtr<T>(*mut T);
unsafe impl<T> Send for SendPtr<T> {}
unsafe impl<T> Sync for SendPtr<T> {}

impl<T> SendPtr<T> {
    /// The pointer `i` elements on (a method, so closures capture the whole wrapper).
    unsafe fn at(&self, i: usize) -> *mut T {
        self.0.add(i)
    }
}

/// Converts the rows of `rect` (complex elements of `out`) from interleaved pinned values,
/// row r read from `host[2·(from + r·from_pitch) ..]`.
fn convert_rows<T: Real>(
    out: &mut [Complex64],
    host: &[T],
    rect: Rect,
    from: usize,
    from_pitch: usize,
) {
    let one = |o: &mut [Complex64], h: &[T]| {
        for (d, s) in o.iter_mut().zip(h.chunks_exact(2)) {
            *d = Complex64::new(s[0].to_f64(), s[1].to_f64());
        }
    };
    if rect.rows <= 1 {
        let o = &mut out[rect.start..rect.start + rect.len];
        let h = &host[2 * from..2 * (from + rect.len)];
        o.par_chunks_mut(1 << 14)
            .zip(h.par_chunks(2 << 14))
            .for_each(|(o, h)| one(o, h));
        return;
    }
    assert!(rect.end() <= out.len() && rect.start % rect.pitch + rect.len <= rect.pitch);
    let optr = SendPtr(out.as_mut_ptr());
    (0..rect.rows).into_par_iter().for_each(|r| {
        let range = rect.row(r);
        // SAFETY: rows of a rectangle with len ≤ pitch are disjoint and inside `out`.
        let o = unsafe { std::slice::from_raw_parts_mut(optr.at(range.start), rect.len) };
        let s = 2 * (from + r * from_pitch);
        one(o, &host[s..s + 2 * rect.len]);
    });
}

impl<'a> Overlapped<'a> {
    /// Splits the schedule (`chunks`: see [`OverlapPlan::new`]) and opens the transfer queue.
    pub fn new(
        gpu: &'a Gpu,
        tr: &'a VcTransform,
        chunks: Option<usize>,
        mode: DownloadMode,
    ) -> Result<Overlapped<'a>> {
        let plan = OverlapPlan::new(tr, chunks, mode)?;
        let pack = if plan.download == Download::Packed {
            let f64p = tr.plan.precision == crate::transform::Precision::F64;
            let src = pack_source(f64p, tr.plan.len > u32::MAX as u64);
            let built = crate::runtime::build_program(gpu, &src, "")?;
            Some(KernelHandle::new(gpu, &built.program, "jitfft_pack")?)
        } else {
            None
        };
        Ok(Overlapped {
            tr,
            gpu,
            xfer: gpu.extra_queue()?,
            plan,
            pack,
        })
    }

    /// Enqueues the packing of `rect` of `src` into `dst[at ..]` on the compute queue.
    fn pack<T: Real>(
        &self,
        k: &KernelHandle,
        src: &Buffer<T>,
        dst: &Buffer<T>,
        rect: Rect,
        at: usize,
    ) -> Result<Event> {
        let wide = self.tr.plan.len > u32::MAX as u64;
        let idx = |v: usize| {
            if wide {
                Arg::U64(v as u64)
            } else {
                Arg::U32(v as u32)
            }
        };
        let total = rect.elements();
        k.set_args(&[
            Arg::buf(src),
            Arg::buf(dst),
            idx(rect.start),
            idx(rect.pitch),
            idx(rect.len),
            idx(at),
            idx(total),
        ])?;
        let local = k.local_size(256);
        k.launch_groups(&self.gpu.queue, 0, total.div_ceil(local), local, None)
    }

    /// Device and pinned host memory the runs use, in bytes (the transform's own buffers:
    /// overlapping allocates nothing more).
    pub fn memory(&self) -> (u64, u64) {
        let data = self.tr.plan.buffer_bytes();
        (data * self.tr.plan.buffers_needed(), data)
    }

    /// Transforms `input` with transfers overlapped; returns the output, the run's times in
    /// the form of plain runs (sums per pass, transfers summed over pieces) and the overlap
    /// figures.
    pub fn run(
        &self,
        input: &[Complex64],
    ) -> Result<(Vec<Complex64>, crate::vc::RunTimes, OverlapTimes)> {
        if input.len() as u64 != self.tr.plan.len {
            return Err(JitError::invalid(format!(
                "input has {} values, the plan needs N = {}",
                input.len(),
                self.tr.plan.len
            )));
        }
        self.tr.check_complex_buffers()?;
        let (out, times, over) = match &self.tr.buffers {
            TypedBuffers::F32(b) => self.run_typed(b, Some(input))?,
            TypedBuffers::F64(b) => self.run_typed(b, Some(input))?,
        };
        Ok((out.unwrap_or_default(), times, over))
    }

    /// The overlapped run on data the caller left in the transform's pinned staging
    /// (`VcTransform::with_staging`), the spectrum coming back into the same memory in order:
    /// no conversion and no host vector. Needs rectangle downloads (packed pieces land
    /// scrambled): refused for `--download packed`.
    pub fn run_staged(&self) -> Result<(crate::vc::RunTimes, OverlapTimes)> {
        if self.plan.downloads.iter().any(|d| d.packed_at.is_some()) {
            return Err(JitError::invalid(
                "a staged overlapped run needs rectangle downloads (packed pieces come back scrambled)",
            ));
        }
        if self.tr.plan.batch != 1 {
            return Err(JitError::invalid("overlapped runs take one transform"));
        }
        self.tr.check_complex_buffers()?;
        let (_, times, over) = match &self.tr.buffers {
            TypedBuffers::F32(b) => self.run_typed(b, None)?,
            TypedBuffers::F64(b) => self.run_typed(b, None)?,
        };
        Ok((times, over))
    }

    /// `input` None: the data is in the staging already and the spectrum stays there.
    #[allow(clippy::type_complexity)]
    fn run_typed<T: Real>(
        &self,
        b: &Buffers<T>,
        input: Option<&[Complex64]>,
    ) -> Result<(Option<Vec<Complex64>>, crate::vc::RunTimes, OverlapTimes)> {
        let t0 = Instant::now();
        if let Some(input) = input {
            fill_staging(b, input)?;
        }
        let convert_in_ms = t0.elapsed().as_secs_f64() * 1e3;
        // Touched in parallel: a serial fill of N complex values (vec![x; n] cannot use
        // calloc for Complex64) page-faulted ~0.3 s at 3^16 and 2 s at 2^28 on the GPU host.
        let mut out: Option<Vec<Complex64>> = input.map(|i| {
            (0..i.len())
                .into_par_iter()
                .map(|_| Complex64::default())
                .collect()
        });
        let ls = self.tr.launches(b);
        let (cq, tq) = (&self.gpu.queue, &self.xfer);
        let mut convert_out_ms = 0.0;
        let events = b.staging.with_map(|host| {
            let mut pipeline = || -> Result<_> {
                let ups = self.enqueue_uploads(b, host)?;
                let (passes, packs) = self.enqueue_passes(b, &ls, &ups)?;
                let last = ls.last().expect("a schedule has passes");
                let downs = self.enqueue_downloads(b, last, host, &passes, &packs)?;
                convert_out_ms = match &mut out {
                    Some(out) => self.convert_downloads(out, host, &downs)?,
                    None => {
                        for ev in &downs {
                            ev.wait_for()?;
                        }
                        0.0
                    }
                };
                transfer::finish(cq)?;
                transfer::finish(tq)?;
                Ok(RunEvents {
                    ups,
                    passes,
                    packs: packs.into_iter().flatten().collect(),
                    downs,
                })
            };
            let r = pipeline();
            if r.is_err() {
                // Nothing may still read or write the staging once this returns.
                let _ = transfer::finish(cq);
                let _ = transfer::finish(tq);
            }
            r
        })?;
        let host = HostTimes {
            convert_in_ms,
            convert_out_ms,
            host_ms: t0.elapsed().as_secs_f64() * 1e3,
        };
        let (times, over) = events.times(host)?;
        Ok((out, times, over))
    }

    /// Uploads, all on the transfer queue, one per upload chunk.
    fn enqueue_uploads<T: Real>(&self, b: &Buffers<T>, host: &[T]) -> Result<Vec<Event>> {
        let mut ups = Vec::with_capacity(self.plan.uploads.len());
        for piece in &self.plan.uploads {
            // SAFETY: the staging outlives the command: every event is waited for by the run.
            ups.push(unsafe {
                transfer::write_rect(&self.xfer, &b.a, host, piece.rect.scaled(2), None)?
            });
        }
        transfer::flush(&self.xfer)?;
        Ok(ups)
    }

    /// Pass 1 on each chunk as it lands, the middle passes, the last pass in pieces (each
    /// packed after it where the plan packs); returns the events per pass and per piece's pack.
    #[allow(clippy::type_complexity)]
    fn enqueue_passes<T: Real>(
        &self,
        b: &Buffers<T>,
        ls: &[Launch],
        ups: &[Event],
    ) -> Result<(Vec<Vec<Event>>, Vec<Option<Event>>)> {
        let cq = &self.gpu.queue;
        let passes = ls.len();
        let mut pass_evs: Vec<Vec<Event>> = Vec::with_capacity(passes);
        let mut packs: Vec<Option<Event>> = Vec::new();
        for (i, l) in ls.iter().enumerate() {
            l.kernel.set_args(&l.args)?;
            let mut evs = Vec::new();
            if i == 0 {
                for (piece, up) in self.plan.uploads.iter().zip(ups) {
                    evs.push(l.kernel.launch_groups(
                        cq,
                        piece.first_group,
                        piece.groups,
                        l.local,
                        Some(up),
                    )?);
                }
            } else if i + 1 < passes {
                evs.push(l.kernel.launch_groups(cq, 0, l.groups(), l.local, None)?);
            } else {
                for piece in &self.plan.downloads {
                    let ev = l.kernel.launch_groups(
                        cq,
                        piece.first_group,
                        piece.groups,
                        l.local,
                        None,
                    )?;
                    if let (Some(at), Some(pk)) = (piece.packed_at, &self.pack) {
                        // In order after the piece on the compute queue.
                        packs.push(Some(self.pack(
                            pk,
                            b.pick(l.dst),
                            b.pick(l.src),
                            piece.rect,
                            at,
                        )?));
                    } else {
                        packs.push(None);
                    }
                    evs.push(ev);
                }
            }
            pass_evs.push(evs);
        }
        transfer::flush(cq)?;
        Ok((pass_evs, packs))
    }

    /// Downloads on the transfer queue, each after its piece of the last pass (and its pack).
    fn enqueue_downloads<T: Real>(
        &self,
        b: &Buffers<T>,
        last: &Launch,
        host: &mut [T],
        pass_evs: &[Vec<Event>],
        packs: &[Option<Event>],
    ) -> Result<Vec<Event>> {
        let tq = &self.xfer;
        let last_evs = pass_evs.last().expect("a schedule has passes");
        let mut downs = Vec::with_capacity(self.plan.downloads.len());
        for (j, piece) in self.plan.downloads.iter().enumerate() {
            let done = match &packs.get(j) {
                Some(Some(pk)) => pk,
                _ => &last_evs[j.min(last_evs.len() - 1)],
            };
            let ev = match piece.packed_at {
                Some(at) => unsafe {
                    // SAFETY: as for the uploads.
                    transfer::read_rect(
                        tq,
                        b.pick(last.src),
                        host,
                        Rect::run(2 * at, 2 * piece.rect.elements()),
                        Some(done),
                    )?
                },
                None => unsafe {
                    transfer::read_rect(
                        tq,
                        b.pick(last.dst),
                        host,
                        piece.rect.scaled(2),
                        Some(done),
                    )?
                },
            };
            downs.push(ev);
        }
        transfer::flush(tq)?;
        Ok(downs)
    }

    /// Converts each piece as it arrives, while the next ones download; returns the
    /// milliseconds spent converting.
    fn convert_downloads<T: Real>(
        &self,
        out: &mut [Complex64],
        host: &[T],
        downs: &[Event],
    ) -> Result<f64> {
        let mut convert_ms = 0.0;
        for (piece, ev) in self.plan.downloads.iter().zip(downs) {
            ev.wait_for()?;
            let tc = Instant::now();
            match piece.packed_at {
                Some(at) => convert_rows(out, host, piece.rect, at, piece.rect.len),
                None => convert_rows(out, host, piece.rect, piece.rect.start, piece.rect.pitch),
            }
            convert_ms += tc.elapsed().as_secs_f64() * 1e3;
        }
        Ok(convert_ms)
    }

    /// Measures the pinned-transfer floor of this transform's data (clobbers the device
    /// buffer and the staging: run it between transforms, not inside one).
    pub fn floor(&self) -> Result<TransferFloor> {
        match &self.tr.buffers {
            TypedBuffers::F32(b) => self.floor_typed(b),
            TypedBuffers::F64(b) => self.floor_typed(b),
        }
    }

    fn floor_typed<T: Real>(&self, b: &Buffers<T>) -> Result<TransferFloor> {
        let len = 2 * self.tr.plan.len as usize;
        let (cq, tq) = (&self.gpu.queue, &self.xfer);
        b.staging.with_map(|host| {
            let d = |ev: &Event| -> Result<f64> {
                let (a, b) = event_span_ns(ev)?;
                Ok(b.saturating_sub(a) as f64 * 1e-6)
            };
            // SAFETY (all transfers here): every event is waited for before the map is left.
            let up = unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(0, len), None)? };
            transfer::finish(tq)?;
            let down = unsafe { transfer::read_rect(tq, &b.a, host, Rect::run(0, len), None)? };
            transfer::finish(tq)?;
            let (upload_ms, download_ms) = (d(&up)?, d(&down)?);
            // Both directions at once: first half up while the second comes down, then the
            // other way round (each waits for the transfer that used its memory before).
            let h = (len / 4) * 2;
            let u1 = unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(0, h), None)? };
            let d1 = unsafe { transfer::read_rect(cq, &b.a, host, Rect::run(h, len - h), None)? };
            transfer::flush(tq)?;
            transfer::flush(cq)?;
            let u2 =
                unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(h, len - h), Some(&d1))? };
            let d2 = unsafe { transfer::read_rect(cq, &b.a, host, Rect::run(0, h), Some(&u1))? };
            transfer::flush(tq)?;
            transfer::flush(cq)?;
            transfer::finish(tq)?;
            transfer::finish(cq)?;
            let s: Vec<(u64, u64)> = [&u1, &d1, &u2, &d2]
                .iter()
                .map(|e| event_span_ns(e))
                .collect::<Result<_>>()?;
            let a = s.iter().map(|x| x.0).min().unwrap_or(0);
            let z = s.iter().map(|x| x.1).max().unwrap_or(a);
            Ok(TransferFloor {
                upload_ms,
                download_ms,
                sequential_ms: upload_ms + download_ms,
                bidirectional_ms: z.saturating_sub(a) as f64 * 1e-6,
            })
        })
    }
}

/// The events of one overlapped run: uploads, launches per pass, packs, downloads.
struct RunEvents {
    ups: Vec<Event>,
    passes: Vec<Vec<Event>>,
    packs: Vec<Event>,
    downs: Vec<Event>,
}

/// Host-side figures of one overlapped run, in milliseconds.
struct HostTimes {
    convert_in_ms: f64,
    convert_out_ms: f64,
    host_ms: f64,
}

/// Spans (start, end) of events, in nanoseconds from their profiling info.
fn spans(evs: &[Event]) -> Result<Vec<(u64, u64)>> {
    evs.iter().map(event_span_ns).collect()
}

/// Summed duration of spans, in milliseconds.
fn span_ms(s: &[(u64, u64)]) -> f64 {
    s.iter().map(|(a, b)| b.saturating_sub(*a)).sum::<u64>() as f64 * 1e-6
}

/// Nanoseconds during which at least one of the spans runs.
fn busy_ns(mut spans: Vec<(u64, u64)>) -> u64 {
    spans.sort_unstable();
    let mut busy = 0u64;
    let mut reach = 0u64;
    for (a, b) in spans {
        let a = a.max(reach);
        if b > a {
            busy += b - a;
            reach = b;
        }
    }
    busy
}

impl RunEvents {
    /// The run's times as plain runs report them, and the overlap figures.
    fn times(&self, host: HostTimes) -> Result<(crate::vc::RunTimes, OverlapTimes)> {
        let up_s = spans(&self.ups)?;
        let down_s = spans(&self.downs)?;
        let pack_s = spans(&self.packs)?;
        let mut pass_ms = Vec::with_capacity(self.passes.len());
        let (mut k0, mut k1) = (u64::MAX, 0u64);
        for evs in &self.passes {
            let s = spans(evs)?;
            for &(a, b) in &s {
                k0 = k0.min(a);
                k1 = k1.max(b);
            }
            pass_ms.push(span_ms(&s));
        }
        let first = up_s.iter().map(|s| s.0).min().unwrap_or(0);
        let end = down_s.iter().map(|s| s.1).max().unwrap_or(first);
        let events_ms = end.saturating_sub(first) as f64 * 1e-6;
        let busy = busy_ns(up_s.iter().chain(&down_s).copied().collect());
        let kernel_ms: f64 = pass_ms.iter().sum();
        // Events that read zero (Rusticl): the kernel time is the host's, labelled as such.
        let times = if kernel_ms * 1e6 >= crate::runtime::timing::MIN_PLAUSIBLE_NS as f64 {
            crate::vc::RunTimes {
                kernel_ms,
                kernel_span_ms: k1.saturating_sub(k0) as f64 * 1e-6,
                pass_ms,
                upload_ms: span_ms(&up_s),
                download_ms: span_ms(&down_s),
                host_ms: host.host_ms,
                clock: Clock::Events,
            }
        } else {
            crate::vc::RunTimes {
                kernel_ms: host.host_ms,
                kernel_span_ms: host.host_ms,
                pass_ms: Vec::new(),
                upload_ms: 0.0,
                download_ms: 0.0,
                host_ms: host.host_ms,
                clock: Clock::HostWallClock,
            }
        };
        let over = OverlapTimes {
            events_ms,
            upload_ms: times.upload_ms,
            download_ms: times.download_ms,
            pack_ms: span_ms(&pack_s),
            kernel_ms,
            exposed_ms: (end.saturating_sub(first).saturating_sub(busy)) as f64 * 1e-6,
            convert_in_ms: host.convert_in_ms,
            convert_out_ms: host.convert_out_ms,
            host_ms: host.host_ms,
        };
        Ok((times, over))
    }
}
