//! A `bent` run as the user asks for it ([`Request`]) and every decision about it made once,
//! here: where the truth vectors wait between runs (pinned staging read from a uint8 .npy, or
//! host memory), the precision (f64 where the device has it), the CPU reference or the
//! device, the warm-up and repeats. Front ends fill a request, call [`run`] and print.

use super::bent::{bent_plan_with, check_possible, classify_cpu, BentClassifier, BentVerdicts};
use super::bent_classifier::BentSteps;
use super::bent_report::{geometry, BentTimes, ClassifyReport, ClassifyTimes, KernelGeometry};
use super::truth_file::TruthFile;
use super::{default_precision, load_truth, TruthVectors};
use crate::error::{JitError, Result};
use crate::runtime::{DeviceSet, Gpu, Summary};
use crate::transform::Precision;
use std::path::PathBuf;
use std::time::Instant;

/// Where the truth vectors wait between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum LoadMode {
    /// Pinned host memory, read from the file once.
    Pinned,
    /// Ordinary host memory, copied into the pinned staging every run.
    Memory,
}

/// What a `bent` run asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// Values of the functions (p ≥ 2).
    pub p: u32,
    /// Truth vectors (.txt or an integer .npy).
    pub input: PathBuf,
    /// `None`: f64 where the device has it, else f32.
    pub precision: Option<Precision>,
    /// The CPU reference (f64) instead of a device.
    pub cpu: bool,
    /// Complex values a work-item of the fused passes holds (`None`: the plan's rule).
    pub fused_values: Option<u32>,
    /// Timed classifications (after one warm-up when more than 1).
    pub repeat: u32,
    /// `None`: pinned where the file allows, else memory.
    pub load: Option<LoadMode>,
}

/// The truth vectors as `load` asks: a uint8 .npy opened to be read straight into the pinned
/// staging, or loaded into host memory; and the milliseconds that took.
struct Input {
    staged: Option<TruthFile>,
    truth: Option<TruthVectors>,
    load_ms: f64,
}

fn load_input(req: &Request) -> Result<Input> {
    let t_load = Instant::now();
    let staged = match req.load {
        Some(LoadMode::Memory) => None,
        _ if req.cpu => None,
        mode => {
            let f = TruthFile::open(&req.input, req.p)?;
            if f.is_none() && mode == Some(LoadMode::Pinned) {
                return Err(JitError::invalid(format!(
                    "--load pinned reads a uint8 .npy (p ≤ 256) as it lies; {} is not one (p = {}): use --load memory",
                    req.input.display(),
                    req.p
                )));
            }
            f
        }
    };
    let truth = match &staged {
        Some(_) => None,
        None => Some(load_truth(&req.input, req.p, None)?),
    };
    Ok(Input {
        staged,
        truth,
        load_ms: t_load.elapsed().as_secs_f64() * 1e3,
    })
}

/// What a classification gives: the verdicts and the report (`output` unset).
pub struct Classified {
    /// One verdict per function.
    pub verdicts: BentVerdicts,
    /// The report.
    pub report: ClassifyReport,
    /// The device's timed runs (none on the CPU reference).
    pub times: Option<BentTimes>,
    /// The device (none on the CPU reference).
    pub device: Option<crate::runtime::DeviceInfo>,
    /// The spectra's precision: `f32`, `f64`, or the reference's `f64`.
    pub precision: String,
}

/// Loads the functions, then classifies them on the CPU reference or on the devices `open`
/// gives (opened only once the input has been read and checked): on one device in one run
/// where the batch fits it, else split (`bent_split`: over the set's members, in chunks
/// each holds).
pub fn run(req: &Request, open: impl FnOnce() -> Result<DeviceSet>) -> Result<Classified> {
    let input = load_input(req)?;
    let (batch, n) = match (&input.staged, &input.truth) {
        (Some(f), _) => (f.batch, f.n),
        (_, Some(t)) => (t.batch, t.n),
        _ => unreachable!("a file is staged or loaded"),
    };
    check_possible(req.p, n)?;
    let (verdicts, on, run) = match (req.cpu, &input.truth) {
        (true, Some(truth)) => {
            let v = classify_cpu(truth)?;
            (v, "CPU reference (f64)".to_string(), None)
        }
        _ => {
            let set = open()?;
            let gpu = &set.members[0];
            let precision = precision_of(req, &set);
            let plan = bent_plan_with(req.p, n, batch, precision, req.fused_values)?;
            if set.len() == 1 && crate::vc::check_device(&gpu.info, &plan).is_ok() {
                let (v, on, run) = on_device(gpu, req, &input, batch, n)?;
                (v, on, Some((run, gpu.info.clone())))
            } else {
                return split(req, &set, input, precision);
            }
        }
    };
    let medians = run.as_ref().map(|(r, _)| {
        let t = r.times;
        (
            t.kernel_ms.median,
            t.upload_ms.median,
            t.end_to_end_ms.median,
        )
    }) as Option<ClassifyTimes>;
    let kernels = run.as_ref().map(|(r, _)| r.kernels.clone());
    let mut report = ClassifyReport::new(batch, &verdicts, medians, kernels, on, None);
    report.host_steps = run.as_ref().map(|(r, _)| r.host_steps.clone());
    Ok(Classified {
        verdicts,
        report,
        times: run.as_ref().map(|(r, _)| r.times),
        precision: run
            .as_ref()
            .map_or("f64".to_string(), |(r, _)| r.precision.to_string()),
        device: run.map(|(_, d)| d),
    })
}

