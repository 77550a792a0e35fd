//! `stats vc`'s work outside the CLI: the plan a request names (without n, one pass of the
//! radix: the paper's Table 1 kernels), the offline table's columns (targets × algorithms,
//! plus the live device; [`offline_report`] assembles the table), and the reports as text
//! (`stats fft`'s too).

use super::collect::{KernelStats, RealStats};
use super::fft::FftStats;
use super::offline::{self, targets, vc::OfflineColumn, OfflineKernel};
use super::{collect, generator, ProgramStats};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::real::resolve::{inner_request, real_plan};
use crate::vc::real::RealPlan;
use crate::vc::request::Request;
use crate::vc::{Algorithm, VcPlan, VcTransform};
use serde::Serialize;
use std::fmt::Write;

/// The plan of `req`; without n, one pass of the radix (the paper's Table 1 kernels).
pub fn plan_of(req: &Request) -> Result<VcPlan> {
    let mut req = req.clone();
    if let (None, Some(r)) = (req.n, req.radix) {
        let (mut m, mut v) = (0, 1u64);
        while v < r {
            v = v.saturating_mul(req.p as u64);
            m += 1;
        }
        if v != r {
            return Err(JitError::invalid(format!(
                "--radix {r} is not a power of p = {}",
                req.p
            )));
        }
        req.n = Some(m);
    }
    req.plan(None, None)
}

/// The device report of `plan` on `gpu` (call [`super::disable_driver_jit_cache`] before
/// the device opens, so the compiler runs).
pub fn device_stats(gpu: &Gpu, plan: &VcPlan) -> Result<ProgramStats> {
    let tr = VcTransform::new(gpu, plan)?;
    collect(gpu, &tr)
}

/// The offline table: one column per target and plan, then per plan the live device's.
#[derive(Debug, Serialize)]
pub struct OfflineReport {
    /// The transform, in words.
    pub transform: String,
    /// The columns.
    pub columns: Vec<OfflineColumn>,
}

/// The offline columns of `plans` on the named targets (as `--target` resolved them); the
/// error keeps the offline compiler's chain.
pub fn offline_columns(plans: &[VcPlan], names: &[String]) -> anyhow::Result<Vec<OfflineColumn>> {
    let mut columns = Vec::new();
    for name in names {
        let Some(target) = targets::find(name) else {
            anyhow::bail!("--target {name}: not an offline target of this build");
        };
        for plan in plans {
            columns.push(offline::vc::column(plan, &target)?);
        }
    }
    Ok(columns)
}

/// The live device's column of each of `plans`.
pub fn live_columns(gpu: &Gpu, plans: &[VcPlan]) -> Result<Vec<OfflineColumn>> {
    plans
        .iter()
        .map(|plan| {
            let st = device_stats(gpu, plan)?;
            Ok(OfflineColumn {
                target: gpu.info.name.clone(),
                backend: "live".into(),
                algorithm: plan.algorithm.to_string(),
                compiler: gpu.describe(),
                kernels: st
                    .kernels
                    .into_iter()
                    .map(|k| OfflineKernel {
                        kernel: k.kernel,
                        metrics: k.metrics,
                    })
                    .collect(),
                notes: st.notes,
                unavailable: None,
            })
        })
        .collect()
}

impl OfflineReport {
    /// The report of `columns` of `plans` (the first names the transform).
    pub fn new(plans: &[VcPlan], radix: Option<u64>, columns: Vec<OfflineColumn>) -> OfflineReport {
        let p = &plans[0];
        let transform = format!(
            "VC {}, p = {}, n = {}, radix {}, coefficients {}, {}",
            p.direction,
            p.p,
            p.n,
            radix.map(|r| r.to_string()).unwrap_or("default".into()),
            p.coeffs,
            p.precision
        );
        OfflineReport { transform, columns }
    }
}

