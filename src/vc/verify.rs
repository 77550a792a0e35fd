//! The last step of `jitfft tune`: wisdom is never slower than no wisdom.
//!
//! `explore` ranks candidates by the passes alone on data left on the device (hot in L2 for
//! arrays that fit it), while `jitfft vc` uploads its input before every run: on the H100 the
//! 3^12 plan `tune` stored that way ran 38% slower under `vc` than the default (issue 28). So
//! the fastest few candidates are timed again exactly as `vc` times them ([`vc_runs`]: one
//! warm-up, then upload, passes, download each run; kernel time from the events after the
//! upload), beside the plan the device runs without wisdom (`choose::rule_plan`), and one is
//! stored only where that measurement puts it ahead of the default by more than [`WIN_MARGIN`]
//! ([`decide`]). Otherwise nothing is stored and any older entry for the size is dropped.

use super::explore::Choice;
use super::plan::{VcOptions, VcPlan};
use super::setup_report::SetupReport;
use super::VcTransform;
use crate::error::Result;
use crate::runtime::timing::RunTimes;
use crate::runtime::{Gpu, Summary};
use num_complex::Complex64;
use serde::Serialize;

/// A candidate must beat the default's median kernel time by this fraction to be stored: below
/// it the two are within run-to-run spread (3^12 on the H100: ±8% between calls).
pub const WIN_MARGIN: f64 = 0.03;

/// How many of `explore`'s fastest distinct candidates are timed again the `vc` way.
pub const CONTENDERS: usize = 3;

/// What `jitfft vc` does with host data (`cli/vc.rs` calls this): one untimed warm-up run,
/// then `repeat` runs of upload, passes and download. Returns the last output and each timed
/// run's times.
pub fn vc_runs(
    gpu: &Gpu,
    tr: &VcTransform,
    input: &[Complex64],
    repeat: usize,
) -> Result<(Vec<Complex64>, Vec<RunTimes>)> {
    let r = crate::model::run_repeated(tr, gpu, input, repeat)?;
    Ok((r.output, r.runs))
}

/// One plan timed the `vc` way.
#[derive(Debug, Clone, Serialize)]
pub struct VcTimed {
    /// The choice's label, or `default (no wisdom)`.
    pub label: String,
    /// The choice (absent for the default plan).
    pub choice: Option<Choice>,
    /// Kernel time per run after the upload, as `vc` reports it.
    pub kernel_ms: Summary,
    /// Host wall time of each run (upload, passes, download).
    pub end_to_end_ms: Summary,
    /// Why the plan could not be built or run.
    pub error: Option<String>,
    /// What the plan launched and allocated (its first build; absent where it did not build
    /// or the measurement was injected).
    pub setup: Option<SetupReport>,
}

/// One plan's runs timed the `vc` way, and what it launched.
#[derive(Debug, Clone)]
pub struct PlanRuns {
    /// Each timed run.
    pub runs: Vec<RunTimes>,
    /// The transform's launches, buffers and build.
    pub setup: Option<SetupReport>,
}

impl VcTimed {
    fn of(label: String, choice: Option<Choice>, runs: Result<PlanRuns>) -> VcTimed {
        let (kernel_ms, end_to_end_ms, error, setup) = match runs {
            Ok(PlanRuns { runs: r, setup }) => (
                Summary::of(&r.iter().map(|t| t.kernel_ms).collect::<Vec<_>>()),
                Summary::of(&r.iter().map(|t| t.host_ms).collect::<Vec<_>>()),
                None,
                setup,
            ),
            Err(e) => (
                Summary::of(&[]),
                Summary::of(&[]),
                Some(e.to_string()),
                None,
            ),
        };
        VcTimed {
            label,
            choice,
            kernel_ms,
            end_to_end_ms,
            error,
            setup,
        }
    }

    fn usable(&self) -> bool {
        self.error.is_none() && self.kernel_ms.median.is_finite()
    }
}

/// The default and the contenders, timed in one `tune` run, and what was decided.
#[derive(Debug, Clone, Serialize)]
pub struct Verification {
    /// The plan the device runs without wisdom.
    pub default: VcTimed,
    /// `explore`'s fastest candidates, in its order.
    pub contenders: Vec<VcTimed>,
    /// The margin a contender had to win by ([`WIN_MARGIN`]).
    pub margin: f64,
    /// Index into `contenders` of the one to store; `None`: keep the default.
    pub stored: Option<usize>,
}

