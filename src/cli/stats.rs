//! `jitfft stats vc …`: per-kernel statistics of the program `vc` would run: the generator's
//! exact counts and the device compiler's figures, each with its source.

use super::common::{open_device, print_json};
use super::vc::TransformArgs;
use crate::stats::{collect, generator, ProgramStats};
use crate::vc::VcTransform;
use anyhow::Result;
use clap::{Args, Subcommand};

/// The transforms `jitfft stats` knows.
#[derive(Subcommand, Debug)]
pub enum StatsCommand {
    /// Statistics of the kernels of a VC transform.
    Vc(StatsVcArgs),
}

/// `jitfft stats vc`: the transform and where to report.
#[derive(Args, Debug)]
pub struct StatsVcArgs {
    /// The transform.
    #[command(flatten)]
    pub t: TransformArgs,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
    /// Print the report as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `jitfft stats`: builds the program and reports each kernel's statistics.
pub fn run(c: StatsCommand) -> Result<()> {
    crate::stats::disable_driver_jit_cache();
    let StatsCommand::Vc(a) = c;
    let plan = a.t.plan(None)?;
    let gpu = open_device(a.device.as_deref())?;
    let tr = VcTransform::new(&gpu, &plan)?;
    let st = collect(&gpu, &tr)?;
    if a.json {
        return print_json(&st);
    }
    print!("{}", render(&gpu.describe(), &st));
    Ok(())
}

/// The human-readable report.
pub fn render(device: &str, st: &ProgramStats) -> String {
    let p = &st.plan;
    let mut out = format!(
        "device     {device}\ntransform  VC {}, p = {}, n = {}, {} passes of radix {}, {}, coefficients {}, {}\n",
        p.direction,
        p.p,
        p.n,
        st.radices.split('·').count(),
        st.radices,
        p.algorithm,
        p.coeffs,
        p.precision
    );
    for k in &st.kernels {
        out.push_str(&format!("\nkernel {}\n", k.kernel));
        out.push_str("  generator counts per work-item (source: generator, exact)\n");
        for (label, v) in generator::rows(&k.generator) {
            out.push_str(&format!("    {label:<22} {v:>8}\n"));
        }
        out.push_str("  compiler and driver figures\n");
        for m in &k.metrics {
            out.push_str(&format!(
                "    {:<22} {:>8}   {}\n",
                m.key,
                m.shown(),
                m.source
            ));
        }
    }
    let c = &st.codelet;
    out.push_str(&format!(
        "\n{}-point codelet (source: generator; real adds + real multiplies)\n",
        c.p
    ));
    let mut row = |label: &str, (a, m): (u64, u64)| {
        out.push_str(&format!("    {label:<22} {a:>6} + {m:<6} = {:>6}\n", a + m));
    };
    row(&format!("emitted ({})", c.form), c.emitted);
    row("pair form", c.pair);
    row("dense p² product", c.dense);
    if let Some(f) = c.fftw {
        row(&format!("FFTW n1_{} (no FMA)", c.p), f);
    }
    if !st.notes.is_empty() {
        out.push_str("\nnotes\n");
        for n in &st.notes {
            out.push_str(&format!("  {n}\n"));
        }
    }
    out
}
