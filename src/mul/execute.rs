//! Running a plan on a device: memory check, programs, buffers, launches, timings (kernel,
//! carry and transfer times from profiling events; end to end on the host clock).

use super::kernels::{block_source, ntt_glue_source};
use super::plan::{Method, MulPlan};
use super::schedule::{Launch, MulSchedule, Step};
use crate::error::{JitError, Result};
use crate::field::{LimbBits, PrimeField};
use crate::ntt::{NttPlan, NttTransform, Variant};
use crate::runtime::memory_fit::{check_memory, per_allocation};
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::event_ms;
use crate::runtime::{build_program, Arg, BuiltProgram, Gpu, KernelHandle, Pinned};
use ocl::{Buffer, Event};
use serde::Serialize;
use std::cell::RefCell;
use std::collections::HashMap;
use std::time::Instant;

/// Times of one product.
#[derive(Debug, Clone, Default, Serialize)]
pub struct MulTimes {
    /// Both operands, pinned host → device.
    pub upload_ms: f64,
    /// Product limbs, device → pinned host.
    pub download_ms: f64,
    /// All kernels (NTTs, glue or block kernels, carries).
    pub kernel_ms: f64,
    /// The carry kernels alone (part of `kernel_ms`).
    pub carry_ms: f64,
    /// Per step (the schedule's names), summed over its launches.
    pub step_ms: Vec<(String, f64)>,
    /// Host wall time from the first upload (operands in pinned host memory) to the product
    /// in pinned host memory.
    pub e2e_ms: f64,
    /// Host copies between the caller's slices and pinned memory (outside `e2e_ms`; none
    /// when the caller fills the staging itself, see [`Multiplier::multiply_staged`]).
    pub host_copies_ms: f64,
}

impl MulTimes {
    /// Upload + kernels + download, from profiling events.
    pub fn device_ms(&self) -> f64 {
        self.upload_ms + self.kernel_ms + self.download_ms
    }
}

// One engine per multiplier: the variants' size difference costs nothing.
#[allow(clippy::large_enum_variant)]
enum Engine {
    Block {
        kernels: HashMap<&'static str, KernelHandle>,
        v: Buffer<u32>,
        w: Buffer<u32>,
        partial: Buffer<u64>,
    },
    Ntt {
        kernels: HashMap<&'static str, KernelHandle>,
        /// The one transform: forward for both operands, and (read backwards, × N⁻¹) inverse.
        fwd: Box<NttTransform>,
        saved: Buffer<u32>,
        n_inv: u64,
    },
}

/// A plan made ready on one device: programs built, buffers allocated for the plan's sizes.
/// One multiplier serves any operands up to those sizes (shorter ones cost less with `block`;
/// `ntt` always runs its planned transform size).
pub struct Multiplier {
    /// The plan (method resolved).
    pub plan: MulPlan,
    /// The glue/block program (the NTTs build their own).
    pub built: BuiltProgram,
    /// Its OpenCL C source.
    pub source: String,
    engine: Engine,
    a: Buffer<u64>,
    b: Buffer<u64>,
    sums: Buffer<u64>,
    r: Buffer<u64>,
    ex: Buffer<u8>,
    agg: Buffer<u8>,
    cin: Buffer<u8>,
    /// Pinned host staging of A, B and the product.
    pa: Pinned<u64>,
    pb: Pinned<u64>,
    pr: Pinned<u64>,
}

const CARRY_KERNELS: [&str; 3] = ["carry_flags", "carry_groups", "carry_apply"];

/// Device bytes a plan needs (all buffers) and its largest single buffer.
pub fn device_bytes(plan: &MulPlan) -> (u64, u64) {
    let limbs = plan.product_limbs() as u64;
    let common = 8 * (plan.a_limbs + plan.b_limbs) as u64 + 16 * limbs + 8 * limbs + 2 * limbs;
    let (extra, largest) = match plan.method {
        Method::Block => {
            let s = MulSchedule::new(plan, plan.a_limbs, plan.b_limbs);
            let digits = (s.k * plan.block_n) as u64;
            let partial = (MulSchedule::max_conv_items(s.k) * plan.block_n * 16) as u64;
            (8 * digits + 8 * plan.block_n as u64 + partial, partial)
        }
        _ => {
            let arr = 8u64 << plan.ntt_log_n();
            // saved copy + the NTT's two arrays and up to 1.5 arrays of tables.
            (arr + arr * 7 / 2, arr)
        }
    };
    (common + extra, largest.max(16 * limbs))
}

