//! `jitfft bent`: which of B p-valued functions are bent. Truth vectors go to the device as
//! one byte a value; one batched fused run decodes ε^f, transforms and reduces every
//! spectrum to its min and max |S| (no spectrum is written). `--cpu` uses the f64 reference.
//! `mvl::bent_run` decides and runs.

use super::common::{output_to, print_report, say, write_data};
use super::mvl::PrecisionChoice;
use crate::mvl::bent_report::{check_verdict_path, verdict_bytes};
use crate::mvl::bent_run::{self, Classified, LoadMode, Request};
use crate::runtime::{DeviceSet, SetSpec};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

/// `jitfft bent`: whether functions' VC spectra are flat.
#[derive(Args, Debug)]
pub struct BentArgs {
    /// Number of values of the functions (p ≥ 2).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Truth vectors: .txt (integers 0..p−1, one function a line) or an integer .npy of shape
    /// (p^n,), (p, …, p), (B, p^n) or (B, p, …, p).
    #[arg(long, value_name = "FILE")]
    pub input: PathBuf,
    /// Per-function verdicts: .npy (bool, shape (B,)) or .txt (1 bent, 0 not, one a line);
    /// `-` writes text to stdout.
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Arithmetic on the device (default f64 where the device has it, else f32).
    #[arg(long, value_enum, value_name = "PRECISION")]
    pub precision: Option<PrecisionChoice>,
    /// Use the CPU reference instead of an OpenCL device.
    #[arg(long)]
    pub cpu: bool,
    /// Fused passes: complex values a work-item holds (default: the plan's rule); fewer
    /// means more work-items a function.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256), value_name = "VALUES")]
    pub fused_values: Option<u32>,
    /// Timed classifications (after one warm-up when more than 1); times are medians.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    pub repeat: u32,
    /// Print the report as JSON (the exit status is 0 whatever the verdicts).
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU); or a
    /// set the functions are split over: `all`, `0,1,3`, a name or vendor (every match), `0,0`.
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE", value_parser = super::common::device_arg)]
    pub device: Option<String>,
    /// Split the functions over MPI ranks (`mpirun -np P jitfft bent --mpi …`, any P), one
    /// device each; verdicts gathered on rank 0. Needs a build with `--features mpi`.
    #[arg(long, conflicts_with = "cpu")]
    pub mpi: bool,
    /// Where the truth vectors wait between runs: `pinned` reads a uint8 .npy (p ≤ 256)
    /// straight into the pinned staging and each run only uploads it (default where the file
    /// allows); `memory` reads the file into host memory and each run copies it into the
    /// staging on every core, overlapped with the upload (any input format).
    #[arg(long, value_enum, value_name = "WHERE", conflicts_with_all = ["cpu", "mpi"])]
    pub load: Option<LoadMode>,
}

/// Runs `jitfft bent`.
pub fn run(a: BentArgs) -> Result<()> {
    if a.mpi {
        #[cfg(feature = "mpi")]
        return super::bent_mpi::run(a);
        #[cfg(not(feature = "mpi"))]
        anyhow::bail!("--mpi: this jitfft was built without MPI; build it with `cargo build --release --features mpi` (Open MPI: tools/setup.sh --mpi)");
    }
    check_args(&a)?;
    let req = Request {
        p: a.p,
        input: a.input.clone(),
        precision: a.precision.map(super::vc::lib),
        cpu: a.cpu,
        fused_values: a.fused_values,
        repeat: a.repeat,
        load: a.load,
    };
    let spec = SetSpec::from_arg_or_env(a.device.as_deref())?;
    let Classified {
        verdicts,
        mut report,
        times,
        device,
        precision,
    } = bent_run::run(&req, || DeviceSet::open(&spec))?;
    if let Some(o) = &a.output {
        write_data(o, &verdict_bytes(o, &verdicts))?;
        report.output = Some(o.display().to_string());
    }
    if a.json {
        let r = crate::report::families::bent(&report, times, device.as_ref(), &precision)?;
        return print_report(&r);
    }
    let lines = report.lines(&a.input.display().to_string(), a.repeat);
    lines.iter().for_each(|l| say!("{l}"));
    Ok(())
}

/// p and the output path, before anything is read (`bent --mpi` too).
pub(super) fn check_args(a: &BentArgs) -> Result<()> {
    crate::mvl::check_p(a.p)?;
    output_to(a.output.as_deref(), check_verdict_path)?;
    Ok(())
}
