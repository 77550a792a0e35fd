//! What to compute: field, limb width, size, variant, direction. Validated here.

use crate::error::{JitError, Result};
use crate::field::{LimbBits, MontParams, PrimeField};
use rug::Integer;
use serde::Serialize;
use std::fmt;

/// Largest transform: indices stay within 32 bits with room to spare.
pub const MAX_LOG_N: u32 = 30;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// One launch per radix-2 DIT stage after a bit-reversal permutation (the baseline).
    Radix2,
    /// Radix-2/8 split radix: one launch per block size, then an output permutation.
    Split28,
    /// Stockham passes of radix 2^r (r ≤ 10) in local memory: ≤ 3 passes up to 2^30.
    Fused,
}

impl Variant {
    pub fn parse(s: &str) -> Result<Variant> {
        match s {
            "radix2" => Ok(Variant::Radix2),
            "split28" => Ok(Variant::Split28),
            "fused" => Ok(Variant::Fused),
            _ => Err(JitError::invalid(format!(
                "--variant {s}: use radix2, split28 or fused"
            ))),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Variant::Radix2 => "radix2",
            Variant::Split28 => "split28",
            Variant::Fused => "fused",
        })
    }
}

/// A validated NTT request.
#[derive(Debug, Clone)]
pub struct NttPlan {
    pub mont: MontParams,
    pub log_n: u32,
    pub variant: Variant,
    pub inverse: bool,
    /// ω_N = g^((p−1)/N).
    pub omega: Integer,
    /// The root the kernels use: ω_N forward, ω_N⁻¹ inverse.
    pub root: Integer,
    /// N⁻¹ mod p (applied by the inverse).
    pub n_inv: Integer,
}

impl NttPlan {
    pub fn new(
        field: &PrimeField,
        limb: LimbBits,
        log_n: u32,
        variant: Variant,
        inverse: bool,
    ) -> Result<NttPlan> {
        if log_n == 0 {
            return Err(JitError::invalid(
                "--log-n 0: the smallest NTT has N = 2^1 points",
            ));
        }
        field.check_log_n(log_n)?;
        if log_n > MAX_LOG_N {
            return Err(JitError::invalid(format!(
                "N = 2^{log_n} is beyond the supported maximum 2^{MAX_LOG_N}"
            )));
        }
        let omega = field.omega(log_n)?;
        let root = if inverse {
            field.inverse(&omega)?
        } else {
            omega.clone()
        };
        let n_inv = field.inverse(&Integer::from(Integer::u_pow_u(2, log_n)))?;
        Ok(NttPlan {
            mont: MontParams::new(field, limb),
            log_n,
            variant,
            inverse,
            omega,
            root,
            n_inv,
        })
    }

    pub fn n(&self) -> usize {
        1usize << self.log_n
    }

    pub fn field(&self) -> &PrimeField {
        &self.mont.field
    }

    /// ω^e of the kernels' root in the device's Montgomery form.
    pub fn root_pow_mont(&self, e: u64) -> Integer {
        let p = &self.field().p;
        let x = self
            .root
            .clone()
            .pow_mod(&Integer::from(e), p)
            .expect("p > 0");
        self.mont.to_mont(&x)
    }

    /// Device bytes of one N-point array.
    pub fn array_bytes(&self) -> u64 {
        (self.n() * self.mont.element_bytes()) as u64
    }
}
