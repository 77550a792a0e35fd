//! `jitfft vc`: compute a VC spectrum on a device, time it, optionally check it.

use super::common::{open_one, open_one_or_set, say, Opened, RunFlags};
use crate::routes::{run_vc, ChunkProgress, Notice, RunOptions};
use crate::runtime::DeviceSet;
use crate::vc::overlap::DownloadMode;
use crate::vc::request::Request;
use crate::vc::storage::HalfStorage;
use crate::vc::{Direction, Precision, VcOptions, VcPlan};
use anyhow::Result;
use clap::{Args, ValueEnum};
use std::io::IsTerminal;
use std::sync::{Arc, Mutex};

/// `--algorithm` of the VC transform.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum AlgoArg {
    /// Cooley-Tukey: one radix-r butterfly kernel a pass (the paper's CT).
    Ct,
    /// Constant geometry: the same kernel every pass (the paper's CG).
    Cg,
    /// Several digits a pass in local memory.
    Fused,
}
/// `--fused-layout`.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum LayoutArg {
    /// Staged where written runs are whole 32-byte sectors, else in place.
    Auto,
    /// Rotate the transformed digits to the top (constant geometry).
    Rotate,
    /// Work in place.
    Inplace,
    /// Stage each pass's tile contiguously for the next.
    Staged,
}
/// `--coeffs`.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum CoeffsArg {
    /// The first row of coefficients in constant memory (the paper's).
    ConstFirst,
    /// The whole coefficient matrix in constant memory.
    ConstMatrix,
    /// Coefficients as literals in the kernel source.
    Literal,
}
/// `--precision`.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum PrecisionArg {
    /// Single precision (complex64).
    F32,
    /// Double precision (complex128; the device must support fp64).
    F64,
}
/// `--precision` of `vc` (and `source vc`, `stats vc`): the arithmetic, or 16-bit storage
/// computed in f32.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum VcPrecisionArg {
    /// Single precision (complex64).
    F32,
    /// Double precision (complex128; the device must support fp64).
    F64,
    /// Stored as IEEE half (two halves a complex value), computed in f32; .npy files hold
    /// float16 with a trailing axis of 2 (re, im).
    F16,
    /// Stored as bfloat16, computed in f32 (random input or text output: .npy has no
    /// bfloat16 jitfft can read).
    Bf16,
}

impl VcPrecisionArg {
    /// The library's arithmetic and storage.
    pub fn split(self) -> (Precision, Option<HalfStorage>) {
        match self {
            VcPrecisionArg::F32 => (Precision::F32, None),
            VcPrecisionArg::F64 => (Precision::F64, None),
            VcPrecisionArg::F16 => (Precision::F32, Some(HalfStorage::F16)),
            VcPrecisionArg::Bf16 => (Precision::F32, Some(HalfStorage::Bf16)),
        }
    }
}

/// `--norm`.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum NormArg {
    /// No scaling.
    None,
    /// 1/N.
    Full,
    /// 1/√N.
    Ortho,
}
/// `--encoding`: how integer inputs become complex values.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq)]
pub enum EncodingArg {
    /// The integer v itself.
    Values,
    /// ε^v with ε = e^(2πi/p).
    Roots,
}

