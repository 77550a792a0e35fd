//! The report of an `ntt` run: the field and plan, the kernels, the times (from the host
//! clock where the events read zero, as on Rusticl), the check and ptxas' figures; as JSON
//! (serde) or as text ([`Report::lines`]).

use super::execute::{NttTransform, RunTimes};
use super::ops::{field_op_counts, FieldOpCounts};
use super::plan::{FusedKernel, NttOptions};
use crate::field::prime::FieldSummary;
use crate::runtime::show::{kernel_line, ms, ms_summary};
use crate::runtime::timing::Clock;
use crate::runtime::{DeviceInfo, Gpu, Summary};
use serde::Serialize;

/// The exact check against the CPU reference.
#[derive(Debug, Clone, Serialize)]
pub struct CheckReport {
    /// No mismatch.
    pub ok: bool,
    /// Elements that differ.
    pub mismatches: usize,
    /// The first that differs.
    pub first_mismatch: Option<usize>,
    /// What the reference is.
    pub reference: &'static str,
    /// Its time on the host.
    pub reference_ms: f64,
    /// Exact transform: any mismatch fails.
    pub tolerance: &'static str,
}

/// What one `ntt` run did and measured.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct Report {
    /// What ran, from the transform model (the `--json` report's `transform`).
    #[serde(skip)]
    pub transform: crate::transform::TransformInfo,
    pub device: DeviceInfo,
    pub field: FieldSummary,
    pub limb_bits: u32,
    pub log_n: u32,
    pub n: usize,
    pub variant: String,
    /// Carry chains as generated (`auto` resolved for the device).
    pub arith: String,
    /// The generator options as asked for.
    pub options: NttOptions,
    /// Reduction inside passes: "lazy" ([0, 2p)) or "full".
    pub reduction: &'static str,
    pub direction: &'static str,
    pub omega_n: String,
    pub omega_n_hex: String,
    pub kernels: Vec<String>,
    /// Field operations per point the kernels perform (from the schedule; null for split28).
    pub field_ops_per_point: Option<FieldOpCounts>,
    pub launches: usize,
    pub radices: String,
    pub input: String,
    pub seed: Option<u64>,
    pub build_ms: f64,
    pub build_from_cache: bool,
    pub tables_ms: f64,
    pub kernel_ms: Summary,
    /// What measured `kernel_ms` (`host-wall-clock` where the device's events read zero).
    pub kernel_clock: Clock,
    pub kernel_span_ms: Summary,
    pub pass_ms_median: Vec<f64>,
    pub upload_ms: Summary,
    pub download_ms: Summary,
    pub end_to_end_ms: Summary,
    pub check: Option<CheckReport>,
    /// Where the result was written (set by the front end once it is).
    pub output: Option<String>,
    /// Per kernel: ptxas' registers and spill bytes from the build log (NVIDIA, fresh builds).
    pub ptxas: Vec<PtxasRow>,
    /// Rows of N elements transformed (`--batch B`; absent for one transform).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub batch: Option<usize>,
    /// Rows split over a device set: each member's rows and times, the set's wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<crate::model::split::SetFigures>,
}

/// ptxas' figures of one kernel.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct PtxasRow {
    pub kernel: String,
    pub registers: Option<u64>,
    pub spill_store_bytes: Option<u64>,
    pub spill_load_bytes: Option<u64>,
}

impl Report {
    /// The report of `runs` of `tr` on `gpu`.
    pub fn of(
        gpu: &Gpu,
        tr: &NttTransform,
        runs: &[RunTimes],
        input: String,
        seed: Option<u64>,
        check: Option<CheckReport>,
    ) -> Report {
        let plan = &tr.plan;
        let pick = |f: &dyn Fn(&RunTimes) -> f64| Summary::over(runs, f);
        let launches = tr.schedule.passes.len();
        // Events that read zero (Rusticl): kernel times from the host clock, the rest unknown.
        let clock = Clock::of_runs(runs.iter().map(|t| t.clock));
        let by_events = |f: &dyn Fn(&RunTimes) -> f64| clock.events_only(runs, f);
        let pass_ms_median = (0..launches)
            .filter(|_| clock == Clock::Events)
            .map(|i| Summary::over(runs, |r| r.pass_ms[i]).median)
            .collect();
        Report {
            transform: crate::model::DeviceTransform::info(tr),
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
            field_ops_per_point: field_op_counts(plan, &tr.schedule),
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
            output: None,
            ptxas: crate::stats::nvidia::parse_ptxas_log(&tr.built.build_log)
                .into_iter()
                .map(|(kernel, r)| PtxasRow {
                    kernel,
                    registers: r.registers,
                    spill_store_bytes: r.spill_store_bytes,
                    spill_load_bytes: r.spill_load_bytes,
                })
                .collect(),
            batch: None,
            device_set: None,
        }
    }

