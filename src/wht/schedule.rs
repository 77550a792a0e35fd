//! How a row of 2^k values is cut into passes. A pass transforms `bits` consecutive index bits
//! starting at `shift`: a work-group loads a tile of 2^bits values (stride 2^shift) times
//! 2^`inner` contiguous neighbours (so global accesses come in runs of ≥ 64 bytes), does the
//! butterflies of those bits in registers and local memory, and writes the tile back in place.
//! Butterflies of different bits commute, so the passes may take the bits in any order; they
//! go from the lowest up. Every pass reads and writes the whole array once: the fewer passes,
//! the fewer bytes.

use super::{Storage, WhtPlan};
use crate::error::{JitError, Result};
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
}

impl WhtPass {
    /// log2 of the values in a tile.
    pub fn tile_log(&self) -> u32 {
        self.bits + self.inner
    }

    /// Work-items of a work-group (one tile per work-group).
    pub fn work_items(&self) -> usize {
        1 << (self.tile_log() - self.per_item)
    }

    /// Local memory the kernel declares (a padded tile of compute values), in values.
    pub fn local_values(&self) -> usize {
        padded_len(1 << self.tile_log())
    }

    /// The kernel's name: what it transforms.
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
}

/// 256 work-items of ≤ 32 values each: 8192-value tiles, 33 KiB of f32 local memory.
pub const DEFAULT_LIMITS: WhtLimits = WhtLimits {
    max_work_group: 1024,
    local_bytes: 48 * 1024,
};

const TARGET_ITEMS_LOG: u32 = 8;
const MAX_TILE_LOG: u32 = 13;
const MAX_PER_ITEM_LOG: u32 = 5;

/// Bytes of a value in local memory (half storage computes in f32).
pub fn compute_bytes(s: Storage) -> u64 {
    if s == Storage::F64 {
        8
    } else {
        4
    }
}

/// The passes of a plan under `limits`, lowest bits first.
///
/// Errors: a device whose local memory or work-group limit cannot hold a 4-value tile.
pub fn schedule(plan: &WhtPlan, limits: WhtLimits) -> Result<Vec<WhtPass>> {
    let items_log = usize::BITS - 1 - limits.max_work_group.max(1).leading_zeros();
    let items_log = items_log.min(TARGET_ITEMS_LOG);
    let cb = compute_bytes(plan.storage);
    let mut tile = MAX_TILE_LOG.min(items_log + MAX_PER_ITEM_LOG);
    while tile > 1 && padded_len(1 << tile) as u64 * cb > limits.local_bytes {
        tile -= 1;
    }
    if tile < 2 {
        return Err(JitError::invalid(format!(
            "the device's limits ({} work-items, {} bytes of local memory) cannot hold a Walsh–Hadamard tile",
            limits.max_work_group, limits.local_bytes
        )));
    }
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
    let passes = bits
        .into_iter()
        .map(|b| {
            let inner = inner_cap.min(shift);
            let per_item = (b + inner).saturating_sub(items_log).max(b.min(2)).min(b);
            let p = WhtPass {
                shift,
                bits: b,
                inner,
                per_item,
            };
            shift += b;
            p
        })
        .collect();
    Ok(passes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wht::WhtNorm;

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
                    assert!(q.work_items() <= 256);
                    let bytes = q.local_values() as u64 * compute_bytes(s);
                    assert!(bytes <= DEFAULT_LIMITS.local_bytes, "{q:?}");
                    next += q.bits;
                }
                assert_eq!(next, k);
            }
        }
    }

    #[test]
    fn two_to_the_28_takes_three_passes() {
        for s in [Storage::F32, Storage::F16, Storage::F64] {
            let p = schedule(&plan(28, s), DEFAULT_LIMITS).unwrap();
            assert_eq!(p.len(), 3, "{s:?}: {p:?}");
        }
    }
}
