//! The native half of `jitfft.rvc` / `irvc`: B real-input VC transforms (numpy's rfftn /
//! irfftn over (p,)*n) on a C-contiguous float32 or float64 array, in its own precision
//! through the plan's pinned staging (on CPU devices, the mapped buffers or the result array
//! itself), with the device plan cache's plan (`jitfft::vc::real`).
//! Axes, s, norm, dtypes and out are the Python layer's (`jitfft/_rvc.py`).

use crate::cache::{get_or_build, Footprint, Shared};
use crate::device_set::{open, split_rows, OpenSet, Rows};
use crate::errors::{bad, to_py};
use crate::{device_nogil, DeviceArg};
use jitfft::runtime::mapped::{host_alignment, maps_host_memory};
use jitfft::runtime::{Gpu, SetSpec};
use jitfft::transform::{Direction, Norm, Precision};
use jitfft::vc::real::resolve::{real_plan, real_transform};
use jitfft::vc::real::staged::RealHost;
use jitfft::vc::real::RealVc;
use jitfft::vc::request::Request;
use numpy::{PyArray1, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use std::sync::Arc;

/// Named in the error NaN or infinite input raises (the library's refuse policy).
const REFUSED_BY: &str = "jitfft";

/// A real-input transform ready on its device.
struct Ready {
    gpu: Arc<Gpu>,
    tr: RealVc,
}

fn norm_arg(s: &str) -> PyResult<Norm> {
    s.parse::<Norm>().map_err(bad)
}

/// Runs `x` on the locked plan into a fresh array of the output's reals, with the GIL
/// released: the array copied by threads straight into the pinned staging (NaN or infinity
/// refused on the way where `check_finite`) and the result out of it.
fn run_typed<'py, T: RealHost + numpy::Element>(
    py: Python<'py>,
    ready: &Shared<Ready>,
    x: &Bound<'py, PyArray1<T>>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let lock = || ready.lock().unwrap_or_else(|e| e.into_inner());
    let (len, align) = {
        let r = lock();
        // CPU devices: the last pass writes the result in place where it is aligned.
        let align = maps_host_memory(&r.gpu).then(|| host_alignment(&r.gpu));
        (r.tr.output_reals(), align)
    };
    let dest = crate::vc::fresh::<T>(py, len, align)?;
    {
        let ro = x.readonly();
        let input = ro.as_slice()?;
        let mut rw = dest.try_readwrite()?;
        let output = rw.as_slice_mut()?;
        let by = check_finite.then_some(REFUSED_BY);
        py.allow_threads(|| {
            let r = lock();
            r.tr.execute_into(&r.gpu, input, output, by)
        })
        .map_err(to_py)?;
    }
    Ok(dest.into_any())
}

/// `batch` transforms of shape (p,)*n: forward, x holds B·p^n reals and the result the half
/// spectra's interleaved (re, im); inverse, the other way round. `precision` "f32" or "f64"
/// (the device's arithmetic: x is float32 or float64, and so is the result), or "f16" /
/// "bf16" (stored in 16 bits on the device, computed in f32: half the bytes a pass; x and the
/// result float64, finiteness the caller's), `norm` the library's ("none", "full", "ortho").
#[pyfunction]
#[pyo3(signature = (x, p, n, batch, precision, inverse, norm, device=None, check_finite=true))]
#[allow(clippy::too_many_arguments)]
fn _rvc<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    p: u32,
    n: u32,
    batch: u64,
    precision: &str,
    inverse: bool,
    norm: &str,
    device: Option<DeviceArg>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let (precision, half) = crate::fft::storage(precision)?;
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
    if let Some(spec) = DeviceArg::set_spec(&device)? {
        let shown = device.as_ref().map(DeviceArg::shown).unwrap_or_default();
        return on_set(py, &req, (&spec, &shown), x, check_finite);
    }
    let ready = cached(py, &req, DeviceArg::selector(&device).as_deref())?;
    let wrong = |dtype: &str| bad(format!("x must be a C-contiguous 1-D {dtype} array"));
    match (half, precision) {
        (None, Precision::F32) => run_typed::<f32>(
            py,
            &ready,
            x.downcast().map_err(|_| wrong("float32"))?,
            check_finite,
        ),
        (None, Precision::F64) => run_typed::<f64>(
            py,
            &ready,
            x.downcast().map_err(|_| wrong("float64"))?,
            check_finite,
        ),
        (Some(_), _) => {
            let x: &Bound<'py, PyArray1<f64>> = x.downcast().map_err(|_| wrong("float64"))?;
            let input: Vec<f64> = x.readonly().as_slice()?.to_vec();
            let out = py
                .allow_threads(|| {
                    let r = ready.lock().unwrap_or_else(|e| e.into_inner());
                    r.tr.execute(&r.gpu, &input).map(|(o, _)| o)
                })
                .map_err(to_py)?;
            Ok(PyArray1::from_vec(py, out).into_any())
        }
    }
}

