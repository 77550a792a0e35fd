//! The command line: one module per subcommand; each parses its flags, calls the library and
//! prints. `main.rs` only dispatches.

pub mod bent;
pub mod common;
pub mod devices;
pub mod source;
pub mod vc;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(
    name = "jitfft",
    version,
    about = "Run-time generated OpenCL kernels for fast spectral transforms (Vilenkin-Chrestenson and more), measured on any OpenCL device"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List every OpenCL platform and device.
    Devices(devices::DevicesArgs),
    /// Compute a Vilenkin-Chrestenson spectrum (the n-dimensional DFT of shape (p, …, p)).
    Vc(vc::VcArgs),
    /// Print the generated OpenCL program for a transform.
    #[command(subcommand)]
    Source(source::SourceCommand),
    /// Decide whether a p-valued function (truth vector) is bent.
    Bent(bent::BentArgs),
}

pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Command::Devices(a) => devices::run(a),
        Command::Vc(a) => vc::run(a),
        Command::Source(c) => source::run(c),
        Command::Bent(a) => bent::run(a),
    }
}
