//! Candidate schedules for one transform, timed on the device (passes only, data resident),
//! and the wisdom file that keeps the fastest per device, driver and size.

use super::plan::{Algorithm, Coeffs, FusedLayout, VcOptions, VcPlan};

use super::{
    execute::{fused_limits_for, fused_limits_for_plan},
    VcTransform,
};
use crate::error::Result;
use crate::io::json_store::{load_for_update, load_or_default, save_pretty, OtherSections};
use crate::io::random::random_complex;
use crate::reference::{compare, separable_vc};
use crate::runtime::{Gpu, Summary};
use crate::transform::{Direction, Precision};
use crate::vc::fused;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A schedule choice, as stored in wisdom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Choice {
    /// `ct`, `cg` or `fused`.
    pub algorithm: String,
    /// Butterfly radix (ct and cg); `None` means r = p.
    pub radix: Option<u64>,
    /// Coefficient placement: `const-first`, `const-matrix` or `literal`.
    pub coeffs: String,
    /// Fused: the most digits one pass transforms (`None`: what local memory holds).
    pub fused_digits: Option<u32>,
    /// Fused: lane digits per tile (`None`: the default rule).
    pub fused_lanes: Option<u32>,
    /// Fused: `auto`, `rotate`, `inplace` or `staged`.
    pub fused_layout: String,
    /// Values per work-item (absent in older wisdom files: the default).
    #[serde(default)]
    pub fused_values: Option<u32>,
}

fn s(x: impl ToString) -> String {
    x.to_string()
}

impl Choice {
    /// The choice made by `o` (direction, precision and norm are not part of a choice).
    pub fn of(o: &VcOptions) -> Choice {
        Choice {
            algorithm: s(o.algorithm),
            radix: o.radix,
            coeffs: s(o.coeffs),
            fused_digits: o.fused_digits,
            fused_lanes: o.fused_lanes,
            fused_layout: match o.fused_layout {
                FusedLayout::Auto => "auto".into(),
                FusedLayout::Rotate => "rotate".into(),
                FusedLayout::Inplace => "inplace".into(),
                FusedLayout::Staged => "staged".into(),
            },
            fused_values: o.fused_values,
        }
    }

    /// Applies the choice to options that carry the direction, precision and norm.
    pub fn apply(&self, mut o: VcOptions) -> VcOptions {
        o.algorithm = match self.algorithm.as_str() {
            "ct" => Algorithm::Ct,
            "cg" => Algorithm::Cg,
            _ => Algorithm::Fused,
        };
        o.radix = self.radix;
        o.coeffs = match self.coeffs.as_str() {
            "const-matrix" => Coeffs::ConstMatrix,
            "literal" => Coeffs::Literal,
            _ => Coeffs::ConstFirst,
        };
        o.fused_digits = self.fused_digits;
        o.fused_lanes = self.fused_lanes;
        o.fused_layout = match self.fused_layout.as_str() {
            "inplace" => FusedLayout::Inplace,
            "staged" => FusedLayout::Staged,
            "rotate" => FusedLayout::Rotate,
            _ => FusedLayout::Auto,
        };
        o.fused_values = self.fused_values;

        o
    }

    /// A short human label, e.g. `ct r9 const-first` or `fused auto digits≤4 lanes auto`.
    pub fn label(&self) -> String {
        match self.algorithm.as_str() {
            "fused" => format!(
                "fused {} digits≤{} lanes {}{}",
                self.fused_layout,
                self.fused_digits.map_or("auto".into(), |d| d.to_string()),
                self.fused_lanes.map_or("auto".into(), |d| d.to_string()),
                self.fused_values
                    .map_or(String::new(), |v| format!(" values {v}"))
            ),
            a => format!(
                "{a} r{} {}",
                self.radix.map_or("p".into(), |r| r.to_string()),
                self.coeffs
            ),
        }
    }
}

