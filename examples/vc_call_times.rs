//! Per-call wall time of the Rust fast path, `VcTransform::execute_into` (complex64 in, complex64
//! out, buffers reused), for the same plan the Python module's `VcPlan(p, n)` builds (the
//! device's default plan, f32). The Rust side of `tools/peers/py_overhead.py`.
//!
//! `cargo run --release --example vc_call_times -- P N CALLS` prints one JSON line:
//! `{"p":…,"n":…,"plan":…,"calls_ms":[…],"kernel_ms":[…]}`.

use jitfft::runtime::{DeviceSelector, Gpu};
use jitfft::vc::request::{plan, Request};
use jitfft::vc::VcTransform;
use num_complex::Complex32;
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse())
        .collect::<Result<_, _>>()?;
    let [p, n, calls] = args[..] else {
        anyhow::bail!("usage: vc_call_times P N CALLS");
    };
    let gpu = Gpu::open(&DeviceSelector::from_arg_or_env(None))?;
    // The plan the device runs when the caller leaves every choice open (as `vc` does).
    let req = Request {
        n: Some(n),
        ..Request::new(p)
    };
    let chosen = plan(&req, &gpu, None, None)?;
    let tr = VcTransform::new(&gpu, &chosen.plan)?;
    let len = chosen.plan.len as usize;
    let x: Vec<Complex32> = (0..len)
        .map(|i| Complex32::new((i % 7) as f32 - 3.0, (i % 5) as f32 * 0.5))
        .collect();
    let mut y = vec![Complex32::new(0.0, 0.0); len];
    tr.execute_into(&gpu, &x, &mut y)?; // warm-up
    let (mut calls_ms, mut kernel_ms) = (Vec::new(), Vec::new());
    for _ in 0..calls {
        let t0 = Instant::now();
        let t = tr.execute_into(&gpu, &x, &mut y)?;
        calls_ms.push(t0.elapsed().as_secs_f64() * 1e3);
        kernel_ms.push(t.kernel_ms);
    }
    println!(
        "{}",
        serde_json::json!({
            "p": p, "n": n,
            "plan": format!("{} radix {}", chosen.plan.algorithm, tr.schedule.radices()),
            "calls_ms": calls_ms, "kernel_ms": kernel_ms,
        })
    );
    tr.release()?;
    Ok(())
}
