//! `jitfft ntt`: an NTT over an odd prime field on a device, timed by profiling events,
//! optionally checked bit for bit against the CPU reference.

use super::common::{
    kernel_line, ms, ms_summary, open_device, parse_size, print_json, say, write_data, RunFlags,
};
use super::field::FieldArgs;
use crate::field::cpu::limbs64;
use crate::field::parse::LimbOrder;
use crate::field::prime::FieldSummary;
use crate::field::LimbBits;
use crate::io::random::fresh_seed;
use crate::ntt::data::{format_elements, random_elements, read_elements};
use crate::ntt::plan::{ArithChoice, FusedKernel, NttOptions, Reduce, Twiddles};
use crate::ntt::{reference, NttPlan, NttTransform, RunTimes, Schedule, Variant};
use crate::runtime::timing::Clock;
use crate::runtime::Summary;
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use std::time::Instant;

/// The flags that define a transform (shared by `ntt` and `source ntt`).
#[derive(Args, Debug, Clone)]
pub struct NttSpecArgs {
    /// The field.
    #[command(flatten)]
    pub f: FieldArgs,
    /// N = 2^L points (inferred from --input when omitted); also --n L, or --size N.
    #[arg(long, alias = "n", value_name = "L", conflicts_with = "size")]
    pub log_n: Option<u32>,
    /// N points: a power of two, written 2^20 or 1048576 (same as --log-n 20).
    #[arg(long, value_name = "N", value_parser = parse_size)]
    pub size: Option<u32>,
    /// radix2 (one launch per stage), split28 (radix-2/8 split radix) or fused (local memory).
    #[arg(long, value_enum, default_value_t = Variant::Fused, overrides_with = "variant", value_name = "VARIANT")]
    pub variant: Variant,
    /// Limb width of the generated arithmetic: 32 or 64 (default: 32 where the carry chains
    /// are PTX, i.e. on NVIDIA devices, measured 2.3× faster there for BN254 Fr; else 64).
    #[arg(long, overrides_with = "limbs", value_name = "BITS")]
    pub limbs: Option<u32>,
    /// The inverse transform (ω⁻¹ and a factor N⁻¹).
    #[arg(long)]
    pub inverse: bool,
    /// Carry chains of the field arithmetic: auto (ptx on NVIDIA devices, portable elsewhere
    /// and in `source ntt`), portable (C macros) or ptx (inline PTX, NVIDIA only).
    #[arg(long, value_enum, default_value_t = ArithChoice::Auto, overrides_with = "arith", value_name = "ARITH")]
    pub arith: ArithChoice,
    /// Fused kernel: regs (points in registers between exchanges, no Montgomery conversions)
    /// or stages (one radix-2 stage per exchange, the first fused kernel).
    #[arg(long, value_enum, default_value_t = FusedKernel::Regs, overrides_with = "kernel", value_name = "KERNEL")]
    pub kernel: FusedKernel,
    /// Regs kernel: points per work-item per exchange (2, 4, 8, 16).
    #[arg(
        long,
        default_value_t = 8,
        overrides_with = "elems",
        value_name = "POINTS"
    )]
    pub elems: u32,
    /// Regs kernel: twiddles between passes from a table per pass (table) or as hi·lo (split).
    #[arg(long, value_enum, default_value_t = Twiddles::Table, overrides_with = "twiddles", value_name = "TWIDDLES")]
    pub twiddles: Twiddles,
    /// Values in [0, 2p) inside passes: auto (where 4p < R, regs kernel), lazy or full.
    #[arg(long, value_enum, default_value_t = Reduce::Auto, overrides_with = "reduce", value_name = "REDUCE")]
    pub reduce: Reduce,
    /// Largest radix of a fused pass (a power of two, 2 to 1024; default: what local memory
    /// holds), e.g. to compare more, smaller passes.
    #[arg(long, overrides_with = "max_radix", value_name = "RADIX")]
    pub max_radix: Option<u64>,
}

impl NttSpecArgs {
    /// log2 N from --log-n (--n) or --size.
    pub fn log_n(&self) -> Option<u32> {
        self.log_n.or(self.size)
    }

    /// The generator options these flags ask for; errors on values out of range.
    pub fn options(&self) -> Result<NttOptions> {
        Ok(NttOptions {
            arith: self.arith,
            kernel: self.kernel,
            elems: self.elems,
            twiddles: self.twiddles,
            reduce: self.reduce,
            max_radix_log: match self.max_radix {
                None => None,
                Some(r) if r.is_power_of_two() && (2..=1024).contains(&r) => {
                    Some(r.trailing_zeros())
                }
                Some(r) => bail!("--max-radix {r}: a power of two from 2 to 1024"),
            },
        })
    }

