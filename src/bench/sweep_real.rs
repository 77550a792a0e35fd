//! `bench --real` points (issue 35): numpy's rfftn of (p,)*n on the CPU in f64 (the row that
//! also gives the reference) and on a device, the variant (algorithm, radix, coefficients,
//! precision) choosing the real run's complex passes over p^(n−1) points, a batch of h.

use super::clock::SystemClock;
use super::harness::{measure, RepeatPolicy, Sample};
use super::record::BenchRecord;
use super::sweep::{cpu_record, tolerance, Variant};
use crate::error::{JitError, Result};
use crate::io::random::fresh_seed;
use crate::reference::compare;
use crate::reference::real::rfftn_ref;
use crate::runtime::timing::Clock;
use crate::runtime::Gpu;
use crate::transform::{Direction, Norm, Precision};
use crate::vc::real::data::random_input;
use crate::vc::real::{RealPlan, RealVc};
use crate::vc::{VcOptions, VcPlan};
use num_complex::Complex64;
use std::time::Instant;

/// `implementation` of the device rows of a real sweep (the CPU rows stay "cpu").
pub const REAL_IMPLEMENTATION: &str = "opencl rfftn";

/// Fresh random real input and numpy's rfftn of it in f64.
pub struct RealReference {
    /// Values of each variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// Seed of the input.
    pub seed: u64,
    /// p^n reals in [−1, 1).
    pub input: Vec<f64>,
    /// The half spectrum, p^(n−1) × h values.
    pub output: Vec<Complex64>,
}

/// The complex plan of a variant inside a real run of `rp` (None for n = 1).
pub fn inner_plan(rp: &RealPlan, v: &Variant) -> Result<Option<VcPlan>> {
    if rp.n < 2 {
        return Ok(None);
    }
    let o = VcOptions {
        algorithm: v.algorithm,
        radix: v.radix,
        coeffs: v.coeffs,
        precision: v.precision,
        direction: Direction::Forward,
        norm: Some(Norm::None),
        ..Default::default()
    };
    Ok(Some(
        VcPlan::new(rp.p, rp.n - 1, o)?.with_batch(rp.batch * rp.half())?,
    ))
}

/// The forward real plan of one transform of (p,)*n.
pub fn real_plan(p: u32, n: u32, precision: Precision) -> Result<RealPlan> {
    RealPlan::new(p, n, 1, precision, Direction::Forward, None)
}

/// Times the f64 rfftn reference (the separable complex transform, half kept) on fresh
/// random reals: the CPU row, and the reference of the device rows of the same p and n.
pub fn real_cpu_point(
    p: u32,
    n: u32,
    policy: &RepeatPolicy,
) -> Result<(BenchRecord, RealReference)> {
    let rp = real_plan(p, n, Precision::F64)?;
    let seed = fresh_seed();
    let input = random_input(&rp, seed);
    let mut output = Vec::new();
    let m = measure(&SystemClock::default(), policy, || {
        let t0 = Instant::now();
        output = rfftn_ref(p, n, 1, &input, 1.0)?;
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(Sample {
            kernel_ms: ms,
            upload_ms: None,
            download_ms: None,
            wall_ms: ms,
        })
    })?;
    // The reference runs the complex transform: its bytes are the complex one's.
    let rec = cpu_record(
        format!(
            "rfftn: separable f64 reference (complex, half kept), {} threads",
            rayon::current_num_threads()
        ),
        (p, n, (p as u64).pow(n)),
        m,
        seed,
    );
    let reference = RealReference {
        p,
        n,
        seed,
        input,
        output,
    };
    Ok((rec, reference))
}

/// Builds the real run of the variant on the device, checks one run against the reference
/// (refusing a wrong result), then times it: kernel time from events (all passes), pinned
/// upload and download, wall time; bytes are those the passes read plus write.
pub fn real_device_point(
    gpu: &Gpu,
    copy_bw: Option<f64>,
    r: &RealReference,
    v: &Variant,
    policy: &RepeatPolicy,
) -> Result<BenchRecord> {
    let rp = real_plan(r.p, r.n, v.precision)?;
    let inner = inner_plan(&rp, v)?;
    let tr = RealVc::new(gpu, &rp, inner.as_ref())?;
    let (out, _) = tr.execute(gpu, &r.input)?;
    let got: Vec<Complex64> = out.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect();
    let err = compare(&got, &r.output).rel_l2;
    if err.is_nan() || err > tolerance(rp.precision) {
        return Err(JitError::Device(format!(
            "rfftn {} on {}: p = {}, n = {}: relative L2 error {err:.3e} against the CPU reference exceeds {:.0e} (seed {})",
            v.algorithm,
            gpu.info.name,
            rp.p,
            rp.n,
            tolerance(rp.precision),
            r.seed
        )));
    }
    let host_clock = std::cell::Cell::new(false);
    let m = measure(&SystemClock::default(), policy, || {
        let (_, t) = tr.execute(gpu, &r.input)?;
        let events = t.clock == Clock::Events;
        host_clock.set(host_clock.get() || !events);
        Ok(Sample {
            kernel_ms: t.kernel_ms,
            upload_ms: events.then_some(t.upload_ms),
            download_ms: events.then_some(t.download_ms),
            wall_ms: t.host_ms,
        })
    })?;
    let bytes = tr.pass_bytes();
    let bw = bytes as f64 / (m.kernel_ms.median * 1e-3) / 1e9;
    let build_ms = tr.build_ms + tr.inner.as_ref().map_or(0.0, |t| t.built.build_ms);
    let rec = BenchRecord {
        device: gpu.info.name.clone(),
        device_slug: gpu.info.slug(),
        driver: format!(
            "{} ({}, driver {})",
            gpu.info.platform, gpu.info.opencl_version, gpu.info.driver_version
        ),
        implementation: if host_clock.get() {
            format!("{REAL_IMPLEMENTATION}, kernel time from the host wall clock (profiling events read zero)")
        } else {
            REAL_IMPLEMENTATION.into()
        },
        p: rp.p,
        n: rp.n,
        len: (rp.p as u64).pow(rp.n),
        algorithm: v.algorithm.to_string(),
        radix: inner.as_ref().map_or(rp.p as u64, |i| i.radix),
        coeffs: v.coeffs.to_string(),
        precision: rp.precision.to_string(),
        passes: tr.pass_count(),
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
        build_ms: Some(build_ms),
        warmup: m.warmup,
        runs: m.runs,
        peer: None,
        peer_ms: None,
        speedup_vs_peer: None,
    };
    tr.release()?;
    Ok(rec)
}
