//! `jitfft source vc …`: print the generated program exactly as `vc` would build it.

use super::common::is_stdout;
use super::vc::TransformArgs;
use crate::io::atomic::write_atomic;
use crate::vc::fused::FusedLimits;
use crate::vc::schedule::DEFAULT_LIMITS;
use anyhow::{Context, Result};
use clap::Subcommand;
use std::io::Write;
use std::path::PathBuf;

/// The transforms whose generated source `jitfft source` prints.
#[derive(Subcommand, Debug)]
pub enum SourceCommand {
    /// The VC transform's program.
    Vc(SourceVcArgs),
    /// The generalized Fermat prime field FFT's program (default work-group limits).
    Gfp(super::gfp::GfpFieldArgs),
    /// The NTT's program (odd prime field, Montgomery arithmetic).
    Ntt(super::ntt::NttSpecArgs),
    /// The real Walsh–Hadamard transform's program (default device limits).
    Wht(super::wht::WhtSourceArgs),
}

/// `jitfft source [--output FILE] <transform> …`.
#[derive(clap::Args, Debug)]
pub struct SourceArgs {
    /// Write the program to FILE (atomically) instead of stdout; `-` is stdout.
    #[arg(long, short, global = true, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The transform whose program to print.
    #[command(subcommand)]
    pub what: SourceCommand,
}

/// The flags of `source vc`: those of `vc`, plus the device limit that shapes fused tiles.
#[derive(clap::Args, Debug)]
pub struct SourceVcArgs {
    /// The transform.
    #[command(flatten)]
    pub transform: TransformArgs,
    /// Work-items a fused kernel's work-group may hold (the device's kernel limit; NVIDIA's
    /// OpenCL allows 256), which sets the fused tiles.
    #[arg(long, default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=1024),
          value_name = "ITEMS")]
    pub max_work_group: u64,
    /// The real-input passes of `vc --real` (R2C forward, C2R with --inverse; the complex
    /// passes between them are `source vc` of p^(n−1) points).
    #[arg(long)]
    pub real: bool,
}

/// Prints or writes the program.
pub fn run(a: SourceArgs) -> Result<()> {
    let source = generate(a.what)?;
    match a.output.as_deref() {
        Some(path) if !is_stdout(path) => write_atomic(path, source.as_bytes())
            .with_context(|| format!("writing {}", path.display())),
        _ => {
            let mut out = std::io::stdout().lock();
            match out.write_all(source.as_bytes()).and_then(|_| out.flush()) {
                // A closed pipe (`jitfft source … | head`) is not an error.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
                r => r.context("writing to stdout"),
            }
        }
    }
}

/// The program text, exactly as the transform's executor builds it.
fn generate(c: SourceCommand) -> Result<String> {
    Ok(match c {
        SourceCommand::Vc(a) if a.real => {
            let r = a.transform.request();
            let Some(n) = r.n else {
                anyhow::bail!("source vc --real needs --n");
            };
            let plan = crate::vc::real::RealPlan::new(r.p, n, 1, r.precision, r.direction, r.norm)?;
            let plan = crate::vc::real::RealPlan {
                storage: r.half,
                ..plan
            };
            crate::vc::real::kernels::source(&plan)
        }
        SourceCommand::Vc(a) => {
            let plan = a.transform.plan(None)?;
            let limits = FusedLimits {
                max_threads: a.max_work_group,
                values: None,
                knobs: crate::vc::fused::pass::ScheduleKnobs::of(&crate::runtime::Knobs::from_env()),
                ..DEFAULT_LIMITS
            };
            crate::vc::program(&plan, limits).1.source
        }
        SourceCommand::Ntt(t) => super::ntt::source(&t)?,
        SourceCommand::Gfp(t) => crate::gfp::kernels::generate(&t.default_plan()?).source,
        SourceCommand::Wht(t) => super::wht::source(&t)?,
    })
}
