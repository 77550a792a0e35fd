//! `jitfft stats vc …`: per-kernel statistics of the program `vc` would run: the generator's
//! exact counts and the device compiler's figures, each with its source. With `--target`,
//! the same program compiled offline for GPUs that are not here (AMD Evergreen / GCN / CDNA /
//! RDNA, Intel Xe, NVIDIA), one column per target; `stats --list-targets` lists them.

use super::bench::ExportArgs;
use super::common::{open_device, print_json, write_data};
use super::vc::{AlgoArg, TransformArgs};
use crate::stats::offline::{self, targets, vc::OfflineColumn, OfflineKernel};
use crate::stats::{collect, generator, ProgramStats};
use crate::vc::{VcPlan, VcTransform};
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use serde::Serialize;

/// `jitfft stats`: a transform, or `--list-targets`.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true)]
pub struct StatsArgs {
    /// List the offline compiler targets (`--target` names and families), installed or not,
    /// and the setup flag that installs each.
    #[arg(long)]
    pub list_targets: bool,
    /// The transform.
    #[command(subcommand)]
    pub what: Option<StatsCommand>,
}

/// The transforms `jitfft stats` knows.
#[derive(Subcommand, Debug)]
pub enum StatsCommand {
    /// Statistics of the kernels of a VC transform.
    Vc(StatsVcArgs),
}

/// Offline targets as `--target` resolved them (compiler names, in order).
#[derive(Clone, Debug)]
pub struct TargetList(pub Vec<String>);

/// The `--target` value parser (also `reproduce --target`).
pub fn parse_targets(s: &str) -> Result<TargetList, String> {
    targets::parse_list(s).map(TargetList)
}

/// `jitfft stats vc`: the transform and where to report.
#[derive(Args, Debug)]
pub struct StatsVcArgs {
    /// The transform (without --n: one pass of the radix, n = log_p r).
    #[command(flatten)]
    pub t: TransformArgs,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU). With
    /// --target, a live device's column is added only when this is given.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Offline targets (comma list of compiler names such as cypress, gfx90a, gfx1100, and
    /// families such as evergreen, cdna, rdna, all-offline; `jitfft stats --list-targets`).
    #[arg(long, value_name = "LIST", value_parser = parse_targets)]
    pub target: Option<TargetList>,
    /// With --target: CT and CG side by side (each target gets both columns).
    #[arg(long, requires = "target")]
    pub ct_vs_cg: bool,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// With --target: write the table as JSON, CSV or Markdown.
    #[command(flatten)]
    pub export: ExportArgs,
}

/// Runs `jitfft stats`.
pub fn run(c: StatsArgs) -> Result<()> {
    if c.list_targets {
        print!("{}", list_targets());
        return Ok(());
    }
    let Some(StatsCommand::Vc(a)) = c.what else {
        bail!("give a transform (`jitfft stats vc …`) or --list-targets");
    };
    if a.target.is_some() {
        return run_offline(a);
    }
    let e = &a.export;
    if e.export_json.is_some()
        || e.export_csv.is_some()
        || e.export_markdown.is_some()
        || !e.export.is_empty()
    {
        bail!(
            "--export*: the offline table (--target) is what exports; the device report has --json"
        );
    }
    crate::stats::disable_driver_jit_cache();
    let plan = plan_of(&a.t, None)?;
    let gpu = open_device(a.device.as_deref())?;
    let tr = VcTransform::new(&gpu, &plan)?;
    let st = collect(&gpu, &tr)?;
    if a.json {
        return print_json(&st);
    }
    print!("{}", render(&gpu.describe(), &st));
    Ok(())
}

/// The plan of the flags; without --n, one pass of the radix (the paper's Table 1 kernels).
fn plan_of(t: &TransformArgs, algo: Option<AlgoArg>) -> Result<VcPlan> {
    let mut t = t.clone();
    if algo.is_some() {
        t.algo = algo;
    }
    if t.n.is_none() {
        if let Some(r) = t.radix {
            let mut m = 0;
            let mut v = 1u64;
            while v < r {
                v = v.saturating_mul(t.p as u64);
                m += 1;
            }
            if v != r {
                bail!("--radix {r} is not a power of p = {}", t.p);
            }
            t.n = Some(m);
        }
    }
    t.plan(None)
}

