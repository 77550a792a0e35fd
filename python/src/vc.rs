//! The native half of `jitfft.vc` / `ivc` / `VcPlan`: B transforms of shape (p,)*n on
//! C-contiguous arrays of B·N values. numpy's conventions (axes, norm, out, views) are the
//! Python layer's (`jitfft/_fft.py`); this file builds plans and runs them with the GIL
//! released. `_VcPlan` owns its plan; `_vc` takes its plan from the device's plan cache.

use crate::cache::{get_or_build, Footprint, Shared};
use crate::convert::{complex_array, ComplexArray};
use crate::errors::{bad, to_py};
use crate::{device_nogil, to_dict, DeviceArg};
use jitfft::runtime::Gpu;
use jitfft::vc::host_cpu::CpuSteps;
use jitfft::vc::report::{TimingReport, TransformReport};
use jitfft::vc::request::Request as LibRequest;
use jitfft::vc::{Algorithm, Direction, Norm, Precision, RunTimes, VcTransform};
use num_complex::{Complex32, Complex64};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// Named in the error NaN or infinite input raises (the library's refuse policy).
pub(crate) const REFUSED_BY: &str = "jitfft";

/// Runs kept for `stats()` (the oldest go first).
const KEPT_RUNS: usize = 1000;

/// A plan shared by its owner and the runs in flight.
pub(crate) type SharedReady = Shared<Ready>;

/// What a request asks for, before the device's default plan is chosen (its Debug form is the
/// plan cache's key).
#[derive(Clone, PartialEq, Debug)]
pub(crate) struct Request {
    pub p: u32,
    pub n: u32,
    pub batch: u64,
    pub precision: Precision,
    pub inverse: bool,
    pub algorithm: Option<String>,
    pub radix: Option<u64>,
    pub norm: Option<String>,
    pub device: Option<String>,
}

/// A transform ready on its device, and the runs it made.
pub(crate) struct Ready {
    gpu: Arc<Gpu>,
    tr: VcTransform,
    report: TransformReport,
    pub runs: Vec<RunTimes>,
    /// The host steps of the runs on a CPU device (`vc::host_cpu`), as many as `runs` there.
    steps: Vec<CpuSteps>,
    /// CPU devices: the alignment of a fresh output the passes can run in (`execute_wrapped`).
    pub wrap_align: Option<usize>,
}

impl Request {
    /// The library's request: Python's spellings converted (the library enums' `FromStr`),
    /// `None` where the caller left the choice open; the library decides the rest.
    pub fn request(&self) -> PyResult<LibRequest> {
        let algorithm = match self.algorithm.as_deref() {
            None => None,
            Some(a) => Some(a.parse::<Algorithm>().map_err(|_| {
                bad(format!(
                    "algorithm {a:?}: use 'ct', 'cg' or 'fused' (None: the device's default plan)"
                ))
            })?),
        };
        let norm = match self.norm.as_deref() {
            None => None,
            Some(n) => Some(n.parse::<Norm>().map_err(|_| {
                bad(format!(
                    "norm {n:?}: use 'none', 'full' (1/N) or 'ortho' (1/√N); None: none forward, full inverse"
                ))
            })?),
        };
        Ok(LibRequest {
            n: Some(self.n),
            batch: Some(self.batch),
            algorithm,
            radix: self.radix,
            precision: self.precision,
            direction: if self.inverse {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm,
            ..LibRequest::new(self.p)
        })
    }

    /// Chooses the plan (the device's default where the schedule is left open) and builds
    /// it. Call with the GIL released.
    pub fn build_on(&self, gpu: &Arc<Gpu>, req: &LibRequest) -> jitfft::Result<(Ready, Footprint)> {
        let chosen = jitfft::vc::request::plan(req, gpu, None, None)?;
        let tr = VcTransform::new(gpu, &chosen.plan)?;
        let report = TransformReport::of(&tr, &gpu.info, chosen.tuned);
        let one = tr.plan.buffer_bytes();
        let size = Footprint {
            device_bytes: one * tr.plan.buffers_needed(),
            host_bytes: one,
        };
        let ready = Ready {
            gpu: gpu.clone(),
            tr,
            report,
            runs: Vec::new(),
            steps: Vec::new(),
            wrap_align: VcTransform::maps_host_memory(gpu)
                .then(|| VcTransform::host_alignment(gpu)),
        };
        Ok((ready, size))
    }

    /// A plan of its own (a `_VcPlan`'s), built with the GIL released.
    fn build(&self, py: Python<'_>) -> PyResult<SharedReady> {
        let req = self.request()?;
        let gpu = device_nogil(py, self.device.as_deref())?;
        py.allow_threads(|| self.build_on(&gpu, &req))
            .map(|(r, _)| Arc::new(std::sync::Mutex::new(r)))
            .map_err(to_py)
    }

    /// The device plan cache's plan for this request, built there when absent.
    fn cached(&self, py: Python<'_>) -> PyResult<SharedReady> {
        let req = self.request()?;
        let gpu = device_nogil(py, self.device.as_deref())?;
        let key = self.key();
        py.allow_threads(|| get_or_build(&gpu, "vc", key, || self.build_on(&gpu, &req)))
            .map_err(to_py)
    }
}

impl Request {
    /// The plan cache's key: everything but the device (the cache is per device).
    pub fn key(&self) -> String {
        let r = Request {
            device: None,
            ..self.clone()
        };
        format!("{r:?}")
    }

