//! The streamed route of a `vc` request (`--stream`, or a plan that does not fit the device):
//! the streamed transform (`vc::stream`), with input and output read and written in chunks
//! in the plan's precision, and its report.

use super::stream_host::{load_host, Host};
use super::RunOptions;
use crate::error::{JitError, Result};
use crate::io::input::{batch_shape, infer_n, load_input_batch, Encoding};
use crate::io::npy_raw::read_at;
use crate::io::npy_stream::{complex_header, read_complex_into, write_complex};
use crate::io::random::{fill_random, fresh_seed};
use crate::runtime::show::mib;
use crate::runtime::{DeviceInfo, Gpu};
use crate::transform::Precision;
use crate::vc::report::{check_batch, default_tolerance, CheckReport};
use crate::vc::request::{chunk_plan, host_shortfall, Request};
use crate::vc::stream::{ChunkTransform, PassTimes, StreamPlan, StreamedVc, TransferFloor};
use crate::vc::{DeviceComplex, VcOptions, VcPlan};
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::fmt::Write;
use std::time::Instant;

/// One pass's times and its rate against the pinned floor.
#[derive(Debug, Serialize)]
struct PassReport {
    #[serde(flatten)]
    times: PassTimes,
    /// `rate_gbs / floor.rate_gbs`: against the sequential pinned floor.
    of_pinned: f64,
    /// `rate_gbs / floor.duplex_rate_gbs`: against both directions at once (goal ≥ 0.8).
    of_duplex: f64,
}

/// A streamed run's host steps besides input, passes and output (ms, host wall clock).
#[derive(Debug, Serialize)]
struct StreamSetup {
    /// Planning, building the chunk transforms, allocating the slots (device and pinned).
    build_ms: f64,
    /// The transfer floor measured on the slots before the run.
    floor_ms: f64,
    /// Freeing the host array and unmapping the pinned slots after the output is written.
    release_ms: f64,
    /// The input file's values were read by the first pass straight into the pinned slots
    /// (not into the host array first).
    input_in_first_pass: bool,
}

/// What a streamed run reports (`jitfft vc --stream --json`).
#[derive(Debug, Serialize)]
pub struct StreamReport {
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
    /// Where the host array lives and how chunks move (`routes::stream_host`).
    host_array: String,
    /// Pinned transfer rate measured on the same buffers just before the run.
    floor: TransferFloor,
    passes: Vec<PassReport>,
    /// All passes, host wall clock.
    total_ms: f64,
    /// Reading the input (file or random) into host memory (with `host_setup.input_in_first_pass`:
    /// only allocating the host array; the first pass reads the file).
    input_ms: f64,
    /// The run's steps besides input, passes and output.
    host_setup: StreamSetup,
    /// The check, when asked for.
    pub check: Option<CheckReport>,
    pub(super) output: Option<String>,
    /// Writing the output file (ms; 0 without one).
    output_ms: f64,
    /// File runs with `--json`: the disk floor measured in the same run (`routes::disk`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_floor: Option<super::disk::DiskFloorReport>,
}

/// Runs `req` streamed on `gpu`; `reason` is why it streams.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
) -> Result<StreamReport> {
    if req.truth || req.overlap.is_some() {
        return Err(JitError::invalid(
            "--stream transforms complex data: it does not combine with --truth or --overlap",
        ));
    }
    match req.precision {
        Precision::F32 => run_typed::<Complex32>(req, o, gpu, reason),
        Precision::F64 => run_typed::<Complex64>(req, o, gpu, reason),
    }
}

/// Host input in the plan's precision: (n, batch, shape, values, description, seed, and the
/// file whose values the first pass reads itself where `values` was left unread).
pub(super) type Loaded<C> = (
    u32,
    u64,
    Vec<usize>,
    Vec<C>,
    String,
    Option<u64>,
    Option<Deferred>,
);

/// An input file of the plan's own width, read by the streamed run's first pass straight into
/// its pinned slots (`StreamedVc::run_from`) instead of into the host array first.
pub(super) struct Deferred {
    file: std::fs::File,
    path: std::path::PathBuf,
    offset: u64,
    /// Bytes of a complex value.
    elem: u64,
}

impl Deferred {
    /// Reads the values from value `first` on into `dst` (a [`ChunkSource`]).
    pub(super) fn read(&self, first: u64, dst: &mut [u8]) -> Result<()> {
        read_at(&self.file, &self.path, self.offset + first * self.elem, dst)
    }
}

/// `len` zeroed values whose pages are not touched yet (the allocator's zeroed memory: fresh
/// pages are mapped on first write), so the first pass's scatter is their first touch, on
/// every core and beside the transfers. (`vec![zeroed; len]` of a complex type writes every
/// value on one thread.)
fn untouched<C: bytemuck::Pod>(len: usize) -> Result<Vec<C>> {
    if len == 0 || std::mem::size_of::<C>() == 0 {
        return Ok(Vec::new());
    }
    let layout = std::alloc::Layout::array::<C>(len)
        .map_err(|_| JitError::invalid(format!("{len} values do not fit the address space")))?;
    // SAFETY: a non-zero layout; all-zero bytes are a valid `C` (Pod); the pointer, length and
    // capacity come from this allocation of `len` values, freed by Vec with the same layout.
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout).cast::<C>();
        if ptr.is_null() {
            return Err(JitError::invalid(format!(
                "cannot allocate {} bytes of host memory",
                layout.size()
            )));
        }
        Ok(Vec::from_raw_parts(ptr, len, len))
    }
}

