//! Device probes: figures the device query does not give, measured once per device and
//! process (the work-group size a kernel with a local exchange may use).

use super::build::build_program;
use super::{Gpu, KernelHandle};

/// Learned per-device kernel work-group limits (probe, then any smaller figure a built kernel
/// reports).
static THREAD_LIMITS: std::sync::Mutex<Vec<(String, u64)>> = std::sync::Mutex::new(Vec::new());

fn device_key(gpu: &Gpu) -> String {
    format!("{}|{}", gpu.info.name, gpu.info.driver_version)
}

/// Lowers the learned work-group limit of `gpu`'s kernels to `limit` (a built kernel reported
/// less than the probe).
pub fn learn_thread_limit(gpu: &Gpu, limit: u64) {
    let key = device_key(gpu);
    if let Ok(mut v) = THREAD_LIMITS.lock() {
        match v.iter_mut().find(|(k, _)| *k == key) {
            Some((_, l)) => *l = (*l).min(limit),
            None => v.push((key, limit)),
        }
    }
}

const PROBE_SOURCE: &str =
    "/* jitfft probe: the work-group size a kernel with a local exchange may use. */
__kernel void jitfft_wg_probe(__global float2* x)
{
    __local float2 s[1024];
    const uint t = get_local_id(0);
    s[t] = x[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    x[get_global_id(0)] = s[(t + 1) % get_local_size(0)];
}
";

/// The work-group size a kernel with a local exchange may use on `gpu`: probed once per
/// device and process with a one-line kernel (the device maximum if the probe fails), then
/// lowered by what built kernels report.
pub fn kernel_thread_limit(gpu: &Gpu) -> u64 {
    let key = device_key(gpu);
    if let Some(l) = THREAD_LIMITS
        .lock()
        .ok()
        .and_then(|v| v.iter().find(|(k, _)| *k == key).map(|(_, l)| *l))
    {
        return l;
    }
    let probed = build_program(gpu, PROBE_SOURCE, "")
        .and_then(|b| KernelHandle::new(gpu, &b.program, "jitfft_wg_probe"))
        .map(|k| k.max_work_group as u64)
        .unwrap_or(gpu.info.max_work_group_size as u64)
        .max(1);
    learn_thread_limit(gpu, probed);
    probed
}
