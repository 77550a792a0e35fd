//! The real end of a packed plan (rfftn, irfftn): the L reals of a line along the last axis
//! are the L/2 complex values z[m] = x[2m] + i·x[2m+1] (the same bytes), so the complex
//! transform runs at L/2 and one launch converts between its spectrum Z and the half
//! spectrum X (L/2 + 1 points, numpy's layout). With N = L/2, w = e^(∓2πi/L) and Z's partner
//! Z*[k] = conj Z[−k′, N − k] (k′ the other transformed axes' indices, negated):
//!
//! - forward: X[k] = ½(Z[k] + Z*[k]) − ½i·w^k·(Z[k] − Z*[k]) for k = 0 … N;
//! - inverse: Z[k] = (X[k] + X*[k]) + i·w^(−k)·(X[k] − X*[k]) for k < N, X*[k] = conj
//!   X[−k′, N − k]; at k = 0 the two edge points take their halves symmetric over the other
//!   axes, which is numpy's dropping of their imaginary parts after the other axes' inverse.
//!
//! One item serves a pair: point k of line k′ and point N − k of line −k′ share their inputs.

use super::kernel_head::{open_kernel, scaled_note, Arith};
use super::schedule::{Step, StepKind};
use crate::clgen::{real_literal, OpCounts, Writer};
use crate::storage::{load, store};
use crate::transform::Direction;

/// The launch of a `StepKind::Real` step. `twiddle(i, m)` is the L-point table's w^(i·m).
pub fn real_end(
    w: &mut Writer,
    s: &Step,
    (f64p, h): Arith,
    lit: &dyn Fn(u64) -> String,
    twiddle: &dyn Fn(&str, u64) -> String,
) {
    let StepKind::Real {
        n,
        direction,
        ref mirror,
    } = s.kind
    else {
        unreachable!("real_end() takes the real end of a packed plan")
    };
    let half = n / 2;
    let pairs = n / 4 + 1;
    let forward = direction == Direction::Forward;
    let (what, src_len, dst_len) = match forward {
        true => (
            "the packed lines' spectra Z into the half spectrum X",
            half,
            half + 1,
        ),
        false => (
            "the half spectrum X into the packed lines' spectra Z",
            half + 1,
            half,
        ),
    };
    w.comment(format!(
        "{}: {} of {n} reals a line along axis {} as {half} complex values: {what}\n\
         ({} lines{}){}.",
        s.name,
        if forward { "rfft" } else { "irfft" },
        s.axis,
        s.outer,
        if mirror.is_empty() {
            String::new()
        } else {
            format!(", partners mirrored along {} other axes", mirror.len())
        },
        scaled_note(s)
    ));
    open_kernel(w, s, "tw", h);
    w.line("const idx_t g = get_global_id(0);");
    w.line(format!("if (g >= {}) return;", lit(s.items)));
    w.line(format!("const idx_t k = g % {};", lit(pairs)));
    w.line(format!("const idx_t o = g / {};", lit(pairs)));
    // The partner line: every other transformed axis' index negated (mod its length).
    w.line("idx_t om = o;");
    for m in mirror {
        w.line(format!(
            "{{ const idx_t c = (o / {}) % {}; om = om - c * {} + (c == 0 ? 0 : {} - c) * {}; }}",
            lit(m.lines),
            lit(m.n),
            lit(m.lines),
            lit(m.n),
            lit(m.lines)
        ));
    }
    w.line(format!(
        "const idx_t at = o * {}, pt = om * {};",
        lit(src_len),
        lit(src_len)
    ));
    pair(
        w,
        s,
        (forward, half, dst_len),
        (f64p, h),
        lit,
        &twiddle("k", 1),
    );
    w.note(OpCounts {
        global_loads: 2,
        global_stores: 2,
        complex_mul: 1,
        ..Default::default()
    });
    w.close();
}

/// The pair's arithmetic and stores, `a` (point k of line o) and `b` (point N − k of line om)
/// loaded; `tw` is w^k (forward) or w^(−k) (inverse).
fn pair(
    w: &mut Writer,
    s: &Step,
    (forward, half, dst_len): (bool, u64, u64),
    (f64p, h): Arith,
    lit: &dyn Fn(u64) -> String,
    tw: &str,
) {
    let lit_r = |x: f64| real_literal(x, f64p);
    let ld = |at: &str| load(h, "src", at);
    let out = |v: &str, scale: f64| match scale {
        1.0 => v.to_string(),
        _ => format!("({v}) * {}", lit_r(scale)),
    };
    let (own, partner, scale) = if forward {
        w.line(format!(
            "const real2 a = {}, b = {};",
            ld("at + k"),
            ld(&format!("pt + ({} - k) % {}", lit(half), lit(half)))
        ));
        // ½ folded into the scale: e = a + conj b, t = w^k·(−i)(a − conj b); X = e + t and
        // the partner conj(e − t).
        w.line("const real2 e = (real2)(a.x + b.x, a.y - b.y);");
        w.line(format!(
            "const real2 t = cmul(cmul_neg_i((real2)(a.x - b.x, a.y + b.y)), {tw});"
        ));
        ("e + t", "(real2)(e.x - t.x, t.y - e.y)", 0.5 * s.scale)
    } else {
        w.line(format!(
            "real2 a = {}, b = {};",
            ld("at + k"),
            ld(&format!("pt + {} - k", lit(half)))
        ));
        w.open("if (k == 0)");
        w.line(format!(
            "const real2 u = {}, v = {};",
            ld("pt"),
            ld(&format!("at + {}", lit(half)))
        ));
        w.line(format!(
            "a = (real2)(a.x + u.x, a.y - u.y) * {};",
            lit_r(0.5)
        ));
        w.line(format!(
            "b = (real2)(b.x + v.x, b.y - v.y) * {};",
            lit_r(0.5)
        ));
        w.close();
        // e = a + conj b, t = w^(−k)(a − conj b); Z = e + i·t and the partner conj(e − i·t).
        w.line("const real2 e = (real2)(a.x + b.x, a.y - b.y);");
        w.line(format!(
            "const real2 t = cmul((real2)(a.x - b.x, a.y + b.y), {tw});"
        ));
        ("e + cmul_i(t)", "(real2)(e.x + t.y, t.x - e.y)", s.scale)
    };
    let st = |at: String, v: String| store(h, "dst", &at, &v);
    w.line(format!(
        "{};",
        st(format!("o * {} + k", lit(dst_len)), out(own, scale))
    ));
    // The pair's second point, where it is another: not k = N/2 (its own partner) and, for the
    // inverse, not k = 0 (whose partner N is beyond Z's points).
    let guard = match (forward, half % 2 == 0) {
        (true, true) => format!("2 * k != {}", lit(half)),
        (true, false) => String::new(),
        (false, true) => format!("k != 0 && 2 * k != {}", lit(half)),
        (false, false) => "k != 0".into(),
    };
    let second = format!(
        "{};",
        st(
            format!("om * {} + {} - k", lit(dst_len), lit(half)),
            out(partner, scale)
        )
    );
    match guard.is_empty() {
        true => w.line(second),
        false => w.line(format!("if ({guard}) {second}")),
    }
}
