//! Gathers the statistics of every kernel a transform runs, dispatching on the vendor.

use super::{amd, intel, intel_cpu, nvidia, pocl, portable, Metric};
use crate::clgen::small_dft::{self, CodeletReport};
use crate::clgen::OpCounts;
use crate::error::Result;
use crate::runtime::build::{build_options, program_binary, BuiltProgram};
use crate::runtime::{DeviceInfo, Gpu, KernelHandle};
use crate::vc::{VcPlan, VcTransform};
use ocl::enums::{ProgramBuildInfo, ProgramBuildInfoResult};
use serde::Serialize;

/// Everything known about one kernel.
#[derive(Debug, Clone, Serialize)]
pub struct KernelStats {
    /// The kernel's name.
    pub kernel: String,
    /// Exact per-work-item counts written by the generator.
    pub generator: OpCounts,
    /// Figures from the device's compiler and the OpenCL queries, each with its source.
    pub metrics: Vec<Metric>,
}

impl KernelStats {
    /// The figure for `key`: SASS before other sources, a known value before an unknown one.
    pub fn best(&self, key: &str) -> Option<&Metric> {
        let of_key = || self.metrics.iter().filter(move |m| m.key == key);
        of_key()
            .find(|m| m.value.is_some() && m.source.starts_with("SASS"))
            .or_else(|| of_key().find(|m| m.value.is_some()))
            .or_else(|| of_key().next())
    }

    /// The figure for `key` from a source whose name starts with `source`.
    pub fn from_source(&self, key: &str, source: &str) -> Option<&Metric> {
        self.metrics
            .iter()
            .find(|m| m.key == key && m.source.starts_with(source))
    }
}

/// The statistics of a transform's program on one device.
#[derive(Debug, Clone, Serialize)]
pub struct ProgramStats {
    /// The device the program was built for.
    pub device: DeviceInfo,
    /// The transform the program computes.
    pub plan: VcPlan,
    /// The pass radices, e.g. `81·81·9`.
    pub radices: String,
    /// One entry per kernel of the program.
    pub kernels: Vec<KernelStats>,
    /// What could not be read, and where files came from.
    pub notes: Vec<String>,
    /// The p-point codelet's counts beside the pair form, the dense product and FFTW's.
    pub codelet: CodeletReport,
}

/// Builds the source afresh (no cache) and returns the build log: a program loaded from a
/// cached binary may come without ptxas' report.
fn fresh_build_log(gpu: &Gpu, source: &str) -> Option<String> {
    let program = ocl::Program::builder()
        .source(source)
        .devices(gpu.device)
        .cmplr_opt(build_options(gpu, ""))
        .build(&gpu.context)
        .ok()?;
    match program.build_info(gpu.device, ProgramBuildInfo::BuildLog) {
        Ok(ProgramBuildInfoResult::BuildLog(s)) => Some(s.trim_end_matches('\0').to_string()),
        _ => None,
    }
}

/// Collects generator counts, vendor compiler figures and portable queries for each kernel.
/// On PoCL the transform is run once first, since PoCL compiles a kernel at its first launch.
pub fn collect(gpu: &Gpu, tr: &VcTransform) -> Result<ProgramStats> {
    if gpu.info.vendor_key() == "pocl" {
        let input = crate::io::random::random_complex(tr.plan.total_len() as usize, 1);
        tr.execute(gpu, &input)?;
    }
    collect_launched(gpu, tr)
}

/// [`collect`] of a transform whose kernels have run already (on PoCL: were compiled), e.g.
/// the complex passes inside a real run.
pub fn collect_launched(gpu: &Gpu, tr: &VcTransform) -> Result<ProgramStats> {
    let handles: Vec<&KernelHandle> = tr.kernel_handles().iter().collect();
    let (metrics, notes) = program_metrics(gpu, &tr.built, &tr.program.source, &handles);
    let kernels = tr
        .kernel_counts()
        .iter()
        .zip(metrics)
        .map(|((name, counts), metrics)| KernelStats {
            kernel: name.clone(),
            generator: *counts,
            metrics,
        })
        .collect();
    Ok(ProgramStats {
        device: gpu.info.clone(),
        plan: tr.plan.clone(),
        radices: tr.schedule.radices(),
        kernels,
        notes,
        codelet: small_dft::report(tr.plan.p as u64),
    })
}

/// The vendor compiler's figures and the portable queries of each of `handles` (kernels of
/// `built`, compiled from `source`; on PoCL, launched once already), and the notes on what
/// could not be read.
pub fn program_metrics(
    gpu: &Gpu,
    built: &BuiltProgram,
    source: &str,
    handles: &[&KernelHandle],
) -> (Vec<Vec<Metric>>, Vec<String>) {
    let vendor = gpu.info.vendor_key();
    let mut notes = Vec::new();
    let binary = program_binary(built);
    let mut log = built.build_log.clone();
    let mut sass_text: Option<(String, &'static str)> = None;
    let ptx = binary
        .as_deref()
        .map(|b| String::from_utf8_lossy(b).into_owned());
    if vendor == "nvidia" {
        if nvidia::parse_ptxas_log(&log).is_empty() {
            if let Some(l) = fresh_build_log(gpu, source) {
                notes.push("ptxas report taken from a fresh (uncached) build".into());
                log = l;
            }
        }
        match ptx.as_deref().map(nvidia::sass_for_ptx) {
            Some(Ok(Some(s))) => sass_text = Some(s),
            Some(Ok(None)) => {
                notes.push("SASS counts need ptxas and cuobjdump or nvdisasm on PATH".into())
            }
            Some(Err(e)) => notes.push(format!("SASS not available: {e}")),
            None => notes.push("the driver returned no program binary (PTX)".into()),
        }
    }
    // Intel's CPU runtime: x86 code in the binary; the vectoriser's verdicts in a fresh build's
    // log (a build from a cached binary logs none).
    let intel_cpu = vendor == "intel" && gpu.info.kind == "cpu";
    let mut x86 = Err(String::new());
    if intel_cpu {
        x86 = intel_cpu::disassemble(binary.as_deref());
        if let Err(e) = &x86 {
            notes.push(format!("Intel CPU code not available: {e}"));
        }
        if !log.contains("vectorized") {
            if let Some(l) = fresh_build_log(gpu, source) {
                notes.push("vectorizer report taken from a fresh (uncached) build".into());
                log = l;
            }
        }
    }
    let mut all = Vec::new();
    for handle in handles {
        let name = &handle.name;
        let mut metrics = Vec::new();
        match vendor {
            "nvidia" => metrics.extend(nvidia::metrics(
                name,
                ptx.as_deref(),
                &log,
                sass_text.as_ref().map(|(t, s)| (t.as_str(), *s)),
            )),
            "pocl" => {
                let (m, note) = pocl::metrics(name);
                metrics.extend(m);
                notes.extend(note);
            }
            "amd" => {
                let (m, note) = amd::metrics(name, binary.as_deref());
                metrics.extend(m);
                notes.extend(note);
            }
            "intel" if intel_cpu => metrics.extend(intel_cpu::metrics(name, &x86, &log)),
            "intel" => metrics.extend(intel::metrics(gpu, handle, binary.as_deref())),
            _ => notes.push(format!(
                "no compiler statistics for vendor {:?}: only the portable queries",
                gpu.info.vendor
            )),
        }
        metrics.extend(portable::metrics(handle));
        all.push(metrics);
    }
    (all, notes)
}
