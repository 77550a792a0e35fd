//! Truth vectors of p-valued functions as the device reads them: B functions of N = p^n
//! values each, one value a byte for p ≤ 256 (u16 little-endian byte pairs above), row-major
//! (B, p, …, p). Loaded from `.npy` (integer dtypes, or floats holding integers) or `.txt`
//! (one function per line).

use crate::error::{JitError, Result};
use crate::io::input::infer_n;
use crate::io::npy::{parse_npy, NpyData};
use std::path::Path;

/// B truth vectors of one p and n, in the device's compact form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TruthVectors {
    /// Values per variable.
    pub p: u32,
    /// Variables (N = p^n values a function).
    pub n: u32,
    /// Number of functions.
    pub batch: u64,
    /// Shape of the input (an output that mirrors it uses the same shape).
    pub shape: Vec<usize>,
    /// B·N values: one byte each for p ≤ 256, else two (little-endian u16).
    pub data: Vec<u8>,
}

/// The shape of `batch` functions of `len` values given as flat data: one axis for one function.
fn flat_shape(batch: u64, len: u64) -> Vec<usize> {
    if batch == 1 {
        vec![len as usize]
    } else {
        vec![batch as usize, len as usize]
    }
}

impl TruthVectors {
    /// From values already known to be in 0..p−1 (checked again here, naming the function
    /// and position of the first bad one); `values` is B·N long.
    pub fn from_values(p: u32, n: u32, batch: u64, values: &[u32]) -> Result<TruthVectors> {
        let len = check_p_n(p, n)?;
        if batch == 0 || values.len() as u64 != batch * len {
            return Err(JitError::invalid(format!(
                "{} values given for {batch} function(s) of {p}^{n} = {len} values",
                values.len()
            )));
        }
        if let Some(i) = values.iter().position(|&v| v >= p) {
            return Err(out_of_range(p, len, i as u64, values[i] as i64));
        }
        Ok(TruthVectors {
            p,
            n,
            batch,
            shape: flat_shape(batch, len),
            data: pack(p, values.iter().map(|&v| v as u64)),
        })
    }

    /// From the device form as it is: B·N bytes for p ≤ 256 (else 2·B·N, u16 little-endian),
    /// function-major. Values are not checked here: the device finds any ≥ p (see
    /// [`check_range`](Self::check_range) for a host-side check).
    pub fn from_bytes(p: u32, n: u32, batch: u64, data: Vec<u8>) -> Result<TruthVectors> {
        let len = check_p_n(p, n)?;
        let width = if p <= 256 { 1 } else { 2 };
        if batch == 0 || data.len() as u64 != batch * len * width {
            return Err(JitError::invalid(format!(
                "{} bytes given for {batch} function(s) of {p}^{n} = {len} values ({width} byte(s) each)",
                data.len()
            )));
        }
        Ok(TruthVectors {
            p,
            n,
            batch,
            shape: flat_shape(batch, len),
            data,
        })
    }

    /// N = p^n.
    pub fn len(&self) -> u64 {
        (self.p as u64).pow(self.n)
    }

    /// Whether there are no functions (never true for a loaded or built value).
    pub fn is_empty(&self) -> bool {
        self.batch == 0
    }

    /// The first value outside 0..p−1 as an error naming its function and position (the
    /// device checks the same while it loads; this is for host-side users).
    pub fn check_range(&self) -> Result<()> {
        let len = self.len();
        for f in 0..self.batch {
            if let Some((i, v)) = self
                .function(f)
                .into_iter()
                .enumerate()
                .find(|(_, v)| *v >= self.p)
            {
                return Err(out_of_range(self.p, len, f * len + i as u64, v as i64));
            }
        }
        Ok(())
    }

    /// All B·N values as complex input: ε^v (`roots`) or v itself.
    pub fn decode(&self, roots: bool) -> Vec<num_complex::Complex64> {
        (0..self.batch)
            .flat_map(|f| self.function(f))
            .map(|v| {
                if roots {
                    crate::transform::root(self.p, v as u64, crate::transform::Direction::Inverse)
                } else {
                    num_complex::Complex64::new(v as f64, 0.0)
                }
            })
            .collect()
    }

    /// The values of function `f`.
    pub fn function(&self, f: u64) -> Vec<u32> {
        let len = self.len() as usize;
        let (a, b) = (f as usize * len, (f as usize + 1) * len);
        if self.p <= 256 {
            self.data[a..b].iter().map(|&v| v as u32).collect()
        } else {
            self.data[2 * a..2 * b]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]) as u32)
                .collect()
        }
    }
}

