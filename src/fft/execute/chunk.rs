//! The pieces of [`FftTransform`] a streamed run (`fft::stream`) drives: its pipeline slots
//! are transforms of one plan sharing one program ([`FftTransform::another`]), each chunk
//! gathered into a slot's pinned staging and enqueued on three queues without waiting.

use super::{Arrays, FftTransform, Typed};
use crate::error::{JitError, Result};
use crate::runtime::scalar::Real;
use crate::runtime::stream_figures::{measure, TransferFloor};
use crate::runtime::transfer::{enqueue, flush, HostSide, Placement};
use crate::runtime::{Gpu, KernelHandle};
use ocl::{Event, Queue};

/// A pinned staging area as the plan's reals, real and imaginary parts interleaved (a streamed
/// run, `fft::stream`, gathers a chunk into it and scatters the result out of it).
pub enum StagingReals<'a> {
    /// An f32 plan's.
    F32(&'a mut [f32]),
    /// An f64 plan's.
    F64(&'a mut [f64]),
}

const NOT_STREAMED: &str = "a streamed chunk moves complex f32 or f64 values, not 16-bit ones";

/// The events of one streamed chunk, in order.
pub struct ChunkEvents {
    /// The upload of the staging.
    pub up: Event,
    /// The launches.
    pub kernels: Vec<Event>,
    /// The download into the staging.
    pub down: Event,
}

impl FftTransform {
    /// Another transform of the same plan and program with arrays and staging of its own (no
    /// second build).
    pub fn another(&self, gpu: &Gpu) -> Result<FftTransform> {
        let kernels = self
            .schedule
            .steps
            .iter()
            .map(|s| KernelHandle::new(gpu, &self.built.program, &s.name))
            .collect::<Result<Vec<_>>>()?;
        Ok(FftTransform {
            plan: self.plan.clone(),
            schedule: self.schedule.clone(),
            program: self.program.clone(),
            built: self.built.clone(),
            kernels,
            arrays: Typed::new(gpu, &self.plan, &self.schedule)?,
            tables_ms: 0.0,
        })
    }

    /// Runs `f` on the mapped staging. Errors: half storage (a streamed run moves complex
    /// f32 or f64 values as they are).
    pub fn with_staging<R>(&self, f: impl FnOnce(StagingReals) -> R) -> Result<R> {
        match &self.arrays {
            Typed::F32(a) => a.staging.with_map(|m| Ok(f(StagingReals::F32(m)))),
            Typed::F64(a) => a.staging.with_map(|m| Ok(f(StagingReals::F64(m)))),
            Typed::Half(..) => Err(JitError::invalid(NOT_STREAMED)),
        }
    }

    /// Enqueues one chunk without waiting: the staging's first `reals` up on `up`, every
    /// launch on the device queue after it, the result down into the staging on `down` after
    /// the last launch. The staging must not be touched until the download completes.
    pub fn enqueue_chunk(
        &self,
        gpu: &Gpu,
        (up, down): (&Queue, &Queue),
        reals: usize,
    ) -> Result<ChunkEvents> {
        let ev = match &self.arrays {
            Typed::F32(a) => self.chunk_on(gpu, a, (up, down), reals),
            Typed::F64(a) => self.chunk_on(gpu, a, (up, down), reals),
            Typed::Half(..) => Err(JitError::invalid(NOT_STREAMED)),
        }?;
        for q in [up, &gpu.queue, down] {
            flush(q)?;
        }
        Ok(ev)
    }

    fn chunk_on<T: Real>(
        &self,
        gpu: &Gpu,
        a: &Arrays<T>,
        (up, down): (&Queue, &Queue),
        reals: usize,
    ) -> Result<ChunkEvents> {
        if reals > a.staging.len() {
            return Err(JitError::invalid(format!(
                "a chunk of {reals} reals does not fit a staging of {}",
                a.staging.len()
            )));
        }
        let result = a.pick(self.schedule.result)?;
        let at = Placement::Run(0);
        // SAFETY: the mapped staging outlives the transfers; the caller touches it again only
        // after the download completed, and the download waits for the launches.
        let up_ev = a
            .staging
            .with_map(|m| unsafe { enqueue(up, &a.a, HostSide::Up(&m[..reals]), &at, None) })?;
        let kernels = self.enqueue_launches(gpu, a, Some(&up_ev))?;
        let after = kernels.last().unwrap_or(&up_ev).clone();
        let down_ev = a.staging.with_map(|m| unsafe {
            enqueue(
                down,
                result,
                HostSide::Down(&mut m[..reals]),
                &at,
                Some(&after),
            )
        })?;
        Ok(ChunkEvents {
            up: up_ev,
            kernels,
            down: down_ev,
        })
    }

    /// The pinned transfer floor (`runtime::stream_figures`) on this transform's arrays and
    /// `other`'s (a slot of the same plan): a whole staging up and down, `repeats` times.
    pub fn transfer_floor(
        &self,
        other: &FftTransform,
        queues: (&Queue, &Queue),
        repeats: usize,
    ) -> Result<TransferFloor> {
        match (&self.arrays, &other.arrays) {
            (Typed::F32(a), Typed::F32(b)) => {
                measure(queues, (&a.a, &a.staging), (&b.a, &b.staging), repeats)
            }
            (Typed::F64(a), Typed::F64(b)) => {
                measure(queues, (&a.a, &a.staging), (&b.a, &b.staging), repeats)
            }
            _ => Err(JitError::invalid(
                "a transfer floor needs two f32 or two f64 slots",
            )),
        }
    }
}
