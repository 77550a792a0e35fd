//! `stats vc --real` (issue 35): the figures of a real run's kernels: the real passes it
//! launches (the real DFT along the last axis and the layout move; compiler figures only: the
//! generator writes no counts for them) and its complex passes over p^(n−1) points, a batch of
//! h, as `stats vc` reports any complex plan (CT or CG by `--algo`).

use super::collect::{collect_launched, program_metrics, ProgramStats};
use super::report::render;
use super::Metric;
use crate::error::Result;
use crate::runtime::{build_program, DeviceInfo, Gpu, KernelHandle};
use crate::transform::Direction;
use crate::vc::real::data::random_input;
use crate::vc::real::kernels::{names, source};
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::VcPlan;
use serde::Serialize;
use std::fmt::Write;

/// One real pass's figures.
#[derive(Debug, Clone, Serialize)]
pub struct RealKernelStats {
    /// The kernel's name.
    pub kernel: String,
    /// The compiler's and the driver's figures, each with its source.
    pub metrics: Vec<Metric>,
}

/// `stats vc --real`: the real passes, then the complex passes (none for n = 1).
#[derive(Debug, Clone, Serialize)]
pub struct RealStats {
    /// The device.
    pub device: DeviceInfo,
    /// "rfftn" or "irfftn".
    pub kind: &'static str,
    /// Values of each variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// f32 or f64.
    pub precision: String,
    /// The real passes' kernels, in launch order.
    pub real_kernels: Vec<RealKernelStats>,
    /// What could not be read of the real passes.
    pub notes: Vec<String>,
    /// The complex passes over p^(n−1) points (batch h): `stats vc`'s report of that plan.
    pub complex: Option<ProgramStats>,
}

/// The figures of the real run of `rp` with complex plan `inner` on `gpu` (call
/// [`super::disable_driver_jit_cache`] before the device opens): the run is built as `vc
/// --real` builds it and launched once (PoCL compiles a kernel at its first launch), then
/// each of its kernels is read: the real program's (none where fused complex passes take the
/// real path's ends) and the complex transform's.
pub fn real_device_stats(gpu: &Gpu, rp: &RealPlan, inner: Option<&VcPlan>) -> Result<RealStats> {
    let tr = RealVc::new(gpu, rp, inner)?;
    tr.execute(gpu, &random_input(rp, 1))?;
    let k = names(rp);
    let ours = [k.r2c, k.c2r, k.to_rows, k.to_bins];
    let launched: Vec<String> = tr
        .kernel_names()
        .into_iter()
        .filter(|n| ours.contains(n))
        .collect();
    // The same source again: the program cache gives the binary the run built.
    let src = source(rp);
    let built = build_program(gpu, &src, "")?;
    let handles = launched
        .iter()
        .map(|name| KernelHandle::new(gpu, &built.program, name))
        .collect::<Result<Vec<_>>>()?;
    let refs: Vec<&KernelHandle> = handles.iter().collect();
    let (metrics, notes) = program_metrics(gpu, &built, &src, &refs);
    let real_kernels = handles
        .iter()
        .zip(metrics)
        .map(|(h, metrics)| RealKernelStats {
            kernel: h.name.clone(),
            metrics,
        })
        .collect();
    let complex = tr
        .inner
        .as_ref()
        .map(|t| collect_launched(gpu, t))
        .transpose()?;
    tr.release()?;
    Ok(RealStats {
        device: gpu.info.clone(),
        kind: match rp.direction {
            Direction::Forward => "rfftn",
            Direction::Inverse => "irfftn",
        },
        p: rp.p,
        n: rp.n,
        precision: rp.precision.to_string(),
        real_kernels,
        notes,
        complex,
    })
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
