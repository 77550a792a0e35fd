//! jitfft: run-time generated OpenCL kernels for fast spectral transforms.
//!
//! The flow is plan → schedule → kernels → run → result:
//! a [`vc::VcPlan`] says what to compute, [`vc::Schedule`] how (passes and kernel variants),
//! the domain generators (`vc::kernels`, `ntt::kernels`, `gfp::kernels`, over the shared
//! [`clgen`] writer) write the OpenCL C, [`runtime`] builds and runs it, and the result carries the
//! data, the timings from profiling events and the generator's operation counts.
//!
//! Three transform domains share that flow: [`vc`] (the Vilenkin-Chrestenson transform, an
//! n-dimensional DFT of shape (p, …, p) over complex floats), [`ntt`] (number-theoretic
//! transforms over prime fields from [`field`], exact) and [`gfp`] (FFTs over generalized Fermat
//! primes p = r^k + 1, exact). Each has a CPU reference to check the device against:
//! [`reference`](mod@reference) for VC, [`ntt::reference`] and [`gfp::reference`] for the exact ones.
//! `docs/architecture.md` in the repository maps the modules and how they depend on each other.
//!
//! # Example: a VC transform checked against the CPU reference
//!
//! A 3 × 3 × 3 transform (N = 3^3 = 27 points) in f64 on the default device (the first GPU,
//! else a CPU OpenCL device; `JITFFT_DEVICE` overrides):
//!
//! ```
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! use jitfft::reference::{compare, separable_vc};
//! use jitfft::runtime::{DeviceSelector, Gpu};
//! use jitfft::vc::{Precision, VcOptions, VcPlan, VcTransform};
//! use num_complex::Complex64;
//!
//! let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
//! // Plan: what to compute (p = 3, n = 3), validated before anything is generated.
//! let opts = VcOptions { precision: Precision::F64, ..VcOptions::default() };
//! let plan = VcPlan::new(3, 3, opts)?;
//! // Transform: schedule, generate the OpenCL C, build it and allocate the buffers.
//! let tr = VcTransform::new(&gpu, &plan)?;
//! let x: Vec<Complex64> = (0..27).map(|i| Complex64::new(i as f64, 1.0 - i as f64)).collect();
//! // Run: upload, launch the passes, download; the times come from profiling events.
//! let (y, times) = tr.execute(&gpu, &x)?;
//! assert!(times.kernel_ms >= 0.0);
//! // The same transform on the CPU, one 3-point DFT per axis.
//! let want = separable_vc(plan.p, plan.n, &x, plan.direction, plan.scale())?;
//! assert!(compare(&y, &want).rel_l2 < 1e-12);
//! tr.release()?;
//! # Ok(())
//! # }
//! ```

#![warn(missing_docs)]

pub mod bench;
pub mod clgen;
#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod fft;
pub mod field;
pub mod gfp;
pub mod io;
pub mod model;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod mul;
pub mod mvl;
pub mod ntt;
pub mod reference;
pub mod report;
pub mod routes;
pub mod runtime;
pub mod settings;
pub mod stats;
pub mod storage;
pub mod transform;
pub mod vc;
/// The Walsh–Hadamard transform: the VC transform at p = 2 on real values ([`vc::wht`]).
pub use vc::wht;

pub use error::{JitError, Result};
