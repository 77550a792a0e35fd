//! `jitfft vc --stream`, and plans that do not fit the device (`vc::request::Route::Streamed`):
//! the streamed transform (`vc::stream`), with input and output read and written in chunks in
//! the plan's precision.

use super::common::write_spectrum;
use super::vc::{default_tolerance, VcArgs};
use crate::io::input::{batch_shape, infer_n, load_input_batch, Encoding};
use crate::io::npy_stream::{complex_header, read_complex_into, write_complex};
use crate::io::random::fresh_seed;
use crate::runtime::{DeviceInfo, Gpu};
use crate::transform::Precision;
use crate::vc::report::{check_batch, CheckReport};
use crate::vc::request::{chunk_plan, host_shortfall, mib, Request};
use crate::vc::stream::{PassTimes, StreamPlan, StreamedVc, TransferFloor};
use crate::vc::{DeviceComplex, VcOptions, VcPlan};
use anyhow::{bail, Result};
use num_complex::{Complex32, Complex64};
use rand::{Rng, SeedableRng};
use serde::Serialize;
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// One pass's times and its rate against the pinned floor.
#[derive(Serialize)]
struct PassReport {
    #[serde(flatten)]
    times: PassTimes,
    /// `rate_gbs / floor.rate_gbs`: against the sequential pinned floor.
    of_pinned: f64,
    /// `rate_gbs / floor.duplex_rate_gbs`: against both directions at once (goal ≥ 0.8).
    of_duplex: f64,
}

/// One device transform a pass runs on its chunks.
#[derive(Serialize)]
struct ChunkTransform {
    algorithm: String,
    points_digits: u32,
    transformed_digits: u32,
    batch: u64,
    passes: usize,
    kernels: Vec<String>,
    build_ms: f64,
    build_from_cache: bool,
}

#[derive(Serialize)]
struct StreamReport {
    device: DeviceInfo,
    streamed: bool,
    /// Why it streams: `--stream`, or the plan that did not fit.
    reason: String,
    plan: VcPlan,
    stream: StreamPlan,
    chunk_transforms: Vec<ChunkTransform>,
    /// Device memory of the pipeline slots, and pinned host staging (the same).
    device_bytes: u64,
    input: String,
    seed: Option<u64>,
    /// Pinned transfer rate measured on the same buffers just before the run.
    floor: TransferFloor,
    passes: Vec<PassReport>,
    /// All passes, host wall clock.
    total_ms: f64,
    /// Reading the input (file or random) into host memory.
    input_ms: f64,
    check: Option<CheckReport>,
    output: Option<String>,
}

/// Runs `vc` on the streamed route (`vc::request::Route::Streamed`): `reason` is why.
pub(super) fn run(a: &VcArgs, req: &Request, gpu: Gpu, reason: String) -> Result<()> {
    if a.truth || a.overlap {
        bail!("--stream transforms complex data: it does not combine with --truth or --overlap");
    }
    match req.precision {
        Precision::F32 => run_typed::<Complex32>(a, req, gpu, reason),
        Precision::F64 => run_typed::<Complex64>(a, req, gpu, reason),
    }
}

/// Host input in the plan's precision: (n, batch, shape, values, description, seed).
type Loaded<C> = (u32, u64, Vec<usize>, Vec<C>, String, Option<u64>);

fn load<C: DeviceComplex>(a: &VcArgs) -> Result<Loaded<C>> {
    let conv = |v: Vec<Complex64>| -> Vec<C> { v.into_iter().map(|c| from_f64::<C>(c)).collect() };
    match &a.run.input {
        Some(path) => {
            if let Some(npy) = complex_header(path)? {
                let (b, len) =
                    batch_shape(a.t.p, &npy.shape, a.t.batch, &path.display().to_string())?;
                let n = infer_n(a.t.p, len, &format!("each transform of {}", path.display()))?;
                if let Some(want) = a.t.n.filter(|&w| w != n) {
                    bail!("{}: transforms of {len} values = {}^{n}, but --n {want} asks for {}^{want}", path.display(), a.t.p, a.t.p);
                }
                let mut v = vec![bytemuck::Zeroable::zeroed(); npy.len()];
                read_complex_into(path, &npy, &mut v)?;
                Ok((n, b, npy.shape.clone(), v, path.display().to_string(), None))
            } else {
                let enc = if a.encoding == super::vc::EncodingArg::Roots {
                    Encoding::Roots
                } else {
                    Encoding::Values
                };
                let (n, b, shape, data) = load_input_batch(path, a.t.p, a.t.n, a.t.batch, enc)?;
                Ok((n, b, shape, conv(data), path.display().to_string(), None))
            }
        }
        None => {
            let n = match a.t.n {
                Some(n) => n,
                None => bail!("--n is required when no --input is given (N = p^n)"),
            };
            let b = a.t.batch.unwrap_or(1);
            let plan = VcPlan::new(a.t.p, n, VcOptions::default())?.with_batch(b)?;
            let seed = a.run.seed.unwrap_or_else(fresh_seed);
            // The values `io::random::random_complex` draws, straight into the precision.
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let v = (0..plan.total_len())
                .map(|_| {
                    let re: f64 = rng.gen_range(-1.0..1.0);
                    let im: f64 = rng.gen_range(-1.0..1.0);
                    from_f64::<C>(Complex64::new(re, im))
                })
                .collect();
            let shape = if b > 1 {
                vec![b as usize, plan.len as usize]
            } else {
                vec![plan.len as usize]
            };
            Ok((n, b, shape, v, format!("random (seed {seed})"), Some(seed)))
        }
    }
}

