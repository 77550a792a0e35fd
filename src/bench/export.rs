//! Exports of benchmark records: JSON (with the run's metadata), CSV (one row a record) and
//! Markdown. Files are written atomically; `-` means stdout. CSV parses back exactly.

use super::fft_shapes::parse_shape;
use super::meta::RunMeta;
use super::record::{BenchRecord, FftPoint, Stat, CSV_COLUMNS, FFT_CSV_COLUMNS};
use crate::error::{JitError, Result};
use crate::io::atomic::write_atomic;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// The JSON document: metadata plus records.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct BenchJson {
    /// How and where the run was made.
    pub meta: RunMeta,
    /// The measured points.
    pub records: Vec<BenchRecord>,
}

/// Writes `text` to `path`, or to stdout when `path` is `-`.
pub fn emit(path: &Path, text: &str) -> Result<()> {
    if path.as_os_str() == "-" {
        print!("{text}");
        return Ok(());
    }
    write_atomic(path, text.as_bytes())
}

/// The JSON document of a run, pretty-printed, with a final newline.
pub fn to_json(meta: &RunMeta, records: &[BenchRecord]) -> String {
    let doc = BenchJson {
        meta: meta.clone(),
        records: records.to_vec(),
    };
    serde_json::to_string_pretty(&doc).expect("records serialize") + "\n"
}

/// Reads a document written by [`to_json`]; malformed JSON is an
/// [`InvalidInput`](crate::JitError::InvalidInput) error.
pub fn from_json(text: &str) -> Result<BenchJson> {
    serde_json::from_str(text).map_err(|e| JitError::invalid(format!("bench JSON: {e}")))
}

