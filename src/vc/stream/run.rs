//! Running a streamed plan: chunks gathered into pinned staging, uploaded on one queue,
//! transformed on the compute queue, downloaded on a third, scattered back, with three
//! pipeline slots so chunk k+1 uploads while chunk k computes and chunk k−1 downloads.

use super::copy::HostArray;
use super::deal::{Deal, InOrder};
use super::mover::{ChunkHost, Direct, HostMem, Staged, Way};
use super::pinned_host::PinnedHost;
use super::plan::{chunk_rows, ChunkRows, StreamPass, StreamPlan};
use super::report::{event_totals, PassClock};
pub use super::report::{PassTimes, TransferFloor};
use super::slots::{alloc_typed, chunk_plan, Typed, TypedSlots, SLOTS};
use super::source::ChunkSource;
use crate::error::{JitError, Result};
use crate::runtime::transfer::{finish, flush};
use crate::runtime::{Gpu, Pinned};
use crate::transform::Precision;
use crate::vc::execute::Real;
use crate::vc::host::DeviceComplex;
use crate::vc::plan::{VcOptions, VcPlan};
use crate::vc::schedule::Buf;
use crate::vc::CompiledVc;
use ocl::{Event, Queue};
use std::collections::VecDeque;
use std::time::Instant;

/// One chunk on the device: its rows, slot and events.
struct InFlight {
    rows: ChunkRows,
    slot: usize,
    up: Vec<Event>,
    kernels: Vec<Event>,
    down: Vec<Event>,
}

impl InFlight {
    /// Waits for the chunk's download (its last command completes last).
    fn wait_down(&self) -> Result<()> {
        if let Some(d) = self.down.last() {
            d.wait_for()?;
        }
        Ok(())
    }
}

/// A slot's mapped staging as a raw array (threads copy into it beside the main thread).
fn mapped<T: ocl::OclPrm>(staging: &Pinned<T>) -> Result<HostArray<T>> {
    staging.with_map(|m| Ok(HostArray::new(m)))
}

/// Bytes a chunk holds where the pass allows (three are pinned on the host).
const TARGET_CHUNK_BYTES: u64 = 512 << 20;

/// Host rows the rectangle transfers of a pinned host array move at least, where the device
/// memory allows (H100, 3^20: rows of 5.8 KB moved at about half the pinned rate each way).
pub const DIRECT_ROW_BYTES: u64 = 16 << 10;

/// Share of the device memory the slots may take (the rest: programs, tables, the driver).
const MEMORY_SHARE: f64 = 0.85;

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
    pub(super) typed: TypedSlots,
    /// Test knob: the chunk of the first pass that fails (see [`StreamedVc::with_fault`]).
    fail_at: Option<ChunkFault>,
    progress: Option<Progress>,
    pub(super) up: Queue,
    pub(super) down: Queue,
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

impl StreamedVc {
    /// Plans the passes for the device's memory (`device_budget`), builds each distinct chunk
    /// transform once and allocates three pipeline slots. `bottom` turns the default plan of
    /// the lowest pass's chunks (whole transforms of p^w points) into the one to run.
    pub fn new(
        gpu: &Gpu,
        whole: &VcPlan,
        bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
    ) -> Result<StreamedVc> {
        let plan = Self::plan_on(gpu, whole, bottom, false)?;
        Self::with_plan(gpu, whole, bottom, plan)
    }

    /// As [`StreamedVc::new`], planned for a pinned host array ([`StreamedVc::run_pinned`]):
    /// host rows of at least [`DIRECT_ROW_BYTES`] where the device memory allows.
    pub fn for_pinned(
        gpu: &Gpu,
        whole: &VcPlan,
        bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
    ) -> Result<StreamedVc> {
        let plan = Self::plan_on(gpu, whole, bottom, true)?;
        Self::with_plan(gpu, whole, bottom, plan)
    }

    /// Refuses what the streamed path does not run on `gpu`.
    fn refuse(gpu: &Gpu, whole: &VcPlan) -> Result<()> {
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
        Ok(())
    }

    /// Device buffers a slot holds: two unless the lowest pass's transform runs in place (ct).
    fn slot_buffers(whole: &VcPlan, bottom: &dyn Fn(VcPlan) -> Result<VcPlan>) -> Result<u64> {
        let probe = bottom(VcPlan::new(
            whole.p,
            1.max(whole.n.min(2)),
            VcOptions {
                precision: whole.precision,
                ..VcOptions::default()
            },
        )?)?;
        Ok(probe.buffers_needed().max(1))
    }

