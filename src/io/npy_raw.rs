//! .npy files moved as bytes, for data already in the dtype the device computes in: the
//! header alone is parsed ([`read_header`]) and the body is read straight into (or written
//! straight from) the caller's memory, in parallel positioned reads and writes — no widening
//! to f64, no intermediate vector, no fresh pages to fault in (issue 28: at 3^19 the
//! conversions and fresh vectors around a 366 ms device run took 1.6 s).

use super::npy::{element_count, header_descr, header_value, npy_bytes, parse_shape};
use crate::error::{JitError, Result};
use rayon::prelude::*;
use std::fs::File;
use std::io::Read;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
use std::path::Path;

/// A .npy header: the dtype, the shape and where the data starts.
#[derive(Debug, Clone, PartialEq)]
pub struct NpyHeader {
    /// numpy's dtype string, e.g. `<c8`.
    pub descr: String,
    /// The dimensions.
    pub shape: Vec<usize>,
    /// Byte offset of the data.
    pub data_offset: u64,
    /// Bytes of data after the header in the file.
    pub data_bytes: u64,
}

impl NpyHeader {
    /// The number of elements the shape holds.
    pub fn count(&self) -> usize {
        self.shape.iter().product()
    }
}

/// Reads the header text of an open .npy file of `size` bytes: (the text, where the data
/// begins). A header length past the end of the file is refused before anything is allocated
/// for it (a hostile 4-byte length would otherwise claim 4 GiB).
pub(crate) fn read_header_text(
    f: &mut File,
    size: u64,
    bad: &dyn Fn(String) -> JitError,
) -> Result<(String, u64)> {
    let mut pre = [0u8; 12];
    f.read_exact(&mut pre[..10])
        .map_err(|_| bad("not a .npy file (too short)".into()))?;
    if &pre[..6] != b"\x93NUMPY" {
        return Err(bad("not a .npy file (missing the \\x93NUMPY magic)".into()));
    }
    let (hlen, hstart) = match pre[6] {
        1 => (u16::from_le_bytes([pre[8], pre[9]]) as u64, 10),
        2 | 3 => {
            f.read_exact(&mut pre[10..12])
                .map_err(|_| bad("truncated .npy header".into()))?;
            (
                u32::from_le_bytes([pre[8], pre[9], pre[10], pre[11]]) as u64,
                12,
            )
        }
        v => return Err(bad(format!("unsupported .npy format version {v}"))),
    };
    if hstart + hlen > size {
        return Err(bad("truncated .npy file: the header is cut short".into()));
    }
    let mut h = vec![0u8; hlen as usize];
    f.read_exact(&mut h)
        .map_err(|_| bad("truncated .npy file: the header is cut short".into()))?;
    let text = String::from_utf8(h).map_err(|_| bad("malformed .npy header: not text".into()))?;
    Ok((text, hstart + hlen))
}

/// Reads the header of a C-order .npy file. Malformed files get the full reader's messages
/// (`npy::read_npy` names every defect), so callers fall back to it on error.
pub fn read_header(path: &Path) -> Result<NpyHeader> {
    super::npy::regular_input(path)?;
    let bad = |m: String| JitError::file(path, m);
    let mut f = File::open(path).map_err(|e| bad(format!("cannot read: {e}")))?;
    let size = f
        .metadata()
        .map_err(|e| bad(format!("cannot read: {e}")))?
        .len();
    let (header, data_offset) = read_header_text(&mut f, size, &bad)?;
    if !header_value(&header, "fortran_order")
        .map_err(bad)?
        .starts_with("False")
    {
        return Err(bad("Fortran-order arrays are not supported".into()));
    }
    let descr = header_descr(&header).map_err(bad)?;
    let shape = parse_shape(&header).map_err(bad)?;
    // The count must fit (`count()` multiplies the shape).
    element_count(&shape).map_err(bad)?;
    Ok(NpyHeader {
        descr,
        shape,
        data_offset,
        data_bytes: size.saturating_sub(data_offset),
    })
}

/// Parallel positioned I/O in pieces of at most this many bytes (page cache to memory runs at
/// several GB/s a core; one thread alone caps a 9 GB file near 1–2 s).
const PIECE: usize = 32 << 20;

/// Pieces of a transfer of `len` bytes: [`PIECE`], or smaller so that every core takes part
/// in a chunk of a streamed run (64 MiB: two pieces of 32 MiB would keep 2 threads busy), but
/// not below 1 MiB.
fn piece_for(len: usize) -> usize {
    (len / rayon::current_num_threads().max(1))
        .next_multiple_of(4096)
        .clamp(1 << 20, PIECE)
}

/// Told the bytes of each piece read or written, from any thread (a progress bar).
pub type OnBytes<'a> = &'a (dyn Fn(usize) + Sync);

/// Reads `dst.len()` bytes of `path` from byte `offset` into `dst`, in parallel pieces, each
/// told to `on`.
pub fn read_body(path: &Path, offset: u64, dst: &mut [u8], on: OnBytes) -> Result<()> {
    let f = File::open(path).map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    read_pieces(&f, path, offset, dst, on)
}

/// A .npy file being written: header first, the body in pieces at their offsets (from any
/// thread), then renamed over the destination ([`persist`](Self::persist)); dropped unpersisted,
/// the temporary file goes and the destination is untouched.
pub struct NpyOut {
    tmp: tempfile::NamedTempFile,
    path: std::path::PathBuf,
    body_at: u64,
    _guard: super::interrupt::TempGuard,
}