fn opt(v: Option<f64>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

fn stat_cells(s: &Option<Stat>) -> [String; 3] {
    match s {
        Some(s) => [s.median.to_string(), s.min.to_string(), s.max.to_string()],
        None => Default::default(),
    }
}

fn quote(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// True when any record is an FFT row (`bench --fft`): the CSV adds [`FFT_CSV_COLUMNS`],
/// the Markdown shows the FFT's table.
fn has_fft(records: &[BenchRecord]) -> bool {
    records.iter().any(|r| r.fft.is_some())
}

/// The columns of a CSV of `records`.
fn csv_columns(fft: bool) -> Vec<&'static str> {
    let extra = if fft { FFT_CSV_COLUMNS } else { &[] };
    CSV_COLUMNS.iter().chain(extra).copied().collect()
}

/// The FFT columns' cells of a record (empty on a VC row).
fn fft_cells(f: &Option<FftPoint>) -> [String; 5] {
    let Some(f) = f else {
        return Default::default();
    };
    let shape: Vec<String> = f.shape.iter().map(u64::to_string).collect();
    [
        shape.join("x"),
        f.direction.clone(),
        f.real.to_string(),
        quote(&f.launches),
        quote(f.schedule.as_deref().unwrap_or("")),
    ]
}

/// CSV with a `#` comment header naming the command, date, commit and device(s).
pub fn to_csv(meta: &RunMeta, records: &[BenchRecord]) -> String {
    let mut out = String::new();
    for l in meta.lines() {
        out.push_str(&format!("# {l}\n"));
    }
    let fft = has_fft(records);
    out.push_str(&csv_columns(fft).join(","));
    out.push('\n');
    for r in records {
        let k = stat_cells(&Some(r.kernel_ms));
        let u = stat_cells(&r.upload_ms);
        let d = stat_cells(&r.download_ms);
        let w = stat_cells(&Some(r.wall_ms));
        let mut cells: Vec<String> = vec![
            quote(&r.device),
            quote(&r.device_slug),
            quote(&r.driver),
            quote(&r.implementation),
            r.p.to_string(),
            r.n.to_string(),
            r.len.to_string(),
            quote(&r.algorithm),
            r.radix.to_string(),
            quote(&r.coeffs),
            quote(&r.precision),
            r.passes.to_string(),
            k[0].clone(),
            k[1].clone(),
            k[2].clone(),
            r.kernel_ms.count.to_string(),
            u[0].clone(),
            u[1].clone(),
            u[2].clone(),
            d[0].clone(),
            d[1].clone(),
            d[2].clone(),
            w[0].clone(),
            w[1].clone(),
            w[2].clone(),
            r.bytes_moved.to_string(),
            r.bandwidth_gbs.to_string(),
            opt(r.copy_bandwidth_gbs),
            opt(r.bandwidth_fraction),
            opt(r.rel_l2_error),
            r.seed.to_string(),
            opt(r.build_ms),
            r.warmup.to_string(),
            r.runs.to_string(),
            quote(r.peer.as_deref().unwrap_or("")),
            opt(r.peer_ms),
            opt(r.speedup_vs_peer),
        ];
        if fft {
            cells.extend(fft_cells(&r.fft));
        }
        out.push_str(&cells.join(","));
        out.push('\n');
    }
    out
}

/// Splits one CSV line, honouring double quotes.
fn split_csv(line: &str) -> Vec<String> {
    let (mut out, mut cur, mut quoted) = (Vec::new(), String::new(), false);
    let mut it = line.chars().peekable();
    while let Some(c) = it.next() {
        match c {
            '"' if quoted && it.peek() == Some(&'"') => {
                cur.push('"');
                it.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out
}

/// Parses what [`to_csv`] wrote back into records.
pub fn from_csv(text: &str) -> Result<Vec<BenchRecord>> {
    let mut lines = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty());
    let header = lines
        .next()
        .ok_or_else(|| JitError::invalid("bench CSV: no header line"))?;
    let head = split_csv(header);
    let Some(fft) = [false, true].into_iter().find(|&f| head == csv_columns(f)) else {
        return Err(JitError::invalid("bench CSV: unexpected columns"));
    };
    lines
        .enumerate()
        .map(|(i, l)| {
            parse_row(&split_csv(l), fft)
                .map_err(|e| JitError::invalid(format!("bench CSV row {}: {e}", i + 1)))
        })
        .collect()
}

/// The FFT columns of a row (after the VC ones), `None` where they are empty (a VC row).
fn parse_fft(c: &[String]) -> std::result::Result<Option<FftPoint>, String> {
    if c[0].is_empty() {
        return Ok(None);
    }
    Ok(Some(FftPoint {
        shape: parse_shape(&c[0]).map_err(|e| e.to_string())?,
        direction: c[1].clone(),
        real: c[2]
            .parse()
            .map_err(|_| format!("real: {:?} is not a bool", c[2]))?,
        launches: c[3].clone(),
        schedule: Some(c[4].clone()).filter(|s| !s.is_empty()),
    }))
}

fn parse_row(c: &[String], fft: bool) -> std::result::Result<BenchRecord, String> {
    let columns = csv_columns(fft).len();
    if c.len() != columns {
        return Err(format!("{} cells, {columns} columns", c.len()));
    }
    fn num<T: std::str::FromStr>(s: &str, what: &str) -> std::result::Result<T, String> {
        s.parse()
            .map_err(|_| format!("{what}: {s:?} is not a number"))
    }
    let o = |s: &str, what: &str| -> std::result::Result<Option<f64>, String> {
        if s.is_empty() {
            Ok(None)
        } else {
            num(s, what).map(Some)
        }
    };
    let stat = |at: usize, count: usize| -> std::result::Result<Option<Stat>, String> {
        if c[at].is_empty() {
            return Ok(None);
        }
        Ok(Some(Stat {
            median: num(&c[at], CSV_COLUMNS[at])?,
            min: num(&c[at + 1], CSV_COLUMNS[at + 1])?,
            max: num(&c[at + 2], CSV_COLUMNS[at + 2])?,
            count,
        }))
    };
    let count: usize = num(&c[15], "kernel_runs")?;
    Ok(BenchRecord {
        device: c[0].clone(),
        device_slug: c[1].clone(),
        driver: c[2].clone(),
        implementation: c[3].clone(),
        p: num(&c[4], "p")?,
        n: num(&c[5], "n")?,
        len: num(&c[6], "len")?,
        algorithm: c[7].clone(),
        radix: num(&c[8], "radix")?,
        coeffs: c[9].clone(),
        precision: c[10].clone(),
        passes: num(&c[11], "passes")?,
        kernel_ms: stat(12, count)?.ok_or("kernel time missing")?,
        upload_ms: stat(16, count)?,
        download_ms: stat(19, count)?,
        wall_ms: stat(22, count)?.ok_or("wall time missing")?,
        bytes_moved: num(&c[25], "bytes_moved")?,
        bandwidth_gbs: num(&c[26], "bandwidth_gbs")?,
        copy_bandwidth_gbs: o(&c[27], "copy_bandwidth_gbs")?,
        bandwidth_fraction: o(&c[28], "bandwidth_fraction")?,
        rel_l2_error: o(&c[29], "rel_l2_error")?,
        seed: num(&c[30], "seed")?,
        build_ms: o(&c[31], "build_ms")?,
        warmup: num(&c[32], "warmup")?,
        runs: num(&c[33], "runs")?,
        peer: Some(c[34].clone()).filter(|s| !s.is_empty()),
        peer_ms: o(&c[35], "peer_ms")?,
        speedup_vs_peer: o(&c[36], "speedup_vs_peer")?,
        fft: match fft {
            true => parse_fft(&c[CSV_COLUMNS.len()..])?,
            false => None,
        },
    })
}

/// Milliseconds with sensible digits, for tables.
pub fn fmt_ms(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.1}")
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.4}")
    }
}

