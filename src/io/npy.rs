//! A small .npy reader (format versions 1–3, C order, either byte order: big-endian data is
//! byte-swapped on load) and writer (little-endian).
//! Written here so every malformed file gets a precise message.

use crate::error::{JitError, Result};
use num_complex::Complex64;
use std::path::Path;

const MAGIC: &[u8] = b"\x93NUMPY";

/// The values of an array, widened to 64 bits.
#[derive(Debug, Clone, PartialEq)]
pub enum NpyData {
    /// `complex64` or `complex128` data.
    Complex(Vec<Complex64>),
    /// `float32` or `float64` data.
    Real(Vec<f64>),
    /// Signed or unsigned integers of any width, and `bool` (as 0/1); `uint64` values above
    /// 2^63 are refused.
    Int(Vec<i64>),
}

/// A .npy array as read: its shape, numpy's dtype and the values in C order.
#[derive(Debug, Clone, PartialEq)]
pub struct NpyArray {
    /// The dimensions from the header (empty for a 0-d array).
    pub shape: Vec<usize>,
    /// numpy's dtype string, e.g. `<c8`.
    pub descr: String,
    /// The values, widened to 64 bits.
    pub data: NpyData,
}

impl NpyArray {
    /// The number of values (elements, not bytes).
    pub fn len(&self) -> usize {
        match &self.data {
            NpyData::Complex(v) => v.len(),
            NpyData::Real(v) => v.len(),
            NpyData::Int(v) => v.len(),
        }
    }
    /// True when the array holds no values.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

const SUPPORTED: &str =
    "complex64, complex128, float16, float32, float64, int8/16/32/64, uint8/16/32/64, bool";

/// Reads a .npy file. Errors are [`JitError::BadFile`] naming the path: unreadable,
/// malformed, Fortran order, or a dtype outside complex64/128, float32/64, (u)int8..64, bool.
pub fn read_npy(path: &Path) -> Result<NpyArray> {
    regular_input(path)?;
    let bytes =
        std::fs::read(path).map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    parse_npy(&bytes).map_err(|m| JitError::file(path, m))
}

/// Refuses a .npy input that is a pipe or a device, before opening it (opening a FIFO waits
/// for a writer): its header and data are read by separate opens and at offsets, so a FIFO's
/// data came out as "missing the \x93NUMPY magic" or "truncated".
pub(crate) fn regular_input(path: &Path) -> Result<()> {
    if super::atomic::is_special(path) {
        return Err(JitError::file(
            path,
            "not a regular file (a pipe or device): a .npy input is read more than once and \
             at offsets; copy it to a file first",
        ));
    }
    Ok(())
}

pub(crate) fn header_value<'a>(header: &'a str, key: &str) -> std::result::Result<&'a str, String> {
    let k = format!("'{key}':");
    let at = header
        .find(&k)
        .ok_or_else(|| format!("malformed .npy header: no '{key}' entry"))?;
    Ok(header[at + k.len()..].trim_start())
}

/// The dtype string of a header's `descr` entry, quotes removed.
pub(crate) fn header_descr(header: &str) -> std::result::Result<String, String> {
    Ok(header_value(header, "descr")?
        .trim_start_matches(['\'', '"'])
        .chars()
        .take_while(|c| *c != '\'' && *c != '"')
        .collect())
}

pub(crate) fn parse_shape(header: &str) -> std::result::Result<Vec<usize>, String> {
    let v = header_value(header, "shape")?;
    let open = v
        .strip_prefix('(')
        .ok_or("malformed .npy header: shape is not a tuple")?;
    let close = open
        .find(')')
        .ok_or("malformed .npy header: shape tuple not closed")?;
    open[..close]
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<usize>()
                .map_err(|_| format!("malformed .npy header: shape entry `{s}`"))
        })
        .collect()
}

/// The number of elements of `shape`, refused where it exceeds the address space (a hostile
/// header's `(2**40, 2**40)` would otherwise wrap to a small count and pass the size check).
pub(crate) fn element_count(shape: &[usize]) -> std::result::Result<usize, String> {
    shape
        .iter()
        .try_fold(1usize, |acc, &d| acc.checked_mul(d))
        .ok_or_else(|| {
            format!("malformed .npy header: shape {shape:?} holds more than 2^64 elements")
        })
}

