//! `jitfft explore vc` (every candidate schedule timed, fastest first) and `jitfft tune vc`
//! (the same, keeping the fastest in the wisdom file that `vc --algo auto` reads).

use super::common::{info, open_device, print_json, say, write_data, RunFlags};
use super::fft::FftSpecArgs;
use super::vc::PrecisionArg;
use crate::bench::tune::{explore_vc, tune_vc, TuneRequest};
use crate::bench::tune_fft::explore_or_tune;
use crate::bench::tune_text::{rendered_table, title};
use crate::vc::explore::{Measured, Wisdom};
use anyhow::Result;
use clap::{Args, Subcommand};

/// The transforms `explore` and `tune` know.
#[derive(Subcommand, Debug)]
pub enum ExploreCommand {
    /// Candidate schedules of the VC transform.
    Vc(ExploreArgs),
    /// Candidate schedules of the FFT of any shape (`fft`'s flags; --output: the fastest's
    /// result).
    Fft(FftExploreArgs),
    /// Long-integer products: block vs ntt by size, and the crossover `mul --method auto` uses.
    Mul(super::mul_tune::MulTuneArgs),
}

/// `jitfft explore vc` and `jitfft tune vc`: the transform and how to time its candidates.
#[derive(Args, Debug)]
pub struct ExploreArgs {
    /// Number of values of the function (p ≥ 2).
    #[arg(long, value_name = "P")]
    pub p: u32,
    /// Number of variables (N = p^n).
    #[arg(long, value_name = "N")]
    pub n: u32,
    /// Arithmetic on the device.
    #[arg(long, value_enum, default_value = "f32", value_name = "PRECISION")]
    pub precision: PrecisionArg,
    /// Timed runs of the passes per candidate (after 2 warm-up runs).
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub repeat: usize,
    /// Compare every candidate's output with the f64 reference.
    #[arg(long)]
    pub check: bool,
    /// The real path (`vc --real`, numpy's rfftn of (p,)*n): the candidates are the schedules
    /// of its complex passes, each timed as the whole real transform; `tune` stores the
    /// winner under a real key that `vc --real` reads.
    #[arg(long)]
    pub real: bool,
    /// Print JSON instead of a table.
    #[arg(long, conflicts_with = "markdown")]
    pub json: bool,
    /// Print the table as Markdown (cells with `|` escaped).
    #[arg(long)]
    pub markdown: bool,
    /// Device: index, name substring, `gpu` or `cpu` (default: first GPU, else CPU).
    #[arg(long, value_name = "DEVICE", env = "JITFFT_DEVICE")]
    pub device: Option<String>,
}

impl ExploreArgs {
    /// The library request these flags make.
    fn request(&self) -> TuneRequest {
        TuneRequest {
            p: self.p,
            n: self.n,
            precision: super::vc::lib(self.precision),
            repeat: self.repeat,
            check: self.check,
            real: self.real,
        }
    }
}

/// `jitfft explore fft` and `jitfft tune fft`: every candidate runs as `fft` with these flags.
#[derive(Args, Debug)]
pub struct FftExploreArgs {
    /// The transform.
    #[command(flatten)]
    pub t: FftSpecArgs,
    /// Device, input, output and timing flags.
    #[command(flatten)]
    pub run: RunFlags,
    /// Print the table as Markdown (cells with `|` escaped).
    #[arg(long, conflicts_with = "json")]
    pub markdown: bool,
}

/// Runs `explore fft` or `tune fft` (`store`): the table, or the report as JSON.
fn run_fft(a: FftExploreArgs, store: bool) -> Result<()> {
    a.run.validate()?;
    let req = a.t.request(Some(&a.run));
    let (input, shape) = req.prepare_for(a.run.output.as_deref())?;
    let gpu = open_device(a.run.device.as_deref())?;
    let pb = super::bench::spinner();
    let mut progress = |m: String| pb.set_message(m);
    let mut note = |n: String| info(format_args!("{n}"));
    let data = (&input, &shape[..]);
    let r = explore_or_tune(&gpu, &req, data, store, &mut progress, &mut note);
    pb.finish_and_clear();
    let r = r?;
    if let (Some(path), Some(out)) = (&a.run.output, &r.explored.best) {
        write_data(path, &out.encode(path, (req.precision, req.half)))?;
    }
    if a.run.json {
        return print_json(&serde_json::to_value(&r)?);
    }
    say!("{}", r.title(&gpu.describe(), &req));
    say!("{}", rendered_table(&r.explored.candidates, a.markdown));
    r.text().into_iter().for_each(|t| say!("{t}"));
    Ok(())
}

/// The candidates' table (`--markdown`: Markdown with `|` escaped), after its title.
fn print_table(gpu: &crate::runtime::Gpu, a: &ExploreArgs, m: &[Measured]) {
    say!("{}", title(&gpu.describe(), &a.request()));
    say!("{}", rendered_table(m, a.markdown));
}

/// Runs `explore vc` or `tune vc` (`store`) with a progress spinner, and prints the report
/// (JSON objects with sorted keys, as they always printed).
fn run_vc(a: ExploreArgs, store: bool) -> Result<()> {
    let r = a.request();
    r.validate()?;
    let gpu = open_device(a.device.as_deref())?;
    let pb = super::bench::spinner();
    let mut progress = |m: String| pb.set_message(m);
    if store {
        if let (_, Some(note)) = Wisdom::load_for_update(&gpu.knobs) {
            info(format_args!("{note}"));
        }
        let t = tune_vc(&gpu, &r, &mut progress);
        pb.finish_and_clear();
        let t = t?;
        if a.json {
            return print_json(&serde_json::to_value(&t)?);
        }
        print_table(&gpu, &a, t.candidates());
        say!("{}", t.text());
        return Ok(());
    }
    let e = explore_vc(&gpu, &r, &mut progress);
    pb.finish_and_clear();
    let e = e?;
    if a.json {
        return print_json(&serde_json::to_value(&e)?);
    }
    print_table(&gpu, &a, &e.candidates);
    Ok(())
}

/// Runs `jitfft explore`: times the candidates and prints them.
pub fn run_explore_cmd(c: ExploreCommand) -> Result<()> {
    match c {
        ExploreCommand::Vc(a) => run_vc(a, false),
        ExploreCommand::Fft(a) => run_fft(a, false),
        ExploreCommand::Mul(m) => super::mul_tune::run(m, false),
    }
}

/// Runs `jitfft tune`: explore, then the default and the fastest few timed the way `vc` runs
/// them; the winner stored in the wisdom file only where it beats the default
/// (`bench::tune`).
pub fn run_tune_cmd(c: ExploreCommand) -> Result<()> {
    match c {
        ExploreCommand::Vc(a) => run_vc(a, true),
        ExploreCommand::Fft(a) => run_fft(a, true),
        ExploreCommand::Mul(m) => super::mul_tune::run(m, true),
    }
}
