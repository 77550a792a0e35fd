//! An `ntt` run as the user asks for it ([`Spec`]: the transform; [`Request`]: with its input,
//! check and repeats), and every decision about it made once, here: the limb default (32-bit
//! where the carry chains are PTX, else 64), the size from the input, the exact check against
//! the CPU reference. Front ends (the CLI's `ntt` and `source ntt`, the Python module) fill a
//! request, call [`prepare`] (no device) and [`run`], and print the [`Report`].

use super::plan::{ArithChoice, NttOptions};
use super::report::{CheckReport, Report};
use super::{data, reference, NttPlan, NttTransform, Variant};
use crate::error::{JitError, Result};
use crate::field::cpu::limbs64;
use crate::field::parse::LimbOrder;
use crate::field::{FieldSpec, Generator, LimbBits, PrimeField};
use crate::io::random::fresh_seed;
use crate::runtime::Gpu;
use std::time::Instant;

/// The transform: field, size, variant and generator options.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The field (a custom modulus needs its generator).
    pub field: FieldSpec,
    /// N = 2^L points; `None`: from the input.
    pub log_n: Option<u32>,
    /// The variant.
    pub variant: Variant,
    /// Limb width (32 or 64); `None`: 32 with PTX carry chains, else 64.
    pub limbs: Option<u32>,
    /// ω⁻¹ and a factor N⁻¹.
    pub inverse: bool,
    /// Generator options (`max_radix_log` comes from `max_radix`).
    pub options: NttOptions,
    /// Largest radix of a fused pass: a power of two from 2 to 1024.
    pub max_radix: Option<u64>,
}

impl Spec {
    /// The default transform (fused, default options) over `field`.
    pub fn new(field: FieldSpec) -> Spec {
        Spec {
            field,
            log_n: None,
            variant: Variant::Fused,
            limbs: None,
            inverse: false,
            options: NttOptions::default(),
            max_radix: None,
        }
    }

    /// The generator options; errors on a radix out of range.
    pub fn options(&self) -> Result<NttOptions> {
        let max_radix_log = match self.max_radix {
            None => None,
            Some(r) if r.is_power_of_two() && (2..=1024).contains(&r) => Some(r.trailing_zeros()),
            Some(r) => {
                return Err(JitError::invalid(format!(
                    "--max-radix {r}: a power of two from 2 to 1024"
                )))
            }
        };
        Ok(NttOptions {
            max_radix_log,
            ..self.options
        })
    }

    /// The limb width: as given, else [`default_limb`].
    pub fn limb(&self, ptx: bool) -> Result<LimbBits> {
        match self.limbs {
            Some(bits) => LimbBits::from_bits(bits),
            None => Ok(default_limb(ptx)),
        }
    }

    /// The field at limb width `limb`.
    pub fn prime_field(&self, limb: LimbBits) -> Result<PrimeField> {
        Ok(self
            .field
            .resolve(limb, LimbOrder::Le, Generator::Required)?
            .0)
    }

    /// The plan as `source ntt` (no device) sees it: `--arith ptx` counts as PTX.
    pub fn plan(&self, log_n: Option<u32>) -> Result<NttPlan> {
        self.plan_for(log_n, self.options.arith == ArithChoice::Ptx)
    }

    /// The plan on a device whose carry chains are PTX (`ptx`) or not.
    pub fn plan_for(&self, log_n: Option<u32>, ptx: bool) -> Result<NttPlan> {
        let limb = self.limb(ptx)?;
        let opts = self.options()?;
        let field = self.prime_field(limb)?;
        let Some(log_n) = log_n.or(self.log_n) else {
            return Err(JitError::invalid(
                "--log-n L (or --size N) is required when no --input is given (N = 2^L)",
            ));
        };
        NttPlan::with_options(&field, limb, log_n, self.variant, self.inverse, opts)
    }

    /// The plan on `gpu`: the limb default follows the device's carry chains.
    pub fn plan_on(&self, gpu: &Gpu, log_n: Option<u32>) -> Result<NttPlan> {
        let ptx = self.options()?.arith.ptx_on(gpu.info.vendor_key());
        self.plan_for(log_n, ptx)
    }
}

/// The limb width where none is given: 32 bits with PTX carry chains (NVIDIA; measured 2.3×
/// faster there for BN254 Fr), else 64.
pub fn default_limb(ptx: bool) -> LimbBits {
    if ptx {
        LimbBits::B32
    } else {
        LimbBits::B64
    }
}

/// A run: the transform, its input (a file, else random from `seed`), the check, repeats.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The transform.
    pub spec: Spec,
    /// The input (one decimal integer in [0, p) a line; N = the number of lines), the check
    /// against the CPU reference (bit for bit), the timed runs.
    pub run: crate::model::RunInput,
    /// Rows of N elements, each transformed (`ntt --batch B`; 1: one transform).
    pub batch: usize,
}

