//! A `jitfft fft` request on the route it takes: in memory (`FftRequest::run`), streamed
//! where asked (`--stream`) or where its plan does not fit the device (told on `note`), or
//! overlapped (`--overlap`: host data end to end, the array resident on the device between the
//! passes). A streamed or overlapped run reports as the in-memory one does (`FftReport`, its
//! times the event sums over every chunk) with the passes' figures in `stream` (overlapped:
//! with the end to end against the pinned floor), and checks against the same reference.

use super::plan::{footprint, refuse, Mode};
use super::report::{OverlapFigures, StreamFigures};
use super::run::{HostReal, Progress, StreamedFft};
use crate::error::{JitError, Result};
use crate::fft::report::FftReport;
use crate::fft::request::{FftOutput, FftRequest, PreparedInput, Values};
use crate::fft::FftPlan;
use crate::runtime::memory_fit::check_memory;
use crate::runtime::stream_figures::PassClock;
use crate::runtime::timing::{warm_then_timed, Clock, RunTimes};
use crate::runtime::Gpu;
use crate::transform::Precision;
use num_complex::Complex64;
use rayon::prelude::*;
use std::time::Instant;

/// How a request may stream.
#[derive(Clone, Default)]
pub struct StreamOpts {
    /// Stream even where the plan fits (`--stream`).
    pub stream: bool,
    /// The most bytes a chunk's array holds (`--chunk-mib`).
    pub chunk_bytes: Option<u64>,
    /// Overlapped (`--overlap`), in this many chunks a pass where given (`--chunks`).
    pub overlap: Option<Option<u64>>,
    /// Told after each chunk.
    pub progress: Option<Progress>,
}

impl StreamOpts {
    /// The options of `--stream`, `--chunk-mib` (MiB) and a progress report. Errors: a chunk
    /// cap that is not a positive number.
    pub fn new(
        stream: bool,
        chunk_mib: Option<f64>,
        progress: Option<Progress>,
    ) -> Result<StreamOpts> {
        let bytes = |mib: f64| match mib.is_finite() && mib * 1048576.0 >= 1.0 {
            true => Ok((mib * 1048576.0) as u64),
            false => Err(JitError::invalid(format!(
                "--chunk-mib {mib}: give a positive number of MiB (fractions allowed, e.g. 0.25)"
            ))),
        };
        Ok(StreamOpts {
            stream,
            chunk_bytes: chunk_mib.map(bytes).transpose()?,
            overlap: None,
            progress,
        })
    }

    /// The options overlapped (`--overlap`), in `chunks` chunks a pass where given.
    pub fn overlapped(mut self, overlap: bool, chunks: Option<u64>) -> StreamOpts {
        self.overlap = overlap.then_some(chunks);
        self
    }
}

/// The whole complex plan of `req` on `shape`.
fn whole_plan(req: &FftRequest, shape: &[u64]) -> Result<FftPlan> {
    FftPlan::new(
        shape,
        &req.axes,
        req.direction,
        req.norm.scaling(req.direction),
        req.precision,
    )?
    .with_half(req.half)
}

/// Why `req` on `shape` streams: `--stream`, or (a complex n-D plan of f32 or f64 storage) the
/// in-memory refusal of a plan beyond `gpu`'s memory; `None` runs in memory. Refuses
/// `--stream` with what does not stream, before any device work.
pub fn reason(
    req: &FftRequest,
    gpu: &Gpu,
    shape: &[u64],
    opts: &StreamOpts,
) -> Result<Option<String>> {
    let whole = whole_plan(req, shape)?;
    if opts.overlap.is_some() {
        if req.real {
            return Err(JitError::invalid(
                "--overlap runs the complex n-D FFT (fftn/ifftn of 2 or more axes, f32 or f64): --real (rfftn/irfftn) is not overlapped; run it without --overlap",
            ));
        }
        refuse(&whole, Mode::Overlap)?;
        return Ok(Some("--overlap".into()));
    }
    if opts.stream || opts.chunk_bytes.is_some() {
        if req.real {
            return Err(JitError::invalid(
                "--stream runs the complex FFT: --real (rfftn/irfftn) does not stream",
            ));
        }
        refuse(&whole, Mode::Stream)?;
        return Ok(Some("--stream".into()));
    }
    if req.real || refuse(&whole, Mode::Stream).is_err() {
        return Ok(None);
    }
    let (largest, total) = footprint(&whole);
    let fits = check_memory(
        &gpu.info,
        largest,
        total,
        |n, l| format!("its largest array ({n}) exceeds one allocation ({l})"),
        |n, l| format!("it needs {n} of device memory, the device has {l}"),
    );
    Ok(fits.err().map(|e| {
        format!(
            "shape {shape:?} does not fit the device in memory: {}",
            e.to_string().trim_start_matches("device: ")
        )
    }))
}

