//! `jitfft wht`'s data: real rows from a .npy (float16/32/64) or a raw file (headerless
//! little-endian values of `--precision`, bf16 included), or seeded random values; results
//! written in the same form, atomically.

use crate::io::npy::{read_npy, NpyData};
use crate::wht::Storage;
use anyhow::{bail, Context, Result};
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
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        let b = raw_storage.bytes();
        let Some(row) = raw_row else {
            bail!(
                "{}: a raw file has no shape: give the row length with --size",
                path.display()
            );
        };
        if bytes.is_empty() || bytes.len() % (b * row) != 0 {
            bail!(
                "{}: {} bytes are not whole rows of {row} {} values ({} bytes each)",
                path.display(),
                bytes.len(),
                raw_storage.name(),
                b * row
            );
        }
        let values = crate::wht::host::from_bytes(&bytes, raw_storage);
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
        d if d.starts_with('c') => bail!(
            "{}: complex input ({}): the Walsh–Hadamard transform takes real values. numpy would drop the imaginary part with a warning; jitfft refuses (pass x.real if that is what you mean)",
            path.display(),
            a.descr
        ),
        _ => bail!(
            "{}: dtype {} is not a real float: give float16, float32 or float64 (e.g. x.astype(np.float32))",
            path.display(),
            a.descr
        ),
    };
    let NpyData::Real(values) = a.data else {
        bail!(
            "{}: dtype {} did not read as real values",
            path.display(),
            a.descr
        );
    };
    if a.shape.is_empty() {
        bail!("{}: a 0-d array has no rows to transform", path.display());
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
        bail!(
            "{what}: rows of {n} values (the last axis of shape {shape:?}): the Walsh–Hadamard transform takes rows of 2^k values, k ≥ 1 (2, 4, 8, …); pad them to {up} with zeros (rows are the last axis)"
        );
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

/// Checks an output path before any work: .npy (not for bf16), .raw/.bin, .txt, or `-`.
pub fn check_output(path: &Path, st: Storage) -> Result<()> {
    if super::common::is_stdout(path) {
        return Ok(());
    }
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "npy" if npy_descr(st).is_none() => bail!(
            "{}: .npy has no bfloat16 dtype: write bf16 results to a .raw file",
            path.display()
        ),
        "npy" | "raw" | "bin" | "txt" => super::common::check_output_dir(path),
        _ => bail!(
            "{}: unknown output format: use .npy, .raw (headerless little-endian values) or .txt (one value a line)",
            path.display()
        ),
    }
}

/// Writes the result (storage bytes) atomically in the format the path names; `-`: text.
pub fn write_output(path: &Path, st: Storage, shape: &[usize], bytes: &[u8]) -> Result<()> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let out = match (ext.as_str(), npy_descr(st)) {
        ("npy", Some(d)) => crate::io::npy::npy_bytes(d, shape, bytes),
        ("raw" | "bin", _) => bytes.to_vec(),
        _ => {
            let mut s = String::new();
            for v in crate::wht::host::from_bytes(bytes, st) {
                s.push_str(&format!("{v}\n"));
            }
            s.into_bytes()
        }
    };
    super::common::write_data(path, &out)
}