/// B random functions (values uniform in 0..p−1) drawn from `seed`.
pub fn random_truth(p: u32, n: u32, batch: u64, seed: u64) -> Result<TruthVectors> {
    use rand::{Rng, SeedableRng};
    let len = check_p_n(p, n)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let values: Vec<u32> = (0..batch * len).map(|_| rng.gen_range(0..p)).collect();
    TruthVectors::from_values(p, n, batch, &values)
}

fn check_p_n(p: u32, n: u32) -> Result<u64> {
    if !(2..=65536).contains(&p) {
        return Err(JitError::invalid(format!(
            "p = {p}: truth vectors hold p-valued functions with 2 ≤ p ≤ 65536"
        )));
    }
    crate::transform::checked_pow(p as u64, n)
        .filter(|_| n >= 1)
        .ok_or_else(|| JitError::invalid(format!("{p}^{n} values: need 1 ≤ n and p^n < 2^64")))
}

fn out_of_range(p: u32, len: u64, i: u64, v: i64) -> JitError {
    JitError::invalid(format!(
        "function {}: the value at position {} is {v}, outside 0..{} (a {p}-valued function)",
        i / len,
        i % len,
        p - 1
    ))
}

fn pack(p: u32, values: impl Iterator<Item = u64>) -> Vec<u8> {
    if p <= 256 {
        values.map(|v| v as u8).collect()
    } else {
        values.flat_map(|v| (v as u16).to_le_bytes()).collect()
    }
}

/// (batch, n) of an array shape: 1-D (p^n) or all axes p: one function; (B, p^n) or
/// (B, p, …, p): B functions. An array whose every axis is p reads as one function.
pub(crate) fn batch_of_shape(p: u32, shape: &[usize], what: &str) -> Result<(u64, u32)> {
    let (b, len) = crate::io::input::batch_shape(p, shape, None, what)?;
    Ok((b, infer_n(p, len, what)?))
}

/// Loads B truth vectors for p-valued functions from `.npy` or `.txt`. Errors name what was
/// wrong: values < 0 or ≥ p (function and position; u8 arrays are checked on the device),
/// rows of different lengths, a length that is not p^n, an empty file, floats with fractions.
pub fn load_truth(path: &Path, p: u32, n: Option<u32>) -> Result<TruthVectors> {
    let what = path.display().to_string();
    let ext = path
        .extension()
        .map(|e| e.to_string_lossy().to_lowercase())
        .unwrap_or_default();
    let t = match ext.as_str() {
        "npy" => {
            let bytes = std::fs::read(path)
                .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
            truth_from_npy(&bytes, p, &what).map_err(|e| JitError::file(path, e.to_string()))?
        }
        "txt" | "csv" | "" => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
            truth_from_text(&text, p).map_err(|e| JitError::file(path, e.to_string()))?
        }
        other => {
            return Err(JitError::file(
                path,
                format!("unknown input format .{other}: use .npy (integer array) or .txt (one function per line)"),
            ))
        }
    };
    if let Some(n) = n {
        if n != t.n {
            return Err(JitError::file(
                path,
                format!(
                    "holds functions of {p}^{} values, but --n {n} asks for {p}^{n}",
                    t.n
                ),
            ));
        }
    }
    Ok(t)
}

/// Truth vectors from the bytes of a `.npy` file. u8 data (p ≤ 256) is taken as it is and
/// checked on the device; other integer dtypes are checked here.
pub fn truth_from_npy(bytes: &[u8], p: u32, what: &str) -> Result<TruthVectors> {
    if let Some((shape, body)) = crate::io::npy::npy_u8_body(bytes) {
        if p <= 256 {
            return TruthVectors::from_u8_array(p, &shape, body.to_vec(), what);
        }
    }
    let arr = parse_npy(bytes).map_err(JitError::invalid)?;
    if arr.is_empty() {
        return Err(JitError::invalid("the array holds no values"));
    }
    let (_, n) = batch_of_shape(p, &arr.shape, what)?;
    let len = check_p_n(p, n)?;
    let ints: Vec<i64> = match arr.data {
        NpyData::Int(v) => v,
        NpyData::Real(v) => {
            if let Some(i) = v.iter().position(|x| x.fract() != 0.0 || !x.is_finite()) {
                return Err(JitError::invalid(format!(
                    "{} holds {} at flat position {i} (function {}, position {}): function values must be integers 0..{}",
                    arr.descr,
                    v[i],
                    i as u64 / len,
                    i as u64 % len,
                    p - 1
                )));
            }
            v.into_iter().map(|x| x as i64).collect()
        }
        NpyData::Complex(_) => {
            return Err(JitError::invalid(format!(
                "{} is complex; a truth vector holds integers 0..{}",
                arr.descr,
                p - 1
            )))
        }
    };
    TruthVectors::from_int_array(p, &arr.shape, &ints, what)
}

