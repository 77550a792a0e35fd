//! The tile limits of fused passes on a device: local memory and work-group size from the
//! device query, the probe and the switches (`runtime::Knobs`, carried by the `Gpu`), and when a default plan may use the
//! device's work-group maximum although the kernel query reports less.

use super::plan::{Algorithm, VcPlan};
use super::schedule::Schedule;
use crate::runtime::knobs::KernelWg;
use crate::runtime::{DeviceInfo, Gpu, Knobs};
use crate::vc::fused::pass::ScheduleKnobs;
use crate::vc::fused::FusedLimits;

/// The tile budget of fused passes on a device: at most 48 KB of local memory (NVIDIA's
/// OpenCL report, and a sane share elsewhere) and the device's work-group maximum.
/// `JITFFT_FUSED_LOCAL_BYTES` sets the local-memory budget: lower (to study or test exchanges
/// in rounds on small tiles) or higher than the device reports (NVIDIA's OpenCL reports 48 KB
/// and refuses larger `__local` arguments, yet builds and runs static `__local` arrays up to
/// 227 KB on an H100: `tools/probes/cl_local_probe.c`). `JITFFT_FUSED_MAX_THREADS` lowers the
/// work-group size.
pub fn fused_limits(info: &DeviceInfo, knobs: &Knobs) -> FusedLimits {
    let local_bytes = match knobs.fused_local_bytes {
        Some(v) => v.clamp(64, 1 << 20),
        None => info.local_mem_bytes.clamp(1, 48 * 1024),
    };
    // JITFFT_FUSED_MAX_THREADS lowers the work-group limit the same way (tests run the
    // many-values-per-thread tiles of NVIDIA's 256-work-item limit on small transforms).
    let threads = knobs.fused_max_threads.unwrap_or(1024);
    FusedLimits {
        local_bytes,
        max_threads: (info.max_work_group_size as u64).clamp(1, threads.clamp(1, 1024)),
        values: None,
        tile_values: None,
        knobs: ScheduleKnobs::of(knobs),
    }
}

/// [`fused_limits`] with the work-group size the driver reports for a kernel that exchanges
/// through local memory (NVIDIA's OpenCL: 256, device maximum 1024), unless
/// `JITFFT_KERNEL_WG=device`. Probed once per device and process. The plan-independent limit
/// (candidate lists of `explore`); a transform uses [`fused_limits_for_plan`].
pub fn fused_limits_for(gpu: &Gpu) -> FusedLimits {
    let device = fused_limits(&gpu.info, &gpu.knobs);
    match gpu.knobs.kernel_wg {
        KernelWg::Device => device,
        KernelWg::Auto | KernelWg::Reported => reported_limits(gpu, device),
    }
}

/// The fused tile limits for one plan: the reported work-group size, or the device maximum
/// where the measured rule says it pays (NVIDIA, 5 ≤ p ≤ 23 not a power of two: a pass saved,
/// or ≥ 0.1 copies saved in the cost model) or `JITFFT_KERNEL_WG=device` (`=reported` never).
pub fn fused_limits_for_plan(gpu: &Gpu, plan: &VcPlan) -> FusedLimits {
    let device = fused_limits(&gpu.info, &gpu.knobs);
    if trust_device_limit(gpu, plan) {
        FusedLimits {
            tile_values: (gpu.knobs.kernel_wg == KernelWg::Auto && plan.p >= 7)
                .then_some(DEVICE_WG_TILE_VALUES),
            ..device
        }
    } else {
        reported_limits(gpu, device)
    }
}

/// With the device's 1024 work-items, the default schedule keeps tiles at or below this many
/// values where that adds no pass. H100 `tune` (`bench-results/nvidia-h100/archive/2026-11-23-every-p/`):
/// 7^9 as 7^4·7^3·7^2 0.749 ms against 7^5·7^2·7^2 0.836, 23^6 as 23^2·23^2·23^2 2.909
/// against 23^3·23^2·23^1 3.185; first passes of 12167–16807 values ran at 67–79% of the copy
/// rate, of ≤ 10^4 values at 85–95%. Not for p = 5: 5^12 as 5^5·5^4·5^3 took 4.97 ms against
/// 4.45 for 5^6·5^3·5^3 (the capped later passes ran at 81% and 67%).
pub const DEVICE_WG_TILE_VALUES: u64 = 12_000;