/// `stats --list-targets`: every target with its backend and state, then the families.
pub fn list_targets() -> String {
    let rows = targets::listing();
    let w = rows.iter().map(|r| r.0.len()).max().unwrap_or(6);
    let mut out = String::from("offline targets (for --target)\n");
    for (name, backend, state) in rows {
        out.push_str(&format!("  {name:<w$}  {backend:<7} {state}\n"));
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
        out.push_str(&format!("  {alias:<11}  {what}: {members}\n"));
    }
    out
}

#[derive(Serialize)]
struct OfflineReport<'a> {
    transform: String,
    columns: &'a [OfflineColumn],
}

/// The offline path: each target (× CT and CG with --ct-vs-cg), plus the live device when
/// --device is given.
fn run_offline(a: StatsVcArgs) -> Result<()> {
    let outs = a.export.outputs(None)?;
    let names = a.target.clone().map(|t| t.0).unwrap_or_default();
    let algos: Vec<Option<AlgoArg>> = if a.ct_vs_cg {
        vec![Some(AlgoArg::Ct), Some(AlgoArg::Cg)]
    } else {
        vec![None]
    };
    let plans: Vec<VcPlan> = algos
        .iter()
        .map(|al| plan_of(&a.t, *al))
        .collect::<Result<_>>()?;
    let mut cols = Vec::new();
    for name in &names {
        let target = targets::find(name).expect("resolved by the parser");
        for plan in &plans {
            cols.push(offline::vc::column(plan, &target)?);
        }
    }
    if let Some(dev) = a.device.as_deref() {
        crate::stats::disable_driver_jit_cache();
        let gpu = open_device(Some(dev))?;
        for plan in &plans {
            let tr = VcTransform::new(&gpu, plan)?;
            let st = collect(&gpu, &tr)?;
            cols.push(OfflineColumn {
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
            });
        }
    }
    let p = &plans[0];
    let transform = format!(
        "VC {}, p = {}, n = {}, radix {}, coefficients {}, {}",
        p.direction,
        p.p,
        p.n,
        a.t.radix.map(|r| r.to_string()).unwrap_or("default".into()),
        p.coeffs,
        p.precision
    );
    let report = OfflineReport {
        transform: transform.clone(),
        columns: &cols,
    };
    if let Some(path) = &outs.json {
        write_data(path, serde_json::to_string_pretty(&report)?.as_bytes())?;
    }
    if let Some(path) = &outs.csv {
        write_data(path, offline::table::csv(&cols).as_bytes())?;
    }
    if let Some(path) = &outs.markdown {
        let md = format!("{transform}\n\n{}", offline::table::markdown(&cols));
        write_data(path, md.as_bytes())?;
    }
    if a.json {
        return print_json(&report);
    }
    let to_stdout = [&outs.json, &outs.csv, &outs.markdown]
        .iter()
        .any(|p| p.as_deref().is_some_and(|p| p.as_os_str() == "-"));
    if !to_stdout {
        print!(
            "transform  {transform}\n\n{}",
            offline::table::render(&cols)
        );
    }
    Ok(())
}

/// The human-readable report.
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
    for k in &st.kernels {
        out.push_str(&format!("\nkernel {}\n", k.kernel));
        out.push_str("  generator counts per work-item (source: generator, exact)\n");
        for (label, v) in generator::rows(&k.generator) {
            out.push_str(&format!("    {label:<22} {v:>8}\n"));
        }
        out.push_str("  compiler and driver figures\n");
        for m in &k.metrics {
            out.push_str(&format!(
                "    {:<22} {:>8}   {}\n",
                m.key,
                m.shown(),
                m.source
            ));
        }
    }
    let c = &st.codelet;
    out.push_str(&format!(
        "\n{}-point codelet (source: generator; real adds + real multiplies)\n",
        c.p
    ));
    let mut row = |label: &str, (a, m): (u64, u64)| {
        out.push_str(&format!("    {label:<22} {a:>6} + {m:<6} = {:>6}\n", a + m));
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
            out.push_str(&format!("  {n}\n"));
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
