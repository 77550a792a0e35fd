//! The batched bentness classifier: truth vectors to the device (from host memory, copied on
//! every core behind the uploads, or from a file read straight into the pinned staging), one
//! fused run that reduces each spectrum to (min, max) |S|² partials, then the verdicts —
//! decided on the device into one byte a function ([`super::bent_device`]) or, where the caller
//! wants each function's |S| range (or the device has no double precision), on the host from
//! the partials.

use super::bent::{BentRule, BentVerdicts};
use super::bent_device::{DeviceVerdicts, BENT, EXACT};
use super::truth_file::TruthFile;
use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::transform::Precision;
use crate::vc::{RunTimes, TruthUpload, VcPlan, VcTransform};
use std::time::Instant;

/// A built bentness classifier for B functions of p^n values: upload, one fused run, the
/// verdicts.
pub struct BentClassifier {
    /// The transform (plan, schedule, program).
    pub tr: VcTransform,
    /// The verdict kernel, when verdicts are decided on the device.
    device: Option<DeviceVerdicts>,
    /// The queue of the truth upload when the kernel runs behind it in pieces.
    copy_queue: Option<ocl::Queue>,
}

/// Host wall time of each step of one classification (ms).
#[derive(Debug, Clone, Copy, Default, serde::Serialize)]
pub struct BentSteps {
    /// The truth vector's way to the device until the last transfer is done: from host
    /// memory, the copy into the pinned staging on every core overlapped with the chunks'
    /// transfers; from the staging (a file read into it), the transfer alone.
    pub upload_host_ms: f64,
    /// When the last byte was in the pinned staging, from the call's start (0 when staged).
    pub copy_done_ms: f64,
    /// Range flag and counters reset, the passes enqueued and waited for, the flag read (0 when
    /// the kernel runs behind the upload: `upload_host_ms` then covers it).
    pub run_host_ms: f64,
    /// Host path: the (min, max) partials read back through pinned staging. Device path: the
    /// verdict kernel and the B verdict bytes read back.
    pub partials_host_ms: f64,
    /// The host's part of the verdicts: deciding from the partials (one parallel pass), or
    /// unpacking the device's verdict bytes.
    pub verdicts_ms: f64,
    /// The whole call.
    pub total_ms: f64,
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

impl BentClassifier {
    /// Builds the classifier on a device (verdicts on the host, with every function's |S|
    /// range; see [`verdicts_on_device`](Self::verdicts_on_device)).
    pub fn new(gpu: &Gpu, p: u32, n: u32, batch: u64, precision: Precision) -> Result<Self> {
        Self::with_plan(gpu, &super::bent::bent_plan(p, n, batch, precision)?)
    }

    /// Builds the classifier for a plan from [`bent_plan_with`](super::bent::bent_plan_with).
    pub fn with_plan(gpu: &Gpu, plan: &VcPlan) -> Result<Self> {
        Ok(BentClassifier {
            tr: VcTransform::new(gpu, plan)?,
            device: None,
            copy_queue: None,
        })
    }

    /// From host memory, runs the kernel in pieces behind the truth upload (the upload on a
    /// second queue, each chunk's whole work-groups launched as soon as it is in); a plan
    /// whose pass is not per-item keeps upload, then run.
    pub fn kernel_behind_upload(mut self, gpu: &Gpu) -> Result<Self> {
        if self.tr.can_run_behind_upload() {
            self.copy_queue = Some(gpu.extra_queue()?);
        }
        Ok(self)
    }

    /// Whether the kernel runs behind the upload (from host memory).
    pub fn behind_upload(&self) -> bool {
        self.copy_queue.is_some()
    }

    /// Decides the verdicts on the device from now on: B bytes come back instead of the
    /// partials, and the verdicts' `min_abs` and `max_abs` stay empty. A device without
    /// double precision keeps the host path (and fills them).
    pub fn verdicts_on_device(mut self, gpu: &Gpu) -> Result<Self> {
        let plan = &self.tr.plan;
        let rule = BentRule::new(plan.p, plan.n, plan.precision);
        let f64 = plan.precision == Precision::F64;
        self.device = DeviceVerdicts::new(gpu, f64, plan.batch, rule)?;
        Ok(self)
    }

    /// Whether verdicts are decided on the device.
    pub fn on_device(&self) -> bool {
        self.device.is_some()
    }

    /// Classifies `truth` (B functions of the plan's p and n); the times' `host_ms` is the
    /// whole call: upload (copies into pinned staging overlapped with the transfers), kernels,
    /// range check, verdicts.
    pub fn classify(&self, gpu: &Gpu, truth: &TruthVectors) -> Result<(BentVerdicts, RunTimes)> {
        self.classify_bytes(gpu, &truth.data)
    }

    /// [`classify`](Self::classify) on the device form straight from a byte slice: B·N values
    /// of one byte (p ≤ 256; else u16 little-endian), function-major.
    pub fn classify_bytes(&self, gpu: &Gpu, data: &[u8]) -> Result<(BentVerdicts, RunTimes)> {
        self.classify_steps(gpu, data).map(|(v, t, _)| (v, t))
    }

