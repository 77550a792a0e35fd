//! `jitfft stats vc --real` (issue 35): the real run's kernels, on the device (the real
//! passes' figures, then `stats vc`'s report of its complex passes) or offline (`--target`:
//! one column of the real passes' program a target, beside the complex passes' columns).

use super::common::{open_device, print_json};
use super::stats::{emit_offline, StatsVcArgs};
use crate::stats::offline::{targets, vc::real_column};
use crate::stats::real::{real_device_stats, render_real};
use crate::stats::report::{live_columns, offline_columns, plan_of, OfflineReport};
use crate::vc::real::resolve::{inner_plan, inner_request, real_plan};
use crate::vc::real::RealPlan;
use crate::vc::request::Request;
use crate::vc::Algorithm;
use anyhow::{bail, Result};

/// The real plan of the flags (one transform; --n required).
fn plan(a: &StatsVcArgs) -> Result<(Request, RealPlan)> {
    let req = Request {
        real: true,
        ..a.t.request()
    };
    if req.n.is_none() {
        bail!("stats vc --real needs --n (the real run of (p,)*n; without --n, `stats vc` reports one pass of the radix, which the real path does not have)");
    }
    let rp = real_plan(&req, None, None)?;
    Ok((req, rp))
}

/// The device report of the real run.
pub fn run_live_real(a: StatsVcArgs) -> Result<()> {
    let (req, rp) = plan(&a)?;
    crate::cli::common::disable_driver_jit_cache();
    let gpu = open_device(a.device.as_deref())?;
    let inner = inner_plan(&req, &gpu, &rp)?;
    let st = real_device_stats(&gpu, &rp, inner.as_ref())?;
    if a.json {
        return print_json(&st);
    }
    print!("{}", render_real(&gpu.describe(), &st));
    Ok(())
}

/// The offline table of the real run: per target the real passes' column and the complex
/// passes' (CT and CG with --ct-vs-cg), plus the live device's complex columns with --device.
pub fn run_offline_real(a: StatsVcArgs) -> Result<()> {
    let (req, rp) = plan(&a)?;
    let outs = a.export.outputs(None)?;
    let names = a.target.clone().map(|t| t.0).unwrap_or_default();
    let algos = match a.ct_vs_cg {
        true => vec![Some(Algorithm::Ct), Some(Algorithm::Cg)],
        false => vec![None],
    };
    let plans = match rp.n > 1 {
        true => algos
            .into_iter()
            .map(|al| {
                let r = Request {
                    algorithm: al.or(req.algorithm),
                    ..req.clone()
                };
                plan_of(&inner_request(&r, &rp))
            })
            .collect::<crate::Result<Vec<_>>>()?,
        false => Vec::new(),
    };
    let mut cols = Vec::new();
    for name in &names {
        let Some(target) = targets::find(name) else {
            bail!("--target {name}: not an offline target of this build");
        };
        cols.push(real_column(&rp, &target)?);
    }
    cols.extend(offline_columns(&plans, &names)?);
    if let Some(dev) = a.device.as_deref() {
        crate::cli::common::disable_driver_jit_cache();
        cols.extend(live_columns(&open_device(Some(dev))?, &plans)?);
    }
    let transform = format!(
        "real VC {}, p = {}, n = {}, {}: the real passes (algorithm \"real\"){}",
        rp.direction,
        rp.p,
        rp.n,
        rp.precision,
        match plans.first() {
            Some(c) => format!(
                ", then the complex passes over {}^{} points, batch {}, coefficients {}",
                c.p, c.n, c.batch, c.coeffs
            ),
            None => String::new(),
        }
    );
    let report = OfflineReport {
        transform,
        columns: cols,
    };
    emit_offline(&a, &outs, &report)
}