    pub fn dtype(&self) -> &'static str {
        match self.precision {
            Precision::F32 => "complex64",
            Precision::F64 => "complex128",
        }
    }
}

pub(crate) fn precision_arg(s: &str) -> PyResult<Precision> {
    match s {
        "f32" | "complex64" => Ok(Precision::F32),
        "f64" | "complex128" => Ok(Precision::F64),
        _ => Err(bad(format!(
            "precision {s:?}: use 'f32' (complex64) or 'f64' (complex128)"
        ))),
    }
}

/// `x` as a C-contiguous array of the plan's dtype holding B·N values, and whether `out` is
/// `x` (in place: then `x` must already be that array).
pub(crate) fn checked<'py>(
    req: &Request,
    x: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
) -> PyResult<(ComplexArray<'py>, bool)> {
    let arr = complex_array(x, Some(req.precision), "x")?;
    let total = (req.batch as usize) * (req.p as usize).pow(req.n);
    let shape = arr.shape();
    let len: usize = shape.iter().product();
    if len != total {
        return Err(bad(format!(
            "x has shape {shape:?} ({len} values); this plan transforms {} array(s) of shape ({p},)*{n}: B·N = {total} values",
            req.batch,
            p = req.p,
            n = req.n
        )));
    }
    let in_place = out.is_some_and(|o| o.is(x));
    if in_place && !arr.is(x) {
        return Err(bad(format!(
            "out=x needs x C-contiguous in the plan's dtype ({})",
            req.dtype()
        )));
    }
    Ok((arr, in_place))
}

/// `out` as the destination of `len` values: C-contiguous, the plan's dtype.
pub(crate) fn out_array<'py, C: numpy::Element>(
    req: &Request,
    o: &Bound<'py, PyAny>,
    len: usize,
) -> PyResult<Bound<'py, PyArrayDyn<C>>> {
    let arr = o.downcast::<PyArrayDyn<C>>().map_err(|_| {
        bad(format!(
            "out must be a {} numpy array (the plan's dtype)",
            req.dtype()
        ))
    })?;
    if !arr.is_c_contiguous() || arr.len() != len {
        return Err(bad(format!(
            "out must be C-contiguous with {len} values (x's size); it has shape {:?}",
            arr.shape()
        )));
    }
    Ok(arr.clone())
}

/// Runs `x` (B·N values of the plan's dtype, C-contiguous) through `ready` into a new 1-D
/// array, into `out`, or in place when `out` is `x`. Nothing is written to `out` on an error.
fn run<'py>(
    py: Python<'py>,
    req: &Request,
    ready: &SharedReady,
    x: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    match checked(req, x, out)? {
        (ComplexArray::F32(a), in_place) => {
            run_typed::<Complex32>(py, req, ready, a, out, in_place, check_finite)
        }
        (ComplexArray::F64(a), in_place) => {
            run_typed::<Complex64>(py, req, ready, a, out, in_place, check_finite)
        }
    }
}

