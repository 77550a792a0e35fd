//! The fused multi-digit VC passes' OpenCL C: emits what a [`FusedPass`] (planned in
//! [`crate::vc::fused`]) says, sub-stages of p-point codelets exchanged through local memory.

use super::half_edges::{edge_stride, emit_real_bin, emit_roots_table, half_h, roots_name};
use super::spread::spread;
use crate::clgen::{real_literal, small_dft, GeneratedProgram, OpCounts, Writer};
use crate::storage;
use crate::transform::{Direction, Precision};
use crate::vc::fused::mapping::{pass_mappings, pw, LocalLayout, Mapping};
use crate::vc::fused::{FusedPass, Layout, Swizzle};
use crate::vc::plan::{HalfEdge, SpectrumOutput, TruthEncoding};

/// Generates the program of a fused schedule.
pub fn generate(passes: &[FusedPass]) -> GeneratedProgram {
    let mut w = Writer::new();
    let first = &passes[0];
    let f64p = first.precision == Precision::F64;
    w.comment(format!(
        "jitfft generated program: Vilenkin-Chrestenson transform ({}), p = {}, n = {}, fused passes\n\
         of {} digits; each work-group transforms a tile in registers and local memory.",
        first.direction,
        first.p,
        first.n,
        passes.iter().map(|p| p.m.to_string()).collect::<Vec<_>>().join("+")
    ));
    crate::clgen::complex_preamble(&mut w, f64p, first.wide_index);
    if let Some(h) = first.half {
        w.blank();
        storage::emit_preamble(&mut w, h);
    }
    let mut kernels = Vec::new();
    for pass in passes {
        w.blank();
        emit_pass(&mut w, pass);
        kernels.push((pass.name(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

fn emit_pass(w: &mut Writer, pass: &FusedPass) {
    if pass.per_item {
        return super::per_item::emit_per_item(w, pass);
    }
    if pass.block.is_some() {
        return super::block::emit_block_pass(w, pass);
    }
    emit_comment(w, pass);
    emit_roots_table(w, pass);
    let xs: Vec<String> = (0..pass.regs()).map(|j| format!("v{j}")).collect();
    emit_signature(w, pass, &xs);
    // Load (sub-stage 0), each later sub-stage, and the store mapping where it differs (the
    // last sub-stage usually holds low digits, so that costs one more exchange).
    let maps = pass_mappings(pass);
    emit_load(w, pass, &maps[0], &xs);
    emit_substages(w, pass, &maps, &xs);
    if pass.output.writes() {
        emit_store(w, pass, &maps[maps.len() - 1], &xs);
    }
    if let SpectrumOutput::Reduce {
        bins, zero_tol2, ..
    } = pass.output
    {
        emit_reduce(w, pass, &xs, bins, zero_tol2);
    }
    w.close();
}

/// The buffers a pass takes besides its output, in argument order (what
/// `VcTransform::launches` passes): truth input (`truth`, `eps`, `flag`) or `src`, then `dst`
/// where the pass writes, then the reduction outputs.
pub(super) fn signature_args(pass: &FusedPass) -> String {
    let mut args = Vec::new();
    match pass.truth {
        Some(_) => {
            let ty = if pass.p <= 256 { "uchar" } else { "ushort" };
            args.push(format!("__global const {ty} *restrict truth"));
            args.push("__constant real2 *eps".to_string());
            args.push("__global uint *flag".to_string());
        }
        None if matches!(pass.half_in, Some(HalfEdge::Reals { .. })) => {
            args.push("__global const real *restrict src".to_string())
        }
        None => args.push(format!(
            "__global const {} *restrict src",
            storage::ptr_type(pass.half)
        )),
    }
    if pass.output.writes() {
        args.push(format!(
            "__global {} *restrict dst",
            storage::ptr_type(pass.half)
        ));
    }
    if let SpectrumOutput::Reduce { bins, .. } = pass.output {
        args.push("__global real *restrict part".to_string());
        if bins > 0 {
            args.push("__global const real *restrict hscale".to_string());
            args.push("__global uint *zeros".to_string());
            args.push("__global uint *hist".to_string());
        }
    }
    args.join(", ")
}

/// Per-transform reduction of |S|² in the last pass: each work-item folds its registers, the
/// work-group folds its row's work-items through local memory (a tree over the next power of
/// two), and work-item 0 of a row writes the (min, max) partial of its tile; with `bins`, the
/// zero count and histogram are global atomic counts.
fn emit_reduce(w: &mut Writer, pass: &FusedPass, xs: &[String], bins: u32, zero_tol2: f64) {
    let f64p = pass.precision == Precision::F64;
    let threads = pass.threads();
    w.line("real mn = INFINITY, mx = 0;");
    if bins > 0 {
        w.line("uint nz = 0;");
        w.line("const real hs = hscale[bb];");
    }
    for x in xs {
        w.open("");
        w.line(format!("const real a = {x}.x * {x}.x + {x}.y * {x}.y;"));
        w.line("mn = fmin(mn, a);");
        w.line("mx = fmax(mx, a);");
        if bins > 0 {
            w.line(format!(
                "nz += a <= {} ? 1u : 0u;",
                real_literal(zero_tol2, f64p)
            ));
            // Shifted up by the error bound on |S|² (2·N·e + e², e = sqrt(zero_tol2)): a value
            // exactly on a bin edge (integer |S|² often are) lands in the upper bin whatever the
            // rounding, the same bin as the exact value.
            let e = zero_tol2.sqrt();
            let nudge = 2.0 * (pass.p as f64).powi(pass.n as i32) * e + e * e;
            w.line(format!(
                "if (live) atomic_inc(&hist[bb * {bins}u + min((uint)((a + {}) * hs), {}u)]);",
                real_literal(nudge, f64p),
                bins - 1
            ));
        }
        w.close();
    }
    w.note(OpCounts {
        real_mul: 2 * xs.len() as u64,
        real_add: xs.len() as u64,
        ..Default::default()
    });
    if bins > 0 {
        w.line("if (live && nz > 0) atomic_add(&zeros[bb], nz);");
    }
    let p2 = threads.next_power_of_two();
    w.line(format!(
        "__local real *red = (__local real *)tile; /* the tile's first {threads} reals */"
    ));
    for (var, op) in [("mn", "fmin"), ("mx", "fmax")] {
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        w.line(format!("red[t] = {var};"));
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        if p2 > 1 {
            w.open(format!("for (uint s = {}u; s > 0; s >>= 1)", p2 / 2));
            w.line(format!(
                "if (t < s && t + s < {threads}u) red[t] = {op}(red[t], red[t + s]);"
            ));
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            w.close();
        }
        w.line(format!("{var} = red[0];"));
    }
    w.line(format!(
        "if (live && t == 0) {{ part[2 * (bb * {g}u + g)] = mn; part[2 * (bb * {g}u + g) + 1] = mx; }}",
        g = pass.groups()
    ));
}

/// The header comment: what the pass transforms, its tile, work-items and exchanges.
fn emit_comment(w: &mut Writer, pass: &FusedPass) {
    let (bregs, threads, e) = (pass.regs(), pass.threads(), pass.tile_len());
    let tdigits: Vec<String> = pass
        .tile
        .iter()
        .map(|d| format!("{}{}", if d.transformed { "x" } else { "lane" }, d.in_pos))
        .collect();
    w.comment(format!(
        "{}: fused pass {} of the VC transform, p = {}, N = {}^{}.\n\
         Transforms {} digit(s) ({} layout) of a tile of {} elements (digits at input positions {}), {} lane digit(s);\n\
         {} work-items x {} registers each; {} sub-stage(s) of p-point codelets, exchanged through\n\
         local memory{}.{}",
        pass.name(),
        pass.index,
        pass.p,
        pass.p,
        pass.n,
        pass.m,
        match pass.layout {
            Layout::Rotate => "rotate: transformed digits move to the top, lanes to the bottom",
            Layout::Inplace => "in place",
            Layout::Staged => "staged: read as one block, lane runs written",
        },
        e,
        tdigits.join(" "),
        pass.t,
        threads,
        bregs,
        pass.substages.len(),
        match (pass.split_exchange, pass.swizzle) {
            (false, Swizzle::Identity) => String::new(),
            (true, Swizzle::Identity) => " in real/imaginary halves".into(),
            (split, sw) => format!(
                "{}, element x stored at {} (fewer bank conflicts)",
                if split { " in real/imaginary halves" } else { "" },
                sw.expr("x")
            ),
        },
        pass.scale.map(|s| format!("\nOutputs are scaled by {s:e}.")).unwrap_or_default()
    ));
    let mut extra = Vec::new();
    if pass.batched() {
        extra.push(format!(
            "Batch of {} transforms of N points one after another; {} per work-group, each its own\n\
             slice of local memory (rows past the batch redo the last transform and write nothing).",
            pass.batch, pass.rows
        ));
    }
    match pass.half_in {
        Some(HalfEdge::Reals { h, scale }) => extra.push(format!("Input: p reals a row (vc --real); the value of transform b*{h} + k at e is bin k of the real DFT\nof row b*N + e, times {scale:e}.")),
        Some(HalfEdge::Rows { h }) => extra.push(format!("Input: numpy's half-spectrum rows: transform b*{h} + k, element e at (b*N + e)*{h} + k.")),
        None => {}
    }
    if let Some(e) = pass.half_out {
        extra.push(format!("Output: numpy's half-spectrum rows: transform b*{h} + k, element e at (b*N + e)*{h} + k.", h = e.h()));
    }
    if pass.interleave {
        extra.push(format!("A work-group holds the {} bins of its rows, side by side in the work-item id (row = id mod {}):\na warp's loads and stores cover whole rows.", pass.rows, pass.rows));
    }
    match pass.truth {
        Some(TruthEncoding::Values) => extra.push("Input: truth values (u8/u16) loaded as the real numbers v; a value >= p\nsets flag to the lowest offending flat index.".into()),
        Some(TruthEncoding::Roots) => extra.push("Input: truth values (u8/u16) loaded as eps[v] = e^(2 pi i v/p) from constant memory; a value\n>= p sets flag to the lowest offending flat index.".into()),
        None => {}
    }
    match pass.output {
        SpectrumOutput::Write => {}
        SpectrumOutput::Norm2 => extra.push("Writes |S|^2 (imaginary part 0) instead of S.".into()),
        SpectrumOutput::Reduce { write, bins, .. } => extra.push(format!(
            "{}Reduces |S|^2 per transform: (min, max) of each work-group's tile to part[]{}.",
            if write {
                "Writes S; "
            } else {
                "Writes no spectrum. "
            },
            if bins > 0 {
                ", zero count and a histogram by global atomics"
            } else {
                ""
            }
        )),
    }
    if !extra.is_empty() {
        w.comment(extra.join("\n"));
    }
}

/// The kernel's signature, local tile, work-group bases and register declarations.
fn emit_signature(w: &mut Writer, pass: &FusedPass, xs: &[String]) {
    let (p, threads) = (pass.p as u64, pass.threads());
    let plain = !pass.batched() && pass.truth.is_none() && pass.output == SpectrumOutput::Write;
    let group = pass.group_size();
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({group}, 1, 1)))"
    ));
    if plain {
        let ty = storage::ptr_type(pass.half);
        w.open(format!(
            "void {}(__global const {ty} *restrict src, __global {ty} *restrict dst)",
            pass.name()
        ));
    } else {
        w.open(format!("void {}({})", pass.name(), signature_args(pass)));
    }
    let real = if pass.split_exchange { "" } else { "2" };
    let in_w: Vec<u64> = pass.wg.iter().map(|&(i, _)| pw(p, i)).collect();
    let out_w: Vec<u64> = pass.wg.iter().map(|&(_, o)| pw(p, o)).collect();
    if !pass.batched() {
        w.line(format!("__local real{real} tile[{}];", pass.local_words()));
        w.line("const uint t = get_local_id(0);");
        w.line(format!(
            "const idx_t g = get_group_id(0) + get_global_offset(0) / {threads};"
        ));
        if !plain {
            w.line("const idx_t bb = 0;");
            w.line("const bool live = true;");
        }
        w.line(format!("const idx_t in_base = {};", spread("g", p, &in_w)));
        w.line(format!(
            "const idx_t out_base = {};",
            spread("g", p, &out_w)
        ));
    } else {
        // Batched: work-group gg holds `rows` transforms (row = local id / threads), each its
        // own slice of local memory; rows past the batch redo the last transform, write nothing.
        let (rows, words, groups) = (pass.rows, pass.row_pitch(), pass.groups());
        let len = p.pow(pass.n);
        w.line(format!("__local real{real} tile_rows[{}];", rows * words));
        if rows > 1 && pass.interleave {
            // A real run's h bins of a row side by side: neighbouring work-items load the same
            // reals (one transaction) and store whole rows of h bins.
            w.line(format!("const uint t = get_local_id(0) / {rows}u;"));
            w.line(format!("const uint row = get_local_id(0) % {rows}u;"));
            w.line(format!(
                "__local real{real} *tile = tile_rows + row * {words}u;"
            ));
        } else if rows > 1 {
            w.line(format!("const uint t = get_local_id(0) % {threads}u;"));
            w.line(format!("const uint row = get_local_id(0) / {threads}u;"));
            w.line(format!(
                "__local real{real} *tile = tile_rows + row * {words}u;"
            ));
        } else {
            w.line("const uint t = get_local_id(0);");
            w.line("const uint row = 0;");
            w.line(format!("__local real{real} *tile = tile_rows;"));
        }
        w.line("const idx_t gg = get_group_id(0);");
        let h = half_h(pass);
        if groups > 1 && rows == 1 && h > 1 {
            // The real path's h bins of a tile run in consecutive work-groups: they read
            // (and write) the same rows, which meet in the cache.
            w.line(format!("const idx_t hq = gg / {h}u;"));
            w.line(format!("const idx_t g = hq % {groups}u;"));
            w.line(format!(
                "const idx_t bt = (hq / {groups}u) * {h}u + gg % {h}u;"
            ));
        } else if groups == 1 {
            w.line("const idx_t g = 0;");
            w.line(format!("const idx_t bt = gg * {rows}u + row;"));
        } else {
            w.line(format!("const idx_t g = gg % {groups}u;"));
            w.line(format!(
                "const idx_t bt = (gg / {groups}u) * {rows}u + row;"
            ));
        }
        w.line(format!("const bool live = bt < {}u;", pass.batch));
        w.line(format!("const idx_t bb = live ? bt : {}u;", pass.batch - 1));
        let base = |weights: &[u64], edge: Option<HalfEdge>| {
            let e = edge_stride(edge);
            let scaled: Vec<u64> = weights.iter().map(|w| w * e).collect();
            let batch = match edge {
                None => format!("bb * {len}u"),
                Some(HalfEdge::Reals { h, .. }) => format!("(bb / {h}u) * {len}u"),
                Some(HalfEdge::Rows { h }) => {
                    format!("(bb / {h}u) * {}u + bb % {h}u", len * h as u64)
                }
            };
            match spread("g", p, &scaled).as_str() {
                "0" => batch,
                g => format!("{g} + {batch}"),
            }
        };
        w.line(format!(
            "const idx_t in_base = {};",
            base(&in_w, pass.half_in)
        ));
        w.line(format!(
            "const idx_t out_base = {};",
            base(&out_w, pass.half_out)
        ));
        if let Some(HalfEdge::Reals { h, .. }) = pass.half_in {
            // Bin k of the rows this work-item loads: ω^(j·k), j < p, from the roots table.
            w.line(format!("const uint hk = (uint)(bb % {h}u);"));
            for j in 1..p {
                w.line(format!(
                    "const real2 rw{j} = {}[({j}u * hk) % {p}u];",
                    roots_name(pass)
                ));
            }
        }
    }
    w.line(format!("real2 {};", xs.join(", ")));
}

/// Load: register j ← src[in_base + f(t) + const(j)].
fn emit_load(w: &mut Writer, pass: &FusedPass, load: &Mapping, xs: &[String]) {
    let (p, bregs) = (pass.p as u64, pass.regs());
    let tw_in: Vec<u64> = load
        .threads
        .iter()
        .map(|&d| pw(p, pass.tile[d].in_pos))
        .collect();
    let e = edge_stride(pass.half_in);
    let tw_in: Vec<u64> = tw_in.iter().map(|w| w * e).collect();
    w.line(format!("const idx_t t_in = {};", spread("t", p, &tw_in)));
    for j in 0..bregs {
        let c: u64 = load
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].in_pos) * e)
            .sum();
        let x = &xs[j as usize];
        if let Some(HalfEdge::Reals { scale, .. }) = pass.half_in {
            emit_real_bin(w, pass, x, &format!("in_base + t_in + {c}"), scale);
            continue;
        }
        match pass.truth {
            None => w.line(format!(
                "{x} = {};",
                storage::load(pass.half, "src", &format!("in_base + t_in + {c}"))
            )),
            Some(enc) => {
                // Values outside 0..p−1 raise the flag (the first offending flat index).
                w.open("");
                w.line(format!("const idx_t i = in_base + t_in + {c};"));
                w.line("const uint u = truth[i];");
                w.line(format!("if (u >= {p}u) atomic_min(flag, (uint)i);"));
                match enc {
                    TruthEncoding::Values => w.line(format!("{x} = (real2)((real)u, 0);")),
                    TruthEncoding::Roots => w.line(format!("{x} = eps[u < {p}u ? u : 0u];")),
                }
                w.close();
            }
        }
    }
    w.note(OpCounts {
        global_loads: bregs,
        ..Default::default()
    });
}