/// Runs `req` on the route it takes (see the module's note); `note` hears why it streams when
/// the plan did not fit.
pub fn run(
    req: &FftRequest,
    gpu: &Gpu,
    input: PreparedInput,
    shape: Vec<u64>,
    opts: &StreamOpts,
    note: &mut dyn FnMut(String),
) -> Result<(FftReport, FftOutput)> {
    match reason(req, gpu, &shape, opts)? {
        None => req.run(gpu, input, shape),
        Some(why) => {
            if !opts.stream && opts.overlap.is_none() {
                note(format!("{why}: streaming it through the device"));
            }
            match req.precision {
                Precision::F32 => run_streamed::<f32>(req, gpu, input, shape, opts, why),
                Precision::F64 => run_streamed::<f64>(req, gpu, input, shape, opts, why),
            }
        }
    }
}

fn run_streamed<T: HostReal>(
    req: &FftRequest,
    gpu: &Gpu,
    input: PreparedInput,
    shape: Vec<u64>,
    opts: &StreamOpts,
    why: String,
) -> Result<(FftReport, FftOutput)> {
    let whole = whole_plan(req, &shape)?;
    let Values::Complex(x) = &input.0 else {
        return Err(JitError::invalid("the streamed FFT takes complex input"));
    };
    let streamed = match opts.overlap {
        Some(chunks) => StreamedFft::overlapped(gpu, &whole, chunks)?,
        None => StreamedFft::new(gpu, &whole, opts.chunk_bytes)?,
    }
    .with_progress(opts.progress.clone());
    let floor = streamed.floor(3)?;
    let sequential = match opts.overlap {
        Some(_) => Some(streamed.sequential_floor(3)?),
        None => None,
    };
    let mut passes = Vec::new();
    let (host, runs) = warm_then_timed(req.repeat, || {
        let mut host: Vec<T> = x
            .par_iter()
            .flat_map_iter(|c| [T::from_f64(c.re), T::from_f64(c.im)])
            .collect();
        let t0 = Instant::now();
        let p = streamed.run(gpu, &mut host)?;
        let host_ms = t0.elapsed().as_secs_f64() * 1e3;
        let sum = |f: fn(&PassClock) -> f64| p.iter().map(|t| f(&t.clock)).sum::<f64>();
        let times = RunTimes {
            kernel_ms: sum(|t| t.kernel_ms),
            kernel_span_ms: sum(|t| t.span_ms),
            pass_ms: p.iter().map(|t| t.clock.kernel_ms).collect(),
            upload_ms: sum(|t| t.upload_ms),
            download_ms: sum(|t| t.download_ms),
            host_ms,
            clock: Clock::Events,
        };
        passes.push(p);
        Ok((host, times))
    })?;
    let y: Vec<Complex64> = host
        .par_chunks(2)
        .map(|c| Complex64::new(c[0].to_f64(), c[1].to_f64()))
        .collect();
    let out = FftOutput::Complex(y, shape.clone());
    let mut report = FftReport::new(gpu, "fftn", &streamed.transforms(), req.norm)
        .with_times(&runs, req.input_label());
    report.transform.shape = shape.clone();
    report.device_bytes = streamed.device_bytes();
    // The warm-up's passes are not among the timed runs.
    let timed = &passes[passes.len() - runs.len()..];
    let mut figures = StreamFigures::new(
        why,
        streamed.passes.clone(),
        streamed.slot_bytes(),
        floor,
        timed,
    );
    if let (Some(floor), Some(run)) = (sequential, StreamFigures::fastest(timed)) {
        let chunks = opts.overlap.flatten();
        let resident = streamed.resident_bytes();
        figures.overlap = Some(OverlapFigures::new(
            run,
            floor,
            (chunks, resident > 0),
            (resident, streamed.device_bytes(), streamed.pinned_bytes()),
        ));
    }
    report.stream = Some(figures);
    if req.check {
        let t0 = Instant::now();
        let want = req.expected(&input, &shape)?;
        report.check = Some(req.check_against(&out, &want, t0));
    }
    Ok((report, out))
}
