//! `jitfft reproduce table1|table2|table3|all`: the paper's Tables 1–3 measured on the
//! selected devices, beside the published values (the tables are built in
//! `bench::reproduce`). Results go to `<out-dir>/<device-slug>/`; the default out-dir is a
//! new dated folder in the user's data folder, never the repository, and existing result
//! files are never replaced without `--force`. Quick runs write `*-quick.*` files, so they
//! never replace a full run's files, even with `--force`.

use super::bench::{progress, ExportArgs};
use super::common::{info, print_json, say};
use crate::bench::meta::RunMeta;
use crate::bench::reproduce::{refuse_existing, table1, timing_points, timing_table, Table};
use crate::bench::BenchRecord;
use crate::runtime::discover::select_devices;
use crate::runtime::Gpu;
use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use serde::Serialize;
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

impl Which {
    fn tables(self) -> Vec<Table> {
        match self {
            Which::Table1 => vec![Table::Table1],
            Which::Table2 => vec![Table::Table2],
            Which::Table3 => vec![Table::Table3],
            Which::All => Table::ALL.to_vec(),
            Which::MulTable => Vec::new(),
        }
    }

    fn slug(self) -> &'static str {
        match self {
            Which::Table1 => "table1",
            Which::Table2 => "table2",
            Which::Table3 => "table3",
            Which::All => "all",
            Which::MulTable => "mul-table",
        }
    }
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

#[derive(Serialize)]
struct DeviceReport {
    device: String,
    slug: String,
    dir: PathBuf,
    files: Vec<PathBuf>,
    /// Table 1: how CG compares with CT here and in the paper.
    table1_comment: Vec<String>,
}

#[derive(Serialize)]
struct Report {
    tables: Vec<Table>,
    quick: bool,
    out_dir: PathBuf,
    devices: Vec<DeviceReport>,
}

/// The default out-dir: a new dated folder in the user's data folder.
fn default_out_dir(which: Which, quick: bool) -> Result<PathBuf> {
    let base = match dirs::data_dir() {
        Some(d) => d,
        None => bail!("no user data folder known here: give --out-dir DIR"),
    };
    let stamp: String = crate::bench::meta::utc_now()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let quick = if quick { "-quick" } else { "" };
    Ok(base
        .join("jitfft")
        .join("results")
        .join(format!("{stamp}-{}{quick}", which.slug())))
}

