//! Running a plan on a device: capacity checks, program build, buffers, passes, timings.

use super::coeffs;
use super::plan::{Algorithm, Coeffs, VcPlan};
use super::schedule::{Buf, Schedule};
use crate::clgen::{GeneratedProgram, OpCounts};
use crate::error::{JitError, Result};
use crate::runtime::memory_fit::{check_memory, per_allocation};
use crate::runtime::pinned::{constant_buffer, device_buffer};
use crate::runtime::show::mib;
use crate::runtime::{build_program, BuiltProgram, DeviceInfo, Gpu, KernelHandle, Pinned};
use crate::transform::Precision;
use num_complex::Complex64;
use ocl::{Buffer, OclPrm};
use rayon::prelude::*;
use std::time::Instant;

/// Work-items per work-group for the butterfly passes (capped by each kernel's limit).
pub(super) const LOCAL_SIZE: usize = 256;

use super::limits::trust_device_limit;
pub use super::limits::{
    fused_limits, fused_limits_for, fused_limits_for_plan, DEVICE_WG_TILE_VALUES,
};
pub use crate::runtime::timing::RunTimes;

pub(super) use crate::runtime::scalar::Real;

pub(super) struct Buffers<T: OclPrm> {
    pub(super) a: Buffer<T>,
    pub(super) b: Option<Buffer<T>>,
    /// (digits per butterfly, its coefficient table)
    pub(super) coef: Vec<(u32, Buffer<T>)>,
    pub(super) staging: Pinned<T>,
    /// Truth-vector input and reductions (plans with `truth` or a reducing output).
    pub(super) mvl: Option<MvlBuffers<T>>,
}

impl<T: OclPrm> Buffers<T> {
    /// Buffer `which` (B is A where the schedule has one buffer).
    pub(super) fn pick(&self, which: Buf) -> &Buffer<T> {
        match which {
            Buf::A => &self.a,
            Buf::B => self.b.as_ref().unwrap_or(&self.a),
        }
    }
}

/// The device buffers of truth-vector input and spectral reductions.
pub(super) struct MvlBuffers<T: OclPrm> {
    /// B·N values, u8 (p ≤ 256) or u16 as byte pairs.
    pub(super) truth: Option<Buffer<u8>>,
    /// Pinned staging of the truth vector.
    pub(super) truth_staging: Option<Pinned<u8>>,
    /// ε^v for v < p (interleaved re, im).
    pub(super) eps: Option<Buffer<T>>,
    /// The first out-of-range flat index, u32::MAX when none.
    pub(super) flag: Buffer<u32>,
    /// (min, max) of |S|² per transform and last-pass work-group.
    pub(super) part: Option<Buffer<T>>,
    /// Pinned staging of `part` (read back every run: 8 MB for 2^20 f32 functions).
    pub(super) part_staging: Option<Pinned<T>>,
    /// Histogram scale per transform: bins / max |S|².
    pub(super) hscale: Option<Buffer<T>>,
    /// Zero-coefficient count per transform.
    pub(super) zeros: Option<Buffer<u32>>,
    /// Histogram counts, B × bins.
    pub(super) hist: Option<Buffer<u32>>,
}

pub(super) enum TypedBuffers {
    F32(Buffers<f32>),
    F64(Buffers<f64>),
}

/// A plan's program built for one device, without buffers: what a [`VcTransform`] runs, and
/// what the streamed path (`vc::stream`) runs on buffers of its own.
pub struct CompiledVc {
    /// The plan this program was made from.
    pub plan: VcPlan,
    /// The launches in order and the buffers they use.
    pub schedule: Schedule,
    /// The generated OpenCL C and its operation counts.
    pub program: GeneratedProgram,
    /// The program built for the device (or loaded from the program cache).
    pub built: BuiltProgram,
    pub(super) kernels: Vec<KernelHandle>,
}

/// A plan made ready on one device: program built ([`CompiledVc`], whose fields read through
/// this), buffers allocated.
pub struct VcTransform {
    compiled: CompiledVc,
    pub(super) buffers: TypedBuffers,
    /// Host wall time of allocating the device buffers and mapping the pinned staging (ms).
    pub alloc_ms: f64,
    /// The largest chunk of a truth-vector upload (`runtime::Knobs::truth_chunk`).
    pub(super) truth_chunk: Option<u64>,
    /// Whether the buffers include a pinned staging of the whole data (`new`, not `new_unstaged`).
    staged: bool,
}

