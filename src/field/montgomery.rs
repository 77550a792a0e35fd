//! Montgomery constants of a prime for w-bit limbs (w = 32 or 64), derived with GMP:
//! n = ⌈bits/w⌉ limbs, R = 2^(w·n), R mod p, R² mod p and n' = −p⁻¹ mod 2^w.

use super::prime::PrimeField;
use crate::error::{JitError, Result};
use rug::Integer;
use serde::Serialize;
use std::fmt;

/// Limb width of the generated arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum LimbBits {
    /// 32-bit limbs (`uint`, portable everywhere).
    #[serde(rename = "32")]
    B32,
    /// 64-bit limbs (`ulong`; 64×64 products via `mul_hi`).
    #[serde(rename = "64")]
    B64,
}

impl LimbBits {
    /// 32 or 64; other widths are refused
    /// ([`JitError::InvalidInput`]).
    pub fn from_bits(b: u32) -> Result<LimbBits> {
        match b {
            32 => Ok(LimbBits::B32),
            64 => Ok(LimbBits::B64),
            _ => Err(JitError::invalid(format!(
                "--limbs {b}: limbs are 32 or 64 bits"
            ))),
        }
    }
    /// The width in bits (32 or 64).
    pub fn bits(self) -> u32 {
        match self {
            LimbBits::B32 => 32,
            LimbBits::B64 => 64,
        }
    }
    /// The other width (32 ↔ 64).
    pub fn other(self) -> LimbBits {
        match self {
            LimbBits::B32 => LimbBits::B64,
            LimbBits::B64 => LimbBits::B32,
        }
    }
}

impl fmt::Display for LimbBits {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "{}-bit", self.bits())
    }
}

/// Montgomery constants for one limb width.
#[derive(Debug, Clone)]
pub struct MontParams {
    /// The field the constants belong to.
    pub field: PrimeField,
    /// Limb width w.
    pub limb: LimbBits,
    /// Number of limbs n.
    pub limbs: usize,
    /// p as n little-endian limbs (each < 2^w).
    pub p_limbs: Vec<u64>,
    /// R = 2^(w·n) mod p.
    pub r: Integer,
    /// R² mod p.
    pub r2: Integer,
    /// R⁻¹ mod p.
    pub r_inv: Integer,
    /// n' = −p⁻¹ mod 2^w.
    pub n_prime: u64,
}

/// The constants as printed by `field inspect`.
#[derive(Debug, Clone, Serialize)]
pub struct MontSummary {
    /// Limb width w in bits.
    pub limb_bits: u32,
    /// Number of limbs n.
    pub limbs: usize,
    /// p as little-endian limbs (decimal).
    pub modulus_limbs_le: Vec<String>,
    /// R = 2^(w·n) mod p (decimal).
    pub r_mod_p: String,
    /// R mod p as little-endian limbs.
    pub r_mod_p_limbs_le: Vec<String>,
    /// R² mod p (decimal), used to convert into Montgomery form.
    pub r_squared_mod_p: String,
    /// R² mod p as little-endian limbs.
    pub r_squared_limbs_le: Vec<String>,
    /// n' = −p⁻¹ mod 2^w (decimal).
    pub n_prime: String,
    /// n' in hexadecimal.
    pub n_prime_hex: String,
    /// A primitive 2^s-th root of unity (s the 2-adicity) in Montgomery form, as little-endian
    /// limbs.
    pub root_of_unity_montgomery_limbs_le: Vec<String>,
}

/// `x` as `n` little-endian limbs of `w` bits (x < 2^(w·n)).
pub fn to_limbs(x: &Integer, w: LimbBits, n: usize) -> Vec<u64> {
    let mut out = vec![0u64; n];
    let mask = if w.bits() == 64 {
        Integer::from(u64::MAX)
    } else {
        Integer::from(u32::MAX)
    };
    let mut v = x.clone();
    for limb in out.iter_mut() {
        let low = Integer::from(&v & &mask);
        *limb = low.to_u64().unwrap_or(0);
        v >>= w.bits();
    }
    out
}

/// The integer of little-endian `w`-bit limbs.
pub fn from_limbs(limbs: &[u64], w: LimbBits) -> Integer {
    let mut v = Integer::new();
    for &l in limbs.iter().rev() {
        v <<= w.bits();
        v += l;
    }
    v
}

impl MontParams {
    /// Derives R, R², R⁻¹ and n' for `field` with `limb`-bit limbs (n = ⌈bits(p)/w⌉).
    pub fn new(field: &PrimeField, limb: LimbBits) -> MontParams {
        let w = limb.bits();
        let p = &field.p;
        let limbs = p.significant_bits().div_ceil(w) as usize;
        let big_r = Integer::from(Integer::u_pow_u(2, w * limbs as u32));
        let r = Integer::from(&big_r % p);
        let r2 = Integer::from(&r * &r) % p;
        let r_inv = r.clone().invert(p).expect("p odd");
        let word = Integer::from(Integer::u_pow_u(2, w));
        let p_inv = p.clone().invert(&word).expect("p odd");
        let n_prime = (word.clone() - p_inv) % &word;
        MontParams {
            field: field.clone(),
            limb,
            limbs,
            p_limbs: to_limbs(p, limb, limbs),
            r,
            r2,
            r_inv,
            n_prime: n_prime.to_u64().expect("< 2^64"),
        }
    }

    /// x·R mod p.
    pub fn to_mont(&self, x: &Integer) -> Integer {
        Integer::from(x * &self.r) % &self.field.p
    }

    /// x·R⁻¹ mod p.
    pub fn from_mont(&self, x: &Integer) -> Integer {
        Integer::from(x * &self.r_inv) % &self.field.p
    }

    /// Bytes one element takes in device memory.
    pub fn element_bytes(&self) -> usize {
        self.limbs * self.limb.bits() as usize / 8
    }

    /// `x` (< 2^(w·n)) as this width's n little-endian limbs.
    pub fn limbs_of(&self, x: &Integer) -> Vec<u64> {
        to_limbs(x, self.limb, self.limbs)
    }

    /// The constants in decimal and limbs, for `field inspect`.
    pub fn summary(&self) -> MontSummary {
        let s = |v: Vec<u64>| v.iter().map(|l| l.to_string()).collect::<Vec<_>>();
        MontSummary {
            limb_bits: self.limb.bits(),
            limbs: self.limbs,
            modulus_limbs_le: s(self.p_limbs.clone()),
            r_mod_p: self.r.to_string(),
            r_mod_p_limbs_le: s(self.limbs_of(&self.r)),
            r_squared_mod_p: self.r2.to_string(),
            r_squared_limbs_le: s(self.limbs_of(&self.r2)),
            n_prime: self.n_prime.to_string(),
            n_prime_hex: format!("0x{:x}", self.n_prime),
            root_of_unity_montgomery_limbs_le: s(self.limbs_of(&self.to_mont(&self.field.root))),
        }
    }
}
