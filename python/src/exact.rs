//! The exact transforms on Python integers: `jitfft.ntt` (prime fields in Montgomery form),
//! `jitfft.gfp` (generalized Fermat primes), `jitfft.mul` (long-integer products). Integers
//! cross the boundary as their bytes, never as decimal strings. Each plan (program, device
//! buffers, pinned staging) comes from the device's plan cache and is reused by later calls.

use crate::cache::{get_or_build, Footprint};
use crate::convert::{int_from_py, int_to_py};
use crate::errors::{bad, to_py};
use crate::{device_nogil, DeviceArg};
use jitfft::field::cpu::limbs64;
use jitfft::field::PrimeField;
use jitfft::gfp::execute::device_limits;
use jitfft::gfp::{GfpField, GfpPlan, GfpTransform};
use jitfft::mul::Method;
use jitfft::ntt::data::{from_integers, to_integers};
use jitfft::ntt::NttTransform;
use numpy::{IntoPyArray, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyList;
use rug::Integer;

/// log2 of a transform size, with the CLI's message when it is not a power of two ≥ 2.
fn log2_size(count: usize) -> PyResult<u32> {
    if count < 2 || !count.is_power_of_two() {
        return Err(bad(format!(
            "{count} values: a transform needs N = 2^L ≥ 2 values"
        )));
    }
    Ok(count.trailing_zeros())
}

/// Python integers in [0, p), each checked.
fn residues(values: &Bound<'_, PyAny>, p: &Integer, what: &str) -> PyResult<Vec<Integer>> {
    let mut out = Vec::new();
    for (i, v) in values.try_iter()?.enumerate() {
        let x = int_from_py(&v?, &format!("{what}[{i}]"))?;
        if x < 0 || x >= *p {
            return Err(bad(format!(
                "{what}[{i}] = {x} is outside [0, p): every value must be a residue 0 ≤ x < p = {p}"
            )));
        }
        out.push(x);
    }
    Ok(out)
}

/// The number-theoretic transform y_k = Σ_j x_j ω^(jk) mod p of N = 2^L elements of a prime
/// field (ω a primitive N-th root of unity from the field's generator; inverse=True uses ω^−1
/// and multiplies by N^−1), bit-exact. values: a sequence of Python ints in [0, p) (returns a
/// list of ints), or a uint64 array of shape (N, L) holding each element as L little-endian
/// 64-bit limbs, (N,) where one limb holds it (returns the same layout). field: a preset name
/// (bn254-fr, bls12-381-fr, goldilocks, babybear, ...; see `jitfft field --list`).
#[pyfunction]
#[pyo3(signature = (values, field="bn254-fr", inverse=false, *, device=None))]
fn ntt<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    field: &str,
    inverse: bool,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let f = PrimeField::preset(field).map_err(to_py)?;
    let l = limbs64(&f);
    let limb_array = values.downcast::<numpy::PyUntypedArray>().ok();
    let (data, shape) = match limb_array {
        Some(arr) => {
            let a = arr.downcast::<numpy::PyArrayDyn<u64>>().map_err(|_| {
                bad("values as an array must be uint64 limbs, shape (N, L) or (N,) (else pass a list of Python ints)")
            })?;
            let shape = a.shape().to_vec();
            let ok = match shape.as_slice() {
                [_, k] => *k == l,
                [_] => l == 1,
                _ => false,
            };
            if !ok {
                return Err(bad(format!(
                    "values has shape {shape:?}: {field} elements take {l} little-endian 64-bit limb(s), shape (N, {l}){}",
                    if l == 1 { " or (N,)" } else { "" }
                )));
            }
            let data = a.to_owned_array().into_iter().collect::<Vec<u64>>();
            // Canonical residues only: every element below p.
            if let Some(i) = to_integers(&f, &data).iter().position(|x| *x >= f.p) {
                return Err(bad(format!(
                    "values[{i}] is outside [0, p): every value must be a residue 0 ≤ x < p = {}",
                    f.p
                )));
            }
            (data, Some(shape))
        }
        None => (from_integers(&f, &residues(values, &f.p, "values")?), None),
    };
    let log_n = log2_size(data.len() / l)?;
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let out = py
        .allow_threads(|| {
            let key = format!("{field} 2^{log_n} inverse={inverse}");
            let tr = get_or_build(&gpu, "ntt", key, || {
                let plan = jitfft::ntt::default_plan(&gpu, &f, log_n, inverse)?;
                let bytes = plan.array_bytes();
                let tr = NttTransform::new(&gpu, &plan)?;
                // Two arrays and up to 1.5 arrays of tables (check_device's bound); staging.
                let size = Footprint {
                    device_bytes: bytes * 7 / 2,
                    host_bytes: bytes,
                };
                Ok((tr, size))
            })?;
            let tr = tr.lock().unwrap_or_else(|e| e.into_inner());
            let (y, _) = tr.execute(&gpu, &data)?;
            Ok(y)
        })
        .map_err(to_py)?;
    match shape {
        Some(shape) => Ok(out.into_pyarray(py).reshape(shape)?.into_any()),
        None => {
            let ints = to_integers(&f, &out)
                .iter()
                .map(|x| int_to_py(py, x))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, ints)?.into_any())
        }
    }
}

