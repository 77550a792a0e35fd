//! Measuring points: jitfft's CPU implementation (which also gives the reference spectrum)
//! and a transform variant on a device, checked against that reference before it is timed;
//! complex input, or real input with numpy's rfftn half spectrum ([`Input`]).

use super::clock::SystemClock;
use super::harness::{measure, Measured, RepeatPolicy, Sample};
use super::record::BenchRecord;
use crate::error::{JitError, Result};
use crate::io::random::{fresh_seed, random_complex};
use crate::reference::real::rfftn_ref;
use crate::reference::{compare, separable_vc};
use crate::runtime::timing::{Clock, RunTimes};
use crate::runtime::Gpu;
use crate::transform::Norm;
use crate::vc::real::data::random_input;
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::{Algorithm, Coeffs, Direction, Precision, VcOptions, VcPlan, VcTransform};
use num_complex::Complex64;
use std::time::Instant;

/// The axes of a sweep besides p, n and the device.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Variant {
    /// How the passes move data.
    pub algorithm: Algorithm,
    /// `None`: r = p.
    pub radix: Option<u64>,
    /// Where the butterfly coefficients come from.
    pub coeffs: Coeffs,
    /// Real type on the device.
    pub precision: Precision,
}

/// What a sweep transforms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Complex input, the whole spectrum.
    Complex,
    /// Real input and numpy's rfftn half spectrum (`bench --real`, issue 35): the variants
    /// choose the real run's complex passes over p^(n−1) points, a batch of h.
    Real,
}

/// `implementation` of the device rows of a real sweep (the CPU rows stay "cpu").
pub const REAL_IMPLEMENTATION: &str = "opencl rfftn";

/// A point's input values.
pub enum Samples {
    /// Real and imaginary parts uniform in [−1, 1).
    Complex(Vec<Complex64>),
    /// p^n reals in [−1, 1).
    Real(Vec<f64>),
}

/// A fresh random input and its exact-as-possible f64 spectrum.
pub struct Reference {
    /// The base p.
    pub p: u32,
    /// The number of digits n (N = p^n).
    pub n: u32,
    /// Seed of the input (replays it).
    pub seed: u64,
    /// The input.
    pub input: Samples,
    /// Its spectrum from the separable f64 reference (real input: the half spectrum,
    /// p^(n−1) × h values).
    pub output: Vec<Complex64>,
}

/// The largest relative L2 error accepted from a device, by precision.
pub fn tolerance(precision: Precision) -> f64 {
    match precision {
        Precision::F32 => 1e-4,
        Precision::F64 => 1e-10,
    }
}

/// Times jitfft's multi-threaded f64 CPU transform of `input`'s kind on fresh random input
/// (the CPU row) and keeps its output as the reference for the device points of the same p
/// and n (real input: the separable complex transform, half kept, numpy's rfftn).
pub fn cpu_point(
    input: Input,
    p: u32,
    n: u32,
    policy: &RepeatPolicy,
) -> Result<(BenchRecord, Reference)> {
    let len = (p as u64).pow(n);
    let seed = fresh_seed();
    let samples = match input {
        Input::Complex => Samples::Complex(random_complex(len as usize, seed)),
        Input::Real => Samples::Real(random_input(&real_plan(p, n, Precision::F64)?, seed)),
    };
    let mut output = Vec::new();
    let m = host_timed(policy, || {
        output = match &samples {
            Samples::Complex(x) => separable_vc(p, n, x, Direction::Forward, 1.0)?,
            Samples::Real(x) => rfftn_ref(p, n, 1, x, 1.0)?,
        };
        Ok(())
    })?;
    // The real reference runs the complex transform: its bytes are the complex one's.
    let what = match input {
        Input::Complex => "separable f64 reference",
        Input::Real => "rfftn: separable f64 reference (complex, half kept)",
    };
    let threads = rayon::current_num_threads();
    let rec = cpu_record(format!("{what}, {threads} threads"), (p, n, len), m, seed);
    let reference = Reference {
        p,
        n,
        seed,
        input: samples,
        output,
    };
    Ok((rec, reference))
}

/// Times `run` on the host under `policy`: the CPU rows, whose kernel time is the wall time.
pub(super) fn host_timed(
    policy: &RepeatPolicy,
    mut run: impl FnMut() -> Result<()>,
) -> Result<Measured> {
    measure(&SystemClock::default(), policy, || {
        let t0 = Instant::now();
        run()?;
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(Sample {
            kernel_ms: ms,
            upload_ms: None,
            download_ms: None,
            wall_ms: ms,
        })
    })
}

