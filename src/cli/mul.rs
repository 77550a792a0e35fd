//! `jitfft mul`: a long-integer product on a device (block, ntt or auto), timed by profiling
//! events, optionally checked against GMP (rug) and timed beside it (`mul::request` decides
//! and runs).

use super::common::{check_output_dir, info, output_to, print_report, say, write_data, DeviceFlag};
use crate::mul::input::to_hex;
use crate::mul::request::{plan, read_operands, validate};
use crate::mul::{Method, Request};
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// `jitfft mul`: operands from files or random, the method, and what to report.
#[derive(Args, Debug)]
pub struct MulArgs {
    /// First operand: a file with one integer, decimal or 0x-hex (sign allowed, whitespace ignored).
    #[arg(long, value_name = "FILE", requires = "b", conflicts_with_all = ["bits", "bits_b", "seed"])]
    pub a: Option<PathBuf>,
    /// Second operand (as --a).
    #[arg(long, value_name = "FILE", requires = "a")]
    pub b: Option<PathBuf>,
    /// Random operands of B bits each (top bit set).
    #[arg(long, value_name = "B")]
    pub bits: Option<u64>,
    /// Bits of the second random operand (default: --bits).
    #[arg(long, value_name = "B2", requires = "bits")]
    pub bits_b: Option<u64>,
    /// Seed of the random operands (fresh and printed when omitted).
    #[arg(long, alias = "random", value_name = "SEED", requires = "bits")]
    pub seed: Option<u64>,
    /// block (the seed's block convolutions), ntt (Goldilocks NTTs) or auto (block below the
    /// crossover, ntt above: from `jitfft tune mul` wisdom, else the built-in default).
    #[arg(long, value_enum, default_value_t = Method::Auto, value_name = "METHOD")]
    pub method: Method,
    /// Block size n of the block method: 2, 4, 8 or 16 digits.
    #[arg(long, default_value_t = 16, value_name = "N")]
    pub block_n: usize,
    /// Write the product (lowercase 0x-hex) to FILE; `-` writes it to stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Compare with GMP (rug); exits non-zero after the report on any difference.
    #[arg(long)]
    pub check: bool,
    /// Time GMP's mpz_mul (rug, this host, one thread) beside the device (implied by --check).
    #[arg(long)]
    pub gmp_time: bool,
    /// The timed runs, the report format and the device.
    #[command(flatten)]
    pub run: MulRunFlags,
}

/// The timed runs, the report format and the device: `mul`'s, and `explore mul`'s and
/// `tune mul`'s (their help says what they time).
#[derive(Args, Debug)]
pub struct MulRunFlags {
    /// Timed runs after one warm-up run.
    #[arg(long, default_value_t = 5, value_name = "K")]
    pub repeat: usize,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// The device.
    #[command(flatten)]
    pub device: DeviceFlag,
}

/// Runs `jitfft mul`.
pub fn run(a: MulArgs) -> Result<()> {
    let req = Request {
        files: a.a.clone().zip(a.b.clone()),
        bits: a.bits,
        bits_b: a.bits_b,
        seed: a.seed,
        method: a.method,
        block_n: a.block_n,
        check: a.check,
        gmp_time: a.gmp_time,
        repeat: a.run.repeat,
    };
    validate(&req)?;
    output_to(a.output.as_deref(), check_output_dir)?;
    let operands = read_operands(&req)?;
    let gpu = a.run.device.open()?;
    let planned = plan(&gpu, &req, operands)?;
    let limbs = |v: &rug::Integer| crate::mul::input::magnitude_limbs(v).len();
    info(format_args!(
        "mul {} limbs × {} limbs, method {} on {}",
        limbs(&planned.x),
        limbs(&planned.y),
        planned.plan.method,
        gpu.describe()
    ));
    let (mut report, product) = planned.run(&gpu, &req)?;
    report.output = a.output.as_ref().map(|p| p.display().to_string());
    if a.run.json {
        print_report(&crate::report::families::mul(&report, &gpu.info)?)?;
    } else {
        report.lines().iter().for_each(|l| say!("{l}"));
    }
    if report.check == Some(false) {
        bail!("the device product differs from GMP's (no output written)");
    }
    if let Some(o) = &a.output {
        let mut text = to_hex(&product);
        text.push('\n');
        write_data(o, text.as_bytes())?;
    }
    Ok(())
}
