//! `jitfft bent`: is a p-valued function bent? Computes the VC spectrum of ε^f on a device
//! (f64 where supported) or with the CPU reference (`--cpu`).

use super::common::{open_device, print_json, say};
use crate::bent::{analyze, check_even};
use crate::io::input::{find_non_finite, load_input, Encoding};
use crate::reference::separable_vc;
use crate::vc::{Direction, Precision, VcOptions, VcPlan, VcTransform};
use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;

/// `jitfft bent`: whether a function's VC spectrum is flat.
#[derive(Args, Debug)]
pub struct BentArgs {
    /// Number of values of the function (p ≥ 2).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Truth vector: integers 0..p−1 (whitespace or commas), or an integer .npy.
    #[arg(long, value_name = "FILE")]
    pub input: PathBuf,
    /// Use the CPU reference instead of an OpenCL device.
    #[arg(long)]
    pub cpu: bool,
    /// Print the report as JSON (the verdict is the `bent` field; the exit status is 0
    /// either way).
    #[arg(long)]
    pub json: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
}

#[derive(Serialize)]
struct Out {
    #[serde(flatten)]
    report: crate::bent::BentReport,
    computed_on: String,
}

/// Runs `jitfft bent`.
pub fn run(a: BentArgs) -> Result<()> {
    if a.p < 2 {
        anyhow::bail!(
            "p = {} is not allowed: a p-valued function needs p ≥ 2",
            a.p
        );
    }
    let (n, f) = load_input(&a.input, a.p, None, Encoding::Roots)?;
    if let Some(nf) = find_non_finite(&f) {
        eprintln!("warning: {}: {nf}", a.input.display());
    }
    check_even(n)?;
    let (spectrum, on, tol) = if a.cpu {
        (
            separable_vc(a.p, n, &f, Direction::Forward, 1.0)?,
            "CPU reference (f64)".to_string(),
            1e-9,
        )
    } else {
        let gpu = open_device(a.device.as_deref())?;
        let precision = if gpu.info.fp64 {
            Precision::F64
        } else {
            Precision::F32
        };
        let plan = VcPlan::new(
            a.p,
            n,
            VcOptions {
                precision,
                ..Default::default()
            },
        )?;
        let tr = VcTransform::new(&gpu, &plan)?;
        let (s, _) = tr.execute(&gpu, &f)?;
        tr.release()?;
        let tol = if precision == Precision::F64 {
            1e-9
        } else {
            1e-4
        };
        (s, format!("{} ({precision})", gpu.info.name), tol)
    };
    let report = analyze(a.p, n, &spectrum, tol)?;
    if a.json {
        return print_json(&Out {
            report,
            computed_on: on,
        });
    }
    let r = &report;
    say!(
        "{}: p = {}, n = {}, {}",
        a.input.display(),
        r.p,
        r.n,
        if r.bent { "BENT" } else { "not bent" }
    );
    say!(
        "|S| ranges over [{:.6}, {:.6}]; bent needs every |S| = p^(n/2) = {:.6} (±{:.1e})",
        r.min_magnitude,
        r.max_magnitude,
        r.expected_magnitude,
        r.tolerance
    );
    if let Some(i) = r.first_off {
        say!(
            "{} of {} coefficients differ, the first at index {i}",
            r.off_count,
            spectrum.len()
        );
    }
    say!("computed on {on}");
    Ok(())
}
