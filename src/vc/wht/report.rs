//! The report of a `jitfft wht` run (its fields are `wht --json`'s) and its text lines.

use super::reference::Check;
use super::run::WhtOutcome;
use super::schedule::WhtPass;
use super::{WhtPlan, WhtRun};
use crate::runtime::show::{kernel_line, ms};
use serde::Serialize;

/// Registers a work-item of a kernel uses, and its spill stores + loads in bytes, as the
/// device compiler's log reports them (NVIDIA's ptxas; `None` elsewhere).
pub type KernelFigures = (Option<u64>, Option<u64>);

/// The report of a run; `meta` is the results files' metadata (command, date, commit).
#[derive(Serialize)]
pub struct WhtReport<M> {
    meta: M,
    plan: WhtPlan,
    passes: Vec<WhtPass>,
    kernels: Vec<String>,
    /// Registers a work-item of each kernel uses (NVIDIA: ptxas' report; null elsewhere).
    registers: Vec<Option<u64>>,
    /// Spill stores + loads of each kernel, bytes (NVIDIA).
    spill_bytes: Vec<Option<u64>>,
    build_ms: f64,
    seed: Option<u64>,
    /// The timings and the result's bytes.
    pub run: WhtRun,
    bytes_per_pass: u64,
    pass_gbs: Vec<f64>,
    copy_gbs: Option<f64>,
    /// The result against the f64 reference, where asked.
    pub check: Option<Check>,
    /// Runs over a device set: each member's rows and times, the set's wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<crate::model::split::SetFigures>,
}

impl<M: Serialize> WhtReport<M> {
    /// Why the run failed where the check found the error above the tolerance.
    pub fn failure(&self) -> Option<String> {
        let c = self.check.as_ref().filter(|c| !c.passed)?;
        Some(format!(
            "check failed: relative L2 error {:.3e} above the {} tolerance {:.0e}",
            c.rel_l2,
            self.plan.storage.name(),
            c.tolerance
        ))
    }

    /// The report of `done`; `figures` reads the kernels' compiler figures (by kernel name)
    /// from the build log, `copy_gbs` is the device's copy rate where measured.
    pub fn new(
        meta: M,
        plan: WhtPlan,
        done: WhtOutcome,
        copy_gbs: Option<f64>,
        seed: Option<u64>,
        figures: impl Fn(&str) -> Vec<(String, KernelFigures)>,
    ) -> Self {
        let tr = &done.transform;
        let pass_bytes = tr.pass_bytes;
        let logged = figures(&tr.build_log);
        let figs: Vec<KernelFigures> = tr
            .kernels
            .iter()
            .map(|k| {
                logged
                    .iter()
                    .find(|(n, _)| n == k)
                    .map_or((None, None), |f| f.1)
            })
            .collect();
        WhtReport {
            meta,
            plan,
            passes: tr.passes.clone(),
            kernels: tr.kernels.clone(),
            registers: figs.iter().map(|f| f.0).collect(),
            spill_bytes: figs.iter().map(|f| f.1).collect(),
            build_ms: tr.build_ms,
            seed,
            pass_gbs: done
                .run
                .pass_ms
                .iter()
                .map(|ms| pass_bytes as f64 / (ms * 1e-3) / 1e9)
                .collect(),
            run: done.run,
            bytes_per_pass: pass_bytes,
            copy_gbs,
            check: done.check,
            device_set: done.device_set,
        }
    }

    /// The text report, a line each, on `device`.
    pub fn lines(&self, device: &str) -> Vec<String> {
        let p = &self.plan;
        let mut out = vec![format!(
            "wht: {} row(s) of 2^{} {} values, norm {:?}{}, {} pass(es), device {device}",
            p.batch,
            p.log_n,
            p.storage.name(),
            p.norm,
            if p.inverse { ", inverse" } else { "" },
            self.passes.len(),
        )];
        out.push(format!(
            "kernel: {}",
            kernel_line(&self.run.kernel_ms, self.run.clock)
        ));
        for (i, (q, ms_)) in self.passes.iter().zip(&self.run.pass_ms).enumerate() {
            let of_copy = self
                .copy_gbs
                .map(|c| format!(", {:.0}% of copy", 100.0 * self.pass_gbs[i] / c))
                .unwrap_or_default();
            out.push(format!(
                "  pass {i}: bits [{}, {}), {} ({:.0} GB/s for {} bytes{of_copy})",
                q.shift,
                q.shift + q.bits,
                ms(*ms_),
                self.pass_gbs[i],
                self.bytes_per_pass
            ));
        }
        if let Some(c) = self.copy_gbs {
            out.push(format!(
                "copy rate: {c:.0} GB/s (device-to-device copy, same run)"
            ));
        }
        out.push(format!(
            "transfers: upload {}, download {}",
            ms(self.run.upload_ms.median),
            ms(self.run.download_ms.median)
        ));
        if let Some(c) = &self.check {
            out.push(format!(
                "check: relative L2 {:.3e}, max abs {:.3e} against the f64 CPU reference (tolerance {:.0e}): {}",
                c.rel_l2,
                c.max_abs,
                c.tolerance,
                if c.passed { "ok" } else { "FAILED" }
            ));
        }
        out.extend(self.device_set.iter().flat_map(|d| d.lines()));
        out
    }
}
