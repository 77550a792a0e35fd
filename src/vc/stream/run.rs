//! Running a streamed plan: chunks gathered into pinned staging, uploaded on one queue,
//! transformed on the compute queue, downloaded on a third, scattered back, with three
//! pipeline slots so chunk k+1 uploads while chunk k computes and chunk k−1 downloads.

use super::copy::{scatter, HostArray};
use super::plan::{chunk_rows, ChunkRows, StreamPass, StreamPlan};
use super::report::event_totals;
pub use super::report::{PassTimes, TransferFloor};
use super::source::{fill_chunk, ChunkSource};
use crate::error::{JitError, Result};
use crate::runtime::timing::event_span_ns;
use crate::runtime::transfer::{finish, flush, read_rect, write_rect, Rect};
use crate::runtime::{Gpu, Pinned};
use crate::transform::Precision;
use crate::vc::execute::{coefficient_tables, Buffers, Real};
use crate::vc::host::DeviceComplex;
use crate::vc::plan::{Algorithm, Coeffs, VcOptions, VcPlan};
use crate::vc::schedule::Buf;
use crate::vc::CompiledVc;
use bytemuck::cast_slice_mut;
use ocl::{Buffer, Event, Queue};
use std::collections::VecDeque;
use std::time::Instant;

/// Pipeline slots: chunk k gathered while k−3 is scattered and k−1, k−2 are on the device
/// (upload, compute, download on three queues).
pub const SLOTS: usize = 4;

/// One chunk on the device: its rows, slot and events.
struct InFlight {
    rows: ChunkRows,
    slot: usize,
    up: Event,
    kernels: Vec<Event>,
    down: Event,
}

/// A slot's mapped staging as a raw array (threads copy into it beside the main thread).
fn mapped<T: ocl::OclPrm>(staging: &Pinned<T>) -> Result<HostArray<T>> {
    staging.with_map(|m| Ok(HostArray::new(m)))
}

/// Runs `f`, returning its host wall time in ms.
fn timed(f: impl FnOnce() -> Result<()>) -> Result<f64> {
    let t = Instant::now();
    f()?;
    Ok(t.elapsed().as_secs_f64() * 1e3)
}

/// Bytes a chunk holds where the pass allows (three are pinned on the host).
const TARGET_CHUNK_BYTES: u64 = 512 << 20;

/// Share of the device memory the slots may take (the rest: programs, tables, the driver).
const MEMORY_SHARE: f64 = 0.85;

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

/// Told after each chunk is on its way: (chunks enqueued so far, chunks of every pass), for a
/// progress bar.
pub type Progress = std::sync::Arc<dyn Fn(u64, u64) + Send + Sync>;

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
    /// Test knob: the chunk of the first pass that fails (see [`StreamedVc::with_fault`]).
    fail_at: Option<ChunkFault>,
    progress: Option<Progress>,
    up: Queue,
    down: Queue,
}

/// Which chunk a test makes fail: the run must fail, join its threads and leave no transfer
/// running.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkFault {
    /// The first chunk of the first pass.
    First,
    /// The last chunk of the first pass.
    Last,
}

