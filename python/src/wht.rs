//! The native half of `jitfft.wht`: B real Walsh–Hadamard transforms of rows of 2^k values
//! (natural / Sylvester order) on a C-contiguous 1-D array of B·2^k values, with the device
//! plan cache's plan. numpy's conventions (axis, norm, dtype, out) are the Python layer's
//! (`jitfft/_wht.py`); half precision arrives as its uint16 bits. The arrays go through the
//! plan's pinned staging (`WhtTransform::execute_into`), copied on every core.

use crate::cache::{get_or_build, Footprint, Shared};
use crate::device_set::{open, split_rows, OpenSet, Rows};
use crate::errors::{bad, to_py};
use crate::{device_nogil, DeviceArg};
use jitfft::runtime::Gpu;
use jitfft::wht::{Storage, WhtNorm, WhtPlan, WhtTransform, WhtValue};
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

/// A transform ready on its device.
struct Ready {
    gpu: Arc<Gpu>,
    tr: WhtTransform,
}

fn storage_arg(s: &str) -> PyResult<Storage> {
    match s {
        "f16" => Ok(Storage::F16),
        "f32" => Ok(Storage::F32),
        "f64" => Ok(Storage::F64),
        _ => Err(bad(format!("precision {s:?}: use 'f16', 'f32' or 'f64'"))),
    }
}

fn norm_arg(s: Option<&str>) -> PyResult<WhtNorm> {
    match s {
        None | Some("backward") => Ok(WhtNorm::None),
        Some("ortho") => Ok(WhtNorm::Ortho),
        Some("forward") => Ok(WhtNorm::Forward),
        Some(n) => Err(bad(format!(
            "norm={n:?}: use None, 'backward' (no scaling), 'ortho' (1/sqrt(2^k)) or 'forward' (1/2^k)"
        ))),
    }
}

/// A library error as its Python exception, the CLI's option names in Python's spelling.
fn python_message(e: jitfft::JitError) -> PyErr {
    let err = to_py(e);
    Python::with_gil(|py| {
        let msg = err.value(py).to_string();
        // The CLI's option names in the library's messages, as this function spells them.
        let py_msg = msg
            .replace(
                "--norm ortho (or forward)",
                "norm=\"ortho\" (or \"forward\")",
            )
            .replace("use --precision f32", "pass float32 input");
        if py_msg != msg {
            bad(py_msg)
        } else {
            err
        }
    })
}

/// `gpu`'s plan cache's transform of `plan` (call with the GIL released).
fn cached_on(gpu: &Arc<Gpu>, plan: &WhtPlan) -> jitfft::Result<Shared<Ready>> {
    get_or_build(gpu, "wht", format!("{plan:?}"), || {
        let tr = WhtTransform::new(gpu, plan)?;
        let size = Footprint {
            device_bytes: plan.bytes(),
            host_bytes: plan.bytes(),
        };
        Ok((
            Ready {
                gpu: gpu.clone(),
                tr,
            },
            size,
        ))
    })
}

/// What runs a call: one device's plan, or a device set and the whole batch's plan (each
/// member builds the plan of its rows).
enum Runner {
    One(Shared<Ready>),
    Set(Arc<OpenSet>, WhtPlan),
}

impl Runner {
    /// `input` into `output` (the same length) with the GIL released by the caller: on one
    /// device through its plan; over a set, the rows split over the members, each writing
    /// its rows (`device_set::split_rows`).
    fn execute<T: WhtValue>(&self, input: &[T], output: &mut [T]) -> jitfft::Result<()> {
        let (set, whole) = match self {
            Runner::One(ready) => {
                let r = ready.lock().unwrap_or_else(|e| e.into_inner());
                return r.tr.execute_into(&r.gpu, input, output, true).map(|_| ());
            }
            Runner::Set(set, whole) => (set, whole),
        };
        let per = whole.row_len() as u64;
        let plan = |gpu: &Arc<Gpu>, rows: u64| {
            let p = WhtPlan {
                batch: rows as usize,
                ..*whole
            };
            cached_on(gpu, &p)
        };
        let rows = Rows {
            rows: whole.batch as u64,
            input: Some((input, per)),
            output: (output, per),
        };
        split_rows(set, rows, plan, |r: &mut Ready, i, o| {
            r.tr.execute_into(&r.gpu, i.unwrap_or_default(), o, true)
        })
    }
}

