//! The zero-copy route of a `vc` request: a .npy in the plan's dtype read into and written
//! from the pinned staging as is (`vc::file_run`), each host step reported.

use super::report::{overlap_report, HostStepsReport, VcReport};
use super::{Notice, RunOptions};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::choose::Chosen;
use crate::vc::file_pipeline::PinnedRing;
use crate::vc::file_run::{run_native as file_run, FileEnds, HostSteps, NativeInput};
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
    let body = plan.total_len() * plan.precision.complex_bytes();
    // Plain runs stage through a ring of pinned chunks (no file-sized pinned buffer);
    // `--overlap` and `JITFFT_NPY_STREAM=off` through the transform's whole staging.
    let ringed = req.overlap.is_none() && gpu.knobs.npy_stream;
    let tr = if ringed {
        VcTransform::new_unstaged(gpu, &plan)?
    } else {
        VcTransform::new(gpu, &plan)?
    };
    let ring = match ringed {
        true => Some(PinnedRing::new(gpu, body as usize)?),
        false => None,
    };
    let ov = match req.overlap {
        Some(_) => Some(Overlapped::new(gpu, &tr, o.chunks, DownloadMode::Rect)?),
        None => None,
    };
    // The output keeps the input's shape, as numpy would ((3,)*19 stays (3,)*19).
    let out_shape = src.header.shape.clone();
    let out = req.output.as_deref();
    if let Some(ov) = &ov {
        ov.floor()?;
    }
    // The file is read, transformed and written once; the other repeats time the kernels on
    // the device data alone (`--overlap` times the transfers: each of its repeats is a file
    // run, the last one writing).
    let file_runs = if ov.is_some() { o.repeat.max(1) } else { 1 };
    let kernel_runs = o.repeat.saturating_sub(file_runs);
    // Progress in MiB over every read and write of the run (the whole-staging path's warm-up
    // reads the file once more; the output is written once).
    let reads = file_runs as u64 + u64::from(!ringed);
    let all = body * reads + out.map_or(0, |_| body);
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
        ring: ring.as_ref(),
        refuse_non_finite: o.strict,
    };
    // The warm-up: ring runs warm the kernels on the device alone (reading the file twice
    // would double the process's I/O, and the timed runs scan the input before writing);
    // the whole-staging path runs the file once without writing (a refused input leaves no
    // output file).
    let first = match &ring {
        Some(r) => warm_up(gpu, &tr, r)?,
        None => file_run(gpu, &tr, ov.as_ref(), &ends(None))?.2,
    };
    if !ringed {
        warn_non_finite(path, first.non_finite, o.strict, notice)?;
    }
    let mut runs = tr.run_passes_only(gpu, 0, kernel_runs)?;
    let (mut files, mut overs, mut floors, mut steps) = (vec![], vec![], vec![], vec![]);
    for k in 0..file_runs {
        if let Some(ov) = &ov {
            floors.push(ov.floor()?);
        }
        // The output is written once, by the last run (an output that replaces the input is
        // not read back by a later run).
        let writes = if k + 1 == file_runs { out } else { None };
        let (r, v, s) = file_run(gpu, &tr, ov.as_ref(), &ends(writes))?;
        if k == 0 && ringed {
            warn_non_finite(path, s.non_finite, false, notice)?;
        }
        files.push(r);
        overs.extend(v);
        steps.push(s);
    }
    // Kernel figures over every timed run; transfers and end to end over the file runs.
    runs.extend(files.iter().cloned());
    let mut timing = TimingReport::of(&tr, &runs);
    let by_file = TimingReport::of(&tr, &files);
    timing.upload_ms = by_file.upload_ms;
    timing.download_ms = by_file.download_ms;
    timing.end_to_end_ms = by_file.end_to_end_ms;
    let overlap = ov.as_ref().map(|ov| overlap_report(ov, &overs, &floors));
    let report = VcReport {
        transform: TransformReport::of(&tr, &gpu.info, tuned),
        input: format!(
            "{} ({} read into pinned memory as is)",
            path.display(),
            src.header.descr
        ),
        seed: None,
        timing,
        check: None,
        output: out.map(|p| p.display().to_string()),
        overlap,
        host_steps: Some(HostStepsReport::of(first, steps)),
        disk_floor: None,
        device_set: None,
    };
    drop(ov);
    tr.release()?;
    if let Some(r) = ring {
        r.release()?;
    }
    Ok(report)
}

/// The warm-up of a ring run: the passes once on the device buffers (no file I/O); its host
/// steps give the allocations (transform and ring) and the kernels.
fn warm_up(gpu: &Gpu, tr: &VcTransform, ring: &PinnedRing) -> Result<HostSteps> {
    let t = std::time::Instant::now();
    tr.run_passes_only(gpu, 1, 0)?;
    gpu.queue.finish()?;
    let ms = t.elapsed().as_secs_f64() * 1e3;
    Ok(HostSteps {
        pinned_alloc_ms: tr.alloc_ms + ring.alloc_ms,
        kernel_ms: ms,
        device_host_ms: ms,
        total_ms: ms,
        ..Default::default()
    })
}

/// A warning for NaN or ∞ in the input, or with `strict` the refusal.
fn warn_non_finite(
    path: &std::path::Path,
    count: usize,
    strict: bool,
    notice: &mut dyn FnMut(Notice),
) -> Result<()> {
    if count == 0 {
        return Ok(());
    }
    let what = format!("{}: {count} NaN or infinite value(s)", path.display());
    if strict {
        return Err(JitError::invalid(format!("{what}; refused by --strict")));
    }
    notice(Notice::Warning(format!(
        "{what}; they spread through the whole spectrum"
    )));
    Ok(())
}
