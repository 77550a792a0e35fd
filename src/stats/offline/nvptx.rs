//! NVIDIA without a GPU: OpenCL C → PTX through clang-19's NVPTX backend with libclc-19's
//! nvptx64 builtins (tools/setup-offline.sh), then NVIDIA's `ptxas -v` for registers, spills,
//! stack and shared memory and `nvdisasm` for SASS counts (tools/offline/nvidia.sh).
//!
//! The PTX is clang's, not that of NVIDIA's OpenCL compiler (NVVM): PTX counts differ from a
//! live device's, while ptxas and SASS figures are NVIDIA's own for that PTX.

use super::{cache_dir, OfflineBuild, OfflineError, OfflineKernel};
use crate::stats::nvidia::{parse_ptxas_log, ptx_kernels, ptxas_metrics, sass_kernels};
use crate::stats::tools::{keep_source, run_logged, which, Scratch};
use crate::stats::Metric;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Targets by ptxas' names: Volta, Turing, Ampere (A100, GA10x), Ada, Hopper.
pub const TARGETS: &[&str] = &["sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90"];

/// The LLVM release whose clang and libclc make the PTX (the one tools/setup-offline.sh
/// installs for every clang-based backend).
const LLVM_MAJOR: u32 = 19;

/// Family names for the target registry.
pub fn family_aliases() -> &'static [(&'static str, &'static [&'static str])] {
    &[
        ("nvidia", TARGETS),
        ("volta", &["sm_70"]),
        ("turing", &["sm_75"]),
        ("ampere", &["sm_80", "sm_86"]),
        ("ada", &["sm_89"]),
        ("hopper", &["sm_90"]),
    ]
}

struct Tools {
    clang: PathBuf,
    /// libclc's nvptx64 builtins (bitcode) and its `clc.h`.
    clc_bc: PathBuf,
    clc_h: PathBuf,
    ptxas: PathBuf,
    nvdisasm: PathBuf,
}

fn tools() -> Result<Tools, OfflineError> {
    let missing = |tool: String| OfflineError::NotInstalled {
        tool,
        hint: "run tools/setup.sh --offline-compilers".into(),
    };
    let clang = which(&format!("clang-{LLVM_MAJOR}"))
        .ok_or_else(|| missing(format!("clang-{LLVM_MAJOR} (not on PATH)")))?;
    let clc = cache_dir().join(format!("libclc-{LLVM_MAJOR}/usr"));
    let clc_bc = clc.join("lib/clc/nvptx64--nvidiacl.bc");
    let clc_h = clc.join("include/clc/clc.h");
    for f in [&clc_bc, &clc_h] {
        if !f.is_file() {
            return Err(missing(format!(
                "libclc-{LLVM_MAJOR} ({} is missing)",
                f.display()
            )));
        }
    }
    let bin = cache_dir().join("nvidia/bin");
    let ptxas = bin.join("ptxas");
    if !ptxas.is_file() {
        return Err(missing(format!("ptxas ({} is missing)", ptxas.display())));
    }
    Ok(Tools {
        clang,
        clc_bc,
        clc_h,
        ptxas,
        nvdisasm: bin.join("nvdisasm"),
    })
}

/// The versions of clang, libclc, ptxas and nvdisasm, or which one is missing.
pub fn installed() -> Result<String, OfflineError> {
    let t = tools()?;
    let clang = Command::new(&t.clang)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.lines().next().map(str::to_string))
        .unwrap_or_else(|| format!("clang-{LLVM_MAJOR}"));
    let nv = std::fs::read_to_string(cache_dir().join("nvidia/VERSION"))
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "ptxas (version not recorded)".into());
    Ok(format!("{clang} + libclc-{LLVM_MAJOR} nvptx64; {nv}"))
}

