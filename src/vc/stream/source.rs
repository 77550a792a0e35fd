//! Chunks of the first pass read from where the data already is (e.g. the input file) instead
//! of gathered from the host array: a streamed file run then never reads the file into the
//! host array first. The array is first written by the first pass's scatter, which overlaps
//! the transfers and the reads of the next chunks.

use super::copy::{coalesce, gather, HostArray};
use super::plan::ChunkRows;
use crate::error::{JitError, Result};

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
