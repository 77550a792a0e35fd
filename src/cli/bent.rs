//! `jitfft bent`: which of B p-valued functions are bent. Truth vectors go to the device as
//! one byte a value; one batched fused run decodes ε^f, transforms and reduces every
//! spectrum to its min and max |S| (no spectrum is written). `--cpu` uses the f64 reference.

use super::common::{check_output_dir, is_stdout, open_device, print_json, say, write_data};
use super::mvl::PrecisionChoice;
use crate::mvl::bent::{classify_cpu, BentClassifier, BentVerdicts};
use crate::mvl::bent_report::ClassifyReport;
use crate::mvl::load_truth;
use crate::mvl::truth_file::TruthFile;
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// `jitfft bent`: whether functions' VC spectra are flat.
#[derive(Args, Debug)]
pub struct BentArgs {
    /// Number of values of the functions (p ≥ 2).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Truth vectors: .txt (integers 0..p−1, one function a line) or an integer .npy of shape
    /// (p^n,), (p, …, p), (B, p^n) or (B, p, …, p).
    #[arg(long, value_name = "FILE")]
    pub input: PathBuf,
    /// Per-function verdicts: .npy (bool, shape (B,)) or .txt (1 bent, 0 not, one a line);
    /// `-` writes text to stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Arithmetic on the device (default f64 where the device has it, else f32).
    #[arg(long, value_enum, value_name = "PRECISION")]
    pub precision: Option<PrecisionChoice>,
    /// Use the CPU reference instead of an OpenCL device.
    #[arg(long)]
    pub cpu: bool,
    /// Fused passes: complex values a work-item holds (default: the plan's rule); fewer
    /// means more work-items a function.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256), value_name = "VALUES")]
    pub fused_values: Option<u32>,
    /// Timed classifications (after one warm-up when more than 1); times are medians.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    pub repeat: u32,
    /// Print the report as JSON (the exit status is 0 whatever the verdicts).
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Split the functions over MPI ranks (`mpirun -np P jitfft bent --mpi …`, any P), one
    /// device each; verdicts gathered on rank 0. Needs a build with `--features mpi`.
    #[arg(long, conflicts_with = "cpu")]
    pub mpi: bool,
    /// Where the truth vectors wait between runs: `pinned` reads a uint8 .npy (p ≤ 256)
    /// straight into the pinned staging and each run only uploads it (default where the file
    /// allows); `memory` reads the file into host memory and each run copies it into the
    /// staging on every core, overlapped with the upload (any input format).
    #[arg(long, value_enum, value_name = "WHERE", conflicts_with_all = ["cpu", "mpi"])]
    pub load: Option<LoadMode>,
}

/// `--load`: where the truth vectors wait between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum LoadMode {
    /// Pinned host memory, read from the file once.
    Pinned,
    /// Ordinary host memory, copied into the pinned staging every run.
    Memory,
}

pub(super) fn verdict_bytes(path: &std::path::Path, v: &BentVerdicts) -> Vec<u8> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("npy"))
    {
        let body: Vec<u8> = v.bent.iter().map(|&b| b as u8).collect();
        crate::io::npy::npy_bytes("|b1", &[v.bent.len()], &body)
    } else {
        v.bent
            .iter()
            .map(|&b| if b { "1\n" } else { "0\n" })
            .collect::<String>()
            .into_bytes()
    }
}

