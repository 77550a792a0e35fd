//! CPU references, written for clarity and exactness; the tests trust them.
//!
//! - [`naive`]: the VC matrix applied directly, O(N²), for N ≤ 4096.
//! - [`separable`]: a p-point DFT along each of the n axes, O(N·n·p), any size, multi-threaded.
//! - [`real`]: numpy's rfftn / irfftn (the half spectrum), from the separable transform.
//! - [`compare`](mod@compare): relative L2 and max abs errors.

pub mod compare;
pub mod naive;
pub mod real;
pub mod separable;

pub use compare::{compare, ErrorReport};
pub use naive::naive_vc;
pub use separable::separable_vc;
