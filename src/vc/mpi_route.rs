//! The MPI route of a `vc` request (`vc --mpi`, run by `mpi::vc`): which scheme distributes
//! it over the ranks. Plain data, decided here so every front end takes the same one.

use serde::Serialize;

/// How a distributed `vc` run splits its work over P ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MpiScheme {
    /// One transform, P a power of p: each rank holds N/P values, chunked all-to-alls
    /// pipelined with the kernels (`mpi::pipelined`).
    Pipelined,
    /// One transform, any other P: uneven slabs of the leading digits and `MPI_Alltoallv`
    /// (`mpi::slab`).
    Slab,
    /// Several transforms (`--batch B > 1`): split over the ranks whole, no exchange.
    Batch,
}

impl MpiScheme {
    /// The scheme for `ranks` ranks, p-point axes and `batch` transforms (`None`: one).
    pub fn of(p: u32, ranks: u64, batch: Option<u64>) -> MpiScheme {
        if batch.is_some_and(|b| b > 1) {
            MpiScheme::Batch
        } else if ranks == 1 || super::plan::log_exact(p as u64, ranks).is_some() {
            MpiScheme::Pipelined
        } else {
            MpiScheme::Slab
        }
    }
}