/// The flags that define a transform (shared by `vc` and `source vc`).
#[derive(Args, Debug, Clone)]
pub struct TransformArgs {
    /// Number of values of the function (p ≥ 2; p = 2 is Walsh-Hadamard).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Number of variables (N = p^n); inferred from --input when omitted.
    #[arg(long, value_name = "N")]
    pub n: Option<u32>,
    /// Algorithm (default: the choice `jitfft tune` stored for this device and size, else fused;
    /// ct when --radix is given).
    #[arg(long, value_enum, value_name = "ALGO")]
    pub algo: Option<AlgoArg>,
    /// Butterfly radix r = p^m (default p).
    #[arg(long, value_name = "R")]
    pub radix: Option<u64>,
    /// Coefficients of the ct/cg kernels (default const-first, the paper's).
    #[arg(long, value_enum, value_name = "MODE")]
    pub coeffs: Option<CoeffsArg>,
    /// Arithmetic on the device; f16 and bf16 store every buffer in 16 bits and compute in
    /// f32 (half the bytes of f32; --norm ortho keeps large sums below f16's 65504).
    #[arg(long, value_enum, default_value = "f32", value_name = "PRECISION")]
    pub precision: VcPrecisionArg,
    /// Compute the inverse transform.
    #[arg(long)]
    pub inverse: bool,
    /// Scaling of whichever direction runs (default: none forward, full inverse).
    #[arg(long, value_enum, value_name = "NORM")]
    pub norm: Option<NormArg>,
    /// Fused: the most digits one pass transforms (default: what 48 KB of local memory holds).
    #[arg(long, value_name = "DIGITS")]
    pub fused_digits: Option<u32>,
    /// Fused: lane digits per tile (default: contiguous runs of ≥ 32 bytes, 64 where that adds
    /// no pass).
    #[arg(long, value_name = "DIGITS")]
    pub fused_lanes: Option<u32>,
    /// Fused: work in place, rotate the transformed digits to the top (constant geometry), or
    /// stage each pass's tile contiguously for the next (strided runs only on writes); auto
    /// stages where the written runs are whole 32-byte sectors, else works in place.
    #[arg(long, value_enum, default_value = "auto", value_name = "LAYOUT")]
    pub fused_layout: LayoutArg,
    /// Fused: complex values a work-item prefers to hold (default 32 for f32, 16 for f64;
    /// more where the work-group limit requires). Fewer values, more work-items: shorter
    /// chains where a transform does not fill the device.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=256), value_name = "VALUES")]
    pub fused_values: Option<u32>,
    /// Independent transforms of N points, stored one after another (row-major (B, p, …, p));
    /// an .npy input of shape (B, p^n) or (B, p, …, p) sets it (a .txt input with --batch
    /// holds one truth vector a line).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..), value_name = "B")]
    pub batch: Option<u64>,
    /// ct with literal coefficients: CPU-shaped kernels, each work-item computing LANES
    /// butterflies at consecutive positions (whole cache lines of each row) in every pass
    /// whose operand distance is a multiple of LANES (default: one butterfly a work-item; the
    /// CPU-device rule picks 8 (f32) / 4 (f64) where 4 KB-multiple strides would thrash).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=64), value_name = "LANES")]
    pub ct_lanes: Option<u32>,
}

/// One spelling for clap and the library: each flag enum maps onto the library enum of the
/// same kebab-case name (`FromStr` of `vc::plan` and `transform`).
pub(super) fn lib<A: ValueEnum, L: std::str::FromStr>(a: A) -> L {
    let name = a.to_possible_value().map(|v| v.get_name().to_string());
    match name.as_deref().map(str::parse) {
        Some(Ok(l)) => l,
        // The flag enums are written from the library's names (tests/cli_grammar checks them).
        _ => unreachable!("a flag value without its library name"),
    }
}

