//! `jitfft mul`: a long-integer product on a device (block, ntt or auto), timed by profiling
//! events, optionally checked against GMP (rug) and timed beside it.

use super::common::{
    check_output_dir, info, is_stdout, ms, open_device, print_json, report_to_stderr, say,
    write_data,
};
use crate::io::random::fresh_seed;
use crate::mul::execute::check_device;
use crate::mul::input::{magnitude_limbs, random_operands, read_integer, to_hex};
use crate::mul::reference::{to_integer, to_limbs};
use crate::mul::{CrossoverSource, Method, MulPlan, MulSchedule, MulTimes, Multiplier};
use crate::runtime::Summary;
use anyhow::{bail, Result};
use clap::Args;
use rug::{Assign, Integer};
use serde::Serialize;
use std::path::PathBuf;
use std::time::Instant;

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
    /// Timed runs after one warm-up run.
    #[arg(long, default_value_t = 5, value_name = "K")]
    pub repeat: usize,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
}

#[derive(Serialize)]
struct Report {
    device: String,
    method: Method,
    method_asked: Method,
    crossover_limbs: u64,
    crossover_source: CrossoverSource,
    operands: String,
    a_limbs: usize,
    b_limbs: usize,
    a_bits: u64,
    b_bits: u64,
    product_limbs: usize,
    limb_bits: u32,
    digit_bits: u32,
    block_n: Option<usize>,
    block_k: Option<usize>,
    ntt_log_n: Option<u32>,
    ntt_variant: Option<crate::ntt::Variant>,
    overflow_bound: String,
    schedule: MulSchedule,
    repeat: usize,
    kernel_ms: Summary,
    carry_ms: Summary,
    upload_ms: Summary,
    download_ms: Summary,
    device_total_ms: Summary,
    end_to_end_ms: Summary,
    host_copies_ms: Summary,
    steps_ms: Vec<(String, f64)>,
    gmp_ms: Option<Summary>,
    gmp_over_end_to_end: Option<f64>,
    check: Option<bool>,
    output: Option<String>,
}

fn validate(a: &MulArgs) -> Result<()> {
    if a.repeat == 0 {
        bail!("--repeat 0: at least one timed run is needed");
    }
    if a.a.is_none() && a.bits.is_none() {
        bail!("no operands: give --a FILE --b FILE, or --bits B [--bits-b B2] [--seed SEED]");
    }
    for (flag, v) in [("--bits", a.bits), ("--bits-b", a.bits_b)] {
        if v == Some(0) {
            bail!("{flag} 0: a random operand needs at least 1 bit");
        }
    }
    if let Some(o) = &a.output {
        if is_stdout(o) {
            report_to_stderr();
        } else {
            check_output_dir(o)?;
        }
    }
    Ok(())
}

/// Runs `jitfft mul`.
pub fn run(a: MulArgs) -> Result<()> {
    validate(&a)?;
    // File operands are read (and checked) before a device is opened; random ones are made
    // after the plan has passed the device memory check, so a size too large fails first.
    let files = match (&a.a, &a.b) {
        (Some(pa), Some(pb)) => Some((read_integer(pa)?, read_integer(pb)?, pa, pb)),
        _ => None,
    };
    let bits = a.bits.unwrap_or(64);
    let bits_b = a.bits_b.unwrap_or(bits);
    let sizes = match &files {
        Some((x, y, ..)) => (magnitude_limbs(x).len(), magnitude_limbs(y).len()),
        None => (bits.div_ceil(64) as usize, bits_b.div_ceil(64) as usize),
    };
    let gpu = open_device(a.device.as_deref())?;
    let (cross, source) = crate::mul::wisdom::crossover_for(&gpu)?;
    let plan = MulPlan::with_crossover(sizes.0, sizes.1, a.method, a.block_n, cross, source)?;
    check_device(&gpu, &plan)?;
    let (x, y, what) = match files {
        Some((x, y, pa, pb)) => (x, y, format!("{} × {}", pa.display(), pb.display())),
        None => random_pair(bits, bits_b, a.seed),
    };
    let (la, lb) = (magnitude_limbs(&x), magnitude_limbs(&y));
    let negative = (x < 0) != (y < 0);
    info(format_args!(
        "mul {} limbs × {} limbs, method {} on {}",
        la.len(),
        lb.len(),
        plan.method,
        gpu.describe()
    ));
    let (prod, runs, ntt_variant) = time_products(&gpu, &plan, &la, &lb, a.repeat)?;
    let pick = |f: &dyn Fn(&MulTimes) -> f64| Summary::over(&runs, f);
    let (xa, ya) = (x.clone().abs(), y.clone().abs());
    let gmp = (a.check || a.gmp_time).then(|| gmp_product(&xa, &ya, a.repeat));
    let check = if a.check {
        let want = to_limbs(&gmp.as_ref().expect("timed above").1, prod.len());
        Some(want == prod)
    } else {
        None
    };
    let mut product = to_integer(&prod);
    if negative {
        product = -product;
    }
    let e2e = pick(&|t| t.e2e_ms);
    let report = Report {
        device: gpu.describe(),
        method: plan.method,
        method_asked: plan.asked,
        crossover_limbs: plan.crossover_limbs,
        crossover_source: plan.crossover_source.clone(),
        operands: what,
        a_limbs: la.len(),
        b_limbs: lb.len(),
        a_bits: xa.significant_bits() as u64,
        b_bits: ya.significant_bits() as u64,
        product_limbs: prod.len(),
        limb_bits: crate::mul::plan::LIMB_BITS,
        digit_bits: plan.digit_bits(),
        block_n: (plan.method == Method::Block).then_some(plan.block_n),
        block_k: (plan.method == Method::Block).then_some(plan.block_k()),
        ntt_log_n: (plan.method == Method::Ntt).then_some(plan.ntt_log_n()),
        ntt_variant,
        overflow_bound: plan.bound(),
        schedule: MulSchedule::new(&plan, la.len(), lb.len()),
        repeat: a.repeat,
        kernel_ms: pick(&|t| t.kernel_ms),
        carry_ms: pick(&|t| t.carry_ms),
        upload_ms: pick(&|t| t.upload_ms),
        download_ms: pick(&|t| t.download_ms),
        device_total_ms: pick(&|t| t.device_ms()),
        end_to_end_ms: e2e,
        host_copies_ms: pick(&|t| t.host_copies_ms),
        steps_ms: runs.last().map(|t| t.step_ms.clone()).unwrap_or_default(),
        gmp_ms: gmp.as_ref().map(|g| g.0),
        gmp_over_end_to_end: gmp.as_ref().map(|g| g.0.median / e2e.median),
        check,
        output: a.output.as_ref().map(|p| p.display().to_string()),
    };
    if a.json {
        print_json(&report)?;
    } else {
        print_text(&report);
    }
    if check == Some(false) {
        bail!("the device product differs from GMP's (no output written)");
    }
    if let Some(o) = &a.output {
        let mut text = to_hex(&product);
        text.push('\n');
        write_data(o, text.as_bytes())?;
    }
    Ok(())
}