/// Builds `source` for `target` (`sm_XX`) and reads every kernel's figures. Every target here
/// has fp64, so `fp64` asks for nothing more.
pub fn build(
    target: &str,
    source: &str,
    options: &str,
    _fp64: bool,
) -> Result<OfflineBuild, OfflineError> {
    super::check_target(target, TARGETS, |list| {
        format!("unknown NVIDIA target {target:?}; targets here: {list}")
    })?;
    let compiler = installed()?;
    let t = tools()?;
    let dir = Scratch::new("nvptx").map_err(|e| OfflineError::Other(format!("scratch: {e}")))?;
    let (cl, ptx_path, cubin) = (
        dir.path().join("program.cl"),
        dir.path().join("program.ptx"),
        dir.path().join("program.cubin"),
    );
    std::fs::write(&cl, source).map_err(|e| OfflineError::Other(format!("{e}")))?;
    let fail = |log: String| OfflineError::Build {
        target: target.into(),
        log,
        source_path: keep_source(
            &cache_dir().join("failed"),
            &format!("nvptx-{target}"),
            source,
        ),
    };
    let mut notes = Vec::new();
    let prelude = dir.path().join("global_offset.h");
    let prelude = if source.contains("get_global_offset") {
        std::fs::write(&prelude, GLOBAL_OFFSET).map_err(|e| OfflineError::Other(format!("{e}")))?;
        notes.push(
            "get_global_offset: libclc has none for PTX; read from a __constant array here,              as NVIDIA's OpenCL reads it from the kernel's constant bank"
                .into(),
        );
        Some(prelude.as_path())
    } else {
        None
    };

    let t0 = Instant::now();
    let (ok, log) = run_logged(&mut clang_command(
        &t, target, options, prelude, &cl, &ptx_path, &mut notes,
    ))
    .map_err(OfflineError::Other)?;
    if !ok {
        return Err(fail(log));
    }
    let t1 = Instant::now();
    let mut cmd = Command::new(&t.ptxas);
    cmd.args(["-v", &format!("-arch={target}"), "-o"])
        .arg(&cubin)
        .arg(&ptx_path);
    let (ok, ptxas_log) = run_logged(&mut cmd).map_err(OfflineError::Other)?;
    if !ok {
        return Err(fail(format!("{log}{ptxas_log}")));
    }
    let t2 = Instant::now();
    let sass = disassemble(&t.nvdisasm, &cubin, target, &mut notes);
    let t3 = Instant::now();
    notes.insert(
        0,
        format!(
            "{target}: clang {:.2} s, ptxas {:.2} s, nvdisasm {:.2} s",
            (t1 - t0).as_secs_f64(),
            (t2 - t1).as_secs_f64(),
            (t3 - t2).as_secs_f64()
        ),
    );
    notes.push(
        "NVIDIA offline: PTX from clang's NVPTX backend (not NVIDIA's OpenCL compiler), so \
         PTX counts differ from a live device's; ptxas -v and SASS figures are NVIDIA's own \
         for that PTX"
            .into(),
    );

    let ptx =
        std::fs::read_to_string(&ptx_path).map_err(|e| OfflineError::Other(format!("{e}")))?;
    let kernels = kernel_figures(&ptx, &ptxas_log, sass.as_deref());
    Ok(OfflineBuild {
        target: target.into(),
        compiler,
        kernels,
        notes,
    })
}

/// Each kernel's figures: SASS counts where nvdisasm gave them, PTX counts, and ptxas' report
/// (registers, spills, stack, shared memory).
fn kernel_figures(ptx: &str, ptxas_log: &str, sass: Option<&str>) -> Vec<OfflineKernel> {
    let reports = parse_ptxas_log(ptxas_log);
    let sass_counts = sass.map(sass_kernels).unwrap_or_default();
    ptx_kernels(ptx)
        .into_iter()
        .map(|(name, counts)| {
            // Machine code first (a table that shows one figure a key shows SASS), then PTX.
            let mut m = match sass_counts.iter().find(|(n, _)| *n == name) {
                Some((_, c)) => c.metrics("SASS (ptxas + nvdisasm)"),
                None => Vec::new(),
            };
            m.extend(counts.metrics(&format!("PTX (clang-{LLVM_MAJOR} nvptx64)")));
            let rep = reports
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, r)| r.clone())
                .unwrap_or_default();
            let src = "ptxas -v";
            m.extend(ptxas_metrics(&rep, src));
            // ptxas names shared memory only when a kernel has some.
            let smem = rep.registers.map(|_| rep.shared_bytes.unwrap_or(0));
            m.push(Metric {
                key: "local_mem_bytes".into(),
                value: smem,
                source: src.into(),
            });
            OfflineKernel {
                kernel: name,
                metrics: m,
            }
        })
        .collect()
}

