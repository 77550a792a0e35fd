//! The repeat logic: warm-up runs are discarded, then runs repeat until both a minimum count
//! and a minimum total time are reached (or a maximum count), and each time is summarised.

use super::clock::Clock;
use super::record::Stat;
use crate::error::{JitError, Result};
use serde::{Deserialize, Serialize};

/// How often to run one measurement point.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RepeatPolicy {
    /// Untimed runs first (program load, caches, clocks).
    pub warmup: usize,
    /// Timed runs at least (≥ 1).
    pub min_count: usize,
    /// Seconds of timed runs (by the harness clock) before stopping.
    pub min_time_s: f64,
    /// Stop here even if `min_time_s` is not reached.
    pub max_count: usize,
}

impl RepeatPolicy {
    /// Refuses a policy with no timed run, max below min, or a negative or non-finite time.
    pub fn validate(&self) -> Result<()> {
        if self.min_count == 0 {
            return Err(JitError::invalid(
                "at least one timed run is needed (minimum repeats ≥ 1)",
            ));
        }
        if self.max_count < self.min_count {
            return Err(JitError::invalid(format!(
                "maximum repeats {} is below the minimum {}",
                self.max_count, self.min_count
            )));
        }
        if !(self.min_time_s >= 0.0 && self.min_time_s.is_finite()) {
            return Err(JitError::invalid(format!(
                "minimum time {} s is not a finite number ≥ 0",
                self.min_time_s
            )));
        }
        Ok(())
    }
}

/// One timed run, in milliseconds; `None` where the run has no such phase (CPU transfers).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sample {
    /// Kernel time (profiling events; the CPU: the transform).
    pub kernel_ms: f64,
    /// Host to device copy, where there is one.
    pub upload_ms: Option<f64>,
    /// Device to host copy, where there is one.
    pub download_ms: Option<f64>,
    /// End to end on the host.
    pub wall_ms: f64,
}

/// Summaries of the timed runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Measured {
    /// Kernel time.
    pub kernel_ms: Stat,
    /// Host to device copy.
    pub upload_ms: Option<Stat>,
    /// Device to host copy.
    pub download_ms: Option<Stat>,
    /// End to end on the host.
    pub wall_ms: Stat,
    /// Untimed runs done first.
    pub warmup: usize,
    /// Timed runs.
    pub runs: usize,
}

/// Runs `run` under `policy`, timing the repeat budget with `clock`.
pub fn measure<C: Clock>(
    clock: &C,
    policy: &RepeatPolicy,
    mut run: impl FnMut() -> Result<Sample>,
) -> Result<Measured> {
    policy.validate()?;
    for _ in 0..policy.warmup {
        run()?;
    }
    let t0 = clock.now_s();
    let mut samples = Vec::new();
    loop {
        samples.push(run()?);
        let n = samples.len();
        if n >= policy.max_count {
            break;
        }
        if n >= policy.min_count && clock.now_s() - t0 >= policy.min_time_s {
            break;
        }
    }
    let col = |f: &dyn Fn(&Sample) -> Option<f64>| -> Option<Stat> {
        let v: Option<Vec<f64>> = samples.iter().map(f).collect();
        v.map(|v| Stat::of(&v))
    };
    Ok(Measured {
        kernel_ms: Stat::of(&samples.iter().map(|s| s.kernel_ms).collect::<Vec<_>>()),
        upload_ms: col(&|s| s.upload_ms),
        download_ms: col(&|s| s.download_ms),
        wall_ms: Stat::of(&samples.iter().map(|s| s.wall_ms).collect::<Vec<_>>()),
        warmup: policy.warmup,
        runs: samples.len(),
    })
}
