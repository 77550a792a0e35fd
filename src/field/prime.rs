//! A prime field described by its modulus and a generator: validated here, with the 2-adicity
//! and the roots of unity derived exactly. Root convention everywhere: ω_N = g^((p−1)/N).

use crate::error::{JitError, Result};
use rug::integer::IsPrime;
use rug::Integer;
use serde::Serialize;

/// Largest modulus accepted (16 limbs of 64 bits).
pub const MAX_BITS: u32 = 1024;

/// A named field with its standard generator.
pub struct Preset {
    /// Name for `--field` (lowercase).
    pub name: &'static str,
    /// p in decimal.
    pub modulus: &'static str,
    /// The generator g of the multiplicative group.
    pub generator: u32,
    /// What the field is, for listings.
    pub about: &'static str,
}

/// The presets, with the generators arkworks/libff use.
pub const PRESETS: &[Preset] = &[
    Preset {
        name: "bn254-fr",
        modulus: "21888242871839275222246405745257275088548364400416034343698204186575808495617",
        generator: 5,
        about: "BN254 scalar field (2-adicity 28)",
    },
    Preset {
        name: "bn254-fq",
        modulus: "21888242871839275222246405745257275088696311157297823662689037894645226208583",
        generator: 3,
        about: "BN254 base field (2-adicity 1: no NTT beyond size 2)",
    },
    Preset {
        name: "bls12-381-fr",
        modulus: "0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001",
        generator: 7,
        about: "BLS12-381 scalar field (2-adicity 32)",
    },
    Preset {
        name: "goldilocks",
        modulus: "0xffffffff00000001",
        generator: 7,
        about: "Goldilocks 2^64 − 2^32 + 1 (2-adicity 32)",
    },
    Preset {
        name: "babybear",
        modulus: "0x78000001",
        generator: 31,
        about: "BabyBear 2^31 − 2^27 + 1 (2-adicity 27)",
    },
];

/// An odd prime field with a generator of its 2-power roots of unity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrimeField {
    /// Preset name, or "custom".
    pub name: String,
    /// The modulus p (an odd prime).
    pub p: Integer,
    /// A generator of (Z/pZ)*, checked (roots of unity are its powers).
    pub g: Integer,
    /// Largest s with 2^s | p − 1.
    pub two_adicity: u32,
    /// ω_{2^s} = g^((p−1)/2^s), a primitive 2^s-th root of unity.
    pub root: Integer,
}

/// The field's facts for reports.
#[derive(Debug, Clone, Serialize)]
pub struct FieldSummary {
    /// Preset name or "custom".
    pub name: String,
    /// p in decimal.
    pub modulus: String,
    /// p in hexadecimal.
    pub modulus_hex: String,
    /// Bits of p.
    pub bits: u32,
    /// g in decimal.
    pub generator: String,
    /// The 2-adicity s of p − 1.
    pub two_adicity: u32,
    /// ω_(2^s) = g^((p−1)/2^s) in decimal.
    pub root_of_unity: String,
    /// ω_(2^s) in hexadecimal.
    pub root_of_unity_hex: String,
}

/// Parses a non-negative integer in decimal or 0x-hex.
pub fn parse_integer(s: &str, what: &str) -> Result<Integer> {
    let t = s.trim().replace('_', "");
    let (digits, radix) = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => (h.to_string(), 16),
        None => (t.clone(), 10),
    };
    let ok = !digits.is_empty() && digits.chars().all(|c| c.is_digit(radix as u32));
    if !ok {
        return Err(JitError::invalid(format!(
            "{what}: {s:?} is not a non-negative integer (decimal digits, or hex after 0x)"
        )));
    }
    Integer::from_str_radix(&digits, radix)
        .map_err(|e| JitError::invalid(format!("{what}: {s:?}: {e}")))
}

/// The exponent of 2 in `x` (x > 0).
pub fn two_valuation(x: &Integer) -> u32 {
    x.find_one(0).unwrap_or(0)
}

