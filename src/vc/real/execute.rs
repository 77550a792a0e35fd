//! A real-input plan made ready on a device: the real kernels' program, the complex transform
//! of the other n−1 digits (none for n = 1), the real and half-spectrum buffers, one pinned
//! staging; runs with kernel times from profiling events.
//!
//! Where the complex transform is fused and its schedule takes the real path's ends
//! ([`HalfEdges`]), its first pass does the real digit on load (forward) or reads numpy's rows
//! (inverse), and its last pass writes numpy's rows (forward): forward runs its passes only,
//! inverse adds the c2r pass; elsewhere the real pass and a layout move run around it.

use super::kernels::{names, source};
use super::RealPlan;
use crate::error::{JitError, Result};
use crate::runtime::pinned::device_buffer;
use crate::runtime::timing::{event_span_ns, Clock, RunTimes};
use crate::runtime::{build_program, Arg, Gpu, KernelHandle, Pinned};
use crate::storage::{check_finite_reals, HalfStorage};
use crate::transform::{Direction, Precision};
use crate::vc::execute::Real;
use crate::vc::plan::{Algorithm, HalfEdge, HalfEdges};
use crate::vc::wht::execute::WhtTransform;
use crate::vc::wht::{Pairs, Storage as WhtStorage, WhtNorm, WhtPlan};
use crate::vc::{DeviceBuffer, VcPlan, VcTransform};
use ocl::{Buffer, Event};
use rayon::prelude::*;
use std::time::Instant;

/// Work-items per work-group of the real passes.
const LOCAL: usize = 256;

pub(super) struct Bufs<T: ocl::OclPrm> {
    /// B·p^n reals.
    pub(super) real: Buffer<T>,
    /// B·M·h complex values in numpy's rows layout (interleaved re, im).
    pub(super) half: Buffer<T>,
    pub(super) staging: Pinned<T>,
}

pub(super) enum Typed {
    F32(Bufs<f32>),
    F64(Bufs<f64>),
}

/// A real-input transform ready to run.
pub struct RealVc {
    /// What it computes.
    pub plan: RealPlan,
    /// The complex transform of the first n−1 digits, a batch of B·h (none for n = 1).
    pub inner: Option<VcTransform>,
    /// The real passes' OpenCL C.
    pub source: String,
    /// Wall time of building (or loading) the real passes' program.
    pub build_ms: f64,
    /// The complex passes read and write the real path's layouts themselves ([`HalfEdges`]).
    pub fused_ends: bool,
    first: Option<KernelHandle>,
    last: Option<KernelHandle>,
    /// p = 2 ([`RealVc::hadamard`]): every coefficient is ±1, so the whole transform is the
    /// Walsh–Hadamard transform of the reals, its last pass writing numpy's half spectrum as
    /// (value, 0) pairs (forward), or its first reading their real parts (inverse).
    hadamard: Option<WhtTransform>,
    pub(super) bufs: Typed,
}

/// The ends a real run asks of its fused complex passes: forward, the real digit on load and
/// numpy's rows out; inverse, numpy's rows in (the c2r pass needs every bin of a row).
pub fn half_edges(plan: &RealPlan) -> HalfEdges {
    let h = plan.half() as u32;
    match plan.direction {
        Direction::Forward => HalfEdges {
            input: Some(HalfEdge::Reals {
                h,
                scale: plan.scale(),
            }),
            output: Some(HalfEdge::Rows { h }),
        },
        Direction::Inverse => HalfEdges {
            input: Some(HalfEdge::Rows { h }),
            output: None,
        },
    }
}

/// The device buffers of `rl` reals and `hl` half-spectrum reals (1 where no pass of the
/// program uses them) and the pinned staging of the larger of the run's two ends.
fn buffers(gpu: &Gpu, plan: &RealPlan, rl: usize, hl: usize) -> Result<Typed> {
    let stage = plan.real_len().max(2 * plan.half_len()) as usize;
    Ok(match plan.precision {
        Precision::F32 => Typed::F32(Bufs {
            real: device_buffer(&gpu.queue, rl)?,
            half: device_buffer(&gpu.queue, hl)?,
            staging: Pinned::new(&gpu.queue, stage)?,
        }),
        Precision::F64 => Typed::F64(Bufs {
            real: device_buffer(&gpu.queue, rl)?,
            half: device_buffer(&gpu.queue, hl)?,
            staging: Pinned::new(&gpu.queue, stage)?,
        }),
    })
}

