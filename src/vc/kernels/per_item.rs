//! The per-item bentness pass ([`FusedPass::per_item`]): one work-item (or p, split by the top
//! digit) decodes a small function's truth bytes, transforms it in registers and reduces |S|²
//! to its min and max; no spectrum is written.

use super::fused::{emit_codelets, signature_args};
use crate::clgen::{OpCounts, Writer};
use crate::vc::fused::mapping::pw;
use crate::vc::fused::FusedPass;

/// A per-item pass ([`FusedPass::per_item`]): one work-item (or p of them, split by the top
/// digit) decodes, transforms and reduces a whole function of N values in registers. The
/// work-group's rows are consecutive functions, so their truth bytes are one contiguous block:
/// it is staged into local memory with coalesced 32-bit loads (the device buffer is padded to
/// whole words), then each work-item reads its own values from there.
pub(super) fn emit_per_item(w: &mut Writer, pass: &FusedPass) {
    let (p, n, len) = (pass.p as u64, pass.n, pass.tile_len());
    // N ≤ 85 values a work-item: p ≤ 85, one byte a value.
    assert!(p <= 256, "per-item passes read one byte a value");
    let split = pass.threads();
    emit_header_comment(w, pass);
    let items = split * pass.rows;
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({items}, 1, 1)))"
    ));
    w.open(format!("void {}({})", pass.name(), signature_args(pass)));
    emit_prologue(w, pass, items);
    emit_stage(w, pass, items);
    let m = len / split;
    let xs: Vec<String> = (0..m).map(|j| format!("v{j}")).collect();
    for chunk in xs.chunks(16) {
        w.line(format!("real2 {};", chunk.join(", ")));
    }
    emit_decode(w, pass, &xs);
    // The transform: digit d of the value index is at register stride p^d.
    let low = if split > 1 { n - 1 } else { n };
    for d in 0..low {
        emit_codelets(w, pass, &xs, m, pw(p, d));
    }
    if split > 1 {
        emit_top_digit(w, pass, &xs);
    }
    emit_reduce(w, pass, &xs);
    w.close();
}

/// The kernel's opening comment: what a work-item (or the p of a function) does.
fn emit_header_comment(w: &mut Writer, pass: &FusedPass) {
    let (p, n, len, rows) = (pass.p as u64, pass.n, pass.tile_len(), pass.rows);
    let split = pass.threads();
    let (_, padded) = pass.per_item_words();
    let group_words = rows * len / 4;
    let staging = format!(
        "A work-group stages its {rows} functions' {} truth bytes ({group_words} words) into local\n\
         memory with coalesced word loads{}",
        rows * len,
        if padded {
            format!(", one pad word after each function's {} words (odd stride: distinct banks)", len / 4)
        } else {
            String::new()
        }
    );
    let work = if split == 1 {
        format!(
            "one work-item each.\n{staging}; each work-item then decodes its values as\n\
             eps[v] = e^(2 pi i v/p) (a local copy of the table), transforms all {n} digits in\n\
             registers ({} p-point codelets) and writes the (min, max) of |S|^2 to part[2 f], part[2 f + 1].\n\
             No exchange, no cross-work-item reduction.",
            n as u64 * len / p
        )
    } else {
        let m = len / p;
        format!(
            "{p} work-items each (work-item j holds the {m} values whose top digit is j).\n\
             {staging}; each work-item decodes its {m} values as eps[v] (a local copy of the table),\n\
             transforms the low {} digits in registers, exchanges through local memory (one barrier)\n\
             so that it holds {} columns of the top digit, transforms that digit, folds min and max\n\
             of |S|^2 over its values, and the {p} partial (min, max) of a function are combined\n\
             through local memory (a second barrier) into part[2 f], part[2 f + 1].",
            n - 1,
            m / p
        )
    };
    w.comment(format!(
        "{}: p = {p}, N = {p}^{n} = {len} values, a batch of {} functions, {work}\n\
         A value >= p sets flag to the lowest offending flat index of its function (functions\n\
         race: the lowest such index overall).",
        pass.name(),
        pass.batch,
    ));
}

