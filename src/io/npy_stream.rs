//! Complex .npy files read and written in chunks, straight from and into host arrays of the
//! transform's precision: no whole-file byte copy and no f64 intermediate, so a streamed
//! transform's input and output may be as large as host memory allows (beyond the device).

use super::npy::{element_count, header_descr, header_value, npy_bytes, parse_shape};
use super::npy_raw::read_header_text;
use crate::error::{JitError, Result};
use crate::transform::DeviceComplex;
use crate::transform::Precision;
use rayon::prelude::*;
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

/// Bytes read or written per call.
const CHUNK_BYTES: usize = 64 << 20;

/// A complex .npy file's header: dtype (complex64 or complex128), shape, where the data starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ComplexNpy {
    /// True for complex64 (`<c8`), false for complex128 (`<c16`).
    pub single: bool,
    /// Dimensions, C order.
    pub shape: Vec<usize>,
    /// Byte offset of the first value.
    pub offset: u64,
}

impl ComplexNpy {
    /// Values in the file.
    pub fn len(&self) -> usize {
        self.shape.iter().product()
    }
    /// True for an empty array.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Reads the header of `path`; `Ok(None)` when the array is not complex64/complex128 (the
/// caller reads it the ordinary way), an error when it is not a readable C-order .npy.
pub fn complex_header(path: &Path) -> Result<Option<ComplexNpy>> {
    super::npy::regular_input(path)?;
    let bad = |m: String| JitError::file(path, m);
    let mut f = std::fs::File::open(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let have = f
        .metadata()
        .map_err(|e| bad(format!("cannot read: {e}")))?
        .len();
    let (header, offset) = read_header_text(&mut f, have, &bad)?;
    let descr = header_descr(&header).map_err(bad)?;
    let single = match descr.as_str() {
        "<c8" | "=c8" => true,
        "<c16" | "=c16" => false,
        _ => return Ok(None),
    };
    if header_value(&header, "fortran_order")
        .map_err(bad)?
        .starts_with("True")
    {
        return Err(bad(
            "Fortran-order arrays are not supported; save with np.ascontiguousarray(x)".into(),
        ));
    }
    let shape = parse_shape(&header).map_err(bad)?;
    let npy = ComplexNpy {
        single,
        shape,
        offset,
    };
    let want = element_count(&npy.shape)
        .map_err(bad)?
        .checked_mul(if single { 8 } else { 16 })
        .and_then(|b| offset.checked_add(b as u64))
        .ok_or_else(|| {
            bad(format!(
                "malformed .npy header: shape {:?} is too large",
                npy.shape
            ))
        })?;
    if have < want {
        return Err(bad(format!(
            "truncated .npy file: {have} bytes, the header promises {want}"
        )));
    }
    Ok(Some(npy))
}

/// Reads the values of `npy` (from `path`) into `out`, converting to `C`'s precision chunk by
/// chunk.
pub fn read_complex_into<C: DeviceComplex>(
    path: &Path,
    npy: &ComplexNpy,
    out: &mut [C],
) -> Result<()> {
    if out.len() != npy.len() {
        return Err(JitError::file(
            path,
            format!("holds {} values, {} expected", npy.len(), out.len()),
        ));
    }
    let f =
        std::fs::File::open(path).map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    let width = if npy.single { 4 } else { 8 };
    let reals: &mut [C::Real] = bytemuck::cast_slice_mut(out);
    let per = CHUNK_BYTES / width;
    // Chunks read at their offsets on every core: the page cache's copy (and the first touch
    // of a fresh output array) runs in parallel, and a disk sees several requests at once.
    // The same width reads straight into the output; otherwise through a buffer, converted.
    let same = (npy.single && C::PRECISION == Precision::F32)
        || (!npy.single && C::PRECISION == Precision::F64);
    reals
        .par_chunks_mut(per)
        .enumerate()
        .try_for_each(|(k, chunk)| {
            let at = npy.offset + (k * per * width) as u64;
            if same {
                f.read_exact_at(bytemuck::cast_slice_mut(chunk), at)
            } else {
                let mut buf = vec![0u8; chunk.len() * width];
                f.read_exact_at(&mut buf, at)?;
                convert_in::<C>(&buf, npy.single, chunk);
                Ok(())
            }
        })
        .map_err(|e| JitError::file(path, format!("cannot read: {e}")))
}

fn convert_in<C: DeviceComplex>(bytes: &[u8], single: bool, out: &mut [C::Real]) {
    // Same width: a plain copy; otherwise each real converted.
    match (single, C::PRECISION) {
        (true, Precision::F32) | (false, Precision::F64) => {
            bytemuck::cast_slice_mut::<C::Real, u8>(out).copy_from_slice(bytes)
        }
        (true, Precision::F64) => {
            let o: &mut [f64] = bytemuck::cast_slice_mut(out);
            for (d, s) in o.iter_mut().zip(bytes.chunks_exact(4)) {
                *d = f32::from_le_bytes(s.try_into().expect("4 bytes")) as f64;
            }
        }
        (false, Precision::F32) => {
            let o: &mut [f32] = bytemuck::cast_slice_mut(out);
            for (d, s) in o.iter_mut().zip(bytes.chunks_exact(8)) {
                *d = f64::from_le_bytes(s.try_into().expect("8 bytes")) as f32;
            }
        }
    }
}

/// Writes `data` as a complex64 (f32) or complex128 (f64) .npy of `shape`, in chunks, to a
/// temporary file in the same folder renamed over `path` once complete (no partial output).
pub fn write_complex<C: DeviceComplex>(path: &Path, data: &[C], shape: &[usize]) -> Result<()> {
    let descr = match C::PRECISION {
        Precision::F32 => "<c8",
        Precision::F64 => "<c16",
    };
    super::atomic::refuse_special(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp: PathBuf = path.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let _guard = super::interrupt::TempGuard::new(&tmp);
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        let head = npy_bytes(descr, shape, &[]);
        f.write_all(&head)?;
        let bytes: &[u8] = bytemuck::cast_slice(data);
        f.set_len((head.len() + bytes.len()) as u64)?;
        // Chunks written at their offsets on every core (the copy into the page cache in
        // parallel), then one sync: the disk's rate is what is left.
        bytes
            .par_chunks(CHUNK_BYTES)
            .enumerate()
            .try_for_each(|(k, c)| f.write_all_at(c, (head.len() + k * CHUNK_BYTES) as u64))?;
        f.sync_all()
    };
    if let Err(e) = write().and_then(|_| std::fs::rename(&tmp, path)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(JitError::file(path, format!("cannot write: {e}")));
    }
    Ok(())
}
