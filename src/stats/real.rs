//! `stats vc --real`'s work outside the CLI (issue 35): the real plan a request names and
//! the device report as text (the real passes' figures, then the complex passes' report).

use super::collect::RealStats;
use super::report::render;
use crate::error::{JitError, Result};
use crate::vc::real::resolve::real_plan;
use crate::vc::real::RealPlan;
use crate::vc::request::Request;
use std::fmt::Write;

/// The real request and plan of `req` (one transform; n required: without it `stats vc`
/// reports one pass of the radix, which the real path does not have).
pub fn real_plan_of(req: &Request) -> Result<(Request, RealPlan)> {
    let req = Request {
        real: true,
        ..req.clone()
    };
    if req.n.is_none() {
        return Err(JitError::invalid("stats vc --real needs --n (the real run of (p,)*n; without --n, `stats vc` reports one pass of the radix, which the real path does not have)"));
    }
    let rp = real_plan(&req, None, None)?;
    Ok((req, rp))
}

/// The report as text: the real passes' figures, then `stats vc`'s report of the complex
/// passes.
pub fn render_real(device: &str, st: &RealStats) -> String {
    let mut out = format!(
        "device     {device}\ntransform  real VC ({}), p = {}, n = {}, {}: real passes, then {}\n",
        st.kind,
        st.p,
        st.n,
        st.precision,
        if st.complex.is_some() {
            "the complex passes over the other n−1 digits (below)"
        } else {
            "no complex pass (n = 1)"
        }
    );
    if st.real_kernels.is_empty() {
        out.push_str("\nno real pass: the fused complex passes read and write the real path's layouts themselves\n");
    }
    for k in &st.real_kernels {
        let _ = writeln!(out, "\nkernel {} (real pass)", k.kernel);
        out.push_str(
            "  compiler and driver figures (the generator writes no counts for the real passes)\n",
        );
        for m in &k.metrics {
            let _ = writeln!(out, "    {:<22} {:>8}   {}", m.key, m.shown(), m.source);
        }
    }
    if !st.notes.is_empty() {
        out.push_str("\nnotes (real passes)\n");
        for n in &st.notes {
            let _ = writeln!(out, "  {n}");
        }
    }
    if let Some(c) = &st.complex {
        let _ = write!(
            out,
            "\ncomplex passes of the real run (batch {})\n",
            c.plan.batch
        );
        out.push_str(&render(device, c));
    }
    out
}