    /// The passes and chunks a run on `gpu` takes: [`StreamedVc::new`]'s, or with `pinned`
    /// [`StreamedVc::for_pinned`]'s.
    pub fn plan_on(
        gpu: &Gpu,
        whole: &VcPlan,
        bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
        pinned: bool,
    ) -> Result<StreamPlan> {
        Self::refuse(gpu, whole)?;
        let elem = whole.precision.complex_bytes();
        let row = if pinned {
            DIRECT_ROW_BYTES / elem
        } else {
            super::plan::MIN_RUN
        };
        let per_slot = Self::slot_buffers(whole, bottom)?;
        let budget = (device_budget(gpu) as f64 * MEMORY_SHARE) as u64;
        let capacity =
            (budget / (SLOTS as u64 * per_slot * elem)).min(gpu.info.max_alloc_bytes / elem);
        StreamPlan::with_rows(
            whole.p,
            whole.n,
            whole.batch,
            capacity,
            TARGET_CHUNK_BYTES / elem,
            row,
        )
    }

    /// As [`StreamedVc::new`], with passes and chunks already planned (a device set's
    /// members run one plan, made for the member with the least memory).
    pub fn with_plan(
        gpu: &Gpu,
        whole: &VcPlan,
        bottom: &dyn Fn(VcPlan) -> Result<VcPlan>,
        plan: StreamPlan,
    ) -> Result<StreamedVc> {
        Self::refuse(gpu, whole)?;
        let per_slot = Self::slot_buffers(whole, bottom)?;
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

    /// [`run`](Self::run), the first pass's chunks read from `source` (`vc::stream::source`).
    pub fn run_from<C>(
        &self,
        gpu: &Gpu,
        data: &mut [C],
        source: Option<ChunkSource>,
    ) -> Result<Vec<PassTimes>>
    where
        C: DeviceComplex,
    {
        self.check_pageable::<C>(data.len())?;
        // SAFETY: `data` stays borrowed mutably, by this run alone, until it returns.
        unsafe { self.run_on(gpu, &HostMem::pageable(data, source), &InOrder::default()) }
    }

    /// Refuses a pageable host array of `len` values of `C` the plan does not take.
    pub(super) fn check_pageable<C: DeviceComplex>(&self, len: usize) -> Result<()> {
        if len as u64 != self.plan.total_len() {
            return Err(JitError::invalid(format!(
                "streamed transform: {len} values given, the plan needs B·N = {}",
                self.plan.total_len()
            )));
        }
        if C::PRECISION != self.whole.precision {
            return Err(JitError::invalid(format!(
                "streamed transform: the plan computes in {}, host data must match",
                self.whole.precision
            )));
        }
        Ok(())
    }

    /// Refuses a pinned host array the plan does not take.
    pub(super) fn check_pinned(&self, (len, precision): (u64, Precision)) -> Result<()> {
        if len != self.plan.total_len() || precision != self.whole.precision {
            return Err(JitError::invalid(format!(
                "streamed transform: a pinned host array of {len} {precision} values given, the plan needs B·N = {} in {}",
                self.plan.total_len(),
                self.whole.precision
            )));
        }
        Ok(())
    }

    /// Transforms the pinned host array `host` in place with rectangle transfers straight
    /// from and into its pieces (no host copy), pass by pass; returns each pass's times.
    pub fn run_pinned(&self, gpu: &Gpu, host: &mut PinnedHost) -> Result<Vec<PassTimes>> {
        self.check_pinned((host.len(), host.precision()))?;
        let mem = HostMem::pinned(host)?;
        // SAFETY: `host` stays borrowed mutably, by this run alone, until it returns.
        unsafe { self.run_on(gpu, &mem, &InOrder::default()) }
    }

    /// Runs the passes on `host`, the chunks of each pass those `deal` gives this run.
    ///
    /// # Safety
    /// `host` (checked by `check_pageable` or `check_pinned`) must stay alive for the call,
    /// and no one but the runs sharing `deal` may touch it: `deal` gives each chunk (a
    /// region of the array no other chunk of its pass touches) to one run, and starts a pass
    /// only once every run has finished the one before.
    pub(super) unsafe fn run_on(
        &self,
        gpu: &Gpu,
        host: &HostMem,
        deal: &dyn Deal,
    ) -> Result<Vec<PassTimes>> {
        match &self.typed {
            TypedSlots::F32(t) => self.run_typed(gpu, t, host, deal),
            TypedSlots::F64(t) => self.run_typed(gpu, t, host, deal),
        }
    }

    fn run_typed<T: Real + bytemuck::Pod>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        host: &HostMem,
        deal: &dyn Deal,
    ) -> Result<Vec<PassTimes>> {
        match host {
            HostMem::Pageable { reals, first } => {
                let staging = t
                    .slots
                    .iter()
                    .map(|s| mapped(&s.staging))
                    .collect::<Result<_>>()?;
                let staged = Staged::new(staging, reals.cast::<T>(), *first);
                self.run_passes(gpu, t, &staged, deal)
            }
            HostMem::Pinned { pieces, piece } => {
                let direct = Direct {
                    pieces: pieces.iter().map(|p| p.cast::<T>()).collect(),
                    piece: *piece,
                    slots: t.slots.len(),
                };
                self.run_passes(gpu, t, &direct, deal)
            }
        }
    }