fn record(r: &mut Ready, t: RunTimes, steps: Option<CpuSteps>) {
    if r.runs.len() == KEPT_RUNS {
        r.runs.remove(0);
    }
    r.runs.push(t);
    if let Some(s) = steps {
        if r.steps.len() == KEPT_RUNS {
            r.steps.remove(0);
        }
        r.steps.push(s);
    }
}

/// Where the output of one execution lives.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Dest {
    /// The input's own memory (`out=x`).
    InPlace,
    /// A fresh array of this call's (written even on an error, which discards it).
    Fresh,
    /// The caller's `out` (untouched on an error).
    Given,
}

/// One execution on the locked plan: upload (checked for NaN/inf unless `check_finite` is
/// off), passes, download. On CPU devices through `vc::host_cpu`: a fresh output is wrapped
/// as the passes' buffer (one parallel copy in, none out), a given one goes through the
/// mapped buffers (one parallel copy in, one out); elsewhere through the pinned staging.
pub(crate) fn execute<C: jitfft::vc::DeviceComplex>(
    r: &mut Ready,
    input: Option<&[C]>,
    output: &mut [C],
    dest: Dest,
    check_finite: bool,
) -> jitfft::Result<()> {
    let by = check_finite.then_some(REFUSED_BY);
    let cpu = VcTransform::maps_host_memory(&r.gpu);
    let (t, steps) = match input {
        Some(i) if cpu && dest == Dest::Fresh => {
            let (t, s) = r.tr.execute_wrapped(&r.gpu, i, output, by)?;
            (t, Some(s))
        }
        Some(i) if cpu => {
            let (t, s) = r.tr.execute_mapped_steps(&r.gpu, i, output, by)?;
            (t, Some(s))
        }
        Some(i) => match by {
            Some(by) => (r.tr.execute_into_finite(&r.gpu, i, output, by)?, None),
            None => (r.tr.execute_into(&r.gpu, i, output)?, None),
        },
        None => (in_place(r, output, by)?, None),
    };
    record(r, t, steps);
    Ok(())
}

/// In place (`out=x`): the input is read before the output is written, so the same slice
/// serves as both (a copy of it where the mapped path needs two slices).
fn in_place<C: jitfft::vc::DeviceComplex>(
    r: &mut Ready,
    data: &mut [C],
    refused_by: Option<&'static str>,
) -> jitfft::Result<RunTimes> {
    let t0 = std::time::Instant::now();
    let upload_ms = match refused_by {
        Some(by) => r.tr.upload_finite(&*data, by)?,
        None => r.tr.upload(&*data)?,
    };
    let mut t = r.tr.run(&r.gpu)?;
    t.download_ms = r.tr.download(data)?;
    t.upload_ms = upload_ms;
    t.host_ms = t0.elapsed().as_secs_f64() * 1e3;
    Ok(t)
}

fn run_typed<'py, C>(
    py: Python<'py>,
    req: &Request,
    ready: &SharedReady,
    x: Bound<'py, PyArrayDyn<C>>,
    out: Option<&Bound<'py, PyAny>>,
    in_place: bool,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>>
where
    C: jitfft::vc::DeviceComplex + numpy::Element,
{
    let lock = |_: ()| ready.lock().unwrap_or_else(|e| e.into_inner());
    if in_place {
        let mut rw = x.try_readwrite()?;
        let data = rw.as_slice_mut()?;
        py.allow_threads(|| execute::<C>(&mut lock(()), None, data, Dest::InPlace, check_finite))
            .map_err(to_py)?;
        return Ok(x.into_any());
    }
    let align = lock(()).wrap_align;
    let dest: Bound<'py, PyArrayDyn<C>> = match out {
        None => fresh::<C>(py, x.len(), align)?,
        Some(o) => out_array::<C>(req, o, x.len())?,
    };
    {
        let ro = x.readonly();
        let input = ro.as_slice()?;
        let mut rw = dest.try_readwrite()?;
        let output = rw.as_slice_mut()?;
        let to = if out.is_none() {
            Dest::Fresh
        } else {
            Dest::Given
        };
        py.allow_threads(|| execute::<C>(&mut lock(()), Some(input), output, to, check_finite))
            .map_err(to_py)?;
    }
    Ok(dest.into_any())
}

