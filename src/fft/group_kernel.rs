//! A fused launch: several Stockham passes of one G-point sub-transform per column in local
//! memory. It is one radix-G pass of the transform (as `kernels::pass`, with the outer twiddle
//! ω_(s·G)^(q·k) applied as it loads), whose G-point DFT runs as the group's own Stockham
//! sub-passes between barriers: each work-item holds VALUES_PER_ITEM values in registers per
//! exchange, so the bytes cross global memory once for all the fused passes.

use super::kernel_head::{loaded, scaled_note, signature, stored, Arith};
use super::schedule::tile_slots;
use super::schedule::{Step, StepKind};
use crate::clgen::{small_dft, OpCounts, Writer};
use crate::storage::{load, store};
use crate::transform::Direction;

/// Emits the lines that place lane `c`'s column: `base{x}`, `j{x}` (and `k{x}` = j mod span).
fn lane(
    w: &mut Writer,
    s: &Step,
    x: &str,
    c: &str,
    per_line: u64,
    span: u64,
    lit: &dyn Fn(u64) -> String,
) {
    let (cols, columns) = match s.kind {
        StepKind::Group { cols, columns, .. } => (cols, columns),
        _ => unreachable!("lane() serves fused launches"),
    };
    w.line(format!(
        "const idx_t l{x} = (idx_t)get_group_id(0) * {} + {c};",
        lit(cols)
    ));
    if columns % cols != 0 {
        // The last work-group's columns past the end: no loads or stores, only the barriers.
        w.line(format!("const bool live{x} = l{x} < {};", lit(columns)));
    }
    let (t, inner) = if s.stride > 1 {
        w.line(format!("const idx_t t{x} = l{x} / {};", lit(s.stride)));
        (format!("t{x}"), format!(" + l{x} % {}", lit(s.stride)))
    } else {
        (format!("l{x}"), String::new())
    };
    let n = per_line;
    if s.outer > 1 {
        w.line(format!("const idx_t j{x} = {t} % {};", lit(n)));
        let line = s.stride
            * match s.kind {
                StepKind::Group { n, .. } => n,
                _ => unreachable!(),
            };
        w.line(format!(
            "const idx_t base{x} = ({t} / {}) * {}{inner};",
            lit(n),
            lit(line)
        ));
    } else {
        w.line(format!("const idx_t j{x} = {t};"));
        w.line(format!("const idx_t base{x} = 0{inner};"));
    }
    if span > 1 {
        w.line(format!("const idx_t k{x} = j{x} % {};", lit(span)));
    }
}

/// Item `lid + offset` of `count`, clamped to the last where `wg` does not divide the count
/// (the extra items redo the last one: the same value written twice).
fn item(offset: u64, count: u64, wg: u64) -> String {
    if count % wg == 0 {
        format!("lid + {offset}u")
    } else {
        format!("min(lid + {offset}u, {}u)", count - 1)
    }
}