impl Verification {
    /// The contender to store, if any.
    pub fn winner(&self) -> Option<&VcTimed> {
        self.stored.map(|i| &self.contenders[i])
    }
}

/// Which contender to store: the fastest usable one, and only if its median kernel time is
/// below the default's by more than `margin` (a default that could not run loses to any usable
/// contender). `None`: keep the default.
pub fn decide(default: &VcTimed, contenders: &[VcTimed], margin: f64) -> Option<usize> {
    let (i, best) = contenders
        .iter()
        .enumerate()
        .filter(|(_, c)| c.usable() && c.choice.is_some())
        .min_by(|a, b| a.1.kernel_ms.median.total_cmp(&b.1.kernel_ms.median))?;
    if !default.usable() || best.kernel_ms.median < default.kernel_ms.median * (1.0 - margin) {
        Some(i)
    } else {
        None
    }
}

/// How many interleaved rounds [`verify`] times each plan in.
pub const ROUNDS: usize = 3;

/// Times `default` and each contender's plan with `measure` in [`ROUNDS`] interleaved rounds
/// (in production [`vc_runs`] on a fresh transform; tests inject measurements here) and
/// decides with [`decide`]. `opts` carry
/// the direction, precision and norm the contenders' choices are applied to.
pub fn verify(
    default: &VcPlan,
    contenders: &[Choice],
    opts: VcOptions,
    mut measure: impl FnMut(&VcPlan) -> Result<PlanRuns>,
) -> Result<Verification> {
    let mut plans = vec![(default.clone(), None)];
    for c in contenders {
        plans.push((
            VcPlan::new(default.p, default.n, c.apply(opts))?,
            Some(c.clone()),
        ));
    }
    // Interleaved rounds (default, c1, c2, …, default, c1, …): clock ramps, thermal drift and
    // whatever ran before `tune` verifies fall on every plan alike, not on the first one timed.
    let mut runs: Vec<Result<PlanRuns>> = plans
        .iter()
        .map(|_| {
            Ok(PlanRuns {
                runs: Vec::new(),
                setup: None,
            })
        })
        .collect();
    for _ in 0..ROUNDS {
        for ((plan, _), acc) in plans.iter().zip(runs.iter_mut()) {
            if let Ok(done) = acc {
                match measure(plan) {
                    Ok(r) => {
                        done.runs.extend(r.runs);
                        done.setup = done.setup.take().or(r.setup);
                    }
                    Err(e) => *acc = Err(e),
                }
            }
        }
    }
    let mut timed: Vec<VcTimed> = plans
        .into_iter()
        .zip(runs)
        .map(|((_, choice), r)| {
            let label = choice
                .as_ref()
                .map_or_else(|| DEFAULT_LABEL.to_string(), |c| c.label());
            VcTimed::of(label, choice, r)
        })
        .collect();
    let default_t = timed.remove(0);
    let stored = decide(&default_t, &timed, WIN_MARGIN);
    Ok(Verification {
        default: default_t,
        contenders: timed,
        margin: WIN_MARGIN,
        stored,
    })
}

/// A fresh transform of `plan` timed by [`vc_runs`] on `input`, then released.
pub fn measure_on_device(
    gpu: &Gpu,
    plan: &VcPlan,
    input: &[Complex64],
    repeat: usize,
) -> Result<PlanRuns> {
    let tr = VcTransform::new(gpu, plan)?;
    let (_, runs) = vc_runs(gpu, &tr, input, repeat)?;
    let setup = Some(SetupReport::of(&tr));
    tr.release()?;
    Ok(PlanRuns { runs, setup })
}

/// The plan the device runs without wisdom, timed once by [`measure_on_device`]: `tune` does
/// this before `explore`, so its report shows whether `explore` changed the default's time.
pub fn time_default(gpu: &Gpu, plan: &VcPlan, input: &[Complex64], repeat: usize) -> VcTimed {
    VcTimed::of(
        DEFAULT_LABEL.to_string(),
        None,
        measure_on_device(gpu, plan, input, repeat),
    )
}

