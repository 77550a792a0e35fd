//! The transfer floor of a streamed run, measured on its own slots
//! (`runtime::stream_figures`): one upload then one download of the longest chunk, and an
//! upload and a download at once (full duplex).

pub use super::report::TransferFloor;
use super::run::StreamedVc;
use super::slots::{Typed, TypedSlots};
use crate::error::Result;
use crate::runtime::stream_figures::measure;
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
        measure(
            (&self.up, &self.down),
            (&s.a, &s.staging),
            (&s1.a, &s1.staging),
            repeats,
        )
    }
}
