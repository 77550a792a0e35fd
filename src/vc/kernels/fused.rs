//! The fused multi-digit VC passes' OpenCL C: emits what a [`FusedPass`] (planned in
//! [`crate::vc::fused`]) says, sub-stages of p-point codelets exchanged through local memory.

use crate::clgen::{real_literal, small_dft, GeneratedProgram, OpCounts, Writer};
use crate::transform::{Direction, Precision};
use crate::vc::fused::mapping::{pass_mappings, pw, LocalLayout, Mapping};
use crate::vc::fused::{FusedPass, Layout, Swizzle};

/// Σ over runs of digits: `((x / p^a) % p^len) * weight` terms for digits of x placed at
/// the given weights (consecutive digits with consecutive weights are merged into one term).
fn spread(x: &str, p: u64, weights: &[u64]) -> String {
    let mut terms = Vec::new();
    let mut q = 0;
    while q < weights.len() {
        let mut len = 1;
        while q + len < weights.len() && weights[q + len] == weights[q + len - 1] * p {
            len += 1;
        }
        let div = p.pow(q as u32);
        let modulo = p.pow(len as u32);
        let mut t = if div == 1 {
            x.to_string()
        } else {
            format!("({x} / {div})")
        };
        if q + len < weights.len() {
            t = format!("({t} % {modulo})");
        }
        if weights[q] != 1 {
            t = format!("{t} * {}", weights[q]);
        }
        terms.push(t);
        q += len;
    }
    if terms.is_empty() {
        "0".into()
    } else {
        terms.join(" + ")
    }
}

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
    emit_comment(w, pass);
    let xs: Vec<String> = (0..pass.regs()).map(|j| format!("v{j}")).collect();
    emit_signature(w, pass, &xs);
    // Load (sub-stage 0), each later sub-stage, and the store mapping where it differs (the
    // last sub-stage usually holds low digits, so that costs one more exchange).
    let maps = pass_mappings(pass);
    emit_load(w, pass, &maps[0], &xs);
    emit_substages(w, pass, &maps, &xs);
    emit_store(w, pass, &maps[maps.len() - 1], &xs);
    w.close();
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
}

/// The kernel's signature, local tile, work-group bases and register declarations.
fn emit_signature(w: &mut Writer, pass: &FusedPass, xs: &[String]) {
    let (p, threads) = (pass.p as u64, pass.threads());
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({threads}, 1, 1)))"
    ));
    w.open(format!(
        "void {}(__global const real2 *restrict src, __global real2 *restrict dst)",
        pass.name()
    ));
    w.line(format!(
        "__local real{} tile[{}];",
        if pass.split_exchange { "" } else { "2" },
        pass.local_words()
    ));
    w.line("const uint t = get_local_id(0);");
    w.line(format!(
        "const idx_t g = get_group_id(0) + get_global_offset(0) / {threads};"
    ));
    let in_w: Vec<u64> = pass.wg.iter().map(|&(i, _)| pw(p, i)).collect();
    let out_w: Vec<u64> = pass.wg.iter().map(|&(_, o)| pw(p, o)).collect();
    w.line(format!("const idx_t in_base = {};", spread("g", p, &in_w)));
    w.line(format!(
        "const idx_t out_base = {};",
        spread("g", p, &out_w)
    ));
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
    w.line(format!("const idx_t t_in = {};", spread("t", p, &tw_in)));
    for j in 0..bregs {
        let c: u64 = load
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].in_pos))
            .sum();
        w.line(format!("{} = src[in_base + t_in + {c}];", xs[j as usize]));
    }
    w.note(OpCounts {
        global_loads: bregs,
        ..Default::default()
    });
}

/// The sub-stages: p-point codelets along the register index, exchanges between them (and
/// before the store where its mapping differs).
fn emit_substages(w: &mut Writer, pass: &FusedPass, maps: &[Mapping], xs: &[String]) {
    let (p, bregs, nsub) = (pass.p as u64, pass.regs(), pass.substages.len());
    let f64p = pass.precision == Precision::F64;
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
            let stride = pw(p, q);
            for base in 0..bregs {
                if (base / stride) % p != 0 {
                    continue;
                }
                let vars: Vec<String> = (0..p)
                    .map(|v| xs[(base + v * stride) as usize].clone())
                    .collect();
                small_dft::emit_dft(w, p, &vars, pass.direction == Direction::Inverse, f64p);
            }
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
    w.line(format!("const idx_t t_out = {};", spread("t", p, &tw_out)));
    for j in 0..bregs {
        let c: u64 = store
            .j_digits(p, j)
            .iter()
            .map(|&(d, v)| v * pw(p, pass.tile[d].out_pos))
            .sum();
        let val = match pass.scale {
            Some(s) => format!("{} * {}", xs[j as usize], real_literal(s, f64p)),
            None => xs[j as usize].clone(),
        };
        w.line(format!("dst[out_base + t_out + {c}] = {val};"));
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
