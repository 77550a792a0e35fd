//! A fused pass as plain data: which tile digits it transforms, where they sit in the input
//! and the output, how work-items hold them and how the local exchange buffer is laid out.

use crate::transform::{Direction, Precision};
use crate::vc::plan::{HalfEdge, SpectrumOutput, TruthEncoding};
use serde::Serialize;

/// Where a fused pass writes its results (the resolved form of
/// [`FusedLayout`](crate::vc::plan::FusedLayout)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// Output digits rotated: constant geometry at block level.
    Rotate,
    /// Results written back to the positions they were read from.
    Inplace,
    /// In-place digit groups, tile read contiguously from the layout the previous pass wrote;
    /// strided runs only on writes.
    Staged,
}

/// One digit of a tile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TileDigit {
    /// Digit position this tile digit has in the pass's input index.
    pub in_pos: u32,
    /// Digit position it has in the output index.
    pub out_pos: u32,
    /// Transformed by this pass (else a lane digit carried along).
    pub transformed: bool,
}

/// One fused pass, as plain data.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FusedPass {
    /// The VC base p.
    pub p: u32,
    /// Digits of the whole transform (N = p^n).
    pub n: u32,
    /// Where the pass writes its results.
    pub layout: Layout,
    /// Transformed digits in this pass, m.
    pub m: u32,
    /// Lane digits (kept, for contiguous runs), t.
    pub t: u32,
    /// Tile digits in canonical order (tile index weight p^i).
    pub tile: Vec<TileDigit>,
    /// Work-group-id digits, least significant first: (input position, output position).
    pub wg: Vec<(u32, u32)>,
    /// Register digits per thread, b (B = p^b elements).
    pub b: u32,
    /// Tile-digit indices transformed in each sub-stage (each at most b).
    pub substages: Vec<Vec<usize>>,
    /// Real type of the data.
    pub precision: Precision,
    /// Sign of the root.
    pub direction: Direction,
    /// Factor the pass multiplies its outputs by (only the last pass of a normalised transform).
    pub scale: Option<f64>,
    /// 64-bit index arithmetic (N > 2^32 − 1).
    pub wide_index: bool,
    /// Exchange real and imaginary parts separately (halves the local memory).
    pub split_exchange: bool,
    /// Tile digits every thread mapping keeps in registers: exchanges then run in p^|resident|
    /// rounds, so local memory holds only tile/p^|resident| elements (tiles beyond 48 KB).
    pub resident: Vec<usize>,
    /// Where element x of the local exchange buffer is stored, chosen so that a warp's
    /// exchange accesses spread over the banks (strides p^k collide when p is even).
    pub swizzle: Swizzle,
    /// Position of the pass in its schedule (0 first); part of the kernel name.
    pub index: usize,
    /// Independent transforms of p^n points, one after another (1: a plain transform).
    pub batch: u64,
    /// Transforms a work-group holds, one tile each (small transforms batch several so that
    /// a work-group has enough work-items); the tail group guards rows past the batch.
    pub rows: u64,
    /// First pass of a truth-vector plan: decode u8/u16 values 0..p−1 while loading.
    pub truth: Option<TruthEncoding>,
    /// Last pass: what to do with the spectrum (write, |S|², reductions).
    pub output: SpectrumOutput,
    /// One work-item per transform (small N, truth input, min/max reduction and nothing
    /// written): the work-group stages its rows' truth bytes through local memory with
    /// coalesced word loads, each work-item transforms its whole function in registers and
    /// writes its own (min, max): no exchanges, no cross-work-item reduction, no barrier but
    /// the staging's. `rows` is then the work-group size.
    pub per_item: bool,
    /// Lanes as a block of consecutive low indices instead of lane digits (in-place passes
    /// after the first; [`super::block`]): runs need not be powers of p.
    pub block: Option<LaneBlock>,
    /// First pass of a real run: reads the bins' rows or the reals ([`HalfEdge`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_in: Option<HalfEdge>,
    /// Last pass of a real run: writes numpy's rows of h bins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half_out: Option<HalfEdge>,
    /// 16-bit storage of `src` and `dst` (computed in f32); `None`: stored as `precision`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half: Option<crate::storage::HalfStorage>,
    /// The rows of a work-group side by side in the work-item id (row = id mod rows): an end
    /// pass of a real run holding the h bins of its rows (`vc::half_edge`), so that a warp's
    /// loads and stores cover whole rows of h bins.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interleave: bool,
}

