//! Host-built tables: powers of a root (for twiddles) in the device's Montgomery form, as
//! device words. Built with the CPU Montgomery arithmetic in parallel chunks.

use crate::field::cpu::limbs64;
pub use crate::field::cpu::powers;
use crate::field::device::to_device;
use crate::field::MontParams;
use rayon::prelude::*;
use rug::Integer;

/// Bits of the low twiddle table: w^e = hi\[e >> H\] * lo\[e & (2^H - 1)\].
pub fn twiddle_split(log_n: u32) -> u32 {
    log_n.div_ceil(2)
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
