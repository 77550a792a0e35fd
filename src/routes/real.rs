//! The real route of a `vc` request (`--real`): numpy's rfftn / irfftn on the library's real
//! path (`vc::real`): the input read or drawn, the timed runs, the check, the output and the
//! report.

use super::{Notice, RunOptions};
use crate::error::Result;
use crate::io::input::{find_non_finite_where, NonFinitePolicy};
use crate::io::random::fresh_seed;
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::real::data::{check, output_bytes, random_input, read_half, read_real, RealInput};
use crate::vc::real::report::{RealReport, RealTimingReport, RealTransformReport};
use crate::vc::real::resolve::{real_transform, tuned_entry};
use crate::vc::report::default_tolerance;
use crate::vc::request::Request;

/// Reads the input file of `req` (none: random input), warning of (or, with `--strict`,
/// refusing) values that are not finite.
pub(super) fn load(
    req: &Request,
    o: &RunOptions,
    notice: &mut dyn FnMut(Notice),
) -> Result<Option<RealInput>> {
    Ok(match &req.input {
        Some(path) => {
            let read = match req.direction {
                Direction::Forward => read_real,
                Direction::Inverse => read_half,
            };
            let input = read(path, req.p, req.n, req.batch)?;
            let policy = if o.strict {
                NonFinitePolicy::Refuse {
                    refused_by: "--strict",
                }
            } else {
                NonFinitePolicy::Warn
            };
            let bad = find_non_finite_where(input.values.iter().map(|v| v.is_finite()));
            if let Some(w) = policy.apply(bad, &path.display().to_string())? {
                notice(Notice::Warning(w));
            }
            Some(input)
        }
        None => None,
    })
}

/// Runs the real route of `req` on `gpu`.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    notice: &mut dyn FnMut(Notice),
) -> Result<RealReport> {
    let loaded = load(req, o, notice)?;
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
            let s = o.seed.unwrap_or_else(fresh_seed);
            let what = format!("random (seed {s})");
            (random_input(&tr.plan, s), Some(s), what, Vec::new())
        }
    };
    let (out, runs) =
        crate::runtime::timing::warm_then_timed(o.repeat, || tr.execute(gpu, &input))?;
    let check = if req.check {
        let tol = o
            .tolerance
            .unwrap_or_else(|| default_tolerance(tr.plan.precision));
        Some(check(&tr.plan, &input, &out, tol)?)
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let output = match (&req.output, failed) {
        (Some(path), false) => {
            let npy = crate::io::output::is_npy(path);
            let bytes = output_bytes(&tr.plan, &batch_axes, &out, npy);
            crate::io::output::write_data(path, &bytes)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let tuned = tuned_entry(req, gpu, &tr.plan)?.map(|e| e.choice.label());
    let report = RealReport {
        transform: RealTransformReport::of(&tr, &gpu.describe()),
        input: what,
        seed,
        timing: RealTimingReport::of(&tr, &runs),
        check,
        output,
        tuned,
    };
    tr.release()?;
    Ok(report)
}