/// p-point codelets over registers `base + v·stride` (v < p) for every base of the first
/// `regs` registers whose digit at `stride` is 0: one digit transformed along the register index.
pub(super) fn emit_codelets(
    w: &mut Writer,
    pass: &FusedPass,
    xs: &[String],
    regs: u64,
    stride: u64,
) {
    let p = pass.p as u64;
    let inverse = pass.direction == Direction::Inverse;
    for base in (0..regs).filter(|b| (b / stride) % p == 0) {
        let vars: Vec<String> = (0..p)
            .map(|v| xs[(base + v * stride) as usize].clone())
            .collect();
        small_dft::emit_dft_memory_bound(w, p, &vars, inverse, pass.precision == Precision::F64);
    }
}

/// The sub-stages: p-point codelets along the register index, exchanges between them (and
/// before the store where its mapping differs).
fn emit_substages(w: &mut Writer, pass: &FusedPass, maps: &[Mapping], xs: &[String]) {
    let (p, bregs, nsub) = (pass.p as u64, pass.regs(), pass.substages.len());
    for s in 0..nsub {
        if s > 0 {
            exchange(w, pass, &maps[s - 1], &maps[s], xs);
        }
        let cur = &maps[s];
        // transform each digit of this sub-stage along the register index
        for &d in &pass.substages[s] {
            let q = cur
                .regs
                .iter()
                .position(|&r| r == d)
                .expect("sub-stage digit in registers") as u32;
            emit_codelets(w, pass, xs, bregs, pw(p, q));
        }
    }
    if maps.len() > nsub {
        exchange(w, pass, &maps[nsub - 1], &maps[nsub], xs);
    }
}