/// The offline table of `base` on the named targets (each × CT and CG with `ct_vs_cg`), plus
/// the live device's columns where `live` opens one (after the offline columns, so a
/// target's error comes first). Real input (issue 35): per target also the real passes'
/// column, and the complex columns are those of the real run's complex passes (none for
/// n = 1).
pub fn offline_report(
    base: &Request,
    real: Option<&RealPlan>,
    names: &[String],
    ct_vs_cg: bool,
    live: Option<&dyn Fn() -> anyhow::Result<Gpu>>,
) -> anyhow::Result<OfflineReport> {
    let algos = match ct_vs_cg {
        true => vec![Some(Algorithm::Ct), Some(Algorithm::Cg)],
        false => vec![None],
    };
    let plans = match real {
        Some(rp) if rp.n < 2 => Vec::new(),
        _ => algos
            .into_iter()
            .map(|al| {
                let r = Request {
                    algorithm: al.or(base.algorithm),
                    ..base.clone()
                };
                match real {
                    Some(rp) => plan_of(&inner_request(&r, rp)),
                    None => plan_of(&r),
                }
            })
            .collect::<Result<Vec<_>>>()?,
    };
    let mut cols = Vec::new();
    if let Some(rp) = real {
        for name in names {
            let Some(target) = targets::find(name) else {
                anyhow::bail!("--target {name}: not an offline target of this build");
            };
            cols.push(offline::vc::real_column(rp, &target)?);
        }
    }
    cols.extend(offline_columns(&plans, names)?);
    if let Some(open) = live {
        cols.extend(live_columns(&open()?, &plans)?);
    }
    Ok(match real {
        Some(rp) => OfflineReport {
            transform: real_transform(rp, plans.first()),
            columns: cols,
        },
        None => OfflineReport::new(&plans, base.radix, cols),
    })
}

/// The offline table's transform line of a real run: its real passes, then its complex
/// passes' plan.
pub fn real_transform(rp: &RealPlan, complex: Option<&VcPlan>) -> String {
    format!(
        "real VC {}, p = {}, n = {}, {}: the real passes (algorithm \"real\"){}",
        rp.direction,
        rp.p,
        rp.n,
        rp.precision,
        match complex {
            Some(c) => format!(
                ", then the complex passes over {}^{} points, batch {}, coefficients {}",
                c.p, c.n, c.batch, c.coeffs
            ),
            None => String::new(),
        }
    )
}

/// `stats --list-targets`: every target with its backend and state, then the families.
pub fn list_targets() -> String {
    let rows = targets::listing();
    let w = rows.iter().map(|r| r.0.len()).max().unwrap_or(6);
    let mut out = String::from("offline targets (for --target)\n");
    for (name, backend, state) in rows {
        let _ = writeln!(out, "  {name:<w$}  {backend:<7} {state}");
    }
    out.push_str("\nfamilies\n");
    for (alias, what, _) in targets::ALIASES {
        let members: Vec<&str> = targets::resolve(alias)
            .map(|v| v.iter().map(|t| t.name).collect())
            .unwrap_or_default();
        let members = if members.is_empty() {
            "(no target of this build)".to_string()
        } else {
            members.join(", ")
        };
        let _ = writeln!(out, "  {alias:<11}  {what}: {members}");
    }
    out
}

/// The device report as text.
pub fn render(device: &str, st: &ProgramStats) -> String {
    let p = &st.plan;
    let mut out = format!(
        "device     {device}\ntransform  VC {}, p = {}, n = {}, {} passes of radix {}, {}, coefficients {}, {}\n",
        p.direction,
        p.p,
        p.n,
        st.radices.split('·').count(),
        st.radices,
        p.algorithm,
        p.coeffs,
        p.precision
    );
    kernel_blocks(&mut out, &st.kernels);
    let c = &st.codelet;
    let _ = writeln!(
        out,
        "\n{}-point codelet (source: generator; real adds + real multiplies)",
        c.p
    );
    let mut row = |label: &str, (a, m): (u64, u64)| {
        let _ = writeln!(out, "    {label:<22} {a:>6} + {m:<6} = {:>6}", a + m);
    };
    row(&format!("emitted ({})", c.form), c.emitted);
    row("pair form", c.pair);
    if let Some((split, counts)) = &c.factored {
        row(&format!("factored {}", short_split(split)), *counts);
    }
    row("dense p² product", c.dense);
    if let Some(f) = c.fftw {
        row(&format!("FFTW n1_{} (no FMA)", c.p), f);
    }
    if !st.notes.is_empty() {
        out.push_str("\nnotes\n");
        for n in &st.notes {
            let _ = writeln!(out, "  {n}");
        }
    }
    out
}

