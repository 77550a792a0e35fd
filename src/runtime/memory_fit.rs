//! The two device-memory limits every plan meets, checked in one place: its largest buffer
//! against one allocation (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`) and all its buffers together against
//! global memory. Each family words what needs the bytes; the sizes come here in MiB.

use super::discover::DeviceInfo;
use super::show::mib;
use crate::error::{JitError, Result};

/// The usual refusal of a buffer too large: "`subject` need a … buffer, but `device` allows
/// at most … per allocation".
pub fn per_allocation(subject: &str, device: &str, need: &str, limit: &str) -> String {
    format!("{subject} need a {need} buffer, but {device} allows at most {limit} per allocation")
}

/// Refuses `largest` bytes in one buffer or `total` bytes in all where `info`'s device cannot
/// hold them. The messages are `buffer(need, limit)` and `all(need, limit)`, given the bytes
/// needed and the device's limit as [`mib`] strings.
pub fn check_memory(
    info: &DeviceInfo,
    largest: u64,
    total: u64,
    buffer: impl FnOnce(String, String) -> String,
    all: impl FnOnce(String, String) -> String,
) -> Result<()> {
    if largest > info.max_alloc_bytes {
        let limit = mib(info.max_alloc_bytes);
        return Err(JitError::Device(buffer(mib(largest), limit)));
    }
    if total > info.global_mem_bytes {
        let limit = mib(info.global_mem_bytes);
        return Err(JitError::Device(all(mib(total), limit)));
    }
    Ok(())
}
