//! `jitfft vc --real`: the front end of the library's real path (`vc::real`): read or draw
//! the input, run, check, write, print.

use super::common::{print_and_conclude, write_data};
use super::vc::VcArgs;
use crate::io::input::{find_non_finite_where, NonFinitePolicy};
use crate::io::random::fresh_seed;
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::real::data::{check, output_bytes, random_input, read_half, read_real, RealInput};
use crate::vc::real::report::{RealReport, RealTimingReport, RealTransformReport};
use crate::vc::real::resolve::real_transform;
use crate::vc::request::Request;
use anyhow::Result;

/// Runs the real route of `req`.
pub fn run(a: &VcArgs, req: &Request, gpu: &Gpu) -> Result<()> {
    super::vc_run::validate(a)?;
    let loaded = match &req.input {
        Some(path) => {
            let read = match req.direction {
                Direction::Forward => read_real,
                Direction::Inverse => read_half,
            };
            let input = read(path, req.p, req.n, req.batch)?;
            let policy = if a.strict {
                NonFinitePolicy::Refuse {
                    refused_by: "--strict",
                }
            } else {
                NonFinitePolicy::Warn
            };
            let bad = find_non_finite_where(input.values.iter().map(|v| v.is_finite()));
            if let Some(w) = policy.apply(bad, &path.display().to_string())? {
                eprintln!("warning: {w}");
            }
            Some(input)
        }
        None => None,
    };
    let (n, batch) = loaded.as_ref().map_or((None, None), |l| (l.n, l.batch));
    let tr = real_transform(req, gpu, n, batch)?;
    let (input, seed, what, batch_axes) = match loaded {
        Some(RealInput {
            values, batch_axes, ..
        }) => {
            let what = req.input.as_ref().map(|p| p.display().to_string());
            (values, None, what.unwrap_or_default(), batch_axes)
        }
        None => {
            let s = a.run.seed.unwrap_or_else(fresh_seed);
            (
                random_input(&tr.plan, s),
                Some(s),
                format!("random (seed {s})"),
                Vec::new(),
            )
        }
    };
    let (out, runs) =
        crate::runtime::timing::warm_then_timed(a.run.repeat, || tr.execute(gpu, &input))?;
    let check = if a.run.check {
        let tol = a
            .tolerance
            .unwrap_or_else(|| crate::vc::report::default_tolerance(tr.plan.precision));
        Some(check(&tr.plan, &input, &out, tol)?)
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let output = match (&a.run.output, failed) {
        (Some(path), false) => {
            let npy = path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("npy"));
            write_data(path, &output_bytes(&tr.plan, &batch_axes, &out, npy))?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let report = RealReport {
        transform: RealTransformReport::of(&tr, &gpu.describe()),
        input: what,
        seed,
        timing: RealTimingReport::of(&tr, &runs),
        check,
        output,
    };
    tr.release()?;
    print_and_conclude(a.run.json, &report, print_human, report.check.as_ref())
}

fn print_human(r: &RealReport) {
    let t = &r.transform;
    eprintln!(
        "vc --real: {} of {} × {:?} ({}, norm {}) → {:?} on {}",
        t.kind, t.batch, t.input_shape, t.precision, t.norm, t.output_shape, t.device
    );
    eprintln!("input: {}", r.input);
    let k = &r.timing.kernel_ms;
    println!(
        "kernel: {:.4} ms median (min {:.4}, max {:.4}, {} runs), {:.1} GB/s over {} bytes moved",
        k.median, k.min, k.max, k.count, r.timing.effective_gbps, t.pass_bytes
    );
    for (name, ms) in t.kernels.iter().zip(&r.timing.pass_ms) {
        println!("  {name}: {ms:.4} ms");
    }
    println!(
        "transfers: upload {:.3} ms, download {:.3} ms",
        r.timing.upload_ms, r.timing.download_ms
    );
    if let Some(c) = &r.check {
        println!(
            "check vs numpy {} (f64): rel L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
            t.kind,
            c.error.rel_l2,
            c.error.max_abs,
            c.tolerance,
            if c.ok { "ok" } else { "FAILED" }
        );
    }
    if let Some(o) = &r.output {
        eprintln!("wrote {o}");
    }
}
