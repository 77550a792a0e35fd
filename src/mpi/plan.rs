//! Which digits each rank holds, which rank counts are allowed, and the exchange schedule.
//!
//! N = p^n points over P = p^k ranks (2k ≤ n). Write a global index as digit groups
//! (a, b, c): a = the top k digits, b = the next k, c = the low n − 2k (C = p^(n−2k) values).
//! Rank a holds the N/P consecutive values X\[a\]\[b\]\[c\].
//!
//! 1. Each rank transforms its n − k local digits (b, c) with the fused kernels.
//! 2. The columns c are cut into K = p^j chunks of w = C/K. For chunk q, rank a sends
//!    Y_a\[b\]\[q·w..(q+1)·w\] to rank b (one all-to-all); rank b then holds Z\[a\]\[i\] for
//!    every a: the digits a are local, above the already transformed i.
//! 3. Rank b transforms the top k digits of each chunk (a Cooley-Tukey plan of k + log_p(w)
//!    digits that stops after k: [`VcPlan::with_top_digits`](crate::vc::VcPlan::with_top_digits)).
//! 4. A second all-to-all per chunk sends W\[a'\]\[i\] back to rank a', which stores it at
//!    b·C + q·w + i: natural order. Chunk q's transform runs while chunk q+1 is exchanged
//!    forward and chunk q−1 back.
//!
//! Why P = p^k: each rank's slice must be whole digits, so that both local transforms are
//! VC transforms of p^m points; a P that is not a power of p (e.g. 2 ranks for p = 3) would
//! split a digit between ranks, and no VC kernel transforms part of a digit. Why 2k ≤ n: the
//! exchange sends each rank N/P² values from every other rank (at least one).

use crate::error::{JitError, Result};
use serde::Serialize;

/// A validated distribution of a VC transform of p^n points over P = p^k ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct MpiPlan {
    /// The base p.
    pub p: u32,
    /// Digits of the whole transform.
    pub n: u32,
    /// Ranks P = p^k.
    pub ranks: u64,
    /// k: digits that name the rank (the top k of a global index).
    pub rank_digits: u32,
    /// Values each rank holds, N/P = p^(n−k).
    pub local_len: u64,
    /// Chunks K = p^j the columns are cut into for the pipelined exchange.
    pub chunks: u64,
    /// Values each rank sends to each rank per chunk and direction, w = N/(P²·K).
    pub chunk_width: u64,
}

/// The largest count one MPI call moves (counts are C `int`): each all-to-all moves
/// P·w complex values = 2·P·w reals.
const MAX_REALS_PER_CALL: u64 = (1 << 31) - 1;

impl MpiPlan {
    /// Validates P ranks for p^n points; `chunks` (a power of p) or, when `None`, about 4
    /// chunks (fewer where the columns are fewer, more where one MPI call would pass 2^31 reals).
    ///
    /// Errors: P not a power of p, P² > N (more ranks than the exchange can split), P beyond
    /// the top-digit transform's largest radix (256 points), chunks not a power of p or more
    /// than the columns.
    pub fn new(p: u32, n: u32, ranks: u64, chunks: Option<u64>) -> Result<MpiPlan> {
        let pp = p as u64;
        let allowed = |n: u32| {
            let mut v = Vec::new();
            let mut r = 1u64;
            for _ in 0..=n / 2 {
                if r > crate::vc::plan::MAX_RADIX {
                    break;
                }
                v.push(r.to_string());
                r *= pp;
            }
            v.join(", ")
        };
        let k = crate::vc::plan::log_exact(pp, ranks)
            .or((ranks == 1).then_some(0))
            .ok_or_else(|| {
                JitError::invalid(format!(
                    "{ranks} MPI ranks cannot share {p}^{n} points: the ranks must be a power of p = {p} \
                     (each holds whole digits), with P² ≤ N; allowed for n = {n}: {}",
                    allowed(n)
                ))
            })?;
        if 2 * k > n {
            return Err(JitError::invalid(format!(
                "{ranks} MPI ranks are too many for {p}^{n} points: the exchange needs P² ≤ N \
                 (each rank sends N/P² values to every rank); allowed for n = {n}: {}",
                allowed(n)
            )));
        }
        if ranks > crate::vc::plan::MAX_RADIX {
            return Err(JitError::invalid(format!(
                "{ranks} MPI ranks: the transform across ranks runs as one butterfly of P points, \
                 at most {}",
                crate::vc::plan::MAX_RADIX
            )));
        }
        let local_len = pp.pow(n - k);
        let columns = pp.pow(n - 2 * k);
        // Fewest chunks that keep every all-to-all under the MPI count limit.
        let mut min_chunks = 1u64;
        while 2 * local_len / min_chunks > MAX_REALS_PER_CALL && min_chunks < columns {
            min_chunks *= pp;
        }
        let chunks = match chunks {
            // One rank exchanges nothing.
            _ if k == 0 => 1,
            Some(c) => {
                if crate::vc::plan::log_exact(pp, c).is_none() && c != 1 {
                    return Err(JitError::invalid(format!(
                        "{c} exchange chunks: a power of p = {p} (the chunks are whole digits)"
                    )));
                }
                if c > columns {
                    return Err(JitError::invalid(format!(
                        "{c} exchange chunks: at most the {columns} columns each rank exchanges"
                    )));
                }
                c.max(min_chunks)
            }
            None => {
                let mut c = 1u64;
                while c < 4 && c * pp <= columns {
                    c *= pp;
                }
                c.max(min_chunks)
            }
        };
        Ok(MpiPlan {
            p,
            n,
            ranks,
            rank_digits: k,
            local_len,
            chunks,
            chunk_width: columns / chunks,
        })
    }

    /// The first global index rank `r` holds.
    pub fn offset(&self, rank: u64) -> u64 {
        rank * self.local_len
    }

    /// Digits of each chunk's top-digit transform: k + log_p(w) = n − k − log_p(K).
    pub fn chunk_digits(&self) -> u32 {
        let j = crate::vc::plan::log_exact(self.p as u64, self.chunks).unwrap_or(0);
        self.n - self.rank_digits - j
    }

    /// Columns C = p^(n−2k) each block of a rank's slice holds.
    pub fn columns(&self) -> u64 {
        self.chunks * self.chunk_width
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allowed_rank_counts() {
        let pl = MpiPlan::new(3, 5, 9, None).unwrap();
        assert_eq!(
            (pl.rank_digits, pl.local_len, pl.chunks, pl.chunk_width),
            (2, 27, 3, 1)
        );
        assert_eq!(pl.chunk_digits(), 2);
        let one = MpiPlan::new(2, 6, 1, None).unwrap();
        assert_eq!((one.rank_digits, one.local_len, one.chunks), (0, 64, 1));
        let e = MpiPlan::new(3, 19, 2, None).unwrap_err().to_string();
        assert!(e.contains("power of p = 3") && e.contains("1, 3, 9"), "{e}");
        let e = MpiPlan::new(2, 3, 4, None).unwrap_err().to_string();
        assert!(e.contains("P² ≤ N"), "{e}");
        assert!(MpiPlan::new(2, 8, 4, Some(3)).is_err());
        assert!(MpiPlan::new(2, 8, 4, Some(32)).is_err());
        assert_eq!(MpiPlan::new(2, 8, 4, Some(8)).unwrap().chunk_width, 2);
        let big = MpiPlan::new(2, 33, 2, None).unwrap();
        assert!(2 * big.local_len / big.chunks <= MAX_REALS_PER_CALL);
    }
}
