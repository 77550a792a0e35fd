//! `mpirun -np P jitfft vc --mpi --batch B …`: B independent transforms split over P ranks
//! (any P; contiguous shares, the first B mod P ranks one more, `mpi::functions::share`), each
//! rank transforming its share as one batched plan on its own device (streamed where it does
//! not fit) and writing it at its offset of the one output file. No exchange.

use super::common::{check_output_path, is_stdout, print_json, say};
use super::vc::{default_tolerance, VcArgs};
use crate::io::random::fresh_seed;
use crate::mpi::device::pick_device;
use crate::mpi::fault::{abort_all, agree, injected};
use crate::mpi::functions::share;
use crate::mpi::io::{fill_random, read_layout, read_slice, write_slices, HostComplex, NpyLayout};
use crate::mpi::slab::RankTransform;
use crate::reference::{compare, separable_vc};
use crate::runtime::Gpu;
use crate::vc::{Precision, VcOptions, VcPlan};
use anyhow::{bail, Result};
use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use num_complex::{Complex32, Complex64};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

#[derive(Debug, Clone, Serialize, Deserialize)]
struct BatchLine {
    rank: i32,
    device: String,
    first: u64,
    transforms: u64,
    streamed: bool,
    kernel_ms: f64,
    staging_ms: f64,
    /// The share from host memory to host memory (host wall clock).
    host_ms: f64,
}

#[derive(Serialize)]
struct BatchReport {
    p: u32,
    n: u32,
    batch: u64,
    ranks: i32,
    scheme: &'static str,
    input: String,
    seed: Option<u64>,
    /// Slowest rank.
    slowest_ms: f64,
    per_rank: Vec<BatchLine>,
    /// The worst transform's relative L2 error against the f64 reference (all ranks).
    check_rel_l2: Option<f64>,
    tolerance: Option<f64>,
    ok: Option<bool>,
    output: Option<String>,
}

/// Runs this rank's share of `vc --mpi --batch B`.
pub(super) fn run_rank(a: &VcArgs, world: &SimpleCommunicator) -> Result<()> {
    let rank = world.rank();
    let local_rank = world.split_shared(rank).rank();
    let setup = (|| -> Result<(VcPlan, Option<(PathBuf, NpyLayout)>)> {
        a.run.validate()?;
        if a.keep_transposed || a.mpi_chunks.is_some() {
            bail!("--keep-transposed and --mpi-chunks distribute one transform; with --batch the transforms are split over the ranks whole");
        }
        if let Some(out) = &a.run.output {
            if is_stdout(out) || out.extension().and_then(|e| e.to_str()) != Some("npy") {
                bail!("with --mpi, --output must be a .npy file (each rank writes its slice at its offset)");
            }
            check_output_path(out)?;
        }
        let b = a.t.batch.unwrap_or(1);
        let input = match &a.run.input {
            Some(path) => Some((path.clone(), read_layout(path)?)),
            None => None,
        };
        let n = match &input {
            Some((path, l)) => {
                if l.len % b != 0 {
                    bail!(
                        "{}: {} values are not --batch {b} transforms of equal length",
                        path.display(),
                        l.len
                    );
                }
                Some(crate::io::input::infer_n(
                    a.t.p,
                    (l.len / b) as usize,
                    &path.display().to_string(),
                )?)
            }
            None => None,
        };
        if let (Some(n), Some(want)) = (n, a.t.n) {
            if n != want {
                bail!(
                    "the input holds transforms of {}^{n} values, but --n {want} was given",
                    a.t.p
                );
            }
        }
        Ok((a.t.plan(n)?, input))
    })();
    let (whole, input) = agree(world, "plan", setup.map_err(super::vc_mpi::to_jit))?;
    let gpu = agree(
        world,
        "device",
        injected(rank, "device")
            .and_then(|_| pick_device(a.run.device.as_deref(), local_rank as usize))
            .and_then(Gpu::from_found),
    )?;
    match whole.precision {
        Precision::F32 => run_typed::<Complex32>(a, world, &gpu, &whole, input),
        Precision::F64 => run_typed::<Complex64>(a, world, &gpu, &whole, input),
    }
}

