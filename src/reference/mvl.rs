//! The MVL oracle: the f64 spectrum of ε^f of a p-valued function's truth vector, through
//! the separable VC reference.

use super::separable_vc;
use crate::error::Result;
use crate::transform::{root, Direction};
use num_complex::Complex64;

/// The f64 CPU reference spectrum of ε^f (forward, unnormalised).
pub fn reference_spectrum(p: u32, n: u32, values: &[u32]) -> Result<Vec<Complex64>> {
    let x: Vec<Complex64> = values
        .iter()
        .map(|&v| root(p, v as u64, Direction::Inverse))
        .collect();
    separable_vc(p, n, &x, Direction::Forward, 1.0)
}
