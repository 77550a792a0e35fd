//! `jitfft source vc …`: print the generated program exactly as `vc` would build it.

use super::common::is_stdout;
use super::vc::TransformArgs;
use crate::io::atomic::write_atomic;
use crate::vc::program_text::{limits, real_source};
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
    /// The any-shape FFT's program(s) (irfftn: the inverse over the other axes, then the
    /// halved axis' inverse).
    Fft(super::fft::FftSpecArgs),
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
    /// The programs of `vc --real`: the complex passes of p^(n−1) points × h bins as this
    /// device's plan runs them (fused: the real digit on load and numpy's rows out forward,
    /// the rows in inverse), then the real passes (R2C, C2R, the layout moves).
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
            real_source(&a.transform.request(), limits(a.max_work_group))?
        }
        SourceCommand::Vc(a) => {
            let plan = a.transform.plan(None)?;
            crate::vc::program(&plan, limits(a.max_work_group)).1.source
        }
        SourceCommand::Ntt(t) => super::ntt::source(&t)?,
        SourceCommand::Gfp(t) => crate::gfp::kernels::generate(&t.default_plan()?).source,
        SourceCommand::Wht(t) => super::wht::source(&t)?,
        SourceCommand::Fft(t) => t.request(None).sources()?,
    })
}
