//! `jitfft bench`: sweeps p, n, algorithms, coefficient modes, radices, precisions and
//! devices; every point is checked against the CPU reference, then timed. Exports are
//! rewritten after every point, so an interrupted sweep keeps what it measured.

use super::vc::{AlgoArg, CoeffsArg, PrecisionArg};
use crate::bench::bandwidth::copy_bandwidth_gbs;
use crate::bench::export::{emit, to_csv, to_json, to_markdown};
use crate::bench::meta::RunMeta;
use crate::bench::plot::{ratio_chart, time_chart};
use crate::bench::sweep::{cpu_point, device_point, Variant};
use crate::bench::{BenchRecord, RepeatPolicy};
use crate::io::atomic::write_atomic;
use crate::runtime::discover::select_devices;
use crate::runtime::Gpu;
use crate::vc::plan::log_exact;
use crate::vc::{Algorithm, Coeffs, Precision, VcOptions, VcPlan};
use anyhow::{bail, Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// `jitfft bench`: a sweep of VC transforms over p, n and variants, with exports.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Values of p, comma separated (e.g. 3,4).
    #[arg(long, value_delimiter = ',', required = true, value_name = "P,...")]
    pub p: Vec<u32>,
    /// Values of n: a range `6..10` (inclusive) or a list `6,8,10`.
    #[arg(long, required = true, value_name = "RANGE")]
    pub n: String,
    /// Algorithms to measure.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "ct,cg",
        value_name = "ALGO,..."
    )]
    pub algo: Vec<AlgoArg>,
    /// Coefficient modes of the ct/cg kernels.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "const-first",
        value_name = "MODE,..."
    )]
    pub coeffs: Vec<CoeffsArg>,
    /// Radices r = p^m; each is used with the p values it is a power of (default: r = p).
    #[arg(long, value_delimiter = ',', value_name = "R,...")]
    pub radix: Vec<u64>,
    /// Precisions on the device.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "f32",
        value_name = "PRECISION,..."
    )]
    pub precision: Vec<PrecisionArg>,
    /// Print the records as JSON on stdout instead of the Markdown table (`--json FILE`, the
    /// old spelling of `--export-json FILE`, still works).
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "-")]
    pub json: Option<PathBuf>,
    /// Device: index, name substring, `gpu`, `cpu`, or `all` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Untimed runs before the timed ones.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub warmup: usize,
    /// Timed runs at least.
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub min_repeats: usize,
    /// Keep repeating until this many seconds of timed runs.
    #[arg(long, default_value_t = 0.2, value_name = "SECONDS")]
    pub min_time: f64,
    /// Timed runs at most.
    #[arg(long, default_value_t = 100, value_name = "N")]
    pub max_repeats: usize,
    /// Where the results go (JSON, CSV, Markdown).
    #[command(flatten)]
    pub export: ExportArgs,
    /// A peer's timings (JSON of tools/peers/peer_cufft.py or tools/peers/peer_cpu.py): adds peer time and
    /// speedup columns for the same p and n.
    #[arg(long, value_name = "FILE")]
    pub compare: Option<PathBuf>,
    /// Folder for SVG plots (time against n, CT/CG ratio), one pair per p.
    #[arg(long, value_name = "DIR")]
    pub plots: Option<PathBuf>,
}

/// File exports of the records, shared by `bench` and `reproduce`: `-` means stdout.
#[derive(Args, Debug, Clone, Default)]
pub struct ExportArgs {
    /// Write the records as JSON to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE")]
    pub export_json: Option<PathBuf>,
    /// Write the records as CSV to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE", alias = "csv")]
    pub export_csv: Option<PathBuf>,
    /// Write the records as a Markdown table to FILE (`-`: stdout).
    #[arg(long, value_name = "FILE", alias = "markdown")]
    pub export_markdown: Option<PathBuf>,
    /// Write the records to FILE, the format by its extension: .json, .csv or .md.
    #[arg(long, value_name = "FILE")]
    pub export: Vec<PathBuf>,
}

