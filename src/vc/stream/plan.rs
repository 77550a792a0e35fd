//! Which digits each streamed pass transforms and how its chunks cut the host array.

use crate::error::{JitError, Result};
use serde::Serialize;

/// Rows of at least this many elements are gathered into the pinned staging (shorter runs
/// would make the host copy, not the bus, the limit).
pub const MIN_RUN: u64 = 32;

/// Chunks a pass is cut into at least, where the sizes allow: the pipeline overlaps upload,
/// compute and download only between chunks.
pub const MIN_CHUNKS: u64 = 8;

/// One streamed pass: transforms the digits `[a, a + w)` of every transform of the batch.
///
/// The element index (batch included) is `hi·p^(a+w) + mid·p^a + lo`: `mid` the w transformed
/// digits, `hi < his` the digits above (and the batch index), `lo < p^a` those below. A chunk
/// is `h` consecutive `hi` values × every `mid` × `p^c` consecutive `lo` values: on the
/// device, `h` transforms of `p^(w+c)` points of which the top `w` digits transform (all
/// digits when `c = 0`). On the host it is `h·p^w` rows of `p^c` contiguous elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct StreamPass {
    /// Lowest transformed digit.
    pub a: u32,
    /// Digits transformed.
    pub w: u32,
    /// Lower digits a chunk carries along (`p^c` contiguous elements a row).
    pub c: u32,
    /// `hi` values in all (batch × p^(n−a−w)).
    pub his: u64,
    /// `hi` values a chunk holds (the device transform's batch).
    pub h: u64,
}

impl StreamPass {
    /// Chunks of the pass: `⌈his / h⌉ · p^(a−c)`.
    pub fn chunks(&self, p: u32) -> u64 {
        self.his.div_ceil(self.h) * (p as u64).pow(self.a - self.c)
    }

    /// Elements of one chunk on the device (`h · p^(w+c)`; the last `hi` block may hold fewer).
    pub fn chunk_len(&self, p: u32) -> u64 {
        self.h * (p as u64).pow(self.w + self.c)
    }
}

/// The streamed schedule: passes from the lowest digits up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StreamPlan {
    /// The base p.
    pub p: u32,
    /// Digits of each transform.
    pub n: u32,
    /// Transforms of p^n points, one after another.
    pub batch: u64,
    /// Device elements each pipeline slot holds (per buffer).
    pub chunk_capacity: u64,
    /// The passes, lowest digits first.
    pub passes: Vec<StreamPass>,
}

fn floor_log(p: u64, x: u64) -> u32 {
    let (mut e, mut v) = (0, 1u64);
    while v.saturating_mul(p) <= x {
        v *= p;
        e += 1;
    }
    e
}

fn ceil_log(p: u64, x: u64) -> u32 {
    let (mut e, mut v) = (0, 1u64);
    while v < x {
        v = v.saturating_mul(p);
        e += 1;
    }
    e
}

impl StreamPlan {
    /// Splits the n digits of `batch` transforms of p^n points into as few passes as chunks of
    /// `capacity` elements allow: a pass of w digits above the lowest needs `p^w` rows of at
    /// least [`MIN_RUN`] elements in a chunk; the lowest pass needs `p^w` elements. Chunks
    /// hold about `target` elements where the pass allows (the pinned staging is three of
    /// them: a few chunks of ~512 MiB keep the bus busy without pinning much host memory).
    pub fn new(p: u32, n: u32, batch: u64, capacity: u64, target: u64) -> Result<StreamPlan> {
        Self::with_rows(p, n, batch, capacity, target, MIN_RUN)
    }

    /// As [`StreamPlan::new`], with host rows of the passes above the lowest at least `row`
    /// elements long where the capacity allows, even where the chunks then exceed `target`:
    /// rectangle transfers straight from pinned host memory move long rows faster (the DMA
    /// engine pays per row), and they pin no staging per chunk.
    pub fn with_rows(
        p: u32,
        n: u32,
        batch: u64,
        capacity: u64,
        target: u64,
        row: u64,
    ) -> Result<StreamPlan> {
        let pp = p as u64;
        let fit_cap = floor_log(pp, capacity);
        let row_run = ceil_log(pp, row.max(MIN_RUN));
        // Passes are planned on chunks of the target size too: a transform larger than one
        // chunk runs in passes whose chunks pipeline, rather than in one unpipelined piece.
        let fit = floor_log(pp, capacity.min(target));
        let run = ceil_log(pp, MIN_RUN);
        let fit_target = floor_log(pp, capacity.min(target));
        let widths: Vec<u32> = if n <= fit {
            vec![n]
        } else {
            let wmax = fit.saturating_sub(run);
            if wmax == 0 {
                return Err(JitError::Device(format!(
                    "streaming {p}^{n} needs chunks of at least {} elements ({p} rows of {} values), the device memory allows {capacity}",
                    pp * pp.pow(run),
                    pp.pow(run)
                )));
            }
            let k = n.div_ceil(wmax);
            // Widths differing by at most one, the wider ones lowest.
            (0..k).map(|i| n / k + u32::from(i < n % k)).collect()
        };
        let mut passes = Vec::new();
        let mut a = 0;
        for w in widths {
            // Rows as long as the target chunk allows (at least MIN_RUN values where there are
            // that many lower digits), within the capacity.
            let c = a
                .min(fit_cap - w)
                .min(row_run.max(fit_target.saturating_sub(w)));
            let his = batch * pp.pow(n - a - w);
            let most = (capacity.min(target) / pp.pow(w + c)).max(1);
            // Enough chunks to keep the pipeline busy, where the pass has them.
            let lo_blocks = pp.pow(a - c);
            let want_hi_blocks = MIN_CHUNKS.div_ceil(lo_blocks);
            let h = most.min(his.div_ceil(want_hi_blocks)).max(1);
            passes.push(StreamPass { a, w, c, his, h });
            a += w;
        }
        Ok(StreamPlan {
            p,
            n,
            batch,
            chunk_capacity: capacity,
            passes,
        })
    }