    /// [`classify_bytes`](Self::classify_bytes) with the host wall time of each step.
    pub fn classify_steps(
        &self,
        gpu: &Gpu,
        data: &[u8],
    ) -> Result<(BentVerdicts, RunTimes, BentSteps)> {
        let t0 = Instant::now();
        match &self.copy_queue {
            Some(q) => {
                let (up, times) = self.tr.upload_run_overlapped(gpu, q, data)?;
                self.decide(gpu, t0, up, Some(times))
            }
            None => {
                let up = self.tr.upload_truth_timed(data)?;
                self.decide(gpu, t0, up, None)
            }
        }
    }

    /// Reads a uint8 truth file straight into the pinned staging (for
    /// [`classify_staged_steps`](Self::classify_staged_steps)); returns the read's wall time in
    /// ms. The file must hold the plan's B functions of p^n values.
    pub fn stage_file(&self, file: &TruthFile) -> Result<f64> {
        let plan = &self.tr.plan;
        if (file.p, file.n, file.batch) != (plan.p, plan.n, plan.batch) {
            return Err(JitError::file(
                &file.path,
                format!(
                    "holds {} function(s) of {}^{} values; the classifier was built for {} of {}^{}",
                    file.batch, file.p, file.n, plan.batch, plan.p, plan.n
                ),
            ));
        }
        let t = Instant::now();
        self.tr.with_truth_staging(|h| file.read_into(h))?;
        Ok(ms(t))
    }

    /// Classifies the truth vector already in the pinned staging
    /// ([`stage_file`](Self::stage_file)): the transfer, the run and the verdicts; no host copy.
    pub fn classify_staged_steps(&self, gpu: &Gpu) -> Result<(BentVerdicts, RunTimes, BentSteps)> {
        let t0 = Instant::now();
        let up = self.tr.upload_truth_staged()?;
        self.decide(gpu, t0, up, None)
    }

    /// After the upload (`ran`: with the kernel behind it), the run where it has not run yet,
    /// then the verdicts.
    fn decide(
        &self,
        gpu: &Gpu,
        t0: Instant,
        up: TruthUpload,
        ran: Option<RunTimes>,
    ) -> Result<(BentVerdicts, RunTimes, BentSteps)> {
        let upload_host_ms = ms(t0);
        let t = Instant::now();
        let behind = ran.is_some();
        let mut times = match ran {
            Some(times) => times,
            None => self.tr.run_checked(gpu)?,
        };
        let run_host_ms = if behind { 0.0 } else { ms(t) };
        let plan = &self.tr.plan;
        let groups = self.tr.partial_groups();
        let t = Instant::now();
        let mut verdicts_ms = 0.0;
        let decide = |verdicts_ms: &mut f64, f: &dyn Fn() -> BentVerdicts| {
            let tv = Instant::now();
            let v = f();
            *verdicts_ms = ms(tv);
            v
        };
        let v = match &self.device {
            Some(d) => d.decide(gpu, self.tr.partials_buffer()?, groups, |codes| {
                decide(&mut verdicts_ms, &|| from_codes(plan, codes))
            })?,
            None => self.tr.with_partials(|parts| {
                decide(&mut verdicts_ms, &|| {
                    BentVerdicts::from_partials(plan.p, plan.n, plan.precision, parts, groups)
                })
            })?,
        };
        let partials_host_ms = ms(t) - verdicts_ms;
        times.upload_ms = up.events_ms;
        times.host_ms = ms(t0);
        let steps = BentSteps {
            upload_host_ms,
            copy_done_ms: up.copy_done_ms,
            run_host_ms,
            partials_host_ms,
            verdicts_ms,
            total_ms: times.host_ms,
        };
        Ok((v, times, steps))
    }

    /// Frees the pinned staging (see [`VcTransform::release`]).
    pub fn release(self) -> Result<()> {
        if let Some(d) = self.device {
            d.release()?;
        }
        self.tr.release()
    }
}

/// The verdicts from the device's bytes (bit 0 bent, bit 1 exact); no |S| ranges.
fn from_codes(plan: &VcPlan, codes: &[u8]) -> BentVerdicts {
    use rayon::prelude::*;
    BentVerdicts {
        p: plan.p,
        n: plan.n,
        rule: BentRule::new(plan.p, plan.n, plan.precision),
        bent: codes.par_iter().map(|&c| c & BENT != 0).collect(),
        exact: codes.par_iter().map(|&c| c & EXACT != 0).collect(),
        min_abs: Vec::new(),
        max_abs: Vec::new(),
    }
}

/// Classifies B functions on a device in one batched run (verdicts and |S| ranges).
pub fn classify(gpu: &Gpu, truth: &TruthVectors, precision: Precision) -> Result<BentVerdicts> {
    let c = BentClassifier::new(gpu, truth.p, truth.n, truth.batch, precision)?;
    let (v, _) = c.classify(gpu, truth)?;
    c.release()?;
    Ok(v)
}
