//! Running a plan on a device: twiddle tables (exact, from rug), program build, buffers,
//! launches, and per-stage kernel times from profiling events.

use super::field::GfpField;
use super::plan::{GfpPlan, LOCAL_BUDGET_BYTES, MAX_GROUP};
use crate::clgen::GeneratedProgram;
use crate::error::{JitError, Result};
use crate::gfp::kernels::{self, dft_kernel_name, twiddle_kernel_name};
use crate::runtime::memory_fit::check_memory;
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::{event_ms, event_span_ns, Clock};
use crate::runtime::{build_program, Arg, BuiltProgram, Gpu, KernelHandle, Pinned};
use ocl::{Buffer, Event};
use rayon::prelude::*;
use rug::Integer;
use serde::Serialize;

/// Work-group size of the element-wise kernels.
const ELEMENTWISE_WG: usize = 128;

/// The local-memory budget and work-group cap a device gives the DFT kernels.
pub fn device_limits(gpu: &Gpu) -> (u64, usize) {
    (
        gpu.info.local_mem_bytes.min(LOCAL_BUDGET_BYTES),
        gpu.info.max_work_group_size.min(MAX_GROUP),
    )
}

/// Kernel times of one run by stage kind, from profiling events (ms).
#[derive(Debug, Clone, Serialize, Default)]
pub struct GfpRunTimes {
    /// Base DFT_K stages (shift-only butterflies).
    pub base_dft_ms: f64,
    /// Twiddle multiplications between stages.
    pub twiddle_ms: f64,
    /// The output permutation into natural order.
    pub permutation_ms: f64,
    /// The inverse's 1/N scaling.
    pub scale_ms: f64,
    /// Sum of all kernel times.
    pub kernel_ms: f64,
    /// First kernel start to last kernel end.
    pub kernel_span_ms: f64,
    /// Per launch: (kernel name, ms).
    pub launches: Vec<(String, f64)>,
    /// Host to device copy (ms).
    pub upload_ms: f64,
    /// Device to host copy (ms).
    pub download_ms: f64,
    /// What measured `kernel_ms`: the host wall clock around the launches where the device's
    /// profiling events read zero (the per-stage, per-launch and copy times are then 0, unknown).
    pub clock: Clock,
}

/// The twiddle table of a stage: ω_M^(m·q) at n = q + m·S, n < M, in the transposed layout.
pub fn twiddle_table(f: &GfpField, omega_n: &Integer, n: u64, block: u64, stride: u64) -> Vec<u64> {
    let w_m = Integer::from(
        omega_n
            .pow_mod_ref(&Integer::from(n / block), &f.p)
            .unwrap(),
    );
    let chunk = 1024u64.min(stride);
    let k = f.k as usize;
    let m_len = block as usize;
    let pieces: Vec<(u64, u64)> = (0..block / stride)
        .flat_map(|m| (0..stride / chunk).map(move |c| (m, c * chunk)))
        .collect();
    let parts: Vec<(usize, Vec<Vec<u64>>)> = pieces
        .par_iter()
        .map(|&(m, q0)| {
            let step = Integer::from(w_m.pow_mod_ref(&Integer::from(m), &f.p).unwrap());
            let mut v = Integer::from(step.pow_mod_ref(&Integer::from(q0), &f.p).unwrap());
            let mut out = Vec::with_capacity(chunk as usize);
            for _ in 0..chunk {
                out.push(f.to_digits(&v));
                v = (v * &step) % &f.p;
            }
            ((q0 + m * stride) as usize, out)
        })
        .collect();
    let mut table = vec![0u64; m_len * k];
    for (start, vals) in parts {
        for (i, d) in vals.into_iter().enumerate() {
            for (c, x) in d.into_iter().enumerate() {
                table[start + i + c * m_len] = x;
            }
        }
    }
    table
}

/// A plan made ready on one device.
pub struct GfpTransform {
    /// The plan this transform was made from.
    pub plan: GfpPlan,
    /// The generated OpenCL C and its operation counts.
    pub program: GeneratedProgram,
    /// The program built for the device (or loaded from the program cache).
    pub built: BuiltProgram,
    dft: Vec<KernelHandle>,
    twiddle: Vec<KernelHandle>,
    permute: KernelHandle,
    scale: Option<KernelHandle>,
    a: Buffer<u64>,
    b: Buffer<u64>,
    tw: Vec<Buffer<u64>>,
    staging: Pinned<u64>,
    /// Host time to compute the twiddle tables (ms), kept out of kernel times.
    pub twiddle_setup_ms: f64,
}

