//! OpenCL C generators. Plain Rust functions writing through [`writer::Writer`], which counts
//! the operations it emits; `cl/` holds the hand-written helpers they embed.

pub mod gfp_kernels;
pub mod montgomery;
pub mod ntt_kernels;
pub mod small_dft;
pub mod vc_fused;
pub mod vc_kernels;
pub mod writer;

pub use writer::{OpCounts, Writer};

/// Complex helpers embedded in every complex-valued program.
pub const COMPLEX_CL: &str = include_str!("../../cl/complex.cl");

/// A generated program: its source and, per kernel, the generator's operation counts.
#[derive(Debug, Clone)]
pub struct GeneratedProgram {
    pub source: String,
    pub kernels: Vec<(String, OpCounts)>,
}

/// A floating literal of the given precision that round-trips exactly.
pub fn real_literal(x: f64, f64_precision: bool) -> String {
    if f64_precision {
        format!("{x:.17e}")
    } else {
        format!("{:.9e}f", x as f32)
    }
}
