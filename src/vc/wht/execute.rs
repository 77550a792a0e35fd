//! Building and running a Walsh–Hadamard schedule: one program, one in-place device buffer,
//! uploads through pinned memory, kernel times from profiling events.

use super::kernels::{program, WhtProgram};
use super::schedule::{schedule, WhtLimits, WhtPass};
use super::{Storage, WhtPlan};
use crate::error::{JitError, Result};
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::{Clock, RunTimes};
use crate::runtime::{build_program, Arg, Gpu, KernelHandle, Pinned, Summary};
use ocl::Buffer;
use serde::Serialize;

/// A plan made ready on a device: its schedule, built kernels and buffers.
pub struct WhtTransform {
    /// What is computed.
    pub plan: WhtPlan,
    /// The passes, in launch order.
    pub passes: Vec<WhtPass>,
    /// The generated program.
    pub program: WhtProgram,
    /// Wall time of the program build (or cache load).
    pub build_ms: f64,
    /// The compiler's log (NVIDIA: ptxas' registers and spills of each kernel).
    pub build_log: String,
    pub(super) kernels: Vec<KernelHandle>,
    pub(super) data: Buffer<u8>,
    pub(super) staging: Pinned<u8>,
}

/// The outcome of [`WhtTransform::run`]: the result's storage bytes and the timings.
#[derive(Debug, Clone, Serialize)]
pub struct WhtRun {
    /// The result, little-endian in the plan's storage.
    #[serde(skip)]
    pub bytes: Vec<u8>,
    /// Kernel time of all passes, over the timed runs (warm-up excluded).
    pub kernel_ms: Summary,
    /// Median kernel time of each pass.
    pub pass_ms: Vec<f64>,
    /// Host → device upload (pinned) of each timed run.
    pub upload_ms: Summary,
    /// Device → host download (pinned) of the result (once, after the last run).
    pub download_ms: Summary,
    /// What measured the kernel times.
    pub clock: Clock,
}

/// The schedule limits of a device.
pub fn device_limits(gpu: &Gpu) -> WhtLimits {
    WhtLimits {
        max_work_group: gpu.info.max_work_group_size,
        local_bytes: gpu.info.local_mem_bytes,
        // 8 butterflies a work-item: f32 rows of 32 bytes, f64 of a whole 64-byte line.
        lanes: if gpu.info.kind == "cpu" { 8 } else { 0 },
    }
}

/// [`device_limits`] with local memory capped at `local_bytes` where given; more than the
/// device has is refused.
pub fn device_limits_within(gpu: &Gpu, local_bytes: Option<u64>) -> Result<WhtLimits> {
    let mut limits = device_limits(gpu);
    if let Some(b) = local_bytes {
        if b > limits.local_bytes {
            return Err(JitError::invalid(format!(
                "{b}: above the {} bytes of local memory {} has",
                limits.local_bytes, gpu.info.name
            )));
        }
        limits.local_bytes = b;
    }
    Ok(limits)
}

impl WhtTransform {
    /// Schedules, generates and builds the plan's program and allocates its buffers.
    ///
    /// Errors: f64 on a device without `cl_khr_fp64`; data above the device's largest
    /// allocation (no streamed path for the Walsh–Hadamard transform yet); build failures.
    pub fn new(gpu: &Gpu, plan: &WhtPlan) -> Result<WhtTransform> {
        WhtTransform::with_limits(gpu, plan, device_limits(gpu))
    }

