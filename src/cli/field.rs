//! `jitfft field inspect`: a prime field's Montgomery constants, 2-adicity and roots, and a
//! check of user-supplied constants that says what a wrong one is instead.

use super::common::print_json;
use crate::field::check::{check, Finding, UserConstants};
use crate::field::parse::{parse_given, readings, Given, LimbOrder};
use crate::field::prime::{parse_integer, FieldSummary, PrimeField};
use crate::field::{LimbBits, MontParams};
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use rug::Integer;
use serde::Serialize;

/// The `jitfft field` subcommands.
#[derive(Subcommand, Debug)]
pub enum FieldCommand {
    /// Print a field's constants; check constants given by the user.
    Inspect(InspectArgs),
}

/// How a field is chosen (shared with `ntt`).
#[derive(Args, Debug, Clone)]
pub struct FieldArgs {
    /// A preset: bn254-fr, bn254-fq, bls12-381-fr, goldilocks, babybear.
    #[arg(long, conflicts_with = "modulus", value_name = "PRESET")]
    pub field: Option<String>,
    /// An odd prime modulus (decimal or 0x-hex, or a comma-separated limb list) up to 1024 bits.
    #[arg(long, value_name = "P")]
    pub modulus: Option<String>,
    /// Generator of the 2^s roots of unity (ω_N = g^((p−1)/N)); presets have their standard one.
    #[arg(long, value_name = "G")]
    pub generator: Option<String>,
}

/// `jitfft field inspect`: a field, a limb width and constants to check.
#[derive(Args, Debug)]
pub struct InspectArgs {
    /// The field (preset or modulus and generator).
    #[command(flatten)]
    pub f: FieldArgs,
    /// Limb width of the Montgomery representation.
    #[arg(long, default_value_t = 64, value_name = "BITS")]
    pub limbs: u32,
    /// Montgomery −p⁻¹ mod 2^w to check (integer or limb list).
    #[arg(long, allow_hyphen_values = true, value_name = "VALUE")]
    pub n_prime: Option<String>,
    /// R mod p to check.
    #[arg(long, value_name = "VALUE")]
    pub r: Option<String>,
    /// R² mod p to check.
    #[arg(long, value_name = "VALUE")]
    pub r_squared: Option<String>,
    /// A 2^s-th root of unity to check.
    #[arg(long, value_name = "VALUE")]
    pub root: Option<String>,
    /// The 2-adicity s of p − 1 to check.
    #[arg(long, value_name = "S")]
    pub two_adicity: Option<u64>,
    /// Order of limb lists: le (least significant first), be, or auto (try both).
    #[arg(long, default_value = "auto", value_name = "ORDER", value_parser = ["le", "be", "auto"])]
    pub limb_order: String,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Smallest g ≥ 2 whose g^((p−1)/2^s) has order exactly 2^s.
fn smallest_generator(p: &Integer) -> Result<Integer> {
    for g in 2u32..10_000 {
        if let Ok(f) = PrimeField::new("custom", p.clone(), Integer::from(g)) {
            return Ok(f.g);
        }
    }
    bail!("no generator below 10000 found for {p}; give one with --generator")
}

impl FieldArgs {
    /// The field, and a finding on how a limb-list modulus was read. `require_generator`:
    /// a custom modulus needs --generator (ntt) or gets the smallest one (inspect).
    pub fn field(
        &self,
        limb: LimbBits,
        order: LimbOrder,
        require_generator: bool,
    ) -> Result<(PrimeField, Option<String>)> {
        let gen = |what| -> Result<Option<Integer>> {
            self.generator
                .as_deref()
                .map(|g| parse_integer(g, what))
                .transpose()
                .map_err(Into::into)
        };
        match (&self.field, &self.modulus) {
            (Some(name), None) => {
                let f = PrimeField::preset(name)?;
                match gen("--generator")? {
                    Some(g) => Ok((PrimeField::new(&f.name, f.p, g)?, None)),
                    None => Ok((f, None)),
                }
            }
            (None, Some(m)) => {
                let (p, note) = modulus(m, limb, order)?;
                PrimeField::check_modulus(&p)?;
                let g = match gen("--generator")? {
                    Some(g) => g,
                    None if require_generator => bail!(
                        "--modulus needs --generator G (a generator of the 2^s roots of unity; ω_N = g^((p−1)/N))"
                    ),
                    None => smallest_generator(&p)?,
                };
                Ok((PrimeField::new("custom", p, g)?, note))
            }
            (None, None) => bail!("choose a field: --field NAME or --modulus M"),
            (Some(_), Some(_)) => bail!("--field and --modulus both given: choose one"),
        }
    }
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
        [] => bail!("--modulus: the limbs give an odd prime in neither order"),
        _ => {
            bail!("--modulus: the limbs give a prime in both orders; choose --limb-order le or be")
        }
    }
}

