//! `jitfft gfp`: FFT over Z/pZ, p = r^k + 1, on a device; exact check against rug.

use super::common::{ms, open_device, print_json};
use crate::gfp::execute::{device_limits, GfpRunTimes};
use crate::gfp::field::GfpField;
use crate::gfp::plan::{GfpPlan, LOCAL_BUDGET_BYTES, MAX_GROUP};
use crate::gfp::reference;
use crate::gfp::GfpTransform;
use crate::io::atomic::write_atomic;
use crate::io::random::fresh_seed;
use crate::runtime::Summary;
use anyhow::{anyhow, bail, Context, Result};
use clap::Args;
use rug::Integer;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The flags that define the field and the transform (shared with `source gfp`).
#[derive(Args, Debug, Clone)]
pub struct GfpFieldArgs {
    /// Preset prime: p3 = (2^63+2^34)^8+1, p4 = (2^62+2^36)^16+1, p5 = (2^62+2^56)^32+1.
    #[arg(long)]
    pub prime: Option<String>,
    /// Radix r of p = r^k + 1 (even, 4 ≤ r < 2^64); with --k instead of --prime.
    #[arg(long)]
    pub r: Option<String>,
    /// k of p = r^k + 1 (a power of two).
    #[arg(long)]
    pub k: Option<u32>,
    /// Transform size N = 2^L.
    #[arg(long)]
    pub log_n: u32,
    /// Inverse transform (ω_N^−1, then times 1/N).
    #[arg(long)]
    pub inverse: bool,
}

impl GfpFieldArgs {
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

