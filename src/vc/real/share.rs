//! A part of a real run's rows, as one rank of `vc --real --mpi` holds it: whole transforms
//! (M = p^(n−1) rows each) or rows of one transform. Rows are contiguous in numpy's layout
//! both ways (p reals in, h bins out), so a part is one range of the input and one of the
//! output. Also: its error sums against the whole reference, and the bins of its rows (the
//! complex transforms over the leading digits run one bin at a time).

use super::RealPlan;
use crate::transform::Direction;
use num_complex::Complex64;
use std::ops::Range;

/// A part of the rows: `count` units of `rows_per` rows from unit `first`.
#[derive(Debug, Clone, Copy)]
pub struct RowShare {
    /// The first transform or row (as a report counts them).
    pub first: u64,
    /// Transforms or rows.
    pub count: u64,
    /// Rows of p reals a unit holds: M for whole transforms, 1 for rows.
    rows_per: u64,
}

impl RowShare {
    /// Transforms `first .. first + count` of `plan`.
    pub fn transforms(plan: &RealPlan, first: u64, count: u64) -> RowShare {
        RowShare {
            first,
            count,
            rows_per: plan.rows_per_transform(),
        }
    }

    /// Rows `first .. first + count` of one transform.
    pub fn rows(first: u64, count: u64) -> RowShare {
        RowShare {
            first,
            count,
            rows_per: 1,
        }
    }

    /// Its values (reals, or (re, im) interleaved) in `plan`'s input array.
    pub fn input(&self, plan: &RealPlan) -> Range<usize> {
        match plan.direction {
            Direction::Forward => self.span(plan.p as u64),
            Direction::Inverse => self.span(2 * plan.half()),
        }
    }

    /// Its values in `plan`'s output array.
    pub fn output(&self, plan: &RealPlan) -> Range<usize> {
        match plan.direction {
            Direction::Forward => self.span(2 * plan.half()),
            Direction::Inverse => self.span(plan.p as u64),
        }
    }

    /// The range of its rows in an array of `per_row` values a row.
    fn span(&self, per_row: u64) -> Range<usize> {
        let at = |unit: u64| (unit * self.rows_per * per_row) as usize;
        at(self.first)..at(self.first + self.count)
    }
}

/// (Σ(got − want)², Σ want²) and max |got − want| over the values of a part (the sums NaN
/// where a value it got is not finite).
pub fn error_sums(got: &[f64], want: &[f64]) -> ([f64; 2], f64) {
    let (mut d2, mut w2, mut worst) = (0.0, 0.0, 0.0f64);
    for (g, w) in got.iter().zip(want) {
        d2 += (g - w) * (g - w);
        w2 += w * w;
        worst = worst.max((g - w).abs());
    }
    if got.iter().any(|v| !v.is_finite()) {
        d2 = f64::NAN;
    }
    ([d2, w2], worst)
}

/// Bin `k` of `rows` (rows of `h` complex values, (re, im) interleaved): one value a row.
pub fn bin(rows: &[f64], h: usize, k: usize) -> impl Iterator<Item = Complex64> + '_ {
    rows.chunks_exact(2 * h)
        .map(move |r| Complex64::new(r[2 * k], r[2 * k + 1]))
}

/// Sets bin `k` of `rows` (as [`bin`]) to `values`, one a row.
pub fn set_bin(rows: &mut [f64], h: usize, k: usize, values: impl Iterator<Item = Complex64>) {
    for (r, c) in rows.chunks_exact_mut(2 * h).zip(values) {
        r[2 * k] = c.re;
        r[2 * k + 1] = c.im;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::Precision;

    #[test]
    fn parts_cover_the_arrays_in_order() {
        let plan = RealPlan::new(3, 3, 4, Precision::F32, Direction::Forward, None).unwrap();
        // Transforms 1..3 of 4: 9 rows each of 3 reals in, 2 bins (4 values) out.
        let t = RowShare::transforms(&plan, 1, 2);
        assert_eq!(t.input(&plan), 27..81);
        assert_eq!(t.output(&plan), 36..108);
        let inv = RealPlan {
            direction: Direction::Inverse,
            ..plan
        };
        assert_eq!(t.input(&inv), 36..108);
        // Rows 2..5 of one transform.
        let r = RowShare::rows(2, 3);
        assert_eq!(r.input(&plan), 6..15);
        assert_eq!(r.output(&plan), 8..20);
    }

    #[test]
    fn bins_round_trip_and_errors_sum() {
        let rows: Vec<f64> = (0..12).map(|v| v as f64).collect();
        let b1: Vec<Complex64> = bin(&rows, 2, 1).collect();
        assert_eq!(
            b1,
            [
                Complex64::new(2.0, 3.0),
                Complex64::new(6.0, 7.0),
                Complex64::new(10.0, 11.0)
            ]
        );
        let mut back = vec![0.0; 12];
        for k in 0..2 {
            set_bin(&mut back, 2, k, bin(&rows, 2, k));
        }
        assert_eq!(back, rows);
        let ([d2, w2], worst) = error_sums(&[1.0, 2.0], &[1.0, 4.0]);
        assert_eq!((d2, w2, worst), (4.0, 17.0, 2.0));
        assert!(error_sums(&[f64::NAN], &[1.0]).0[0].is_nan());
    }
}