impl std::ops::Deref for VcTransform {
    type Target = CompiledVc;
    fn deref(&self) -> &CompiledVc {
        &self.compiled
    }
}

/// Refuses plans the device cannot hold or run, saying what is needed and what is available.
pub fn check_device(info: &DeviceInfo, plan: &VcPlan) -> Result<()> {
    if plan.precision == Precision::F64 && !info.fp64 {
        return Err(JitError::Device(format!(
            "{} does not support double precision (no cl_khr_fp64); use --precision f32",
            info.name
        )));
    }
    let bytes = plan.buffer_bytes();
    let total = bytes.saturating_mul(plan.buffers_needed());
    check_memory(
        info,
        bytes,
        total,
        |need, limit| {
            let what = format!("N = {}^{} = {} points", plan.p, plan.n, plan.len);
            per_allocation(&what, &info.name, &need, &limit)
        },
        |need, limit| {
            format!(
                "{} needs {} buffer(s) of {} = {need} of device memory, but {} has {limit}",
                plan.algorithm,
                plan.buffers_needed(),
                mib(bytes),
                info.name
            )
        },
    )?;
    if plan.coeffs == Coeffs::ConstMatrix {
        let r = plan.radix;
        let need = r * r * plan.precision.complex_bytes();
        if need > info.constant_mem_bytes {
            return Err(JitError::Device(format!(
                "const-matrix with radix {r} needs {need} bytes of constant memory, {} has {}; use --coeffs const-first or a smaller radix",
                info.name, info.constant_mem_bytes
            )));
        }
    }
    Ok(())
}

/// Build options a schedule needs on this vendor: NVIDIA sizes registers for the work-group
/// limit only when told, so large fused tiles get `-cl-nv-maxrregcount` = 64K / work-items.
fn vendor_options(gpu: &Gpu, schedule: &Schedule) -> String {
    let threads = schedule
        .fused_passes()
        .map(|f| f.group_size())
        .max()
        .unwrap_or(0);
    if gpu.info.vendor_key() == "nvidia" && threads > 256 {
        let regs = (65536 / threads).clamp(32, 255) / 8 * 8;
        format!("-cl-nv-maxrregcount={regs}")
    } else {
        String::new()
    }
}

/// Interleaved (re, im) values of a coefficient table.
fn flatten(v: &[Complex64]) -> Vec<f64> {
    v.iter().flat_map(|c| [c.re, c.im]).collect()
}

/// The `__constant` table a pass of `digits` digits reads, if its coefficient mode has one.
fn coefficient_table(plan: &VcPlan, digits: u32) -> Option<Vec<f64>> {
    match plan.coeffs {
        Coeffs::ConstFirst => Some(flatten(&coeffs::first_function(plan.p, plan.direction))),
        Coeffs::ConstMatrix => Some(flatten(&coeffs::matrix(plan.p, digits, plan.direction))),
        Coeffs::Literal => None,
    }
}

fn alloc_mvl<T: Real>(
    gpu: &Gpu,
    plan: &VcPlan,
    schedule: &Schedule,
) -> Result<Option<MvlBuffers<T>>> {
    use crate::vc::plan::SpectrumOutput;
    if plan.truth.is_none() && plan.output == SpectrumOutput::Write {
        return Ok(None);
    }
    let total = plan.total_len() as usize;
    let (mut truth, mut truth_staging, mut eps) = (None, None, None);
    if plan.truth.is_some() {
        let bytes = total * plan.truth_bytes() as usize;
        // Whole 32-bit words: per-item kernels stage the bytes as words (the padding only
        // ever reaches rows past the batch).
        truth = Some(device_buffer::<u8>(&gpu.queue, bytes.next_multiple_of(4))?);
        truth_staging = Some(Pinned::<u8>::new(&gpu.queue, bytes)?);
        let table: Vec<T> = (0..plan.p as u64)
            .flat_map(|v| {
                let c = crate::transform::root(plan.p, v, crate::transform::Direction::Inverse);
                [T::from_f64(c.re), T::from_f64(c.im)]
            })
            .collect();
        eps = Some(constant_buffer(&gpu.queue, &table)?);
    }
    let (mut part, mut part_staging, mut hscale, mut zeros, mut hist) =
        (None, None, None, None, None);
    if let SpectrumOutput::Reduce { bins, .. } = plan.output {
        let groups = schedule.fused_passes().last().map_or(1, |f| f.groups()) as usize;
        let b = plan.batch as usize;
        part = Some(device_buffer::<T>(&gpu.queue, 2 * b * groups)?);
        part_staging = Some(Pinned::<T>::new(&gpu.queue, 2 * b * groups)?);
        if bins > 0 {
            hscale = Some(device_buffer::<T>(&gpu.queue, b)?);
            zeros = Some(device_buffer::<u32>(&gpu.queue, b)?);
            hist = Some(device_buffer::<u32>(&gpu.queue, b * bins as usize)?);
        }
    }
    Ok(Some(MvlBuffers {
        truth,
        truth_staging,
        eps,
        flag: device_buffer::<u32>(&gpu.queue, 1)?,
        part,
        part_staging,
        hscale,
        zeros,
        hist,
    }))
}

