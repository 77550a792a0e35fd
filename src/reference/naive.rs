//! The VC transform straight from its definition: S\[k\] = Σ_x ω^(s·⟨k,x⟩) F\[x\], with ⟨k,x⟩ the
//! sum of products of the base-p digits of k and x, times the normalisation.

use crate::error::{JitError, Result};
use crate::transform::Direction;
use crate::transform::{digit_dot, root};
use num_complex::Complex64;

/// Largest N the naive reference accepts.
pub const NAIVE_MAX: usize = 4096;

/// The VC transform of `input` (p^n values, row-major) from its definition, O(N²), times `scale`.
///
/// Errors: `input.len()` ≠ p^n, or N above [`NAIVE_MAX`] (use
/// [`separable_vc`](crate::reference::separable_vc)).
pub fn naive_vc(
    p: u32,
    n: u32,
    input: &[Complex64],
    dir: Direction,
    scale: f64,
) -> Result<Vec<Complex64>> {
    let len = (p as usize).pow(n);
    if input.len() != len {
        return Err(JitError::invalid(format!(
            "naive_vc: input has {} values, p^n = {len}",
            input.len()
        )));
    }
    if len > NAIVE_MAX {
        return Err(JitError::invalid(format!(
            "naive_vc: N = {len} is above {NAIVE_MAX}; use separable_vc"
        )));
    }
    let table: Vec<Complex64> = (0..p as u64).map(|k| root(p, k, dir)).collect();
    Ok((0..len as u64)
        .map(|k| {
            let acc: Complex64 = (0..len as u64)
                .map(|x| table[digit_dot(p as u64, n, k, x) as usize] * input[x as usize])
                .sum();
            acc * scale
        })
        .collect())
}
