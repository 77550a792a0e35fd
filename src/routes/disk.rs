//! The disk floor of a file run (`io::disk_floor`), measured once after the run in the
//! output's folder for as many bytes as the output file holds, beside the run's own
//! file-to-file time: what `vc --json` reports as `disk_floor`.

use super::{Notice, VcOutcome};
use crate::io::disk_floor::{measure, DiskFloorReport};
use crate::io::output::is_stdout;
use std::path::Path;

/// Measures the floor for `out` (a file, written) and attaches it to `outcome`; a failed
/// measurement is a warning, never a failed run (the output is already written).
pub(super) fn attach(out: &Path, outcome: &mut VcOutcome, notice: &mut dyn FnMut(Notice)) {
    let written = match outcome {
        VcOutcome::Run(r) => r.output.is_some(),
        VcOutcome::Streamed(r) => r.output.is_some(),
        VcOutcome::Real(_) => false,
        VcOutcome::RealStreamed(r) => r.output.is_some(),
    };
    if is_stdout(out) || !written {
        return;
    }
    let Ok(meta) = std::fs::metadata(out) else {
        return;
    };
    let folder = match out.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let t = std::time::Instant::now();
    let measured = measure(folder, meta.len());
    let measure_ms = t.elapsed().as_secs_f64() * 1e3;
    let floor = match measured {
        Ok(f) => f,
        Err(e) => {
            notice(Notice::Warning(format!("no disk floor: {e}")));
            return;
        }
    };
    let (run_ms, run_basis) = match outcome {
        VcOutcome::Run(r) => match r.host_steps.as_ref().and_then(|h| h.runs.last()) {
            Some(last) => (
                Some(last.total_ms),
                "the writing (last) timed run's header read to output written (host steps total_ms)",
            ),
            None => (None, "this route does not time its file steps"),
        },
        VcOutcome::Streamed(r) => (
            Some(r.file_to_file_ms()),
            "input read + passes + output write (input_ms + total_ms + output_ms)",
        ),
        VcOutcome::Real(_) => (None, "this route does not time its file steps"),
        VcOutcome::RealStreamed(r) => (
            Some(r.file_to_file_ms()),
            "input read + stages + output write (input_ms + total_ms + output_ms)",
        ),
    };
    let report = DiskFloorReport {
        ratio: run_ms.map(|r| r / floor.floor_ms),
        run_ms,
        run_basis,
        floor,
        measure_ms,
    };
    match outcome {
        VcOutcome::Run(r) => r.disk_floor = Some(report),
        VcOutcome::Streamed(r) => r.disk_floor = Some(report),
        VcOutcome::Real(_) => {}
        VcOutcome::RealStreamed(r) => r.disk_floor = Some(report),
    }
}
