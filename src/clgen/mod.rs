//! What every OpenCL C generator shares: the counting writer ([`writer::Writer`]), the
//! small-DFT codelets and the complex preamble. Each domain's generator lives in its own folder
//! (`vc::kernels`, `ntt::kernels`, `gfp::kernels`, `field::emit`); nothing here imports a domain.
//! `cl/` holds the hand-written helpers they embed.

pub mod factored_dft;
pub mod rader_dft;
pub mod small_dft;
pub mod writer;

pub use writer::{OpCounts, Writer};

/// Complex helpers embedded in every complex-valued program.
pub const COMPLEX_CL: &str = include_str!("../../cl/complex.cl");

/// A generated program: its source and, per kernel, the generator's operation counts.
#[derive(Debug, Clone)]
pub struct GeneratedProgram {
    /// The OpenCL C text.
    pub source: String,
    /// (kernel name, operation counts) per kernel, in source order.
    pub kernels: Vec<(String, OpCounts)>,
}

/// The typedefs and complex helpers every complex-valued program starts with.
pub fn complex_preamble(w: &mut Writer, f64_precision: bool, wide_index: bool) {
    if f64_precision {
        w.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        w.line("typedef double real;");
        w.line("typedef double2 real2;");
        w.line("typedef double4 real4;");
    } else {
        w.line("typedef float real;");
        w.line("typedef float2 real2;");
        w.line("typedef float4 real4;");
    }
    w.line(if wide_index {
        "typedef ulong idx_t;"
    } else {
        "typedef uint idx_t;"
    });
    w.blank();
    w.raw(COMPLEX_CL);
    let _ = w.take_counts();
}

/// A floating literal of the given precision that round-trips exactly.
pub fn real_literal(x: f64, f64_precision: bool) -> String {
    if f64_precision {
        format!("{x:.17e}")
    } else {
        format!("{:.9e}f", x as f32)
    }
}
