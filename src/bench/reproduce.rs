//! The paper's Tables 1–3 measured on devices, beside the published values: the kernels'
//! statistics (Table 1) and the VC transform times (Tables 2 and 3), with the comparisons,
//! written as Markdown, JSON and SVG into one folder per device. `jitfft reproduce` parses its
//! flags, picks the folders and calls [`table1`] and [`timing_table`].

use crate::bench::bandwidth::copy_bandwidth_gbs;
use crate::bench::export::{fmt_ms, markdown_table};
use crate::bench::meta::RunMeta;
use crate::bench::paper::{self, TimingTable, CITATION, TABLE1, TABLE1_RADICES};
use crate::bench::plot::{ratio_chart, time_chart, Series};
use crate::bench::sweep::{cpu_point, device_point, Variant};
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
        let (cpu, reference) = cpu_point(t.p, n, &pol)?;
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

// ---------------------------------------------------------------- Table 1

/// (p, digits) for each of Table 1's radices: r = 3, 4 with m = 1; r = 9 = 3², 16 = 4².
fn table1_plan(r: u64) -> (u32, u32) {
    match r {
        3 => (3, 1),
        4 => (4, 1),
        9 => (3, 2),
        _ => (4, 2),
    }
}

#[derive(Serialize)]
struct Table1Kernel {
    radix: u64,
    p: u32,
    algorithm: String,
    stats: KernelStats,
}

#[derive(Serialize)]
struct Table1Json<'a> {
    meta: &'a RunMeta,
    /// A `--quick` run (files named `*-quick.*`).
    quick: bool,
    coefficients: String,
    precision: String,
    radices: [u64; 4],
    rows: Vec<Row>,
    comment: Vec<String>,
    kernels: Vec<Table1Kernel>,
    notes: Vec<String>,
}

const T1_LABELS: [(&str, &str); 3] = [
    ("alu", "ALU instructions"),
    ("fetch", "fetch instructions"),
    ("registers", "registers"),
];

/// Rows of our figures for one metric: one (CT, CG) pair per source, SASS first.
fn our_rows(key: &str, label: &str, ct: &[KernelStats], cg: &[KernelStats]) -> Vec<Row> {
    let mut sources: Vec<String> = Vec::new();
    for k in ct.iter().chain(cg) {
        for m in k.metrics.iter().filter(|m| m.key == key) {
            if !sources.contains(&m.source) {
                sources.push(m.source.clone());
            }
        }
    }
    sources.sort_by_key(|s| !s.starts_with("SASS"));
    if sources.is_empty() {
        sources.push("not reported by this device's compiler".into());
    }
    let mut rows = Vec::new();
    for s in sources {
        for (alg, ks) in [("CT", ct), ("CG", cg)] {
            rows.push(Row {
                label: format!("{label}, {alg}"),
                source: s.clone(),
                values: ks
                    .iter()
                    .map(|k| {
                        k.from_source(key, &s)
                            .and_then(|m| m.value)
                            .map(|v| v as f64)
                    })
                    .collect(),
            });
        }
    }
    if key == "fetch" {
        for (alg, ks) in [("CT", ct), ("CG", cg)] {
            rows.push(Row {
                label: format!("{label}, {alg}"),
                source: "generator (global loads, exact)".into(),
                values: ks
                    .iter()
                    .map(|k| Some(k.generator.global_loads as f64))
                    .collect(),
            });
        }
    }
    rows
}

/// Says, per metric, at which radices CG needs fewer, as many, or more than CT.
fn table1_comment(rows: &[Row]) -> Vec<String> {
    let mut out = Vec::new();
    for (key, label) in T1_LABELS {
        let paper = TABLE1.iter().find(|t| t.metric == key).expect("paper row");
        let paper_fewer: Vec<String> = (0..4)
            .filter(|&i| paper.cg[i] < paper.ct[i])
            .map(|i| TABLE1_RADICES[i].to_string())
            .collect();
        // Our first source (SASS where there is one) that knows both CT and CG somewhere.
        let ours = rows.chunks(2).find(|pair| {
            pair.len() == 2
                && pair[0].label.starts_with(label)
                && pair[0].source != "paper (AMD Evergreen)"
                && (0..4).any(|i| pair[0].values[i].is_some() && pair[1].values[i].is_some())
        });
        let Some(pair) = ours else {
            out.push(format!(
                "{label}: this device's compiler gives no figure (–), so the paper's claim cannot be checked here."
            ));
            continue;
        };
        let (mut fewer, mut same, mut more) = (Vec::new(), Vec::new(), Vec::new());
        for (i, radix) in TABLE1_RADICES.iter().enumerate() {
            if let (Some(ct), Some(cg)) = (pair[0].values[i], pair[1].values[i]) {
                let r = radix.to_string();
                if cg < ct {
                    fewer.push(r)
                } else if cg == ct {
                    same.push(r)
                } else {
                    more.push(r)
                }
            }
        }
        let list = |v: &[String]| {
            if v.is_empty() {
                "none".to_string()
            } else {
                v.join(", ")
            }
        };
        let verdict = if more.is_empty() && !fewer.is_empty() {
            "CG still needs fewer or as many"
        } else if more.is_empty() {
            "CG and CT need the same"
        } else if fewer.is_empty() {
            "CG no longer needs fewer: it needs as many or more"
        } else {
            "mixed"
        };
        out.push(format!(
            "{label} ({}): {verdict} — CG fewer at r = {}, equal at r = {}, more at r = {} (paper: fewer at r = {}).",
            pair[0].source,
            list(&fewer),
            list(&same),
            list(&more),
            list(&paper_fewer)
        ));
    }
    out
}

