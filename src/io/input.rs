//! Turning an input file into the N = p^n complex values a transform takes.

use super::npy::{read_npy, NpyData};
use super::text::read_truth_vector;
use crate::error::{JitError, Result};
use crate::transform::root;
use crate::transform::{checked_pow, Direction};
use num_complex::Complex64;
use std::path::Path;

/// How integer function values become complex inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// v ↦ v.
    Values,
    /// v ↦ ε^v, ε = e^(2πi/p) (the encoding under which bent functions are defined).
    Roots,
}

/// The lengths near `len` that a p-valued function can have, for error messages.
pub fn fitting_lengths(p: u32, len: usize) -> String {
    let mut below = None;
    let mut above = None;
    for e in 1..64u32 {
        match checked_pow(p as u64, e) {
            Some(v) if (v as usize) < len => below = Some((v, e)),
            Some(v) => {
                above = Some((v, e));
                break;
            }
            None => break,
        }
    }
    let mut parts = Vec::new();
    if let Some((v, e)) = below {
        parts.push(format!("{v} (n = {e})"));
    }
    if let Some((v, e)) = above {
        parts.push(format!("{v} (n = {e})"));
    }
    format!(
        "lengths that fit p = {p} are powers of {p}, e.g. {}",
        parts.join(" or ")
    )
}

/// n with p^n = len, or an error that names the lengths that would fit.
pub fn infer_n(p: u32, len: usize, what: &str) -> Result<u32> {
    let mut acc: u64 = 1;
    for n in 1..64u32 {
        acc = match acc.checked_mul(p as u64) {
            Some(a) => a,
            None => break,
        };
        if acc == len as u64 {
            return Ok(n);
        }
        if acc > len as u64 {
            break;
        }
    }
    Err(JitError::invalid(format!(
        "{what} has {len} values, which is not p^n for p = {p}; {}",
        fitting_lengths(p, len)
    )))
}

/// Where an input holds NaN or infinite values: how many, and the first position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NonFinite {
    /// How many values are NaN or infinite (at least one).
    pub count: usize,
    /// Position (index into the flat data) of the first of them.
    pub first: usize,
}

impl std::fmt::Display for NonFinite {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} NaN or infinite value{} (first at position {})",
            self.count,
            if self.count == 1 { "" } else { "s" },
            self.first
        )
    }
}

/// Finds NaN or infinite values (in either part): `None` when every value is finite.
/// A transform spreads one such value through the whole spectrum.
pub fn find_non_finite(values: &[Complex64]) -> Option<NonFinite> {
    use rayon::prelude::*;
    const BLOCK: usize = 1 << 16;
    let finite = |v: &Complex64| v.re.is_finite() && v.im.is_finite();
    // Blocks in parallel (a check of 10^9 values), found in order.
    let per: Vec<Option<NonFinite>> = values
        .par_chunks(BLOCK)
        .map(|b| find_non_finite_where(b.iter().map(finite)))
        .collect();
    per.into_iter()
        .enumerate()
        .fold(None, |acc, (k, f)| match (acc, f) {
            (acc, None) => acc,
            (None, Some(f)) => Some(NonFinite {
                count: f.count,
                first: k * BLOCK + f.first,
            }),
            (Some(mut a), Some(f)) => {
                a.count += f.count;
                Some(a)
            }
        })
}

/// [`find_non_finite`] over any values, given whether each is finite (f32 data, say).
pub fn find_non_finite_where(finite: impl Iterator<Item = bool>) -> Option<NonFinite> {
    let mut found: Option<NonFinite> = None;
    for (i, ok) in finite.enumerate() {
        if !ok {
            match &mut found {
                Some(nf) => nf.count += 1,
                None => found = Some(NonFinite { count: 1, first: i }),
            }
        }
    }
    found
}

/// What a front end does with NaN or infinite input values, which a transform spreads through
/// the whole spectrum: report them and go on (the CLI without `--strict`), or refuse the input
/// (`vc --strict`, and the Python module always).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NonFinitePolicy {
    /// Go on; the caller shows the returned warning.
    Warn,
    /// Refuse the input; `refused_by` says what refused it (e.g. "--strict").
    Refuse {
        /// Named at the end of the error message.
        refused_by: &'static str,
    },
}

impl NonFinitePolicy {
    /// Applies the policy to what [`find_non_finite`] found in `what`: `Ok(None)` when every
    /// value is finite, `Ok(Some(warning))` under `Warn`, an [`JitError::InvalidInput`] under
    /// `Refuse`.
    pub fn apply(self, found: Option<NonFinite>, what: &str) -> Result<Option<String>> {
        let Some(nf) = found else { return Ok(None) };
        match self {
            NonFinitePolicy::Warn => Ok(Some(format!(
                "{what}: {nf}; they spread through the whole spectrum"
            ))),
            NonFinitePolicy::Refuse { refused_by } => Err(JitError::invalid(format!(
                "{what}: {nf}; refused by {refused_by} (one spreads through the whole spectrum)"
            ))),
        }
    }
}

