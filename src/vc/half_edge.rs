//! The real path's ends of a batched fused plan (`vc::real`, [`VcPlan::with_half_edges`]):
//! how its first pass reads and its last pass writes the h bins of real-input half spectra.
//!
//! [`VcPlan::with_half_edges`]: super::plan::VcPlan::with_half_edges

use serde::Serialize;

/// How the first pass of a batched fused plan reads, or its last pass writes, the B·h
/// transforms of p^n points that are the h = p//2 + 1 bins of B real-input half spectra
/// (`vc::real`): transform b·h + k is bin k of spectrum b.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HalfEdge {
    /// Element e of transform b·h + k at (b·N + e)·h + k: numpy's rfftn rows (B, …, h).
    Rows {
        /// Bins a row, h.
        h: u32,
    },
    /// Input only, forward: element e of transform b·h + k is bin k of the real DFT of the p
    /// reals of row b·N + e (at (b·N + e)·p + j), times `scale`: the real digit done on load.
    Reals {
        /// Bins a row, h.
        h: u32,
        /// Factor of the loaded values (the real transform's norm).
        scale: f64,
    },
}

impl HalfEdge {
    /// Bins a row, h.
    pub fn h(&self) -> u32 {
        match *self {
            HalfEdge::Rows { h } | HalfEdge::Reals { h, .. } => h,
        }
    }
}

/// The ends of a real run's fused passes: where the first pass reads, where the last writes
/// (`None`: one transform after another).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct HalfEdges {
    /// The first pass's input.
    pub input: Option<HalfEdge>,
    /// The last pass's output (`Rows` only).
    pub output: Option<HalfEdge>,
}
