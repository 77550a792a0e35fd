//! `mpirun -np P jitfft vc --mpi …` where P is not a power of p: uneven slabs and
//! `MPI_Alltoallv` (`mpi::slab`). The stages fail together as in `vc_mpi` (collective
//! agreement before the exchange, `MPI_Abort` inside it); rank 0 prints the report.

use super::common::{check_output_path, is_stdout, print_json, say};
use super::vc::{default_tolerance, VcArgs};
use crate::io::random::fresh_seed;
use crate::mpi::device::pick_device;
use crate::mpi::fault::{abort_all, agree, injected};
use crate::mpi::io::{fill_random, read_layout, read_slice, write_slices, HostComplex, NpyLayout};
use crate::mpi::slab::{SlabPlan, SlabVc};
use crate::mpi::RankTimes;
use crate::reference::separable_vc;
use crate::runtime::{Gpu, Summary};
use crate::vc::{Precision, VcOptions, VcPlan};
use anyhow::{bail, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::Equivalence;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// One rank's line of the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct SlabLine {
    rank: i32,
    host: String,
    device: String,
    /// Rows of the leading digit group this rank holds, columns it transforms after the exchange.
    rows: u64,
    columns: u64,
    times: RankTimes,
    /// exchange bytes / exchange time.
    exchange_gbs: f64,
    /// A plain `MPI_Alltoallv` of the same counts, both ways, in the same job.
    alltoallv_ms: f64,
    alltoallv_gbs: f64,
}

#[derive(Serialize)]
struct SlabCheck {
    rel_l2: f64,
    max_abs: f64,
    tolerance: f64,
    ok: bool,
}

#[derive(Serialize)]
struct SlabReport {
    p: u32,
    n: u32,
    len: u64,
    ranks: u64,
    /// "uneven slabs (MPI_Alltoallv)".
    scheme: &'static str,
    distribution: SlabPlan,
    local_plan: VcPlan,
    across_plan: VcPlan,
    output_order: &'static str,
    input: String,
    seed: Option<u64>,
    repeat: usize,
    /// Slowest rank's time per run (data on the host in and out).
    end_to_end_ms: Summary,
    per_rank: Vec<SlabLine>,
    check: Option<SlabCheck>,
    output: Option<String>,
}

/// The distribution, the whole plan and the input file with its layout.
type Setup = (SlabPlan, VcPlan, Option<(PathBuf, NpyLayout)>);

/// Runs this rank's part of a slab-distributed `vc --mpi`.
pub(super) fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let rank = world.rank();
    let local_rank = world.split_shared(rank).rank();
    let setup = (|| -> Result<Setup> {
        a.run.validate()?;
        if a.keep_transposed || a.mpi_chunks.is_some() {
            bail!(
                "--keep-transposed and --mpi-chunks belong to the pipelined scheme (ranks a power of p = {}); with {} ranks the slabs return natural order in one exchange each way",
                a.t.p,
                world.size()
            );
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
            Some((path, l)) => Some(crate::io::input::infer_n(
                a.t.p,
                l.len as usize,
                &path.display().to_string(),
            )?),
            None => None,
        };
        if let (Some(n), Some(want)) = (n, a.t.n) {
            if n != want {
                bail!(
                    "the input holds {}^{n} values, but --n {want} was given",
                    a.t.p
                );
            }
        }
        let whole = a.t.plan(n)?;
        let sp = SlabPlan::new(whole.p, whole.n, world.size() as u64)?;
        Ok((sp, whole, input))
    })();
    let (sp, whole, input) = agree(world, "plan", setup.map_err(super::vc_mpi::to_jit))?;
    let gpu = agree(
        world,
        "device",
        injected(rank, "device")
            .and_then(|_| pick_device(a.run.device.as_deref(), local_rank as usize))
            .and_then(Gpu::from_found),
    )?;
    let untouched = a.t.algo.is_none()
        && a.t.radix.is_none()
        && a.t.coeffs.is_none()
        && a.t.fused_digits.is_none()
        && a.t.fused_lanes.is_none()
        && a.t.fused_values.is_none();
    let opts = a.t.options();
    let make = |digits: u32, batch: u64| -> crate::Result<VcPlan> {
        // Each half normalises its own digits: full = 1/p^k · 1/p^(n−k) = 1/N.
        let o = VcOptions {
            norm: Some(whole.norm),
            radix: opts.radix.filter(|&r| r <= (whole.p as u64).pow(digits)),
            ..opts
        };
        let plan = VcPlan::new(whole.p, digits, o)?;
        let plan = if untouched {
            crate::vc::choose::default_plan(&gpu, plan, o)?.plan
        } else {
            plan
        };
        plan.with_batch(batch)
    };
    let built = injected(rank, "build").and_then(|_| SlabVc::new(&gpu, sp, rank as u64, &make));
    let svc = agree(world, "build", built)?;
    match whole.precision {
        Precision::F32 => run_typed::<Complex32>(a, world, &gpu, &svc, input),
        Precision::F64 => run_typed::<Complex64>(a, world, &gpu, &svc, input),
    }
}

