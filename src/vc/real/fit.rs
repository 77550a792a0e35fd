//! Whether a real run fits the device in memory, before any data is read: where it does not
//! (and the sizes are known from `--n` or the input's .npy header), `vc --real` streams it as
//! `vc` does a complex plan that does not fit.

use super::RealPlan;
use crate::io::npy_raw::read_header;
use crate::runtime::show::mib;
use crate::runtime::{Gpu, Knobs};
use crate::transform::Direction;
use crate::vc::request::Request;

/// (n, batch) of `req`'s real run where known without the data: `--n` and `--batch` for
/// random input, else the .npy header's shape (reals forward, numpy's half spectrum inverse).
fn sizes(req: &Request) -> Option<(u32, u64)> {
    let Some(path) = &req.input else {
        return Some((req.n?, req.batch.unwrap_or(1)));
    };
    let shape = read_header(path).ok()?.shape;
    let total: u64 = shape.iter().map(|&d| d as u64).product();
    let pp = req.p as u64;
    let n = req
        .n
        .unwrap_or(shape.len().saturating_sub(req.batch.map_or(0, |_| 1)) as u32);
    if n == 0 {
        return None;
    }
    let per = match req.direction {
        Direction::Forward => pp.checked_pow(n)?,
        Direction::Inverse => pp.checked_pow(n - 1)? * (pp / 2 + 1),
    };
    (total > 0 && total % per == 0).then_some((n, total / per))
}

/// Why the real run of `req` must stream on `gpu`: its real and half-spectrum buffers (and the
/// complex passes' two) exceed the device's allocation limit or memory. `None`: it fits, or
/// the sizes are unknown or invalid (the in-memory route reports those).
pub fn too_big(req: &Request, gpu: &Gpu, knobs: &Knobs) -> Option<String> {
    let (n, batch) = sizes(req)?;
    let rp = RealPlan::new(req.p, n, batch, req.precision, req.direction, req.norm).ok()?;
    let e = rp.precision.complex_bytes() / 2;
    let (real, half) = (rp.real_len() * e, rp.half_len() * 2 * e);
    // Every device jitfft meets holds two 512 MiB buffers: smaller runs need no look unless
    // a cap is set.
    if !knobs.device_memory_capped && real.max(half) <= 512 << 20 {
        return None;
    }
    let all = real.saturating_add(half.saturating_mul(3));
    if real.max(half) <= gpu.info.max_alloc_bytes && all <= gpu.info.global_mem_bytes {
        return None;
    }
    Some(format!(
        "a real {}^{n}{} run needs {} of reals and {} of half spectrum (≈ {} with the complex passes' buffers); {} allows {} per allocation and {} in all: streaming it through the device (vc --real --stream)",
        req.p,
        if batch > 1 { format!(" × {batch}") } else { String::new() },
        mib(real),
        mib(half),
        mib(all),
        gpu.info.name,
        mib(gpu.info.max_alloc_bytes),
        mib(gpu.info.global_mem_bytes),
    ))
}
