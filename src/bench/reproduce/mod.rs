//! The paper's Tables 1–3 measured on devices, beside the published values: the kernels'
//! statistics (Table 1) and the VC transform times (Tables 2 and 3), with the comparisons,
//! written as Markdown, JSON and SVG into one folder per device. `jitfft reproduce` parses its
//! flags, picks the folders and calls [`table1`] and [`timing_table`].

use crate::bench::bandwidth::copy_bandwidth_gbs;
use crate::bench::export::{fmt_ms, markdown_table};
use crate::bench::meta::RunMeta;
use crate::bench::paper::{self, TimingTable, CITATION, TABLE1, TABLE1_RADICES};
use crate::bench::plot::{ratio_chart, time_chart, Series};
use crate::bench::sweep::{cpu_point, device_point, Input, Variant};
use crate::bench::{BenchRecord, RepeatPolicy};
use crate::io::atomic::write_atomic;
use crate::runtime::Gpu;
use crate::stats::{collect, KernelStats};
use crate::vc::{Algorithm, Coeffs, Precision, VcOptions, VcPlan, VcTransform};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A table of the paper.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Table {
    /// Kernel statistics of the radix-r butterflies.
    Table1,
    /// Times for p = 3.
    Table2,
    /// Times for p = 4.
    Table3,
}

/// What `jitfft reproduce` makes: one of the paper's tables, all three, or seed 003's
/// block-convolution table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Selection {
    /// Table 1.
    Table1,
    /// Table 2.
    Table2,
    /// Table 3.
    Table3,
    /// Tables 1–3.
    All,
    /// Seed 003's block-convolution table.
    MulTable,
}
crate::transform::kebab_names!(Selection, "table", { Table1 => "table1", Table2 => "table2", Table3 => "table3", All => "all", MulTable => "mul-table" });

impl Selection {
    /// The paper's tables it makes (none for the block-convolution table).
    pub fn tables(self) -> Vec<Table> {
        match self {
            Selection::Table1 => vec![Table::Table1],
            Selection::Table2 => vec![Table::Table2],
            Selection::Table3 => vec![Table::Table3],
            Selection::All => Table::ALL.to_vec(),
            Selection::MulTable => Vec::new(),
        }
    }
}

impl Table {
    /// The three tables in order.
    pub const ALL: [Table; 3] = [Table::Table1, Table::Table2, Table::Table3];

    /// The table's number in the paper (1, 2 or 3).
    pub fn number(self) -> u32 {
        match self {
            Table::Table1 => 1,
            Table::Table2 => 2,
            Table::Table3 => 3,
        }
    }

    /// The paper's timing table (Tables 2 and 3).
    pub fn timing(self) -> Option<&'static TimingTable> {
        match self {
            Table::Table1 => None,
            Table::Table2 => Some(&paper::TABLE2),
            Table::Table3 => Some(&paper::TABLE3),
        }
    }

    /// The files a run writes for this table (in a device's folder).
    pub fn files(self, quick: bool) -> Vec<String> {
        let n = self.number();
        let base: Vec<String> = if n == 1 {
            vec!["table1.md".into(), "table1.json".into()]
        } else {
            vec![
                format!("table{n}.md"),
                format!("table{n}.json"),
                format!("table{n}.svg"),
                format!("table{n}-ct-cg.svg"),
            ]
        };
        base.iter().map(|b| file_name(b, quick)).collect()
    }
}

/// A result file's name: `table2.md`, or `table2-quick.md` for a quick run, so that a quick
/// run never replaces a full one.
pub fn file_name(base: &str, quick: bool) -> String {
    if !quick {
        return base.to_string();
    }
    match base.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}-quick.{ext}"),
        None => format!("{base}-quick"),
    }
}

/// Refuses to replace result files that exist in `dir` (unless `force`), before anything is
/// measured.
pub fn refuse_existing(dir: &Path, files: &[String], force: bool) -> Result<()> {
    if force {
        return Ok(());
    }
    let there: Vec<String> = files
        .iter()
        .filter(|f| dir.join(f).exists())
        .cloned()
        .collect();
    if !there.is_empty() {
        bail!(
            "{}: results exist ({}); not replacing them: choose another --out-dir, or give --force",
            dir.display(),
            there.join(", ")
        );
    }
    Ok(())
}

