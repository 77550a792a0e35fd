//! The figures a streamed run (`vc --stream`, `fft --stream`) reports beside its passes: the
//! pinned transfer floor measured on its own slots (one upload then one download of a chunk,
//! and an upload and a download at once, full duplex, on the run's two transfer queues), which
//! each pass is reported against, and a pass's event totals.

use super::pinned::Pinned;
use super::timing::event_span_ns;
use super::transfer::{flush, read_rect, write_rect, Rect};
use crate::error::Result;
use ocl::{Buffer, Event, OclPrm, Queue};
use serde::Serialize;

/// A streamed pass's clocks: host wall time, event sums over its chunks, host copies; the
/// bytes it moved and their rate.
#[derive(Debug, Clone, Serialize)]
pub struct PassClock {
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

impl PassClock {
    /// From the pass's wall clock, its [`event_totals`] (upload, kernels, download, span), its
    /// host copies (gather, scatter) and its bytes.
    pub fn new(
        wall_ms: f64,
        events: [f64; 4],
        (gather_ms, scatter_ms): (f64, f64),
        bytes: u64,
    ) -> PassClock {
        let [upload_ms, kernel_ms, download_ms, span_ms] = events;
        PassClock {
            wall_ms,
            span_ms,
            upload_ms,
            kernel_ms,
            download_ms,
            gather_ms,
            scatter_ms,
            bytes,
            rate_gbs: bytes as f64 / (wall_ms * 1e-3) / 1e9,
        }
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

/// Measures the floor on two slots (a device buffer and its pinned staging each, the
/// staging's length moved): slot 0 up then down on `up` and `down`, then slot 0 up while slot 1 comes
/// down, `repeats` times; the fastest of each.
pub fn measure<T: OclPrm>(
    (up, down): (&Queue, &Queue),
    (a0, s0): (&Buffer<T>, &Pinned<T>),
    (a1, s1): (&Buffer<T>, &Pinned<T>),
    repeats: usize,
) -> Result<TransferFloor> {
    let len = s0.len();
    let mut best: Option<(f64, f64)> = None;
    let mut duplex = f64::INFINITY;
    for _ in 0..repeats.max(1) {
        let (u, d) = s0.with_map(|m| {
            // SAFETY: both events are waited for before the map is left.
            let upload = unsafe { write_rect(up, a0, m, Rect::run(0, len), None)? };
            let (u0, u1) = event_span_ns(&upload)?;
            let download = unsafe { read_rect(down, a0, m, Rect::run(0, len), None)? };
            let (d0, d1) = event_span_ns(&download)?;
            Ok(((u1 - u0) as f64 * 1e-6, (d1 - d0) as f64 * 1e-6))
        })?;
        if best.is_none_or(|(bu, bd)| u + d < bu + bd) {
            best = Some((u, d));
        }
        // Both directions at once: slot 0 up, slot 1 down (different buffers and staging).
        let both = s0.with_map(|m0| {
            s1.with_map(|m1| {
                // SAFETY: both events are waited for before the maps are left.
                let upload = unsafe { write_rect(up, a0, m0, Rect::run(0, len), None)? };
                let download = unsafe { read_rect(down, a1, m1, Rect::run(0, len), None)? };
                flush(up)?;
                flush(down)?;
                let ((u0, u1), (d0, d1)) = (event_span_ns(&upload)?, event_span_ns(&download)?);
                Ok((u1.max(d1) - u0.min(d0)) as f64 * 1e-6)
            })
        })?;
        duplex = duplex.min(both);
    }
    let (upload_ms, download_ms) = best.unwrap_or_default();
    let bytes = (len * std::mem::size_of::<T>()) as u64;
    Ok(TransferFloor {
        bytes,
        upload_ms,
        download_ms,
        rate_gbs: bytes as f64 / ((upload_ms + download_ms) * 1e-3) / 1e9,
        duplex_ms: duplex,
        duplex_rate_gbs: bytes as f64 / (duplex * 1e-3) / 1e9,
    })
}

/// The summed upload, kernel and download event times of a pass's chunks and the span from
/// the first start to the last end, in ms.
pub fn event_totals<'a>(
    chunks: impl Iterator<Item = (&'a [Event], &'a [Event], &'a [Event])>,
) -> Result<[f64; 4]> {
    let s = event_sums(chunks)?;
    Ok([s.ms[0], s.ms[1], s.ms[2], s.span_ms()])
}

/// Event sums of a pass's chunks: each step's summed time and the device clock's bounds.
#[derive(Debug, Clone, Copy)]
pub struct EventSums {
    /// Summed times of the chunks' first steps (uploads), launches and last steps (downloads).
    pub ms: [f64; 3],
    /// The first start (device clock, ns).
    pub first_ns: u64,
    /// The last end (device clock, ns).
    pub last_ns: u64,
}

impl EventSums {
    /// First start to last end, in ms.
    pub fn span_ms(&self) -> f64 {
        self.last_ns.saturating_sub(self.first_ns) as f64 * 1e-6
    }
}

/// The [`EventSums`] of chunks given as (first steps, launches, last steps).
pub fn event_sums<'a>(
    chunks: impl Iterator<Item = (&'a [Event], &'a [Event], &'a [Event])>,
) -> Result<EventSums> {
    let mut sums = [0u64; 3];
    let (mut first, mut last) = (u64::MAX, 0u64);
    for (up, kernels, down) in chunks {
        for (sum, evs) in sums.iter_mut().zip([up, kernels, down]) {
            for ev in evs {
                let (s, e) = event_span_ns(ev)?;
                first = first.min(s);
                last = last.max(e);
                *sum += e.saturating_sub(s);
            }
        }
    }
    Ok(EventSums {
        ms: sums.map(|ns| ns as f64 * 1e-6),
        first_ns: first.min(last),
        last_ns: last,
    })
}

/// One upload then one download of a whole array through a slot: the sequential pinned floor
/// of a run that moves every byte up once and down once.
#[derive(Debug, Clone, Serialize)]
pub struct SequentialFloor {
    /// Bytes moved each way.
    pub bytes: u64,
    /// The upload: its pieces' summed event times (the gaps between the commands left out,
    /// as one command of the whole array would have none).
    pub upload_ms: f64,
    /// The download, likewise.
    pub download_ms: f64,
    /// `upload_ms + download_ms`.
    pub sequential_ms: f64,
}

/// Measures the [`SequentialFloor`] of `total` elements through a slot's pinned staging and
/// device buffer: pieces of the staging's length uploaded back to back on `up`, then
/// downloaded back to back on `down`, each direction its pieces' summed event times; the
/// fastest of `repeats`.
pub fn measure_sequential<T: OclPrm>(
    (up, down): (&Queue, &Queue),
    (a, staging): (&Buffer<T>, &Pinned<T>),
    total: usize,
    repeats: usize,
) -> Result<SequentialFloor> {
    let piece = staging.len().min(a.len()).max(1);
    let pieces: Vec<Rect> = (0..total.div_ceil(piece))
        .map(|i| Rect::run(0, piece.min(total - i * piece)))
        .collect();
    let busy = |evs: &[Event]| -> Result<f64> {
        let mut ns = 0u64;
        for e in evs {
            let (s, t) = event_span_ns(e)?;
            ns += t.saturating_sub(s);
        }
        Ok(ns as f64 * 1e-6)
    };
    let mut best = (f64::INFINITY, f64::INFINITY);
    for _ in 0..repeats.max(1) {
        let (u, d) = staging.with_map(|m| {
            // SAFETY: every event is waited for (`span`) before the map is left; the pieces
            // are inside both.
            let ups = pieces
                .iter()
                .map(|&r| unsafe { write_rect(up, a, m, r, None) })
                .collect::<Result<Vec<_>>>()?;
            let u = busy(&ups)?;
            let downs = pieces
                .iter()
                .map(|&r| unsafe { read_rect(down, a, m, r, None) })
                .collect::<Result<Vec<_>>>()?;
            Ok((u, busy(&downs)?))
        })?;
        if u + d < best.0 + best.1 {
            best = (u, d);
        }
    }
    Ok(SequentialFloor {
        bytes: (total * std::mem::size_of::<T>()) as u64,
        upload_ms: best.0,
        download_ms: best.1,
        sequential_ms: best.0 + best.1,
    })
}
