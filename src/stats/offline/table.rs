//! The side-by-side report of offline (and live) columns: one column per target and
//! algorithm, kernels matched by position, each figure tagged with a letter naming its source.

use super::vc::OfflineColumn;

/// The figures' sources, lettered in order of first use.
fn legend(cols: &[OfflineColumn]) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for m in cols
        .iter()
        .flat_map(|c| &c.kernels)
        .flat_map(|k| &k.metrics)
    {
        if !v.contains(&m.source) {
            v.push(m.source.clone());
        }
    }
    v
}

fn tag(i: usize) -> String {
    let letters = b"abcdefghijklmnopqrstuvwxyz";
    if i < 26 {
        (letters[i] as char).to_string()
    } else {
        format!("{}{}", letters[i / 26 - 1] as char, letters[i % 26] as char)
    }
}

/// The rows of the table: a header block, then per kernel position its name row and one row
/// per metric key (in order of first appearance). Each row: label, one cell per column.
pub fn rows(cols: &[OfflineColumn]) -> (Vec<Vec<String>>, Vec<String>) {
    let sources = legend(cols);
    let mut out = vec![
        std::iter::once("target".to_string())
            .chain(cols.iter().map(|c| c.target.clone()))
            .collect::<Vec<_>>(),
        std::iter::once("algorithm".to_string())
            .chain(cols.iter().map(|c| c.algorithm.clone()))
            .collect(),
    ];
    let kernels = cols.iter().map(|c| c.kernels.len()).max().unwrap_or(0);
    if kernels == 0 {
        out.push(
            std::iter::once("figures".to_string())
                .chain(
                    cols.iter()
                        .map(|c| c.unavailable.clone().unwrap_or("–".into())),
                )
                .collect(),
        );
    }
    for k in 0..kernels {
        out.push(
            std::iter::once(format!("kernel {}", k + 1))
                .chain(cols.iter().map(|c| {
                    c.kernels
                        .get(k)
                        .map(|x| x.kernel.clone())
                        .or_else(|| c.unavailable.as_ref().map(|_| "(no fp64)".into()))
                        .unwrap_or("–".into())
                }))
                .collect(),
        );
        let mut keys: Vec<&str> = Vec::new();
        for m in cols
            .iter()
            .filter_map(|c| c.kernels.get(k))
            .flat_map(|x| &x.metrics)
        {
            if !keys.contains(&m.key.as_str()) {
                keys.push(&m.key);
            }
        }
        for key in keys {
            let mut row = vec![format!("  {key}")];
            for c in cols {
                let cell = c
                    .kernels
                    .get(k)
                    .and_then(|x| x.metrics.iter().find(|m| m.key == key))
                    .map(|m| {
                        let i = sources.iter().position(|s| *s == m.source).unwrap_or(0);
                        format!("{} {}", m.shown(), tag(i))
                    })
                    .unwrap_or_default();
                row.push(cell);
            }
            out.push(row);
        }
    }
    let legend = sources
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}  {s}", tag(i)))
        .collect();
    (out, legend)
}

/// The plain-text table with its legend and the columns' compilers and notes.
pub fn render(cols: &[OfflineColumn]) -> String {
    let (rows, legend) = rows(cols);
    let widths: Vec<usize> = (0..rows[0].len())
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for r in &rows {
        let cells: Vec<String> = r
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let pad = widths[i] - c.chars().count();
                if i == 0 {
                    format!("{c}{}", " ".repeat(pad))
                } else {
                    format!("{}{c}", " ".repeat(pad))
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out.push_str("\nsources\n");
    for l in legend {
        out.push_str(&format!("  {l}\n"));
    }
    out.push_str("\ncompilers\n");
    let mut seen: Vec<(String, String)> = Vec::new();
    for c in cols {
        let key = (c.backend.clone(), c.compiler.clone());
        if !c.compiler.is_empty() && !seen.contains(&key) {
            out.push_str(&format!("  {}: {}\n", c.backend, c.compiler));
            seen.push(key);
        }
    }
    let notes: Vec<String> = cols
        .iter()
        .flat_map(|c| c.notes.iter().chain(c.unavailable.iter()).cloned())
        .collect();
    if !notes.is_empty() {
        out.push_str("\nnotes\n");
        for n in notes {
            out.push_str(&format!("  {n}\n"));
        }
    }
    out
}

/// The table as Markdown (sources as a list below it).
pub fn markdown(cols: &[OfflineColumn]) -> String {
    let (rows, legend) = rows(cols);
    let mut out = String::new();
    let line = |r: &[String]| format!("| {} |\n", r.join(" | "));
    out.push_str(&line(&rows[0]));
    out.push_str(&line(&vec!["---".to_string(); rows[0].len()]));
    for r in &rows[1..] {
        out.push_str(&line(r));
    }
    out.push_str("\nSources:\n\n");
    for l in legend {
        out.push_str(&format!("- {l}\n"));
    }
    out
}

/// Long-form CSV: one line per figure (target, algorithm, kernel, key, value, source).
pub fn csv(cols: &[OfflineColumn]) -> String {
    let q = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from("target,backend,algorithm,kernel,key,value,source,compiler\n");
    for c in cols {
        for k in &c.kernels {
            for m in &k.metrics {
                out.push_str(&format!(
                    "{},{},{},{},{},{},{},{}\n",
                    q(&c.target),
                    q(&c.backend),
                    q(&c.algorithm),
                    q(&k.kernel),
                    q(&m.key),
                    m.value.map(|v| v.to_string()).unwrap_or_default(),
                    q(&m.source),
                    q(&c.compiler)
                ));
            }
        }
    }
    out
}