impl TransformArgs {
    /// The library request these flags make (no input or run options).
    pub fn request(&self) -> Request {
        Request {
            n: self.n,
            batch: self.batch,
            algorithm: self.algo.map(lib),
            radix: self.radix,
            coeffs: self.coeffs.map(lib),
            precision: self.precision.split().0,
            half: self.precision.split().1,
            direction: if self.inverse {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm: self.norm.map(lib),
            fused_digits: self.fused_digits,
            fused_lanes: self.fused_lanes,
            fused_layout: lib(self.fused_layout),
            fused_values: self.fused_values,
            ct_lanes: self.ct_lanes,
            ..Request::new(self.p)
        }
    }

    /// The library options these flags ask for ([`Request::options`]).
    pub fn options(&self) -> VcOptions {
        self.request().options()
    }

    /// True when no flag chose the schedule ([`Request::schedule_open`]).
    pub fn schedule_open(&self) -> bool {
        self.request().schedule_open()
    }

    /// The plan, with n from the flags (required when there is no input file).
    pub fn plan(&self, n: Option<u32>) -> Result<VcPlan> {
        let req = self.request();
        Ok(req.plan(n, None)?.with_half(req.half)?)
    }
}

/// `--input`: .npy (complex, real or integer; 1-D of length p^n or shape (p,)*n) or a .txt
/// truth vector. `--output`: .npy (complex64 for f32, complex128 for f64) or .txt (one
/// `re im` pair a line); `-` writes text to stdout.
#[derive(Args, Debug)]
pub struct VcArgs {
    /// The transform.
    #[command(flatten)]
    pub t: TransformArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// How integer input values become complex input: v itself, or ε^v with ε = e^(2πi/p).
    #[arg(long, value_enum, default_value = "values", value_name = "ENCODING")]
    pub encoding: EncodingArg,
    /// --check: the largest relative L2 error that passes (default 2e-6 for f32, 1e-13 for
    /// f64, 2e-3 for f16, 2e-2 for bf16).
    #[arg(long, value_name = "TOL", requires = "check")]
    pub tolerance: Option<f64>,
    /// Refuse input holding NaN or infinite values (without it they are reported on stderr).
    #[arg(long)]
    pub strict: bool,
    /// Host data end to end with transfers overlapped with compute: chunked uploads on a
    /// second queue, pass 1 on each chunk as it lands, the last pass in pieces each downloaded
    /// as it finishes; reported against the pinned-transfer floor measured in the same run.
    #[arg(long)]
    pub overlap: bool,
    /// Integer input travels to the device as a compact truth vector (one byte a value for
    /// p ≤ 256) that the first fused pass decodes with --encoding (values or roots, ε^v from
    /// a table in constant memory); values outside 0..p−1 are found on the device. Random
    /// input: uniform values 0..p−1.
    #[arg(long, conflicts_with = "overlap")]
    pub truth: bool,
    /// With --overlap: chunks of whole work-groups (default 8, fewer when the schedule has fewer).
    #[arg(long, requires = "overlap", value_name = "CHUNKS")]
    pub chunks: Option<usize>,
    /// With --overlap: finished pieces come back by rectangle reads (rect, default) or are
    /// packed on the device first into the consumed input range (packed; rotate layout and cg).
    #[arg(long, value_enum, requires = "overlap", value_name = "MODE")]
    pub download: Option<DownloadArg>,
    /// Distribute the transform over MPI ranks (`mpirun -np P jitfft vc --mpi …`), one device
    /// each; P a power of p with P² ≤ N. Needs a build with `--features mpi`.
    #[arg(long)]
    pub mpi: bool,
    /// With --mpi: leave the result with the top two groups of k digits swapped (P = p^k; one
    /// all-to-all less).
    #[arg(long, requires = "mpi")]
    pub keep_transposed: bool,
    /// With --mpi: exchange chunks, a power of p (default about 4).
    #[arg(long, requires = "mpi", value_name = "K")]
    pub mpi_chunks: Option<u64>,
    /// With --mpi: also time a plain MPI_Sendrecv ring of the bytes each rank exchanged.
    #[arg(long, requires = "mpi")]
    pub sendrecv_probe: bool,
    /// Stream the transform through the device: the array stays in host memory and each pass
    /// runs over chunks uploaded, transformed and downloaded on three queues (what a plan that
    /// does not fit the device does by itself). Reports each pass against the pinned rate.
    #[arg(long, conflicts_with_all = ["overlap", "truth", "mpi"])]
    pub stream: bool,
    /// Real input, numpy's half spectrum out (`numpy.fft.rfftn`: shape (p,)*(n−1) + (p//2+1,));
    /// with --inverse that half spectrum in, real values out (`irfftn(y, s=(p,)*n)`).
    #[arg(long)]
    pub real: bool,
    /// With --json and an --output file: also measure the disk floor after the run (a plain
    /// write + fdatasync and read back of the output's bytes in its folder) and report it as
    /// `disk_floor` beside the run's own file-to-file time. Off by default: it costs about
    /// as long as the run's own file I/O.
    #[arg(long, requires = "json")]
    pub disk_floor: bool,
    /// Show the progress of streamed runs (chunks done) on stderr even where stderr is not a
    /// terminal (a line each 10%); on a terminal a bar shows anyway. Never with --quiet.
    #[arg(long)]
    pub progress: bool,
}

/// `--download` of overlapped runs.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum DownloadArg {
    /// Rectangle reads of the finished pieces.
    Rect,
    /// Packed on the device first into the consumed input range.
    Packed,
}