#[derive(Serialize)]
struct InspectReport {
    field: FieldSummary,
    montgomery: crate::field::montgomery::MontSummary,
    largest_ntt: String,
    modulus_note: Option<String>,
    checks: Vec<Finding>,
}

/// Runs `jitfft field`.
pub fn run(c: FieldCommand) -> Result<()> {
    match c {
        FieldCommand::Inspect(a) => inspect(a),
    }
}

fn inspect(a: InspectArgs) -> Result<()> {
    let limb = LimbBits::from_bits(a.limbs)?;
    let order = LimbOrder::parse(&a.limb_order)?;
    let (field, modulus_note) = a.f.field(limb, order, false)?;
    let parse = |v: &Option<String>, what: &str| -> Result<Option<Given>> {
        Ok(v.as_deref()
            .map(|s| parse_given(s, what, limb))
            .transpose()?)
    };
    let user = UserConstants {
        n_prime: parse(&a.n_prime, "--n-prime")?,
        r: parse(&a.r, "--r")?,
        r_squared: parse(&a.r_squared, "--r-squared")?,
        root: parse(&a.root, "--root")?,
        two_adicity: a.two_adicity,
    };
    let mp = MontParams::new(&field, limb);
    let checks = check(&field, limb, order, &user);
    let s = field.two_adicity;
    let report = InspectReport {
        field: field.summary(),
        montgomery: mp.summary(),
        largest_ntt: format!("2^{s}"),
        modulus_note,
        checks,
    };
    if a.json {
        print_json(&report)?;
    } else {
        print_human(&report);
    }
    let wrong = report.checks.iter().filter(|f| !f.ok).count();
    if wrong > 0 {
        bail!(
            "{wrong} of {} given constant(s) are wrong (see above)",
            report.checks.len()
        );
    }
    Ok(())
}

fn print_human(r: &InspectReport) {
    let f = &r.field;
    let m = &r.montgomery;
    println!("field        {} ({} bits)", f.name, f.bits);
    println!("modulus p    {} = {}", f.modulus, f.modulus_hex);
    if let Some(n) = &r.modulus_note {
        println!("             {n}");
    }
    println!(
        "p limbs      [{}] ({} × {}-bit, little-endian)",
        m.modulus_limbs_le.join(", "),
        m.limbs,
        m.limb_bits
    );
    println!("generator g  {}", f.generator);
    println!(
        "2-adicity s  {} (p − 1 = 2^{} · odd; largest NTT size {})",
        f.two_adicity, f.two_adicity, r.largest_ntt
    );
    println!(
        "root ω       {} = {} (g^((p−1)/2^{}))",
        f.root_of_unity, f.root_of_unity_hex, f.two_adicity
    );
    println!(
        "R mod p      {} = [{}]",
        m.r_mod_p,
        m.r_mod_p_limbs_le.join(", ")
    );
    println!(
        "R² mod p     {} = [{}]",
        m.r_squared_mod_p,
        m.r_squared_limbs_le.join(", ")
    );
    println!(
        "n' = −p⁻¹    {} = {} (mod 2^{})",
        m.n_prime, m.n_prime_hex, m.limb_bits
    );
    println!(
        "ω·R mod p    [{}] (root in Montgomery form)",
        m.root_of_unity_montgomery_limbs_le.join(", ")
    );
    for c in &r.checks {
        let how = c
            .read_as
            .as_ref()
            .map(|h| format!(" (read as {h})"))
            .unwrap_or_default();
        if c.ok {
            println!("check {:<12} ok{how}: {}", c.constant, c.given);
        } else {
            println!("check {:<12} WRONG: {}{how}", c.constant, c.given);
            if let Some(i) = &c.instead {
                println!("      {:<12} it is {i}", "");
            }
            println!("      {:<12} expected {}", "", c.expected);
        }
    }
}
