//! CPU-shaped Cooley-Tukey kernels (issue 36): every work-item computes `lanes` butterflies
//! at consecutive positions, so it reads and writes whole cache lines of each of its r rows.
//!
//! The GPU-shaped kernel ([`ct_cg`](super::ct_cg)) gives a work-item one butterfly: r values
//! `dist` apart, 8 or 16 bytes of each line. CPU runtimes (PoCL, Intel's) run a work-group's
//! work-items one after another in one thread; where `dist · 8 B` is a multiple of 4 KB, the r
//! lines of a butterfly fall into one set of the 8-way caches and evict each other before the
//! next work-item reads the neighbouring values of the same lines (32^4 on PoCL: the passes
//! with dist 32^3 and 32^2 took 6.9–7.1 ms against 1.2 ms for the others). Here a work-item
//! copies `lanes` consecutive values (one whole 64-byte line for f32 with 8 lanes) of each row
//! into private memory, runs the same literal codelets lane by lane there, and writes the rows
//! back: each line is fetched once. Used only where `dist` is a multiple of `lanes`.

use super::ct_cg::{emit_codelets, VcKernelSpec};
use crate::clgen::{real_literal, OpCounts, Writer};
use crate::transform::Precision;

/// The CPU-shaped kernel of `s` (CT, literal coefficients, `s.lanes` > 1).
pub(super) fn emit_kernel(w: &mut Writer, s: &VcKernelSpec) {
    if super::ct_cpu_simd::vector_lanes(s.lanes) {
        return super::ct_cpu_simd::emit_kernel(w, s);
    }
    let (r, v) = (s.radix(), s.lanes as u64);
    let text = format!(
        "{}: one radix-{r} pass of the VC transform (p = {}, {} digit(s) per butterfly), CPU-shaped.\n\
         y_i = sum_j W[i][j] x_j for i, j < {r}; coefficients folded in as literals: p-point codelets along each digit.\n\
         Cooley-Tukey, in place: each work-item computes the {v} butterflies at base + l, l < {v},\n\
         base = t % dist + r*dist*(t / dist), t = {v}*gid (dist is a multiple of {v}): it reads\n\
         and writes {v} consecutive values (whole cache lines) of each of its r rows.",
        s.name(),
        s.p,
        s.digits
    );
    emit_lane_head(
        w,
        s,
        text,
        "__global real2 *data, const idx_t dist, const idx_t count",
        &["data"],
    );
    w.line(format!("const idx_t t = g * {v}u;"));
    w.line(format!(
        "const idx_t base = t % dist + {r}u * dist * (t / dist);"
    ));
    w.note_index(3, 1, 1);
    w.line(format!("real2 v[{r}][{v}];"));
    w.open_loop(format!("for (uint k = 0; k < {r}u; ++k)"), r);
    w.line("__global const real2 *row = data + base + k * dist;");
    w.open_loop(format!("for (uint l = 0; l < {v}u; ++l)"), v);
    w.line("v[k][l] = row[l];");
    w.note(OpCounts {
        global_loads: 1,
        ..Default::default()
    });
    w.close_loop();
    w.close_loop();
    w.open_loop(format!("for (uint l = 0; l < {v}u; ++l)"), v);
    for j in 0..r {
        w.line(format!("real2 x{j} = v[{j}][l];"));
    }
    let xs: Vec<String> = (0..r).map(|j| format!("x{j}")).collect();
    emit_codelets(w, s, &xs);
    for (j, x) in xs.iter().enumerate() {
        w.line(format!("v[{j}][l] = {x};"));
    }
    w.close_loop();
    let scaled = match s.scale {
        Some(scale) => format!(" * {}", real_literal(scale, s.precision == Precision::F64)),
        None => String::new(),
    };
    w.open_loop(format!("for (uint k = 0; k < {r}u; ++k)"), r);
    w.line("__global real2 *row = data + base + k * dist;");
    w.open_loop(format!("for (uint l = 0; l < {v}u; ++l)"), v);
    w.line(format!("row[l] = v[k][l]{scaled};"));
    w.note(OpCounts {
        global_stores: 1,
        real_mul: if s.scale.is_some() { 2 } else { 0 },
        ..Default::default()
    });
    w.close_loop();
    w.close_loop();
    w.close();
}

/// The head every CPU-shaped pass kernel shares: its comment `text` (with the normalisation
/// note), the signature with `params`, and the flat work-item index `g` (`count` work-items a
/// transform) with each pointer of `ptrs` moved to the work-item's transform of the batch.
pub(super) fn emit_lane_head(
    w: &mut Writer,
    s: &VcKernelSpec,
    mut text: String,
    params: &str,
    ptrs: &[&str],
) {
    if let Some(scale) = s.scale {
        text.push_str(&format!(
            "\nOutputs are scaled by {scale:e} (normalisation)."
        ));
    }
    w.comment(text);
    w.open(format!("__kernel void {}({params})", s.name()));
    if s.batch > 1 {
        w.line("idx_t g = get_global_id(0);");
        w.line(format!("if (g >= count * {}u) return;", s.batch));
        w.line("const idx_t bt = g / count;");
        w.line("g -= bt * count;");
        for p in ptrs {
            w.line(format!("{p} += bt * {}u;", s.len));
        }
    } else {
        w.line("const idx_t g = get_global_id(0);");
        w.line("if (g >= count) return;");
    }
}
