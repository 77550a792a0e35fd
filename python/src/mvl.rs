//! `jitfft.bent`, `jitfft.spectrum_stats`, `jitfft.autocorr`: many p-valued functions at once,
//! their truth vectors on the device as one byte a value (the library's `mvl`).

use crate::cache::{get_or_build, Footprint};
use crate::convert::truth_vectors;
use crate::errors::{bad, to_py};
use crate::{device_nogil, to_dict, DeviceArg};
use jitfft::mvl::bent::{check_possible, BentClassifier};
use jitfft::mvl::bent_report::{geometry, ClassifyReport};
use jitfft::mvl::{default_precision, Autocorrelator, SpectrumStatsPlan, TruthVectors};
use jitfft::transform::Precision;
use num_complex::Complex64;
use numpy::{IntoPyArray, PyArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

fn precision_of(choice: Option<&str>, gpu: &jitfft::runtime::Gpu) -> PyResult<Precision> {
    match choice {
        None => Ok(default_precision(gpu)),
        Some("f32") => Ok(Precision::F32),
        Some("f64") => Ok(Precision::F64),
        Some(s) => Err(bad(format!(
            "precision {s:?}: use 'f32' or 'f64' (None: f64 where the device has it)"
        ))),
    }
}

/// The shape of per-function results: () for one function given as (p^n,) or (p,)*n, (B,)
/// for a batch (the library's shape rule: `jitfft::io::input::batch_shape`).
fn batch_shape(t: &TruthVectors) -> Vec<usize> {
    let p = t.p as usize;
    if t.shape.len() == 1 || t.shape.iter().all(|&d| d == p) {
        vec![]
    } else {
        vec![t.batch as usize]
    }
}

/// Which p-valued functions are bent: f is bent iff every coefficient of the VC spectrum of
/// ε^f (ε = e^(2πi/p)) has |S|² = p^n. truth holds the functions' values 0..p−1 as integers
/// (uint8 is read as it is; any integer dtype accepted), shape (B, p^n) or (B,)+(p,)*n for B
/// functions (result shape (B,)), or (p^n,) / (p,)*n for one (a 0-d result). One batched
/// device run reduces each spectrum to its min and max |S|² (no spectrum is written); where
/// |S|² is an integer (p in 2, 3, 4, 6) and the error bound is below 1/2 the verdict is exact.
/// precision: None (f64 where the device has it), "f32" or "f64". Values outside 0..p−1
/// raise ValueError naming the function and position. report=True returns (verdicts, dict)
/// with the fields of `jitfft bent --json` (bent_count, exact, rule, kernel_ms, upload_ms,
/// end_to_end_ms of this run, the kernels' geometry).
#[pyfunction]
#[pyo3(signature = (truth, p, *, precision=None, device=None, report=false))]
fn bent<'py>(
    py: Python<'py>,
    truth: &Bound<'py, PyAny>,
    p: u32,
    precision: Option<&str>,
    device: Option<DeviceArg>,
    report: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let t = truth_vectors(truth, p)?;
    check_possible(p, t.n).map_err(to_py)?;
    if let Some(spec) = DeviceArg::set_spec(&device)? {
        let shown = device.as_ref().map(DeviceArg::shown).unwrap_or_default();
        return bent_on_set(py, &t, (&spec, &shown), precision, report);
    }
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let precision = precision_of(precision, &gpu)?;
    let (v, times, kernels) = py
        .allow_threads(|| {
            let key = format!("p={} n={} batch={} {precision}", t.p, t.n, t.batch);
            let c = get_or_build(&gpu, "bent", key, || {
                let mut c = BentClassifier::new(&gpu, t.p, t.n, t.batch, precision)?;
                if t.batch > 1 {
                    // Only one function's report shows its |S| range: the others need B bytes back.
                    c = c.verdicts_on_device(&gpu)?;
                }
                // The truth vectors, one byte a value, on the device and in the staging.
                let bytes = t.batch * t.len();
                let size = Footprint {
                    device_bytes: bytes,
                    host_bytes: bytes,
                };
                Ok((c, size))
            })?;
            let c = c.lock().unwrap_or_else(|e| e.into_inner());
            let (v, times) = c.classify(&gpu, &t)?;
            Ok((v, times, geometry(&c)))
        })
        .map_err(to_py)?;
    let rep = report.then(|| {
        ClassifyReport::new(
            t.batch,
            &v,
            Some((times.kernel_ms, times.upload_ms, times.host_ms)),
            Some(kernels),
            format!("{} ({precision})", gpu.info.name),
            None,
        )
    });
    let shape = batch_shape(&t);
    let arr = v.bent.into_pyarray(py).reshape(shape)?.into_any();
    match rep {
        None => Ok(arr),
        Some(r) => Ok(PyTuple::new(py, [arr, to_dict(py, &r)?])?.into_any()),
    }
}