/// Store: dst[out_base + g(t) + const(j)] ← register j, scaled where the pass scales.
fn emit_store(w: &mut Writer, pass: &FusedPass, store: &Mapping, xs: &[String]) {
    let (p, bregs) = (pass.p as u64, pass.regs());
    let f64p = pass.precision == Precision::F64;
    let tw_out: Vec<u64> = store
        .threads
        .iter()
        .map(|&d| pw(p, pass.tile[d].out_pos))
        .collect();
    let e = edge_stride(pass.half_out);
    let tw_out: Vec<u64> = tw_out.iter().map(|w| w * e).collect();
    w.line(format!("const idx_t t_out = {};", spread("t", p, &tw_out)));
    for j in 0..bregs {
        let c: u64 = store
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].out_pos) * e)
            .sum();
        let x = &xs[j as usize];
        let x = if pass.output == SpectrumOutput::Norm2 {
            format!("(real2)({x}.x * {x}.x + {x}.y * {x}.y, 0)")
        } else {
            x.clone()
        };
        let val = match pass.scale {
            Some(s) => format!("{x} * {}", real_literal(s, f64p)),
            None => x,
        };
        let st = storage::store(pass.half, "dst", &format!("out_base + t_out + {c}"), &val);
        if pass.batched() {
            w.line(format!("if (live) {st};"));
        } else {
            w.line(format!("{st};"));
        }
    }
    w.note(OpCounts {
        global_stores: bregs,
        real_mul: if pass.scale.is_some() { 2 * bregs } else { 0 },
        ..Default::default()
    });
}

