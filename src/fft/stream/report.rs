//! What a streamed run reports beside the in-memory report's fields (`FftReport::stream`):
//! each pass's times and its rate against the pinned floor measured on the same slots; an
//! overlapped run also its end-to-end time against one upload and one download of the array.

use super::plan::{PassKind, StreamPass};
use crate::runtime::show::{mib, ms};
use crate::runtime::stream_figures::{PassClock, SequentialFloor, TransferFloor};
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
    /// Overlapped: the summed device copies into or out of the resident array (its uploads
    /// or downloads then count none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_copy_ms: Option<f64>,
    /// The first event's start and the last one's end (device clock, ns).
    #[serde(skip)]
    pub bounds_ns: (u64, u64),
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
    /// `--overlap` only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub overlap: Option<OverlapFigures>,
}

/// An overlapped run's end to end (`fft --overlap --json`: `details.stream.overlap`), of the
/// fastest timed run.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapFigures {
    /// `--chunks` (none: the default, or more where memory needed them).
    pub chunks_asked: Option<u64>,
    /// The array stayed on the device between two passes (else one pass, host to host).
    pub resident: bool,
    /// Bytes each direction moves (the array once).
    pub bytes: u64,
    /// First upload start → last download end, from profiling events.
    pub events_ms: f64,
    /// Summed uploads (pass 1's, from pinned staging).
    pub upload_ms: f64,
    /// Summed downloads (the last pass's, into pinned staging).
    pub download_ms: f64,
    /// Summed launches.
    pub kernel_ms: f64,
    /// Summed device copies into and out of the resident array.
    pub device_copy_ms: f64,
    /// One upload then one download of the array through a slot, nothing else running.
    pub floor: SequentialFloor,
    /// `events_ms / floor.sequential_ms`.
    pub ratio: f64,
    /// What `ratio` divides.
    pub ratio_basis: &'static str,
    /// Device memory: the resident array, and every slot's arrays beside it.
    pub resident_bytes: u64,
    /// See `resident_bytes`.
    pub device_bytes: u64,
    /// Pinned host staging of every slot.
    pub pinned_bytes: u64,
}

impl OverlapFigures {
    /// The figures of one run's `passes` against `floor`; (chunks asked, resident, resident
    /// bytes, device bytes, pinned bytes) from the run's setup.
    pub fn new(
        passes: &[PassTimes],
        floor: SequentialFloor,
        (chunks_asked, resident): (Option<u64>, bool),
        (resident_bytes, device_bytes, pinned_bytes): (u64, u64, u64),
    ) -> OverlapFigures {
        let sum = |f: &dyn Fn(&PassTimes) -> f64| passes.iter().map(f).sum::<f64>();
        let first = passes.iter().map(|p| p.bounds_ns.0).min().unwrap_or(0);
        let last = passes.iter().map(|p| p.bounds_ns.1).max().unwrap_or(0);
        let events_ms = last.saturating_sub(first) as f64 * 1e-6;
        OverlapFigures {
            chunks_asked,
            resident,
            bytes: floor.bytes,
            events_ms,
            upload_ms: sum(&|p| p.clock.upload_ms),
            download_ms: sum(&|p| p.clock.download_ms),
            kernel_ms: sum(&|p| p.clock.kernel_ms),
            device_copy_ms: sum(&|p| p.device_copy_ms.unwrap_or(0.0)),
            ratio: events_ms / floor.sequential_ms,
            ratio_basis: "events_ms / floor.sequential_ms: end to end from the first upload's start to the last download's end, over one pinned upload plus one pinned download of the array through a slot with nothing else running",
            floor,
            resident_bytes,
            device_bytes,
            pinned_bytes,
        }
    }

    /// The text lines.
    pub fn lines(&self) -> Vec<String> {
        let f = &self.floor;
        vec![
            format!(
                "e2e        {} (events: first upload start → last download end); {:.3} × the floor",
                ms(self.events_ms),
                self.ratio
            ),
            format!(
                "floor      {} sequential: pinned upload {} + download {} of the same {}",
                ms(f.sequential_ms),
                ms(f.upload_ms),
                ms(f.download_ms),
                mib(self.bytes)
            ),
            format!(
                "sums       upload {}, kernels {}, device copies {}, download {}",
                ms(self.upload_ms),
                ms(self.kernel_ms),
                ms(self.device_copy_ms),
                ms(self.download_ms)
            ),
            format!(
                "memory     device {} ({}), pinned host {}",
                mib(self.device_bytes),
                match self.resident {
                    true => format!(
                        "{} the array resident between the passes",
                        mib(self.resident_bytes)
                    ),
                    false => "one pass, host to host: no resident array".into(),
                },
                mib(self.pinned_bytes)
            ),
        ]
    }
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
        let passes = StreamFigures::fastest(runs)
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
            overlap: None,
        }
    }

    /// The fastest of `runs` (by wall clock, as [`StreamFigures::new`] picks it).
    pub fn fastest(runs: &[Vec<PassTimes>]) -> Option<&Vec<PassTimes>> {
        let wall = |r: &Vec<PassTimes>| r.iter().map(|p| p.clock.wall_ms).sum::<f64>();
        runs.iter().min_by(|a, b| wall(a).total_cmp(&wall(b)))
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
                "pass       {} over axes {:?}: {} chunks of {}, {:.3} ms ({:.2} GB/s{}); kernels {:.3} ms, up {:.3} ms, down {:.3} ms, gather {:.3} ms, scatter {:.3} ms{}",
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
                c.scatter_ms,
                t.device_copy_ms.map_or(String::new(), |d| format!(", device copies {d:.3} ms"))
            ));
        }
        out.extend(self.overlap.iter().flat_map(OverlapFigures::lines));
        out
    }
}
