//! FFT over generalized Fermat prime fields Z/pZ, p = r^k + 1, where r is a primitive 2k-th
//! root of unity, so the base DFT_K (K = 2k, ω = r) needs only shifts of radix-r digits
//! (after Chen, Covanov, Mohajerani, Moreno Maza, "Big prime field FFT on GPUs", ISSAC 2017).
//!
//! field (validation, digits) → plan (stages) → kernels → execute; reference is
//! the exact CPU side with rug.

pub mod dft;
pub mod execute;
pub mod field;
pub mod kernels;
pub mod plan;
pub mod reference;

pub use execute::{GfpRunTimes, GfpTransform};
pub use field::GfpField;
pub use plan::GfpPlan;
