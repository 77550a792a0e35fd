//! Chunks of the first pass read from where the data already is (e.g. the input file) instead
//! of gathered from the host array: a streamed file run then never reads the file into the
//! host array first. The array is first written by the first pass's scatter, which overlaps
//! the transfers and the reads of the next chunks.

use super::copy::{coalesce, gather, HostArray};
use super::mover::{ChunkHost, Staged};
use super::plan::{ChunkRows, StreamPlan};
use crate::error::{JitError, Result};
use ocl::{Buffer, Event, OclPrm, Queue};
use std::cell::Cell;

/// Fills a chunk's staging from elsewhere: `(offset of the chunk's first value in the whole
/// array, the staging's bytes)`; called from several threads' scopes (it may read in parallel).
pub type ChunkSource<'a> = &'a (dyn Fn(u64, &mut [u8]) -> Result<()> + Sync);

/// Fills `staging` with the chunk's rows: from `src` where the rows are one contiguous run of
/// the array (the lowest pass's chunks: whole transforms), else gathered from `host`.
///
/// # Safety
/// As [`gather`].
pub unsafe fn fill_chunk<T: bytemuck::Pod + Send + Sync>(
    src: Option<ChunkSource>,
    host: &HostArray<T>,
    staging: &mut [T],
    rows: &ChunkRows,
) -> Result<()> {
    let r = coalesce(rows);
    match src {
        Some(src) if r.rows <= 1 => {
            let (reals, have) = ((r.rows * r.len * 2) as usize, staging.len());
            let dst = staging.get_mut(..reals).ok_or_else(|| {
                JitError::invalid(format!(
                    "streamed chunk {r:?}: needs {reals} reals of a staging of {have}"
                ))
            })?;
            src(r.start, bytemuck::cast_slice_mut(dst))
        }
        // SAFETY: the caller's promise.
        _ => unsafe { gather(host, staging, rows) },
    }
}

/// [`Staged`] whose first pass's chunks come from a [`ChunkSource`]: the first
/// `passes[0].chunks` calls of `before` (the pipeline calls it once a chunk, in order) fill
/// the slot from the source; every later chunk (all, without a source) gathers from the host
/// array.
pub(super) struct FromSource<'a, T> {
    staged: &'a Staged<T>,
    source: Option<ChunkSource<'a>>,
    first_chunks: u64,
    seen: Cell<u64>,
}

impl<'a, T> FromSource<'a, T> {
    pub(super) fn new(
        staged: &'a Staged<T>,
        source: Option<ChunkSource<'a>>,
        plan: &StreamPlan,
    ) -> Self {
        let first_chunks = match source {
            Some(_) => plan.passes.first().map_or(0, |q| q.chunks(plan.p)),
            None => 0,
        };
        FromSource {
            staged,
            source,
            first_chunks,
            seen: Cell::new(0),
        }
    }
}

impl<T: OclPrm + bytemuck::Pod + Send + Sync> ChunkHost<T> for FromSource<'_, T> {
    fn in_flight(&self) -> usize {
        self.staged.in_flight()
    }

    fn before(
        &self,
        slot: usize,
        rows: &ChunkRows,
        old: Option<(usize, ChunkRows)>,
    ) -> Result<(f64, f64)> {
        let k = self.seen.replace(self.seen.get() + 1);
        if k >= self.first_chunks {
            return self.staged.before(slot, rows, old);
        }
        let (s, src) = (self.staged, self.source);
        // SAFETY: as `Staged::before`: the slot's last chunk was scattered an iteration ago,
        // `old`'s download has completed, and the two chunks' host rows are disjoint.
        unsafe { s.fill_beside_scatter(slot, old, |dst| fill_chunk(src, &s.host, dst, rows)) }
    }

    fn after(&self, slot: usize, rows: &ChunkRows) -> Result<f64> {
        self.staged.after(slot, rows)
    }

    unsafe fn upload(
        &self,
        q: &Queue,
        slot: usize,
        rows: &ChunkRows,
        dst: &Buffer<T>,
    ) -> Result<Vec<Event>> {
        // SAFETY: the caller's promise.
        unsafe { self.staged.upload(q, slot, rows, dst) }
    }

    unsafe fn download(
        &self,
        q: &Queue,
        slot: usize,
        rows: &ChunkRows,
        src: &Buffer<T>,
        wait: &Event,
    ) -> Result<Vec<Event>> {
        // SAFETY: the caller's promise.
        unsafe { self.staged.download(q, slot, rows, src, wait) }
    }
}
