//! The Vilenkin-Chrestenson transform: plan (what), schedule (how), execution (run).

pub mod choose;
pub mod coeffs;
pub mod cpu_cache;
mod device_transform;
pub mod execute;
pub mod explore;
pub mod file_pipeline;
pub mod file_run;
pub mod fused;
pub mod half_edge;
mod half_host;
pub mod half_io;
pub mod host;
pub mod host_cpu;
pub mod kernel_spec;
pub mod kernels;
pub mod limits;
pub mod mpi_route;
pub mod overlap;
pub mod plan;
pub mod program_text;
pub mod real;
pub mod report;
pub mod request;
pub mod route;
pub mod rows;
pub mod schedule;
pub mod setup_report;
pub mod stream;
pub mod truth_pass;
pub mod truth_upload;
pub mod verify;
pub mod wht;

/// Half storage moved to [`crate::storage`] (the any-shape FFT shares it); `vc::storage` stays
/// its name for the Python module and older callers.
pub use crate::storage;
pub use crate::transform::{Direction, Norm, Precision};
pub use execute::{check_device, CompiledVc, RunTimes, VcTransform};
pub use host::{DeviceBuffer, DeviceComplex};
pub use kernels::program;
pub use plan::{Algorithm, Coeffs, CtLanes, SpectrumOutput, TruthEncoding, VcOptions, VcPlan};
pub use schedule::{Buf, Schedule};
pub use truth_pass::{Partials, Reduced};
pub use truth_upload::{PartialsBuffer, TruthUpload};
