//! A `mul` run as the user asks for it ([`Request`]: operands from files or random, method,
//! check, repeats) and every decision about it made once, here: the operand sizes, the
//! crossover (wisdom, else the default), the plan and the device memory check, the signed
//! product (the device multiplies magnitudes; the sign is the operands'), the comparison with
//! GMP. Front ends fill a request, call [`validate`], [`read_operands`] (no device),
//! [`plan`] and [`Planned::run`], and print the [`Report`].

use super::execute::check_device;
use super::input::{magnitude_limbs, random_operands, read_integer};
use super::reference::{to_integer, to_limbs};
use super::report::Report;
use super::{Method, MulPlan, MulSchedule, MulTimes, Multiplier};
use crate::error::{JitError, Result};
use crate::io::random::fresh_seed;
use crate::runtime::timing::warm_then_timed;
use crate::runtime::{Gpu, Summary};
use rug::{Assign, Integer};
use std::path::PathBuf;
use std::time::Instant;

/// What a `mul` run asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The operands' files (one integer each, decimal or 0x-hex, sign allowed).
    pub files: Option<(PathBuf, PathBuf)>,
    /// Random operands of this many bits (`None`: 64).
    pub bits: Option<u64>,
    /// Bits of the second random operand (`None`: `bits`).
    pub bits_b: Option<u64>,
    /// Seed of the random operands (fresh when `None`).
    pub seed: Option<u64>,
    /// block, ntt or auto.
    pub method: Method,
    /// Block size n of the block method.
    pub block_n: usize,
    /// Compare with GMP.
    pub check: bool,
    /// Time GMP's mpz_mul beside the device (implied by `check`).
    pub gmp_time: bool,
    /// Timed products after one warm-up.
    pub repeat: usize,
}

/// Checks the request before any work.
pub fn validate(req: &Request) -> Result<()> {
    if req.repeat == 0 {
        return Err(JitError::invalid(
            "--repeat 0: at least one timed run is needed",
        ));
    }
    if req.files.is_none() && req.bits.is_none() {
        return Err(JitError::invalid(
            "no operands: give --a FILE --b FILE, or --bits B [--bits-b B2] [--seed SEED]",
        ));
    }
    for (flag, v) in [("--bits", req.bits), ("--bits-b", req.bits_b)] {
        if v == Some(0) {
            return Err(JitError::invalid(format!(
                "{flag} 0: a random operand needs at least 1 bit"
            )));
        }
    }
    Ok(())
}

/// The operands as far as they are known before a device is opened: read from their files,
/// else only their sizes (random operands are drawn once the plan fits the device, so a
/// size too large fails first).
#[derive(Debug, Clone)]
pub struct Operands {
    /// The files' integers and their name.
    pub read: Option<(Integer, Integer, String)>,
    /// Limbs of each magnitude.
    pub limbs: (usize, usize),
}

/// Reads the operand files, else sizes the random operands.
pub fn read_operands(req: &Request) -> Result<Operands> {
    if let Some((pa, pb)) = &req.files {
        let (x, y) = (read_integer(pa)?, read_integer(pb)?);
        let limbs = (magnitude_limbs(&x).len(), magnitude_limbs(&y).len());
        let what = format!("{} × {}", pa.display(), pb.display());
        return Ok(Operands {
            read: Some((x, y, what)),
            limbs,
        });
    }
    let (bits, bits_b) = random_bits(req);
    let limbs = (bits.div_ceil(64) as usize, bits_b.div_ceil(64) as usize);
    Ok(Operands { read: None, limbs })
}

fn random_bits(req: &Request) -> (u64, u64) {
    let bits = req.bits.unwrap_or(64);
    (bits, req.bits_b.unwrap_or(bits))
}

/// A product planned on a device, its operands drawn.
#[derive(Debug, Clone)]
pub struct Planned {
    /// The plan (method resolved, device memory checked).
    pub plan: MulPlan,
    /// The operands.
    pub x: Integer,
    /// The second operand.
    pub y: Integer,
    /// Their name in the report.
    pub what: String,
}