/// Refuses plans the device cannot hold, naming the bytes needed, before allocating.
pub fn check_device(gpu: &Gpu, plan: &MulPlan) -> Result<()> {
    let (total, largest) = device_bytes(plan);
    let info = &gpu.info;
    let what = format!(
        "{} × {} limbs with method {}",
        plan.a_limbs, plan.b_limbs, plan.method
    );
    check_memory(
        info,
        largest,
        total,
        |need, limit| per_allocation(&what, &info.name, &need, &limit),
        |need, limit| {
            format!(
                "{what} need about {need} of device memory, {} has {limit}",
                info.name
            )
        },
    )
}

fn handles(
    gpu: &Gpu,
    built: &BuiltProgram,
    names: &[&'static str],
) -> Result<HashMap<&'static str, KernelHandle>> {
    names
        .iter()
        .map(|n| Ok((*n, KernelHandle::new(gpu, &built.program, n)?)))
        .collect()
}

fn block_kernel_name(n: usize) -> &'static str {
    match n {
        2 => "block_conv_n2",
        4 => "block_conv_n4",
        8 => "block_conv_n8",
        _ => "block_conv_n16",
    }
}

/// The NTT variant `ntt` uses on a device: fused (local-memory passes) on GPUs; split28 on CPU
/// devices, where PoCL ran it 3× faster than fused (2^19 Goldilocks points: 19 vs 56 ms).
pub fn default_ntt_variant(gpu: &Gpu) -> Variant {
    if gpu.info.kind == "cpu" {
        Variant::Split28
    } else {
        Variant::Fused
    }
}

impl Multiplier {
    /// The NTT variant the `ntt` method runs (None for `block`).
    pub fn ntt_variant(&self) -> Option<Variant> {
        match &self.engine {
            Engine::Ntt { fwd, .. } => Some(fwd.plan.variant),
            Engine::Block { .. } => None,
        }
    }

    /// Checks device memory, generates and builds the programs (the NTTs' too for `ntt`) and
    /// allocates the buffers.
    ///
    /// Errors: too large for the device ([`JitError::Device`], with the bytes needed), or a
    /// build failure.
    pub fn new(gpu: &Gpu, plan: &MulPlan) -> Result<Multiplier> {
        Multiplier::with_ntt_variant(gpu, plan, default_ntt_variant(gpu))
    }

