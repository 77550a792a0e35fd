//! How a row of 2^k values is cut into passes. A pass transforms `bits` consecutive index bits
//! starting at `shift`: a work-group loads a tile of 2^bits values (stride 2^shift) times
//! 2^`inner` contiguous neighbours (so global accesses come in runs of ≥ 64 bytes), does the
//! butterflies of those bits in registers and local memory, and writes the tile back in place.
//! Butterflies of different bits commute, so the passes may take the bits in any order; they
//! go from the lowest up. Every pass reads and writes the whole array once: the fewer passes,
//! the fewer bytes.

use super::{Storage, WhtPlan};
use crate::error::{JitError, Result};
use crate::transform::{Direction, Precision};
use crate::vc::kernel_spec::{PassAlgorithm, Values, VcKernelSpec};
use crate::vc::plan::Coeffs;
use serde::Serialize;

/// One pass over the array.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WhtPass {
    /// Lowest index bit this pass transforms.
    pub shift: u32,
    /// How many bits (the tile holds 2^bits values of each column).
    pub bits: u32,
    /// log2 of the contiguous values a tile holds side by side (≤ shift).
    pub inner: u32,
    /// log2 of the values a work-item holds in registers.
    pub per_item: u32,
    /// The tile is kept in half in local memory (half storage whose f32 tile would not fit:
    /// one more rounding to half a round, for one pass fewer).
    pub half_local: bool,
    /// A last trip through local memory puts the values back in the load layout before the
    /// stores; false where the last round's layout already writes whole 32-byte sectors.
    pub restore: bool,
    /// 0: a tile pass (above). L > 0: a CPU-shaped register pass, the VC transform's CT
    /// kernel on real values (`vc::kernels::ct_cpu_simd`): radix 2^bits butterflies with
    /// operands 2^shift apart, L consecutive butterflies a work-item in vector slots, no
    /// local memory (`inner`, `per_item` and `restore` unused).
    #[serde(skip_serializing_if = "is_zero")]
    pub lanes: u32,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

impl WhtPass {
    /// log2 of the values in a tile.
    pub fn tile_log(&self) -> u32 {
        self.bits + self.inner
    }

    /// Work-items of a work-group (one tile per work-group; a register pass's work-groups
    /// are the launch's choice: none needed).
    pub fn work_items(&self) -> usize {
        if self.lanes > 0 {
            return 1;
        }
        1 << (self.tile_log() - self.per_item)
    }

    /// The VC kernel of a register pass (`lanes` > 0) of `plan`; `last` carries the scale.
    pub fn lane_spec(&self, plan: &WhtPlan, last: bool) -> VcKernelSpec {
        VcKernelSpec {
            algorithm: PassAlgorithm::Ct,
            p: 2,
            digits: self.bits - self.lane_bits(),
            coeffs: Coeffs::Literal,
            precision: match plan.storage {
                Storage::F64 => Precision::F64,
                _ => Precision::F32,
            },
            direction: Direction::Forward,
            scale: (last && plan.scale() != 1.0).then_some(plan.scale()),
            wide_index: plan.len() as u64 > u64::from(u32::MAX),
            batch: plan.batch as u64,
            len: plan.row_len() as u64,
            lanes: self.lanes,
            half: None,
            values: Values::Real,
            lane_digits: self.lane_bits(),
        }
    }

    /// A register pass's bits done inside the lane vectors (the last pass's lowest).
    fn lane_bits(&self) -> u32 {
        match self.lanes > 0 && self.shift == 0 && self.bits > LANE_BITS {
            true => self.bits - LANE_BITS,
            false => 0,
        }
    }

    /// A register pass's kernel arguments for rows of `row_len`: the operand distance and
    /// the work-items a row (`lanes` butterflies each).
    pub fn register_args(&self, row_len: usize) -> (u64, u64) {
        let inside = self.lane_bits();
        let butterflies = (row_len >> (self.bits - inside)) as u64;
        (
            1 << (self.shift + inside),
            butterflies.div_ceil(u64::from(self.lanes)),
        )
    }

    /// Local memory the kernel declares (a padded tile of compute values), in values. The
    /// pad (one value every 32) also serves halves: a half tile is only taken with 64 values
    /// a work-item, whose rows of 66 halves (33 words) start in 32 different banks.
    pub fn local_values(&self) -> usize {
        padded_len(1 << self.tile_log())
    }

    /// Local memory the kernel declares, in bytes.
    pub fn local_bytes(&self, storage: Storage) -> u64 {
        let value = if self.half_local {
            2
        } else {
            compute_bytes(storage)
        };
        self.local_values() as u64 * value
    }

