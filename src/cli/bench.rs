//! `jitfft bench`: sweeps p, n, algorithms, coefficient modes, radices, precisions and
//! devices; every point is checked against the CPU reference, then timed. Exports are
//! rewritten after every point, so an interrupted sweep keeps what it measured.

use super::vc::{lib, AlgoArg, CoeffsArg, PrecisionArg};
use crate::bench::export::PeerTimes;
use crate::bench::fft_sweep::FftSweepSpec;
use crate::bench::meta::RunMeta;
use crate::bench::outputs::Outputs;
use crate::bench::sweep_run::{open_devices, parse_n_list, Sweep, SweepSpec};
use crate::bench::RepeatPolicy;
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// `jitfft bench`: a sweep of VC transforms over p, n and variants (or, `--fft`, of the FFT
/// over shapes), with exports.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Values of p, comma separated (e.g. 3,4).
    #[arg(
        long,
        value_delimiter = ',',
        required_unless_present = "fft",
        value_name = "P,..."
    )]
    pub p: Vec<u32>,
    /// Values of n: a range `6..10` (inclusive) or a list `6,8,10`.
    #[arg(long, required_unless_present = "fft", value_name = "RANGE")]
    pub n: Option<String>,
    /// The FFT of any shape instead of the VC transform: every --shape in every --precision.
    #[arg(long, requires = "shape", conflicts_with_all = ["p", "n", "algo", "coeffs", "radix", "compare"])]
    pub fft: bool,
    /// --fft's shapes: `;` between shapes (or repeat the flag), `,` or `x` between axes, lengths
    /// in full or as powers, e.g. '4096;2^20;1000x768'.
    #[arg(long, alias = "shapes", requires = "fft", value_name = "SHAPES")]
    pub shape: Vec<String>,
    /// With --fft: the inverse (ifftn; with --real irfftn), scaled by 1/N as numpy does.
    #[arg(long, requires = "fft")]
    pub inverse: bool,
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
    /// Exactly N timed runs (--min-repeats and --max-repeats N).
    #[arg(long, conflicts_with_all = ["min_repeats", "max_repeats"], value_name = "N")]
    pub repeat: Option<usize>,
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
    /// Real input: numpy's rfftn of (p,)*n (`vc --real`) against the f64 rfftn reference; the
    /// algorithm, radix and coefficients choose its complex passes over p^(n−1) points (rows
    /// `opencl rfftn`; bytes are what the real run's passes move). With --fft: rfftn/irfftn.
    #[arg(long, conflicts_with = "compare")]
    pub real: bool,
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
    /// stdout (`bench::outputs`).
    pub fn outputs(&self, json_switch: Option<&PathBuf>) -> Result<Outputs> {
        let o = Outputs {
            json: self.export_json.clone(),
            csv: self.export_csv.clone(),
            markdown: self.export_markdown.clone(),
        };
        o.resolve(&self.export, json_switch)
    }
}

pub use crate::io::progress::{progress, spinner};

impl BenchArgs {
    /// The sweep these flags ask for.
    fn spec(&self) -> Result<Sweep> {
        let policy = RepeatPolicy {
            warmup: self.warmup,
            min_count: self.repeat.unwrap_or(self.min_repeats),
            min_time_s: self.min_time,
            max_count: self.repeat.unwrap_or(self.max_repeats),
        };
        let (precisions, real) = (self.precision.iter().map(|p| lib(*p)).collect(), self.real);
        if self.fft {
            let s = FftSweepSpec::new(&self.shape, precisions, (real, self.inverse), policy)?;
            return Ok(Sweep::Fft(s));
        }
        Ok(Sweep::Vc(SweepSpec {
            ps: self.p.clone(),
            ns: parse_n_list(self.n.as_deref().unwrap_or_default())?,
            algorithms: self.algo.iter().map(|a| lib(*a)).collect(),
            coeffs: self.coeffs.iter().map(|c| lib(*c)).collect(),
            radices: self.radix.clone(),
            precisions,
            policy,
            real,
        }))
    }
}

/// Runs `jitfft bench`: the sweep checked, the devices opened, every point measured with
/// the exports rewritten after each (`bench::sweep_run`), then the plots.
pub fn run(a: BenchArgs) -> Result<()> {
    let spec = a.spec()?;
    spec.policy().validate()?;
    let mut outs = a.export.outputs(a.json.as_ref())?;
    if let Some(d) = a.plots.as_ref().filter(|d| !d.is_dir()) {
        bail!("--plots {}: no such directory", d.display());
    }
    spec.validate()?;
    let peer = a.compare.as_deref().map(PeerTimes::read).transpose()?;
    let gpus = open_devices(a.device.as_deref())?;
    let meta = RunMeta::new(gpus.iter().map(|(g, _)| g.describe()).collect());
    if !outs.any() {
        outs.markdown = Some(PathBuf::from("-"));
    }
    let pb = progress(spec.points(gpus.len()));
    let records = spec.run(
        &gpus,
        peer.as_ref(),
        &mut |m| pb.set_message(m),
        &mut |records| {
            pb.inc(1);
            outs.write(&meta, records, false)
        },
    )?;
    pb.finish_and_clear();
    outs.write(&meta, &records, true)?;
    if let Some(d) = &a.plots {
        spec.write_plots(d, &records)?;
    }
    Ok(())
}
