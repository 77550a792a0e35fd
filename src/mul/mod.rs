//! Long-integer multiplication on the device, exact: plan (sizes, method, digit width, the
//! overflow bound) → schedule (launches) → kernels (generated OpenCL C) → run → product limbs.
//!
//! Methods: `block`, the seed's (Tereshchenko & Zadiraka) k×(k+1) grid of n-digit block
//! convolutions of 32-bit digits, generated for n = 2, 4, 8, 16; `ntt`, 16-bit digits through
//! the project's Goldilocks NTTs with a pointwise product; `auto`, `block` below a crossover
//! and `ntt` above. Carries are propagated on the device by a carry-lookahead scan.
//!
//! # Example: a product equal to GMP's
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use jitfft::mul::{reference, Method, MulPlan, Multiplier};
//! use jitfft::runtime::{DeviceSelector, Gpu};
//!
//! let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
//! let a = [u64::MAX, u64::MAX, 7];
//! let b = [u64::MAX, 3];
//! let plan = MulPlan::new(a.len(), b.len(), Method::Block, 4)?;
//! let m = Multiplier::new(&gpu, &plan)?;
//! let (r, _times) = m.multiply(&gpu, &a, &b)?;
//! assert_eq!(r, reference::product(&a, &b));
//! m.release()?;
//! # Ok(())
//! # }
//! ```

pub mod execute;
pub mod input;
pub mod kernels;
pub mod plan;
pub mod reference;
pub mod report;
pub mod request;
pub mod schedule;
pub mod tune;
pub mod wisdom;

pub use execute::{MulTimes, Multiplier};
pub use plan::{CrossoverSource, Method, MulPlan};
pub use report::Report;
pub use request::Request;
pub use schedule::MulSchedule;
