//! Statistics from GPU compilers that run without their GPU (the shared contract; the
//! framework around it, the target registry and the AMD backends live on the offline-amd
//! branch, whose version of this file is the one to keep).

pub mod nvptx;
pub mod ocloc;

use std::path::PathBuf;

/// One kernel's figures from an offline compiler.
#[derive(Debug, Clone)]
pub struct OfflineKernel {
    /// The kernel's name.
    pub kernel: String,
    /// Its figures, each tagged with its source.
    pub metrics: Vec<crate::stats::Metric>,
}

/// One program built for one offline target.
#[derive(Debug, Clone)]
pub struct OfflineBuild {
    /// The compiler's own name for the target, e.g. "tgllp", "sm_90".
    pub target: String,
    /// Tool and version.
    pub compiler: String,
    /// One entry per kernel of the program.
    pub kernels: Vec<OfflineKernel>,
    /// What could not be had and why, timings.
    pub notes: Vec<String>,
}

/// Why an offline build gave no figures.
#[derive(Debug)]
pub enum OfflineError {
    /// A compiler is missing; `hint` says how to install it.
    NotInstalled {
        /// Which tool.
        tool: String,
        /// e.g. "run tools/setup.sh --offline-compilers".
        hint: String,
    },
    /// The target has no double precision.
    NoFp64 {
        /// The target.
        target: String,
    },
    /// The compiler rejected the program.
    Build {
        /// The target.
        target: String,
        /// The compiler's whole output.
        log: String,
        /// Where the generated source was saved.
        source_path: PathBuf,
    },
    /// Anything else.
    Other(String),
}

impl std::fmt::Display for OfflineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OfflineError::NotInstalled { tool, hint } => {
                write!(f, "{tool} is not installed: {hint}")
            }
            OfflineError::NoFp64 { target } => write!(f, "{target} has no fp64"),
            OfflineError::Build {
                target,
                log,
                source_path,
            } => write!(
                f,
                "build for {target} failed (source kept in {}):\n{log}",
                source_path.display()
            ),
            OfflineError::Other(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for OfflineError {}

/// Where the offline compilers live: `$JITFFT_OFFLINE_DIR`, else `~/.cache/jitfft/offline`.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("JITFFT_OFFLINE_DIR") {
        return PathBuf::from(d);
    }
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| ".".into());
    home.join(".cache/jitfft/offline")
}