fn run_typed<C: HostComplex>(
    a: &VcArgs,
    world: &SimpleCommunicator,
    gpu: &Gpu,
    whole: &VcPlan,
    input: Option<(PathBuf, NpyLayout)>,
) -> Result<()> {
    let rank = world.rank();
    let (first, count) = share(whole.batch, world.size() as u64, rank as u64);
    let len = whole.len;
    let untouched = a.t.algo.is_none()
        && a.t.radix.is_none()
        && a.t.coeffs.is_none()
        && a.t.fused_digits.is_none()
        && a.t.fused_lanes.is_none()
        && a.t.fused_values.is_none();
    let opts = VcOptions {
        norm: Some(whole.norm),
        ..a.t.options()
    };
    let make = |digits: u32, batch: u64| -> crate::Result<VcPlan> {
        let plan = VcPlan::new(whole.p, digits, opts)?;
        let plan = if untouched {
            crate::vc::choose::default_plan(gpu, plan, opts)?.plan
        } else {
            plan
        };
        plan.with_batch(batch)
    };
    let built = injected(rank, "build").and_then(|_| {
        if count == 0 {
            return Ok(None);
        }
        RankTransform::new(gpu, make(whole.n, count)?, &make).map(Some)
    });
    let tr = agree(world, "build", built)?;
    let mut seed = a.run.seed.unwrap_or_else(fresh_seed);
    world.process_at_rank(0).broadcast_into(&mut seed);
    let offset = first * len;
    let read = injected(rank, "input").and_then(|_| {
        let mut x = vec![C::default(); (count * len) as usize];
        match &input {
            Some((path, layout)) => read_slice(path, *layout, offset, &mut x)?,
            None => fill_random(seed, offset, &mut x),
        }
        Ok(x)
    });
    let x = agree(world, "input", read)?;
    let mut out = x.clone();
    // One untimed run first (kernels are compiled or loaded on first launch on some drivers).
    if let Some(tr) = &tr {
        if let Err(e) = tr.run_in_place(gpu, &mut out) {
            abort_all(world, "transform", &e);
        }
        out.copy_from_slice(&x);
    }
    let t0 = std::time::Instant::now();
    let (kernel_ms, staging_ms) = match &tr {
        Some(tr) => match injected(rank, "exchange").and_then(|_| tr.run_in_place(gpu, &mut out)) {
            Ok(t) => t,
            Err(e) => abort_all(world, "transform", &e),
        },
        None => (0.0, 0.0),
    };
    let host_ms = t0.elapsed().as_secs_f64() * 1e3;
    // Each transform of the share against the reference; the worst over all ranks.
    let worst = if a.run.check {
        let mut w = 0.0f64;
        for k in 0..count as usize {
            let r = k * len as usize..(k + 1) * len as usize;
            let xin: Vec<Complex64> = x[r.clone()].iter().map(|c| c.to_c64()).collect();
            let got: Vec<Complex64> = out[r].iter().map(|c| c.to_c64()).collect();
            let want = separable_vc(whole.p, whole.n, &xin, whole.direction, whole.scale())?;
            let e = compare(&got, &want).rel_l2;
            w = if e.is_nan() { f64::NAN } else { w.max(e) };
        }
        let mut all = 0.0f64;
        world.all_reduce_into(&w, &mut all, SystemOperation::max());
        Some(all)
    } else {
        None
    };
    let tolerance = a
        .tolerance
        .unwrap_or_else(|| default_tolerance(whole.precision));
    let ok = worst.map(|w| w.is_finite() && w <= tolerance);
    let output = match (&a.run.output, ok) {
        (Some(path), None | Some(true)) => {
            write_slices(world, path, whole.batch * len, offset, &out)?;
            Some(path.display().to_string())
        }
        _ => None,
    };
    let line = BatchLine {
        rank,
        device: gpu.info.name.clone(),
        first,
        transforms: count,
        streamed: tr.as_ref().is_some_and(|t| t.streamed()),
        kernel_ms,
        staging_ms,
        host_ms,
    };
    let text = serde_json::to_vec(&line)?;
    if rank != 0 {
        world.process_at_rank(0).send(&text[..]);
        if ok == Some(false) {
            bail!("--check failed (see rank 0's report); no output written");
        }
        return Ok(());
    }
    let mut lines = vec![line];
    for r in 1..world.size() {
        let (bytes, _) = world.process_at_rank(r).receive_vec::<u8>();
        lines.push(serde_json::from_slice(&bytes)?);
    }
    let report = BatchReport {
        p: whole.p,
        n: whole.n,
        batch: whole.batch,
        ranks: world.size(),
        scheme: "transforms split over ranks",
        input: match &input {
            Some((p, _)) => p.display().to_string(),
            None => format!("random (seed {seed})"),
        },
        seed: input.is_none().then_some(seed),
        slowest_ms: lines.iter().map(|l| l.host_ms).fold(0.0, f64::max),
        per_rank: lines,
        check_rel_l2: worst,
        tolerance: worst.map(|_| tolerance),
        ok,
        output,
    };
    if a.run.json {
        print_json(&report)?;
    } else {
        say!(
            "{} transforms of {}^{} over {} ranks ({}): slowest rank {:.3} ms",
            report.batch,
            report.p,
            report.n,
            report.ranks,
            report.scheme,
            report.slowest_ms
        );
        for l in &report.per_rank {
            say!(
                "  rank {} ({}): transforms {}..{}{}, kernels {:.3} ms, staging {:.3} ms, {:.3} ms",
                l.rank,
                l.device,
                l.first,
                l.first + l.transforms,
                if l.streamed { " (streamed)" } else { "" },
                l.kernel_ms,
                l.staging_ms,
                l.host_ms
            );
        }
        if let Some(w) = worst {
            say!(
                "check: worst rel. L2 {w:.3e} (tolerance {tolerance:.1e}): {}",
                if ok == Some(true) { "PASS" } else { "FAIL" }
            );
        }
    }
    if ok == Some(false) {
        bail!("--check failed: worst relative L2 error {:.3e} is above the tolerance {tolerance:.1e}; no output written", worst.unwrap_or(f64::NAN));
    }
    Ok(())
}
