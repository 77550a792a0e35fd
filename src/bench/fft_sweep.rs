//! `bench --fft`: the FFT of any shape as one more family of `bench`'s sweep. For each shape
//! one seeded random input, the f64 reference on the host timed as the CPU row, then on each
//! device every precision built the way `jitfft fft` builds it (the schedule `tune fft`
//! stored for the device and plan, else the default), its first run checked against the
//! reference (`fft --check`'s tolerance) and the next ones timed by `bench::harness`
//! (`bench::sweep::measure_point`, the VC points' measurement).

use super::fft_shapes::{parse_shapes, shape_label};
use super::harness::RepeatPolicy;
use super::record::{BenchRecord, FftPoint};
use super::sweep::{cpu_record, host_timed, measure_point, Built, Check};
use crate::error::Result;
use crate::fft::request::{FftRequest, PreparedInput};
use crate::fft::NumpyNorm;
use crate::io::random::fresh_seed;
use crate::runtime::Gpu;
use crate::transform::{Direction, Precision};
use anyhow::Context;
use num_complex::Complex64;

/// What `bench --fft` measures: every shape in every precision on every device, one
/// direction, complex or real.
#[derive(Debug, Clone)]
pub struct FftSweepSpec {
    /// The arrays' shapes (irfftn: the real outputs'), every axis transformed.
    pub shapes: Vec<Vec<u64>>,
    /// Precisions on the device.
    pub precisions: Vec<Precision>,
    /// rfftn, or with `Inverse` irfftn.
    pub real: bool,
    /// Forward or inverse (numpy's norm "backward": the inverse scaled by 1/N).
    pub direction: Direction,
    /// How each point is repeated.
    pub policy: RepeatPolicy,
}

impl FftSweepSpec {
    /// The sweep of the `--shape` values ([`parse_shapes`]) in `precisions`, real or complex,
    /// inverse or forward.
    pub fn new<S: AsRef<str>>(
        shapes: &[S],
        precisions: Vec<Precision>,
        (real, inverse): (bool, bool),
        policy: RepeatPolicy,
    ) -> anyhow::Result<FftSweepSpec> {
        Ok(FftSweepSpec {
            shapes: parse_shapes(shapes)?,
            precisions,
            real,
            direction: [Direction::Forward, Direction::Inverse][usize::from(inverse)],
            policy,
        })
    }

    /// The request of one point: seeded random input, numpy's default norm, checked.
    fn request(&self, shape: &[u64], precision: Precision, seed: u64) -> FftRequest {
        FftRequest {
            shape: Some(shape.to_vec()),
            axes: Vec::new(),
            direction: self.direction,
            norm: NumpyNorm::Backward,
            precision,
            half: None,
            real: self.real,
            input: None,
            seed: Some(seed),
            check: true,
            repeat: 1,
            local_values: None,
        }
    }

    /// numpy's name of the transform: fftn, ifftn, rfftn or irfftn.
    pub fn kind(&self) -> &'static str {
        match (self.real, self.direction) {
            (false, Direction::Forward) => "fftn",
            (false, Direction::Inverse) => "ifftn",
            (true, Direction::Forward) => "rfftn",
            (true, Direction::Inverse) => "irfftn",
        }
    }

    /// Refuses, before anything is measured, a repeat policy that cannot run and a shape
    /// whose plans do not validate.
    pub fn validate(&self) -> anyhow::Result<()> {
        self.policy.validate()?;
        for shape in &self.shapes {
            for &precision in &self.precisions {
                self.request(shape, precision, 0)
                    .plans(shape)
                    .with_context(|| format!("--shape {}", shape_label(shape)))?;
            }
        }
        Ok(())
    }

    /// Points the sweep measures on `devices` devices (each shape has a CPU point).
    pub fn points(&self, devices: usize) -> u64 {
        self.shapes.len() as u64 * (1 + (devices * self.precisions.len()) as u64)
    }

    /// What a point's record says of the transform.
    fn point(&self, shape: &[u64], launches: String, schedule: Option<String>) -> FftPoint {
        FftPoint {
            shape: shape.to_vec(),
            direction: self.direction.to_string(),
            real: self.real,
            launches,
            schedule,
        }
    }
}