/// Moves the tile from one thread mapping to another through local memory. With resident
/// digits, one round per value of those digits moves the registers holding that value; the
/// local index then leaves the resident digits out.
fn exchange(w: &mut Writer, pass: &FusedPass, from: &Mapping, to: &Mapping, xs: &[String]) {
    let p = pass.p as u64;
    let layout = LocalLayout::new(pass);
    let idx = |m: &Mapping, w: &mut Writer, name: &str| {
        w.line(format!(
            "const uint {name} = {};",
            spread("t", p, &layout.thread_weights(m))
        ));
    };
    let at = |base: &str, off: u64| pass.swizzle.expr(&format!("{base} + {off}"));
    let round_of = |m: &Mapping, j: u64| -> u64 {
        m.j_digits(p, j)
            .iter()
            .filter(|(d, _)| pass.resident.contains(d))
            .map(|&(d, v)| {
                v * pw(
                    p,
                    pass.resident.iter().position(|&r| r == d).unwrap_or(0) as u32,
                )
            })
            .sum()
    };
    let rounds = pw(p, pass.resident.len() as u32);
    w.open("");
    idx(from, w, "lw");
    idx(to, w, "lr");
    let halves: &[&str] = if pass.split_exchange {
        &[".x", ".y"]
    } else {
        &[""]
    };
    for round in 0..rounds {
        for h in halves {
            for (j, x) in xs.iter().enumerate() {
                if round_of(from, j as u64) == round {
                    let off = layout.reg_offset(from, p, j as u64);
                    w.line(format!("tile[{}] = {x}{h};", at("lw", off)));
                }
            }
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
            for (j, x) in xs.iter().enumerate() {
                if round_of(to, j as u64) == round {
                    let off = layout.reg_offset(to, p, j as u64);
                    w.line(format!("{x}{h} = tile[{}];", at("lr", off)));
                }
            }
            w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        }
    }
    w.close();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_merges_runs() {
        assert_eq!(spread("t", 3, &[1, 3, 9]), "t");
        assert_eq!(spread("t", 3, &[1, 3, 81]), "(t % 9) + (t / 9) * 81");
        assert_eq!(spread("t", 2, &[]), "0");
    }
}