/// Each kernel's generator counts and compiler figures, as `stats vc` and `stats fft` print them.
fn kernel_blocks(out: &mut String, kernels: &[KernelStats]) {
    for k in kernels {
        let _ = writeln!(out, "\nkernel {}", k.kernel);
        out.push_str("  generator counts per work-item (source: generator, exact)\n");
        for (label, v) in generator::rows(&k.generator) {
            let _ = writeln!(out, "    {label:<22} {v:>8}");
        }
        out.push_str("  compiler and driver figures\n");
        for m in &k.metrics {
            let _ = writeln!(out, "    {:<22} {:>8}   {}", m.key, m.shown(), m.source);
        }
    }
}

/// `stats fft`'s device report as text: each program's transform, launches and kernels.
pub fn render_fft(device: &str, st: &FftStats) -> String {
    let mut out = format!("device     {device}\n");
    for (i, p) in st.programs.iter().enumerate() {
        if st.programs.len() > 1 {
            let _ = writeln!(out, "\nprogram {} of {}", i + 1, st.programs.len());
        }
        let _ = writeln!(
            out,
            "transform  {}\nlaunches   {} ({} kernels)",
            super::fft::describe(&p.plan),
            p.launches,
            p.kernels.len()
        );
        kernel_blocks(&mut out, &p.kernels);
        if !p.notes.is_empty() {
            out.push_str("\nnotes\n");
            for n in &p.notes {
                let _ = writeln!(out, "  {n}");
            }
        }
    }
    out
}

/// `Cooley-Tukey 4 x 4` → `CT 4x4`, `Good-Thomas 3 x 5` → `GT 3x5` (fits the label column).
fn short_split(split: &str) -> String {
    split
        .replace("Cooley-Tukey", "CT")
        .replace("Good-Thomas", "GT")
        .replace(" x ", "x")
}

// `stats vc --real` (issue 35): the real plan a request names and the device report as text
// (the real passes' figures, then the complex passes' report).

/// The real request and plan of `req` (one transform; n required: without it `stats vc`
/// reports one pass of the radix, which the real path does not have).
pub fn real_plan_of(req: &Request) -> Result<(Request, RealPlan)> {
    let req = Request {
        real: true,
        ..req.clone()
    };
    if req.n.is_none() {
        return Err(JitError::invalid("stats vc --real needs --n (the real run of (p,)*n; without --n, `stats vc` reports one pass of the radix, which the real path does not have)"));
    }
    let rp = real_plan(&req, None, None)?;
    Ok((req, rp))
}

/// The report as text: the real passes' figures, then `stats vc`'s report of the complex
/// passes.
pub fn render_real(device: &str, st: &RealStats) -> String {
    let mut out = format!(
        "device     {device}\ntransform  real VC ({}), p = {}, n = {}, {}: real passes, then {}\n",
        st.kind,
        st.p,
        st.n,
        st.precision,
        if st.complex.is_some() {
            "the complex passes over the other n−1 digits (below)"
        } else {
            "no complex pass (n = 1)"
        }
    );
    if st.real_kernels.is_empty() {
        out.push_str("\nno real pass: the fused complex passes read and write the real path's layouts themselves\n");
    }
    for k in &st.real_kernels {
        let _ = writeln!(out, "\nkernel {} (real pass)", k.kernel);
        out.push_str(
            "  compiler and driver figures (the generator writes no counts for the real passes)\n",
        );
        for m in &k.metrics {
            let _ = writeln!(out, "    {:<22} {:>8}   {}", m.key, m.shown(), m.source);
        }
    }
    if !st.notes.is_empty() {
        out.push_str("\nnotes (real passes)\n");
        for n in &st.notes {
            let _ = writeln!(out, "  {n}");
        }
    }
    if let Some(c) = &st.complex {
        let _ = write!(
            out,
            "\ncomplex passes of the real run (batch {})\n",
            c.plan.batch
        );
        out.push_str(&render(device, c));
    }
    out
}