/// A pass's lanes as `len` consecutive indices of the `span` = p^k below its transformed
/// digits (k = the lowest transformed digit), `ceil(span / len)` blocks per row, and the
/// work-items of a work-group (`items`: `len` × the rows of other digits it steps through).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct LaneBlock {
    /// Consecutive lanes, L.
    pub len: u64,
    /// The index range below the transformed digits, p^k.
    pub span: u64,
    /// Work-items per work-group (a multiple of `len`).
    pub items: u64,
    /// Elements between two tile positions in the local exchange buffer (≥ `len`; padded
    /// where rows of a warp would otherwise meet in the same banks).
    pub pitch: u64,
    /// Exchanges move real and imaginary parts in turn (twice the lanes in the same local
    /// memory; one row of the other digits a work-item).
    pub split: bool,
}

impl LaneBlock {
    /// Blocks per row of the span.
    pub fn blocks(&self) -> u64 {
        self.span.div_ceil(self.len)
    }
}

impl FusedPass {
    /// Elements of one tile, p^(tile digits).
    pub fn tile_len(&self) -> u64 {
        (self.p as u64).pow(self.tile.len() as u32)
    }
    /// Elements one work-item holds in registers, B = p^b.
    pub fn regs(&self) -> u64 {
        (self.p as u64).pow(self.b)
    }
    /// Work-items per work-group.
    pub fn threads(&self) -> u64 {
        match self.block {
            Some(b) => b.items,
            None => self.tile_len() / self.regs(),
        }
    }
    /// Words (u32) of the per-item pass's truth staging (one byte a value: p ≤ 85): the rows'
    /// values, one pad word per row where a row is a whole even number of words (an odd word
    /// stride across work-items keeps their reads in distinct banks); and whether padded.
    pub fn per_item_words(&self) -> (u64, bool) {
        let bytes = self.tile_len();
        let padded = bytes % 4 == 0 && (bytes / 4) % 2 == 0;
        let words = (self.rows * bytes).div_ceil(4);
        (if padded { words + self.rows } else { words }, padded)
    }
    /// Elements of the local exchange buffer (one round's worth).
    pub fn local_len(&self) -> u64 {
        match self.block {
            // One digit needs no exchange.
            Some(_) if self.m < 2 => 0,
            Some(b) => self.tile_len() * b.pitch,
            None => self.tile_len() / (self.p as u64).pow(self.resident.len() as u32),
        }
    }
    /// Work-groups the pass launches per transform, p^(work-group digits).
    pub fn groups(&self) -> u64 {
        (self.p as u64).pow(self.wg.len() as u32) * self.block.map_or(1, |b| b.blocks())
    }
    /// Work-groups of the whole batch: groups per transform × ⌈B / rows⌉.
    pub fn batch_groups(&self) -> u64 {
        self.groups() * self.batch.div_ceil(self.rows)
    }
    /// Work-items of one work-group: threads per tile × rows.
    pub fn group_size(&self) -> u64 {
        self.threads() * self.rows
    }
    /// Whether the kernel has the batch code (batch index, rows, tail guard).
    pub fn batched(&self) -> bool {
        self.batch > 1 || self.rows > 1
    }
    /// Elements the local exchange buffer declares, padding included.
    pub fn local_words(&self) -> u64 {
        match self.swizzle {
            // Padding grows the buffer; XOR permutes within whole 32-element blocks.
            Swizzle::Pad(_) => self.swizzle.apply(self.local_len().max(1) - 1) + 1,
            Swizzle::Identity | Swizzle::Xor(..) => self.local_len(),
        }
    }
    /// Elements between the exchange buffers of a work-group's rows: `local_words`, padded
    /// where the rows are interleaved ([`FusedPass::interleave`]) so that the same position
    /// of consecutive rows (neighbouring work-items) falls 128/rows bytes apart in the banks.
    pub fn row_pitch(&self) -> u64 {
        let words = self.local_words();
        if !self.interleave || self.rows < 2 {
            return words;
        }
        let real = if self.precision == Precision::F64 {
            8
        } else {
            4
        };
        let elem = if self.split_exchange { real } else { 2 * real };
        let per = (128 / elem).max(1);
        let want = (per / self.rows).max(1) % per;
        (words..words + per)
            .find(|w| w % per == want)
            .unwrap_or(words)
    }
    /// Local memory of the exchange buffer in bytes (after the swizzle's padding); for a
    /// per-item pass, the truth staging and the ε table.
    pub fn local_bytes(&self) -> u64 {
        if self.per_item {
            let real = if self.precision == Precision::F64 {
                8
            } else {
                4
            };
            // Staging, the ε table, and where split over p work-items the exchange and the
            // partial (min, max) of each work-item.
            let split = if self.threads() > 1 {
                self.rows * (self.tile_len() + self.threads())
            } else {
                0
            };
            return 4 * self.per_item_words().0 + 2 * real * (self.p as u64 + split);
        }
        let real = if self.precision == Precision::F64 {
            8
        } else {
            4
        };
        self.local_words() * real * if self.split_exchange { 1 } else { 2 }
    }
    /// The kernel's name: pass index, p, n, m, t, layout, direction, precision and scaling, unique
    /// within a program.
    pub fn name(&self) -> String {
        let mut name = format!(
            "vc_fused{}_p{}_n{}_m{}t{}_{}_{}_{}{}",
            self.index,
            self.p,
            self.n,
            self.m,
            self.t,
            match self.layout {
                Layout::Rotate => "rot",
                Layout::Inplace => "inp",
                Layout::Staged => "stg",
            },
            match self.direction {
                Direction::Forward => "fwd",
                Direction::Inverse => "inv",
            },
            self.half
                .map_or_else(|| self.precision.to_string(), |h| h.name().to_string()),
            if self.scale.is_some() { "_scaled" } else { "" }
        );
        if self.batched() {
            name.push_str(&format!("_b{}r{}", self.batch, self.rows));
        }
        if let Some(b) = self.block {
            name.push_str(&format!(
                "_block{}{}",
                b.len,
                if b.split { "h" } else { "" }
            ));
        }
        if self.per_item {
            name.push_str("_item");
            if self.threads() > 1 {
                // Split over p work-items by the top digit.
                name.push_str(&format!("x{}", self.threads()));
            }
        }
        match self.half_in {
            Some(HalfEdge::Reals { h, .. }) => name.push_str(&format!("_reals{h}")),
            Some(HalfEdge::Rows { h }) => name.push_str(&format!("_rowsin{h}")),
            None => {}
        }
        if let Some(e) = self.half_out {
            name.push_str(&format!("_rowsout{}", e.h()));
        }
        if self.interleave {
            name.push_str("_bins");
        }
        match self.truth {
            Some(TruthEncoding::Values) => name.push_str("_truthval"),
            Some(TruthEncoding::Roots) => name.push_str("_truthroot"),
            None => {}
        }
        match self.output {
            SpectrumOutput::Write => {}
            SpectrumOutput::Norm2 => name.push_str("_norm2"),
            SpectrumOutput::Reduce { write, bins, .. } => {
                name.push_str(if write { "_reduce_w" } else { "_reduce" });
                if bins > 0 {
                    name.push_str(&format!("_stats{bins}"));
                }
            }
        }
        name
    }
}

