//! Intel: register count and spill size from the `cl_intel` kernel queries, and the
//! `.ze_info` section (YAML) of a zebin program binary.

use super::{elf, Metric};
use crate::runtime::{Gpu, KernelHandle};
use ocl::core::ffi::{clGetKernelWorkGroupInfo, cl_device_id, cl_kernel};

/// `CL_KERNEL_REGISTER_COUNT_INTEL` (cl_uint) and `CL_KERNEL_SPILL_MEM_SIZE_INTEL` (cl_ulong).
pub const CL_KERNEL_REGISTER_COUNT_INTEL: u32 = 0x425B;
/// Spill memory size query of Intel's driver (cl_ulong, bytes).
pub const CL_KERNEL_SPILL_MEM_SIZE_INTEL: u32 = 0x4109;

/// A kernel work-group query by raw code; None when the driver does not know it.
fn raw_kernel_query(kernel: cl_kernel, device: cl_device_id, code: u32) -> Option<u64> {
    let mut buf = [0u8; 8];
    let mut size: usize = 0;
    // SAFETY: the buffer is 8 bytes and its size is passed; the driver writes at most that.
    let rc = unsafe {
        clGetKernelWorkGroupInfo(
            kernel,
            device,
            code,
            buf.len(),
            buf.as_mut_ptr() as *mut _,
            &mut size,
        )
    };
    (rc == 0 && size > 0 && size <= 8).then(|| u64::from_le_bytes(buf))
}

/// What `.ze_info` says about one kernel.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZeInfo {
    /// General registers per thread (GRF count).
    pub grf_count: Option<u64>,
    /// SIMD width the kernel was compiled for.
    pub simd_size: Option<u64>,
    /// Sum of per-thread memory buffers (scratch for private data and spills).
    pub scratch_bytes: Option<u64>,
    /// Shared local memory per work-group in bytes (`slm_size`).
    pub slm_bytes: Option<u64>,
}

/// Parses the `.ze_info` YAML: `kernels: - name: X` with `execution_env:` and
/// `per_thread_memory_buffers:` below. Other top-level lists (`kernels_misc_info:`, which
/// names the kernels again) are skipped.
pub fn parse_ze_info(text: &str) -> Vec<(String, ZeInfo)> {
    let mut out: Vec<(String, ZeInfo)> = Vec::new();
    let mut in_buffers = false;
    let mut in_kernels = false;
    for line in text.lines() {
        let t = line.trim();
        if !line.starts_with([' ', '-']) && t.ends_with(':') {
            in_kernels = t == "kernels:";
            continue;
        }
        if !in_kernels {
            continue;
        }
        if let Some(name) = t.strip_prefix("- name:") {
            let indent = line.len() - line.trim_start().len();
            if indent <= 4 {
                out.push((name.trim().to_string(), ZeInfo::default()));
                in_buffers = false;
                continue;
            }
        }
        let Some((_, info)) = out.last_mut() else {
            continue;
        };
        let t = t.trim_start_matches("- ");
        let Some((k, v)) = t.split_once(':') else {
            continue;
        };
        let v = v.trim().parse::<u64>().ok();
        match k.trim() {
            "per_thread_memory_buffers" => in_buffers = true,
            "execution_env" | "payload_arguments" | "binding_table_indices" => in_buffers = false,
            "grf_count" => info.grf_count = v,
            "simd_size" => info.simd_size = v,
            "slm_size" => info.slm_bytes = v,
            "size" if in_buffers => {
                info.scratch_bytes = Some(info.scratch_bytes.unwrap_or(0) + v.unwrap_or(0))
            }
            _ => {}
        }
    }
    out
}

/// Intel figures for one kernel: the two queries, then `.ze_info` from the binary.
pub fn metrics(gpu: &Gpu, k: &KernelHandle, binary: Option<&[u8]>) -> Vec<Metric> {
    let dev = gpu.device.as_core().as_raw();
    let q = "clGetKernelWorkGroupInfo (cl_intel)";
    let kp = k.core().as_ptr();
    let mut m = vec![
        Metric {
            key: "registers".into(),
            value: raw_kernel_query(kp, dev, CL_KERNEL_REGISTER_COUNT_INTEL),
            source: q.into(),
        },
        Metric {
            key: "spill_bytes".into(),
            value: raw_kernel_query(kp, dev, CL_KERNEL_SPILL_MEM_SIZE_INTEL),
            source: q.into(),
        },
    ];
    let ze = binary
        .and_then(|b| elf::section(b, ".ze_info"))
        .map(|s| parse_ze_info(&String::from_utf8_lossy(s)))
        .and_then(|ks| ks.into_iter().find(|(n, _)| *n == k.name))
        .map(|(_, z)| z)
        .unwrap_or_default();
    let src = ".ze_info (zebin)";
    for (key, v) in [
        ("grf_count", ze.grf_count),
        ("simd_size", ze.simd_size),
        ("scratch_bytes", ze.scratch_bytes),
    ] {
        m.push(Metric {
            key: key.into(),
            value: v,
            source: src.into(),
        });
    }
    m
}

