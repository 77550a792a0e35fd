//! `jitfft vc --input x.npy [--output y.npy]` where the file already holds the plan's complex
//! dtype: the zero-copy path of `vc::file_run` (data read into and written from the pinned
//! staging), each host step reported. `vc::request::resolve` takes it when nothing needs the
//! data on the host.

use super::common::{print_json, say};
use super::vc::VcArgs;
use super::vc_report::{overlap_report, print_human, VcReport};
use crate::runtime::{Gpu, Summary};
use crate::vc::choose::Chosen;
use crate::vc::file_run::{run_native as file_run, HostSteps, NativeInput};
use crate::vc::overlap::{DownloadMode, Overlapped};
use crate::vc::report::{TimingReport, TransformReport};
use crate::vc::VcTransform;
use anyhow::{bail, Result};
use serde::Serialize;

/// The host steps of a file-to-file run: the first (warm-up) run, the timed ones, and the two
/// ratios issue 28 asks about.
#[derive(Serialize)]
pub(super) struct HostStepsReport {
    /// The warm-up run (the first touch of everything the process allocated).
    first: HostSteps,
    /// Each timed run.
    runs: Vec<HostSteps>,
    /// Median host wall time of the device part / median device events.
    run_over_events: f64,
    /// Median header-to-written host wall time / median device events.
    total_over_events: f64,
}

/// Runs `vc` on the zero-copy route (`vc::request::Route::Native`) with the plan resolved.
pub(super) fn run_native(a: &VcArgs, gpu: &Gpu, src: &NativeInput, chosen: Chosen) -> Result<()> {
    let (plan, tuned) = (chosen.plan, chosen.tuned);
    let path = &src.path;
    let tr = VcTransform::new(gpu, &plan)?;
    let ov = if a.overlap {
        Some(Overlapped::new(gpu, &tr, a.chunks, DownloadMode::Rect)?)
    } else {
        None
    };
    let out_shape = if src.batch > 1 {
        src.header.shape.clone()
    } else {
        vec![plan.total_len() as usize]
    };
    let out = a.run.output.as_deref();
    // The warm-up writes nothing: a refused input (--strict) leaves no output file.
    if let Some(ov) = &ov {
        ov.floor()?;
    }
    let (_, _, first) = file_run(gpu, &tr, ov.as_ref(), src, None, &out_shape)?;
    if first.non_finite > 0 {
        let what = format!(
            "{}: {} NaN or infinite value(s)",
            path.display(),
            first.non_finite
        );
        if a.strict {
            bail!("{what}; refused by --strict");
        }
        eprintln!("warning: {what}; they spread through the whole spectrum");
    }
    let (mut runs, mut overs, mut floors, mut steps) = (vec![], vec![], vec![], vec![]);
    for _ in 0..a.run.repeat {
        if let Some(ov) = &ov {
            floors.push(ov.floor()?);
        }
        let (r, o, s) = file_run(gpu, &tr, ov.as_ref(), src, out, &out_shape)?;
        runs.push(r);
        overs.extend(o);
        steps.push(s);
    }
    let st = |f: &dyn Fn(&HostSteps) -> f64| summary(&steps, f);
    let dev = st(&|s| s.device_events_ms).median;
    let host_steps = HostStepsReport {
        run_over_events: st(&|s| s.device_host_ms).median / dev,
        total_over_events: st(&|s| s.total_ms).median / dev,
        first,
        runs: steps.clone(),
    };
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
        host_steps: Some(serde_json::to_value(&host_steps)?),
    };
    drop(ov);
    tr.release()?;
    if a.run.json {
        print_json(&report)?;
    } else {
        print_human(&gpu.describe(), &report);
        print_host_steps(&host_steps, &steps);
    }
    Ok(())
}

fn summary(steps: &[HostSteps], f: &dyn Fn(&HostSteps) -> f64) -> Summary {
    Summary::of(&steps.iter().map(f).collect::<Vec<_>>())
}

/// The host steps' medians and the two ratios, after the report's text.
fn print_host_steps(host_steps: &HostStepsReport, steps: &[HostSteps]) {
    let m = |f: &dyn Fn(&HostSteps) -> f64| format!("{:.2}", summary(steps, f).median);
    say!(
        "host steps header {} + read {} + scan {} ms, convert 0, upload {} + kernel {} + download {} ms (events), write {} ms; total {} ms (first run {:.2}); pinned staging allocated once: {:.2} ms",
        m(&|s| s.header_ms),
        m(&|s| s.read_ms),
        m(&|s| s.scan_ms),
        m(&|s| s.upload_ms),
        m(&|s| s.kernel_ms),
        m(&|s| s.download_ms),
        m(&|s| s.write_ms),
        m(&|s| s.total_ms),
        host_steps.first.total_ms,
        host_steps.first.pinned_alloc_ms
    );
    say!(
        "host/device device part {:.2}× its events, file to file {:.2}×",
        host_steps.run_over_events,
        host_steps.total_over_events
    );
}
