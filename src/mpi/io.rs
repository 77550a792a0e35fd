//! Each rank reads and writes its own slice of a `.npy` file, at its offset: the data never
//! passes through one rank. Output goes to a temporary file that rank 0 creates (header and
//! size), every rank fills in place, and rank 0 renames once all have finished: a failure on
//! any rank leaves no file.

use super::fault::agree;
use crate::error::{JitError, Result};
use crate::vc::DeviceComplex;
use mpi::topology::Communicator;
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

const MAGIC: &[u8] = b"\x93NUMPY";

/// A complex type the distributed transform moves (the device's element type), with the
/// conversions the file and the check need.
pub trait HostComplex: DeviceComplex + Default {
    /// From a double-precision value (rounded for f32).
    fn from_c64(c: Complex64) -> Self;
    /// To double precision.
    fn to_c64(self) -> Complex64;
}

impl HostComplex for Complex32 {
    fn from_c64(c: Complex64) -> Self {
        Complex32::new(c.re as f32, c.im as f32)
    }
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.re as f64, self.im as f64)
    }
}

impl HostComplex for Complex64 {
    fn from_c64(c: Complex64) -> Self {
        c
    }
    fn to_c64(self) -> Complex64 {
        self
    }
}

/// Values `offset .. offset + len` of [`random_complex`](crate::io::random::random_complex)`(N,
/// seed)` for any N > offset + len, without drawing the values before `offset`.
pub fn random_slice(seed: u64, offset: u64, len: usize) -> Vec<Complex64> {
    let mut v = vec![Complex64::default(); len];
    fill_random(seed, offset, &mut v);
    v
}

/// Fills `out` with values `offset ..` of `random_complex(N, seed)` ([`crate::io::random::fill_random`]).
pub fn fill_random<C: HostComplex>(seed: u64, offset: u64, out: &mut [C]) {
    crate::io::random::fill_random(seed, offset, out, C::from_c64);
}

/// What a `.npy` header says: element size (8 = complex64, 16 = complex128), element count,
/// and where the data starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NpyLayout {
    /// Bytes per element: 8 (complex64) or 16 (complex128).
    pub elem_bytes: u64,
    /// Elements in the file.
    pub len: u64,
    /// Byte offset of the data.
    pub data_offset: u64,
}

fn bad(path: &Path, msg: impl Into<String>) -> JitError {
    JitError::file(path, msg.into())
}

/// Reads only the header of a `.npy` file of complex64 or complex128 values, C order, any
/// shape (the element count is what matters); checks that the file holds all the data.
pub fn read_layout(path: &Path) -> Result<NpyLayout> {
    read_shape(path).map(|(l, _)| l)
}