impl NpyOut {
    /// Creates the temporary file beside `path`, sized for `body_bytes` of data.
    pub fn create(path: &Path, descr: &str, shape: &[usize], body_bytes: usize) -> Result<NpyOut> {
        super::atomic::refuse_special(path)?;
        let header = npy_bytes(descr, shape, &[]);
        let dir = match path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let io = |e: std::io::Error| JitError::file(path, format!("cannot write: {e}"));
        // Registered for the Ctrl-C handler before the file exists (a signal between the two
        // left it behind); readable as any new file is (0666 less the umask).
        let mut guard = None;
        let tmp = tempfile::Builder::new()
            .make_in(dir, |p| {
                guard = Some(super::interrupt::TempGuard::new(p));
                std::fs::OpenOptions::new()
                    .read(true)
                    .write(true)
                    .create_new(true)
                    .mode(0o666)
                    .open(p)
            })
            .map_err(io)?;
        let guard = guard.ok_or_else(|| JitError::file(path, "no temporary output was made"))?;
        let f = tmp.as_file();
        f.set_len((header.len() + body_bytes) as u64).map_err(io)?;
        f.write_all_at(&header, 0).map_err(io)?;
        Ok(NpyOut {
            _guard: guard,
            tmp,
            path: path.to_path_buf(),
            body_at: header.len() as u64,
        })
    }

    /// Writes `bytes` at byte `offset` of the body, in parallel pieces.
    pub fn write_at(&self, offset: usize, bytes: &[u8]) -> Result<()> {
        self.write_pieces(offset, bytes, &|_| {})
    }

    /// [`write_at`](Self::write_at), each piece told to `on` once written.
    pub fn write_pieces(&self, offset: usize, bytes: &[u8], on: OnBytes) -> Result<()> {
        let f = self.tmp.as_file();
        let at = self.body_at + offset as u64;
        let size = piece_for(bytes.len());
        bytes
            .par_chunks(size)
            .enumerate()
            .try_for_each(|(i, piece)| {
                f.write_all_at(piece, at + (i * size) as u64)?;
                on(piece.len());
                Ok(())
            })
            .map_err(|e: std::io::Error| JitError::file(&self.path, format!("cannot write: {e}")))
    }

    /// Renames the finished file over the destination.
    pub fn persist(self) -> Result<()> {
        let path = self.path;
        self.tmp
            .persist(&path)
            .map_err(|e| JitError::file(&path, format!("cannot write: {}", e.error)))?;
        Ok(())
    }
}

/// Reads `dst.len()` bytes of an open file from byte `offset` into `dst`, in parallel pieces.
pub fn read_at(f: &File, path: &Path, offset: u64, dst: &mut [u8]) -> Result<()> {
    read_pieces(f, path, offset, dst, &|_| {})
}

/// [`read_at`], each piece told to `on` once read.
pub fn read_at_told(f: &File, path: &Path, offset: u64, dst: &mut [u8], on: OnBytes) -> Result<()> {
    read_pieces(f, path, offset, dst, on)
}

fn read_pieces(f: &File, path: &Path, offset: u64, dst: &mut [u8], on: OnBytes) -> Result<()> {
    let size = piece_for(dst.len());
    dst.par_chunks_mut(size)
        .enumerate()
        .try_for_each(|(i, piece)| {
            f.read_exact_at(piece, offset + (i * size) as u64)
                .map_err(|e| JitError::file(path, format!("truncated or unreadable data: {e}")))?;
            on(piece.len());
            Ok(())
        })
}

/// Writes a .npy file of `descr` and `shape` whose data bytes are `body`, atomically (a
/// temporary file beside it, renamed over it), the body in parallel positioned writes, each
/// told to `on`.
pub fn write_file(
    path: &Path,
    descr: &str,
    shape: &[usize],
    body: &[u8],
    on: OnBytes,
) -> Result<()> {
    let out = NpyOut::create(path, descr, shape, body.len())?;
    out.write_pieces(0, body, on)?;
    out.persist()
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::Complex64;

    #[test]
    fn header_body_round_trip_matches_the_full_reader() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.npy");
        let data: Vec<Complex64> = (0..1000)
            .map(|i| Complex64::new(i as f64 * 0.5, -(i as f64)))
            .collect();
        let bytes = super::super::npy::npy_complex_shaped(&data, true, &[10, 100]);
        std::fs::write(&path, &bytes).unwrap();
        let h = read_header(&path).unwrap();
        assert_eq!((h.descr.as_str(), h.shape.clone()), ("<c8", vec![10, 100]));
        assert_eq!(h.data_bytes, 8000);
        let mut body = vec![0u8; 8000];
        let told = std::sync::atomic::AtomicUsize::new(0);
        let on = |n: usize| {
            told.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
        };
        read_body(&path, h.data_offset, &mut body, &on).unwrap();
        let out = dir.path().join("y.npy");
        write_file(&out, "<c8", &h.shape, &body, &on).unwrap();
        assert_eq!(
            told.into_inner(),
            16000,
            "every byte read and written is told"
        );
        assert_eq!(std::fs::read(&out).unwrap(), bytes);
        let full = super::super::npy::read_npy(&out).unwrap();
        assert_eq!(full.shape, vec![10, 100]);
        // Short files are refused, not zero-filled.
        std::fs::write(&path, &bytes[..bytes.len() - 8]).unwrap();
        let mut body = vec![0u8; 8000];
        assert!(read_body(&path, h.data_offset, &mut body, &|_| {}).is_err());
    }
}