/// `get_global_offset` for programs that call it (fused kernels launched in chunks): libclc's
/// nvptx builtins lack it. A volatile `__constant` array keeps the load (NVIDIA's driver reads
/// the offset from constant bank 0) instead of folding it to 0.
const GLOBAL_OFFSET: &str = "__constant volatile size_t jitfft_global_offset[3] = {0, 0, 0};
__attribute__((overloadable)) size_t get_global_offset(uint d) {
    return d < 3 ? jitfft_global_offset[d] : 0;
}
";

/// clang: OpenCL C 1.2 for `nvptx64-nvidia-nvcl` (the OpenCL flavour of PTX, as NVIDIA's driver
/// emits it), libclc's builtins linked in, GNU `asm` allowed (the NTT's inline PTX carry chains).
/// NVIDIA-only build options (`-cl-nv-*`) are dropped with a note.
fn clang_command(
    t: &Tools,
    target: &str,
    options: &str,
    prelude: Option<&Path>,
    cl: &Path,
    ptx: &Path,
    notes: &mut Vec<String>,
) -> Command {
    let mut cmd = Command::new(&t.clang);
    cmd.args(["-x", "cl", "-target", "nvptx64-nvidia-nvcl"]);
    cmd.arg(format!("-march={target}"));
    cmd.args(["-O2", "-S", "-fgnu-keywords", "-Wno-linker-warnings"]);
    // clc.h includes <clc/…>: its own include folder, not whatever the system has.
    if let Some(include) = t.clc_h.parent().and_then(Path::parent) {
        cmd.arg("-I").arg(include);
    }
    cmd.arg("-include").arg(&t.clc_h);
    if let Some(p) = prelude {
        cmd.arg("-include").arg(p);
    }
    cmd.args(["-Xclang", "-mlink-builtin-bitcode", "-Xclang"])
        .arg(&t.clc_bc);
    if !options.contains("-cl-std=") {
        cmd.arg("-cl-std=CL1.2");
    }
    for o in options.split_whitespace() {
        if o.starts_with("-cl-nv-") {
            notes.push(format!(
                "build option {o} is NVIDIA's OpenCL driver's only: left out"
            ));
        } else {
            cmd.arg(o);
        }
    }
    cmd.arg("-o").arg(ptx).arg(cl);
    cmd
}

/// SASS text of the cubin's code sections, or None with a note saying why.
fn disassemble(
    nvdisasm: &Path,
    cubin: &Path,
    target: &str,
    notes: &mut Vec<String>,
) -> Option<String> {
    if !nvdisasm.is_file() {
        notes.push(format!("no SASS counts: {} is missing", nvdisasm.display()));
        return None;
    }
    let mut cmd = Command::new(nvdisasm);
    // Code sections only; no dataflow annotations (the instructions are the same).
    cmd.args(["-c", "-ndf"]).arg(cubin);
    match cmd.output() {
        Ok(o) if o.status.success() => Some(String::from_utf8_lossy(&o.stdout).into_owned()),
        Ok(o) => {
            let err = String::from_utf8_lossy(&o.stderr);
            let why = err
                .lines()
                .find(|l| l.contains("fatal"))
                .unwrap_or("failed")
                .trim();
            notes.push(format!("no SASS counts for {target}: nvdisasm says {why}"));
            None
        }
        Err(e) => {
            notes.push(format!("no SASS counts: {}: {e}", nvdisasm.display()));
            None
        }
    }
}
