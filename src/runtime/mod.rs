//! OpenCL runtime: discovery and selection, context and profiling queue, program build with
//! an on-disk cache, pinned staging buffers, launches and event timing.

pub mod build;
pub mod context;
pub mod device_set;
pub mod discover;
/// The settings module under its former name (`crate::settings`).
pub use crate::settings as env;
pub mod icd_hint;
pub mod knobs;
pub mod launch;
pub mod mapped;
pub mod memory_fit;
pub mod pinned;
pub mod probe;
pub mod scalar;
pub mod show;
pub mod staging;
pub mod stream_copy;
pub mod stream_figures;
pub mod timing;
pub mod transfer;

pub use build::{build_program, BuiltProgram};
pub use context::Gpu;
pub use device_set::{DeviceSet, SetSpec};
pub use discover::{list_devices, select_device, select_devices, DeviceInfo, DeviceSelector};
pub use knobs::Knobs;
pub use launch::{Arg, KernelHandle};
pub use pinned::Pinned;
pub use timing::Summary;
