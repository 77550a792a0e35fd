//! Running a plan on a device: checks, program build, tables, buffers, launches, timings
//! (kernel and transfer times from profiling events).

use super::plan::{NttPlan, Twiddles, Variant};
use super::schedule::{Buf, PassKind, Schedule};
use super::tables::{mont_powers_words, pass_twiddle_words};
use crate::clgen::GeneratedProgram;
use crate::error::{JitError, Result};
use crate::field::cpu::limbs64;
use crate::field::device::{from_device, pack, to_device, words_per_elem};
use crate::ntt::kernels::generate;
use crate::ntt::schedule::plan_r_max;
use crate::ntt::tables::twiddle_split;
use crate::runtime::memory_fit::{check_memory, per_allocation};
use crate::runtime::pinned::{constant_buffer, device_buffer};
use crate::runtime::{build_program, Arg, BuiltProgram, Gpu, KernelHandle, Pinned};
use ocl::Buffer;
use rug::Integer;
use std::time::Instant;

pub use crate::runtime::timing::RunTimes;

struct Tables {
    /// radix2: w^t, t < N/2; split28: w^t, t < N; fused: lo table.
    tw: Buffer<u32>,
    /// fused: hi table and the DFT-R roots.
    hi: Option<Buffer<u32>>,
    roots: Option<Buffer<u32>>,
    /// fused regs kernel with `--twiddles table`: each pass's table (None for span 1).
    pass_tw: Vec<Option<Buffer<u32>>>,
    offsets: Option<Buffer<u32>>,
    perm: Option<Buffer<u32>>,
    /// radix2, split28: [w4, w8, w8^3] in Montgomery form and the final scale (1 or N⁻¹).
    consts: Buffer<u32>,
}

/// A plan made ready on one device.
pub struct NttTransform {
    /// The plan this transform was made from (resolved for the device).
    pub plan: NttPlan,
    /// The launches and host tables of the plan.
    pub schedule: Schedule,
    /// The generated OpenCL C and its operation counts.
    pub program: GeneratedProgram,
    /// The program built for the device (or loaded from the program cache).
    pub built: BuiltProgram,
    kernels: Vec<KernelHandle>,
    a: Buffer<u32>,
    b: Buffer<u32>,
    tables: Tables,
    staging: Pinned<u32>,
    /// Host wall time spent building tables (kept out of kernel times).
    pub tables_ms: f64,
}

/// Refuses plans the device cannot hold.
pub fn check_device(gpu: &Gpu, plan: &NttPlan) -> Result<()> {
    let info = &gpu.info;
    let bytes = plan.array_bytes();
    // Two arrays plus tables: as large as one array (split28) or, for the fused passes'
    // per-pass twiddles, N + N/2^r elements (at most 1.5 arrays); two index tables.
    let total = bytes * 7 / 2 + (plan.n() as u64) * 8;
    check_memory(
        info,
        bytes,
        total,
        |need, limit| {
            let what = format!(
                "N = 2^{} elements of {} bytes",
                plan.log_n,
                plan.mont.element_bytes()
            );
            per_allocation(&what, &info.name, &need, &limit)
        },
        |need, limit| {
            format!(
                "{} needs about {need} of device memory, {} has {limit}",
                plan.variant, info.name
            )
        },
    )
}

fn pow(plan: &NttPlan, e: u64) -> Integer {
    plan.root
        .clone()
        .pow_mod(&Integer::from(e), &plan.field().p)
        .expect("p > 0")
}

