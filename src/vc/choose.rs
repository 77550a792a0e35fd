//! The plan a device runs when the request leaves the algorithm open: the choice `jitfft tune`
//! stored for this device and size (the wisdom file), else on CPU devices the paper's CT
//! kernels with literal coefficients and a small radix, else the plan as given (fused). The
//! fused schedule's own defaults read the device limits: tiles from the work-group and local
//! memory limits (`fused::budget`), lane digits from a run-length cost model fitted on the H100
//! (`fused::InplaceShape::auto_lanes`: runs that end inside 32-byte sectors cost (r + 64 B)/r), and
//! from the same model the digits a pass transforms (`fused::auto_digits_cap`: large first tiles
//! with many values a work-item cost more).

use super::explore::Wisdom;
use super::plan::{Algorithm, Coeffs, VcOptions, VcPlan};
use crate::error::Result;
use crate::runtime::Gpu;
use crate::transform::Precision;

/// A plan chosen for a device, and the wisdom entry's label when it came from one.
#[derive(Debug, Clone)]
pub struct Chosen {
    /// The plan to run.
    pub plan: VcPlan,
    /// The tuned choice applied (its label), if the wisdom file had one.
    pub tuned: Option<String>,
}

/// The plan for `gpu` when the caller chose none of algorithm, radix, coefficients or fused
/// digits/lanes/values: `opts` are the caller's other options (precision, direction, norm,
/// layout), kept in the chosen plan.
pub fn default_plan(gpu: &Gpu, plan: VcPlan, opts: VcOptions) -> Result<Chosen> {
    let wisdom = Wisdom::load(&gpu.knobs)?;
    if let Some(entry) = wisdom.lookup(gpu, plan.p, plan.n, plan.precision) {
        return Ok(Chosen {
            plan: VcPlan::new(plan.p, plan.n, entry.choice.apply(opts))?,
            tuned: Some(entry.choice.label()),
        });
    }
    Ok(Chosen {
        plan: rule_plan(gpu, plan, opts)?,
        tuned: None,
    })
}

/// The options of a request that leaves the schedule to the device (no algorithm, radix,
/// coefficients or fused shape given), as `Request::options` gives them for an open request
/// (`cli::tune`'s tests compare the two): fused passes, the paper's coefficient placement,
/// the forward transform. `VcOptions::default()` is the paper's CT instead (issue 28: `tune`
/// timed that 12-pass plan at 3^12 as "the default", 4× slower than the fused plan `vc` runs).
pub fn open_options(precision: Precision) -> VcOptions {
    VcOptions {
        algorithm: Algorithm::Fused,
        precision,
        ..VcOptions::default()
    }
}

/// The plan `vc --p P --n N` runs on `gpu` without wisdom and without flags: [`rule_plan`] of
/// the [`open_options`] plan. What `tune` must beat before it stores anything.
pub fn open_rule_plan(gpu: &Gpu, p: u32, n: u32, precision: Precision) -> Result<VcPlan> {
    let opts = open_options(precision);
    rule_plan(gpu, VcPlan::new(p, n, opts)?, opts)
}

/// The plan a device runs with no wisdom: on CPU devices the paper's CT kernels with literal
/// coefficients and a small radix, CPU-shaped where the cache model predicts that rows evict
/// each other (issue 36), elsewhere `plan` as given.
pub fn rule_plan(gpu: &Gpu, plan: VcPlan, opts: VcOptions) -> Result<VcPlan> {
    if gpu.info.kind == "cpu" {
        // On CPU devices the fused passes' barrier loops cost more than they save
        // (bench-results/pocl-cpu/current/peers): the paper's CT kernels with literal
        // coefficients and a radix near 8–16 are the rule there.
        let opts = VcOptions {
            algorithm: Algorithm::Ct,
            radix: Some(cpu_default_radix(plan.p, plan.n)),
            coeffs: Coeffs::Literal,
            ..opts
        };
        // CPU-shaped kernels (one cache line of butterflies a work-item) in the passes the
        // cache model picks: 4 KB-multiple strides of radices above the L1 ways.
        let lanes = crate::vc::cpu_cache::line_lanes(opts.precision);
        return VcPlan::new(plan.p, plan.n, opts)?.with_ct_lanes(lanes, false);
    }
    Ok(plan)
}

/// An explicit plan on `gpu` (the caller chose the algorithm): on CPU devices a cg plan with
/// literal coefficients runs the CPU-shaped cg kernels (`vc::kernels::cg_cpu_simd`) in the
/// passes the rule picks. Other plans (the paper's coefficient tables, which the caller's
/// `stats` and tests name), and every plan on other devices, as given.
pub fn cpu_shaped(gpu: &Gpu, plan: VcPlan) -> Result<VcPlan> {
    let cg_literal = plan.algorithm == Algorithm::Cg && plan.coeffs == Coeffs::Literal;
    if gpu.info.kind != "cpu" || !cg_literal || plan.ct_lanes.is_some() || plan.truth.is_some() {
        return Ok(plan);
    }
    let lanes = crate::vc::cpu_cache::line_lanes(plan.precision);
    plan.with_ct_lanes(lanes, false)
}

/// The largest p^m ≤ 16 (≤ 8 for p = 2) and ≤ p^n: the CPU-device default radix.
pub fn cpu_default_radix(p: u32, n: u32) -> u64 {
    let (p, cap) = (p as u64, if p == 2 { 8 } else { 16 });
    let mut r = p;
    let mut m = 1;
    while m < n && r * p <= cap {
        r *= p;
        m += 1;
    }
    r
}
