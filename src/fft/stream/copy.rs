//! A chunk between the host array and a slot's pinned staging, on every core: a slab is one
//! contiguous run (cut into pieces, one a thread), a column block `rows` rows of `len` reals
//! `pitch` apart (a row a task). Long runs use streaming stores (`runtime::stream_copy`).

use crate::runtime::stream_copy::copy_elems;
use rayon::prelude::*;

/// Reals a copying thread takes at least (smaller pieces cost more to schedule than they gain).
const MIN_PIECE_REALS: usize = 1 << 15;

/// Where a chunk lies in the host array, in reals: `rows` rows of `len`, row i at
/// `start + i·pitch`; in the staging the rows lie end to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Block {
    /// The first real.
    pub start: usize,
    /// Rows.
    pub rows: usize,
    /// Reals a row.
    pub len: usize,
    /// Reals from one row's start to the next's.
    pub pitch: usize,
}

impl Block {
    /// Reals of the chunk.
    pub fn reals(&self) -> usize {
        self.rows * self.len
    }

    /// The chunk as one run where its rows lie end to end.
    fn run(&self) -> Option<usize> {
        (self.rows <= 1 || self.pitch == self.len).then_some(self.reals())
    }
}

/// Reals per piece of a run of `total`.
fn piece_len(total: usize) -> usize {
    (total / (4 * rayon::current_num_threads()).max(1)).max(MIN_PIECE_REALS)
}

fn copy<T: Copy>(dst: &mut [T], src: &[T]) {
    assert_eq!(dst.len(), src.len(), "chunk copy: lengths differ");
    // SAFETY: two slices of the same length that cannot overlap (one is borrowed mutably);
    // the element types copied are f32 and f64.
    unsafe { copy_elems(src.as_ptr(), dst.as_mut_ptr(), dst.len()) }
}

/// Copies the chunk `b` of `host` into `staging`.
pub fn gather<T: Copy + Send + Sync>(host: &[T], staging: &mut [T], b: Block) {
    match b.run() {
        Some(n) => {
            let piece = piece_len(n);
            staging[..n]
                .par_chunks_mut(piece)
                .zip(host[b.start..b.start + n].par_chunks(piece))
                .for_each(|(d, s)| copy(d, s));
        }
        None => staging[..b.reals()]
            .par_chunks_mut(b.len)
            .zip(host[b.start..].par_chunks(b.pitch))
            .for_each(|(d, s)| copy(d, &s[..b.len])),
    }
}

/// Copies `staging` back to the chunk `b` of `host`.
pub fn scatter<T: Copy + Send + Sync>(staging: &[T], host: &mut [T], b: Block) {
    match b.run() {
        Some(n) => {
            let piece = piece_len(n);
            host[b.start..b.start + n]
                .par_chunks_mut(piece)
                .zip(staging[..n].par_chunks(piece))
                .for_each(|(d, s)| copy(d, s));
        }
        None => host[b.start..]
            .par_chunks_mut(b.pitch)
            .zip(staging[..b.reals()].par_chunks(b.len))
            .for_each(|(d, s)| copy(&mut d[..b.len], s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A column block gathered and scattered back lands where it came from, and nothing else
    /// moves.
    #[test]
    fn column_block_round_trip() {
        let host: Vec<f32> = (0..60).map(|i| i as f32).collect();
        let b = Block {
            start: 4,
            rows: 5,
            len: 3,
            pitch: 12,
        };
        let mut staging = vec![0f32; 15];
        gather(&host, &mut staging, b);
        assert_eq!(&staging[..6], &[4.0, 5.0, 6.0, 16.0, 17.0, 18.0]);
        let mut back = vec![-1f32; 60];
        scatter(&staging, &mut back, b);
        for (i, v) in back.iter().enumerate() {
            let inside = i >= 4 && (i - 4) % 12 < 3 && (i - 4) / 12 < 5;
            assert_eq!(*v, if inside { i as f32 } else { -1.0 }, "real {i}");
        }
    }
}
