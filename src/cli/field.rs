//! `jitfft field inspect`: a prime field's Montgomery constants, 2-adicity and roots, and a
//! check of user-supplied constants that says what a wrong one is instead
//! (`field::inspect` does the work).

use super::common::print_json;
use crate::field::inspect::{inspect, Request};
use crate::field::FieldSpec;
use anyhow::{bail, Result};
use clap::{Args, Subcommand};

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

impl FieldArgs {
    /// The field as the library takes it.
    pub fn spec(&self) -> FieldSpec {
        FieldSpec {
            preset: self.field.clone(),
            modulus: self.modulus.clone(),
            generator: self.generator.clone(),
        }
    }
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

/// Runs `jitfft field`.
pub fn run(c: FieldCommand) -> Result<()> {
    let FieldCommand::Inspect(a) = c;
    let report = inspect(&Request {
        field: a.f.spec(),
        limbs: a.limbs,
        limb_order: a.limb_order,
        n_prime: a.n_prime,
        r: a.r,
        r_squared: a.r_squared,
        root: a.root,
        two_adicity: a.two_adicity,
    })?;
    if a.json {
        print_json(&report)?;
    } else {
        report.lines().iter().for_each(|l| println!("{l}"));
    }
    let wrong = report.wrong();
    if wrong > 0 {
        bail!(
            "{wrong} of {} given constant(s) are wrong (see above)",
            report.checks.len()
        );
    }
    Ok(())
}
