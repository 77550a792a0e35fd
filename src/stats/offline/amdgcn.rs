//! AMD GCN / CDNA / RDNA through LLVM's AMDGPU backend (`-target amdgcn-amd-amdhsa`) and
//! libclc's amdhsa builtins: registers, spills, LDS, scratch, occupancy from the code
//! object's metadata (`.amdgpu_metadata` in the assembly) and the compiler's `; Kernel info:`
//! comments, instruction classes (VALU, SALU, VMEM, SMEM, DS) counted in the assembly.

pub use super::clang::installed;
use super::clang::{common_args, compile_to_asm, toolchain};
use super::{OfflineBuild, OfflineError, OfflineKernel};
use crate::stats::amd::{parse_kernel_info, parse_metadata_yaml, AmdKernelInfo};
use crate::stats::Metric;
use serde::Serialize;

/// GCN (gfx803 Fiji/Polaris, gfx900/gfx906 Vega), CDNA (gfx908 MI100, gfx90a MI200,
/// gfx942 MI300) and RDNA (gfx1010 RDNA1, gfx1030 RDNA2, gfx1100 RDNA3, gfx1200 RDNA4).
pub const TARGETS: &[&str] = &[
    "gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx1010", "gfx1030", "gfx1100",
    "gfx1200",
];

/// Static instruction counts of one kernel by GCN encoding class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct GcnClasses {
    /// Vector ALU (`v_*`).
    pub valu: u64,
    /// Scalar ALU (`s_*` that is not memory or control).
    pub salu: u64,
    /// Vector memory (`global_*`, `buffer_*`, `flat_*`, `scratch_*`).
    pub vmem: u64,
    /// Of which loads: the fetches.
    pub vmem_loads: u64,
    /// Scalar memory (`s_load_*`, `s_buffer_load_*`, `s_store_*`).
    pub smem: u64,
    /// Local data share (`ds_*`).
    pub ds: u64,
    /// Branches, waits, barriers, end of program.
    pub control: u64,
    /// Every instruction.
    pub total: u64,
}

impl GcnClasses {
    fn add(&mut self, op: &str) {
        let starts = |p: &str| op.starts_with(p);
        self.total += 1;
        if starts("v_") {
            self.valu += 1;
        } else if starts("global_") || starts("buffer_") || starts("flat_") || starts("scratch_") {
            self.vmem += 1;
            if op.contains("_load") || op.contains("_atomic") {
                self.vmem_loads += 1;
            }
        } else if starts("s_load") || starts("s_buffer_load") || starts("s_store") {
            self.smem += 1;
        } else if starts("ds_") {
            self.ds += 1;
        } else if starts("s_branch")
            || starts("s_cbranch")
            || starts("s_endpgm")
            || starts("s_waitcnt")
            || starts("s_wait_")
            || starts("s_barrier")
            || starts("s_setpc")
            || starts("s_nop")
            || starts("s_delay_alu")
            || starts("s_clause")
            || starts("s_sendmsg")
        {
            self.control += 1;
        } else {
            self.salu += 1;
        }
    }

    fn metrics(&self) -> Vec<Metric> {
        let src = "GCN assembly count";
        vec![
            Metric::known("valu", self.valu, src),
            Metric::known("salu", self.salu, src),
            Metric::known("vmem", self.vmem, src),
            Metric::known("fetch", self.vmem_loads, &format!("{src}: VMEM loads")),
            Metric::known("smem", self.smem, src),
            Metric::known("ds", self.ds, src),
            Metric::known("control", self.control, src),
            Metric::known("instructions", self.total, src),
        ]
    }
}

/// Per-kernel class counts: instructions between `NAME:` and the function's end label.
pub fn classes(asm: &str) -> Vec<(String, GcnClasses)> {
    crate::stats::amd::per_kernel(asm, |c: &mut GcnClasses, op| c.add(op))
}

/// Metadata figures first; the compiler's comment block fills what the metadata lacks
/// (occupancy, code size), each tagged with where it came from.
fn merged(meta: Option<&AmdKernelInfo>, info: Option<&AmdKernelInfo>) -> Vec<Metric> {
    let from_meta = meta
        .cloned()
        .unwrap_or_default()
        .metrics("code-object metadata (.amdgpu_metadata)");
    let from_info = info
        .cloned()
        .unwrap_or_default()
        .metrics("compiler message (; Kernel info)");
    from_meta
        .into_iter()
        .zip(from_info)
        .map(|(m, i)| if m.value.is_some() { m } else { i })
        .collect()
}

/// Compiles `source` for `target` (a gfx name) and reads its figures.
pub fn build(
    target: &str,
    source: &str,
    options: &str,
    _fp64: bool, // every GCN/CDNA/RDNA chip has double precision
) -> Result<OfflineBuild, OfflineError> {
    super::check_target(target, TARGETS, |list| {
        format!("{target} is not a GCN/CDNA/RDNA target ({list})")
    })?;
    let tc = toolchain()?;
    let builtins = tc.bitcode("amdgcn--amdhsa");
    let mut args = common_args(&tc, "amdgcn-amd-amdhsa", target, &builtins);
    args.push("-nogpulib".into()); // libclc instead of ROCm's device libraries
    let done = compile_to_asm(&tc, target, &args, source, options)?;
    let meta = parse_metadata_yaml(&done.asm);
    let info = parse_kernel_info(&done.asm);
    let kernels = classes(&done.asm)
        .into_iter()
        .map(|(kernel, c)| {
            let find = |v: &[(String, AmdKernelInfo)]| {
                v.iter().find(|(n, _)| *n == kernel).map(|(_, i)| i.clone())
            };
            let mut metrics = merged(find(&meta).as_ref(), find(&info).as_ref());
            metrics.extend(c.metrics());
            OfflineKernel { kernel, metrics }
        })
        .collect();
    Ok(done.record(&tc, target, kernels))
}