/// A fresh 1-D array of `len` values, its data aligned to `align` bytes where given (a view
/// into a slightly longer array: numpy aligns only to 16), so that `execute_wrapped` can run
/// the passes in it.
pub(crate) fn fresh<'py, C: numpy::Element>(
    py: Python<'py>,
    len: usize,
    align: Option<usize>,
) -> PyResult<Bound<'py, PyArrayDyn<C>>> {
    let size = std::mem::size_of::<C>();
    let Some(align) = align.filter(|a| a % size == 0) else {
        return Ok(unsafe { PyArrayDyn::<C>::new(py, vec![len], false) });
    };
    let pad = align / size;
    let full = unsafe { PyArrayDyn::<C>::new(py, vec![len + pad], false) };
    let addr = full.data() as usize;
    let skip = (align - addr % align) % align / size;
    let view = full.get_item(pyo3::types::PySlice::new(
        py,
        skip as isize,
        (skip + len) as isize,
        1,
    ))?;
    Ok(view.downcast_into::<PyArrayDyn<C>>()?)
}

/// `stats()`: what ran and the times of the runs so far (the `vc --json` fields).
#[derive(Serialize)]
struct Stats<'a> {
    #[serde(flatten)]
    transform: &'a TransformReport,
    runs: usize,
    #[serde(flatten)]
    timing: Option<TimingReport>,
    /// CPU devices: the medians of each host step (`vc::host_cpu::CpuSteps`).
    #[serde(skip_serializing_if = "Option::is_none")]
    host_steps: Option<CpuSteps>,
}

/// The native plan behind `jitfft.VcPlan`: B transforms of shape (p,)*n on C-contiguous arrays
/// of B·N values, built once; every `execute` reuses the program, the device buffers and the
/// pinned staging. norm: "none", "full" (1/N) or "ortho" (1/√N) of the direction that runs.
/// Executions on one plan run one at a time (a plan is safe to share between threads).
#[pyclass(name = "_VcPlan", module = "jitfft._jitfft", frozen)]
pub struct PyVcPlan {
    req: Request,
    ready: SharedReady,
    source: String,
    passes: usize,
}

#[pymethods]
impl PyVcPlan {
    #[new]
    #[pyo3(signature = (p, n, batch=1, precision="f32", *, inverse=false, algorithm=None, radix=None, norm=None, device=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        p: u32,
        n: u32,
        batch: u64,
        precision: &str,
        inverse: bool,
        algorithm: Option<String>,
        radix: Option<u64>,
        norm: Option<String>,
        device: Option<DeviceArg>,
    ) -> PyResult<PyVcPlan> {
        let req = Request {
            p,
            n,
            batch,
            precision: precision_arg(precision)?,
            inverse,
            algorithm,
            radix,
            norm,
            device: DeviceArg::selector(&device),
        };
        let ready = req.build(py)?;
        let (source, passes) = {
            let r = ready.lock().unwrap_or_else(|e| e.into_inner());
            (r.tr.program.source.clone(), r.tr.schedule.pass_count())
        };
        Ok(PyVcPlan {
            req,
            ready,
            source,
            passes,
        })
    }

    /// Transforms x (B·N values, C-contiguous in the plan's dtype, else converted) into a new
    /// array of x's shape, into `out` (C-contiguous, the plan's dtype, x's size), or in place
    /// when `out` is x. NaN or infinite input raises ValueError unless check_finite=False.
    #[pyo3(signature = (x, out=None, check_finite=true))]
    fn execute<'py>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
        check_finite: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let y = run(py, &self.req, &self.ready, x, out, check_finite)?;
        y.call_method1("reshape", (x.getattr("shape")?,))
    }

    /// The generated OpenCL C of the plan's kernels.
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// Launches one transform takes.
    #[getter]
    fn passes(&self) -> usize {
        self.passes
    }

    /// The plan's device buffers and pinned staging in bytes (device, host).
    #[getter]
    fn footprint(&self) -> (u64, u64) {
        let r = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        let one = r.tr.plan.buffer_bytes();
        (one * r.tr.plan.buffers_needed(), one)
    }

    /// What ran (device, plan, passes, radices, kernels, build_ms, build_from_cache, tuned)
    /// and the times of the executions so far: the fields of `jitfft vc --json`.
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        stats(py, &self.ready)
    }

    fn __repr__(&self) -> String {
        let r = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        let p = &r.tr.plan;
        format!(
            "p={}, n={}, batch={}, precision={:?}, inverse={}, algorithm={:?}, passes={}, device={:?}",
            p.p,
            p.n,
            p.batch,
            p.precision.to_string(),
            self.req.inverse,
            p.algorithm.to_string(),
            self.passes,
            r.gpu.info.name
        )
    }
}

