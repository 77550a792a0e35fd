//! `jitfft reproduce mul-table`: seed 003's table (N, k, n, P, O(n·k)) recomputed from its
//! formulas P(k) = k·(k+1) and O(n·k) = k·(k+1)·n, the printed values beside, rows that
//! disagree marked, and the `block` method's measured device time per row.

use super::file_name;
use crate::bench::export::markdown_table;
use crate::bench::meta::RunMeta;
use crate::io::atomic::write_atomic;
use crate::mul::{Method, MulPlan, Multiplier};
use crate::runtime::{Gpu, Summary};
use anyhow::Result;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// One printed row: N, k, n, P, O(n·k) and the parenthesised O of the split n > 16 rows.
pub struct SeedRow {
    /// Digits per operand.
    pub n_digits: usize,
    /// Blocks per operand.
    pub k: usize,
    /// Digits per block.
    pub n: usize,
    /// Printed P.
    pub p: usize,
    /// Printed O(n·k).
    pub o: usize,
    /// Printed value in parentheses ("64(128)"), if any.
    pub o_paren: Option<usize>,
}

const fn row(n_digits: usize, k: usize, n: usize, p: usize, o: usize) -> SeedRow {
    SeedRow {
        n_digits,
        k,
        n,
        p,
        o,
        o_paren: None,
    }
}

/// The seed's table as printed (two column groups read top to bottom, left group first).
pub const SEED_TABLE: [SeedRow; 16] = [
    row(4, 1, 4, 2, 8),
    row(8, 1, 8, 2, 16),
    row(8, 2, 4, 6, 24),
    row(8, 4, 2, 20, 40),
    row(16, 1, 16, 2, 32),
    row(16, 2, 8, 6, 48),
    row(16, 4, 4, 20, 80),
    row(16, 8, 2, 72, 144),
    SeedRow {
        o_paren: Some(128),
        ..row(32, 1, 32, 2, 64)
    },
    row(32, 2, 16, 6, 96),
    row(32, 4, 8, 20, 160),
    row(32, 8, 4, 92, 368),
    SeedRow {
        o_paren: Some(384),
        ..row(64, 2, 32, 6, 192)
    },
    row(64, 4, 16, 20, 320),
    row(64, 8, 8, 72, 576),
    row(64, 16, 4, 272, 1088),
];

/// One reproduced row.
#[derive(Serialize)]
pub struct MulTableRow {
    /// Digits per operand (32-bit digits here; ω bits in the seed).
    pub n_digits: usize,
    /// k.
    pub k: usize,
    /// n.
    pub n: usize,
    /// Printed P.
    pub p_printed: usize,
    /// k·(k+1).
    pub p_formula: usize,
    /// Printed O(n·k) (and the parenthesised value).
    pub o_printed: String,
    /// k·(k+1)·n.
    pub o_formula: usize,
    /// Printed values that disagree with the formulas.
    pub disagrees: Vec<String>,
    /// Block size the device ran (n > 16 runs as n = 16 with 2k blocks, as the seed splits).
    pub n_run: usize,
    /// Work-items of the convolution launch.
    pub conv_items: usize,
    /// Convolution kernel time (ms; median, min, max over the repeats).
    pub conv_ms: Summary,
    /// All kernels of the product incl. layout, reduce, carries (ms).
    pub kernel_ms: Summary,
    /// Whether every product equalled GMP's.
    pub exact: bool,
}

/// Measures the table on `gpu` and writes `mul-table.md` and `.json` into `dir`.
pub fn mul_table(gpu: &Gpu, dir: &Path, quick: bool) -> Result<Vec<PathBuf>> {
    let repeat = if quick { 5 } else { 200 };
    let mut rows = Vec::new();
    let mut st = 0x5eed_0003u64;
    for r in &SEED_TABLE {
        rows.push(measure_row(gpu, r, repeat, &mut st)?);
    }
    let meta = RunMeta::new(vec![gpu.describe()]);
    let (head, body) = table_cells(&rows);
    let bad: Vec<String> = rows
        .iter()
        .filter(|r| !r.disagrees.is_empty())
        .map(|r| format!("N = {}, k = {}, n = {}", r.n_digits, r.k, r.n))
        .collect();
    let mut md = String::from(
        "# Seed 003 (Tereshchenko & Zadiraka): the block-convolution table, recomputed and measured\n\n",
    );
    for l in meta.lines() {
        md.push_str(&format!("{l}  \n"));
    }
    md.push_str(&format!(
        "\nP(k) = k·(k+1) block convolutions of n digits, O(n·k) = k·(k+1)·n vector operations. \
Rows whose printed values disagree with these formulas: {}. The n = 32 rows (\"64(128)\") are split by the seed \
into n = 16 blocks; the device runs them with n = 16. Times: the `block` method (32-bit digits) on random operands of \
N digits, profiling events, median of {repeat} products after one warm-up; every product checked against GMP.\n\n",
        if bad.is_empty() { "none".to_string() } else { bad.join("; ") }
    ));
    md.push_str(&markdown_table(&head, &body));
    let md_path = dir.join(file_name("mul-table.md", quick));
    let json_path = dir.join(file_name("mul-table.json", quick));
    write_atomic(&md_path, md.as_bytes())?;
    let json = serde_json::to_string_pretty(&serde_json::json!({
        "meta": meta, "repeat": repeat, "disagreeing_rows": bad, "rows": rows,
    }))?;
    write_atomic(&json_path, json.as_bytes())?;
    Ok(vec![md_path, json_path])
}

