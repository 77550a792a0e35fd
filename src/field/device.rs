//! Field elements on the device: packing into 32-bit words (the byte layout of little-endian
//! w-bit limbs) and a kernel that evaluates the generated operations, for tests.

use super::montgomery::{from_limbs, LimbBits, MontParams};
use crate::error::{JitError, Result};
use crate::field::emit::montgomery::field_ops_program;
use crate::field::FieldCfg;
use crate::runtime::pinned::{constant_buffer, device_buffer};
use crate::runtime::{build_program, Arg, Gpu, KernelHandle};
use rug::Integer;

/// 32-bit words one element occupies on the device.
pub fn words_per_elem(mp: &MontParams) -> usize {
    mp.limbs * (mp.limb.bits() as usize / 32)
}

/// Standard-form elements as flat 64-bit limbs (stride `n64`) → device words.
pub fn to_device(mp: &MontParams, data: &[u64], n64: usize) -> Vec<u32> {
    let wpe = words_per_elem(mp);
    let mut out = Vec::with_capacity(data.len() / n64 * wpe);
    for e in data.chunks_exact(n64) {
        for k in 0..wpe {
            let limb = e.get(k / 2).copied().unwrap_or(0);
            out.push(if k % 2 == 0 {
                limb as u32
            } else {
                (limb >> 32) as u32
            });
        }
    }
    out
}

/// Device words → flat 64-bit limbs (stride `n64`).
pub fn from_device(mp: &MontParams, words: &[u32], n64: usize) -> Vec<u64> {
    let wpe = words_per_elem(mp);
    let mut out = vec![0u64; words.len() / wpe * n64];
    for (e, w) in out.chunks_exact_mut(n64).zip(words.chunks_exact(wpe)) {
        for (k, &x) in w.iter().enumerate() {
            if k / 2 < n64 {
                e[k / 2] |= (x as u64) << (32 * (k % 2));
            }
        }
    }
    out
}

/// An integer < 2^(w·n) as device words.
pub fn pack(mp: &MontParams, x: &Integer) -> Vec<u32> {
    let w32 = super::montgomery::to_limbs(x, LimbBits::B32, words_per_elem(mp));
    w32.into_iter().map(|v| v as u32).collect()
}

/// The integer of little-endian 32-bit device words.
pub fn unpack(words: &[u32]) -> Integer {
    let l: Vec<u64> = words.iter().map(|&v| v as u64).collect();
    from_limbs(&l, LimbBits::B32)
}

/// Runs the generated operations (arithmetic `cfg`) on pairs (a, b) of standard-form values
/// < p; returns, per pair, [a+b, a−b, a·b, aR mod p, a] as the device computed them.
pub fn eval_ops(
    gpu: &Gpu,
    mp: &MontParams,
    cfg: &FieldCfg,
    a: &[Integer],
    b: &[Integer],
) -> Result<Vec<[Integer; 5]>> {
    if a.len() != b.len() || a.is_empty() {
        return Err(JitError::invalid(
            "eval_ops needs two equally long, non-empty lists",
        ));
    }
    let wpe = words_per_elem(mp);
    let prog = field_ops_program(mp, cfg);
    let built = build_program(gpu, &prog.source, "")?;
    let k = KernelHandle::new(gpu, &built.program, "field_ops")?;
    let flat = |v: &[Integer]| v.iter().flat_map(|x| pack(mp, x)).collect::<Vec<u32>>();
    let da = constant_buffer(&gpu.queue, &flat(a))?;
    let db = constant_buffer(&gpu.queue, &flat(b))?;
    let out = device_buffer::<u32>(&gpu.queue, a.len() * 5 * wpe)?;
    k.set_args(&[
        Arg::buf(&da),
        Arg::buf(&db),
        Arg::buf(&out),
        Arg::U32(a.len() as u32),
    ])?;
    let ev = k.launch(&gpu.queue, a.len(), k.local_size(64))?;
    ev.wait_for()?;
    let mut host = vec![0u32; a.len() * 5 * wpe];
    out.read(&mut host).enq()?;
    Ok(host
        .chunks_exact(5 * wpe)
        .map(|c| std::array::from_fn(|k| unpack(&c[k * wpe..(k + 1) * wpe])))
        .collect())
}
