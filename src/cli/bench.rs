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

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Values of p, comma separated (e.g. 3,4).
    #[arg(long, value_delimiter = ',', required = true)]
    pub p: Vec<u32>,
    /// Values of n: a range `6..10` (inclusive) or a list `6,8,10`.
    #[arg(long, required = true)]
    pub n: String,
    #[arg(long, value_enum, value_delimiter = ',', default_value = "ct,cg")]
    pub algo: Vec<AlgoArg>,
    #[arg(long, value_enum, value_delimiter = ',', default_value = "const-first")]
    pub coeffs: Vec<CoeffsArg>,
    /// Radices r = p^m; each is used with the p values it is a power of (default: r = p).
    #[arg(long, value_delimiter = ',')]
    pub radix: Vec<u64>,
    #[arg(long, value_enum, value_delimiter = ',', default_value = "f32")]
    pub precision: Vec<PrecisionArg>,
    /// Device: index, name substring, `gpu`, `cpu`, or `all` (default: first GPU, else CPU).
    #[arg(long)]
    pub device: Option<String>,
    /// Untimed runs before the timed ones.
    #[arg(long, default_value_t = 1)]
    pub warmup: usize,
    /// Timed runs at least.
    #[arg(long, default_value_t = 5)]
    pub min_repeats: usize,
    /// Keep repeating until this many seconds of timed runs.
    #[arg(long, default_value_t = 0.2)]
    pub min_time: f64,
    #[arg(long, default_value_t = 100)]
    pub max_repeats: usize,
    /// Write the records as JSON (`-` for stdout).
    #[arg(long)]
    pub json: Option<PathBuf>,
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Markdown table (printed to stdout when no export is asked for).
    #[arg(long)]
    pub markdown: Option<PathBuf>,
    /// A peer's timings (JSON of tools/peers/peer_cufft.py or tools/peers/peer_cpu.py): adds peer
    /// time and speedup columns for the same p and n.
    #[arg(long)]
    pub compare: Option<PathBuf>,
    /// Folder for SVG plots (time against n, CT/CG ratio), one pair per p.
    #[arg(long)]
    pub plots: Option<PathBuf>,
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

/// A progress bar on stderr, hidden when stderr is not a terminal.
pub fn progress(total: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(total);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {msg}") {
        pb.set_style(style);
    }
    pb
}

/// Where the exports go.
pub struct Outputs {
    pub json: Option<PathBuf>,
    pub csv: Option<PathBuf>,
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

pub fn run(a: BenchArgs) -> Result<()> {
    let ns = parse_n_list(&a.n)?;
    let policy = RepeatPolicy {
        warmup: a.warmup,
        min_count: a.min_repeats,
        min_time_s: a.min_time,
        max_count: a.max_repeats,
    };
    policy.validate()?;
    for (flag, p) in [
        ("--json", &a.json),
        ("--csv", &a.csv),
        ("--markdown", &a.markdown),
    ] {
        if let Some(p) = p {
            check_dir_of(p, flag)?;
        }
    }
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
    let stdout_md = a.json.is_none() && a.csv.is_none() && a.markdown.is_none();
    let outs = Outputs {
        json: a.json.clone(),
        csv: a.csv.clone(),
        markdown: if stdout_md {
            Some(PathBuf::from("-"))
        } else {
            a.markdown.clone()
        },
    };
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
