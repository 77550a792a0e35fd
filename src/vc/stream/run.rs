//! Running a streamed plan: chunks gathered into pinned staging, uploaded on one queue,
//! transformed on the compute queue, downloaded on a third, scattered back, with three
//! pipeline slots so chunk k+1 uploads while chunk k computes and chunk k−1 downloads.

use super::plan::{chunk_rows, ChunkRows, StreamPass, StreamPlan};
use crate::error::{JitError, Result};
use crate::runtime::timing::event_span_ns;
use crate::runtime::transfer::{flush, read_rect, write_rect, Rect};
use crate::runtime::{Gpu, Pinned};
use crate::transform::Precision;
use crate::vc::execute::{coefficient_tables, Buffers, Real};
use crate::vc::host::DeviceComplex;
use crate::vc::plan::{Algorithm, Coeffs, VcOptions, VcPlan};
use crate::vc::schedule::Buf;
use crate::vc::CompiledVc;
use ocl::{Buffer, Event, Queue};
use rayon::prelude::*;
use serde::Serialize;
use std::collections::VecDeque;
use std::time::Instant;

/// Pipeline slots: upload, compute and download of three chunks at once.
pub const SLOTS: usize = 3;

/// Bytes a chunk holds where the pass allows (three are pinned on the host).
const TARGET_CHUNK_BYTES: u64 = 512 << 20;

/// Share of the device memory the slots may take (the rest: programs, tables, the driver).
const MEMORY_SHARE: f64 = 0.85;

/// Times of one streamed pass.
#[derive(Debug, Clone, Serialize)]
pub struct PassTimes {
    /// Lowest transformed digit and digits transformed.
    pub digits: (u32, u32),
    /// Chunks the pass ran in.
    pub chunks: u64,
    /// Host wall clock of the whole pass (gathers and scatters included).
    pub wall_ms: f64,
    /// First upload start to last download end (profiling events).
    pub span_ms: f64,
    /// Sums over the chunks of the uploads', kernels' and downloads' event times.
    pub upload_ms: f64,
    /// See `upload_ms`.
    pub kernel_ms: f64,
    /// See `upload_ms`.
    pub download_ms: f64,
    /// Host time copying chunks into and out of pinned staging.
    pub gather_ms: f64,
    /// Host time copying finished chunks back (see `gather_ms`).
    pub scatter_ms: f64,
    /// Bytes of the array (each read once from and written once to the host).
    pub bytes: u64,
    /// `bytes / wall_ms` in GB/s.
    pub rate_gbs: f64,
}

/// The pinned transfer rate on the same buffers: one upload then one download of a chunk.
#[derive(Debug, Clone, Serialize)]
pub struct TransferFloor {
    /// Bytes moved each way.
    pub bytes: u64,
    /// The upload's event time.
    pub upload_ms: f64,
    /// The download's event time.
    pub download_ms: f64,
    /// `bytes / (upload + download)` in GB/s: what a pass moving every byte up and back down
    /// sequentially would reach.
    pub rate_gbs: f64,
}

struct Slot<T: ocl::OclPrm> {
    a: Buffer<T>,
    b: Option<Buffer<T>>,
    staging: Pinned<T>,
}

struct Typed<T: ocl::OclPrm> {
    slots: Vec<Slot<T>>,
    /// Per transform, per slot: the slot's buffers with the transform's coefficient tables.
    bufs: Vec<Vec<Buffers<T>>>,
}

enum TypedSlots {
    F32(Typed<f32>),
    F64(Typed<f64>),
}

/// A transform streamed through one device: the array stays in host memory.
pub struct StreamedVc {
    /// Passes and chunks.
    pub plan: StreamPlan,
    /// The whole transform (p, n, batch, precision, direction, normalisation).
    pub whole: VcPlan,
    /// The device transform of each distinct chunk shape.
    pub transforms: Vec<CompiledVc>,
    /// Which transform each pass runs.
    stage_tr: Vec<usize>,
    typed: TypedSlots,
    up: Queue,
    down: Queue,
}

/// Device bytes a streamed run may use: the (capped) global memory.
pub fn device_budget(gpu: &Gpu) -> u64 {
    gpu.info.global_mem_bytes
}

