//! The FFT's tunable schedule (`jitfft explore fft`, `jitfft tune fft`): one knob, the
//! complex values a fused launch may keep in local memory (`Schedule::with_local_values`; 1:
//! register passes, one launch a radix). The candidates of a run's plans on a device, the
//! budget a device takes without wisdom, and the wisdom section (`fft` in the file vc's
//! `entries` share) that keeps the fastest per device and plan.

use super::plan::FftPlan;
use super::schedule::{default_local_values, Schedule, Step};
use crate::error::Result;
use crate::io::json_store::{
    load_for_update, load_or_default, save_pretty, OtherSections, WisdomEntry,
};
use crate::runtime::build::wisdom_path;
use crate::runtime::{DeviceInfo, Knobs};
use crate::transform::Direction;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A schedule choice of the FFT, as stored in wisdom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FftChoice {
    /// Complex values a fused launch keeps in local memory (1: register passes).
    pub local_values: u64,
}

impl FftChoice {
    /// A short human label: `register passes` or `local values ≤ 8192` (a budget under which
    /// no radices fuse still runs register passes, of smaller radices: the table's passes
    /// column says which).
    pub fn label(&self) -> String {
        match self.local_values {
            1 => "register passes".into(),
            v => format!("local values ≤ {v}"),
        }
    }
}

/// The largest budget the device's local memory allows (two thirds of it, as
/// [`default_local_values`] takes, without the default's cap).
fn device_local_values(plan: &FftPlan, local_mem_bytes: u64) -> u64 {
    (local_mem_bytes * 2 / 3 / plan.precision.complex_bytes()).max(1)
}

/// The launches of `plan` under `local_values` (`None`: the device's default).
pub fn schedule_of(plan: &FftPlan, local_mem_bytes: u64, local_values: Option<u64>) -> Schedule {
    let v = local_values.unwrap_or_else(|| default_local_values(plan, local_mem_bytes));
    Schedule::with_local_values(plan, v)
}

/// The candidate budgets of a run's `plans` on a device with `local_mem_bytes`, smallest
/// first: register passes (1), the powers of two from 16 (the least a fused launch takes) and
/// the device's limit, one budget per distinct set of launches: 1 for register passes, the
/// default budget for its launches, else the smallest budget that gives them.
pub fn candidates(plans: &[FftPlan], local_mem_bytes: u64) -> Vec<u64> {
    let limit = plans
        .iter()
        .map(|p| device_local_values(p, local_mem_bytes))
        .max()
        .unwrap_or(1);
    // Register passes first, then the default (one budget: the plans of a run share their
    // precision), each keeping its launches' row under its own budget.
    let default = plans
        .first()
        .map_or(1, |p| default_local_values(p, local_mem_bytes));
    let budgets = std::iter::once(1)
        .chain(std::iter::once(default))
        .chain((4..63).map(|k| 1u64 << k).take_while(|&v| v < limit))
        .chain(std::iter::once(limit));
    let mut seen: Vec<Vec<Vec<Step>>> = Vec::new();
    let mut out = Vec::new();
    for v in budgets {
        let steps: Vec<Vec<Step>> = plans
            .iter()
            .map(|p| Schedule::with_local_values(p, v).steps)
            .collect();
        if !seen.contains(&steps) {
            seen.push(steps);
            out.push(v);
        }
    }
    out.sort_unstable();
    out
}

/// The launches of a run's `plans` under budget `v`, for comparing two budgets.
pub fn launches_of(plans: &[FftPlan], local_mem_bytes: u64, v: Option<u64>) -> Vec<Vec<Step>> {
    plans
        .iter()
        .map(|p| schedule_of(p, local_mem_bytes, v).steps)
        .collect()
}

/// The wisdom key of a run: device name, driver version, and the plan's identity (shape,
/// resolved axes, direction, storage, real input or output).
pub fn wisdom_key(
    device: &DeviceInfo,
    shape: &[u64],
    axes: &[usize],
    (direction, storage): (Direction, &str),
    real: bool,
) -> String {
    let join = |v: Vec<String>| v.join(",");
    format!(
        "{} | {} | fft shape={} axes={} {direction} {storage}{}",
        device.name,
        device.driver_version,
        join(shape.iter().map(u64::to_string).collect()),
        join(axes.iter().map(usize::to_string).collect()),
        if real { " real" } else { "" }
    )
}

/// The FFT's section of the wisdom file (`runtime::build::wisdom_path`).
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct FftWisdom {
    /// Entries by [`wisdom_key`].
    #[serde(default)]
    pub fft: BTreeMap<String, WisdomEntry<FftChoice>>,
    /// The file's other sections (vc's `entries`), kept as they are.
    #[serde(flatten)]
    pub others: OtherSections,
}

impl FftWisdom {
    /// Reads the wisdom file; a missing file is empty wisdom, a corrupt one an error.
    pub fn load(knobs: &Knobs) -> Result<FftWisdom> {
        load_or_default(&wisdom_path(knobs), |e| {
            format!("corrupt wisdom file ({e}); delete it or run `jitfft tune` again")
        })
    }

    /// The wisdom file as `tune` reads it before storing: a corrupt one starts afresh (the
    /// note, when there is one, says so).
    pub fn load_for_update(knobs: &Knobs) -> (FftWisdom, Option<String>) {
        load_for_update(&wisdom_path(knobs))
    }

    /// The budget `tune fft` stored under `key` ([`wisdom_key`]) and its label, if any.
    pub fn stored(knobs: &Knobs, key: &str) -> Result<Option<(u64, String)>> {
        let w = FftWisdom::load(knobs)?;
        Ok(w.fft
            .get(key)
            .map(|e| (e.choice.local_values, e.choice.label())))
    }

    /// Writes the wisdom file atomically, the other sections as read.
    pub fn save(&self, knobs: &Knobs) -> Result<()> {
        save_pretty(&wisdom_path(knobs), self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::{Norm, Precision};

    fn plan(shape: &[u64]) -> FftPlan {
        FftPlan::new(shape, &[], Direction::Forward, Norm::None, Precision::F32).unwrap()
    }

    #[test]
    fn candidates_start_with_register_passes_hold_the_default_and_differ() {
        for shape in [&[4096u64][..], &[1000, 768], &[6, 10]] {
            let plans = [plan(shape)];
            let mem = 64 * 1024;
            let c = candidates(&plans, mem);
            assert_eq!(c[0], 1, "{shape:?}");
            let schedules: Vec<_> = c
                .iter()
                .map(|&v| launches_of(&plans, mem, Some(v)))
                .collect();
            for (i, s) in schedules.iter().enumerate() {
                assert!(!schedules[..i].contains(s), "{shape:?}: {c:?} repeats");
            }
            assert!(
                schedules.contains(&launches_of(&plans, mem, None)),
                "{shape:?}"
            );
            let default = default_local_values(&plans[0], mem);
            let same = launches_of(&plans, mem, Some(1)) == launches_of(&plans, mem, None);
            assert!(same || c.contains(&default), "{shape:?}: {c:?}");
        }
        // 4096 has register passes and at least one fused schedule.
        assert!(candidates(&[plan(&[4096])], 64 * 1024).len() >= 2);
    }

    #[test]
    fn the_default_budget_is_the_schedule_for_local_memory() {
        let p = plan(&[1 << 20]);
        for mem in [32 * 1024, 48 * 1024, 1 << 20] {
            assert_eq!(
                schedule_of(&p, mem, None),
                Schedule::for_local_memory(&p, mem)
            );
        }
    }
}
