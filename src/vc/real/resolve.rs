//! The real path's part of a `vc` request: which options it refuses, and the plans it runs
//! (the real plan and the complex plan of the other n−1 digits, the device's default where no
//! option chose the schedule).

use super::{RealPlan, RealVc};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::transform::Norm;
use crate::vc::request::{plan, Request};

/// Refuses the options a real run does not take, with the reason.
pub fn refuse_options(req: &Request) -> Result<()> {
    let no = |what: &str, why: &str| Err(JitError::invalid(format!("--real with {what}: {why}")));
    if req.stream {
        return no(
            "--stream",
            "the real path runs in device memory only (its half spectrum is ≈ (p/2+1)/p of the complex array's bytes, so it fits where the complex run of the same size fits); stream the complex transform instead (without --real)",
        );
    }
    if req.truth {
        return no(
            "--truth",
            "truth vectors are integer input for the complex path",
        );
    }
    if req.roots {
        return no(
            "--encoding roots",
            "ε^v is complex; the real path takes real values",
        );
    }
    if req.overlap.is_some() {
        return no("--overlap", "the real path has no overlapped runner");
    }
    Ok(())
}

/// The real plan of `req` for `n` variables and `batch` transforms (each `None`: the
/// request's), made ready on `gpu`.
pub fn real_transform(
    req: &Request,
    gpu: &Gpu,
    n: Option<u32>,
    batch: Option<u64>,
) -> Result<RealVc> {
    let Some(n) = n.or(req.n) else {
        return Err(JitError::invalid(
            "--n is required when no --input is given (N = p^n)",
        ));
    };
    let batch = batch.or(req.batch).unwrap_or(1);
    let rp = RealPlan::new(req.p, n, batch, req.precision, req.direction, req.norm)?;
    let inner = if n > 1 {
        let inner_req = Request {
            n: Some(n - 1),
            batch: Some(batch * rp.half()),
            norm: Some(Norm::None),
            real: false,
            input: None,
            output: None,
            check: false,
            ..req.clone()
        };
        Some(plan(&inner_req, gpu, None, None)?.plan)
    } else {
        None
    };
    RealVc::new(gpu, &rp, inner.as_ref())
}