/// The (n, B) of transform input of `shape` ([`batch_shape`]'s rule), each transform p^n
/// values; `n` and `batch` given by the caller must agree. Errors say which shapes are allowed.
pub fn transform_shape(
    p: u32,
    shape: &[usize],
    n: Option<u32>,
    batch: Option<u64>,
    what: &str,
) -> Result<(u32, u64)> {
    let (b, len) = batch_shape(p, shape, batch, what)?;
    let n_data = infer_n(p, len, "x").map_err(|_| {
        JitError::invalid(format!(
            "{what}: shape {shape:?} reads as {b} transform(s) of {len} values, which is not p^n for p = {p}; one transform is (p^n,) or (p,)*n, a batch (B, p^n) or (B, p, …, p)"
        ))
    })?;
    if let Some(n) = n {
        if n != n_data {
            return Err(JitError::invalid(format!(
                "{what}: transforms of {len} values = {p}^{n_data}, but n = {n} asks for {p}^{n}"
            )));
        }
    }
    Ok((n_data, b))
}

/// The p of an array shaped (p,)*n or (B,)+(p,)*n (n ≥ 2 for the batched form): its last
/// axis, where the shape reads that way; `None` for 1-D or ragged shapes (p must be given).
pub fn infer_p(shape: &[usize]) -> Option<u32> {
    let (&last, rest) = shape.split_last()?;
    let trailing = rest.iter().rev().take_while(|&&d| d == last).count() + 1;
    (shape.len() >= 2 && trailing + 1 >= shape.len() && last >= 2)
        .then(|| u32::try_from(last).ok())
        .flatten()
}

fn encode_ints(p: u32, ints: &[i64], enc: Encoding, path: &Path) -> Result<Vec<Complex64>> {
    match enc {
        Encoding::Values => Ok(ints.iter().map(|&v| Complex64::new(v as f64, 0.0)).collect()),
        Encoding::Roots => ints
            .iter()
            .enumerate()
            .map(|(i, &v)| {
                if v < 0 || v >= p as i64 {
                    Err(JitError::file(
                        path,
                        format!("value at position {i} is {v}; with --encoding roots values must be in 0..{}", p - 1),
                    ))
                } else {
                    Ok(root(p, v as u64, Direction::Inverse))
                }
            })
            .collect(),
    }
}

/// The values of an array as complex input under `enc` (integers or integral floats for
/// roots; any real or complex array for values).
fn npy_values(
    arr: crate::io::npy::NpyArray,
    p: u32,
    enc: Encoding,
    path: &Path,
) -> Result<Vec<Complex64>> {
    Ok(match arr.data {
        NpyData::Complex(v) if enc == Encoding::Values => v,
        NpyData::Real(v) if enc == Encoding::Values => {
            v.into_iter().map(|x| Complex64::new(x, 0.0)).collect()
        }
        NpyData::Int(v) => encode_ints(p, &v, enc, path)?,
        NpyData::Real(v) if v.iter().all(|x| x.fract() == 0.0 && x.abs() < 1e15) => {
            let ints: Vec<i64> = v.iter().map(|x| *x as i64).collect();
            encode_ints(p, &ints, enc, path)?
        }
        _ => {
            return Err(JitError::file(
                path,
                format!(
                    "--encoding roots needs integer function values; this file holds {}",
                    arr.descr
                ),
            ))
        }
    })
}

/// Shape rule of batched input: with `batch` given, the first axis is the batch and the rest
/// is (p^n) or (p, …, p); without it, a 1-D array or one whose every axis is p is one
/// transform, and (B, p^n) or (B, p, …, p) is B of them. Returns (B, N).
pub fn batch_shape(
    p: u32,
    shape: &[usize],
    batch: Option<u64>,
    what: &str,
) -> Result<(u64, usize)> {
    let pz = p as usize;
    let bad = || {
        JitError::invalid(format!(
            "{what}: shape {shape:?} is not (p^n,), ({p}, …, {p}), (B, p^n) or (B, {p}, …, {p})"
        ))
    };
    // A product that wraps (a header's (p,)*70) is no shape of any array.
    let product = |r: &[usize]| -> Result<usize> {
        r.iter()
            .try_fold(1usize, |a, &d| a.checked_mul(d))
            .ok_or_else(bad)
    };
    let rest = |r: &[usize]| -> Result<usize> {
        match r {
            [len] => Ok(*len),
            r if !r.is_empty() && r.iter().all(|&d| d == pz) => product(r),
            _ => Err(bad()),
        }
    };
    match (batch, shape) {
        (_, []) => Err(bad()),
        (Some(1), s) if s.len() == 1 || s.iter().all(|&d| d == pz) => Ok((1, product(s)?)),
        (Some(b), [first, r @ ..]) => {
            if *first as u64 != b {
                return Err(JitError::invalid(format!(
                    "{what}: shape {shape:?} holds {first} transforms, --batch says {b}"
                )));
            }
            Ok((b, rest(r)?))
        }
        (None, s) if s.len() == 1 || s.iter().all(|&d| d == pz) => Ok((1, product(s)?)),
        (None, [first, r @ ..]) => Ok((*first as u64, rest(r)?)),
    }
}