/// Static counts of one kernel's Intel GPU ISA (the text `ocloc disasm` writes).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IsaCounts {
    /// By class: `fetch` = data-port reads of global or `__constant` memory (Xe reads both
    /// through the same messages), `other_loads` = shared local memory and scratch reads,
    /// `store` = writes and atomics, `control` = branches, joins, sync, barriers, fences, EOT.
    /// `const_loads` and `param_loads` stay 0: kernel arguments arrive in payload registers.
    pub classes: super::ClassCounts,
    /// Messages to a shared function (`send`, `sends`, `sendc`, `sendsc`).
    pub sends: u64,
    /// Scratch reads and writes (register spills and fills, private arrays).
    pub scratch_loads: u64,
    /// See `scratch_loads`.
    pub scratch_stores: u64,
}

/// What one ISA message does, from the disassembler's comment and the descriptor.
enum Message {
    Read { slm: bool, scratch: bool },
    Write { scratch: bool },
    Other,
}

/// Counts the instructions of an `ocloc disasm` `*_KernelHeap.asm` text: one instruction a
/// line, an optional predicate `(W&f0.0)` first, labels `L120:` and `nop` / `illegal`
/// (padding) not counted.
pub fn isa_counts(asm: &str) -> IsaCounts {
    let mut n = IsaCounts::default();
    for raw in asm.lines() {
        let (code, comment) = match raw.find("//") {
            Some(i) => (&raw[..i], &raw[i + 2..]),
            None => (raw, ""),
        };
        let mut line = code.trim();
        if line.is_empty() || line.ends_with(':') {
            continue;
        }
        if line.starts_with('(') {
            line = line
                .split_once(')')
                .map(|(_, r)| r.trim_start())
                .unwrap_or("");
        }
        let op = line.split_whitespace().next().unwrap_or("");
        let base = op.split('.').next().unwrap_or("");
        let c = &mut n.classes;
        match base {
            "" | "nop" | "illegal" => continue,
            "send" | "sends" | "sendc" | "sendsc" => {
                n.sends += 1;
                match message(line, comment) {
                    Message::Read { slm, scratch } => {
                        n.scratch_loads += scratch as u64;
                        if slm || scratch {
                            c.other_loads += 1
                        } else {
                            c.fetch += 1
                        }
                    }
                    Message::Write { scratch } => {
                        n.scratch_stores += scratch as u64;
                        c.store += 1
                    }
                    Message::Other => c.control += 1,
                }
            }
            "if" | "else" | "endif" | "while" | "break" | "cont" | "halt" | "jmpi" | "goto"
            | "join" | "call" | "calla" | "ret" | "brc" | "brd" | "sync" | "wait" => c.control += 1,
            _ => c.alu += 1,
        }
        c.total += 1;
    }
    n
}

fn message(code: &str, comment: &str) -> Message {
    let d = comment.to_ascii_lowercase();
    let scratch = d.contains("scratch");
    // Gen9-Gen12 data-port messages name no memory; binding table index 254 (the low byte of
    // the descriptor, the last hex operand) is shared local memory.
    let slm = d.contains("slm")
        || !d.contains("ugm")
            && code
                .split_whitespace()
                .rfind(|w| w.starts_with("0x"))
                .and_then(|w| u32::from_str_radix(&w[2..], 16).ok())
                .is_some_and(|desc| desc & 0xff == 0xfe);
    if d.contains("fence") || d.contains("barrier") || d.contains("end of thread") {
        Message::Other
    } else if d.contains("atomic") || d.contains("write") || d.contains("store") {
        Message::Write { scratch }
    } else if d.contains("read") || d.contains("load") || d.contains("gather") {
        Message::Read { slm, scratch }
    } else {
        Message::Other
    }
}
