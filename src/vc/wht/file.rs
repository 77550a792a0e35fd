//! The data of a Walsh–Hadamard run: real rows from a .npy (float16/32/64) or a raw file
//! (headerless little-endian values of the storage, bf16 included), or seeded random values;
//! results as the bytes of the same form.

use super::Storage;
use crate::error::{JitError, Result};
use crate::io::npy::{read_npy, NpyData};
use rand::{Rng, SeedableRng};
use std::path::Path;

/// The input rows: values (widened to f64), the array shape, and the storage its dtype names.
pub struct RealInput {
    /// Values in C order.
    pub values: Vec<f64>,
    /// The shape (rows along the last axis).
    pub shape: Vec<usize>,
    /// The storage of the file's dtype (`None` for random input).
    pub dtype: Option<Storage>,
}

fn is_raw(path: &Path) -> bool {
    matches!(
        path.extension()
            .map(|e| e.to_string_lossy().to_lowercase())
            .as_deref(),
        Some("raw") | Some("bin")
    )
}

/// Reads a .npy of real floats or a raw file of `raw_storage` values (rows of `raw_row`).
pub fn read_input(path: &Path, raw_storage: Storage, raw_row: Option<usize>) -> Result<RealInput> {
    if is_raw(path) {
        let bytes = std::fs::read(path)
            .map_err(|e| JitError::invalid(format!("reading {}: {e}", path.display())))?;
        let b = raw_storage.bytes();
        let Some(row) = raw_row else {
            return Err(JitError::file(
                path,
                "a raw file has no shape: give the row length with --size",
            ));
        };
        if bytes.is_empty() || bytes.len() % (b * row) != 0 {
            return Err(JitError::invalid(format!(
                "{}: {} bytes are not whole rows of {row} {} values ({} bytes each)",
                path.display(),
                bytes.len(),
                raw_storage.name(),
                b * row
            )));
        }
        let values = super::host::from_bytes(&bytes, raw_storage);
        let shape = vec![values.len() / row, row];
        return Ok(RealInput {
            values,
            shape,
            dtype: Some(raw_storage),
        });
    }
    let a = read_npy(path)?;
    let dtype = match a.descr.trim_start_matches(['<', '>', '|', '=']) {
        "f2" => Storage::F16,
        "f4" => Storage::F32,
        "f8" => Storage::F64,
        d if d.starts_with('c') => return Err(JitError::invalid(format!(
            "{}: complex input ({}): the Walsh–Hadamard transform takes real values. numpy would drop the imaginary part with a warning; jitfft refuses (pass x.real if that is what you mean)",
            path.display(),
            a.descr
        ))),
        _ => return Err(JitError::invalid(format!(
            "{}: dtype {} is not a real float: give float16, float32 or float64 (e.g. x.astype(np.float32))",
            path.display(),
            a.descr
        ))),
    };
    let NpyData::Real(values) = a.data else {
        return Err(JitError::invalid(format!(
            "{}: dtype {} did not read as real values",
            path.display(),
            a.descr
        )));
    };
    if a.shape.is_empty() {
        return Err(JitError::file(path, "a 0-d array has no rows to transform"));
    }
    Ok(RealInput {
        values,
        shape: a.shape,
        dtype: Some(dtype),
    })
}

/// log2 of the rows' length (the last axis), refusing lengths that are not 2^k with k ≥ 1.
pub fn row_log(shape: &[usize], what: &str) -> Result<u32> {
    let n = *shape.last().unwrap_or(&0);
    if n < 2 || !n.is_power_of_two() {
        let up = n.max(2).next_power_of_two();
        return Err(JitError::invalid(format!(
            "{what}: rows of {n} values (the last axis of shape {shape:?}): the Walsh–Hadamard transform takes rows of 2^k values, k ≥ 1 (2, 4, 8, …); pad them to {up} with zeros (rows are the last axis)"
        )));
    }
    Ok(n.trailing_zeros())
}

/// The .npy dtype of a storage; bf16 has none.
fn npy_descr(st: Storage) -> Option<&'static str> {
    match st {
        Storage::F16 => Some("<f2"),
        Storage::F32 => Some("<f4"),
        Storage::F64 => Some("<f8"),
        Storage::Bf16 => None,
    }
}

/// Checks an output file's format before any work: .npy (not for bf16), .raw/.bin or .txt.
pub fn check_output_format(path: &Path, st: Storage) -> Result<()> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "npy" if npy_descr(st).is_none() => Err(JitError::file(
            path,
            ".npy has no bfloat16 dtype: write bf16 results to a .raw file",
        )),
        "npy" | "raw" | "bin" | "txt" => Ok(()),
        _ => Err(JitError::file(
            path,
            "unknown output format: use .npy, .raw (headerless little-endian values) or .txt (one value a line)",
        )),
    }
}

/// The result (storage bytes) in the format the path names: .npy, .raw/.bin, else text.
pub fn output_bytes(path: &Path, st: Storage, shape: &[usize], bytes: &[u8]) -> Vec<u8> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    match (ext.as_str(), npy_descr(st)) {
        ("npy", Some(d)) => crate::io::npy::npy_bytes(d, shape, bytes),
        ("raw" | "bin", _) => bytes.to_vec(),
        _ => {
            let mut s = String::new();
            for v in super::host::from_bytes(bytes, st) {
                s.push_str(&format!("{v}\n"));
            }
            s.into_bytes()
        }
    }
}

/// Seeded random rows in [−1, 1).
pub fn random_rows(len: usize, seed: u64) -> Vec<f64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..len).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

/// The input of a run: the rows of `path` (raw files in `raw_storage`, rows of 2^`size`;
/// `size` must agree with the file's rows), else `batch` random rows of 2^`size` from
/// `seed` (fresh when `None`).
pub fn input(
    path: Option<&Path>,
    size: Option<u32>,
    batch: usize,
    raw_storage: Storage,
    seed: Option<u64>,
) -> Result<(RealInput, Option<u64>)> {
    if let Some(path) = path {
        let inp = read_input(path, raw_storage, size.map(|k| 1usize << k))?;
        let k = row_log(&inp.shape, &path.display().to_string())?;
        if let Some(want) = size.filter(|&s| s != k) {
            return Err(JitError::invalid(format!(
                "--size 2^{want} but {} has rows of 2^{k} values (its last axis)",
                path.display()
            )));
        }
        return Ok((inp, None));
    }
    let Some(k) = size else {
        return Err(JitError::invalid(
            "give --size 2^K (the row length) for random input, or --input FILE",
        ));
    };
    if batch == 0 {
        return Err(JitError::invalid("--batch 0: at least one row is needed"));
    }
    let seed = seed.unwrap_or_else(crate::io::random::fresh_seed);
    let len = batch
        .checked_mul(1usize << k)
        .ok_or_else(|| JitError::invalid(format!("--batch {batch} × 2^{k} values: too many")))?;
    let shape = match batch {
        1 => vec![1 << k],
        _ => vec![batch, 1 << k],
    };
    let values = random_rows(len, seed);
    let inp = RealInput {
        values,
        shape,
        dtype: None,
    };
    Ok((inp, Some(seed)))
}
