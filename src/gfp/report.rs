//! The report of a `gfp` run: field, plan, times per stage and kernel (from the host clock
//! where the events read zero), the check; as JSON (serde) or text ([`Report::lines`]).

use super::execute::GfpRunTimes;
use super::plan::{GfpPlan, Stage};
use super::GfpTransform;
use crate::runtime::show::{kernel_line, ms, ms_summary};
use crate::runtime::timing::Clock;
use crate::runtime::{DeviceInfo, Gpu, Summary};
use serde::Serialize;

/// Kernel time per kind of stage.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct StageTimes {
    pub base_dft_ms: Summary,
    pub twiddle_ms: Summary,
    pub permutation_ms: Summary,
    pub scale_ms: Summary,
}

/// The exact check against rug.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct CheckReport {
    pub reference: String,
    pub mismatches: usize,
    pub ok: bool,
    /// Exact transform: any mismatch fails.
    pub tolerance: &'static str,
}

/// What one `gfp` run did and measured.
#[derive(Debug, Clone, Serialize)]
#[allow(missing_docs)]
pub struct Report {
    /// What ran, from the transform model (the `--json` report's `transform`).
    #[serde(skip)]
    pub transform: crate::transform::TransformInfo,
    pub device: DeviceInfo,
    pub p: String,
    pub r: u64,
    pub k: u32,
    pub p_bits: u32,
    pub two_adicity: u32,
    pub n: u64,
    pub log_n: u32,
    pub inverse: bool,
    pub omega_n: String,
    pub radices: String,
    pub stages: Vec<Stage>,
    pub input: String,
    pub seed: Option<u64>,
    pub build_ms: f64,
    pub build_from_cache: bool,
    pub twiddle_setup_ms: f64,
    pub kernel_ms: Summary,
    /// What measured `kernel_ms` (`host-wall-clock` where the device's events read zero).
    pub kernel_clock: Clock,
    pub kernel_span_ms: Summary,
    pub per_stage: StageTimes,
    pub per_kernel_ms: Vec<(String, Summary)>,
    pub upload_ms: Summary,
    pub download_ms: Summary,
    pub check: Option<CheckReport>,
    pub cpu_reference_ms: Option<f64>,
    pub cpu_threads: usize,
    /// Where the result was written (set by the front end once it is).
    pub output: Option<String>,
}

impl Report {
    /// The report's device, field, plan and timing parts (input, check and output are the
    /// caller's).
    pub fn of(gpu: &Gpu, plan: &GfpPlan, tr: &GfpTransform, runs: &[GfpRunTimes]) -> Report {
        let f = &plan.field;
        let pick = |g: &dyn Fn(&GfpRunTimes) -> f64| Summary::over(runs, g);
        // Events that read zero (Rusticl): the kernel time is the host's, the rest unknown.
        let clock = Clock::of_runs(runs.iter().map(|t| t.clock));
        let by_events = |g: &dyn Fn(&GfpRunTimes) -> f64| clock.events_only(runs, g);
        let per_kernel_ms = runs[0]
            .launches
            .iter()
            .enumerate()
            .map(|(i, (name, _))| (name.clone(), by_events(&|t| t.launches[i].1)))
            .collect();
        Report {
            transform: crate::model::DeviceTransform::info(tr),
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

    /// The values that differ from the reference where the check ran.
    pub fn mismatches(&self) -> Option<usize> {
        self.check.as_ref().map(|c| c.mismatches).filter(|&m| m > 0)
    }

    /// Why the run failed where the check found differences.
    pub fn failure(&self) -> Option<String> {
        self.mismatches().map(|m| {
            format!(
                "the device result differs from the exact CPU reference in {m} of {} values",
                self.n
            )
        })
    }

    /// The report as text, a line each; `device` as the device describes itself.
    pub fn lines(&self, device: &str) -> Vec<String> {
        let (r, s) = (self, ms_summary);
        let cached = ["compiled", "cached binary"][r.build_from_cache as usize];
        let mut out = vec![
            format!("device     {device}"),
            format!(
                "field      p = {}^{} + 1 ({} bits, 2-adicity {})",
                r.r, r.k, r.p_bits, r.two_adicity
            ),
            format!(
                "transform  {} FFT, N = 2^{}, radices {}",
                if r.inverse { "inverse" } else { "forward" },
                r.log_n,
                r.radices
            ),
            format!("omega_N    {}", r.omega_n),
            format!("input      {}", r.input),
            format!(
                "build      {} ({cached}), twiddle tables {} (host)",
                ms(r.build_ms),
                ms(r.twiddle_setup_ms)
            ),
            format!("kernel     {}", kernel_line(&r.kernel_ms, r.kernel_clock)),
            format!("  base DFTs    {}", s(&r.per_stage.base_dft_ms)),
            format!("  twiddles     {}", s(&r.per_stage.twiddle_ms)),
            format!("  permutation  {}", s(&r.per_stage.permutation_ms)),
        ];
        if r.inverse {
            out.push(format!("  scale 1/N    {}", s(&r.per_stage.scale_ms)));
        }
        out.push(format!("upload     {}", s(&r.upload_ms)));
        out.push(format!("download   {}", s(&r.download_ms)));
        out.extend(r.check.as_ref().map(|c| match c.ok {
            true => format!(
                "check      passed: exact match with the CPU reference ({} values; tolerance: none)",
                r.n
            ),
            false => format!(
                "check      FAILED: {} of {} values differ from the CPU reference",
                c.mismatches, r.n
            ),
        }));
        out.extend(
            r.cpu_reference_ms
                .map(|t| format!("cpu ref    {} (rug FFT, {} threads)", ms(t), r.cpu_threads)),
        );
        out.extend(r.output.as_ref().map(|o| format!("output     {o}")));
        out
    }
}
