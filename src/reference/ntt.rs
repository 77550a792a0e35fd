//! The NTT's oracles (`ntt::reference`), exact: an iterative radix-2 NTT on 64-bit-limb Montgomery arithmetic
//! (parallel, fast enough to check 2^24 points), and a naive O(N²) DFT with rug for tests.

use crate::error::{JitError, Result};
use crate::field::cpu::{limbs64, powers, Elem, MontCpu};
use crate::field::montgomery::LimbBits;
use crate::field::{MontParams, PrimeField};
use crate::with_limbs64;
use rayon::prelude::*;
use rug::Integer;

fn ntt_n<const N: usize>(
    field: &PrimeField,
    data: &[u64],
    log_n: u32,
    inverse: bool,
) -> Result<Vec<u64>> {
    let m = MontCpu::<N>::new(field);
    let n = 1usize << log_n;
    let omega = field.omega(log_n)?;
    let root = if inverse {
        field.inverse(&omega)?
    } else {
        omega
    };
    let mp = MontParams::new(field, LimbBits::B64);
    // Twiddles ω^t, t < N/2, in this arithmetic's Montgomery form.
    let tw: Vec<Elem<N>> = powers(&mp, &root, (n / 2).max(1), &mp.r)
        .chunks_exact(N)
        .map(|c| std::array::from_fn(|j| c[j]))
        .collect();
    let mut x: Vec<Elem<N>> = vec![[0u64; N]; n];
    x.par_iter_mut().enumerate().for_each(|(i, e)| {
        let src = i.reverse_bits() >> (usize::BITS - log_n);
        *e = m.to_mont(&MontCpu::<N>::load(data, src));
    });
    for s in 0..log_n {
        let half = 1usize << s;
        let step = n / (2 * half);
        x.par_chunks_mut(2 * half).for_each(|blk| {
            let (lo, hi) = blk.split_at_mut(half);
            for (k, (a, b)) in lo.iter_mut().zip(hi.iter_mut()).enumerate() {
                let t = m.mul(b, &tw[k * step]);
                let u = *a;
                *a = m.add(&u, &t);
                *b = m.sub(&u, &t);
            }
        });
    }
    let scale: Elem<N> = if inverse {
        let ni = field.inverse(&Integer::from(n))?;
        let v = crate::field::montgomery::to_limbs(&ni, LimbBits::B64, N);
        std::array::from_fn(|j| v[j])
    } else {
        let mut one = [0u64; N];
        one[0] = 1;
        one
    };
    // mul(x·R, s) = x·s: out of Montgomery form and scaled at once.
    Ok(x.par_iter().flat_map_iter(|e| m.mul(e, &scale)).collect())
}

/// The NTT of `data` (standard form, flat 64-bit limbs, N = 2^log_n elements): X\[k\] =
/// Σ x\[j\] ω_N^{jk}, or the inverse with ω_N⁻¹ and a factor N⁻¹. Natural order in and out.
pub fn ntt(field: &PrimeField, data: &[u64], log_n: u32, inverse: bool) -> Result<Vec<u64>> {
    let n64 = limbs64(field);
    if data.len() != n64 << log_n {
        return Err(JitError::invalid(format!(
            "reference NTT: {} limbs given, 2^{log_n} elements of {n64} limbs expected",
            data.len()
        )));
    }
    with_limbs64!(n64, ntt_n(field, data, log_n, inverse))
}

/// The same transform by its definition with rug (O(N²); for small N in tests).
pub fn naive_dft(field: &PrimeField, x: &[Integer], inverse: bool) -> Result<Vec<Integer>> {
    let n = x.len();
    let log_n = n.trailing_zeros();
    if !n.is_power_of_two() {
        return Err(JitError::invalid(
            "naive DFT: length must be a power of two",
        ));
    }
    let p = &field.p;
    let omega = field.omega(log_n)?;
    let root = if inverse {
        field.inverse(&omega)?
    } else {
        omega
    };
    let ni = field.inverse(&Integer::from(n))?;
    Ok((0..n)
        .map(|k| {
            let mut acc = Integer::new();
            for (j, v) in x.iter().enumerate() {
                let w = root
                    .clone()
                    .pow_mod(&Integer::from(j * k % n), p)
                    .expect("p > 0");
                acc += Integer::from(v * &w);
                acc %= p;
            }
            if inverse {
                Integer::from(&acc * &ni) % p
            } else {
                acc
            }
        })
        .collect())
}