/// The label of the plan the device runs without wisdom.
pub const DEFAULT_LABEL: &str = "default (no wisdom)";

/// [`verify`] on the device: each plan built fresh and timed by [`measure_on_device`].
pub fn verify_on_device(
    gpu: &Gpu,
    default: &VcPlan,
    contenders: &[Choice],
    opts: VcOptions,
    input: &[Complex64],
    repeat: usize,
) -> Result<Verification> {
    verify(default, contenders, opts, |plan| {
        measure_on_device(gpu, plan, input, repeat)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runtime::timing::Clock;
    use crate::vc::plan::Algorithm;
    use crate::vc::Precision;

    fn runs(kernel: &[f64]) -> PlanRuns {
        let runs = kernel
            .iter()
            .map(|&k| RunTimes {
                kernel_ms: k,
                kernel_span_ms: k,
                pass_ms: vec![k],
                upload_ms: 1.0,
                download_ms: 1.0,
                host_ms: k + 2.0,
                clock: Clock::Events,
            })
            .collect();
        PlanRuns { runs, setup: None }
    }

    fn opts() -> VcOptions {
        VcOptions {
            precision: Precision::F32,
            ..Default::default()
        }
    }

    fn choice(digits: u32) -> Choice {
        Choice::of(&VcOptions {
            algorithm: Algorithm::Fused,
            fused_digits: Some(digits),
            ..opts()
        })
    }

    /// Injected `vc` measurements: the default 0.0236 ms; contenders by digit cap.
    fn verdict(times: &[(u32, &[f64])], default: &[f64]) -> Verification {
        let plan = VcPlan::new(3, 6, opts()).unwrap();
        let cs: Vec<Choice> = times.iter().map(|&(d, _)| choice(d)).collect();
        verify(&plan, &cs, opts(), |p| {
            Ok(match p.fused_digits {
                None => runs(default),
                Some(d) => runs(times.iter().find(|t| t.0 == d).unwrap().1),
            })
        })
        .unwrap()
    }

    #[test]
    fn a_candidate_slower_than_the_default_is_refused() {
        // The 3^12 case of issue 28: hot-L2 fastest, 38% slower the `vc` way.
        let v = verdict(
            &[(3, &[0.0326, 0.0330, 0.0321]), (2, &[0.040, 0.041, 0.039])],
            &[0.0236, 0.0240, 0.0231],
        );
        assert_eq!(v.stored, None);
        assert_eq!(v.default.kernel_ms.median, 0.0236);
    }

    #[test]
    fn a_tie_within_the_margin_keeps_the_default() {
        let v = verdict(&[(3, &[0.0232, 0.0233, 0.0235])], &[0.0236, 0.0236, 0.0236]);
        assert_eq!(v.stored, None);
    }

    #[test]
    fn the_fastest_clear_winner_is_stored() {
        let v = verdict(
            &[(3, &[0.020, 0.021, 0.019]), (2, &[0.018, 0.018, 0.019])],
            &[0.0236, 0.0240, 0.0231],
        );
        assert_eq!(v.stored, Some(1));
        let w = v.winner().unwrap();
        assert_eq!(w.choice, Some(choice(2)));
        assert!(w.kernel_ms.median < v.default.kernel_ms.median * (1.0 - WIN_MARGIN));
    }

    #[test]
    fn failures_never_win_and_a_failed_default_loses() {
        let plan = VcPlan::new(3, 6, opts()).unwrap();
        let v = verify(&plan, &[choice(3), choice(2)], opts(), |p| {
            match p.fused_digits {
                Some(3) => Err(crate::error::JitError::invalid("no build")),
                Some(_) => Ok(runs(&[0.5, 0.5])),
                None => Ok(runs(&[0.1, 0.1])),
            }
        })
        .unwrap();
        assert_eq!(v.stored, None);
        assert!(v.contenders[0].error.is_some());
        let v = verify(&plan, &[choice(2)], opts(), |p| match p.fused_digits {
            None => Err(crate::error::JitError::invalid("no build")),
            Some(_) => Ok(runs(&[0.5])),
        })
        .unwrap();
        assert_eq!(v.stored, Some(0));
    }
}
