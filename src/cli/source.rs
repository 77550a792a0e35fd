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
}

pub fn run(c: SourceCommand) -> Result<()> {
    match c {
        SourceCommand::Vc(t) => {
            let plan = t.plan(None)?;
            let schedule = Schedule::for_plan(&plan);
            let program = vc_kernels::generate(&plan, &schedule.kernels);
            print!("{}", program.source);
            Ok(())
        }
    }
}
