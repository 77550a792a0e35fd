//! What to multiply and how: operand sizes, method, digit width, block size, the bound that
//! rules out overflow. Validated here; nothing touches a device.

use crate::error::{JitError, Result};
use serde::Serialize;
use std::fmt;

/// Limb width of the operands and the product (the library works on `&[u64]`).
pub const LIMB_BITS: u32 = 64;
/// Digit width of the `block` method: 32-bit digits, 32×32→64-bit products.
pub const BLOCK_DIGIT_BITS: u32 = 32;
/// Digit width of the `ntt` method: 16-bit digits in the Goldilocks field.
pub const NTT_DIGIT_BITS: u32 = 16;
/// Largest operand of the `block` method in 32-bit digits: its 96-bit accumulators and the
/// 128-bit limb sums stay exact below 2^30 digits (see [`MulPlan::bound`]).
pub const BLOCK_MAX_DIGITS: u64 = 1 << 30;
/// Largest NTT the `ntt` method uses (2^30 points of 16-bit digits: 2^28 product limbs).
pub const NTT_MAX_LOG_N: u32 = 30;
/// Crossover (product limbs) used by `auto` when no `tune mul` wisdom exists for the device:
/// `jitfft explore mul --max-log-limbs 12` on PoCL (2 cores), kernel medians block 0.067 ms
/// vs ntt 0.150 ms at 256 product limbs, 0.24 vs 0.19 ms at 512 (see docs/history/2026-11-23-mul-long-products.md).
pub const DEFAULT_CROSSOVER_LIMBS: u64 = 512;

/// How the product is computed (`--method`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
#[serde(rename_all = "lowercase")]
pub enum Method {
    /// The seed's k×(k+1) grid of n-digit block convolutions (schoolbook work, O(N²)).
    Block,
    /// Forward NTTs of 16-bit digits over Goldilocks, pointwise product, inverse NTT.
    Ntt,
    /// `block` below the crossover, `ntt` above.
    Auto,
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Method::Block => "block",
            Method::Ntt => "ntt",
            Method::Auto => "auto",
        })
    }
}

/// Where `auto`'s crossover came from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CrossoverSource {
    /// The built-in default measured on PoCL ([`DEFAULT_CROSSOVER_LIMBS`]).
    Default,
    /// `jitfft tune mul` wisdom for this device (the file path).
    Wisdom(String),
    /// Given by the caller.
    Given,
}

/// A validated multiplication request: `a_limbs` × `b_limbs` 64-bit limbs.
#[derive(Debug, Clone, Serialize)]
pub struct MulPlan {
    /// Limbs of the first operand (≥ 1).
    pub a_limbs: usize,
    /// Limbs of the second operand (≥ 1).
    pub b_limbs: usize,
    /// The method asked for (`auto` stays here; see [`MulPlan::method`]).
    pub asked: Method,
    /// The method that runs (`auto` resolved).
    pub method: Method,
    /// Block size n of the `block` method (2, 4, 8 or 16 digits).
    pub block_n: usize,
    /// `auto`'s crossover in product limbs: `block` below, `ntt` at or above.
    pub crossover_limbs: u64,
    /// Where the crossover came from.
    pub crossover_source: CrossoverSource,
}

impl MulPlan {
    /// Validates a product of `a_limbs` × `b_limbs` limbs with `method` and block size
    /// `block_n`, `auto` resolved with the default crossover.
    ///
    /// Errors: an empty operand, a block size other than 2, 4, 8, 16, or operands beyond the
    /// method's exact range ([`JitError::InvalidInput`]).
    pub fn new(a_limbs: usize, b_limbs: usize, method: Method, block_n: usize) -> Result<MulPlan> {
        MulPlan::with_crossover(
            a_limbs,
            b_limbs,
            method,
            block_n,
            DEFAULT_CROSSOVER_LIMBS,
            CrossoverSource::Default,
        )
    }

