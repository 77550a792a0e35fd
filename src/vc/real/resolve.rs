//! The real path's part of a `vc` request: which options it refuses, and the plans it runs
//! (the real plan and the complex plan of the other n−1 digits: `tune --real`'s stored choice
//! where no option chose the schedule, else the complex path's choice).

use super::{RealPlan, RealVc};
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::transform::{Norm, Precision};
use crate::vc::explore::{wisdom_key, Choice, Wisdom, WisdomEntry};
use crate::vc::request::{plan, Request};
use crate::vc::VcPlan;

/// Refuses the options a real run does not take, with the reason.
pub fn refuse_options(req: &Request) -> Result<()> {
    let no = |what: &str, why: &str| Err(JitError::invalid(format!("--real with {what}: {why}")));
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

/// The wisdom key of a real run's complex passes (`tune --real` stores it): the complex key of
/// the real array's (p, n) marked real, apart from the complex transform of p^n.
pub fn real_wisdom_key(gpu: &Gpu, p: u32, n: u32, precision: Precision) -> String {
    format!("{} real", wisdom_key(gpu, p, n, precision))
}

/// The request of the complex passes inside a real run of `rp`: p^(n−1) points, a batch of
/// B·h, unscaled, the rest of `req` (its schedule options).
pub fn inner_request(req: &Request, rp: &RealPlan) -> Request {
    Request {
        n: Some(rp.n - 1),
        batch: Some(rp.batch * rp.half()),
        precision: rp.precision,
        direction: rp.direction,
        norm: Some(Norm::None),
        real: false,
        input: None,
        output: None,
        check: false,
        ..req.clone()
    }
}

/// The complex plan of `choice` inside a real run of `rp` (n ≥ 2): the choice's schedule over
/// p^(n−1) points, batch B·h, unscaled.
pub fn inner_plan_of(rp: &RealPlan, choice: &Choice) -> Result<VcPlan> {
    let opts = inner_request(&Request::new(rp.p), rp).options();
    VcPlan::new(rp.p, rp.n - 1, choice.apply(opts))?
        .with_batch(rp.batch * rp.half())?
        .with_half(rp.storage)
}

/// The complex plan the real run of `rp` takes without wisdom of its own: the complex path's
/// (its rules, or `tune`'s choice for p^(n−1)); `None` for n = 1.
pub fn default_inner_plan(req: &Request, gpu: &Gpu, rp: &RealPlan) -> Result<Option<VcPlan>> {
    if rp.n < 2 {
        return Ok(None);
    }
    Ok(Some(plan(&inner_request(req, rp), gpu, None, None)?.plan))
}

/// The real plan of `req` for `n` variables and `batch` transforms (each `None`: the
/// request's).
pub fn real_plan(req: &Request, n: Option<u32>, batch: Option<u64>) -> Result<RealPlan> {
    let Some(n) = n.or(req.n) else {
        return Err(JitError::invalid(
            "--n is required when no --input is given (N = p^n)",
        ));
    };
    let batch = batch.or(req.batch).unwrap_or(1);
    let rp = RealPlan::new(req.p, n, batch, req.precision, req.direction, req.norm)?;
    Ok(RealPlan {
        storage: req.half,
        ..rp
    })
}

/// The wisdom entry `tune --real` stored for the real run `rp` on `gpu`, where no option of
/// `req` chose the schedule (n ≥ 2).
pub fn tuned_entry(req: &Request, gpu: &Gpu, rp: &RealPlan) -> Result<Option<WisdomEntry>> {
    if rp.n < 2 || !req.schedule_open() {
        return Ok(None);
    }
    let key = real_wisdom_key(gpu, rp.p, rp.n, rp.precision);
    Ok(Wisdom::load(&gpu.knobs)?.entries.get(&key).cloned())
}

/// The complex plan of the real run `rp` of `req` on `gpu` (None for n = 1): where no option
/// chose the schedule, the one `tune --real` stored for this device and size, if any, else
/// the complex path's choice.
pub fn inner_plan(req: &Request, gpu: &Gpu, rp: &RealPlan) -> Result<Option<VcPlan>> {
    let inner = match tuned_entry(req, gpu, rp)? {
        Some(entry) => Some(inner_plan_of(rp, &entry.choice)?),
        None => default_inner_plan(req, gpu, rp)?,
    };
    if let Some(i) = &inner {
        crate::vc::check_device(&gpu.info, i)?;
    }
    Ok(inner)
}

/// The real plan of `req` for `n` variables and `batch` transforms (each `None`: the
/// request's), made ready on `gpu` with its [`inner_plan`].
pub fn real_transform(
    req: &Request,
    gpu: &Gpu,
    n: Option<u32>,
    batch: Option<u64>,
) -> Result<RealVc> {
    let rp = real_plan(req, n, batch)?;
    if hadamard_route(req, gpu, &rp) {
        return RealVc::hadamard(gpu, &rp);
    }
    let inner = inner_plan(req, gpu, &rp)?;
    RealVc::new(gpu, &rp, inner.as_ref())
}

/// p = 2 in f32 or f64 on a GPU, where no option chose the schedule: every coefficient is
/// ±1, so the Walsh–Hadamard passes on the reals give numpy's half spectrum with a quarter
/// fewer bytes than the complex passes (`RealVc::hadamard`). CPU devices keep the real pass
/// and the CT passes (their register passes of the WHT take no complex end).
fn hadamard_route(req: &Request, gpu: &Gpu, rp: &RealPlan) -> bool {
    rp.p == 2
        && rp.storage.is_none()
        && req.schedule_open()
        && !crate::runtime::mapped::maps_host_memory(gpu)
}
