//! Host → host calls of the Rust path Python's `VcPlan.execute(x, out=o)` runs
//! (`VcTransform::execute_into_finite`), for the device's default f32 plan (the one `jitfft vc`
//! runs), beside their floors measured in the same process on the same buffers:
//! - `single`: the path before `runtime::staging` (one memcpy on one thread into the pinned
//!   staging, one transfer, and back),
//! - `staged`: the default (chunks copied on every core, overlapped with their DMA),
//! - `staged_plain_stores` / `staged_streaming_stores`: the staged copy with plain stores / with
//!   streaming stores (the default, `StageOpts::streaming`), without the finiteness check,
//! - `staged_chunk_{4,64}mib`: the staged copy (streaming stores, no finiteness check) in
//!   chunks of 4 / 64 MiB instead of the default 16 (smaller: the DMA starts sooner and copy
//!   and DMA overlap over more of the call; larger: fewer enqueues),
//! - `pinned`: upload from and download into the pinned staging with no host copy at all
//!   (`run_staged`): the floor of a call whose data already sits in pinned memory,
//! - `staged_upload` / `registered_upload`: the upload alone, staged as above or from the
//!   caller's memory registered as a `CL_MEM_USE_HOST_PTR` buffer and copied to the device,
//! - `memcpy_1t` / `memcpy_mt`: one copy of the array's bytes between two pageable arrays on
//!   one thread / every core.
//!
//! `cargo run --release --example host_path -- P N CALLS` prints one JSON line of medians and
//! minima (ms). Input and output arrays are touched before the first call (as a reused `out=o`).

use jitfft::runtime::staging::StageOpts;
use jitfft::runtime::{DeviceSelector, Gpu};
use jitfft::vc::request::Request;
use jitfft::vc::{DeviceBuffer, VcTransform};
use num_complex::Complex32;
use ocl::flags::MemFlags;
use ocl::Buffer;
use rayon::prelude::*;
use std::time::Instant;

fn stats(mut v: Vec<f64>) -> serde_json::Value {
    v.sort_by(f64::total_cmp);
    serde_json::json!({"median": v[v.len() / 2], "min": v[0], "max": v[v.len() - 1]})
}

fn timed(calls: u32, mut f: impl FnMut() -> anyhow::Result<()>) -> anyhow::Result<Vec<f64>> {
    f()?; // warm-up
    (0..calls)
        .map(|_| {
            let t = Instant::now();
            f()?;
            Ok(t.elapsed().as_secs_f64() * 1e3)
        })
        .collect()
}