/// Random operands of `bits` and `bits_b` bits from `seed` (or a fresh one), and their name.
fn random_pair(bits: u64, bits_b: u64, seed: Option<u64>) -> (Integer, Integer, String) {
    let seed = seed.unwrap_or_else(fresh_seed);
    let (la, lb) = random_operands(bits, bits_b, seed);
    (
        to_integer(&la),
        to_integer(&lb),
        format!("random {bits} × {bits_b} bits (seed {seed})"),
    )
}

/// One warm-up product, then `repeat` timed ones: the last product's limbs, each run's
/// times, and the NTT variant where the method is ntt.
fn time_products(
    gpu: &crate::runtime::Gpu,
    plan: &MulPlan,
    la: &[u64],
    lb: &[u64],
    repeat: usize,
) -> Result<(Vec<u64>, Vec<MulTimes>, Option<crate::ntt::Variant>)> {
    let m = Multiplier::new(gpu, plan)?;
    let (prod, runs) = crate::runtime::timing::warm_then_timed(repeat, || m.multiply(gpu, la, lb))?;
    let ntt_variant = m.ntt_variant();
    m.release()?;
    Ok((prod, runs, ntt_variant))
}

/// GMP's product of the magnitudes, timed over `repeat` runs after a warm-up.
fn gmp_product(xa: &Integer, ya: &Integer, repeat: usize) -> (Summary, Integer) {
    let mut t = Vec::new();
    let mut r = Integer::new();
    for i in 0..=repeat {
        let t0 = Instant::now();
        r.assign(xa * ya);
        if i > 0 {
            t.push(t0.elapsed().as_secs_f64() * 1e3);
        }
    }
    (Summary::of(&t), r)
}

fn print_text(r: &Report) {
    say!("device     {}", r.device);
    say!(
        "product    {} ({} × {} limbs of {} bits → {} limbs)",
        r.operands,
        r.a_limbs,
        r.b_limbs,
        r.limb_bits,
        r.product_limbs
    );
    let how = match (r.block_n, r.ntt_log_n) {
        (Some(n), _) => format!("n = {n}, k = {}", r.block_k.unwrap_or(0)),
        (_, Some(l)) => format!(
            "N = 2^{l} over Goldilocks, NTT variant {}",
            r.ntt_variant.map(|v| v.to_string()).unwrap_or_default()
        ),
        _ => String::new(),
    };
    say!(
        "method     {} (asked {}; crossover {} limbs, {:?}), {}-bit digits, {how}",
        r.method,
        r.method_asked,
        r.crossover_limbs,
        r.crossover_source,
        r.digit_bits
    );
    say!("bound      {}", r.overflow_bound);
    say!(
        "kernels    {} (carries {}), median of {}",
        ms(r.kernel_ms.median),
        ms(r.carry_ms.median),
        r.repeat
    );
    say!(
        "transfers  upload {}, download {}",
        ms(r.upload_ms.median),
        ms(r.download_ms.median)
    );
    say!(
        "end to end {} (pinned host memory → product in pinned memory, host clock; device events sum {}; copies to/from the caller's slices {} more)",
        ms(r.end_to_end_ms.median),
        ms(r.device_total_ms.median),
        ms(r.host_copies_ms.median)
    );
    if let Some(g) = &r.gmp_ms {
        say!(
            "GMP        {} (rug mpz_mul, this host, one thread): {:.2}× the device end to end",
            ms(g.median),
            r.gmp_over_end_to_end.unwrap_or(f64::NAN)
        );
    }
    if let Some(c) = r.check {
        say!(
            "check      {}",
            if c {
                "equal to GMP's product (rug), bit for bit"
            } else {
                "DIFFERS from GMP's product (rug)"
            }
        );
    }
}
