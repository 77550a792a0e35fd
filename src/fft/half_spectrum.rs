//! numpy's half spectrum as shapes and host passes: the halved axis, the half shape, the crop
//! of a full spectrum and the Hermitian extension of a half one (plain data: what a request
//! plans with and what the real FFT's host path runs).

use crate::error::{JitError, Result};
use num_complex::Complex64;
use rayon::prelude::*;

/// The halved axis of numpy's rule: the last of `axes` as given (the array's last when empty).
pub fn half_axis(rank: usize, axes: &[i64]) -> Result<usize> {
    match axes.last() {
        None => Ok(rank - 1),
        Some(&a) if a < rank as i64 && a >= -(rank as i64) => {
            Ok(a.rem_euclid(rank as i64) as usize)
        }
        Some(&a) => Err(JitError::invalid(format!(
            "axis {a} is out of range for an array of {rank} axes"
        ))),
    }
}

/// `shape` with the halved axis at n/2 + 1 points (the half spectrum's shape).
pub fn half_shape(shape: &[u64], axis: usize) -> Vec<u64> {
    let mut s = shape.to_vec();
    s[axis] = s[axis] / 2 + 1;
    s
}

/// (lines before the axis, its length, elements after it).
fn split(shape: &[u64], axis: usize) -> (usize, usize, usize) {
    let outer: u64 = shape[..axis].iter().product();
    let inner: u64 = shape[axis + 1..].iter().product();
    (outer as usize, shape[axis] as usize, inner as usize)
}

/// The first `m` points of every line along `axis` of an array of `shape`.
pub fn crop(y: &[Complex64], shape: &[u64], axis: usize, m: usize) -> Vec<Complex64> {
    let (_, n, inner) = split(shape, axis);
    y.par_chunks(n * inner)
        .flat_map_iter(|block| block[..m * inner].iter().copied())
        .collect()
}

/// Each line of `h` (half spectrum, `m` points along `axis` of `shape`) extended to `n`
/// points with X[n − k] = conj(X[k]); the imaginary parts at 0 and n/2 dropped, as numpy does.
pub fn extend(h: &[Complex64], half: &[u64], axis: usize, n: usize) -> Vec<Complex64> {
    let (_, m, inner) = split(half, axis);
    let mut out = vec![Complex64::new(0.0, 0.0); h.len() / m * n];
    out.par_chunks_mut(n * inner)
        .zip(h.par_chunks(m * inner))
        .for_each(|(dst, src)| {
            for k in 0..n {
                for i in 0..inner {
                    let v = if k < m {
                        src[k * inner + i]
                    } else {
                        src[(n - k) * inner + i].conj()
                    };
                    let edge = k == 0 || 2 * k == n;
                    dst[k * inner + i] = if edge { Complex64::new(v.re, 0.0) } else { v };
                }
            }
        });
    out
}
