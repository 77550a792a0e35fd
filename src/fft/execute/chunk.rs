//! The pieces of [`FftTransform`] a streamed run (`fft::stream`) drives: its pipeline slots
//! are transforms of one plan sharing one program ([`FftTransform::another`]), each chunk
//! gathered into a slot's pinned staging and enqueued on three queues without waiting. An
//! overlapped run (`fft --overlap`) keeps the whole array on the device between its passes
//! ([`Resident`]): a chunk then comes from, or its result goes to, that array by a device copy.

use super::{Arrays, FftTransform, Typed};
use crate::error::{JitError, Result};
use crate::runtime::pinned::device_buffer;
use crate::runtime::scalar::Real;
use crate::runtime::stream_figures::{measure, measure_sequential, SequentialFloor, TransferFloor};
use crate::runtime::transfer::{copy_rect, enqueue, flush, HostSide, Placement, Rect};
use crate::runtime::{Gpu, KernelHandle};
use crate::transform::Precision;
use ocl::{Buffer, Event, Queue};
use std::any::Any;

/// A pinned staging area as the plan's reals, real and imaginary parts interleaved (a streamed
/// run, `fft::stream`, gathers a chunk into it and scatters the result out of it).
pub enum StagingReals<'a> {
    /// An f32 plan's.
    F32(&'a mut [f32]),
    /// An f64 plan's.
    F64(&'a mut [f64]),
}

/// A whole array kept on the device between an overlapped run's passes, interleaved reals of
/// the plan's precision.
pub enum Resident {
    /// An f32 plan's.
    F32(Buffer<f32>),
    /// An f64 plan's.
    F64(Buffer<f64>),
}

impl Resident {
    /// A device array of `reals` reals of `precision`.
    pub fn new(gpu: &Gpu, precision: Precision, reals: usize) -> Result<Resident> {
        Ok(match precision {
            Precision::F32 => Resident::F32(device_buffer(&gpu.queue, reals)?),
            Precision::F64 => Resident::F64(device_buffer(&gpu.queue, reals)?),
        })
    }

    /// Its bytes.
    pub fn bytes(&self) -> u64 {
        match self {
            Resident::F32(b) => 4 * b.len() as u64,
            Resident::F64(b) => 8 * b.len() as u64,
        }
    }

    /// The buffer as `T`'s (an error where `T` is the other precision).
    fn of<T: Real>(&self) -> Result<&Buffer<T>> {
        let any: &dyn Any = match self {
            Resident::F32(b) => b,
            Resident::F64(b) => b,
        };
        any.downcast_ref()
            .ok_or_else(|| JitError::invalid("the resident array's precision is not the slot's"))
    }
}

/// Where a chunk's values come from (its first step) or where its result goes (its last).
#[derive(Clone, Copy)]
pub enum End<'a> {
    /// The slot's pinned staging: uploaded in, downloaded out.
    Staging,
    /// Rows of the resident array (in reals), copied on the device into or out of the slot's
    /// array, where they lie end to end.
    Resident(&'a Resident, Rect),
}

const NOT_STREAMED: &str = "a streamed chunk moves complex f32 or f64 values, not 16-bit ones";

/// The events of one streamed chunk, in order.
pub struct ChunkEvents {
    /// The upload of the staging (or the device copy out of the resident array).
    pub up: Event,
    /// The launches.
    pub kernels: Vec<Event>,
    /// The download into the staging (or the device copy into the resident array).
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

    /// Enqueues one chunk without waiting: its `reals` in from `from` on `up` (the staging's
    /// first `reals` uploaded, or rows of the resident array copied), every launch on the
    /// device queue after it, the result out to `to` on `down` after the last launch. The
    /// staging must not be touched until the last step completes.
    pub fn enqueue_chunk(
        &self,
        gpu: &Gpu,
        (up, down): (&Queue, &Queue),
        reals: usize,
        (from, to): (End, End),
    ) -> Result<ChunkEvents> {
        let ev = match &self.arrays {
            Typed::F32(a) => self.chunk_on(gpu, a, (up, down), reals, (from, to)),
            Typed::F64(a) => self.chunk_on(gpu, a, (up, down), reals, (from, to)),
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
        (from, to): (End, End),
    ) -> Result<ChunkEvents> {
        if reals > a.staging.len() {
            return Err(JitError::invalid(format!(
                "a chunk of {reals} reals does not fit a staging of {}",
                a.staging.len()
            )));
        }
        let result = a.pick(self.schedule.result)?;
        let at = Placement::Run(0);
        // The slot's side of a device copy: the rows end to end from its start.
        let packed = |r: Rect| Rect {
            start: 0,
            pitch: r.len,
            ..r
        };
        let up_ev = match from {
            // SAFETY: the mapped staging outlives the transfers; the caller touches it again
            // only after the chunk's last step completed, which waits for the launches.
            End::Staging => a
                .staging
                .with_map(|m| unsafe { enqueue(up, &a.a, HostSide::Up(&m[..reals]), &at, None) })?,
            End::Resident(r, rect) => copy_rect(up, (r.of()?, rect), (&a.a, packed(rect)), None)?,
        };
        let kernels = self.enqueue_launches(gpu, a, Some(&up_ev))?;
        let after = kernels.last().unwrap_or(&up_ev).clone();
        let down_ev = match to {
            // SAFETY: as the upload's.
            End::Staging => a.staging.with_map(|m| unsafe {
                enqueue(
                    down,
                    result,
                    HostSide::Down(&mut m[..reals]),
                    &at,
                    Some(&after),
                )
            })?,
            End::Resident(r, rect) => {
                copy_rect(down, (result, packed(rect)), (r.of()?, rect), Some(&after))?
            }
        };
        Ok(ChunkEvents {
            up: up_ev,
            kernels,
            down: down_ev,
        })
    }

    /// The sequential pinned floor (`runtime::stream_figures`) of `reals` reals through this
    /// transform's staging and first array, `repeats` times.
    pub fn sequential_floor(
        &self,
        (up, down): (&Queue, &Queue),
        reals: usize,
        repeats: usize,
    ) -> Result<SequentialFloor> {
        match &self.arrays {
            Typed::F32(a) => measure_sequential((up, down), (&a.a, &a.staging), reals, repeats),
            Typed::F64(a) => measure_sequential((up, down), (&a.a, &a.staging), reals, repeats),
            Typed::Half(..) => Err(JitError::invalid(NOT_STREAMED)),
        }
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
