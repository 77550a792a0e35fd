//! Running the streamed passes: each chunk gathered into a slot's pinned staging, uploaded on
//! one queue, transformed on the device queue, downloaded on a third and scattered back, the
//! slots in turn, so chunk k is gathered while k−1 and k−2 are on the device. Overlapped
//! (`--overlap`), the same loop keeps the array resident on the device between two passes:
//! pass 1's slabs are copied on the device into it instead of downloaded and scattered, pass
//! 2's column blocks copied out of it instead of gathered and uploaded.

use super::copy::{gather, scatter, Block};
use super::plan::{overlap_passes, passes, Budget, Mode, PassKind, StreamPass, SLOTS};
use super::report::PassTimes;
use crate::error::{JitError, Result};
use crate::fft::execute::chunk::{ChunkEvents, End, Resident, StagingReals};
use crate::fft::{FftPlan, FftTransform};
use crate::runtime::scalar::Real;
use crate::runtime::stream_figures::{event_sums, PassClock, SequentialFloor, TransferFloor};
use crate::runtime::transfer::{finish, Rect};
use crate::runtime::Gpu;
use ocl::Queue;
use std::collections::VecDeque;
use std::time::Instant;

/// Told after each chunk is on its way: (chunks enqueued so far, chunks of every pass), for a
/// progress bar.
pub type Progress = std::sync::Arc<dyn Fn(u64, u64) + Send + Sync>;

/// The host element types a streamed run moves: the plan's reals.
pub trait HostReal: Real + bytemuck::Pod {
    /// The staging as this type (`None`: the plan's precision is the other).
    fn staging(s: StagingReals<'_>) -> Option<&mut [Self]>;
}

impl HostReal for f32 {
    fn staging(s: StagingReals<'_>) -> Option<&mut [f32]> {
        match s {
            StagingReals::F32(m) => Some(m),
            StagingReals::F64(_) => None,
        }
    }
}

impl HostReal for f64 {
    fn staging(s: StagingReals<'_>) -> Option<&mut [f64]> {
        match s {
            StagingReals::F64(m) => Some(m),
            StagingReals::F32(_) => None,
        }
    }
}

/// One pass's device transforms: a slot each for whole chunks, one for a shorter last block.
struct PassSlots {
    full: Vec<FftTransform>,
    tail: Option<FftTransform>,
}

impl PassSlots {
    /// The transform chunk `k` runs on and its slot number (the tail's is `SLOTS`).
    fn of(&self, pass: &StreamPass, k: u64) -> (usize, &FftTransform) {
        match &self.tail {
            Some(t) if k + 1 == pass.chunks => (SLOTS, t),
            _ => {
                let s = k as usize % self.full.len();
                (s, &self.full[s])
            }
        }
    }
}

/// A chunk on the device.
struct InFlight {
    slot: usize,
    block: Block,
    /// Its result comes back to the host (else to the resident array).
    to_host: bool,
    events: ChunkEvents,
}

/// An n-D FFT streamed through one device: the array stays in host memory, or (overlapped)
/// on the device between the passes.
pub struct StreamedFft {
    /// The whole transform.
    pub whole: FftPlan,
    /// Its passes.
    pub passes: Vec<StreamPass>,
    /// Streamed or overlapped.
    pub mode: Mode,
    /// Overlapped with two passes: the array between them.
    resident: Option<Resident>,
    slots: Vec<PassSlots>,
    up: Queue,
    down: Queue,
    progress: Option<Progress>,
}

impl StreamedFft {
    /// Plans the passes for `gpu`'s memory (at most `chunk_cap` bytes a chunk where given),
    /// builds each chunk plan once and allocates its slots.
    pub fn new(gpu: &Gpu, whole: &FftPlan, chunk_cap: Option<u64>) -> Result<StreamedFft> {
        let passes = passes(whole, &Budget::of(&gpu.info, chunk_cap))?;
        StreamedFft::with_passes(gpu, whole, passes, Mode::Stream, None)
    }

    /// Plans an overlapped run (`chunks` a pass: see [`overlap_passes`]), builds each chunk
    /// plan once, allocates its slots and, with two passes, the resident array.
    pub fn overlapped(gpu: &Gpu, whole: &FftPlan, chunks: Option<u64>) -> Result<StreamedFft> {
        let (passes, keep) = overlap_passes(whole, &Budget::of(&gpu.info, None), chunks)?;
        let resident = keep
            .then(|| Resident::new(gpu, whole.precision, 2 * whole.len() as usize))
            .transpose()?;
        StreamedFft::with_passes(gpu, whole, passes, Mode::Overlap, resident)
    }

