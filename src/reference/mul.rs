//! The CPU reference: GMP's product through rug, on 64-bit limbs.

use rug::integer::Order;
use rug::Integer;

/// The integer of little-endian 64-bit limbs.
pub fn to_integer(limbs: &[u64]) -> Integer {
    Integer::from_digits(limbs, Order::Lsf)
}

/// `x` (≥ 0) as exactly `len` little-endian limbs (zero-extended; `x` must fit).
pub fn to_limbs(x: &Integer, len: usize) -> Vec<u64> {
    let mut v: Vec<u64> = x.to_digits(Order::Lsf);
    v.resize(len.max(v.len()), 0);
    v
}

/// a·b as a.len() + b.len() limbs, computed by GMP (`mpz_mul`).
pub fn product(a: &[u64], b: &[u64]) -> Vec<u64> {
    let p = to_integer(a) * to_integer(b);
    to_limbs(&p, a.len() + b.len())
}