    /// As [`MulPlan::new`] with an explicit crossover for `auto`.
    pub fn with_crossover(
        a_limbs: usize,
        b_limbs: usize,
        method: Method,
        block_n: usize,
        crossover_limbs: u64,
        crossover_source: CrossoverSource,
    ) -> Result<MulPlan> {
        if a_limbs == 0 || b_limbs == 0 {
            return Err(JitError::invalid(
                "an operand has no limbs: each operand needs at least one 64-bit limb (zero is one limb 0)",
            ));
        }
        if ![2, 4, 8, 16].contains(&block_n) {
            return Err(JitError::invalid(format!(
                "--block-n {block_n}: the seed's block sizes are n = 2, 4, 8 or 16 digits"
            )));
        }
        let product = (a_limbs + b_limbs) as u64;
        let resolved = match method {
            Method::Auto if product < crossover_limbs => Method::Block,
            Method::Auto => Method::Ntt,
            m => m,
        };
        let plan = MulPlan {
            a_limbs,
            b_limbs,
            asked: method,
            method: resolved,
            block_n,
            crossover_limbs,
            crossover_source,
        };
        match resolved {
            Method::Block if plan.block_digits() as u64 > BLOCK_MAX_DIGITS => {
                Err(JitError::invalid(format!(
                    "the block method's accumulators are exact up to 2^30 digits per operand; {} limbs are {} digits (use --method ntt)",
                    a_limbs.max(b_limbs),
                    plan.block_digits()
                )))
            }
            Method::Ntt if plan.ntt_log_n() > NTT_MAX_LOG_N => Err(JitError::invalid(format!(
                "the ntt method handles products up to 2^{} limbs; {} × {} limbs need an NTT of 2^{} points",
                NTT_MAX_LOG_N - 2,
                a_limbs,
                b_limbs,
                plan.ntt_log_n()
            ))),
            _ => Ok(plan),
        }
    }

    /// Limbs of the product (a_limbs + b_limbs; the top limb may be zero).
    pub fn product_limbs(&self) -> usize {
        self.a_limbs + self.b_limbs
    }

    /// Digit width of the method that runs.
    pub fn digit_bits(&self) -> u32 {
        match self.method {
            Method::Ntt => NTT_DIGIT_BITS,
            _ => BLOCK_DIGIT_BITS,
        }
    }

    /// `block`: blocks per operand, k = ⌈digits / n⌉ (both operands padded to N = n·k).
    pub fn block_k(&self) -> usize {
        let digits = 2 * self.a_limbs.max(self.b_limbs);
        digits.div_ceil(self.block_n)
    }

    /// `block`: digits per (padded) operand, N = n·k.
    pub fn block_digits(&self) -> usize {
        self.block_k() * self.block_n
    }

    /// `ntt`: log2 of the transform size, the smallest power of two ≥ 4·(a + b) digits.
    pub fn ntt_log_n(&self) -> u32 {
        let digits = 4 * self.product_limbs() as u64;
        digits.next_power_of_two().trailing_zeros().max(1)
    }

    /// The bound that rules out overflow, in words.
    pub fn bound(&self) -> String {
        match self.method {
            Method::Ntt => {
                let m = 4 * self.a_limbs.min(self.b_limbs) as u64;
                format!(
                    "each convolution coefficient sums at most min(4a, 4b) = {m} products of 16-bit digits: < {m}·(2^16−1)^2 < 2^{} < p = 2^64 − 2^32 + 1, so the NTT product is the exact integer (exact up to 2^32 digits)",
                    bits_of(m) + 32
                )
            }
            _ => {
                let n = self.block_digits() as u64;
                format!(
                    "each output digit sums at most N = {n} products of 32-bit digits: < {n}·(2^32−1)^2 < 2^{} ≤ 2^96, the 96-bit accumulator (64-bit sum + 32-bit carry count); limb sums d0 + d1·2^32 < 2^128 (N ≤ 2^30)",
                    bits_of(n) + 64
                )
            }
        }
    }
}

/// Bits of `v` (0 for 0).
fn bits_of(v: u64) -> u32 {
    64 - v.leading_zeros()
}