/// The header text of a .npy file (versions 1–3) and the offset where the data begins.
fn header_text(bytes: &[u8]) -> std::result::Result<(&str, usize), String> {
    let major = bytes[6];
    let (hlen, hstart) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err("truncated .npy file: header length missing".into());
            }
            (
                u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
                12,
            )
        }
        v => {
            return Err(format!(
                "unsupported .npy format version {v} (1, 2 and 3 are supported)"
            ))
        }
    };
    let hend = hstart + hlen;
    if bytes.len() < hend {
        return Err("truncated .npy file: the header is cut short".into());
    }
    let header =
        std::str::from_utf8(&bytes[hstart..hend]).map_err(|_| "malformed .npy header: not text")?;
    Ok((header, hend))
}

/// The data of dtype `kind` (e.g. `c8`, `u1`) from little-endian `body` bytes; `None` for a
/// dtype this reader does not know, an error for a uint64 value above 2^63.
fn decode(kind: &str, body: &[u8]) -> Option<std::result::Result<NpyData, String>> {
    let f32s = |b: &[u8]| f32::from_le_bytes([b[0], b[1], b[2], b[3]]) as f64;
    let f64s = |b: &[u8]| f64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
    let data = match kind {
        "c8" => NpyData::Complex(
            body.chunks_exact(8)
                .map(|b| Complex64::new(f32s(&b[..4]), f32s(&b[4..])))
                .collect(),
        ),
        "c16" => NpyData::Complex(
            body.chunks_exact(16)
                .map(|b| Complex64::new(f64s(&b[..8]), f64s(&b[8..])))
                .collect(),
        ),
        "f2" => NpyData::Real(
            body.chunks_exact(2)
                .map(|b| super::half::f16_to_f32(u16::from_le_bytes([b[0], b[1]])) as f64)
                .collect(),
        ),
        "f4" => NpyData::Real(body.chunks_exact(4).map(f32s).collect()),
        "f8" => NpyData::Real(body.chunks_exact(8).map(f64s).collect()),
        "i1" => NpyData::Int(body.iter().map(|b| *b as i8 as i64).collect()),
        "u1" | "b1" => NpyData::Int(body.iter().map(|b| *b as i64).collect()),
        "i2" => NpyData::Int(
            body.chunks_exact(2)
                .map(|b| i16::from_le_bytes([b[0], b[1]]) as i64)
                .collect(),
        ),
        "u2" => NpyData::Int(
            body.chunks_exact(2)
                .map(|b| u16::from_le_bytes([b[0], b[1]]) as i64)
                .collect(),
        ),
        "i4" => NpyData::Int(
            body.chunks_exact(4)
                .map(|b| i32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64)
                .collect(),
        ),
        "u4" => NpyData::Int(
            body.chunks_exact(4)
                .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as i64)
                .collect(),
        ),
        "i8" | "u8" => {
            let mut v = Vec::with_capacity(body.len() / 8);
            for b in body.chunks_exact(8) {
                let x = i64::from_le_bytes(b.try_into().unwrap_or([0; 8]));
                if kind == "u8" && x < 0 {
                    return Some(Err(
                        "uint64 value above 2^63 cannot be a function value".into()
                    ));
                }
                v.push(x);
            }
            NpyData::Int(v)
        }
        _ => return None,
    };
    Some(Ok(data))
}

/// Parses the bytes of a .npy file (as [`read_npy`], without the file); the error is the
/// message alone, for the caller to place.
pub fn parse_npy(bytes: &[u8]) -> std::result::Result<NpyArray, String> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err("not a .npy file (missing the \\x93NUMPY magic)".into());
    }
    let (header, hend) = header_text(bytes)?;
    let descr = header_descr(header)?;
    let fortran = header_value(header, "fortran_order")?;
    if fortran.starts_with("True") {
        return Err(
            "Fortran-order arrays are not supported; save with np.ascontiguousarray(x)".into(),
        );
    }
    if !fortran.starts_with("False") {
        return Err("malformed .npy header: fortran_order is neither True nor False".into());
    }
    let shape = parse_shape(header)?;
    let count = element_count(&shape)?;
    // The byte-order mark is one character (a non-ASCII one is no mark, not a split inside it).
    let (endian, kind) = descr.split_at(descr.chars().next().map_or(0, char::len_utf8));
    if !matches!(endian, "<" | ">" | "|" | "=") {
        return Err(format!(
            "malformed .npy dtype {descr}: no byte order mark (<, > or |)"
        ));
    }
    let size: usize = kind.get(1..).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = &bytes[hend..];
    let need = count.checked_mul(size).ok_or("shape too large")?;
    let unsupported = || format!("unsupported dtype {descr}: supported are {SUPPORTED}");
    if size == 0
        || !matches!(
            kind.as_bytes().first(),
            Some(b'c' | b'f' | b'i' | b'u' | b'b')
        )
    {
        return Err(unsupported());
    }
    if body.len() < need {
        return Err(format!(
            "truncated .npy file: shape {shape:?} of {descr} needs {need} data bytes, the file has {}",
            body.len()
        ));
    }
    let mut body = std::borrow::Cow::Borrowed(&body[..need]);
    if endian == ">" && size > 1 {
        // Big-endian: swap each scalar in place (complex values are two scalars of size / 2).
        let scalar = if kind.starts_with('c') {
            size / 2
        } else {
            size
        };
        body.to_mut()
            .chunks_exact_mut(scalar)
            .for_each(|b| b.reverse());
    }
    let data = decode(kind, &body).ok_or_else(unsupported)??;
    Ok(NpyArray { shape, descr, data })
}