    /// Index bit (within the pass's bits) where the last round through local memory starts;
    /// None when every bit is done in registers (no round).
    pub fn last_round_start(&self) -> Option<u32> {
        let (m, r) = (self.bits, self.per_item);
        (m > r).then(|| (m - r - 1) / r * r)
    }

    /// The kernel's name of a tile pass: what it transforms (a register pass's kernel is
    /// named by its [`Self::lane_spec`]).
    pub fn kernel_name(&self, storage: Storage) -> String {
        format!(
            "wht_{}_bits{}_{}_x{}",
            storage.name(),
            self.shift,
            self.shift + self.bits,
            1u32 << self.inner
        )
    }
}

/// Local arrays are padded by one value every 32, so strided rounds spread over the banks.
pub fn padded_len(n: usize) -> usize {
    n + (n >> 5)
}

/// The device limits a schedule must respect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct WhtLimits {
    /// Largest work-group (the device's, or smaller).
    pub max_work_group: usize,
    /// Local memory a work-group may use, in bytes.
    pub local_bytes: u64,
    /// CPU devices: > 0 for register passes of this many butterflies a work-item (f32 and
    /// f64 storage), where the tiles' barrier loops cost more than local memory saves (on
    /// PoCL 2^20 f32 took 7.5 ms in two tile passes, 2.5 GB/s); 0: tile passes.
    pub lanes: u32,
}

/// 256 work-items of ≤ 32 values each: 8192-value tiles, 33 KiB of f32 local memory.
pub const DEFAULT_LIMITS: WhtLimits = WhtLimits {
    max_work_group: 1024,
    local_bytes: 48 * 1024,
    lanes: 0,
};

/// Bits a register pass transforms (radix 8, as VC's CPU rule takes for p = 2:
/// `vc::choose::cpu_default_radix`).
const LANE_BITS: u32 = 3;

const TARGET_ITEMS_LOG: u32 = 8;
const MAX_TILE_LOG: u32 = 13;
/// Half storage may take 2^14-value tiles (256 work-items × 64 values): rows of 2^14 in one pass.
const MAX_HALF_TILE_LOG: u32 = 14;
const MAX_PER_ITEM_LOG: u32 = 5;

/// Bytes of a value in local memory (half storage computes in f32).
pub fn compute_bytes(s: Storage) -> u64 {
    if s == Storage::F64 {
        8
    } else {
        4
    }
}

fn is_half(s: Storage) -> bool {
    matches!(s, Storage::F16 | Storage::Bf16)
}

/// The passes of a plan under `limits`, lowest bits first.
///
/// Half storage also tries 2^14-value tiles, kept in f32 in local memory where the device has
/// room, else in half; it takes them only when they save a pass (bytes), since a tile in half
/// rounds once more a round. Errors: a device whose local memory or work-group limit cannot
/// hold a 4-value tile.
pub fn schedule(plan: &WhtPlan, limits: WhtLimits) -> Result<Vec<WhtPass>> {
    if limits.lanes > 0 && !is_half(plan.storage) && plan.pairs == super::Pairs::None {
        return Ok(lane_passes(plan, limits.lanes));
    }
    let items_log = usize::BITS - 1 - limits.max_work_group.max(1).leading_zeros();
    let items_log = items_log.min(TARGET_ITEMS_LOG);
    let cb = compute_bytes(plan.storage);
    let fits = |tile: u32, bytes: u64| padded_len(1 << tile) as u64 * bytes <= limits.local_bytes;
    let mut tile = MAX_TILE_LOG.min(items_log + MAX_PER_ITEM_LOG);
    while tile > 1 && !fits(tile, cb) {
        tile -= 1;
    }
    if tile < 2 {
        return Err(JitError::invalid(format!(
            "the device's limits ({} work-items, {} bytes of local memory) cannot hold a Walsh–Hadamard tile",
            limits.max_work_group, limits.local_bytes
        )));
    }
    let passes = cut(plan, tile, items_log, false);
    if !is_half(plan.storage) || tile < MAX_TILE_LOG {
        return Ok(passes);
    }
    // 64 values a work-item, so the work-group stays at 256 (NVIDIA's OpenCL reports 256 as
    // every kernel's limit).
    let big = MAX_HALF_TILE_LOG.min(items_log + MAX_PER_ITEM_LOG + 1);
    let half_fits = fits(big, 2);
    if big <= tile || !half_fits {
        return Ok(passes);
    }
    let wide = cut(plan, big, items_log, !fits(big, cb));
    Ok(if wide.len() < passes.len() {
        wide
    } else {
        passes
    })
}

