//! Values between the host (f64) and the device's storage bytes, and the overflow check of
//! half-precision results.

use super::Storage;
use crate::error::{JitError, Result};
use crate::io::half::{bf16_to_f32, f16_to_f32, f32_to_bf16, f32_to_f16};

/// Little-endian storage bytes of `values` (rounded to nearest even where narrower).
pub fn to_bytes(values: &[f64], st: Storage) -> Vec<u8> {
    let mut out = Vec::with_capacity(values.len() * st.bytes());
    for &v in values {
        match st {
            Storage::F64 => out.extend_from_slice(&v.to_le_bytes()),
            Storage::F32 => out.extend_from_slice(&(v as f32).to_le_bytes()),
            Storage::F16 => out.extend_from_slice(&f32_to_f16(v as f32).to_le_bytes()),
            Storage::Bf16 => out.extend_from_slice(&f32_to_bf16(v as f32).to_le_bytes()),
        }
    }
    out
}

/// The values of little-endian storage bytes.
pub fn from_bytes(bytes: &[u8], st: Storage) -> Vec<f64> {
    let u16s = |b: &[u8]| u16::from_le_bytes([b[0], b[1]]);
    match st {
        Storage::F64 => bytes
            .chunks_exact(8)
            .map(|b| f64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]))
            .collect(),
        Storage::F32 => bytes
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64)
            .collect(),
        Storage::F16 => bytes
            .chunks_exact(2)
            .map(|b| f16_to_f32(u16s(b)) as f64)
            .collect(),
        Storage::Bf16 => bytes
            .chunks_exact(2)
            .map(|b| bf16_to_f32(u16s(b)) as f64)
            .collect(),
    }
}

/// The values as the device will see them: rounded to the storage and back.
pub fn rounded(values: &[f64], st: Storage) -> Vec<f64> {
    from_bytes(&to_bytes(values, st), st)
}

/// Refuses input that is not finite (the position of the first bad value in the message).
pub fn check_finite_input(values: &[f64], row_len: usize, st: Storage) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => {
            Err(JitError::invalid(format!(
            "input value {} at row {}, index {} is not finite{}: the transform needs finite values",
            values[i],
            i / row_len,
            i % row_len,
            if st.max_finite() < f32::MAX as f64 {
                format!(" (in {} storage; its largest value is {})", st.name(), st.max_finite())
            } else {
                String::new()
            }
        )))
        }
    }
}

/// Refuses a result that overflowed its storage: inf or NaN where the input was finite.
pub fn check_overflow(values: &[f64], row_len: usize, st: Storage) -> Result<()> {
    match values.iter().position(|v| !v.is_finite()) {
        None => Ok(()),
        Some(i) => {
            let count = values.iter().filter(|v| !v.is_finite()).count();
            Err(JitError::invalid(format!(
                "the {} result overflowed: {count} value(s) are {} (first at row {}, index {}): |y| exceeded {}, the largest {} value; nothing was written. Use --norm ortho (or forward) to scale the result down, or a wider precision",
                st.name(),
                values[i],
                i / row_len,
                i % row_len,
                st.max_finite(),
                st.name()
            )))
        }
    }
}