/// [`read_layout`] with the array's shape.
pub fn read_shape(path: &Path) -> Result<(NpyLayout, Vec<u64>)> {
    if path.extension().and_then(|e| e.to_str()) != Some("npy") {
        return Err(bad(
            path,
            "with --mpi the input must be a .npy file of complex64 or complex128 values (each rank reads its slice at its offset)",
        ));
    }
    let mut f = File::open(path).map_err(|e| bad(path, format!("cannot read: {e}")))?;
    let file_len = f.metadata().map_err(|e| bad(path, e.to_string()))?.len();
    let mut head = [0u8; 12];
    f.read_exact(&mut head[..10])
        .map_err(|_| bad(path, "not a .npy file (too short)"))?;
    if &head[..6] != MAGIC {
        return Err(bad(path, "not a .npy file (missing the \\x93NUMPY magic)"));
    }
    let (hlen, hstart) = match head[6] {
        1 => (u16::from_le_bytes([head[8], head[9]]) as u64, 10u64),
        2 | 3 => {
            f.read_exact(&mut head[10..12])
                .map_err(|_| bad(path, "truncated .npy header"))?;
            (
                u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as u64,
                12,
            )
        }
        v => return Err(bad(path, format!("unsupported .npy format version {v}"))),
    };
    let mut header = vec![0u8; hlen as usize];
    f.read_exact(&mut header)
        .map_err(|_| bad(path, "truncated .npy header"))?;
    let header = String::from_utf8_lossy(&header);
    let elem_bytes = if header.contains("'<c8'") {
        8
    } else if header.contains("'<c16'") {
        16
    } else {
        return Err(bad(
            path,
            "with --mpi the input must be little-endian complex64 or complex128 (each rank reads its slice in place); convert with np.asarray(x, np.complex64)",
        ));
    };
    if header.contains("'fortran_order': True") {
        return Err(bad(
            path,
            "Fortran-order arrays are not supported; save with np.ascontiguousarray(x)",
        ));
    }
    let shape = header
        .split("'shape':")
        .nth(1)
        .and_then(|s| s.split(')').next())
        .ok_or_else(|| bad(path, "malformed .npy header: no shape"))?;
    let mut len = 1u64;
    let mut dims = Vec::new();
    for d in shape.trim_start_matches([' ', '(']).split(',') {
        let d = d.trim();
        if !d.is_empty() {
            let v: u64 = d
                .parse()
                .map_err(|_| bad(path, format!("malformed .npy shape ({shape})")))?;
            len = len.saturating_mul(v);
            dims.push(v);
        }
    }
    let data_offset = hstart + hlen;
    let need = data_offset + len * elem_bytes;
    if file_len < need {
        return Err(bad(
            path,
            format!("truncated: the header announces {len} values ({need} bytes), the file has {file_len} bytes"),
        ));
    }
    let layout = NpyLayout {
        elem_bytes,
        len,
        data_offset,
    };
    Ok((layout, dims))
}

/// Reads values `offset .. offset + out.len()` of the file into `out`.
pub fn read_slice<C: HostComplex>(
    path: &Path,
    layout: NpyLayout,
    offset: u64,
    out: &mut [C],
) -> Result<()> {
    let mut f = File::open(path).map_err(|e| bad(path, format!("cannot read: {e}")))?;
    f.seek(SeekFrom::Start(
        layout.data_offset + offset * layout.elem_bytes,
    ))
    .map_err(|e| bad(path, e.to_string()))?;
    let io = |e: std::io::Error| bad(path, format!("cannot read the slice: {e}"));
    if layout.elem_bytes == std::mem::size_of::<C>() as u64 && cfg!(target_endian = "little") {
        return f.read_exact(bytemuck::cast_slice_mut(out)).map_err(io);
    }
    // The other precision: convert a block at a time.
    let mut buf = vec![0u8; 1 << 20];
    let per = (buf.len() as u64 / layout.elem_bytes) as usize;
    for block in out.chunks_mut(per) {
        let bytes = &mut buf[..block.len() * layout.elem_bytes as usize];
        f.read_exact(bytes).map_err(io)?;
        for (i, v) in block.iter_mut().enumerate() {
            *v = C::from_c64(if layout.elem_bytes == 8 {
                let c: Complex32 = bytemuck::pod_read_unaligned(&bytes[i * 8..i * 8 + 8]);
                Complex64::new(c.re as f64, c.im as f64)
            } else {
                bytemuck::pod_read_unaligned(&bytes[i * 16..i * 16 + 16])
            });
        }
    }
    Ok(())
}

