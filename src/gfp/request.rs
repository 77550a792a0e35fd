//! A `gfp` run as the user asks for it ([`Spec`]: field, size, direction; [`Request`]: with
//! its input, check and repeats) and every decision about it made once, here: the field from a
//! preset or r and k, the plan for the device's limits, the exact check against rug. Front
//! ends (the CLI's `gfp` and `source gfp`) fill a request, call [`prepare`] (no device) and
//! [`run`], and print the [`Report`].

use super::execute::device_limits;
use super::field::GfpField;
use super::plan::{GfpPlan, LOCAL_BUDGET_BYTES, MAX_GROUP};
use super::report::{CheckReport, Report};
use super::{reference, GfpTransform};
use crate::error::{JitError, Result};
use crate::io::random::fresh_seed;
use crate::runtime::Gpu;
use rug::Integer;
use std::path::Path;
use std::time::Instant;

/// The transform: the field (a preset, or r and k of p = r^k + 1), N = 2^L, direction.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Spec {
    /// Preset prime: p3, p4, p5.
    pub prime: Option<String>,
    /// Radix r of p = r^k + 1 (even, 4 ≤ r < 2^64), as text.
    pub r: Option<String>,
    /// k of p = r^k + 1 (a power of two).
    pub k: Option<u32>,
    /// N = 2^L points.
    pub log_n: Option<u32>,
    /// ω_N^−1, then times 1/N.
    pub inverse: bool,
}

impl Spec {
    /// log2 N.
    pub fn log_n(&self) -> Result<u32> {
        self.log_n
            .ok_or_else(|| JitError::invalid("--log-n L (or --size N) is required (N = 2^L)"))
    }

    /// The field `prime` or `r`/`k` name; an error if neither or both are given.
    pub fn field(&self) -> Result<GfpField> {
        match (&self.prime, &self.r, self.k) {
            (Some(p), None, None) => GfpField::preset(p),
            (None, Some(r), Some(k)) => {
                let r: u64 = r.trim().parse().map_err(|_| {
                    JitError::invalid(format!(
                        "--r {r}: r must be an even integer with 4 ≤ r < 2^64"
                    ))
                })?;
                GfpField::new(r, k)
            }
            (Some(_), _, _) => Err(JitError::invalid(
                "give either --prime or --r and --k, not both",
            )),
            _ => Err(JitError::invalid(
                "choose the field: --prime p3|p4|p5, or --r R --k K",
            )),
        }
    }

    /// The plan for a device's local memory and work-group limit.
    pub fn plan(&self, limits: (u64, usize)) -> Result<GfpPlan> {
        GfpPlan::new(
            self.field()?,
            self.log_n()?,
            self.inverse,
            limits.0,
            limits.1,
        )
    }

    /// The plan with the default limits (what `source gfp` prints).
    pub fn default_plan(&self) -> Result<GfpPlan> {
        self.plan((LOCAL_BUDGET_BYTES, MAX_GROUP))
    }
}

/// A run: the transform, its input (a file, else random from `seed`), the check, repeats.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Request {
    /// The transform.
    pub spec: Spec,
    /// The input (N lines, one decimal integer in [0, p) each), the exact check against the
    /// CPU FFT (rug), the timed runs.
    pub run: crate::model::RunInput,
    /// Also time the CPU FFT.
    pub cpu_reference_time: bool,
}

/// A request checked and its input read, before any device is opened.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// The field.
    pub field: GfpField,
    /// The input elements.
    pub input: Vec<Integer>,
    /// The seed of random input.
    pub seed: Option<u64>,
    /// The input as the report names it.
    pub what: String,
}

/// Validates field and size, then reads the input (or draws it).
pub fn prepare(req: &Request) -> Result<Prepared> {
    let pre = req.spec.default_plan()?;
    let f = pre.field;
    let (input, seed, what) = match &req.run.input {
        Some(p) => (read_elements(p, &f, pre.n)?, None, p.display().to_string()),
        None => {
            let s = req.run.seed.unwrap_or_else(fresh_seed);
            let x = f.random_elements(pre.n as usize, s);
            (x, Some(s), format!("random (seed {s})"))
        }
    };
    Ok(Prepared {
        field: f,
        input,
        seed,
        what,
    })
}

/// Runs a prepared request on `gpu` (the plan for its limits): one warm-up and `repeat`
/// timed runs, the CPU reference where asked. Returns the report (`output` unset) and the
/// result.
pub fn run(gpu: &Gpu, req: &Request, prep: Prepared) -> Result<(Report, Vec<Integer>)> {
    let f = &prep.field;
    let x = &prep.input;
    let plan = req.spec.plan(device_limits(gpu))?;
    let tr = GfpTransform::new(gpu, &plan)?;
    let staged = f.to_transposed(x);
    let crate::model::Repeated { output: out, runs } =
        crate::model::run_repeated(&tr, gpu, &staged, req.run.repeat)?;
    let y = f.from_transposed(&out, plan.n as usize)?;
    let (want, cpu_ms) = if req.run.check || req.cpu_reference_time {
        let t0 = Instant::now();
        let w = if plan.inverse {
            reference::inverse_fft(f, x, &plan.omega)?
        } else {
            reference::fft(f, x, &plan.omega)
        };
        (Some(w), Some(t0.elapsed().as_secs_f64() * 1e3))
    } else {
        (None, None)
    };
    let report = Report {
        input: prep.what,
        seed: prep.seed,
        check: want.filter(|_| req.run.check).map(|w| exact_check(&y, &w)),
        cpu_reference_ms: cpu_ms.filter(|_| req.cpu_reference_time),
        ..Report::of(gpu, &plan, &tr, &runs)
    };
    tr.release()?;
    Ok((report, y))
}

/// Reads N decimal elements, one a line, naming the first bad line.
pub fn read_elements(path: &Path, f: &GfpField, n: u64) -> Result<Vec<Integer>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() as u64 != n {
        let msg = format!(
            "{} lines, but N = {n} values are needed (one decimal integer in [0, p) a line)",
            lines.len()
        );
        return Err(JitError::file(path, msg));
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            f.parse_element(l)
                .map_err(|e| JitError::file(path, format!("line {}: {e}", i + 1)))
        })
        .collect()
}

/// One decimal element a line.
pub fn format_elements(y: &[Integer], bits: u32) -> String {
    let mut s = String::with_capacity(y.len() * (bits as usize / 3 + 2));
    for v in y {
        s.push_str(&v.to_string());
        s.push('\n');
    }
    s
}

/// Exact comparison with the CPU reference: any differing value fails.
fn exact_check(got: &[Integer], want: &[Integer]) -> CheckReport {
    let mismatches = got.iter().zip(want).filter(|(a, b)| a != b).count();
    CheckReport {
        reference: "exact radix-2 FFT with rug (CPU)".into(),
        mismatches,
        ok: mismatches == 0,
        tolerance: "exact: any mismatch fails",
    }
}
