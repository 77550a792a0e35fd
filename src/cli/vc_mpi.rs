//! `mpirun -np P jitfft vc --mpi …`: the VC transform over P ranks, one device each.
//!
//! Stages that can fail before the exchange (flags and plan, device, build, input) end with a
//! collective agreement, so every rank exits with the same message; a failure inside the
//! exchange aborts the job (`MPI_Abort`) with the failing rank's message. Rank 0 prints the
//! report; every rank exits with the same status.

use super::common::{check_output_path, is_stdout, print_json};
use super::vc::{default_tolerance, VcArgs};
use crate::io::random::fresh_seed;
use crate::mpi::device::pick_device;
use crate::mpi::exchange::sendrecv_probe;
use crate::mpi::fault::{abort_all, agree, injected};
use crate::mpi::io::{
    fill_random, random_slice, read_layout, read_slice, write_slices, HostComplex, NpyLayout,
};
use crate::mpi::{DistributedVc, MpiPlan, RankTimes};
use crate::reference::separable_vc;
use crate::runtime::{Gpu, Summary};
use crate::vc::{Precision, VcPlan};
use anyhow::{anyhow, bail, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use serde::Serialize;
use std::path::PathBuf;

/// One rank's line of the report.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
struct RankLine {
    rank: i32,
    host: String,
    local_rank: i32,
    device: String,
    device_kind: String,
    times: RankTimes,
    exchange_gbs: f64,
}

#[derive(Debug, Serialize)]
struct Probe {
    bytes: u64,
    ms: f64,
    gbs: f64,
}

#[derive(Debug, Serialize)]
struct MpiCheck {
    rel_l2: f64,
    max_abs: f64,
    tolerance: f64,
    ok: bool,
}

#[derive(Debug, Serialize)]
struct MpiReport {
    p: u32,
    n: u32,
    len: u64,
    ranks: u64,
    distribution: MpiPlan,
    local_plan: VcPlan,
    output_order: &'static str,
    input: String,
    seed: Option<u64>,
    repeat: usize,
    /// Per run the slowest rank's end-to-end time (device-resident data in and out).
    end_to_end_ms: Summary,
    per_rank: Vec<RankLine>,
    sendrecv_probe: Option<Probe>,
    check: Option<MpiCheck>,
    output: Option<String>,
}

/// The distribution, the local plan and the input file with its header.
type Setup = (MpiPlan, VcPlan, Option<(PathBuf, NpyLayout)>);

/// Runs `jitfft vc --mpi` on this rank. A failure every rank agreed on is printed by every
/// rank before any exits (mpirun ends the job at the first non-zero exit).
pub fn run(a: VcArgs) -> Result<()> {
    let (universe, _) = mpi::initialize_with_threading(mpi::Threading::Funneled)
        .ok_or_else(|| anyhow!("MPI was already initialised in this process"))?;
    let world = universe.world();
    // P a power of p: the pipelined scheme; any other count: uneven slabs (`mpi::slab`).
    let ranks = world.size() as u64;
    let power = ranks == 1 || crate::vc::plan::log_exact(a.t.p as u64, ranks).is_some();
    let r = if power {
        run_rank(&a, &world)
    } else {
        super::vc_mpi_slab::run_rank(&a, &world)
    };
    if let Err(e) = &r {
        eprintln!("error: {e:#}");
    }
    world.barrier();
    drop(universe);
    if r.is_err() {
        std::process::exit(1);
    }
    Ok(())
}

fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let rank = world.rank();
    let local_rank = world.split_shared(rank).rank();
    let setup = (|| -> Result<Setup> {
        a.run.validate()?;
        if a.overlap {
            bail!("--overlap is a single-device mode; --mpi pipelines its own exchange");
        }
        if let Some(out) = &a.run.output {
            if is_stdout(out) || out.extension().and_then(|e| e.to_str()) != Some("npy") {
                bail!("with --mpi, --output must be a .npy file (each rank writes its slice at its offset)");
            }
            check_output_path(out)?;
        }
        let input = match &a.run.input {
            Some(path) => Some((path.clone(), read_layout(path)?)),
            None => None,
        };
        let n = match &input {
            Some((path, l)) => {
                let n =
                    crate::io::input::infer_n(a.t.p, l.len as usize, &path.display().to_string())?;
                if let Some(want) = a.t.n {
                    if want != n {
                        bail!(
                            "{}: {} values are p^{n} for p = {}, but --n {want} was given",
                            path.display(),
                            l.len,
                            a.t.p
                        );
                    }
                }
                Some(n)
            }
            None => None,
        };
        let whole = a.t.plan(n)?;
        let mplan = MpiPlan::new(whole.p, whole.n, world.size() as u64, a.mpi_chunks)?;
        let local = VcPlan::new(whole.p, whole.n - mplan.rank_digits, a.t.options())?;
        Ok((mplan, local, input))
    })();
    let (mplan, mut plan, input) = agree(world, "plan", setup.map_err(to_jit))?;
    let gpu = agree(
        world,
        "device",
        injected(rank, "device")
            .and_then(|_| pick_device(a.run.device.as_deref(), local_rank as usize))
            .and_then(Gpu::from_found),
    )?;
    let built = (|| -> crate::Result<DistributedVc> {
        injected(rank, "build")?;
        let untouched = a.t.algo.is_none()
            && a.t.radix.is_none()
            && a.t.coeffs.is_none()
            && a.t.fused_digits.is_none()
            && a.t.fused_lanes.is_none()
            && a.t.fused_values.is_none();
        if untouched {
            plan = crate::vc::choose::default_plan(&gpu, plan.clone(), a.t.options())?.plan;
        }
        DistributedVc::new(&gpu, mplan, &plan, a.keep_transposed)
    })();
    let dvc = agree(world, "build", built)?;
    match plan.precision {
        Precision::F32 => run_typed::<Complex32>(a, world, &gpu, dvc, input),
        Precision::F64 => run_typed::<Complex64>(a, world, &gpu, dvc, input),
    }
}

