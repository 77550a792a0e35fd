//! Kernel objects and launches at the level the generators think in: named kernels,
//! positional arguments, a 1-D (or 2-D) range padded to the work-group size, one event per launch.

use super::context::Gpu;
use crate::error::{JitError, Result};
use ocl::core::{self, ArgVal, KernelWorkGroupInfo, KernelWorkGroupInfoResult};
use ocl::{Buffer, Event, OclPrm, Program, Queue};

/// One argument of a launch.
#[derive(Clone, Copy)]
pub enum Arg<'a> {
    /// A device buffer.
    Buf(&'a ocl::core::Mem),
    /// A `uint` scalar.
    U32(u32),
    /// A `ulong` scalar.
    U64(u64),
    /// A `float` scalar.
    F32(f32),
    /// A `double` scalar.
    F64(f64),
    /// A `float2` vector.
    F32x2(ocl::prm::Float2),
    /// A `double2` vector.
    F64x2(ocl::prm::Double2),
}

impl<'a> Arg<'a> {
    /// A buffer argument of any element type.
    pub fn buf<T: OclPrm>(b: &'a Buffer<T>) -> Arg<'a> {
        Arg::Buf(b.as_core())
    }
}

/// A kernel of a built program.
pub struct KernelHandle {
    /// The kernel function's name.
    pub name: String,
    kernel: core::Kernel,
    /// The largest work-group this kernel can run with on this device.
    pub max_work_group: usize,
    /// The work-group multiple the driver prefers (warp / wavefront / SIMD width).
    pub preferred_multiple: usize,
    /// Private (per work-item) and local memory the compiled kernel uses, in bytes.
    pub private_mem_bytes: u64,
    /// Local memory the compiled kernel uses, in bytes (CL_KERNEL_LOCAL_MEM_SIZE).
    pub local_mem_bytes: u64,
    /// Built with `-cl-opt-disable` for a CPU device: PoCL then keeps each work-item's
    /// temporaries on its worker thread's stack (8 MiB), and a work-group of 256 work-items
    /// of a 216-point literal ct codelet, and 32 of a cg one, overflowed it (SIGSEGV: a cg
    /// work-item took about 290 KB of stack; PoCL reports 1024 bytes of
    /// private memory for every kernel, so the size cannot be asked).
    pub unoptimised_on_cpu: bool,
}

/// The work-group cap of [`KernelHandle::item_local_size`] on an unoptimised CPU build.
pub const UNOPTIMISED_CPU_LOCAL: usize = 8;

impl KernelHandle {
    /// Creates kernel `name` of a built program and reads its work-group limits and memory use
    /// (queries a driver does not answer fall back to the device's figures or 0).
    ///
    /// Errors: no kernel of that name ([`JitError::OpenCl`]).
    pub fn new(gpu: &Gpu, program: &Program, name: &str) -> Result<KernelHandle> {
        let kernel = core::create_kernel(program.as_core(), name)
            .map_err(|e| JitError::opencl_in(format!("kernel {name}"), e))?;
        let wg = |what| core::get_kernel_work_group_info(&kernel, gpu.device, what);
        let max_work_group = match wg(KernelWorkGroupInfo::WorkGroupSize) {
            Ok(KernelWorkGroupInfoResult::WorkGroupSize(s)) => s,
            _ => gpu.info.max_work_group_size,
        };
        let preferred_multiple = match wg(KernelWorkGroupInfo::PreferredWorkGroupSizeMultiple) {
            Ok(KernelWorkGroupInfoResult::PreferredWorkGroupSizeMultiple(s)) => s,
            _ => 1,
        };
        let private_mem_bytes = match wg(KernelWorkGroupInfo::PrivateMemSize) {
            Ok(KernelWorkGroupInfoResult::PrivateMemSize(s)) => s,
            _ => 0,
        };
        let local_mem_bytes = match wg(KernelWorkGroupInfo::LocalMemSize) {
            Ok(KernelWorkGroupInfoResult::LocalMemSize(s)) => s,
            _ => 0,
        };
        let unoptimised_on_cpu = gpu.info.kind == "cpu"
            && gpu
                .knobs
                .cl_options
                .split_whitespace()
                .any(|o| o == "-cl-opt-disable");
        Ok(KernelHandle {
            unoptimised_on_cpu,
            name: name.to_string(),
            kernel,
            max_work_group,
            preferred_multiple,
            private_mem_bytes,
            local_mem_bytes,
        })
    }

    /// The underlying OpenCL kernel (for vendor-specific queries such as Intel's).
    pub fn core(&self) -> &core::Kernel {
        &self.kernel
    }

