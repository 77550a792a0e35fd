//! A whole Walsh–Hadamard run on host rows, what `jitfft wht` does between parsing its flags
//! and printing: [`WhtJob::prepare`] (the plan from the input's shape, the values as stored,
//! refused where not finite), then [`WhtJob::run`] on a device (build under its limits, the
//! timed runs, the overflow test and the check against the f64 reference where asked).

use super::execute::{WhtRun, WhtTransform};
use super::file::{row_log, RealInput};
use super::host::{check_finite_input, check_overflow, from_bytes, to_bytes};
use super::reference::{check, Check};
use super::schedule::WhtLimits;
use super::schedule::WhtPass;
use super::{Storage, WhtNorm, WhtPlan};
use crate::error::Result;
use crate::model::split::{run_rows, SetFigures};
use crate::runtime::timing::Clock;
use crate::runtime::{DeviceSet, Gpu, Summary};

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
    pub transform: WhtBuilt,
    /// The result's bytes and the timings.
    pub run: WhtRun,
    /// The result against the f64 reference, where asked.
    pub check: Option<Check>,
    /// Runs over a device set: each member's rows and times, the set's wall clock.
    pub device_set: Option<SetFigures>,
}

/// What a report tells of a built transform: its passes, kernels, build and bytes a pass
/// moves.
pub struct WhtBuilt {
    /// The passes, in launch order.
    pub passes: Vec<WhtPass>,
    /// The kernels' names.
    pub kernels: Vec<String>,
    /// Wall time of the program build (or cache load).
    pub build_ms: f64,
    /// The compiler's log.
    pub build_log: String,
    /// Bytes one pass reads plus writes.
    pub pass_bytes: u64,
}

impl WhtBuilt {
    /// The figures of `tr`.
    pub fn of(tr: &WhtTransform) -> WhtBuilt {
        WhtBuilt {
            passes: tr.passes.clone(),
            kernels: tr.program.kernels.clone(),
            build_ms: tr.build_ms,
            build_log: tr.build_log.clone(),
            pass_bytes: tr.pass_bytes(),
        }
    }
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
        let check = self.checked(&run.bytes, check_result)?;
        Ok(WhtOutcome {
            transform: WhtBuilt::of(&tr),
            run,
            check,
            device_set: None,
        })
    }

    /// The result refused where it overflowed its storage, and checked where asked.
    fn checked(&self, bytes: &[u8], check_result: bool) -> Result<Option<Check>> {
        let (st, row) = (self.plan.storage, self.plan.row_len());
        let values = from_bytes(bytes, st);
        check_overflow(&values, row, st)?;
        Ok(check_result.then(|| check(&values, &self.stored, row, self.plan.scale(), st)))
    }

    /// [`run`](Self::run) over a device set: the rows in equal shares, each member building
    /// the plan of its rows under `limits` of its device and transforming them (one warm-up,
    /// `repeats` timed runs, every member at once); the result in row order.
    pub fn run_split(
        &self,
        set: &DeviceSet,
        limits: impl Fn(&Gpu) -> Result<WhtLimits> + Sync,
        repeats: usize,
        check_result: bool,
    ) -> Result<WhtOutcome> {
        let p = &self.plan;
        let row_bytes = self.bytes.len() / p.batch;
        let build = |gpu: &Gpu, rows: u64| {
            let plan = WhtPlan::new(p.log_n, rows as usize, p.storage, p.norm, p.inverse)?;
            WhtTransform::with_limits(gpu, &plan, limits(gpu)?)
        };
        let runs = run_rows(
            set,
            (&self.bytes, row_bytes as u64),
            (true, repeats.max(1)),
            build,
            |tr, gpu, x, _| tr.execute(gpu, x),
            |tr| Ok(WhtBuilt::of(&tr)),
        )?;
        let one = runs.as_one();
        let bytes = runs.outputs.concat().concat();
        let check = self.checked(&bytes, check_result)?;
        let mut transform = runs.finished.into_iter().next().ok_or_else(|| {
            crate::error::JitError::invalid("a batch of no rows: nothing to transform")
        })?;
        transform.pass_bytes = 2 * p.bytes();
        let passes = one.first().map_or(0, |t| t.pass_ms.len());
        let run = WhtRun {
            bytes,
            kernel_ms: Summary::over(&one, |t| t.kernel_ms),
            pass_ms: (0..passes)
                .map(|i| Summary::over(&one, |t| t.pass_ms[i]).median)
                .collect(),
            upload_ms: Summary::over(&one, |t| t.upload_ms),
            download_ms: Summary::over(&one, |t| t.download_ms),
            clock: Clock::of_runs(one.iter().map(|t| t.clock)),
        };
        Ok(WhtOutcome {
            transform,
            run,
            check,
            device_set: Some(runs.figures),
        })
    }
}