/// Runs `jitfft reproduce`.
pub fn run(a: ReproduceArgs) -> Result<()> {
    if let Some(t) = &a.target {
        return run_offline(&a, &t.0);
    }
    crate::stats::disable_driver_jit_cache();
    let tables = a.which.tables();
    let timing = tables.iter().any(|t| t.timing().is_some());
    let outs = a.export.outputs(None)?;
    let exporting = outs.json.is_some() || outs.csv.is_some() || outs.markdown.is_some();
    if exporting && !timing {
        bail!("--export*: only Tables 2 and 3 have timing records to export");
    }
    let stdout_export = [&outs.json, &outs.csv, &outs.markdown]
        .iter()
        .any(|p| p.as_ref().is_some_and(|p| p.as_os_str() == "-"));
    if stdout_export && a.json {
        bail!("--json and an export to stdout (`-`) both given: send the export to a file");
    }
    let out_dir = match &a.out_dir {
        Some(d) => d.clone(),
        None => default_out_dir(a.which, a.quick)?,
    };
    if out_dir.exists() && !out_dir.is_dir() {
        bail!(
            "--out-dir {}: exists and is not a directory",
            out_dir.display()
        );
    }
    let found = select_devices(a.device.as_deref())?;
    let gpus: Vec<Gpu> = found
        .into_iter()
        .map(Gpu::from_found)
        .collect::<Result<_, _>>()?;
    let dirs: Vec<PathBuf> = gpus.iter().map(|g| out_dir.join(g.info.slug())).collect();
    let mut files: Vec<String> = tables.iter().flat_map(|t| t.files(a.quick)).collect();
    if a.which == Which::MulTable {
        files = ["mul-table.md", "mul-table.json"]
            .iter()
            .map(|f| crate::bench::reproduce::file_name(f, a.quick))
            .collect();
    }
    // Refuse before measuring anything.
    for d in &dirs {
        refuse_existing(d, &files, a.force)?;
    }
    for d in &dirs {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    let mut reports: Vec<DeviceReport> = gpus
        .iter()
        .zip(&dirs)
        .map(|(g, d)| DeviceReport {
            device: g.describe(),
            slug: g.info.slug(),
            dir: d.clone(),
            files: files.iter().map(|f| d.join(f)).collect(),
            table1_comment: Vec::new(),
        })
        .collect();
    if a.which == Which::MulTable {
        for (g, d) in gpus.iter().zip(&dirs) {
            crate::bench::reproduce::mul_table::mul_table(g, d, a.quick)?;
            info(format_args!(
                "mul table on {}: {}",
                g.info.name,
                d.display()
            ));
        }
    }
    if tables.contains(&Table::Table1) {
        for ((g, d), r) in gpus.iter().zip(&dirs).zip(&mut reports) {
            r.table1_comment = table1(g, &RunMeta::new(vec![g.describe()]), d, a.quick)?;
            info(format_args!("table 1 on {}: {}", g.info.name, d.display()));
        }
    }
    let records = timing_tables(&tables, &gpus, &dirs, a.quick)?;
    if exporting {
        let meta = RunMeta::new(gpus.iter().map(|g| g.describe()).collect());
        outs.write(&meta, &records, true)?;
    }
    let report = Report {
        tables,
        quick: a.quick,
        out_dir,
        devices: reports,
    };
    if a.json {
        return print_json(&report);
    }
    if stdout_export {
        // stdout carries the export: the summary goes to stderr.
        super::common::report_to_stderr();
    }
    print_summary(&report);
    Ok(())
}

/// Tables 2 and 3 (whichever `tables` holds) timed on every device, each device's files
/// written to its folder; the records for the exports.
fn timing_tables(
    tables: &[Table],
    gpus: &[Gpu],
    dirs: &[PathBuf],
    quick: bool,
) -> Result<Vec<BenchRecord>> {
    let mut records: Vec<BenchRecord> = Vec::new();
    for t in tables.iter().filter_map(|t| t.timing()) {
        let pb = progress(timing_points(t, gpus.len(), quick) as u64);
        let pairs: Vec<(&Gpu, PathBuf)> = gpus.iter().zip(dirs.iter().cloned()).collect();
        let recs = timing_table(t, &pairs, quick, &mut |done, next| {
            pb.set_position(done as u64);
            pb.set_message(next.to_string());
        })?;
        pb.finish_and_clear();
        for (g, d) in gpus.iter().zip(dirs) {
            info(format_args!(
                "table {} on {}: {}",
                t.number,
                g.info.name,
                d.display()
            ));
        }
        records.extend(recs.into_iter().flatten());
    }
    Ok(records)
}

/// Each device's folder and files (and Table 1's comments).
fn print_summary(report: &Report) {
    for d in &report.devices {
        say!("{}: {}", d.device, d.dir.display());
        for f in &d.files {
            say!("  {}", f.display());
        }
        for c in &d.table1_comment {
            say!("  table 1: {c}");
        }
    }
}

/// `reproduce table1 --target LIST`: Table 1 from offline compilers, no device.
fn run_offline(a: &ReproduceArgs, names: &[String]) -> Result<()> {
    if a.which != Which::Table1 {
        bail!("--target: only table1 (kernel statistics) can be made offline; tables 2 and 3 are timings");
    }
    let outs = a.export.outputs(None)?;
    if outs.json.is_some() || outs.csv.is_some() || outs.markdown.is_some() {
        bail!("--export*: only Tables 2 and 3 have timing records to export");
    }
    let targets: Vec<_> = names
        .iter()
        .map(|n| crate::stats::offline::targets::find(n).expect("resolved by the parser"))
        .collect();
    let out_dir = match &a.out_dir {
        Some(d) => d.clone(),
        None => default_out_dir(a.which, false)?,
    };
    if out_dir.exists() && !out_dir.is_dir() {
        bail!(
            "--out-dir {}: exists and is not a directory",
            out_dir.display()
        );
    }
    let files = [
        "table1-offline.md".to_string(),
        "table1-offline.json".to_string(),
    ];
    refuse_existing(&out_dir, &files, a.force)?;
    std::fs::create_dir_all(&out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    let meta = RunMeta::new(
        names
            .iter()
            .map(|n| format!("{n} (offline compiler)"))
            .collect(),
    );
    let account = crate::bench::reproduce::table1_offline(&targets, &meta, &out_dir)?;
    #[derive(Serialize)]
    struct OfflineReport {
        out_dir: PathBuf,
        files: Vec<PathBuf>,
        account: Vec<String>,
    }
    let report = OfflineReport {
        files: files.iter().map(|f| out_dir.join(f)).collect(),
        out_dir,
        account,
    };
    if a.json {
        return print_json(&report);
    }
    for f in &report.files {
        say!("{}", f.display());
    }
    for c in &report.account {
        say!("  {c}");
    }
    Ok(())
}