/// Whether the schedule moves complex data through the A/B buffers: every schedule but one
/// fused pass from a truth vector that writes no spectrum (a bentness run), whose B·N complex
/// buffers and staging (2 × 680 MB on the device and 680 MB pinned for 2^20 functions of
/// 3^4) would go unused.
pub(super) fn uses_complex_buffers(schedule: &Schedule) -> bool {
    let truth_reduce_only = schedule.pass_count() == 1
        && schedule
            .fused_passes()
            .next()
            .is_some_and(|f| f.truth.is_some() && !f.output.writes());
    !truth_reduce_only
}

/// The `__constant` coefficient tables of a schedule: one per distinct butterfly size (a
/// mixed-radix const-matrix schedule has two).
pub(super) fn coefficient_tables<T: Real>(
    gpu: &Gpu,
    plan: &VcPlan,
    schedule: &Schedule,
) -> Result<Vec<(u32, Buffer<T>)>> {
    let mut coef = Vec::new();
    for pass in &schedule.passes {
        if coef
            .iter()
            .any(|(d, _): &(u32, Buffer<T>)| *d == pass.digits)
        {
            continue;
        }
        if let Some(t) = coefficient_table(plan, pass.digits) {
            let t: Vec<T> = t.into_iter().map(T::from_f64).collect();
            coef.push((pass.digits, constant_buffer(&gpu.queue, &t)?));
        }
    }
    Ok(coef)
}

/// The buffers of a plan; `staged`: with a pinned staging of the whole data (else one complex
/// value: the caller stages through its own chunks, `vc::file_pipeline`).
fn alloc<T: Real>(
    gpu: &Gpu,
    plan: &VcPlan,
    schedule: &Schedule,
    staged: bool,
) -> Result<Buffers<T>> {
    // Two reals (one complex value) where the buffers go unused: execute/upload refuse then.
    // Half storage: one f32 slot a complex value (two packed halves, `vc::half_host`).
    let len = if uses_complex_buffers(schedule) {
        (plan.total_len() as usize) * if plan.half.is_some() { 1 } else { 2 }
    } else {
        2
    };
    let coef = coefficient_tables(gpu, plan, schedule)?;
    Ok(Buffers {
        a: device_buffer(&gpu.queue, len)?,
        b: match plan.algorithm {
            Algorithm::Cg | Algorithm::Fused => Some(device_buffer(&gpu.queue, len)?),
            Algorithm::Ct => None,
        },
        coef,
        staging: Pinned::new(&gpu.queue, if staged { len } else { 2 })?,
        mvl: alloc_mvl(gpu, plan, schedule)?,
    })
}

impl VcTransform {
    /// Checks the device, generates and builds the program, allocates buffers.
    pub fn new(gpu: &Gpu, plan: &VcPlan) -> Result<VcTransform> {
        Self::build_with(gpu, plan, true)
    }

    /// [`new`](Self::new) without the pinned staging of the whole data: for runs that stage
    /// through a bounded ring of pinned chunks (`VcTransform::run_pipelined`). Pinning a
    /// file-sized staging cost 3.5 s of first touch for 9.3 GB on the H100 host.
    pub fn new_unstaged(gpu: &Gpu, plan: &VcPlan) -> Result<VcTransform> {
        Self::build_with(gpu, plan, false)
    }

