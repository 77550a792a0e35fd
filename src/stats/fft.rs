//! `stats fft` (issue 44): the any-shape FFT's kernels with the generator's exact counts and
//! the device compiler's figures, from the same sources as `stats vc` (ptxas and SASS on
//! NVIDIA, PoCL's and Intel's CPU code, AMD's ELF, the portable queries); or the programs
//! compiled for offline targets, one column a target.

use super::collect::{kernel_stats, KernelStats};
use super::offline::targets::{self, Target};
use super::offline::vc::{compile_column, OfflineColumn};
use super::offline::OfflineError;
use super::report::OfflineReport;
use crate::error::Result;
use crate::fft::kernels::generate;
use crate::fft::{FftPlan, FftTransform, Schedule};
use crate::runtime::{DeviceInfo, Gpu};
use crate::transform::Precision;
use serde::Serialize;

/// One program of an FFT run (rfftn/irfftn of an odd length run two) on one device.
#[derive(Debug, Clone, Serialize)]
pub struct FftProgramStats {
    /// The plan the program computes.
    pub plan: FftPlan,
    /// Each axis' launches as radices, e.g. `16·16·4 | 10·10·10`.
    pub launches: String,
    /// One entry per kernel, in launch order.
    pub kernels: Vec<KernelStats>,
    /// What could not be read, and where figures came from.
    pub notes: Vec<String>,
}

/// `stats fft` on a device: every program of the run.
#[derive(Debug, Clone, Serialize)]
pub struct FftStats {
    /// The device the programs were built for.
    pub device: DeviceInfo,
    /// The run's programs, in the order they run.
    pub programs: Vec<FftProgramStats>,
}

/// Builds each plan's transform on `gpu`, launches it once (PoCL compiles a kernel at its
/// first launch; the arrays' values do not matter to the figures) and gathers each kernel's
/// generator counts and compiler figures.
pub fn device_stats(gpu: &Gpu, plans: &[FftPlan]) -> Result<FftStats> {
    let mut programs = Vec::with_capacity(plans.len());
    for plan in plans {
        let tr = FftTransform::new(gpu, plan)?;
        tr.launches_only(gpu, 0, 1)?;
        let (kernels, notes) = kernel_stats(
            gpu,
            &tr.built,
            &tr.program.source,
            tr.kernel_handles(),
            &tr.program.kernels,
        );
        programs.push(FftProgramStats {
            plan: plan.clone(),
            launches: launches(&tr.schedule),
            kernels,
            notes,
        });
    }
    Ok(FftStats {
        device: gpu.info.clone(),
        programs,
    })
}

/// The launches of a schedule as radices, axis by axis (`|` between axes, `·` inside a fused
/// launch, ` ` between launches); Bluestein's element-wise launches by name.
pub fn launches(s: &Schedule) -> String {
    use crate::fft::schedule::StepKind;
    let mut out = String::new();
    let mut axis = None;
    for step in &s.steps {
        if axis.is_some_and(|a| a != step.axis) {
            out.push_str(" | ");
        } else if axis.is_some() {
            out.push(' ');
        }
        axis = Some(step.axis);
        let what = match &step.kind {
            StepKind::Pass { radix, .. } => radix.to_string(),
            StepKind::Group { radices, .. } => radices
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("·"),
            StepKind::ChirpIn { .. } => "chirp-in".into(),
            StepKind::Multiply { .. } => "multiply".into(),
            StepKind::ChirpOut { .. } => "chirp-out".into(),
            StepKind::Real { .. } => "real-end".into(),
        };
        out.push_str(&what);
    }
    out
}

/// Each plan's program under `target`'s local memory and compiled by its compiler: one column
/// a program (algorithm "fft", or "fft 2/2" for a run's second program). A target without
/// fp64 gives a column saying so; a missing compiler or a failed build is an error.
pub fn offline_columns(
    plans: &[FftPlan],
    target: &Target,
) -> std::result::Result<Vec<OfflineColumn>, OfflineError> {
    plans
        .iter()
        .enumerate()
        .map(|(i, plan)| {
            let schedule = Schedule::for_local_memory(plan, target.backend.local_bytes);
            let source = generate(plan, &schedule).source;
            let name = match plans.len() {
                1 => "fft".to_string(),
                n => format!("fft {}/{n}", i + 1),
            };
            let fp64 = plan.precision == Precision::F64;
            compile_column(&source, fp64, &name, target)
        })
        .collect()
}

/// A plan in one line: direction, shape, axes, precision (and storage), the packed real end,
/// the norm.
pub fn describe(plan: &FftPlan) -> String {
    let stored = plan
        .half
        .map(|h| format!(" stored as {}", h.name()))
        .unwrap_or_default();
    let real = plan
        .real
        .map(|r| format!(", packed real end of {}", r.n))
        .unwrap_or_default();
    format!(
        "FFT {} of shape {:?} over axes {:?}, {}{stored}{real}, norm {}",
        plan.direction, plan.shape, plan.axes, plan.precision, plan.norm
    )
}

/// `stats fft --target`: every program of the run compiled for each named target, a column
/// each, the launches that target's local memory gives in the column's notes.
pub fn offline_report(plans: &[FftPlan], names: &[String]) -> anyhow::Result<OfflineReport> {
    let mut columns = Vec::new();
    for name in names {
        let Some(target) = targets::find(name) else {
            anyhow::bail!("target {name}: not an offline target of this build");
        };
        for (plan, mut col) in plans.iter().zip(offline_columns(plans, &target)?) {
            let schedule = Schedule::for_local_memory(plan, target.backend.local_bytes);
            col.notes
                .insert(0, format!("launches {}", launches(&schedule)));
            columns.push(col);
        }
    }
    let transform = plans
        .iter()
        .map(describe)
        .collect::<Vec<_>>()
        .join("; then ");
    Ok(OfflineReport { transform, columns })
}
