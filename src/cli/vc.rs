//! `jitfft vc`: compute a VC spectrum on a device, time it, optionally check it.

use super::common::{check_output_path, open_device, print_json, write_spectrum, RunFlags};
use crate::io::input::{find_non_finite, load_input_batch, Encoding, NonFinitePolicy};
use crate::io::random::{fresh_seed, random_complex};
use crate::vc::overlap::{DownloadMode, Overlapped};
use crate::vc::plan::FusedLayout;
use crate::vc::report::{CheckReport, TimingReport, TransformReport};
use crate::vc::{Algorithm, Coeffs, Direction, Norm, Precision, VcOptions, VcPlan, VcTransform};
use anyhow::{bail, Result};
use clap::{Args, ValueEnum};
use num_complex::Complex64;

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
    /// Arithmetic on the device.
    #[arg(long, value_enum, default_value = "f32", value_name = "PRECISION")]
    pub precision: PrecisionArg,
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
}

impl TransformArgs {
    /// The library options these flags ask for.
    pub fn options(&self) -> VcOptions {
        VcOptions {
            algorithm: match self.algo {
                Some(AlgoArg::Ct) => Algorithm::Ct,
                Some(AlgoArg::Cg) => Algorithm::Cg,
                Some(AlgoArg::Fused) => Algorithm::Fused,
                // A radix names the paper's per-butterfly kernels; otherwise fused by rule.
                None if self.radix.is_some() => Algorithm::Ct,
                None => Algorithm::Fused,
            },
            radix: self.radix,
            coeffs: match self.coeffs {
                Some(CoeffsArg::ConstFirst) | None => Coeffs::ConstFirst,
                Some(CoeffsArg::ConstMatrix) => Coeffs::ConstMatrix,
                Some(CoeffsArg::Literal) => Coeffs::Literal,
            },
            precision: match self.precision {
                PrecisionArg::F32 => Precision::F32,
                PrecisionArg::F64 => Precision::F64,
            },
            direction: if self.inverse {
                Direction::Inverse
            } else {
                Direction::Forward
            },
            norm: self.norm.map(|n| match n {
                NormArg::None => Norm::None,
                NormArg::Full => Norm::Full,
                NormArg::Ortho => Norm::Ortho,
            }),
            fused_digits: self.fused_digits,
            fused_lanes: self.fused_lanes,
            fused_layout: match self.fused_layout {
                LayoutArg::Auto => FusedLayout::Auto,
                LayoutArg::Rotate => FusedLayout::Rotate,
                LayoutArg::Inplace => FusedLayout::Inplace,
                LayoutArg::Staged => FusedLayout::Staged,
            },
            fused_values: self.fused_values,
        }
    }

