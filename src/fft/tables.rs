//! The host-computed constants of an FFT plan, in f64 and rounded once to the device type:
//! twiddle tables (one or two levels) and Bluestein's chirp and its transformed kernel.
//! Angles come from exact integer residues, so a twiddle's error is its rounding alone (what
//! keeps f32 within 2e-6 at N = 2^28, where an angle computed in f32 would not be).

use crate::transform::Direction;
use num_complex::Complex64;
use std::f64::consts::PI;

/// Lengths up to this use one table of n twiddles; longer ones two of about √n each.
pub const ONE_LEVEL_MAX: u64 = 1 << 16;

/// e^(s·2πi·num/den) with s = −1 forward, +1 inverse, from the residue num mod den.
pub fn root(num: u64, den: u64, dir: Direction) -> Complex64 {
    let e = num % den;
    let (s, c) = (2.0 * PI * e as f64 / den as f64).sin_cos();
    match dir {
        Direction::Forward => Complex64::new(c, -s),
        Direction::Inverse => Complex64::new(c, s),
    }
}

/// How an n-point transform's twiddles ω^e (e < n) are stored: `table[e]`, or
/// `table[e & (lo − 1)] · table[lo + (e >> shift)]` with lo = 2^shift.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TwiddleLayout {
    /// One entry per exponent.
    OneLevel,
    /// A low table of 2^shift entries, then a high table of ⌈n / 2^shift⌉.
    TwoLevel {
        /// log2 of the low table's length.
        shift: u32,
    },
}

/// The layout of an n-point table.
pub fn layout(n: u64) -> TwiddleLayout {
    if n <= ONE_LEVEL_MAX {
        TwiddleLayout::OneLevel
    } else {
        // lo ≈ √n: both tables small, one extra complex multiply per twiddle.
        TwiddleLayout::TwoLevel {
            shift: (64 - (n - 1).leading_zeros()).div_ceil(2),
        }
    }
}

/// The twiddle table of an n-point transform in the given direction.
pub fn twiddles(n: u64, dir: Direction) -> Vec<Complex64> {
    match layout(n) {
        TwiddleLayout::OneLevel => (0..n).map(|e| root(e, n, dir)).collect(),
        TwiddleLayout::TwoLevel { shift } => {
            let lo = 1u64 << shift;
            let hi = n.div_ceil(lo);
            (0..lo)
                .map(|e| root(e, n, dir))
                .chain((0..hi).map(|q| root(q << shift, n, dir)))
                .collect()
        }
    }
}

/// Bluestein's chirp c_k = e^(∓πi·k²/n) for k < n (− forward), from k² mod 2n.
pub fn chirp(n: u64, dir: Direction) -> Vec<Complex64> {
    (0..n)
        .map(|k| {
            let sq = ((k as u128 * k as u128) % (2 * n as u128)) as u64;
            root(sq, 2 * n, dir)
        })
        .collect()
}

/// The convolution kernel in the frequency domain, scaled by 1/m: FFT_m(b)/m with
/// b_j = conj(c_j) at j and m − j for j < n, zero elsewhere.
pub fn bluestein_kernel(n: u64, m: u64, dir: Direction) -> Vec<Complex64> {
    let c = chirp(n, dir);
    let mut b = vec![Complex64::new(0.0, 0.0); m as usize];
    for (j, cj) in c.iter().enumerate() {
        b[j] = cj.conj();
        if j > 0 {
            b[m as usize - j] = cj.conj();
        }
    }
    let mut planner = rustfft::FftPlanner::<f64>::new();
    planner.plan_fft_forward(m as usize).process(&mut b);
    let inv = 1.0 / m as f64;
    b.iter_mut().for_each(|x| *x *= inv);
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_level_products_are_the_roots() {
        let n = 3 * (1 << 17) + 1;
        let t = twiddles(n, Direction::Forward);
        let TwiddleLayout::TwoLevel { shift } = layout(n) else {
            panic!("{n} wants two levels")
        };
        let lo = 1u64 << shift;
        for e in [0, 1, 12345, n / 2, n - 1] {
            let got = t[(e & (lo - 1)) as usize] * t[(lo + (e >> shift)) as usize];
            assert!((got - root(e, n, Direction::Forward)).norm() < 1e-15, "{e}");
        }
    }
}
