//! The real-input VC transform in numpy's layout, on the CPU in f64: the oracle of `vc --real`.
//!
//! Forward ≡ `numpy.fft.rfftn` over the n axes of (p,)*n: the half spectrum (p,)*(n−1) +
//! (h,), h = p//2 + 1. Inverse ≡ `irfftn(y, s=(p,)*n)`, in numpy's order: the inverse complex
//! transform over the first n−1 axes, then a real inverse DFT along the last axis that reads
//! only the h bins given (the imaginary parts of bin 0 and, for even p, of bin p/2 are
//! ignored). Both are unscaled here and multiplied by `scale`.

use super::separable_vc;
use crate::error::{JitError, Result};
use crate::transform::{root, Direction};
use num_complex::Complex64;
use rayon::prelude::*;

/// Bins of the halved last axis: p//2 + 1.
pub fn half_bins(p: u32) -> usize {
    p as usize / 2 + 1
}

fn sizes(p: u32, n: u32, batch: usize, len: usize, per: usize, what: &str) -> Result<usize> {
    let m = (p as usize)
        .checked_pow(n.saturating_sub(1))
        .filter(|_| n >= 1)
        .ok_or_else(|| JitError::invalid(format!("{what}: {p}^{n} is too large")))?;
    if len != batch * m * per {
        return Err(JitError::invalid(format!(
            "{what}: {len} values given, {batch} transform(s) of {p}^{} × {per} need {}",
            n - 1,
            batch * m * per
        )));
    }
    Ok(m)
}

/// numpy's `rfftn` of `batch` real arrays of shape (p,)*n (row-major, one after another),
/// times `scale`: batch × p^(n−1) × h complex values.
pub fn rfftn_ref(p: u32, n: u32, batch: usize, x: &[f64], scale: f64) -> Result<Vec<Complex64>> {
    let pu = p as usize;
    let h = half_bins(p);
    let m = sizes(p, n, batch, x.len(), pu, "rfftn_ref")?;
    let mut out = Vec::with_capacity(batch * m * h);
    for t in x.chunks(m * pu) {
        let c: Vec<Complex64> = t.iter().map(|&v| Complex64::new(v, 0.0)).collect();
        let full = separable_vc(p, n, &c, Direction::Forward, scale)?;
        for row in full.chunks(pu) {
            out.extend_from_slice(&row[..h]);
        }
    }
    Ok(out)
}

/// numpy's `irfftn(y, s=(p,)*n)` of `batch` half spectra (p^(n−1) × h values each), times
/// `scale`: batch × p^n real values.
pub fn irfftn_ref(p: u32, n: u32, batch: usize, y: &[Complex64], scale: f64) -> Result<Vec<f64>> {
    let pu = p as usize;
    let h = half_bins(p);
    let m = sizes(p, n, batch, y.len(), h, "irfftn_ref")?;
    // ω^(+t) for the inverse.
    let w: Vec<Complex64> = (0..pu)
        .map(|t| root(p, t as u64, Direction::Inverse))
        .collect();
    let mut out = vec![0.0; batch * m * pu];
    out.par_chunks_mut(m * pu)
        .zip(y.par_chunks(m * h))
        .try_for_each(|(o, t)| -> Result<()> {
            // Bin k of every row, inverse-transformed over the first n−1 axes.
            let mut cols = Vec::with_capacity(h);
            for k in 0..h {
                let col: Vec<Complex64> = (0..m).map(|r| t[r * h + k]).collect();
                cols.push(separable_vc(p, n - 1, &col, Direction::Inverse, 1.0)?);
            }
            for r in 0..m {
                for j in 0..pu {
                    let mut acc = 0.0;
                    for (k, col) in cols.iter().enumerate() {
                        // Bins 1..(p−1)/2 stand for their conjugate partners too.
                        let twice = k != 0 && 2 * k != pu;
                        let v = (col[r] * w[(j * k) % pu]).re;
                        acc += if twice { 2.0 * v } else { v };
                    }
                    o[r * pu + j] = acc * scale;
                }
            }
            Ok(())
        })?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// irfftn(rfftn(x)) = x with the inverse scaled by 1/N, for odd and even p.
    #[test]
    fn round_trip() {
        for (p, n) in [(2u32, 3u32), (3, 2), (4, 2), (5, 1), (6, 2), (7, 2)] {
            let len = (p as usize).pow(n) * 2;
            let x: Vec<f64> = (0..len).map(|i| ((i * 7919) % 13) as f64 - 6.3).collect();
            let y = rfftn_ref(p, n, 2, &x, 1.0).unwrap();
            let back = irfftn_ref(p, n, 2, &y, 1.0 / (p as f64).powi(n as i32)).unwrap();
            let err = x
                .iter()
                .zip(&back)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            assert!(err < 1e-12, "p={p} n={n}: {err}");
        }
    }

    /// The imaginary part of bin 0 is ignored, as numpy's irfft does.
    #[test]
    fn bin_zero_imaginary_ignored() {
        let y = vec![Complex64::new(3.0, 5.0), Complex64::new(1.0, 2.0)];
        let x = irfftn_ref(3, 1, 1, &y, 1.0).unwrap();
        // x_j = 3 + 2·Re((1+2i)·e^(2πij/3))
        let want: Vec<f64> = (0..3)
            .map(|j| {
                let a = 2.0 * std::f64::consts::PI * j as f64 / 3.0;
                3.0 + 2.0 * (a.cos() - 2.0 * a.sin())
            })
            .collect();
        for (g, w) in x.iter().zip(&want) {
            assert!((g - w).abs() < 1e-12, "{x:?} vs {want:?}");
        }
    }
}
