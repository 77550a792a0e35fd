//! Table 1 on offline targets: the radix-r butterfly kernels compiled for GPUs that are not
//! here (first of all the paper's own Evergreen, through LLVM's R600 backend), beside the
//! paper's AMD APP Profiler figures, with an account of each difference drawn from the data.

use super::*;
use crate::clgen::OpCounts;
use crate::stats::offline::targets::Target;
use crate::stats::offline::{vc::column, OfflineKernel};

/// One compiled butterfly kernel: the radix, algorithm, the compiler's figures and the
/// generator's exact per-work-item counts.
#[derive(Serialize)]
struct Cell {
    target: String,
    radix: u64,
    algorithm: String,
    coefficients: String,
    kernel: OfflineKernel,
    generator: OpCounts,
}

#[derive(Serialize)]
struct Json<'a> {
    meta: &'a RunMeta,
    coefficients: String,
    precision: String,
    radices: [u64; 4],
    compilers: Vec<(String, String)>,
    rows: Vec<Row>,
    account: Vec<String>,
    kernels: Vec<Cell>,
    notes: Vec<String>,
}

/// The paper's metric and the keys each backend reports for it, in order.
const METRICS: [(&str, &str, &[&str]); 3] = [
    (
        "alu",
        "ALU instructions",
        &[
            "alu_bundles",
            "alu_slots",
            "valu",
            "salu",
            "alu",
            "instructions",
        ],
    ),
    ("fetch", "fetch instructions", &["fetch"]),
    ("registers", "registers", &["registers"]),
];

/// Table 1 for each target in `targets`, written to `dir` as `table1-offline.md` and
/// `.json`. Returns the account lines (the differences to the paper).
pub fn table1_offline(targets: &[Target], meta: &RunMeta, dir: &Path) -> Result<Vec<String>> {
    let mut cells: Vec<Cell> = Vec::new();
    let mut notes = Vec::new();
    let mut compilers: Vec<(String, String)> = Vec::new();
    for t in targets {
        // On the paper's ISA also literal coefficients: the kernels without X1 reads.
        let modes: &[Coeffs] = if t.backend.name == "r600" {
            &[Coeffs::ConstFirst, Coeffs::Literal]
        } else {
            &[Coeffs::ConstFirst]
        };
        for (r, algo, &coeffs) in TABLE1_RADICES.iter().flat_map(|&r| {
            [Algorithm::Ct, Algorithm::Cg]
                .into_iter()
                .flat_map(move |a| modes.iter().map(move |c| (r, a, c)))
        }) {
            let (p, m) = table1_plan(r);
            {
                let plan = VcPlan::new(
                    p,
                    2 * m,
                    VcOptions {
                        algorithm: algo,
                        radix: Some(r),
                        coeffs,
                        ..Default::default()
                    },
                )?;
                let col = column(&plan, t)?;
                if !compilers.iter().any(|c| c.0 == col.backend) {
                    compilers.push((col.backend.clone(), col.compiler.clone()));
                }
                notes.extend(
                    col.notes
                        .iter()
                        .filter(|n| n.starts_with("clang:"))
                        .cloned(),
                );
                let kernel = col.kernels.into_iter().next().context("no kernel")?;
                let generator = crate::vc::program(&plan, crate::vc::schedule::DEFAULT_LIMITS)
                    .1
                    .kernels
                    .into_iter()
                    .find(|(n, _)| *n == kernel.kernel)
                    .map(|(_, c)| c)
                    .context("the generator's counts of the kernel")?;
                cells.push(Cell {
                    target: t.name.into(),
                    radix: r,
                    algorithm: algo.to_string(),
                    coefficients: coeffs.to_string(),
                    kernel,
                    generator,
                });
            }
        }
    }
    notes.dedup();
    let rows = rows(targets, &cells);
    let account = account(&cells);
    let mut md = header("Table 1 on offline compilers (no GPU)", meta);
    for (b, c) in &compilers {
        md.push_str(&format!("- compiler ({b}): {c}\n"));
    }
    md.push_str("\nStatic counts of the compiled radix-r butterfly kernels (the first pass of an n = 2m transform), coefficients const-first (the paper's X1 in `__constant` memory), f32; r = 9 and 16 are p = 3 and p = 4 with two digits per butterfly. The paper's figures are AMD APP Profiler 2.5 on AMD Evergreen. Each row names the compiler's figure it shows.\n\n");
    md.push_str(&radix_table(&rows));
    md.push_str(&bullets("Account of the differences", &account));
    md.push_str(&bullets(
        "Kernels",
        cells.iter().map(|c| {
            format!(
                "{} r = {}, {}, {}: `{}`",
                c.target, c.radix, c.algorithm, c.coefficients, c.kernel.kernel
            )
        }),
    ));
    if !notes.is_empty() {
        md.push_str(&bullets("Notes", &notes));
    }
    let json = Json {
        meta,
        coefficients: Coeffs::ConstFirst.to_string(),
        precision: Precision::F32.to_string(),
        radices: TABLE1_RADICES,
        compilers,
        rows,
        account: account.clone(),
        kernels: cells,
        notes,
    };
    write(&dir.join("table1-offline.md"), &md)?;
    write(
        &dir.join("table1-offline.json"),
        &(serde_json::to_string_pretty(&json)? + "\n"),
    )?;
    Ok(account)
}

