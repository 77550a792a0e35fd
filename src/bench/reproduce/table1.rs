//! Table 1: the kernels' statistics from the generator and the device compiler, beside the
//! paper's figures for the AMD Evergreen compiler.

use super::*;

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
    md.push_str(&radix_table(&rows));
    md.push_str(&bullets("Comment", &comment));
    md.push_str(&bullets(
        "Kernels",
        kernels.iter().map(|k| {
            format!(
                "r = {}, p = {}, {}: `{}`",
                k.radix, k.p, k.algorithm, k.stats.kernel
            )
        }),
    ));
    if !notes.is_empty() {
        md.push_str(&bullets("Notes", &notes));
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