impl ChunkFault {
    fn chunk(self, chunks: u64) -> u64 {
        match self {
            ChunkFault::First => 0,
            ChunkFault::Last => chunks.saturating_sub(1),
        }
    }
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
            fail_at: None,
            progress: None,
            up: gpu.extra_queue()?,
            down: gpu.extra_queue()?,
        })
    }

    /// Makes one chunk of the first pass fail (tests: the run fails, every thread is joined
    /// and no transfer is left running).
    pub fn with_fault(mut self, fault: ChunkFault) -> StreamedVc {
        self.fail_at = Some(fault);
        self
    }

    /// Reports each chunk to `f` (see [`Progress`]).
    pub fn with_progress(mut self, f: Progress) -> StreamedVc {
        self.progress = Some(f);
        self
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
        self.run_from(gpu, data, None)
    }

    /// [`run`](Self::run) with the first pass's contiguous chunks read from `source` (the
    /// values `data` would hold: e.g. the input file) instead of `data`, which that pass's
    /// scatter fills (`vc::stream::source`).
    pub fn run_from<C: DeviceComplex>(
        &self,
        gpu: &Gpu,
        data: &mut [C],
        source: Option<ChunkSource>,
    ) -> Result<Vec<PassTimes>> {
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
            TypedSlots::F32(t) => self.run_typed(gpu, t, cast_slice_mut::<C, f32>(data), source),
            TypedSlots::F64(t) => self.run_typed(gpu, t, cast_slice_mut::<C, f64>(data), source),
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
        let (s, s1) = (&t.slots[0], &t.slots[1]);
        let len = s.staging.len();
        let mut best: Option<(f64, f64)> = None;
        let mut duplex = f64::INFINITY;
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
            // Both directions at once: slot 0 up, slot 1 down (different buffers and staging).
            let both = s.staging.with_map(|m0| {
                s1.staging.with_map(|m1| {
                    // SAFETY: both events are waited for before the maps are left.
                    let up = unsafe { write_rect(&self.up, &s.a, m0, Rect::run(0, len), None)? };
                    let down =
                        unsafe { read_rect(&self.down, &s1.a, m1, Rect::run(0, len), None)? };
                    flush(&self.up)?;
                    flush(&self.down)?;
                    let ((u0, u1), (d0, d1)) = (event_span_ns(&up)?, event_span_ns(&down)?);
                    Ok((u1.max(d1) - u0.min(d0)) as f64 * 1e-6)
                })
            })?;
            duplex = duplex.min(both);
        }
        let (upload_ms, download_ms) = best.unwrap_or_default();
        let bytes = (len * std::mem::size_of::<T>()) as u64;
        Ok(TransferFloor {
            bytes,
            upload_ms,
            download_ms,
            rate_gbs: bytes as f64 / ((upload_ms + download_ms) * 1e-3) / 1e9,
            duplex_ms: duplex,
            duplex_rate_gbs: bytes as f64 / (duplex * 1e-3) / 1e9,
        })
    }

    fn run_typed<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        data: &mut [T],
        source: Option<ChunkSource>,
    ) -> Result<Vec<PassTimes>> {
        self.plan
            .passes
            .iter()
            .zip(&self.stage_tr)
            .enumerate()
            .map(|(j, (pass, &i))| {
                let src = source.filter(|_| j == 0);
                self.run_pass(gpu, t, (i, pass, src), data, j)
            })
            .collect()
    }

    fn run_pass<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        (tri, pass, source): (usize, &StreamPass, Option<ChunkSource>),
        data: &mut [T],
        index: usize,
    ) -> Result<PassTimes> {
        let p = self.plan.p;
        let first = index == 0;
        // Chunks of the passes before this one, and of all (for `progress`).
        let chunks_of = |ps: &[StreamPass]| ps.iter().map(|q| q.chunks(p)).sum::<u64>();
        let (before, all) = (
            chunks_of(&self.plan.passes[..index]),
            chunks_of(&self.plan.passes),
        );
        let t0 = Instant::now();
        let (mut gather_ms, mut scatter_ms) = (0.0, 0.0);
        let mut queue: VecDeque<InFlight> = VecDeque::new();
        let mut done: Vec<InFlight> = Vec::new();
        let host = HostArray::new(data);
        let chunks = pass.chunks(p);
        let r = (|| -> Result<()> {
            for k in 0..chunks {
                // Chunk k's gather into its slot beside the scatter of the oldest chunk in
                // flight (k−3, downloaded by now), while k−1 and k−2 are on the device.
                let old = if queue.len() == SLOTS - 1 {
                    queue.pop_front()
                } else {
                    None
                };
                let rows = chunk_rows(p, pass, k);
                let slot = (k as usize) % SLOTS;
                self.check_fault((k, chunks), first)?;
                let dst = mapped(&t.slots[slot].staging)?;
                let src = match &old {
                    Some(f) => {
                        f.down.wait_for()?;
                        Some((mapped(&t.slots[f.slot].staging)?, f.rows))
                    }
                    None => None,
                };
                // SAFETY: slot `slot`'s last chunk was scattered an iteration ago, `old`'s
                // download has completed, and the two chunks' host rows are disjoint.
                let (g, sc) = rayon::join(
                    || timed(|| unsafe { fill_chunk(source, &host, dst.as_mut_slice(), &rows) }),
                    || match &src {
                        Some((m, r)) => timed(|| unsafe { scatter(m.as_mut_slice(), &host, r) }),
                        None => Ok(0.0),
                    },
                );
                gather_ms += g?;
                scatter_ms += sc?;
                done.extend(old);
                queue.push_back(self.enqueue_chunk(gpu, t, tri, slot, rows)?);
                if let Some(f) = &self.progress {
                    f(before + k + 1, all);
                }
            }
            while let Some(f) = queue.pop_front() {
                f.down.wait_for()?;
                let m = mapped(&t.slots[f.slot].staging)?;
                // SAFETY: the download has completed; no other copy runs now.
                scatter_ms += timed(|| unsafe { scatter(m.as_mut_slice(), &host, &f.rows) })?;
                done.push(f);
            }
            Ok(())
        })();
        if r.is_err() {
            // Nothing may still read or write a slot's staging once the pass returns.
            for q in [&self.up, &gpu.queue, &self.down] {
                let _ = finish(q);
            }
            r?;
        }
        let wall_ms = t0.elapsed().as_secs_f64() * 1e3;
        let [upload_ms, kernel_ms, download_ms, span_ms] =
            event_totals(done.iter().map(|f| (&f.up, f.kernels.as_slice(), &f.down)))?;
        let bytes = std::mem::size_of_val(data) as u64;
        Ok(PassTimes {
            digits: (pass.a, pass.w),
            chunks,
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

    /// Fails at the chunk the test knob names (in the first pass only).
    fn check_fault(&self, (k, chunks): (u64, u64), first_pass: bool) -> Result<()> {
        match self.fail_at {
            Some(f) if first_pass && f.chunk(chunks) == k => Err(JitError::opencl(format!(
                "streamed pass: failure injected at chunk {k} of {chunks}"
            ))),
            _ => Ok(()),
        }
    }

    /// Enqueues the gathered chunk's upload, kernels and download on the three queues.
    fn enqueue_chunk<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        tri: usize,
        slot: usize,
        rows: ChunkRows,
    ) -> Result<InFlight> {
        let tr = &self.transforms[tri];
        let s = &t.slots[slot];
        let b = &t.bufs[tri][slot];
        let reals = (rows.rows * rows.len * 2) as usize;
        let mut kernels = Vec::new();
        // SAFETY: the staging stays mapped while the slot lives, and the host touches it
        // again only after the chunk's download event completed (`scatter_from`).
        let up = s
            .staging
            .with_map(|m| unsafe { write_rect(&self.up, &s.a, m, Rect::run(0, reals), None) })?;
        for (j, l) in tr.launches(b).iter().enumerate() {
            l.kernel.set_args(&l.args)?;
            let wait = if j == 0 { Some(&up) } else { None };
            kernels.push(
                l.kernel
                    .launch_groups(&gpu.queue, 0, l.groups(), l.local, wait)?,
            );
        }
        let result = match tr.schedule.result {
            Buf::A => &s.a,
            Buf::B => s.b.as_ref().unwrap_or(&s.a),
        };
        let last = kernels.last().cloned();
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
        Ok(InFlight {
            rows,
            slot,
            up,
            kernels,
            down,
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
