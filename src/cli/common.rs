//! Pieces shared by subcommands: the run flags, device flag, JSON printing, output files,
//! `--quiet`, and where reports go (stdout, or stderr when the data goes to stdout).

pub use crate::runtime::device_set::{open_one, open_one_or_set, Opened};
pub use crate::runtime::show::{kernel_line, ms, ms_summary};
use crate::runtime::{Gpu, SetSpec};
use anyhow::{bail, Result};
use clap::Args;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

pub use crate::io::progress::{quiet, set_quiet};
static REPORT_TO_STDERR: AtomicBool = AtomicBool::new(false);

/// Reports go to stderr from now on (the data is being written to stdout).
pub fn report_to_stderr() {
    REPORT_TO_STDERR.store(true, Ordering::Relaxed);
}

/// Prints one line of a report: to stdout, or to stderr when stdout carries data.
pub fn say_line(line: std::fmt::Arguments) {
    if REPORT_TO_STDERR.load(Ordering::Relaxed) {
        eprintln!("{line}");
    } else if let Err(e) = writeln!(std::io::stdout(), "{line}") {
        // A closed pipe (`jitfft … | head`) ends the run quietly instead of panicking.
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(141);
        }
        eprintln!("error: writing to stdout: {e}");
        std::process::exit(1);
    }
}

/// `say!("...", ...)`: a report line (see [`say_line`]).
macro_rules! say {
    ($($t:tt)*) => { $crate::cli::common::say_line(format_args!($($t)*)) };
}
pub(crate) use say;

/// An informational line on stderr, left out with `--quiet`.
pub fn info(line: std::fmt::Arguments) {
    if !quiet() {
        eprintln!("{line}");
    }
}

/// The flags every transform run shares (`vc`, `ntt`, `gfp`): where the data comes from and
/// goes, the check, the repeats, the report format and the device.
#[derive(Args, Debug, Clone)]
pub struct RunFlags {
    /// Input file (formats: see the command's help); random input when omitted.
    #[arg(long, value_name = "FILE")]
    pub input: Option<PathBuf>,
    /// Write the result to FILE; `-` writes it to stdout (the report then goes to stderr).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Seed for random input (used when there is no --input; fresh when omitted).
    #[arg(long, value_name = "SEED", alias = "random")]
    pub seed: Option<u64>,
    /// Compare with the CPU reference; exits non-zero after the report when the error is
    /// above the tolerance (VC: relative L2 2e-6 for f32, 1e-13 for f64; exact transforms:
    /// any mismatch).
    #[arg(long)]
    pub check: bool,
    /// Timed runs after one warm-up run (kernel time: median, min, max).
    #[arg(long, default_value_t = 5, value_name = "N")]
    pub repeat: usize,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU); batched
    /// work also runs on a set: `all`, `0,1,3`, a name or vendor (every match), `0,0`.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE", value_parser = device_arg)]
    pub device: Option<String>,
}

/// `--device` alone, for commands without [`RunFlags`] (`mul`, `explore mul`, `tune mul`).
#[derive(Args, Debug, Clone)]
pub struct DeviceFlag {
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU); batched
    /// work also runs on a set: `all`, `0,1,3`, a name or vendor (every match), `0,0`.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE", value_parser = device_arg)]
    pub device: Option<String>,
}

impl DeviceFlag {
    /// The device it names (see [`open_device`]).
    pub fn open(&self) -> Result<Gpu> {
        open_device(self.device.as_deref())
    }
}

impl RunFlags {
    /// [`RunFlags::validate`]d, the library's input, check and repeats.
    pub fn validated(&self) -> Result<crate::model::RunInput> {
        self.validate()?;
        Ok(crate::model::RunInput {
            input: self.input.clone(),
            seed: self.seed,
            check: self.check,
            repeat: self.repeat,
        })
    }

    /// Checks the flags before any work: at least one run, one source of input, a writable
    /// output; sends the report to stderr when the data goes to stdout.
    pub fn validate(&self) -> Result<()> {
        if self.repeat == 0 {
            bail!("--repeat 0: at least one timed run is needed");
        }
        if self.input.is_some() && self.seed.is_some() {
            bail!("--input and --seed (--random) both given: choose one source of input");
        }
        output_to(self.output.as_deref(), check_output_dir)
    }
}

/// Sends the reports to stderr where the output is stdout (`-`), else checks the output file
/// with `check` before any work.
pub fn output_to(o: Option<&Path>, check: impl Fn(&Path) -> crate::Result<()>) -> Result<()> {
    match o {
        Some(o) if is_stdout(o) => report_to_stderr(),
        Some(o) => check(o)?,
        None => {}
    }
    Ok(())
}

/// `--device`'s grammar, checked when the flags are read (a usage error, exit 2): a single
/// selector or a device set ([`SetSpec::parse`]).
pub fn device_arg(s: &str) -> std::result::Result<String, String> {
    SetSpec::parse(s).map(|_| s.to_string())
}

/// Opens the device named by `--device` (or `JITFFT_DEVICE`, or the default rule); a list or
/// `all` that names several devices is refused (this command runs on one device).
pub fn open_device(sel: Option<&str>) -> Result<Gpu> {
    Ok(open_one(sel, "this command")?)
}

/// Prints a JSON report (to stderr when stdout carries data).
pub fn print_json<T: serde::Serialize>(v: &T) -> Result<()> {
    say!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// The output checks and writers live in the library (`io::output`); the CLI's commands use
/// them as is.
pub use crate::io::output::{check_output_dir, check_output_path, is_stdout, write_data};

/// Prints a run's [`crate::report::Report`] as JSON (every run command's `--json`; to stderr
/// when stdout carries data).
pub fn print_report(report: &crate::report::Report) -> Result<()> {
    say!("{}", crate::report::export::json(report));
    Ok(())
}

/// Prints a run's report (`--json`: as the one schema, else `human`), then fails with
/// `failure` where the check failed (the output was not written): the end of `vc`, `wht`,
/// `ntt` and `gfp`.
pub fn print_and_conclude(
    json: bool,
    schema: impl FnOnce() -> crate::Result<crate::report::Report>,
    human: impl FnOnce(),
    failure: Option<String>,
) -> Result<()> {
    if json {
        print_report(&schema()?)?;
    } else {
        human();
    }
    if let Some(f) = failure {
        anyhow::bail!("{f}; no output written");
    }
    Ok(())
}

/// A report's text lines, each through [`say!`].
pub fn say_lines(lines: &[String]) {
    lines.iter().for_each(|l| say!("{l}"));
}

/// NVIDIA's driver keeps a JIT cache of compiled PTX; a build it serves from there carries no
/// ptxas report in the build log. Statistics commands turn that cache off for their process
/// (before the first OpenCL call, while the process has one thread), unless the user set it:
/// the CLI sets it, the library sets no environment.
#[allow(clippy::disallowed_methods)]
pub fn disable_driver_jit_cache() {
    if std::env::var_os("CUDA_CACHE_DISABLE").is_none() {
        std::env::set_var("CUDA_CACHE_DISABLE", "1");
    }
}
