//! What a streamed run reports: each pass's times and the transfer floor measured on the same
//! buffers, and the event sums they are made from.

use super::StreamedVc;
use crate::error::Result;
use crate::runtime::timing::event_span_ns;
use ocl::Event;
use serde::Serialize;

/// Times of one streamed pass.
#[derive(Debug, Clone, Serialize)]
pub struct PassTimes {
    /// Lowest transformed digit and digits transformed.
    pub digits: (u32, u32),
    /// Chunks the pass ran in.
    pub chunks: u64,
    /// Host wall clock of the whole pass (gathers and scatters included).
    pub wall_ms: f64,
    /// First upload start to last download end (profiling events).
    pub span_ms: f64,
    /// Sums over the chunks of the uploads', kernels' and downloads' event times.
    pub upload_ms: f64,
    /// See `upload_ms`.
    pub kernel_ms: f64,
    /// See `upload_ms`.
    pub download_ms: f64,
    /// Host time copying chunks into and out of pinned staging.
    pub gather_ms: f64,
    /// Host time copying finished chunks back (see `gather_ms`).
    pub scatter_ms: f64,
    /// Bytes of the array (each read once from and written once to the host).
    pub bytes: u64,
    /// `bytes / wall_ms` in GB/s.
    pub rate_gbs: f64,
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

/// The pinned transfer rate on the same buffers: one upload then one download of a chunk.
#[derive(Debug, Clone, Serialize)]
pub struct TransferFloor {
    /// Bytes moved each way.
    pub bytes: u64,
    /// The upload's event time.
    pub upload_ms: f64,
    /// The download's event time.
    pub download_ms: f64,
    /// `bytes / (upload + download)` in GB/s: what a pass moving every byte up and back down
    /// sequentially would reach.
    pub rate_gbs: f64,
    /// An upload into one slot and a download from another at once, on the pass's two
    /// transfer queues: first start to last end.
    pub duplex_ms: f64,
    /// `bytes / duplex_ms` in GB/s: the full-duplex floor of a pass (every byte up and down,
    /// both directions running together).
    pub duplex_rate_gbs: f64,
}

/// The summed upload, kernel and download event times of a pass's chunks and the span from
/// the first start to the last end, in ms.
pub(super) fn event_totals<'a>(
    chunks: impl Iterator<Item = (&'a [Event], &'a [Event], &'a [Event])>,
) -> Result<[f64; 4]> {
    let (mut up_ns, mut k_ns, mut down_ns) = (0u64, 0u64, 0u64);
    let (mut first, mut last) = (u64::MAX, 0u64);
    for (up, kernels, down) in chunks {
        let mut span = |ev: &Event, sum: &mut u64| -> Result<()> {
            let (s, e) = event_span_ns(ev)?;
            first = first.min(s);
            last = last.max(e);
            *sum += e.saturating_sub(s);
            Ok(())
        };
        for ev in up {
            span(ev, &mut up_ns)?;
        }
        for ev in kernels {
            span(ev, &mut k_ns)?;
        }
        for ev in down {
            span(ev, &mut down_ns)?;
        }
    }
    let ms = |ns: u64| ns as f64 * 1e-6;
    Ok([
        ms(up_ns),
        ms(k_ns),
        ms(down_ns),
        ms(last.saturating_sub(first)),
    ])
}
