//! `jitfft.vc` and `jitfft.VcPlan`: the VC transform (n-dimensional DFT of shape (p,)*n) on
//! numpy arrays. A `VcPlan` holds the built program, the device buffers and the pinned
//! staging; `execute` reuses them (the fast path). `vc` keeps a few plans per process.

use crate::convert::{complex_array, ComplexArray};
use crate::errors::{bad, to_py};
use crate::{device_nogil, to_dict};
use jitfft::io::input::{infer_p, transform_shape};
use jitfft::runtime::Gpu;
use jitfft::vc::report::{TimingReport, TransformReport};
use jitfft::vc::{Algorithm, Direction, Norm, Precision, RunTimes, VcOptions, VcTransform};
use num_complex::{Complex32, Complex64};
use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use serde::Serialize;
use std::sync::{Arc, Mutex};

/// Named in the error NaN or infinite input raises (the library's refuse policy).
const REFUSED_BY: &str = "jitfft";

/// Runs kept for `stats()` (the oldest go first).
const KEPT_RUNS: usize = 1000;

/// What a request asks for, before the device's default plan is chosen.
#[derive(Clone, PartialEq, Debug)]
struct Request {
    p: u32,
    n: u32,
    batch: u64,
    precision: Precision,
    inverse: bool,
    algorithm: Option<String>,
    radix: Option<u64>,
    norm: Option<String>,
    device: Option<String>,
}

/// A transform ready on its device, and the runs it made.
struct Ready {
    gpu: Arc<Gpu>,
    tr: VcTransform,
    report: TransformReport,
    runs: Vec<RunTimes>,
}

impl Request {
    fn options(&self) -> PyResult<(VcOptions, bool)> {
        let algorithm = match self.algorithm.as_deref() {
            None if self.radix.is_some() => Algorithm::Ct,
            None => Algorithm::Fused,
            Some("ct") => Algorithm::Ct,
            Some("cg") => Algorithm::Cg,
            Some("fused") => Algorithm::Fused,
            Some(a) => {
                return Err(bad(format!(
                    "algorithm {a:?}: use 'ct', 'cg' or 'fused' (None: the device's default plan)"
                )))
            }
        };
        let norm = match self.norm.as_deref() {
            None => None,
            Some("none") => Some(Norm::None),
            Some("full") => Some(Norm::Full),
            Some("ortho") => Some(Norm::Ortho),
            Some(n) => {
                return Err(bad(format!(
                    "norm {n:?}: use 'none', 'full' (1/N) or 'ortho' (1/√N); None: none forward, full inverse"
                )))
            }
        };
        let opts = VcOptions {
            algorithm,
            radix: self.radix,
            precision: self.precision,
            direction: if self.inverse {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm,
            ..VcOptions::default()
        };
        Ok((opts, self.algorithm.is_none() && self.radix.is_none()))
    }

    /// Opens the device, chooses the plan (the device's default where the algorithm is left
    /// open) and builds it, with the GIL released.
    fn build(&self, py: Python<'_>) -> PyResult<Ready> {
        let (opts, open) = self.options()?;
        let gpu = device_nogil(py, self.device.as_deref())?;
        let (p, n, batch) = (self.p, self.n, self.batch);
        py.allow_threads(move || {
            // The library's request: `None` where the caller left the choice open.
            let req = jitfft::vc::request::Request {
                n: Some(n),
                batch: Some(batch),
                algorithm: (!open).then_some(opts.algorithm),
                radix: opts.radix,
                precision: opts.precision,
                direction: opts.direction,
                norm: opts.norm,
                ..jitfft::vc::request::Request::new(p)
            };
            let chosen = jitfft::vc::request::plan(&req, &gpu, None, None)?;
            let tr = VcTransform::new(&gpu, &chosen.plan)?;
            let report = TransformReport::of(&tr, &gpu.info, chosen.tuned);
            Ok(Ready {
                gpu,
                tr,
                report,
                runs: Vec::new(),
            })
        })
        .map_err(to_py)
    }
}

fn precision_arg(s: &str) -> PyResult<Precision> {
    match s {
        "f32" | "complex64" => Ok(Precision::F32),
        "f64" | "complex128" => Ok(Precision::F64),
        _ => Err(bad(format!(
            "precision {s:?}: use 'f32' (complex64) or 'f64' (complex128)"
        ))),
    }
}

/// A VC transform of B = `batch` arrays of shape (p,)*n (N = p^n points each), built once on
/// a device: the generated program, the device buffers and pinned staging stay allocated and
/// every `execute` reuses them. The transform is the n-dimensional DFT
/// S[w] = Σ_x x[x] · e^(−2πi⟨w,x⟩/p) (numpy.fft.fftn over the last n axes); `inverse=True`
/// uses e^(+2πi…) and scales by 1/N (numpy.fft.ifftn) unless `norm` says otherwise.
///
/// precision: "f32" (complex64 arrays) or "f64" (complex128; the device needs fp64).
/// algorithm: None (the device's tuned or default plan), "ct", "cg" or "fused".
/// A plan is safe to share between threads: executions on one plan run one at a time.
#[pyclass(name = "VcPlan", module = "jitfft", frozen)]
pub struct PyVcPlan {
    req: Request,
    ready: Mutex<Ready>,
    source: String,
    passes: usize,
}

impl PyVcPlan {
    fn from_request(py: Python<'_>, req: Request) -> PyResult<PyVcPlan> {
        let ready = req.build(py)?;
        Ok(PyVcPlan {
            source: ready.tr.program.source.clone(),
            passes: ready.tr.schedule.pass_count(),
            req,
            ready: Mutex::new(ready),
        })
    }

