//! `reproduce` on devices and offline, as the library runs it: the result folders (a new dated
//! folder in the user's data folder by default, existing files refused without `force`), each
//! device's tables, and the reports the front end prints.

use super::{refuse_existing, table1, timing_points, timing_table, Table};
use crate::bench::meta::RunMeta;
use crate::bench::BenchRecord;
use crate::runtime::Gpu;
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// The default out-dir: a new dated folder named `slug` in the user's data folder.
pub fn default_out_dir(slug: &str, quick: bool) -> Result<PathBuf> {
    let Some(base) = dirs::data_dir() else {
        bail!("no user data folder known here: give --out-dir DIR");
    };
    let stamp: String = crate::bench::meta::utc_now()
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let quick = if quick { "-quick" } else { "" };
    Ok(base
        .join("jitfft")
        .join("results")
        .join(format!("{stamp}-{slug}{quick}")))
}

/// Refuses an out-dir that exists and is not a folder.
pub fn check_out_dir(out_dir: &Path) -> Result<()> {
    if out_dir.exists() && !out_dir.is_dir() {
        bail!(
            "--out-dir {}: exists and is not a directory",
            out_dir.display()
        );
    }
    Ok(())
}

/// One device's folder, files and Table 1's comments.
#[derive(Debug, Serialize)]
pub struct DeviceReport {
    device: String,
    slug: String,
    dir: PathBuf,
    files: Vec<PathBuf>,
    /// Table 1: how CG compares with CT here and in the paper.
    table1_comment: Vec<String>,
}

/// `reproduce --json`.
#[derive(Debug, Serialize)]
pub struct Report {
    tables: Vec<Table>,
    quick: bool,
    out_dir: PathBuf,
    devices: Vec<DeviceReport>,
}

impl Report {
    /// Each device's folder and files (and Table 1's comments), one line a row.
    pub fn text(&self) -> String {
        let mut out = Vec::new();
        for d in &self.devices {
            out.push(format!("{}: {}", d.device, d.dir.display()));
            out.extend(d.files.iter().map(|f| format!("  {}", f.display())));
            out.extend(d.table1_comment.iter().map(|c| format!("  table 1: {c}")));
        }
        out.join("\n")
    }
}

/// How far the timing tables are.
pub enum Progress<'a> {
    /// A table of this many points begins.
    Begin(u64),
    /// Points done, and the next one's name.
    At(usize, &'a str),
    /// The table is done.
    End,
}

/// `tables` (and the long-product table with `mul_table`) on every device, each device's
/// files in its slug's folder under `out_dir` (existing ones refused before anything is
/// measured, unless `force`); the report and the timing records for the exports. `info`
/// hears where each table went.
#[allow(clippy::too_many_arguments)]
pub fn run_devices(
    tables: Vec<Table>,
    mul_table: bool,
    gpus: &[Gpu],
    out_dir: PathBuf,
    quick: bool,
    force: bool,
    progress: &mut dyn FnMut(Progress),
    info: &mut dyn FnMut(String),
) -> Result<(Report, Vec<BenchRecord>)> {
    let dirs: Vec<PathBuf> = gpus.iter().map(|g| out_dir.join(g.info.slug())).collect();
    let files: Vec<String> = match mul_table {
        true => ["mul-table.md", "mul-table.json"]
            .iter()
            .map(|f| super::file_name(f, quick))
            .collect(),
        false => tables.iter().flat_map(|t| t.files(quick)).collect(),
    };
    // Refuse before measuring anything.
    for d in &dirs {
        refuse_existing(d, &files, force)?;
    }
    for d in &dirs {
        std::fs::create_dir_all(d).with_context(|| format!("creating {}", d.display()))?;
    }
    let mut devices: Vec<DeviceReport> = gpus
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
    if mul_table {
        for (g, d) in gpus.iter().zip(&dirs) {
            super::mul_table::mul_table(g, d, quick)?;
            info(format!("mul table on {}: {}", g.info.name, d.display()));
        }
    }
    if tables.contains(&Table::Table1) {
        for ((g, d), r) in gpus.iter().zip(&dirs).zip(&mut devices) {
            r.table1_comment = table1(g, &RunMeta::new(vec![g.describe()]), d, quick)?;
            info(format!("table 1 on {}: {}", g.info.name, d.display()));
        }
    }
    let mut records: Vec<BenchRecord> = Vec::new();
    for t in tables.iter().filter_map(|t| t.timing()) {
        progress(Progress::Begin(timing_points(t, gpus.len(), quick) as u64));
        let pairs: Vec<(&Gpu, PathBuf)> = gpus.iter().zip(dirs.iter().cloned()).collect();
        let recs = timing_table(t, &pairs, quick, &mut |done, next| {
            progress(Progress::At(done, next))
        });
        progress(Progress::End);
        let recs = recs?;
        for (g, d) in gpus.iter().zip(&dirs) {
            info(format!(
                "table {} on {}: {}",
                t.number,
                g.info.name,
                d.display()
            ));
        }
        records.extend(recs.into_iter().flatten());
    }
    Ok((
        Report {
            tables,
            quick,
            out_dir,
            devices,
        },
        records,
    ))
}

/// `reproduce table1 --target LIST --json`.
#[derive(Debug, Serialize)]
pub struct OfflineReport {
    out_dir: PathBuf,
    files: Vec<PathBuf>,
    account: Vec<String>,
}

impl OfflineReport {
    /// The files, then the account, one line a row.
    pub fn text(&self) -> String {
        let files = self.files.iter().map(|f| f.display().to_string());
        let account = self.account.iter().map(|c| format!("  {c}"));
        files.chain(account).collect::<Vec<_>>().join("\n")
    }
}

/// Table 1 from the offline compilers `names` (as `--target` resolved them), no device,
/// into `out_dir` (existing files refused unless `force`).
pub fn run_offline(names: &[String], out_dir: PathBuf, force: bool) -> Result<OfflineReport> {
    let mut targets = Vec::new();
    for n in names {
        match crate::stats::offline::targets::find(n) {
            Some(t) => targets.push(t),
            None => bail!("--target {n}: not an offline target of this build"),
        }
    }
    let files = [
        "table1-offline.md".to_string(),
        "table1-offline.json".to_string(),
    ];
    refuse_existing(&out_dir, &files, force)?;
    std::fs::create_dir_all(&out_dir).with_context(|| format!("creating {}", out_dir.display()))?;
    let meta = RunMeta::new(
        names
            .iter()
            .map(|n| format!("{n} (offline compiler)"))
            .collect(),
    );
    let account = super::table1_offline(&targets, &meta, &out_dir)?;
    Ok(OfflineReport {
        files: files.iter().map(|f| out_dir.join(f)).collect(),
        out_dir,
        account,
    })
}