/// A Markdown report: metadata lines and one table row a record.
pub fn to_markdown(meta: &RunMeta, records: &[BenchRecord]) -> String {
    let mut out = String::from("# jitfft bench\n\n");
    for l in meta.lines() {
        out.push_str(&format!("- {l}\n"));
    }
    out.push_str("\nTimes in ms: median (min–max) over the timed runs; kernel time from OpenCL profiling events.\n\n");
    if records.iter().any(|r| {
        r.implementation
            .starts_with(super::sweep::REAL_IMPLEMENTATION)
    }) {
        out.push_str("Real input (`bench --real`): numpy's rfftn of (p,)*n; the device rows are the real run (real pass, complex passes of the algorithm over p^(n−1), layout move), GB/s over the bytes its passes move; the CPU rows the f64 rfftn reference.\n\n");
    }
    if has_fft(records) {
        out.push_str("FFT of any shape (`bench --fft`): the device rows checked against the f64 reference (the error column), then timed; GB/s over the bytes the launches move; radices axis by axis (`|` between axes, `·` inside a fused launch, `+` between transforms); the CPU rows the f64 reference (RustFFT along each axis).\n\n");
        out.push_str(&fft_table(records));
        return out;
    }
    out.push_str(&vc_table(records));
    out
}

/// A time summary as the tables show it: median (min–max).
fn stat_cell(s: &Option<Stat>) -> String {
    match s {
        Some(s) => format!("{} ({}–{})", fmt_ms(s.median), fmt_ms(s.min), fmt_ms(s.max)),
        None => "–".into(),
    }
}

/// The heads of [`measured_cells`].
const MEASURED_HEAD: [&str; 7] = [
    "kernel ms",
    "upload ms",
    "download ms",
    "end-to-end ms",
    "GB/s",
    "of copy bw",
    "rel. L2 error",
];

/// The cells every table shows after a row's variant: kernel, upload, download and end-to-end
/// times, GB/s, the fraction of the copy rate and the error.
fn measured_cells(r: &BenchRecord) -> [String; 7] {
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "–".into());
    [
        stat_cell(&Some(r.kernel_ms)),
        stat_cell(&r.upload_ms),
        stat_cell(&r.download_ms),
        stat_cell(&Some(r.wall_ms)),
        format!("{:.1}", r.bandwidth_gbs),
        or_dash(r.bandwidth_fraction.map(|f| format!("{:.0}%", 100.0 * f))),
        or_dash(r.rel_l2_error.map(|e| format!("{e:.1e}"))),
    ]
}

/// The table of VC rows (and their peers).
fn vc_table(records: &[BenchRecord]) -> String {
    let peers = records.iter().any(|r| r.peer_ms.is_some());
    let mut head: Vec<String> = [
        "device",
        "algorithm",
        "p",
        "n",
        "N",
        "radix",
        "coeffs",
        "precision",
    ]
    .iter()
    .chain(&MEASURED_HEAD)
    .map(|s| s.to_string())
    .collect();
    if peers {
        head.extend(["peer", "peer ms", "speedup vs peer"].map(String::from));
    }
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let mut row = vec![
                r.device.clone(),
                r.algorithm.clone(),
                r.p.to_string(),
                r.n.to_string(),
                r.len.to_string(),
                r.radix.to_string(),
                r.coeffs.clone(),
                r.precision.clone(),
            ];
            row.extend(measured_cells(r));
            if peers {
                row.extend([
                    r.peer.clone().unwrap_or_else(|| "–".into()),
                    r.peer_ms.map(fmt_ms).unwrap_or_else(|| "–".into()),
                    r.speedup_vs_peer
                        .map(|x| format!("{x:.2}×"))
                        .unwrap_or_else(|| "–".into()),
                ]);
            }
            row
        })
        .collect();
    markdown_table(&head, &rows)
}