    fn dtype(&self) -> &'static str {
        match self.req.precision {
            Precision::F32 => "complex64",
            Precision::F64 => "complex128",
        }
    }

    /// Transforms `x` (already the plan's dtype, C-contiguous) into a new array or `out`.
    fn run<'py>(
        &self,
        py: Python<'py>,
        x: ComplexArray<'py>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let total = (self.req.batch as usize) * (self.req.p as usize).pow(self.req.n);
        let shape = x.shape();
        let len: usize = shape.iter().product();
        if len != total {
            return Err(bad(format!(
                "x has shape {shape:?} ({len} values); this plan transforms {} array(s) of shape ({p},)*{n}: B·N = {total} values",
                self.req.batch,
                p = self.req.p,
                n = self.req.n
            )));
        }
        match x {
            ComplexArray::F32(a) => self.run_typed::<Complex32>(py, a, out),
            ComplexArray::F64(a) => self.run_typed::<Complex64>(py, a, out),
        }
    }

    fn run_typed<'py, C>(
        &self,
        py: Python<'py>,
        x: Bound<'py, PyArrayDyn<C>>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>>
    where
        C: jitfft::vc::DeviceComplex + numpy::Element,
    {
        let ready = &self.ready;
        let record = |r: &mut Ready, t: RunTimes| {
            if r.runs.len() == KEPT_RUNS {
                r.runs.remove(0);
            }
            r.runs.push(t);
        };
        // In place: `out` is `x` itself.
        if let Some(o) = out.filter(|o| o.is(&x)) {
            let mut rw = x.try_readwrite()?;
            let data = rw.as_slice_mut()?;
            py.allow_threads(|| {
                let mut r = ready.lock().unwrap_or_else(|e| e.into_inner());
                let t0 = std::time::Instant::now();
                let upload_ms = r.tr.upload_finite(&*data, REFUSED_BY)?;
                let mut t = r.tr.run(&r.gpu)?;
                t.download_ms = r.tr.download(data)?;
                t.upload_ms = upload_ms;
                t.host_ms = t0.elapsed().as_secs_f64() * 1e3;
                record(&mut r, t);
                Ok(())
            })
            .map_err(to_py)?;
            return Ok(o.clone());
        }
        let dest: Bound<'py, PyArrayDyn<C>> = match out {
            None => unsafe { PyArrayDyn::<C>::new(py, x.shape(), false) },
            Some(o) => {
                let arr = o.downcast::<PyArrayDyn<C>>().map_err(|_| {
                    bad(format!(
                        "out must be a {} numpy array (the plan's dtype)",
                        self.dtype()
                    ))
                })?;
                if !arr.is_c_contiguous() || arr.len() != x.len() {
                    return Err(bad(format!(
                        "out must be C-contiguous with {} values (x's size); it has shape {:?}",
                        x.len(),
                        arr.shape()
                    )));
                }
                arr.clone()
            }
        };
        {
            let ro = x.readonly();
            let input = ro.as_slice()?;
            let mut rw = dest.try_readwrite()?;
            let output = rw.as_slice_mut()?;
            py.allow_threads(|| {
                let mut r = ready.lock().unwrap_or_else(|e| e.into_inner());
                let t =
                    r.tr.execute_into_finite(&r.gpu, input, output, REFUSED_BY)?;
                record(&mut r, t);
                Ok(())
            })
            .map_err(to_py)?;
        }
        Ok(dest.into_any())
    }
}