    /// The limb width: as given, else 32 with PTX carry chains and 64 otherwise.
    pub fn limb(&self, ptx: bool) -> Result<LimbBits> {
        let bits = self.limbs.unwrap_or(if ptx { 32 } else { 64 });
        Ok(LimbBits::from_bits(bits)?)
    }

    /// The plan as `source ntt` (no device) sees it: `--arith ptx` counts as PTX.
    pub fn plan(&self, log_n: Option<u32>) -> Result<NttPlan> {
        self.plan_for(log_n, self.arith == ArithChoice::Ptx)
    }

    /// The plan on a device whose carry chains are PTX (`ptx`) or not.
    pub fn plan_for(&self, log_n: Option<u32>, ptx: bool) -> Result<NttPlan> {
        let limb = self.limb(ptx)?;
        let variant = self.variant;
        let opts = self.options()?;
        let (field, _) = self.f.field(limb, LimbOrder::Le, true)?;
        let log_n = match log_n.or(self.log_n()) {
            Some(l) => l,
            None => bail!("--log-n L (or --size N) is required when no --input is given (N = 2^L)"),
        };
        Ok(NttPlan::with_options(
            &field,
            limb,
            log_n,
            variant,
            self.inverse,
            opts,
        )?)
    }
}

/// `--input`: one decimal integer in [0, p) a line, N = number of lines (a power of two).
/// `--output`: the result, one decimal integer a line (written only when everything
/// succeeded; `-`: stdout).
#[derive(Args, Debug)]
pub struct NttArgs {
    /// The field, size, variant and options.
    #[command(flatten)]
    pub t: NttSpecArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
}

#[derive(Serialize)]
struct CheckReport {
    ok: bool,
    mismatches: usize,
    first_mismatch: Option<usize>,
    reference: &'static str,
    reference_ms: f64,
    /// Exact transform: any mismatch fails.
    tolerance: &'static str,
}

#[derive(Serialize)]
struct NttReport {
    device: crate::runtime::DeviceInfo,
    field: FieldSummary,
    limb_bits: u32,
    log_n: u32,
    n: usize,
    variant: String,
    /// Carry chains as generated (`auto` resolved for the device).
    arith: String,
    /// The generator options as asked for.
    options: NttOptions,
    /// Reduction inside passes: "lazy" ([0, 2p)) or "full".
    reduction: &'static str,
    direction: &'static str,
    omega_n: String,
    omega_n_hex: String,
    kernels: Vec<String>,
    /// Field operations per point the kernels perform (from the schedule; null for split28).
    field_ops_per_point: Option<crate::ntt::ops::FieldOpCounts>,
    launches: usize,
    radices: String,
    input: String,
    seed: Option<u64>,
    build_ms: f64,
    build_from_cache: bool,
    tables_ms: f64,
    kernel_ms: Summary,
    /// What measured `kernel_ms` (`host-wall-clock` where the device's events read zero).
    kernel_clock: Clock,
    kernel_span_ms: Summary,
    pass_ms_median: Vec<f64>,
    upload_ms: Summary,
    download_ms: Summary,
    end_to_end_ms: Summary,
    check: Option<CheckReport>,
    output: Option<String>,
    /// Per kernel: ptxas' registers and spill bytes from the build log (NVIDIA, fresh builds).
    ptxas: Vec<PtxasRow>,
}

#[derive(Serialize)]
struct PtxasRow {
    kernel: String,
    registers: Option<u64>,
    spill_store_bytes: Option<u64>,
    spill_load_bytes: Option<u64>,
}