impl ExportArgs {
    /// The exports asked for, checked: known extensions, existing folders, at most one on
    /// stdout.
    pub fn outputs(&self, json_switch: Option<&PathBuf>) -> Result<Outputs> {
        let mut o = Outputs {
            json: self.export_json.clone(),
            csv: self.export_csv.clone(),
            markdown: self.export_markdown.clone(),
        };
        let set = |slot: &mut Option<PathBuf>, p: &PathBuf, flag: &str| -> Result<()> {
            if slot.is_some() {
                bail!("{flag} {}: that format is already exported", p.display());
            }
            *slot = Some(p.clone());
            Ok(())
        };
        if let Some(p) = json_switch {
            set(&mut o.json, p, "--json")?;
        }
        for p in &self.export {
            let ext = p
                .extension()
                .map(|e| e.to_string_lossy().to_lowercase())
                .unwrap_or_default();
            match ext.as_str() {
                "json" => set(&mut o.json, p, "--export")?,
                "csv" => set(&mut o.csv, p, "--export")?,
                "md" | "markdown" => set(&mut o.markdown, p, "--export")?,
                _ => bail!(
                    "--export {}: the format comes from the extension: .json, .csv or .md (for stdout use --export-json -, --export-csv - or --export-markdown -)",
                    p.display()
                ),
            }
        }
        let mut stdout = 0;
        for (flag, p) in [
            ("--export-json", &o.json),
            ("--export-csv", &o.csv),
            ("--export-markdown", &o.markdown),
        ] {
            if let Some(p) = p {
                check_dir_of(p, flag)?;
                stdout += usize::from(p.as_os_str() == "-");
            }
        }
        if stdout > 1 {
            bail!("more than one export to stdout (`-`): send all but one to files");
        }
        Ok(o)
    }
}

/// `6..10` (inclusive), `6,8,10` or `7`.
pub fn parse_n_list(s: &str) -> Result<Vec<u32>> {
    let bad = || {
        anyhow::anyhow!("--n {s:?}: use a range such as 6..10 (inclusive), a list such as 6,8,10, or one number")
    };
    let v: Vec<u32> = if let Some((a, b)) = s.split_once("..") {
        let a: u32 = a.trim().parse().map_err(|_| bad())?;
        let b: u32 = b
            .trim()
            .trim_start_matches('=')
            .parse()
            .map_err(|_| bad())?;
        if b < a {
            bail!("--n {s:?}: the range is empty (end {b} < start {a})");
        }
        (a..=b).collect()
    } else {
        s.split(',')
            .map(|x| x.trim().parse::<u32>().map_err(|_| bad()))
            .collect::<Result<_>>()?
    };
    if v.is_empty() {
        return Err(bad());
    }
    Ok(v)
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

fn variants(a: &BenchArgs, p: u32) -> Vec<Variant> {
    let radices: Vec<Option<u64>> = if a.radix.is_empty() {
        vec![None]
    } else {
        a.radix
            .iter()
            .filter(|r| log_exact(p as u64, **r).is_some())
            .map(|r| Some(*r))
            .collect()
    };
    let mut out = Vec::new();
    for &precision in &a.precision {
        for &coeffs in &a.coeffs {
            for &radix in &radices {
                for &algo in &a.algo {
                    out.push(Variant {
                        algorithm: match algo {
                            AlgoArg::Ct => Algorithm::Ct,
                            AlgoArg::Cg => Algorithm::Cg,
                            AlgoArg::Fused => Algorithm::Fused,
                        },
                        radix,
                        coeffs: match coeffs {
                            CoeffsArg::ConstFirst => Coeffs::ConstFirst,
                            CoeffsArg::ConstMatrix => Coeffs::ConstMatrix,
                            CoeffsArg::Literal => Coeffs::Literal,
                        },
                        precision: match precision {
                            PrecisionArg::F32 => Precision::F32,
                            PrecisionArg::F64 => Precision::F64,
                        },
                    });
                }
            }
        }
    }
    out
}

/// A progress bar on stderr, hidden when stderr is not a terminal or with `--quiet`.
pub fn progress(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() || super::common::quiet() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {msg}") {
        pb.set_style(style);
    }
    pb
}

/// A spinner on stderr for work of unknown length, hidden like [`progress`].
pub fn spinner() -> ProgressBar {
    if !std::io::stderr().is_terminal() || super::common::quiet() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new_spinner();
    if let Ok(style) = ProgressStyle::with_template("{spinner} {elapsed} {msg}") {
        pb.set_style(style);
    }
    pb.enable_steady_tick(std::time::Duration::from_millis(120));
    pb
}