fn cell<'a>(cells: &'a [Cell], target: &str, r: u64, algo: &str) -> Option<&'a Cell> {
    cell_with(cells, target, r, algo, Coeffs::ConstFirst)
}

fn cell_with<'a>(
    cells: &'a [Cell],
    target: &str,
    r: u64,
    algo: &str,
    coeffs: Coeffs,
) -> Option<&'a Cell> {
    let coeffs = coeffs.to_string();
    cells.iter().find(|c| {
        c.target == target && c.radix == r && c.algorithm == algo && c.coefficients == coeffs
    })
}

fn rows(targets: &[Target], cells: &[Cell]) -> Vec<Row> {
    let mut rows = Vec::new();
    for (key, label, ours) in METRICS {
        let paper = TABLE1.iter().find(|t| t.metric == key).expect("paper row");
        for (alg, v) in [("CT", paper.ct), ("CG", paper.cg)] {
            rows.push(Row {
                label: format!("{label}, {alg}"),
                source: "paper (AMD APP Profiler 2.5, Evergreen)".into(),
                values: v.iter().map(|x| Some(*x as f64)).collect(),
            });
        }
        for (t, coeffs) in targets
            .iter()
            .flat_map(|t| [(t, Coeffs::ConstFirst), (t, Coeffs::Literal)])
        {
            for k in ours.iter() {
                for alg in ["ct", "cg"] {
                    let metric = |r: u64| {
                        cell_with(cells, t.name, r, alg, coeffs).and_then(|c| c.kernel.metric(k))
                    };
                    let Some(m) = TABLE1_RADICES.iter().find_map(|&r| metric(r)) else {
                        continue;
                    };
                    let mode = if coeffs == Coeffs::Literal {
                        ", literal coefficients"
                    } else {
                        ""
                    };
                    rows.push(Row {
                        label: format!("{label}, {}", alg.to_uppercase()),
                        source: format!("{}{mode}: {k} ({})", t.name, m.source),
                        values: TABLE1_RADICES
                            .iter()
                            .map(|&r| metric(r).and_then(|m| m.value).map(|v| v as f64))
                            .collect(),
                    });
                }
            }
        }
    }
    rows
}

/// The differences to the paper, each from the figures (Evergreen targets only: the paper's
/// ISA; other targets are shown, not compared).
fn account(cells: &[Cell]) -> Vec<String> {
    let mut out = Vec::new();
    let evergreen: Vec<&str> = {
        let mut v: Vec<&str> = cells
            .iter()
            .filter(|c| c.kernel.metric("alu_bundles").is_some())
            .map(|c| c.target.as_str())
            .collect();
        v.dedup();
        v
    };
    for t in evergreen {
        for a in ["ct", "cg"] {
            let v = Figures { cells, t, a };
            out.extend(v.alu());
            out.extend(v.fetches());
            out.push(format!(
                "{t} {}, registers: paper {}; GPRs here {} (NUM_GPRS of SQ_PGM_RESOURCES: 128-bit registers of four 32-bit channels, the unit AMD's tools report).",
                a.to_uppercase(),
                paper("registers", a),
                v.list("registers")
            ));
        }
    }
    out.push("jitfft choices that change the counts: the generated index arithmetic (CT's base = tid % dist + r·dist·(tid / dist) is a run-time unsigned division, which Evergreen, lacking an integer divide, does as a RECIP_UINT sequence of more than a dozen slots), the bounds check `if (tid >= count) return`, coefficient indices computed from digit products mod p at run time (const-first), and the CT operand order (strided; CG reads contiguous runs that the compiler can merge into wide fetches). The paper's kernels are not published, so which of these it shared is not known.".into());
    out
}

/// The paper's figures of one metric for `ct` or `cg`, at r = 3, 4, 9, 16.
fn paper_row(m: &str, a: &str) -> [u64; 4] {
    let row = TABLE1.iter().find(|x| x.metric == m).expect("paper row");
    if a == "ct" {
        row.ct
    } else {
        row.cg
    }
}

/// [`paper_row`] as text.
fn paper(m: &str, a: &str) -> String {
    paper_row(m, a)
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One target's figures of one algorithm (`ct` or `cg`).
struct Figures<'a> {
    cells: &'a [Cell],
    t: &'a str,
    a: &'a str,
}

