//! Bentness of many functions at once: the last pass reduces each function's |S|² to its
//! minimum and maximum, so no spectrum is written; f is bent iff every |S_w|² = p^n.
//!
//! The decision: with S computed in precision u (2^-24 for f32, 2^-53 for f64), the spectrum
//! of a unit-modulus input (‖S‖₂ = N) has an error ‖δS‖₂ ≤ e = c·log2(N)·u·N with c = 4 (the
//! usual FFT bound, c covering a codelet's rounding), so each |S_w|² is off by at most
//! 2·max|S|·e + e². Where p ∈ {2, 3, 4, 6}, S lies in Z\[ε\] of an imaginary quadratic (or
//! rational) ring, |S|² = S·S̄ is a rational integer, and when that bound is below 1/2 the
//! device's min and max round to the exact integers: the verdict is exact. Otherwise (other
//! p, or a bound ≥ 1/2) the verdict is "within the bound": |min − p^n| and |max − p^n| ≤ it.
//! Bent functions need not have even n for odd p (x² over GF(3) is bent with |S|² = 3);
//! for p ≡ 2 (mod 4) and odd n there are none (Kumar–Scholtz–Welch), which the verdicts show.

use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::transform::Precision;
use crate::vc::Partials;
use crate::vc::{Algorithm, SpectrumOutput, TruthEncoding, VcOptions, VcPlan};
use num_complex::Complex64;
use serde::Serialize;

/// How the verdict on one function is decided (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct BentRule {
    /// p^n, the |S|² of every coefficient of a bent function.
    pub expected2: f64,
    /// e = c·log2(N)·u·N: the bound on ‖δS‖₂.
    pub spectrum_error: f64,
    /// p ∈ {2, 3, 4, 6}: |S|² is an integer (exact where the bound is below 1/2).
    pub integer_norms: bool,
}

impl BentRule {
    /// The rule for p-valued functions of n variables computed in `precision`.
    pub fn new(p: u32, n: u32, precision: Precision) -> BentRule {
        let len = (p as f64).powi(n as i32);
        let u = match precision {
            Precision::F32 => f32::EPSILON as f64 / 2.0,
            Precision::F64 => f64::EPSILON / 2.0,
        };
        BentRule {
            expected2: len,
            spectrum_error: 4.0 * len.log2().max(1.0) * u * len,
            integer_norms: matches!(p, 2 | 3 | 4 | 6),
        }
    }

    /// The bound on the error of one |S|² when the largest |S|² is `max2`.
    pub fn bound2(&self, max2: f64) -> f64 {
        let e = self.spectrum_error;
        2.0 * max2.max(0.0).sqrt() * e + e * e
    }

    /// (bent, exact) for a function with these min and max |S|².
    pub fn decide(&self, min2: f64, max2: f64) -> (bool, bool) {
        let b = self.bound2(max2);
        if !(min2.is_finite() && max2.is_finite()) {
            return (false, false);
        }
        if self.integer_norms && b < 0.5 {
            (
                min2.round() == self.expected2 && max2.round() == self.expected2,
                true,
            )
        } else {
            (
                (min2 - self.expected2).abs() <= b && (max2 - self.expected2).abs() <= b,
                false,
            )
        }
    }
}

/// The verdicts on B functions.
#[derive(Debug, Clone, Serialize)]
pub struct BentVerdicts {
    /// Values per variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// How verdicts were decided.
    pub rule: BentRule,
    /// Per function: bent or not.
    pub bent: Vec<bool>,
    /// Per function: whether the verdict is exact (integer |S|², error bound below 1/2).
    pub exact: Vec<bool>,
    /// Per function: min |S| (empty where the verdicts were decided on the device).
    pub min_abs: Vec<f64>,
    /// Per function: max |S| (empty where the verdicts were decided on the device).
    pub max_abs: Vec<f64>,
}

impl BentVerdicts {
    /// From per-function min and max |S|².
    pub fn from_minmax(p: u32, n: u32, precision: Precision, min2: &[f64], max2: &[f64]) -> Self {
        let rule = BentRule::new(p, n, precision);
        use rayon::prelude::*;
        let (bent, exact) = min2
            .par_iter()
            .zip(max2)
            .map(|(&lo, &hi)| rule.decide(lo, hi))
            .unzip();
        BentVerdicts {
            p,
            n,
            rule,
            bent,
            exact,
            min_abs: min2.par_iter().map(|x| x.max(0.0).sqrt()).collect(),
            max_abs: max2.par_iter().map(|x| x.max(0.0).sqrt()).collect(),
        }
    }

