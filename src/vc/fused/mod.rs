//! Fused multi-digit VC passes: one work-group transforms m digits of a tile of p^(m+t)
//! elements in registers, exchanging through local memory between sub-stages.
//!
//! A pass is described by plain data ([`FusedPass`]): for every tile digit, where it sits in
//! the input and in the output (memory digit positions) and whether it is transformed; the
//! remaining digits come from the work-group id. Two layouts use this:
//! - `rotate` (constant geometry at block level): the lowest m digits are transformed and moved
//!   to the top, t lane digits above them move to the bottom; reads are contiguous tiles,
//!   writes are runs of p^t elements; after all passes the data is in natural order.
//! - `inplace`: digits [k, k+m) are transformed where they are, with t lane digits [0, t)
//!   in the tile so reads and writes move runs of p^t elements.
//! - `inplace` with a lane block ([`block`]): later passes keep L consecutive low indices
//!   (any L local memory holds) instead of lane digits, so runs need not be powers of p.
//! - `staged`: the same digit groups as in place, but every pass writes the next pass's tile
//!   digits to the bottom of memory (lanes first), so each pass reads its whole tile as one
//!   contiguous block and only writes move runs of p^t elements; the last writes natural order.
//!
//! Each thread holds B = p^b elements. Sub-stage s transforms ≤ b digits with the p-point
//! codelets of [`crate::clgen::small_dft`]; between sub-stages the tile is exchanged through local
//! memory, real and imaginary parts in two halves when the whole tile would not fit.
//!
//! Planning lives here as data ([`pass`], [`budget`], [`groups`], [`plan`], [`swizzle`],
//! [`mapping`]); the generator
//! `vc::kernels::fused` only emits what a [`FusedPass`] says.

pub mod block;
pub mod budget;
pub mod groups;
pub mod mapping;
pub mod pass;
pub mod plan;
pub mod swizzle;

pub use budget::max_tile_digits;
pub use groups::{auto_digits_cap, balanced_groups, inplace_groups, passes_cost, InplaceShape};
pub use pass::{FusedLimits, FusedPass, LaneBlock, Layout, Swizzle, TileDigit};
pub use plan::FusedRequest;
