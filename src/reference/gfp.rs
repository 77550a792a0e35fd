//! The GFP FFT's oracle (`gfp::reference`): exact, over Z/pZ with rug, written for clarity and apart from the device path:
//! field operations, the naive DFT (N ≤ 2^10), a recursive radix-2 FFT and the schoolbook
//! polynomial product.

use crate::error::{JitError, Result};
use crate::field::gfp::GfpField;
use rayon::prelude::*;
use rug::Integer;

/// Largest N the naive O(N²) DFT accepts.
pub const NAIVE_MAX_LOG_N: u32 = 10;

/// (a + b) mod p.
pub fn add(f: &GfpField, a: &Integer, b: &Integer) -> Integer {
    f.reduce(Integer::from(a + b))
}

/// (a − b) mod p.
pub fn sub(f: &GfpField, a: &Integer, b: &Integer) -> Integer {
    f.reduce(Integer::from(a - b))
}

/// a·b mod p.
pub fn mul(f: &GfpField, a: &Integer, b: &Integer) -> Integer {
    f.reduce(Integer::from(a * b))
}

/// a · r^s.
pub fn mul_pow_r(f: &GfpField, a: &Integer, s: u32) -> Integer {
    let rs = Integer::from(f.r_int().pow_mod_ref(&Integer::from(s), &f.p).unwrap());
    mul(f, a, &rs)
}

/// X_j = Σ_i x_i ω^(ij), O(N²), for N ≤ 2^10.
pub fn naive_dft(f: &GfpField, x: &[Integer], omega: &Integer) -> Result<Vec<Integer>> {
    let n = x.len();
    if n > 1 << NAIVE_MAX_LOG_N {
        return Err(JitError::invalid(format!(
            "the naive DFT is limited to N ≤ 2^{NAIVE_MAX_LOG_N}, got N = {n}"
        )));
    }
    let pows: Vec<Integer> = {
        let mut v = Vec::with_capacity(n);
        let mut w = Integer::from(1);
        for _ in 0..n {
            v.push(w.clone());
            w = mul(f, &w, omega);
        }
        v
    };
    Ok((0..n)
        .into_par_iter()
        .map(|j| {
            let mut acc = Integer::new();
            for (i, xi) in x.iter().enumerate() {
                acc += xi * &pows[(i * j) % n];
            }
            f.reduce(acc)
        })
        .collect())
}

/// Recursive radix-2 decimation-in-time FFT, N a power of two, ω a primitive N-th root.
pub fn fft(f: &GfpField, x: &[Integer], omega: &Integer) -> Vec<Integer> {
    let n = x.len();
    if n == 1 {
        return x.to_vec();
    }
    let w2 = mul(f, omega, omega);
    let even: Vec<Integer> = x.iter().step_by(2).cloned().collect();
    let odd: Vec<Integer> = x.iter().skip(1).step_by(2).cloned().collect();
    let (e, o) = if n >= 4096 {
        rayon::join(|| fft(f, &even, &w2), || fft(f, &odd, &w2))
    } else {
        (fft(f, &even, &w2), fft(f, &odd, &w2))
    };
    let mut out = vec![Integer::new(); n];
    let mut w = Integer::from(1);
    for j in 0..n / 2 {
        let t = mul(f, &w, &o[j]);
        out[j] = add(f, &e[j], &t);
        out[j + n / 2] = sub(f, &e[j], &t);
        w = mul(f, &w, omega);
    }
    out
}

/// The inverse: FFT with ω^−1, then times N^−1.
pub fn inverse_fft(f: &GfpField, x: &[Integer], omega: &Integer) -> Result<Vec<Integer>> {
    let winv = f.inverse(omega)?;
    let ninv = f.inverse(&Integer::from(x.len()))?;
    Ok(fft(f, x, &winv)
        .into_iter()
        .map(|v| mul(f, &v, &ninv))
        .collect())
}

/// Schoolbook product of two polynomials (coefficients mod p).
pub fn poly_mul(f: &GfpField, a: &[Integer], b: &[Integer]) -> Vec<Integer> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![Integer::new(); a.len() + b.len() - 1];
    for (i, ai) in a.iter().enumerate() {
        for (j, bj) in b.iter().enumerate() {
            out[i + j] += ai * bj;
        }
    }
    out.into_iter().map(|v| f.reduce(v)).collect()
}