/// The candidates `explore` and `tune` time: the paper's kernels at radix p and p², and fused
/// schedules over layouts, digits per pass, lanes and values per work-item.
pub fn candidates(p: u32, n: u32, precision: Precision, gpu: &Gpu) -> Vec<VcOptions> {
    let base = VcOptions {
        precision,
        ..Default::default()
    };
    let mut out = Vec::new();
    for algorithm in [Algorithm::Ct, Algorithm::Cg] {
        for radix in [p as u64, (p as u64).pow(2)] {
            if radix > 64 || (p as u64).pow(2) > (p as u64).pow(n) && radix != p as u64 {
                continue;
            }
            out.push(VcOptions {
                algorithm,
                radix: Some(radix),
                coeffs: Coeffs::Literal,
                ..base
            });
        }
    }
    out.push(VcOptions {
        algorithm: Algorithm::Ct,
        ..base
    });
    // The default plan first: `tune` then never stores a choice slower than what a user gets
    // without wisdom (its rules may take tiles the explicit caps below do not: 5^12 as
    // 5^6·5^3·5^3 with NVIDIA's 1024 work-items, 4.45 ms against 4.90 for the best cap).
    out.push(VcOptions {
        algorithm: Algorithm::Fused,
        ..base
    });
    let cap = fused::max_tile_digits(p, precision, fused_limits_for(gpu)).min(n);
    let mut digit_caps: Vec<u32> = (cap.saturating_sub(4).max(1)..=cap).rev().collect();
    digit_caps.dedup();
    for layout in [
        FusedLayout::Rotate,
        FusedLayout::Inplace,
        FusedLayout::Staged,
    ] {
        for &d in &digit_caps {
            for lanes in [None, Some(0), Some(1), Some(2), Some(3), Some(4)] {
                // Rotate never won a sweep on the H100 (sessions 1-3): default lanes only.
                if layout == FusedLayout::Rotate && lanes.is_some() {
                    continue;
                }
                out.push(VcOptions {
                    algorithm: Algorithm::Fused,
                    fused_digits: Some(d),
                    fused_lanes: lanes,
                    fused_layout: layout,
                    ..base
                });
            }
        }
    }
    // Elements per work-item (default layout and groups): fewer, shorter chains for transforms
    // that leave the device idle; more, fewer exchanges for large ones.
    for values in [4, 8, 16, 64] {
        out.push(VcOptions {
            algorithm: Algorithm::Fused,
            fused_values: Some(values),
            ..base
        });
    }
    out
}

/// What identifies the passes a plan runs on `gpu`: plans with equal keys launch the same
/// kernels over the same ranges.
pub fn schedule_key(gpu: &Gpu, plan: &VcPlan) -> String {
    let sched = super::Schedule::for_limits(plan, fused_limits_for_plan(gpu, plan));
    format!(
        "{:?}{:?}{:?}{:?}",
        plan.algorithm,
        plan.coeffs,
        sched
            .passes
            .iter()
            .map(|x| (x.radix, x.kernel, x.fused()))
            .collect::<Vec<_>>(),
        sched.kernels
    )
}

/// One timed candidate (`C`: the transform's schedule choice; the FFT's is
/// `fft::tuning::FftChoice`).
#[derive(Debug, Clone, Serialize)]
pub struct Measured<C = Choice> {
    /// The choice's label (see [`Choice::label`]).
    pub label: String,
    /// The schedule choice that was timed.
    pub choice: C,
    /// Kernel launches per transform.
    pub passes: usize,
    /// The pass radices, e.g. `81·81·9`.
    pub radices: String,
    /// Bytes all launches read and write in global memory, where the transform counts them
    /// (the FFT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub moved_bytes: Option<u64>,
    /// Kernel time per transform over the timed runs (ms).
    pub kernel_ms: Summary,
    /// Median time of each pass.
    pub pass_ms: Vec<f64>,
    /// Bytes read + written by all passes / median kernel time.
    pub gbs: f64,
    /// Real flops per point, from the generator's counts.
    pub flops_per_point: f64,
    /// Relative L2 error against the CPU reference, where one was computed.
    pub rel_l2: Option<f64>,
    /// Why the candidate could not be built or run (then there are no timings: NaN kernel
    /// times, no passes).
    pub error: Option<String>,
}

impl Measured {
    /// A candidate that did not build or run: `e` kept as its error.
    pub fn failed(choice: Choice, e: &crate::error::JitError) -> Measured {
        Measured::failed_as(choice.label(), choice, e)
    }
}

impl<C> Measured<C> {
    /// A candidate labelled `label` that did not build or run: `e` kept as its error.
    pub fn failed_as(label: String, choice: C, e: &crate::error::JitError) -> Measured<C> {
        Measured {
            label,
            choice,
            passes: 0,
            radices: String::new(),
            moved_bytes: None,
            kernel_ms: Summary::of(&[]),
            pass_ms: Vec::new(),
            gbs: 0.0,
            flops_per_point: 0.0,
            rel_l2: None,
            error: Some(e.to_string()),
        }
    }
}

/// Candidates fastest first, failures last.
pub fn sort_fastest<C>(m: &mut [Measured<C>]) {
    m.sort_by(|a, b| match (a.error.is_some(), b.error.is_some()) {
        (false, true) => std::cmp::Ordering::Less,
        (true, false) => std::cmp::Ordering::Greater,
        _ => a.kernel_ms.median.total_cmp(&b.kernel_ms.median),
    });
}