    fn build_with(gpu: &Gpu, plan: &VcPlan, staged: bool) -> Result<VcTransform> {
        check_device(&gpu.info, plan)?;
        let compiled = CompiledVc::new(gpu, plan)?;
        let t_alloc = Instant::now();
        let buffers = match plan.precision {
            Precision::F32 => {
                TypedBuffers::F32(alloc::<f32>(gpu, plan, &compiled.schedule, staged)?)
            }
            Precision::F64 => {
                TypedBuffers::F64(alloc::<f64>(gpu, plan, &compiled.schedule, staged)?)
            }
        };
        let alloc_ms = t_alloc.elapsed().as_secs_f64() * 1e3;
        Ok(VcTransform {
            compiled,
            buffers,
            alloc_ms,
            truth_chunk: gpu.knobs.truth_chunk,
            staged,
        })
    }
}

impl CompiledVc {
    /// Schedules, generates and builds the plan's program: everything but the buffers.
    pub fn new(gpu: &Gpu, plan: &VcPlan) -> Result<CompiledVc> {
        // A fused kernel may report a smaller work-group limit than the probe: schedule this
        // plan again once under that limit. The limit stays with this plan: learned for the
        // whole device, one register-heavy candidate of `explore` would shrink the tiles of
        // every plan built after it in the process.
        let mut attempt = 0;
        let mut cap: Option<u64> = None;
        let (schedule, program, built, kernels) = loop {
            let mut limits = fused_limits_for_plan(gpu, plan);
            if let Some(c) = cap {
                limits.max_threads = limits.max_threads.min(c);
            }
            let (schedule, program) = crate::vc::program(plan, limits);
            let built = build_program(gpu, &program.source, &vendor_options(gpu, &schedule))?;
            let kernels = program
                .kernels
                .iter()
                .map(|(name, _)| KernelHandle::new(gpu, &built.program, name))
                .collect::<Result<Vec<_>>>()?;
            // The driver's CL_KERNEL_WORK_GROUP_SIZE is the limit respected by default (see
            // `trust_device_limit`).
            let short = schedule
                .fused_passes()
                .zip(&kernels)
                .filter(|_| !trust_device_limit(gpu, plan))
                .find(|(pass, k)| (k.max_work_group as u64) < pass.group_size());
            match short {
                None => break (schedule, program, built, kernels),
                Some((pass, k)) if attempt > 0 || k.max_work_group == 0 => {
                    return Err(JitError::Device(format!(
                        "{} needs work-groups of {} work-items, {} allows {} for it; use --fused-digits with a smaller value",
                        k.name,
                        pass.group_size(),
                        gpu.info.name,
                        k.max_work_group
                    )));
                }
                Some((_, k)) => cap = Some(k.max_work_group as u64),
            }
            attempt += 1;
        };
        Ok(CompiledVc {
            plan: plan.clone(),
            schedule,
            program,
            built,
            kernels,
        })
    }

    /// The generator's counts for each kernel, by name.
    pub fn kernel_counts(&self) -> &[(String, OpCounts)] {
        &self.program.kernels
    }

    /// The kernels of the built program, in the order of `program.kernels`.
    pub fn kernel_handles(&self) -> &[KernelHandle] {
        &self.kernels
    }
}

impl VcTransform {
    /// Refuses complex input and output on a plan that has no complex buffers (one fused pass
    /// from a truth vector that writes no spectrum: [`uses_complex_buffers`]).
    pub(crate) fn check_complex_buffers(&self) -> Result<()> {
        if uses_complex_buffers(&self.schedule) {
            Ok(())
        } else {
            Err(JitError::invalid(
                "the plan reads a truth vector and writes no spectrum: it has no complex input or output (use upload_truth, run_checked and the reductions)",
            ))
        }
    }

    /// Refuses the whole-data staging paths on a transform made by
    /// [`new_unstaged`](Self::new_unstaged) (it stages through its caller's chunks).
    pub(crate) fn check_staged(&self) -> Result<()> {
        // A flag, not the staging's length: half storage stages one slot a complex value.
        if self.staged {
            Ok(())
        } else {
            Err(JitError::invalid(
                "this transform has no staging of the whole data (made by new_unstaged): run it with run_pipelined",
            ))
        }
    }

    /// Finishes with the transform: unmaps its pinned staging memory, reporting an unmap
    /// error (dropping the transform unmaps too, silently).
    pub fn release(self) -> Result<()> {
        fn rel<T: OclPrm>(b: Buffers<T>) -> Result<()> {
            if let Some(m) = b.mvl {
                if let Some(s) = m.truth_staging {
                    s.release()?;
                }
                if let Some(s) = m.part_staging {
                    s.release()?;
                }
            }
            b.staging.release()
        }
        match self.buffers {
            TypedBuffers::F32(b) => rel(b),
            TypedBuffers::F64(b) => rel(b),
        }
    }