/// Whether `plan` fits the device in memory (one buffer within the allocation limit, all
/// buffers within the global memory); otherwise `vc` streams it.
pub fn fits(gpu: &Gpu, plan: &VcPlan) -> bool {
    let bytes = plan.buffer_bytes();
    bytes <= gpu.info.max_alloc_bytes
        && bytes.saturating_mul(plan.buffers_needed()) <= gpu.info.global_mem_bytes
}

/// The chunk transform of a pass: `c = 0`: `h` whole transforms of p^w points as `bottom`
/// says (the device's default choice, or the user's options); else a Cooley-Tukey plan of
/// p^(w+c) points that stops after the top w digits.
fn chunk_plan(
    whole: &VcPlan,
    pass: &StreamPass,
    bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
) -> Result<VcPlan> {
    let base = VcOptions {
        precision: whole.precision,
        direction: whole.direction,
        norm: Some(whole.norm),
        ..VcOptions::default()
    };
    if pass.c == 0 {
        let plan = VcPlan::new(whole.p, pass.w, base)?;
        return bottom(plan)?.with_batch(pass.h);
    }
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(crate::vc::choose::cpu_default_radix(whole.p, pass.w)),
        coeffs: Coeffs::Literal,
        ..base
    };
    VcPlan::new(whole.p, pass.w + pass.c, opts)?
        .with_top_digits(pass.w)?
        .with_batch(pass.h)
}