    /// Total elements (batch × p^n).
    pub fn total_len(&self) -> u64 {
        self.batch * (self.p as u64).pow(self.n)
    }
}

/// The host rows of chunk `k` of `pass`: `(first element, rows, row length, row pitch, rows
/// per hi value)`. Row `r` (hi block offset `r / p^w`, mid `r mod p^w`) starts at
/// `(hi0 + r / p^w)·p^(a+w) + (r mod p^w)·p^a + lo0`; the chunk's valid rows may be fewer than
/// `h·p^w` in the last hi block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChunkRows {
    /// Offset of row 0 on the host.
    pub start: u64,
    /// Valid rows (device rows beyond them are padding, never read back).
    pub rows: u64,
    /// Elements per row (`p^c`).
    pub len: u64,
    /// Host distance between consecutive mid rows (`p^a`).
    pub mid_pitch: u64,
    /// Rows per hi value (`p^w`).
    pub mids: u64,
    /// Host distance between consecutive hi values (`p^(a+w)`).
    pub hi_pitch: u64,
}

impl ChunkRows {
    /// Host offset of row `r`.
    pub fn row_start(&self, r: u64) -> u64 {
        self.start + (r / self.mids) * self.hi_pitch + (r % self.mids) * self.mid_pitch
    }
}

/// The rows of chunk `k` of `pass` (chunks ordered hi block major, lo block minor).
pub fn chunk_rows(p: u32, pass: &StreamPass, k: u64) -> ChunkRows {
    let pp = p as u64;
    let lo_blocks = pp.pow(pass.a - pass.c);
    let (hb, lb) = (k / lo_blocks, k % lo_blocks);
    let hi0 = hb * pass.h;
    let hs = pass.h.min(pass.his - hi0);
    let len = pp.pow(pass.c);
    let mids = pp.pow(pass.w);
    let hi_pitch = pp.pow(pass.a + pass.w);
    ChunkRows {
        start: hi0 * hi_pitch + lb * len,
        rows: hs * mids,
        len,
        mid_pitch: pp.pow(pass.a),
        mids,
        hi_pitch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_digit_once_and_every_element_once_per_pass() -> Result<()> {
        for (p, n, b, cap) in [
            (3, 12, 1, 39321),
            (2, 14, 3, 2000),
            (5, 6, 2, 700),
            (3, 5, 7, 1000),
        ] {
            let plan = StreamPlan::new(p, n, b, cap, cap)?;
            assert_eq!(plan.passes.iter().map(|s| s.w).sum::<u32>(), n);
            let total = plan.total_len() as usize;
            for pass in &plan.passes {
                assert!(pass.chunk_len(p) <= cap, "{pass:?}");
                let mut seen = vec![0u8; total];
                for k in 0..pass.chunks(p) {
                    let r = chunk_rows(p, pass, k);
                    for row in 0..r.rows {
                        let s = r.row_start(row) as usize;
                        for x in &mut seen[s..s + r.len as usize] {
                            *x += 1;
                        }
                    }
                }
                assert!(seen.iter().all(|&x| x == 1), "{p}^{n} b {b}: {pass:?}");
            }
        }
        Ok(())
    }

    #[test]
    fn passes_as_few_as_capacity_allows() -> Result<()> {
        // 3^12 in chunks of 39321 elements: 3^9 fit, rows of 3^4 ≥ 32: 3 passes of 4 digits.
        let plan = StreamPlan::new(3, 12, 1, 39321, u64::MAX)?;
        assert_eq!(
            plan.passes.iter().map(|s| s.w).collect::<Vec<_>>(),
            [4, 4, 4]
        );
        // Fits whole: one pass, transforms batched per chunk.
        let plan = StreamPlan::new(3, 5, 100, 10_000, 10_000)?;
        assert_eq!(plan.passes.len(), 1);
        // 3^19 with a 4 GiB device (1 buffer, 3 slots): 2 passes.
        let cap = (4u64 << 30) * 9 / 10 / 3 / 8;
        assert_eq!(StreamPlan::new(3, 19, 1, cap, 1 << 26)?.passes.len(), 2);
        // 3^21 on 80 GB: 2 passes in chunks of at most 2^26 values where the rows allow.
        let big = StreamPlan::new(3, 21, 1, (80u64 << 30) * 85 / 100 / 6 / 8, 1 << 26)?;
        assert_eq!(big.passes.len(), 2);
        assert!(
            big.passes.iter().all(|s| s.chunk_len(3) <= 1 << 26),
            "{big:?}"
        );
        assert!(StreamPlan::new(3, 12, 1, 100, 100).is_err());
        // Rows of at least 2048 values for rectangle transfers: 3^20 keeps its 2 passes, the
        // upper pass's rows grow from 3^6 to 3^7 values (chunks past the target, within the
        // capacity); the lowest pass is unchanged.
        let cap = (80u64 << 30) * 85 / 100 / 8 / 8;
        let short = StreamPlan::new(3, 20, 1, cap, 1 << 26)?;
        let long = StreamPlan::with_rows(3, 20, 1, cap, 1 << 26, 2048)?;
        assert_eq!((short.passes[1].c, long.passes[1].c), (6, 7));
        assert_eq!(short.passes[0], long.passes[0]);
        assert!(long.passes.iter().all(|s| s.chunk_len(3) <= cap));
        Ok(())
    }
}
