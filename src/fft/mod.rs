//! FFTs of any shape and length (numpy's `fftn` family): plan (validated shape, axes,
//! direction, scaling, precision; each axis decomposed) → schedule (the launches and their
//! tables) → kernels (OpenCL C, one kernel per launch) → run ([`FftTransform`], the shared
//! model's `DeviceTransform`).
//!
//! An axis whose prime factors are all at most [`plan::MAX_PRIME_RADIX`] runs as mixed-radix
//! Stockham passes over the codelets VC uses (`clgen::small_dft`); the twiddles between
//! digits are what the VC transform (every axis of length p, one pass each) does not need.
//! Any other length goes through Bluestein's chirp convolution of a smooth length, so every
//! n works. Real input and output ([`hermitian`]) run packed (the reals as complex pairs, the
//! complex transform at half length, one launch to or from the half spectrum) where the
//! halved axis is the last and even, else as the complex transform with host-side ends.
//!
//! # Example: a 6 × 10 FFT equal to the f64 reference
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use jitfft::fft::{FftPlan, FftTransform};
//! use jitfft::runtime::{DeviceSelector, Gpu};
//! use jitfft::transform::{Direction, Norm, Precision};
//! use num_complex::Complex64;
//!
//! let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
//! let plan = FftPlan::new(&[6, 10], &[], Direction::Forward, Norm::None, Precision::F32)?;
//! let tr = FftTransform::new(&gpu, &plan)?;
//! let x: Vec<Complex64> = (0..60).map(|i| Complex64::new(i as f64, 1.0)).collect();
//! let (y, _times) = tr.execute(&gpu, &x)?;
//! let want = jitfft::reference::fft::fftn(&x, &plan.shape, &plan.axes, plan.direction, 1.0);
//! assert!(jitfft::reference::compare(&y, &want).rel_l2 < 2e-6);
//! # Ok(())
//! # }
//! ```

pub mod execute;
pub mod group_kernel;
pub mod grouping;
pub mod half_spectrum;
pub mod hermitian;
pub mod kernel_head;
pub mod kernels;
pub mod packed_end;
pub mod plan;
pub mod report;
pub mod request;
pub mod schedule;
pub mod stream;
pub mod tables;
pub mod tuning;

pub use execute::FftTransform;
pub use plan::{FftPlan, Method, NumpyNorm};
pub use schedule::Schedule;