/// Table 1 on one device: the compiled butterfly kernels' statistics beside the paper's,
/// written to `dir` (`table1.md`, `table1.json`, with `-quick` in the names for a quick run).
/// Returns the comment lines (how CG compares with CT here and in the paper).
pub fn table1(gpu: &Gpu, meta: &RunMeta, dir: &Path, quick: bool) -> Result<Vec<String>> {
    let mut ct = Vec::new();
    let mut cg = Vec::new();
    let mut kernels = Vec::new();
    let mut notes = Vec::new();
    for r in TABLE1_RADICES {
        let (p, m) = table1_plan(r);
        for (algo, list) in [(Algorithm::Ct, &mut ct), (Algorithm::Cg, &mut cg)] {
            let plan = VcPlan::new(
                p,
                2 * m,
                VcOptions {
                    algorithm: algo,
                    radix: Some(r),
                    ..Default::default()
                },
            )?;
            let tr = VcTransform::new(gpu, &plan)?;
            let st = collect(gpu, &tr)?;
            for n in st.notes {
                if !notes.contains(&n) {
                    notes.push(n);
                }
            }
            let k = st.kernels.into_iter().next().context("no kernel")?;
            kernels.push(Table1Kernel {
                radix: r,
                p,
                algorithm: algo.to_string(),
                stats: k.clone(),
            });
            list.push(k);
        }
    }
    let mut rows = Vec::new();
    for (key, label) in T1_LABELS {
        let paper = TABLE1.iter().find(|t| t.metric == key).expect("paper row");
        for (alg, v) in [("CT", paper.ct), ("CG", paper.cg)] {
            rows.push(Row {
                label: format!("{label}, {alg}"),
                source: "paper (AMD Evergreen)".into(),
                values: v.iter().map(|x| Some(*x as f64)).collect(),
            });
        }
        rows.extend(our_rows(key, label, &ct, &cg));
    }
    let comment = table1_comment(&rows);
    let mut md = header(&format!("Table 1 on {}", gpu.info.name), meta);
    md.push_str("Per work-item statistics of the compiled radix-r butterfly kernels (static instruction counts), coefficients const-first (the paper's X1 in constant memory), f32; r = 9 and 16 are p = 3 and p = 4 with two digits per butterfly. The paper's figures are AMD APP Profiler 2.5 on AMD Evergreen. `–`: the device's compiler gives no such figure.\n\n");
    let head: Vec<String> = ["", "source"]
        .iter()
        .map(|s| s.to_string())
        .chain(TABLE1_RADICES.iter().map(|r| format!("r = {r}")))
        .collect();
    md.push_str(&md_table(&head, &rows, &|v| format!("{v}")));
    md.push_str("\n## Comment\n\n");
    for c in &comment {
        md.push_str(&format!("- {c}\n"));
    }
    md.push_str("\n## Kernels\n\n");
    for k in &kernels {
        md.push_str(&format!(
            "- r = {}, p = {}, {}: `{}`\n",
            k.radix, k.p, k.algorithm, k.stats.kernel
        ));
    }
    if !notes.is_empty() {
        md.push_str("\n## Notes\n\n");
        for n in &notes {
            md.push_str(&format!("- {n}\n"));
        }
    }
    let json = Table1Json {
        meta,
        quick,
        coefficients: Coeffs::ConstFirst.to_string(),
        precision: Precision::F32.to_string(),
        radices: TABLE1_RADICES,
        rows,
        comment: comment.clone(),
        kernels,
        notes,
    };
    write(&dir.join(file_name("table1.md", quick)), &md)?;
    write(
        &dir.join(file_name("table1.json", quick)),
        &(serde_json::to_string_pretty(&json)? + "\n"),
    )?;
    Ok(comment)
}

