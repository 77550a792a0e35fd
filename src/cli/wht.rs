//! `jitfft wht`: the real Walsh–Hadamard transform of rows of 2^k values (natural order,
//! `scipy.linalg.hadamard(2^k) @ row`), in f32, f64 or half storage, checked against the CPU.

use super::common::{
    check_output_dir, info, is_stdout, print_and_conclude, say_lines, write_data, RunFlags,
};
use super::common::{open_one_or_set, Opened};
use super::vc::lib;
use crate::bench::meta::RunMeta;
use crate::runtime::Gpu;
use crate::stats::nvidia::registers_and_spills;
use crate::vc::wht::file::{check_output_format, input, output_bytes};
use crate::vc::wht::report::WhtReport;
use crate::vc::wht::run::WhtJob;
use crate::vc::wht::schedule::WhtLimits;
use crate::vc::wht::{Storage, WhtPlan};
use anyhow::Result;
use clap::{Args, ValueEnum};

/// `--precision`: how values are stored (half formats are computed in f32).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum WhtPrecisionArg {
    /// float32.
    F32,
    /// float64 (the device must support fp64).
    F64,
    /// float16 stored, float32 computed.
    F16,
    /// bfloat16 stored (raw files only), float32 computed.
    Bf16,
}

/// `--norm`, numpy's meaning for a self-inverse transform.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum WhtNormArg {
    /// Forward unscaled, --inverse divided by 2^k (numpy's "backward").
    None,
    /// Both directions times 2^(−k/2) (orthogonal).
    Ortho,
    /// Forward divided by 2^k, --inverse unscaled.
    Forward,
}

/// `jitfft wht`.
#[derive(Args, Debug)]
pub struct WhtArgs {
    /// Row length 2^k (e.g. 2^20); from the input's last axis when --input is given.
    #[arg(long, value_parser = crate::io::text::parse_size, value_name = "2^K")]
    pub size: Option<u32>,
    /// Rows of random input (with --input: the rows are the input's other axes).
    #[arg(long, default_value_t = 1, value_name = "ROWS")]
    pub batch: usize,
    /// Storage precision; default: the input's dtype, else f32.
    #[arg(long, value_enum)]
    pub precision: Option<WhtPrecisionArg>,
    /// Scaling (numpy's convention).
    #[arg(long, value_enum, default_value_t = WhtNormArg::None)]
    pub norm: WhtNormArg,
    /// The inverse: the same transform (H·H = 2^k·I), scaled as --norm says for the inverse.
    #[arg(long)]
    pub inverse: bool,
    /// Also measure the device's copy rate in this run and report each pass against it.
    #[arg(long)]
    pub bandwidth: bool,
    /// Local memory a pass may use, in bytes (default: the device's). Less gives smaller
    /// tiles, e.g. 33792: no 2^14-value half tiles, as before they existed.
    #[arg(long, value_name = "BYTES")]
    pub local_bytes: Option<u64>,
    /// Input (.npy float16/32/64, rows along the last axis; or .raw/.bin: little-endian
    /// values of --precision, rows of --size), output (.npy, .raw, .txt or `-`), seed, check,
    /// repeats, JSON, device.
    #[command(flatten)]
    pub run: RunFlags,
}

/// `jitfft source wht`: the program `wht` builds for a row length and precision.
#[derive(Args, Debug)]
pub struct WhtSourceArgs {
    /// Row length 2^k.
    #[arg(long, value_parser = crate::io::text::parse_size, value_name = "2^K")]
    pub size: u32,
    /// Storage precision.
    #[arg(long, value_enum, default_value_t = WhtPrecisionArg::F32)]
    pub precision: WhtPrecisionArg,
    /// Scaling.
    #[arg(long, value_enum, default_value_t = WhtNormArg::None)]
    pub norm: WhtNormArg,
    /// The inverse's scaling.
    #[arg(long)]
    pub inverse: bool,
    /// Work-items a work-group may hold (the device's limit).
    #[arg(long, default_value_t = 1024, value_name = "ITEMS")]
    pub max_work_group: usize,
    /// Local memory a work-group may use, in bytes.
    #[arg(long, default_value_t = 48 * 1024, value_name = "BYTES")]
    pub local_bytes: u64,
    /// The passes' shape: tiles in local memory (GPUs) or CPU-shaped register passes (what
    /// CPU devices run).
    #[arg(long, value_enum, default_value_t = WhtShapeArg::Tiles)]
    pub shape: WhtShapeArg,
}