/// The record of a CPU reference run of `len` = p^n points (`driver` says which), timed as `m`.
/// Its bytes are the separable transform's: each of the n axis passes reads and writes N
/// complex f64 values.
pub(super) fn cpu_record(
    driver: String,
    (p, n, len): (u32, u32, u64),
    m: Measured,
    seed: u64,
) -> BenchRecord {
    let bytes = n as u64 * 2 * len * 16;
    BenchRecord {
        device: "jitfft CPU".into(),
        device_slug: "jitfft-cpu".into(),
        driver,
        implementation: "cpu".into(),
        p,
        n,
        len,
        algorithm: "cpu".into(),
        radix: p as u64,
        coeffs: "computed".into(),
        precision: "f64".into(),
        passes: n as usize,
        kernel_ms: m.kernel_ms,
        upload_ms: None,
        download_ms: None,
        wall_ms: m.wall_ms,
        bytes_moved: bytes,
        bandwidth_gbs: bytes as f64 / (m.kernel_ms.median * 1e-3) / 1e9,
        copy_bandwidth_gbs: None,
        bandwidth_fraction: None,
        rel_l2_error: None,
        seed,
        build_ms: None,
        warmup: m.warmup,
        runs: m.runs,
        peer: None,
        peer_ms: None,
        speedup_vs_peer: None,
        fft: None,
    }
}

/// A transform built on the device for one point: one run (result as complex values and
/// times) and what its record says of it (VC variants here, the FFT in `bench::fft_sweep`).
pub(super) struct Built<'a> {
    pub run: Box<dyn Fn() -> Result<(Vec<Complex64>, RunTimes)> + 'a>,
    /// The variant and point, as a wrong result names them.
    pub label: String,
    pub implementation: &'static str,
    /// p, n and the points (the FFT: 0, 0 and the array's points).
    pub point: (u32, u32, u64),
    pub algorithm: String,
    pub radix: u64,
    pub coeffs: String,
    pub precision: String,
    pub passes: usize,
    /// What the passes read plus write.
    pub bytes: u64,
    pub build_ms: f64,
}

/// What a device point's first run is checked against before it is timed.
pub(super) struct Check<'a> {
    /// The f64 reference's result.
    pub want: &'a [Complex64],
    /// The seed of the input (named when the check fails).
    pub seed: u64,
    /// The largest relative L2 error accepted.
    pub tolerance: f64,
}

/// Builds the variant on the device, checks one run against the reference (refusing a wrong
/// result), then times it: kernel time from events (all passes), pinned upload and
/// download, wall time.
pub fn device_point(
    gpu: &Gpu,
    copy_bw: Option<f64>,
    r: &Reference,
    v: &Variant,
    policy: &RepeatPolicy,
) -> Result<BenchRecord> {
    let dev = &gpu.info.name;
    match &r.input {
        Samples::Complex(x) => {
            let plan = VcPlan::new(r.p, r.n, variant_options(v))?;
            let tr = VcTransform::new(gpu, &plan)?;
            let passes = tr.schedule.pass_count();
            let built = Built {
                run: Box::new(|| tr.execute(gpu, x)),
                label: format!(
                    "{} on {dev}: p = {}, n = {}, radix {}",
                    plan.algorithm, plan.p, plan.n, plan.radix
                ),
                implementation: "opencl",
                point: (r.p, r.n, (r.p as u64).pow(r.n)),
                algorithm: plan.algorithm.to_string(),
                radix: plan.radix,
                coeffs: plan.coeffs.to_string(),
                precision: v.precision.to_string(),
                passes,
                bytes: passes as u64 * 2 * plan.buffer_bytes(),
                build_ms: tr.built.build_ms,
            };
            measure_point(gpu, copy_bw, &check_of(r, v), policy, &built)
        }
        Samples::Real(x) => {
            let rp = real_plan(r.p, r.n, v.precision)?;
            let inner = inner_plan(&rp, v)?;
            let tr = RealVc::new(gpu, &rp, inner.as_ref())?;
            let built = Built {
                run: Box::new(|| {
                    let (out, t) = tr.execute(gpu, x)?;
                    Ok((
                        out.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect(),
                        t,
                    ))
                }),
                label: format!("rfftn {} on {dev}: p = {}, n = {}", v.algorithm, rp.p, rp.n),
                implementation: REAL_IMPLEMENTATION,
                point: (r.p, r.n, (r.p as u64).pow(r.n)),
                algorithm: v.algorithm.to_string(),
                radix: inner.as_ref().map_or(rp.p as u64, |i| i.radix),
                coeffs: v.coeffs.to_string(),
                precision: v.precision.to_string(),
                passes: tr.pass_count(),
                bytes: tr.pass_bytes(),
                build_ms: tr.build_ms + tr.inner.as_ref().map_or(0.0, |t| t.built.build_ms),
            };
            let rec = measure_point(gpu, copy_bw, &check_of(r, v), policy, &built)?;
            drop(built);
            tr.release()?;
            Ok(rec)
        }
    }
}

