//! Files of half-precision runs (`vc` and `fft` with `--precision f16|bf16`). numpy has no
//! complex32, so a complex half array is float16 with a trailing axis of 2 (re, im):
//! `np.stack([x.real, x.imag], -1).astype(np.float16)`. Raw files (`.raw`, `.bin`) hold the
//! same pairs as headerless little-endian 16-bit values of the storage (bf16 included; their
//! shape comes from the command line). bfloat16 `.npy` files written with ml_dtypes say only
//! `<V2` (two opaque bytes) in their header, so they are refused rather than guessed.

use super::HalfStorage;
use crate::error::{JitError, Result};
use crate::io::npy::{npy_bytes, NpyArray, NpyData};
use crate::io::output::{is_npy, is_stdout, write_data};
use crate::io::text::format_spectrum;
use num_complex::Complex64;
use std::path::Path;

/// A raw file of 16-bit values: `.raw` or `.bin`.
pub fn is_raw(path: &Path) -> bool {
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    matches!(ext.as_deref(), Some("raw") | Some("bin"))
}

/// Refuses a bfloat16 run's `.npy` input whose header names two opaque bytes (`<V2`: what
/// ml_dtypes' bfloat16 saves as); `shape_flag` is the flag that gives a raw file its shape.
pub fn refuse_void16(path: &Path, h: HalfStorage, shape_flag: &str) -> Result<()> {
    if h != HalfStorage::Bf16 || !npy_void16(path) {
        return Ok(());
    }
    Err(JitError::file(
        path,
        format!("dtype <V2: ml_dtypes writes bfloat16 .npy files as two opaque bytes (the header does not say bfloat16), so jitfft does not guess; give a raw file (.raw or .bin: (re, im) bf16 pairs, with {shape_flag}) or float16/float32 .npy"),
    ))
}

fn npy_void16(path: &Path) -> bool {
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).contains("V2'")
}

/// A float16 array whose last axis of 2 holds (re, im), as (its shape without that axis, the
/// complex values); any other array back as it came.
pub fn f16_pairs(arr: NpyArray) -> std::result::Result<(Vec<usize>, Vec<Complex64>), NpyArray> {
    let descr = arr.descr.trim_start_matches(['<', '>', '|', '=']);
    let pairs = descr == "f2" && arr.shape.last() == Some(&2) && arr.shape.len() >= 2;
    match arr.data {
        NpyData::Real(v) if pairs => Ok((
            arr.shape[..arr.shape.len() - 1].to_vec(),
            v.chunks_exact(2)
                .map(|c| Complex64::new(c[0], c[1]))
                .collect(),
        )),
        _ => Err(arr),
    }
}

/// The bytes of a raw file.
pub fn read_raw(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|e| JitError::file(path, format!("cannot read: {e}")))
}

/// A raw file's `count` (re, im) pairs of `h`; `what` names them where the size is wrong.
pub fn raw_pairs(
    path: &Path,
    h: HalfStorage,
    bytes: &[u8],
    count: usize,
    what: &str,
) -> Result<Vec<Complex64>> {
    if bytes.len() != 4 * count {
        return Err(JitError::file(
            path,
            format!(
                "{} bytes, but {what} need {} (4 bytes a value: re, im)",
                bytes.len(),
                4 * count
            ),
        ));
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| h.unpack(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect())
}

/// A raw file's `count` 16-bit reals of `h` (a real input's values, one after another).
pub fn raw_reals(path: &Path, h: HalfStorage, bytes: &[u8], count: usize) -> Result<Vec<f64>> {
    if bytes.len() != 2 * count {
        return Err(JitError::file(
            path,
            format!(
                "{} bytes, but {count} real {h} values need {} (2 bytes a value)",
                bytes.len(),
                2 * count
            ),
        ));
    }
    Ok(bytes
        .chunks_exact(2)
        .map(|c| h.value(u16::from_le_bytes([c[0], c[1]])))
        .collect())
}

/// Refuses an output path a half run cannot write, before any work: bfloat16 `.npy`.
pub fn check_output(path: &Path, h: HalfStorage) -> Result<()> {
    if h == HalfStorage::Bf16 && is_npy(path) && !is_stdout(path) {
        return Err(JitError::invalid(format!(
            "{}: .npy has no bfloat16 dtype jitfft can write (ml_dtypes' files say only <V2); write a raw file (.raw or .bin: (re, im) bf16 pairs) or text",
            path.display()
        )));
    }
    Ok(())
}

/// A half run's complex result as file bytes: float16 `.npy` of `shape` (else flat) plus an
/// axis of 2, a raw file of (re, im) pairs of `h`, or text (one `re im` pair a line).
pub fn complex_bytes(
    path: &Path,
    h: HalfStorage,
    data: &[Complex64],
    shape: Option<&[usize]>,
) -> Vec<u8> {
    let pairs = || data.iter().flat_map(|c| h.pack(*c).to_le_bytes());
    if is_raw(path) {
        return pairs().collect();
    }
    if is_npy(path) && !is_stdout(path) {
        let mut sh = shape.map_or_else(|| vec![data.len()], <[usize]>::to_vec);
        sh.push(2);
        return npy_bytes("<f2", &sh, &pairs().collect::<Vec<u8>>());
    }
    format_spectrum(data).into_bytes()
}

/// A half run's real result as file bytes: float16 `.npy` of `shape`, a raw file of 16-bit
/// values of `h`, or text (one value a line).
pub fn real_bytes(path: &Path, h: HalfStorage, data: &[f64], shape: &[usize]) -> Vec<u8> {
    let values = || data.iter().flat_map(|&v| h.bits(v).to_le_bytes());
    if is_raw(path) {
        return values().collect();
    }
    if is_npy(path) && !is_stdout(path) {
        return npy_bytes("<f2", shape, &values().collect::<Vec<u8>>());
    }
    data.iter()
        .map(|x| format!("{x:e}\n"))
        .collect::<String>()
        .into_bytes()
}

/// Writes a half run's complex result ([`complex_bytes`]), refusing bfloat16 `.npy`.
pub fn write(
    path: &Path,
    h: HalfStorage,
    data: &[Complex64],
    shape: Option<&[usize]>,
) -> Result<()> {
    check_output(path, h)?;
    write_data(path, &complex_bytes(path, h, data, shape))
}
