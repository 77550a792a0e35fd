//! `.npy` readers: every dtype, byte order and shape written and read back (the full reader,
//! the header-only readers, the compact `u8` path), and random mutations of valid files,
//! hostile shapes and Fortran order refused with a message, never a panic or a wrong count.

use crate::common::prop_config;
use jitfft::io::half::f16_to_f32;
use jitfft::io::npy::{npy_bytes, npy_u8_body, parse_npy, read_npy, NpyData};
use jitfft::io::npy_raw::read_header;
use jitfft::io::npy_stream::complex_header;
use num_complex::Complex64;
use proptest::prelude::*;

/// Every dtype the reader takes: (kind, scalar bytes).
const KINDS: &[(&str, usize)] = &[
    ("b1", 1),
    ("i1", 1),
    ("u1", 1),
    ("i2", 2),
    ("u2", 2),
    ("i4", 4),
    ("u4", 4),
    ("i8", 8),
    ("u8", 8),
    ("f2", 2),
    ("f4", 4),
    ("f8", 8),
    ("c8", 4),
    ("c16", 8),
];

/// A dtype, a byte order and a shape (0-d, empty axes and up to 4 axes).
fn array_case() -> impl Strategy<Value = (usize, char, Vec<usize>, u64)> {
    (
        0..KINDS.len(),
        prop::sample::select(vec!['<', '>', '|', '=']),
        prop::collection::vec(0usize..5, 0..5),
        any::<u64>(),
    )
}

/// The scalars of `count` values of `kind` from `seed` (raw bits, so every pattern occurs:
/// NaNs, infinities, subnormals, negative zero), as u64 bit patterns.
fn scalars(kind: &str, count: usize, seed: u64) -> Vec<u64> {
    let per = if kind.starts_with('c') { 2 } else { 1 };
    let mut s = seed | 1;
    (0..count * per)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            match kind {
                "b1" => s & 1,
                // Every value below 2^63: the reader refuses larger uint64 (tested apart).
                "u8" => s >> 1,
                _ => s,
            }
        })
        .collect()
}

/// The bytes of the scalars in the given byte order (`>` big-endian, else little).
fn encode(size: usize, big: bool, bits: &[u64]) -> Vec<u8> {
    bits.iter()
        .flat_map(|&b| {
            let le = b.to_le_bytes();
            let mut v = le[..size].to_vec();
            if big {
                v.reverse();
            }
            v
        })
        .collect()
}

/// What the reader must give for the scalars of `kind`.
fn expected(kind: &str, size: usize, bits: &[u64]) -> NpyData {
    let sext = |b: u64| ((b << (64 - 8 * size)) as i64) >> (64 - 8 * size);
    let zext = |b: u64| (b & (u64::MAX >> (64 - 8 * size))) as i64;
    match kind {
        "f2" => NpyData::Real(bits.iter().map(|&b| f16_to_f32(b as u16) as f64).collect()),
        "f4" => NpyData::Real(
            bits.iter()
                .map(|&b| f32::from_bits(b as u32) as f64)
                .collect(),
        ),
        "f8" => NpyData::Real(bits.iter().map(|&b| f64::from_bits(b)).collect()),
        "c8" | "c16" => {
            let real = |b: u64| match kind {
                "c8" => f32::from_bits(b as u32) as f64,
                _ => f64::from_bits(b),
            };
            NpyData::Complex(
                bits.chunks_exact(2)
                    .map(|c| Complex64::new(real(c[0]), real(c[1])))
                    .collect(),
            )
        }
        k if k.starts_with('i') => NpyData::Int(bits.iter().map(|&b| sext(b)).collect()),
        _ => NpyData::Int(bits.iter().map(|&b| zext(b)).collect()),
    }
}

/// Equal values, NaN equal to NaN (bit patterns of a NaN may change through f32 → f64).
fn same(a: &NpyData, b: &NpyData) -> bool {
    let f = |x: f64, y: f64| x.to_bits() == y.to_bits() || (x.is_nan() && y.is_nan());
    match (a, b) {
        (NpyData::Real(x), NpyData::Real(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| f(*a, *b))
        }
        (NpyData::Complex(x), NpyData::Complex(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| f(a.re, b.re) && f(a.im, b.im))
        }
        (x, y) => x == y,
    }
}

