//! The registry of offline targets: each backend module with its targets, and the family
//! aliases that name several (`evergreen` is the paper's Cypress). The Intel (`ocloc`) and
//! NVIDIA (`nvptx`) backends are one `backend!` row each in [`BACKENDS`].

use super::{amdgcn, nvptx, ocloc, r600, OfflineBuild, OfflineError, SETUP_HINT};

/// One compiler backend and the targets it builds for.
pub struct Backend {
    /// Its module name: "r600", "amdgcn", "ocloc", "nvptx".
    pub name: &'static str,
    /// The setup.sh flag that installs its compiler.
    pub setup_flag: &'static str,
    /// The compiler's own target names.
    pub targets: &'static [&'static str],
    /// Compiles a program for one target: (target, source, options, fp64).
    pub build: fn(&str, &str, &str, bool) -> Result<OfflineBuild, OfflineError>,
    /// The compiler's version, or how to install it.
    pub installed: fn() -> Result<String, OfflineError>,
    /// The work-group limit its devices' OpenCL drivers report (shapes the fused tiles).
    pub max_work_group: u64,
    /// Local memory per work-group in bytes (shapes the fused tiles).
    pub local_bytes: u64,
}

/// A registry row for backend module `$m` (which has `TARGETS`, `build` and `installed`).
macro_rules! backend {
    ($m:ident, $max_work_group:expr, $local_kib:expr) => {
        Backend {
            name: stringify!($m),
            setup_flag: "--offline-compilers",
            targets: $m::TARGETS,
            build: $m::build,
            installed: $m::installed,
            max_work_group: $max_work_group,
            local_bytes: $local_kib * 1024,
        }
    };
}

/// Every backend of this build: module, work-group limit, local memory (KiB). Evergreen's
/// OpenCL allowed 256 work-items and 32 KiB of LDS a group.
pub static BACKENDS: &[Backend] = &[
    backend!(r600, 256, 32),
    backend!(amdgcn, 1024, 64),
    backend!(ocloc, 1024, 64),
    backend!(nvptx, 1024, 48),
];

/// One target of one backend.
#[derive(Clone, Copy)]
pub struct Target {
    /// The compiler's name for it.
    pub name: &'static str,
    /// The backend that builds for it.
    pub backend: &'static Backend,
}

impl std::fmt::Debug for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.name, self.backend.name)
    }
}

impl Target {
    /// Compiles `source` for this target.
    pub fn build(
        &self,
        source: &str,
        options: &str,
        fp64: bool,
    ) -> Result<OfflineBuild, OfflineError> {
        (self.backend.build)(self.name, source, options, fp64)
    }
}

/// What a family alias stands for.
pub enum Members {
    /// These target names (those of this build).
    Names(&'static [&'static str]),
    /// Every target of these backends.
    Backends(&'static [&'static str]),
}

/// Family aliases: name, what it means, members.
pub const ALIASES: &[(&str, &str, Members)] = &[
    (
        "evergreen",
        "the paper's Evergreen GPU (Radeon HD 5870)",
        Members::Names(&["cypress"]),
    ),
    (
        "terascale",
        "every Evergreen / Northern Islands chip",
        Members::Backends(&["r600"]),
    ),
    (
        "gcn",
        "GCN 3-5 (Fiji/Polaris, Vega)",
        Members::Names(&["gfx803", "gfx900", "gfx906"]),
    ),
    (
        "cdna",
        "CDNA 1-3 (MI100, MI200, MI300)",
        Members::Names(&["gfx908", "gfx90a", "gfx942"]),
    ),
    (
        "rdna",
        "RDNA 1-4",
        Members::Names(&["gfx1010", "gfx1030", "gfx1100", "gfx1200"]),
    ),
    (
        "amd",
        "every AMD target",
        Members::Backends(&["r600", "amdgcn"]),
    ),
    (
        "xe",
        "Intel Xe (Gen12 and later)",
        Members::Names(&["tgllp", "dg1", "dg2", "acm-g10", "mtl", "pvc", "bmg", "lnl"]),
    ),
    ("intel", "every Intel target", Members::Backends(&["ocloc"])),
    ("volta", "NVIDIA Volta", Members::Names(&["sm_70", "sm_72"])),
    ("turing", "NVIDIA Turing", Members::Names(&["sm_75"])),
    (
        "ampere",
        "NVIDIA Ampere",
        Members::Names(&["sm_80", "sm_86", "sm_87"]),
    ),
    ("ada", "NVIDIA Ada", Members::Names(&["sm_89"])),
    (
        "hopper",
        "NVIDIA Hopper",
        Members::Names(&["sm_90", "sm_90a"]),
    ),
    (
        "nvidia",
        "every NVIDIA target",
        Members::Backends(&["nvptx"]),
    ),
    (
        "all-offline",
        "every offline target",
        Members::Backends(&["r600", "amdgcn", "ocloc", "nvptx"]),
    ),
];

