//! A field as the user names it (a preset, or a modulus and generator, as text) and the one
//! place it is set up: the limb-list reading of a modulus, and the generator search where a
//! custom modulus comes without one.

use super::parse::{parse_given, readings, Given, LimbOrder};
use super::prime::{parse_integer, PrimeField};
use super::LimbBits;
use crate::error::{JitError, Result};
use rug::Integer;

/// A field named by the user: `preset` or `modulus` (with `generator` optional for either).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct FieldSpec {
    /// A preset name (bn254-fr, goldilocks, ...).
    pub preset: Option<String>,
    /// An odd prime modulus: decimal, 0x-hex or a comma-separated limb list.
    pub modulus: Option<String>,
    /// A generator of the 2^s roots of unity.
    pub generator: Option<String>,
}

/// What to do where a custom modulus comes without a generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generator {
    /// Refuse: the caller's roots must be the user's (`ntt`).
    Required,
    /// Search for the smallest one (`field inspect`).
    Smallest,
}

impl FieldSpec {
    /// A preset by name.
    pub fn preset(name: &str) -> FieldSpec {
        FieldSpec {
            preset: Some(name.to_string()),
            ..FieldSpec::default()
        }
    }

    /// The field, and a note on how a limb-list modulus was read (`limb` wide, in `order`).
    pub fn resolve(
        &self,
        limb: LimbBits,
        order: LimbOrder,
        gen: Generator,
    ) -> Result<(PrimeField, Option<String>)> {
        let given = self
            .generator
            .as_deref()
            .map(|g| parse_integer(g, "--generator"))
            .transpose()?;
        match (&self.preset, &self.modulus) {
            (Some(name), None) => {
                let f = PrimeField::preset(name)?;
                match given {
                    Some(g) => Ok((PrimeField::new(&f.name, f.p, g)?, None)),
                    None => Ok((f, None)),
                }
            }
            (None, Some(m)) => {
                let (p, note) = modulus(m, limb, order)?;
                PrimeField::check_modulus(&p)?;
                let g = match (given, gen) {
                    (Some(g), _) => g,
                    (None, Generator::Required) => return Err(JitError::invalid(
                        "--modulus needs --generator G (a generator of the 2^s roots of unity; ω_N = g^((p−1)/N))",
                    )),
                    (None, Generator::Smallest) => smallest_generator(&p)?,
                };
                Ok((PrimeField::new("custom", p, g)?, note))
            }
            (None, None) => Err(JitError::invalid(
                "choose a field: --field NAME or --modulus M",
            )),
            (Some(_), Some(_)) => Err(JitError::invalid(
                "--field and --modulus both given: choose one",
            )),
        }
    }
}

/// Smallest g ≥ 2 whose g^((p−1)/2^s) has order exactly 2^s.
pub fn smallest_generator(p: &Integer) -> Result<Integer> {
    for g in 2u32..10_000 {
        if let Ok(f) = PrimeField::new("custom", p.clone(), Integer::from(g)) {
            return Ok(f.g);
        }
    }
    Err(JitError::invalid(format!(
        "no generator below 10000 found for {p}; give one with --generator"
    )))
}

/// A modulus from an integer or a limb list; in auto order the reading that is an odd prime.
fn modulus(s: &str, limb: LimbBits, order: LimbOrder) -> Result<(Integer, Option<String>)> {
    let g = parse_given(s, "--modulus", limb)?;
    if let Given::Int(v) = g {
        return Ok((v, None));
    }
    let reads = readings(&g, order, limb);
    let primes: Vec<_> = reads
        .iter()
        .filter(|r| PrimeField::check_modulus(&r.value).is_ok())
        .collect();
    match primes.as_slice() {
        [one] => Ok((
            one.value.clone(),
            Some(format!("modulus limbs read as {} ({limb})", one.how)),
        )),
        [] if reads.len() == 1 => Ok((reads[0].value.clone(), None)),
        [] => Err(JitError::invalid(
            "--modulus: the limbs give an odd prime in neither order",
        )),
        _ => Err(JitError::invalid(
            "--modulus: the limbs give a prime in both orders; choose --limb-order le or be",
        )),
    }
}
