//! The sizes an input .npy gives a transform, read once before any data (what `vc`'s route
//! decision needs): its header as bytes are moved (`npy_raw`), whether it is a complex array
//! (`npy_stream`), and the batch and n its shape makes for p-point axes. Any defect gives
//! `None`: the reader that takes the file later names it.

use super::input::{batch_shape, infer_n};
use super::npy_raw::{read_header, NpyHeader};
use super::npy_stream::complex_header;
use std::path::Path;

/// A .npy header with the transform sizes of its shape.
#[derive(Debug, Clone)]
pub struct NpySizes {
    /// The header (dtype, shape, where the data starts).
    pub header: NpyHeader,
    /// Transforms in the file.
    pub batch: u64,
    /// Variables of each transform.
    pub n: u32,
}

/// What an input file's header says, for p-point axes and `batch` transforms where given.
#[derive(Debug, Clone, Default)]
pub struct InputSizes {
    /// A `.npy`-named file's header and sizes, whatever its dtype.
    pub raw: Option<NpySizes>,
    /// (batch, n) of a complex64/complex128 array.
    pub complex: Option<(u64, u32)>,
}

/// Reads the header of `path` (no data) and the sizes it gives.
pub fn input_sizes(path: &Path, p: u32, batch: Option<u64>) -> InputSizes {
    let sizes = |shape: &[usize]| -> Option<(u64, u32)> {
        let (b, len) = batch_shape(p, shape, batch, "input").ok()?;
        Some((b, infer_n(p, len, "input").ok()?))
    };
    let complex = complex_header(path)
        .ok()
        .flatten()
        .and_then(|h| sizes(&h.shape));
    let npy = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("npy"));
    let raw = npy
        .then(|| read_header(path).ok())
        .flatten()
        .and_then(|header| {
            let (batch, n) = sizes(&header.shape)?;
            Some(NpySizes { header, batch, n })
        });
    InputSizes { raw, complex }
}
