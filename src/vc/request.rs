//! A `vc` request as the user gave it (plain data, `None` where a choice is left open) and
//! its plans: the default algorithm ("none given → fused, a radix given → ct"), the device's
//! default plan (wisdom, else the CPU rule), the host-memory check. [`super::route::resolve`]
//! decides its route.

use super::choose::{default_plan, Chosen};
use super::overlap::DownloadMode;
use super::plan::{Algorithm, Coeffs, FusedLayout, TruthEncoding, VcOptions, VcPlan};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::storage::HalfStorage;
use crate::transform::{Direction, Norm, Precision};
use std::path::PathBuf;

/// What a `vc` run asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Values of each variable (p ≥ 2).
    pub p: u32,
    /// Variables (N = p^n); `None`: from the input.
    pub n: Option<u32>,
    /// Transforms; `None`: from the input, else one.
    pub batch: Option<u64>,
    /// `None`: fused, or ct where a radix is given (and the device's default plan where no
    /// schedule option is given at all).
    pub algorithm: Option<Algorithm>,
    /// Butterfly radix r = p^m.
    pub radix: Option<u64>,
    /// Coefficients of the ct/cg kernels; `None`: const-first.
    pub coeffs: Option<Coeffs>,
    /// Arithmetic on the device.
    pub precision: Precision,
    /// Forward or inverse.
    pub direction: Direction,
    /// `None`: none forward, full inverse.
    pub norm: Option<Norm>,
    /// Fused: the most digits one pass transforms.
    pub fused_digits: Option<u32>,
    /// Fused: lane digits per tile.
    pub fused_lanes: Option<u32>,
    /// Fused: how passes place their results.
    pub fused_layout: FusedLayout,
    /// Fused: complex values a work-item prefers to hold.
    pub fused_values: Option<u32>,
    /// ct literal: CPU-shaped kernels of this many butterflies a work-item in every pass whose
    /// operand distance allows it ([`VcPlan::with_ct_lanes`]).
    pub ct_lanes: Option<u32>,
    /// The input file (`None`: random input).
    pub input: Option<PathBuf>,
    /// The output file (`-`: stdout).
    pub output: Option<PathBuf>,
    /// Integer input as ε^v (roots) rather than v.
    pub roots: bool,
    /// The result is checked on the host (needs the data there).
    pub check: bool,
    /// Integer input travels as compact truth vectors.
    pub truth: bool,
    /// Transfers overlapped with compute, downloads as asked (`None`: not overlapped).
    pub overlap: Option<DownloadMode>,
    /// Streamed through the device although it fits.
    pub stream: bool,
    /// Real input and numpy's half spectrum (`rfftn` forward, `irfftn` inverse: `vc::real`).
    pub real: bool,
    /// 16-bit storage, computed in f32 (`--precision f16|bf16`; `precision` is then f32).
    pub half: Option<HalfStorage>,
}

impl Request {
    /// A request for p-point axes that leaves every choice open: f32, forward, random input.
    pub fn new(p: u32) -> Request {
        Request {
            p,
            n: None,
            batch: None,
            algorithm: None,
            radix: None,
            coeffs: None,
            precision: Precision::F32,
            direction: Direction::Forward,
            norm: None,
            fused_digits: None,
            fused_lanes: None,
            fused_layout: FusedLayout::Auto,
            fused_values: None,
            ct_lanes: None,
            input: None,
            output: None,
            roots: false,
            check: false,
            truth: false,
            overlap: None,
            stream: false,
            real: false,
            half: None,
        }
    }

    /// True when no option chose the schedule (algorithm, radix, coefficients, fused digits,
    /// lanes or values): the device's default plan runs (wisdom, else the rule).
    pub fn schedule_open(&self) -> bool {
        self.algorithm.is_none()
            && self.radix.is_none()
            && self.coeffs.is_none()
            && self.fused_digits.is_none()
            && self.fused_lanes.is_none()
            && self.fused_values.is_none()
            && self.ct_lanes.is_none()
    }