    /// Transforms `input` (length N) and returns the output with the run's times.
    pub fn execute(&self, gpu: &Gpu, input: &[Complex64]) -> Result<(Vec<Complex64>, RunTimes)> {
        self.execute_reusing(gpu, input, None)
    }

    /// [`VcTransform::execute`] into `previous` where it has the output's length (an earlier
    /// run's output: no fresh pages to fault in).
    pub fn execute_reusing(
        &self,
        gpu: &Gpu,
        input: &[Complex64],
        previous: Option<Vec<Complex64>>,
    ) -> Result<(Vec<Complex64>, RunTimes)> {
        if input.len() as u64 != self.plan.total_len() {
            return Err(JitError::invalid(format!(
                "input has {} values, the plan needs B·N = {}·{}",
                input.len(),
                self.plan.batch,
                self.plan.len
            )));
        }
        self.check_complex_buffers()?;
        self.check_staged()?;
        match &self.buffers {
            TypedBuffers::F32(b) => match self.plan.half {
                Some(h) => self.execute_half(gpu, h, b, input),
                None => self.execute_typed(gpu, b, input, previous),
            },
            TypedBuffers::F64(b) => self.execute_typed(gpu, b, input, previous),
        }
    }

    /// Runs only the passes on data already on the device (for benchmarks); returns the times
    /// of each repeat after `warmup` untimed runs. The data is whatever the last `execute` left.
    pub fn run_passes_only(
        &self,
        gpu: &Gpu,
        warmup: usize,
        repeats: usize,
    ) -> Result<Vec<RunTimes>> {
        let mut out = Vec::with_capacity(repeats);
        for k in 0..warmup + repeats {
            let t = match &self.buffers {
                TypedBuffers::F32(b) => self.passes(gpu, b)?,
                TypedBuffers::F64(b) => self.passes(gpu, b)?,
            };
            if k >= warmup {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// The first `len` reals of the staging up to buffer A, the passes, the result down into
    /// the staging: the passes' times with the two transfers'.
    pub(super) fn round_trip<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        len: usize,
    ) -> Result<RunTimes> {
        let upload_ms = b.staging.upload_to(&b.a, len)?;
        let mut times = self.passes(gpu, b)?;
        times.download_ms = b.staging.download_from(b.pick(self.schedule.result), len)?;
        times.upload_ms = upload_ms;
        Ok(times)
    }

    pub(super) fn passes<T: Real>(&self, gpu: &Gpu, b: &Buffers<T>) -> Result<RunTimes> {
        let t0 = Instant::now();
        let mut events = Vec::with_capacity(self.schedule.pass_count());
        // The same launches (kernels, arguments, ranges) as the overlapped path runs in pieces.
        for l in self.launches(b) {
            l.kernel.set_args(&l.args)?;
            events.push(l.kernel.launch(&gpu.queue, l.items, l.local)?);
        }
        RunTimes::from_launches(&events, t0)
    }

    fn execute_typed<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Buffers<T>,
        input: &[Complex64],
        previous: Option<Vec<Complex64>>,
    ) -> Result<(Vec<Complex64>, RunTimes)> {
        let t0 = Instant::now();
        let len = input.len() * 2;
        fill_staging(b, input)?;
        let mut times = self.round_trip(gpu, b, len)?;
        let widen = |c: &[T]| Complex64::new(c[0].to_f64(), c[1].to_f64());
        let out = b.staging.with_map(|m| {
            Ok(match previous.filter(|v| v.len() == input.len()) {
                Some(mut v) => {
                    v.par_iter_mut()
                        .zip(m[..len].par_chunks(2))
                        .for_each(|(d, c)| *d = widen(c));
                    v
                }
                None => m[..len].par_chunks(2).map(widen).collect::<Vec<_>>(),
            })
        })?;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }
}

/// Converts the input straight into the mapped pinned staging (interleaved re/im of the device
/// type), in parallel: no intermediate copy.
pub(super) fn fill_staging<T: Real>(b: &Buffers<T>, input: &[Complex64]) -> Result<()> {
    let len = input.len();
    b.staging.with_map(|m| {
        m[..2 * len]
            .par_chunks_mut(2)
            .zip(input.par_iter())
            .for_each(|(d, c)| {
                d[0] = T::from_f64(c.re);
                d[1] = T::from_f64(c.im);
            });
        Ok(())
    })
}
