//! `jitfft gfp`: FFT over Z/pZ, p = r^k + 1, on a device; exact check against rug.

use super::common::{
    kernel_line, ms, ms_summary, open_device, parse_size, print_json, say, write_data, RunFlags,
};
use crate::gfp::execute::{device_limits, GfpRunTimes};
use crate::gfp::field::GfpField;
use crate::gfp::plan::{GfpPlan, LOCAL_BUDGET_BYTES, MAX_GROUP};
use crate::gfp::reference;
use crate::gfp::GfpTransform;
use crate::io::random::fresh_seed;
use crate::runtime::timing::Clock;
use crate::runtime::Gpu;
use crate::runtime::Summary;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use rug::Integer;
use serde::Serialize;
use std::path::Path;
use std::time::Instant;

/// The flags that define the field and the transform (shared with `source gfp`).
#[derive(Args, Debug, Clone)]
pub struct GfpFieldArgs {
    /// Preset prime: p3 = (2^63+2^34)^8+1, p4 = (2^62+2^36)^16+1, p5 = (2^62+2^56)^32+1.
    #[arg(long, value_name = "PRESET")]
    pub prime: Option<String>,
    /// Radix r of p = r^k + 1 (even, 4 ≤ r < 2^64); with --k instead of --prime.
    #[arg(long, value_name = "R")]
    pub r: Option<String>,
    /// k of p = r^k + 1 (a power of two).
    #[arg(long, value_name = "K")]
    pub k: Option<u32>,
    /// Transform size N = 2^L; also --n L, or --size N.
    #[arg(
        long,
        alias = "n",
        value_name = "L",
        required_unless_present = "size",
        conflicts_with = "size"
    )]
    pub log_n: Option<u32>,
    /// N points: a power of two, written 2^20 or 1048576 (same as --log-n 20).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub size: Option<u32>,
    /// Inverse transform (ω_N^−1, then times 1/N).
    #[arg(long)]
    pub inverse: bool,
}

impl GfpFieldArgs {
    /// log2 N from --log-n (--n) or --size (clap requires one of them).
    pub fn log_n(&self) -> Result<u32> {
        match self.log_n.or(self.size) {
            Some(l) => Ok(l),
            None => bail!("--log-n L (or --size N) is required (N = 2^L)"),
        }
    }

    /// The field `--prime` or `--r`/`--k` name; an error if neither or both are given.
    pub fn field(&self) -> Result<GfpField> {
        match (&self.prime, &self.r, self.k) {
            (Some(p), None, None) => Ok(GfpField::preset(p)?),
            (None, Some(r), Some(k)) => {
                let r: u64 = r
                    .trim()
                    .parse()
                    .map_err(|_| anyhow!("--r {r}: r must be an even integer with 4 ≤ r < 2^64"))?;
                Ok(GfpField::new(r, k)?)
            }
            (Some(_), _, _) => bail!("give either --prime or --r and --k, not both"),
            _ => bail!("choose the field: --prime p3|p4|p5, or --r R --k K"),
        }
    }

    /// The plan of these flags for a device's local memory and work-group limit.
    pub fn plan(&self, limits: (u64, usize)) -> Result<GfpPlan> {
        Ok(GfpPlan::new(
            self.field()?,
            self.log_n()?,
            self.inverse,
            limits.0,
            limits.1,
        )?)
    }

    /// The plan with the default limits (what `source gfp` prints).
    pub fn default_plan(&self) -> Result<GfpPlan> {
        self.plan((LOCAL_BUDGET_BYTES, MAX_GROUP))
    }
}

/// `--input`: N lines, one decimal integer in [0, p) each. `--output`: the result, N lines,
/// one decimal integer each (written only when everything succeeded; `-`: stdout).
#[derive(Args, Debug)]
pub struct GfpArgs {
    /// The field, size and direction.
    #[command(flatten)]
    pub t: GfpFieldArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// Also time the CPU reference FFT (rug, all host cores) on the same input.
    #[arg(long)]
    pub cpu_reference_time: bool,
}

#[derive(Serialize)]
struct StageTimes {
    base_dft_ms: Summary,
    twiddle_ms: Summary,
    permutation_ms: Summary,
    scale_ms: Summary,
}

#[derive(Serialize)]
struct CheckReport {
    reference: String,
    mismatches: usize,
    ok: bool,
    /// Exact transform: any mismatch fails.
    tolerance: &'static str,
}