impl TruthVectors {
    /// From an array of u8 values (p ≤ 256) of `shape`: (p^n,), (p, …, p), (B, p^n) or
    /// (B, p, …, p). The bytes are taken as they are; values ≥ p are found on the device (or
    /// by [`check_range`](Self::check_range)). `what` names the array in errors.
    pub fn from_u8_array(p: u32, shape: &[usize], data: Vec<u8>, what: &str) -> Result<Self> {
        if p > 256 {
            return Err(JitError::invalid(format!(
                "{what}: u8 values hold p ≤ 256 values, p = {p}: use a wider integer type"
            )));
        }
        if data.is_empty() {
            return Err(JitError::invalid("the array holds no values"));
        }
        let (batch, n) = batch_of_shape(p, shape, what)?;
        Ok(TruthVectors {
            p,
            n,
            batch,
            shape: shape.to_vec(),
            data,
        })
    }

    /// From integer values of any width and `shape` (as [`from_u8_array`](Self::from_u8_array)),
    /// checked here: the first value outside 0..p−1 is named by function and position.
    pub fn from_int_array(p: u32, shape: &[usize], ints: &[i64], what: &str) -> Result<Self> {
        if ints.is_empty() {
            return Err(JitError::invalid("the array holds no values"));
        }
        let (batch, n) = batch_of_shape(p, shape, what)?;
        let len = check_p_n(p, n)?;
        if let Some(i) = ints.iter().position(|&v| v < 0 || v >= p as i64) {
            return Err(out_of_range(p, len, i as u64, ints[i]));
        }
        Ok(TruthVectors {
            p,
            n,
            batch,
            shape: shape.to_vec(),
            data: pack(p, ints.iter().map(|&v| v as u64)),
        })
    }
}

/// Truth vectors from text: one function per non-empty line (integers separated by
/// whitespace or commas; `#` starts a comment), every line the same length p^n.
pub fn truth_from_text(text: &str, p: u32) -> Result<TruthVectors> {
    let (values, batch, len) = crate::io::text::value_rows(text, p)?;
    let n = infer_n(p, len, "each function")?;
    let mut t = TruthVectors::from_values(p, n, batch, &values)?;
    if batch > 1 {
        t.shape = vec![batch as usize, len];
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_and_bad_text() {
        assert_eq!(batch_of_shape(3, &[81], "x").unwrap(), (1, 4));
        assert_eq!(batch_of_shape(3, &[3, 3, 3], "x").unwrap(), (1, 3));
        assert_eq!(batch_of_shape(3, &[5, 81], "x").unwrap(), (5, 4));
        assert_eq!(batch_of_shape(3, &[7, 3, 3], "x").unwrap(), (7, 2));
        assert!(batch_of_shape(3, &[7, 10], "x").is_err());
        let t = truth_from_text("0 1 2\n2 1 0\n\n1,1,1 # c\n", 3).unwrap();
        assert_eq!((t.batch, t.n, t.shape.clone()), (3, 1, vec![3, 3]));
        assert_eq!(t.function(2), [1, 1, 1]);
        let e = truth_from_text("0 1 2\n2 1\n", 3).unwrap_err().to_string();
        assert!(
            e.contains("different lengths") && e.contains("line 2"),
            "{e}"
        );
        let e = truth_from_text("0 1 2\n2 1 3\n", 3)
            .unwrap_err()
            .to_string();
        assert!(e.contains("function 1") && e.contains("position 2"), "{e}");
        let e = truth_from_text("0 1\n", 3).unwrap_err().to_string();
        assert!(e.contains("not p^n"), "{e}");
        assert!(truth_from_text("# nothing\n", 3).is_err());
        let t = TruthVectors::from_values(300, 1, 1, &(0..300).collect::<Vec<_>>()).unwrap();
        assert_eq!(t.data.len(), 600);
        assert_eq!(t.function(0)[299], 299);
    }
}
