//! Figures every OpenCL driver gives through `clGetKernelWorkGroupInfo`.

use super::Metric;
use crate::runtime::KernelHandle;

/// What any OpenCL driver reports for a kernel: work-group limits and private and local memory.
pub fn metrics(k: &KernelHandle) -> Vec<Metric> {
    let src = "clGetKernelWorkGroupInfo";
    vec![
        Metric::known("private_mem_bytes", k.private_mem_bytes, src),
        Metric::known("local_mem_bytes", k.local_mem_bytes, src),
        Metric::known("preferred_multiple", k.preferred_multiple as u64, src),
        Metric::known("max_work_group", k.max_work_group as u64, src),
    ]
}