/// The FFT over a generalized Fermat prime p = r^k + 1 (presets p3, p4, p5; see `jitfft gfp
/// --help`) of N = 2^L Python ints in [0, p), bit-exact: y_k = Σ_j x_j ω^(jk) mod p with the
/// library's root ω (inverse=True: ω^−1 and N^−1).
#[pyfunction]
#[pyo3(signature = (values, prime="p3", inverse=false, *, device=None))]
fn gfp<'py>(
    py: Python<'py>,
    values: &Bound<'py, PyAny>,
    prime: &str,
    inverse: bool,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyList>> {
    let f = GfpField::preset(prime).map_err(to_py)?;
    let x = residues(values, &f.p, "values")?;
    let log_n = log2_size(x.len())?;
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let y = py
        .allow_threads(|| {
            let key = format!("{prime} 2^{log_n} inverse={inverse}");
            let tr = get_or_build(&gpu, "gfp", key, || {
                let (local, wg) = device_limits(&gpu);
                let plan = GfpPlan::new(f.clone(), log_n, inverse, local, wg)?;
                let tr = GfpTransform::new(&gpu, &plan)?;
                // An element is k + 1 64-bit words; two arrays, one table of each size, staging.
                let bytes = (8 * (f.k as u64 + 1)) << log_n;
                let size = Footprint {
                    device_bytes: 3 * bytes,
                    host_bytes: bytes,
                };
                Ok((tr, size))
            })?;
            let input = f.to_transposed(&x);
            let tr = tr.lock().unwrap_or_else(|e| e.into_inner());
            let (out, _) = tr.execute(&gpu, &input)?;
            f.from_transposed(&out, x.len())
        })
        .map_err(to_py)?;
    let ints = y
        .iter()
        .map(|v| int_to_py(py, v))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, ints)
}

/// The exact product a·b of two Python integers (any sign and size) on the device: "block"
/// (block convolutions, schoolbook work), "ntt" (Goldilocks NTTs of 16-bit digits) or "auto"
/// (block below the crossover `jitfft tune mul` stored for the device, else the default, ntt
/// above). The integers' digits are repacked in place, never through text.
#[pyfunction]
#[pyo3(signature = (a, b, method="auto", *, device=None))]
fn mul<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    method: &str,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let method = match method {
        "auto" => Method::Auto,
        "block" => Method::Block,
        "ntt" => Method::Ntt,
        m => return Err(bad(format!("method {m:?}: use 'auto', 'block' or 'ntt'"))),
    };
    // Operands and product cross as CPython digits repacked in place (mul_host.rs).
    crate::mul_host::mul(py, a, b, method, DeviceArg::selector(&device).as_deref())
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ntt, m)?)?;
    m.add_function(wrap_pyfunction!(gfp, m)?)?;
    m.add_function(wrap_pyfunction!(mul, m)?)?;
    Ok(())
}
