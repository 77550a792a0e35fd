//! Truth-vector input and spectral reductions on the device: the calls a plan made with
//! [`VcPlan::with_truth`](crate::vc::VcPlan::with_truth) or a reducing
//! [`SpectrumOutput`](crate::vc::plan::SpectrumOutput) runs with (the MVL analyses in
//! `crate::mvl` are built from these).

use super::execute::{Buffers, MvlBuffers, Real, TypedBuffers, VcTransform};
use crate::error::{JitError, Result};
use crate::runtime::timing::RunTimes;
use crate::runtime::{Gpu, Pinned};
use crate::transform::Precision;
use num_complex::{Complex32, Complex64};
use ocl::{Buffer, OclPrm};

/// Per-transform results of a reducing last pass.
#[derive(Debug, Clone, PartialEq)]
pub struct Reduced {
    /// Smallest |S|² of each transform.
    pub min2: Vec<f64>,
    /// Largest |S|² of each transform.
    pub max2: Vec<f64>,
}

fn read<T: OclPrm>(b: &Buffer<T>, len: usize) -> Result<Vec<T>> {
    let mut v = vec![T::default(); len];
    b.read(&mut v)
        .enq()
        .map_err(|e| JitError::Device(format!("reading a reduction buffer: {e}")))?;
    Ok(v)
}

fn write<T: OclPrm>(b: &Buffer<T>, v: &[T]) -> Result<()> {
    b.write(v)
        .enq()
        .map_err(|e| JitError::Device(format!("writing a reduction buffer: {e}")))
}

