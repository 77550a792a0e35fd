//! Truth vectors read from a uint8 `.npy` straight into the caller's memory (the bent
//! classifier's pinned staging): the header alone is parsed, the body — already the device
//! form for p ≤ 256 — comes in parallel positioned reads, with no intermediate vector (issue
//! 28: reading 85 MB into a `Vec` and copying it into the staging took 90–113 ms on the H100
//! host, then 4.4 ms of copy every run). Other files go through [`load_truth`](super::load_truth).

use crate::error::{JitError, Result};
use crate::io::npy_raw::read_header;
use rayon::prelude::*;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// A uint8 truth-vector `.npy` whose body is read as it lies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruthFile {
    /// The file.
    pub path: PathBuf,
    /// Values per variable (≤ 256).
    pub p: u32,
    /// Variables (N = p^n values a function).
    pub n: u32,
    /// Number of functions.
    pub batch: u64,
    /// The array's shape.
    pub shape: Vec<usize>,
    offset: u64,
}

impl TruthFile {
    /// The file's header when it holds uint8 values in C order and p ≤ 256 (`None` for other
    /// dtypes and files that are not `.npy`: [`load_truth`](super::load_truth) converts those).
    /// Errors name what is wrong: a malformed header, a shape that is not (p^n,), (p, …, p),
    /// (B, p^n) or (B, p, …, p), no values, a body shorter than the shape.
    pub fn open(path: &Path, p: u32) -> Result<Option<TruthFile>> {
        let is_npy = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("npy"));
        if !is_npy || p > 256 {
            return Ok(None);
        }
        let h = read_header(path)?;
        if !matches!(h.descr.as_str(), "|u1" | "<u1" | "u1") {
            return Ok(None);
        }
        let what = path.display().to_string();
        let count = h.count();
        if count == 0 {
            return Err(JitError::file(path, "the array holds no values"));
        }
        let (batch, n) = super::truth_vectors::batch_of_shape(p, &h.shape, &what)
            .map_err(|e| JitError::file(path, e.to_string()))?;
        if h.data_bytes < count as u64 {
            return Err(JitError::file(
                path,
                format!(
                    "truncated: {} bytes of data, the shape {:?} needs {count}",
                    h.data_bytes, h.shape
                ),
            ));
        }
        Ok(Some(TruthFile {
            path: path.to_path_buf(),
            p,
            n,
            batch,
            shape: h.shape,
            offset: h.data_offset,
        }))
    }

    /// B·N: the bytes of the body.
    pub fn bytes(&self) -> usize {
        self.shape.iter().product()
    }

    /// Reads the body into `dst` (exactly [`bytes`](Self::bytes) long) with positioned reads
    /// on every core: page cache to memory runs at a few GB/s a core.
    pub fn read_into(&self, dst: &mut [u8]) -> Result<()> {
        if dst.len() != self.bytes() {
            return Err(JitError::invalid(format!(
                "{}: {} bytes of room for a body of {}",
                self.path.display(),
                dst.len(),
                self.bytes()
            )));
        }
        let f = std::fs::File::open(&self.path)
            .map_err(|e| JitError::file(&self.path, format!("cannot read: {e}")))?;
        let piece = dst
            .len()
            .div_ceil(rayon::current_num_threads().max(1))
            .clamp(1 << 20, 32 << 20);
        dst.par_chunks_mut(piece)
            .enumerate()
            .try_for_each(|(i, d)| {
                f.read_exact_at(d, self.offset + (i * piece) as u64)
                    .map_err(|e| {
                        JitError::file(&self.path, format!("truncated or unreadable data: {e}"))
                    })
            })
    }
}
