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
        let why = buffer(mib(largest), limit) + &cap_note(info.max_alloc_bytes, largest);
        return Err(JitError::Device(why));
    }
    if total > info.global_mem_bytes {
        let limit = mib(info.global_mem_bytes);
        let why = all(mib(total), limit) + &cap_note(info.global_mem_bytes, total);
        return Err(JitError::Device(why));
    }
    Ok(())
}

/// Where `JITFFT_DEVICE_MEMORY` set the `limit` that `need` bytes exceed, says so in bytes (MiB
/// figures of small caps round alike: "needs 0.1 MiB, allows 0.1 MiB"); empty otherwise.
fn cap_note(limit: u64, need: u64) -> String {
    match super::env::device_memory() {
        Some(Ok(cap)) if cap == limit => format!(
            " (JITFFT_DEVICE_MEMORY caps the device at {cap} bytes; {need} bytes are needed)"
        ),
        _ => String::new(),
    }
}