/// Reads (or draws) the input; `defer`: a file of the plan's width is left for the first pass.
pub(super) fn load<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    defer: bool,
) -> Result<Loaded<C>> {
    let (p, conv) = (req.p, |v: Vec<Complex64>| -> Vec<C> {
        v.into_iter().map(from_f64::<C>).collect()
    });
    let Some(path) = &req.input else {
        let Some(n) = req.n else {
            return Err(JitError::invalid(
                "--n is required when no --input is given (N = p^n)",
            ));
        };
        let b = req.batch.unwrap_or(1);
        let plan = VcPlan::new(p, n, VcOptions::default())?.with_batch(b)?;
        let seed = o.seed.unwrap_or_else(fresh_seed);
        // The values `io::random::random_complex` draws, straight into the precision.
        let mut v = untouched::<C>(plan.total_len() as usize)?;
        fill_random(seed, 0, &mut v, from_f64::<C>);
        let shape = if b > 1 {
            vec![b as usize, plan.len as usize]
        } else {
            vec![plan.len as usize]
        };
        return Ok((
            n,
            b,
            shape,
            v,
            format!("random (seed {seed})"),
            Some(seed),
            None,
        ));
    };
    let what = path.display().to_string();
    if let Some(npy) = complex_header(path)? {
        let (b, len) = batch_shape(p, &npy.shape, req.batch, &what)?;
        let n = infer_n(p, len, &format!("each transform of {what}"))?;
        if let Some(want) = req.n.filter(|&w| w != n) {
            return Err(JitError::invalid(format!(
                "{what}: transforms of {len} values = {p}^{n}, but --n {want} asks for {p}^{want}"
            )));
        }
        let mut v = untouched::<C>(npy.len())?;
        // The plan's own width and no reference to keep: the first pass reads the file.
        if defer && npy.single == (C::PRECISION == Precision::F32) && !req.check {
            let file = std::fs::File::open(path)
                .map_err(|e| JitError::file(path, format!("cannot read: {e}")))?;
            let d = Deferred {
                file,
                path: path.clone(),
                offset: npy.offset,
                elem: std::mem::size_of::<C>() as u64,
            };
            return Ok((n, b, npy.shape.clone(), v, what, None, Some(d)));
        }
        read_complex_into(path, &npy, &mut v)?;
        return Ok((n, b, npy.shape.clone(), v, what, None, None));
    }
    let enc = if req.roots {
        Encoding::Roots
    } else {
        Encoding::Values
    };
    let (n, b, shape, data) = load_input_batch(path, p, req.n, req.batch, enc)?;
    Ok((n, b, shape, conv(data), what, None, None))
}

/// A value in the precision (rounded for f32).
pub(super) fn from_f64<C: DeviceComplex>(c: Complex64) -> C {
    match C::PRECISION {
        Precision::F32 => *bytemuck::from_bytes(bytemuck::bytes_of(&Complex32::new(
            c.re as f32,
            c.im as f32,
        ))),
        Precision::F64 => *bytemuck::from_bytes(bytemuck::bytes_of(&c)),
    }
}

pub(super) fn to_f64<C: DeviceComplex>(v: &[C]) -> Vec<Complex64> {
    match C::PRECISION {
        Precision::F32 => bytemuck::cast_slice::<C, Complex32>(v)
            .iter()
            .map(|c| Complex64::new(c.re as f64, c.im as f64))
            .collect(),
        Precision::F64 => bytemuck::cast_slice::<C, Complex64>(v).to_vec(),
    }
}