    /// [`WhtTransform::new`] under tighter limits than the device's (smaller tiles, more
    /// passes: how tests reach many passes with small rows).
    pub fn with_limits(gpu: &Gpu, plan: &WhtPlan, limits: WhtLimits) -> Result<WhtTransform> {
        if plan.storage == Storage::F64 && !gpu.info.fp64 {
            return Err(JitError::invalid(format!(
                "{} does not support double precision (no cl_khr_fp64); use --precision f32",
                gpu.info.name
            )));
        }
        let bytes = plan.bytes();
        if bytes > gpu.info.max_alloc_bytes {
            return Err(JitError::invalid(format!(
                "{} rows of 2^{} {} values are {bytes} bytes: above the {} bytes {} can allocate at once (the Walsh–Hadamard transform has no streamed path yet: use fewer rows a run, or half precision)",
                plan.batch,
                plan.log_n,
                plan.storage.name(),
                gpu.info.max_alloc_bytes,
                gpu.info.name
            )));
        }
        WhtTransform::built(gpu, plan, limits, bytes as usize)
    }

    /// Schedules, generates and builds `plan` under `limits`, with buffers of `len` bytes.
    fn built(gpu: &Gpu, plan: &WhtPlan, limits: WhtLimits, len: usize) -> Result<WhtTransform> {
        let passes = schedule(plan, limits)?;
        let program = program(plan, &passes);
        let built = build_program(gpu, &program.source, "")?;
        let kernels = program
            .kernels
            .iter()
            .map(|k| KernelHandle::new(gpu, &built.program, k))
            .collect::<Result<Vec<_>>>()?;
        for (k, p) in kernels.iter().zip(&passes) {
            if k.max_work_group < p.work_items() {
                return Err(JitError::invalid(format!(
                    "{}: needs work-groups of {} work-items, the device allows {}",
                    k.name,
                    p.work_items(),
                    k.max_work_group
                )));
            }
        }
        Ok(WhtTransform {
            plan: *plan,
            passes,
            program,
            build_ms: built.build_ms,
            build_log: built.build_log,
            kernels,
            data: device_buffer::<u8>(&gpu.queue, len)?,
            staging: Pinned::<u8>::new(&gpu.queue, len)?,
        })
    }

    /// The plan's program and kernels with no buffers of its own (one byte each), tile passes
    /// on every device: for a caller that runs [`Self::launch_over`] on its own buffers
    /// (`vc::real` at p = 2, with [`Pairs`](super::Pairs)).
    pub fn unbuffered(gpu: &Gpu, plan: &WhtPlan) -> Result<WhtTransform> {
        if plan.storage == Storage::F64 && !gpu.info.fp64 {
            return Err(JitError::invalid(format!(
                "{} does not support double precision (no cl_khr_fp64); use --precision f32",
                gpu.info.name
            )));
        }
        let limits = WhtLimits {
            lanes: 0,
            ..device_limits(gpu)
        };
        WhtTransform::built(gpu, plan, limits, 1)
    }

    /// One untimed transform of `input` into `output` (both the plan's storage bytes),
    /// staged as [`WhtTransform::execute_into`] is, with no checks. [`WhtTransform::run`]
    /// measures (it adds a warm-up run).
    pub fn transform(&self, gpu: &Gpu, input: &[u8], output: &mut [u8]) -> Result<()> {
        self.staged(gpu, input, output, None, None).map(|_| ())
    }

    /// The passes on the device buffer, one launch each: their events, in launch order.
    pub(super) fn launch_passes(&self, gpu: &Gpu) -> Result<Vec<ocl::Event>> {
        self.launch_over(gpu, Arg::buf(&self.data), None)
    }

