//! Program build with an on-disk binary cache. The key covers device, driver, source and
//! options, so a new driver or a changed generator never reuses a stale binary; each entry
//! carries its SHA-256, so a truncated or corrupted one is compiled again, never loaded.

use super::context::Gpu;
use super::env;
use crate::error::{JitError, Result};
use ocl::enums::{ProgramBuildInfo, ProgramBuildInfoResult, ProgramInfo, ProgramInfoResult};
use ocl::Program;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::ffi::CString;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

/// A built program and how it came to be.
#[derive(Clone)]
pub struct BuiltProgram {
    /// The program, built for the device and ready for kernels to be created from it.
    pub program: Program,
    /// Wall time of the build (or of loading the cached binary), kept out of kernel timings.
    pub build_ms: f64,
    /// True when the binary came from the on-disk cache rather than a compile.
    pub from_cache: bool,
    /// The compiler's log after a successful build (e.g. NVIDIA's `-cl-nv-verbose` report).
    pub build_log: String,
    /// The build options passed to the compiler (this device's defaults plus the caller's).
    pub options: String,
    /// The cache key: 32 hex digits of a SHA-256 over device, driver, options and source;
    /// also the file name of the cached binary and of dumped artifacts.
    pub key: String,
}

/// Where jitfft keeps its caches: `$JITFFT_CACHE_DIR`, else the user's cache dir.
pub fn cache_root() -> PathBuf {
    if let Some(d) = env::cache_dir() {
        return d;
    }
    dirs::cache_dir()
        .unwrap_or_else(std::env::temp_dir)
        .join("jitfft")
}

/// The wisdom file of `tune vc` and `tune fft`: `$JITFFT_WISDOM` (`knobs.wisdom`), else
/// `wisdom.json` in the cache folder.
pub fn wisdom_path(knobs: &super::Knobs) -> PathBuf {
    knobs
        .wisdom
        .clone()
        .unwrap_or_else(|| cache_root().join("wisdom.json"))
}

fn cache_key(gpu: &Gpu, source: &str, options: &str) -> String {
    let mut h = Sha256::new();
    for part in [
        gpu.info.platform.as_str(),
        gpu.info.name.as_str(),
        gpu.info.driver_version.as_str(),
        gpu.info.opencl_version.as_str(),
        options,
        source,
    ] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    h.finalize()
        .iter()
        .take(16)
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn build_log(program: &Program, gpu: &Gpu) -> String {
    match program.build_info(gpu.device, ProgramBuildInfo::BuildLog) {
        Ok(ProgramBuildInfoResult::BuildLog(s)) => s.trim_end_matches('\0').trim().to_string(),
        _ => String::new(),
    }
}

fn cstring(s: &str, what: &str) -> Result<CString> {
    CString::new(s).map_err(|_| JitError::invalid(format!("{what} contains a NUL byte")))
}

/// Options every build gets on this device, plus the caller's.
pub fn build_options(gpu: &Gpu, extra: &str) -> String {
    let mut opts = Vec::new();
    if gpu.info.vendor_key() == "nvidia" {
        // Puts ptxas' register/spill report into the build log (read after success too).
        opts.push("-cl-nv-verbose");
    }
    if !extra.is_empty() {
        opts.push(extra);
    }
    opts.join(" ")
}

fn save_source(key: &str, source: &str) -> PathBuf {
    let dir = cache_root().join("sources");
    let path = dir.join(format!("{key}.cl"));
    if std::fs::create_dir_all(&dir).is_ok() && std::fs::write(&path, source).is_ok() {
        return path;
    }
    let fallback = std::env::temp_dir().join(format!("jitfft-{key}.cl"));
    let _ = std::fs::write(&fallback, source);
    fallback
}

/// One lock per cache key, so that threads of a process building the same program at once
/// (tests running in parallel, a bench sweep) compile it once: the others wait and then load
/// the binary the first one cached. The map grows by one small entry per distinct program.
fn key_lock(key: &str) -> Arc<Mutex<()>> {
    static LOCKS: OnceLock<Mutex<HashMap<String, Arc<Mutex<()>>>>> = OnceLock::new();
    let mut map = LOCKS
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    map.entry(key.to_string()).or_default().clone()
}

/// Builds `source` for the device, reusing a cached binary when one matches.
/// Set `JITFFT_NO_CACHE=1` to always compile from source.
pub fn build_program(gpu: &Gpu, source: &str, extra_options: &str) -> Result<BuiltProgram> {
    // The knob's options (`JITFFT_CL_OPTIONS`) join the key: a binary built without the
    // optimiser is never served to a normal build. `stats` (offline targets) never takes them.
    let extra = [extra_options, gpu.knobs.cl_options.trim()].join(" ");
    let options = build_options(gpu, extra.trim());
    let key = cache_key(gpu, source, &options);
    let lock = key_lock(&key);
    let _same_program = lock.lock().unwrap_or_else(|e| e.into_inner());
    let bin_path = cache_root().join("programs").join(format!("{key}.bin"));
    let copts = cstring(&options, "build options")?;
    let use_cache = !env::no_cache();

    let t0 = Instant::now();
    if use_cache {
        if let Some(bin) = std::fs::read(&bin_path).ok().as_deref().and_then(unsealed) {
            let bins: [&[u8]; 1] = [bin];
            if let Ok(program) = Program::with_binary(&gpu.context, &[gpu.device], &bins, &copts) {
                let log = build_log(&program, gpu);
                return Ok(BuiltProgram {
                    program,
                    build_ms: t0.elapsed().as_secs_f64() * 1e3,
                    from_cache: true,
                    build_log: log,
                    options,
                    key,
                });
            }
            // A binary the driver no longer accepts: fall through and rebuild.
        }
    }

    let src = cstring(source, "generated source")?;
    let core_prog = ocl::core::create_program_with_source(&gpu.context, &[src])?;
    let built = ocl::core::build_program(&core_prog, Some(&[gpu.device]), &copts, None, None);
    let program = Program::from(core_prog);
    if built.is_err() {
        let log = build_log(&program, gpu);
        let log = if log.is_empty() {
            built.err().map(|e| e.to_string()).unwrap_or_default()
        } else {
            log
        };
        return Err(JitError::Build {
            device: gpu.info.name.clone(),
            log,
            source_path: save_source(&key, source),
        });
    }
    let build_ms = t0.elapsed().as_secs_f64() * 1e3;
    let log = build_log(&program, gpu);
    dump_artifacts(&program, &key, source, &log);
    if use_cache {
        if let Ok(ProgramInfoResult::Binaries(bins)) = program.info(ProgramInfo::Binaries) {
            if let Some(bin) = bins.first().filter(|b| !b.is_empty()) {
                store_binary(&bin_path, bin);
            }
        }
    }
    Ok(BuiltProgram {
        program,
        build_ms,
        from_cache: false,
        build_log: log,
        options,
        key,
    })
}

/// Ends every cached binary, after its SHA-256: a file that does not end so is no entry.
const SEAL: &[u8; 8] = b"jitfft1\n";

/// A binary as cached: the bytes, their SHA-256, [`SEAL`].
fn sealed(bin: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bin.len() + 40);
    out.extend_from_slice(bin);
    out.extend_from_slice(&Sha256::digest(bin));
    out.extend_from_slice(SEAL);
    out
}

