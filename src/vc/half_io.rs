//! Files of half-precision `vc` runs (`--precision f16|bf16`): the shared formats of
//! [`crate::storage::files`] (float16 `.npy` pairs, raw `.raw`/`.bin` pairs, bf16 `.npy`
//! refused) read into the VC transform's shape (p, n, batch).

use crate::error::{JitError, Result};
use crate::io::input::{infer_n, load_input_batch, transform_shape, Encoding};
use crate::io::npy::read_npy;
use crate::io::output::is_npy;
pub use crate::storage::files::{check_output, is_raw, write};
use crate::storage::files::{f16_pairs, raw_pairs, read_raw, refuse_void16};
use crate::storage::HalfStorage;
use num_complex::Complex64;
use std::path::Path;

/// (n, batch, the input's shape without the (re, im) axis, B·N values).
pub type HalfInput = (u32, u64, Vec<usize>, Vec<Complex64>);

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
    refuse_void16(path, h, "--n")?;
    let Ok((shape, data)) = f16_pairs(read_npy(path)?) else {
        return load_input_batch(path, p, n, batch, enc);
    };
    let what = path.display().to_string();
    let (n_file, b) = transform_shape(p, &shape, n, batch, &what)?;
    Ok((n_file, b, shape, data))
}

fn load_raw(
    path: &Path,
    h: HalfStorage,
    p: u32,
    n: Option<u32>,
    batch: Option<u64>,
) -> Result<HalfInput> {
    let bytes = read_raw(path)?;
    let Some(n) = n else {
        return Err(JitError::file(
            path,
            format!("a raw file has no shape: give --n (and --batch) for its (re, im) {h} pairs"),
        ));
    };
    let len = (p as usize).pow(n);
    let b = batch.unwrap_or(1) as usize;
    let what = format!("{b} transform(s) of {p}^{n} complex {h} values");
    let data = raw_pairs(path, h, &bytes, len * b, &what)?;
    infer_n(p, len, "x")?;
    let shape = if b > 1 { vec![b, len] } else { vec![len] };
    Ok((n, b as u64, shape, data))
}
