//! The device's copy bandwidth, measured once per device: a buffer-to-buffer copy timed by
//! profiling events, counting bytes read plus bytes written (as the passes' traffic is).

use crate::error::Result;
use crate::runtime::discover::FoundDevice;
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

/// Each device's copy bandwidth (20 copies) as a JSON row: index, name, driver and `copy_gbs`,
/// or the error that stopped its measurement.
pub fn copy_rows(devs: Vec<FoundDevice>) -> Vec<serde_json::Value> {
    let row = |d: FoundDevice| {
        let info = d.info.clone();
        match Gpu::from_found(d).and_then(|g| copy_bandwidth_gbs(&g, 20)) {
            Ok(g) => {
                serde_json::json!({"index": info.index, "name": info.name, "driver": info.driver_version, "copy_gbs": g})
            }
            Err(e) => {
                serde_json::json!({"index": info.index, "name": info.name, "error": e.to_string()})
            }
        }
    };
    devs.into_iter().map(row).collect()
}

/// A row of [`copy_rows`] as a line of `devices --bandwidth`.
pub fn copy_row_line(r: &serde_json::Value) -> String {
    format!(
        "{}: {} — copy bandwidth {}",
        r["index"],
        r["name"].as_str().unwrap_or(""),
        r.get("copy_gbs")
            .map(|g| format!("{:.1} GB/s (read + write)", g.as_f64().unwrap_or(0.0)))
            .unwrap_or_else(|| r["error"].to_string())
    )
}
