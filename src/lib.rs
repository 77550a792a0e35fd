//! jitfft: run-time generated OpenCL kernels for fast spectral transforms.
//!
//! The flow is plan → schedule → kernels → run → result:
//! a [`vc::VcPlan`] says what to compute, [`vc::Schedule`] how (passes and kernel variants),
//! the domain generators (`vc::kernels`, `ntt::kernels`, `gfp::kernels`, over the shared
//! [`clgen`] writer) write the OpenCL C, [`runtime`] builds and runs it, and the result carries the
//! data, the timings from profiling events and the generator's operation counts.

pub mod bench;
pub mod bent;
pub mod clgen;
#[cfg(feature = "cli")]
pub mod cli;
pub mod error;
pub mod field;
pub mod gfp;
pub mod io;
pub mod ntt;
pub mod reference;
pub mod runtime;
pub mod stats;
pub mod transform;
pub mod vc;

pub use error::{JitError, Result};