/// Local arrays, the work-item's function (and top digit), and the ε table copied to local
/// memory.
fn emit_prologue(w: &mut Writer, pass: &FusedPass, items: u64) {
    let (p, len, rows) = (pass.p as u64, pass.tile_len(), pass.rows);
    let split = pass.threads();
    let (words, _) = pass.per_item_words();
    w.line(format!("__local uint staged[{words}];"));
    w.line(format!("__local real2 leps[{p}];"));
    if split > 1 {
        w.line(format!("__local real2 ex[{}];", len * rows));
        w.line(format!("__local real2 red[{items}];"));
    }
    w.line("const uint t = get_local_id(0);");
    // The offset names the first work-group of a launch in pieces (`bent`'s kernel run behind
    // the truth upload, one piece a chunk); 0 otherwise.
    w.line(format!(
        "const idx_t gg = get_group_id(0) + get_global_offset(0) / {items}u;"
    ));
    if split > 1 {
        w.comment("Work-item t: function f = t % rows of the group, top digit j = t / rows.");
        w.line(format!("const uint f = t % {rows}u;"));
        w.line(format!("const uint j = t / {rows}u;"));
    } else {
        w.line("const uint f = t;");
    }
    w.line(format!("const idx_t bt = gg * {rows}u + f;"));
    w.line(format!("const bool live = bt < {}u;", pass.batch));
    if p <= items {
        w.line(format!("if (t < {p}u) leps[t] = eps[t];"));
    } else {
        w.line(format!(
            "for (uint k = t; k < {p}u; k += {items}u) leps[k] = eps[k];"
        ));
    }
}

/// Decode: value (first + k) of this work-item's function into register k as ε^v, `umax`
/// collecting the largest; an out-of-range value's flat index goes to `flag`.
fn emit_decode(w: &mut Writer, pass: &FusedPass, xs: &[String]) {
    let (p, len) = (pass.p as u64, pass.tile_len());
    let split = pass.threads();
    let m = len / split;
    let (_, padded) = pass.per_item_words();
    w.line("uint umax = 0;");
    w.open("");
    let row_words = len / 4 + u64::from(padded);
    if split == 1 && padded {
        w.line(format!(
            "__local const uint *mine = staged + f * {row_words}u;"
        ));
    } else if padded {
        w.line(format!(
            "__local const uchar *mine = (__local const uchar *)staged + f * {}u + j * {m}u;",
            4 * row_words
        ));
    } else {
        let first = if split > 1 {
            format!(" + j * {m}u")
        } else {
            String::new()
        };
        w.line(format!(
            "__local const uchar *mine = (__local const uchar *)staged + f * {len}u{first};"
        ));
    }
    let word_reads = split == 1 && padded;
    let value = |k: u64| -> String {
        match (word_reads, k % 4) {
            (true, 0) => format!("w{} & 0xffu", k / 4),
            (true, b) => format!("(w{} >> {}) & 0xffu", k / 4, 8 * b),
            (false, _) => format!("mine[{k}]"),
        }
    };
    for (k, x) in xs.iter().enumerate() {
        if word_reads && k % 4 == 0 {
            w.line(format!("const uint w{} = mine[{}];", k / 4, k / 4));
        }
        let e = value(k as u64);
        w.line(format!(
            "{{ const uint u = {e}; umax = max(umax, u); {x} = leps[min(u, {}u)]; }}",
            p - 1
        ));
    }
    // Out of range: find the first offending value again (the error path only).
    w.open(format!("if (live && umax >= {p}u)"));
    w.open(format!("for (uint k = 0; k < {m}u; k++)"));
    let e = if word_reads {
        "(mine[k / 4u] >> ((k % 4u) * 8u)) & 0xffu"
    } else {
        "mine[k]"
    };
    w.line(format!("const uint u = {e};"));
    let flat = if split > 1 {
        format!("bt * {len}u + j * {m}u + k")
    } else {
        format!("bt * {len}u + k")
    };
    w.line(format!(
        "if (u >= {p}u) {{ atomic_min(flag, (uint)({flat})); break; }}"
    ));
    w.close();
    w.close();
    w.close();
}