/// Where the exports go.
pub struct Outputs {
    /// JSON file (`-`: stdout).
    pub json: Option<PathBuf>,
    /// CSV file (`-`: stdout).
    pub csv: Option<PathBuf>,
    /// Markdown file (`-`: stdout).
    pub markdown: Option<PathBuf>,
}

impl Outputs {
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
}

/// Runs `jitfft bench`.
pub fn run(a: BenchArgs) -> Result<()> {
    let ns = parse_n_list(&a.n)?;
    let policy = RepeatPolicy {
        warmup: a.warmup,
        min_count: a.min_repeats,
        min_time_s: a.min_time,
        max_count: a.max_repeats,
    };
    policy.validate()?;
    let mut outs = a.export.outputs(a.json.as_ref())?;
    if let Some(d) = &a.plots {
        if !d.is_dir() {
            bail!("--plots {}: no such directory", d.display());
        }
    }
    for r in &a.radix {
        if !a.p.iter().any(|p| log_exact(*p as u64, *r).is_some()) {
            bail!(
                "--radix {r} is not a power of any p given ({}); a radix must be p^m",
                a.p.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            );
        }
    }
    // Validate every plan before measuring anything.
    let mut total = 0u64;
    for &p in &a.p {
        for &n in &ns {
            for v in variants(&a, p) {
                VcPlan::new(
                    p,
                    n,
                    VcOptions {
                        algorithm: v.algorithm,
                        radix: v.radix,
                        coeffs: v.coeffs,
                        precision: v.precision,
                        ..Default::default()
                    },
                )
                .with_context(|| format!("p = {p}, n = {n}"))?;
            }
        }
    }
    let peer = match &a.compare {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("{}: cannot read", path.display()))?;
            Some(
                crate::bench::export::PeerTimes::parse(&text)
                    .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?,
            )
        }
        None => None,
    };
    let found = select_devices(a.device.as_deref())?;
    let mut gpus = Vec::new();
    for f in found {
        let gpu = Gpu::from_found(f)?;
        let bw = copy_bandwidth_gbs(&gpu, 5).ok();
        gpus.push((gpu, bw));
    }
    for &p in &a.p {
        total += ns.len() as u64 * (1 + gpus.len() as u64 * variants(&a, p).len() as u64);
    }
    let meta = RunMeta::new(gpus.iter().map(|(g, _)| g.describe()).collect());
    if outs.json.is_none() && outs.csv.is_none() && outs.markdown.is_none() {
        outs.markdown = Some(PathBuf::from("-"));
    }
    let pb = progress(total);
    let mut records: Vec<BenchRecord> = Vec::new();
    for &p in &a.p {
        for &n in &ns {
            pb.set_message(format!("p = {p}, n = {n}: CPU reference"));
            let (cpu, reference) = cpu_point(p, n, &policy)?;
            records.push(cpu);
            if let Some(peer) = &peer {
                peer.annotate(&mut records);
            }
            pb.inc(1);
            outs.write(&meta, &records, false)?;
            for (gpu, bw) in &gpus {
                for v in variants(&a, p) {
                    pb.set_message(format!(
                        "p = {p}, n = {n}: {} {}",
                        gpu.info.name, v.algorithm
                    ));
                    let rec = device_point(gpu, *bw, &reference, &v, &policy)?;
                    records.push(rec);
                    if let Some(peer) = &peer {
                        peer.annotate(&mut records);
                    }
                    pb.inc(1);
                    outs.write(&meta, &records, false)?;
                }
            }
        }
    }
    pb.finish_and_clear();
    outs.write(&meta, &records, true)?;
    if let Some(d) = &a.plots {
        for &p in &a.p {
            write_atomic(
                &d.join(format!("bench-p{p}-time.svg")),
                time_chart(&records, p, vec![]).as_bytes(),
            )?;
            write_atomic(
                &d.join(format!("bench-p{p}-ct-cg.svg")),
                ratio_chart(&records, p, vec![]).as_bytes(),
            )?;
        }
    }
    Ok(())
}
