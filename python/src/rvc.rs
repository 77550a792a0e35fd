//! The native half of `jitfft.rvc` / `irvc`: B real-input VC transforms (numpy's rfftn /
//! irfftn over (p,)*n) on a C-contiguous float64 array, with the device plan cache's plan
//! (`jitfft::vc::real`). Axes, s, norm, dtypes and out are the Python layer's
//! (`jitfft/_rvc.py`); this only converts and runs.

use crate::cache::{get_or_build, Footprint};
use crate::device_nogil;
use crate::errors::{bad, to_py};
use jitfft::runtime::Gpu;
use jitfft::transform::{Direction, Norm, Precision};
use jitfft::vc::real::resolve::real_transform;
use jitfft::vc::real::RealVc;
use jitfft::vc::request::Request;
use jitfft::vc::storage::HalfStorage;
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

/// A real-input transform ready on its device.
struct Ready {
    gpu: Arc<Gpu>,
    tr: RealVc,
}

fn norm_arg(s: &str) -> PyResult<Norm> {
    s.parse::<Norm>().map_err(bad)
}

/// `batch` transforms of shape (p,)*n: forward, x holds B·p^n reals and the result the half
/// spectra's interleaved (re, im); inverse, the other way round. `precision` "f32" or "f64"
/// (the device's arithmetic), or "f16" / "bf16" (stored in 16 bits on the device, computed in
/// f32: half the bytes a pass), `norm` the library's ("none", "full", "ortho").
#[pyfunction]
#[pyo3(signature = (x, p, n, batch, precision, inverse, norm, device=None))]
#[allow(clippy::too_many_arguments)]
fn _rvc<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyArray1<f64>>,
    p: u32,
    n: u32,
    batch: u64,
    precision: &str,
    inverse: bool,
    norm: &str,
    device: Option<String>,
) -> PyResult<Bound<'py, PyArray1<f64>>> {
    let (precision, half) = match precision {
        "f16" => (Precision::F32, Some(HalfStorage::F16)),
        "bf16" => (Precision::F32, Some(HalfStorage::Bf16)),
        other => (other.parse::<Precision>().map_err(bad)?, None),
    };
    let req = Request {
        n: Some(n),
        batch: Some(batch),
        precision,
        half,
        direction: if inverse {
            Direction::Inverse
        } else {
            Direction::Forward
        },
        norm: Some(norm_arg(norm)?),
        real: true,
        ..Request::new(p)
    };
    let gpu = device_nogil(py, device.as_deref())?;
    let key = format!("{req:?}");
    let ready = py
        .allow_threads(|| {
            get_or_build(&gpu, "rvc", key, || {
                let tr = real_transform(&req, &gpu, None, None)?;
                let bytes = tr.plan.real_len() * tr.plan.complex_bytes() / 2
                    + tr.plan.half_len() * tr.plan.complex_bytes();
                let size = Footprint {
                    device_bytes: 2 * bytes,
                    host_bytes: bytes,
                };
                Ok((
                    Ready {
                        gpu: gpu.clone(),
                        tr,
                    },
                    size,
                ))
            })
        })
        .map_err(to_py)?;
    let input: Vec<f64> = x.readonly().as_slice()?.to_vec();
    let out = py
        .allow_threads(|| {
            let r = ready.lock().unwrap_or_else(|e| e.into_inner());
            r.tr.execute(&r.gpu, &input).map(|(o, _)| o)
        })
        .map_err(to_py)?;
    Ok(PyArray1::from_vec(py, out))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_rvc, m)?)?;
    Ok(())
}