impl GfpTransform {
    /// Generates and builds the program, uploads the twiddle tables and allocates the buffers.
    ///
    /// Errors: the buffers exceed the device's memory, or the build fails.
    pub fn new(gpu: &Gpu, plan: &GfpPlan) -> Result<GfpTransform> {
        let f = &plan.field;
        let words = plan.n * f.k as u64;
        let bytes = words * 8;
        let tw_bytes: u64 = plan.stages[..plan.stages.len() - 1]
            .iter()
            .map(|s| s.block * f.k as u64 * 8)
            .sum();
        let name = &gpu.info.name;
        check_memory(
            &gpu.info,
            bytes,
            2 * bytes + tw_bytes,
            |need, limit| {
                format!(
                    "N = 2^{} elements of {} words need a {need} buffer; {name} allows {limit} per allocation",
                    plan.log_n, f.k
                )
            },
            |need, limit| {
                format!("the transform needs {need} of device memory, {name} has {limit}")
            },
        )?;
        let program = kernels::generate(plan);
        let built = build_program(gpu, &program.source, "")?;
        let kh = |name: &str| KernelHandle::new(gpu, &built.program, name);
        let dft = (0..plan.stages.len())
            .map(|s| kh(&dft_kernel_name(plan, s)))
            .collect::<Result<Vec<_>>>()?;
        let twiddle = (0..plan.stages.len() - 1)
            .map(|s| kh(&twiddle_kernel_name(s)))
            .collect::<Result<Vec<_>>>()?;
        let permute = kh(kernels::PERMUTE_KERNEL)?;
        let scale = if plan.inverse {
            Some(kh(kernels::SCALE_KERNEL)?)
        } else {
            None
        };
        let t0 = std::time::Instant::now();
        let omega = plan.omega_dir()?;
        let mut tw = Vec::new();
        for st in &plan.stages[..plan.stages.len() - 1] {
            let table = twiddle_table(f, &omega, plan.n, st.block, st.stride);
            let buf = device_buffer::<u64>(&gpu.queue, table.len())?;
            buf.write(&table).queue(&gpu.queue).enq()?;
            tw.push(buf);
        }
        let twiddle_setup_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(GfpTransform {
            plan: plan.clone(),
            program,
            built,
            dft,
            twiddle,
            permute,
            scale,
            a: device_buffer(&gpu.queue, words as usize)?,
            b: device_buffer(&gpu.queue, words as usize)?,
            tw,
            staging: Pinned::new(&gpu.queue, words as usize)?,
            twiddle_setup_ms,
        })
    }

    /// Finishes with the transform: unmaps its pinned staging memory, reporting an unmap
    /// error (dropping the transform unmaps too, silently).
    pub fn release(self) -> Result<()> {
        self.staging.release()
    }

    /// Bytes of the device buffers: the two data buffers and the twiddle tables.
    pub fn data_bytes(&self) -> u64 {
        8 * (self.a.len() + self.b.len() + self.tw.iter().map(|t| t.len()).sum::<usize>()) as u64
    }

    /// Transforms `input` (transposed layout, N·k words); returns the output and times.
    pub fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, GfpRunTimes)> {
        let q = &gpu.queue;
        let n = self.plan.n as usize;
        let words = input.len();
        self.staging.fill(input)?;
        let mut t = GfpRunTimes {
            upload_ms: self.staging.upload_to(&self.a, words)?,
            ..Default::default()
        };
        let mut events: Vec<(String, usize, Event)> = Vec::new();
        let launched = std::time::Instant::now();
        for (s, st) in self.plan.stages.iter().enumerate() {
            let kd = &self.dft[s];
            kd.set_args(&[Arg::buf(&self.a)])?;
            let wg = (st.group * st.radix as u64 / 2) as usize;
            events.push((kd.name.clone(), 0, kd.launch(q, n / 2, wg)?));
            if s + 1 < self.plan.stages.len() {
                let kt = &self.twiddle[s];
                kt.set_args(&[Arg::buf(&self.a), Arg::buf(&self.tw[s])])?;
                let l = kt.local_size(ELEMENTWISE_WG);
                events.push((kt.name.clone(), 1, kt.launch(q, n, l)?));
            }
        }
        self.permute
            .set_args(&[Arg::buf(&self.a), Arg::buf(&self.b)])?;
        let l = self.permute.local_size(ELEMENTWISE_WG);
        events.push((self.permute.name.clone(), 2, self.permute.launch(q, n, l)?));
        if let Some(ks) = &self.scale {
            ks.set_args(&[Arg::buf(&self.b)])?;
            let l = ks.local_size(ELEMENTWISE_WG);
            events.push((ks.name.clone(), 3, ks.launch(q, n, l)?));
        }
        let mut first = u64::MAX;
        let mut last = 0u64;
        for (name, kind, ev) in &events {
            let (s, e) = event_span_ns(ev)?;
            first = first.min(s);
            last = last.max(e);
            let ms = e.saturating_sub(s) as f64 * 1e-6;
            match kind {
                0 => t.base_dft_ms += ms,
                1 => t.twiddle_ms += ms,
                2 => t.permutation_ms += ms,
                _ => t.scale_ms += ms,
            }
            t.kernel_ms += ms;
            t.launches.push((name.clone(), ms));
        }
        t.kernel_span_ms = last.saturating_sub(first) as f64 * 1e-6;
        if t.kernel_ms * 1e6 < crate::runtime::timing::MIN_PLAUSIBLE_NS as f64 {
            // Events that read zero (Rusticl): the host's time, labelled by `clock`.
            t.kernel_ms = launched.elapsed().as_secs_f64() * 1e3;
            t.kernel_span_ms = t.kernel_ms;
            t.clock = Clock::HostWallClock;
        }
        t.download_ms = self.staging.download_from(&self.b, words)?;
        let mut out = vec![0u64; words];
        self.staging.drain(&mut out)?;
        Ok((out, t))
    }
}

