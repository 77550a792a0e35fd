//! FFT over generalized Fermat prime fields Z/pZ, p = r^k + 1, where r is a primitive 2k-th
//! root of unity, so the base DFT_K (K = 2k, ω = r) needs only shifts of radix-r digits
//! (after Chen, Covanov, Mohajerani, Moreno Maza, "Big prime field FFT on GPUs", ISSAC 2017).
//!
//! field (validation, digits) → plan (stages) → kernels → execute; reference is
//! the exact CPU side with rug.
//!
//! # Example: a GFP FFT equal to the CPU reference
//!
//! A forward FFT of 2^4 elements of p = r^8 + 1 with r = 2^63 + 2^34 (preset `p3`, so K = 16 and
//! the transform is one base DFT):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use jitfft::gfp::execute::device_limits;
//! use jitfft::gfp::{reference, GfpField, GfpPlan, GfpTransform};
//! use jitfft::runtime::{DeviceSelector, Gpu};
//!
//! let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
//! let field = GfpField::preset("p3")?;
//! // Plan: N = 2^4 forward, shaped by the device's local memory and work-group limit.
//! let (local_bytes, max_wg) = device_limits(&gpu);
//! let plan = GfpPlan::new(field.clone(), 4, false, local_bytes, max_wg)?;
//! let tr = GfpTransform::new(&gpu, &plan)?;
//! // Device data is transposed: digit c of element i at index i + c·N.
//! let x = field.random_elements(16, 11);
//! let (out, _times) = tr.execute(&gpu, &field.to_transposed(&x))?;
//! let y = field.from_transposed(&out, x.len())?;
//! assert_eq!(y, reference::fft(&field, &x, &field.root_of_unity(4)?));
//! tr.release()?;
//! # Ok(())
//! # }
//! ```

pub mod dft;
pub mod execute;
pub mod field;
pub mod kernels;
pub mod plan;
pub mod reference;
pub mod report;
pub mod request;

pub use execute::{GfpRunTimes, GfpTransform};
pub use field::GfpField;
pub use plan::GfpPlan;
pub use report::Report;
pub use request::{Request, Spec};