#[derive(Serialize)]
struct GfpReport {
    device: crate::runtime::DeviceInfo,
    p: String,
    r: u64,
    k: u32,
    p_bits: u32,
    two_adicity: u32,
    n: u64,
    log_n: u32,
    inverse: bool,
    omega_n: String,
    radices: String,
    stages: Vec<crate::gfp::plan::Stage>,
    input: String,
    seed: Option<u64>,
    build_ms: f64,
    build_from_cache: bool,
    twiddle_setup_ms: f64,
    kernel_ms: Summary,
    /// What measured `kernel_ms` (`host-wall-clock` where the device's events read zero).
    kernel_clock: Clock,
    kernel_span_ms: Summary,
    per_stage: StageTimes,
    per_kernel_ms: Vec<(String, Summary)>,
    upload_ms: Summary,
    download_ms: Summary,
    check: Option<CheckReport>,
    cpu_reference_ms: Option<f64>,
    cpu_threads: usize,
    output: Option<String>,
}

/// Reads N decimal elements, one a line, naming the first bad line.
pub fn read_elements(path: &Path, f: &GfpField, n: u64) -> Result<Vec<Integer>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("{}: cannot read", path.display()))?;
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() as u64 != n {
        bail!(
            "{}: {} lines, but N = {n} values are needed (one decimal integer in [0, p) a line)",
            path.display(),
            lines.len()
        );
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, l)| {
            f.parse_element(l)
                .map_err(|e| anyhow!("{}: line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Runs `jitfft gfp`.
pub fn run(a: GfpArgs) -> Result<()> {
    a.run.validate()?;
    // Validate field and size before reading input or opening a device.
    let pre = a.t.default_plan()?;
    let f = pre.field.clone();
    let (x, seed, what) = input_elements(&a, &f, pre.n)?;
    let gpu = open_device(a.run.device.as_deref())?;
    let plan = a.t.plan(device_limits(&gpu))?;
    let tr = GfpTransform::new(&gpu, &plan)?;
    let (out, runs) = timed_runs(&gpu, &tr, &f.to_transposed(&x), a.run.repeat)?;
    let y = f.from_transposed(&out, plan.n as usize)?;
    let (want, cpu_ms) = if a.run.check || a.cpu_reference_time {
        let t0 = Instant::now();
        let w = if plan.inverse {
            reference::inverse_fft(&f, &x, &plan.omega)?
        } else {
            reference::fft(&f, &x, &plan.omega)
        };
        (Some(w), Some(t0.elapsed().as_secs_f64() * 1e3))
    } else {
        (None, None)
    };
    let check = want.filter(|_| a.run.check).map(|w| exact_check(&y, &w));
    let check_failed = check.as_ref().is_some_and(|c| !c.ok);
    if let (Some(path), false) = (&a.run.output, check_failed) {
        write_elements(path, &y, f.bits)?;
    }
    let report = GfpReport {
        input: what,
        seed,
        check,
        cpu_reference_ms: cpu_ms.filter(|_| a.cpu_reference_time),
        output: if check_failed {
            None
        } else {
            a.run.output.as_ref().map(|p| p.display().to_string())
        },
        ..GfpReport::of(&gpu, &plan, &tr, &runs)
    };
    tr.release()?;
    if a.run.json {
        print_json(&report)?;
    } else {
        print_human(&gpu.describe(), &f, &plan, &report);
    }
    if let Some(c) = &report.check {
        if !c.ok {
            bail!(
                "the device result differs from the exact CPU reference in {} of {} values; no output written",
                c.mismatches,
                plan.n
            );
        }
    }
    Ok(())
}

/// The input elements (from --input or seeded random), the seed, and a description.
fn input_elements(
    a: &GfpArgs,
    f: &GfpField,
    n: u64,
) -> Result<(Vec<rug::Integer>, Option<u64>, String)> {
    Ok(match &a.run.input {
        Some(p) => (read_elements(p, f, n)?, None, p.display().to_string()),
        None => {
            let s = a.run.seed.unwrap_or_else(fresh_seed);
            (
                f.random_elements(n as usize, s),
                Some(s),
                format!("random (seed {s})"),
            )
        }
    })
}

/// One untimed warm-up, then `repeat` timed runs; the last run's output.
fn timed_runs(
    gpu: &Gpu,
    tr: &GfpTransform,
    input: &[u64],
    repeat: usize,
) -> Result<(Vec<u64>, Vec<GfpRunTimes>)> {
    Ok(crate::runtime::timing::warm_then_timed(repeat, || {
        tr.execute(gpu, input)
    })?)
}

/// Exact comparison with the CPU reference: any differing value fails.
fn exact_check(got: &[rug::Integer], want: &[rug::Integer]) -> CheckReport {
    let mismatches = got.iter().zip(want).filter(|(a, b)| a != b).count();
    CheckReport {
        reference: "exact radix-2 FFT with rug (CPU)".into(),
        mismatches,
        ok: mismatches == 0,
        tolerance: "exact: any mismatch fails",
    }
}

/// One decimal element a line, written atomically (or to stdout for `-`).
fn write_elements(path: &Path, y: &[rug::Integer], bits: u32) -> Result<()> {
    let mut s = String::with_capacity(y.len() * (bits as usize / 3 + 2));
    for v in y {
        s.push_str(&v.to_string());
        s.push('\n');
    }
    write_data(path, s.as_bytes())
}

impl GfpReport {
    /// The report's device, field, plan and timing parts (input, check and output are the
    /// caller's).
    fn of(gpu: &Gpu, plan: &GfpPlan, tr: &GfpTransform, runs: &[GfpRunTimes]) -> GfpReport {
        let f = &plan.field;
        let pick =
            |g: &dyn Fn(&GfpRunTimes) -> f64| Summary::of(&runs.iter().map(g).collect::<Vec<_>>());
        // Events that read zero (Rusticl): the kernel time is the host's, the rest unknown.
        let clock = Clock::of_runs(runs.iter().map(|t| t.clock));
        let by_events = |g: &dyn Fn(&GfpRunTimes) -> f64| clock.events_only(runs, g);
        let per_kernel_ms = runs[0]
            .launches
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (name.clone(), by_events(&|t| t.launches[i].1)))
            .collect();
        GfpReport {
            device: gpu.info.clone(),
            p: f.p.to_string(),
            r: f.r,
            k: f.k,
            p_bits: f.bits,
            two_adicity: f.two_adicity,
            n: plan.n,
            log_n: plan.log_n,
            inverse: plan.inverse,
            omega_n: plan.omega.to_string(),
            radices: plan.radices_string(),
            stages: plan.stages.clone(),
            input: String::new(),
            seed: None,
            build_ms: tr.built.build_ms,
            build_from_cache: tr.built.from_cache,
            twiddle_setup_ms: tr.twiddle_setup_ms,
            kernel_ms: pick(&|t| t.kernel_ms),
            kernel_clock: clock,
            kernel_span_ms: pick(&|t| t.kernel_span_ms),
            per_stage: StageTimes {
                base_dft_ms: by_events(&|t| t.base_dft_ms),
                twiddle_ms: by_events(&|t| t.twiddle_ms),
                permutation_ms: by_events(&|t| t.permutation_ms),
                scale_ms: by_events(&|t| t.scale_ms),
            },
            per_kernel_ms,
            upload_ms: by_events(&|t| t.upload_ms),
            download_ms: by_events(&|t| t.download_ms),
            check: None,
            cpu_reference_ms: None,
            cpu_threads: rayon::current_num_threads(),
            output: None,
        }
    }
}

fn print_human(device: &str, f: &GfpField, plan: &GfpPlan, report: &GfpReport) {
    let s = ms_summary;
    say!("device     {device}");
    say!(
        "field      p = {}^{} + 1 ({} bits, 2-adicity {})",
        f.r,
        f.k,
        f.bits,
        f.two_adicity
    );
    say!(
        "transform  {} FFT, N = 2^{}, radices {}",
        if plan.inverse { "inverse" } else { "forward" },
        plan.log_n,
        report.radices
    );
    say!("omega_N    {}", report.omega_n);
    say!("input      {}", report.input);
    say!(
        "build      {} ({}), twiddle tables {} (host)",
        ms(report.build_ms),
        if report.build_from_cache {
            "cached binary"
        } else {
            "compiled"
        },
        ms(report.twiddle_setup_ms)
    );
    say!(
        "kernel     {}",
        kernel_line(&report.kernel_ms, report.kernel_clock)
    );
    say!("  base DFTs    {}", s(&report.per_stage.base_dft_ms));
    say!("  twiddles     {}", s(&report.per_stage.twiddle_ms));
    say!("  permutation  {}", s(&report.per_stage.permutation_ms));
    if plan.inverse {
        say!("  scale 1/N    {}", s(&report.per_stage.scale_ms));
    }
    say!("upload     {}", s(&report.upload_ms));
    say!("download   {}", s(&report.download_ms));
    if let Some(c) = &report.check {
        if c.ok {
            say!(
                "check      passed: exact match with the CPU reference ({} values; tolerance: none)",
                plan.n
            );
        } else {
            say!(
                "check      FAILED: {} of {} values differ from the CPU reference",
                c.mismatches,
                plan.n
            );
        }
    }
    if let Some(t) = report.cpu_reference_ms {
        say!(
            "cpu ref    {} (rug FFT, {} threads)",
            ms(t),
            report.cpu_threads
        );
    }
    if let Some(o) = &report.output {
        say!("output     {o}");
    }
}