/// `bent` over a device set: the functions split over its members (each in chunks it holds),
/// the verdicts in function order; the report adds `device_set` (each member's functions and
/// times).
fn bent_on_set<'py>(
    py: Python<'py>,
    t: &TruthVectors,
    (spec, shown): (&jitfft::runtime::SetSpec, &str),
    precision: Option<&str>,
    report: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let open = py
        .allow_threads(|| crate::device_set::open(spec, shown))
        .map_err(to_py)?;
    let set = &open.set;
    // None: f64 only where every member has it.
    let weakest = set
        .members
        .iter()
        .find(|g| !g.info.fp64)
        .unwrap_or(&set.members[0]);
    let precision = precision_of(precision, weakest)?;
    let s = py
        .allow_threads(|| jitfft::mvl::bent_split::classify_split(set, t, precision, None, 1))
        .map_err(to_py)?;
    let rep = report.then(|| {
        let r = &s.runs[0];
        let mut rep = ClassifyReport::new(
            t.batch,
            &s.verdicts,
            Some((r.kernel_ms, r.upload_ms, r.host_ms)),
            Some(s.kernels.clone()),
            format!("{} ({precision})", set.describe()),
            None,
        );
        rep.device_set = Some(s.figures.clone());
        rep
    });
    let arr = s
        .verdicts
        .bent
        .into_pyarray(py)
        .reshape(batch_shape(t))?
        .into_any();
    match rep {
        None => Ok(arr),
        Some(r) => Ok(PyTuple::new(py, [arr, to_dict(py, &r)?])?.into_any()),
    }
}

/// The spectral distribution of each function (truth as for `bent`): per function min_abs and
/// max_abs of |S|, zeros (coefficients with |S| ≤ zero_tol), histogram (counts of |S|² in
/// `bins` equal bins over [0, max |S|²]) and, where decidable (N ≤ 4096, integer |S|²), exact:
/// the (|S|², count) pairs. The fields of `jitfft stats --json`; lists have one entry a
/// function.
#[pyfunction]
#[pyo3(signature = (truth, p, bins=16, *, precision=None, device=None))]
fn spectrum_stats<'py>(
    py: Python<'py>,
    truth: &Bound<'py, PyAny>,
    p: u32,
    bins: u32,
    precision: Option<&str>,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let t = truth_vectors(truth, p)?;
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let precision = precision_of(precision, &gpu)?;
    let s = py
        .allow_threads(|| {
            let key = format!(
                "p={} n={} batch={} {precision} bins={bins}",
                t.p, t.n, t.batch
            );
            let plan = get_or_build(&gpu, "spectrum_stats", key, || {
                let plan = SpectrumStatsPlan::new(&gpu, t.p, t.n, t.batch, precision, bins)?;
                let size = Footprint {
                    device_bytes: plan.device_bytes(),
                    host_bytes: t.batch * t.len(),
                };
                Ok((plan, size))
            })?;
            let plan = plan.lock().unwrap_or_else(|e| e.into_inner());
            plan.run(&gpu, &t)
        })
        .map_err(to_py)?;
    to_dict(py, &s)
}

/// The autocorrelation R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)) of each function (⊕ digit-wise
/// addition mod p, R_f(0) = p^n), computed as the inverse VC transform of |S|² on the device.
/// truth as for `bent`; the result has truth's shape (τ in the same order as x), complex128
/// for f64 runs and complex64 for f32.
#[pyfunction]
#[pyo3(signature = (truth, p, *, precision=None, device=None))]
fn autocorr<'py>(
    py: Python<'py>,
    truth: &Bound<'py, PyAny>,
    p: u32,
    precision: Option<&str>,
    device: Option<DeviceArg>,
) -> PyResult<Bound<'py, PyAny>> {
    let t = truth_vectors(truth, p)?;
    let gpu = device_nogil(py, DeviceArg::selector(&device).as_deref())?;
    let precision = precision_of(precision, &gpu)?;
    let r: Vec<Complex64> = py
        .allow_threads(|| {
            let key = format!("p={} n={} batch={} {precision}", t.p, t.n, t.batch);
            let plan = get_or_build(&gpu, "autocorr", key, || {
                let plan = Autocorrelator::new(&gpu, t.p, t.n, t.batch, precision)?;
                let size = Footprint {
                    device_bytes: plan.device_bytes(),
                    host_bytes: t.batch * t.len(),
                };
                Ok((plan, size))
            })?;
            let plan = plan.lock().unwrap_or_else(|e| e.into_inner());
            plan.run(&gpu, &t)
        })
        .map_err(to_py)?;
    let arr = r.into_pyarray(py).reshape(t.shape.clone())?;
    Ok(match precision {
        Precision::F64 => arr.into_any(),
        Precision::F32 => arr.call_method1("astype", ("complex64",))?,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(bent, m)?)?;
    m.add_function(wrap_pyfunction!(spectrum_stats, m)?)?;
    m.add_function(wrap_pyfunction!(autocorr, m)?)?;
    Ok(())
}
