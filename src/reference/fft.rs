//! The FFT's oracle: RustFFT in f64 (an independent implementation: its own mixed-radix,
//! Rader and Bluestein algorithms), applied along each axis of a C-order array.

use crate::transform::Direction;
use num_complex::Complex64;
use rayon::prelude::*;

/// numpy's `fftn(x, axes=axes)` (forward) or the unscaled inverse, in f64, scaled by `scale`.
pub fn fftn(
    x: &[Complex64],
    shape: &[u64],
    axes: &[usize],
    dir: Direction,
    scale: f64,
) -> Vec<Complex64> {
    let mut y = x.to_vec();
    let mut planner = rustfft::FftPlanner::<f64>::new();
    for &axis in axes {
        let n = shape[axis] as usize;
        if n == 1 {
            continue;
        }
        let stride: usize = shape[axis + 1..].iter().product::<u64>() as usize;
        let fft = match dir {
            Direction::Forward => planner.plan_fft_forward(n),
            Direction::Inverse => planner.plan_fft_inverse(n),
        };
        // Each block of n·stride elements holds `stride` lines of the axis.
        y.par_chunks_mut(n * stride).for_each(|block| {
            let mut line = vec![Complex64::new(0.0, 0.0); n];
            for i in 0..stride {
                for (k, v) in line.iter_mut().enumerate() {
                    *v = block[k * stride + i];
                }
                fft.process(&mut line);
                for (k, v) in line.iter().enumerate() {
                    block[k * stride + i] = *v;
                }
            }
        });
    }
    if scale != 1.0 {
        y.par_iter_mut().for_each(|v| *v *= scale);
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equals_the_naive_dft_on_a_small_array() {
        let shape = [3u64, 4, 5];
        let x: Vec<Complex64> = (0..60)
            .map(|i| Complex64::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos()))
            .collect();
        let y = fftn(&x, &shape, &[0, 1, 2], Direction::Forward, 1.0);
        for k in [0usize, 7, 33, 59] {
            let (k0, k1, k2) = (k / 20, (k / 5) % 4, k % 5);
            let mut s = Complex64::new(0.0, 0.0);
            for (j, v) in x.iter().enumerate() {
                let (j0, j1, j2) = (j / 20, (j / 5) % 4, j % 5);
                let a = -2.0
                    * std::f64::consts::PI
                    * ((j0 * k0) as f64 / 3.0 + (j1 * k1) as f64 / 4.0 + (j2 * k2) as f64 / 5.0);
                s += v * Complex64::new(a.cos(), a.sin());
            }
            assert!((s - y[k]).norm() < 1e-12, "{k}");
        }
    }
}