fn gbs(bytes: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        bytes as f64 / (ms * 1e-3) / 1e9
    } else {
        0.0
    }
}

fn run_typed<C>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    gpu: &Gpu,
    svc: &SlabVc,
    input: Option<(PathBuf, NpyLayout)>,
) -> Result<()>
where
    C: HostComplex,
    C::Real: Equivalence,
{
    let rank = world.rank();
    let sp = svc.plan;
    let m = sp.local_len(rank as u64) as usize;
    let offset = sp.offset(rank as u64);
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
    let mut out = vec![C::default(); m];
    let mut runs: Vec<RankTimes> = Vec::new();
    let mut slowest = Vec::new();
    for i in 0..=a.run.repeat {
        world.barrier();
        let t = match injected(rank, "exchange").and_then(|_| svc.run(world, gpu, &x, &mut out)) {
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
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by(|&i, &j| runs[i].end_to_end_ms.total_cmp(&runs[j].end_to_end_ms));
    let mine = runs[order[order.len() / 2]].clone();
    let probe_ms = match svc.alltoallv_probe(world, std::mem::size_of::<C::Real>(), 3) {
        Ok(ms) => ms,
        Err(e) => abort_all(world, "exchange", &e),
    };
    let line = SlabLine {
        rank,
        host: mpi::environment::processor_name().unwrap_or_default(),
        device: gpu.info.name.clone(),
        rows: sp.row_slab(rank as u64).1,
        columns: sp.col_slab(rank as u64).1,
        exchange_gbs: gbs(mine.exchange_bytes, mine.exchange_ms),
        alltoallv_ms: probe_ms,
        alltoallv_gbs: gbs(mine.exchange_bytes, probe_ms),
        times: mine,
    };
    let per_rank = gather(world, &line)?;
    let check = if a.run.check {
        let local = agree(world, "check", check_slab(svc, &input, seed, offset, &out));
        let (sums, max_abs) = local?;
        let mut total = [0.0f64; 2];
        world.all_reduce_into(&sums[..], &mut total[..], SystemOperation::sum());
        let mut worst = 0.0f64;
        world.all_reduce_into(&max_abs, &mut worst, SystemOperation::max());
        let rel_l2 = if total[1] > 0.0 {
            (total[0] / total[1]).sqrt()
        } else {
            total[0].sqrt()
        };
        let tolerance = a
            .tolerance
            .unwrap_or_else(|| default_tolerance(svc.local.plan.precision));
        Some(SlabCheck {
            rel_l2,
            max_abs: worst,
            tolerance,
            ok: rel_l2.is_finite() && rel_l2 <= tolerance,
        })
    } else {
        None
    };
    let failed = check.as_ref().is_some_and(|c| !c.ok);
    let output = match (&a.run.output, failed) {
        (Some(path), false) => {
            write_slices(world, path, sp.rows * sp.columns, offset, &out)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    if rank == 0 {
        let report = SlabReport {
            p: sp.p,
            n: sp.n,
            len: sp.rows * sp.columns,
            ranks: sp.ranks,
            scheme: "uneven slabs (MPI_Alltoallv)",
            distribution: sp,
            local_plan: svc.local.plan.clone(),
            across_plan: svc.across.plan.clone(),
            output_order: "natural",
            input: match &input {
                Some((p, _)) => p.display().to_string(),
                None => format!("random (seed {seed})"),
            },
            seed: input.is_none().then_some(seed),
            repeat: a.run.repeat,
            end_to_end_ms: Summary::of(&slowest),
            per_rank,
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

/// (Σ|got − want|², Σ|want|²) and max |got − want| of this rank's slab against the f64
/// reference of the whole transform (every rank reads or draws the whole input).
fn check_slab<C: HostComplex>(
    svc: &SlabVc,
    input: &Option<(PathBuf, NpyLayout)>,
    seed: u64,
    offset: u64,
    out: &[C],
) -> crate::Result<([f64; 2], f64)> {
    let sp = svc.plan;
    let total = (sp.rows * sp.columns) as usize;
    let mut whole = vec![C::default(); total];
    match input {
        Some((path, layout)) => read_slice(path, *layout, 0, &mut whole)?,
        None => fill_random(seed, 0, &mut whole),
    }
    let whole: Vec<Complex64> = whole.iter().map(|c| c.to_c64()).collect();
    let lp = &svc.local.plan;
    let full = VcPlan::new(
        sp.p,
        sp.n,
        VcOptions {
            precision: lp.precision,
            direction: lp.direction,
            norm: Some(lp.norm),
            ..VcOptions::default()
        },
    )?;
    let want = separable_vc(sp.p, sp.n, &whole, lp.direction, full.scale())?;
    let (mut e2, mut w2, mut max) = (0.0f64, 0.0f64, 0.0f64);
    for (i, g) in out.iter().enumerate() {
        let w = want[offset as usize + i];
        let d = (g.to_c64() - w).norm();
        e2 += d * d;
        w2 += w.norm_sqr();
        max = if d.is_nan() { f64::NAN } else { max.max(d) };
    }
    Ok(([e2, w2], max))
}

fn gather(world: &SimpleCommunicator, line: &SlabLine) -> Result<Vec<SlabLine>> {
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

fn print_human(r: &SlabReport) {
    say!(
        "VC p = {}, n = {} ({} points) over {} MPI ranks: {}, {} rows of {} values",
        r.p,
        r.n,
        r.len,
        r.ranks,
        r.scheme,
        r.distribution.rows,
        r.distribution.columns
    );
    say!("input: {}", r.input);
    say!(
        "end to end (slowest rank): {:.3} ms median of {}",
        r.end_to_end_ms.median,
        r.end_to_end_ms.count
    );
    for l in &r.per_rank {
        let t = &l.times;
        say!(
            "  rank {} ({}, {}): {} rows, {} columns; kernels {:.3} ms, staging {:.3} ms, exchange {:.3} ms ({:.2} GB/s; MPI_Alltoallv alone {:.3} ms, {:.2} GB/s), packing {:.3} ms",
            l.rank, l.host, l.device, l.rows, l.columns, t.kernel_ms, t.staging_ms, t.exchange_ms, l.exchange_gbs, l.alltoallv_ms, l.alltoallv_gbs, t.pack_ms
        );
    }
    if let Some(c) = &r.check {
        say!(
            "check: rel. L2 {:.3e}, max abs {:.3e} (tolerance {:.1e}): {}",
            c.rel_l2,
            c.max_abs,
            c.tolerance,
            if c.ok { "PASS" } else { "FAIL" }
        );
    }
    if let Some(o) = &r.output {
        say!("output: {o}");
    }
}