    /// Each pass in turn, once `deal` lets it start; a failure tells `deal` (the members of a
    /// set stop).
    fn run_passes<T: Real>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        host: &dyn ChunkHost<T>,
        deal: &dyn Deal,
    ) -> Result<Vec<PassTimes>> {
        let mut out = Vec::new();
        for (j, (pass, &i)) in self.plan.passes.iter().zip(&self.stage_tr).enumerate() {
            if !deal.begin(j) {
                return Ok(out);
            }
            match self.run_pass(gpu, t, (i, pass, j), host, deal) {
                Ok(times) => out.push(times),
                Err(e) => {
                    deal.fail();
                    return Err(e);
                }
            }
        }
        deal.begin(self.plan.passes.len());
        Ok(out)
    }

    /// Pass `index` (its transform `tri`): the chunks `deal` gives this run, through the
    /// slots in turn.
    fn run_pass<T: Real>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        (tri, pass, index): (usize, &StreamPass, usize),
        host: &dyn ChunkHost<T>,
        deal: &dyn Deal,
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
        let chunks = pass.chunks(p);
        // Chunks this run took and their complex values.
        let (mut taken, mut values) = (0u64, 0u64);
        let r = (|| -> Result<()> {
            while let Some(k) = deal.next(index, chunks)? {
                // Staged: chunk k's gather into its slot beside the scatter of the oldest
                // chunk in flight (k−3, downloaded by now), while k−1 and k−2 are on the
                // device. Direct: only the wait for the chunk that last used the slot.
                let old = if queue.len() >= host.in_flight() {
                    queue.pop_front()
                } else {
                    None
                };
                let rows = chunk_rows(p, pass, k);
                // Slots in turn (chunk k's on one device): the oldest in flight frees it.
                let slot = (taken as usize) % SLOTS;
                (taken, values) = (taken + 1, values + rows.rows * rows.len);
                self.check_fault((k, chunks), first)?;
                if let Some(f) = &old {
                    f.wait_down()?;
                }
                let (g, sc) =
                    host.before(slot, &rows, old.as_ref().map(|f| (f.slot, f.rows)), first)?;
                gather_ms += g;
                scatter_ms += sc;
                done.extend(old);
                queue.push_back(self.enqueue_chunk(gpu, t, tri, slot, rows, host)?);
                if let Some(f) = &self.progress {
                    f(before + k + 1, all);
                }
            }
            while let Some(f) = queue.pop_front() {
                f.wait_down()?;
                scatter_ms += host.after(f.slot, &f.rows)?;
                done.push(f);
            }
            Ok(())
        })();
        if r.is_err() {
            // Nothing may still read or write a slot's staging or the host array once the
            // pass returns.
            for q in [&self.up, &gpu.queue, &self.down] {
                let _ = finish(q);
            }
            r?;
        }
        let wall_ms = t0.elapsed().as_secs_f64() * 1e3;
        let events = event_totals(
            done.iter()
                .map(|f| (f.up.as_slice(), f.kernels.as_slice(), f.down.as_slice())),
        )?;
        // This run's chunks (on one device: every value of the array).
        let bytes = values * self.whole.precision.complex_bytes();
        Ok(PassTimes {
            digits: (pass.a, pass.w),
            chunks: taken,
            clock: PassClock::new(wall_ms, events, (gather_ms, scatter_ms), bytes),
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

    /// Enqueues the chunk's upload, kernels and download on the three queues.
    fn enqueue_chunk<T: Real>(
        &self,
        gpu: &Gpu,
        t: &Typed<T>,
        tri: usize,
        slot: usize,
        rows: ChunkRows,
        host: &dyn ChunkHost<T>,
    ) -> Result<InFlight> {
        let tr = &self.transforms[tri];
        let s = &t.slots[slot];
        let b = &t.bufs[tri][slot];
        let mut kernels = Vec::new();
        // SAFETY: the host touches the chunk's rows (or the slot's staging) again only after
        // its download completed (`InFlight::wait_down`).
        let up = unsafe { host.transfer(&self.up, slot, &rows, &s.a, Way::Up)? };
        for (j, l) in tr.launches(b).iter().enumerate() {
            l.kernel.set_args(&l.args)?;
            let wait = if j == 0 { up.last() } else { None };
            kernels.push(
                l.kernel
                    .launch_groups(&gpu.queue, 0, l.groups(), l.local, wait)?,
            );
        }
        let result = match tr.schedule.result {
            Buf::A => &s.a,
            Buf::B => s.b.as_ref().unwrap_or(&s.a),
        };
        let after =
            kernels.last().or(up.last()).cloned().ok_or_else(|| {
                JitError::opencl("streamed chunk: no upload or kernel to wait for")
            })?;
        let down = unsafe { host.transfer(&self.down, slot, &rows, result, Way::Down(&after))? };
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