    pub fn plan(&self, limits: (u64, usize)) -> Result<GfpPlan> {
        Ok(GfpPlan::new(
            self.field()?,
            self.log_n,
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

#[derive(Args, Debug)]
pub struct GfpArgs {
    #[command(flatten)]
    pub t: GfpFieldArgs,
    /// Input: N lines, one decimal integer in [0, p) each.
    #[arg(long)]
    pub input: Option<PathBuf>,
    /// Write the result: N lines, one decimal integer each.
    #[arg(long)]
    pub output: Option<PathBuf>,
    /// Seed for random input (when there is no --input; fresh when omitted).
    #[arg(long)]
    pub random: Option<u64>,
    /// Compare with the exact CPU FFT (rug); fails on any difference.
    #[arg(long)]
    pub check: bool,
    /// Also time the CPU reference FFT (rug, all host cores) on the same input.
    #[arg(long)]
    pub cpu_reference_time: bool,
    /// Timed runs after one warm-up run.
    #[arg(long, default_value_t = 5)]
    pub repeat: usize,
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (env JITFFT_DEVICE).
    #[arg(long)]
    pub device: Option<String>,
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

pub fn run(a: GfpArgs) -> Result<()> {
    super::common::check_run_flags(a.repeat, a.input.is_some(), a.random.is_some())?;
    if let Some(o) = &a.output {
        super::common::check_output_dir(o)?;
    }
    // Validate field and size before reading input or opening a device.
    let pre = a.t.default_plan()?;
    let f = pre.field.clone();
    let (x, seed, what) = match &a.input {
        Some(p) => (read_elements(p, &f, pre.n)?, None, p.display().to_string()),
        None => {
            let s = a.random.unwrap_or_else(fresh_seed);
            (
                f.random_elements(pre.n as usize, s),
                Some(s),
                format!("random (seed {s})"),
            )
        }
    };
    let gpu = open_device(a.device.as_deref())?;
    let plan = a.t.plan(device_limits(&gpu))?;
    let tr = GfpTransform::new(&gpu, &plan)?;
    let input = f.to_transposed(&x);
    tr.execute(&gpu, &input)?; // warm-up
    let mut runs: Vec<GfpRunTimes> = Vec::new();
    let mut out = Vec::new();
    for _ in 0..a.repeat {
        let (o, t) = tr.execute(&gpu, &input)?;
        out = o;
        runs.push(t);
    }
    let y = f.from_transposed(&out, plan.n as usize)?;
    let mut cpu_ms = None;
    let want = if a.check || a.cpu_reference_time {
        let t0 = Instant::now();
        let w = if plan.inverse {
            reference::inverse_fft(&f, &x, &plan.omega)?
        } else {
            reference::fft(&f, &x, &plan.omega)
        };
        cpu_ms = Some(t0.elapsed().as_secs_f64() * 1e3);
        Some(w)
    } else {
        None
    };
    let check = if a.check {
        let w = want.as_ref().expect("reference computed above");
        let mismatches = y.iter().zip(w).filter(|(a, b)| a != b).count();
        Some(CheckReport {
            reference: "exact radix-2 FFT with rug (CPU)".into(),
            mismatches,
            ok: mismatches == 0,
        })
    } else {
        None
    };
    if let Some(c) = &check {
        if !c.ok {
            bail!(
                "the device result differs from the exact CPU reference in {} of {} values",
                c.mismatches,
                plan.n
            );
        }
    }
    if let Some(path) = &a.output {
        let mut s = String::with_capacity(y.len() * (f.bits as usize / 3 + 2));
        for v in &y {
            s.push_str(&v.to_string());
            s.push('\n');
        }
        write_atomic(path, s.as_bytes())?;
    }
    let pick =
        |g: &dyn Fn(&GfpRunTimes) -> f64| Summary::of(&runs.iter().map(g).collect::<Vec<_>>());
    let per_kernel_ms = runs[0]
        .launches
        .iter()
        .enumerate()
        .map(|(i, (name, _))| (name.clone(), pick(&|t| t.launches[i].1)))
        .collect();
    let report = GfpReport {
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
        input: what,
        seed,
        build_ms: tr.built.build_ms,
        build_from_cache: tr.built.from_cache,
        twiddle_setup_ms: tr.twiddle_setup_ms,
        kernel_ms: pick(&|t| t.kernel_ms),
        kernel_span_ms: pick(&|t| t.kernel_span_ms),
        per_stage: StageTimes {
            base_dft_ms: pick(&|t| t.base_dft_ms),
            twiddle_ms: pick(&|t| t.twiddle_ms),
            permutation_ms: pick(&|t| t.permutation_ms),
            scale_ms: pick(&|t| t.scale_ms),
        },
        per_kernel_ms,
        upload_ms: pick(&|t| t.upload_ms),
        download_ms: pick(&|t| t.download_ms),
        check,
        cpu_reference_ms: cpu_ms.filter(|_| a.cpu_reference_time),
        cpu_threads: rayon::current_num_threads(),
        output: a.output.as_ref().map(|p| p.display().to_string()),
    };
    if a.json {
        return print_json(&report);
    }
    let s = |x: &Summary| format!("{} (min {}, max {})", ms(x.median), ms(x.min), ms(x.max));
    println!("device     {}", gpu.describe());
    println!(
        "field      p = {}^{} + 1 ({} bits, 2-adicity {})",
        f.r, f.k, f.bits, f.two_adicity
    );
    println!(
        "transform  {} FFT, N = 2^{}, radices {}",
        if plan.inverse { "inverse" } else { "forward" },
        plan.log_n,
        report.radices
    );
    println!("omega_N    {}", report.omega_n);
    println!("input      {}", report.input);
    println!(
        "build      {} ({}), twiddle tables {} (host)",
        ms(report.build_ms),
        if report.build_from_cache {
            "cached binary"
        } else {
            "compiled"
        },
        ms(report.twiddle_setup_ms)
    );
    println!(
        "kernel     {} median of {} runs after 1 warm-up",
        s(&report.kernel_ms),
        report.kernel_ms.count
    );
    println!("  base DFTs    {}", s(&report.per_stage.base_dft_ms));
    println!("  twiddles     {}", s(&report.per_stage.twiddle_ms));
    println!("  permutation  {}", s(&report.per_stage.permutation_ms));
    if plan.inverse {
        println!("  scale 1/N    {}", s(&report.per_stage.scale_ms));
    }
    println!("upload     {}", s(&report.upload_ms));
    println!("download   {}", s(&report.download_ms));
    if let Some(c) = &report.check {
        println!(
            "check      exact match with the CPU reference ({} values)",
            plan.n
        );
        let _ = c;
    }
    if let Some(t) = report.cpu_reference_ms {
        println!(
            "cpu ref    {} (rug FFT, {} threads)",
            ms(t),
            report.cpu_threads
        );
    }
    if let Some(o) = &report.output {
        println!("output     {o}");
    }
    Ok(())
}
