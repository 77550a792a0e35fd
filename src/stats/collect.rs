//! Gathers the statistics of every kernel a transform runs, dispatching on the vendor: a
//! complex plan's, or a real run's (`stats vc --real`, issue 35: the real passes it launches,
//! the real DFT along the last axis and the layout move, with compiler figures only since the
//! generator writes no counts for them; then its complex passes over p^(n−1) points, a batch
//! of h, as any complex plan).

use super::{amd, intel, intel_cpu, nvidia, pocl, portable, Metric};
use crate::clgen::small_dft::{self, CodeletReport};
use crate::clgen::OpCounts;
use crate::error::Result;
use crate::runtime::build::{build_options, program_binary, BuiltProgram};
use crate::runtime::{build_program, DeviceInfo, Gpu, KernelHandle};
use crate::transform::Direction;
use crate::vc::real::data::random_input;
use crate::vc::real::kernels::{names, source};
use crate::vc::real::{RealPlan, RealVc};
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
    let (kernels, notes) = kernel_stats(
        gpu,
        &tr.built,
        &tr.program.source,
        tr.kernel_handles(),
        tr.kernel_counts(),
    );
    Ok(ProgramStats {
        device: gpu.info.clone(),
        plan: tr.plan.clone(),
        radices: tr.schedule.radices(),
        kernels,
        notes,
        codelet: small_dft::report(tr.plan.p as u64),
    })
}

/// Each kernel of a built program (its `handles` in program order, launched once already on
/// PoCL) with its generator `counts` and [`program_metrics`]' figures; and the notes.
pub fn kernel_stats(
    gpu: &Gpu,
    built: &BuiltProgram,
    source: &str,
    handles: &[KernelHandle],
    counts: &[(String, OpCounts)],
) -> (Vec<KernelStats>, Vec<String>) {
    let handles: Vec<&KernelHandle> = handles.iter().collect();
    let (metrics, notes) = program_metrics(gpu, built, source, &handles);
    let kernels = counts
        .iter()
        .zip(metrics)
        .map(|((name, counts), metrics)| KernelStats {
            kernel: name.clone(),
            generator: *counts,
            metrics,
        })
        .collect();
    (kernels, notes)
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

/// One real pass's figures.
#[derive(Debug, Clone, Serialize)]
pub struct RealKernelStats {
    /// The kernel's name.
    pub kernel: String,
    /// The compiler's and the driver's figures, each with its source.
    pub metrics: Vec<Metric>,
}

/// `stats vc --real`: the real passes, then the complex passes (none for n = 1).
#[derive(Debug, Clone, Serialize)]
pub struct RealStats {
    /// The device.
    pub device: DeviceInfo,
    /// "rfftn" or "irfftn".
    pub kind: &'static str,
    /// Values of each variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// f32 or f64.
    pub precision: String,
    /// The real passes' kernels, in launch order.
    pub real_kernels: Vec<RealKernelStats>,
    /// What could not be read of the real passes.
    pub notes: Vec<String>,
    /// The complex passes over p^(n−1) points (batch h): `stats vc`'s report of that plan.
    pub complex: Option<ProgramStats>,
}

/// The figures of the real run of `rp` with complex plan `inner` on `gpu` (call
/// [`super::disable_driver_jit_cache`] before the device opens): the run is built as `vc
/// --real` builds it and launched once (PoCL compiles a kernel at its first launch), then
/// each of its kernels is read: the real program's (none where fused complex passes take the
/// real path's ends) and the complex transform's.
pub fn real_device_stats(gpu: &Gpu, rp: &RealPlan, inner: Option<&VcPlan>) -> Result<RealStats> {
    let tr = RealVc::new(gpu, rp, inner)?;
    tr.execute(gpu, &random_input(rp, 1))?;
    let k = names(rp);
    let ours = [k.r2c, k.c2r, k.to_rows, k.to_bins];
    let launched: Vec<String> = tr
        .kernel_names()
        .into_iter()
        .filter(|n| ours.contains(n))
        .collect();
    // The same source again: the program cache gives the binary the run built.
    let src = source(rp);
    let built = build_program(gpu, &src, "")?;
    let handles = launched
        .iter()
        .map(|name| KernelHandle::new(gpu, &built.program, name))
        .collect::<Result<Vec<_>>>()?;
    let refs: Vec<&KernelHandle> = handles.iter().collect();
    let (metrics, notes) = program_metrics(gpu, &built, &src, &refs);
    let real_kernels = handles
        .iter()
        .zip(metrics)
        .map(|(h, metrics)| RealKernelStats {
            kernel: h.name.clone(),
            metrics,
        })
        .collect();
    let complex = tr
        .inner
        .as_ref()
        .map(|t| collect_launched(gpu, t))
        .transpose()?;
    tr.release()?;
    Ok(RealStats {
        device: gpu.info.clone(),
        kind: match rp.direction {
            Direction::Forward => "rfftn",
            Direction::Inverse => "irfftn",
        },
        p: rp.p,
        n: rp.n,
        precision: rp.precision.to_string(),
        real_kernels,
        notes,
        complex,
    })
}