fn build_tables(gpu: &Gpu, plan: &NttPlan, schedule: &Schedule) -> Result<Tables> {
    let q = &gpu.queue;
    let mp = &plan.mont;
    let n = plan.n();
    let consts = {
        // For N < 8 the unused entries are powers of ω all the same.
        let root = |e: usize| plan.root_pow_mont(e as u64);
        let scale = if plan.inverse {
            plan.n_inv.clone()
        } else {
            Integer::from(1)
        };
        let vals = [root(n / 4), root(n / 8), root(3 * n / 8), scale];
        let words: Vec<u32> = vals.iter().flat_map(|v| pack(mp, v)).collect();
        constant_buffer(q, &words)?
    };
    let idx = |v: &[u32]| -> Result<Option<Buffer<u32>>> {
        if v.is_empty() {
            Ok(None)
        } else {
            Ok(Some(constant_buffer(q, v)?))
        }
    };
    Ok(match plan.variant {
        Variant::Radix2 => Tables {
            tw: constant_buffer(q, &mont_powers_words(mp, &plan.root, (n / 2).max(1)))?,
            hi: None,
            roots: None,
            pass_tw: Vec::new(),
            offsets: None,
            perm: None,
            consts,
        },
        Variant::Split28 => Tables {
            tw: constant_buffer(q, &mont_powers_words(mp, &plan.root, n))?,
            hi: None,
            roots: None,
            pass_tw: Vec::new(),
            offsets: idx(&schedule.offsets)?,
            perm: idx(&schedule.perm)?,
            consts,
        },
        Variant::Fused => {
            let h = twiddle_split(plan.log_n);
            let r_max = plan_r_max(plan);
            let roots = constant_buffer(
                q,
                &mont_powers_words(mp, &pow(plan, (n >> r_max) as u64), 1 << (r_max - 1)),
            )?;
            let per_pass = plan.regs_kernel() && plan.opts.twiddles == Twiddles::Table;
            let (tw, hi) = if per_pass {
                // Unused by the kernels: any small buffer.
                (constant_buffer(q, &[0u32; 4])?, None)
            } else {
                (
                    constant_buffer(q, &mont_powers_words(mp, &plan.root, 1 << h))?,
                    Some(constant_buffer(
                        q,
                        &mont_powers_words(mp, &pow(plan, 1 << h), 1 << (plan.log_n - h)),
                    )?),
                )
            };
            let mut pass_tw = Vec::new();
            for p in &schedule.passes {
                let PassKind::Fused(f) = &p.kind else {
                    continue;
                };
                if !per_pass || f.span_log == 0 {
                    pass_tw.push(None);
                    continue;
                }
                let span = 1usize << f.span_log;
                let radix = 1usize << f.r;
                // w_(S·M) = w_N^(N / (S·M)); the inverse's N^-1 rides on the last pass.
                let base = pow(plan, (n / (span * radix)) as u64);
                let factor = if plan.inverse && f.last {
                    plan.n_inv.clone()
                } else {
                    Integer::from(1)
                };
                pass_tw.push(Some(constant_buffer(
                    q,
                    &pass_twiddle_words(mp, &base, span, radix, &factor),
                )?));
            }
            Tables {
                tw,
                hi,
                roots: Some(roots),
                pass_tw,
                offsets: None,
                perm: None,
                consts,
            }
        }
    })
}

impl NttTransform {
    /// Checks the plan against the device, resolves `auto` choices for it, schedules, generates and
    /// builds the program, uploads the tables and allocates the two arrays.
    ///
    /// Errors: the arrays or tables exceed the device's memory
    /// ([`JitError::Device`]), or the build fails.
    pub fn new(gpu: &Gpu, plan: &NttPlan) -> Result<NttTransform> {
        check_device(gpu, plan)?;
        let plan = &plan.for_device(gpu.info.vendor_key(), &gpu.info.name)?;
        let schedule = Schedule::for_plan(plan);
        let program = generate(plan, &schedule);
        let built = build_program(gpu, &program.source, "")?;
        let kernels = schedule
            .passes
            .iter()
            .map(|p| KernelHandle::new(gpu, &built.program, &p.kernel))
            .collect::<Result<Vec<_>>>()?;
        let t0 = Instant::now();
        let tables = build_tables(gpu, plan, &schedule)?;
        let tables_ms = t0.elapsed().as_secs_f64() * 1e3;
        let words = plan.n() * words_per_elem(&plan.mont);
        Ok(NttTransform {
            plan: plan.clone(),
            schedule,
            program,
            built,
            kernels,
            a: device_buffer(&gpu.queue, words)?,
            b: device_buffer(&gpu.queue, words)?,
            tables,
            staging: Pinned::new(&gpu.queue, words)?,
            tables_ms,
        })
    }

    fn buf(&self, b: Buf) -> &Buffer<u32> {
        match b {
            Buf::A => &self.a,
            Buf::B => &self.b,
        }
    }

