//! OpenCL C of a block pass ([`crate::vc::fused::block`]): digits [k, k+m) transformed in
//! place for L consecutive lanes below p^k, one p-point codelet a work-item and digit, the
//! tile exchanged through local memory between digits.

use crate::clgen::{real_literal, small_dft, OpCounts, Writer};
use crate::transform::{Direction, Precision};
use crate::vc::fused::{FusedPass, LaneBlock};

/// What the emitters of one block pass share: the pass, its lane block and the register names.
struct Block<'a> {
    pass: &'a FusedPass,
    block: LaneBlock,
    xs: Vec<String>,
}

impl Block<'_> {
    /// An index constant of the pass's index type.
    fn lit(&self, x: u64) -> String {
        if self.pass.wide_index {
            format!("{x}UL")
        } else {
            format!("{x}u")
        }
    }
}

/// Emits the kernel of a block pass (the caller has checked `pass.block`).
pub(super) fn emit_block_pass(w: &mut Writer, pass: &FusedPass) {
    let Some(block) = pass.block else {
        return;
    };
    let p = pass.p as u64;
    let (m, k) = (pass.m, pass.tile[0].in_pos);
    let (len, span, items) = (block.len, block.span, block.items);
    let rows = p.pow(m - 1);
    let step = items / len;
    let lit = |x: u64| {
        if pass.wide_index {
            format!("{x}UL")
        } else {
            format!("{x}u")
        }
    };
    w.comment(format!(
        "{}: fused pass {} of the VC transform, p = {}, N = {}^{}, in place.\n\
         Transforms digits {}..{} (stride {span}) for blocks of {len} consecutive lanes below them\n\
         ({} blocks a row, the last cut at {span}); {items} work-items, each a lane and every {step}th\n\
         of the {rows} rows of the other digits; one p-point codelet a digit{}{}.{}",
        pass.name(),
        pass.index,
        p,
        p,
        pass.n,
        k,
        k + m - 1,
        block.blocks(),
        if m > 1 {
            ", exchanged through local memory"
        } else {
            ""
        },
        if block.split {
            " in real/imaginary halves"
        } else {
            ""
        },
        pass.scale
            .map(|s| format!("\nOutputs are scaled by {s:e}."))
            .unwrap_or_default()
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({items}, 1, 1)))"
    ));
    let ty = crate::storage::ptr_type(pass.half);
    w.open(format!(
        "void {}(__global const {ty} *restrict src, __global {ty} *restrict dst)",
        pass.name()
    ));
    if m > 1 {
        let ty = if block.split { "real" } else { "real2" };
        w.line(format!("__local {ty} tile[{}];", p.pow(m) * block.pitch));
    }
    w.line("const uint t = get_local_id(0);");
    w.line(format!("const uint lane = t % {len}u;"));
    w.line(format!("const uint r0 = t / {len}u;"));
    w.line(format!(
        "const idx_t g = get_group_id(0) + get_global_offset(0) / {items};"
    ));
    let nb = block.blocks();
    let row = lit(span * p.pow(m));
    if nb == 1 {
        w.line("const idx_t lo = lane;");
        w.line(format!("const bool live = lo < {};", lit(span)));
        w.line(format!("const idx_t base = g * {row} + lo;"));
    } else {
        w.line(format!(
            "const idx_t lo = (g % {}) * {len}u + lane;",
            lit(nb)
        ));
        w.line(format!("const bool live = lo < {};", lit(span)));
        w.line(format!(
            "const idx_t base = (g / {}) * {row} + lo;",
            lit(nb)
        ));
    }
    let xs: Vec<String> = (0..p).map(|j| format!("v{j}")).collect();
    w.line(format!("real2 {};", xs.join(", ")));
    let b = Block { pass, block, xs };
    if block.split {
        emit_split_digits(w, &b);
    } else {
        for s in 0..m {
            emit_digit(w, &b, s, rows, step);
            if s + 1 < m {
                w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            }
        }
    }
    w.close();
}

/// Digit k+s: each work-item's rows r (tile position q of their element 0, elements p^s
/// apart), loaded from global memory (s = 0) or the tile, transformed, and stored to the tile
/// or (last digit) to global memory, scaled where the pass scales.
fn emit_digit(w: &mut Writer, b: &Block, s: u32, rows: u64, step: u64) {
    let (pass, xs) = (b.pass, &b.xs[..]);
    let p = pass.p as u64;
    let pitch = b.block.pitch;
    let last = s + 1 == pass.m;
    let f64p = pass.precision == Precision::F64;
    let stride = p.pow(s);
    if step >= rows {
        // One row a work-item.
        w.open("");
        w.line("const uint r = r0;");
    } else {
        w.open_loop(
            format!("for (uint r = r0; r < {rows}u; r += {step}u)"),
            rows.div_ceil(step),
        );
    }
    w.line(format!("const uint q = {};", row_start(p, pass.m, s)));
    if s == 0 {
        emit_load(w, b, "q");
    } else {
        for (j, x) in xs.iter().enumerate() {
            w.line(format!(
                "{x} = tile[q * {pitch}u + lane + {}u];",
                j as u64 * stride * pitch
            ));
        }
    }
    let inverse = pass.direction == Direction::Inverse;
    small_dft::emit_dft_memory_bound(w, p, xs, inverse, f64p);
    if last {
        emit_store(w, b, "q", stride);
    } else {
        for (j, x) in xs.iter().enumerate() {
            w.line(format!(
                "tile[q * {pitch}u + lane + {}u] = {x};",
                j as u64 * stride * pitch
            ));
        }
    }
    if step >= rows {
        w.close();
    } else {
        w.close_loop();
    }
}