fn run_typed<C: DeviceComplex>(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    reason: String,
) -> Result<StreamReport> {
    refuse_host_shortfall(req)?;
    let t_in = Instant::now();
    let (n, batch, shape, mut data, what, seed, host_array) = load_host::<C>(req, o, gpu)?;
    let input_ms = t_in.elapsed().as_secs_f64() * 1e3;
    let whole = req.plan(Some(n), Some(batch))?;
    let bottom = |pl: VcPlan| chunk_plan(req, gpu, pl);
    let t_setup = Instant::now();
    let mut sv = match &data {
        Host::Pinned(_) => StreamedVc::for_pinned(gpu, &whole, &bottom)?,
        Host::Pageable(..) => StreamedVc::new(gpu, &whole, &bottom)?,
    };
    if let Some(p) = &o.progress {
        sv = sv.with_progress(p.0.clone());
    }
    let build_ms = t_setup.elapsed().as_secs_f64() * 1e3;
    // The reference needs the input as it was.
    let kept = req.check.then(|| data.to_f64()).transpose()?;
    let t_floor = Instant::now();
    let floor = sv.floor(3)?;
    let floor_ms = t_floor.elapsed().as_secs_f64() * 1e3;
    let input_in_first_pass = matches!(data, Host::Pageable(_, Some(_)));
    let t0 = Instant::now();
    let times = data.run(&sv, gpu)?;
    let total_ms = t0.elapsed().as_secs_f64() * 1e3;
    let check = match kept {
        Some(input) => {
            let tol = o
                .tolerance
                .unwrap_or_else(|| default_tolerance(whole.precision));
            Some(check_batch(&whole, &input, &data.to_f64()?, tol)?)
        }
        None => None,
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let t_out = Instant::now();
    let output = match &req.output {
        Some(path) if !failed => {
            if crate::io::output::is_npy(path) && !crate::io::output::is_stdout(path) {
                let whole_array = data.as_slice().ok_or_else(|| {
                    JitError::invalid("an .npy output needs the pageable host array")
                })?;
                write_complex(path, whole_array, &shape)?;
            } else {
                let single = whole.precision == Precision::F32;
                crate::io::output::write_spectrum(path, &data.to_f64()?, single, None)?;
            }
            Some(path.display().to_string())
        }
        _ => None,
    };
    let output_ms = t_out.elapsed().as_secs_f64() * 1e3;
    let (stream, chunk_transforms, device_bytes) = (
        sv.plan.clone(),
        sv.chunk_transforms(true),
        sv.device_bytes(),
    );
    // Freeing the host array and the pinned slots is part of what the user waits for.
    let t_rel = Instant::now();
    data.release()?;
    sv.release()?;
    let setup = StreamSetup {
        build_ms,
        floor_ms,
        release_ms: t_rel.elapsed().as_secs_f64() * 1e3,
        input_in_first_pass,
    };
    Ok(StreamReport {
        device: gpu.info.clone(),
        streamed: true,
        reason,
        plan: whole.clone(),
        stream,
        chunk_transforms,
        device_bytes,
        input: what,
        seed,
        host_array,
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
        host_setup: setup,
        check,
        output,
        output_ms,
        disk_floor: None,
    })
}

/// With n given, refuses before any data is read where the host cannot hold the array (and,
/// with a check, the f64 input, output and reference).
fn refuse_host_shortfall(req: &Request) -> Result<()> {
    let Some(n) = req.n else { return Ok(()) };
    let plan = req.plan(Some(n), None)?;
    match host_shortfall(&plan, req.check) {
        Some((need, avail)) => Err(JitError::invalid(format!(
            "--stream keeps the array in host memory: {}^{n}{} needs {}{}, the host has {} available",
            req.p,
            if plan.batch > 1 { format!(" × {}", plan.batch) } else { String::new() },
            mib(need),
            if req.check { " with --check (f64 input, output and reference)" } else { "" },
            mib(avail)
        ))),
        None => Ok(()),
    }
}

impl StreamReport {
    /// Host wall time from the input read to the output written (ms).
    pub fn file_to_file_ms(&self) -> f64 {
        self.input_ms + self.total_ms + self.output_ms
    }

    /// The report as text for `device` (its description), one line a row.
    pub fn text(&self, device: &str) -> String {
        let r = self;
        let mut s = format!("device: {device}");
        let _ = write!(
            s,
            "\nstreamed VC p = {}, n = {}{}, {} ({}): {} passes, chunks of up to {} values, {} of device memory in {} slots",
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
        let _ = write!(s, "\ninput: {}", r.input);
        let _ = write!(s, "\nhost array: {}", r.host_array);
        for t in &r.chunk_transforms {
            let _ = write!(
                s,
                "\n  chunk transform: {} of {}^{} ({} digits transformed) × {}, {} kernel pass(es), build {:.1} ms{}",
                t.algorithm,
                r.plan.p,
                t.points_digits,
                t.transformed_digits,
                t.batch,
                t.passes,
                t.build_ms,
                if t.build_from_cache == Some(true) { " (cached binary)" } else { "" }
            );
        }
        let f = &r.floor;
        let _ = write!(
            s,
            "\npinned transfers (same buffers): {:.3} ms up + {:.3} ms down for {}: {:.2} GB/s; both at once {:.3} ms: {:.2} GB/s (full duplex)",
            f.upload_ms, f.download_ms, mib(f.bytes), f.rate_gbs, f.duplex_ms, f.duplex_rate_gbs
        );
        for p in &r.passes {
            let t = &p.times;
            let _ = write!(
                s,
                "\n  pass digits {}..{}: {} chunks, {:.3} ms ({:.2} GB/s, {:.0}% of pinned, {:.0}% of full duplex); events: up {:.3}, kernels {:.3}, down {:.3}, span {:.3} ms; host copies {:.3} + {:.3} ms",
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
        let _ = write!(
            s,
            "\nall passes: {:.3} ms (input ready in {:.1} ms)",
            r.total_ms, r.input_ms
        );
        if let Some(c) = &r.check {
            let _ = write!(
                s,
                "\ncheck: rel. L2 {:.3e}, max abs {:.3e}{} (tolerance {:.1e}): {}",
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
            let _ = write!(s, "\noutput: {o}");
        }
        s
    }
}
