//! NTT data on the host: flat 64-bit limbs (standard form), random draws, and the text file
//! format (one decimal integer in [0, p) a line).

use crate::error::{JitError, Result};
use crate::field::cpu::limbs64;
use crate::field::montgomery::{from_limbs, to_limbs, LimbBits};
use crate::field::PrimeField;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use rug::Integer;
use std::path::Path;

/// `count` uniform elements of [0, p) (rejection sampling on the top limb), flat limbs.
pub fn random_elements(field: &PrimeField, count: usize, seed: u64) -> Vec<u64> {
    let n = limbs64(field);
    let p = to_limbs(&field.p, LimbBits::B64, n);
    let top_bits = field.bits() - 64 * (n as u32 - 1);
    let top_mask = if top_bits == 64 {
        u64::MAX
    } else {
        (1u64 << top_bits) - 1
    };
    let less = |e: &[u64]| {
        for j in (0..n).rev() {
            if e[j] != p[j] {
                return e[j] < p[j];
            }
        }
        false
    };
    // Independent streams per chunk keep large draws fast and reproducible.
    const CHUNK: usize = 1 << 14;
    let mut out = vec![0u64; count * n];
    out.par_chunks_mut(CHUNK * n)
        .enumerate()
        .for_each(|(c, chunk)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(c as u64);
            for e in chunk.chunks_exact_mut(n) {
                loop {
                    for l in e.iter_mut() {
                        *l = rng.gen();
                    }
                    e[n - 1] &= top_mask;
                    if less(e) {
                        break;
                    }
                }
            }
        });
    out
}

/// Elements as integers from the host layout (the field's 64-bit limb count of little-endian u64
/// words per element).
pub fn to_integers(field: &PrimeField, data: &[u64]) -> Vec<Integer> {
    data.chunks_exact(limbs64(field))
        .map(|e| from_limbs(e, LimbBits::B64))
        .collect()
}

/// Elements in the host layout (little-endian u64 words per element); each `x` must be in [0, p).
pub fn from_integers(field: &PrimeField, xs: &[Integer]) -> Vec<u64> {
    let n = limbs64(field);
    xs.iter()
        .flat_map(|x| to_limbs(x, LimbBits::B64, n))
        .collect()
}

/// Reads one decimal integer in [0, p) per line (blank lines at the end allowed).
pub fn read_elements(field: &PrimeField, path: &Path) -> Result<Vec<u64>> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
    let lines: Vec<&str> = text.trim_end().lines().collect();
    if text.trim().is_empty() {
        return Err(JitError::file(
            path,
            "empty: one decimal integer in [0, p) a line is expected",
        ));
    }
    let mut xs = Vec::with_capacity(lines.len());
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim();
        let ok = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        if !ok {
            return Err(JitError::file(
                path,
                format!(
                    "line {}: {t:?} is not a decimal integer (one value in [0, p) a line)",
                    i + 1
                ),
            ));
        }
        let v = Integer::from_str_radix(t, 10)
            .map_err(|e| JitError::file(path, format!("line {}: {e}", i + 1)))?;
        if v >= field.p {
            return Err(JitError::file(
                path,
                format!(
                    "line {}: {v} is not below the modulus p = {}",
                    i + 1,
                    field.p
                ),
            ));
        }
        xs.push(v);
    }
    Ok(from_integers(field, &xs))
}

/// The text of elements, one decimal integer a line.
pub fn format_elements(field: &PrimeField, data: &[u64]) -> String {
    let mut s = String::new();
    for x in to_integers(field, data) {
        s.push_str(&x.to_string());
        s.push('\n');
    }
    s
}
