//! What a streamed run reports beside the in-memory report's fields (`FftReport::stream`):
//! each pass's times and its rate against the pinned floor measured on the same slots.

use super::plan::{PassKind, StreamPass};
use crate::runtime::stream_figures::{PassClock, TransferFloor};
use serde::Serialize;

/// Times of one streamed pass (host wall clock; event sums over its chunks).
#[derive(Debug, Clone, Serialize)]
pub struct PassTimes {
    /// Slabs or columns.
    pub kind: PassKind,
    /// The axes it transforms.
    pub axes: Vec<usize>,
    /// Chunks it ran in.
    pub chunks: u64,
    /// Slabs or columns a chunk holds.
    pub per_chunk: u64,
    /// Its clocks.
    #[serde(flatten)]
    pub clock: PassClock,
}

/// One pass's times (the fastest run's) and its rate against the floor.
#[derive(Debug, Clone, Serialize)]
pub struct PassReport {
    /// The pass.
    #[serde(flatten)]
    pub times: PassTimes,
    /// `rate_gbs / floor.rate_gbs` (`None` without a floor: one slot).
    pub of_pinned: Option<f64>,
    /// `rate_gbs / floor.duplex_rate_gbs`.
    pub of_duplex: Option<f64>,
}

/// The streamed route's figures (`fft --stream --json`: `details.stream`).
#[derive(Debug, Clone, Serialize)]
pub struct StreamFigures {
    /// Why it streamed: `--stream`, or the plan that did not fit.
    pub reason: String,
    /// The passes as planned.
    pub plan: Vec<StreamPass>,
    /// Device memory of every slot.
    pub slot_bytes: u64,
    /// The pinned rate measured on two slots before the run.
    pub floor: Option<TransferFloor>,
    /// Each pass of the fastest timed run.
    pub passes: Vec<PassReport>,
}

impl StreamFigures {
    /// The figures of the runs `runs` (each a list of passes).
    pub fn new(
        reason: String,
        plan: Vec<StreamPass>,
        slot_bytes: u64,
        floor: Option<TransferFloor>,
        runs: &[Vec<PassTimes>],
    ) -> StreamFigures {
        let fastest = runs.iter().min_by(|a, b| {
            let wall = |r: &Vec<PassTimes>| r.iter().map(|p| p.clock.wall_ms).sum::<f64>();
            wall(a).total_cmp(&wall(b))
        });
        let passes = fastest
            .into_iter()
            .flatten()
            .map(|t| PassReport {
                of_pinned: floor.as_ref().map(|f| t.clock.rate_gbs / f.rate_gbs),
                of_duplex: floor.as_ref().map(|f| t.clock.rate_gbs / f.duplex_rate_gbs),
                times: t.clone(),
            })
            .collect();
        StreamFigures {
            reason,
            plan,
            slot_bytes,
            floor,
            passes,
        }
    }

    /// The text lines.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "stream     {}; slots {}{}",
            self.reason,
            crate::runtime::show::mib(self.slot_bytes),
            self.floor.as_ref().map_or(String::new(), |f| format!(
                "; pinned floor {:.2} GB/s ({:.2} GB/s duplex)",
                f.rate_gbs, f.duplex_rate_gbs
            ))
        )];
        for p in &self.passes {
            let (t, c) = (&p.times, &p.times.clock);
            out.push(format!(
                "pass       {} over axes {:?}: {} chunks of {}, {:.3} ms ({:.2} GB/s{}); kernels {:.3} ms, up {:.3} ms, down {:.3} ms, gather {:.3} ms, scatter {:.3} ms",
                match t.kind { PassKind::Slabs => "slabs", PassKind::Columns => "columns" },
                t.axes,
                t.chunks,
                t.per_chunk,
                c.wall_ms,
                c.rate_gbs,
                p.of_pinned.map_or(String::new(), |x| format!(", {:.0}% of pinned", 100.0 * x)),
                c.kernel_ms,
                c.upload_ms,
                c.download_ms,
                c.gather_ms,
                c.scatter_ms
            ));
        }
        out
    }
}