fn from_f64<C: DeviceComplex>(c: Complex64) -> C {
    match C::PRECISION {
        Precision::F32 => *bytemuck::from_bytes(bytemuck::bytes_of(&Complex32::new(
            c.re as f32,
            c.im as f32,
        ))),
        Precision::F64 => *bytemuck::from_bytes(bytemuck::bytes_of(&c)),
    }
}

fn to_f64<C: DeviceComplex>(v: &[C]) -> Vec<Complex64> {
    match C::PRECISION {
        Precision::F32 => bytemuck::cast_slice::<C, Complex32>(v)
            .iter()
            .map(|c| Complex64::new(c.re as f64, c.im as f64))
            .collect(),
        Precision::F64 => bytemuck::cast_slice::<C, Complex64>(v).to_vec(),
    }
}

fn run_typed<C: DeviceComplex>(a: &VcArgs, req: &Request, gpu: Gpu, reason: String) -> Result<()> {
    refuse_host_shortfall(a, req)?;
    let t_in = Instant::now();
    let (n, batch, shape, mut data, what, seed) = load::<C>(a)?;
    let input_ms = t_in.elapsed().as_secs_f64() * 1e3;
    let whole = req.plan(Some(n), Some(batch))?;
    let bottom = |pl: VcPlan| chunk_plan(req, &gpu, pl);
    let mut sv = StreamedVc::new(&gpu, &whole, &bottom)?;
    let bar = chunk_progress(a.progress);
    if let Some(f) = bar.clone() {
        sv = sv.with_progress(Box::new(move |done, all| f.show(done, all)));
    }
    // The reference needs the input as it was.
    let kept = a.run.check.then(|| to_f64(&data));
    let floor = sv.floor(3)?;
    let t0 = Instant::now();
    let times = sv.run(&gpu, &mut data);
    if let Some(b) = &bar {
        b.done();
    }
    let times = times?;
    let total_ms = t0.elapsed().as_secs_f64() * 1e3;
    let check = match kept {
        Some(input) => Some(check_batch(
            &whole,
            &input,
            &to_f64(&data),
            a.tolerance
                .unwrap_or_else(|| default_tolerance(whole.precision)),
        )?),
        None => None,
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    if !failed {
        write_output(a, &data, &shape, whole.precision)?;
    }
    let report = StreamReport {
        device: gpu.info.clone(),
        streamed: true,
        reason,
        plan: whole.clone(),
        stream: sv.plan.clone(),
        chunk_transforms: chunk_transforms(&sv),
        device_bytes: sv.device_bytes(),
        input: what,
        seed,
        passes: times
            .into_iter()
            .map(|t| PassReport {
                of_pinned: t.rate_gbs / floor.rate_gbs,
                of_duplex: t.rate_gbs / floor.duplex_rate_gbs,
                times: t,
            })
            .collect(),
        floor,
        total_ms,
        input_ms,
        check,
        output: if failed {
            None
        } else {
            a.run.output.as_ref().map(|p| p.display().to_string())
        },
    };
    sv.release()?;
    super::common::print_and_conclude(
        a.run.json,
        &report,
        |r| print_human(&gpu.describe(), r),
        report.check.as_ref(),
    )
}

/// With `--n` given, refuses before any data is read where the host cannot hold the array
/// (and, with `--check`, the f64 input, output and reference).
fn refuse_host_shortfall(a: &VcArgs, req: &Request) -> Result<()> {
    if let Some(n) = req.n {
        let plan = req.plan(Some(n), None)?;
        if let Some((need, avail)) = host_shortfall(&plan, a.run.check) {
            bail!(
            "--stream keeps the array in host memory: {}^{n}{} needs {}{}, the host has {} available",
            a.t.p,
            if plan.batch > 1 { format!(" × {}", plan.batch) } else { String::new() },
            mib(need),
            if a.run.check { " with --check (f64 input, output and reference)" } else { "" },
            mib(avail)
        );
        }
    }
    Ok(())
}

/// What each chunk transform of the streamed passes is.
fn chunk_transforms(sv: &StreamedVc) -> Vec<ChunkTransform> {
    sv.transforms
        .iter()
        .map(|t| ChunkTransform {
            algorithm: t.plan.algorithm.to_string(),
            points_digits: t.plan.n,
            transformed_digits: t.plan.transformed_digits(),
            batch: t.plan.batch,
            passes: t.schedule.pass_count(),
            kernels: t.kernel_counts().iter().map(|(k, _)| k.clone()).collect(),
            build_ms: t.built.build_ms,
            build_from_cache: t.built.from_cache,
        })
        .collect()
}

/// Writes `--output`: a .npy of the input's shape, else the spectrum as text.
fn write_output<C: DeviceComplex>(
    a: &VcArgs,
    data: &[C],
    shape: &[usize],
    precision: Precision,
) -> Result<()> {
    let Some(path) = &a.run.output else {
        return Ok(());
    };
    let npy = path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("npy"));
    if npy && !super::common::is_stdout(path) {
        write_complex(path, data, shape)?;
    } else {
        write_spectrum(path, &to_f64(data), precision == Precision::F32)?;
    }
    Ok(())
}

