//! Later in-place passes whose lanes are a block of consecutive low indices.
//!
//! A later pass of the in-place layout transforms digits [k, k+m) and must keep some of the
//! indices below p^k in its tile so that it reads and writes contiguous runs. Lane *digits*
//! make runs of p^t elements: for p ≥ 11 one lane digit is the most a 2-digit tile leaves room
//! for (88–248-byte runs that end inside 32-byte sectors: 50–82% of copy), and p = 24…32 cannot
//! afford even one, so their later passes transform one digit each (5 passes for 24^6). A
//! *block* keeps L consecutive indices of the span p^k instead, any L that local memory holds
//! (p^m × L values): 11^2 tiles with 48 lanes (384-byte runs), 24^2 tiles with 8 (64-byte runs,
//! sector-aligned since 24^k·8 B is a multiple of 32). The blocks of a row are consecutive
//! work-groups; the last one of a row is cut at the span (its other lanes idle).
//!
//! Chosen by the same run-length model as lane digits ([`block_cost`], [`super::passes_cost`]):
//! [`block_schedule`] finds the cheapest first pass plus block passes, and the default schedule
//! takes it where it is predicted cheaper than the lane-digit one.

use super::budget::hard_values;
use super::groups::passes_cost;
use super::pass::{FusedLimits, FusedPass, LaneBlock, Layout, Swizzle, TileDigit};
use super::plan::{inplace_pass, FusedRequest};
use crate::transform::Precision;

/// Copies of the array a block pass is predicted to cost: 1 where `len` covers the span (the
/// tile is contiguous), else runs of r = len·bytes at r/(r + c) of copy, c = 25 bytes where
/// the row pitch and the run are multiples of the 32-byte sector and 120 where runs end
/// inside sectors; plus 0.05 a pass. Fitted to the first H200 sweep of block passes
/// (`bench-results/nvidia-h200/current/lane-blocks/`: aligned 32 B 60–63%, 64 B 71–95%, 96 B 74–91%,
/// 128 B 86–92%; unaligned 72 B 38–46%, 136 B 49%, 216 B 59–66%, 288 B 66–73%, 400 B 76–81%;
/// the lower figure at the larger row stride, which the fit follows). Blocks waste more
/// bytes a run than lane digits did (c ≈ 64 in [`super::passes_cost`]).
pub fn block_cost(len: u64, span: u64, complex_bytes: u64) -> f64 {
    let run = len * complex_bytes;
    let memory = if len >= span {
        1.0
    } else {
        let aligned = (span * complex_bytes) % 32 == 0 && run % 32 == 0;
        let waste = if aligned { 25.0 } else { 120.0 };
        (run as f64 + waste) / run as f64
    };
    memory + 0.05
}

/// The lane block of a pass of `m` digits starting at digit `k`, with its predicted cost:
/// the cheapest run length that local memory (p^m × L values, m ≥ 2) and the work-group limit
/// allow (at most `caps.lanes`), the longest on equal cost, with whole complex values in the
/// exchange or (twice the lanes, one row a work-item) real and imaginary parts in turn. `None`
/// where not even one lane fits, or p values would not fit a work-item's registers.
pub fn choose_block(
    p: u32,
    m: u32,
    k: u32,
    precision: Precision,
    limits: FusedLimits,
    caps: BlockCaps,
) -> Option<(LaneBlock, f64)> {
    let whole = block_of(p, m, k, precision, limits, caps.lanes, false);
    let halves = block_of(p, m, k, precision, limits, caps.lanes, true).filter(|_| !caps.whole);
    match (whole, halves) {
        (_, Some(b)) if caps.halves => Some(b),
        (Some(a), Some(b)) if b.1 < a.1 - 1e-9 => Some(b),
        (a, b) => a.or(b),
    }
}

/// Copies the extra barriers of an exchange in real and imaginary halves cost (a guess: two
/// barriers and one more round of local accesses a digit against the pass's global traffic).
pub const SPLIT_EXCHANGE_COST: f64 = 0.03;

/// [`choose_block`] for one exchange mode.
fn block_of(
    p: u32,
    m: u32,
    k: u32,
    precision: Precision,
    limits: FusedLimits,
    max_len: u64,
    split: bool,
) -> Option<(LaneBlock, f64)> {
    let (pp, cb) = (p as u64, precision.complex_bytes());
    if k == 0 || m == 0 || pp > hard_values(precision) || (split && m < 2) {
        return None;
    }
    let span = pp.checked_pow(k)?;
    let tile = pp.checked_pow(m)?;
    let rows = tile / pp;
    let elem = if split { cb / 2 } else { cb };
    let by_local = if m >= 2 {
        limits.local_bytes / (tile * elem)
    } else {
        u64::MAX
    };
    // Halves keep one row a work-item (its values stay in registers between the halves).
    let by_threads = if split {
        limits.max_threads / rows
    } else {
        limits.max_threads
    };
    let top = by_local.min(by_threads).min(span).min(max_len);
    if top == 0 {
        return None;
    }
    let extra = if split { SPLIT_EXCHANGE_COST } else { 0.0 };
    let mut best: Option<(u64, f64)> = None;
    for len in 1..=top {
        let c = block_cost(len, span, cb) + extra;
        if best.is_none_or(|(_, b)| c <= b + 1e-12) {
            best = Some((len, c));
        }
    }
    let (len, cost) = best?;
    // Work-items: the lanes times as many rows of the other digits as the limit allows; a
    // work-item steps through the rest.
    let items = len * rows.min((limits.max_threads / len).max(1));
    let fits = |pitch: u64| m < 2 || tile * pitch * elem <= limits.local_bytes;
    let pitch = (len..len + 16)
        .filter(|&s| fits(s))
        .min_by_key(|&s| (bank_conflicts(pp, m, len, items, s, elem), s))
        .unwrap_or(len);
    Some((
        LaneBlock {
            len,
            span,
            items,
            pitch,
            split,
        },
        cost,
    ))
}