/// Register passes of [`LANE_BITS`] bits, from the top bits down as VC's CT passes go, every
/// pass reading and writing the array once in whole vectors: operands 2^shift ≥ `lanes`
/// apart. The last takes bits [0, 3 + log2 lanes): 8 vectors of consecutive values, the bits
/// above the vector across them and the vector's own bits by shuffles inside (rows of fewer
/// bits: passes of 3 bits down to 0, the lowest gathered).
fn lane_passes(plan: &WhtPlan, lanes: u32) -> Vec<WhtPass> {
    let in_lane = lanes.trailing_zeros();
    let low = LANE_BITS + in_lane;
    let mut passes = Vec::new();
    let mut top = plan.log_n;
    while top > 0 {
        let bits = match plan.log_n >= low && in_lane > 0 {
            // Above the last pass's bits, groups of 3 (the first group takes the rest).
            true if top == low => low,
            true => match (top - low) % LANE_BITS {
                0 => LANE_BITS,
                r => r,
            },
            false => LANE_BITS.min(top),
        };
        top -= bits;
        passes.push(WhtPass {
            shift: top,
            bits,
            inner: 0,
            per_item: bits,
            half_local: false,
            restore: false,
            lanes,
        });
    }
    passes
}

/// The passes with tiles of 2^`tile` values and 2^`items_log` work-items; `half_local` for
/// every pass whose tile is above [`MAX_TILE_LOG`].
fn cut(plan: &WhtPlan, tile: u32, items_log: u32, half_local: bool) -> Vec<WhtPass> {
    let half = is_half(plan.storage);
    // 128-byte runs of f32 or f64 (64 bytes of halves: the tile's local memory is f32).
    let inner_cap = if plan.storage == Storage::F64 { 4 } else { 5 }
        .min(tile - 1)
        .min(items_log);
    let k = plan.log_n;
    let mut bits = vec![k.min(tile)];
    let rest = k - bits[0];
    if rest > 0 {
        let per = tile - inner_cap;
        let count = rest.div_ceil(per);
        bits.extend((0..count).map(|i| rest / count + u32::from(i < rest % count)));
    }
    let mut shift = 0;
    bits.into_iter()
        .map(|b| {
            // A pass of few bits takes more neighbours, so its tile still fills a work-group.
            let wide = (items_log + b.min(MAX_PER_ITEM_LOG)).saturating_sub(b);
            let inner = inner_cap.max(wide).min(tile - b).min(shift);
            let per_item = (b + inner).saturating_sub(items_log).max(b.min(2)).min(b);
            let mut p = WhtPass {
                shift,
                bits: b,
                inner,
                per_item,
                half_local: half_local && b + inner > MAX_TILE_LOG,
                restore: true,
                lanes: 0,
            };
            // Half storage: the first pass's last round stores straight from its layout when
            // its low free bits (the work-item id's lowest) make runs of ≥ 32 bytes; one
            // exchange fewer. Strided passes (shift > 0) restore: on the H100 storing straight
            // slowed them (2^28 f16: 0.415 → 0.452 ms and 0.439 → 0.445 ms; the H200 gained).
            p.restore = !half
                || shift > 0
                || p.last_round_start()
                    .is_none_or(|b| (2u64 << (inner + b)) < 32);
            shift += b;
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::wht::WhtNorm;

    fn plan(k: u32, s: Storage) -> WhtPlan {
        WhtPlan::new(k, 1, s, WhtNorm::None, false).unwrap()
    }

    #[test]
    fn passes_cover_every_bit_once() {
        for s in [Storage::F32, Storage::F64, Storage::F16] {
            for k in 1..=34 {
                let p = schedule(&plan(k, s), DEFAULT_LIMITS).unwrap();
                let mut next = 0;
                for q in &p {
                    assert_eq!(q.shift, next, "k {k}: {p:?}");
                    assert!(q.inner <= q.shift && q.per_item <= q.bits && q.per_item >= 1);
                    assert!(q.work_items() <= 256, "{q:?}");
                    assert!(q.per_item <= 5 || q.tile_log() > 13, "{q:?}");
                    // The pad's bank spread for halves assumes 64 values a work-item.
                    assert!(!q.half_local || q.per_item == 6, "{q:?}");
                    assert!(q.local_bytes(s) <= DEFAULT_LIMITS.local_bytes, "{q:?}");
                    assert!(q.restore || s == Storage::F16, "{q:?}");
                    next += q.bits;
                }
                assert_eq!(next, k);
            }
        }
    }

    #[test]
    fn register_passes_cover_every_bit_once_and_end_in_the_vectors() {
        let cpu = WhtLimits {
            lanes: 8,
            ..DEFAULT_LIMITS
        };
        for s in [Storage::F32, Storage::F64] {
            for k in 1..=34 {
                let plan = plan(k, s);
                let p = schedule(&plan, cpu).unwrap();
                let mut bits: Vec<u32> = p.iter().flat_map(|q| q.shift..q.shift + q.bits).collect();
                bits.sort_unstable();
                assert_eq!(bits, (0..k).collect::<Vec<_>>(), "k {k}: {p:?}");
                for q in &p {
                    let spec = q.lane_spec(&plan, false);
                    let (dist, units) = q.register_args(plan.row_len());
                    // Operands at least a vector apart, or the lowest bits of short rows.
                    assert!(dist >= 8 || k < 6, "k {k}: {q:?}");
                    assert!(units >= 1 && spec.digits <= 3, "k {k}: {q:?}");
                }
                if k >= 6 {
                    let last = p.last().unwrap();
                    assert_eq!((last.shift, last.bits), (0, 6), "k {k}: {p:?}");
                    assert_eq!(last.lane_spec(&plan, true).lane_digits, 3);
                }
            }
        }
        // Half storage keeps the tiles.
        assert!(schedule(&plan(20, Storage::F16), cpu).unwrap()[0].lanes == 0);
    }

    #[test]
    fn a_short_strided_pass_still_fills_a_work_group() {
        let p = schedule(&plan(14, Storage::F32), DEFAULT_LIMITS).unwrap();
        assert_eq!(
            (p[1].bits, p[1].inner, p[1].work_items()),
            (1, 8, 256),
            "{p:?}"
        );
    }

    #[test]
    fn two_to_the_28_takes_three_passes() {
        for s in [Storage::F32, Storage::F16, Storage::F64] {
            let p = schedule(&plan(28, s), DEFAULT_LIMITS).unwrap();
            assert_eq!(p.len(), 3, "{s:?}: {p:?}");
            // A 14-bit tile would not save a pass: f32 tiles, no extra rounding.
            assert!(p.iter().all(|q| !q.half_local), "{s:?}: {p:?}");
        }
    }

    #[test]
    fn half_rows_of_2_to_the_14_take_one_pass() {
        // 48 KiB: the f32 tile (66 KiB) does not fit, the half one (34 KiB) does.
        let p = schedule(&plan(14, Storage::F16), DEFAULT_LIMITS).unwrap();
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].half_local && !p[0].restore, "{p:?}");
        assert_eq!((p[0].work_items(), p[0].per_item), (256, 6), "{p:?}");
        // 96 KiB of local memory: the same pass keeps its tile in f32.
        let roomy = WhtLimits {
            local_bytes: 96 * 1024,
            ..DEFAULT_LIMITS
        };
        let p = schedule(&plan(14, Storage::F16), roomy).unwrap();
        assert_eq!((p.len(), p[0].half_local), (1, false), "{p:?}");
        // 128 work-items: no 2^14 tile, two passes as before.
        let narrow = WhtLimits {
            max_work_group: 128,
            ..DEFAULT_LIMITS
        };
        assert_eq!(schedule(&plan(14, Storage::F16), narrow).unwrap().len(), 2);
        // f32 storage keeps 13-bit tiles.
        assert_eq!(
            schedule(&plan(14, Storage::F32), DEFAULT_LIMITS)
                .unwrap()
                .len(),
            2
        );
    }

    #[test]
    fn half_passes_store_from_the_last_round_where_runs_fill_sectors() {
        let p = schedule(&plan(28, Storage::F16), DEFAULT_LIMITS).unwrap();
        assert!(!p[0].restore, "{p:?}");
        assert!(p[1..].iter().all(|q| q.restore), "{p:?}");
        // 2^4 and 2^6 f16 (4 values a work-item; the last round from bit 0 or 2): stores
        // would come in runs of 2 or 8 bytes, so they go back to the load layout.
        for (k, start) in [(4, 0), (6, 2)] {
            let p = schedule(&plan(k, Storage::F16), DEFAULT_LIMITS).unwrap();
            assert_eq!(p[0].last_round_start(), Some(start), "{p:?}");
            assert!(p[0].restore, "{p:?}");
        }
    }
}