/// The plan for the operands on `gpu` (the crossover from wisdom, else the default), checked
/// against its memory; random operands are drawn now.
pub fn plan(gpu: &Gpu, req: &Request, ops: Operands) -> Result<Planned> {
    let (cross, source) = super::wisdom::crossover_for(gpu)?;
    let (la, lb) = ops.limbs;
    let plan = MulPlan::with_crossover(la, lb, req.method, req.block_n, cross, source)?;
    check_device(gpu, &plan)?;
    let (x, y, what) = match ops.read {
        Some(read) => read,
        None => {
            let (bits, bits_b) = random_bits(req);
            let seed = req.seed.unwrap_or_else(fresh_seed);
            let (a, b) = random_operands(bits, bits_b, seed);
            let what = format!("random {bits} × {bits_b} bits (seed {seed})");
            (to_integer(&a), to_integer(&b), what)
        }
    };
    Ok(Planned { plan, x, y, what })
}

/// The signed product x·y on the device: the magnitudes' product with the operands' sign.
/// One warm-up, then `repeat` timed products; the product and each run's times.
pub fn signed_product(
    gpu: &Gpu,
    m: &Multiplier,
    x: &Integer,
    y: &Integer,
    repeat: usize,
) -> Result<(Integer, Vec<MulTimes>)> {
    let (la, lb) = (magnitude_limbs(x), magnitude_limbs(y));
    let (prod, runs) = warm_then_timed(repeat, || m.multiply(gpu, &la, &lb))?;
    let mut product = to_integer(&prod);
    if (*x < 0) != (*y < 0) {
        product = -product;
    }
    Ok((product, runs))
}

/// GMP's product of `x` and `y`, timed over `repeat` runs after a warm-up.
pub fn gmp_product(x: &Integer, y: &Integer, repeat: usize) -> Result<(Summary, Integer)> {
    let mut r = Integer::new();
    let (_, t) = warm_then_timed(repeat, || {
        let t0 = Instant::now();
        r.assign(x * y);
        Ok(((), t0.elapsed().as_secs_f64() * 1e3))
    })?;
    Ok((Summary::of(&t), r))
}

impl Planned {
    /// Runs the product on `gpu`, with GMP beside it where asked: the report and the product.
    pub fn run(self, gpu: &Gpu, req: &Request) -> Result<(Report, Integer)> {
        let (plan, x, y) = (&self.plan, &self.x, &self.y);
        let m = Multiplier::new(gpu, plan)?;
        let (product, runs) = signed_product(gpu, &m, x, y, req.repeat)?;
        let ntt_variant = m.ntt_variant();
        m.release()?;
        let (xa, ya) = (x.clone().abs(), y.clone().abs());
        let gmp = match req.check || req.gmp_time {
            true => Some(gmp_product(&xa, &ya, req.repeat)?),
            false => None,
        };
        let (la, lb) = (magnitude_limbs(x).len(), magnitude_limbs(y).len());
        let product_limbs = la + lb;
        let check = gmp.as_ref().filter(|_| req.check).map(|(_, want)| {
            let got = to_limbs(&product.clone().abs(), product_limbs);
            to_limbs(want, product_limbs) == got
        });
        let pick = |f: &dyn Fn(&MulTimes) -> f64| Summary::over(&runs, f);
        let e2e = pick(&|t| t.e2e_ms);
        let block = plan.method == Method::Block;
        let report = Report {
            device: gpu.describe(),
            method: plan.method,
            method_asked: plan.asked,
            crossover_limbs: plan.crossover_limbs,
            crossover_source: plan.crossover_source.clone(),
            operands: self.what.clone(),
            a_limbs: la,
            b_limbs: lb,
            a_bits: xa.significant_bits() as u64,
            b_bits: ya.significant_bits() as u64,
            product_limbs,
            limb_bits: super::plan::LIMB_BITS,
            digit_bits: plan.digit_bits(),
            block_n: block.then_some(plan.block_n),
            block_k: block.then_some(plan.block_k()),
            ntt_log_n: (plan.method == Method::Ntt).then_some(plan.ntt_log_n()),
            ntt_variant,
            overflow_bound: plan.bound(),
            schedule: MulSchedule::new(plan, la, lb),
            repeat: req.repeat,
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
            output: None,
        };
        Ok((report, product))
    }
}