/// A request checked and its input read, before any device is opened.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The plan with the device-independent defaults (64-bit limbs unless given).
    pub plan: NttPlan,
    /// The elements, `limbs64` words each.
    pub input: Vec<u64>,
    /// The seed of random input.
    pub seed: Option<u64>,
    /// The input as the report names it.
    pub what: String,
}

/// Validates `req` and reads its input: the elements of the file (N = 2^L of them, agreeing
/// with `log_n`), else random elements.
pub fn prepare(req: &Request) -> Result<Prepared> {
    let spec = &req.spec;
    let Some(path) = &req.run.input else {
        let plan = spec.plan(None)?;
        let seed = req.run.seed.unwrap_or_else(fresh_seed);
        let input = data::random_elements(plan.field(), plan.n() * req.batch.max(1), seed);
        let what = format!("random (seed {seed})");
        return Ok(Prepared {
            plan,
            input,
            seed: Some(seed),
            what,
        });
    };
    let limb = spec.limb(false)?;
    spec.options()?;
    let field = spec.prime_field(limb)?;
    let input = data::read_elements(&field, path)?;
    let (total, batch) = (input.len() / limbs64(&field), req.batch.max(1));
    if total % batch != 0 {
        let msg = format!("{total} values do not make --batch {batch} rows of equal length");
        return Err(JitError::file(path, msg));
    }
    let count = total / batch;
    if !count.is_power_of_two() || count < 2 {
        let msg = format!("{count} values: an NTT needs N = 2^L ≥ 2 values (one a line)");
        return Err(JitError::file(path, msg));
    }
    let l = count.trailing_zeros();
    if let Some(want) = spec.log_n.filter(|&w| w != l) {
        let msg = format!(
            "{count} values, but --log-n {want} asks for {}",
            1u64 << want
        );
        return Err(JitError::file(path, msg));
    }
    Ok(Prepared {
        plan: spec.plan(Some(l))?,
        input,
        seed: None,
        what: path.display().to_string(),
    })
}

/// Runs a prepared request on `gpu`: the plan for the device (the limb default follows its
/// carry chains), one warm-up and `req.run.repeat` timed runs, the check. Returns the report
/// (`output` unset) and the result.
pub fn run(gpu: &Gpu, req: &Request, prep: Prepared) -> Result<(Report, Vec<u64>)> {
    let plan = plan_on(gpu, req, prep.plan.log_n)?;
    let tr = NttTransform::new(gpu, &plan)?;
    let (out, runs) = if req.batch > 1 {
        let rows = || tr.execute_rows(gpu, &prep.input);
        crate::runtime::timing::warm_then_timed(req.run.repeat, rows)?
    } else {
        let r = crate::model::run_repeated(&tr, gpu, &prep.input, req.run.repeat)?;
        (r.output, r.runs)
    };
    let check = if req.run.check {
        Some(check_exact(&plan, &prep.input, &out)?)
    } else {
        None
    };
    let mut report = Report::of(gpu, &tr, &runs, prep.what, prep.seed, check);
    report.batch = (req.batch > 1).then_some(req.batch);
    tr.release()?;
    Ok((report, out))
}

/// The plan of N = 2^`log_n` on `gpu`: the limb default follows its carry chains (32-bit
/// limbs where they are PTX, unless `--limbs` says).
pub fn plan_on(gpu: &Gpu, req: &Request, log_n: u32) -> Result<NttPlan> {
    let ptx = req.spec.options()?.arith.ptx_on(gpu.info.vendor_key());
    req.spec
        .plan_for(Some(log_n), req.spec.limbs.is_none() && ptx)
}

/// The device's output against the CPU reference, element for element (each row of N
/// elements its own transform).
pub fn check_exact(plan: &NttPlan, input: &[u64], out: &[u64]) -> Result<CheckReport> {
    let t0 = Instant::now();
    let n64 = limbs64(plan.field());
    let mut want = Vec::with_capacity(input.len());
    for row in input.chunks(plan.n() * n64) {
        want.extend(reference::ntt(plan.field(), row, plan.log_n, plan.inverse)?);
    }
    let reference_ms = t0.elapsed().as_secs_f64() * 1e3;
    let bad: Vec<usize> = (0..input.len() / n64)
        .filter(|&i| out[i * n64..(i + 1) * n64] != want[i * n64..(i + 1) * n64])
        .collect();
    Ok(CheckReport {
        ok: bad.is_empty(),
        mismatches: bad.len(),
        first_mismatch: bad.first().copied(),
        reference: "CPU radix-2 NTT, 64-bit-limb Montgomery arithmetic (tested against rug)",
        reference_ms,
        tolerance: "exact: any mismatch fails",
    })
}
