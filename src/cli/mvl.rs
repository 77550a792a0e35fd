//! `jitfft spectrum` and `jitfft autocorr`: MVL analyses of many functions (truth vectors) on
//! the device, and what they share with `jitfft bent` (the precision choice).
//!
//! `spectrum --stats` is its own command rather than a `vc` flag: `vc` transforms complex
//! data and its flags choose how (algorithm, radix, layout, repeats, overlap), while these
//! commands take p-valued functions (`--p`, `--input` as for `bent`) and run one fixed fused
//! plan whose last pass reduces the spectra.

use super::common::{check_output_path, open_one_or_set, output_to, print_json, say, say_lines};
use crate::model::split::SetFigures;
use crate::mvl::analysis_split::{autocorrelation_on, heading, spectrum_stats_on, WithSet};
use crate::mvl::{autocorr_rows, load_truth};
use crate::runtime::{DeviceSet, Gpu};
use crate::transform::Precision;
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// `--precision` of the MVL commands.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum PrecisionChoice {
    /// Single precision.
    F32,
    /// Double precision (the device must support fp64).
    F64,
}

/// The precision asked for, else f64 where the device has it.
pub fn resolve(choice: Option<PrecisionChoice>, gpu: &Gpu) -> Precision {
    choice
        .map(super::vc::lib)
        .unwrap_or_else(|| crate::mvl::default_precision(gpu))
}

/// Flags every MVL command shares: the functions and the device.
#[derive(Args, Debug)]
pub struct FunctionsArgs {
    /// Number of values of the functions (p ≥ 2).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Truth vectors: .txt (integers 0..p−1, one function a line) or an integer .npy of
    /// shape (p^n,), (p, …, p), (B, p^n) or (B, p, …, p).
    #[arg(long, value_name = "FILE")]
    pub input: PathBuf,
    /// Arithmetic on the device (default f64 where the device has it, else f32).
    #[arg(long, value_enum, value_name = "PRECISION")]
    pub precision: Option<PrecisionChoice>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU); or a
    /// set the functions are split over: `all`, `0,1,3`, a name or vendor (every match), `0,0`.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE", value_parser = super::common::device_arg)]
    pub device: Option<String>,
}

/// The device (a set of one) or the set the functions are split over.
fn open_set(sel: Option<&str>) -> Result<DeviceSet> {
    Ok(open_one_or_set(sel, true, "this command")?.into_set()?)
}

/// The precision asked for, else f64 where every device has it.
fn set_resolve(choice: Option<PrecisionChoice>, set: &DeviceSet) -> Precision {
    choice
        .map(super::vc::lib)
        .unwrap_or_else(|| crate::mvl::set_precision(set))
}

/// `jitfft spectrum`: spectral statistics of functions.
#[derive(Args, Debug)]
pub struct SpectrumArgs {
    /// The functions and the device.
    #[command(flatten)]
    pub f: FunctionsArgs,
    /// Per function: min and max |S|, zero coefficients and the histogram of |S|² (the only
    /// mode: spectra themselves come from `jitfft vc --encoding roots`).
    #[arg(long, required = true)]
    pub stats: bool,
    /// Histogram bins over [0, max |S|²] of each function.
    #[arg(long, default_value_t = 16, value_name = "BINS")]
    pub bins: u32,
}

/// `jitfft autocorr`: autocorrelation of functions.
#[derive(Args, Debug)]
pub struct AutocorrArgs {
    /// The functions and the device.
    #[command(flatten)]
    pub f: FunctionsArgs,
    /// R_f(τ) of every function: .npy (complex, the input's shape) or .txt (`re im` a line);
    /// `-` writes text to stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Runs `jitfft spectrum --stats`.
pub fn run_spectrum(a: SpectrumArgs) -> Result<()> {
    crate::mvl::check_p(a.f.p)?;
    if a.bins == 0 {
        bail!("--bins 0: a histogram has at least one bin");
    }
    let truth = load_truth(&a.f.input, a.f.p, None)?;
    let on = open_set(a.f.device.as_deref())?;
    let precision = set_resolve(a.f.precision, &on);
    let (st, set) = spectrum_stats_on(&on, &truth, precision, a.bins)?;
    if a.f.json {
        return match &set {
            None => print_json(&st),
            Some(f) => print_json(&WithSet {
                report: &st,
                device_set: f,
            }),
        };
    }
    let what = format!(", N = {}", truth.len());
    say!("{}", heading(&a.f.input, &truth, &what, &on, precision));
    say_lines(&st.lines());
    set_lines(set.as_ref());
    Ok(())
}

/// A set run's figures, after the results.
fn set_lines(set: Option<&SetFigures>) {
    set.iter().flat_map(|f| f.lines()).for_each(|l| say!("{l}"));
}

/// Runs `jitfft autocorr`.
pub fn run_autocorr(a: AutocorrArgs) -> Result<()> {
    crate::mvl::check_p(a.f.p)?;
    output_to(a.output.as_deref(), check_output_path)?;
    let truth = load_truth(&a.f.input, a.f.p, None)?;
    let on = open_set(a.f.device.as_deref())?;
    let precision = set_resolve(a.f.precision, &on);
    let (r, set) = autocorrelation_on(&on, &truth, precision)?;
    if let Some(o) = &a.output {
        let single = precision == Precision::F32;
        crate::io::output::write_spectrum(o, &r, single, Some(&truth.shape))?;
    }
    let rows = autocorr_rows(&r, &truth);
    if a.f.json {
        // One device: the rows as before; a set: the rows under `functions`, beside the set.
        return match &set {
            None => print_json(&rows),
            Some(f) => print_json(&serde_json::json!({ "functions": rows, "device_set": f })),
        };
    }
    let what = "; R(τ) = Σ_x ε^(f(x⊕τ) − f(x))";
    say!("{}", heading(&a.f.input, &truth, what, &on, precision));
    rows.iter().for_each(|row| say!("{}", row.line()));
    set_lines(set.as_ref());
    if let Some(o) = &a.output {
        say!("output     {}", o.display());
    }
    Ok(())
}
