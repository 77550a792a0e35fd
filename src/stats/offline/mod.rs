//! Offline statistics: jitfft's kernels compiled by GPU vendors' compilers on a machine
//! without the GPU (AMD's Evergreen through LLVM's R600 backend, GCN/CDNA/RDNA through its
//! AMDGPU backend; Intel's `ocloc` and NVIDIA's `ptxas` in their own modules), and the figures
//! read from what the compiler wrote, each tagged with its source.
//!
//! Every backend module has the same face: `TARGETS` (the compiler's own target names),
//! `installed()` (the tool's version, or how to install it) and
//! `build(target, source, options, fp64)`. [`targets`] registers the backends and the family
//! aliases (`evergreen`, `cdna`, `hopper`, …, `all-offline`).

pub mod amdgcn;
pub mod clang;
pub mod nvptx;
pub mod ocloc;
pub mod r600;
pub mod table;
pub mod targets;
pub mod vc;

use super::Metric;
use serde::Serialize;
use std::path::PathBuf;

/// The figures of one kernel as one offline compiler reports them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OfflineKernel {
    /// The kernel's name.
    pub kernel: String,
    /// Its figures, each with its source (assembly count, metadata, compiler message).
    pub metrics: Vec<Metric>,
}

impl OfflineKernel {
    /// The figure for `key`, if the backend reports one.
    pub fn metric(&self, key: &str) -> Option<&Metric> {
        self.metrics.iter().find(|m| m.key == key)
    }

    /// The value for `key`, if known.
    pub fn value(&self, key: &str) -> Option<u64> {
        self.metric(key).and_then(|m| m.value)
    }
}

/// One program compiled for one offline target.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OfflineBuild {
    /// The target as the compiler names it ("cypress", "gfx90a", "tgllp", "sm_90").
    pub target: String,
    /// The tool and its version.
    pub compiler: String,
    /// One entry per kernel of the program, in the order the compiler emitted them.
    pub kernels: Vec<OfflineKernel>,
    /// What could not be read, where files were kept, compiler warnings worth seeing.
    pub notes: Vec<String>,
}

impl OfflineBuild {
    /// The kernel named `name`.
    pub fn kernel(&self, name: &str) -> Option<&OfflineKernel> {
        self.kernels.iter().find(|k| k.kernel == name)
    }
}

/// Why an offline build gave no figures.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OfflineError {
    /// The compiler (or its builtins library) is not installed.
    NotInstalled {
        /// What is missing.
        tool: String,
        /// How to install it, e.g. "run tools/setup.sh --offline-compilers".
        hint: String,
    },
    /// The program uses double precision and the target (or its compiler) has none.
    NoFp64 {
        /// The target.
        target: String,
    },
    /// The compiler rejected the program.
    Build {
        /// The target.
        target: String,
        /// The compiler's messages.
        log: String,
        /// Where the generated source was saved.
        source_path: PathBuf,
    },
    /// Anything else (an unknown target, an unreadable output).
    Other(String),
}

impl std::fmt::Display for OfflineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OfflineError::NotInstalled { tool, hint } => {
                write!(f, "{tool} is not installed: {hint}")
            }
            OfflineError::NoFp64 { target } => write!(
                f,
                "{target} has no double precision (cl_khr_fp64) in its compiler: f64 kernels cannot be built for it"
            ),
            OfflineError::Build {
                target,
                log,
                source_path,
            } => write!(
                f,
                "the build for {target} failed (source saved as {}):\n{}",
                source_path.display(),
                log.trim_end()
            ),
            OfflineError::Other(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for OfflineError {}

/// The setup command that installs every offline compiler.
pub const SETUP_HINT: &str = "run tools/setup.sh --offline-compilers";

/// Refuses `target` where the backend's `targets` do not list it; `unknown(the list)` words
/// the error.
pub fn check_target(
    target: &str,
    targets: &[&str],
    unknown: impl FnOnce(String) -> String,
) -> Result<(), OfflineError> {
    if targets.contains(&target) {
        return Ok(());
    }
    Err(OfflineError::Other(unknown(targets.join(", "))))
}

/// Where offline compilers' libraries, saved sources and assembly live:
/// `JITFFT_OFFLINE_DIR`, else `~/.cache/jitfft/offline`.
pub fn cache_dir() -> PathBuf {
    if let Some(d) = crate::runtime::env::offline_dir() {
        return d;
    }
    dirs::home_dir()
        .map(|h| h.join(".cache"))
        .or_else(dirs::cache_dir)
        .unwrap_or_else(std::env::temp_dir)
        .join("jitfft")
        .join("offline")
}