/// Runs `jitfft bent`.
pub fn run(a: BentArgs) -> Result<()> {
    if a.mpi {
        #[cfg(feature = "mpi")]
        return super::bent_mpi::run(a);
        #[cfg(not(feature = "mpi"))]
        bail!("--mpi: this jitfft was built without MPI; build it with `cargo build --release --features mpi` (Open MPI: tools/setup.sh --mpi)");
    }
    check_args(&a)?;
    let input = load_input(&a)?;
    let (batch, n) = match (&input.staged, &input.truth) {
        (Some(f), _) => (f.batch, f.n),
        (_, Some(t)) => (t.batch, t.n),
        _ => unreachable!("a file is staged or loaded"),
    };
    crate::mvl::bent::check_possible(a.p, n)?;
    let done = if a.cpu {
        let truth = input.truth.as_ref().expect("--cpu loads into memory");
        Classified {
            verdicts: classify_cpu(truth)?,
            on: "CPU reference (f64)".to_string(),
            times: None,
            host_steps: None,
            kernels: None,
        }
    } else {
        classify_on_device(&a, &input, batch, n)?
    };
    if let Some(o) = &a.output {
        write_data(o, &verdict_bytes(o, &done.verdicts))?;
    }
    let mut out = ClassifyReport::new(
        batch,
        &done.verdicts,
        done.times,
        done.kernels,
        done.on,
        a.output.as_ref().map(|o| o.display().to_string()),
    );
    out.host_steps = done.host_steps;
    if a.json {
        return print_json(&out);
    }
    print_text(&a, &done.verdicts, &out, done.times);
    Ok(())
}

/// p and the output path, before anything is read (`bent --mpi` too).
pub(super) fn check_args(a: &BentArgs) -> Result<()> {
    if a.p < 2 {
        bail!(
            "p = {} is not allowed: a p-valued function needs p ≥ 2",
            a.p
        );
    }
    if let Some(o) = &a.output {
        if is_stdout(o) {
            super::common::report_to_stderr();
        } else {
            let ext = o.extension().map(|e| e.to_string_lossy().to_lowercase());
            if !matches!(ext.as_deref(), Some("npy" | "txt")) {
                bail!(
                    "{}: unknown verdict format: use .npy (bool) or .txt (0/1 a line)",
                    o.display()
                );
            }
            check_output_dir(o)?;
        }
    }
    Ok(())
}

/// The truth vectors as `--load` asks: a uint8 .npy opened to be read straight into the
/// pinned staging, or loaded into host memory; and the milliseconds that took.
struct Input {
    staged: Option<TruthFile>,
    truth: Option<crate::mvl::TruthVectors>,
    load_ms: f64,
}

fn load_input(a: &BentArgs) -> Result<Input> {
    let t_load = std::time::Instant::now();
    let staged = match a.load {
        Some(LoadMode::Memory) => None,
        _ if a.cpu => None,
        mode => {
            let f = TruthFile::open(&a.input, a.p)?;
            if f.is_none() && mode == Some(LoadMode::Pinned) {
                bail!(
                    "--load pinned reads a uint8 .npy (p ≤ 256) as it lies; {} is not one (p = {}): use --load memory",
                    a.input.display(),
                    a.p
                );
            }
            f
        }
    };
    let truth = match &staged {
        Some(_) => None,
        None => Some(load_truth(&a.input, a.p, None)?),
    };
    Ok(Input {
        staged,
        truth,
        load_ms: t_load.elapsed().as_secs_f64() * 1e3,
    })
}

/// What a classification gives the report: verdicts, where they were computed, the timed
/// medians (kernel, upload, end to end), the host steps and the kernels' geometry.
struct Classified {
    verdicts: BentVerdicts,
    on: String,
    times: Option<(f64, f64, f64)>,
    host_steps: Option<serde_json::Value>,
    kernels: Option<Vec<crate::mvl::bent_report::KernelGeometry>>,
}

