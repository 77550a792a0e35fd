//! `mpirun -np P jitfft bent --mpi …`: the functions split over P ranks (any P), one device
//! each (`mpi::functions`); rank 0 writes the verdicts and prints the report.

use super::bent::BentArgs;
use super::common::{is_stdout, print_json, say_lines, write_data};
use crate::mpi::device::pick_device;
use crate::mpi::fault::{agree, injected};
use crate::mpi::functions::{agreed_precision, bent_over_ranks, BentMpiReport};
use crate::mvl::bent_report::verdict_bytes;
use crate::mvl::load_truth;
use crate::runtime::Gpu;
use anyhow::{bail, Result};
use mpi::topology::{Communicator, SimpleCommunicator};

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
    let precision = agreed_precision(world, precision);
    let (v, lines) = bent_over_ranks(world, &gpu, &truth, precision, a.fused_values, a.repeat)?;
    let Some(v) = v else {
        return Ok(());
    };
    if let Some(o) = &a.output {
        write_data(o, &verdict_bytes(o, &v))?;
    }
    let output = a.output.as_ref().map(|o| o.display().to_string());
    let report = BentMpiReport::new(&v, truth.batch, world.size(), lines, output);
    if a.json {
        return print_json(&report);
    }
    let input = a.input.display().to_string();
    say_lines(&report.lines(&input, precision));
    Ok(())
}