    /// Whether the check ran and failed.
    pub fn check_failed(&self) -> bool {
        self.check.as_ref().is_some_and(|c| !c.ok)
    }

    /// The report as text, a line each; `device` as the device describes itself.
    pub fn lines(&self, device: &str) -> Vec<String> {
        let r = self;
        let mut out = vec![
            format!("device     {device}"),
            format!(
                "transform  NTT {} over {} ({} bits), N = 2^{} = {}, {}-bit limbs",
                r.direction, r.field.name, r.field.bits, r.log_n, r.n, r.limb_bits
            ),
            format!(
                "omega_N    {} (g = {}, ω_N = g^((p−1)/N))",
                r.omega_n, r.field.generator
            ),
            format!(
                "arithmetic {} carry chains, {} reduction",
                r.arith, r.reduction
            ),
        ];
        let opts = match (r.variant.as_str(), r.options.kernel) {
            ("fused", FusedKernel::Regs) => format!(
                " (regs kernel, {} points per work-item, twiddles {:?})",
                r.options.elems, r.options.twiddles
            )
            .to_lowercase(),
            ("fused", _) => " (stages kernel)".into(),
            _ => String::new(),
        };
        let radices = match r.radices.as_str() {
            "" => String::new(),
            s => format!(", radices {s}"),
        };
        out.push(format!(
            "plan       {}{opts}, {} launches{radices}",
            r.variant, r.launches
        ));
        out.extend(
            r.batch
                .map(|b| format!("batch      {b} rows of N, each transformed in turn")),
        );
        out.push(format!("kernels    {}", r.kernels.join(", ")));
        out.extend(r.field_ops_per_point.as_ref().map(|c| {
            format!(
                "per point  {:.3} Montgomery multiplications, {:.0} additions/subtractions",
                c.fe_mul, c.fe_add_sub
            )
        }));
        let cached = ["compiled", "cached binary"][r.build_from_cache as usize];
        let s = ms_summary;
        out.extend([
            format!("input      {}", r.input),
            format!(
                "build      {} ({cached}), tables {}",
                ms(r.build_ms),
                ms(r.tables_ms)
            ),
            format!("kernel     {}", kernel_line(&r.kernel_ms, r.kernel_clock)),
            format!("upload     {} (pinned → device)", s(&r.upload_ms)),
            format!("download   {} (device → pinned)", s(&r.download_ms)),
            format!("end-to-end {} (host wall clock)", s(&r.end_to_end_ms)),
        ]);
        out.extend(r.check.as_ref().map(|c| match c.ok {
            true => format!(
                "check      passed: bit-exact against the CPU reference ({}; tolerance: none)",
                ms(c.reference_ms)
            ),
            false => format!(
                "check      FAILED: {} of {} values differ (first at index {})",
                c.mismatches,
                r.n * r.batch.unwrap_or(1),
                c.first_mismatch.unwrap_or(0)
            ),
        }));
        out.extend(r.ptxas.iter().map(|k| {
            format!(
                "ptxas      {}: {} registers, spills {}/{} bytes (store/load)",
                k.kernel,
                crate::stats::show(k.registers),
                crate::stats::show(k.spill_store_bytes),
                crate::stats::show(k.spill_load_bytes)
            )
        }));
        out.extend(r.device_set.iter().flat_map(|f| f.lines()));
        out.extend(r.output.as_ref().map(|o| format!("output     {o}")));
        out
    }
}