/// Element-wise device field operations, for tests: `op` ∈ add, sub, mul on (x, y), or
/// shift (x · r^s with s from `shifts`). Returns the device's digit forms.
pub fn device_op(
    gpu: &Gpu,
    f: &GfpField,
    op: &str,
    x: &[Integer],
    y: &[Integer],
    shifts: &[u32],
) -> Result<Vec<Vec<u64>>> {
    let n = x.len();
    let k = f.k as usize;
    if !["add", "sub", "mul", "shift"].contains(&op) {
        return Err(JitError::invalid(format!(
            "element-wise op {op}: use add, sub, mul or shift"
        )));
    }
    // A program of just this op: PoCL compiles a program's kernels together, and p5's
    // multiplication alone takes most of a minute.
    let prog = kernels::generate_ops(f, &[op]);
    let built = build_program(gpu, &prog.source, "")?;
    let name = format!("gfp_op_{op}");
    let kern = KernelHandle::new(gpu, &built.program, &name)?;
    let q = &gpu.queue;
    let bx = device_buffer::<u64>(q, n * k)?;
    bx.write(&f.to_transposed(x)).queue(q).enq()?;
    let bz = device_buffer::<u64>(q, n * k)?;
    let ev = if op == "shift" {
        let bs = device_buffer::<u32>(q, n)?;
        bs.write(shifts).queue(q).enq()?;
        kern.set_args(&[
            Arg::buf(&bx),
            Arg::buf(&bs),
            Arg::buf(&bz),
            Arg::U64(n as u64),
        ])?;
        kern.launch(q, n, 64)?
    } else {
        let by = device_buffer::<u64>(q, n * k)?;
        by.write(&f.to_transposed(y)).queue(q).enq()?;
        kern.set_args(&[
            Arg::buf(&bx),
            Arg::buf(&by),
            Arg::buf(&bz),
            Arg::U64(n as u64),
        ])?;
        kern.launch(q, n, kern.local_size(64))?
    };
    event_ms(&ev)?;
    let mut out = vec![0u64; n * k];
    bz.read(&mut out).queue(q).enq()?;
    Ok((0..n)
        .map(|i| (0..k).map(|c| out[i + c * n]).collect())
        .collect())
}

// The run times as the shared model's figures (the whole run's host time is not kept).
crate::model::run_figures!(GfpRunTimes, |_t| f64::NAN);

/// The FFT over a generalized Fermat prime r^k + 1: N·k words in, the same out.
impl crate::model::DeviceTransform for GfpTransform {
    type Input = [u64];
    type Output = Vec<u64>;
    type Times = GfpRunTimes;
    fn info(&self) -> crate::transform::TransformInfo {
        let (f, inverse) = (&self.plan.field, self.plan.inverse);
        crate::transform::TransformInfo {
            kind: "gfp".into(),
            shape: vec![self.plan.n],
            precision: format!("r^{} + 1, r = {} ({} bits)", f.k, f.r, f.bits),
            direction: if inverse { "inverse" } else { "forward" }.into(),
            norm: if inverse { "full" } else { "none" }.into(),
        }
    }
    fn footprint(&self) -> u64 {
        self.data_bytes()
    }
    fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, GfpRunTimes)> {
        GfpTransform::execute(self, gpu, input)
    }
}
