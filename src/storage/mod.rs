//! Half-precision storage of complex values (`--precision f16|bf16`, issue 35): every buffer
//! holds a complex value as two 16-bit halves (re, im) packed in one 32-bit word, the kernels
//! compute in f32. The loads and stores are core OpenCL (`vload_half2` / `vstore_half2_rte`;
//! bfloat16 by bit shifts), so NVIDIA's OpenCL without `cl_khr_fp16` runs them too.
//!
//! The generators ask [`load`], [`store`] and [`ptr_type`] for their element accesses: with
//! `None` (f32, f64) they return the text they always wrote, byte for byte. Shared by the VC
//! transform and the any-shape FFT (a parameter of each plan); [`files`] holds their half
//! runs' file formats.

pub mod files;

use crate::clgen::Writer;
use crate::error::{JitError, Result};
use crate::io::half::{bf16_to_f32, f16_to_f32, f32_to_bf16, f32_to_f16};
use crate::transform::Precision;
use num_complex::Complex64;
use serde::Serialize;

/// A 16-bit storage type (computed in f32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HalfStorage {
    /// IEEE binary16 (max 65504).
    F16,
    /// bfloat16: the top 16 bits of an f32.
    Bf16,
}

impl HalfStorage {
    /// `f16` / `bf16`: the kernel-name suffix and the `--precision` value.
    pub fn name(self) -> &'static str {
        match self {
            HalfStorage::F16 => "f16",
            HalfStorage::Bf16 => "bf16",
        }
    }

    /// The stored bits of one value, rounded to nearest even like `vstore_half_rte`.
    pub fn bits(self, x: f64) -> u16 {
        match self {
            HalfStorage::F16 => f32_to_f16(x as f32),
            HalfStorage::Bf16 => f32_to_bf16(x as f32),
        }
    }

    /// The value of stored bits (exact).
    pub fn value(self, b: u16) -> f64 {
        match self {
            HalfStorage::F16 => f16_to_f32(b) as f64,
            HalfStorage::Bf16 => bf16_to_f32(b) as f64,
        }
    }

    /// One complex value as the device word: re in the low half, im in the high half.
    pub fn pack(self, c: Complex64) -> u32 {
        self.bits(c.re) as u32 | (self.bits(c.im) as u32) << 16
    }

    /// The complex value of a device word.
    pub fn unpack(self, w: u32) -> Complex64 {
        Complex64::new(self.value(w as u16), self.value((w >> 16) as u16))
    }

    /// The default `--check` tolerance (rel. L2): 2e-3 for f16 (unit roundoff 2^-11, one
    /// rounding a pass), 2e-2 for bf16 (2^-8).
    pub fn tolerance(self) -> f64 {
        match self {
            HalfStorage::F16 => 2e-3,
            HalfStorage::Bf16 => 2e-2,
        }
    }

    /// `c` as stored (what the device reads of it).
    pub fn round(self, c: Complex64) -> Complex64 {
        self.unpack(self.pack(c))
    }
}

impl std::fmt::Display for HalfStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Bytes one stored complex value takes: 4 under half storage, else the precision's.
pub fn complex_bytes(h: Option<HalfStorage>, p: Precision) -> u64 {
    match h {
        Some(_) => 4,
        None => p.complex_bytes(),
    }
}

/// The arithmetic and storage as reports name them: `f32`, `f64`, or `f32 stored as f16`.
pub fn precision_name(h: Option<HalfStorage>, p: Precision) -> String {
    h.map_or_else(|| p.to_string(), stored_as)
}

/// `f32 stored as f16`: how reports name half storage.
pub fn stored_as(h: HalfStorage) -> String {
    format!("f32 stored as {h}")
}

/// The error of a plan that cannot take half storage, `what` saying why.
pub fn refusal(h: HalfStorage, what: &str) -> JitError {
    JitError::invalid(format!(
        "--precision {h} stores complex values in 16 bits and computes in f32: {what}"
    ))
}

/// The element type of a complex buffer in a kernel signature.
pub fn ptr_type(h: Option<HalfStorage>) -> &'static str {
    match h {
        None => "real2",
        Some(_) => "cstore",
    }
}

/// The expression that reads complex element `idx` of `ptr`.
pub fn load(h: Option<HalfStorage>, ptr: &str, idx: &str) -> String {
    match h {
        None => format!("{ptr}[{idx}]"),
        Some(_) => format!("ld_c({ptr}, {idx})"),
    }
}

/// The statement (without `;`) that writes `val` to complex element `idx` of `ptr`.
pub fn store(h: Option<HalfStorage>, ptr: &str, idx: &str, val: &str) -> String {
    match h {
        None => format!("{ptr}[{idx}] = {val}"),
        Some(_) => format!("st_c({ptr}, {idx}, {val})"),
    }
}