/// Limits a pass must respect on the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FusedLimits {
    /// Local memory per work-group in bytes.
    pub local_bytes: u64,
    /// Work-items per work-group the kernel may use (device and kernel limit).
    pub max_threads: u64,
    /// Complex values a work-item prefers to hold (`--fused-values`; default
    /// `preferred_values` in [`super::plan`]): fewer means more work-items and shorter chains per work-item,
    /// which pays where a transform does not fill the device.
    pub values: Option<u64>,
    /// Tiles (values) a default schedule keeps its passes under where that costs no pass: set
    /// with NVIDIA's 1024-work-item tiles, whose largest tiles ran slowest (see
    /// `vc::execute::fused_limits_for_plan`). `None`: the largest tiles the budget allows.
    pub tile_values: Option<u64>,
    /// The switches that change a schedule (`runtime::Knobs`, default: none set), so a
    /// schedule is a function of (plan, limits) only.
    pub knobs: ScheduleKnobs,
}

/// The `runtime::Knobs` a fused schedule reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduleKnobs {
    /// Lane blocks of default in-place schedules (`JITFFT_LANE_BLOCKS`).
    pub lane_blocks: crate::settings::LaneBlocks,
    /// The per-function bentness kernel's work-group (`JITFFT_PER_ITEM`; `Some(0)`: off).
    pub per_item: Option<u64>,
    /// That kernel split over p work-items, R functions a group (`JITFFT_PER_ITEM=split:R`).
    pub per_item_split: Option<u64>,
    /// A real run's end passes with all h bins of their rows (`JITFFT_REAL_BINS`).
    pub real_bins: crate::settings::RealBins,
}

