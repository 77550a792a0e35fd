//! What a streamed run reports: each pass's times and the transfer floor measured on the same
//! buffers, and the event sums they are made from.

use super::StreamedVc;
use serde::Serialize;

pub use crate::runtime::stream_figures::{event_totals, PassClock, TransferFloor};

/// Times of one streamed pass.
#[derive(Debug, Clone, Serialize)]
pub struct PassTimes {
    /// Lowest transformed digit and digits transformed.
    pub digits: (u32, u32),
    /// Chunks the pass ran in.
    pub chunks: u64,
    /// Its clocks.
    #[serde(flatten)]
    pub clock: PassClock,
}

/// A pass's clocks read as its own fields (`times.wall_ms`).
impl std::ops::Deref for PassTimes {
    type Target = PassClock;
    fn deref(&self) -> &PassClock {
        &self.clock
    }
}

impl PassTimes {
    /// The start of a pass's line in a report's text: "pass digits 2..4: 9 chunks, 1.234 ms
    /// (5.67 GB/s, 89% of pinned", `pinned_pct` its rate against the pinned floor.
    pub fn line_head(&self, pinned_pct: f64) -> String {
        format!(
            "pass digits {}..{}: {} chunks, {:.3} ms ({:.2} GB/s, {:.0}% of pinned",
            self.digits.0,
            self.digits.0 + self.digits.1,
            self.chunks,
            self.wall_ms,
            self.rate_gbs,
            pinned_pct
        )
    }
}

/// One device transform a streamed pass runs on its chunks.
#[derive(Debug, Clone, Serialize)]
pub struct ChunkTransform {
    /// Its algorithm.
    pub algorithm: String,
    /// Digits of its points.
    pub points_digits: u32,
    /// Digits it transforms.
    pub transformed_digits: u32,
    /// Its batch.
    pub batch: u64,
    /// Kernel passes.
    pub passes: usize,
    /// Its kernels' names (`None` where the report leaves them out: the real path's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kernels: Option<Vec<String>>,
    /// Build (or cache load) time.
    pub build_ms: f64,
    /// The binary came from the cache (`None` where the report leaves it out, as `kernels`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_from_cache: Option<bool>,
}

impl StreamedVc {
    /// What each chunk transform is; `detail` adds its kernels and whether it was cached.
    pub fn chunk_transforms(&self, detail: bool) -> Vec<ChunkTransform> {
        self.transforms
            .iter()
            .map(|t| ChunkTransform {
                algorithm: t.plan.algorithm.to_string(),
                points_digits: t.plan.n,
                transformed_digits: t.plan.transformed_digits(),
                batch: t.plan.batch,
                passes: t.schedule.pass_count(),
                kernels: detail.then(|| t.kernel_counts().iter().map(|(k, _)| k.clone()).collect()),
                build_ms: t.built.build_ms,
                build_from_cache: detail.then_some(t.built.from_cache),
            })
            .collect()
    }
}
