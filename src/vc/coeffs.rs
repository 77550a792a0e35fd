//! Butterfly coefficients of the r-point VC transform, r = p^m.
//!
//! W\[i\]\[j\] = ω^(s·k), ω = e^(2πi/p), k = Σ_d i_d·j_d mod p over the base-p digits of i and j,
//! s = −1 forward (conj(VC)) and +1 inverse. For m = 1 this is k = i·j mod p.

use crate::transform::{digit_dot, root, Direction};
use num_complex::Complex64;

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
    fn walsh_matrix_for_p2_m2() {
        // H2 ⊗ H2: entries ±1 with row 3 = [1, -1, -1, 1].
        let w = matrix(2, 2, Direction::Forward);
        let row3: Vec<f64> = w[12..16].iter().map(|c| c.re).collect();
        assert_eq!(row3, [1.0, -1.0, -1.0, 1.0]);
    }
}