fn main() -> anyhow::Result<()> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let [p, n, calls] = args[..] else {
        anyhow::bail!("usage: host_path P N CALLS");
    };
    let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
    // The plan `jitfft vc --p P --n N` and Python's `VcPlan(p, n)` run: the library's open
    // request (the device's default: wisdom, else the rule; fused passes on GPUs), not
    // `VcOptions::default()` (the paper's CT, 5× the kernel time at 3^16 on the H100).
    let req = Request {
        n: Some(n),
        ..Request::new(p)
    };
    let chosen = jitfft::vc::request::plan(&req, &gpu, None, None)?;
    let tr = VcTransform::new(&gpu, &chosen.plan)?;
    let len = chosen.plan.len as usize;
    let x: Vec<Complex32> = (0..len)
        .map(|i| Complex32::new((i % 7) as f32 - 3.0, (i % 5) as f32 * 0.5))
        .collect();
    let mut y = vec![Complex32::new(1.0, 0.0); len];
    let mut kernel = Vec::new();
    let single = timed(calls, || {
        tr.execute_into_with(&gpu, &x, &mut y, &StageOpts::single(), Some("host_path"))?;
        Ok(())
    })?;
    let want = y.clone();
    // The staged path with plain stores instead of streaming ones (StageOpts::streaming).
    let cached_opts = StageOpts {
        streaming: false,
        ..StageOpts::default()
    };
    let staged_cached = timed(calls, || {
        tr.execute_into_with(&gpu, &x, &mut y, &cached_opts, Some("host_path"))?;
        Ok(())
    })?;
    let staged_streaming = timed(calls, || {
        tr.execute_into_with(&gpu, &x, &mut y, &StageOpts::default(), Some("host_path"))?;
        Ok(())
    })?;
    // Chunk sizes beside the default (issue 32's VcPlan 3^16 row: the upload is bound by the
    // copy into pinned memory feeding the DMA).
    let mut by_chunk = serde_json::Map::new();
    for mib in [4usize, 64] {
        let o = StageOpts {
            chunk_bytes: mib << 20,
            ..StageOpts::default()
        };
        let t = timed(calls, || {
            tr.execute_into_with(&gpu, &x, &mut y, &o, Some("host_path"))?;
            Ok(())
        })?;
        by_chunk.insert(format!("staged_chunk_{mib}mib_ms"), stats(t));
    }
    let staged = timed(calls, || {
        let t = tr.execute_into_finite(&gpu, &x, &mut y, "host_path")?;
        kernel.push(t.kernel_ms);
        Ok(())
    })?;
    let identical = bytemuck::cast_slice::<_, u32>(&y) == bytemuck::cast_slice::<_, u32>(&want);
    let (mut up, mut down) = (Vec::new(), Vec::new());
    let pinned = timed(calls, || {
        let t = tr.run_staged(&gpu)?;
        up.push(t.upload_ms);
        down.push(t.download_ms);
        Ok(())
    })?;
    // Uploads alone: staged (threaded copy into pinned, chunked) against registering the
    // caller's memory (a CL_MEM_USE_HOST_PTR buffer over it, copied to the device buffer).
    let staged_up = timed(calls, || {
        tr.upload(&x)?;
        Ok(())
    })?;
    let DeviceBuffer::F32(dev_in) = tr.input_buffer() else {
        anyhow::bail!("the default plan is f32");
    };
    let xr: &[f32] = bytemuck::cast_slice(&x);
    let registered_up = timed(calls, || {
        // SAFETY: `x` outlives the buffer, which is dropped after the copy finished.
        let hb = unsafe {
            Buffer::<f32>::builder()
                .queue(gpu.queue.clone())
                .flags(MemFlags::new().read_only())
                .len(xr.len())
                .use_host_slice(xr)
                .build()?
        };
        hb.copy(dev_in, None, None).enq()?;
        gpu.queue.finish()?;
        Ok(())
    })?;
    let mut z = vec![Complex32::new(0.0, 0.0); len];
    let memcpy_1t = timed(calls, || {
        z.copy_from_slice(&x);
        Ok(())
    })?;
    let memcpy_mt = timed(calls, || {
        let piece = len.div_ceil(rayon::current_num_threads()).max(1 << 16);
        z.par_chunks_mut(piece)
            .zip(x.par_chunks(piece))
            .for_each(|(d, s)| d.copy_from_slice(s));
        Ok(())
    })?;
    let bytes = len * 8;
    let mut doc = serde_json::json!({
            "p": p, "n": n, "bytes_each_way": bytes, "plan": chosen.plan.algorithm.to_string(),
            "device": gpu.info.name, "driver": gpu.info.driver_version, "threads": rayon::current_num_threads(),
            "single_ms": stats(single), "staged_ms": stats(staged), "pinned_ms": stats(pinned),
            "pinned_upload_ms": stats(up), "pinned_download_ms": stats(down), "kernel_ms": stats(kernel),
            "staged_upload_ms": stats(staged_up), "registered_upload_ms": stats(registered_up),
            "memcpy_1t_ms": stats(memcpy_1t), "memcpy_mt_ms": stats(memcpy_mt),
            "staged_bit_identical_to_single": identical,
            "staged_plain_stores_ms": stats(staged_cached), "staged_streaming_stores_ms": stats(staged_streaming),
    });
    if let Some(m) = doc.as_object_mut() {
        m.extend(by_chunk);
    }
    println!("{doc}");
    tr.release()?;
    Ok(())
}