fn stats<'py>(py: Python<'py>, ready: &SharedReady) -> PyResult<Bound<'py, PyAny>> {
    let r = ready.lock().unwrap_or_else(|e| e.into_inner());
    let s = Stats {
        transform: &r.report,
        runs: r.runs.len(),
        timing: (!r.runs.is_empty()).then(|| TimingReport::of(&r.tr, &r.runs)),
        host_steps: CpuSteps::median(&r.steps),
    };
    to_dict(py, &s)
}

/// B transforms of shape (p,)*n of x (B·N values, C-contiguous) with the device plan cache's
/// plan, into a new 1-D array, into `out`, or in place (`out` is x). The Python layer's
/// `jitfft.vc` / `ivc` call this after settling axes, norm and layout.
#[pyfunction]
#[pyo3(signature = (x, out, p, n, batch, precision, inverse, norm, algorithm=None, device=None, check_finite=true))]
#[allow(clippy::too_many_arguments)]
fn _vc<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    out: Option<&Bound<'py, PyAny>>,
    p: u32,
    n: u32,
    batch: u64,
    precision: &str,
    inverse: bool,
    norm: String,
    algorithm: Option<String>,
    device: Option<DeviceArg>,
    check_finite: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if p < 2 {
        return Err(bad(format!("p = {p}: the transform needs p ≥ 2")));
    }
    let req = Request {
        p,
        n,
        batch,
        precision: precision_arg(precision)?,
        inverse,
        algorithm,
        radix: None,
        norm: Some(norm),
        device: DeviceArg::selector(&device),
    };
    if let Some(spec) = DeviceArg::set_spec(&device)? {
        let shown = device.as_ref().map(DeviceArg::shown).unwrap_or_default();
        return crate::vc_set::run(py, &req, (&spec, &shown), x, out, check_finite);
    }
    let ready = req.cached(py)?;
    run(py, &req, &ready, x, out, check_finite)
}

/// The `stats()` dict of the cached plan `_vc` uses for these arguments (None if not cached).
#[pyfunction]
#[pyo3(signature = (p, n, batch, precision, inverse, norm, algorithm=None, device=None))]
#[allow(clippy::too_many_arguments)]
fn _vc_stats<'py>(
    py: Python<'py>,
    p: u32,
    n: u32,
    batch: u64,
    precision: &str,
    inverse: bool,
    norm: String,
    algorithm: Option<String>,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let req = Request {
        p,
        n,
        batch,
        precision: precision_arg(precision)?,
        inverse,
        algorithm,
        radix: None,
        norm: Some(norm),
        device: DeviceArg::selector(&device),
    };
    let ready = req.cached(py)?;
    stats(py, &ready)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVcPlan>()?;
    m.add_function(wrap_pyfunction!(_vc, m)?)?;
    m.add_function(wrap_pyfunction!(_vc_stats, m)?)?;
    Ok(())
}
