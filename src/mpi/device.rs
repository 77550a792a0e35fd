//! The OpenCL device of each rank: the node's GPUs shared out by local rank, else the CPU.

use crate::error::{JitError, Result};
use crate::runtime::discover::{list_devices, select_device, DeviceSelector, FoundDevice};

/// The device for the rank with `local_rank` on its node (its rank among the ranks sharing
/// the node's memory): `--device` (or `JITFFT_DEVICE`) when given, the same selector on every
/// rank; else GPU number local_rank mod (GPUs on the node); else the first CPU device.
pub fn pick_device(selector: Option<&str>, local_rank: usize) -> Result<FoundDevice> {
    let env = crate::runtime::env::device();
    if let Some(sel) = selector.or(env.as_deref()) {
        return select_device(&DeviceSelector::parse(sel));
    }
    let all = list_devices()?;
    let gpus: Vec<&FoundDevice> = all.iter().filter(|d| d.info.kind == "gpu").collect();
    if !gpus.is_empty() {
        return Ok(gpus[local_rank % gpus.len()].clone());
    }
    all.iter()
        .find(|d| d.info.kind == "cpu")
        .or(all.first())
        .cloned()
        .ok_or_else(|| JitError::Device(crate::runtime::icd_hint::no_platform_message()))
}
