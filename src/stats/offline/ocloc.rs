//! Intel Xe (and Gen9/Gen11) without the GPU: Intel's offline compiler `ocloc`
//! (tools/offline/intel.sh unpacks compute-runtime 22.43 / IGC 1.0.12504 into the cache).
//!
//! Each program is compiled twice with the same options: as a zebin, whose `.ze_info` gives the
//! GRF mode, SIMD width, scratch and shared local memory of every kernel, and as a patch-token
//! binary, which `ocloc disasm` turns into ISA text (this ocloc disassembles only that format;
//! the machine code of the two is the same) for the instruction counts.

use super::{cache_dir, OfflineBuild, OfflineError, OfflineKernel};
use crate::stats::intel::{isa_counts, parse_ze_info, ZeInfo};
use crate::stats::tools::{keep_source, run_logged, Scratch};
use crate::stats::{elf, Metric};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Targets by ocloc's own names: Gen9 (Skylake), Gen11 (Ice Lake), Xe-LP (Tiger Lake, DG1),
/// Xe-HPG (DG2 / Arc A770, `acm-g10`) and Xe-HPC (Ponte Vecchio).
pub const TARGETS: &[&str] = &["skl", "icllp", "tgllp", "dg1", "acm-g10", "pvc"];

/// Targets whose hardware has no double precision (ocloc rejects `double` for them).
const NO_FP64: &[&str] = &["icllp", "tgllp", "dg1", "acm-g10"];

/// Family names for the target registry.
pub fn family_aliases() -> &'static [(&'static str, &'static [&'static str])] {
    &[
        ("intel", TARGETS),
        ("gen9", &["skl"]),
        ("gen11", &["icllp"]),
        ("xe", &["tgllp", "dg1", "acm-g10", "pvc"]),
        ("xe-lp", &["tgllp", "dg1"]),
        ("xe-hpg", &["acm-g10"]),
        ("dg2", &["acm-g10"]),
        ("xe-hpc", &["pvc"]),
    ]
}

/// Whether `target` has fp64 in hardware.
pub fn has_fp64(target: &str) -> bool {
    !NO_FP64.contains(&target)
}

fn home() -> PathBuf {
    cache_dir().join("intel")
}

/// The installed ocloc's version (from the installer's record), or how to install it.
pub fn installed() -> Result<String, OfflineError> {
    let h = home();
    let version = std::fs::read_to_string(h.join("VERSION")).ok();
    match version {
        Some(v) if h.join("bin/ocloc").is_file() && h.join(".complete").is_file() => {
            Ok(format!("ocloc ({})", v.trim()))
        }
        _ => Err(OfflineError::NotInstalled {
            tool: format!("ocloc (looked in {})", h.display()),
            hint: "run tools/setup.sh --offline-compilers (or tools/offline/intel.sh)".into(),
        }),
    }
}