impl ScheduleKnobs {
    /// No switch set.
    pub const DEFAULT: ScheduleKnobs = ScheduleKnobs {
        lane_blocks: crate::settings::LaneBlocks::Auto,
        per_item: None,
        per_item_split: None,
        real_bins: crate::settings::RealBins::Auto,
    };
}

/// A map of the local exchange buffer's element indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Swizzle {
    /// x itself: no remapping.
    Identity,
    /// x + (x >> s): one spare element per 2^s.
    Pad(u32),
    /// x ^ ((x >> a) & 31) [^ ((x >> b) & 31)]: a permutation within each 32-element block
    /// (the low 5 bits are XORed with higher ones: unitriangular, so invertible).
    Xor(u32, Option<u32>),
}

impl Swizzle {
    pub(crate) fn apply(self, x: u64) -> u64 {
        match self {
            Swizzle::Identity => x,
            Swizzle::Pad(s) => x + (x >> s),
            Swizzle::Xor(a, b) => x ^ ((x >> a) & 31) ^ b.map_or(0, |b| (x >> b) & 31),
        }
    }
    /// OpenCL C for the stored index of element `e` (an expression without side effects).
    pub(crate) fn expr(self, e: &str) -> String {
        match self {
            Swizzle::Identity => e.to_string(),
            Swizzle::Pad(s) => format!("{e} + (({e}) >> {s})"),
            Swizzle::Xor(a, None) => format!("({e}) ^ ((({e}) >> {a}) & 31)"),
            Swizzle::Xor(a, Some(b)) => {
                format!("({e}) ^ ((({e}) >> {a}) & 31) ^ ((({e}) >> {b}) & 31)")
            }
        }
    }
}

/// NVIDIA's OpenCL: 48 KB of local memory, 256 work-items reported per kernel.
#[cfg(test)]
pub(crate) const NVIDIA_LIMITS: FusedLimits = FusedLimits {
    local_bytes: 48 * 1024,
    max_threads: 256,
    values: None,
    tile_values: None,
    knobs: ScheduleKnobs::DEFAULT,
};
