//! The real Walsh–Hadamard transform (the VC transform for p = 2 of real data): rows of 2^k
//! real values, each multiplied by the Sylvester Hadamard matrix H_(2^k) (natural order:
//! `scipy.linalg.hadamard(2^k) @ row`), in place on the device.
//!
//! The flow is the library's: [`WhtPlan`] (what) → [`schedule::schedule`] (passes of several
//! bits each) → [`kernels::program`] (OpenCL C, one kernel a pass) → [`execute::WhtTransform`]
//! (build, run, time; host arrays through pinned staging in [`staged`]; a whole run on host
//! rows, the CLI's, in [`run`]). Storage may be half precision ([`Storage::F16`], [`Storage::Bf16`]): the
//! values are stored in 16 bits and computed in f32 (`vload_half`/`vstore_half_rte`, core
//! OpenCL, so NVIDIA's OpenCL without `cl_khr_fp16` runs them too).

pub mod execute;
pub mod file;
pub mod host;
pub mod kernels;
pub mod reference;
pub mod report;
pub mod run;
pub mod schedule;
pub mod staged;

pub use execute::{WhtRun, WhtTransform};
pub use staged::WhtValue;

use crate::error::{JitError, Result};
use serde::Serialize;
use std::str::FromStr;

/// How values are stored on the device (and in the input and output files).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Storage {
    /// IEEE binary32.
    F32,
    /// IEEE binary64 (needs `cl_khr_fp64`).
    F64,
    /// IEEE binary16 stored, f32 computed.
    F16,
    /// bfloat16 stored (raw files only: .npy has no bfloat16), f32 computed.
    Bf16,
}

impl Storage {
    /// Bytes a stored value takes.
    pub fn bytes(self) -> usize {
        match self {
            Storage::F64 => 8,
            Storage::F32 => 4,
            Storage::F16 | Storage::Bf16 => 2,
        }
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Storage::F32 => "f32",
            Storage::F64 => "f64",
            Storage::F16 => "f16",
            Storage::Bf16 => "bf16",
        }
    }

    /// Largest finite stored value (results above it overflow to inf).
    pub fn max_finite(self) -> f64 {
        match self {
            Storage::F32 => f32::MAX as f64,
            Storage::F64 => f64::MAX,
            Storage::F16 => 65504.0,
            Storage::Bf16 => 3.389_531_389_251_535_5e38,
        }
    }
}

impl FromStr for Storage {
    type Err = JitError;
    fn from_str(s: &str) -> Result<Storage> {
        Ok(match s {
            "f32" => Storage::F32,
            "f64" => Storage::F64,
            "f16" => Storage::F16,
            "bf16" => Storage::Bf16,
            _ => {
                return Err(JitError::invalid(format!(
                    "precision {s:?}: use f32, f64, f16 or bf16"
                )))
            }
        })
    }
}

/// Scaling, numpy's convention for a self-inverse transform: `None` leaves the forward
/// transform unscaled and divides the inverse by 2^k; `Ortho` scales both by 2^(−k/2);
/// `Forward` divides the forward by 2^k and leaves the inverse unscaled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum WhtNorm {
    /// Forward unscaled, inverse divided by 2^k (numpy's "backward").
    #[default]
    None,
    /// Both directions scaled by 2^(−k/2): the transform is orthogonal.
    Ortho,
    /// Forward divided by 2^k, inverse unscaled.
    Forward,
}

crate::transform::kebab_names!(WhtNorm, "norm", { None => "none", Ortho => "ortho", Forward => "forward" });

/// What to compute: `batch` rows of 2^`log_n` values, contiguous, transformed in place.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct WhtPlan {
    /// log2 of the row length.
    pub log_n: u32,
    /// Number of rows.
    pub batch: usize,
    /// Storage of the values.
    pub storage: Storage,
    /// Scaling convention.
    pub norm: WhtNorm,
    /// The inverse: the same transform, scaled as `norm` says for the inverse.
    pub inverse: bool,
    /// Complex (re, im) pairs at one end (f32 and f64 storage; `vc --real` at p = 2, where
    /// every VC coefficient is ±1 and numpy's half spectrum is the transform with zero
    /// imaginary parts).
    #[serde(skip_serializing_if = "Pairs::is_none")]
    pub pairs: Pairs,
}

/// A plan's complex end: the real values in a second buffer of (re, im) pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pairs {
    /// Real values in and out.
    #[default]
    None,
    /// The first pass reads the real parts of the pairs (numpy's irfftn at p = 2).
    In,
    /// The last pass writes (value, 0) pairs (numpy's rfftn at p = 2).
    Out,
}

impl Pairs {
    fn is_none(&self) -> bool {
        *self == Pairs::None
    }
}

/// Longest row: 2^40 values (far beyond any device; the device's allocation limit refuses
/// earlier with its own figure).
pub const MAX_LOG_N: u32 = 40;

impl WhtPlan {
    /// A checked plan. Errors: a row shorter than 2 values or above 2^40, no rows, or more
    /// values than a 64-bit index can count.
    pub fn new(
        log_n: u32,
        batch: usize,
        storage: Storage,
        norm: WhtNorm,
        inverse: bool,
    ) -> Result<WhtPlan> {
        if log_n == 0 || log_n > MAX_LOG_N {
            return Err(JitError::invalid(format!(
                "row length 2^{log_n}: the Walsh–Hadamard transform takes rows of 2^1 … 2^{MAX_LOG_N} values"
            )));
        }
        if batch == 0 {
            return Err(JitError::invalid("no rows to transform (batch 0)"));
        }
        if (batch as u128) << log_n > (u64::MAX as u128) / 8 {
            return Err(JitError::invalid(format!(
                "{batch} rows of 2^{log_n} values: too many to index"
            )));
        }
        Ok(WhtPlan {
            log_n,
            batch,
            storage,
            norm,
            inverse,
            pairs: Pairs::None,
        })
    }

    /// The same plan with complex `pairs` at one end. Errors: half storage (the pairs are
    /// f32 or f64).
    pub fn with_pairs(self, pairs: Pairs) -> Result<WhtPlan> {
        if pairs != Pairs::None && matches!(self.storage, Storage::F16 | Storage::Bf16) {
            return Err(JitError::invalid(
                "complex pairs at a Walsh–Hadamard end need f32 or f64 storage",
            ));
        }
        Ok(WhtPlan { pairs, ..self })
    }

    /// Values in one row.
    pub fn row_len(&self) -> usize {
        1usize << self.log_n
    }

    /// Values in all rows.
    pub fn len(&self) -> usize {
        self.batch << self.log_n
    }

    /// True when there is nothing to transform (never, for a checked plan).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes of the data on the device.
    pub fn bytes(&self) -> u64 {
        self.len() as u64 * self.storage.bytes() as u64
    }

    /// The factor the result is multiplied by (see [`WhtNorm`]).
    pub fn scale(&self) -> f64 {
        let n = self.row_len() as f64;
        match (self.norm, self.inverse) {
            (WhtNorm::None, false) | (WhtNorm::Forward, true) => 1.0,
            (WhtNorm::None, true) | (WhtNorm::Forward, false) => 1.0 / n,
            (WhtNorm::Ortho, _) => 1.0 / n.sqrt(),
        }
    }
}
