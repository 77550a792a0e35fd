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
        SourceCommand::Vc(a) if a.real => real_source(&a)?,
        SourceCommand::Vc(a) => {
            let plan = a.transform.plan(None)?;
            crate::vc::program(&plan, limits(&a)).1.source
        }
        SourceCommand::Ntt(t) => super::ntt::source(&t)?,
        SourceCommand::Gfp(t) => crate::gfp::kernels::generate(&t.default_plan()?).source,
        SourceCommand::Wht(t) => super::wht::source(&t)?,
        SourceCommand::Fft(t) => t.request(None).sources()?,
    })
}

/// The fused tile limits of `source vc`: the default device's, with `--max-work-group`.
fn limits(a: &SourceVcArgs) -> FusedLimits {
    FusedLimits {
        max_threads: a.max_work_group,
        values: None,
        knobs: crate::vc::fused::pass::ScheduleKnobs::of(&crate::runtime::Knobs::from_env()),
        ..DEFAULT_LIMITS
    }
}

/// `source vc --real`: the two programs a real run builds, in launch order, as one program
/// text (the second's typedefs left out: the first's preamble has them). First the complex
/// passes over the other n−1 digits (a batch of B·h bins) on these limits, with the real
/// path's ends where fused: forward, the first pass does the real digit on load and the last
/// writes numpy's rows; inverse, the first reads them. Then the real program (R2C, C2R and
/// the two layout moves), of which the run launches what its complex passes leave: none
/// forward with fused ends, the C2R inverse, all around a ct/cg plan; alone for n = 1.
fn real_source(a: &SourceVcArgs) -> Result<String> {
    use crate::vc::real::{execute::half_edges, resolve};
    use crate::vc::Algorithm;
    let r = a.transform.request();
    let rp = resolve::real_plan(&r, None, None)?;
    let real = crate::vc::real::kernels::source(&rp);
    if rp.n < 2 {
        return Ok(real);
    }
    // One program text: the complex program's preamble already typedefs `real` and `real2`.
    let real: String = real
        .lines()
        .filter(|l| !l.starts_with("typedef "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut inner = resolve::inner_request(&r, &rp)
        .plan(None, None)?
        .with_half(rp.storage)?;
    // Half storage runs without the fused ends (`vc::real::execute`).
    if inner.algorithm == Algorithm::Fused && rp.storage.is_none() {
        inner = inner.with_half_edges(half_edges(&rp))?;
    }
    let (schedule, program) = crate::vc::program(&inner, limits(a));
    let ends = schedule
        .fused_passes()
        .next()
        .is_some_and(|f| f.half_in.is_some());
    let launched = match (ends, rp.direction) {
        (true, crate::transform::Direction::Forward) => "none of its kernels",
        (true, crate::transform::Direction::Inverse) => "its C2R pass last",
        (false, _) => "its real pass and its layout move around the complex passes",
    };
    Ok(format!(
        "// jitfft source vc --real: the complex passes of {p}^{m} x {b} bins{e}, then the real program\n\
         // (the run launches {launched}).\n{}\n{real}",
        program.source,
        p = rp.p,
        m = rp.n - 1,
        b = inner.batch,
        e = if ends { " with the real path's fused ends" } else { "" },
    ))
}
