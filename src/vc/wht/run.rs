//! A whole Walsh–Hadamard run on host rows, what `jitfft wht` does between parsing its flags
//! and printing: [`WhtJob::prepare`] (the plan from the input's shape, the values as stored,
//! refused where not finite), then [`WhtJob::run`] on a device (build under its limits, the
//! timed runs, the overflow test and the check against the f64 reference where asked).

use super::execute::{WhtRun, WhtTransform};
use super::file::{row_log, RealInput};
use super::host::{check_finite_input, check_overflow, from_bytes, to_bytes};
use super::reference::{check, Check};
use super::schedule::WhtLimits;
use super::{Storage, WhtNorm, WhtPlan};
use crate::error::Result;
use crate::runtime::Gpu;

/// A run ready for a device: its plan and its input as stored.
pub struct WhtJob {
    /// What is computed.
    pub plan: WhtPlan,
    /// The input in the plan's storage bytes (what the device transforms).
    pub bytes: Vec<u8>,
    /// The same values read back (rounded to half, say): what the check compares against.
    pub stored: Vec<f64>,
}

/// What a run measured and found.
pub struct WhtOutcome {
    /// The transform as built (schedule, kernels, build log).
    pub transform: WhtTransform,
    /// The result's bytes and the timings.
    pub run: WhtRun,
    /// The result against the f64 reference, where asked.
    pub check: Option<Check>,
}

impl WhtJob {
    /// The plan of `inp`'s rows (its last axis) in `storage`; refuses values that are not
    /// finite as given or once stored.
    pub fn prepare(
        inp: &RealInput,
        storage: Storage,
        norm: WhtNorm,
        inverse: bool,
    ) -> Result<WhtJob> {
        let k = row_log(&inp.shape, "input")?;
        let row = 1usize << k;
        let plan = WhtPlan::new(k, inp.values.len() / row, storage, norm, inverse)?;
        check_finite_input(&inp.values, row, Storage::F64)?;
        let bytes = to_bytes(&inp.values, storage);
        let stored = from_bytes(&bytes, storage);
        check_finite_input(&stored, row, storage)?;
        Ok(WhtJob {
            plan,
            bytes,
            stored,
        })
    }

    /// Builds the plan on `gpu` under `limits`, runs it (one warm-up, `repeats` timed runs),
    /// refuses a result that overflowed its storage, and checks the result where asked.
    pub fn run(
        &self,
        gpu: &Gpu,
        limits: WhtLimits,
        repeats: usize,
        check_result: bool,
    ) -> Result<WhtOutcome> {
        let tr = WhtTransform::with_limits(gpu, &self.plan, limits)?;
        let run = tr.run(gpu, &self.bytes, repeats)?;
        let (st, row) = (self.plan.storage, self.plan.row_len());
        let values = from_bytes(&run.bytes, st);
        check_overflow(&values, row, st)?;
        let check = check_result.then(|| check(&values, &self.stored, row, self.plan.scale(), st));
        Ok(WhtOutcome {
            transform: tr,
            run,
            check,
        })
    }
}
