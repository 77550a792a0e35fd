//! What every launch of an FFT program starts and ends with: the kernel's signature (source,
//! destination, constant table, then the step's run-time scalars), its comment's notes, and
//! the first launch's `pre` on what it loads and the last launch's `post` (or the literal
//! scaling) on what it stores. Shared by `kernels` (passes, Bluestein's launches),
//! `group_kernel` and `packed_end` (the real end of a packed plan).

use super::schedule::{Step, StepKind};
use crate::clgen::{real_literal, Writer};
use crate::storage::{ptr_type, HalfStorage};

/// How a kernel computes and stores: f64 arithmetic (else f32), and the arrays' 16-bit storage.
pub type Arith = (bool, Option<HalfStorage>);

/// The comment's ending on what the launch does to what it loads and stores: the direction's
/// conjugation and the scaling from the host (`pre`, `post`), or the literal scaling.
pub fn scaled_note(s: &Step) -> String {
    let mut note = String::new();
    if s.pre {
        note.push_str("; loads times pre (the host's: (1, −1) conjugates for the inverse)");
    }
    if s.post {
        note.push_str("; stores times post (the host's: the scaling, its imaginary part negated for the inverse)");
    } else if s.scale != 1.0 {
        note.push_str("; the result scaled");
    }
    note
}

/// Opens a launch's kernel ([`signature`]).
pub fn open_kernel(w: &mut Writer, s: &Step, table: &str, h: Option<HalfStorage>) {
    w.open(format!("__kernel {}", signature(s, table, h)));
}

/// A launch's signature from `void`: it reads `src`, writes `dst` (arrays of the storage `h`)
/// and reads the constant `table` (always `real2`: the tables stay f32 under half storage),
/// then takes the scalars of `Step::scalar_args`: Bluestein's axis length `n`, `pre`, `post`.
pub fn signature(s: &Step, table: &str, h: Option<HalfStorage>) -> String {
    let ty = ptr_type(h);
    let mut scalars = String::new();
    if let StepKind::ChirpIn { .. } | StepKind::ChirpOut { .. } = s.kind {
        scalars.push_str(", const idx_t n");
    }
    if s.pre {
        scalars.push_str(", const real2 pre");
    }
    if s.post {
        scalars.push_str(", const real2 post");
    }
    format!(
        "void {}(__global const {ty}* restrict src, __global {ty}* restrict dst, \
         __global const real2* restrict {table}{scalars})",
        s.name
    )
}

/// A loaded value as the launch uses it: times `pre` on the first launch.
pub fn loaded(s: &Step, v: String) -> String {
    match s.pre {
        true => format!("{v} * pre"),
        false => v,
    }
}

/// A value as the launch stores it: times `post` on the last launch, else times its literal
/// scaling where that is not 1.
pub fn stored(s: &Step, v: &str, f64p: bool) -> String {
    if s.post {
        format!("{v} * post")
    } else if s.scale == 1.0 {
        v.to_string()
    } else {
        format!("{v} * {}", real_literal(s.scale, f64p))
    }
}