    /// As [`Multiplier::new`] with the NTT variant given (`ntt` method only).
    pub fn with_ntt_variant(gpu: &Gpu, plan: &MulPlan, variant: Variant) -> Result<Multiplier> {
        check_device(gpu, plan)?;
        let q = &gpu.queue;
        let limbs = plan.product_limbs();
        let groups = limbs.div_ceil(super::kernels::carry::CARRY_WG);
        let (source, names): (String, Vec<&'static str>) = match plan.method {
            Method::Block => (
                block_source(plan.block_n),
                vec![
                    "block_layout",
                    block_kernel_name(plan.block_n),
                    "block_reduce",
                ],
            ),
            _ => (ntt_glue_source(), vec!["split16", "pointwise", "ntt_sums"]),
        };
        let built = build_program(gpu, &source, "")?;
        let mut all = names.clone();
        all.extend(CARRY_KERNELS);
        let kernels = handles(gpu, &built, &all)?;
        let engine = match plan.method {
            Method::Block => {
                let s = MulSchedule::new(plan, plan.a_limbs, plan.b_limbs);
                let digits = s.k * plan.block_n;
                Engine::Block {
                    kernels,
                    v: device_buffer(q, digits)?,
                    w: device_buffer(q, digits + 2 * plan.block_n)?,
                    // Smaller operands may split into more chunks: sized for any k' ≤ k.
                    partial: device_buffer(q, MulSchedule::max_conv_items(s.k) * plan.block_n * 2)?,
                }
            }
            _ => {
                let field = PrimeField::preset("goldilocks")?;
                // 32-bit limbs with PTX carry chains on NVIDIA, 64-bit elsewhere (as `ntt`).
                let limb = if gpu.info.vendor_key() == "nvidia" {
                    LimbBits::B32
                } else {
                    LimbBits::B64
                };
                let log_n = plan.ntt_log_n();
                let f = NttPlan::new(&field, limb, log_n, variant, false)?;
                let n_inv = f.n_inv.to_u64().ok_or_else(|| {
                    JitError::invalid("internal: N⁻¹ mod Goldilocks exceeds 64 bits")
                })?;
                Engine::Ntt {
                    kernels,
                    fwd: Box::new(NttTransform::new(gpu, &f)?),
                    saved: device_buffer(q, 2usize << log_n)?,
                    n_inv,
                }
            }
        };
        Ok(Multiplier {
            plan: plan.clone(),
            built,
            source,
            engine,
            a: device_buffer(q, plan.a_limbs)?,
            b: device_buffer(q, plan.b_limbs)?,
            sums: device_buffer(q, 2 * limbs)?,
            r: device_buffer(q, limbs)?,
            ex: device_buffer(q, limbs)?,
            agg: device_buffer(q, groups)?,
            cin: device_buffer(q, groups)?,
            pa: Pinned::new(q, plan.a_limbs)?,
            pb: Pinned::new(q, plan.b_limbs)?,
            pr: Pinned::new(q, limbs)?,
        })
    }

    /// The carry kernels' handles (in either program).
    fn kernel(&self, name: &str) -> Result<&KernelHandle> {
        let k = match &self.engine {
            Engine::Block { kernels, .. } | Engine::Ntt { kernels, .. } => kernels.get(name),
        };
        k.ok_or_else(|| JitError::invalid(format!("internal: kernel {name} missing")))
    }