// ---------------------------------------------------------------- Tables 2 and 3

/// The n of a timing table: the paper's, or three small ones for `--quick`.
pub fn timing_ns(t: &TimingTable, quick: bool) -> Vec<u32> {
    if quick {
        if t.p == 3 {
            vec![6, 7, 8]
        } else {
            vec![4, 5, 6]
        }
    } else {
        t.n.to_vec()
    }
}

/// Repeats: few for `--quick`, else at least 5 runs and half a second.
pub fn policy(quick: bool) -> RepeatPolicy {
    if quick {
        RepeatPolicy {
            warmup: 1,
            min_count: 3,
            min_time_s: 0.0,
            max_count: 3,
        }
    } else {
        RepeatPolicy {
            warmup: 1,
            min_count: 5,
            min_time_s: 0.5,
            max_count: 30,
        }
    }
}

#[derive(Serialize)]
struct TimingJson<'a> {
    meta: &'a RunMeta,
    /// A `--quick` run (files named `*-quick.*`).
    quick: bool,
    table: u32,
    p: u32,
    n: Vec<u32>,
    rows: Vec<Row>,
    records: Vec<BenchRecord>,
}

fn find<'a>(recs: &'a [BenchRecord], algo: &str, n: u32) -> Option<&'a BenchRecord> {
    recs.iter().find(|r| r.algorithm == algo && r.n == n)
}

fn timing_rows(t: &TimingTable, ns: &[u32], recs: &[BenchRecord], device: &str) -> Vec<Row> {
    let med = |algo: &str| -> Vec<Option<f64>> {
        ns.iter()
            .map(|&n| find(recs, algo, n).map(|r| r.kernel_ms.median))
            .collect()
    };
    let wall = |algo: &str| -> Vec<Option<f64>> {
        ns.iter()
            .map(|&n| find(recs, algo, n).map(|r| r.wall_ms.median))
            .collect()
    };
    let paper = |platform: &str, algo: &str| -> Vec<Option<f64>> {
        let row = t.row(platform, algo);
        ns.iter()
            .map(|n| {
                let i = t.n.iter().position(|x| x == n)?;
                row.map(|r| r.ms[i])
            })
            .collect()
    };
    let div = |a: &[Option<f64>], b: &[Option<f64>]| -> Vec<Option<f64>> {
        a.iter().zip(b).map(|(a, b)| Some((*a)? / (*b)?)).collect()
    };
    let threads = recs
        .iter()
        .find(|r| r.algorithm == "cpu")
        .map(|r| r.driver.clone())
        .unwrap_or_default();
    let (ct, cg, cpu) = (med("ct"), med("cg"), med("cpu"));
    let ours = "this run: kernel time, median";
    let mut rows = vec![
        Row {
            label: format!("{device} / CT"),
            source: ours.into(),
            values: ct.clone(),
        },
        Row {
            label: format!("{device} / CG"),
            source: ours.into(),
            values: cg.clone(),
        },
        Row {
            label: "jitfft CPU".into(),
            source: format!("this run: {threads}"),
            values: cpu.clone(),
        },
        Row {
            label: format!("{device} / CT"),
            source: "this run: end to end (pinned upload, passes, download)".into(),
            values: wall("ct"),
        },
        Row {
            label: format!("{device} / CG"),
            source: "this run: end to end (pinned upload, passes, download)".into(),
            values: wall("cg"),
        },
    ];
    for r in &t.rows {
        rows.push(Row {
            label: format!("{} / {}", r.platform, r.algorithm.to_uppercase()),
            source: "paper".into(),
            values: paper(r.platform, r.algorithm),
        });
    }
    let speed = "speedup: paper ms / this run's ms";
    rows.push(Row {
        label: "CT vs paper Nvidia GPU CT".into(),
        source: speed.into(),
        values: div(&paper("Nvidia GPU", "ct"), &ct),
    });
    rows.push(Row {
        label: "CG vs paper Nvidia GPU CG".into(),
        source: speed.into(),
        values: div(&paper("Nvidia GPU", "cg"), &cg),
    });
    rows.push(Row {
        label: "CT vs paper AMD GPU CT".into(),
        source: speed.into(),
        values: div(&paper("AMD GPU", "ct"), &ct),
    });
    rows.push(Row {
        label: "CG vs paper AMD GPU CG".into(),
        source: speed.into(),
        values: div(&paper("AMD GPU", "cg"), &cg),
    });
    rows.push(Row {
        label: "jitfft CPU vs paper Nvidia CPU".into(),
        source: speed.into(),
        values: div(&paper("Nvidia CPU", "cpu"), &cpu),
    });
    rows.push(Row {
        label: "CT / CG".into(),
        source: "this run (above 1: CG faster)".into(),
        values: div(&ct, &cg),
    });
    rows.push(Row {
        label: "CT / CG".into(),
        source: "paper, Nvidia GPU".into(),
        values: div(&paper("Nvidia GPU", "ct"), &paper("Nvidia GPU", "cg")),
    });
    rows.push(Row {
        label: "CT / CG".into(),
        source: "paper, AMD GPU".into(),
        values: div(&paper("AMD GPU", "ct"), &paper("AMD GPU", "cg")),
    });
    rows.push(Row {
        label: "CPU / CG (device speedup)".into(),
        source: "this run".into(),
        values: div(&cpu, &cg),
    });
    rows.push(Row {
        label: "CPU / CG (device speedup)".into(),
        source: "paper, Nvidia".into(),
        values: div(&paper("Nvidia CPU", "cpu"), &paper("Nvidia GPU", "cg")),
    });
    rows.push(Row {
        label: "CPU / CG (device speedup)".into(),
        source: "paper, AMD".into(),
        values: div(&paper("AMD CPU", "cpu"), &paper("AMD GPU", "cg")),
    });
    rows
}

