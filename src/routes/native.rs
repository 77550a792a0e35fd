//! The zero-copy route of a `vc` request: a .npy in the plan's dtype read into and written
//! from the pinned staging as is (`vc::file_run`), each host step reported.

use super::report::{overlap_report, HostStepsReport, VcReport};
use super::{Notice, RunOptions};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::choose::Chosen;
use crate::vc::file_run::{run_native as file_run, FileEnds, NativeInput};
use crate::vc::overlap::{DownloadMode, Overlapped};
use crate::vc::report::{TimingReport, TransformReport};
use crate::vc::request::Request;
use crate::vc::VcTransform;

/// Runs `req` on the zero-copy route with the plan `resolve` chose.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    src: &NativeInput,
    chosen: Chosen,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcReport> {
    let (plan, tuned) = (chosen.plan, chosen.tuned);
    let path = &src.path;
    let tr = VcTransform::new(gpu, &plan)?;
    let ov = match req.overlap {
        Some(_) => Some(Overlapped::new(gpu, &tr, o.chunks, DownloadMode::Rect)?),
        None => None,
    };
    let out_shape = if src.batch > 1 {
        src.header.shape.clone()
    } else {
        vec![plan.total_len() as usize]
    };
    let out = req.output.as_deref();
    // The warm-up writes nothing: a refused input (strict) leaves no output file.
    if let Some(ov) = &ov {
        ov.floor()?;
    }
    // Progress in MiB over every read (warm-up included) and write of the run.
    let body = plan.total_len()
        * if plan.precision == crate::vc::Precision::F32 {
            8
        } else {
            16
        };
    let all = body * (1 + o.repeat as u64) + out.map_or(0, |_| body * o.repeat as u64);
    let done = std::sync::atomic::AtomicU64::new(0);
    let on = |n: usize| {
        if let Some(p) = &o.file_progress {
            let d = done.fetch_add(n as u64, std::sync::atomic::Ordering::Relaxed) + n as u64;
            (p.0)(d >> 20, all >> 20);
        }
    };
    let ends = |out| FileEnds {
        src,
        out,
        out_shape: &out_shape,
        on: &on,
    };
    let (_, _, first) = file_run(gpu, &tr, ov.as_ref(), &ends(None))?;
    if first.non_finite > 0 {
        let what = format!(
            "{}: {} NaN or infinite value(s)",
            path.display(),
            first.non_finite
        );
        if o.strict {
            return Err(JitError::invalid(format!("{what}; refused by --strict")));
        }
        notice(Notice::Warning(format!(
            "{what}; they spread through the whole spectrum"
        )));
    }
    let (mut runs, mut overs, mut floors, mut steps) = (vec![], vec![], vec![], vec![]);
    for _ in 0..o.repeat {
        if let Some(ov) = &ov {
            floors.push(ov.floor()?);
        }
        let (r, v, s) = file_run(gpu, &tr, ov.as_ref(), &ends(out))?;
        runs.push(r);
        overs.extend(v);
        steps.push(s);
    }
    let overlap = ov.as_ref().map(|ov| overlap_report(ov, &overs, &floors));
    let report = VcReport {
        transform: TransformReport::of(&tr, &gpu.info, tuned),
        input: format!(
            "{} ({} read into pinned memory as is)",
            path.display(),
            src.header.descr
        ),
        seed: None,
        timing: TimingReport::of(&tr, &runs),
        check: None,
        output: out.map(|p| p.display().to_string()),
        overlap,
        host_steps: Some(HostStepsReport::of(first, steps)),
        disk_floor: None,
    };
    drop(ov);
    tr.release()?;
    Ok(report)
}
