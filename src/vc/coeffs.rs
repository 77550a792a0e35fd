//! Butterfly coefficients of the r-point VC transform, r = p^m.
//!
//! W[i][j] = ω^(s·k), ω = e^(2πi/p), k = Σ_d i_d·j_d mod p over the base-p digits of i and j,
//! s = −1 forward (conj(VC)) and +1 inverse. For m = 1 this is k = i·j mod p.

use crate::transform::Direction;
use num_complex::Complex64;
use std::f64::consts::PI;

/// ω^(s·k) for the direction, computed from a reduced angle so that exact values stay exact
/// where they can (±1, ±i).
pub fn root(p: u32, k: u64, dir: Direction) -> Complex64 {
    let k = (k % p as u64) as i64;
    let s = match dir {
        Direction::Forward => -1,
        Direction::Inverse => 1,
    };
    let p = p as i64;
    // angle = 2π·(s·k mod p)/p, folded into (−π, π]
    let mut e = (s * k).rem_euclid(p);
    if 2 * e > p {
        e -= p;
    }
    if e == 0 {
        return Complex64::new(1.0, 0.0);
    }
    if 2 * e == p {
        return Complex64::new(-1.0, 0.0);
    }
    if 4 * e == p {
        return Complex64::new(0.0, 1.0);
    }
    if 4 * e == -p {
        return Complex64::new(0.0, -1.0);
    }
    let a = 2.0 * PI * e as f64 / p as f64;
    Complex64::new(a.cos(), a.sin())
}

/// k(i, j) = Σ digit products mod p: the index into X1 of W[i][j].
pub fn digit_dot(p: u64, digits: u32, mut i: u64, mut j: u64) -> u64 {
    let mut k = 0;
    for _ in 0..digits {
        k += (i % p) * (j % p);
        i /= p;
        j /= p;
    }
    k % p
}

/// The first VC function X1: ω^(s·k) for k = 0..p−1.
pub fn first_function(p: u32, dir: Direction) -> Vec<Complex64> {
    (0..p as u64).map(|k| root(p, k, dir)).collect()
}

/// The whole r×r butterfly matrix, row-major.
pub fn matrix(p: u32, digits: u32, dir: Direction) -> Vec<Complex64> {
    let r = (p as u64).pow(digits);
    let mut w = Vec::with_capacity((r * r) as usize);
    for i in 0..r {
        for j in 0..r {
            w.push(root(p, digit_dot(p as u64, digits, i, j), dir));
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_exact_where_possible() {
        assert_eq!(root(4, 1, Direction::Forward), Complex64::new(0.0, -1.0));
        assert_eq!(root(4, 1, Direction::Inverse), Complex64::new(0.0, 1.0));
        assert_eq!(root(6, 3, Direction::Forward), Complex64::new(-1.0, 0.0));
        let w = root(3, 1, Direction::Forward);
        assert!((w - Complex64::from_polar(1.0, -2.0 * PI / 3.0)).norm() < 1e-15);
    }

    #[test]
    fn walsh_matrix_for_p2_m2() {
        // H2 ⊗ H2: entries ±1 with row 3 = [1, -1, -1, 1].
        let w = matrix(2, 2, Direction::Forward);
        let row3: Vec<f64> = w[12..16].iter().map(|c| c.re).collect();
        assert_eq!(row3, [1.0, -1.0, -1.0, 1.0]);
    }
}