/// The header of a `.npy` array of `shape` (C order) of `C` values (complex64 or
/// complex128), padded so that the data starts on a 64-byte boundary.
pub fn npy_header<C: DeviceComplex>(shape: &[u64]) -> Vec<u8> {
    let descr = if std::mem::size_of::<C>() == 8 {
        "<c8"
    } else {
        "<c16"
    };
    let dims: Vec<String> = shape.iter().map(u64::to_string).collect();
    let tuple = match dims.len() {
        1 => format!("({},)", dims[0]),
        _ => format!("({})", dims.join(", ")),
    };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {tuple}, }}");
    let total = MAGIC.len() + 4 + header.len() + 1;
    header.push_str(&" ".repeat((64 - total % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(MAGIC.len() + 4 + header.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[1, 0]);
    out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    out.extend_from_slice(header.as_bytes());
    out
}

/// Collective: writes every rank's `slice` (N/P values at offset rank·N/P) into one `.npy`
/// file of `total` values at `path`, through a temporary file renamed by rank 0 after all
/// ranks succeeded; any failure leaves no file and returns the same error on every rank.
pub fn write_slices<C: HostComplex, W: Communicator>(
    world: &W,
    path: &Path,
    total: u64,
    offset: u64,
    slice: &[C],
) -> Result<()> {
    write_shaped_slices(world, path, &[total], offset, slice)
}

/// Collective: [`write_slices`] into an array of `shape` (C order; the slices at their offsets
/// in it).
pub fn write_shaped_slices<C: HostComplex, W: Communicator>(
    world: &W,
    path: &Path,
    shape: &[u64],
    offset: u64,
    slice: &[C],
) -> Result<()> {
    let elem = std::mem::size_of::<C>() as u64;
    let header = npy_header::<C>(shape);
    let total: u64 = shape.iter().product();
    let body = (total * elem, offset * elem);
    write_byte_slices(world, path, &header, body, bytemuck::cast_slice(slice))
}

/// Collective: as [`write_slices`] for any `.npy` `header` (its dtype and shape): `body` is
/// (bytes of the whole data, this rank's byte offset into it), `bytes` this rank's slice.
pub fn write_byte_slices<W: Communicator>(
    world: &W,
    path: &Path,
    header: &[u8],
    (total, offset): (u64, u64),
    bytes: &[u8],
) -> Result<()> {
    let rank = world.rank();
    let root = world.process_at_rank(0);
    let mut pid = std::process::id() as u64;
    root.broadcast_into(&mut pid);
    let tmp = temp_name(path, pid);
    let created = if rank == 0 {
        crate::io::atomic::refuse_special(path).and_then(|_| {
            (|| -> std::io::Result<()> {
                let mut f = File::create(&tmp)?;
                f.write_all(header)?;
                f.set_len(header.len() as u64 + total)
            })()
            .map_err(|e| bad(path, format!("cannot write: {e}")))
        })
    } else {
        Ok(())
    };
    let cleanup = |r: Result<()>| {
        if r.is_err() && rank == 0 {
            let _ = std::fs::remove_file(&tmp);
        }
        r
    };
    cleanup(agree(world, "output", created))?;
    let written = super::fault::injected(rank, "output").and_then(|_| {
        (|| -> std::io::Result<()> {
            let mut f = OpenOptions::new().write(true).open(&tmp)?;
            f.seek(SeekFrom::Start(header.len() as u64 + offset))?;
            f.write_all(bytes)?;
            f.sync_all()
        })()
        .map_err(|e| bad(path, format!("cannot write this rank's slice: {e}")))
    });
    cleanup(agree(world, "output", written))?;
    let renamed = if rank == 0 {
        std::fs::rename(&tmp, path).map_err(|e| bad(path, format!("cannot write: {e}")))
    } else {
        Ok(())
    };
    cleanup(agree(world, "output", renamed))
}

fn temp_name(path: &Path, pid: u64) -> PathBuf {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    dir.join(format!(".{name}.mpi-tmp{pid}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_slice_matches_the_whole_draw() {
        let all = crate::io::random::random_complex(100, 7);
        assert_eq!(random_slice(7, 0, 100), all);
        assert_eq!(random_slice(7, 37, 20), all[37..57].to_vec());
        let big = crate::io::random::random_complex(200_000, 3);
        assert_eq!(random_slice(3, 70_000, 130_000), big[70_000..].to_vec());
    }
}