/// Runs the sweep: `progress` hears the next point's name before it runs, `each` the records
/// so far after every point.
pub fn run_fft_sweep(
    spec: &FftSweepSpec,
    gpus: &[(Gpu, Option<f64>)],
    progress: &mut dyn FnMut(String),
    each: &mut dyn FnMut(&[BenchRecord]) -> anyhow::Result<()>,
) -> anyhow::Result<Vec<BenchRecord>> {
    let mut records: Vec<BenchRecord> = Vec::new();
    let kind = spec.kind();
    for shape in &spec.shapes {
        let label = shape_label(shape);
        // One input for every precision: the request's values do not depend on it.
        let seed = fresh_seed();
        let reference = spec.request(shape, Precision::F64, seed);
        let (input, shape) = reference.prepare()?;
        progress(format!("{kind} {label}: CPU reference"));
        let (cpu, want) = cpu_point(spec, &reference, (&input, &shape))?;
        records.push(cpu);
        each(&records)?;
        for (gpu, bw) in gpus {
            for &precision in &spec.precisions {
                progress(format!("{kind} {label}: {} {precision}", gpu.info.name));
                let req = spec.request(&shape, precision, seed);
                let check = Check {
                    want: &want,
                    seed,
                    tolerance: req.tolerance(),
                };
                records.push(device_point(
                    gpu,
                    *bw,
                    spec,
                    &req,
                    (&input, &shape),
                    &check,
                )?);
                each(&records)?;
            }
        }
    }
    Ok(records)
}

/// Times the f64 reference (RustFFT along each axis) on the host under the sweep's policy:
/// the CPU row, and the reference values.
fn cpu_point(
    spec: &FftSweepSpec,
    req: &FftRequest,
    (input, shape): (&PreparedInput, &[u64]),
) -> Result<(BenchRecord, Vec<Complex64>)> {
    let mut want = Vec::new();
    let m = host_timed(&spec.policy, || {
        want = req.expected(input, shape)?;
        Ok(())
    })?;
    let threads = rayon::current_num_threads();
    let driver = format!("RustFFT f64 along each axis, {threads} threads");
    let len = shape.iter().product();
    let seed = req.seed.unwrap_or_default();
    // `cpu_record` counts one read and write of every point per axis, as the reference makes.
    let rec = BenchRecord {
        n: 0,
        radix: 0,
        coeffs: String::new(),
        algorithm: spec.kind().into(),
        fft: Some(spec.point(shape, String::new(), None)),
        ..cpu_record(driver, (0, shape.len() as u32, len), m, seed)
    };
    Ok((rec, want))
}

/// Builds the point's transform on `gpu` as `jitfft fft` does (the tuned schedule where the
/// wisdom file has one), checks one run and times the next (`measure_point`).
fn device_point(
    gpu: &Gpu,
    copy_bw: Option<f64>,
    spec: &FftSweepSpec,
    req: &FftRequest,
    (input, shape): (&PreparedInput, &[u64]),
    check: &Check,
) -> Result<BenchRecord> {
    let (local_values, tuned) = req.schedule(gpu, shape)?;
    let built = req.build(gpu, shape, local_values)?;
    let report = &built.report;
    let launches: Vec<String> = built
        .parts()
        .iter()
        .map(|t| crate::stats::fft::launches(&t.schedule))
        .collect();
    let b = Built {
        run: Box::new(|| {
            let (out, t) = built.run(gpu, input)?;
            Ok((out.as_complex().into_owned(), t))
        }),
        label: format!(
            "{} {} {} on {}",
            spec.kind(),
            shape_label(shape),
            req.precision,
            gpu.info.name
        ),
        implementation: "opencl",
        point: (0, 0, shape.iter().product()),
        algorithm: spec.kind().into(),
        radix: 0,
        coeffs: String::new(),
        precision: req.precision.to_string(),
        passes: report.launches,
        bytes: report.moved_bytes,
        build_ms: report.build_ms,
    };
    let rec = measure_point(gpu, copy_bw, check, &spec.policy, &b)?;
    Ok(BenchRecord {
        fft: Some(spec.point(shape, launches.join(" + "), tuned)),
        ..rec
    })
}