/// The element count of a shape, `None` where it overflows (a release build's `product()`
/// wraps, which would hide the very bug looked for).
fn checked_count(shape: &[usize]) -> Option<usize> {
    shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d))
}

/// The readers' verdicts on the same bytes agree: a file the full reader takes has the same
/// header through the header-only readers (and the compact u8 path where it applies).
fn readers_agree(bytes: &[u8]) -> Result<(), TestCaseError> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("x.npy");
    std::fs::write(&path, bytes).unwrap();
    let full = read_npy(&path);
    let header = read_header(&path);
    let complex = complex_header(&path);
    let compact = npy_u8_body(bytes);
    for e in [
        full.as_ref().err(),
        header.as_ref().err(),
        complex.as_ref().err(),
    ]
    .into_iter()
    .flatten()
    {
        let m = e.to_string();
        prop_assert!(m.contains("x.npy: ") && m.len() > 12, "{m}");
    }
    if let Ok(a) = &full {
        prop_assert_eq!(
            Some(a.len()),
            checked_count(&a.shape),
            "values and shape disagree"
        );
        if let Ok(h) = &header {
            prop_assert_eq!(&h.shape, &a.shape);
            prop_assert_eq!(&h.descr, &a.descr);
        }
        if let Ok(Some(c)) = &complex {
            prop_assert_eq!(&c.shape, &a.shape);
        }
        if let Some((shape, body)) = compact {
            prop_assert_eq!(&shape, &a.shape);
            let ints: Vec<i64> = body.iter().map(|b| *b as i64).collect();
            prop_assert_eq!(&NpyData::Int(ints), &a.data);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(prop_config(192))]

    /// Written with any dtype, byte order and shape, read back value for value by every reader.
    #[test]
    fn every_dtype_order_and_shape_round_trips((k, order, shape, seed) in array_case()) {
        let (kind, size) = KINDS[k];
        let count: usize = shape.iter().product();
        let bits = scalars(kind, count, seed);
        let big = order == '>' && size > 1;
        let descr = format!("{order}{kind}");
        let bytes = npy_bytes(&descr, &shape, &encode(size, big, &bits));
        prop_assert_eq!(bytes.len() % 64, (bits.len() * size) % 64, "data 64-byte aligned");
        let a = parse_npy(&bytes).map_err(TestCaseError::fail)?;
        prop_assert_eq!(&a.shape, &shape);
        prop_assert_eq!(&a.descr, &descr);
        prop_assert!(same(&a.data, &expected(kind, size, &bits)), "{:?}", a.data);
        readers_agree(&bytes)?;
        // One byte short is refused as truncated (an empty array has no byte to lose).
        if !bits.is_empty() {
            let e = parse_npy(&bytes[..bytes.len() - 1]).unwrap_err();
            prop_assert!(e.contains("truncated"), "{}", e);
        }
    }

    /// A uint64 value at or above 2^63 is refused with the reason, wherever it sits.
    #[test]
    fn uint64_above_2_63_is_refused(vals in prop::collection::vec(any::<u64>(), 1..40)) {
        let bytes = npy_bytes("<u8", &[vals.len()], &encode(8, false, &vals));
        match parse_npy(&bytes) {
            Ok(a) => {
                prop_assert!(vals.iter().all(|&v| v < 1 << 63));
                prop_assert_eq!(a.data, NpyData::Int(vals.iter().map(|&v| v as i64).collect()));
            }
            Err(e) => {
                prop_assert!(vals.iter().any(|&v| v >= 1 << 63));
                prop_assert!(e.contains("2^63"), "{}", e);
            }
        }
    }

    /// Shapes claiming up to 2^64 (and wrapping) elements over a few bytes of data: refused,
    /// never read as a short array.
    #[test]
    fn huge_claimed_shapes_are_refused(
        dims in prop::collection::vec(prop_oneof![Just(0usize), 1usize..4, Just(1 << 20), Just(1 << 40), Just(1 << 32), any::<usize>()], 1..5),
        k in 0..KINDS.len(),
        data in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let (kind, _) = KINDS[k];
        let bytes = npy_bytes(&format!("<{kind}"), &dims, &data);
        if let Ok(a) = parse_npy(&bytes) {
            prop_assert_eq!(Some(a.len()), checked_count(&dims));
        }
        readers_agree(&bytes)?;
    }

    /// Random edits of a valid file (bytes changed, inserted, removed, cut): every reader
    /// answers without a panic, and whatever the full reader accepts is self-consistent.
    #[test]
    fn mutated_files_never_panic(
        (k, order, shape, seed) in array_case(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..6),
    ) {
        let (kind, size) = KINDS[k];
        let count: usize = shape.iter().product();
        let bits = scalars(kind, count, seed);
        let mut bytes = npy_bytes(&format!("{order}{kind}"), &shape, &encode(size, order == '>', &bits));
        for (at, op, byte) in edits {
            // Most edits land in the header, where the parser is.
            let i = at.index(bytes.len().min(128));
            match op {
                0 => bytes[i] = byte,
                1 => bytes.insert(i, byte),
                2 => { bytes.remove(i); }
                _ => bytes.truncate(i),
            }
            if bytes.is_empty() { break; }
        }
        let _ = parse_npy(&bytes);
        readers_agree(&bytes)?;
    }

    /// Headers assembled from fragments (any descr, fortran_order, shape text, version):
    /// parsed or refused by name.
    #[test]
    fn hostile_headers_are_refused_by_name(
        descr in prop::sample::select(vec!["<c8", ">f8", "|u1", "é8", "<U8", "", "<c", "<f99999999999999999999", "<c1", ">c3", "'", "<i0", "|b1"]),
        fortran in prop::sample::select(vec!["False", "True", "0", "", "Tru", "False,"]),
        shape in prop::sample::select(vec!["()", "(3,)", "(2, 2)", "(", "(-1,)", "(1e3,)", "((1,),)", "(18446744073709551615, 2)", "3", "(,,)", "(4294967296, 4294967296)"]),
        version in 0u8..5,
        body in prop::collection::vec(any::<u8>(), 0..80),
    ) {
        let header = format!("{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': {shape}, }}\n");
        let mut bytes = b"\x93NUMPY".to_vec();
        bytes.push(version);
        bytes.push(0);
        if version >= 2 {
            bytes.extend_from_slice(&(header.len() as u32).to_le_bytes());
        } else {
            bytes.extend_from_slice(&(header.len() as u16).to_le_bytes());
        }
        bytes.extend_from_slice(header.as_bytes());
        bytes.extend_from_slice(&body);
        match parse_npy(&bytes) {
            Ok(a) => {
                prop_assert!(fortran == "False" || fortran == "False,");
                prop_assert!((1..=3).contains(&version));
                prop_assert_eq!(Some(a.len()), checked_count(&a.shape));
            }
            Err(e) => prop_assert!(!e.is_empty()),
        }
        if fortran == "True" && (1..=3).contains(&version) {
            prop_assert!(parse_npy(&bytes).unwrap_err().contains("Fortran"));
        }
        readers_agree(&bytes)?;
    }

    /// A header length claiming gigabytes in a small file: refused as cut short, before the
    /// header-only readers allocate it.
    #[test]
    fn header_lengths_past_the_end_are_refused(hlen in any::<u32>(), version in 1u8..4) {
        let mut bytes = b"\x93NUMPY".to_vec();
        bytes.extend_from_slice(&[version, 0]);
        bytes.extend_from_slice(&hlen.to_le_bytes());
        bytes.extend_from_slice(b"{'descr': '<c8', }");
        // Version 1 reads a 2-byte length (then the header starts at byte 10), 2 and 3 four
        // bytes (at 12): what the file claims is the length its version reads.
        let (claimed, start) = match version {
            1 => ((hlen & 0xffff) as usize, 10),
            _ => (hlen as usize, 12),
        };
        let short = claimed > bytes.len() - start;
        if short {
            prop_assert!(parse_npy(&bytes).unwrap_err().contains("truncated"));
        }
        readers_agree(&bytes)?;
    }
}

/// A header of thousands of axes outgrows version 1's 2-byte length: written as version 2,
/// read back (found by `every_dtype_order_and_shape_round_trips`' reasoning on the writer).
#[test]
fn long_headers_are_written_as_version_2() {
    let shape = vec![1usize; 30_000];
    let bytes = npy_bytes("<f8", &shape, &1.5f64.to_le_bytes());
    assert_eq!(bytes[6], 2);
    let a = parse_npy(&bytes).unwrap();
    assert_eq!((a.shape, a.data), (shape, NpyData::Real(vec![1.5])));
}