impl Figures<'_> {
    fn get(&self, r: u64, k: &str) -> Option<u64> {
        cell(self.cells, self.t, r, self.a).and_then(|c| c.kernel.value(k))
    }

    /// Metric `k` at r = 3, 4, 9, 16 (– where missing).
    fn list(&self, k: &str) -> String {
        TABLE1_RADICES
            .iter()
            .map(|&r| self.get(r, k).map(|v| v.to_string()).unwrap_or("–".into()))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// LLVM kept a loop of the kernel at radix r.
    fn rolled(&self, r: u64) -> bool {
        self.get(r, "loops").unwrap_or(0) > 0
    }

    /// Bundles or slots: which is nearer the paper's ALU figures, and the kept loops.
    fn alu(&self) -> Vec<String> {
        let (t, a, up) = (self.t, self.a, self.a.to_uppercase());
        let mut out = Vec::new();
        // Which of bundles and slots is nearer the paper where LLVM unrolled everything.
        let paper_alu = paper_row("alu", a);
        let mut err = (0.0, 0.0, 0);
        for (i, &r) in TABLE1_RADICES.iter().enumerate() {
            if let (false, Some(b), Some(s)) = (
                self.rolled(r),
                self.get(r, "alu_bundles"),
                self.get(r, "alu_slots"),
            ) {
                let rel = |v: u64| (v as f64 / paper_alu[i] as f64 - 1.0).abs();
                err = (err.0 + rel(b), err.1 + rel(s), err.2 + 1);
            }
        }
        let nearer = if err.2 == 0 {
            "no radix is free of kept loops, so neither can be told".to_string()
        } else {
            let (b, s) = (100.0 * err.0 / err.2 as f64, 100.0 * err.1 / err.2 as f64);
            format!(
                "where nothing is kept rolled, bundles are {b:.0}% and slots {s:.0}% from the paper's figures on average, so the paper counts {}",
                if b <= s { "bundles (AMD's disassembly numbers one instruction group, up to 5 slots, per line)" } else { "slots" }
            )
        };
        out.push(format!(
            "{t} {up}, bundles vs slots: paper ALU {}; LLVM's VLIW bundles {} and slots {} at r = 3, 4, 9, 16: {nearer}.",
            paper("alu", a),
            self.list("alu_bundles"),
            self.list("alu_slots")
        ));
        let loops: Vec<String> = TABLE1_RADICES
            .iter()
            .filter(|&&r| self.rolled(r))
            .map(|r| r.to_string())
            .collect();
        if !loops.is_empty() {
            out.push(format!(
                "{t} {up}: at r = {} LLVM kept a loop of the generated kernel (LOOP_START in the control flow), so its body counts once in these static figures; the paper's ALU figures keep growing with r ({}), as fully unrolled code does.",
                loops.join(", "),
                paper("alu", a)
            ));
        }
        out
    }

    /// The fetches against the paper's, and the same kernels with literal coefficients.
    fn fetches(&self) -> Vec<String> {
        let (cells, t, a, up) = (self.cells, self.t, self.a, self.a.to_uppercase());
        let mut out = Vec::new();
        // X1's share of the fetches: the same kernel with literal coefficients reads only
        // the operands (the compiler may merge those into wide fetches).
        let fetch_detail: Vec<String> = TABLE1_RADICES
            .iter()
            .filter_map(|&r| {
                let f = self.get(r, "fetch")?;
                let lit = cell_with(cells, t, r, a, Coeffs::Literal)
                    .and_then(|c| c.kernel.value("fetch"));
                Some(match lit {
                    Some(l) => format!(
                        "r = {r}: {f} fetches, {l} with literal coefficients ({} more with X1)",
                        f.saturating_sub(l)
                    ),
                    None => format!("r = {r}: {f} fetches"),
                })
            })
            .collect();
        let paper_fetch = paper_row("fetch", a);
        let loads_equal: Vec<String> = TABLE1_RADICES
            .iter()
            .enumerate()
            .filter(|(i, &r)| {
                cell(cells, t, r, a).is_some_and(|c| c.generator.global_loads == paper_fetch[*i])
            })
            .map(|(_, r)| r.to_string())
            .collect();
        out.push(format!(
            "{t} {up}, fetches: paper {}; here {}. The paper's counts equal the generator's operand loads per work-item at r = {} (of 3, 4, 9, 16), so its compiler read the `__constant` X1 table without fetch instructions (through the constant cache). LLVM's R600 backend reads a `__constant` pointer like global memory, with VTX_READ fetches (its ALU constant cache, KC0, holds only the kernel arguments), so each X1 read it does not hoist or merge is one more fetch.",
            paper("fetch", a),
            fetch_detail.join("; "),
            if loads_equal.is_empty() { "none".to_string() } else { loads_equal.join(", ") }
        ));
        let literal: Vec<String> = TABLE1_RADICES
            .iter()
            .filter_map(|&r| {
                let c = cell_with(cells, t, r, a, Coeffs::Literal)?;
                Some(format!(
                    "{} fetches, {} bundles, {} GPRs",
                    c.kernel.value("fetch")?,
                    c.kernel.value("alu_bundles")?,
                    c.kernel.value("registers")?
                ))
            })
            .collect();
        if literal.len() == TABLE1_RADICES.len() {
            out.push(format!(
                "{t} {up}, the same kernels with literal coefficients (no X1 table, nothing to fetch but the operands): {} at r = 3, 4, 9, 16 (paper fetches {}).",
                literal.join("; "),
                paper("fetch", a)
            ));
        }
        out
    }
}