/// Refuses a plan whose real or half-spectrum buffer is above the device's allocation limit.
fn check_fits(gpu: &Gpu, plan: &RealPlan) -> Result<()> {
    let real_bytes = plan.real_len() * plan.complex_bytes() / 2;
    let half_bytes = plan.half_len() * plan.complex_bytes();
    let big = real_bytes.max(half_bytes);
    if big > gpu.info.max_alloc_bytes {
        return Err(JitError::Device(format!(
            "a real {}^{} × {} run needs a buffer of {big} bytes, {} allows {} per allocation (stream it through the device: vc --real --stream)",
            plan.p, plan.n, plan.batch, gpu.info.name, gpu.info.max_alloc_bytes
        )));
    }
    Ok(())
}

fn f32_buf(d: Option<DeviceBuffer<'_>>) -> Option<&Buffer<f32>> {
    match d {
        Some(DeviceBuffer::F32(x)) => Some(x),
        _ => None,
    }
}

fn f64_buf(d: Option<DeviceBuffer<'_>>) -> Option<&Buffer<f64>> {
    match d {
        Some(DeviceBuffer::F64(x)) => Some(x),
        _ => None,
    }
}

fn arg(d: DeviceBuffer<'_>) -> Arg<'_> {
    match d {
        DeviceBuffer::F32(b) => Arg::buf(b),
        DeviceBuffer::F64(b) => Arg::buf(b),
    }
}

impl RealVc {
    /// Builds the real passes and allocates; `inner` is the complex plan of p^(n−1) points and
    /// batch B·h, unscaled, in the plan's direction and precision (None for n = 1).
    pub fn new(gpu: &Gpu, plan: &RealPlan, inner: Option<&VcPlan>) -> Result<RealVc> {
        if plan.precision == Precision::F64 && !gpu.info.fp64 {
            return Err(JitError::Device(format!(
                "{} does not support double precision (no cl_khr_fp64); use --precision f32",
                gpu.info.name
            )));
        }
        let want = plan.n > 1;
        if let Some(i) = inner {
            let ok = want
                && i.p == plan.p
                && i.n == plan.n - 1
                && i.batch == plan.batch * plan.half()
                && i.precision == plan.precision
                && i.half == plan.storage
                && i.direction == plan.direction
                && i.scale() == 1.0;
            if !ok {
                return Err(JitError::invalid(format!(
                    "the complex plan of a real {}^{} × {} run must be {}^{} × {}, unscaled, {} {}",
                    plan.p,
                    plan.n,
                    plan.batch,
                    plan.p,
                    plan.n - 1,
                    plan.batch * plan.half(),
                    plan.precision,
                    plan.direction
                )));
            }
        } else if want {
            return Err(JitError::invalid(
                "a real run of n ≥ 2 needs its complex plan",
            ));
        }
        check_fits(gpu, plan)?;
        let edged = match inner {
            // Half storage: the real pass and the layout move store half (the fused ends
            // read and write f32 or f64 only).
            Some(i) if i.algorithm == Algorithm::Fused && plan.storage.is_none() => {
                Some(i.clone().with_half_edges(half_edges(plan))?)
            }
            other => other.cloned(),
        };
        let inner = edged
            .as_ref()
            .map(|i| VcTransform::new(gpu, i))
            .transpose()?;
        let fused_ends = inner.as_ref().is_some_and(|t| {
            let first = t.schedule.passes.first().and_then(|p| p.fused());
            first.is_some_and(|f| f.half_in.is_some())
        });
        let source = source(plan);
        let built = build_program(gpu, &source, "")?;
        let k = names(plan);
        let (first, last) = match (plan.direction, plan.n > 1, fused_ends) {
            (Direction::Forward, true, true) => (None, None),
            (Direction::Forward, true, false) => (Some(k.r2c), Some(k.to_rows)),
            (Direction::Forward, false, _) => (Some(k.r2c), None),
            (Direction::Inverse, true, true) => (None, Some(k.c2r)),
            (Direction::Inverse, true, false) => (Some(k.to_bins), Some(k.c2r)),
            (Direction::Inverse, false, _) => (Some(k.c2r), None),
        };
        let handle = |name: &str| KernelHandle::new(gpu, &built.program, name);
        let first = first.as_deref().map(handle).transpose()?;
        let last = last.as_deref().map(handle).transpose()?;
        // Own buffers only where a pass of this program reads or writes them.
        let own = |need: bool, len: u64| if need { len as usize } else { 1 };
        let forward = plan.direction == Direction::Forward;
        // Half storage: one f32 slot holds two 16-bit reals or one complex value.
        let (rw, hw) = match plan.storage {
            Some(_) => (plan.real_len().div_ceil(2), plan.half_len()),
            None => (plan.real_len(), 2 * plan.half_len()),
        };
        let rl = own(!(fused_ends && forward), rw);
        let hl = own(!fused_ends, hw);
        let bufs = buffers(gpu, plan, rl, hl)?;
        Ok(RealVc {
            plan: *plan,
            inner,
            source,
            build_ms: built.build_ms,
            fused_ends,
            first,
            last,
            hadamard: None,
            bufs,
        })
    }

    /// The transform of a p = 2 plan (f32 or f64 storage) as the Walsh–Hadamard transform of
    /// the reals on the device (tile passes): forward, B·2^n reals read and their transform
    /// written as (value, 0) pairs in the last pass; inverse, the pairs' real parts read in the
    /// first. Its passes move 3/4 of the complex path's bytes or less (2^24: 64 MB read and
    /// 128 MB written in the last pass, 64 + 64 MB in each other one).
    pub fn hadamard(gpu: &Gpu, plan: &RealPlan) -> Result<RealVc> {
        if plan.p != 2 || plan.storage.is_some() {
            return Err(JitError::invalid(format!(
                "the Walsh–Hadamard route of a real run takes p = 2 in f32 or f64 (p = {}{})",
                plan.p,
                if plan.storage.is_some() {
                    ", half storage"
                } else {
                    ""
                }
            )));
        }
        check_fits(gpu, plan)?;
        let n = 1usize << plan.n;
        // The Walsh–Hadamard scaling that equals the plan's: 1, 1/N or 1/sqrt(N).
        let scale = plan.scale();
        let (norm, inverse) = if scale == 1.0 {
            (WhtNorm::None, false)
        } else if scale * n as f64 == 1.0 {
            (WhtNorm::None, true)
        } else {
            (WhtNorm::Ortho, false)
        };
        let storage = match plan.precision {
            Precision::F32 => WhtStorage::F32,
            Precision::F64 => WhtStorage::F64,
        };
        let pairs = match plan.direction {
            Direction::Forward => Pairs::Out,
            Direction::Inverse => Pairs::In,
        };
        let wp =
            WhtPlan::new(plan.n, plan.batch as usize, storage, norm, inverse)?.with_pairs(pairs)?;
        debug_assert!((wp.scale() - plan.scale()).abs() <= 1e-12 * plan.scale());
        let w = WhtTransform::unbuffered(gpu, &wp)?;
        let (rl, hl) = (plan.real_len() as usize, 2 * plan.half_len() as usize);
        let bufs = buffers(gpu, plan, rl, hl)?;
        Ok(RealVc {
            plan: *plan,
            inner: None,
            source: w.program.source.clone(),
            build_ms: w.build_ms,
            fused_ends: false,
            first: None,
            last: None,
            hadamard: Some(w),
            bufs,
        })
    }

    /// Reals going in: B·p^n reals forward, 2·B·M·h (interleaved re, im) inverse.
    pub fn input_reals(&self) -> usize {
        match self.plan.direction {
            Direction::Forward => self.plan.real_len() as usize,
            Direction::Inverse => 2 * self.plan.half_len() as usize,
        }
    }

    /// Reals coming out (the other one of the two).
    pub fn output_reals(&self) -> usize {
        match self.plan.direction {
            Direction::Forward => 2 * self.plan.half_len() as usize,
            Direction::Inverse => self.plan.real_len() as usize,
        }
    }

    /// Transforms `input` ([`input_reals`](Self::input_reals) values: reals forward, the half
    /// spectrum's interleaved (re, im) inverse) and returns the output's reals in the same
    /// sense, with the run's times.
    pub fn execute(&self, gpu: &Gpu, input: &[f64]) -> Result<(Vec<f64>, RunTimes)> {
        if input.len() != self.input_reals() {
            return Err(JitError::invalid(format!(
                "real VC: {} input values given, the plan takes {}",
                input.len(),
                self.input_reals()
            )));
        }
        let (up, down) = self.ends();
        match &self.bufs {
            Typed::F32(b) if self.plan.storage.is_some() => self.execute_half(gpu, b, input),
            Typed::F32(b) => self.execute_typed(gpu, b, input, (f32_buf(up), f32_buf(down))),
            Typed::F64(b) => self.execute_typed(gpu, b, input, (f64_buf(up), f64_buf(down))),
        }
    }

    /// The complex transform's buffers where a run uploads to and downloads from (`None`:
    /// this run's own): uploads go where the first pass reads, downloads come from where the
    /// last writes.
    pub(super) fn ends(&self) -> (Option<DeviceBuffer<'_>>, Option<DeviceBuffer<'_>>) {
        let inner = self.inner.as_ref();
        let up = self
            .first
            .is_none()
            .then(|| inner.map(|t| t.input_buffer()))
            .flatten();
        let down = self
            .last
            .is_none()
            .then(|| inner.map(|t| t.result_buffer()))
            .flatten();
        (up, down)
    }

    /// The kernel count of a run (real passes and complex passes).
    pub fn pass_count(&self) -> usize {
        self.first.is_some() as usize
            + self.last.is_some() as usize
            + self.hadamard.as_ref().map_or(0, |w| w.passes.len())
            + self.inner.as_ref().map_or(0, |t| t.schedule.pass_count())
    }

    /// [`execute`](Self::execute) on typed buffers; `ends`: the complex transform's buffers
    /// where its passes read the input and write the output (`None`: this run's own).
    fn execute_typed<T: Real>(
        &self,
        gpu: &Gpu,
        b: &Bufs<T>,
        input: &[f64],
        ends: (Option<&Buffer<T>>, Option<&Buffer<T>>),
    ) -> Result<(Vec<f64>, RunTimes)> {
        let t0 = Instant::now();
        b.staging.with_map(|m| {
            m[..input.len()]
                .par_iter_mut()
                .zip(input.par_iter())
                .for_each(|(d, &s)| *d = T::from_f64(s));
            Ok(())
        })?;
        let (src, dst) = match self.plan.direction {
            Direction::Forward => (&b.real, &b.half),
            Direction::Inverse => (&b.half, &b.real),
        };
        let upload_ms = b.staging.upload_to(ends.0.unwrap_or(src), input.len())?;
        let mut times = self.passes(gpu, src, dst)?;
        let out_len = self.output_reals();
        times.download_ms = b.staging.download_from(ends.1.unwrap_or(dst), out_len)?;
        let out = b.staging.with_map(|m| {
            Ok(m[..out_len]
                .par_iter()
                .map(|v| v.to_f64())
                .collect::<Vec<_>>())
        })?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// [`execute`](Self::execute) of a half plan: the values packed two to a 32-bit word in
    /// the staging (reals, or re and im), the passes, the result unpacked and refused where it
    /// overflowed the storage (nothing is returned then).
    fn execute_half(
        &self,
        gpu: &Gpu,
        b: &Bufs<f32>,
        input: &[f64],
    ) -> Result<(Vec<f64>, RunTimes)> {
        let h = self.plan.storage.unwrap_or(HalfStorage::F16);
        let t0 = Instant::now();
        let words = input.len().div_ceil(2);
        b.staging.with_map(|m| {
            m[..words]
                .par_iter_mut()
                .zip(input.par_chunks(2))
                .for_each(|(d, c)| {
                    let hi = c.get(1).map_or(0, |&v| h.bits(v) as u32);
                    *d = f32::from_bits(h.bits(c[0]) as u32 | hi << 16);
                });
            Ok(())
        })?;
        let (src, dst) = match self.plan.direction {
            Direction::Forward => (&b.real, &b.half),
            Direction::Inverse => (&b.half, &b.real),
        };
        let upload_ms = b.staging.upload_to(src, words)?;
        let mut times = self.passes(gpu, src, dst)?;
        let out_len = self.output_reals();
        times.download_ms = b.staging.download_from(dst, out_len.div_ceil(2))?;
        let out = b.staging.with_map(|m| {
            Ok((0..out_len)
                .into_par_iter()
                .map(|i| h.value((m[i / 2].to_bits() >> (16 * (i % 2))) as u16))
                .collect::<Vec<_>>())
        })?;
        check_finite_reals(h, &out)?;
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// The passes from `src` to `dst` through the complex transform's buffers (the fused
    /// ends read and write those buffers themselves).
    pub(super) fn passes<T: ocl::OclPrm>(
        &self,
        gpu: &Gpu,
        src: &Buffer<T>,
        dst: &Buffer<T>,
    ) -> Result<RunTimes> {
        let rows = self.plan.rows();
        let m = self.plan.rows_per_transform();
        let launch = |k: &KernelHandle, a: Arg, b: Arg| -> Result<Event> {
            k.set_args(&[a, b, Arg::U64(rows), Arg::U64(m)])?;
            k.launch_2d(
                &gpu.queue,
                m as usize,
                (rows / m) as usize,
                k.local_size(LOCAL),
            )
        };
        let started = Instant::now();
        if let Some(w) = &self.hadamard {
            // In place on the reals, the pairs at one end.
            let (data, pairs) = match self.plan.direction {
                Direction::Forward => (src, dst),
                Direction::Inverse => (dst, src),
            };
            let events = w.launch_over(gpu, Arg::buf(data), Some(Arg::buf(pairs)))?;
            return RunTimes::from_launches(&events, started);
        }
        let Some(inner) = &self.inner else {
            let Some(k) = &self.first else {
                return Err(JitError::invalid("a real run of n = 1 without its pass"));
            };
            let ev = launch(k, Arg::buf(src), Arg::buf(dst))?;
            return RunTimes::from_launches(&[ev], started);
        };
        let first = match &self.first {
            Some(k) => Some(launch(k, Arg::buf(src), arg(inner.input_buffer()))?),
            None => None,
        };
        let mid = inner.run(gpu)?;
        let last = match &self.last {
            Some(k) => Some(launch(k, arg(inner.result_buffer()), Arg::buf(dst))?),
            None => None,
        };
        let own = |e: &Option<Event>| {
            e.as_ref()
                .map(|e| RunTimes::from_launches(std::slice::from_ref(e), started))
                .transpose()
        };
        let (a, c) = (own(&first)?, own(&last)?);
        let host_ms = started.elapsed().as_secs_f64() * 1e3;
        let clocks = [a.as_ref(), Some(&mid), c.as_ref()];
        if !clocks.iter().flatten().all(|t| t.clock == Clock::Events) {
            return Ok(RunTimes::host_only(host_ms));
        }
        // The span from the events where this program's passes open and close the run, else
        // the parts' spans added (no gap counted between them).
        let ends = first.as_ref().zip(last.as_ref());
        let span = match ends.map(|(f, l)| (event_span_ns(f), event_span_ns(l))) {
            Some((Ok((s, _)), Ok((_, e)))) => e.saturating_sub(s) as f64 * 1e-6,
            _ => clocks.iter().flatten().map(|t| t.kernel_span_ms).sum(),
        };
        let pass_ms: Vec<f64> = clocks
            .iter()
            .flatten()
            .flat_map(|t| t.pass_ms.iter().copied())
            .collect();
        Ok(RunTimes {
            kernel_ms: pass_ms.iter().sum(),
            kernel_span_ms: span,
            pass_ms,
            upload_ms: 0.0,
            download_ms: 0.0,
            host_ms,
            clock: Clock::Events,
        })
    }

    /// The kernels a run launches, in order.
    pub fn kernel_names(&self) -> Vec<String> {
        if let Some(w) = &self.hadamard {
            return w.program.kernels.clone();
        }
        let mut v: Vec<String> = self.first.iter().map(|k| k.name.clone()).collect();
        if let Some(t) = &self.inner {
            v.extend(t.schedule.passes.iter().map(|p| {
                t.program
                    .kernels
                    .get(p.kernel)
                    .map_or_else(|| format!("kernel {}", p.kernel), |k| k.0.clone())
            }));
        }
        v.extend(self.last.iter().map(|k| k.name.clone()));
        v
    }

    /// Bytes each pass reads plus writes, in launch order: reals (p a row) and half-spectrum
    /// values (h a row) each pass moves, read and written once.
    pub fn pass_bytes_each(&self) -> Vec<u64> {
        let p = &self.plan;
        let half = p.half_len() * p.complex_bytes();
        let real = p.real_len() * p.complex_bytes() / 2;
        let inner = self.inner.as_ref().map_or(0, |t| t.schedule.pass_count());
        let forward = p.direction == Direction::Forward;
        if let Some(w) = &self.hadamard {
            // In place on the reals; the pairs at the last (forward) or first (inverse) pass.
            let mut v = vec![2 * real; w.passes.len()];
            let end = if forward { v.last_mut() } else { v.first_mut() };
            if let Some(e) = end {
                *e = real + half;
            }
            return v;
        }
        let mut v = Vec::new();
        if self.first.is_some() {
            v.push(if forward { real + half } else { 2 * half });
        }
        v.extend(std::iter::repeat_n(2 * half, inner));
        if self.fused_ends && forward {
            // The first complex pass reads the reals instead of the half spectrum.
            if let Some(f) = v.first_mut() {
                *f = real + half;
            }
        }
        if self.last.is_some() {
            v.push(if forward { 2 * half } else { real + half });
        }
        v
    }

    /// Bytes a run's passes read plus write (the sum of [`pass_bytes_each`](Self::pass_bytes_each)).
    pub fn pass_bytes(&self) -> u64 {
        self.pass_bytes_each().iter().sum()
    }

    /// Unmaps the pinned staging of this transform and of its complex transform.
    pub fn release(self) -> Result<()> {
        if let Some(t) = self.inner {
            t.release()?;
        }
        match self.bufs {
            Typed::F32(b) => b.staging.release(),
            Typed::F64(b) => b.staging.release(),
        }
    }
}