/// Bank conflicts of a block pass's exchanges with tile positions `pitch` elements apart
/// (`bytes` each): for every digit's access (register 0; the others are the same pattern
/// shifted), the first warp's addresses grouped as the hardware serves them (128 bytes of 32
/// four-byte banks a wavefront), summed over the groups' worst bank multiplicity.
fn bank_conflicts(p: u64, m: u32, len: u64, items: u64, pitch: u64, bytes: u64) -> u64 {
    let per_wave = 128 / bytes;
    let rows = p.pow(m - 1);
    let mut total = 0;
    for s in 0..m {
        let stride = p.pow(s);
        let addrs: Vec<u64> = (0..32.min(items))
            .filter(|t| t / len < rows)
            .map(|t| {
                let (lane, r) = (t % len, t / len);
                let q = r % stride + (r / stride) * stride * p;
                q * pitch + lane
            })
            .collect();
        for wave in addrs.chunks(per_wave as usize) {
            let mut count = vec![0u64; per_wave as usize];
            for a in wave {
                count[(a % per_wave) as usize] += 1;
            }
            total += count.into_iter().max().unwrap_or(0);
        }
    }
    total
}

/// A block pass: digits [k, k+m) of `req` transformed in place, one work-item per lane and
/// row of the other tile digits (stepping by `items / len` rows), p values a work-item, an
/// exchange through local memory between digits.
pub fn block_pass(req: &FusedRequest, idx: usize, k: u32, m: u32, block: LaneBlock) -> FusedPass {
    let tile: Vec<TileDigit> = (k..k + m)
        .map(|i| TileDigit {
            in_pos: i,
            out_pos: i,
            transformed: true,
        })
        .collect();
    let wg = (k + m..req.n).map(|i| (i, i)).collect();
    let mut pass = req.common(idx).pass(Layout::Inplace, m, 0, tile, wg, idx);
    pass.b = 1;
    pass.substages = (0..m as usize).map(|d| vec![d]).collect();
    pass.swizzle = Swizzle::Identity;
    pass.split_exchange = block.split;
    pass.block = Some(block);
    pass
}

/// The cheapest block passes from some digit on: their cost and (digits, block) each.
type BlockTail = (f64, Vec<(u32, LaneBlock)>);

/// What a block schedule may use: the first pass's digits, any block pass's digits, and the
/// lanes of a block.
#[derive(Debug, Clone, Copy)]
pub struct BlockCaps {
    /// Digits of the first (contiguous) pass.
    pub first: u32,
    /// Digits of a block pass.
    pub digits: u32,
    /// Lanes of a block.
    pub lanes: u64,
    /// Exchanges in real/imaginary halves wherever a pass has two digits (tests).
    pub halves: bool,
    /// Exchanges never in halves (the A/B of halves).
    pub whole: bool,
}

