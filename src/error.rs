//! Typed errors for the library: callers may match on them; the CLI prints them.

use std::path::PathBuf;
use thiserror::Error;

/// Everything the library can refuse or fail at. Messages say what was wrong and what is allowed.
#[derive(Debug, Error)]
pub enum JitError {
    /// A request that makes no sense (bad p, n, radix, options...).
    #[error("{0}")]
    InvalidInput(String),

    /// An input file that cannot be used.
    #[error("{path}: {msg}")]
    BadFile {
        /// The file as the caller named it.
        path: PathBuf,
        /// What is wrong with it (and, where it helps, what would be accepted).
        msg: String,
    },

    /// The device cannot hold or run what was asked.
    #[error("{0}")]
    Device(String),

    /// OpenCL reported an error. `status` is the API status code (`CL_OUT_OF_RESOURCES` = -5,
    /// `CL_INVALID_WORK_GROUP_SIZE` = -54, ...) where the failing call reported one.
    #[error("OpenCL error: {message}")]
    OpenCl {
        /// The OpenCL API status code, where the failing call reported one.
        status: Option<i32>,
        /// The driver's (or ocl's) description, with the failing step before it.
        message: String,
    },

    /// The device compiler rejected a generated program.
    #[error("kernel build failed on {device}: the generated source was saved to {}\n--- build log ---\n{log}", source_path.display())]
    Build {
        /// The device's name.
        device: String,
        /// The compiler's build log (or the API error when the log is empty).
        log: String,
        /// Where the rejected source was saved for inspection (the cache's `sources/` folder,
        /// else the temporary folder).
        source_path: PathBuf,
    },

    /// A file or folder could not be read or written.
    #[error("{context}: {source}")]
    Io {
        /// What was being done, e.g. the path being written.
        context: String,
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
}

impl JitError {
    /// An [`JitError::InvalidInput`] with this message.
    pub fn invalid(msg: impl Into<String>) -> Self {
        JitError::InvalidInput(msg.into())
    }
    /// A [`JitError::BadFile`]: `msg` says what is wrong with the file at `path`.
    pub fn file(path: impl Into<PathBuf>, msg: impl Into<String>) -> Self {
        JitError::BadFile {
            path: path.into(),
            msg: msg.into(),
        }
    }
    /// An OpenCL failure without an API status (e.g. a misuse detected by jitfft itself).
    pub fn opencl(message: impl Into<String>) -> Self {
        JitError::OpenCl {
            status: None,
            message: message.into(),
        }
    }

    /// An OpenCL failure from ocl's error, with `context` before its message and the API
    /// status kept where ocl knows it.
    pub fn opencl_in(context: impl std::fmt::Display, e: impl Into<JitError>) -> Self {
        match e.into() {
            JitError::OpenCl { status, message } => JitError::OpenCl {
                status,
                message: format!("{context}: {message}"),
            },
            other => JitError::opencl(format!("{context}: {other}")),
        }
    }

    /// The OpenCL API status code of an `OpenCl` error, where one was reported (callers can
    /// match e.g. `Some(-5)` for `CL_OUT_OF_RESOURCES`); `None` for other errors.
    pub fn status(&self) -> Option<i32> {
        match self {
            JitError::OpenCl { status, .. } => *status,
            _ => None,
        }
    }

    /// A [`JitError::Io`]: `context` says what was being done when `source` occurred.
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        JitError::Io {
            context: context.into(),
            source,
        }
    }
}

impl From<ocl::Error> for JitError {
    fn from(e: ocl::Error) -> Self {
        JitError::OpenCl {
            status: e.api_status().map(|s| s as i32),
            message: e.to_string(),
        }
    }
}

impl From<ocl::OclCoreError> for JitError {
    fn from(e: ocl::OclCoreError) -> Self {
        JitError::OpenCl {
            status: e.api_status().map(|s| s as i32),
            message: e.to_string(),
        }
    }
}

/// The library's result type: [`JitError`] unless another error type is named.
pub type Result<T, E = JitError> = std::result::Result<T, E>;
