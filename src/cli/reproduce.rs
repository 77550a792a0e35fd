//! `jitfft reproduce table1|table2|table3|all`: the paper's Tables 1–3 measured on the
//! selected devices, beside the published values (the tables are built in
//! `bench::reproduce`). Results go to `<out-dir>/<device-slug>/`; the default out-dir is a
//! new dated folder in the user's data folder, never the repository, and existing result
//! files are never replaced without `--force`. Quick runs write `*-quick.*` files, so they
//! never replace a full run's files, even with `--force`.

use super::bench::{progress, ExportArgs};
use super::common::{info, print_json, say};
use crate::bench::meta::RunMeta;
use crate::bench::reproduce::run::{check_out_dir, default_out_dir, run_devices, Progress};
use crate::bench::reproduce::Selection;
use crate::runtime::discover::select_devices;
use crate::runtime::DeviceSet;
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `jitfft reproduce --table`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum Which {
    /// Kernel statistics of the radix-r butterflies (paper Table 1).
    Table1,
    /// VC times for p = 3 (paper Table 2).
    Table2,
    /// VC times for p = 4 (paper Table 3).
    Table3,
    /// All three.
    All,
    /// Seed 003's block-convolution table (N, k, n, P, O(n·k)), recomputed and measured.
    MulTable,
}

/// `jitfft reproduce`: which tables, how quickly, where to write.
#[derive(Args, Debug)]
pub struct ReproduceArgs {
    /// Which table(s).
    #[arg(value_enum, value_name = "TABLE")]
    pub which: Which,
    /// Device: index, name substring, `gpu`, `cpu`, or `all`.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Small n (p = 3: n = 6..8, p = 4: n = 4..6) and few repeats, for CI; the files are named
    /// `*-quick.*` and never replace a full run's.
    #[arg(long)]
    pub quick: bool,
    /// Results go to `DIR/<device-slug>/` (default: a new folder
    /// `<data dir>/jitfft/results/<UTC date>-<table>[-quick]`, outside any checkout).
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Replace result files that exist (a quick run still writes only `*-quick.*` files).
    #[arg(long)]
    pub force: bool,
    /// Print a JSON report (folders, files, Table 1's comment) on stdout.
    #[arg(long)]
    pub json: bool,
    /// Where the results go (JSON, CSV, Markdown).
    #[command(flatten)]
    pub export: ExportArgs,
    /// Table 1 only: compile the kernels offline for these targets instead of measuring a
    /// device (compiler names or families: `evergreen` is the paper's own GPU, `all-offline`
    /// every installed one; `jitfft stats --list-targets`). Writes table1-offline.md/.json.
    #[arg(long, value_name = "LIST", value_parser = super::stats::parse_targets)]
    pub target: Option<super::stats::TargetList>,
}

/// Runs `jitfft reproduce`.
pub fn run(a: ReproduceArgs) -> Result<()> {
    if let Some(t) = &a.target {
        return run_offline(&a, &t.0);
    }
    crate::cli::common::disable_driver_jit_cache();
    let which: Selection = super::vc::lib(a.which);
    let tables = which.tables();
    let timing = tables.iter().any(|t| t.timing().is_some());
    let outs = a.export.outputs(None)?;
    let exporting = outs.any();
    if exporting && !timing {
        bail!("--export*: only Tables 2 and 3 have timing records to export");
    }
    let stdout_export = outs.to_stdout();
    if stdout_export && a.json {
        bail!("--json and an export to stdout (`-`) both given: send the export to a file");
    }
    let out_dir = match &a.out_dir {
        Some(d) => d.clone(),
        None => default_out_dir(&which.to_string(), a.quick)?,
    };
    check_out_dir(&out_dir)?;
    let gpus = DeviceSet::of_found(select_devices(a.device.as_deref())?)?.members;
    let mut pb = None;
    let mut progress = |p: Progress| match p {
        Progress::Begin(total) => pb = Some(progress(total)),
        Progress::At(done, next) => {
            if let Some(pb) = &pb {
                pb.set_position(done as u64);
                pb.set_message(next.to_string());
            }
        }
        Progress::End => {
            if let Some(pb) = pb.take() {
                pb.finish_and_clear()
            }
        }
    };
    let mul = a.which == Which::MulTable;
    let (report, records) = run_devices(
        tables,
        mul,
        &gpus,
        out_dir,
        a.quick,
        a.force,
        &mut progress,
        &mut |l| info(format_args!("{l}")),
    )?;
    if exporting {
        let meta = RunMeta::new(gpus.iter().map(|g| g.describe()).collect());
        outs.write(&meta, &records, true)?;
    }
    if a.json {
        return print_json(&report);
    }
    if stdout_export {
        // stdout carries the export: the summary goes to stderr.
        super::common::report_to_stderr();
    }
    say!("{}", report.text());
    Ok(())
}

/// `reproduce table1 --target LIST`: Table 1 from offline compilers, no device.
fn run_offline(a: &ReproduceArgs, names: &[String]) -> Result<()> {
    if a.which != Which::Table1 {
        bail!("--target: only table1 (kernel statistics) can be made offline; tables 2 and 3 are timings");
    }
    let outs = a.export.outputs(None)?;
    if outs.any() {
        bail!("--export*: only Tables 2 and 3 have timing records to export");
    }
    let out_dir = match &a.out_dir {
        Some(d) => d.clone(),
        None => default_out_dir("table1", false)?,
    };
    check_out_dir(&out_dir)?;
    let report = crate::bench::reproduce::run::run_offline(names, out_dir, a.force)?;
    if a.json {
        return print_json(&report);
    }
    say!("{}", report.text());
    Ok(())
}
