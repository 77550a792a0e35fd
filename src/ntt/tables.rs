//! Host-built tables: powers of a root (for twiddles) in the device's Montgomery form, as
//! device words. Built with the CPU Montgomery arithmetic in parallel chunks.

use crate::field::cpu::{limbs64, MontCpu};
use crate::field::device::to_device;
use crate::field::montgomery::{to_limbs, LimbBits};
use crate::field::MontParams;
use crate::with_limbs64;
use rayon::prelude::*;
use rug::Integer;

/// Bits of the low twiddle table: w^e = hi\[e >> H\] * lo\[e & (2^H - 1)\].
pub fn twiddle_split(log_n: u32) -> u32 {
    log_n.div_ceil(2)
}

const CHUNK: usize = 4096;

fn powers_n<const N: usize>(
    mp: &MontParams,
    base: &Integer,
    count: usize,
    factor: &Integer,
) -> Vec<u64> {
    let f = &mp.field;
    let m = MontCpu::<N>::new(f);
    let p = &f.p;
    let limbs = |x: &Integer| -> [u64; N] {
        let v = to_limbs(x, LimbBits::B64, N);
        std::array::from_fn(|j| v[j])
    };
    let b = m.to_mont(&limbs(base));
    let mut out = vec![0u64; count * N];
    out.par_chunks_mut(CHUNK * N)
        .enumerate()
        .for_each(|(c, chunk)| {
            let start = base
                .clone()
                .pow_mod(&Integer::from(c * CHUNK), p)
                .expect("p > 0");
            let start = Integer::from(&start * factor) % p;
            let mut x = m.to_mont(&limbs(&start));
            for e in chunk.chunks_exact_mut(N) {
                e.copy_from_slice(&m.from_mont(&x));
                x = m.mul(&x, &b);
            }
        });
    out
}

/// base^t · factor mod p for t < count, standard form, flat 64-bit limbs.
pub fn powers(mp: &MontParams, base: &Integer, count: usize, factor: &Integer) -> Vec<u64> {
    let n = limbs64(&mp.field);
    with_limbs64!(n, powers_n(mp, base, count, factor))
}

/// base^t in the device's Montgomery form (times R mod p), as device words.
pub fn mont_powers_words(mp: &MontParams, base: &Integer, count: usize) -> Vec<u32> {
    let v = powers(mp, base, count, &mp.r);
    to_device(mp, &v, limbs64(&mp.field))
}

/// The twiddles of a Stockham pass of radix M over span S in the device's Montgomery form:
/// entry j·S + k (j < M, k < S) is base^(j·k)·factor, base = w_(S·M). Rows are built in
/// parallel.
pub fn pass_twiddle_words(
    mp: &MontParams,
    base: &Integer,
    span: usize,
    radix: usize,
    factor: &Integer,
) -> Vec<u32> {
    let p = &mp.field.p;
    let f = Integer::from(factor * &mp.r) % p;
    let rows: Vec<Vec<u64>> = (0..radix)
        .into_par_iter()
        .map(|j| {
            let row_base = base.clone().pow_mod(&Integer::from(j), p).expect("p > 0");
            powers(mp, &row_base, span, &f)
        })
        .collect();
    let flat: Vec<u64> = rows.concat();
    to_device(mp, &flat, limbs64(&mp.field))
}
