//! Number-theoretic transforms over odd prime fields in Montgomery form:
//! plan (validated request) → schedule (passes of a variant) → kernels (`kernels`) → run.
//! Variants: `radix2` (one launch per stage, the baseline), `split28` (radix-2/8 split
//! radix), `fused` (Stockham passes of radix ≥ 256 in local memory).

pub mod data;
pub mod execute;
pub mod kernels;
pub mod ops;
pub mod plan;
pub mod reference;
pub mod schedule;
pub mod tables;

pub use execute::{NttTransform, RunTimes};
pub use plan::{NttPlan, Variant};
pub use schedule::Schedule;
