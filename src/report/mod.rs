//! The one report every command's `--json` prints (hyperfine's split: this module is the data,
//! [`export`] the writer, [`families`] the adapters from each family's own report).
//!
//! Top level, the same for every command: `device` (the driver's [`DeviceInfo`]), `transform`
//! (kind, shape, precision, direction, norm), `plan` (the family's plan as it ran), `timing`
//! (`kernel_ms`, `pass_ms`, `upload_ms`, `download_ms`, `end_to_end_ms`, each a [`Summary`]
//! where repeated, then the family's other times), `check` (with `--check`) and `details`
//! (every other field of the family's report: kernels, input, output, build times).

pub mod export;
pub mod families;
mod sections;

pub use crate::transform::TransformInfo;
pub use sections::Sections;

use crate::runtime::DeviceInfo;
use serde::Serialize;
use serde_json::{Map, Value};

/// One run's report: the schema of every `--json`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The device that ran it (`null`: the CPU reference ran instead, `bent --cpu`).
    pub device: Option<DeviceInfo>,
    /// What was computed.
    pub transform: TransformInfo,
    /// The family's plan as it ran (its own fields).
    pub plan: Value,
    /// The times of the timed runs.
    pub timing: Timing,
    /// The check against the CPU reference (`--check` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub check: Option<Value>,
    /// The family's other fields, by name.
    pub details: Map<String, Value>,
}

/// The times of the timed runs (ms): the five every family has, then its own.
#[derive(Debug, Clone, Serialize)]
pub struct Timing {
    /// Kernel time of one run (all passes): median, min, max, count.
    pub kernel_ms: Value,
    /// Median kernel time of each pass, in launch order (empty where unknown).
    pub pass_ms: Value,
    /// Host → device copy of one run (`null` where the route does not time it).
    pub upload_ms: Value,
    /// Device → host copy of one run.
    pub download_ms: Value,
    /// Host memory to host memory, host wall clock.
    pub end_to_end_ms: Value,
    /// The family's other times (`kernel_clock`, `kernel_span_ms`, stage times, …).
    #[serde(flatten)]
    pub other: Map<String, Value>,
}

impl Report {
    /// The median kernel time (NaN where the report has none), for the consumers in Rust.
    pub fn kernel_median_ms(&self) -> f64 {
        self.timing.kernel_ms["median"].as_f64().unwrap_or(f64::NAN)
    }
}
