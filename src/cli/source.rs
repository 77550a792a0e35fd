//! `jitfft source vc …`: print the generated program exactly as `vc` would build it.

use super::vc::TransformArgs;
use crate::codegen::vc_kernels;
use crate::vc::Schedule;
use anyhow::Result;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum SourceCommand {
    /// The VC transform's program.
    Vc(TransformArgs),
    /// The generalized Fermat prime field FFT's program (default work-group limits).
    Gfp(super::gfp::GfpFieldArgs),
    /// The NTT's program (odd prime field, Montgomery arithmetic).
    Ntt(super::ntt::NttSpecArgs),
}

pub fn run(c: SourceCommand) -> Result<()> {
    match c {
        SourceCommand::Vc(t) => {
            let plan = t.plan(None)?;
            let schedule = Schedule::for_plan(&plan);
            let program = if plan.algorithm == crate::vc::Algorithm::Fused {
                crate::codegen::vc_fused::generate(&schedule.fused)
            } else {
                vc_kernels::generate(&plan, &schedule.kernels)
            };
            print!("{}", program.source);
            Ok(())
        }
        SourceCommand::Ntt(t) => {
            print!("{}", super::ntt::source(&t)?);
            Ok(())
        }
        SourceCommand::Gfp(t) => {
            let plan = t.default_plan()?;
            print!("{}", crate::codegen::gfp_kernels::generate(&plan).source);
            Ok(())
        }
    }
}
