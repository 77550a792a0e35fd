//! `jitfft fft`: numpy's fftn / ifftn / rfftn / irfftn of any shape on a device, timed by
//! profiling events, optionally checked against RustFFT in f64 (`fft::request` runs it).

use super::common::{open_device, print_and_conclude, say_lines, write_data, RunFlags};
use super::vc::VcPrecisionArg;
use crate::fft::request::FftRequest;
use crate::fft::stream::{Progress, StreamOpts};
use crate::fft::NumpyNorm;
use crate::transform::Direction;
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::sync::Arc;

/// `--norm`: numpy's names.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum NormArg {
    /// None forward, 1/n inverse (numpy's default).
    Backward,
    /// 1/√n both ways.
    Ortho,
    /// 1/n forward, none inverse.
    Forward,
}

/// The flags that define a transform (shared by `fft` and `source fft`).
#[derive(Args, Debug)]
pub struct FftSpecArgs {
    /// The array's shape, lengths separated by commas (e.g. 1000,768 or 2^20); irfftn: the
    /// real output's. From --input when omitted.
    #[arg(long, value_delimiter = ',', value_parser = crate::fft::plan::parse_length, value_name = "N,…")]
    pub shape: Option<Vec<u64>>,
    /// Axes to transform (numpy's rule: negative counts from the end; default: all).
    #[arg(
        long,
        value_delimiter = ',',
        allow_hyphen_values = true,
        value_name = "AXIS,…"
    )]
    pub axes: Vec<i64>,
    /// The inverse transform (e^(+2πi·jk/n)).
    #[arg(long)]
    pub inverse: bool,
    /// Real input (rfftn: the half spectrum on the last axis) or, with --inverse, real output
    /// (irfftn).
    #[arg(long)]
    pub real: bool,
    /// Scaling, numpy's names.
    #[arg(long, value_enum, default_value_t = NormArg::Backward, value_name = "NORM")]
    pub norm: NormArg,
    /// Arithmetic on the device; f16 and bf16 store every buffer in 16 bits and compute in
    /// f32 (half the bytes of f32; --norm ortho keeps large sums below f16's 65504).
    #[arg(long, value_enum, default_value_t = VcPrecisionArg::F32, value_name = "PRECISION")]
    pub precision: VcPrecisionArg,
}

/// `--input`: a `.npy` array (complex, or real: rfftn takes only real); its shape is the
/// transform's. `--output`: `.npy` of the result's dtype and shape (complex64/128; irfftn:
/// float32/64), or text (`-`: stdout), one value a line. With --precision f16/bf16 as `vc`'s
/// half runs: float16 `.npy` with a last axis of 2 (re, im) in and out, raw `.raw`/`.bin`
/// files of 16-bit (re, im) pairs (their shape from --shape), no bfloat16 `.npy`.
#[derive(Args, Debug)]
pub struct FftArgs {
    /// The transform.
    #[command(flatten)]
    pub t: FftSpecArgs,
    /// Complex values a fused launch keeps in local memory (1: register passes, one launch a
    /// radix; default: the schedule `jitfft tune fft` stored for this device and plan, else
    /// what local memory holds, at most 32 KiB).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), value_name = "V")]
    pub local_values: Option<u64>,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// Stream the transform through the device: the array stays in host memory; slabs of the
    /// first axis, then column blocks for it, are uploaded, transformed and downloaded on three
    /// queues (what a plan that does not fit the device does by itself). Complex n-D, f32/f64.
    #[arg(long)]
    pub stream: bool,
    /// With --stream: the most MiB a chunk holds on the device (fractions allowed; default:
    /// what the device's memory allows).
    #[arg(long, requires = "stream", value_name = "MIB")]
    pub chunk_mib: Option<f64>,
    /// Show a streamed run's progress (chunks done) on stderr even where it is not a terminal.
    #[arg(long)]
    pub progress: bool,
    /// Host data end to end with transfers overlapped with compute: the array goes up once
    /// (slabs of the first axis, each transformed as it lands) and stays on the device for
    /// the column blocks of the first axis, each downloaded as it finishes; reported against
    /// one pinned upload plus one download measured in the same run. Complex n-D, f32/f64.
    #[arg(long, conflicts_with_all = ["stream", "chunk_mib", "mpi"])]
    pub overlap: bool,
    /// With --overlap: chunks a pass (each ⌈units/K⌉ slabs or columns, so K or fewer; default
    /// 8, more where the device's memory needs them).
    #[arg(long, requires = "overlap", value_name = "K")]
    pub chunks: Option<u64>,
    /// Distribute the transform over MPI ranks (`mpirun -np P jitfft fft --mpi …`), one device
    /// each, on slabs of axis 0: complex n-D, f32/f64. Needs a build with `--features mpi`.
    #[arg(long, conflicts_with_all = ["stream", "chunk_mib", "progress"])]
    pub mpi: bool,
}

impl FftSpecArgs {
    /// The request these flags make, with the run's flags where there are any.
    pub fn request(&self, run: Option<&RunFlags>) -> FftRequest {
        let a = self;
        FftRequest {
            shape: a.shape.clone(),
            axes: a.axes.clone(),
            direction: if a.inverse {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm: match a.norm {
                NormArg::Backward => NumpyNorm::Backward,
                NormArg::Ortho => NumpyNorm::Ortho,
                NormArg::Forward => NumpyNorm::Forward,
            },
            precision: a.precision.split().0,
            half: a.precision.split().1,
            real: a.real,
            input: run.and_then(|r| r.input.clone()),
            seed: run.and_then(|r| r.seed),
            check: run.is_some_and(|r| r.check),
            repeat: run.map_or(1, |r| r.repeat),
            local_values: None,
        }
    }
}

/// Runs `jitfft fft`.
pub fn run(a: FftArgs) -> Result<()> {
    let req = FftRequest {
        local_values: a.local_values,
        ..a.t.request(Some(&a.run))
    };
    if a.mpi {
        #[cfg(feature = "mpi")]
        return super::vc_mpi::fft(&a.run, req);
        #[cfg(not(feature = "mpi"))]
        anyhow::bail!("--mpi: this jitfft was built without MPI; build it with `cargo build --release --features mpi` (Open MPI: tools/setup.sh --mpi)");
    }
    a.run.validate()?;
    // Everything about the request is validated before a device is opened.
    let what = if a.overlap { "overlap" } else { "stream" };
    let bar = super::vc::chunk_progress(a.progress, what, "chunks");
    let progress = bar
        .clone()
        .map(|b| Arc::new(move |d, n| b.show(d, n)) as Progress);
    let opts = StreamOpts::new(a.stream, a.chunk_mib, progress)?.overlapped(a.overlap, a.chunks);
    let (input, shape) = req.prepare_for(a.run.output.as_deref())?;
    let gpu = open_device(a.run.device.as_deref())?;
    let note = &mut |s: String| super::common::info(format_args!("note: {s}"));
    let ran = crate::fft::stream::route::run(&req, &gpu, input, shape, &opts, note);
    bar.inspect(|b| b.done());
    let (mut report, out) = ran?;
    let failed = report.check_failed();
    if let (Some(path), false) = (&a.run.output, failed) {
        write_data(path, &out.encode(path, (req.precision, req.half)))?;
        report.output = Some(path.display().to_string());
    }
    print_and_conclude(
        a.run.json,
        || crate::report::families::fft(&report),
        || say_lines(&report.lines(&gpu.describe())),
        failed.then(|| {
            "the device result differs from the f64 reference beyond the tolerance".to_string()
        }),
    )
}
