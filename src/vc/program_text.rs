//! The program text `jitfft source vc` prints, exactly as a run builds it: a plan's program on
//! the default device limits with a given work-group limit, and the real path's two programs.

use super::fused::FusedLimits;
use super::request::Request;
use super::schedule::DEFAULT_LIMITS;
use crate::error::Result;

/// The fused tile limits of the default device, with at most `max_work_group` work-items a
/// work-group (the knobs as the environment sets them).
pub fn limits(max_work_group: u64) -> FusedLimits {
    FusedLimits {
        max_threads: max_work_group,
        values: None,
        knobs: super::fused::pass::ScheduleKnobs::of(&crate::runtime::Knobs::from_env()),
        ..DEFAULT_LIMITS
    }
}

/// The two programs a real run of `r` builds, in launch order, as one program text (the
/// second's typedefs left out: the first's preamble has them). First the complex passes over
/// the other n−1 digits (a batch of B·h bins) on these limits, with the real path's ends where
/// fused: forward, the first pass does the real digit on load and the last writes numpy's
/// rows; inverse, the first reads them. Then the real program (R2C, C2R and the two layout
/// moves), of which the run launches what its complex passes leave: none forward with fused
/// ends, the C2R inverse, all around a ct/cg plan; alone for n = 1.
pub fn real_source(r: &Request, limits: FusedLimits) -> Result<String> {
    use super::real::{execute::half_edges, resolve};
    use super::Algorithm;
    let rp = resolve::real_plan(r, None, None)?;
    let real = super::real::kernels::source(&rp);
    if rp.n < 2 {
        return Ok(real);
    }
    // One program text: the complex program's preamble already typedefs `real` and `real2`.
    let real: String = real
        .lines()
        .filter(|l| !l.starts_with("typedef "))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut inner = resolve::inner_request(r, &rp)
        .plan(None, None)?
        .with_half(rp.storage)?;
    // Half storage runs without the fused ends (`vc::real::execute`).
    if inner.algorithm == Algorithm::Fused && rp.storage.is_none() {
        inner = inner.with_half_edges(half_edges(&rp))?;
    }
    let (schedule, program) = super::program(&inner, limits);
    let ends = schedule
        .fused_passes()
        .next()
        .is_some_and(|f| f.half_in.is_some());
    let launched = match (ends, rp.direction) {
        (true, crate::transform::Direction::Forward) => "none of its kernels",
        (true, crate::transform::Direction::Inverse) => "its C2R pass last",
        (false, _) => "its real pass and its layout move around the complex passes",
    };
    Ok(format!(
        "// jitfft source vc --real: the complex passes of {p}^{m} x {b} bins{e}, then the real program\n\
         // (the run launches {launched}).\n{}\n{real}",
        program.source,
        p = rp.p,
        m = rp.n - 1,
        b = inner.batch,
        e = if ends { " with the real path's fused ends" } else { "" },
    ))
}
