//! Gather and scatter of a chunk's rows between the host array and its pinned staging, on
//! every core.
//!
//! Rows that lie end to end on the host are merged first ([`coalesce`]): the lowest pass's
//! chunks (whole transforms) are one contiguous run, which the row-by-row copy used to move
//! one complex value at a time (7 GB/s on the H100 host; a merged run copies at memory
//! speed). The staging is then cut into pieces of equal size, whatever the row length, so
//! every thread has work: long rows are split across threads, short rows are copied many to
//! a piece. Pieces are copied row segment by row segment, long segments with streaming
//! stores (`runtime::stream_copy`: the pinned staging and the host array are written around
//! the cache, saving the read for ownership of every line: host memory bounds these passes).
//!
//! Both directions take the host array as a raw pointer ([`HostArray`]), so the scatter of
//! one chunk and the gather of another run at the same time (their rows are disjoint: a pass
//! touches every element once).

use super::plan::ChunkRows;
use crate::error::{JitError, Result};
use crate::runtime::stream_copy::copy_elems;
use rayon::prelude::*;

/// Reals a copying thread takes at least (smaller pieces cost more to schedule than they gain).
const MIN_PIECE_REALS: usize = 1 << 15;

/// The host array as a raw pointer and its length in reals, shared by threads that copy
/// disjoint rows of it.
#[derive(Clone, Copy)]
pub struct HostArray<T> {
    ptr: *mut T,
    len: usize,
}

// SAFETY: the threads given one write disjoint rows (see the module's note).
unsafe impl<T: Send> Send for HostArray<T> {}
unsafe impl<T: Sync> Sync for HostArray<T> {}

impl<T> HostArray<T> {
    /// Takes `data` for the lifetime of the copies (the caller keeps `data` borrowed
    /// mutably meanwhile).
    pub fn new(data: &mut [T]) -> HostArray<T> {
        HostArray {
            ptr: data.as_mut_ptr(),
            len: data.len(),
        }
    }
}

impl<T> HostArray<T> {
    /// The same memory as elements of `U` (whose size divides the bytes and whose alignment
    /// the start meets: reals ↔ complex values of that real).
    pub fn cast<U>(self) -> HostArray<U> {
        HostArray {
            ptr: self.ptr.cast(),
            len: self.len * std::mem::size_of::<T>() / std::mem::size_of::<U>(),
        }
    }

    /// The whole array as a slice of any lifetime.
    ///
    /// # Safety
    /// As [`HostArray::as_mut_slice`], for all of `'a`.
    pub unsafe fn into_mut_slice<'a>(self) -> &'a mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }

    /// The whole array as a slice.
    ///
    /// # Safety
    /// The memory must be alive, and no two threads may write the same elements.
    #[allow(clippy::mut_from_ref)]
    pub unsafe fn as_mut_slice(&self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) }
    }
}

/// The same rows with those lying end to end merged into longer ones.
pub fn coalesce(rows: &ChunkRows) -> ChunkRows {
    let mut r = *rows;
    if r.mids > 1 && r.mid_pitch == r.len && r.rows % r.mids == 0 {
        r.len *= r.mids;
        r.rows /= r.mids;
        r.mids = 1;
        r.mid_pitch = r.len;
    }
    if r.mids == 1 && r.rows > 1 && r.hi_pitch == r.len {
        r.len *= r.rows;
        r.rows = 1;
        r.hi_pitch = r.len;
        r.mid_pitch = r.len;
    }
    r
}

/// Reals per piece for `total` reals.
fn piece_len(total: usize) -> usize {
    (total / (4 * rayon::current_num_threads()).max(1)).max(MIN_PIECE_REALS)
}

/// Calls `f(host real offset, staging real offset, reals)` for each row segment of the
/// staging range `[at, at + n)`.
fn segments(r: &ChunkRows, at: usize, n: usize, mut f: impl FnMut(usize, usize, usize)) {
    let len = r.len as usize * 2;
    let (mut s, end) = (at, at + n);
    while s < end {
        let (row, o) = (s / len, s % len);
        let take = (len - o).min(end - s);
        f(r.row_start(row as u64) as usize * 2 + o, s, take);
        s += take;
    }
}

/// Checks that the chunk's rows (complex values, two reals each) lie inside the host array
/// and the staging; returns the merged rows and their reals.
fn checked<T>(host: &HostArray<T>, staging: usize, rows: &ChunkRows) -> Result<(ChunkRows, usize)> {
    let r = coalesce(rows);
    let total = (r.rows * r.len * 2) as usize;
    let end = if r.rows == 0 {
        0
    } else {
        (r.row_start(r.rows - 1) + r.len) as usize * 2
    };
    if end > host.len || total > staging {
        return Err(JitError::invalid(format!(
            "streamed chunk {r:?}: ends at real {end} of a host array of {}, or needs {total} reals of a staging of {staging}",
            host.len
        )));
    }
    Ok((r, total))
}

/// Copies the chunk's host rows into `staging` (device layout: rows one after another).
///
/// # Safety
/// `host`'s memory must be alive, and the chunk's rows written by no other thread meanwhile.
pub unsafe fn gather<T: Copy + Send + Sync>(
    host: &HostArray<T>,
    staging: &mut [T],
    rows: &ChunkRows,
) -> Result<()> {
    let (r, total) = checked(host, staging.len(), rows)?;
    let piece = piece_len(total);
    staging[..total]
        .par_chunks_mut(piece)
        .enumerate()
        .for_each(|(i, dst)| {
            let base = i * piece;
            segments(&r, base, dst.len(), |h, s, n| {
                // SAFETY: `h..h+n` lies inside the host array (`checked`); `s - base..` inside
                // this piece.
                unsafe { copy_elems(host.ptr.add(h), dst.as_mut_ptr().add(s - base), n) }
            });
        });
    Ok(())
}

/// Copies `staging`'s rows back to their host places (rows of a chunk never overlap).
///
/// # Safety
/// As [`gather`]; no other thread may read or write the chunk's rows meanwhile.
pub unsafe fn scatter<T: Copy + Send + Sync>(
    staging: &[T],
    host: &HostArray<T>,
    rows: &ChunkRows,
) -> Result<()> {
    let (r, total) = checked(host, staging.len(), rows)?;
    let piece = piece_len(total);
    staging[..total]
        .par_chunks(piece)
        .enumerate()
        .for_each(|(i, src)| {
            let base = i * piece;
            segments(&r, base, src.len(), |h, s, n| {
                // SAFETY: as in `gather`; rows are disjoint, so no two pieces write one real.
                unsafe { copy_elems(src.as_ptr().add(s - base), host.ptr.add(h), n) }
            });
        });
    Ok(())
}