impl VcArgs {
    /// The library request these flags make.
    pub fn request(&self) -> Request {
        Request {
            input: self.run.input.clone(),
            output: self.run.output.clone(),
            roots: self.encoding == EncodingArg::Roots,
            check: self.run.check,
            truth: self.truth,
            overlap: self.overlap.then_some(match self.download {
                Some(DownloadArg::Packed) => DownloadMode::Packed,
                _ => DownloadMode::Rect,
            }),
            stream: self.stream,
            real: self.real,
            ..self.t.request()
        }
    }

    /// How the flags ask the run to be measured and checked.
    pub fn options(&self) -> RunOptions {
        RunOptions {
            seed: self.run.seed,
            repeat: self.run.repeat,
            tolerance: self.tolerance,
            strict: self.strict,
            chunks: self.chunks,
            progress: None,
            file_progress: None,
            disk_floor: self.disk_floor,
        }
    }
}

/// Runs `jitfft vc`: the flags checked, the device opened, the request run on the route the
/// library resolves (`routes::run_vc`) and its report printed.
pub fn run(a: VcArgs) -> Result<()> {
    if let (true, Some(h)) = (a.mpi, a.t.precision.split().1) {
        anyhow::bail!("--precision {h} with --mpi: the MPI exchanges move f32 or f64 slabs; run on one device (without --mpi) or with --precision f32");
    }
    if a.mpi {
        #[cfg(feature = "mpi")]
        return super::vc_mpi::run(a);
        #[cfg(not(feature = "mpi"))]
        anyhow::bail!("--mpi: this jitfft was built without MPI; build it with `cargo build --release --features mpi` (Open MPI: tools/setup.sh --mpi)");
    }
    a.run.validate()?;
    let (req, mut opts) = (a.request(), a.options());
    opts.check()?;
    let bar = chunk_progress(a.progress, "stream", "chunks");
    if let Some(b) = bar.clone() {
        opts.progress = Some(ChunkProgress(Arc::new(move |done, all| b.show(done, all))));
    }
    // In-memory file runs: the files' reads and writes (never in --json: no bar, no lines).
    let file_bar =
        chunk_progress(a.progress, "file", "MiB").filter(|_| !a.run.json && a.run.input.is_some());
    if let Some(b) = file_bar.clone() {
        opts.file_progress = Some(ChunkProgress(Arc::new(move |done, all| b.show(done, all))));
    }
    if let Some(out) = &req.output {
        // Half runs also write raw (re, im) pairs (`vc::half_io`).
        if req.half.is_none() || !crate::vc::half_io::is_raw(out) {
            crate::io::output::check_output_path(out)?;
        }
    }
    let t_open = std::time::Instant::now();
    let mut notice = |n| match n {
        Notice::Note(s) => super::common::info(format_args!("note: {s}")),
        Notice::Warning(s) => eprintln!("warning: {s}"),
    };
    let (sel, what) = (a.run.device.as_deref(), "vc without --batch");
    let opened = match open_one_or_set(sel, true, what)? {
        // A plain run that fits one member: one device (a list is refused there).
        Opened::Set(set) if !splits(&a, &req, &set)? => {
            drop(set);
            Opened::One(open_one(sel, what)?)
        }
        o => o,
    };
    let (gpu, report) = match opened {
        Opened::Set(set) => {
            let report = crate::routes::run_vc_set(&req, &opts, &set, &mut notice);
            (set.members.into_iter().next(), report)
        }
        Opened::One(gpu) => {
            let report = run_vc(&req, &opts, &gpu, &mut notice);
            (Some(gpu), report)
        }
    };
    let gpu = gpu.expect("a device set has a member");
    let device_open_ms = t_open.elapsed().as_secs_f64() * 1e3;
    for b in [&bar, &file_bar].into_iter().flatten() {
        b.done();
    }
    let report = report?;
    // `--json`: the report with the host time opening the device took (a step of what the
    // user waits for that no route sees).
    super::common::print_and_conclude(
        a.run.json,
        || crate::report::families::vc(&report, &gpu.info, device_open_ms),
        || say!("{}", report.text(&gpu.describe())),
        report
            .check()
            .and_then(crate::vc::report::CheckReport::failure),
    )
}