impl PrimeField {
    /// A preset by name (see [`PRESETS`]; case-insensitive); an unknown name is an error listing
    /// them.
    pub fn preset(name: &str) -> Result<PrimeField> {
        let want = name.trim().to_lowercase();
        let pre = PRESETS.iter().find(|p| p.name == want).ok_or_else(|| {
            JitError::invalid(format!(
                "unknown field {name:?}: presets are {}",
                PRESETS
                    .iter()
                    .map(|p| p.name)
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })?;
        let p = parse_integer(pre.modulus, "preset modulus")?;
        PrimeField::new(pre.name, p, Integer::from(pre.generator))
    }

    /// Checks the modulus alone: odd prime of 2..=1024 bits. Returns p − 1's 2-adicity.
    pub fn check_modulus(p: &Integer) -> Result<u32> {
        if *p < 3 {
            return Err(JitError::invalid(format!(
                "modulus {p} is too small: an odd prime p ≥ 3 is required"
            )));
        }
        if p.significant_bits() > MAX_BITS {
            return Err(JitError::invalid(format!(
                "modulus has {} bits; at most {MAX_BITS} bits are supported",
                p.significant_bits()
            )));
        }
        if p.is_even() {
            return Err(JitError::invalid(format!(
                "modulus {p} is even: Montgomery arithmetic needs an odd prime"
            )));
        }
        if p.is_probably_prime(40) == IsPrime::No {
            return Err(JitError::invalid(format!(
                "modulus {p} is composite: an NTT needs a prime modulus"
            )));
        }
        Ok(two_valuation(&(p.clone() - 1u32)))
    }

    /// A field from its modulus and a generator of the 2^s subgroup's roots.
    pub fn new(name: &str, p: Integer, g: Integer) -> Result<PrimeField> {
        let s = PrimeField::check_modulus(&p)?;
        if g <= 1 || g >= p {
            return Err(JitError::invalid(format!(
                "generator {g} is out of range: it must satisfy 1 < g < p"
            )));
        }
        let odd = (p.clone() - 1u32) >> s;
        let root = g.clone().pow_mod(&odd, &p).expect("p > 0");
        let order = order_log2(&root, &p, s);
        if order != Some(s) {
            let what = match order {
                Some(k) => format!("has order 2^{k}"),
                None => "is not a 2-power root of unity".to_string(),
            };
            return Err(JitError::invalid(format!(
                "generator {g} does not generate the 2^{s} subgroup: g^((p−1)/2^{s}) {what}, \
                 but p − 1 = 2^{s} · odd needs order 2^{s} (try a quadratic non-residue, e.g. the field's multiplicative generator)"
            )));
        }
        Ok(PrimeField {
            name: name.to_string(),
            p,
            g,
            two_adicity: s,
            root,
        })
    }

    /// Bits of p.
    pub fn bits(&self) -> u32 {
        self.p.significant_bits()
    }

    /// Refuses N = 2^log_n beyond the 2-adicity, naming it and the largest size.
    pub fn check_log_n(&self, log_n: u32) -> Result<()> {
        let s = self.two_adicity;
        if log_n > s {
            return Err(JitError::invalid(format!(
                "N = 2^{log_n} is beyond the 2-adicity of {}: p − 1 = 2^{s} · odd, so the largest NTT size is 2^{s} = {}",
                self.name,
                Integer::from(Integer::u_pow_u(2, s))
            )));
        }
        Ok(())
    }

    /// ω_N = g^((p−1)/N) for N = 2^log_n.
    pub fn omega(&self, log_n: u32) -> Result<Integer> {
        self.check_log_n(log_n)?;
        let e = (self.p.clone() - 1u32) >> log_n;
        Ok(self.g.clone().pow_mod(&e, &self.p).expect("p > 0"))
    }

    /// x⁻¹ mod p; an error for x ≡ 0.
    pub fn inverse(&self, x: &Integer) -> Result<Integer> {
        x.clone()
            .invert(&self.p)
            .map_err(|_| JitError::invalid(format!("{x} has no inverse modulo p")))
    }

    /// The facts `field inspect` prints.
    pub fn summary(&self) -> FieldSummary {
        FieldSummary {
            name: self.name.clone(),
            modulus: self.p.to_string(),
            modulus_hex: format!("0x{:x}", self.p),
            bits: self.bits(),
            generator: self.g.to_string(),
            two_adicity: self.two_adicity,
            root_of_unity: self.root.to_string(),
            root_of_unity_hex: format!("0x{:x}", self.root),
        }
    }
}

/// k such that x has multiplicative order 2^k with k ≤ s, if x^(2^s) = 1.
pub fn order_log2(x: &Integer, p: &Integer, s: u32) -> Option<u32> {
    let mut y = x.clone() % p;
    for k in 0..=s {
        if y == 1 {
            return Some(k);
        }
        y.square_mut();
        y %= p;
    }
    None
}

/// k with ω^k = x, for ω of order 2^s and x in its subgroup (Pohlig–Hellman for a 2-group).
pub fn dlog_2group(x: &Integer, omega: &Integer, p: &Integer, s: u32) -> Option<u64> {
    if s > 63 {
        return None;
    }
    order_log2(x, p, s)?;
    let omega_inv = omega.clone().invert(p).ok()?;
    let mut k: u64 = 0;
    for i in 0..s {
        // y = x · ω^(−k); bit i of the remaining exponent shows in y^(2^(s−1−i)).
        let t = omega_inv.clone().pow_mod(&Integer::from(k), p).ok()?;
        let y = (x.clone() * t) % p;
        let z = y
            .pow_mod(&Integer::from(Integer::u_pow_u(2, s - 1 - i)), p)
            .ok()?;
        if z != 1 {
            k |= 1 << i;
        }
    }
    Some(k)
}
