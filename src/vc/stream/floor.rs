//! The transfer floor of a streamed run, measured on its own slots: one upload then one
//! download of the longest chunk, and an upload and a download at once (full duplex).

pub use super::report::TransferFloor;
use super::run::StreamedVc;
use super::slots::{Typed, TypedSlots};
use crate::error::Result;
use crate::runtime::timing::event_span_ns;
use crate::runtime::transfer::{flush, read_rect, write_rect, Rect};
use crate::vc::execute::Real;

impl StreamedVc {
    /// Measures the pinned transfer rate on slot 0 (upload, then download, of the longest
    /// chunk), `repeats` times; returns the fastest.
    pub fn floor(&self, repeats: usize) -> Result<TransferFloor> {
        match &self.typed {
            TypedSlots::F32(t) => self.floor_typed(t, repeats),
            TypedSlots::F64(t) => self.floor_typed(t, repeats),
        }
    }

    fn floor_typed<T: Real>(&self, t: &Typed<T>, repeats: usize) -> Result<TransferFloor> {
        let (s, s1) = (&t.slots[0], &t.slots[1]);
        let len = s.staging.len();
        let mut best: Option<(f64, f64)> = None;
        let mut duplex = f64::INFINITY;
        for _ in 0..repeats.max(1) {
            let (u, d) = s.staging.with_map(|m| {
                // SAFETY: both events are waited for before the map is left.
                let up = unsafe { write_rect(&self.up, &s.a, m, Rect::run(0, len), None)? };
                let (u0, u1) = event_span_ns(&up)?;
                let down = unsafe { read_rect(&self.down, &s.a, m, Rect::run(0, len), None)? };
                let (d0, d1) = event_span_ns(&down)?;
                Ok(((u1 - u0) as f64 * 1e-6, (d1 - d0) as f64 * 1e-6))
            })?;
            if best.is_none_or(|(bu, bd)| u + d < bu + bd) {
                best = Some((u, d));
            }
            // Both directions at once: slot 0 up, slot 1 down (different buffers and staging).
            let both = s.staging.with_map(|m0| {
                s1.staging.with_map(|m1| {
                    // SAFETY: both events are waited for before the maps are left.
                    let up = unsafe { write_rect(&self.up, &s.a, m0, Rect::run(0, len), None)? };
                    let down =
                        unsafe { read_rect(&self.down, &s1.a, m1, Rect::run(0, len), None)? };
                    flush(&self.up)?;
                    flush(&self.down)?;
                    let ((u0, u1), (d0, d1)) = (event_span_ns(&up)?, event_span_ns(&down)?);
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
}
