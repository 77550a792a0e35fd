//! `jitfft explore vc` (every candidate schedule timed, fastest first) and `jitfft tune vc`
//! (the same, keeping the fastest in the wisdom file that `vc --algo auto` reads).

use super::common::{ms, open_device, print_json, say};
use super::vc::PrecisionArg;
use crate::bench::export::md_cell;
use crate::io::random::{fresh_seed, random_complex};
use crate::vc::choose::{open_options, open_rule_plan};
use crate::vc::explore::{
    explore, schedule_key, wisdom_key, wisdom_path, Choice, Measured, Wisdom, WisdomEntry,
};
use crate::vc::verify::{time_default, verify_on_device, VcTimed, CONTENDERS};
use crate::vc::{Precision, VcOptions, VcPlan};
use anyhow::{bail, Result};
use clap::{Args, Subcommand};
use tabled::settings::{object::Rows, Format, Modify, Style};
use tabled::{Table, Tabled};

/// The transforms `explore` and `tune` know.
#[derive(Subcommand, Debug)]
pub enum ExploreCommand {
    /// Candidate schedules of the VC transform.
    Vc(ExploreArgs),
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

#[derive(Tabled)]
struct Row {
    #[tabled(rename = "#")]
    rank: usize,
    candidate: String,
    passes: String,
    #[tabled(rename = "kernel (median)")]
    kernel: String,
    #[tabled(rename = "min–max")]
    range: String,
    #[tabled(rename = "per pass (ms)")]
    per_pass: String,
    #[tabled(rename = "GB/s")]
    gbs: String,
    #[tabled(rename = "flops/point")]
    flops: String,
    #[tabled(rename = "rel L2")]
    err: String,
}

fn rows(m: &[Measured]) -> Vec<Row> {
    m.iter()
        .enumerate()
        .map(|(i, r)| Row {
            rank: i + 1,
            candidate: r.label.clone(),
            passes: if r.error.is_some() {
                "–".into()
            } else {
                format!("{} ({})", r.passes, r.radices)
            },
            kernel: match &r.error {
                Some(e) => format!("failed: {}", e.lines().next().unwrap_or("")),
                None => ms(r.kernel_ms.median),
            },
            range: if r.error.is_some() {
                "–".into()
            } else {
                format!("{:.4}–{:.4}", r.kernel_ms.min, r.kernel_ms.max)
            },
            per_pass: r
                .pass_ms
                .iter()
                .map(|x| format!("{x:.4}"))
                .collect::<Vec<_>>()
                .join(" "),
            gbs: if r.error.is_some() {
                "–".into()
            } else {
                format!("{:.0}", r.gbs)
            },
            flops: format!("{:.1}", r.flops_per_point),
            err: r.rel_l2.map_or("–".into(), |e| format!("{e:.1e}")),
        })
        .collect()
}

fn precision_of(a: &ExploreArgs) -> Precision {
    match a.precision {
        PrecisionArg::F32 => Precision::F32,
        PrecisionArg::F64 => Precision::F64,
    }
}

/// Refuses a bad request before the device is opened.
fn validate(a: &ExploreArgs) -> Result<()> {
    if a.repeat == 0 {
        bail!("--repeat 0: at least one timed run is needed");
    }
    VcPlan::new(a.p, a.n, open_options(precision_of(a)))?;
    Ok(())
}

/// Times every candidate on `gpu`, fastest first, with a progress spinner.
fn explore_on(gpu: &crate::runtime::Gpu, a: &ExploreArgs) -> Result<Vec<Measured>> {
    let pb = super::bench::spinner();
    let m = explore(
        gpu,
        a.p,
        a.n,
        precision_of(a),
        2,
        a.repeat,
        a.check,
        |label| {
            pb.set_message(format!("timing {label}"));
        },
    );
    pb.finish_and_clear();
    Ok(m?)
}

fn print_table(gpu: &crate::runtime::Gpu, a: &ExploreArgs, m: &[Measured]) {
    say!("device {}; VC p = {}, n = {}; kernel time of the passes (data on the device), {} runs after 2 warm-ups", gpu.describe(), a.p, a.n, a.repeat);
    let mut t = Table::new(rows(m));
    if a.markdown {
        // tabled writes cells as they are: escape `|` so a label cannot split a cell.
        t.with(Modify::new(Rows::new(1..)).with(Format::content(md_cell)));
        t.with(Style::markdown());
    } else {
        t.with(Style::sharp());
    }
    say!("{t}");
}

/// Runs `jitfft explore`: times the candidates and prints them.
pub fn run_explore_cmd(c: ExploreCommand) -> Result<()> {
    let a = match c {
        ExploreCommand::Vc(a) => a,
        ExploreCommand::Mul(m) => return super::mul_tune::run(m, false),
    };
    validate(&a)?;
    let gpu = open_device(a.device.as_deref())?;
    let m = explore_on(&gpu, &a)?;
    if a.json {
        return print_json(
            &serde_json::json!({"device": gpu.info, "p": a.p, "n": a.n, "candidates": m}),
        );
    }
    print_table(&gpu, &a, &m);
    Ok(())
}

/// Runs `jitfft tune`: times the candidates, then the fastest few and the default plan the way
/// `vc` runs them (upload first), and stores a candidate only where that says it is faster than
/// the default (`vc::verify`); otherwise it drops any entry for the size.
pub fn run_tune_cmd(c: ExploreCommand) -> Result<()> {
    let a = match c {
        ExploreCommand::Vc(a) => a,
        ExploreCommand::Mul(m) => return super::mul_tune::run(m, true),
    };
    validate(&a)?;
    let gpu = open_device(a.device.as_deref())?;
    let precision = precision_of(&a);
    let opts = open_options(precision);
    // The plan `vc --p P --n N` runs without wisdom: the one to beat.
    let default = open_rule_plan(&gpu, a.p, a.n, precision)?;
    let input = random_complex(default.total_len() as usize, fresh_seed());
    // Timed once before `explore` too: whether explore's hundreds of builds and launches
    // change the default's time shows in the report beside the verification's figure.
    let before = time_default(&gpu, &default, &input, a.repeat);
    let m = explore_on(&gpu, &a)?;
    let contenders = contenders(&gpu, &a, &default, opts, &m)?;
    let fastest = m
        .iter()
        .find(|r| usable(r))
        .expect("contenders() found a usable candidate");
    let pb = super::bench::spinner();
    pb.set_message("timing the default and the fastest candidates as `vc` runs them");
    let v = verify_on_device(&gpu, &default, &contenders, opts, &input, a.repeat);
    pb.finish_and_clear();
    let v = v?;
    let mut w = Wisdom::load(&gpu.knobs)?;
    let key = wisdom_key(&gpu, a.p, a.n, precision);
    match v.winner() {
        Some(win) => {
            w.entries.insert(
                key.clone(),
                WisdomEntry {
                    choice: win.choice.clone().expect("contenders carry a choice"),
                    kernel_ms: win.kernel_ms.median,
                    date: crate::bench::meta::utc_now(),
                    vc_ms: Some(win.kernel_ms.median),
                    default_vc_ms: Some(v.default.kernel_ms.median),
                },
            );
        }
        None => {
            w.entries.remove(&key);
        }
    }
    w.save(&gpu.knobs)?;
    if a.json {
        return print_json(&serde_json::json!({
            "device": gpu.info, "p": a.p, "n": a.n, "key": key,
            "best": fastest, "default_before_explore": before, "verification": v,
            "stored": v.winner().map(|x| x.label.clone()),
            "wisdom": wisdom_path(&gpu.knobs), "candidates": m,
        }));
    }
    print_table(&gpu, &a, &m);
    say!(
        "timed as `vc` runs them (upload first, {} runs after a warm-up; kernel median, min–max):",
        a.repeat
    );
    say_timed("default (no wisdom), before explore", &before);
    for t in std::iter::once(&v.default).chain(&v.contenders) {
        say_timed(&t.label, t);
    }
    match v.winner() {
        Some(win) => say!(
            "{key}: fastest is {} at {} under `vc` (default {}); stored in {}",
            win.label,
            ms(win.kernel_ms.median),
            ms(v.default.kernel_ms.median),
            wisdom_path(&gpu.knobs).display()
        ),
        None => say!(
            "{key}: fastest in passes alone is {} at {}, but under `vc` none beat the default ({}) by {:.0}%: nothing stored, `vc` runs the default",
            fastest.label,
            ms(fastest.kernel_ms.median),
            ms(v.default.kernel_ms.median),
            v.margin * 100.0
        ),
    }
    Ok(())
}

/// `explore`'s candidates that may be stored: they ran, and where checked, correctly.
fn usable(r: &Measured) -> bool {
    r.error.is_none() && r.rel_l2.is_none_or(|e| e < 1e-3)
}

/// The fastest usable candidates whose passes differ from the default's (the default is timed
/// anyway), at most [`CONTENDERS`].
fn contenders(
    gpu: &crate::runtime::Gpu,
    a: &ExploreArgs,
    default: &VcPlan,
    opts: VcOptions,
    m: &[Measured],
) -> Result<Vec<Choice>> {
    if !m.iter().any(usable) {
        bail!("no candidate ran on {}: nothing to store", gpu.info.name);
    }
    let default_key = schedule_key(gpu, default);
    let mut out = Vec::new();
    for r in m.iter().filter(|r| usable(r)) {
        let plan = VcPlan::new(a.p, a.n, r.choice.apply(opts))?;
        if schedule_key(gpu, &plan) != default_key {
            out.push(r.choice.clone());
        }
        if out.len() == CONTENDERS {
            break;
        }
    }
    Ok(out)
}

/// One line of a plan timed the `vc` way: kernel median and range, and its passes.
fn say_timed(label: &str, t: &VcTimed) {
    match &t.error {
        Some(e) => say!("  {label}: failed: {}", e.lines().next().unwrap_or("")),
        None => say!(
            "  {label}: {} ({:.4}–{:.4}){}",
            ms(t.kernel_ms.median),
            t.kernel_ms.min,
            t.kernel_ms.max,
            t.setup.as_ref().map_or(String::new(), |s| format!(
                ", {} passes ({})",
                s.passes, s.radices
            ))
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::vc::TransformArgs;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        t: TransformArgs,
    }

    /// `tune`'s default is the plan `vc` runs when given only p and n (issue 28: it was the
    /// paper's CT plan, `VcOptions::default()`, 4× slower at 3^12 on the H100).
    #[test]
    fn tune_times_the_options_vc_runs_without_flags() {
        for (flags, precision) in [
            (&["vc", "--p", "3", "--n", "12"][..], Precision::F32),
            (
                &["vc", "--p", "5", "--n", "4", "--precision", "f64"][..],
                Precision::F64,
            ),
        ] {
            let t = Flags::parse_from(flags).t;
            assert_eq!(t.options(), open_options(precision), "{flags:?}");
            assert_eq!(
                t.plan(None).unwrap(),
                VcPlan::new(t.p, t.n.unwrap(), open_options(precision)).unwrap()
            );
        }
    }
}
