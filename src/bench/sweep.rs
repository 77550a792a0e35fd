//! Measuring points: jitfft's CPU implementation (which also gives the reference spectrum)
//! and a transform variant on a device, checked against that reference before it is timed.

use super::clock::SystemClock;
use super::harness::{measure, Measured, RepeatPolicy, Sample};
use super::record::BenchRecord;
use crate::error::{JitError, Result};
use crate::io::random::{fresh_seed, random_complex};
use crate::reference::{compare, separable_vc};
use crate::runtime::Gpu;
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

/// A fresh random input and its exact-as-possible f64 spectrum.
pub struct Reference {
    /// The base p.
    pub p: u32,
    /// The number of digits n (N = p^n).
    pub n: u32,
    /// Seed of the input (replays it).
    pub seed: u64,
    /// The input: real and imaginary parts uniform in [−1, 1).
    pub input: Vec<Complex64>,
    /// Its spectrum from the separable f64 reference.
    pub output: Vec<Complex64>,
}

/// The largest relative L2 error accepted from a device, by precision.
pub fn tolerance(precision: Precision) -> f64 {
    match precision {
        Precision::F32 => 1e-4,
        Precision::F64 => 1e-10,
    }
}

/// Times jitfft's multi-threaded f64 CPU transform on fresh random input (the CPU row) and
/// keeps its output as the reference for the device points of the same p and n.
pub fn cpu_point(p: u32, n: u32, policy: &RepeatPolicy) -> Result<(BenchRecord, Reference)> {
    let plan = VcPlan::new(p, n, VcOptions::default())?;
    let seed = fresh_seed();
    let input = random_complex(plan.len as usize, seed);
    let mut output = Vec::new();
    let m = measure(&SystemClock::default(), policy, || {
        let t0 = Instant::now();
        output = separable_vc(p, n, &input, Direction::Forward, 1.0)?;
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(Sample {
            kernel_ms: ms,
            upload_ms: None,
            download_ms: None,
            wall_ms: ms,
        })
    })?;
    let rec = cpu_record(
        format!(
            "separable f64 reference, {} threads",
            rayon::current_num_threads()
        ),
        (p, n, plan.len),
        m,
        seed,
    );
    Ok((
        rec,
        Reference {
            p,
            n,
            seed,
            input,
            output,
        },
    ))
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
    }
}

/// Builds the variant on the device, checks one run against the reference (refusing a wrong
/// result), then times it: kernel time from events, pinned upload and download, wall time.
pub fn device_point(
    gpu: &Gpu,
    copy_bw: Option<f64>,
    r: &Reference,
    v: &Variant,
    policy: &RepeatPolicy,
) -> Result<BenchRecord> {
    let plan = VcPlan::new(
        r.p,
        r.n,
        VcOptions {
            algorithm: v.algorithm,
            radix: v.radix,
            coeffs: v.coeffs,
            precision: v.precision,
            ..Default::default()
        },
    )?;
    let tr = VcTransform::new(gpu, &plan)?;
    let (out, _) = tr.execute(gpu, &r.input)?;
    let err = compare(&out, &r.output).rel_l2;
    if err.is_nan() || err > tolerance(plan.precision) {
        return Err(JitError::Device(format!(
            "{} on {}: p = {}, n = {}, radix {}: relative L2 error {err:.3e} against the CPU reference exceeds {:.0e} (seed {})",
            plan.algorithm,
            gpu.info.name,
            plan.p,
            plan.n,
            plan.radix,
            tolerance(plan.precision),
            r.seed
        )));
    }
    // Events that read zero (Rusticl): host-clock kernel times, labelled; transfers unknown.
    let host_clock = std::cell::Cell::new(false);
    let m = measure(&SystemClock::default(), policy, || {
        let (_, t) = tr.execute(gpu, &r.input)?;
        let events = t.clock == crate::runtime::timing::Clock::Events;
        host_clock.set(host_clock.get() || !events);
        Ok(Sample {
            kernel_ms: t.kernel_ms,
            upload_ms: events.then_some(t.upload_ms),
            download_ms: events.then_some(t.download_ms),
            wall_ms: t.host_ms,
        })
    })?;
    let passes = tr.schedule.pass_count();
    let bytes = passes as u64 * 2 * plan.buffer_bytes();
    let bw = bytes as f64 / (m.kernel_ms.median * 1e-3) / 1e9;
    Ok(BenchRecord {
        device: gpu.info.name.clone(),
        device_slug: gpu.info.slug(),
        driver: format!(
            "{} ({}, driver {})",
            gpu.info.platform, gpu.info.opencl_version, gpu.info.driver_version
        ),
        implementation: if host_clock.get() {
            "opencl, kernel time from the host wall clock (profiling events read zero)".into()
        } else {
            "opencl".into()
        },
        p: plan.p,
        n: plan.n,
        len: plan.len,
        algorithm: plan.algorithm.to_string(),
        radix: plan.radix,
        coeffs: plan.coeffs.to_string(),
        precision: plan.precision.to_string(),
        passes,
        kernel_ms: m.kernel_ms,
        upload_ms: m.upload_ms,
        download_ms: m.download_ms,
        wall_ms: m.wall_ms,
        bytes_moved: bytes,
        bandwidth_gbs: bw,
        copy_bandwidth_gbs: copy_bw,
        bandwidth_fraction: copy_bw.map(|c| bw / c),
        rel_l2_error: Some(err),
        seed: r.seed,
        build_ms: Some(tr.built.build_ms),
        warmup: m.warmup,
        runs: m.runs,
        peer: None,
        peer_ms: None,
        speedup_vs_peer: None,
    })
}
