//! Kernel statistics: exact counts from the generator, and counts from each vendor's own
//! compiler (NVIDIA PTX/ptxas/SASS, PoCL's compiled kernels, AMD metadata, Intel GPU queries,
//! Intel's CPU runtime's x86 object).
//! Every figure carries its source; an unknown figure is `None` and printed as `–`.

pub mod amd;
pub mod collect;
pub mod elf;
pub mod fft;
pub mod generator;
pub mod intel;
pub mod intel_cpu;
pub mod nvidia;
pub mod offline;
pub mod pocl;
pub mod portable;
pub mod report;
pub mod tools;

pub use collect::{collect, KernelStats, ProgramStats};

use serde::{Deserialize, Serialize};

/// One figure about a compiled kernel and where it came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metric {
    /// Stable key: `alu`, `fetch`, `registers`, `spill_store_bytes`, ...
    pub key: String,
    /// The value, `None` where the source could not tell.
    pub value: Option<u64>,
    /// e.g. "PTX", "ptxas -v", "SASS (cuobjdump)", "clGetKernelWorkGroupInfo".
    pub source: String,
}

impl Metric {
    /// A value read from `source`.
    pub fn known(key: &str, value: u64, source: &str) -> Metric {
        Metric {
            key: key.into(),
            value: Some(value),
            source: source.into(),
        }
    }

    /// A metric `source` could not give (shown as unknown rather than left out).
    pub fn unknown(key: &str, source: &str) -> Metric {
        Metric {
            key: key.into(),
            value: None,
            source: source.into(),
        }
    }

    /// The value, or `–` when unknown (never 0).
    pub fn shown(&self) -> String {
        show(self.value)
    }
}

/// A count, or `–` when unknown.
pub fn show(v: Option<u64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_else(|| "–".into())
}

/// Static instruction counts of one kernel's machine or virtual code, by class.
/// `fetch` is what the paper calls fetch instructions: reads of global memory.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassCounts {
    /// Arithmetic, logic, moves, conversions, compares.
    pub alu: u64,
    /// Global (or generic) memory loads.
    pub fetch: u64,
    /// Constant-memory loads.
    pub const_loads: u64,
    /// Kernel-argument loads (PTX `ld.param`).
    pub param_loads: u64,
    /// Loads from private (stack, spill) or shared/local on-chip memory.
    pub other_loads: u64,
    /// Stores of any kind.
    pub store: u64,
    /// Branches, returns, barriers, calls.
    pub control: u64,
    /// Everything counted (no padding NOPs).
    pub total: u64,
}

impl ClassCounts {
    /// The counts as metrics tagged with `source`.
    pub fn metrics(&self, source: &str) -> Vec<Metric> {
        [
            ("alu", self.alu),
            ("fetch", self.fetch),
            ("const_loads", self.const_loads),
            ("param_loads", self.param_loads),
            ("other_loads", self.other_loads),
            ("store", self.store),
            ("control", self.control),
            ("instructions", self.total),
        ]
        .iter()
        .map(|(k, v)| Metric::known(k, *v, source))
        .collect()
    }
}