fn alloc_typed<T: Real>(
    gpu: &Gpu,
    transforms: &[CompiledVc],
    reals: usize,
    two: bool,
) -> Result<Typed<T>> {
    let dev = |_: ()| crate::runtime::pinned::device_buffer::<T>(&gpu.queue, reals);
    let slots = (0..SLOTS)
        .map(|_| {
            Ok(Slot {
                a: dev(())?,
                b: if two { Some(dev(())?) } else { None },
                staging: Pinned::new(&gpu.queue, reals)?,
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let bufs = transforms
        .iter()
        .map(|tr| {
            let coef = coefficient_tables::<T>(gpu, &tr.plan, &tr.schedule)?;
            slots
                .iter()
                .map(|s| {
                    Ok(Buffers {
                        a: s.a.clone(),
                        b: s.b.clone(),
                        coef: coef.clone(),
                        // Launches never touch a transform's staging; the slots own theirs.
                        staging: Pinned::new(&gpu.queue, 2)?,
                        mvl: None,
                    })
                })
                .collect::<Result<Vec<_>>>()
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(Typed { slots, bufs })
}

impl StreamedVc {
    /// Plans the passes for the device's memory (`device_budget`), builds each distinct chunk
    /// transform once and allocates three pipeline slots. `bottom` turns the default plan of
    /// the lowest pass's chunks (whole transforms of p^w points) into the one to run.
    pub fn new(
        gpu: &Gpu,
        whole: &VcPlan,
        bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
    ) -> Result<StreamedVc> {
        if whole.truth.is_some() || whole.output != crate::vc::SpectrumOutput::Write {
            return Err(JitError::invalid(
                "the streamed path transforms complex data only (no truth-vector input or spectral reduction)",
            ));
        }
        if whole.precision == Precision::F64 && !gpu.info.fp64 {
            return Err(JitError::Device(format!(
                "{} does not support double precision (no cl_khr_fp64); use --precision f32",
                gpu.info.name
            )));
        }
        let elem = whole.precision.complex_bytes();
        // Two buffers a slot unless the lowest pass's transform runs in place (ct).
        let probe = bottom(VcPlan::new(
            whole.p,
            1.max(whole.n.min(2)),
            VcOptions {
                precision: whole.precision,
                ..VcOptions::default()
            },
        )?)?;
        let per_slot = probe.buffers_needed().max(1);
        let budget = (device_budget(gpu) as f64 * MEMORY_SHARE) as u64;
        let capacity =
            (budget / (SLOTS as u64 * per_slot * elem)).min(gpu.info.max_alloc_bytes / elem);
        let plan = StreamPlan::new(
            whole.p,
            whole.n,
            whole.batch,
            capacity,
            TARGET_CHUNK_BYTES / elem,
        )?;
        let mut transforms: Vec<CompiledVc> = Vec::new();
        let mut plans: Vec<VcPlan> = Vec::new();
        let mut stage_tr = Vec::new();
        for pass in &plan.passes {
            let cp = chunk_plan(whole, pass, bottom)?;
            if cp.buffers_needed() > per_slot {
                return Err(JitError::invalid(format!(
                    "the streamed lowest pass runs {} ({} buffers) but the slots were sized for {per_slot}",
                    cp.algorithm,
                    cp.buffers_needed()
                )));
            }
            let i = match plans.iter().position(|q| *q == cp) {
                Some(i) => i,
                None => {
                    transforms.push(CompiledVc::new(gpu, &cp)?);
                    plans.push(cp);
                    transforms.len() - 1
                }
            };
            stage_tr.push(i);
        }
        let longest = plan
            .passes
            .iter()
            .map(|s| s.chunk_len(whole.p))
            .max()
            .unwrap_or(1);
        let reals = 2 * longest as usize;
        let two = per_slot > 1;
        let typed = match whole.precision {
            Precision::F32 => TypedSlots::F32(alloc_typed::<f32>(gpu, &transforms, reals, two)?),
            Precision::F64 => TypedSlots::F64(alloc_typed::<f64>(gpu, &transforms, reals, two)?),
        };
        Ok(StreamedVc {
            plan,
            whole: whole.clone(),
            transforms,
            stage_tr,
            typed,
            up: gpu.extra_queue()?,
            down: gpu.extra_queue()?,
        })
    }

    /// Device bytes of the pipeline slots.
    pub fn device_bytes(&self) -> u64 {
        let (slots, elem) = match &self.typed {
            TypedSlots::F32(t) => (
                t.slots.len() as u64
                    * (1 + t.slots[0].b.is_some() as u64)
                    * t.slots[0].a.len() as u64,
                4,
            ),
            TypedSlots::F64(t) => (
                t.slots.len() as u64
                    * (1 + t.slots[0].b.is_some() as u64)
                    * t.slots[0].a.len() as u64,
                8,
            ),
        };
        slots * elem
    }

    /// Transforms `data` (B·N values in the plan's precision) in place in host memory, pass by
    /// pass; returns each pass's times.
    pub fn run<C: DeviceComplex>(&self, gpu: &Gpu, data: &mut [C]) -> Result<Vec<PassTimes>> {
        if data.len() as u64 != self.plan.total_len() {
            return Err(JitError::invalid(format!(
                "streamed transform: {} values given, the plan needs B·N = {}",
                data.len(),
                self.plan.total_len()
            )));
        }
        if C::PRECISION != self.whole.precision {
            return Err(JitError::invalid(format!(
                "streamed transform: the plan computes in {}, host data must match",
                self.whole.precision
            )));
        }
        match &self.typed {
            TypedSlots::F32(t) => self.run_typed(gpu, t, bytemuck::cast_slice_mut::<C, f32>(data)),
            TypedSlots::F64(t) => self.run_typed(gpu, t, bytemuck::cast_slice_mut::<C, f64>(data)),
        }
    }

    /// Measures the pinned transfer rate on slot 0 (upload, then download, of the longest
    /// chunk), `repeats` times; returns the fastest.
    pub fn floor(&self, repeats: usize) -> Result<TransferFloor> {
        match &self.typed {
            TypedSlots::F32(t) => self.floor_typed(t, repeats),
            TypedSlots::F64(t) => self.floor_typed(t, repeats),
        }
    }

    fn floor_typed<T: Real>(&self, t: &Typed<T>, repeats: usize) -> Result<TransferFloor> {
        let s = &t.slots[0];
        let len = s.staging.len();
        let mut best: Option<(f64, f64)> = None;
        for _ in 0..repeats.max(1) {
            let (u, d) = s.staging.with_map(|m| {
                // SAFETY: both events are waited for before the map is left.
                let up = unsafe { write_rect(&self.up, &s.a, m, Rect::run(0, len), None)? };
                let (u0, u1) = event_span_ns(&up)?;
                let down = unsafe { read_rect(&self.down, &s.a, m, Rect::run(0, len), None)? };
                let (d0, d1) = event_span_ns(&down)?;
                Ok(((u1 - u0) as f64 * 1e-6, (d1 - d0) as f64 * 1e-6))
            })?;
            if best.is_none_or(|(bu, bd)| u + d < bu + bd) {
                best = Some((u, d));
            }
        }
        let (upload_ms, download_ms) = best.unwrap_or_default();
        let bytes = (len * std::mem::size_of::<T>()) as u64;
        Ok(TransferFloor {
            bytes,
            upload_ms,
            download_ms,
            rate_gbs: bytes as f64 / ((upload_ms + download_ms) * 1e-3) / 1e9,
        })
    }

    fn run_typed<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        data: &mut [T],
    ) -> Result<Vec<PassTimes>> {
        self.plan
            .passes
            .iter()
            .zip(&self.stage_tr)
            .map(|(pass, &i)| self.run_pass(gpu, t, i, pass, data))
            .collect()
    }

    fn run_pass<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        tri: usize,
        pass: &StreamPass,
        data: &mut [T],
    ) -> Result<PassTimes> {
        struct InFlight {
            rows: ChunkRows,
            slot: usize,
            up: Event,
            kernels: Vec<Event>,
            down: Event,
        }
        let p = self.plan.p;
        let tr = &self.transforms[tri];
        let t0 = Instant::now();
        let (mut gather_ms, mut scatter_ms) = (0.0, 0.0);
        let mut queue: VecDeque<InFlight> = VecDeque::new();
        let mut done: Vec<InFlight> = Vec::new();
        let mut retire = |f: InFlight, data: &mut [T], scatter_ms: &mut f64| -> Result<()> {
            f.down.wait_for()?;
            let ts = Instant::now();
            t.slots[f.slot].staging.with_map(|m| {
                scatter(m, data, &f.rows);
                Ok(())
            })?;
            *scatter_ms += ts.elapsed().as_secs_f64() * 1e3;
            done.push(f);
            Ok(())
        };
        for k in 0..pass.chunks(p) {
            let slot = (k as usize) % SLOTS;
            if queue.len() == SLOTS {
                let f = queue.pop_front().expect("slots in flight");
                retire(f, data, &mut scatter_ms)?;
            }
            let rows = chunk_rows(p, pass, k);
            let s = &t.slots[slot];
            let b = &t.bufs[tri][slot];
            let reals = (rows.rows * rows.len * 2) as usize;
            let tg = Instant::now();
            s.staging.with_map(|m| {
                gather(data, m, &rows);
                Ok(())
            })?;
            gather_ms += tg.elapsed().as_secs_f64() * 1e3;
            let mut events = Vec::new();
            // SAFETY: the staging stays mapped while the slot lives, and the host touches it
            // again only after the chunk's download event completed (`retire`).
            let up = s.staging.with_map(|m| unsafe {
                write_rect(&self.up, &s.a, m, Rect::run(0, reals), None)
            })?;
            for (j, l) in tr.launches(b).iter().enumerate() {
                l.kernel.set_args(&l.args)?;
                let wait = if j == 0 { Some(&up) } else { None };
                events.push(
                    l.kernel
                        .launch_groups(&gpu.queue, 0, l.groups(), l.local, wait)?,
                );
            }
            let result = match tr.schedule.result {
                Buf::A => &s.a,
                Buf::B => s.b.as_ref().unwrap_or(&s.a),
            };
            let last = events.last().cloned();
            let down = s.staging.with_map(|m| unsafe {
                read_rect(
                    &self.down,
                    result,
                    m,
                    Rect::run(0, reals),
                    last.as_ref().or(Some(&up)),
                )
            })?;
            flush(&self.up)?;
            flush(&gpu.queue)?;
            flush(&self.down)?;
            queue.push_back(InFlight {
                rows,
                slot,
                up,
                kernels: events,
                down,
            });
        }
        while let Some(f) = queue.pop_front() {
            retire(f, data, &mut scatter_ms)?;
        }
        let wall_ms = t0.elapsed().as_secs_f64() * 1e3;
        let [upload_ms, kernel_ms, download_ms, span_ms] =
            event_totals(done.iter().map(|f| (&f.up, f.kernels.as_slice(), &f.down)))?;
        let bytes = std::mem::size_of_val(data) as u64;
        Ok(PassTimes {
            digits: (pass.a, pass.w),
            chunks: pass.chunks(p),
            wall_ms,
            span_ms,
            upload_ms,
            kernel_ms,
            download_ms,
            gather_ms,
            scatter_ms,
            bytes,
            rate_gbs: bytes as f64 / (wall_ms * 1e-3) / 1e9,
        })
    }

    /// Unmaps every pinned staging area, reporting an unmap error.
    pub fn release(self) -> Result<()> {
        fn rel<T: ocl::OclPrm>(t: Typed<T>) -> Result<()> {
            for set in t.bufs {
                for b in set {
                    b.staging.release()?;
                }
            }
            for s in t.slots {
                s.staging.release()?;
            }
            Ok(())
        }
        match self.typed {
            TypedSlots::F32(t) => rel(t),
            TypedSlots::F64(t) => rel(t),
        }
    }
}

/// The summed upload, kernel and download event times of a pass's chunks and the span from
/// the first start to the last end, in ms.
fn event_totals<'a>(
    chunks: impl Iterator<Item = (&'a Event, &'a [Event], &'a Event)>,
) -> Result<[f64; 4]> {
    let (mut up_ns, mut k_ns, mut down_ns) = (0u64, 0u64, 0u64);
    let (mut first, mut last) = (u64::MAX, 0u64);
    for (up, kernels, down) in chunks {
        let mut span = |ev: &Event, sum: &mut u64| -> Result<()> {
            let (s, e) = event_span_ns(ev)?;
            first = first.min(s);
            last = last.max(e);
            *sum += e.saturating_sub(s);
            Ok(())
        };
        span(up, &mut up_ns)?;
        for ev in kernels {
            span(ev, &mut k_ns)?;
        }
        span(down, &mut down_ns)?;
    }
    let ms = |ns: u64| ns as f64 * 1e-6;
    Ok([
        ms(up_ns),
        ms(k_ns),
        ms(down_ns),
        ms(last.saturating_sub(first)),
    ])
}

/// Copies the chunk's host rows into the staging (device layout: rows one after another).
fn gather<T: Copy + Send + Sync>(data: &[T], staging: &mut [T], rows: &ChunkRows) {
    let len = rows.len as usize * 2;
    staging[..rows.rows as usize * len]
        .par_chunks_mut(len)
        .with_min_len((4096 / len).max(1))
        .enumerate()
        .for_each(|(r, dst)| {
            let s = rows.row_start(r as u64) as usize * 2;
            dst.copy_from_slice(&data[s..s + len]);
        });
}

struct HostPtr<T>(*mut T);
// SAFETY: rows written through it are disjoint (see `scatter`).
unsafe impl<T> Send for HostPtr<T> {}
unsafe impl<T> Sync for HostPtr<T> {}

/// Copies the staging's rows back to their host places (rows of a chunk never overlap).
fn scatter<T: Copy + Send + Sync>(staging: &[T], data: &mut [T], rows: &ChunkRows) {
    let len = rows.len as usize * 2;
    let end = rows.row_start(rows.rows.saturating_sub(1)) as usize * 2 + len;
    assert!(end <= data.len(), "chunk rows inside the host array");
    let host = HostPtr(data.as_mut_ptr());
    let host = &host;
    staging[..rows.rows as usize * len]
        .par_chunks(len)
        .with_min_len((4096 / len).max(1))
        .enumerate()
        .for_each(|(r, src)| {
            let s = rows.row_start(r as u64) as usize * 2;
            // SAFETY: row r covers host reals [s, s + len), inside `data` (asserted above for
            // the last row, the highest) and disjoint from every other row of the chunk.
            unsafe { std::ptr::copy_nonoverlapping(src.as_ptr(), host.0.add(s), len) };
        });
}