/// Runs `jitfft ntt`.
pub fn run(a: NttArgs) -> Result<()> {
    a.run.validate()?;
    // Everything about the request is validated before a device is opened.
    let (plan, input, seed, what) = read_request(&a)?;
    let gpu = open_device(a.run.device.as_deref())?;
    // Without --limbs, PTX carry chains (NVIDIA, unless --arith portable) take 32-bit limbs.
    let ptx = a.t.options()?.arith.ptx_on(gpu.info.vendor_key());
    let plan = if a.t.limbs.is_none() && ptx {
        a.t.plan_for(Some(plan.log_n), true)?
    } else {
        plan
    };
    let tr = NttTransform::new(&gpu, &plan)?;
    let (out, runs) =
        crate::runtime::timing::warm_then_timed(a.run.repeat, || tr.execute(&gpu, &input))?;
    let check = if a.run.check {
        Some(check_exact(&plan, &input, &out)?)
    } else {
        None
    };
    let check_failed = check.as_ref().is_some_and(|c| !c.ok);
    if let (Some(path), false) = (&a.run.output, check_failed) {
        write_data(path, format_elements(plan.field(), &out).as_bytes())?;
    }
    let output = if check_failed {
        None
    } else {
        a.run.output.as_ref().map(|p| p.display().to_string())
    };
    let report = report_of(&gpu, &tr, &runs, what, seed, check, output);
    tr.release()?;
    if a.run.json {
        print_json(&report)?;
    } else {
        print_human(&gpu.describe(), &report);
    }
    if check_failed {
        bail!("the device result differs from the CPU reference; no output written");
    }
    Ok(())
}

/// The plan and its input: the elements of `--input` (N = 2^L of them, agreeing with
/// `--log-n`), else random elements; with the seed drawn and a description for the report.
fn read_request(a: &NttArgs) -> Result<(NttPlan, Vec<u64>, Option<u64>, String)> {
    let Some(path) = &a.run.input else {
        let plan = a.t.plan(None)?;
        let seed = a.run.seed.unwrap_or_else(fresh_seed);
        let data = random_elements(plan.field(), plan.n(), seed);
        return Ok((plan, data, Some(seed), format!("random (seed {seed})")));
    };
    let limb = a.t.limb(false)?;
    a.t.options()?;
    let (field, _) = a.t.f.field(limb, LimbOrder::Le, true)?;
    let data = read_elements(&field, path)?;
    let count = data.len() / limbs64(&field);
    if !count.is_power_of_two() || count < 2 {
        bail!(
            "{}: {count} values: an NTT needs N = 2^L ≥ 2 values (one a line)",
            path.display()
        );
    }
    let l = count.trailing_zeros();
    if let Some(want) = a.t.log_n() {
        if want != l {
            bail!(
                "{}: {count} values, but --log-n {want} asks for {}",
                path.display(),
                1u64 << want
            );
        }
    }
    Ok((a.t.plan(Some(l))?, data, None, path.display().to_string()))
}

/// The device's output against the CPU reference, element for element.
fn check_exact(plan: &NttPlan, input: &[u64], out: &[u64]) -> Result<CheckReport> {
    let t0 = Instant::now();
    let want = reference::ntt(plan.field(), input, plan.log_n, plan.inverse)?;
    let reference_ms = t0.elapsed().as_secs_f64() * 1e3;
    let n64 = limbs64(plan.field());
    let bad: Vec<usize> = (0..plan.n())
        .filter(|&i| out[i * n64..(i + 1) * n64] != want[i * n64..(i + 1) * n64])
        .collect();
    Ok(CheckReport {
        ok: bad.is_empty(),
        mismatches: bad.len(),
        first_mismatch: bad.first().copied(),
        reference: "CPU radix-2 NTT, 64-bit-limb Montgomery arithmetic (tested against rug)",
        reference_ms,
        tolerance: "exact: any mismatch fails",
    })
}