fn print_human(device: &str, r: &StreamReport) {
    use super::common::say;
    say!("device: {device}");
    say!(
        "streamed VC p = {}, n = {}{}, {} ({}): {} passes, chunks of up to {} values, {} of device memory in {} slots",
        r.plan.p,
        r.plan.n,
        if r.plan.batch > 1 { format!(", batch {}", r.plan.batch) } else { String::new() },
        r.plan.precision,
        r.reason,
        r.passes.len(),
        r.stream.chunk_capacity,
        mib(r.device_bytes),
        crate::vc::stream::SLOTS
    );
    say!("input: {}", r.input);
    for t in &r.chunk_transforms {
        say!(
            "  chunk transform: {} of {}^{} ({} digits transformed) × {}, {} kernel pass(es), build {:.1} ms{}",
            t.algorithm,
            r.plan.p,
            t.points_digits,
            t.transformed_digits,
            t.batch,
            t.passes,
            t.build_ms,
            if t.build_from_cache { " (cached binary)" } else { "" }
        );
    }
    say!(
        "pinned transfers (same buffers): {:.3} ms up + {:.3} ms down for {}: {:.2} GB/s; both at once {:.3} ms: {:.2} GB/s (full duplex)",
        r.floor.upload_ms,
        r.floor.download_ms,
        mib(r.floor.bytes),
        r.floor.rate_gbs,
        r.floor.duplex_ms,
        r.floor.duplex_rate_gbs
    );
    for p in &r.passes {
        let t = &p.times;
        say!(
            "  pass digits {}..{}: {} chunks, {:.3} ms ({:.2} GB/s, {:.0}% of pinned, {:.0}% of full duplex); events: up {:.3}, kernels {:.3}, down {:.3}, span {:.3} ms; host copies {:.3} + {:.3} ms",
            t.digits.0,
            t.digits.0 + t.digits.1,
            t.chunks,
            t.wall_ms,
            t.rate_gbs,
            p.of_pinned * 100.0,
            p.of_duplex * 100.0,
            t.upload_ms,
            t.kernel_ms,
            t.download_ms,
            t.span_ms,
            t.gather_ms,
            t.scatter_ms
        );
    }
    say!(
        "all passes: {:.3} ms (input ready in {:.1} ms)",
        r.total_ms,
        r.input_ms
    );
    if let Some(c) = &r.check {
        say!(
            "check: rel. L2 {:.3e}, max abs {:.3e}{} (tolerance {:.1e}): {}",
            c.error.rel_l2,
            c.error.max_abs,
            c.worst_transform
                .map(|k| format!(" (worst transform {k})"))
                .unwrap_or_default(),
            c.tolerance,
            if c.ok { "PASS" } else { "FAIL" }
        );
    }
    if let Some(o) = &r.output {
        say!("output: {o}");
    }
}

/// A streamed run's progress on stderr: a bar on a terminal, else with `--progress` a line at
/// each tenth of the chunks; nothing with `--quiet`.
#[derive(Clone)]
struct ChunkProgress {
    bar: Option<indicatif::ProgressBar>,
    /// Tenths printed so far (the text form).
    tenths: Arc<Mutex<u64>>,
}

fn chunk_progress(forced: bool) -> Option<ChunkProgress> {
    let tty = std::io::stderr().is_terminal();
    if super::common::quiet() || !(tty || forced) {
        return None;
    }
    Some(ChunkProgress {
        bar: tty.then(|| super::bench::progress(0)),
        tenths: Arc::new(Mutex::new(0)),
    })
}

impl ChunkProgress {
    fn show(&self, done: u64, all: u64) {
        if let Some(b) = &self.bar {
            b.set_length(all);
            b.set_position(done);
            return;
        }
        let mut t = self.tenths.lock().unwrap_or_else(|e| e.into_inner());
        let now = done * 10 / all.max(1);
        if now > *t {
            *t = now;
            eprintln!("stream: {done}/{all} chunks ({}%)", now * 10);
        }
    }

    fn done(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}
