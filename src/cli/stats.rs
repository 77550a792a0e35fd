//! `jitfft stats vc …` (and `stats fft …`): per-kernel statistics of the program `vc` (or
//! `fft`) would run: the generator's
//! exact counts and the device compiler's figures, each with its source. With `--target`,
//! the same program compiled offline for GPUs that are not here (AMD Evergreen / GCN / CDNA /
//! RDNA, Intel Xe, NVIDIA), one column per target; `stats --list-targets` lists them. With
//! `--real` (issue 35), the real run's kernels: the real passes' figures, then the complex
//! passes'.

use super::bench::ExportArgs;
use super::common::{open_device, print_json};
use super::vc::TransformArgs;
use crate::bench::outputs::Outputs;
use crate::stats::collect::real_device_stats;
use crate::stats::offline::{self, targets};
use crate::stats::report::{
    device_stats, list_targets, offline_report, plan_of, render, OfflineReport,
};
use crate::stats::report::{real_plan_of, render_real};
use crate::vc::real::resolve::inner_plan;
use anyhow::{bail, Result};
use clap::{Args, Subcommand};

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
    /// Statistics of the kernels of an any-shape FFT (`jitfft fft`'s programs).
    Fft(StatsFftArgs),
}

/// `jitfft stats fft`: the transform (as `fft` and `source fft` take it) and where to report.
#[derive(Args, Debug)]
pub struct StatsFftArgs {
    /// The transform (--shape required).
    #[command(flatten)]
    pub t: super::fft::FftSpecArgs,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU); not
    /// opened with --target.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Offline targets instead of a device (as `stats vc --target`): each program compiled
    /// for each, one column a program and target.
    #[arg(long, value_name = "LIST", value_parser = parse_targets)]
    pub target: Option<TargetList>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// With --target: write the table as JSON, CSV or Markdown.
    #[command(flatten)]
    pub export: ExportArgs,
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
    /// Real input (`vc --real`, numpy's rfftn; irfftn with --inverse): the real passes'
    /// figures, then the complex passes over p^(n−1) points (CT or CG by --algo); needs --n.
    #[arg(long)]
    pub real: bool,
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
    let a = match c.what {
        Some(StatsCommand::Vc(a)) => a,
        Some(StatsCommand::Fft(a)) => return run_fft(a),
        None => bail!("give a transform (`jitfft stats vc …`, `stats fft …`) or --list-targets"),
    };
    if a.target.is_some() {
        return run_offline(a);
    }
    refuse_exports(&a.export)?;
    if a.real {
        let (req, rp) = real_plan_of(&a.t.request())?;
        super::common::disable_driver_jit_cache();
        let gpu = open_device(a.device.as_deref())?;
        let inner = inner_plan(&req, &gpu, &rp)?;
        let st = real_device_stats(&gpu, &rp, inner.as_ref())?;
        if a.json {
            return print_json(&st);
        }
        print!("{}", render_real(&gpu.describe(), &st));
        return Ok(());
    }
    crate::cli::common::disable_driver_jit_cache();
    let plan = plan_of(&a.t.request())?;
    let gpu = open_device(a.device.as_deref())?;
    let st = device_stats(&gpu, &plan)?;
    if a.json {
        return print_json(&st);
    }
    print!("{}", render(&gpu.describe(), &st));
    Ok(())
}

/// The offline path: the table the library assembles (`stats::report::offline_report`),
/// printed and exported; the live device's column only when --device is given.
fn run_offline(a: StatsVcArgs) -> Result<()> {
    let real = match a.real {
        true => Some(real_plan_of(&a.t.request())?),
        false => None,
    };
    let outs = a.export.outputs(None)?;
    let names = a.target.clone().map(|t| t.0).unwrap_or_default();
    let base = real
        .as_ref()
        .map_or_else(|| a.t.request(), |(req, _)| req.clone());
    let open = |dev: &str| {
        crate::cli::common::disable_driver_jit_cache();
        open_device(Some(dev))
    };
    let live = a.device.as_deref().map(|d| move || open(d));
    let report = offline_report(
        &base,
        real.as_ref().map(|(_, rp)| rp),
        &names,
        a.ct_vs_cg,
        live.as_ref()
            .map(|f| f as &dyn Fn() -> Result<crate::runtime::Gpu>),
    )?;
    emit_offline(&a, &outs, &report)
}

/// The offline table printed and exported (`--export*`, `--json`).
fn emit_offline(a: &StatsVcArgs, outs: &Outputs, report: &OfflineReport) -> Result<()> {
    let (transform, cols) = (&report.transform, &report.columns);
    outs.write_offline(report)?;
    if a.json {
        return print_json(report);
    }
    if !outs.to_stdout() {
        print!("transform  {transform}\n\n{}", offline::table::render(cols));
    }
    Ok(())
}

/// The device report has `--json`; only the offline table (`--target`) exports.
fn refuse_exports(e: &ExportArgs) -> Result<()> {
    if e.export_json.is_some()
        || e.export_csv.is_some()
        || e.export_markdown.is_some()
        || !e.export.is_empty()
    {
        bail!(
            "--export*: the offline table (--target) is what exports; the device report has --json"
        );
    }
    Ok(())
}

/// Runs `jitfft stats fft`: the run's programs on the device, or for offline targets.
fn run_fft(a: StatsFftArgs) -> Result<()> {
    let plans = a.t.request(None).given_plans("stats fft")?;
    if let Some(t) = &a.target {
        let outs = a.export.outputs(None)?;
        let report = crate::stats::fft::offline_report(&plans, &t.0)?;
        outs.write_offline(&report)?;
        if a.json {
            return print_json(&report);
        }
        if !outs.to_stdout() {
            let table = offline::table::render(&report.columns);
            print!("transform  {}\n\n{table}", report.transform);
        }
        return Ok(());
    }
    refuse_exports(&a.export)?;
    crate::cli::common::disable_driver_jit_cache();
    let gpu = open_device(a.device.as_deref())?;
    let st = crate::stats::fft::device_stats(&gpu, &plans)?;
    if a.json {
        return print_json(&st);
    }
    print!("{}", crate::stats::report::render_fft(&gpu.describe(), &st));
    Ok(())
}
