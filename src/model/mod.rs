//! The one transform model: every family's transform, built on a device from its plan (program
//! and buffers made), answers the same questions — what it computes ([`TransformInfo`], the
//! report's `transform`), how much device memory it holds ([`DeviceTransform::footprint`]) —
//! and runs the same way: [`DeviceTransform::execute`] is one host → device → host run with
//! its times. [`run_repeated`] is the one timing loop over any of them (a warm-up, then the
//! timed runs) and [`Repeated::timing`] the common times of the report, so a family gets the
//! loop, the summaries and the report's shared sections by implementing the trait.
//!
//! Implemented in [`families`] for the complex VC transform (f32/f64: the plan's precision),
//! the real VC transform (`rfftn`/`irfftn`: the plan's direction), the NTT and the GFP FFT.

pub mod split;

use crate::error::Result;
use crate::runtime::{Gpu, Summary};
pub use crate::transform::TransformInfo;

/// What a run request asks besides its transform (`ntt`, `gfp`): where the input comes from
/// (a file, else random from `seed`, fresh when `None`), the check against the CPU reference,
/// and the timed runs after one warm-up.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunInput {
    /// The input file (its format is the family's).
    pub input: Option<std::path::PathBuf>,
    /// Seed of random input (fresh when `None`).
    pub seed: Option<u64>,
    /// Compare with the CPU reference.
    pub check: bool,
    /// Timed runs after one warm-up.
    pub repeat: usize,
}

/// A transform built on a device: its plan, program and buffers ready to run.
pub trait DeviceTransform {
    /// One run's host input (`[Complex64]`, `[f64]`, `[u64]` limbs, …).
    type Input: ?Sized;
    /// One run's host output.
    type Output;
    /// One run's times, as the family measures them.
    type Times: RunFigures;
    /// What it computes, in the words every family shares.
    fn info(&self) -> TransformInfo;
    /// Bytes of device memory its buffers hold.
    fn footprint(&self) -> u64;
    /// One run: upload `input`, launch every pass, download the output.
    fn execute(&self, gpu: &Gpu, input: &Self::Input) -> Result<(Self::Output, Self::Times)>;
    /// [`DeviceTransform::execute`] writing into `previous` (an earlier run's output) where
    /// the family can: a repeated run then touches no fresh host pages, whose first-touch
    /// faults cost more than the copy itself on large outputs. The default ignores it.
    fn execute_reusing(
        &self,
        gpu: &Gpu,
        input: &Self::Input,
        previous: Option<Self::Output>,
    ) -> Result<(Self::Output, Self::Times)> {
        let _ = previous;
        self.execute(gpu, input)
    }
}

/// The figures every family's run times have (ms; NaN where a clock did not measure one).
pub trait RunFigures {
    /// All kernels of the run.
    fn kernel_ms(&self) -> f64;
    /// Host → device.
    fn upload_ms(&self) -> f64;
    /// Device → host.
    fn download_ms(&self) -> f64;
    /// The whole run on the host's wall clock (NaN where the family does not time it).
    fn end_to_end_ms(&self) -> f64;
}

/// A transform run repeatedly: the last run's output and each timed run's times.
pub struct Repeated<O, T> {
    /// The output of the last run.
    pub output: O,
    /// Each timed run's times (the warm-up's not among them).
    pub runs: Vec<T>,
}

/// The times every report has, each summarised over the timed runs.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CommonTimes {
    /// All kernels of a run.
    pub kernel_ms: Summary,
    /// Host → device.
    pub upload_ms: Summary,
    /// Device → host.
    pub download_ms: Summary,
    /// Host memory to host memory.
    pub end_to_end_ms: Summary,
}

impl<O, T: RunFigures> Repeated<O, T> {
    /// The common times over the timed runs.
    pub fn timing(&self) -> CommonTimes {
        let over = |f: fn(&T) -> f64| Summary::over(&self.runs, f);
        CommonTimes {
            kernel_ms: over(T::kernel_ms),
            upload_ms: over(T::upload_ms),
            download_ms: over(T::download_ms),
            end_to_end_ms: over(T::end_to_end_ms),
        }
    }
}

/// The one measurement loop of every family: one untimed warm-up run (program load, first
/// touch of buffers and clocks), then `repeat` timed runs of `tr` on `input`.
pub fn run_repeated<T: DeviceTransform>(
    tr: &T,
    gpu: &Gpu,
    input: &T::Input,
    repeat: usize,
) -> Result<Repeated<T::Output, T::Times>> {
    // Each run writes into the one before's output (fresh pages only in the warm-up).
    let (mut output, _) = tr.execute_reusing(gpu, input, None)?;
    let mut runs = Vec::with_capacity(repeat);
    for _ in 0..repeat {
        let (o, t) = tr.execute_reusing(gpu, input, Some(output))?;
        output = o;
        runs.push(t);
    }
    Ok(Repeated { output, runs })
}

/// Implements [`RunFigures`] for run times with `kernel_ms`, `upload_ms` and `download_ms`
/// fields; `|t| end` gives the end-to-end time from `t: &Self` (the families differ only there).
macro_rules! run_figures {
    ($ty:ty, |$t:ident| $end:expr) => {
        impl $crate::model::RunFigures for $ty {
            fn kernel_ms(&self) -> f64 {
                self.kernel_ms
            }
            fn upload_ms(&self) -> f64 {
                self.upload_ms
            }
            fn download_ms(&self) -> f64 {
                self.download_ms
            }
            fn end_to_end_ms(&self) -> f64 {
                let $t = self;
                $end
            }
        }
    };
}
pub(crate) use run_figures;

// The runtime's run times (vc, ntt): the three copies and the whole call's host time.
run_figures!(crate::runtime::timing::RunTimes, |t| t.host_ms);
