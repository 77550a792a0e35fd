//! The VC transform's OpenCL C generators: one kernel per pass of the ct/cg algorithms
//! ([`ct_cg`]; CPU-shaped CT kernels in [`ct_cpu`], CG ones in `cg_cpu_simd`) and the fused multi-digit passes ([`fused`]).

mod block;
mod cg_cpu_simd;
pub mod ct_cg;
pub mod ct_cpu;
pub mod ct_cpu_simd;
pub mod fused;
mod half_edges;
mod per_item;
mod spread;

use crate::clgen::GeneratedProgram;
use crate::vc::fused::FusedLimits;
use crate::vc::{Algorithm, Schedule, VcPlan};

/// The program of a schedule: the generator its algorithm needs.
pub fn generate(plan: &VcPlan, schedule: &Schedule) -> GeneratedProgram {
    if plan.algorithm == Algorithm::Fused {
        let passes: Vec<_> = schedule.fused_passes().cloned().collect();
        fused::generate(&passes)
    } else {
        ct_cg::generate(plan, &schedule.kernels)
    }
}

/// The schedule a plan runs under the device's fused limits, and its generated program: what
/// `VcTransform::new` builds and `jitfft source vc` prints.
pub fn program(plan: &VcPlan, limits: FusedLimits) -> (Schedule, GeneratedProgram) {
    let schedule = Schedule::for_limits(plan, limits);
    let program = generate(plan, &schedule);
    (schedule, program)
}