/// A reducing run's (min, max) |S|² partials as the device wrote them: per transform,
/// `groups` pairs (one per last-pass work-group), in the plan's real type.
#[derive(Debug, Clone, Copy)]
pub enum Partials<'a> {
    /// f32 plans.
    F32(&'a [f32]),
    /// f64 plans.
    F64(&'a [f64]),
}

impl VcTransform {
    fn mvl_buffers<T: Real>(b: &Buffers<T>) -> Result<&MvlBuffers<T>> {
        b.mvl.as_ref().ok_or_else(|| {
            JitError::invalid("the plan has neither a truth-vector input nor a reduction")
        })
    }

    /// Uploads B·N truth values (one byte each for p ≤ 256, else u16 little-endian byte
    /// pairs) through pinned staging; returns the upload's event time in ms. Values are
    /// checked on the device by the next [`run_checked`](Self::run_checked).
    pub fn upload_truth(&self, values: &[u8]) -> Result<f64> {
        Ok(self.upload_truth_timed(values)?.events_ms)
    }

    /// Sets the histogram scale of each transform (bins / max |S|², 0 where the max is 0).
    pub fn set_histogram_scale(&self, scale: &[f64]) -> Result<()> {
        fn set<T: Real>(b: &Buffers<T>, scale: &[f64]) -> Result<()> {
            let m = VcTransform::mvl_buffers(b)?;
            let h = m
                .hscale
                .as_ref()
                .ok_or_else(|| JitError::invalid("the plan has no histogram"))?;
            let v: Vec<T> = scale.iter().map(|&x| T::from_f64(x)).collect();
            write(h, &v)
        }
        match &self.buffers {
            TypedBuffers::F32(b) => set(b, scale),
            TypedBuffers::F64(b) => set(b, scale),
        }
    }

    /// Resets the range flag and the counters, runs the passes, then reads the flag: a value
    /// outside 0..p−1 is an error naming the transform (function) and its position, and the
    /// caller writes nothing.
    pub fn run_checked(&self, gpu: &Gpu) -> Result<RunTimes> {
        self.reset_reductions()?;
        let times = self.run(gpu)?;
        self.check_range_flag()?;
        Ok(times)
    }

    /// Resets the range flag and the zero and histogram counters before a run.
    pub(crate) fn reset_reductions(&self) -> Result<()> {
        fn reset<T: Real>(b: &Buffers<T>, batch: usize, bins: usize) -> Result<()> {
            if let Some(m) = &b.mvl {
                // A fill, not a write: no host memory to outlive it, so no wait here (the
                // in-order queue runs it before the passes).
                m.flag
                    .cmd()
                    .fill(u32::MAX, None)
                    .enq()
                    .map_err(|e| JitError::Device(format!("resetting the range flag: {e}")))?;
                if let Some(z) = &m.zeros {
                    write(z, &vec![0u32; batch])?;
                }
                if let Some(h) = &m.hist {
                    write(h, &vec![0u32; batch * bins])?;
                }
            }
            Ok(())
        }
        let bins = match self.plan.output {
            crate::vc::plan::SpectrumOutput::Reduce { bins, .. } => bins as usize,
            _ => 0,
        };
        let batch = self.plan.batch as usize;
        match &self.buffers {
            TypedBuffers::F32(b) => reset(b, batch, bins),
            TypedBuffers::F64(b) => reset(b, batch, bins),
        }
    }

    /// The range flag after a run: a value outside 0..p−1 is an error naming the function and
    /// its position.
    pub(crate) fn check_range_flag(&self) -> Result<()> {
        if let Some(i) = self.out_of_range()? {
            let (f, k) = (i / self.plan.len, i % self.plan.len);
            return Err(JitError::invalid(format!(
                "function {f}: the value at position {k} is outside 0..{} (p = {}); nothing was written",
                self.plan.p - 1,
                self.plan.p
            )));
        }
        Ok(())
    }

    /// One truth-vector run from host memory: upload of the compact values (`values`, as
    /// [`upload_truth`](Self::upload_truth)), the passes with the device's range check, the
    /// spectrum downloaded in the plan's precision and returned as `Complex64`; the times
    /// include the transfers and the host wall clock of the whole call.
    pub fn execute_truth(&self, gpu: &Gpu, values: &[u8]) -> Result<(Vec<Complex64>, RunTimes)> {
        let t0 = std::time::Instant::now();
        let upload_ms = self.upload_truth(values)?;
        let mut times = self.run_checked(gpu)?;
        let total = self.plan.total_len() as usize;
        let out: Vec<Complex64> = match self.plan.precision {
            Precision::F32 => {
                let mut v = vec![Complex32::new(0.0, 0.0); total];
                times.download_ms = self.download(&mut v)?;
                v.into_iter()
                    .map(|c| Complex64::new(c.re as f64, c.im as f64))
                    .collect()
            }
            Precision::F64 => {
                let mut v = vec![Complex64::new(0.0, 0.0); total];
                times.download_ms = self.download(&mut v)?;
                v
            }
        };
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok((out, times))
    }

    /// The first flat index (function · N + position) whose truth value was ≥ p in the last
    /// run, if any.
    pub fn out_of_range(&self) -> Result<Option<u64>> {
        fn flag<T: Real>(b: &Buffers<T>) -> Result<u32> {
            match &b.mvl {
                Some(m) => Ok(read(&m.flag, 1)?[0]),
                None => Ok(u32::MAX),
            }
        }
        let f = match &self.buffers {
            TypedBuffers::F32(b) => flag(b)?,
            TypedBuffers::F64(b) => flag(b)?,
        };
        Ok((f != u32::MAX).then_some(f as u64))
    }

    /// Last-pass work-groups per transform: the (min, max) pairs each transform has in the
    /// partials.
    pub fn partial_groups(&self) -> usize {
        self.schedule
            .fused_passes()
            .last()
            .map_or(1, |f| f.groups()) as usize
    }

    /// Reads the last run's (min, max) partials through pinned staging and hands them to `f`
    /// as they are (no conversion, no allocation): B · [`partial_groups`](Self::partial_groups)
    /// pairs.
    pub fn with_partials<R>(&self, f: impl FnOnce(Partials<'_>) -> R) -> Result<R> {
        let len = 2 * self.plan.batch as usize * self.partial_groups();
        fn staged<T: Real>(b: &Buffers<T>, len: usize) -> Result<&Pinned<T>> {
            let m = VcTransform::mvl_buffers(b)?;
            match (&m.part_staging, &m.part) {
                (Some(s), Some(p)) => {
                    s.download_from(p, len)?;
                    Ok(s)
                }
                _ => Err(JitError::invalid("the plan has no reduction")),
            }
        }
        match &self.buffers {
            TypedBuffers::F32(b) => staged(b, len)?.with_map(|m| Ok(f(Partials::F32(&m[..len])))),
            TypedBuffers::F64(b) => staged(b, len)?.with_map(|m| Ok(f(Partials::F64(&m[..len])))),
        }
    }

    /// Min and max |S|² of each transform: the last pass's per-work-group partials, folded on
    /// the host (min and max do not depend on the order: deterministic).
    pub fn reduced(&self) -> Result<Reduced> {
        let groups = self.partial_groups();
        fn fold<T: Real>(v: &[T], groups: usize) -> Reduced {
            use rayon::prelude::*;
            let (min2, max2) = v
                .par_chunks(2 * groups)
                .map(|f| {
                    let lo = f
                        .iter()
                        .step_by(2)
                        .fold(f64::INFINITY, |a, &x| a.min(x.to_f64()));
                    let hi = f
                        .iter()
                        .skip(1)
                        .step_by(2)
                        .fold(0.0f64, |a, &x| a.max(x.to_f64()));
                    (lo, hi)
                })
                .unzip();
            Reduced { min2, max2 }
        }
        self.with_partials(|p| match p {
            Partials::F32(v) => fold(v, groups),
            Partials::F64(v) => fold(v, groups),
        })
    }

    /// Zero-coefficient counts (per transform) and histograms (B × bins) of the last run.
    pub fn reduced_counts(&self) -> Result<(Vec<u32>, Vec<u32>)> {
        let bins = match self.plan.output {
            crate::vc::plan::SpectrumOutput::Reduce { bins, .. } if bins > 0 => bins as usize,
            _ => return Err(JitError::invalid("the plan has no histogram")),
        };
        let batch = self.plan.batch as usize;
        fn counts<T: Real>(
            b: &Buffers<T>,
            batch: usize,
            bins: usize,
        ) -> Result<(Vec<u32>, Vec<u32>)> {
            let m = VcTransform::mvl_buffers(b)?;
            match (&m.zeros, &m.hist) {
                (Some(z), Some(h)) => Ok((read(z, batch)?, read(h, batch * bins)?)),
                _ => Err(JitError::invalid("the plan has no histogram")),
            }
        }
        match &self.buffers {
            TypedBuffers::F32(b) => counts(b, batch, bins),
            TypedBuffers::F64(b) => counts(b, batch, bins),
        }
    }
}