    /// Sets the kernel's arguments in order (argument i = `args[i]`).
    pub fn set_args(&self, args: &[Arg]) -> Result<()> {
        for (i, a) in args.iter().enumerate() {
            let v = match a {
                Arg::Buf(m) => ArgVal::mem(m),
                Arg::U32(x) => ArgVal::scalar(x),
                Arg::U64(x) => ArgVal::scalar(x),
                Arg::F32(x) => ArgVal::scalar(x),
                Arg::F64(x) => ArgVal::scalar(x),
                Arg::F32x2(x) => ArgVal::vector(x),
                Arg::F64x2(x) => ArgVal::vector(x),
            };
            core::set_kernel_arg(&self.kernel, i as u32, v)
                .map_err(|e| JitError::opencl_in(format!("{} argument {i}", self.name), e))?;
        }
        Ok(())
    }

    /// The work-group size used for `items` work-items: `wanted` capped by the kernel's limit.
    pub fn local_size(&self, wanted: usize) -> usize {
        wanted.clamp(1, self.max_work_group.max(1))
    }

    /// [`local_size`](Self::local_size) for a kernel whose work-items share nothing (no
    /// barrier, no local memory: ct and cg passes), where the group size is free: at most
    /// [`UNOPTIMISED_CPU_LOCAL`] on an unoptimised CPU build (see
    /// [`unoptimised_on_cpu`](Self::unoptimised_on_cpu)).
    pub fn item_local_size(&self, wanted: usize) -> usize {
        match self.unoptimised_on_cpu {
            true => self.local_size(wanted.min(UNOPTIMISED_CPU_LOCAL)),
            false => self.local_size(wanted),
        }
    }

    /// Launches `global` work-items (rounded up to a multiple of `local`; kernels guard the
    /// tail) and returns the launch's event.
    pub fn launch(&self, queue: &Queue, global: usize, local: usize) -> Result<Event> {
        self.range(queue, global, 1, local)
    }

    /// Launches a `cols` × `rows` range (dimension 0 rounded up to a multiple of `local`;
    /// kernels guard the tail): work-item (c, r) needs no division to find its row, which
    /// CPU drivers would do per item in 64 bits, unvectorised.
    pub fn launch_2d(
        &self,
        queue: &Queue,
        cols: usize,
        rows: usize,
        local: usize,
    ) -> Result<Event> {
        self.range(queue, cols, rows, local)
    }

    /// The enqueue of a `cols` × `rows` range (1-D where `rows` is 1).
    fn range(&self, queue: &Queue, cols: usize, rows: usize, local: usize) -> Result<Event> {
        let local = local.max(1);
        let padded = cols.div_ceil(local) * local;
        let dims = if rows > 1 { 2 } else { 1 };
        let mut ev = Event::empty();
        // SAFETY: arguments were set by `set_args` with live buffers that outlive the launch
        // (callers wait on the event before dropping them).
        unsafe {
            core::enqueue_kernel(
                queue.as_core(),
                &self.kernel,
                dims,
                None,
                &[padded, rows.max(1), 1],
                Some([local, 1, 1]),
                None::<&core::Event>,
                Some(&mut ev),
            )
            .map_err(|e| {
                JitError::opencl_in(
                    format!(
                        "launching {} with work-groups of {local} (driver-reported maximum {})",
                        self.name, self.max_work_group
                    ),
                    e,
                )
            })?;
        }
        Ok(ev)
    }

    /// Launches the work-groups `[first_group, first_group + groups)` of a range of `local`-sized
    /// work-groups (a global offset of `first_group · local` work-items), after `wait` if given,
    /// on any queue of the context. Kernels see the offset in `get_global_id` (and fused kernels
    /// add `get_global_offset(0) / local` to their work-group id).
    pub fn launch_groups(
        &self,
        queue: &Queue,
        first_group: usize,
        groups: usize,
        local: usize,
        wait: Option<&Event>,
    ) -> Result<Event> {
        let local = local.max(1);
        let mut ev = Event::empty();
        // SAFETY: as in `launch`.
        unsafe {
            core::enqueue_kernel(
                queue.as_core(),
                &self.kernel,
                1,
                Some([first_group * local, 0, 0]),
                &[groups * local, 1, 1],
                Some([local, 1, 1]),
                wait,
                Some(&mut ev),
            )
            .map_err(|e| {
                JitError::opencl_in(
                    format!(
                        "launching {} work-groups {first_group}..{} of {local} work-items",
                        self.name,
                        first_group + groups
                    ),
                    e,
                )
            })?;
        }
        Ok(ev)
    }
}