/// The precision of a run on `set`: the request's, else f64 where every member has it.
fn precision_of(req: &Request, set: &DeviceSet) -> Precision {
    req.precision.unwrap_or_else(|| super::set_precision(set))
}

/// The functions split over `set` and into chunks each member holds (`bent_split`), from
/// host memory (a staged file is read into memory: each chunk is a slice of it).
fn split(req: &Request, set: &DeviceSet, input: Input, precision: Precision) -> Result<Classified> {
    if req.load == Some(LoadMode::Pinned) {
        return Err(JitError::invalid(
            "--load pinned reads the file into one run's staging; a run split over a device set or into chunks a device holds reads it into host memory: use --load memory",
        ));
    }
    let truth = match input.truth {
        Some(t) => t,
        None => load_truth(&req.input, req.p, None)?,
    };
    let batch = truth.batch;
    let s = super::bent_split::classify_split(
        set,
        &truth,
        precision,
        req.fused_values,
        req.repeat as usize,
    )?;
    let times = BentTimes {
        kernel_ms: Summary::over(&s.runs, |t| t.kernel_ms),
        upload_ms: Summary::over(&s.runs, |t| t.upload_ms),
        end_to_end_ms: Summary::over(&s.runs, |t| t.host_ms),
    };
    let medians = (
        times.kernel_ms.median,
        times.upload_ms.median,
        times.end_to_end_ms.median,
    );
    let on = format!("{} ({precision})", set.describe());
    let mut report =
        ClassifyReport::new(batch, &s.verdicts, Some(medians), Some(s.kernels), on, None);
    report.device_set = Some(s.figures);
    Ok(Classified {
        verdicts: s.verdicts,
        report,
        times: Some(times),
        device: Some(set.members[0].info.clone()),
        precision: precision.to_string(),
    })
}

/// What the device classification measured beside its verdicts.
struct DeviceRun {
    times: BentTimes,
    host_steps: serde_json::Value,
    kernels: Vec<KernelGeometry>,
    precision: Precision,
}

/// The device classification: a warm-up where repeated, `repeat` timed runs, medians.
fn on_device(
    gpu: &Gpu,
    req: &Request,
    input: &Input,
    batch: u64,
    n: u32,
) -> Result<(BentVerdicts, String, DeviceRun)> {
    let precision = req.precision.unwrap_or_else(|| default_precision(gpu));
    let plan = bent_plan_with(req.p, n, batch, precision, req.fused_values)?;
    let mut c = BentClassifier::with_plan(gpu, &plan)?;
    if batch > 1 {
        // One function's report prints its |S| range: that needs the partials.
        c = c.verdicts_on_device(gpu)?;
    }
    let kernels = geometry(&c);
    let mut load_ms = input.load_ms;
    if let Some(f) = &input.staged {
        load_ms += c.stage_file(f)?;
    }
    let classify = || match &input.truth {
        Some(t) => c.classify_steps(gpu, &t.data),
        None => c.classify_staged_steps(gpu),
    };
    if req.repeat > 1 {
        classify()?; // warm-up
    }
    let mut runs = Vec::new();
    let mut steps = Vec::new();
    let mut last = None;
    for _ in 0..req.repeat {
        let (v, t, s) = classify()?;
        runs.push(t);
        steps.push(s);
        last = Some(v);
    }
    let sm = |f: &dyn Fn(&BentSteps) -> f64| Summary::over(&steps, f).median;
    let host_steps = serde_json::json!({
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
    });
    c.release()?;
    let over = |f: &dyn Fn(&crate::vc::RunTimes) -> f64| Summary::over(&runs, f);
    let times = BentTimes {
        kernel_ms: over(&|t| t.kernel_ms),
        upload_ms: over(&|t| t.upload_ms),
        end_to_end_ms: over(&|t| t.host_ms),
    };
    let verdicts = last.ok_or_else(|| JitError::invalid("--repeat 0: at least one run"))?;
    let on = format!("{} ({precision})", gpu.info.name);
    let run = DeviceRun {
        times,
        host_steps,
        kernels,
        precision,
    };
    Ok((verdicts, on, run))
}