/// The library options of a variant (forward, no normalisation).
fn variant_options(v: &Variant) -> VcOptions {
    VcOptions {
        algorithm: v.algorithm,
        radix: v.radix,
        coeffs: v.coeffs,
        precision: v.precision,
        ..Default::default()
    }
}

/// The check of a VC point: the reference of its p and n, the variant's tolerance.
fn check_of<'a>(r: &'a Reference, v: &Variant) -> Check<'a> {
    Check {
        want: &r.output,
        seed: r.seed,
        tolerance: tolerance(v.precision),
    }
}

/// One run of `b` checked (refused beyond the tolerance), then timed; its record.
pub(super) fn measure_point(
    gpu: &Gpu,
    copy_bw: Option<f64>,
    check: &Check,
    policy: &RepeatPolicy,
    b: &Built,
) -> Result<BenchRecord> {
    let (out, _) = (b.run)()?;
    let err = compare(&out, check.want).rel_l2;
    let tol = check.tolerance;
    if err.is_nan() || err > tol {
        return Err(JitError::Device(format!(
            "{}: relative L2 error {err:.3e} against the CPU reference exceeds {tol:.0e} (seed {})",
            b.label, check.seed
        )));
    }
    // Events that read zero (Rusticl): host-clock kernel times, labelled; transfers unknown.
    let host_clock = std::cell::Cell::new(false);
    let m = measure(&SystemClock::default(), policy, || {
        let (_, t) = (b.run)()?;
        let events = t.clock == Clock::Events;
        host_clock.set(host_clock.get() || !events);
        Ok(Sample {
            kernel_ms: t.kernel_ms,
            upload_ms: events.then_some(t.upload_ms),
            download_ms: events.then_some(t.download_ms),
            wall_ms: t.host_ms,
        })
    })?;
    let bw = b.bytes as f64 / (m.kernel_ms.median * 1e-3) / 1e9;
    Ok(BenchRecord {
        device: gpu.info.name.clone(),
        device_slug: gpu.info.slug(),
        driver: format!(
            "{} ({}, driver {})",
            gpu.info.platform, gpu.info.opencl_version, gpu.info.driver_version
        ),
        implementation: if host_clock.get() {
            format!(
                "{}, kernel time from the host wall clock (profiling events read zero)",
                b.implementation
            )
        } else {
            b.implementation.into()
        },
        p: b.point.0,
        n: b.point.1,
        len: b.point.2,
        algorithm: b.algorithm.clone(),
        radix: b.radix,
        coeffs: b.coeffs.clone(),
        precision: b.precision.clone(),
        passes: b.passes,
        kernel_ms: m.kernel_ms,
        upload_ms: m.upload_ms,
        download_ms: m.download_ms,
        wall_ms: m.wall_ms,
        bytes_moved: b.bytes,
        bandwidth_gbs: bw,
        copy_bandwidth_gbs: copy_bw,
        bandwidth_fraction: copy_bw.map(|c| bw / c),
        rel_l2_error: Some(err),
        seed: check.seed,
        build_ms: Some(b.build_ms),
        warmup: m.warmup,
        runs: m.runs,
        peer: None,
        peer_ms: None,
        speedup_vs_peer: None,
        fft: None,
    })
}

/// The complex plan of a variant inside a real run of `rp` (None for n = 1).
pub fn inner_plan(rp: &RealPlan, v: &Variant) -> Result<Option<VcPlan>> {
    if rp.n < 2 {
        return Ok(None);
    }
    let o = VcOptions {
        direction: Direction::Forward,
        norm: Some(Norm::None),
        ..variant_options(v)
    };
    Ok(Some(
        VcPlan::new(rp.p, rp.n - 1, o)?.with_batch(rp.batch * rp.half())?,
    ))
}

/// The forward real plan of one transform of (p,)*n.
pub fn real_plan(p: u32, n: u32, precision: Precision) -> Result<RealPlan> {
    RealPlan::new(p, n, 1, precision, Direction::Forward, None)
}
