//! The clang + libclc toolchain that compiles OpenCL C for AMD targets without the GPU
//! (installed by `tools/setup-offline.sh`): Debian's `clang-19` and libclc-19's builtins,
//! unpacked under [`super::cache_dir`]. Sources and assembly of every build are kept there.

use super::{cache_dir, OfflineBuild, OfflineError, OfflineKernel, SETUP_HINT};
use crate::stats::tools::which;
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The LLVM release the setup script installs (clang-N, libclc-N).
pub const LLVM_MAJOR: u32 = 19;

/// A usable clang and libclc.
#[derive(Debug, Clone)]
pub struct Toolchain {
    /// The clang executable.
    pub clang: PathBuf,
    /// libclc's `usr` folder (`lib/clc/*.bc`, `include/clc/clc.h`).
    pub libclc: PathBuf,
    /// "clang 19.1.7 (…), libclc-19 1:19.1.7-…".
    pub version: String,
}

impl Toolchain {
    /// libclc's builtins for `triple_file` (e.g. "cypress-r600--", "amdgcn--amdhsa").
    pub fn bitcode(&self, triple_file: &str) -> PathBuf {
        self.libclc
            .join("lib/clc")
            .join(format!("{triple_file}.bc"))
    }

    /// libclc's declarations of the OpenCL builtins.
    pub fn header(&self) -> PathBuf {
        self.libclc.join("include/clc/clc.h")
    }
}

/// The version of clang and libclc (the r600 and amdgcn backends' `installed`).
pub fn installed() -> Result<String, OfflineError> {
    toolchain().map(|t| t.version)
}

/// Finds clang-N and the unpacked libclc-N, or says how to install them.
pub fn toolchain() -> Result<Toolchain, OfflineError> {
    let name = format!("clang-{LLVM_MAJOR}");
    let clang = which(&name)
        .or_else(|| {
            let p = PathBuf::from(format!("/usr/lib/llvm-{LLVM_MAJOR}/bin/clang"));
            p.is_file().then_some(p)
        })
        .ok_or_else(|| OfflineError::NotInstalled {
            tool: name.clone(),
            hint: SETUP_HINT.into(),
        })?;
    let libclc = cache_dir().join(format!("libclc-{LLVM_MAJOR}"));
    if !libclc.join(".complete").is_file() {
        return Err(OfflineError::NotInstalled {
            tool: format!("libclc-{LLVM_MAJOR} (in {})", libclc.display()),
            hint: SETUP_HINT.into(),
        });
    }
    let out = Command::new(&clang)
        .arg("--version")
        .output()
        .map_err(|e| OfflineError::Other(format!("{}: {e}", clang.display())))?;
    let first = String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .to_string();
    let clc = std::fs::read_to_string(libclc.join(".versions")).unwrap_or_default();
    let clc = clc
        .lines()
        .find(|l| l.starts_with(&format!("libclc-{LLVM_MAJOR} ")))
        .unwrap_or("libclc (version unknown)")
        .to_string();
    Ok(Toolchain {
        clang,
        libclc: libclc.join("usr"),
        version: format!("{first}; {clc}"),
    })
}

/// What one clang run produced.
pub struct Compiled {
    /// The assembly text.
    pub asm: String,
    /// Where the source was saved.
    pub source_path: PathBuf,
    /// Where the assembly was saved.
    pub asm_path: PathBuf,
    /// clang's warnings (stderr of a successful run).
    pub warnings: String,
}

/// Saves `source` under the cache folder (named by target and content) and compiles it to
/// assembly with `args` (target flags) and `options` (the program's OpenCL build options).
pub fn compile_to_asm(
    tc: &Toolchain,
    target: &str,
    args: &[String],
    source: &str,
    options: &str,
) -> Result<Compiled, OfflineError> {
    let mut h = Sha256::new();
    h.update(source.as_bytes());
    h.update(options.as_bytes());
    let key: String = h.finalize()[..6]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let dir = cache_dir().join("builds");
    std::fs::create_dir_all(&dir)
        .map_err(|e| OfflineError::Other(format!("creating {}: {e}", dir.display())))?;
    let source_path = dir.join(format!("{target}-{key}.cl"));
    let asm_path = dir.join(format!("{target}-{key}.s"));
    crate::io::atomic::write_atomic(&source_path, source.as_bytes())
        .map_err(|e| OfflineError::Other(format!("saving {}: {e}", source_path.display())))?;
    // A private output name, renamed into place: parallel builds of one program do not race.
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{target}-{key}-"))
        .suffix(".s")
        .tempfile_in(&dir)
        .map_err(|e| OfflineError::Other(format!("a temporary file in {}: {e}", dir.display())))?;
    let out = Command::new(&tc.clang)
        .args(args)
        .args(options.split_whitespace())
        .arg("-o")
        .arg(tmp.path())
        .arg(&source_path)
        .output()
        .map_err(|e| OfflineError::Other(format!("{}: {e}", tc.clang.display())))?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    if !out.status.success() {
        return Err(OfflineError::Build {
            target: target.into(),
            log: stderr,
            source_path,
        });
    }
    tmp.persist(&asm_path)
        .map_err(|e| OfflineError::Other(format!("keeping {}: {e}", asm_path.display())))?;
    let asm = std::fs::read_to_string(&asm_path)
        .map_err(|e| OfflineError::Other(format!("reading {}: {e}", asm_path.display())))?;
    Ok(Compiled {
        asm,
        source_path,
        asm_path,
        warnings: stderr,
    })
}

/// The clang flags every AMD build shares: OpenCL C 1.2 (the paper's), -O2, libclc's header
/// and its builtins linked in, assembly out.
pub fn common_args(tc: &Toolchain, triple: &str, cpu: &str, builtins: &Path) -> Vec<String> {
    [
        "-x",
        "cl",
        "-cl-std=CL1.2",
        "-target",
        triple,
        &format!("-mcpu={cpu}"),
        "-O2",
        "-S",
        // clc.h includes <clc/…>: its own include folder, not whatever the system has.
        "-I",
        &tc.libclc.join("include").to_string_lossy(),
        "-include",
        &tc.header().to_string_lossy(),
        "-Xclang",
        "-mlink-bitcode-file",
        "-Xclang",
        &builtins.to_string_lossy(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

impl Compiled {
    /// The build's notes: clang's warnings worth one (not the triple-spelling one libclc's
    /// amdhsa builtins cause), then where `target`'s source and assembly were kept.
    fn notes(&self, target: &str) -> Vec<String> {
        let mut notes: Vec<String> = self
            .warnings
            .lines()
            .filter(|l| l.contains("warning:") && !l.contains("Linking two modules"))
            .map(|l| format!("clang: {}", l.trim()))
            .collect();
        notes.push(format!(
            "{target}: source {}, assembly {}",
            self.source_path.display(),
            self.asm_path.display()
        ));
        notes
    }

    /// What the build of `target` gave: `kernels` read from this assembly, and its notes.
    pub fn record(
        &self,
        tc: &Toolchain,
        target: &str,
        kernels: Vec<OfflineKernel>,
    ) -> OfflineBuild {
        OfflineBuild {
            target: target.into(),
            compiler: tc.version.clone(),
            kernels,
            notes: self.notes(target),
        }
    }
}