fn reported_limits(gpu: &Gpu, mut limits: FusedLimits) -> FusedLimits {
    limits.max_threads = limits
        .max_threads
        .min(crate::runtime::probe::kernel_thread_limit(gpu));
    limits
}

/// Whether fused schedules of `plan` use the device's work-group maximum although the kernel
/// query reports less. NVIDIA's OpenCL reports 256 for every kernel, a one-line one included,
/// yet kernels launched with 512 and 1024 work-items compute correctly (`tools/probes/
/// cl_wg_probe.c`, registers bounded by `-cl-nv-maxrregcount`).
pub(super) fn trust_device_limit(gpu: &Gpu, plan: &VcPlan) -> bool {
    match gpu.knobs.kernel_wg {
        KernelWg::Device => true,
        KernelWg::Reported => false,
        KernelWg::Auto => device_limit_pays(gpu, plan),
    }
}

/// The measured rule for the device maximum (H100, `bench-results/nvidia-h100/
/// archive/2026-11-23-every-p/`), for p not a power of two, 5 ≤ p ≤ 23: where the larger tiles save a pass they
/// ran 1.23-1.73x faster (5^12, 7^9, 10^8, 17^6, 19^6, 23^6); with the same number of passes
/// they ran 1.10-1.22x faster where the cost model predicts ≥ 0.1 copies saved (9^8, 5^11:
/// `archive/2026-11-23-every-p/model/`), 2-3% slower (11-16) or equal (6) where it predicts no gain.
/// For 8^9 (a pass saved) 18% slower, for 2^28 2.6x slower (`archive/wg-limit/`), and 29^5,
/// 31^5 did not build within 60 s. For 25 ≤ p ≤ 31 only a saved pass counts
/// (`current/wg-largep/`: 25^6 5 → 3 passes 7.29 → 5.25 ms, 27^5 4 → 3 passes 1% faster; at the
/// same pass count 26^5–31^5 ran 7–59% slower, their one-digit blocks of 1024 work-items).
/// NVIDIA only: other vendors' reported limits are real.
fn device_limit_pays(gpu: &Gpu, plan: &VcPlan) -> bool {
    if gpu.info.vendor_key() != "nvidia"
        || plan.algorithm != Algorithm::Fused
        || !(5..=32).contains(&plan.p)
        || plan.p.is_power_of_two()
    {
        return false;
    }
    let device = fused_limits(&gpu.info, &gpu.knobs);
    let reported = reported_limits(gpu, device);
    if device.max_threads <= reported.max_threads {
        return false;
    }
    let wide = Schedule::for_limits(plan, device);
    let narrow = Schedule::for_limits(plan, reported);
    if wide.passes.len() < narrow.passes.len() {
        return true;
    }
    if plan.p > 23 {
        return false;
    }
    // Same passes: where the cost model, fitted on arrays beyond L2, predicts a clear gain
    // (9^8: 9 instead of 81 values a work-item in the first pass, 0.776 against 0.946 ms;
    // 5^11: longer runs, 0.860 against 1.035).
    let cost = |s: &Schedule| {
        crate::vc::fused::passes_cost(&s.fused_passes().cloned().collect::<Vec<_>>())
    };
    plan.buffer_bytes() >= crate::vc::fused::groups::LONG_RUN_BYTES
        && cost(&wide) < cost(&narrow) - DEVICE_WG_MIN_GAIN
}

/// Copies of the array (predicted by `fused::passes_cost`) the device maximum must save, at
/// the same pass count, before a default plan takes it: the model's spread. On the H100 the
/// same-pass schedules of 11–16, equal in the model, ran 2–3% slower with 1024 work-items.
const DEVICE_WG_MIN_GAIN: f64 = 0.1;

impl ScheduleKnobs {
    /// The schedule's part of `knobs`.
    pub fn of(knobs: &Knobs) -> ScheduleKnobs {
        ScheduleKnobs {
            lane_blocks: knobs.lane_blocks,
            per_item: knobs.per_item,
            per_item_split: knobs.per_item_split,
            real_bins: knobs.real_bins,
        }
    }
}