/// The device classification: a warm-up where repeated, `--repeat` timed runs, medians.
fn classify_on_device(a: &BentArgs, input: &Input, batch: u64, n: u32) -> Result<Classified> {
    let gpu = open_device(a.device.as_deref())?;
    let precision = super::mvl::resolve(a.precision, &gpu);
    let plan = crate::mvl::bent::bent_plan_with(a.p, n, batch, precision, a.fused_values)?;
    let mut c = BentClassifier::with_plan(&gpu, &plan)?;
    if batch > 1 {
        // One function's report prints its |S| range: that needs the partials.
        c = c.verdicts_on_device(&gpu)?;
    }
    let kernels = Some(crate::mvl::bent_report::geometry(&c));
    let mut load_ms = input.load_ms;
    if let Some(f) = &input.staged {
        load_ms += c.stage_file(f)?;
    }
    let classify = || match &input.truth {
        Some(t) => c.classify_steps(&gpu, &t.data),
        None => c.classify_staged_steps(&gpu),
    };
    if a.repeat > 1 {
        classify()?; // warm-up
    }
    let mut runs = Vec::new();
    let mut steps = Vec::new();
    let mut last = None;
    for _ in 0..a.repeat {
        let (v, t, s) = classify()?;
        runs.push(t);
        steps.push(s);
        last = Some(v);
    }
    let sm = |f: &dyn Fn(&crate::mvl::bent::BentSteps) -> f64| {
        crate::runtime::Summary::of(&steps.iter().map(f).collect::<Vec<_>>()).median
    };
    let host_steps = Some(serde_json::json!({
        "source": if input.staged.is_some() { "pinned (file read into the staging)" } else { "host memory" },
        "verdicts_on": if c.on_device() { "device" } else { "host" },
        "kernel_behind_upload": c.behind_upload(),
        "load_file_ms": load_ms,
        "upload_host_ms": sm(&|s| s.upload_host_ms),
        "copy_done_ms": sm(&|s| s.copy_done_ms),
        "run_host_ms": sm(&|s| s.run_host_ms),
        "partials_host_ms": sm(&|s| s.partials_host_ms),
        "verdicts_ms": sm(&|s| s.verdicts_ms),
        "total_ms": sm(&|s| s.total_ms),
    }));
    c.release()?;
    let med = |f: &dyn Fn(&crate::vc::RunTimes) -> f64| {
        crate::runtime::Summary::of(&runs.iter().map(f).collect::<Vec<_>>()).median
    };
    let times = (
        med(&|t| t.kernel_ms),
        med(&|t| t.upload_ms),
        med(&|t| t.host_ms),
    );
    Ok(Classified {
        verdicts: last.expect("at least one run"),
        on: format!("{} ({precision})", gpu.info.name),
        times: Some(times),
        host_steps,
        kernels,
    })
}

/// The human-readable report on stderr.
fn print_text(
    a: &BentArgs,
    v: &BentVerdicts,
    out: &ClassifyReport,
    times: Option<(f64, f64, f64)>,
) {
    let decided = if out.exact {
        "exactly (|S|² are integers, error bound below 1/2)".to_string()
    } else {
        format!(
            "within the error bound 2·max|S|·e + e², e = {:.2e}",
            v.rule.spectrum_error
        )
    };
    if out.functions == 1 {
        say!(
            "{}: p = {}, n = {}, {}",
            a.input.display(),
            v.p,
            v.n,
            if v.bent[0] { "BENT" } else { "not bent" }
        );
        say!(
            "|S| ranges over [{:.6}, {:.6}]; bent needs every |S| = p^(n/2) = {:.6}; decided {decided}",
            v.min_abs[0],
            v.max_abs[0],
            out.expected_magnitude
        );
    } else {
        say!(
            "{}: {} functions, p = {}, n = {}: {} bent, {} not bent",
            a.input.display(),
            out.functions,
            v.p,
            v.n,
            out.bent_count,
            out.functions as usize - out.bent_count
        );
        say!(
            "bent needs every |S| = p^(n/2) = {:.6}; decided {decided}",
            out.expected_magnitude
        );
    }
    if let Some(o) = &out.output {
        say!("verdicts   {o}");
    }
    if let Some((k, u, e)) = times {
        say!(
            "kernel {k:.4} ms, upload {u:.4} ms, end to end {e:.3} ms (median of {})",
            a.repeat
        );
    }
    for k in out.kernels.iter().flatten() {
        say!(
            "kernel     {}: {} work-groups of {} work-items, {} function(s) a work-group, {} values a work-item{}",
            k.name,
            k.work_groups,
            k.work_group_size,
            k.functions_per_group,
            k.values_per_work_item,
            match (k.per_item, k.work_items_per_function) {
                (true, 1) => " (one work-item a function)".to_string(),
                (true, w) => format!(" ({w} work-items a function, split by the top digit)"),
                _ => String::new(),
            }
        );
    }
    say!("computed on {}", out.computed_on);
}
