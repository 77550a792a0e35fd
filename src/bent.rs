//! Bent functions: a p-valued function of n variables is bent iff every VC coefficient of its
//! ε^f encoding has magnitude p^(n/2) (n even).

use crate::error::{JitError, Result};
use num_complex::Complex64;
use serde::Serialize;

/// The bent-function verdict on a VC spectrum: every coefficient has magnitude p^(n/2).
#[derive(Debug, Clone, Serialize)]
pub struct BentReport {
    /// The base p.
    pub p: u32,
    /// The number of variables n (even).
    pub n: u32,
    /// Every coefficient is within the tolerance of p^(n/2).
    pub bent: bool,
    /// p^(n/2)
    pub expected_magnitude: f64,
    /// Smallest coefficient magnitude.
    pub min_magnitude: f64,
    /// Largest coefficient magnitude.
    pub max_magnitude: f64,
    /// Coefficients whose magnitude differs from p^(n/2) by more than the tolerance.
    pub off_count: usize,
    /// Index of the first such coefficient.
    pub first_off: Option<usize>,
    /// Absolute tolerance used (relative tolerance × p^(n/2)).
    pub tolerance: f64,
}

/// n must be even for a bent function to exist.
pub fn check_even(n: u32) -> Result<()> {
    if n % 2 != 0 {
        return Err(JitError::invalid(format!(
            "the function has n = {n} variables; bent functions exist only for even n (|S| = p^(n/2) must be attainable)"
        )));
    }
    Ok(())
}

/// Classifies a spectrum; `rel_tol` is relative to p^(n/2).
pub fn analyze(p: u32, n: u32, spectrum: &[Complex64], rel_tol: f64) -> Result<BentReport> {
    check_even(n)?;
    let expected = (p as f64).powf(n as f64 / 2.0);
    let tol = rel_tol * expected;
    let (mut lo, mut hi, mut off, mut first) = (f64::INFINITY, 0.0f64, 0usize, None);
    for (i, c) in spectrum.iter().enumerate() {
        let m = c.norm();
        lo = lo.min(m);
        hi = hi.max(m);
        if m.is_nan() || (m - expected).abs() > tol {
            off += 1;
            first.get_or_insert(i);
        }
    }
    Ok(BentReport {
        p,
        n,
        bent: off == 0,
        expected_magnitude: expected,
        min_magnitude: lo,
        max_magnitude: hi,
        off_count: off,
        first_off: first,
        tolerance: tol,
    })
}