/// The device plan cache's transform for `req`, built there when absent.
fn cached(py: Python<'_>, req: &Request, device: Option<&str>) -> PyResult<Shared<Ready>> {
    let gpu = device_nogil(py, device)?;
    py.allow_threads(|| cached_on(&gpu, req)).map_err(to_py)
}

/// `gpu`'s plan cache's transform for `req` (call with the GIL released).
fn cached_on(gpu: &Arc<Gpu>, req: &Request) -> jitfft::Result<Shared<Ready>> {
    get_or_build(gpu, "rvc", format!("{req:?}"), || {
        let tr = real_transform(req, gpu, None, None)?;
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
}

/// `_rvc` over the set `spec` names (`shown`: `device=` as written): the batch's rows split
/// over the members (`device_set::split_rows`), each through its plan cache's transform for
/// its rows, straight into its rows of a fresh array (half storage: through float64).
fn on_set<'py>(
    py: Python<'py>,
    req: &Request,
    (spec, shown): (&SetSpec, &str),
    x: &Bound<'py, PyAny>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let set = py.allow_threads(|| open(spec, shown)).map_err(to_py)?;
    let whole = real_plan(req, None, None).map_err(to_py)?;
    let (real, half) = (whole.real_len(), 2 * whole.half_len());
    let (inputs, outputs) = match whole.direction {
        Direction::Forward => (real, half),
        Direction::Inverse => (half, real),
    };
    let rows = whole.batch;
    let per = (inputs / rows, outputs / rows);
    let plan = |gpu: &Arc<Gpu>, rows| {
        let r = Request {
            batch: Some(rows),
            ..req.clone()
        };
        cached_on(gpu, &r)
    };
    let job = SetJob {
        set: &set,
        rows,
        per,
        by: check_finite.then_some(REFUSED_BY),
    };
    let wrong = |dtype: &str| bad(format!("x must be a C-contiguous 1-D {dtype} array"));
    // f32 runs in float32; f64 and half storage (its f64 path) in float64.
    match (req.half, req.precision) {
        (None, Precision::F32) => {
            job.run::<f32>(py, x.downcast().map_err(|_| wrong("float32"))?, plan)
        }
        _ => job.run::<f64>(py, x.downcast().map_err(|_| wrong("float64"))?, plan),
    }
}

/// One set call's rows: how many, the values a row (in, out), the finiteness policy.
struct SetJob<'a> {
    set: &'a OpenSet,
    rows: u64,
    per: (u64, u64),
    by: Option<&'static str>,
}

impl SetJob<'_> {
    fn run<'py, T: RealHost + numpy::Element>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyArray1<T>>,
        plan: impl Fn(&Arc<Gpu>, u64) -> jitfft::Result<Shared<Ready>> + Send + Sync,
    ) -> PyResult<Bound<'py, PyAny>> {
        let (in_per, out_per) = self.per;
        if x.len() as u64 != self.rows * in_per {
            return Err(bad(format!(
                "x has {} values; {} transform(s) take {in_per} each",
                x.len(),
                self.rows
            )));
        }
        let align = self
            .set
            .members
            .iter()
            .find_map(|g| maps_host_memory(g).then(|| host_alignment(g)));
        let dest = crate::vc::fresh::<T>(py, (self.rows * out_per) as usize, align)?;
        {
            let ro = x.readonly();
            let input = ro.as_slice()?;
            let mut rw = dest.try_readwrite()?;
            let output = rw.as_slice_mut()?;
            let rows = Rows {
                rows: self.rows,
                input: Some((input, in_per)),
                output: (output, out_per),
            };
            py.allow_threads(|| {
                split_rows(self.set, rows, plan, |r: &mut Ready, i, o| {
                    let i = i.unwrap_or_default();
                    if r.tr.plan.storage.is_none() {
                        return r.tr.execute_into(&r.gpu, i, o, self.by);
                    }
                    // Half storage: the library's f64 path (finiteness the caller's).
                    let i: &[f64] = bytemuck::cast_slice(i);
                    let (y, t) = r.tr.execute(&r.gpu, i)?;
                    bytemuck::cast_slice_mut::<T, f64>(o).copy_from_slice(&y);
                    Ok(t)
                })
            })
            .map_err(to_py)?;
        }
        Ok(dest.into_any())
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_rvc, m)?)?;
    Ok(())
}
