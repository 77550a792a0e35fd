//! Multiple-valued logic (MVL) analysis on the device: p-valued functions of n variables as
//! compact truth vectors (one byte a value for p ≤ 256), many at once, their VC spectra of
//! the ε^f encoding (ε = e^(2πi/p)) reduced in the last pass so that spectra nobody needs are
//! never written.
//!
//! - [`truth_vectors`]: the loader: B truth vectors from files (`.npy`, `.txt` one function a
//!   line) or arrays, validated;
//! - [`bent`]: per-function min/max |S| and the bent verdict (exact where decidable);
//!   [`bent_classifier`] runs it in batches, [`bent_device`] decides the verdicts on the device,
//!   [`bent_split`] splits the functions over a device set and into chunks a device holds;
//! - [`truth_file`]: a uint8 `.npy` read straight into pinned staging;
//! - [`stats`]: per-function max |S|, zero count and the histogram of |S|²;
//! - [`autocorr`]: the autocorrelation R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)), the inverse VC
//!   transform of |S|²;
//! - [`analysis_split`]: [`stats`] and [`autocorr`] with the functions split over a device set.
//!
//! The single-function report on a full spectrum (off-count, [`bent::analyze`]) is in [`bent`] too.

pub mod analysis_split;
pub mod autocorr;
pub mod bent;
pub mod bent_classifier;
pub mod bent_device;
pub mod bent_report;
pub mod bent_run;
pub mod bent_split;
pub mod stats;
pub mod truth_file;
pub mod truth_vectors;

pub use autocorr::{autocorr_rows, autocorrelation, AutocorrRow, Autocorrelator};
pub use bent::{classify, BentClassifier, BentRule, BentVerdicts};
pub use stats::{spectrum_stats, SpectrumStats, SpectrumStatsPlan};
pub use truth_vectors::{load_truth, TruthVectors};

use crate::runtime::{DeviceSet, Gpu};
use crate::transform::Precision;

pub use crate::reference::mvl::reference_spectrum;

/// Refuses p < 2: a p-valued function needs at least two values.
pub fn check_p(p: u32) -> crate::error::Result<()> {
    if p < 2 {
        return Err(crate::error::JitError::invalid(format!(
            "p = {p} is not allowed: a p-valued function needs p ≥ 2"
        )));
    }
    Ok(())
}

/// The precision MVL analyses run in when the caller leaves it open: f64 where the device
/// has it (exact verdicts reach larger N), else f32.
pub fn default_precision(gpu: &Gpu) -> Precision {
    if gpu.info.fp64 {
        Precision::F64
    } else {
        Precision::F32
    }
}

/// [`default_precision`] of a set: f64 where every member has it, else f32 (every member
/// runs the same arithmetic).
pub fn set_precision(set: &DeviceSet) -> Precision {
    if set.members.iter().all(|g| g.info.fp64) {
        Precision::F64
    } else {
        Precision::F32
    }
}
