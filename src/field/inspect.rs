//! `field inspect` as a library call: a field's Montgomery constants, 2-adicity and roots,
//! and the verdict on constants the user gives (what a wrong one is instead).

use super::check::{check, Finding, UserConstants};
use super::montgomery::MontSummary;
use super::parse::{parse_given, Given, LimbOrder};
use super::prime::FieldSummary;
use super::setup::{FieldSpec, Generator};
use super::{LimbBits, MontParams};
use crate::error::Result;
use serde::Serialize;

/// What an inspection asks: the field, the limb width and the constants to check (as text).
#[derive(Debug, Clone, Default)]
pub struct Request {
    /// The field (a custom modulus without generator gets the smallest one).
    pub field: FieldSpec,
    /// Limb width of the Montgomery representation (32 or 64).
    pub limbs: u32,
    /// Order of limb lists: "le", "be" or "auto".
    pub limb_order: String,
    /// Montgomery −p⁻¹ mod 2^w.
    pub n_prime: Option<String>,
    /// R mod p.
    pub r: Option<String>,
    /// R² mod p.
    pub r_squared: Option<String>,
    /// A 2^s-th root of unity.
    pub root: Option<String>,
    /// The 2-adicity s of p − 1.
    pub two_adicity: Option<u64>,
}

/// The field, its Montgomery constants and the checks of the given ones.
#[derive(Debug, Serialize)]
pub struct Report {
    /// The field.
    pub field: FieldSummary,
    /// Its Montgomery constants at the limb width.
    pub montgomery: MontSummary,
    /// 2^s.
    pub largest_ntt: String,
    /// How a limb-list modulus was read.
    pub modulus_note: Option<String>,
    /// One verdict per constant given.
    pub checks: Vec<Finding>,
}

/// Inspects the field of `req` and checks its constants.
pub fn inspect(req: &Request) -> Result<Report> {
    let limb = LimbBits::from_bits(req.limbs)?;
    let order = LimbOrder::parse(&req.limb_order)?;
    let (field, modulus_note) = req.field.resolve(limb, order, Generator::Smallest)?;
    let parse = |v: &Option<String>, what: &str| -> Result<Option<Given>> {
        v.as_deref().map(|s| parse_given(s, what, limb)).transpose()
    };
    let user = UserConstants {
        n_prime: parse(&req.n_prime, "--n-prime")?,
        r: parse(&req.r, "--r")?,
        r_squared: parse(&req.r_squared, "--r-squared")?,
        root: parse(&req.root, "--root")?,
        two_adicity: req.two_adicity,
    };
    let checks = check(&field, limb, order, &user);
    Ok(Report {
        field: field.summary(),
        montgomery: MontParams::new(&field, limb).summary(),
        largest_ntt: format!("2^{}", field.two_adicity),
        modulus_note,
        checks,
    })
}

impl Report {
    /// How many of the given constants are wrong.
    pub fn wrong(&self) -> usize {
        self.checks.iter().filter(|f| !f.ok).count()
    }

    /// The report as text, a line each.
    pub fn lines(&self) -> Vec<String> {
        let (f, m) = (&self.field, &self.montgomery);
        let mut out = vec![
            format!("field        {} ({} bits)", f.name, f.bits),
            format!("modulus p    {} = {}", f.modulus, f.modulus_hex),
        ];
        out.extend(
            self.modulus_note
                .iter()
                .map(|n| format!("             {n}")),
        );
        out.extend([
            format!(
                "p limbs      [{}] ({} × {}-bit, little-endian)",
                m.modulus_limbs_le.join(", "),
                m.limbs,
                m.limb_bits
            ),
            format!("generator g  {}", f.generator),
            format!(
                "2-adicity s  {} (p − 1 = 2^{} · odd; largest NTT size {})",
                f.two_adicity, f.two_adicity, self.largest_ntt
            ),
            format!(
                "root ω       {} = {} (g^((p−1)/2^{}))",
                f.root_of_unity, f.root_of_unity_hex, f.two_adicity
            ),
            format!(
                "R mod p      {} = [{}]",
                m.r_mod_p,
                m.r_mod_p_limbs_le.join(", ")
            ),
            format!(
                "R² mod p     {} = [{}]",
                m.r_squared_mod_p,
                m.r_squared_limbs_le.join(", ")
            ),
            format!(
                "n' = −p⁻¹    {} = {} (mod 2^{})",
                m.n_prime, m.n_prime_hex, m.limb_bits
            ),
            format!(
                "ω·R mod p    [{}] (root in Montgomery form)",
                m.root_of_unity_montgomery_limbs_le.join(", ")
            ),
        ]);
        for c in &self.checks {
            let how = c
                .read_as
                .as_ref()
                .map(|h| format!(" (read as {h})"))
                .unwrap_or_default();
            if c.ok {
                out.push(format!("check {:<12} ok{how}: {}", c.constant, c.given));
                continue;
            }
            out.push(format!("check {:<12} WRONG: {}{how}", c.constant, c.given));
            if let Some(i) = &c.instead {
                out.push(format!("      {:<12} it is {i}", ""));
            }
            out.push(format!("      {:<12} expected {}", "", c.expected));
        }
        out
    }
}
