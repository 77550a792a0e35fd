//! Rank 0's report of a distributed FFT: the transform, the split, the halves' plans and the
//! ranks' run (as the VC slab report: `mpi::slab_run`).

use super::SlabFft;
use crate::fft::{FftPlan, NumpyNorm};
use crate::mpi::rank::{MpiReport, RankRun};
use crate::mpi::slab::Slabs;
use crate::mpi::slab_run::SlabLine;
use serde::Serialize;

/// Rank 0's report of an `fft --mpi` run.
#[derive(Debug, Serialize)]
pub struct MpiFftReport {
    /// "fftn".
    kind: &'static str,
    shape: Vec<u64>,
    /// The transformed axes.
    axes: Vec<usize>,
    precision: String,
    direction: String,
    norm: NumpyNorm,
    len: u64,
    ranks: u64,
    /// The slabs of axis 0, with or without the exchange.
    scheme: &'static str,
    distribution: Slabs,
    /// Rank 0's transform of its rows over the axes among 1.. (none when none is transformed).
    local_plan: Option<FftPlan>,
    /// Rank 0's transform of its columns along axis 0 (none when axis 0 is not transformed).
    across_plan: Option<FftPlan>,
    /// Whether rank 0's local and across transforms stream through its device.
    streamed: (bool, bool),
    output_order: &'static str,
    /// Input, times (end to end: data on the host in and out), lines, check, output.
    #[serde(flatten)]
    run: RankRun<SlabLine>,
}

impl MpiFftReport {
    /// The report of `whole` run as `st` on every rank.
    pub fn new(
        whole: &FftPlan,
        norm: NumpyNorm,
        st: &SlabFft,
        run: RankRun<SlabLine>,
    ) -> MpiFftReport {
        MpiFftReport {
            kind: "fftn",
            shape: whole.shape.clone(),
            axes: whole.axes.clone(),
            precision: whole.precision.to_string(),
            direction: whole.direction.to_string(),
            norm,
            len: whole.len(),
            ranks: st.slabs.ranks,
            scheme: match st.exchanges() {
                true => "slabs of axis 0 (MPI_Alltoallv)",
                false => "slabs of axis 0, no exchange (axis 0 not transformed)",
            },
            distribution: st.slabs,
            local_plan: st.local.plan().cloned(),
            across_plan: st.across.plan().cloned(),
            streamed: (st.local.streamed(), st.across.streamed()),
            output_order: "natural",
            run,
        }
    }
}

impl MpiReport for MpiFftReport {
    fn text(&self) -> String {
        let r = self;
        let mut s = format!(
            "fftn of shape {:?} over axes {:?}, {} {}, norm {}, over {} MPI ranks: {}, {} rows of {} values",
            r.shape,
            r.axes,
            r.precision,
            r.direction,
            r.norm,
            r.ranks,
            r.scheme,
            r.distribution.rows,
            r.distribution.columns
        );
        if r.streamed.0 || r.streamed.1 {
            s.push_str(" (rank 0 streams through its device)");
        }
        r.run.slab_lines(&mut s);
        s
    }
}