/// Measures a timing table (2 or 3) on every device in `gpus`, writing each device's files
/// into the folder beside it after every n (an interrupted run keeps what it measured).
/// `progress(done, next)` is called before each point with the points done so far and what
/// comes next. Returns each device's records.
pub fn timing_table(
    t: &TimingTable,
    gpus: &[(&Gpu, PathBuf)],
    quick: bool,
    progress: &mut dyn FnMut(usize, &str),
) -> Result<Vec<Vec<BenchRecord>>> {
    let meta_for = |g: &Gpu| RunMeta::new(vec![g.describe()]);
    let ns = timing_ns(t, quick);
    let pol = policy(quick);
    let bws: Vec<Option<f64>> = gpus
        .iter()
        .map(|(g, _)| copy_bandwidth_gbs(g, 5).ok())
        .collect();
    let mut recs: Vec<Vec<BenchRecord>> = vec![Vec::new(); gpus.len()];
    let mut done = 0;
    for &n in &ns {
        progress(
            done,
            &format!("table {}: p = {}, n = {n}, CPU", t.number, t.p),
        );
        let (cpu, reference) = cpu_point(Input::Complex, t.p, n, &pol)?;
        done += 1;
        for (i, (g, dir)) in gpus.iter().enumerate() {
            recs[i].push(cpu.clone());
            for algo in [Algorithm::Ct, Algorithm::Cg] {
                progress(
                    done,
                    &format!(
                        "table {}: p = {}, n = {n}, {} {algo}",
                        t.number, t.p, g.info.name
                    ),
                );
                let v = Variant {
                    algorithm: algo,
                    radix: None,
                    coeffs: Coeffs::ConstFirst,
                    precision: Precision::F32,
                };
                recs[i].push(device_point(g, bws[i], &reference, &v, &pol)?);
                done += 1;
            }
            write_timing(t, &ns, g, &recs[i], &meta_for(g), dir, quick)?;
        }
    }
    Ok(recs)
}

/// Points [`timing_table`] measures: per n, the CPU once and CT and CG per device.
pub fn timing_points(t: &TimingTable, devices: usize, quick: bool) -> usize {
    timing_ns(t, quick).len() * (1 + 2 * devices)
}

/// One row of a generated table: a label, where it comes from, one value per column.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// Row label, e.g. the platform and algorithm.
    pub label: String,
    /// Where the values come from, e.g. `paper (AMD Evergreen)` or the measuring device.
    pub source: String,
    /// One value per column; `None` where nothing was measured.
    pub values: Vec<Option<f64>>,
}

fn md_table(head: &[String], rows: &[Row], fmt: &dyn Fn(f64) -> String) -> String {
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            [r.label.clone(), r.source.clone()]
                .into_iter()
                .chain(
                    r.values
                        .iter()
                        .map(|v| v.map(fmt).unwrap_or_else(|| "–".into())),
                )
                .collect()
        })
        .collect();
    markdown_table(head, &body)
}

/// (p, digits) for each of Table 1's radices: r = 3, 4 with m = 1; r = 9 = 3², 16 = 4².
fn table1_plan(r: u64) -> (u32, u32) {
    match r {
        3 => (3, 1),
        4 => (4, 1),
        9 => (3, 2),
        _ => (4, 2),
    }
}

/// Table 1's rows as Markdown: label, source and one column a radix.
fn radix_table(rows: &[Row]) -> String {
    let head: Vec<String> = ["", "source"]
        .iter()
        .map(|s| s.to_string())
        .chain(TABLE1_RADICES.iter().map(|r| format!("r = {r}")))
        .collect();
    md_table(&head, rows, &|v| format!("{v}"))
}

/// A Markdown section `title` with one bullet an item.
fn bullets(title: &str, items: impl IntoIterator<Item = impl std::fmt::Display>) -> String {
    let mut s = format!("\n## {title}\n\n");
    for i in items {
        s.push_str(&format!("- {i}\n"));
    }
    s
}

fn header(title: &str, meta: &RunMeta) -> String {
    let mut s = format!("# {title}\n\n");
    for l in meta.lines() {
        s.push_str(&format!("- {l}\n"));
    }
    s.push_str(&format!("- paper: {CITATION}\n\n"));
    s
}

fn write(path: &Path, text: &str) -> Result<()> {
    write_atomic(path, text.as_bytes()).with_context(|| format!("writing {}", path.display()))
}

pub mod mul_table;
pub mod run;
mod table1;
mod table1_offline;
mod timing;

pub use table1::table1;
pub use table1_offline::table1_offline;
use timing::write_timing;
pub use timing::{policy, timing_ns};