/// Whether a set of several runs the request: a batched run (`--batch`, or an input file's
/// rows), a streamed one (`--stream`) or one too large for a member's memory.
fn splits(a: &VcArgs, req: &Request, set: &DeviceSet) -> Result<bool> {
    let batched = a.t.batch.is_some() || a.run.input.is_some();
    Ok(batched || req.stream || crate::routes::streams_over(req, set)?.is_some())
}

/// A long run's progress on stderr (streamed chunks, or MiB of an in-memory file run read and
/// written): a bar on a terminal, else with `--progress` a line at each tenth; nothing with
/// `--quiet`.
#[derive(Clone)]
pub(super) struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// Tenths printed so far (the text form).
    tenths: Arc<Mutex<u64>>,
    /// What moves (`stream`, `file`) and its unit (`chunks`, `MiB`), for the text lines.
    what: &'static str,
    unit: &'static str,
}

pub(super) fn chunk_progress(
    forced: bool,
    what: &'static str,
    unit: &'static str,
) -> Option<Progress> {
    let tty = std::io::stderr().is_terminal();
    if super::common::quiet() || !(tty || forced) {
        return None;
    }
    Some(Progress {
        bar: tty.then(|| super::bench::progress(0)),
        tenths: Arc::new(Mutex::new(0)),
        what,
        unit,
    })
}

impl Progress {
    pub(super) fn show(&self, done: u64, all: u64) {
        if let Some(b) = &self.bar {
            b.set_length(all);
            b.set_position(done);
            return;
        }
        let mut t = self.tenths.lock().unwrap_or_else(|e| e.into_inner());
        let now = done * 10 / all.max(1);
        if now > *t {
            *t = now;
            eprintln!("{}: {done}/{all} {} ({}%)", self.what, self.unit, now * 10);
        }
    }

    pub(super) fn done(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::{Algorithm, Coeffs, Norm, Precision};

    /// Every flag value parses as the library enum of the same name (one spelling).
    #[test]
    fn flag_values_are_library_names() {
        for a in AlgoArg::value_variants() {
            let _: Algorithm = lib(*a);
        }
        for c in CoeffsArg::value_variants() {
            let _: Coeffs = lib(*c);
        }
        for p in PrecisionArg::value_variants() {
            let _: Precision = lib(*p);
        }
        for n in NormArg::value_variants() {
            let _: Norm = lib(*n);
        }
        for w in crate::cli::wht::WhtPrecisionArg::value_variants() {
            let _: crate::vc::wht::Storage = lib(*w);
        }
        for l in LayoutArg::value_variants() {
            let _: crate::vc::plan::FusedLayout = lib(*l);
        }
        for n in crate::cli::wht::WhtNormArg::value_variants() {
            let _: crate::vc::wht::WhtNorm = lib(*n);
        }
        for p in crate::cli::mvl::PrecisionChoice::value_variants() {
            let _: Precision = lib(*p);
        }
        for w in crate::cli::reproduce::Which::value_variants() {
            let _: crate::bench::reproduce::Selection = lib(*w);
        }
        assert_eq!("const-matrix".parse::<Coeffs>(), Ok(Coeffs::ConstMatrix));
        let err = "fft".parse::<Algorithm>().unwrap_err();
        assert!(err.contains("'ct', 'cg', 'fused'"), "{err}");
    }
}
