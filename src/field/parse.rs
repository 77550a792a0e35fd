//! User-supplied constants: one integer (decimal or 0x-hex) or a comma-separated limb list.

use super::montgomery::{from_limbs, LimbBits};
use super::prime::parse_integer;
use crate::error::{JitError, Result};
use rug::Integer;

/// How a limb list is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LimbOrder {
    /// Little-endian: least significant limb first.
    Le,
    /// Big-endian: most significant limb first.
    Be,
    /// Try both; the checker says which one matched.
    Auto,
}

impl LimbOrder {
    /// Parses `--limb-order` (`le`, `be`, `auto`).
    pub fn parse(s: &str) -> Result<LimbOrder> {
        match s {
            "le" => Ok(LimbOrder::Le),
            "be" => Ok(LimbOrder::Be),
            "auto" => Ok(LimbOrder::Auto),
            _ => Err(JitError::invalid(format!(
                "--limb-order {s}: use le, be or auto"
            ))),
        }
    }
}

/// A constant as the user wrote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Given {
    /// A plain integer (decimal or 0x hexadecimal).
    Int(Integer),
    /// Limbs in the order written.
    Limbs(Vec<u64>),
}

/// One way of reading a given constant as an integer.
#[derive(Debug, Clone)]
pub struct Reading {
    /// "" for a plain integer, else "little-endian limbs" / "big-endian limbs".
    pub how: &'static str,
    /// The integer that reading gives.
    pub value: Integer,
}

/// Parses `s`: an integer, or a list `a,b,c` (brackets and spaces allowed) of w-bit limbs.
pub fn parse_given(s: &str, what: &str, w: LimbBits) -> Result<Given> {
    let t = s.trim().trim_start_matches('[').trim_end_matches(']');
    let parts: Vec<&str> = t
        .split([',', ' ', '\n', '\t'])
        .filter(|x| !x.trim().is_empty())
        .collect();
    if parts.is_empty() {
        return Err(JitError::invalid(format!("{what}: empty value")));
    }
    if parts.len() == 1 {
        return Ok(Given::Int(parse_integer(parts[0], what)?));
    }
    let mut limbs = Vec::with_capacity(parts.len());
    for (i, p) in parts.iter().enumerate() {
        let v = parse_integer(p, &format!("{what} limb {i}"))?;
        if v.significant_bits() > w.bits() {
            return Err(JitError::invalid(format!(
                "{what}: limb {i} ({v}) does not fit in {} bits (--limbs {}); give limbs of the chosen width",
                w.bits(),
                w.bits()
            )));
        }
        limbs.push(v.to_u64().unwrap_or(0));
    }
    Ok(Given::Limbs(limbs))
}

/// The integers a given constant may mean under `order`.
pub fn readings(g: &Given, order: LimbOrder, w: LimbBits) -> Vec<Reading> {
    match g {
        Given::Int(v) => vec![Reading {
            how: "",
            value: v.clone(),
        }],
        Given::Limbs(l) => {
            let le = || Reading {
                how: "little-endian limbs",
                value: from_limbs(l, w),
            };
            let be = || {
                let mut r = l.clone();
                r.reverse();
                Reading {
                    how: "big-endian limbs",
                    value: from_limbs(&r, w),
                }
            };
            match order {
                LimbOrder::Le => vec![le()],
                LimbOrder::Be => vec![be()],
                LimbOrder::Auto => vec![le(), be()],
            }
        }
    }
}
