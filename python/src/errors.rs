//! Library errors as Python exceptions: bad input is a `ValueError` with the CLI's message;
//! OpenCL failures are `jitfft.OpenClError` with the API status in `.status` (None where the
//! failing call gave none); what the device cannot hold or run is `jitfft.DeviceError`; a
//! program the compiler rejected is `jitfft.BuildError` (the log in the message).

use jitfft::JitError;
use pyo3::exceptions::{PyOSError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    jitfft,
    OpenClError,
    PyRuntimeError,
    "An OpenCL call failed; `.status` is the API status code (e.g. -5 CL_OUT_OF_RESOURCES) or None."
);
pyo3::create_exception!(
    jitfft,
    DeviceError,
    PyRuntimeError,
    "The device cannot hold or run what was asked (memory, work-group limits, no fp64, no device)."
);
pyo3::create_exception!(
    jitfft,
    BuildError,
    PyRuntimeError,
    "The device compiler rejected a generated program (the build log is in the message)."
);

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("OpenClError", py.get_type::<OpenClError>())?;
    m.add("DeviceError", py.get_type::<DeviceError>())?;
    m.add("BuildError", py.get_type::<BuildError>())?;
    Ok(())
}

/// The Python exception of a library error.
pub(crate) fn to_py(e: JitError) -> PyErr {
    let msg = e.to_string();
    match e {
        JitError::InvalidInput(_) | JitError::BadFile { .. } => PyValueError::new_err(msg),
        JitError::Device(_) => DeviceError::new_err(msg),
        JitError::OpenCl { status, .. } => Python::with_gil(|py| {
            let err = OpenClError::new_err((msg, status));
            // `.status` beside args: what a caller matches on.
            let _ = err.value(py).setattr("status", status);
            err
        }),
        JitError::Build { .. } => BuildError::new_err(msg),
        JitError::Io { .. } => PyOSError::new_err(msg),
    }
}

/// A `ValueError` with this message.
pub(crate) fn bad(msg: impl Into<String>) -> PyErr {
    PyValueError::new_err(msg.into())
}