fn fmt_val(v: f64) -> String {
    fmt_ms(v)
}

fn write_timing(
    t: &TimingTable,
    ns: &[u32],
    gpu: &Gpu,
    recs: &[BenchRecord],
    meta: &RunMeta,
    dir: &Path,
    quick: bool,
) -> Result<()> {
    let name = |base: String| dir.join(file_name(&base, quick));
    let rows = timing_rows(t, ns, recs, &gpu.info.name);
    let mut md = header(
        &format!("Table {} (p = {}) on {}", t.number, t.p, gpu.info.name),
        meta,
    );
    md.push_str(&format!(
        "VC transform times in ms for p = {}, radix r = p, coefficients const-first, f32 on the device; each device result was checked against jitfft's f64 CPU transform on the same fresh random input before it was timed. Kernel time: sum of the passes' OpenCL profiling-event times, median over the timed runs (min–max and all figures in {}). The paper's columns are shown where its n matches.\n\n",
        t.p, file_name(&format!("table{}.json", t.number), quick)
    ));
    let head: Vec<String> = ["platform / algorithm", "source"]
        .iter()
        .map(|s| s.to_string())
        .chain(ns.iter().map(|n| format!("n = {n}")))
        .collect();
    md.push_str(&md_table(&head, &rows, &fmt_val));
    let json = TimingJson {
        meta,
        quick,
        table: t.number,
        p: t.p,
        n: ns.to_vec(),
        rows,
        records: recs.to_vec(),
    };
    write(&name(format!("table{}.md", t.number)), &md)?;
    write(
        &name(format!("table{}.json", t.number)),
        &(serde_json::to_string_pretty(&json)? + "\n"),
    )?;
    let paper_series = |f: &dyn Fn(&paper::TimingRow) -> bool| -> Vec<Series> {
        t.rows
            .iter()
            .filter(|r| f(r))
            .map(|r| Series {
                label: format!("paper {} {}", r.platform, r.algorithm),
                points: t
                    .n
                    .iter()
                    .zip(r.ms)
                    .filter(|(n, _)| ns.contains(n))
                    .map(|(n, ms)| (*n as f64, ms))
                    .collect(),
                dashed: true,
            })
            .collect()
    };
    let svg = time_chart(recs, t.p, paper_series(&|_| true));
    write(&name(format!("table{}.svg", t.number)), &svg)?;
    let ratio_paper: Vec<Series> = ["Nvidia GPU", "AMD GPU"]
        .iter()
        .filter_map(|pl| {
            let (ct, cg) = (t.row(pl, "ct")?, t.row(pl, "cg")?);
            Some(Series {
                label: format!("paper {pl}"),
                points: (0..5)
                    .filter(|&i| ns.contains(&t.n[i]))
                    .map(|i| (t.n[i] as f64, ct.ms[i] / cg.ms[i]))
                    .collect(),
                dashed: true,
            })
        })
        .collect();
    write(
        &name(format!("table{}-ct-cg.svg", t.number)),
        &ratio_chart(recs, t.p, ratio_paper),
    )?;
    Ok(())
}
