//! The real path's ends of a fused pass ([`HalfEdge`]): the first pass of a forward real run
//! loads p reals a row and does their real DFT (bin k of the transform it holds), and the ends
//! of a real run read or write numpy's rows of h bins (indices h apart, the bin as offset).

use crate::clgen::{real_literal, OpCounts, Writer};
use crate::transform::{Direction, Precision};
use crate::vc::fused::FusedPass;
use crate::vc::plan::HalfEdge;

/// Elements between consecutive indices of a transform at a real-path end: h in rows of h
/// bins, else 1.
pub(super) fn edge_stride(edge: Option<HalfEdge>) -> u64 {
    match edge {
        Some(HalfEdge::Rows { h }) => h as u64,
        _ => 1,
    }
}

/// Bins a row where the pass has a real-path end (1: none).
pub(super) fn half_h(pass: &FusedPass) -> u64 {
    pass.half_in.or(pass.half_out).map_or(1, |e| e.h() as u64)
}

pub(super) fn roots_name(pass: &FusedPass) -> String {
    format!("{}_roots", pass.name())
}

/// The forward roots ω^t, t < p, of a pass that loads reals ([`HalfEdge::Reals`]).
pub(super) fn emit_roots_table(w: &mut Writer, pass: &FusedPass) {
    if !matches!(pass.half_in, Some(HalfEdge::Reals { .. })) {
        return;
    }
    let f64p = pass.precision == Precision::F64;
    let roots: Vec<String> = (0..pass.p as u64)
        .map(|t| {
            let z = crate::transform::root(pass.p, t, Direction::Forward);
            format!(
                "(real2)({}, {})",
                real_literal(z.re, f64p),
                real_literal(z.im, f64p)
            )
        })
        .collect();
    w.line(format!(
        "__constant real2 {}[{}] = {{{}}};",
        roots_name(pass),
        pass.p,
        roots.join(", ")
    ));
}

/// Register `x` ← bin hk of the real DFT of the p reals of row `row` (Σ_j x_j ω^(j·hk)),
/// times `scale`: the real digit of a forward real run, done on load.
pub(super) fn emit_real_bin(w: &mut Writer, pass: &FusedPass, x: &str, row: &str, scale: f64) {
    let (p, f64p) = (pass.p as u64, pass.precision == Precision::F64);
    w.open("");
    w.line(format!("const idx_t i = ({row}) * {p}u;"));
    w.line("real2 a = (real2)(src[i], 0);");
    for j in 1..p {
        w.line(format!("a += src[i + {j}u] * rw{j};"));
    }
    if scale == 1.0 {
        w.line(format!("{x} = a;"));
    } else {
        w.line(format!("{x} = a * {};", real_literal(scale, f64p)));
    }
    w.close();
    w.note(OpCounts {
        global_loads: p - 1,
        real_mul: 2 * (p - 1),
        real_add: 2 * (p - 1),
        ..Default::default()
    });
}