/// The cheapest schedule of a first (contiguous) pass followed by block passes within
/// `caps`, as its predicted cost and the passes of `req` (whose groups are replaced).
/// `None` where n fits one pass.
pub fn block_schedule(req: &FusedRequest, caps: BlockCaps) -> Option<(f64, Vec<FusedPass>)> {
    let cap = caps.first;
    let n = req.n;
    if n <= cap.max(1) {
        return None;
    }
    // best[k]: the cheapest block passes for digits [k, n), with their (m, block).
    let mut best: Vec<Option<BlockTail>> = vec![None; n as usize + 1];
    best[n as usize] = Some((0.0, Vec::new()));
    for k in (1..n).rev() {
        for m in 1..=(n - k).min(caps.digits) {
            let (Some((block, c)), Some((rest, tail))) = (
                choose_block(req.p, m, k, req.precision, req.limits, caps),
                best[(k + m) as usize].as_ref(),
            ) else {
                continue;
            };
            let total = c + rest;
            if best[k as usize]
                .as_ref()
                .is_none_or(|(b, _)| total < b - 1e-9)
            {
                let mut passes = vec![(m, block)];
                passes.extend(tail.iter().copied());
                best[k as usize] = Some((total, passes));
            }
        }
    }
    let mut choice: Option<(f64, Vec<FusedPass>)> = None;
    for m0 in 1..=cap.min(n - 1) {
        let Some((rest, tail)) = best[m0 as usize].as_ref() else {
            continue;
        };
        let groups: Vec<u32> = std::iter::once(m0)
            .chain(tail.iter().map(|&(m, _)| m))
            .collect();
        let req = FusedRequest {
            groups,
            lanes: Some(0),
            ..req.clone()
        };
        let mut passes = vec![inplace_pass(&req, 0, 0, m0, 0)];
        let mut k = m0;
        for (i, &(m, block)) in tail.iter().enumerate() {
            passes.push(block_pass(&req, i + 1, k, m, block));
            k += m;
        }
        let cost = passes_cost(&passes[..1]) + rest;
        if choice.as_ref().is_none_or(|(b, _)| cost < b - 1e-9) {
            choice = Some((cost, passes));
        }
    }
    choice
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::fused::pass::NVIDIA_LIMITS;

    const ANY: BlockCaps = BlockCaps {
        first: 32,
        digits: 32,
        lanes: u64::MAX,
        halves: false,
        whole: false,
    };

    fn request(p: u32, n: u32, limits: FusedLimits) -> FusedRequest {
        FusedRequest::forward(p, n, vec![n], None, Precision::F32, limits)
    }

    #[test]
    fn blocks_fit_local_memory_and_prefer_whole_sectors() {
        // 24^2 tiles: 8 lanes (64-byte aligned runs, 36 KB) rather than 10 (80 bytes, 45 KB).
        let (b, c) = choose_block(24, 2, 2, Precision::F32, NVIDIA_LIMITS, ANY).unwrap();
        assert_eq!((b.len, b.span, b.items), (8, 576, 192));
        assert!((c - (89.0 / 64.0 + 0.05)).abs() < 1e-9);
        // 11^2: as many lanes as 48 KB holds (50: 400-byte runs), 256 work-items at most.
        let (b, _) = choose_block(11, 2, 3, Precision::F32, NVIDIA_LIMITS, ANY).unwrap();
        assert_eq!(b.len, 50);
        assert!(b.len * 121 * 8 <= 48 * 1024 && b.items <= 256 && b.items % b.len == 0);
        // One digit: no exchange, the work-group limit bounds the lanes; a short span is whole.
        let (b, c) = choose_block(31, 1, 1, Precision::F32, NVIDIA_LIMITS, ANY).unwrap();
        assert_eq!((b.len, b.items), (31, 31));
        assert!((c - 1.05).abs() < 1e-9);
        assert!(choose_block(31, 1, 0, Precision::F32, NVIDIA_LIMITS, ANY).is_none());
    }

    /// The default schedules under NVIDIA's reported 256 work-items for the every-p sweep:
    /// blocks where lane digits left runs inside sectors or cost passes, lane digits where
    /// their runs were measured fast (2^28, 3^17, 4^14, 12^7, 16^7).
    #[test]
    fn default_schedules_take_blocks_where_lane_digits_lose() {
        use crate::vc::{Algorithm, VcOptions, VcPlan};
        let passes = |p: u32, n: u32| {
            let plan = VcPlan::new(
                p,
                n,
                VcOptions {
                    algorithm: Algorithm::Fused,
                    ..VcOptions::default()
                },
            )
            .unwrap();
            let s = crate::vc::Schedule::for_limits(&plan, NVIDIA_LIMITS);
            let f: Vec<FusedPass> = s.fused_passes().cloned().collect();
            (f.len(), f.iter().filter(|f| f.block.is_some()).count())
        };
        for (p, n, count, blocks) in [
            (24, 6, 3, 2),
            (25, 6, 5, 4),
            (31, 5, 4, 3),
            (32, 5, 3, 2),
            (14, 7, 3, 2),
            (11, 8, 4, 3),
            (2, 28, 3, 0),
            (3, 17, 3, 0),
            (4, 14, 3, 0),
            (12, 7, 3, 0),
            (16, 7, 3, 0),
        ] {
            assert_eq!(passes(p, n), (count, blocks), "{p}^{n}");
        }
    }

    #[test]
    fn block_schedules_save_passes_for_large_p() {
        // 24^6 in 3 passes (was 5 with one lane digit a pass); 32^5 in 3 (was 4).
        for (p, n, passes) in [(24, 6, 3), (32, 5, 3), (26, 5, 3)] {
            let req = request(p, n, NVIDIA_LIMITS);
            let cap = crate::vc::fused::max_tile_digits(p, Precision::F32, NVIDIA_LIMITS);
            let caps = BlockCaps {
                first: cap,
                digits: n,
                lanes: u64::MAX,
                halves: false,
                whole: false,
            };
            let (cost, s) = block_schedule(&req, caps).unwrap();
            assert_eq!(s.len(), passes, "{p}^{n}");
            assert_eq!(s.iter().map(|f| f.m).sum::<u32>(), n);
            assert!(s[1..].iter().all(|f| f.block.is_some() && f.t == 0));
            assert!(s.iter().all(|f| f.local_bytes() <= 48 * 1024));
            assert!(s.iter().all(|f| f.group_size() <= 256));
            assert!(cost < passes as f64 * 1.4, "{p}^{n}: {cost}");
        }
    }
}