/// The storage type and its accessors (after `complex_preamble`, which defines idx_t).
pub fn emit_preamble(w: &mut Writer, h: HalfStorage) {
    w.raw(preamble_text(h));
    let _ = w.take_counts();
}

/// The text of [`emit_preamble`]: `cstore` and `ld_c`/`st_c` for complex elements.
pub fn preamble_text(h: HalfStorage) -> &'static str {
    match h {
        HalfStorage::F16 => {
            "// Storage: a complex value is two IEEE halves (re, im) in one 32-bit word, computed in\n\
             // float (vload_half2 / vstore_half2_rte: core OpenCL, no cl_khr_fp16 needed). A result\n\
             // above 65504 rounds to inf; the host refuses it.\n\
             typedef uint cstore;\n\
             inline float2 ld_c(__global const cstore *p, idx_t i) { return vload_half2(i, (__global const half *)p); }\n\
             inline void st_c(__global cstore *p, idx_t i, float2 v) { vstore_half2_rte(v, i, (__global half *)p); }\n"
        }
        HalfStorage::Bf16 => {
            "// Storage: a complex value is two bfloat16 (re, im; the top 16 bits of a float) in one\n\
             // 32-bit word, computed in float, rounded to nearest even.\n\
             typedef uint cstore;\n\
             inline uint bf16_rte(float v)\n\
             {\n\
             \x20   const uint b = as_uint(v);\n\
             \x20   return isnan(v) ? ((b >> 16) | 0x40u) : ((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);\n\
             }\n\
             inline float2 ld_c(__global const cstore *p, idx_t i) { const uint u = p[i]; return (float2)(as_float(u << 16), as_float(u & 0xffff0000u)); }\n\
             inline void st_c(__global cstore *p, idx_t i, float2 v) { p[i] = bf16_rte(v.x) | (bf16_rte(v.y) << 16); }\n"
        }
    }
}

/// `ld_r`/`st_r` for real elements (the real path's reals: single 16-bit values, not pairs),
/// after [`preamble_text`].
pub fn real_preamble_text(h: HalfStorage) -> &'static str {
    match h {
        HalfStorage::F16 => {
            "#define ld_r(p, i) vload_half(i, p)\n\
             #define st_r(p, i, v) vstore_half_rte(v, i, p)\n"
        }
        HalfStorage::Bf16 => {
            "#define ld_r(p, i) as_float((uint)(p)[i] << 16)\n\
             #define st_r(p, i, v) ((p)[i] = (ushort)bf16_rte(v))\n"
        }
    }
}

/// The element type of a real buffer: `real`, or the 16-bit storage's (`half`, `ushort`).
pub fn real_ptr_type(h: Option<HalfStorage>) -> &'static str {
    match h {
        None => "real",
        Some(HalfStorage::F16) => "half",
        Some(HalfStorage::Bf16) => "ushort",
    }
}

/// The expression that reads real element `idx` of `ptr`.
pub fn load_real(h: Option<HalfStorage>, ptr: &str, idx: &str) -> String {
    match h {
        None => format!("{ptr}[{idx}]"),
        Some(_) => format!("ld_r({ptr}, {idx})"),
    }
}

/// The statement (without `;`) that writes `val` to real element `idx` of `ptr`.
pub fn store_real(h: Option<HalfStorage>, ptr: &str, idx: &str, val: &str) -> String {
    match h {
        None => format!("{ptr}[{idx}] = {val}"),
        Some(_) => format!("st_r({ptr}, {idx}, {val})"),
    }
}

/// Refuses a half-precision result holding inf or NaN (an overflow past the storage's range;
/// the input was finite): the count and first position, and the remedy.
pub fn check_finite(h: HalfStorage, out: &[Complex64]) -> Result<()> {
    refuse_non_finite(h, out.iter().map(|c| c.re.is_finite() && c.im.is_finite()))
}

/// [`check_finite`] of real values (the real path's results: reals, or (re, im) interleaved).
pub fn check_finite_reals(h: HalfStorage, out: &[f64]) -> Result<()> {
    refuse_non_finite(h, out.iter().map(|v| v.is_finite()))
}

fn refuse_non_finite(h: HalfStorage, finite: impl Iterator<Item = bool>) -> Result<()> {
    let Some(bad) = crate::io::input::find_non_finite_where(finite) else {
        return Ok(());
    };
    let max = match h {
        HalfStorage::F16 => "65504",
        HalfStorage::Bf16 => "3.4e38",
    };
    Err(JitError::invalid(format!(
        "the {h} result overflowed: {} value(s) are inf or NaN (first at flat index {}); a stored value above {max} does not fit {h}; use --norm ortho (or --precision f32); nothing was written",
        bad.count, bad.first
    )))
}
