//! The end every route shares, whatever it transforms (complex or real, in memory or
//! streamed): the check against the f64 reference where `--check` asks for it (at
//! `--tolerance`, else the plan's default), then the output, written only where the check
//! did not fail.

use super::RunOptions;
use crate::error::Result;
use crate::vc::report::CheckReport;
use crate::vc::request::Request;
use std::path::Path;
use std::time::Instant;

/// The check, the output written and the time writing it took.
pub(super) struct Finish {
    /// The check, when asked for.
    pub(super) check: Option<CheckReport>,
    /// The output's path, where it was written.
    pub(super) output: Option<String>,
    /// Writing the output (ms; 0 without one).
    pub(super) output_ms: f64,
}

/// Checks with `check` (given the tolerance; `default_tolerance` where `--tolerance` is not
/// given) where the request asks, then writes the output with `write` unless the check failed.
pub(super) fn check_then_write(
    req: &Request,
    o: &RunOptions,
    default_tolerance: f64,
    check: impl FnOnce(f64) -> Result<CheckReport>,
    write: impl FnOnce(&Path) -> Result<()>,
) -> Result<Finish> {
    let check = if req.check {
        Some(check(o.tolerance.unwrap_or(default_tolerance))?)
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let t = Instant::now();
    let output = match &req.output {
        Some(path) if !failed => {
            write(path)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    Ok(Finish {
        check,
        output,
        output_ms: t.elapsed().as_secs_f64() * 1e3,
    })
}
