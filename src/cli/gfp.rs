//! `jitfft gfp`: FFT over Z/pZ, p = r^k + 1, on a device; exact check against rug
//! (`gfp::request` decides and runs).

use super::common::{open_device, print_and_conclude, say_lines, write_data, RunFlags};
use crate::gfp::request::format_elements;
use crate::gfp::{Request, Spec};
use anyhow::Result;
use clap::Args;

/// The flags that define the field and the transform (shared with `source gfp`).
#[derive(Args, Debug, Clone)]
pub struct GfpFieldArgs {
    /// Preset prime: p3 = (2^63+2^34)^8+1, p4 = (2^62+2^36)^16+1, p5 = (2^62+2^56)^32+1.
    #[arg(long, value_name = "PRESET")]
    pub prime: Option<String>,
    /// Radix r of p = r^k + 1 (even, 4 ≤ r < 2^64); with --k instead of --prime.
    #[arg(long, value_name = "R")]
    pub r: Option<String>,
    /// k of p = r^k + 1 (a power of two).
    #[arg(long, value_name = "K")]
    pub k: Option<u32>,
    /// Transform size N = 2^L; also --n L, or --size N.
    #[arg(
        long,
        alias = "n",
        value_name = "L",
        required_unless_present = "size",
        conflicts_with = "size"
    )]
    pub log_n: Option<u32>,
    /// N points: a power of two, written 2^20 or 1048576 (same as --log-n 20).
    #[arg(long, value_name = "N", value_parser = crate::io::text::parse_size)]
    pub size: Option<u32>,
    /// Inverse transform (ω_N^−1, then times 1/N).
    #[arg(long)]
    pub inverse: bool,
}

impl GfpFieldArgs {
    /// The transform as the library takes it.
    pub fn spec(&self) -> Spec {
        Spec {
            prime: self.prime.clone(),
            r: self.r.clone(),
            k: self.k,
            log_n: self.log_n.or(self.size),
            inverse: self.inverse,
        }
    }

    /// The plan with the default limits (what `source gfp` prints).
    pub fn default_plan(&self) -> Result<crate::gfp::GfpPlan> {
        Ok(self.spec().default_plan()?)
    }
}

/// `--input`: N lines, one decimal integer in [0, p) each. `--output`: the result, N lines,
/// one decimal integer each (written only when everything succeeded; `-`: stdout).
#[derive(Args, Debug)]
pub struct GfpArgs {
    /// The field, size and direction.
    #[command(flatten)]
    pub t: GfpFieldArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// Also time the CPU reference FFT (rug, all host cores) on the same input.
    #[arg(long)]
    pub cpu_reference_time: bool,
}

/// Runs `jitfft gfp`.
pub fn run(a: GfpArgs) -> Result<()> {
    let req = Request {
        spec: a.t.spec(),
        run: a.run.validated()?,
        cpu_reference_time: a.cpu_reference_time,
    };
    // Field, size and input are validated before a device is opened.
    let prepared = crate::gfp::request::prepare(&req)?;
    let bits = prepared.field.bits;
    let gpu = open_device(a.run.device.as_deref())?;
    let (mut report, y) = crate::gfp::request::run(&gpu, &req, prepared)?;
    let mismatches = report.mismatches();
    if let (Some(path), None) = (&a.run.output, mismatches) {
        write_data(path, format_elements(&y, bits).as_bytes())?;
        report.output = Some(path.display().to_string());
    }
    print_and_conclude(
        a.run.json,
        || crate::report::families::gfp(&report),
        || say_lines(&report.lines(&gpu.describe())),
        report.failure(),
    )
}