/// Split passes: the exchange through local memory that gives each work-item columns of the
/// top digit, and that digit's codelets.
fn emit_top_digit(w: &mut Writer, pass: &FusedPass, xs: &[String]) {
    let (p, rows) = (pass.p as u64, pass.rows);
    let m = pass.tile_len() / pass.threads();
    // Value j·m + i goes to ex[(j·m + i)·rows + f] (lanes: consecutive f, consecutive
    // words); back, work-item j takes i in [j·m/p, (j + 1)·m/p) of every top digit q, in
    // register q·(m/p) + c: the top digit at register stride m/p.
    let c = m / p;
    for (i, x) in xs.iter().enumerate() {
        w.line(format!("ex[(j * {m}u + {i}u) * {rows}u + f] = {x};"));
    }
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    for q in 0..p {
        for k in 0..c {
            w.line(format!(
                "{} = ex[({}u + j * {c}u + {k}u) * {rows}u + f];",
                xs[(q * c + k) as usize],
                q * m
            ));
        }
    }
    emit_codelets(w, pass, xs, m, c);
}

/// The (min, max) of |S|^2 of the function into `part` (split passes: combined over the p
/// work-items of a function through local memory first).
fn emit_reduce(w: &mut Writer, pass: &FusedPass, xs: &[String]) {
    let (p, rows) = (pass.p as u64, pass.rows);
    let (lo, hi) = emit_min_max(w, xs);
    if pass.threads() > 1 {
        w.line(format!("red[t] = (real2)({lo}, {hi});"));
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        w.open("if (j == 0u)");
        w.line("real2 r = red[f];");
        for q in 1..p {
            w.line(format!(
                "r = (real2)(fmin(r.x, red[{}u + f].x), fmax(r.y, red[{}u + f].y));",
                q * rows,
                q * rows
            ));
        }
        w.line("if (live) ((__global real2 *)part)[bt] = r;");
        w.close();
    } else {
        w.line(format!(
            "if (live) ((__global real2 *)part)[bt] = (real2)({lo}, {hi});"
        ));
    }
}

/// The per-item staging: word k of the group's block of truth bytes into local memory by
/// `items` work-items (the tail group stops at the buffer's end), then a barrier.
fn emit_stage(w: &mut Writer, pass: &FusedPass, items: u64) {
    let (len, rows) = (pass.tile_len(), pass.rows);
    let (_, padded) = pass.per_item_words();
    let group_words = rows * len / 4;
    let total_words = (pass.batch * len).div_ceil(4);
    w.open("");
    w.comment("Stage: word k of the group's block (the tail group stops at the buffer's end).");
    w.line(format!(
        "__global const uint *src = (__global const uint *)truth + gg * {group_words}u;"
    ));
    w.line(format!(
        "const idx_t left = {total_words}u - gg * {group_words}u;"
    ));
    let trip = group_words.div_ceil(items);
    let dst = if padded {
        format!("k + k / {}u", len / 4)
    } else {
        "k".to_string()
    };
    w.open_loop(
        format!("for (uint k = t; k < {group_words}u; k += {items}u)"),
        trip,
    );
    w.line(format!("if (k < left) staged[{dst}] = src[k];"));
    w.close_loop();
    w.close();
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.note(OpCounts {
        global_loads: trip,
        ..Default::default()
    });
}

/// |S|^2 of the registers and its min and max as balanced trees (short dependency chains);
/// returns the names of the min and the max.
fn emit_min_max(w: &mut Writer, xs: &[String]) -> (String, String) {
    let mut lo: Vec<String> = Vec::new();
    for (k, x) in xs.iter().enumerate() {
        w.line(format!("const real a{k} = {x}.x * {x}.x + {x}.y * {x}.y;"));
        lo.push(format!("a{k}"));
    }
    let mut hi = lo.clone();
    for (vec, op, name) in [(&mut lo, "fmin", "lo"), (&mut hi, "fmax", "hi")] {
        let mut tmp = 0;
        while vec.len() > 1 {
            let mut next = Vec::new();
            for pair in vec.chunks(2) {
                if let [a, b] = pair {
                    let t = format!("{name}{tmp}");
                    tmp += 1;
                    w.line(format!("const real {t} = {op}({a}, {b});"));
                    next.push(t);
                } else {
                    next.push(pair[0].clone());
                }
            }
            *vec = next;
        }
    }
    w.note(OpCounts {
        real_mul: 2 * xs.len() as u64,
        real_add: xs.len() as u64,
        ..Default::default()
    });
    (lo.swap_remove(0), hi.swap_remove(0))
}
