//! Error measures between a result and a reference.

use num_complex::Complex64;
use serde::Serialize;

#[derive(Debug, Clone, Copy, Serialize)]
pub struct ErrorReport {
    /// ‖got − want‖₂ / ‖want‖₂ (or the absolute norm when the reference is zero).
    pub rel_l2: f64,
    /// max |got_i − want_i|.
    pub max_abs: f64,
}

pub fn compare(got: &[Complex64], want: &[Complex64]) -> ErrorReport {
    let mut diff2 = 0.0;
    let mut ref2 = 0.0;
    let mut max_abs: f64 = 0.0;
    for (g, w) in got.iter().zip(want) {
        let d = (g - w).norm();
        // A NaN anywhere must show up as a failure, not vanish in max().
        if d.is_nan() {
            return ErrorReport {
                rel_l2: f64::NAN,
                max_abs: f64::NAN,
            };
        }
        diff2 += d * d;
        ref2 += w.norm_sqr();
        max_abs = max_abs.max(d);
    }
    if got.len() != want.len() {
        return ErrorReport {
            rel_l2: f64::INFINITY,
            max_abs: f64::INFINITY,
        };
    }
    let rel_l2 = if ref2 > 0.0 {
        (diff2 / ref2).sqrt()
    } else {
        diff2.sqrt()
    };
    ErrorReport { rel_l2, max_abs }
}
