//! CPU-shaped constant-geometry kernels with SIMD over the lanes (issue 36): a work-item's L
//! consecutive butterflies (L = 2, 4, 8) sit in the L slots of split-plane vectors (`cvecL`,
//! as in [`ct_cpu_simd`](super::ct_cpu_simd)), so every add and literal multiply of the
//! codelet is one vector operation across them.
//!
//! A CG butterfly t reads its r operands at t·r + j and writes result i at t + i·N/r. For L
//! consecutive butterflies the reads are one block of L·r consecutive values, taken as r
//! transposed rows (`rows_cvecL`: slot l = p[l·r], constant offsets), and each result row is L
//! consecutive values: one `vstore` of a whole line (64 B for f32 with L = 8). The GPU-shaped
//! kernel gives a work-item one butterfly: PoCL keeps it scalar.

use super::ct_cg::{emit_codelets, VcKernelSpec};
use crate::clgen::{real_literal, OpCounts, Writer};
use crate::transform::Precision;

/// The CPU-shaped CG kernel of `s` (literal coefficients, `vector_lanes(s.lanes)`).
pub(super) fn emit_kernel(w: &mut Writer, s: &VcKernelSpec) {
    let (r, v) = (s.radix(), s.lanes as u64);
    let ty = format!("cvec{v}");
    let butterflies = s.len / r;
    let text = format!(
        "{}: one radix-{r} pass of the VC transform (p = {}, {} digit(s) per butterfly), CPU-shaped, SIMD over lanes.\n\
         y_i = sum_j W[i][j] x_j for i, j < {r}; coefficients folded in as literals: p-point codelets along each digit.\n\
         Constant Geometry, out of place: butterfly u reads src[u*{r} + j] and writes dst[u + i*{butterflies}].\n\
         Each work-item computes the {v} butterflies u = t + l, t = {v}*gid, butterfly l in slot l of {ty}\n\
         vectors: it reads one block of {v}*{r} consecutive values (transposed into the rows) and writes\n\
         {v} consecutive values of each result row (a short last work-item repeats its last butterfly).",
        s.name(),
        s.p,
        s.digits
    );
    super::ct_cpu::emit_lane_head(
        w,
        s,
        text,
        "__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count",
        &["src", "dst"],
    );
    let wide = if s.wide_index { "ulong" } else { "uint" };
    let lanes: Vec<String> = (0..v).map(|l| l.to_string()).collect();
    w.line(format!("const idx_t t = g * {v}u;"));
    w.line(format!("const int whole = t + {v}u <= {butterflies}u;"));
    w.line(format!(
        "const {wide}{v} tl = min(({wide}{v})(t) + ({wide}{v})({}), ({wide}{v})({}u));",
        lanes.join(", "),
        butterflies - 1
    ));
    w.note_index(3, 0, 0);
    let xs: Vec<String> = (0..r).map(|j| format!("x{j}")).collect();
    w.line(format!("{ty} {};", xs.join(", ")));
    w.open("if (whole)");
    for j in 0..r {
        w.line(format!("x{j} = rows_{ty}(src + t * {r}u + {j}u, {r}u);"));
    }
    w.note(OpCounts {
        global_loads: r * v,
        ..Default::default()
    });
    w.close();
    w.open("else");
    w.line(format!("const {wide}{v} at = tl * {r}u;"));
    for j in 0..r {
        w.line(format!("x{j} = gather_{ty}(src + {j}u, at);"));
    }
    w.close();
    let mut codelet = Writer::new();
    emit_codelets(&mut codelet, s, &xs);
    // One vector operation does the work of v scalar lanes.
    let counts = codelet.take_counts();
    for _ in 0..v {
        w.note(counts);
    }
    for line in super::ct_cpu_simd::vectorize(&codelet.finish(), &ty).lines() {
        w.line(line);
    }
    let scaled = match s.scale {
        Some(scale) => format!(" * {}", real_literal(scale, s.precision == Precision::F64)),
        None => String::new(),
    };
    w.open("if (whole)");
    for i in 0..r {
        w.line(format!(
            "store_{ty}(x{i}{scaled}, dst + t + {i}u * {butterflies}u);"
        ));
    }
    w.note(OpCounts {
        global_stores: r,
        wide_stores: r,
        real_mul: if scaled.is_empty() { 0 } else { 2 * r * v },
        ..Default::default()
    });
    w.close();
    w.open("else");
    for i in 0..r {
        w.line(format!(
            "scatter_{ty}(x{i}{scaled}, dst + {i}u * {butterflies}u, tl);"
        ));
    }
    w.close();
    w.close();
}
