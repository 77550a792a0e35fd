//! `spectrum --stats` and `autocorr` split over a device set (issue 45): the functions dealt
//! over the members in equal shares (`model::split::run_rows`), each member running the
//! one-device analysis ([`SpectrumStatsPlan`], [`Autocorrelator`]) on its functions, every
//! member at once; the results joined in function order. Each function's statistics and
//! R_f depend only on its own truth vector, so the results are the one-device results.
//! `*_on` run either on a set's one device or split over its members.

use super::autocorr::Autocorrelator;
use super::stats::{SpectrumStats, SpectrumStatsPlan};
use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::model::split::{run_rows, SetFigures};
use crate::runtime::{DeviceSet, Gpu};
use crate::transform::Precision;
use num_complex::Complex64;

/// The functions of rows `bytes` (whole truth vectors of `truth`'s p and n).
fn truth_rows(truth: &TruthVectors, bytes: &[u8]) -> Result<TruthVectors> {
    let rows = bytes.len() as u64 / row_bytes(truth);
    TruthVectors::from_bytes(truth.p, truth.n, rows, bytes.to_vec())
}

/// Bytes of one function's truth vector.
fn row_bytes(truth: &TruthVectors) -> u64 {
    truth.data.len() as u64 / truth.batch.max(1)
}

/// [`super::spectrum_stats`] over `set`: each member's functions on its own plan, once (as
/// the one-device run); the statistics in function order and the set's figures.
pub fn spectrum_stats_split(
    set: &DeviceSet,
    truth: &TruthVectors,
    precision: Precision,
    bins: u32,
) -> Result<(SpectrumStats, SetFigures)> {
    let (p, n) = (truth.p, truth.n);
    let runs = run_rows(
        set,
        (&truth.data, row_bytes(truth)),
        (false, 1),
        |gpu: &Gpu, rows| SpectrumStatsPlan::new(gpu, p, n, rows, precision, bins),
        |plan, gpu, bytes, _| plan.run_timed(gpu, &truth_rows(truth, bytes)?),
        |plan| plan.release(),
    )?;
    let mut parts = runs.outputs.into_iter().flatten();
    let mut all = parts
        .next()
        .ok_or_else(|| JitError::invalid("no functions to analyse"))?;
    for s in parts {
        all.min_abs.extend(s.min_abs);
        all.max_abs.extend(s.max_abs);
        all.zeros.extend(s.zeros);
        all.histogram.extend(s.histogram);
        // The exact distribution only where every function's is decidable, as in one run.
        all.exact = match (all.exact, s.exact) {
            (Some(mut a), Some(b)) => {
                a.extend(b);
                Some(a)
            }
            _ => None,
        };
    }
    Ok((all, runs.figures))
}

/// [`super::autocorrelation`] over `set`: each member's functions on its own autocorrelator,
/// once; R of every function in function order and the set's figures.
pub fn autocorrelation_split(
    set: &DeviceSet,
    truth: &TruthVectors,
    precision: Precision,
) -> Result<(Vec<Complex64>, SetFigures)> {
    let (p, n) = (truth.p, truth.n);
    let runs = run_rows(
        set,
        (&truth.data, row_bytes(truth)),
        (false, 1),
        |gpu: &Gpu, rows| Autocorrelator::new(gpu, p, n, rows, precision),
        |a, gpu, bytes, _| a.run_timed(gpu, &truth_rows(truth, bytes)?),
        |a| a.release(),
    )?;
    Ok((runs.outputs.concat().concat(), runs.figures))
}

/// [`super::spectrum_stats`] on a set's one device, else split over its members (the set's
/// figures beside).
pub fn spectrum_stats_on(
    set: &DeviceSet,
    truth: &TruthVectors,
    precision: Precision,
    bins: u32,
) -> Result<(SpectrumStats, Option<SetFigures>)> {
    match set.one() {
        Some(gpu) => Ok((super::spectrum_stats(gpu, truth, precision, bins)?, None)),
        None => spectrum_stats_split(set, truth, precision, bins).map(|(s, f)| (s, Some(f))),
    }
}

/// [`super::autocorrelation`] on a set's one device, else split over its members (the set's
/// figures beside).
pub fn autocorrelation_on(
    set: &DeviceSet,
    truth: &TruthVectors,
    precision: Precision,
) -> Result<(Vec<Complex64>, Option<SetFigures>)> {
    match set.one() {
        Some(gpu) => Ok((super::autocorrelation(gpu, truth, precision)?, None)),
        None => autocorrelation_split(set, truth, precision).map(|(r, f)| (r, Some(f))),
    }
}

/// A set run's JSON: the one-device report with the set's `device_set` section beside it.
#[derive(serde::Serialize)]
pub struct WithSet<'a, T: serde::Serialize> {
    /// The one-device report, its fields at the top level.
    #[serde(flatten)]
    pub report: &'a T,
    /// The set's figures.
    pub device_set: &'a SetFigures,
}

/// The first line of a text report on functions: the file, the functions, `what` was
/// computed, the device (or set) and precision.
pub fn heading(
    input: &std::path::Path,
    truth: &TruthVectors,
    what: &str,
    on: &DeviceSet,
    precision: Precision,
) -> String {
    let device = match on.one() {
        Some(gpu) => gpu.info.name.clone(),
        None => on.describe(),
    };
    format!(
        "{}: {} function(s), p = {}, n = {}{what} ({}, {precision})",
        input.display(),
        truth.batch,
        truth.p,
        truth.n,
        device,
    )
}