/// Builds `source` for `target` and reads every kernel's figures.
pub fn build(
    target: &str,
    source: &str,
    options: &str,
    fp64: bool,
) -> Result<OfflineBuild, OfflineError> {
    super::check_target(target, TARGETS, |list| {
        format!("unknown Intel target {target:?}; ocloc targets here: {list}")
    })?;
    if fp64 && !has_fp64(target) {
        return Err(OfflineError::NoFp64 {
            target: target.into(),
        });
    }
    let compiler = installed()?;
    let ocloc = home().join("bin/ocloc");
    let dir = Scratch::new("ocloc").map_err(|e| OfflineError::Other(format!("scratch: {e}")))?;
    let file = dir.path().join("program.cl");
    std::fs::write(&file, source).map_err(|e| OfflineError::Other(format!("{e}")))?;
    let fail = |log: String| {
        if log.contains("requires cl_khr_fp64 support") {
            return OfflineError::NoFp64 {
                target: target.into(),
            };
        }
        let mut log = log;
        if source.contains("asm volatile") {
            log.push_str("\njitfft: this source carries inline PTX (NVIDIA only); generate it with --arith portable for Intel targets\n");
        }
        OfflineError::Build {
            target: target.into(),
            log,
            source_path: keep_source(
                &cache_dir().join("failed"),
                &format!("ocloc-{target}"),
                source,
            ),
        }
    };

    // The two builds run side by side (each is one single-threaded ocloc process).
    let t0 = Instant::now();
    let build_in = |format| compile(&ocloc, &file, dir.path(), target, options, format);
    let (zebin, tokens) = std::thread::scope(|s| {
        let tokens = s.spawn(|| build_in("patchtokens"));
        let zebin = build_in("zebin");
        let tokens = tokens
            .join()
            .unwrap_or_else(|_| Err("ocloc thread panicked".into()));
        (zebin, tokens)
    });
    let (zebin, tokens) = (zebin.map_err(fail)?, tokens.map_err(fail)?);
    let t1 = Instant::now();
    let dump = dir.path().join("disasm");
    let mut cmd = Command::new(&ocloc);
    cmd.args(["disasm", "-file"])
        .arg(&tokens)
        .arg("-dump")
        .arg(&dump);
    cmd.args(["-device", target]);
    let (ok, dis_log) = run_logged(&mut cmd).map_err(OfflineError::Other)?;
    let t2 = Instant::now();

    let bin = std::fs::read(&zebin).map_err(|e| OfflineError::Other(format!("{e}")))?;
    let ze = elf::section(&bin, ".ze_info")
        .map(|s| parse_ze_info(&String::from_utf8_lossy(s)))
        .ok_or_else(|| OfflineError::Other(format!("{}: no .ze_info section", zebin.display())))?;
    let mut notes = vec![
        format!(
            "{target}: ocloc zebin and patch-token builds (in parallel) {:.2} s, disasm {:.2} s",
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64()
        ),
        "Intel ISA counts (ocloc disasm): fetch = data-port reads of global and __constant \
         memory (one message kind for both); kernel arguments arrive in registers, so there \
         are no argument or constant loads to count; registers = the GRF mode (.ze_info \
         grf_count: each thread owns the whole file; IGC reports no used-register count)"
            .into(),
    ];
    if !ok {
        notes.push(format!(
            "ocloc disasm failed, no ISA counts: {}",
            dis_log.lines().next().unwrap_or("")
        ));
    }
    let kernels = ze
        .into_iter()
        .filter(|(name, _)| !name.starts_with("Intel_Symbol_Table"))
        .map(|(name, info)| {
            let asm = std::fs::read_to_string(dump.join(format!("{name}_KernelHeap.asm"))).ok();
            OfflineKernel {
                metrics: metrics(&info, asm.as_deref()),
                kernel: name,
            }
        })
        .collect();
    Ok(OfflineBuild {
        target: target.into(),
        compiler,
        kernels,
        notes,
    })
}

/// One `ocloc compile` in `format` (zebin or patchtokens) into its own folder; the binary's
/// path, or the whole log.
fn compile(
    ocloc: &Path,
    file: &Path,
    dir: &Path,
    target: &str,
    options: &str,
    format: &str,
) -> Result<PathBuf, String> {
    let out = dir.join(format);
    let mut cmd = Command::new(ocloc);
    cmd.args(["compile", "-file"])
        .arg(file)
        .args(["-device", target]);
    cmd.arg("-out_dir").arg(&out).args(["--format", format]);
    if !options.trim().is_empty() {
        cmd.args(["-options", options.trim()]);
    }
    let (ok, log) = run_logged(&mut cmd)?;
    let bin = std::fs::read_dir(&out).ok().and_then(|rd| {
        rd.filter_map(|e| e.ok().map(|e| e.path()))
            .find(|p| p.extension().is_some_and(|x| x == "bin"))
    });
    match bin {
        Some(b) if ok => Ok(b),
        _ => Err(log),
    }
}

/// One kernel's figures: `.ze_info` metadata, then counts of its ISA.
fn metrics(ze: &ZeInfo, asm: Option<&str>) -> Vec<Metric> {
    let src = ".ze_info (zebin)";
    let put = |key: &str, v: Option<u64>, source: &str| Metric {
        key: key.into(),
        value: v,
        source: source.into(),
    };
    // zeInfo leaves out what is zero: no per_thread_memory_buffers means no scratch, no
    // slm_size means no shared local memory.
    let mut m = vec![
        put("registers", ze.grf_count, &format!("{src} grf_count")),
        put("simd_size", ze.simd_size, src),
        put("scratch_bytes", Some(ze.scratch_bytes.unwrap_or(0)), src),
        put("local_mem_bytes", Some(ze.slm_bytes.unwrap_or(0)), src),
    ];
    let isa = "ISA (ocloc disasm)";
    match asm.map(isa_counts) {
        Some(n) => {
            let c = n.classes;
            for (k, v) in [
                ("alu", c.alu),
                ("fetch", c.fetch),
                ("other_loads", c.other_loads),
                ("store", c.store),
                ("control", c.control),
                ("instructions", c.total),
                ("sends", n.sends),
                ("scratch_loads", n.scratch_loads),
                ("scratch_stores", n.scratch_stores),
            ] {
                m.push(Metric::known(k, v, isa));
            }
        }
        None => {
            for k in ["alu", "fetch", "store", "instructions"] {
                m.push(Metric::unknown(k, "ISA (ocloc disasm gave no text)"));
            }
        }
    }
    m
}