    /// The library options asked for: a radix names the paper's per-butterfly kernels,
    /// otherwise fused by rule.
    pub fn options(&self) -> VcOptions {
        VcOptions {
            algorithm: self.algorithm.unwrap_or(if self.radix.is_some() {
                Algorithm::Ct
            } else {
                Algorithm::Fused
            }),
            radix: self.radix,
            coeffs: self.coeffs.unwrap_or(Coeffs::ConstFirst),
            precision: self.precision,
            direction: self.direction,
            norm: self.norm,
            fused_digits: self.fused_digits,
            fused_lanes: self.fused_lanes,
            fused_layout: self.fused_layout,
            fused_values: self.fused_values,
        }
    }

    /// The plan of these options for `n` (else `self.n`) variables and `batch` transforms
    /// (else `self.batch`, else one), before any device default.
    pub fn plan(&self, n: Option<u32>, batch: Option<u64>) -> Result<VcPlan> {
        let Some(n) = n.or(self.n) else {
            return Err(JitError::invalid(
                "--n is required when no --input is given (N = p^n)",
            ));
        };
        let plan = VcPlan::new(self.p, n, self.options())?
            .with_batch(batch.or(self.batch).unwrap_or(1))?;
        match self.ct_lanes {
            Some(lanes) => plan.with_ct_lanes(lanes, true),
            None => Ok(plan),
        }
    }
}

/// The plan `req` runs on `gpu` for `n` variables and `batch` transforms (each `None`: the
/// request's): truth vectors take the fused truth variant; where no option chose the schedule,
/// the device's default (wisdom, else the rule) with the request's batch; then checked against
/// the device's capacity.
pub fn plan(req: &Request, gpu: &Gpu, n: Option<u32>, batch: Option<u64>) -> Result<Chosen> {
    let mut plan = req.plan(n, batch)?;
    if req.truth {
        plan = plan.with_truth(if req.roots {
            TruthEncoding::Roots
        } else {
            TruthEncoding::Values
        })?;
    }
    let chosen = if !req.truth && req.schedule_open() {
        let batch = plan.batch;
        let c = default_plan(gpu, plan, req.options())?;
        Chosen {
            plan: c.plan.with_batch(batch)?,
            tuned: c.tuned,
        }
    } else {
        Chosen {
            plan: super::choose::cpu_shaped(gpu, plan)?,
            tuned: None,
        }
    };
    let chosen = Chosen {
        plan: chosen.plan.with_half(req.half)?,
        ..chosen
    };
    super::check_device(&gpu.info, &chosen.plan)?;
    Ok(chosen)
}

/// The plan of a sub-transform of `shape`'s size (a streamed chunk transform, an MPI rank's
/// share, slab or local transform): the device's default where no option chose the schedule,
/// else the request's options (a radix only where it fits), normalised as `shape`. The one
/// sub-plan rule of every route.
pub fn chunk_plan(req: &Request, gpu: &Gpu, shape: VcPlan) -> Result<VcPlan> {
    let opts = sub_options(req, shape.p, shape.n, shape.norm);
    if req.schedule_open() {
        Ok(default_plan(gpu, shape, opts)?.plan)
    } else {
        VcPlan::new(shape.p, shape.n, opts)
    }
}

/// [`chunk_plan`] of p^`digits` points normalised as `norm`.
pub fn sub_plan(req: &Request, gpu: &Gpu, p: u32, digits: u32, norm: Norm) -> Result<VcPlan> {
    let shape = VcPlan::new(p, digits, sub_options(req, p, digits, norm))?;
    chunk_plan(req, gpu, shape)
}

/// The request's options for a sub-transform of p^`digits` points: its radix only where it
/// fits.
fn sub_options(req: &Request, p: u32, digits: u32, norm: Norm) -> VcOptions {
    let cap = (p as u64).pow(digits);
    VcOptions {
        norm: Some(norm),
        radix: req.radix.filter(|&r| r <= cap),
        ..req.options()
    }
}

/// Host bytes a streamed run of `plan` holds (the array in its precision; with `check` the
/// f64 input, output and reference too) and what `/proc/meminfo` says is available, when the
/// first exceeds the second.
pub fn host_shortfall(plan: &VcPlan, check: bool) -> Option<(u64, u64)> {
    let n = plan.total_len();
    let need = n
        .saturating_mul(plan.precision.complex_bytes())
        .saturating_add(if check { n.saturating_mul(48) } else { 0 });
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kb: u64 = info
        .lines()
        .find(|l| l.starts_with("MemAvailable:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    let avail = kb.saturating_mul(1024);
    (need > avail).then_some((need, avail))
}