/// One row of the seed's table: its formulas checked, and `repeat` block products of its size
/// timed after a warm-up, each checked against the CPU product (operands drawn from `st`).
fn measure_row(gpu: &Gpu, r: &SeedRow, repeat: usize, st: &mut u64) -> Result<MulTableRow> {
    let p_formula = r.k * (r.k + 1);
    let o_formula = p_formula * r.n;
    let mut disagrees = Vec::new();
    if r.n_digits != r.n * r.k {
        disagrees.push(format!("N = {} ≠ n·k = {}", r.n_digits, r.n * r.k));
    }
    if r.p != p_formula {
        disagrees.push(format!("P = {} ≠ k·(k+1) = {p_formula}", r.p));
    }
    if r.o != o_formula {
        disagrees.push(format!("O = {} ≠ k·(k+1)·n = {o_formula}", r.o));
    }
    let n_run = r.n.min(16);
    let limbs = r.n_digits / 2; // 32-bit digits, two per 64-bit limb
    let plan = MulPlan::new(limbs, limbs, Method::Block, n_run)?;
    let m = Multiplier::new(gpu, &plan)?;
    let mut conv = Vec::new();
    let mut kern = Vec::new();
    let mut exact = true;
    for i in 0..=repeat {
        let a: Vec<u64> = (0..limbs).map(|_| next(st)).collect();
        let b: Vec<u64> = (0..limbs).map(|_| next(st)).collect();
        let (p, t) = m.multiply(gpu, &a, &b)?;
        exact &= p == crate::mul::reference::product(&a, &b);
        if i > 0 {
            conv.extend(t.step_ms.iter().filter(|s| s.0 == "Conv").map(|s| s.1));
            kern.push(t.kernel_ms);
        }
    }
    let sched = crate::mul::MulSchedule::new(&plan, limbs, limbs);
    m.release()?;
    Ok(MulTableRow {
        n_digits: r.n_digits,
        k: r.k,
        n: r.n,
        p_printed: r.p,
        p_formula,
        o_printed: match r.o_paren {
            Some(x) => format!("{}({x})", r.o),
            None => r.o.to_string(),
        },
        o_formula,
        disagrees,
        n_run,
        conv_items: sched.chunks * 2 * sched.k,
        conv_ms: Summary::of(&conv),
        kernel_ms: Summary::of(&kern),
        exact,
    })
}

/// The Markdown table's header and rows.
fn table_cells(rows: &[MulTableRow]) -> (Vec<String>, Vec<Vec<String>>) {
    let head: Vec<String> = [
        "N",
        "k",
        "n",
        "P printed",
        "k(k+1)",
        "O printed",
        "k(k+1)n",
        "disagrees",
        "n run",
        "conv items",
        "conv µs (median)",
        "all kernels µs",
        "exact",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let body: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.n_digits.to_string(),
                r.k.to_string(),
                r.n.to_string(),
                r.p_printed.to_string(),
                r.p_formula.to_string(),
                r.o_printed.clone(),
                r.o_formula.to_string(),
                if r.disagrees.is_empty() {
                    String::new()
                } else {
                    format!("**{}**", r.disagrees.join("; "))
                },
                r.n_run.to_string(),
                r.conv_items.to_string(),
                format!("{:.2}", r.conv_ms.median * 1e3),
                format!("{:.2}", r.kernel_ms.median * 1e3),
                if r.exact { "yes" } else { "NO" }.to_string(),
            ]
        })
        .collect();
    (head, body)
}

fn next(st: &mut u64) -> u64 {
    *st = st.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *st;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