pub(super) fn to_jit(e: anyhow::Error) -> crate::error::JitError {
    match e.downcast::<crate::error::JitError>() {
        Ok(j) => j,
        Err(e) => crate::error::JitError::invalid(format!("{e:#}")),
    }
}

fn run_typed<C>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    gpu: &Gpu,
    mut dvc: DistributedVc,
    input: Option<(PathBuf, NpyLayout)>,
) -> Result<()>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let rank = world.rank();
    let mplan = dvc.plan;
    let m = mplan.local_len as usize;
    let offset = mplan.offset(rank as u64);
    let mut seed = a.run.seed.unwrap_or_else(fresh_seed);
    world.process_at_rank(0).broadcast_into(&mut seed);
    let read = injected(rank, "input").and_then(|_| {
        let mut x = vec![C::default(); m];
        match &input {
            Some((path, layout)) => read_slice(path, *layout, offset, &mut x)?,
            None => fill_random(seed, offset, &mut x),
        }
        Ok(x)
    });
    let x = agree(world, "input", read)?;
    let what = match &input {
        Some((p, _)) => p.display().to_string(),
        None => format!("random (seed {seed})"),
    };
    // Scratch for the exchange (none with one rank).
    let mut y = vec![C::default(); if mplan.ranks > 1 { m } else { 0 }];
    let mut out = vec![C::default(); m];
    let mut runs: Vec<RankTimes> = Vec::new();
    let mut slowest = Vec::new();
    for i in 0..=a.run.repeat {
        if let Err(e) = dvc.local.upload(&x) {
            abort_all(world, "upload", &e);
        }
        world.barrier();
        let t = match dvc.run(world, gpu, &mut y, &mut out) {
            Ok(t) => t,
            Err(e) => abort_all(world, "exchange", &e),
        };
        let mut max = 0.0f64;
        world.all_reduce_into(&t.end_to_end_ms, &mut max, SystemOperation::max());
        if i > 0 {
            runs.push(t);
            slowest.push(max);
        }
    }
    // This rank's run with the median end-to-end time.
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by(|&i, &j| runs[i].end_to_end_ms.total_cmp(&runs[j].end_to_end_ms));
    let mine = &runs[order[order.len() / 2]];
    let probe = if a.sendrecv_probe {
        let bytes = mine.exchange_bytes;
        let ms = sendrecv_probe(world, bytes, 3);
        let mut worst = 0.0f64;
        world.all_reduce_into(&ms, &mut worst, SystemOperation::max());
        Some(Probe {
            bytes,
            ms: worst,
            gbs: gbs(bytes, worst),
        })
    } else {
        None
    };
    let line = RankLine {
        rank,
        host: mpi::environment::processor_name().unwrap_or_default(),
        local_rank: world.split_shared(rank).rank(),
        device: gpu.info.name.clone(),
        device_kind: gpu.info.kind.clone(),
        times: mine.clone(),
        exchange_gbs: gbs(mine.exchange_bytes, mine.exchange_ms),
    };
    let per_rank = gather_lines(world, &line)?;
    let check = if a.run.check {
        let local = agree(
            world,
            "check",
            check_slice(a, world, &dvc, &input, seed, &out),
        )?;
        Some(reduce_check(a, world, &dvc, local))
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let output = match (&a.run.output, failed) {
        (Some(path), false) => {
            write_slices(world, path, mplan.local_len * mplan.ranks, offset, &out)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    if rank == 0 {
        let report = MpiReport {
            p: mplan.p,
            n: mplan.n,
            len: mplan.local_len * mplan.ranks,
            ranks: mplan.ranks,
            distribution: mplan,
            local_plan: dvc.local.plan.clone(),
            output_order: if a.keep_transposed && mplan.ranks > 1 {
                "transposed: the top two groups of k digits swapped"
            } else {
                "natural"
            },
            input: what,
            seed: input.is_none().then_some(seed),
            repeat: a.run.repeat,
            end_to_end_ms: Summary::of(&slowest),
            per_rank,
            sendrecv_probe: probe,
            check,
            output,
        };
        if a.run.json {
            print_json(&report)?;
        } else {
            print_human(&report);
        }
        if let Some(c) = &report.check {
            if !c.ok {
                bail!(
                    "--check failed: relative L2 error {:.3e} is above the tolerance {:.1e}; no output written",
                    c.rel_l2,
                    c.tolerance
                );
            }
        }
    } else if failed {
        bail!("--check failed (see rank 0's report); no output written");
    }
    Ok(())
}

fn gbs(bytes: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        bytes as f64 / (ms * 1e-3) / 1e9
    } else {
        0.0
    }
}

/// Rank 0 collects every rank's line (as JSON text; point to point).
fn gather_lines(world: &SimpleCommunicator, line: &RankLine) -> Result<Vec<RankLine>> {
    let text = serde_json::to_vec(line)?;
    if world.rank() != 0 {
        world.process_at_rank(0).send(&text[..]);
        return Ok(Vec::new());
    }
    let mut lines = vec![line.clone()];
    for r in 1..world.size() {
        let (bytes, _) = world.process_at_rank(r).receive_vec::<u8>();
        lines.push(serde_json::from_slice(&bytes)?);
    }
    Ok(lines)
}

/// Each rank compares its slice with the f64 CPU reference of the whole transform (which
/// needs the whole input on every rank: a check for sizes one host can hold); the squared
/// norms are summed over ranks.
fn check_slice<C: HostComplex>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    dvc: &DistributedVc,
    input: &Option<(PathBuf, NpyLayout)>,
    seed: u64,
    out: &[C],
) -> crate::Result<([f64; 2], f64)> {
    let mplan = dvc.plan;
    let total = mplan.local_len * mplan.ranks;
    let whole = match input {
        Some((path, layout)) => {
            let mut v = vec![Complex64::default(); total as usize];
            read_slice(path, *layout, 0, &mut v)?;
            v
        }
        None => random_slice(seed, 0, total as usize),
    };
    let lp = &dvc.local.plan;
    let full = VcPlan::new(mplan.p, mplan.n, a.t.options())?;
    let want = separable_vc(mplan.p, mplan.n, &whole, lp.direction, full.scale())?;
    let rank = world.rank() as u64;
    let (cols, m) = (mplan.columns(), mplan.local_len);
    let transposed = a.keep_transposed && mplan.ranks > 1;
    let mut sums = [0.0f64; 2];
    let mut max_abs = 0.0f64;
    for (i, v) in out.iter().enumerate() {
        let i = i as u64;
        // Transposed: this rank (b) holds S(a, b, c) at a·C + c.
        let g = if transposed {
            (i / cols) * m + rank * cols + i % cols
        } else {
            rank * m + i
        };
        let w = want[g as usize];
        let d = (v.to_c64() - w).norm();
        let d = if d.is_finite() { d } else { f64::INFINITY };
        sums[0] += d * d;
        sums[1] += w.norm_sqr();
        max_abs = max_abs.max(d);
    }
    Ok((sums, max_abs))
}