/// Runs `x` on the locked plan with the GIL released: straight into a fresh array (copied by
/// threads out of the pinned staging), or into `out` (may be x) through a scratch result, so
/// that an input or overflow error leaves `out` untouched.
fn run_typed<'py, T: WhtValue + numpy::Element>(
    py: Python<'py>,
    runner: &Runner,
    x: &Bound<'py, PyArray1<T>>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(o) = out else {
        let dest = unsafe { PyArray1::<T>::new(py, x.len(), false) };
        {
            let ro = x.readonly();
            let input = ro.as_slice()?;
            let mut rw = dest.try_readwrite()?;
            let output = rw.as_slice_mut()?;
            py.allow_threads(|| runner.execute(input, output))
                .map_err(python_message)?;
        }
        return Ok(dest.into_any());
    };
    let dest = o
        .downcast::<PyArray1<T>>()
        .map_err(|_| bad("out must be a 1-D array of x's dtype"))?;
    if !dest.is_c_contiguous() || dest.len() != x.len() {
        return Err(bad(format!(
            "out must be C-contiguous with {} values (x's size)",
            x.len()
        )));
    }
    let mut result = vec![T::zeroed(); x.len()];
    {
        let ro = x.readonly();
        let input = ro.as_slice()?;
        py.allow_threads(|| runner.execute(input, &mut result))
            .map_err(python_message)?;
    }
    let mut rw = dest.try_readwrite()?;
    rw.as_slice_mut()?.copy_from_slice(&result);
    Ok(dest.clone().into_any())
}

/// `batch` Walsh–Hadamard transforms of rows of 2^`log_n` values of x (a C-contiguous 1-D
/// float64, float32 or, for precision "f16", uint16 array holding float16 bits) into a new
/// array, or into `out` (same dtype and size; may be x). The Python layer's `jitfft.wht` calls
/// this after settling axis, norm, dtype and layout.
#[pyfunction]
#[pyo3(signature = (x, out, log_n, batch, precision, norm=None, device=None))]
#[allow(clippy::too_many_arguments)]
fn _wht<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    log_n: u32,
    batch: usize,
    precision: &str,
    norm: Option<&str>,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let storage = storage_arg(precision)?;
    let plan = WhtPlan::new(log_n, batch, storage, norm_arg(norm)?, false).map_err(to_py)?;
    let len = plan.len();
    let x_len = x.len()?;
    if x_len != len {
        return Err(bad(format!(
            "x has {x_len} values; {batch} row(s) of 2^{log_n} are {len}"
        )));
    }
    let runner = match DeviceArg::set_spec(&device)? {
        Some(spec) => {
            let shown = device.as_ref().map(DeviceArg::shown).unwrap_or_default();
            let set = py.allow_threads(|| open(&spec, &shown)).map_err(to_py)?;
            Runner::Set(set, plan)
        }
        None => {
            let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
            let ready = py
                .allow_threads(|| cached_on(&gpu, &plan))
                .map_err(python_message)?;
            Runner::One(ready)
        }
    };
    let wrong = || {
        bad(format!(
            "x must be a C-contiguous 1-D {} array",
            match storage {
                Storage::F16 => "uint16 (float16 bits)",
                Storage::F32 => "float32",
                _ => "float64",
            }
        ))
    };
    match storage {
        Storage::F16 => run_typed::<u16>(py, &runner, x.downcast().map_err(|_| wrong())?, out),
        Storage::F32 => run_typed::<f32>(py, &runner, x.downcast().map_err(|_| wrong())?, out),
        _ => run_typed::<f64>(py, &runner, x.downcast().map_err(|_| wrong())?, out),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_wht, m)?)?;
    Ok(())
}