    fn need<'a>(b: &'a Option<Buffer<u32>>, what: &str) -> Result<&'a Buffer<u32>> {
        b.as_ref()
            .ok_or_else(|| JitError::invalid(format!("internal: {what} table missing")))
    }

    /// The buffer [`NttTransform::passes`] reads its input from (standard-form elements,
    /// device words): for callers that keep data on the device between launches.
    pub fn input_buffer(&self) -> &Buffer<u32> {
        &self.a
    }

    /// The buffer that holds the result after [`NttTransform::passes`].
    pub fn output_buffer(&self) -> &Buffer<u32> {
        self.buf(self.schedule.result())
    }

    /// Runs all launches on the data in buffer A; returns their times.
    pub fn passes(&self, gpu: &Gpu) -> Result<RunTimes> {
        let t0 = Instant::now();
        let t = &self.tables;
        let mut events = Vec::with_capacity(self.schedule.passes.len());
        for (pass, k) in self.schedule.passes.iter().zip(&self.kernels) {
            let src = self.buf(pass.src);
            let dst = self.buf(pass.dst);
            let n = self.plan.n() as u32;
            let log_n = self.plan.log_n;
            let args: Vec<Arg> = match &pass.kind {
                PassKind::Bitrev => {
                    vec![Arg::buf(src), Arg::buf(dst), Arg::U32(n), Arg::U32(log_n)]
                }
                PassKind::Radix2Stage { stage } => vec![
                    Arg::buf(dst),
                    Arg::buf(&t.tw),
                    Arg::U32(n),
                    Arg::U32(log_n),
                    Arg::U32(*stage),
                ],
                PassKind::FromMont => vec![Arg::buf(dst), Arg::buf(&t.consts), Arg::U32(n)],
                PassKind::ToMont => vec![Arg::buf(dst), Arg::U32(n)],
                PassKind::Split {
                    m_log,
                    first,
                    blocks,
                } => vec![
                    Arg::buf(dst),
                    Arg::buf(&t.tw),
                    Arg::buf(Self::need(&t.offsets, "offsets")?),
                    Arg::buf(&t.consts),
                    Arg::U32(log_n),
                    Arg::U32(*first as u32),
                    Arg::U32(*m_log),
                    Arg::U32((*blocks << (m_log - 3)) as u32),
                ],
                PassKind::Base4 { first, blocks } => vec![
                    Arg::buf(dst),
                    Arg::buf(Self::need(&t.offsets, "offsets")?),
                    Arg::buf(&t.consts),
                    Arg::U32(*first as u32),
                    Arg::U32(*blocks as u32),
                ],
                PassKind::Base2 { first, blocks } => vec![
                    Arg::buf(dst),
                    Arg::buf(Self::need(&t.offsets, "offsets")?),
                    Arg::U32(*first as u32),
                    Arg::U32(*blocks as u32),
                ],
                PassKind::Permute => vec![
                    Arg::buf(src),
                    Arg::buf(dst),
                    Arg::buf(Self::need(&t.perm, "permutation")?),
                    Arg::buf(&t.consts),
                    Arg::U32(n),
                ],
                PassKind::Fused(f) => {
                    let roots = Self::need(&t.roots, "roots")?;
                    let tw = match t.pass_tw.get(f.index) {
                        Some(Some(b)) => b,
                        _ => &t.tw,
                    };
                    vec![
                        Arg::buf(src),
                        Arg::buf(dst),
                        Arg::buf(tw),
                        Arg::buf(t.hi.as_ref().unwrap_or(roots)),
                        Arg::buf(roots),
                    ]
                }
            };
            k.set_args(&args)?;
            let local = k.local_size(pass.local);
            events.push(k.launch(&gpu.queue, pass.global, local)?);
        }
        RunTimes::from_launches(&events, t0)
    }

    /// Finishes with the transform: unmaps its pinned staging memory, reporting an unmap
    /// error (dropping the transform unmaps too, silently).
    pub fn release(self) -> Result<()> {
        self.staging.release()
    }

    /// Bytes of the two device data buffers (the twiddle tables aside).
    pub fn data_bytes(&self) -> u64 {
        4 * (self.a.len() + self.b.len()) as u64
    }

    /// Transforms `input` (standard form, flat 64-bit limbs, N elements).
    pub fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, RunTimes)> {
        let n64 = limbs64(self.plan.field());
        if input.len() != self.plan.n() * n64 {
            return Err(JitError::invalid(format!(
                "input has {} elements, the plan needs N = {}",
                input.len() / n64,
                self.plan.n()
            )));
        }
        let t0 = Instant::now();
        let words = to_device(&self.plan.mont, input, n64);
        self.staging.fill(&words)?;
        let upload_ms = self.staging.upload_to(&self.a, words.len())?;
        let mut times = self.passes(gpu)?;
        let download_ms = self
            .staging
            .download_from(self.buf(self.schedule.result()), words.len())?;
        let mut out = vec![0u32; words.len()];
        self.staging.drain(&mut out)?;
        times.upload_ms = upload_ms;
        times.download_ms = download_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((from_device(&self.plan.mont, &out, n64), times))
    }

    /// Transforms the rows of `input` (whole rows of N elements) in turn (`ntt --batch`):
    /// the rows' output in order and their times summed.
    pub fn execute_rows(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, RunTimes)> {
        let row = self.plan.n() * limbs64(self.plan.field());
        let mut out = Vec::with_capacity(input.len());
        let mut sum: Option<RunTimes> = None;
        for x in input.chunks(row) {
            let (y, t) = self.execute(gpu, x)?;
            out.extend(y);
            match &mut sum {
                None => sum = Some(t),
                Some(s) => s.add(&t),
            }
        }
        Ok((out, sum.unwrap_or_else(|| RunTimes::host_only(0.0))))
    }
}

/// The NTT over a prime field: flat 64-bit limbs of N elements in, the same out.
impl crate::model::DeviceTransform for NttTransform {
    type Input = [u64];
    type Output = Vec<u64>;
    type Times = RunTimes;
    fn info(&self) -> crate::transform::TransformInfo {
        let inverse = self.plan.inverse;
        crate::transform::TransformInfo {
            kind: "ntt".into(),
            shape: vec![self.plan.n() as u64],
            precision: self.plan.field().name.clone(),
            direction: if inverse { "inverse" } else { "forward" }.into(),
            norm: if inverse { "full" } else { "none" }.into(),
        }
    }
    fn footprint(&self) -> u64 {
        self.data_bytes()
    }
    fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, RunTimes)> {
        NttTransform::execute(self, gpu, input)
    }
}