    /// The plan, with n from the flags (required when there is no input file).
    pub fn plan(&self, n: Option<u32>) -> Result<VcPlan> {
        let n = match n.or(self.n) {
            Some(n) => n,
            None => bail!("--n is required when no --input is given (N = p^n)"),
        };
        Ok(VcPlan::new(self.p, n, self.options())?.with_batch(self.batch.unwrap_or(1))?)
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
    /// f64).
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
}

/// `--download` of overlapped runs.
#[derive(ValueEnum, Clone, Copy, Debug)]
pub enum DownloadArg {
    /// Rectangle reads of the finished pieces.
    Rect,
    /// Packed on the device first into the consumed input range.
    Packed,
}

pub use crate::vc::report::default_tolerance;

use super::vc_report::{overlap_report, print_human, VcReport};

/// Runs `jitfft vc`.
pub fn run(a: VcArgs) -> Result<()> {
    if a.mpi {
        #[cfg(feature = "mpi")]
        return super::vc_mpi::run(a);
        #[cfg(not(feature = "mpi"))]
        bail!("--mpi: this jitfft was built without MPI; build it with `cargo build --release --features mpi` (Open MPI: tools/setup.sh --mpi)");
    }
    if let Some(streamed) = super::vc_stream::maybe_run(&a) {
        return streamed;
    }
    a.run.validate()?;
    if a.chunks == Some(0) {
        bail!("--chunks 0: the data moves in at least one chunk (1 means no overlap)");
    }
    if let Some(t) = a.tolerance {
        if !(t >= 0.0 && t.is_finite()) {
            bail!("--tolerance {t}: a finite error bound ≥ 0");
        }
    }
    if let Some(out) = &a.run.output {
        check_output_path(out)?;
    }
    // A .npy already in the plan's dtype moves as bytes through the pinned staging.
    if super::vc_file::try_native(&a)? {
        return Ok(());
    }
    let enc = if a.encoding == EncodingArg::Roots {
        Encoding::Roots
    } else {
        Encoding::Values
    };
    // Validate p and n, and the device's capacity, before drawing or reading any data.
    let mut shape = None;
    let mut t = a.t.clone();
    let mut truth_file = None;
    let (n, file_data) = match &a.run.input {
        Some(path) if a.truth => {
            let tv = crate::mvl::load_truth(path, a.t.p, a.t.n)?;
            if let Some(b) = a.t.batch {
                if b != tv.batch {
                    bail!(
                        "{}: holds {} functions, --batch says {b}",
                        path.display(),
                        tv.batch
                    );
                }
            }
            t.batch = Some(tv.batch);
            shape = (tv.batch > 1).then(|| tv.shape.clone());
            let n = tv.n;
            truth_file = Some(tv);
            (Some(n), None)
        }
        Some(path) => {
            let (n, b, sh, data) = load_input_batch(path, a.t.p, a.t.n, a.t.batch, enc)?;
            t.batch = Some(b);
            shape = (b > 1).then_some(sh);
            let policy = if a.strict {
                NonFinitePolicy::Refuse {
                    refused_by: "--strict",
                }
            } else {
                NonFinitePolicy::Warn
            };
            if let Some(w) = policy.apply(find_non_finite(&data), &path.display().to_string())? {
                eprintln!("warning: {w}");
            }
            (Some(n), Some(data))
        }
        None => (None, None),
    };
    let mut plan = t.plan(n)?;
    let gpu = open_device(a.run.device.as_deref())?;
    if a.truth {
        if a.t.algo.is_none() && a.t.radix.is_none() {
            t.algo = Some(AlgoArg::Fused);
        }
        plan = t.plan(n)?.with_truth(match enc {
            Encoding::Roots => crate::vc::TruthEncoding::Roots,
            Encoding::Values => crate::vc::TruthEncoding::Values,
        })?;
    }
    let untouched = !a.truth
        && a.t.algo.is_none()
        && a.t.radix.is_none()
        && a.t.coeffs.is_none()
        && a.t.fused_digits.is_none()
        && a.t.fused_lanes.is_none()
        && a.t.fused_values.is_none();
    let chosen = crate::vc::choose::plan_for_device(&gpu, plan, a.t.options(), untouched)?;
    let (plan, tuned) = (chosen.plan, chosen.tuned);
    // Truth input: the compact values, and their decoding for the check.
    let truth = if a.truth {
        let tv = match truth_file {
            Some(tv) => tv,
            None => {
                let seed = a.run.seed.unwrap_or_else(fresh_seed);
                crate::mvl::truth_vectors::random_truth(plan.p, plan.n, plan.batch, seed)?
            }
        };
        Some(tv)
    } else {
        None
    };
    let (input, seed, what) = match (file_data, &a.run.input, &truth) {
        (_, Some(path), Some(tv)) => (
            tv.decode(enc == Encoding::Roots),
            None,
            path.display().to_string(),
        ),
        (_, None, Some(tv)) => {
            let seed = a.run.seed.unwrap_or_else(fresh_seed);
            (
                tv.decode(enc == Encoding::Roots),
                Some(seed),
                format!("random truth vectors (seed {seed})"),
            )
        }
        (Some(data), Some(path), None) => (data, None, path.display().to_string()),
        _ => {
            let seed = a.run.seed.unwrap_or_else(fresh_seed);
            (
                random_complex(plan.total_len() as usize, seed),
                Some(seed),
                format!("random (seed {seed})"),
            )
        }
    };
    let tr = VcTransform::new(&gpu, &plan)?;

    let ov = if a.overlap {
        let mode = match a.download {
            Some(DownloadArg::Packed) => DownloadMode::Packed,
            _ => DownloadMode::Rect,
        };
        Some(Overlapped::new(&gpu, &tr, a.chunks, mode)?)
    } else {
        None
    };
    let mut out = Vec::new();
    let mut runs = Vec::new();
    let mut overs = Vec::new();
    let mut floors = Vec::new();
    match (&ov, &truth) {
        (None, Some(tv)) => {
            for k in 0..=a.run.repeat {
                let (o, t) = tr.execute_truth(&gpu, &tv.data)?;
                if k > 0 {
                    out = o;
                    runs.push(t);
                }
            }
        }
        (None, None) => {
            // The measurement `tune` verifies its choice with (vc::verify).
            (out, runs) = crate::vc::verify::vc_runs(&gpu, &tr, &input, a.run.repeat)?;
        }
        (Some(ov), _) => {
            // Warm-up, then the floor and an overlapped run in turn (same buffers, same bytes).
            ov.floor()?;
            ov.run(&input)?;
            for _ in 0..a.run.repeat {
                floors.push(ov.floor()?);
                let (o, t, v) = ov.run(&input)?;
                out = o;
                runs.push(t);
                overs.push(v);
            }
        }
    }
    let overlap = ov.as_ref().map(|ov| overlap_report(ov, &overs, &floors));
    let check = if a.run.check {
        let tolerance = a
            .tolerance
            .unwrap_or_else(|| default_tolerance(plan.precision));
        Some(crate::vc::report::check_batch(
            &plan, &input, &out, tolerance,
        )?)
    } else {
        None
    };
    let check_failed = check.as_ref().is_some_and(|c| !c.ok);
    if let (Some(path), false) = (&a.run.output, check_failed) {
        match &shape {
            Some(sh)
                if path
                    .extension()
                    .is_some_and(|e| e.eq_ignore_ascii_case("npy")) =>
            {
                let bytes =
                    crate::io::npy::npy_complex_shaped(&out, plan.precision == Precision::F32, sh);
                super::common::write_data(path, &bytes)?;
            }
            _ => write_spectrum(path, &out, plan.precision == Precision::F32)?,
        }
    }
    let report = VcReport {
        transform: TransformReport::of(&tr, &gpu.info, tuned),
        input: what,
        seed,
        timing: TimingReport::of(&tr, &runs),
        check,
        output: if check_failed {
            None
        } else {
            a.run.output.as_ref().map(|p| p.display().to_string())
        },
        overlap,
        host_steps: None,
    };
    // Unmap the pinned staging now, so an unmap error reaches the user.
    drop(ov);
    tr.release()?;
    if a.run.json {
        print_json(&report)?;
    } else {
        print_human(&gpu.describe(), &report);
    }
    if let Some(f) = report.check.as_ref().and_then(CheckReport::failure) {
        bail!("{f}; no output written");
    }
    Ok(())
}

/// Complex input drawn for a plan, for library users and tests.
pub fn input_for(plan: &VcPlan, seed: u64) -> Vec<Complex64> {
    random_complex(plan.len as usize, seed)
}
