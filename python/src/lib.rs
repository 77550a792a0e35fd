//! `import jitfft`: the jitfft library's transforms on numpy arrays and Python integers.
//!
//! A second front end beside the CLI: every decision (shapes, validation, default plans,
//! reports) is the library's; this crate converts arrays and integers, opens devices once per
//! process, releases the GIL while the device works and turns library errors into Python
//! exceptions (`ValueError` for bad input, `jitfft.OpenClError` with `.status`, ...).

mod cache;
mod convert;
mod errors;
mod exact;
mod fft;
mod mul_host;
mod mvl;
mod pylong;
mod rvc;
mod vc;
mod wht;

use errors::to_py;
use jitfft::runtime::{select_device, DeviceSelector, Gpu, SetSpec};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

/// Devices opened so far, by selector (`None`: the default rule / `JITFFT_DEVICE`). Opening a
/// device creates a context and a queue: done once per process, shared by every plan.
static DEVICES: Mutex<Vec<(Option<String>, Arc<Gpu>)>> = Mutex::new(Vec::new());

/// The device a `device=` argument names (index, name substring, `gpu` or `cpu`; `None`: the
/// first GPU, else a CPU device, or `JITFFT_DEVICE`), opened once and shared.
pub(crate) fn device(sel: Option<&str>) -> jitfft::Result<Arc<Gpu>> {
    if sel.is_some_and(|s| s.contains(',') || s.trim().eq_ignore_ascii_case("all")) {
        return Err(jitfft::JitError::invalid(format!(
            "device={:?}: this function runs on one device; a device set (a list, \"all\") splits jitfft.bent",
            sel.unwrap_or_default()
        )));
    }
    let key = sel.map(str::to_string);
    let mut open = DEVICES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, g)) = open.iter().find(|(k, _)| *k == key) {
        return Ok(g.clone());
    }
    // Two selectors of one device ("0", "cpu", None) share one context, so their plans do.
    let found = select_device(&DeviceSelector::from_arg_or_env(sel))?;
    let same = open.iter().find(|(_, g)| g.info.index == found.info.index);
    let gpu = match same {
        Some((_, g)) => g.clone(),
        None => Arc::new(Gpu::from_found(found)?),
    };
    open.push((key, gpu.clone()));
    Ok(gpu)
}

/// A `device=` argument: an index (`device=0`), a string (an index, a name substring, "gpu"
/// or "cpu"; a device set: "all" or "0,1"), or a list of indices (a device set: `[0, 1]`,
/// `[0, 0]` opens one device twice).
#[derive(FromPyObject)]
pub(crate) enum DeviceArg {
    Index(usize),
    Name(String),
    List(Vec<usize>),
}

impl DeviceArg {
    /// The selector string of an optional argument (a list: its indices joined by commas).
    pub(crate) fn selector(arg: &Option<DeviceArg>) -> Option<String> {
        arg.as_ref().map(|d| match d {
            DeviceArg::Index(i) => i.to_string(),
            DeviceArg::Name(s) => s.clone(),
            DeviceArg::List(v) => v.iter().map(usize::to_string).collect::<Vec<_>>().join(","),
        })
    }

    /// The device set an argument names (a list, "all", or a comma list); `None`: one device
    /// (a name keeps its first match). An empty list or a bad list is a ValueError naming
    /// what is allowed.
    pub(crate) fn set_spec(arg: &Option<DeviceArg>) -> PyResult<Option<SetSpec>> {
        let text = match arg {
            Some(DeviceArg::List(v)) if v.is_empty() => {
                return Err(errors::bad(format!(
                    "device=[]: an empty device set; a device set is {}",
                    jitfft::runtime::device_set::GRAMMAR
                )))
            }
            Some(DeviceArg::List(_)) => DeviceArg::selector(arg).unwrap_or_default(),
            Some(DeviceArg::Name(s)) if s.contains(',') || s.trim().eq_ignore_ascii_case("all") => {
                s.clone()
            }
            _ => return Ok(None),
        };
        SetSpec::parse(&text).map(Some).map_err(errors::bad)
    }
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

/// Every device's plan cache: a list of dicts (device, plans, device_bytes, host_bytes,
/// max_plans, max_bytes, hits, misses, evictions, entries: [{kind, key, device_bytes,
/// host_bytes, hits}], least recently used first).
#[pyfunction]
fn plan_cache_info(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    to_dict(py, &cache::info())
}

/// Frees every cached plan (only those of `kind` where given: "vc", "mul", "ntt", "gfp",
/// "bent", "spectrum_stats", "autocorr", "wht"); plans in use are freed when their call returns.
/// Returns how many were dropped.
#[pyfunction]
#[pyo3(signature = (kind=None))]
fn clear_plan_cache(py: Python<'_>, kind: Option<&str>) -> usize {
    py.allow_threads(|| cache::clear(kind))
}

/// Sets the plan cache's limits per device: max_plans (plans kept) and max_bytes (device bytes
/// kept; 0 restores the default, a quarter of the device's memory). None leaves a limit as it
/// is. Evicts what no longer fits; returns (max_plans, max_bytes or None for the default).
#[pyfunction]
#[pyo3(signature = (max_plans=None, max_bytes=None))]
fn set_plan_cache_limits(
    py: Python<'_>,
    max_plans: Option<usize>,
    max_bytes: Option<u64>,
) -> (usize, Option<u64>) {
    py.allow_threads(|| cache::set_limits(max_plans, max_bytes))
}

/// The native half of the `jitfft` package (numpy's conventions are in its Python files):
/// run-time generated OpenCL kernels for spectral transforms. Every call releases the GIL
/// while the device works.
#[pymodule]
#[pyo3(name = "_jitfft")]
fn jitfft_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_function(wrap_pyfunction!(devices, m)?)?;
    m.add_function(wrap_pyfunction!(plan_cache_info, m)?)?;
    m.add_function(wrap_pyfunction!(clear_plan_cache, m)?)?;
    m.add_function(wrap_pyfunction!(set_plan_cache_limits, m)?)?;
    vc::register(m)?;
    mvl::register(m)?;
    exact::register(m)?;
    mul_host::register(m)?;
    wht::register(m)?;
    rvc::register(m)?;
    fft::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
