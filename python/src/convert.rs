//! numpy arrays and Python integers in and out: dtype rules, contiguity (no copy where the
//! array already is what the device reads), truth vectors, integers through their bytes.

use crate::errors::{bad, to_py};
use jitfft::mvl::TruthVectors;
use jitfft::transform::Precision;
use num_complex::{Complex32, Complex64};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyInt};
use rug::integer::Order;
use rug::Integer;

/// A C-contiguous complex array in one of the two device precisions.
pub(crate) enum ComplexArray<'py> {
    F32(Bound<'py, PyArrayDyn<Complex32>>),
    F64(Bound<'py, PyArrayDyn<Complex64>>),
}

impl ComplexArray<'_> {
    /// Whether this is the object `x` itself (no conversion was made).
    pub(crate) fn is(&self, x: &Bound<'_, PyAny>) -> bool {
        match self {
            ComplexArray::F32(a) => a.is(x),
            ComplexArray::F64(a) => a.is(x),
        }
    }

    pub(crate) fn shape(&self) -> Vec<usize> {
        match self {
            ComplexArray::F32(a) => a.shape().to_vec(),
            ComplexArray::F64(a) => a.shape().to_vec(),
        }
    }
}

fn numpy(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    py.import("numpy")
}

/// numpy's dtype kind ('c', 'f', 'i', 'u', 'b', ...) and item size of `arr`.
fn kind(arr: &Bound<'_, PyAny>) -> PyResult<(String, usize, String)> {
    let dt = arr.getattr("dtype")?;
    Ok((
        dt.getattr("kind")?.extract()?,
        dt.getattr("itemsize")?.extract()?,
        dt.str()?.to_string(),
    ))
}

/// `x` as a C-contiguous complex64 or complex128 array: `want` where given (a plan's
/// precision), else complex64 for complex64 and float32 input and complex128 for every other
/// complex, real or integer input. No copy where `x` already is such an array.
pub(crate) fn complex_array<'py>(
    x: &Bound<'py, PyAny>,
    want: Option<Precision>,
    what: &str,
) -> PyResult<ComplexArray<'py>> {
    // The fast path: already a C-contiguous array of the wanted dtype (no numpy call).
    if want != Some(Precision::F64) {
        if let Ok(a) = x.downcast::<PyArrayDyn<Complex32>>() {
            if a.is_c_contiguous() {
                return Ok(ComplexArray::F32(a.clone()));
            }
        }
    }
    if want != Some(Precision::F32) {
        if let Ok(a) = x.downcast::<PyArrayDyn<Complex64>>() {
            if a.is_c_contiguous() {
                return Ok(ComplexArray::F64(a.clone()));
            }
        }
    }
    let py = x.py();
    let np = numpy(py)?;
    let arr = np.call_method1("asarray", (x,))?;
    let (k, size, name) = kind(&arr)?;
    let natural = match (k.as_str(), size) {
        ("c", 8) | ("f", 4) | ("f", 2) => Precision::F32,
        ("c", _) | ("f", _) | ("i", _) | ("u", _) => Precision::F64,
        _ => {
            return Err(bad(format!(
                "{what} has dtype {name}: use complex64 or complex128 (real float or integer input is promoted)"
            )))
        }
    };
    let p = want.unwrap_or(natural);
    let dtype = match p {
        Precision::F32 => "complex64",
        Precision::F64 => "complex128",
    };
    let c = np.call_method1("ascontiguousarray", (arr, dtype))?;
    Ok(match p {
        Precision::F32 => ComplexArray::F32(c.downcast_into()?),
        Precision::F64 => ComplexArray::F64(c.downcast_into()?),
    })
}

