//! Files of half-precision `vc` runs (`--precision f16|bf16`). numpy has no complex32, so a
//! complex half array is float16 with a trailing axis of 2 (re, im): `x.view(np.float16)`
//! of nothing, but `np.stack([x.real, x.imag], -1).astype(np.float16)`. Raw files (`.raw`,
//! `.bin`) hold the same pairs as headerless little-endian 16-bit values of the storage
//! (bf16 included; their size needs `--n`). bfloat16 `.npy` files written with ml_dtypes say
//! only `<V2` (two opaque bytes) in their header, so they are refused rather than guessed.

use super::storage::HalfStorage;
use crate::error::{JitError, Result};
use crate::io::input::{infer_n, load_input_batch, transform_shape, Encoding};
use crate::io::npy::{npy_bytes, read_npy, NpyData};
use crate::io::output::{is_npy, is_stdout, write_data};
use num_complex::Complex64;
use std::path::Path;

/// (n, batch, the input's shape without the (re, im) axis, B·N values).
pub type HalfInput = (u32, u64, Vec<usize>, Vec<Complex64>);

/// A raw file of 16-bit (re, im) pairs: `.raw` or `.bin`.
pub fn is_raw(path: &Path) -> bool {
    let ext = path.extension().map(|e| e.to_string_lossy().to_lowercase());
    matches!(ext.as_deref(), Some("raw") | Some("bin"))
}

/// Reads the input of a half run: float16 `.npy` with a trailing axis of 2, a raw file of
/// (re, im) pairs of `h`, or any input `vc` reads (rounded to `h` by the run).
pub fn load(
    path: &Path,
    h: HalfStorage,
    p: u32,
    n: Option<u32>,
    batch: Option<u64>,
    enc: Encoding,
) -> Result<HalfInput> {
    if is_raw(path) {
        return load_raw(path, h, p, n, batch);
    }
    if !is_npy(path) {
        return load_input_batch(path, p, n, batch, enc);
    }
    if h == HalfStorage::Bf16 && npy_void16(path) {
        return Err(JitError::file(
            path,
            "dtype <V2: ml_dtypes writes bfloat16 .npy files as two opaque bytes (the header does not say bfloat16), so jitfft does not guess; give a raw file (.raw or .bin: (re, im) bf16 pairs, with --n) or float16/float32 .npy",
        ));
    }
    let arr = read_npy(path)?;
    let descr = arr
        .descr
        .trim_start_matches(['<', '>', '|', '='])
        .to_string();
    let pairs = descr == "f2" && arr.shape.last() == Some(&2) && arr.shape.len() >= 2;
    if !pairs {
        return load_input_batch(path, p, n, batch, enc);
    }
    let NpyData::Real(v) = arr.data else {
        return Err(JitError::file(path, "float16 did not read as real values"));
    };
    let shape = arr.shape[..arr.shape.len() - 1].to_vec();
    let what = path.display().to_string();
    let (n_file, b) = transform_shape(p, &shape, n, batch, &what)?;
    let data = v
        .chunks_exact(2)
        .map(|c| Complex64::new(c[0], c[1]))
        .collect();
    Ok((n_file, b, shape, data))
}

/// Whether a .npy's header names two opaque bytes (`<V2`: what ml_dtypes' bfloat16 saves as).
fn npy_void16(path: &Path) -> bool {
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path)
        .and_then(|mut f| std::io::Read::read(&mut f, &mut head))
        .unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).contains("V2'")
}

fn load_raw(
    path: &Path,
    h: HalfStorage,
    p: u32,
    n: Option<u32>,
    batch: Option<u64>,
) -> Result<HalfInput> {
    let bytes =
        std::fs::read(path).map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    let Some(n) = n else {
        return Err(JitError::file(
            path,
            format!("a raw file has no shape: give --n (and --batch) for its (re, im) {h} pairs"),
        ));
    };
    let len = (p as usize).pow(n);
    let b = batch.unwrap_or(1) as usize;
    if bytes.len() != 4 * len * b {
        return Err(JitError::file(
            path,
            format!(
                "{} bytes, but {b} transform(s) of {p}^{n} complex {h} values need {} (4 bytes a value: re, im)",
                bytes.len(),
                4 * len * b
            ),
        ));
    }
    infer_n(p, len, "x")?;
    let data = bytes
        .chunks_exact(4)
        .map(|c| h.unpack(u32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .collect();
    let shape = if b > 1 { vec![b, len] } else { vec![len] };
    Ok((n, b as u64, shape, data))
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

/// Writes a half run's result: float16 `.npy` of `shape` (else flat) plus an axis of 2, a raw
/// file of (re, im) pairs of `h`, or text (one `re im` pair a line).
pub fn write(
    path: &Path,
    h: HalfStorage,
    data: &[Complex64],
    shape: Option<&[usize]>,
) -> Result<()> {
    check_output(path, h)?;
    let pairs = || data.iter().flat_map(|c| h.pack(*c).to_le_bytes());
    if is_raw(path) {
        return write_data(path, &pairs().collect::<Vec<u8>>());
    }
    if is_npy(path) && !is_stdout(path) {
        let mut sh = shape.map_or_else(|| vec![data.len()], <[usize]>::to_vec);
        sh.push(2);
        return write_data(path, &npy_bytes("<f2", &sh, &pairs().collect::<Vec<u8>>()));
    }
    crate::io::output::write_spectrum(path, data, true, shape)
}