/// The binary of a cache file, `None` where it is truncated, changed or of an older layout:
/// drivers are not robust to such bytes (PoCL crashed loading a truncated binary, issue 43),
/// so nothing reaches them unchecked and the program is compiled again.
fn unsealed(file: &[u8]) -> Option<&[u8]> {
    let body = file.strip_suffix(SEAL)?;
    let (bin, sum) = body.split_at(body.len().checked_sub(32)?);
    (Sha256::digest(bin).as_slice() == sum && !bin.is_empty()).then_some(bin)
}

/// Puts a built binary in the cache through a uniquely named temporary file in the same
/// folder, renamed into place: processes building the same program at once never read a
/// partial file nor write through each other's temporary (the last rename wins, with a whole
/// binary). Failures only cost the cache entry.
fn store_binary(bin_path: &std::path::Path, bin: &[u8]) {
    use std::io::Write;
    let Some(dir) = bin_path.parent() else {
        return;
    };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let Ok(mut tmp) = tempfile::Builder::new()
        .prefix(".partial-")
        .suffix(".tmp")
        .tempfile_in(dir)
    else {
        return;
    };
    if tmp
        .write_all(&sealed(bin))
        .and_then(|_| tmp.flush())
        .is_ok()
    {
        // On failure the temporary file is removed when `tmp` drops.
        let _ = tmp.persist(bin_path);
    }
}

/// With `JITFFT_DUMP_DIR` set, keeps each freshly built program's source, binary (PTX text
/// on NVIDIA) and build log there: material for statistics parsers and for debugging.
fn dump_artifacts(program: &Program, key: &str, source: &str, log: &str) {
    let Some(dir) = env::dump_dir() else {
        return;
    };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let _ = std::fs::write(dir.join(format!("{key}.cl")), source);
    let _ = std::fs::write(dir.join(format!("{key}.log")), log);
    if let Ok(ProgramInfoResult::Binaries(bins)) = program.info(ProgramInfo::Binaries) {
        if let Some(bin) = bins.first() {
            let _ = std::fs::write(dir.join(format!("{key}.bin")), bin);
        }
    }
}

/// The device binary of a built program (PTX text on NVIDIA, an ELF/bitcode on others).
pub fn program_binary(built: &BuiltProgram) -> Option<Vec<u8>> {
    match built.program.info(ProgramInfo::Binaries) {
        Ok(ProgramInfoResult::Binaries(mut bins)) if !bins.is_empty() => Some(bins.remove(0)),
        _ => None,
    }
}