/// The global relative L2 and max abs error from every rank's squared norms.
fn reduce_check(
    a: &VcArgs,
    world: &SimpleCommunicator,
    dvc: &DistributedVc,
    (sums, max_abs): ([f64; 2], f64),
) -> MpiCheck {
    let lp = &dvc.local.plan;
    let mut total_sums = [0.0f64; 2];
    world.all_reduce_into(&sums[..], &mut total_sums[..], SystemOperation::sum());
    let mut worst = 0.0f64;
    world.all_reduce_into(&max_abs, &mut worst, SystemOperation::max());
    let rel_l2 = if total_sums[1] > 0.0 {
        (total_sums[0] / total_sums[1]).sqrt()
    } else {
        total_sums[0].sqrt()
    };
    let tolerance = a
        .tolerance
        .unwrap_or_else(|| default_tolerance(lp.precision));
    MpiCheck {
        rel_l2,
        max_abs: worst,
        tolerance,
        ok: rel_l2.is_finite() && rel_l2 <= tolerance,
    }
}

fn print_human(r: &MpiReport) {
    let d = &r.distribution;
    println!(
        "VC transform {}^{} = {} points over {} MPI ranks (k = {} digits name the rank; {} values each; {} exchange chunks)",
        r.p, r.n, r.len, r.ranks, d.rank_digits, d.local_len, d.chunks
    );
    println!(
        "local plan: {} of {}^{} points; output order: {}; input: {}",
        r.local_plan.algorithm,
        r.p,
        r.n - d.rank_digits,
        r.output_order,
        r.input
    );
    println!(
        "end to end (device-resident data, slowest rank): median {:.3} ms (min {:.3}, max {:.3}, {} runs)",
        r.end_to_end_ms.median, r.end_to_end_ms.min, r.end_to_end_ms.max, r.end_to_end_ms.count
    );
    for l in &r.per_rank {
        let t = &l.times;
        println!(
            "rank {} on {} (local {}): {} [{}]: kernel {:.3} ms (local {:.3} + across {:.3}), staging {:.3} ms, exchange {:.3} ms for {} bytes ({:.2} GB/s), pack {:.3} ms, hidden {:.3} ms of the pipeline's {:.3} ms",
            l.rank,
            l.host,
            l.local_rank,
            l.device,
            l.device_kind,
            t.kernel_ms,
            t.local_kernel_ms,
            t.across_kernel_ms,
            t.staging_ms,
            t.exchange_ms,
            t.exchange_bytes,
            l.exchange_gbs,
            t.pack_ms,
            t.hidden_ms,
            t.pipeline_ms
        );
    }
    if let Some(p) = &r.sendrecv_probe {
        println!(
            "MPI_Sendrecv probe: {} bytes in {:.3} ms ({:.2} GB/s)",
            p.bytes, p.ms, p.gbs
        );
    }
    if let Some(c) = &r.check {
        println!(
            "check against the f64 CPU reference: relative L2 {:.3e}, max abs {:.3e}, tolerance {:.1e}: {}",
            c.rel_l2,
            c.max_abs,
            c.tolerance,
            if c.ok { "ok" } else { "FAILED" }
        );
    }
    if let Some(o) = &r.output {
        println!("output: {o}");
    }
}
