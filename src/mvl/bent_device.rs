//! Bentness verdicts decided on the device (issue 28): a small kernel folds each function's
//! (min, max) |S|² partials and applies [`BentRule::decide`] in double precision, writing one
//! byte a function (bit 0 bent, bit 1 exact), so B bytes come back instead of 8·B·groups of
//! partials and the host builds no f64 vectors (2.5–3.1 ms of the H100's 7.6 ms at 2^20).
//!
//! Same verdicts as the host: the partials widen to double exactly, `fmin`/`fmax` skip NaN as
//! Rust's `min`/`max` do, the bound is evaluated in the host's order with contraction off (no
//! fused multiply-add), and OpenCL's double `sqrt` and `round` are correctly rounded — so every
//! intermediate is the host's bit for bit. Needs `cl_khr_fp64`; without it the verdicts stay
//! on the host.

use super::bent::BentRule;
use crate::error::{JitError, Result};
use crate::runtime::launch::{Arg, KernelHandle};
use crate::runtime::pinned::device_buffer;
use crate::runtime::{build_program, Gpu, Pinned};
use crate::vc::PartialsBuffer;
use ocl::Buffer;

/// Verdict byte: the function is bent.
pub const BENT: u8 = 1;
/// Verdict byte: the verdict is exact (integer |S|², error bound below 1/2).
pub const EXACT: u8 = 2;

/// The OpenCL C of the verdict kernel for partials of `real` (`float` or `double`).
pub fn verdict_source(real: &str) -> String {
    format!(
        r#"// bent_verdicts_{real}: the bentness verdict of each of `batch` functions from its `groups`
// (min, max) |S|^2 partials ({real}), decided in double exactly as the host's BentRule::decide:
// out[f] bit 0 = bent, bit 1 = exact (integer |S|^2 and error bound below 1/2).
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#pragma OPENCL FP_CONTRACT OFF
__kernel void bent_verdicts_{real}(__global const {real}* part, __global uchar* out,
                                   const uint batch, const uint groups,
                                   const double expected2, const double e, const double ee,
                                   const uint integer_norms) {{
    const size_t f = get_global_id(0);
    if (f >= batch) return;
    __global const {real}* q = part + f * 2 * (size_t)groups;
    double lo = INFINITY, hi = 0.0;
    for (uint g = 0; g < groups; g++) {{
        lo = fmin(lo, (double)q[2 * g]);
        hi = fmax(hi, (double)q[2 * g + 1]);
    }}
    // bound2(hi) = 2·sqrt(max(hi, 0))·e + e², in the host's order.
    const double b = 2.0 * sqrt(fmax(hi, 0.0)) * e + ee;
    uchar v = 0;
    if (isfinite(lo) && isfinite(hi)) {{
        if (integer_norms && b < 0.5) {{
            v = {EXACT} | ((round(lo) == expected2 && round(hi) == expected2) ? {BENT} : 0);
        }} else {{
            v = (fabs(lo - expected2) <= b && fabs(hi - expected2) <= b) ? {BENT} : 0;
        }}
    }}
    out[f] = v;
}}
"#
    )
}

/// The built verdict kernel with its output buffer and pinned staging for B functions.
pub struct DeviceVerdicts {
    kernel: KernelHandle,
    codes: Buffer<u8>,
    staging: Pinned<u8>,
    batch: usize,
    rule: BentRule,
}

impl DeviceVerdicts {
    /// Builds the kernel for partials of `real_f64` (else f32) and B = `batch` functions
    /// decided by `rule`; `None` where the device has no double precision.
    pub fn new(gpu: &Gpu, real_f64: bool, batch: u64, rule: BentRule) -> Result<Option<Self>> {
        if !gpu.info.fp64 {
            return Ok(None);
        }
        if batch == 0 || batch > u32::MAX as u64 {
            return Err(JitError::invalid(format!(
                "{batch} functions: device verdicts take 1 to 2^32 − 1"
            )));
        }
        let real = if real_f64 { "double" } else { "float" };
        let built = build_program(gpu, &verdict_source(real), "")?;
        let kernel = KernelHandle::new(gpu, &built.program, &format!("bent_verdicts_{real}"))?;
        let b = batch as usize;
        Ok(Some(DeviceVerdicts {
            kernel,
            codes: device_buffer::<u8>(&gpu.queue, b)?,
            staging: Pinned::<u8>::new(&gpu.queue, b)?,
            batch: b,
            rule,
        }))
    }

    /// Decides every function from `part` (B · `groups` pairs) on the device and reads the B
    /// verdict bytes back into the pinned staging; `f` gets them where they lie.
    pub fn decide<R>(
        &self,
        gpu: &Gpu,
        part: PartialsBuffer<'_>,
        groups: usize,
        f: impl FnOnce(&[u8]) -> R,
    ) -> Result<R> {
        let need = 2 * self.batch * groups;
        let mem = match part {
            PartialsBuffer::F32(b) if b.len() >= need => Arg::buf(b),
            PartialsBuffer::F64(b) if b.len() >= need => Arg::buf(b),
            _ => {
                return Err(JitError::invalid(format!(
                    "partials buffer shorter than B·groups·2 = {need}"
                )))
            }
        };
        let r = &self.rule;
        let k = &self.kernel;
        k.set_args(&[mem, Arg::buf(&self.codes), Arg::U32(self.batch as u32)])?;
        set_tail_args(k, groups as u32, r)?;
        let local = k.local_size(k.preferred_multiple.max(32) * 4);
        // The read below waits for it (in-order queue).
        let _launch = k.launch(&gpu.queue, self.batch, local)?;
        self.staging.download_from(&self.codes, self.batch)?;
        self.staging.with_map(|m| Ok(f(&m[..self.batch])))
    }

    /// Frees the pinned staging.
    pub fn release(self) -> Result<()> {
        self.staging.release()
    }
}

/// Arguments 3.. of the verdict kernel (`Arg` has no double scalars).
fn set_tail_args(k: &KernelHandle, groups: u32, r: &BentRule) -> Result<()> {
    use ocl::core::{set_kernel_arg, ArgVal};
    let e = r.spectrum_error;
    let ee = e * e;
    let norms = u32::from(r.integer_norms);
    let set = |i: u32, v: ArgVal| {
        set_kernel_arg(k.core(), i, v)
            .map_err(|err| JitError::opencl_in(format!("{} argument {i}", k.name), err))
    };
    set(3, ArgVal::scalar(&groups))?;
    set(4, ArgVal::scalar(&r.expected2))?;
    set(5, ArgVal::scalar(&e))?;
    set(6, ArgVal::scalar(&ee))?;
    set(7, ArgVal::scalar(&norms))
}
