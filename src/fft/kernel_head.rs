//! What every element-wise or pass launch of an FFT program starts with: the kernel's
//! signature (source, destination, constant table) and its comment's scaling note. Shared by
//! `kernels` (passes, Bluestein's launches) and `packed_end` (the real end of a packed plan).

use super::schedule::Step;
use crate::clgen::Writer;

/// "; the result scaled" where the launch scales what it stores (its comment's ending).
pub fn scaled_note(s: &Step) -> &'static str {
    if s.scale != 1.0 {
        "; the result scaled"
    } else {
        ""
    }
}

/// Opens a launch's kernel: it reads `src`, writes `dst` and reads the constant `table`.
pub fn open_kernel(w: &mut Writer, s: &Step, table: &str) {
    w.open(format!(
        "__kernel void {}(__global const real2* restrict src, __global real2* restrict dst, \
         __global const real2* restrict {table})",
        s.name
    ));
}
