//! `import jitfft`: the jitfft library's transforms on numpy arrays and Python integers.
//!
//! A second front end beside the CLI: every decision (shapes, validation, default plans,
//! reports) is the library's; this crate converts arrays and integers, opens devices once per
//! process, releases the GIL while the device works and turns library errors into Python
//! exceptions (`ValueError` for bad input, `jitfft.OpenClError` with `.status`, ...).

mod cache;
mod convert;
mod device_set;
mod errors;
mod exact;
mod fft;
mod mul_host;
mod mvl;
mod pylong;
mod rvc;
mod vc;
mod vc_set;
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
            "device={:?}: this function runs on one device; a device set (a list, \"all\") splits the batch rows of jitfft.vc, ivc, rvc, irvc, wht and the functions of jitfft.bent",
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

/// What `device=` takes, for error messages.
const DEVICE_FORMS: &str = "an int index, a string (an index, a name substring, \"gpu\" or \"cpu\"; a device set: \"all\" or \"0,1\"), a list of indices (a device set: [0, 1]; [0, 0] opens one device twice) or None";

/// A `device=` argument: an index (`device=0`), a string (an index, a name substring, "gpu"
/// or "cpu"; a device set: "all" or "0,1"), or a list (or tuple) of indices (a device set:
/// `[0, 1]`, `[0, 0]` opens one device twice). A bool, a float or a negative index is refused
/// naming the argument (`device[1]` for a list's second entry).
pub(crate) enum DeviceArg {
    Index(usize),
    Name(String),
    List(Vec<usize>),
}

/// One device index: an int or anything with `__index__` (numpy integers), never a bool.
fn device_index(ob: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    use pyo3::exceptions::PyTypeError;
    let type_name = ob
        .get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default();
    // numpy's bool is `numpy.bool_` (numpy 1) or `numpy.bool` (numpy 2), not a Python bool.
    if ob.is_instance_of::<pyo3::types::PyBool>() || type_name == "bool_" || type_name == "bool" {
        return Err(PyTypeError::new_err(format!(
            "{what}={ob}: a bool is not a device index; device takes {DEVICE_FORMS}"
        )));
    }
    let index = ob
        .py()
        .import("operator")?
        .call_method1("index", (ob,))
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "{what} is a {type_name}, not an int; device takes {DEVICE_FORMS}"
            ))
        })?;
    let i: i128 = index.extract()?;
    if i < 0 {
        return Err(errors::bad(format!(
            "{what}={i}: a device index is ≥ 0 (jitfft.devices() lists them)"
        )));
    }
    usize::try_from(i).map_err(|_| errors::bad(format!("{what}={i}: no such device index")))
}

impl<'py> FromPyObject<'py> for DeviceArg {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        use pyo3::types::{PyList, PyString, PyTuple};
        if let Ok(s) = ob.downcast::<PyString>() {
            return Ok(DeviceArg::Name(s.extract::<String>()?));
        }
        if ob.is_instance_of::<PyList>() || ob.is_instance_of::<PyTuple>() {
            let items = ob.try_iter()?.collect::<PyResult<Vec<_>>>()?;
            let list = items
                .iter()
                .enumerate()
                .map(|(k, it)| device_index(it, &format!("device[{k}]")))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(DeviceArg::List(list));
        }
        device_index(ob, "device").map(DeviceArg::Index)
    }
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

    /// The argument as the caller wrote it, for messages (`[0, 7]`, `'0,7'`, `2`).
    pub(crate) fn shown(&self) -> String {
        match self {
            DeviceArg::Index(i) => i.to_string(),
            DeviceArg::Name(s) => format!("{s:?}"),
            DeviceArg::List(v) => format!("{v:?}"),
        }
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
        SetSpec::parse(&text)
            .map(Some)
            .map_err(|e| errors::bad(e.replacen("--device ", "device=", 1)))
    }
}

/// `device=` checked once for every function: (the argument as the native functions take it,
/// whether it names a device set). The Python layer calls it before it settles the layout, so
/// a bad `device=` is refused however trivial the input.
#[pyfunction]
#[pyo3(signature = (device=None))]
fn _device_arg(py: Python<'_>, device: Option<DeviceArg>) -> PyResult<(PyObject, bool)> {
    let is_set = DeviceArg::set_spec(&device)?.is_some();
    let value = match device {
        None => py.None(),
        Some(DeviceArg::Index(i)) => i.into_pyobject(py)?.into_any().unbind(),
        Some(DeviceArg::Name(s)) => s.into_pyobject(py)?.into_any().unbind(),
        Some(DeviceArg::List(v)) => v.into_pyobject(py)?.into_any().unbind(),
    };
    Ok((value, is_set))
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
    m.add_function(wrap_pyfunction!(_device_arg, m)?)?;
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