/// Every registered target, backend by backend.
pub fn all() -> Vec<Target> {
    BACKENDS
        .iter()
        .flat_map(|b| {
            b.targets
                .iter()
                .map(move |&name| Target { name, backend: b })
        })
        .collect()
}

/// The target called `name` (the compiler's own name).
pub fn find(name: &str) -> Option<Target> {
    all().into_iter().find(|t| t.name == name)
}

fn members(m: &Members) -> Vec<Target> {
    all()
        .into_iter()
        .filter(|t| match m {
            Members::Names(n) => n.contains(&t.name),
            Members::Backends(b) => b.contains(&t.backend.name),
        })
        .collect()
}

/// Every valid name: targets, then aliases.
pub fn valid_names() -> String {
    let targets: Vec<&str> = all().iter().map(|t| t.name).collect();
    let aliases: Vec<&str> = ALIASES.iter().map(|a| a.0).collect();
    format!(
        "targets: {}; families: {}",
        targets.join(", "),
        aliases.join(", ")
    )
}

/// Resolves a comma-separated list of target names and aliases, in order, without repeats.
pub fn resolve(list: &str) -> Result<Vec<Target>, String> {
    let mut out: Vec<Target> = Vec::new();
    for item in list.split(',').map(str::trim) {
        if item.is_empty() {
            return Err(format!("an empty name in {list:?} ({})", valid_names()));
        }
        let found = if let Some(t) = find(item) {
            vec![t]
        } else if let Some((_, _, m)) = ALIASES.iter().find(|a| a.0 == item) {
            let v = members(m);
            if v.is_empty() {
                return Err(format!(
                    "{item:?} names no target of this build (its compiler's backend is not built in; {})",
                    valid_names()
                ));
            }
            v
        } else {
            return Err(format!(
                "unknown offline target {item:?} ({})",
                valid_names()
            ));
        };
        for t in found {
            if !out.iter().any(|o| o.name == t.name) {
                out.push(t);
            }
        }
    }
    Ok(out)
}

/// A clap value parser for `--target LIST` (an unknown name exits 2 with the valid names).
pub fn parse_list(list: &str) -> Result<Vec<String>, String> {
    resolve(list).map(|v| v.iter().map(|t| t.name.to_string()).collect())
}

/// One line per target for `stats --list-targets`: name, backend, installed or how to install.
pub fn listing() -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for b in BACKENDS {
        let state = match (b.installed)() {
            Ok(v) => format!("installed: {v}"),
            Err(OfflineError::NotInstalled { tool, .. }) => {
                format!("not installed ({tool}): tools/setup.sh {}", b.setup_flag)
            }
            Err(e) => format!("unusable: {e} ({SETUP_HINT})"),
        };
        for t in b.targets {
            out.push((t.to_string(), b.name.to_string(), state.clone()));
        }
    }
    out
}
