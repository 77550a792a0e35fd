//! What every element-wise or pass launch of an FFT program starts with: the kernel's
//! signature (source, destination, constant table) and its comment's scaling note. Shared by
//! `kernels` (passes, Bluestein's launches), `group_kernel` (its signature) and `packed_end`
//! (the real end of a packed plan).

use super::schedule::Step;
use crate::clgen::Writer;
use crate::storage::{ptr_type, HalfStorage};

/// How a kernel computes and stores: f64 arithmetic (else f32), and the arrays' 16-bit storage.
pub type Arith = (bool, Option<HalfStorage>);

/// "; the result scaled" where the launch scales what it stores (its comment's ending).
pub fn scaled_note(s: &Step) -> &'static str {
    if s.scale != 1.0 {
        "; the result scaled"
    } else {
        ""
    }
}

/// Opens a launch's kernel ([`signature`]).
pub fn open_kernel(w: &mut Writer, s: &Step, table: &str, h: Option<HalfStorage>) {
    w.open(format!("__kernel {}", signature(&s.name, table, h)));
}

/// Opens a launch's kernel whose signature ends with scalar parameters `scalars` (", const
/// idx_t n").
pub fn open_kernel_with(
    w: &mut Writer,
    s: &Step,
    table: &str,
    h: Option<HalfStorage>,
    scalars: &str,
) {
    let sig = signature(&s.name, table, h);
    let sig = sig.strip_suffix(')').unwrap_or(&sig);
    w.open(format!("__kernel {sig}{scalars})"));
}

/// A launch's signature from `void`: it reads `src`, writes `dst` (arrays of the storage `h`)
/// and reads the constant `table` (always `real2`: the tables stay f32 under half storage).
pub fn signature(name: &str, table: &str, h: Option<HalfStorage>) -> String {
    let ty = ptr_type(h);
    format!(
        "void {name}(__global const {ty}* restrict src, __global {ty}* restrict dst, \
         __global const real2* restrict {table})"
    )
}
