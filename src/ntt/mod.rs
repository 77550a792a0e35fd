//! Number-theoretic transforms over odd prime fields in Montgomery form:
//! plan (validated request) → schedule (passes of a variant) → kernels (`kernels`) → run.
//! Variants: `radix2` (one launch per stage, the baseline), `split28` (radix-2/8 split
//! radix), `fused` (Stockham passes of radix ≥ 256 in local memory).
//!
//! # Example: an NTT equal to the CPU reference bit for bit
//!
//! A forward NTT of 2^4 elements of the Goldilocks field (p = 2^64 − 2^32 + 1) with 64-bit limbs:
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use jitfft::field::{LimbBits, PrimeField};
//! use jitfft::ntt::{data::random_elements, reference, NttPlan, NttTransform, Variant};
//! use jitfft::runtime::{DeviceSelector, Gpu};
//!
//! let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
//! let field = PrimeField::preset("goldilocks")?;
//! // Plan: field, limb width, N = 2^4, variant, direction (inverse = false).
//! let plan = NttPlan::new(&field, LimbBits::B64, 4, Variant::Radix2, false)?;
//! // Transform: schedule, twiddle tables, generated kernels, built program, buffers.
//! let tr = NttTransform::new(&gpu, &plan)?;
//! // Elements are canonical residues, `limbs` u64 words each (one for Goldilocks).
//! let x = random_elements(&field, plan.n(), 7);
//! let (y, _times) = tr.execute(&gpu, &x)?;
//! assert_eq!(y, reference::ntt(&field, &x, 4, false)?);
//! tr.release()?;
//! # Ok(())
//! # }
//! ```

pub mod batch;
pub mod data;
pub mod execute;
pub mod kernels;
pub mod ops;
pub mod plan;
/// The NTT's oracles (in [`crate::reference`]).
pub use crate::reference::ntt as reference;
pub mod report;
pub mod request;
pub mod schedule;
pub mod tables;

pub use execute::{NttTransform, RunTimes};
pub use plan::{NttPlan, Variant};
pub use report::Report;
pub use request::{Request, Spec};
pub use schedule::Schedule;

/// The plan a front end runs when the caller names only the field, size and direction (the
/// `jitfft ntt` defaults): the fused variant with the default options and the limb width of
/// [`request::default_limb`] for the device's carry chains.
pub fn default_plan(
    gpu: &crate::runtime::Gpu,
    field: &crate::field::PrimeField,
    log_n: u32,
    inverse: bool,
) -> crate::Result<NttPlan> {
    let opts = plan::NttOptions::default();
    let limb = request::default_limb(opts.arith.ptx_on(gpu.info.vendor_key()));
    NttPlan::with_options(field, limb, log_n, Variant::Fused, inverse, opts)
}