    fn with_passes(
        gpu: &Gpu,
        whole: &FftPlan,
        passes: Vec<StreamPass>,
        mode: Mode,
        resident: Option<Resident>,
    ) -> Result<StreamedFft> {
        let slots = passes
            .iter()
            .map(|p| {
                let first = FftTransform::new(gpu, &p.plan)?;
                let mut full = vec![];
                for _ in 1..SLOTS.min(p.chunks as usize) {
                    full.push(first.another(gpu)?);
                }
                full.insert(0, first);
                let tail = p
                    .tail
                    .as_ref()
                    .map(|t| FftTransform::new(gpu, t))
                    .transpose()?;
                Ok(PassSlots { full, tail })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(StreamedFft {
            whole: whole.clone(),
            passes,
            mode,
            resident,
            slots,
            up: gpu.extra_queue()?,
            down: gpu.extra_queue()?,
            progress: None,
        })
    }

    /// Reports each chunk to `f` (see [`Progress`]).
    pub fn with_progress(mut self, f: Option<Progress>) -> StreamedFft {
        self.progress = f;
        self
    }

    /// The distinct device transforms, in pass order (their plans and programs).
    pub fn transforms(&self) -> Vec<&FftTransform> {
        let mut out = Vec::new();
        for s in &self.slots {
            out.push(&s.full[0]);
            out.extend(s.tail.as_ref());
        }
        out
    }

    /// Device bytes of every slot's arrays and the resident array.
    pub fn device_bytes(&self) -> u64 {
        self.slot_bytes() + self.resident_bytes()
    }

    /// Device bytes of the resident array (none without one).
    pub fn resident_bytes(&self) -> u64 {
        self.resident.as_ref().map_or(0, Resident::bytes)
    }

    /// Pinned host bytes of every slot's staging.
    pub fn pinned_bytes(&self) -> u64 {
        let each = |s: &PassSlots| {
            let t = s.full.iter().chain(s.tail.as_ref());
            t.map(|t| t.plan.array_len() * t.plan.stored_complex_bytes())
                .sum::<u64>()
        };
        self.slots.iter().map(each).sum()
    }

    /// Device bytes of every slot's arrays (Bluestein's work arrays included).
    pub fn slot_bytes(&self) -> u64 {
        let each = |s: &PassSlots| {
            s.full
                .iter()
                .chain(s.tail.as_ref())
                .map(FftTransform::data_bytes)
                .sum::<u64>()
        };
        self.slots.iter().map(each).sum()
    }

    /// The pinned transfer floor on the first pass's first two slots (`None` with one slot).
    pub fn floor(&self, repeats: usize) -> Result<Option<TransferFloor>> {
        let s = self
            .slots
            .iter()
            .max_by_key(|s| s.full.len())
            .filter(|s| s.full.len() > 1);
        s.map(|s| s.full[0].transfer_floor(&s.full[1], (&self.up, &self.down), repeats))
            .transpose()
    }

    /// The sequential pinned floor of the whole array (one upload, then one download, in
    /// pieces of the largest slot's staging, through that slot's buffers).
    pub fn sequential_floor(&self, repeats: usize) -> Result<SequentialFloor> {
        let slot = self
            .slots
            .iter()
            .map(|s| &s.full[0])
            .max_by_key(|t| t.data_bytes())
            .ok_or_else(|| JitError::invalid("streamed FFT: no pass"))?;
        slot.sequential_floor(
            (&self.up, &self.down),
            2 * self.whole.len() as usize,
            repeats,
        )
    }

    /// Transforms `host` (the whole array, reals of the plan's precision interleaved) in
    /// place, pass by pass; each pass's times.
    pub fn run<T: HostReal>(&self, gpu: &Gpu, host: &mut [T]) -> Result<Vec<PassTimes>> {
        let want = 2 * self.whole.len() as usize;
        if host.len() != want {
            return Err(JitError::invalid(format!(
                "streamed FFT: {} reals given, shape {:?} needs {want}",
                host.len(),
                self.whole.shape
            )));
        }
        let all: u64 = self.passes.iter().map(|p| p.chunks).sum();
        let mut before = 0;
        let mut out = Vec::new();
        for (pass, slots) in self.passes.iter().zip(&self.slots) {
            let r = self.run_pass(gpu, pass, slots, host, (before, all));
            if r.is_err() {
                // No transfer may touch a staging once the run returns.
                for q in [&self.up, &gpu.queue, &self.down] {
                    let _ = finish(q);
                }
            }
            out.push(r?);
            before += pass.chunks;
        }
        Ok(out)
    }

    /// Where chunk `k` of `pass` lies in the host array.
    fn block(&self, pass: &StreamPass, k: u64) -> Block {
        let r: u64 = self.whole.shape[1..].iter().product();
        let (first, units) = (k * pass.per_chunk, pass.units_of(k));
        match pass.kind {
            PassKind::Slabs => Block {
                start: (2 * first * r) as usize,
                rows: 1,
                len: (2 * units * r) as usize,
                pitch: (2 * units * r) as usize,
            },
            PassKind::Columns => Block {
                start: 2 * first as usize,
                rows: self.whole.shape[0] as usize,
                len: 2 * units as usize,
                pitch: 2 * r as usize,
            },
        }
    }

    /// Where chunk `block` of `pass` comes from and its result goes: the host (through the
    /// staging) or, overlapped with two passes, the resident array (slabs out, columns in).
    fn ends(&self, pass: &StreamPass, b: Block) -> (End<'_>, End<'_>) {
        let rect = Rect {
            start: b.start,
            rows: b.rows,
            pitch: b.pitch,
            len: b.len,
        };
        match (&self.resident, pass.kind) {
            (None, _) => (End::Staging, End::Staging),
            (Some(r), PassKind::Slabs) => (End::Staging, End::Resident(r, rect)),
            (Some(r), PassKind::Columns) => (End::Resident(r, rect), End::Staging),
        }
    }

    fn run_pass<T: HostReal>(
        &self,
        gpu: &Gpu,
        pass: &StreamPass,
        slots: &PassSlots,
        host: &mut [T],
        (before, all): (u64, u64),
    ) -> Result<PassTimes> {
        let t0 = Instant::now();
        let (mut gather_ms, mut scatter_ms) = (0.0, 0.0);
        let mut flying: VecDeque<InFlight> = VecDeque::new();
        let mut done: Vec<ChunkEvents> = Vec::new();
        let mut retire = |f: InFlight, host: &mut [T], tr: &FftTransform| -> Result<()> {
            f.events.down.wait_for()?;
            if f.to_host {
                let t = Instant::now();
                tr.with_staging(|s| T::staging(s).map(|m| scatter(m, host, f.block)))?
                    .ok_or_else(|| {
                        JitError::invalid("streamed FFT: host and plan precisions differ")
                    })?;
                scatter_ms += t.elapsed().as_secs_f64() * 1e3;
            }
            done.push(f.events);
            Ok(())
        };
        for k in 0..pass.chunks {
            let (slot, tr) = slots.of(pass, k);
            // The slot's last chunk (the oldest in flight using it) comes back first.
            while flying.iter().any(|f| f.slot == slot) {
                let f = flying.pop_front().expect("a chunk in flight");
                let owner = if f.slot == SLOTS {
                    slots.tail.as_ref()
                } else {
                    slots.full.get(f.slot)
                };
                retire(f, host, owner.expect("its slot"))?;
            }
            let block = self.block(pass, k);
            let ends = self.ends(pass, block);
            if let End::Staging = ends.0 {
                let t = Instant::now();
                tr.with_staging(|s| T::staging(s).map(|m| gather(host, m, block)))?
                    .ok_or_else(|| {
                        JitError::invalid("streamed FFT: host and plan precisions differ")
                    })?;
                gather_ms += t.elapsed().as_secs_f64() * 1e3;
            }
            let events = tr.enqueue_chunk(gpu, (&self.up, &self.down), block.reals(), ends)?;
            flying.push_back(InFlight {
                slot,
                block,
                to_host: matches!(ends.1, End::Staging),
                events,
            });
            if let Some(f) = &self.progress {
                f(before + k + 1, all);
            }
        }
        while let Some(f) = flying.pop_front() {
            let owner = if f.slot == SLOTS {
                slots.tail.as_ref()
            } else {
                slots.full.get(f.slot)
            };
            retire(f, host, owner.expect("its slot"))?;
        }
        let wall_ms = t0.elapsed().as_secs_f64() * 1e3;
        let sums = event_sums(done.iter().map(|c| {
            (
                std::slice::from_ref(&c.up),
                &c.kernels[..],
                std::slice::from_ref(&c.down),
            )
        }))?;
        // A resident end's step is a device copy, not a transfer.
        let [first, kernel_ms, last] = sums.ms;
        let (upload_ms, download_ms, device_copy_ms) = match self.ends(pass, self.block(pass, 0)) {
            (End::Staging, End::Staging) => (first, last, None),
            (End::Staging, End::Resident(..)) => (first, 0.0, Some(last)),
            (End::Resident(..), End::Staging) => (0.0, last, Some(first)),
            (End::Resident(..), End::Resident(..)) => (0.0, 0.0, Some(first + last)),
        };
        let events = [upload_ms, kernel_ms, download_ms, sums.span_ms()];
        let bytes = self.whole.len() * self.whole.stored_complex_bytes();
        Ok(PassTimes {
            kind: pass.kind,
            axes: pass.axes.clone(),
            chunks: pass.chunks,
            per_chunk: pass.per_chunk,
            clock: PassClock::new(wall_ms, events, (gather_ms, scatter_ms), bytes),
            device_copy_ms,
            bounds_ns: (sums.first_ns, sums.last_ns),
        })
    }
}