/// The table of FFT rows (`bench --fft`).
fn fft_table(records: &[BenchRecord]) -> String {
    let head: Vec<String> = [
        "device",
        "transform",
        "shape",
        "precision",
        "launches",
        "radices",
    ]
    .iter()
    .chain(&MEASURED_HEAD)
    .chain(&["schedule"])
    .map(|s| s.to_string())
    .collect();
    let rows: Vec<Vec<String>> = records
        .iter()
        .map(|r| {
            let f = r.fft.as_ref();
            let mut row = vec![
                r.device.clone(),
                r.algorithm.clone(),
                f.map_or_else(String::new, |f| super::fft_shapes::shape_label(&f.shape)),
                r.precision.clone(),
                r.passes.to_string(),
                f.map(|f| f.launches.clone())
                    .filter(|l| !l.is_empty())
                    .unwrap_or_else(|| "–".into()),
            ];
            row.extend(measured_cells(r));
            row.push(
                match (
                    r.implementation.as_str(),
                    f.and_then(|f| f.schedule.clone()),
                ) {
                    ("cpu", _) => "–".into(),
                    (_, Some(s)) => format!("{s} (tuned)"),
                    (_, None) => "default".into(),
                },
            );
            row
        })
        .collect();
    markdown_table(&head, &rows)
}

/// A Markdown table cell: `|` escaped, line breaks as spaces.
pub fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// A Markdown table (GitHub flavour) with every cell escaped by [`md_cell`].
pub fn markdown_table(head: &[String], rows: &[Vec<String>]) -> String {
    let line = |cells: &[String]| {
        let c: Vec<String> = cells.iter().map(|c| md_cell(c)).collect();
        format!("| {} |\n", c.join(" | "))
    };
    let mut s = line(head);
    s.push_str(&format!("|{}\n", " --- |".repeat(head.len())));
    for r in rows {
        s.push_str(&line(r));
    }
    s
}

/// A peer's times from `tools/peers/peer_cufft.py` or `tools/peers/peer_cpu.py` JSON: (tool, p, n) → ms.
#[derive(Debug)]
pub struct PeerTimes {
    /// The peer's `tool` field (`peer` if absent).
    pub tool: String,
    /// (p, n, ms) per result row.
    pub times: Vec<(u32, u32, f64)>,
}

impl PeerTimes {
    /// Reads a peer's JSON file ([`PeerTimes::parse`]); the errors name the file.
    pub fn read(path: &std::path::Path) -> crate::error::Result<PeerTimes> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| crate::error::JitError::file(path, format!("cannot read: {e}")))?;
        PeerTimes::parse(&text).map_err(|e| crate::error::JitError::file(path, e))
    }

    /// Reads a peer JSON (`tool` and a `results` list of p, n, ms); the error says what is missing.
    pub fn parse(text: &str) -> std::result::Result<PeerTimes, String> {
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        let tool = v["tool"].as_str().unwrap_or("peer").to_string();
        let rows = v["results"].as_array().ok_or(
            "no `results` list (expected the JSON of tools/peers/peer_cufft.py or tools/peers/peer_cpu.py)",
        )?;
        let mut times = Vec::new();
        for (i, r) in rows.iter().enumerate() {
            let p = r["p"].as_u64().ok_or(format!("results[{i}]: no p"))? as u32;
            let n = r["n"].as_u64().ok_or(format!("results[{i}]: no n"))? as u32;
            let ms = r["kernel_ms"]["median"]
                .as_f64()
                .or_else(|| r["wall_ms"]["median"].as_f64())
                .ok_or(format!(
                    "results[{i}]: no kernel_ms.median or wall_ms.median"
                ))?;
            times.push((p, n, ms));
        }
        Ok(PeerTimes { tool, times })
    }

    /// Fills the peer columns of records whose p and n the peer timed.
    pub fn annotate(&self, records: &mut [BenchRecord]) {
        for r in records.iter_mut() {
            if let Some(&(_, _, ms)) = self.times.iter().find(|(p, n, _)| *p == r.p && *n == r.n) {
                r.peer = Some(self.tool.clone());
                r.peer_ms = Some(ms);
                r.speedup_vs_peer = Some(ms / r.kernel_ms.median);
            }
        }
    }
}
