//! `import jitfft`: the jitfft library's transforms on numpy arrays and Python integers.
//!
//! A second front end beside the CLI: every decision (shapes, validation, default plans,
//! reports) is the library's; this crate converts arrays and integers, opens devices once per
//! process, releases the GIL while the device works and turns library errors into Python
//! exceptions (`ValueError` for bad input, `jitfft.OpenClError` with `.status`, ...).

mod convert;
mod errors;
mod exact;
mod mvl;
mod vc;

use errors::to_py;
use jitfft::runtime::{DeviceSelector, Gpu};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// Devices opened so far, by selector (`None`: the default rule / `JITFFT_DEVICE`). Opening a
/// device creates a context and a queue: done once per process, shared by every plan.
static DEVICES: Mutex<Vec<(Option<String>, Arc<Gpu>)>> = Mutex::new(Vec::new());

/// The device a `device=` argument names (index, name substring, `gpu` or `cpu`; `None`: the
/// first GPU, else a CPU device, or `JITFFT_DEVICE`), opened once and shared.
pub(crate) fn device(sel: Option<&str>) -> jitfft::Result<Arc<Gpu>> {
    let key = sel.map(str::to_string);
    let mut open = DEVICES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, g)) = open.iter().find(|(k, _)| *k == key) {
        return Ok(g.clone());
    }
    let gpu = Arc::new(Gpu::open(&DeviceSelector::from_arg_or_env(sel))?);
    open.push((key, gpu.clone()));
    Ok(gpu)
}

/// Opens the device with the GIL released (discovery and context creation take a while).
pub(crate) fn device_nogil(py: Python<'_>, sel: Option<&str>) -> PyResult<Arc<Gpu>> {
    py.allow_threads(|| device(sel)).map_err(to_py)
}

/// A serializable report as a plain dict (the `--json` fields), through `json.loads`.
pub(crate) fn to_dict<'py>(
    py: Python<'py>,
    v: &impl serde::Serialize,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(v)
        .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(format!("report: {e}")))?;
    py.import("json")?.call_method1("loads", (text,))
}

/// Every OpenCL device of every platform, as dicts with the fields `jitfft devices --json`
/// prints (index, platform, name, kind, compute_units, global_mem_bytes, fp64, ...). The
/// `device=` argument of the other functions takes an index, a name substring, "gpu" or "cpu".
#[pyfunction]
fn devices(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyAny>>> {
    let found = py
        .allow_threads(jitfft::runtime::list_devices)
        .map_err(to_py)?;
    found.iter().map(|d| to_dict(py, &d.info)).collect()
}

/// jitfft: run-time generated OpenCL kernels for spectral transforms, on numpy arrays.
///
/// vc / VcPlan: the Vilenkin-Chrestenson transform (the n-dimensional DFT of shape (p,)*n);
/// bent / spectrum_stats / autocorr: many p-valued functions' spectra at once; ntt / gfp:
/// exact transforms over prime fields; mul: exact products of Python integers.
/// Every call releases the GIL while the device works.
#[pymodule]
#[pyo3(name = "jitfft")]
fn jitfft_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(devices, m)?)?;
    vc::register(m)?;
    mvl::register(m)?;
    exact::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
