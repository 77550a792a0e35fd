//! Where a run's records go (JSON, CSV, Markdown; `-` is stdout), shared by `bench`,
//! `reproduce` and `stats --target`: the paths checked before any work, and every export
//! rewritten after each point so an interrupted sweep keeps what it measured.

use super::export::{emit, to_csv, to_json, to_markdown};
use super::meta::RunMeta;
use super::BenchRecord;
use crate::io::output::write_data;
use crate::stats::offline::table;
use crate::stats::report::OfflineReport;
use anyhow::{bail, Result};
use std::path::{Path, PathBuf};

/// Where the exports go.
#[derive(Debug, Clone, Default)]
pub struct Outputs {
    /// JSON file (`-`: stdout).
    pub json: Option<PathBuf>,
    /// CSV file (`-`: stdout).
    pub csv: Option<PathBuf>,
    /// Markdown file (`-`: stdout).
    pub markdown: Option<PathBuf>,
}

impl Outputs {
    /// The paths of the exports asked for.
    fn paths(&self) -> impl Iterator<Item = &PathBuf> {
        [&self.json, &self.csv, &self.markdown]
            .into_iter()
            .flatten()
    }

    /// True when any export is asked for.
    pub fn any(&self) -> bool {
        self.paths().next().is_some()
    }

    /// True when an export goes to stdout (`-`), which then carries no other report.
    pub fn to_stdout(&self) -> bool {
        self.paths().any(|p| p.as_os_str() == "-")
    }

    /// The exports asked for by format (`json`, `csv`, `markdown`), by extension (`export`)
    /// and by the `--json` switch, checked: known extensions, one path a format, existing
    /// folders, at most one on stdout.
    pub fn resolve(mut self, export: &[PathBuf], json_switch: Option<&PathBuf>) -> Result<Outputs> {
        let set = |slot: &mut Option<PathBuf>, p: &PathBuf, flag: &str| -> Result<()> {
            if slot.is_some() {
                bail!("{flag} {}: that format is already exported", p.display());
            }
            *slot = Some(p.clone());
            Ok(())
        };
        if let Some(p) = json_switch {
            set(&mut self.json, p, "--json")?;
        }
        for p in export {
            let ext = p
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            match ext.as_str() {
                "json" => set(&mut self.json, p, "--export")?,
                "csv" => set(&mut self.csv, p, "--export")?,
                "md" | "markdown" => set(&mut self.markdown, p, "--export")?,
                _ => bail!(
                    "--export {}: the format comes from the extension: .json, .csv or .md (for stdout use --export-json -, --export-csv - or --export-markdown -)",
                    p.display()
                ),
            }
        }
        let mut stdout = 0;
        for (flag, p) in [
            ("--export-json", &self.json),
            ("--export-csv", &self.csv),
            ("--export-markdown", &self.markdown),
        ] {
            if let Some(p) = p {
                check_dir_of(p, flag)?;
                stdout += usize::from(p.as_os_str() == "-");
            }
        }
        if stdout > 1 {
            bail!("more than one export to stdout (`-`): send all but one to files");
        }
        Ok(self)
    }

    /// Rewrites every export with the records so far (stdout ones only at the end).
    pub fn write(&self, meta: &RunMeta, records: &[BenchRecord], last: bool) -> Result<()> {
        fn go(p: &Option<PathBuf>, last: bool) -> Option<&PathBuf> {
            p.as_ref().filter(|p| last || p.as_os_str() != "-")
        }
        if let Some(p) = go(&self.json, last) {
            emit(p, &to_json(meta, records))?;
        }
        if let Some(p) = go(&self.csv, last) {
            emit(p, &to_csv(meta, records))?;
        }
        if let Some(p) = go(&self.markdown, last) {
            emit(p, &to_markdown(meta, records))?;
        }
        Ok(())
    }

    /// Writes the offline statistics table to every export: the report as JSON, the table as
    /// CSV, or as Markdown after the transform's line.
    pub fn write_offline(&self, report: &OfflineReport) -> Result<()> {
        let (transform, cols) = (&report.transform, &report.columns);
        if let Some(path) = &self.json {
            write_data(path, serde_json::to_string_pretty(report)?.as_bytes())?;
        }
        if let Some(path) = &self.csv {
            write_data(path, table::csv(cols).as_bytes())?;
        }
        if let Some(path) = &self.markdown {
            let md = format!("{transform}\n\n{}", table::markdown(cols));
            write_data(path, md.as_bytes())?;
        }
        Ok(())
    }
}

/// Refuses an output path whose folder does not exist, before any work.
pub fn check_dir_of(path: &Path, flag: &str) -> Result<()> {
    if path.as_os_str() == "-" {
        return Ok(());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        bail!(
            "{flag} {}: cannot write: directory {} does not exist",
            path.display(),
            dir.display()
        );
    }
    Ok(())
}