/// Reads B transforms' input (see [`batch_shape`]; `.txt` with `batch`: one truth vector a
/// line); returns (n, B, the input's shape, B·N values).
pub fn load_input_batch(
    path: &Path,
    p: u32,
    n: Option<u32>,
    batch: Option<u64>,
    enc: Encoding,
) -> Result<(u32, u64, Vec<usize>, Vec<Complex64>)> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let what = path.display().to_string();
    let (b, len, shape, data) = if ext == "npy" {
        let arr = read_npy(path)?;
        let shape = arr.shape.clone();
        let (n_file, b) = transform_shape(p, &shape, None, batch, &what)?;
        let len = (p as usize).pow(n_file);
        (b, len, shape, npy_values(arr, p, enc, path)?)
    } else if batch.is_some() && matches!(ext.as_str(), "txt" | "csv" | "") {
        let text = std::fs::read_to_string(path)
            .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
        let (values, b, len) = super::text::value_rows(&text, p)
            .and_then(|(v, b, len)| Ok((v, b, len, infer_n(p, len, "each function")?)))
            .map(|(v, b, len, _)| (v, b, len))
            .map_err(|e| JitError::file(path, e.to_string()))?;
        let ints: Vec<i64> = values.into_iter().map(i64::from).collect();
        let shape = if b > 1 {
            vec![b as usize, len]
        } else {
            vec![len]
        };
        (b, len, shape, encode_ints(p, &ints, enc, path)?)
    } else {
        let (n, data) = load_input(path, p, n, enc)?;
        let len = data.len();
        return Ok((n, 1, vec![len], data));
    };
    if let Some(want) = batch {
        if want != b {
            return Err(JitError::file(
                path,
                format!("holds {b} transforms, --batch says {want}"),
            ));
        }
    }
    let n_file = infer_n(p, len, &format!("each transform of {what}"))?;
    if let Some(n) = n {
        if n != n_file {
            return Err(JitError::file(
                path,
                format!("transforms of {len} values = {p}^{n_file}, but --n {n} asks for {p}^{n}"),
            ));
        }
    }
    Ok((n_file, b, shape, data))
}

/// Reads `.npy` or `.txt` input for a p-valued transform; returns (n, data).
/// `n` given by the user must agree with the file.
pub fn load_input(
    path: &Path,
    p: u32,
    n: Option<u32>,
    enc: Encoding,
) -> Result<(u32, Vec<Complex64>)> {
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let data = match ext.as_str() {
        "npy" => {
            let arr = read_npy(path)?;
            let len = arr.len();
            if arr.shape.len() > 1 && arr.shape.iter().any(|&d| d != p as usize) {
                return Err(JitError::file(
                    path,
                    format!(
                        "shape {:?} is neither 1-D nor ({p}, …, {p}); reshape to ({len},) or to (p,)*n",
                        arr.shape
                    ),
                ));
            }
            npy_values(arr, p, enc, path)?
        }
        "txt" | "csv" | "" => {
            let ints: Vec<i64> = read_truth_vector(path, p)?
                .into_iter()
                .map(i64::from)
                .collect();
            encode_ints(p, &ints, enc, path)?
        }
        other => {
            return Err(JitError::file(
                path,
                format!(
                    "unknown input format .{other}: use .npy (numpy array) or .txt (truth vector)"
                ),
            ))
        }
    };
    let n_file = infer_n(p, data.len(), &format!("{}", path.display()))?;
    if let Some(n) = n {
        if n != n_file {
            return Err(JitError::file(
                path,
                format!(
                    "holds {} values = {p}^{n_file}, but --n {n} asks for {p}^{n}",
                    data.len()
                ),
            ));
        }
    }
    Ok((n_file, data))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn infer_and_fit() {
        assert_eq!(infer_n(3, 27, "x").unwrap(), 3);
        let e = infer_n(3, 10, "input").unwrap_err().to_string();
        assert!(e.contains("9 (n = 2) or 27 (n = 3)"), "{e}");
    }
}