/// One fused launch (`StepKind::Group`). `twiddle(i, m)` is the n-point table's ω^(i·m).
pub fn group(
    w: &mut Writer,
    s: &Step,
    (f64p, h): Arith,
    lit: &dyn Fn(u64) -> String,
    twiddle: &dyn Fn(&str, u64) -> String,
) {
    let StepKind::Group {
        n,
        ref radices,
        span,
        direction,
        cols,
        columns,
        group_items: wg,
    } = s.kind
    else {
        unreachable!("group() takes fused launches")
    };
    let g: u64 = radices.iter().product();
    let per_line = n / g;
    let values = cols * g;
    w.comment(format!(
        "{}: {} fused Stockham passes (radices {radices:?}, G = {g}) of the {n}-point {direction} FFT\n\
         along axis {} (stride {}): {cols} column(s) of G points a work-group of {wg} items, in\n\
         local memory; sub-transforms of {span} points become {}{}.",
        s.name,
        radices.len(),
        s.axis,
        s.stride,
        span * g,
        scaled_note(s)
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({wg}, 1, 1)))"
    ));
    w.open(signature(s, "tw", h));
    // Value q·cols + c at tile_slot(q·cols + c): one slot of padding after every 32 (`tile_slots`).
    w.line(format!("__local real2 buf[{}];", tile_slots(values)));
    w.line("const uint lid = get_local_id(0);");
    // Load: consecutive items take consecutive columns (contiguous runs), then points.
    for l in 0..values.div_ceil(wg) {
        w.open("");
        w.line(format!("const uint it = {};", item(l * wg, values, wg)));
        w.line(format!("const uint c = it % {cols}u, q = it / {cols}u;"));
        lane(w, s, "", "c", per_line, span, lit);
        let at = format!(
            "base + (j + (idx_t)q * {}) * {}",
            lit(per_line),
            lit(s.stride)
        );
        let load = loaded(s, load(h, "src", &at));
        if columns % cols != 0 {
            w.line(format!("real2 v = live ? {load} : (real2)(0, 0);"));
        } else {
            w.line(format!("real2 v = {load};"));
        }
        if span > 1 {
            w.line(format!(
                "v = cmul(v, {});",
                twiddle("(idx_t)q * k", n / (span * g))
            ));
            w.note_cmul(1);
        }
        w.line(format!("buf[tile_slot(q * {cols}u + c)] = v;"));
        w.close();
    }
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    let mut sigma = 1u64;
    for (p, &r) in radices.iter().enumerate() {
        sub_pass(w, p, r, sigma, g, cols, wg, n, direction, f64p, twiddle);
        sigma *= r;
    }
    // Store: the first launch of a contiguous axis writes G consecutive points per column, so
    // consecutive items take consecutive points there; elsewhere consecutive columns.
    let points_first = span == 1 && s.stride == 1;
    for l in 0..values.div_ceil(wg) {
        w.open("");
        w.line(format!("const uint it = {};", item(l * wg, values, wg)));
        if points_first {
            w.line(format!("const uint q = it % {g}u, c = it / {g}u;"));
        } else {
            w.line(format!("const uint c = it % {cols}u, q = it / {cols}u;"));
        }
        lane(w, s, "", "c", per_line, span, lit);
        let at = if span > 1 {
            format!("(j - k) * {} + k + (idx_t)q * {}", lit(g), lit(span))
        } else {
            format!("j * {} + q", lit(g))
        };
        let v = stored(s, &format!("buf[tile_slot(q * {cols}u + c)]"), f64p);
        let guard = if columns % cols != 0 {
            "if (live) "
        } else {
            ""
        };
        let at = format!("base + ({at}) * {}", lit(s.stride));
        w.line(format!("{guard}{};", store(h, "dst", &at, &v)));
        w.close();
    }
    // Per work-item, as every count: each item loads and stores its share of the tile.
    w.note(OpCounts {
        global_loads: values.div_ceil(wg),
        global_stores: values.div_ceil(wg),
        ..Default::default()
    });
    w.close();
}

/// One radix-r sub-pass over the local columns (internal span σ): every item reads its
/// butterflies into registers, multiplies by ω_(σ·r)^(u·m), transforms, and after a barrier
/// writes them where Stockham's order puts them.
#[allow(clippy::too_many_arguments)]
fn sub_pass(
    w: &mut Writer,
    p: usize,
    r: u64,
    sigma: u64,
    g: u64,
    cols: u64,
    wg: u64,
    n: u64,
    direction: Direction,
    f64p: bool,
    twiddle: &dyn Fn(&str, u64) -> String,
) {
    let butterflies = cols * g / r;
    let per_item = butterflies.div_ceil(wg);
    w.comment(format!(
        "sub-pass {p}: radix {r}, span {sigma} → {}",
        sigma * r
    ));
    w.open("");
    for l in 0..per_item {
        w.line(format!(
            "const uint b{l} = {};",
            item(l * wg, butterflies, wg)
        ));
        w.line(format!(
            "const uint c{l} = b{l} % {cols}u, bb{l} = b{l} / {cols}u;"
        ));
        if sigma > 1 {
            w.line(format!("const uint m{l} = bb{l} % {sigma}u;"));
        }
        let vars: Vec<String> = (0..r).map(|u| format!("x{l}_{u}")).collect();
        for (u, v) in vars.iter().enumerate() {
            w.line(format!(
                "real2 {v} = buf[tile_slot((bb{l} + {}u) * {cols}u + c{l})];",
                u as u64 * (g / r)
            ));
        }
        if sigma > 1 {
            for (u, v) in vars.iter().enumerate().skip(1) {
                let tw = twiddle(&format!("(idx_t)m{l}"), u as u64 * (n / (sigma * r)));
                w.line(format!("{v} = cmul({v}, {tw});"));
            }
            w.note_cmul(r - 1);
        }
        small_dft::emit_dft(w, r, &vars, direction == Direction::Inverse, f64p);
    }
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    for l in 0..per_item {
        let at = if sigma > 1 {
            format!("(bb{l} - m{l}) * {r}u + m{l}")
        } else {
            format!("bb{l} * {r}u")
        };
        for u in 0..r {
            w.line(format!(
                "buf[tile_slot(({at} + {}u) * {cols}u + c{l})] = x{l}_{u};",
                u * sigma
            ));
        }
    }
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.close();
}