/// `source wht --shape`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhtShapeArg {
    /// Tiles in local memory, several rounds of bits a pass.
    Tiles,
    /// Radix-8 register passes, 8 butterflies a work-item in vector slots.
    Cpu,
}

/// The program text of `source wht`.
pub fn source(a: &WhtSourceArgs) -> Result<String> {
    let plan = WhtPlan::new(a.size, 1, lib(a.precision), lib(a.norm), a.inverse)?;
    let limits = WhtLimits {
        max_work_group: a.max_work_group,
        local_bytes: a.local_bytes,
        lanes: if a.shape == WhtShapeArg::Cpu { 8 } else { 0 },
    };
    Ok(crate::vc::wht::kernels::source(&plan, limits)?)
}

/// Runs `jitfft wht`: the flags as the library's job, its outcome printed and written.
pub fn run(a: WhtArgs) -> Result<()> {
    a.run.validate()?;
    let st_arg = a.precision.map(lib);
    let raw_storage = st_arg.unwrap_or(Storage::F32);
    let path = a.run.input.as_deref();
    let (inp, seed) = input(path, a.size, a.batch, raw_storage, a.run.seed)?;
    let st = st_arg.or(inp.dtype).unwrap_or(Storage::F32);
    if let Some(o) = &a.run.output {
        if !is_stdout(o) {
            check_output_format(o, st)?;
            check_output_dir(o)?;
        }
    }
    let job = WhtJob::prepare(&inp, st, lib(a.norm), a.inverse)?;
    let gpu = match open_one_or_set(a.run.device.as_deref(), true, "wht")? {
        Opened::One(gpu) => gpu,
        Opened::Set(mut set) => {
            let on = set.describe();
            info(format_args!("devices: {on}"));
            let each = |g: &Gpu| limits(g, a.local_bytes);
            let done = job.run_split(&set, each, a.run.repeat, a.run.check)?;
            let gpu = set.members.swap_remove(0);
            return conclude(&a, job.plan, done, &gpu, None, seed, st, &inp.shape, &on);
        }
    };
    info(format_args!("device: {}", gpu.describe()));
    let done = job.run(
        &gpu,
        limits(&gpu, a.local_bytes)?,
        a.run.repeat,
        a.run.check,
    )?;
    let copy_gbs = if a.bandwidth {
        Some(crate::bench::bandwidth::copy_bandwidth_gbs(&gpu, 10)?)
    } else {
        None
    };
    conclude(
        &a,
        job.plan,
        done,
        &gpu,
        copy_gbs,
        seed,
        st,
        &inp.shape,
        &gpu.describe(),
    )
}

/// The device's schedule limits, with `--local-bytes` where given (at most the device's).
fn limits(gpu: &Gpu, local_bytes: Option<u64>) -> crate::Result<WhtLimits> {
    crate::vc::wht::execute::device_limits_within(gpu, local_bytes)
        .map_err(|e| crate::error::JitError::invalid(format!("--local-bytes {e}")))
}

/// The report of a run on `on` (the device, or a set's members) printed, the check's
/// failure returned, the output written.
#[allow(clippy::too_many_arguments)]
fn conclude(
    a: &WhtArgs,
    plan: WhtPlan,
    done: crate::vc::wht::run::WhtOutcome,
    gpu: &Gpu,
    copy_gbs: Option<f64>,
    seed: Option<u64>,
    st: Storage,
    shape: &[usize],
    on: &str,
) -> Result<()> {
    let meta = RunMeta::new(vec![on.to_string()]);
    let report = WhtReport::new(meta, plan, done, copy_gbs, seed, registers_and_spills);
    print_and_conclude(
        a.run.json,
        || crate::report::families::wht(&report, &gpu.info),
        || say_lines(&report.lines(on)),
        report.failure(),
    )?;
    if let Some(o) = &a.run.output {
        write_data(o, &output_bytes(o, st, shape, &report.run.bytes))?;
    }
    Ok(())
}
