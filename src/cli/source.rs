//! `jitfft source vc …`: print the generated program exactly as `vc` would build it.

use super::vc::TransformArgs;
use crate::vc::fused::FusedLimits;
use crate::vc::schedule::DEFAULT_LIMITS;
use anyhow::Result;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum SourceCommand {
    /// The VC transform's program.
    Vc(SourceVcArgs),
    /// The generalized Fermat prime field FFT's program (default work-group limits).
    Gfp(super::gfp::GfpFieldArgs),
    /// The NTT's program (odd prime field, Montgomery arithmetic).
    Ntt(super::ntt::NttSpecArgs),
}

#[derive(clap::Args, Debug)]
pub struct SourceVcArgs {
    #[command(flatten)]
    pub transform: TransformArgs,
    /// Work-items a fused kernel's work-group may hold (the device's kernel limit; NVIDIA's
    /// OpenCL allows 256), which sets the fused tiles.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1024),
          value_name = "ITEMS")]
    pub max_work_group: u64,
}

pub fn run(c: SourceCommand) -> Result<()> {
    match c {
        SourceCommand::Vc(a) => {
            let plan = a.transform.plan(None)?;
            let limits = FusedLimits {
                max_threads: a.max_work_group,
                values: None,
                ..DEFAULT_LIMITS
            };
            let (_, program) = crate::vc::program(&plan, limits);
            print!("{}", program.source);
            Ok(())
        }
        SourceCommand::Ntt(t) => {
            print!("{}", super::ntt::source(&t)?);
            Ok(())
        }
        SourceCommand::Gfp(t) => {
            let plan = t.default_plan()?;
            print!("{}", crate::gfp::kernels::generate(&plan).source);
            Ok(())
        }
    }
}