/// Truth vectors of p-valued functions from an integer array of shape (p^n,), (p,)*n,
/// (B, p^n) or (B,)+(p,)*n. uint8 arrays (p ≤ 256) are taken as they are (values ≥ p are
/// found on the device); other integer types are checked here.
pub(crate) fn truth_vectors(truth: &Bound<'_, PyAny>, p: u32) -> PyResult<TruthVectors> {
    let py = truth.py();
    let np = numpy(py)?;
    let arr = np.call_method1("asarray", (truth,))?;
    let (k, size, name) = kind(&arr)?;
    let shape: Vec<usize> = arr.getattr("shape")?.extract()?;
    if p < 2 {
        return Err(bad(format!(
            "p = {p} is not allowed: a p-valued function needs p ≥ 2"
        )));
    }
    match (k.as_str(), size) {
        ("u", 1) | ("b", 1) if p <= 256 => {
            let a: Bound<'_, PyArrayDyn<u8>> = np
                .call_method1("ascontiguousarray", (arr, "uint8"))?
                .downcast_into()?;
            let bytes = a.readonly().as_slice()?.to_vec();
            TruthVectors::from_u8_array(p, &shape, bytes, "truth").map_err(to_py)
        }
        ("u", _) | ("i", _) | ("b", _) => {
            if k == "u" && size == 8 {
                // uint64 beyond i64: checked before the cast wraps it negative.
                let big = np
                    .call_method1("any", (arr.call_method1("__ge__", (1u64 << 63,))?,))?
                    .is_truthy()?;
                if big {
                    return Err(bad(format!(
                        "truth holds a value ≥ 2^63: function values must be integers 0..{}",
                        p - 1
                    )));
                }
            }
            let a: Bound<'_, PyArrayDyn<i64>> = np
                .call_method1("ascontiguousarray", (arr, "int64"))?
                .downcast_into()?;
            let ro = a.readonly();
            TruthVectors::from_int_array(p, &shape, ro.as_slice()?, "truth").map_err(to_py)
        }
        _ => Err(bad(format!(
            "truth has dtype {name}: truth vectors hold integers 0..{} (uint8 for p ≤ 256, or any integer type)",
            p - 1
        ))),
    }
}

/// A Python integer (or anything with `__index__`) as a GMP integer, through its bytes.
pub(crate) fn int_from_py(x: &Bound<'_, PyAny>, what: &str) -> PyResult<Integer> {
    let py = x.py();
    let x = py
        .import("operator")?
        .call_method1("index", (x,))
        .map_err(|_| {
            bad(format!(
                "{what} is a {}, not an integer",
                x.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
    let x = x.downcast_into::<PyInt>()?;
    let neg = x.lt(0)?;
    let mag = if neg { x.neg()? } else { x.into_any() };
    let bits: u64 = mag.call_method0("bit_length")?.extract()?;
    let bytes = mag.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    let bytes = bytes.downcast::<PyBytes>()?;
    let m = Integer::from_digits(bytes.as_bytes(), Order::Lsf);
    Ok(if neg { -m } else { m })
}

/// A GMP integer as a Python int, through its bytes.
pub(crate) fn int_to_py<'py>(py: Python<'py>, x: &Integer) -> PyResult<Bound<'py, PyAny>> {
    let bytes: Vec<u8> = x.to_digits(Order::Lsf);
    let int = py.get_type::<PyInt>();
    let mag = int.call_method1("from_bytes", (PyBytes::new(py, &bytes), "little"))?;
    if *x < 0 {
        mag.neg()
    } else {
        Ok(mag)
    }
}

/// A Python integer (or anything with `__index__`) as its sign and the little-endian bytes of
/// its magnitude (`int.to_bytes`: memory speed, never text).
pub(crate) fn limbs_from_py<'py>(
    x: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<(bool, Bound<'py, PyBytes>)> {
    let x = index_int(x, what)?;
    let neg = x.lt(0)?;
    let mag = if neg { x.neg()? } else { x.into_any() };
    let bits: u64 = mag.call_method0("bit_length")?.extract()?;
    let bytes = mag.call_method1("to_bytes", (bits.div_ceil(8), "little"))?;
    Ok((neg, bytes.downcast_into::<PyBytes>()?))
}

/// `x` itself where it is an int, else `operator.index(x)` (TypeError naming `what` where
/// that fails).
pub(crate) fn index_int<'py>(x: &Bound<'py, PyAny>, what: &str) -> PyResult<Bound<'py, PyInt>> {
    if let Ok(i) = x.downcast_exact::<PyInt>() {
        return Ok(i.clone());
    }
    let py = x.py();
    let x = py
        .import("operator")?
        .call_method1("index", (x,))
        .map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "{what} is a {}, not an integer",
                x.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
    Ok(x.downcast_into::<PyInt>()?)
}

/// Little-endian 64-bit limbs as a Python int (`int.from_bytes`), negated where asked.
pub(crate) fn limbs_to_py<'py>(
    py: Python<'py>,
    limbs: &[u64],
    negative: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let le: Vec<u8> = if cfg!(target_endian = "little") {
        bytemuck::cast_slice(limbs).to_vec()
    } else {
        limbs.iter().flat_map(|l| l.to_le_bytes()).collect()
    };
    let int = py.get_type::<PyInt>();
    let mag = int.call_method1("from_bytes", (PyBytes::new(py, &le), "little"))?;
    if negative {
        mag.neg()
    } else {
        Ok(mag)
    }
}
