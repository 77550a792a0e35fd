//! Error measures between a result and a reference.

use crate::io::input::find_non_finite;
use num_complex::Complex64;
use rayon::prelude::*;
use serde::Serialize;

/// Values a block of the comparison sums (a block's sums are added in order).
const BLOCK: usize = 1 << 16;

/// How far a result is from its reference: relative L2 and maximum absolute error, and the
/// NaN or infinite values found in the result.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ErrorReport {
    /// ‖got − want‖₂ / ‖want‖₂ (or the absolute norm when the reference is zero); NaN when the
    /// result holds a NaN or infinite value, infinite when the lengths differ.
    pub rel_l2: f64,
    /// max |got_i − want_i| (NaN, infinite as `rel_l2`).
    pub max_abs: f64,
    /// NaN or infinite values in the result (any makes the comparison fail).
    pub non_finite: usize,
    /// Position of the first of them.
    pub first_non_finite: Option<usize>,
}

impl ErrorReport {
    /// True when every result value is finite and the relative L2 error is at most `tol`.
    pub fn passes(&self, tol: f64) -> bool {
        self.non_finite == 0 && self.rel_l2.is_finite() && self.rel_l2 <= tol
    }

    /// Why the result cannot pass whatever the tolerance (NaN/Inf values, a length mismatch),
    /// or `None`.
    pub fn defect(&self) -> Option<String> {
        if let Some(first) = self.first_non_finite {
            Some(format!(
                "the device result contains {} NaN or infinite value{} (first at position {first})",
                self.non_finite,
                if self.non_finite == 1 { "" } else { "s" }
            ))
        } else if !self.rel_l2.is_finite() {
            Some("the result does not match the reference (lengths differ or the reference is not finite)".into())
        } else {
            None
        }
    }
}

/// Compares `got` with the reference `want`. A result holding NaN or infinite values gets NaN
/// errors and their count; lengths that differ give infinite errors. See
/// [`ErrorReport::passes`] for the verdict.
pub fn compare(got: &[Complex64], want: &[Complex64]) -> ErrorReport {
    let nf = find_non_finite(got);
    let (non_finite, first_non_finite) = nf.map_or((0, None), |n| (n.count, Some(n.first)));
    if nf.is_some() {
        return ErrorReport {
            rel_l2: f64::NAN,
            max_abs: f64::NAN,
            non_finite,
            first_non_finite,
        };
    }
    if got.len() != want.len() {
        return ErrorReport {
            rel_l2: f64::INFINITY,
            max_abs: f64::INFINITY,
            non_finite,
            first_non_finite,
        };
    }
    // Fixed blocks summed in order: the same figures at any thread count, and a check of a
    // billion points (3^19) in seconds on a many-core host rather than minutes on one thread.
    let blocks: Vec<(f64, f64, f64)> = got
        .par_chunks(BLOCK)
        .zip(want.par_chunks(BLOCK))
        .map(|(g, w)| {
            let (mut diff2, mut ref2, mut max_abs) = (0.0, 0.0, 0.0f64);
            for (g, w) in g.iter().zip(w) {
                // |g − w| as a square root (libm's overflow-safe hypot costs 3× more here).
                let d = (g - w).norm_sqr().sqrt();
                // A NaN (a non-finite reference) must show up as a failure, not vanish in max().
                if d.is_nan() {
                    return (f64::NAN, f64::NAN, f64::NAN);
                }
                diff2 += d * d;
                ref2 += w.norm_sqr();
                max_abs = max_abs.max(d);
            }
            (diff2, ref2, max_abs)
        })
        .collect();
    let (mut diff2, mut ref2, mut max_abs) = (0.0, 0.0, 0.0f64);
    for (d, r, m) in blocks {
        if d.is_nan() {
            return ErrorReport {
                rel_l2: f64::NAN,
                max_abs: f64::NAN,
                non_finite,
                first_non_finite,
            };
        }
        diff2 += d;
        ref2 += r;
        max_abs = max_abs.max(m);
    }
    let rel_l2 = if ref2 > 0.0 {
        (diff2 / ref2).sqrt()
    } else {
        diff2.sqrt()
    };
    ErrorReport {
        rel_l2,
        max_abs,
        non_finite,
        first_non_finite,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn non_finite_results_fail_whatever_the_tolerance() {
        let want = vec![Complex64::new(1.0, 0.0); 4];
        let ok = compare(&want, &want);
        assert!(ok.passes(0.0) && ok.defect().is_none() && ok.non_finite == 0);
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let mut got = want.clone();
            got[2].im = bad;
            got[3].re = bad;
            let r = compare(&got, &want);
            assert_eq!((r.non_finite, r.first_non_finite), (2, Some(2)));
            assert!(!r.passes(f64::INFINITY), "{bad} passed");
            assert!(r
                .defect()
                .unwrap()
                .contains("2 NaN or infinite values (first at position 2)"));
        }
        let r = compare(&want[..3], &want);
        assert!(!r.passes(1.0) && r.defect().is_some());
        let mut w = want.clone();
        w[0].re = f64::NAN;
        assert!(!compare(&want, &w).passes(1.0));
    }
}