/// Tile position of element 0 of row `r` for digit k+s of an m-digit tile (elements p^s apart).
fn row_start(p: u64, m: u32, s: u32) -> String {
    let stride = p.pow(s);
    match (s, s + 1 == m) {
        (0, true) => "0".to_string(),
        (0, false) => format!("r * {p}u"),
        (_, true) => "r".to_string(),
        _ => format!("r % {stride}u + (r / {stride}u) * {}u", stride * p),
    }
}

/// The digits of a block pass whose exchange moves real and imaginary parts in turn (twice the
/// lanes in the same local memory), one row a work-item: load, then for each later digit the
/// exchange from the previous digit's positions and its codelet, then the store.
fn emit_split_digits(w: &mut Writer, b: &Block) {
    let (pass, xs) = (b.pass, &b.xs[..]);
    let p = pass.p as u64;
    let (pitch, m) = (b.block.pitch, pass.m);
    let f64p = pass.precision == Precision::F64;
    let inverse = pass.direction == Direction::Inverse;
    w.line("const uint r = r0;");
    for s in 0..m {
        w.line(format!("const uint q{s} = {};", row_start(p, m, s)));
    }
    emit_load(w, b, "q0");
    small_dft::emit_dft_memory_bound(w, p, xs, inverse, f64p);
    for s in 1..m {
        let (from, to) = (p.pow(s - 1) * pitch, p.pow(s) * pitch);
        if s > 1 {
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
        for half in [".x", ".y"] {
            if half == ".y" {
                w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            }
            for (j, x) in xs.iter().enumerate() {
                w.line(format!(
                    "tile[q{} * {pitch}u + lane + {}u] = {x}{half};",
                    s - 1,
                    j as u64 * from
                ));
            }
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            for (j, x) in xs.iter().enumerate() {
                w.line(format!(
                    "{x}{half} = tile[q{s} * {pitch}u + lane + {}u];",
                    j as u64 * to
                ));
            }
        }
        small_dft::emit_dft_memory_bound(w, p, xs, inverse, f64p);
    }
    let last = m - 1;
    emit_store(w, b, &format!("q{last}"), p.pow(last));
}

/// Registers ← the first digit's p elements of tile position `q` (zeros in idle lanes).
fn emit_load(w: &mut Writer, b: &Block, q: &str) {
    let (span, xs, lit) = (b.block.span, &b.xs, |x| b.lit(x));
    w.line(format!(
        "const idx_t at = base + (idx_t){q} * {};",
        lit(span)
    ));
    w.open("if (live)");
    for (j, x) in xs.iter().enumerate() {
        let idx = format!("at + {}", lit(j as u64 * span));
        w.line(format!(
            "{x} = {};",
            crate::storage::load(b.pass.half, "src", &idx)
        ));
    }
    w.close();
    w.open("else");
    w.line(format!("{} = (real2)(0, 0);", xs.join(" = ")));
    w.close();
    w.note(OpCounts {
        global_loads: xs.len() as u64,
        ..Default::default()
    });
}

/// The last digit's p elements (`stride` tile positions apart from `q`) ← registers, scaled
/// where the pass scales; idle lanes write nothing.
fn emit_store(w: &mut Writer, b: &Block, q: &str, stride: u64) {
    let (pass, span, xs, lit) = (b.pass, b.block.span, &b.xs, |x| b.lit(x));
    let f64p = pass.precision == Precision::F64;
    w.line(format!(
        "const idx_t out = base + (idx_t){q} * {};",
        lit(span)
    ));
    w.open("if (live)");
    for (j, x) in xs.iter().enumerate() {
        let val = match pass.scale {
            Some(sc) => format!("{x} * {}", real_literal(sc, f64p)),
            None => x.clone(),
        };
        let idx = format!("out + {}", lit(j as u64 * stride * span));
        w.line(format!(
            "{};",
            crate::storage::store(pass.half, "dst", &idx, &val)
        ));
    }
    w.close();
    let p = xs.len() as u64;
    w.note(OpCounts {
        global_stores: p,
        real_mul: if pass.scale.is_some() { 2 * p } else { 0 },
        ..Default::default()
    });
}