/// The report of `runs` of `tr`: the field and plan, the kernels, the times (from the host
/// clock where the events read zero, as on Rusticl) and ptxas' figures where the log has them.
fn report_of(
    gpu: &crate::runtime::Gpu,
    tr: &NttTransform,
    runs: &[RunTimes],
    input: String,
    seed: Option<u64>,
    check: Option<CheckReport>,
    output: Option<String>,
) -> NttReport {
    let plan = &tr.plan;
    let pick = |f: &dyn Fn(&RunTimes) -> f64| Summary::over(runs, f);
    let launches = tr.schedule.passes.len();
    // Events that read zero (Rusticl): kernel times from the host clock, the rest unknown.
    let clock = Clock::of_runs(runs.iter().map(|t| t.clock));
    let events = clock == Clock::Events;
    let by_events = |f: &dyn Fn(&RunTimes) -> f64| clock.events_only(runs, f);
    let pass_ms_median = (0..launches)
        .filter(|_| events)
        .map(|i| Summary::of(&runs.iter().map(|r| r.pass_ms[i]).collect::<Vec<_>>()).median)
        .collect();
    NttReport {
        device: gpu.info.clone(),
        field: plan.field().summary(),
        limb_bits: plan.mont.limb.bits(),
        log_n: plan.log_n,
        n: plan.n(),
        variant: plan.variant.to_string(),
        arith: plan.arith.to_string(),
        options: plan.opts,
        reduction: if plan.lazy { "lazy" } else { "full" },
        direction: if plan.inverse { "inverse" } else { "forward" },
        omega_n: plan.omega.to_string(),
        omega_n_hex: format!("0x{:x}", plan.omega),
        kernels: tr.schedule.kernel_names(),
        field_ops_per_point: crate::ntt::ops::field_op_counts(plan, &tr.schedule),
        launches,
        radices: tr.schedule.radices(),
        input,
        seed,
        build_ms: tr.built.build_ms,
        build_from_cache: tr.built.from_cache,
        tables_ms: tr.tables_ms,
        kernel_ms: pick(&|t| t.kernel_ms),
        kernel_clock: clock,
        kernel_span_ms: pick(&|t| t.kernel_span_ms),
        pass_ms_median,
        upload_ms: by_events(&|t| t.upload_ms),
        download_ms: by_events(&|t| t.download_ms),
        end_to_end_ms: pick(&|t| t.host_ms),
        check,
        output,
        ptxas: crate::stats::nvidia::parse_ptxas_log(&tr.built.build_log)
            .into_iter()
            .map(|(kernel, r)| PtxasRow {
                kernel,
                registers: r.registers,
                spill_store_bytes: r.spill_store_bytes,
                spill_load_bytes: r.spill_load_bytes,
            })
            .collect(),
    }
}

fn print_human(device: &str, r: &NttReport) {
    say!("device     {device}");
    say!(
        "transform  NTT {} over {} ({} bits), N = 2^{} = {}, {}-bit limbs",
        r.direction,
        r.field.name,
        r.field.bits,
        r.log_n,
        r.n,
        r.limb_bits
    );
    say!(
        "omega_N    {} (g = {}, ω_N = g^((p−1)/N))",
        r.omega_n,
        r.field.generator
    );
    let opts = if r.variant == "fused" && r.options.kernel == FusedKernel::Regs {
        format!(
            " (regs kernel, {} points per work-item, twiddles {:?})",
            r.options.elems, r.options.twiddles
        )
        .to_lowercase()
    } else if r.variant == "fused" {
        " (stages kernel)".into()
    } else {
        String::new()
    };
    say!(
        "arithmetic {} carry chains, {} reduction",
        r.arith,
        r.reduction
    );
    say!(
        "plan       {}{opts}, {} launches{}",
        r.variant,
        r.launches,
        if r.radices.is_empty() {
            String::new()
        } else {
            format!(", radices {}", r.radices)
        }
    );
    say!("kernels    {}", r.kernels.join(", "));
    if let Some(c) = &r.field_ops_per_point {
        say!(
            "per point  {:.3} Montgomery multiplications, {:.0} additions/subtractions",
            c.fe_mul,
            c.fe_add_sub
        );
    }
    say!("input      {}", r.input);
    say!(
        "build      {} ({}), tables {}",
        ms(r.build_ms),
        if r.build_from_cache {
            "cached binary"
        } else {
            "compiled"
        },
        ms(r.tables_ms)
    );
    let s = ms_summary;
    say!("kernel     {}", kernel_line(&r.kernel_ms, r.kernel_clock));
    say!("upload     {} (pinned → device)", s(&r.upload_ms));
    say!("download   {} (device → pinned)", s(&r.download_ms));
    say!("end-to-end {} (host wall clock)", s(&r.end_to_end_ms));
    if let Some(c) = &r.check {
        if c.ok {
            say!(
                "check      passed: bit-exact against the CPU reference ({}; tolerance: none)",
                ms(c.reference_ms)
            );
        } else {
            say!(
                "check      FAILED: {} of {} values differ (first at index {})",
                c.mismatches,
                r.n,
                c.first_mismatch.unwrap_or(0)
            );
        }
    }
    for k in &r.ptxas {
        say!(
            "ptxas      {}: {} registers, spills {}/{} bytes (store/load)",
            k.kernel,
            crate::stats::show(k.registers),
            crate::stats::show(k.spill_store_bytes),
            crate::stats::show(k.spill_load_bytes)
        );
    }
    if let Some(o) = &r.output {
        say!("output     {o}");
    }
}

/// The program `ntt` would build for these flags.
pub fn source(t: &NttSpecArgs) -> Result<String> {
    let plan = t.plan(None)?;
    let schedule = Schedule::for_plan(&plan);
    Ok(crate::ntt::kernels::generate(&plan, &schedule).source)
}
