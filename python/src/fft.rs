//! The native half of `jitfft.fft` … `irfftn` (numpy.fft's any-shape transforms): a
//! C-contiguous complex128 (or float64 for rfftn) array of `shape`, the axes and the library's
//! scaling, through the device plan cache's `jitfft::fft` plan. Arguments (n, s, axes, norm,
//! dtypes, out) are settled by the Python layer (`jitfft/_anyfft.py`).

use crate::cache::{get_or_build, Footprint, Shared};
use crate::errors::{bad, to_py};
use crate::{device_nogil, DeviceArg};
use jitfft::fft::hermitian::RealFft;
use jitfft::fft::tuning::{wisdom_key, FftWisdom};
use jitfft::fft::{FftPlan, FftTransform, NumpyNorm};
use jitfft::runtime::Gpu;
use jitfft::storage::HalfStorage;
use jitfft::transform::DeviceComplex;
use jitfft::transform::{Direction, Norm, Precision};
use num_complex::{Complex32, Complex64};
use numpy::{PyArray1, PyArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

struct Ready<T> {
    gpu: Arc<Gpu>,
    tr: T,
}

fn direction(inverse: bool) -> Direction {
    if inverse {
        Direction::Inverse
    } else {
        Direction::Forward
    }
}

fn numpy_norm(s: &str) -> PyResult<NumpyNorm> {
    s.parse::<NumpyNorm>().map_err(bad)
}

/// A precision argument as the device stores and computes it: "f32", "f64", or "f16" /
/// "bf16" (stored in 16 bits, computed in f32). Shared with `jitfft.rvc`.
pub(crate) fn storage(s: &str) -> PyResult<(Precision, Option<HalfStorage>)> {
    Ok(match s {
        "f16" => (Precision::F32, Some(HalfStorage::F16)),
        "bf16" => (Precision::F32, Some(HalfStorage::Bf16)),
        other => (other.parse::<Precision>().map_err(bad)?, None),
    })
}

/// numpy's fftn (or ifftn) of x (C order, `shape`) over `axes`: a 1-D result, complex64 for
/// complex64 input to an f32 plan (no conversion on the host), else complex128 (16-bit
/// storage: complex128 in and out, rounded to the storage on the device).
#[pyfunction]
#[pyo3(signature = (x, shape, axes, precision_, inverse, norm, device=None))]
#[allow(clippy::too_many_arguments)]
fn _fftn<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    shape: Vec<u64>,
    axes: Vec<i64>,
    precision_: &str,
    inverse: bool,
    norm: &str,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let dir = direction(inverse);
    let (prec, half) = storage(precision_)?;
    let plan = FftPlan::new(&shape, &axes, dir, numpy_norm(norm)?.scaling(dir), prec)
        .and_then(|p| p.with_half(half))
        .map_err(to_py)?;
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let stored = tuned_budget(&gpu, &shape, &plan.axes, dir, (prec, half), false)?;
    let key = format!("{plan:?} {stored:?}");
    let ready: Shared<Ready<FftTransform>> = py
        .allow_threads(|| {
            get_or_build(&gpu, "fft", key, || {
                let tr = FftTransform::scheduled(&gpu, &plan, stored)?;
                let size = Footprint {
                    device_bytes: tr.data_bytes(),
                    host_bytes: plan.len() * plan.precision.complex_bytes(),
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
    if let (Ok(x), None) = (x.downcast::<PyArray1<Complex32>>(), half) {
        return run_typed(py, &ready, x);
    }
    let x = x.downcast::<PyArray1<Complex64>>()?;
    match plan.precision {
        Precision::F64 => run_typed(py, &ready, x),
        Precision::F32 => run_on(py, &ready, x, |tr: &FftTransform, gpu, v| {
            tr.execute(gpu, v).map(|(y, _)| y)
        }),
    }
}

/// x in the plan's own precision (complex64 for f32, complex128 for f64) into a fresh array
/// of the same type: no conversion on the host (`FftTransform::execute_into`).
fn run_typed<'py, C>(
    py: Python<'py>,
    ready: &Shared<Ready<FftTransform>>,
    x: &Bound<'py, PyArray1<C>>,
) -> PyResult<Bound<'py, PyAny>>
where
    C: DeviceComplex + numpy::Element,
{
    let dest = crate::vc::fresh::<C>(py, x.len()?, None)?;
    {
        let ro = x.readonly();
        let input = ro.as_slice()?;
        let mut rw = dest.try_readwrite()?;
        let output = rw.as_slice_mut()?;
        py.allow_threads(|| {
            let r = ready.lock().unwrap_or_else(|e| e.into_inner());
            r.tr.execute_into(&r.gpu, input, output)
        })
        .map_err(to_py)?;
    }
    Ok(dest.into_any())
}

/// The fused launches' budget `jitfft tune fft` stored for this run on `gpu`, as `fft` reads
/// it (`None`: the device's default schedule).
fn tuned_budget(
    gpu: &Gpu,
    shape: &[u64],
    axes: &[usize],
    dir: Direction,
    (prec, half): (Precision, Option<HalfStorage>),
    real: bool,
) -> PyResult<Option<u64>> {
    let storage = jitfft::storage::precision_name(half, prec);
    let key = wisdom_key(&gpu.info, shape, axes, (dir, &storage), real);
    let stored = FftWisdom::stored(&gpu.knobs, &key).map_err(to_py)?;
    Ok(stored.map(|(v, _)| v))
}

/// The cached real transform of (shape, axes, direction, norm, precision).
fn real_plan(
    py: Python<'_>,
    shape: &[u64],
    axes: &[i64],
    dir: Direction,
    norm: &str,
    prec: &str,
    device: &Option<DeviceArg>,
) -> PyResult<Shared<Ready<RealFft>>> {
    let (norm, (prec, half)) = (numpy_norm(norm)?, storage(prec)?);
    let gpu = device_nogil(py, DeviceArg::selector(device).as_deref())?;
    let resolved = FftPlan::new(shape, axes, dir, Norm::None, prec).map_err(to_py)?;
    let stored = tuned_budget(&gpu, shape, &resolved.axes, dir, (prec, half), true)?;
    let key = format!("{shape:?} {axes:?} {dir} {norm} {prec} {half:?} {stored:?}");
    py.allow_threads(|| {
        get_or_build(&gpu, "rfft", key, || {
            let how = (dir, norm);
            let tr = RealFft::scheduled(&gpu, shape, axes, how, (prec, half), stored)?;
            let parts = tr.first.iter().chain(tr.last.iter());
            let device_bytes = parts.map(|t| t.data_bytes()).sum();
            let size = Footprint {
                device_bytes,
                host_bytes: device_bytes / 2,
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
    .map_err(to_py)
}

/// Runs `f` on the locked plan for `x` with the GIL released: a fresh 1-D array of its output.
fn run_on<'py, I, O, T>(
    py: Python<'py>,
    ready: &Shared<Ready<T>>,
    x: &Bound<'py, PyArray1<I>>,
    f: impl Fn(&T, &Gpu, &[I]) -> jitfft::Result<Vec<O>> + Send + Sync,
) -> PyResult<Bound<'py, PyAny>>
where
    I: numpy::Element + Sync,
    O: numpy::Element + Send,
    T: Send,
{
    let ro = x.readonly();
    let input = ro.as_slice()?;
    let y = py
        .allow_threads(|| {
            let r = ready.lock().unwrap_or_else(|e| e.into_inner());
            f(&r.tr, &r.gpu, input)
        })
        .map_err(to_py)?;
    Ok(PyArray1::from_vec(py, y).into_any())
}

/// numpy's rfftn of the real x (C order, `shape`) over `axes`: the half spectrum, 1-D
/// complex128 (the last of `axes` halved).
#[pyfunction]
#[pyo3(signature = (x, shape, axes, precision_, norm, device=None))]
fn _rfftn<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyArray1<f64>>,
    shape: Vec<u64>,
    axes: Vec<i64>,
    precision_: &str,
    norm: &str,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let dir = Direction::Forward;
    let ready = real_plan(py, &shape, &axes, dir, norm, precision_, &device)?;
    run_on(py, &ready, x, |tr: &RealFft, gpu, v| {
        tr.forward(gpu, v).map(|(y, _)| y)
    })
}

/// numpy's irfftn of the half spectrum x into the real array of `shape` over `axes`: 1-D
/// float64.
#[pyfunction]
#[pyo3(signature = (x, shape, axes, precision_, norm, device=None))]
fn _irfftn<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyArray1<Complex64>>,
    shape: Vec<u64>,
    axes: Vec<i64>,
    precision_: &str,
    norm: &str,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let dir = Direction::Inverse;
    let ready = real_plan(py, &shape, &axes, dir, norm, precision_, &device)?;
    run_on(py, &ready, x, |tr: &RealFft, gpu, v| {
        tr.inverse(gpu, v).map(|(y, _)| y)
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_fftn, m)?)?;
    m.add_function(wrap_pyfunction!(_rfftn, m)?)?;
    m.add_function(wrap_pyfunction!(_irfftn, m)?)?;
    Ok(())
}