    /// From the device's (min, max) |S|² partials (`groups` pairs a function, straight from
    /// the pinned staging): one parallel pass folds each function's pairs and decides it, with
    /// the same values and rule as [`from_minmax`](Self::from_minmax) (f32 → f64 is exact and
    /// monotone, so folding before or after the conversion agrees).
    pub fn from_partials(
        p: u32,
        n: u32,
        precision: Precision,
        parts: Partials<'_>,
        groups: usize,
    ) -> Self {
        fn fill<T: Copy + Sync + Into<f64>>(
            rule: &BentRule,
            parts: &[T],
            groups: usize,
            out: (&mut [bool], &mut [bool], &mut [f64], &mut [f64]),
        ) {
            use rayon::prelude::*;
            const CHUNK: usize = 1 << 14;
            let (bent, exact, lo_abs, hi_abs) = out;
            bent.par_chunks_mut(CHUNK)
                .zip(exact.par_chunks_mut(CHUNK))
                .zip(lo_abs.par_chunks_mut(CHUNK))
                .zip(hi_abs.par_chunks_mut(CHUNK))
                .zip(parts.par_chunks(CHUNK * 2 * groups))
                .for_each(|((((b, e), lo_a), hi_a), part)| {
                    for (i, f) in part.chunks(2 * groups).enumerate() {
                        let mut lo = f64::INFINITY;
                        let mut hi = 0.0f64;
                        for pair in f.chunks(2) {
                            lo = lo.min(pair[0].into());
                            hi = hi.max(pair[1].into());
                        }
                        (b[i], e[i]) = rule.decide(lo, hi);
                        lo_a[i] = lo.max(0.0).sqrt();
                        hi_a[i] = hi.max(0.0).sqrt();
                    }
                });
        }
        let rule = BentRule::new(p, n, precision);
        let len = match parts {
            Partials::F32(v) => v.len(),
            Partials::F64(v) => v.len(),
        } / (2 * groups.max(1));
        // Zeroed allocations are fresh pages: the parallel pass below touches them first.
        let (mut bent, mut exact) = (vec![false; len], vec![false; len]);
        let (mut min_abs, mut max_abs) = (vec![0.0; len], vec![0.0; len]);
        let out = (
            &mut bent[..],
            &mut exact[..],
            &mut min_abs[..],
            &mut max_abs[..],
        );
        match parts {
            Partials::F32(v) => fill(&rule, v, groups.max(1), out),
            Partials::F64(v) => fill(&rule, v, groups.max(1), out),
        }
        BentVerdicts {
            p,
            n,
            rule,
            bent,
            exact,
            min_abs,
            max_abs,
        }
    }

    /// How many functions are bent.
    pub fn count(&self) -> usize {
        self.bent.iter().filter(|&&b| b).count()
    }
}

/// The plan of a batched bentness run: fused, truth vector decoded as ε^v, min/max reduced.
pub fn bent_plan(p: u32, n: u32, batch: u64, precision: Precision) -> Result<VcPlan> {
    bent_plan_with(p, n, batch, precision, None)
}

/// [`bent_plan`] with the fused passes' values per work-item (`None`: the default).
pub fn bent_plan_with(
    p: u32,
    n: u32,
    batch: u64,
    precision: Precision,
    fused_values: Option<u32>,
) -> Result<VcPlan> {
    VcPlan::new(
        p,
        n,
        VcOptions {
            algorithm: Algorithm::Fused,
            precision,
            fused_values,
            ..Default::default()
        },
    )?
    .with_batch(batch)?
    .with_truth(TruthEncoding::Roots)?
    .with_output(SpectrumOutput::Reduce {
        write: false,
        bins: 0,
        zero_tol2: 0.0,
    })
}

pub use super::bent_classifier::{classify, BentClassifier, BentSteps};

/// Refuses classifications whose answer is known to be "none": for p ≡ 2 (mod 4) and odd n
/// there are no bent functions (Kumar–Scholtz–Welch).
pub fn check_possible(p: u32, n: u32) -> Result<()> {
    if p % 4 == 2 && n % 2 == 1 {
        return Err(JitError::invalid(format!(
            "the functions have n = {n} variables and p = {p}: bent functions exist only for even n when p ≡ 2 (mod 4) (Kumar–Scholtz–Welch)"
        )));
    }
    Ok(())
}

/// The CPU reference: each function's spectrum with the separable f64 transform.
pub fn classify_cpu(truth: &TruthVectors) -> Result<BentVerdicts> {
    truth.check_range()?;
    let (mut lo, mut hi) = (Vec::new(), Vec::new());
    for f in 0..truth.batch {
        let s = super::reference_spectrum(truth.p, truth.n, &truth.function(f))?;
        let n2: Vec<f64> = s.iter().map(|c| c.norm_sqr()).collect();
        lo.push(n2.iter().cloned().fold(f64::INFINITY, f64::min));
        hi.push(n2.iter().cloned().fold(0.0, f64::max));
    }
    Ok(BentVerdicts::from_minmax(
        truth.p,
        truth.n,
        Precision::F64,
        &lo,
        &hi,
    ))
}

// ---- One full spectrum (the single-function report, formerly `crate::bent`) ----
//
// A function is bent iff every VC coefficient of its ε^f encoding has magnitude p^(n/2); this
// report reads a whole spectrum already computed (no reduction on the device) and counts the
// coefficients off that magnitude. It keeps its original rule of even n only (`check_even`);
// the batched verdicts above also decide odd n for odd p.

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
