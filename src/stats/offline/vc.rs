//! Offline statistics of a VC transform's program: generated exactly as `jitfft source vc`
//! would for the target's work-group and local-memory limits, compiled for each target.

use super::targets::Target;
use super::{OfflineError, OfflineKernel};
use crate::vc::fused::FusedLimits;
use crate::vc::real::RealPlan;
use crate::vc::schedule::DEFAULT_LIMITS;
use crate::vc::{Precision, VcPlan};
use serde::Serialize;

/// One target's figures for one program (one column group of the report).
#[derive(Debug, Clone, Serialize)]
pub struct OfflineColumn {
    /// The target as the compiler names it.
    pub target: String,
    /// Its backend module ("r600", "amdgcn", …).
    pub backend: String,
    /// The transform's algorithm ("ct", "cg", "fused").
    pub algorithm: String,
    /// The compiler and its version (empty when it did not run).
    pub compiler: String,
    /// One entry per kernel, in program order.
    pub kernels: Vec<OfflineKernel>,
    /// Compiler warnings, kept files.
    pub notes: Vec<String>,
    /// Why there are no figures although nothing failed (a target without fp64).
    pub unavailable: Option<String>,
}

/// The generated program of `plan` under `target`'s limits.
pub fn source_for(plan: &VcPlan, target: &Target) -> String {
    let limits = FusedLimits {
        max_threads: target.backend.max_work_group,
        local_bytes: target.backend.local_bytes,
        // The schedule switches of the environment (`JITFFT_LANE_BLOCKS`, `JITFFT_PER_ITEM`).
        knobs: crate::vc::fused::pass::ScheduleKnobs::of(&crate::runtime::Knobs::from_env()),
        ..DEFAULT_LIMITS
    };
    crate::vc::program(plan, limits).1.source
}

/// Compiles `plan`'s program for `target`. A target without fp64 gives a column saying so;
/// a missing compiler or a failed build is an error.
pub fn column(plan: &VcPlan, target: &Target) -> Result<OfflineColumn, OfflineError> {
    let source = source_for(plan, target);
    let fp64 = plan.precision == Precision::F64;
    compile_column(&source, fp64, &plan.algorithm.to_string(), target)
}

/// Compiles the real passes' program of a real run (`stats vc --real --target`): the program
/// beside the complex passes' (whose columns [`column`] gives); algorithm "real".
pub fn real_column(rp: &RealPlan, target: &Target) -> Result<OfflineColumn, OfflineError> {
    let source = crate::vc::real::kernels::source(rp);
    compile_column(&source, rp.precision == Precision::F64, "real", target)
}

/// The column of `source` compiled for `target`; a target without fp64 gives a column saying
/// so, a missing compiler or a failed build is an error.
pub(crate) fn compile_column(
    source: &str,
    fp64: bool,
    algorithm: &str,
    target: &Target,
) -> Result<OfflineColumn, OfflineError> {
    let mut col = OfflineColumn {
        target: target.name.into(),
        backend: target.backend.name.into(),
        algorithm: algorithm.into(),
        compiler: String::new(),
        kernels: Vec::new(),
        notes: Vec::new(),
        unavailable: None,
    };
    match target.build(source, "", fp64) {
        Ok(b) => {
            col.compiler = b.compiler;
            col.kernels = b.kernels;
            col.notes = b.notes;
        }
        Err(e @ OfflineError::NoFp64 { .. }) => col.unavailable = Some(e.to_string()),
        Err(e) => return Err(e),
    }
    Ok(col)
}
