//! The device's copy bandwidth, measured once per device: a buffer-to-buffer copy timed by
//! profiling events, counting bytes read plus bytes written (as the passes' traffic is).

use crate::error::Result;
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::event_ms;
use crate::runtime::{Gpu, Summary};
use ocl::Event;

/// GB/s (1e9 bytes) of a device-to-device copy: median of `repeats` copies after one warm-up.
pub fn copy_bandwidth_gbs(gpu: &Gpu, repeats: usize) -> Result<f64> {
    let want: u64 = 256 << 20;
    let bytes = want
        .min(gpu.info.max_alloc_bytes)
        .min(gpu.info.global_mem_bytes / 4)
        .max(1 << 20);
    let len = (bytes / 4) as usize;
    let a = device_buffer::<f32>(&gpu.queue, len)?;
    let b = device_buffer::<f32>(&gpu.queue, len)?;
    let mut times = Vec::new();
    for k in 0..repeats.max(1) + 1 {
        let mut ev = Event::empty();
        a.copy(&b, None, None)
            .queue(&gpu.queue)
            .enew(&mut ev)
            .enq()?;
        let t = event_ms(&ev)?;
        if k > 0 {
            times.push(t);
        }
    }
    let ms = Summary::of(&times).median;
    Ok(2.0 * (len as f64 * 4.0) / (ms * 1e-3) / 1e9)
}
