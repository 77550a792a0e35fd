//! The command line: one module per subcommand; each parses its flags, calls the library and
//! prints. `main.rs` only dispatches.

pub mod bench;
pub mod bent;
#[cfg(feature = "mpi")]
mod bent_mpi;
pub mod common;
pub mod devices;
pub mod fft;
pub mod field;
pub mod gfp;
pub mod mul;
pub mod mul_tune;
pub mod mvl;
pub mod ntt;
pub mod reproduce;
pub mod source;
pub mod stats;
pub mod tune;
pub mod vc;
#[cfg(feature = "mpi")]
mod vc_mpi;
pub mod wht;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "jitfft",
    version,
    about = "Run-time generated OpenCL kernels for fast spectral transforms (Vilenkin-Chrestenson and more), measured on any OpenCL device"
)]
/// The command line: global flags and one subcommand.
pub struct Cli {
    /// Only results: no progress bars and no informational lines on stderr.
    #[arg(long, short, global = true)]
    pub quiet: bool,
    /// The subcommand to run.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands of `jitfft`.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every OpenCL platform and device.
    Devices(devices::DevicesArgs),
    /// Compute a Vilenkin-Chrestenson spectrum (the n-dimensional DFT of shape (p, …, p)).
    Vc(vc::VcArgs),
    /// numpy's fftn / ifftn / rfftn / irfftn of any shape and length (Bluestein for large primes).
    Fft(fft::FftArgs),
    /// Print (or write with --output) the generated OpenCL program for a transform.
    Source(source::SourceArgs),
    /// Decide which p-valued functions (truth vectors, many at once) are bent.
    Bent(bent::BentArgs),
    /// Spectral statistics of p-valued functions (--stats: max |S|, zeros, histogram of |S|²).
    Spectrum(mvl::SpectrumArgs),
    /// Autocorrelation of p-valued functions: the inverse VC transform of |S|².
    Autocorr(mvl::AutocorrArgs),
    /// Prime fields: constants, 2-adicity, roots of unity, and checks of given constants.
    #[command(subcommand)]
    Field(field::FieldCommand),
    /// Number-theoretic transform over an odd prime field (Montgomery arithmetic).
    Ntt(ntt::NttArgs),
    /// Kernel statistics: generator counts and the device compiler's figures, with sources;
    /// --target: offline compilers for GPUs that are not here.
    Stats(stats::StatsArgs),
    /// Benchmark sweeps (VC: p, n, variants; --fft: shapes) over devices; JSON, CSV, Markdown, SVG.
    Bench(bench::BenchArgs),
    /// The paper's Tables 1–3 measured on the selected devices, beside the published values.
    Reproduce(reproduce::ReproduceArgs),
    /// Time every candidate schedule of a transform on the device, fastest first.
    #[command(subcommand)]
    Explore(tune::ExploreCommand),
    /// Like explore, then store the fastest in the wisdom file that `vc` uses by default.
    #[command(subcommand)]
    Tune(tune::ExploreCommand),
    /// FFT over a generalized Fermat prime field p = r^k + 1 (shift-only base DFTs), exact.
    Gfp(gfp::GfpArgs),
    /// Long-integer product on the device (seed 003's block convolutions or NTTs), exact.
    Mul(mul::MulArgs),
    /// Real Walsh–Hadamard transform of rows of 2^k values (natural order), f32/f64/f16/bf16.
    Wht(wht::WhtArgs),
}

/// Runs the parsed command line (sets `--quiet` first).
pub fn run(cli: Cli) -> anyhow::Result<()> {
    common::set_quiet(cli.quiet);
    match cli.command {
        Command::Devices(a) => devices::run(a),
        Command::Vc(a) => vc::run(a),
        Command::Source(a) => source::run(a),
        Command::Bent(a) => bent::run(a),
        Command::Spectrum(a) => mvl::run_spectrum(a),
        Command::Autocorr(a) => mvl::run_autocorr(a),
        Command::Field(c) => field::run(c),
        Command::Ntt(a) => ntt::run(a),
        Command::Fft(a) => fft::run(a),
        Command::Stats(c) => stats::run(c),
        Command::Bench(a) => bench::run(a),
        Command::Reproduce(a) => reproduce::run(a),
        Command::Gfp(a) => gfp::run(a),
        Command::Mul(a) => mul::run(a),
        Command::Wht(a) => wht::run(a),
        Command::Explore(c) => tune::run_explore_cmd(c),
        Command::Tune(c) => tune::run_tune_cmd(c),
    }
}