/// `stats()`: what ran and the times of the runs so far (the `vc --json` fields).
#[derive(Serialize)]
struct Stats<'a> {
    #[serde(flatten)]
    transform: &'a TransformReport,
    runs: usize,
    #[serde(flatten)]
    timing: Option<TimingReport>,
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
        device: Option<String>,
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
            device,
        };
        PyVcPlan::from_request(py, req)
    }

    /// Transforms x (B·N values, e.g. shape (p,)*n or (B,)+(p,)*n) and returns the spectrum
    /// with x's shape in the plan's dtype. x that is already C-contiguous in the plan's dtype
    /// is read in place (no copy); other arrays are converted first. `out` (C-contiguous, the
    /// plan's dtype, x's size) receives the result; `out=x` transforms in place. NaN or
    /// infinite input raises ValueError. The GIL is released while the device works.
    #[pyo3(signature = (x, out=None))]
    fn execute<'py>(
        &self,
        py: Python<'py>,
        x: &Bound<'py, PyAny>,
        out: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let arr = complex_array(x, Some(self.req.precision), "x")?;
        // `out=x` with x converted (a copy) would not be in place: refuse it.
        if let Some(o) = out {
            if o.is(x) {
                let same = match &arr {
                    ComplexArray::F32(a) => a.is(x),
                    ComplexArray::F64(a) => a.is(x),
                };
                if !same {
                    return Err(bad(format!(
                        "out=x needs x C-contiguous in the plan's dtype ({})",
                        self.dtype()
                    )));
                }
            }
        }
        self.run(py, arr, out)
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

    /// (p, n, batch)
    #[getter]
    fn shape(&self) -> (u32, u32, u64) {
        (self.req.p, self.req.n, self.req.batch)
    }

    /// numpy dtype name of the plan's arrays ("complex64" or "complex128").
    #[getter]
    fn dtype_name(&self) -> &'static str {
        self.dtype()
    }

    /// What ran (device, plan, passes, radices, kernels, build_ms, build_from_cache, tuned)
    /// and the times of the executions so far (kernel_ms, pass_ms, upload_ms, download_ms,
    /// end_to_end_ms as {median, min, max, count}; effective_gbs): the fields of
    /// `jitfft vc --json`. `runs` counts the executions summarised (the last 1000).
    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let r = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        let s = Stats {
            transform: &r.report,
            runs: r.runs.len(),
            timing: (!r.runs.is_empty()).then(|| TimingReport::of(&r.tr, &r.runs)),
        };
        to_dict(py, &s)
    }

    fn __repr__(&self) -> String {
        let r = self.ready.lock().unwrap_or_else(|e| e.into_inner());
        let p = &r.tr.plan;
        format!(
            "VcPlan(p={}, n={}, batch={}, precision={:?}, inverse={}, algorithm={:?}, passes={}, device={:?})",
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

/// Plans `vc` built, most recently used last (a few kept: building costs a compile or a
/// program-cache load and device buffers).
static PLANS: Mutex<Vec<(Request, Arc<PyVcPlan>)>> = Mutex::new(Vec::new());
const KEPT_PLANS: usize = 8;

fn cached_plan(py: Python<'_>, req: Request) -> PyResult<Arc<PyVcPlan>> {
    {
        let mut plans = PLANS.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = plans.iter().position(|(r, _)| *r == req) {
            let e = plans.remove(i);
            let plan = e.1.clone();
            plans.push(e);
            return Ok(plan);
        }
    }
    let plan = Arc::new(PyVcPlan::from_request(py, req.clone())?);
    let mut plans = PLANS.lock().unwrap_or_else(|e| e.into_inner());
    if plans.len() == KEPT_PLANS {
        plans.remove(0);
    }
    plans.push((req, plan.clone()));
    Ok(plan)
}

/// The Vilenkin-Chrestenson transform of x: the n-dimensional DFT of each array of shape
/// (p,)*n, S[w] = Σ_x x[x] · e^(−2πi⟨w,x⟩/p), equal to numpy.fft.fftn over the last n axes
/// (inverse=True: numpy.fft.ifftn, 1/N scaling unless norm says otherwise).
///
/// x: shape (p,)*n, or (B,)+(p,)*n for B transforms at once; with p given also (p^n,) or
/// (B, p^n). complex64 runs in f32, complex128 in f64; real or integer input is promoted
/// (float32 to complex64, others to complex128). Returns the spectrum with x's shape and
/// dtype. p defaults to the last axis's length. algorithm: None (the device's tuned or default
/// plan), "ct", "cg" or "fused". device: index, name substring, "gpu" or "cpu".
/// Plans are built once and kept (the last 8); for repeated calls VcPlan is the fast path.
#[pyfunction]
#[pyo3(signature = (x, p=None, *, inverse=false, algorithm=None, norm=None, device=None))]
fn vc<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    p: Option<u32>,
    inverse: bool,
    algorithm: Option<String>,
    norm: Option<String>,
    device: Option<String>,
) -> PyResult<Bound<'py, PyAny>> {
    let arr = complex_array(x, None, "x")?;
    let shape = arr.shape();
    let p = match p.or_else(|| infer_p(&shape)) {
        Some(p) => p,
        None => {
            return Err(bad(format!(
                "x has shape {shape:?}: give p (shapes (p,)*n and (B,)+(p,)*n name it by their last axis)"
            )))
        }
    };
    if p < 2 {
        return Err(bad(format!("p = {p}: the transform needs p ≥ 2")));
    }
    let (n, batch) = transform_shape(p, &shape, None, None, "x").map_err(to_py)?;
    let req = Request {
        p,
        n,
        batch,
        precision: arr.precision(),
        inverse,
        algorithm,
        radix: None,
        norm,
        device,
    };
    let plan = cached_plan(py, req)?;
    plan.run(py, arr, None)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyVcPlan>()?;
    m.add_function(wrap_pyfunction!(vc, m)?)?;
    Ok(())
}
