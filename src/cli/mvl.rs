//! `jitfft spectrum` and `jitfft autocorr`: MVL analyses of many functions (truth vectors) on
//! the device, and what they share with `jitfft bent` (the precision choice).
//!
//! `spectrum --stats` is its own command rather than a `vc` flag: `vc` transforms complex
//! data and its flags choose how (algorithm, radix, layout, repeats, overlap), while these
//! commands take p-valued functions (`--p`, `--input` as for `bent`) and run one fixed fused
//! plan whose last pass reduces the spectra.

use super::common::{check_output_dir, is_stdout, open_device, print_json, say, write_data};
use crate::model::split::SetFigures;
use crate::mvl::analysis_split::{autocorrelation_split, spectrum_stats_split};
use crate::mvl::{autocorr_rows, autocorrelation, load_truth, spectrum_stats, TruthVectors};
use crate::runtime::{DeviceSet, Gpu, SetSpec};
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

/// The library's precision of a choice.
pub fn precision(c: PrecisionChoice) -> Precision {
    match c {
        PrecisionChoice::F32 => Precision::F32,
        PrecisionChoice::F64 => Precision::F64,
    }
}

/// The precision asked for, else f64 where the device has it.
pub fn resolve(choice: Option<PrecisionChoice>, gpu: &Gpu) -> Precision {
    choice
        .map(precision)
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

/// The device (a set of one) or the set the functions are split over: one device as
/// `open_device` opens it, unless `--device` names a set.
fn open_set(sel: Option<&str>) -> Result<DeviceSet> {
    let spec = SetSpec::from_arg_or_env(sel)?;
    if spec.is_set() {
        return Ok(DeviceSet::open(&spec)?);
    }
    Ok(DeviceSet::of(vec![open_device(sel)?])?)
}

/// The one device of a set of one.
fn single(set: &DeviceSet) -> Option<&Gpu> {
    (set.len() == 1).then(|| &set.members[0])
}

/// The precision asked for, else f64 where every device has it.
fn set_resolve(choice: Option<PrecisionChoice>, set: &DeviceSet) -> Precision {
    choice
        .map(precision)
        .unwrap_or_else(|| crate::mvl::set_precision(set))
}

/// A set run's JSON: the one-device report with the set's `device_set` section beside it.
#[derive(serde::Serialize)]
struct WithSet<'a, T: serde::Serialize> {
    #[serde(flatten)]
    report: &'a T,
    device_set: &'a SetFigures,
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

fn p_ok(p: u32) -> Result<()> {
    if p < 2 {
        bail!("p = {p} is not allowed: a p-valued function needs p ≥ 2");
    }
    Ok(())
}

/// Runs `jitfft spectrum --stats`.
pub fn run_spectrum(a: SpectrumArgs) -> Result<()> {
    p_ok(a.f.p)?;
    if a.bins == 0 {
        bail!("--bins 0: a histogram has at least one bin");
    }
    let truth = load_truth(&a.f.input, a.f.p, None)?;
    let on = open_set(a.f.device.as_deref())?;
    let precision = set_resolve(a.f.precision, &on);
    let (st, set) = match single(&on) {
        Some(gpu) => (spectrum_stats(gpu, &truth, precision, a.bins)?, None),
        None => {
            let (st, f) = spectrum_stats_split(&on, &truth, precision, a.bins)?;
            (st, Some(f))
        }
    };
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
    say!(
        "zero: |S| ≤ {:.2e}; histogram of |S|² on {} bins over [0, max |S|²]",
        st.zero_tol,
        st.bins
    );
    for f in 0..truth.batch as usize {
        say!(
            "f{f}: max |S| {:.6}, min |S| {:.6}, zeros {}, histogram {:?}",
            st.max_abs[f],
            st.min_abs[f],
            st.zeros[f],
            st.histogram[f]
        );
        if let Some(ex) = &st.exact {
            let parts: Vec<String> = ex[f].iter().map(|(v, c)| format!("{v}×{c}")).collect();
            say!("    exact |S|²: {}", parts.join(", "));
        }
    }
    set_lines(set.as_ref());
    Ok(())
}

/// A set run's figures, after the results.
fn set_lines(set: Option<&SetFigures>) {
    set.iter().flat_map(|f| f.lines()).for_each(|l| say!("{l}"));
}

/// Runs `jitfft autocorr`.
pub fn run_autocorr(a: AutocorrArgs) -> Result<()> {
    p_ok(a.f.p)?;
    if let Some(o) = &a.output {
        super::common::check_output_path(o)?;
        if is_stdout(o) {
            super::common::report_to_stderr();
        } else {
            check_output_dir(o)?;
        }
    }
    let truth = load_truth(&a.f.input, a.f.p, None)?;
    let on = open_set(a.f.device.as_deref())?;
    let precision = set_resolve(a.f.precision, &on);
    let (r, set) = match single(&on) {
        Some(gpu) => (autocorrelation(gpu, &truth, precision)?, None),
        None => {
            let (r, f) = autocorrelation_split(&on, &truth, precision)?;
            (r, Some(f))
        }
    };
    if let Some(o) = &a.output {
        let single = precision == Precision::F32;
        if o.extension().is_some_and(|e| e.eq_ignore_ascii_case("npy")) {
            write_data(
                o,
                &crate::io::npy::npy_complex_shaped(&r, single, &truth.shape),
            )?;
        } else {
            super::common::write_spectrum(o, &r, single)?;
        }
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
    for row in &rows {
        say!(
            "f{}: R(0) = {:.6}, max |R(τ≠0)| = {:.6}",
            row.function,
            row.r0,
            row.max_off_peak
        );
    }
    set_lines(set.as_ref());
    if let Some(o) = &a.output {
        say!("output     {}", o.display());
    }
    Ok(())
}

/// The first line of `spectrum --stats` and `autocorr`: the functions, `what` was computed,
/// the device (or set) and precision.
fn heading(
    input: &std::path::Path,
    truth: &TruthVectors,
    what: &str,
    on: &DeviceSet,
    precision: Precision,
) -> String {
    let device = match single(on) {
        Some(gpu) => gpu.info.name.clone(),
        None => on.describe(),
    };
    format!(
        "{}: {} function(s), p = {}, n = {}{what} ({}, {precision})",
        input.display(),
        truth.batch,
        truth.p,
        truth.n,
        device,
    )
}