/// Times every candidate (passes only, after `warmup` runs), fastest first. With `check`, every
/// candidate's output is compared with the f64 reference first.
#[allow(clippy::too_many_arguments)]
pub fn explore(
    gpu: &Gpu,
    p: u32,
    n: u32,
    precision: Precision,
    warmup: usize,
    repeats: usize,
    check: bool,
    mut progress: impl FnMut(&str),
) -> Result<Vec<Measured>> {
    let probe = VcPlan::new(
        p,
        n,
        VcOptions {
            precision,
            ..Default::default()
        },
    )?;
    super::check_device(
        &gpu.info,
        &VcPlan::new(
            p,
            n,
            VcOptions {
                precision,
                algorithm: Algorithm::Cg,
                ..Default::default()
            },
        )?,
    )?;
    let input = random_complex(probe.len as usize, 1);
    let want = if check {
        Some(separable_vc(p, n, &input, Direction::Forward, 1.0)?)
    } else {
        None
    };
    let mut out = Vec::new();
    let mut seen = Vec::new();
    let (start, budget) = (std::time::Instant::now(), gpu.knobs.tune_seconds);
    // Fused candidates first: under a time budget they are the likely winners.
    let mut all = candidates(p, n, precision, gpu);
    all.sort_by_key(|o| o.algorithm != Algorithm::Fused);
    for opts in all {
        if budget.is_some_and(|b| start.elapsed().as_secs_f64() > b) {
            progress("time budget (JITFFT_TUNE_SECONDS) spent: remaining candidates skipped");
            break;
        }
        let choice = Choice::of(&opts);
        let plan = VcPlan::new(p, n, opts)?;
        // Candidates that resolve to the same passes are timed once.
        let key = schedule_key(gpu, &plan);
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        progress(&choice.label());
        let r = (|| -> Result<Measured> {
            let tr = VcTransform::new(gpu, &plan)?;
            let (got, _) = tr.execute(gpu, &input)?;
            let rel_l2 = want.as_ref().map(|w| compare(&got, w).rel_l2);
            let runs = tr.run_passes_only(gpu, warmup, repeats)?;
            let kernel_ms = Summary::of(&runs.iter().map(|t| t.kernel_ms).collect::<Vec<_>>());
            let npass = tr.schedule.pass_count();
            let pass_ms = (0..npass)
                .map(|i| Summary::of(&runs.iter().map(|t| t.pass_ms[i]).collect::<Vec<_>>()).median)
                .collect();
            let bytes = npass as f64 * 2.0 * plan.buffer_bytes() as f64;
            // Per-work-item counts × work-items of each pass.
            let flops: u64 = tr
                .schedule
                .passes
                .iter()
                .map(|ps| {
                    tr.kernel_counts()[ps.kernel].1.flops() * ps.units * ps.threads_per_unit()
                })
                .sum();
            Ok(Measured {
                label: choice.label(),
                choice: choice.clone(),
                passes: npass,
                radices: tr.schedule.radices(),
                moved_bytes: None,
                gbs: bytes / (kernel_ms.median * 1e-3) / 1e9,
                kernel_ms,
                pass_ms,
                flops_per_point: flops as f64 / plan.len as f64,
                rel_l2,
                error: None,
            })
        })();
        out.push(r.unwrap_or_else(|e| Measured::failed(choice, &e)));
    }
    sort_fastest(&mut out);
    Ok(out)
}

/// Wisdom: the fastest choice per device, driver, p, n and precision.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Wisdom {
    /// Entries by [`wisdom_key`] (absent in a file only `tune fft` wrote).
    #[serde(default)]
    pub entries: BTreeMap<String, WisdomEntry>,
    /// The file's other sections (the FFT's schedules), kept as they are.
    #[serde(flatten)]
    pub others: OtherSections,
}

/// The fastest choice measured for one key.
pub type WisdomEntry = crate::io::json_store::WisdomEntry<Choice>;

/// The wisdom key: device name, driver version, p, n and precision.
pub fn wisdom_key(gpu: &Gpu, p: u32, n: u32, precision: Precision) -> String {
    format!(
        "{} | {} | p={p} n={n} {precision}",
        gpu.info.name, gpu.info.driver_version
    )
}

pub use crate::runtime::build::wisdom_path;

impl Wisdom {
    /// Reads the wisdom file; a missing file is empty wisdom, a corrupt one an error.
    pub fn load(knobs: &crate::runtime::Knobs) -> Result<Wisdom> {
        load_or_default(&wisdom_path(knobs), |e| {
            format!("corrupt wisdom file ({e}); delete it or run `jitfft tune` again")
        })
    }

    /// The wisdom file as `tune` reads it before storing: a corrupt one starts afresh (the
    /// note, when there is one, says so; `vc` refuses it instead, see [`Wisdom::load`]).
    pub fn load_for_update(knobs: &crate::runtime::Knobs) -> (Wisdom, Option<String>) {
        load_for_update(&wisdom_path(knobs))
    }

    /// Writes the wisdom file atomically (see [`wisdom_path`]).
    pub fn save(&self, knobs: &crate::runtime::Knobs) -> Result<()> {
        save_pretty(&wisdom_path(knobs), self)
    }

    /// The entry for this device, driver, p, n and precision, if tuned.
    pub fn lookup(&self, gpu: &Gpu, p: u32, n: u32, precision: Precision) -> Option<&WisdomEntry> {
        self.entries.get(&wisdom_key(gpu, p, n, precision))
    }
}