/// The shape and data bytes of a C-order `uint8` (`|u1`) array, without widening: the
/// compact path of truth vectors. `None` for any other dtype or a malformed file (the full
/// [`parse_npy`] then names the problem).
pub fn npy_u8_body(bytes: &[u8]) -> Option<(Vec<usize>, &[u8])> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return None;
    }
    let (hlen, hstart) = match bytes[6] {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 if bytes.len() >= 12 => (
            u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize,
            12,
        ),
        _ => return None,
    };
    let header = std::str::from_utf8(bytes.get(hstart..hstart + hlen)?).ok()?;
    let descr = header_value(header, "descr").ok()?;
    if !(descr.starts_with("'|u1'") || descr.starts_with("'<u1'")) {
        return None;
    }
    if !header_value(header, "fortran_order")
        .ok()?
        .starts_with("False")
    {
        return None;
    }
    let shape = parse_shape(header).ok()?;
    let count = element_count(&shape).ok()?;
    let body = bytes.get(hstart + hlen..(hstart + hlen).checked_add(count)?)?;
    Some((shape, body))
}

/// Serialises values of any shape: `descr` names the dtype, `body` holds the C-order bytes.
pub fn npy_bytes(descr: &str, shape: &[usize], body: &[u8]) -> Vec<u8> {
    let dims: Vec<String> = shape.iter().map(|d| d.to_string()).collect();
    let shape_s = if dims.len() == 1 {
        format!("({},)", dims[0])
    } else {
        format!("({})", dims.join(", "))
    };
    let mut header =
        format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape_s}, }}");
    // Version 1 holds a header of up to 65535 bytes; a longer one (thousands of axes) is
    // written as version 2 (a 4-byte length), as numpy does.
    let v1 = header.len() + 64 <= u16::MAX as usize;
    let prefix = MAGIC.len() + if v1 { 4 } else { 6 };
    let total = prefix + header.len() + 1;
    header.push_str(&" ".repeat((64 - total % 64) % 64));
    header.push('\n');
    let mut out = Vec::with_capacity(prefix + header.len() + body.len());
    out.extend_from_slice(MAGIC);
    if v1 {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[2, 0]);
        out.extend_from_slice(&(header.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend_from_slice(body);
    out
}

/// Complex values as a complex64 (`single`) or complex128 array of the given shape.
pub fn npy_complex_shaped(data: &[Complex64], single: bool, shape: &[usize]) -> Vec<u8> {
    let mut body = Vec::with_capacity(data.len() * if single { 8 } else { 16 });
    for c in data {
        if single {
            body.extend_from_slice(&(c.re as f32).to_le_bytes());
            body.extend_from_slice(&(c.im as f32).to_le_bytes());
        } else {
            body.extend_from_slice(&c.re.to_le_bytes());
            body.extend_from_slice(&c.im.to_le_bytes());
        }
    }
    npy_bytes(if single { "<c8" } else { "<c16" }, shape, &body)
}

/// Serialises complex values as a 1-D complex64 (`single`) or complex128 array.
pub fn npy_complex_bytes(data: &[Complex64], single: bool) -> Vec<u8> {
    npy_complex_shaped(data, single, &[data.len()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_complex() {
        let v = vec![Complex64::new(1.5, -2.0), Complex64::new(0.25, 3.0)];
        for single in [true, false] {
            let b = npy_complex_bytes(&v, single);
            assert_eq!((b.len() - v.len() * if single { 8 } else { 16 }) % 64, 0);
            let a = parse_npy(&b).unwrap();
            assert_eq!(a.shape, vec![2]);
            let s = npy_complex_shaped(&v, single, &[1, 2]);
            assert_eq!(parse_npy(&s).unwrap().shape, vec![1, 2]);
            assert_eq!(a.data, NpyData::Complex(v.clone()));
        }
    }

    #[test]
    fn bad_files() {
        assert!(parse_npy(b"hello world").unwrap_err().contains("magic"));
        let mut b = npy_complex_bytes(&[Complex64::new(1.0, 1.0); 4], true);
        b.truncate(b.len() - 3);
        assert!(parse_npy(&b).unwrap_err().contains("truncated"));
        let b = npy_complex_bytes(&[Complex64::new(1.0, 1.0)], true);
        // Edit the header in place (the magic is not UTF-8, so no String round trip).
        let swap = |from: &[u8], to: &[u8]| {
            let mut v = b.clone();
            let at = v.windows(from.len()).position(|w| w == from).unwrap();
            v.splice(at..at + from.len(), to.iter().copied());
            v
        };
        let s = swap(b"<c8", b"<U8");
        let e = parse_npy(&s).unwrap_err();
        assert!(e.contains("unsupported dtype <U8"), "{e}");
        let s = swap(b"False", b"True ");
        assert!(parse_npy(&s).unwrap_err().contains("Fortran"));
    }

    /// A version-1 .npy file with `descr` and raw (already ordered) data bytes, written by hand.
    fn npy_with(descr: &str, shape: &str, data: &[u8]) -> Vec<u8> {
        let mut header =
            format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {shape}, }}");
        let total = MAGIC.len() + 4 + header.len() + 1;
        header.push_str(&" ".repeat((64 - total % 64) % 64));
        header.push('\n');
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(header.len() as u16).to_le_bytes());
        out.extend_from_slice(header.as_bytes());
        out.extend_from_slice(data);
        out
    }

    #[test]
    fn big_endian_arrays_are_byte_swapped() {
        let c: Vec<u8> = [1.5f32, -2.0, 0.25, 3.0]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">c8", "(2,)", &c)).unwrap();
        assert_eq!(
            a.data,
            NpyData::Complex(vec![Complex64::new(1.5, -2.0), Complex64::new(0.25, 3.0)])
        );
        let c: Vec<u8> = [1.0f64 / 3.0, -7.25]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">c16", "(1,)", &c)).unwrap();
        assert_eq!(
            a.data,
            NpyData::Complex(vec![Complex64::new(1.0 / 3.0, -7.25)])
        );
        let f: Vec<u8> = [1e300f64, -0.5, 2.0]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">f8", "(3,)", &f)).unwrap();
        assert_eq!(a.data, NpyData::Real(vec![1e300, -0.5, 2.0]));
        let f: Vec<u8> = [0.75f32, -3.5]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">f4", "(2,)", &f)).unwrap();
        assert_eq!(a.data, NpyData::Real(vec![0.75, -3.5]));
        let i: Vec<u8> = [-2i32, 70000, 1]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">i4", "(3,)", &i)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![-2, 70000, 1]));
        let i: Vec<u8> = [-300i16, 2].iter().flat_map(|x| x.to_be_bytes()).collect();
        let a = parse_npy(&npy_with(">i2", "(2,)", &i)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![-300, 2]));
        let u: Vec<u8> = [65535u16, 3].iter().flat_map(|x| x.to_be_bytes()).collect();
        let a = parse_npy(&npy_with(">u2", "(2,)", &u)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![65535, 3]));
        let u: Vec<u8> = [4_000_000_000u32]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">u4", "(1,)", &u)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![4_000_000_000]));
        let l: Vec<u8> = [-(1i64 << 40), 5]
            .iter()
            .flat_map(|x| x.to_be_bytes())
            .collect();
        let a = parse_npy(&npy_with(">i8", "(2,)", &l)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![-(1i64 << 40), 5]));
        // The same values little-endian read the same.
        let l: Vec<u8> = [-(1i64 << 40), 5]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let a = parse_npy(&npy_with("<i8", "(2,)", &l)).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![-(1i64 << 40), 5]));
        // One-byte types carry `|`; a missing byte-order mark is refused.
        let a = parse_npy(&npy_with("|i1", "(2,)", &[0xff, 7])).unwrap();
        assert_eq!(a.data, NpyData::Int(vec![-1, 7]));
        let e = parse_npy(&npy_with("c8", "(1,)", &[0; 8])).unwrap_err();
        assert!(e.contains("byte order"), "{e}");
    }
}