    /// Multiplies `a` × `b` (little-endian 64-bit limbs, at most the plan's sizes); returns the
    /// a.len() + b.len() product limbs and the times.
    ///
    /// Errors: an empty operand or one longer than the plan's ([`JitError::InvalidInput`]);
    /// OpenCL failures.
    pub fn multiply(&self, gpu: &Gpu, a: &[u64], b: &[u64]) -> Result<(Vec<u64>, MulTimes)> {
        self.check_sizes(a.len(), b.len())?;
        let t0 = Instant::now();
        self.pa.fill(a)?;
        self.pb.fill(b)?;
        let fill_ms = t0.elapsed().as_secs_f64() * 1e3;
        let mut times = self.multiply_staged(gpu, a.len(), b.len())?;
        let t1 = Instant::now();
        let mut out = vec![0u64; a.len() + b.len()];
        self.pr.drain(&mut out)?;
        times.host_copies_ms = fill_ms + t1.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// The pinned host memory of A, B and the product (fill A and B, call
    /// [`Multiplier::multiply_staged`], read the product: no extra host copies).
    pub fn staging(&self) -> (&Pinned<u64>, &Pinned<u64>, &Pinned<u64>) {
        (&self.pa, &self.pb, &self.pr)
    }

    fn check_sizes(&self, a_len: usize, b_len: usize) -> Result<()> {
        if a_len == 0 || b_len == 0 {
            return Err(JitError::invalid("an operand has no limbs"));
        }
        if a_len > self.plan.a_limbs || b_len > self.plan.b_limbs {
            return Err(JitError::invalid(format!(
                "operands of {a_len} and {b_len} limbs exceed the multiplier's plan ({} × {} limbs)",
                self.plan.a_limbs, self.plan.b_limbs
            )));
        }
        Ok(())
    }

    /// Multiplies the first `a_len` limbs of the A staging by the first `b_len` of B's, leaving
    /// the a_len + b_len product limbs in the product staging: upload, kernels, download.
    pub fn multiply_staged(&self, gpu: &Gpu, a_len: usize, b_len: usize) -> Result<MulTimes> {
        self.check_sizes(a_len, b_len)?;
        let sched = MulSchedule::new(&self.plan, a_len, b_len);
        let limbs = sched.limbs;
        let k_plan = MulSchedule::new(&self.plan, self.plan.a_limbs, self.plan.b_limbs).k;
        if sched.chunks * 2 * sched.k > MulSchedule::max_conv_items(k_plan) {
            // Never expected: a device write past the partial sums would corrupt memory.
            return Err(JitError::invalid(
                "internal: convolution launch larger than its partial-sum buffer",
            ));
        }
        let t0 = Instant::now();
        let mut times = MulTimes::default();
        times.upload_ms += self.pa.upload_to(&self.a, a_len)?;
        times.upload_ms += self.pb.upload_to(&self.b, b_len)?;
        // Launches are enqueued without waiting; their events are read after the download
        // (the NTT's own passes wait inside `passes` and report their kernel time).
        let mut pending: Vec<(Step, f64, Vec<Event>)> = Vec::new();
        for launch in &sched.launches {
            let evs = RefCell::new(Vec::new());
            let ms = self.enqueue_step(gpu, &sched, (a_len as u32, b_len as u32), launch, &evs)?;
            pending.push((launch.step, ms, evs.into_inner()));
        }
        times.download_ms = self.pr.download_from(&self.r, limbs)?;
        times.e2e_ms = t0.elapsed().as_secs_f64() * 1e3;
        for (step, mut ms, evs) in pending {
            for ev in &evs {
                ms += event_ms(ev)?;
            }
            if step.is_carry() {
                times.carry_ms += ms;
            }
            times.kernel_ms += ms;
            times.step_ms.push((format!("{step:?}"), ms));
        }
        Ok(times)
    }

    /// Enqueues one step's launch (the NTT's own passes wait and return their kernel time;
    /// the others return 0 and leave their events in `evs`, read after the download).
    fn enqueue_step(
        &self,
        gpu: &Gpu,
        sched: &MulSchedule,
        lens: (u32, u32),
        launch: &Launch,
        evs: &RefCell<Vec<Event>>,
    ) -> Result<f64> {
        let run = |k: &KernelHandle, args: &[Arg]| -> Result<f64> {
            k.set_args(args)?;
            let ev = k.launch(&gpu.queue, launch.global, k.local_size(launch.local))?;
            evs.borrow_mut().push(ev);
            Ok(0.0)
        };
        let lr = sched.limbs as u32;
        match (&self.engine, launch.step) {
            (_, Step::CarryFlags) => run(
                self.kernel("carry_flags")?,
                &[
                    Arg::buf(&self.sums),
                    Arg::buf(&self.r),
                    Arg::buf(&self.ex),
                    Arg::buf(&self.agg),
                    Arg::U32(lr),
                ],
            ),
            (_, Step::CarryGroups) => run(
                self.kernel("carry_groups")?,
                &[
                    Arg::buf(&self.agg),
                    Arg::buf(&self.cin),
                    Arg::U32(sched.carry_groups() as u32),
                ],
            ),
            (_, Step::CarryApply) => run(
                self.kernel("carry_apply")?,
                &[
                    Arg::buf(&self.r),
                    Arg::buf(&self.ex),
                    Arg::buf(&self.cin),
                    Arg::U32(lr),
                ],
            ),
            (Engine::Block { v, w, partial, .. }, step) => {
                self.enqueue_block(sched, lens, step, (v, w, partial), run)
            }
            (Engine::Ntt { .. }, step) => self.enqueue_ntt(gpu, sched, lens, step, evs, run),
        }
    }

    /// The schoolbook steps: operands laid out in blocks, block convolutions, partial sums
    /// reduced.
    fn enqueue_block(
        &self,
        sched: &MulSchedule,
        (la, lb): (u32, u32),
        step: Step,
        (v, w, partial): (&Buffer<u32>, &Buffer<u32>, &Buffer<u64>),
        run: impl Fn(&KernelHandle, &[Arg]) -> Result<f64>,
    ) -> Result<f64> {
        match step {
            Step::Layout => run(
                self.kernel("block_layout")?,
                &[
                    Arg::buf(&self.a),
                    Arg::U32(la),
                    Arg::buf(&self.b),
                    Arg::U32(lb),
                    Arg::buf(v),
                    Arg::buf(w),
                    Arg::U32((sched.k * self.plan.block_n) as u32),
                ],
            ),
            Step::Conv => run(
                self.kernel(block_kernel_name(self.plan.block_n))?,
                &[
                    Arg::buf(v),
                    Arg::buf(w),
                    Arg::buf(partial),
                    Arg::U32(sched.k as u32),
                    Arg::U32(sched.chunk_rows as u32),
                    Arg::U32(sched.chunks as u32),
                ],
            ),
            Step::Reduce => run(
                self.kernel("block_reduce")?,
                &[
                    Arg::buf(partial),
                    Arg::buf(&self.sums),
                    Arg::U32(sched.k as u32),
                    Arg::U32(sched.chunks as u32),
                    Arg::U32(sched.limbs as u32),
                ],
            ),
            s => Err(self.foreign_step(s)),
        }
    }

    /// The NTT steps: 16-bit digits of each operand, forward transforms (the first saved),
    /// the pointwise product, the inverse transform and the column sums.
    fn enqueue_ntt(
        &self,
        gpu: &Gpu,
        sched: &MulSchedule,
        (la, lb): (u32, u32),
        step: Step,
        evs: &RefCell<Vec<Event>>,
        run: impl Fn(&KernelHandle, &[Arg]) -> Result<f64>,
    ) -> Result<f64> {
        let Engine::Ntt {
            fwd, saved, n_inv, ..
        } = &self.engine
        else {
            return Err(self.foreign_step(step));
        };
        match step {
            Step::DigitsA | Step::DigitsB => {
                let (src, n) = if step == Step::DigitsA {
                    (&self.a, la)
                } else {
                    (&self.b, lb)
                };
                run(
                    self.kernel("split16")?,
                    &[
                        Arg::buf(src),
                        Arg::U32(n),
                        Arg::buf(fwd.input_buffer()),
                        Arg::U32(sched.ntt_n as u32),
                    ],
                )
            }
            Step::ForwardA | Step::ForwardB => {
                let ms = fwd.passes(gpu)?.kernel_ms;
                if step == Step::ForwardA {
                    let mut ev = Event::empty();
                    fwd.output_buffer()
                        .copy(saved, None, None)
                        .enew(&mut ev)
                        .enq()?;
                    evs.borrow_mut().push(ev);
                }
                Ok(ms)
            }
            Step::Pointwise => run(
                self.kernel("pointwise")?,
                &[
                    Arg::buf(saved),
                    Arg::buf(fwd.output_buffer()),
                    Arg::buf(fwd.input_buffer()),
                    Arg::U32(sched.ntt_n as u32),
                    Arg::U64(*n_inv),
                ],
            ),
            Step::Inverse => Ok(fwd.passes(gpu)?.kernel_ms),
            Step::Sums => run(
                self.kernel("ntt_sums")?,
                &[
                    Arg::buf(fwd.output_buffer()),
                    Arg::buf(&self.sums),
                    Arg::U32(sched.limbs as u32),
                    Arg::U32(sched.ntt_n as u32),
                ],
            ),
            s => Err(self.foreign_step(s)),
        }
    }

    fn foreign_step(&self, s: Step) -> JitError {
        JitError::invalid(format!(
            "internal: step {s:?} does not belong to method {}",
            self.plan.method
        ))
    }

    /// Finishes with the multiplier: unmaps pinned staging memory, reporting errors.
    pub fn release(self) -> Result<()> {
        if let Engine::Ntt { fwd, .. } = self.engine {
            fwd.release()?;
        }
        self.pa.release()?;
        self.pb.release()?;
        self.pr.release()
    }
}
