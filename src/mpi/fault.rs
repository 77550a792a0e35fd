//! Failing together: every rank learns of a failure and exits with the same message.
//!
//! Between stages, [`agree`] is collective: each rank says whether its stage failed, and the
//! lowest failing rank's message goes to all, so every rank returns the same error and the
//! job ends cleanly (no rank left waiting). Inside the exchange pipeline a failed rank cannot
//! reach the others (they wait in an all-to-all), so the caller aborts the job
//! ([`abort_all`]: `MPI_Abort`, after printing the failing rank's message).
//!
//! Tests inject failures with `JITFFT_MPI_FAIL_RANK=r` (that rank fails) and
//! `JITFFT_MPI_FAIL_STAGE=device|build|input|exchange|output` (default `build`).

use crate::error::{JitError, Result};
use mpi::topology::Communicator;
use mpi::traits::*;

/// The stages a test may make fail (`JITFFT_MPI_FAIL_STAGE`).
pub const STAGES: &[&str] = &["device", "build", "input", "exchange", "output"];

/// An injected failure, when `JITFFT_MPI_FAIL_RANK` names this rank and
/// `JITFFT_MPI_FAIL_STAGE` (default `build`) names `stage`.
pub fn injected(rank: i32, stage: &str) -> Result<()> {
    let Some((r, want)) = crate::settings::mpi_fail() else {
        return Ok(());
    };
    if r.trim().parse::<i32>().ok() == Some(rank) && want == stage {
        return Err(JitError::invalid(format!(
            "injected failure at stage {stage} (JITFFT_MPI_FAIL_RANK={rank}, a test hook)"
        )));
    }
    Ok(())
}

/// Collective: every rank passes its stage's result; all get `Ok` only if every rank
/// succeeded, else all get the same error: the lowest failing rank's message, naming it.
pub fn agree<T, W: Communicator>(world: &W, stage: &str, r: Result<T>) -> Result<T> {
    let rank = world.rank();
    let me = if r.is_err() { rank } else { i32::MAX };
    let mut first = i32::MAX;
    world.all_reduce_into(&me, &mut first, mpi::collective::SystemOperation::min());
    if first == i32::MAX {
        return r;
    }
    let msg = match &r {
        Err(e) if rank == first => e.to_string(),
        _ => String::new(),
    };
    let mut len = msg.len() as u64;
    let root = world.process_at_rank(first);
    root.broadcast_into(&mut len);
    let mut bytes = msg.into_bytes();
    bytes.resize(len as usize, 0);
    root.broadcast_into(&mut bytes[..]);
    Err(JitError::invalid(format!(
        "rank {first} failed at stage {stage}: {}",
        String::from_utf8_lossy(&bytes)
    )))
}

/// Prints the failing rank's message and ends every rank of the job (`MPI_Abort`): for
/// failures where the other ranks are inside a collective and cannot be told otherwise.
pub fn abort_all<W: Communicator>(world: &W, stage: &str, e: &dyn std::fmt::Display) -> ! {
    eprintln!(
        "error: rank {} failed at stage {stage}: {e}; aborting all {} ranks (MPI_Abort)",
        world.rank(),
        world.size()
    );
    world.abort(1)
}
