//! `mpirun -np P jitfft bent --mpi …`: the functions split over P ranks (any P), one device
//! each (`mpi::functions`); rank 0 writes the verdicts and prints the report.

use super::bent::BentArgs;
use super::common::{is_stdout, print_json, say, write_data};
use crate::mpi::device::pick_device;
use crate::mpi::fault::{agree, injected};
use crate::mpi::functions::{bent_over_ranks, ShareTimes};
use crate::mvl::bent_report::verdict_bytes;
use crate::mvl::load_truth;
use crate::runtime::Gpu;
use anyhow::{bail, Result};
use mpi::collective::SystemOperation;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use serde::Serialize;

#[derive(Serialize)]
struct BentMpiReport {
    p: u32,
    n: u32,
    functions: u64,
    bent_count: usize,
    exact: bool,
    ranks: i32,
    /// Slowest rank's classification (host wall clock, median of its runs).
    slowest_ms: f64,
    per_rank: Vec<ShareTimes>,
    output: Option<String>,
}

/// Runs `bent --mpi` on this rank.
pub fn run(a: BentArgs) -> Result<()> {
    super::vc_mpi::on_every_rank(|world| run_rank(&a, world))
}

fn run_rank(a: &BentArgs, world: &SimpleCommunicator) -> Result<()> {
    let rank = world.rank();
    let local_rank = world.split_shared(rank).rank();
    let setup = (|| -> Result<crate::mvl::truth_vectors::TruthVectors> {
        if a.output.as_deref().is_some_and(is_stdout) {
            bail!("with --mpi, --output must be a .npy or .txt file (rank 0 writes it)");
        }
        super::bent::check_args(a)?;
        let truth = load_truth(&a.input, a.p, None)?;
        crate::mvl::bent::check_possible(a.p, truth.n)?;
        Ok(truth)
    })();
    let truth = agree(world, "input", setup.map_err(super::vc_mpi::to_jit))?;
    let gpu = agree(
        world,
        "device",
        injected(rank, "device")
            .and_then(|_| pick_device(a.device.as_deref(), local_rank as usize))
            .and_then(Gpu::from_found),
    )?;
    let precision = super::mvl::resolve(a.precision, &gpu);
    // Every rank must agree on one precision (devices may differ in fp64).
    let f64_here = i32::from(precision == crate::transform::Precision::F64);
    let mut f64_all = 0i32;
    world.all_reduce_into(&f64_here, &mut f64_all, SystemOperation::min());
    let precision = if f64_all == 1 {
        crate::transform::Precision::F64
    } else {
        crate::transform::Precision::F32
    };
    let (v, lines) = bent_over_ranks(world, &gpu, &truth, precision, a.fused_values, a.repeat)?;
    let Some(v) = v else {
        return Ok(());
    };
    if let Some(o) = &a.output {
        write_data(o, &verdict_bytes(o, &v))?;
    }
    let report = BentMpiReport {
        p: v.p,
        n: v.n,
        functions: truth.batch,
        bent_count: v.count(),
        exact: v.exact.iter().all(|&e| e),
        ranks: world.size(),
        slowest_ms: lines.iter().map(|l| l.host_ms).fold(0.0, f64::max),
        per_rank: lines,
        output: a.output.as_ref().map(|o| o.display().to_string()),
    };
    if a.json {
        return print_json(&report);
    }
    say!(
        "{}: {} functions, p = {}, n = {}, over {} ranks: {} bent, {} not bent ({})",
        a.input.display(),
        report.functions,
        report.p,
        report.n,
        report.ranks,
        report.bent_count,
        report.functions as usize - report.bent_count,
        precision
    );
    for l in &report.per_rank {
        say!(
            "  rank {} ({}): functions {}..{}, kernel {:.4} ms, upload {:.4} ms, classification {:.3} ms",
            l.rank,
            l.device,
            l.first,
            l.first + l.functions,
            l.kernel_ms,
            l.upload_ms,
            l.host_ms
        );
    }
    if let Some(o) = &report.output {
        say!("verdicts   {o}");
    }
    Ok(())
}
