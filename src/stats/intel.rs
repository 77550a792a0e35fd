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
}

/// Parses the `.ze_info` YAML: `kernels: - name: X` with `execution_env:` and
/// `per_thread_memory_buffers:` below.
pub fn parse_ze_info(text: &str) -> Vec<(String, ZeInfo)> {
    let mut out: Vec<(String, ZeInfo)> = Vec::new();
    let mut in_buffers = false;
    for line in text.lines() {
        let t = line.trim();
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
