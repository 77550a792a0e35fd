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
    BadFile { path: PathBuf, msg: String },

    /// The device cannot hold or run what was asked.
    #[error("{0}")]
    Device(String),

    /// OpenCL reported an error.
    #[error("OpenCL error: {0}")]
    OpenCl(String),

    /// The device compiler rejected a generated program.
    #[error("kernel build failed on {device}: the generated source was saved to {}\n--- build log ---\n{log}", source_path.display())]
    Build {
        device: String,
        log: String,
        source_path: PathBuf,
    },

    #[error("{context}: {source}")]
    Io {
        context: String,
        #[source]
        source: std::io::Error,
    },
}

impl JitError {
    pub fn invalid(msg: impl Into<String>) -> Self {
        JitError::InvalidInput(msg.into())
    }
    pub fn file(path: impl Into<PathBuf>, msg: impl Into<String>) -> Self {
        JitError::BadFile {
            path: path.into(),
            msg: msg.into(),
        }
    }
    pub fn io(context: impl Into<String>, source: std::io::Error) -> Self {
        JitError::Io {
            context: context.into(),
            source,
        }
    }
}

impl From<ocl::Error> for JitError {
    fn from(e: ocl::Error) -> Self {
        JitError::OpenCl(e.to_string())
    }
}

impl From<ocl::OclCoreError> for JitError {
    fn from(e: ocl::OclCoreError) -> Self {
        JitError::OpenCl(e.to_string())
    }
}

pub type Result<T, E = JitError> = std::result::Result<T, E>;