    /// The passes on the values `data` (the plan's `len()` values of its storage, in place)
    /// and, for a plan with complex [`Pairs`](super::Pairs), the pairs `pairs` at its end.
    pub fn launch_over(
        &self,
        gpu: &Gpu,
        data: Arg<'_>,
        pairs: Option<Arg<'_>>,
    ) -> Result<Vec<ocl::Event>> {
        let last = self.passes.len().saturating_sub(1);
        let end = |i: usize| match self.plan.pairs {
            super::Pairs::In => i == 0,
            super::Pairs::Out => i == last,
            super::Pairs::None => false,
        };
        if self.plan.pairs != super::Pairs::None && pairs.is_none() {
            return Err(JitError::invalid(
                "a Walsh–Hadamard plan with pairs needs their buffer",
            ));
        }
        self.kernels
            .iter()
            .zip(&self.passes)
            .enumerate()
            .map(|(i, (k, p))| {
                if p.lanes == 0 {
                    match pairs.filter(|_| end(i)) {
                        Some(y) => k.set_args(&[data, y])?,
                        None => k.set_args(&[data])?,
                    }
                    return k.launch(&gpu.queue, self.plan.len() >> p.per_item, p.work_items());
                }
                // VC's CT arguments: operand distance and work-items a row.
                let (dist, units) = p.register_args(self.plan.row_len());
                let idx = |v: u64| match self.plan.len() as u64 > u64::from(u32::MAX) {
                    true => Arg::U64(v),
                    false => Arg::U32(v as u32),
                };
                k.set_args(&[data, idx(dist), idx(units)])?;
                let items = units as usize * self.plan.batch;
                k.launch(&gpu.queue, items, k.local_size(256))
            })
            .collect()
    }

    /// Bytes one pass reads plus writes.
    pub fn pass_bytes(&self) -> u64 {
        2 * self.plan.bytes()
    }

    /// One run of `input` (the plan's storage bytes): upload, passes, download; the result
    /// and its times (what each member of a device set runs on its rows).
    pub fn execute(&self, gpu: &Gpu, input: &[u8]) -> Result<(Vec<u8>, RunTimes)> {
        let t0 = std::time::Instant::now();
        self.check_input(input)?;
        self.staging.fill(input)?;
        let upload_ms = self.staging.upload_to(&self.data, input.len())?;
        let started = std::time::Instant::now();
        let events = self.launch_passes(gpu)?;
        let mut t = RunTimes::from_launches(&events, started)?;
        t.download_ms = self.staging.download_from(&self.data, input.len())?;
        t.upload_ms = upload_ms;
        let mut bytes = vec![0u8; input.len()];
        self.staging.drain(&mut bytes)?;
        t.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((bytes, t))
    }

    /// Refuses input that is not the plan's bytes.
    fn check_input(&self, input: &[u8]) -> Result<()> {
        if input.len() as u64 != self.plan.bytes() {
            return Err(JitError::invalid(format!(
                "input of {} bytes, the plan takes {}",
                input.len(),
                self.plan.bytes()
            )));
        }
        Ok(())
    }

    /// Transforms `input` (the plan's storage bytes): one warm-up run and `repeats` timed
    /// runs, each on a fresh upload of the input; returns the last run's result.
    pub fn run(&self, gpu: &Gpu, input: &[u8], repeats: usize) -> Result<WhtRun> {
        self.check_input(input)?;
        self.staging.fill(input)?;
        let mut kernel = Vec::new();
        let mut per_pass: Vec<Vec<f64>> = vec![Vec::new(); self.passes.len()];
        let mut uploads = Vec::new();
        let mut clock = Clock::Events;
        for rep in 0..=repeats.max(1) {
            let up = self.staging.upload_to(&self.data, input.len())?;
            let started = std::time::Instant::now();
            let events = self.launch_passes(gpu)?;
            let t = RunTimes::from_launches(&events, started)?;
            if rep == 0 {
                continue;
            }
            clock = t.clock;
            kernel.push(t.kernel_ms);
            uploads.push(up);
            for (acc, ms) in per_pass.iter_mut().zip(&t.pass_ms) {
                acc.push(*ms);
            }
        }
        let mut bytes = vec![0u8; input.len()];
        let download_ms = self.staging.download_from(&self.data, input.len())?;
        self.staging.drain(&mut bytes)?;
        Ok(WhtRun {
            bytes,
            kernel_ms: Summary::of(&kernel),
            pass_ms: per_pass.iter().map(|v| Summary::of(v).median).collect(),
            upload_ms: Summary::of(&uploads),
            download_ms: Summary::of(&[download_ms]),
            clock,
        })
    }
}
