//! The radix-2 and split radix-2/8 launches, the twiddle helper, and the stages kernel of
//! the fused variant (one radix-2 stage per exchange).

use super::*;

pub(super) fn radix2(w: &mut Writer, plan: &NttPlan, cfg: &FieldCfg) {
    generic_header(
        w,
        plan,
        "Baseline: bit-reversal permutation into Montgomery form, one launch per radix-2 DIT stage\n(twiddle table tw[t] = w^t, t < N/2), then out of Montgomery form.",
    );
    emit_field(w, &plan.mont, cfg);
    bitrev_fn(w);
    w.comment("y[bitrev(i)] = x[i] * R mod p.");
    w.open("__kernel void ntt_radix2_bitrev(__global const fe* x, __global fe* y, const uint n, const uint log_n)");
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= n) return;");
    w.line("y[bitrev(i, log_n)] = fe_to_mont(x[i]);");
    w.close();
    w.blank();
    w.comment("One DIT stage: butterflies (a, b) -> (a + w b, a - w b) at distance 2^stage.");
    w.open("__kernel void ntt_radix2_stage(__global fe* y, __global const fe* tw, const uint n, const uint log_n, const uint stage)");
    w.line("const uint t = get_global_id(0);");
    w.line("if (t >= n / 2u) return;");
    w.line("const uint dist = 1u << stage;");
    w.line("const uint pos = t & (dist - 1u);");
    w.line("const uint i = ((t >> stage) << (stage + 1u)) + pos;");
    w.line("const fe wt = tw[pos << (log_n - 1u - stage)];");
    w.line("const fe a = y[i];");
    w.line("const fe b = fe_mul(y[i + dist], wt);");
    w.line("y[i] = fe_add(a, b);");
    w.line("y[i + dist] = fe_sub(a, b);");
    w.close();
    w.blank();
    w.comment("Out of Montgomery form, times k[3] (1, or N^-1 for the inverse, in standard form).");
    w.open(
        "__kernel void ntt_radix2_from_mont(__global fe* y, __global const fe* k, const uint n)",
    );
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= n) return;");
    w.line("y[i] = fe_mul(y[i], k[3]);");
    w.close();
}

pub(super) fn split28(w: &mut Writer, plan: &NttPlan, cfg: &FieldCfg) {
    generic_header(
        w,
        plan,
        "Radix-2/8 split radix (seed 004): a block of M points becomes one M/2-point DFT of\nx(n) + x(n + M/2) and four M/8-point DFTs for X(8k+m), m = 1, 3, 5, 7, of\n[sum_l (x(n + lM/8) - x(n + (l+4)M/8)) w8^(lm)] * wM^(mn); the complex j becomes w4 = w^(N/4)\nand (1 -+ j)/sqrt(2) become w8, w8^3 (w8 = w^(N/8)), passed in k[0..2]. One launch per block\nsize, base cases of 4 and 2 points, then a gather into natural order.",
    );
    emit_field(w, &plan.mont, cfg);
    w.comment("x[i] * R mod p, in place.");
    w.open("__kernel void ntt_split28_to_mont(__global fe* x, const uint n)");
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= n) return;");
    w.line("x[i] = fe_to_mont(x[i]);");
    w.close();
    w.blank();
    w.comment("The 2/8 butterflies of all blocks of size 2^m_log (offsets[first + block]).");
    w.open("__kernel void ntt_split28_level(__global fe* x, __global const fe* tw, __global const uint* offsets, __global const fe* k, const uint log_n, const uint first, const uint m_log, const uint count)");
    w.line("const uint t = get_global_id(0);");
    w.line("if (t >= count) return;");
    w.line("const uint e = 1u << (m_log - 3u);");
    w.line("const uint n = t & (e - 1u);");
    w.line("__global fe* b = x + offsets[first + (t >> (m_log - 3u))] + n;");
    for k in 0..8 {
        w.line(format!("const fe a{k} = b[{k}u * e];"));
    }
    w.comment("even half: x(n) + x(n + M/2)");
    for k in 0..4 {
        w.line(format!("b[{k}u * e] = fe_add(a{k}, a{});", k + 4));
        w.line(format!("const fe d{k} = fe_sub(a{k}, a{});", k + 4));
    }
    w.line("const fe w4 = k[0], w8 = k[1], w83 = k[2];");
    w.comment("S_m = d0 + w8^m d1 + w4^m d2 + w8^3m d3: with A,B = d0 +- w4 d2,\nP = w8 (d1 + w4 d3), Q = w8^3 (d1 - w4 d3): S1 = A+P, S5 = A-P, S3 = B+Q, S7 = B-Q.");
    w.line("const fe t2 = fe_mul(w4, d2);");
    w.line("const fe t3 = fe_mul(w4, d3);");
    w.line("const fe A = fe_add(d0, t2);");
    w.line("const fe B = fe_sub(d0, t2);");
    w.line("const fe P = fe_mul(w8, fe_add(d1, t3));");
    w.line("const fe Q = fe_mul(w83, fe_sub(d1, t3));");
    w.line("const uint sh = log_n - m_log;");
    w.comment("twiddles wM^(mn) = w^(mn N/M); the eighth for X(8k+m) sits at M/2 + (m-1)/2 * M/8");
    w.line("b[4u * e] = fe_mul(fe_add(A, P), tw[n << sh]);");
    w.line("b[5u * e] = fe_mul(fe_add(B, Q), tw[(3u * n) << sh]);");
    w.line("b[6u * e] = fe_mul(fe_sub(A, P), tw[(5u * n) << sh]);");
    w.line("b[7u * e] = fe_mul(fe_sub(B, Q), tw[(7u * n) << sh]);");
    w.close();
    w.blank();
    w.comment("4-point DFTs in natural order within each size-4 block.");
    w.open("__kernel void ntt_split28_base4(__global fe* x, __global const uint* offsets, __global const fe* k, const uint first, const uint count)");
    w.line("const uint t = get_global_id(0);");
    w.line("if (t >= count) return;");
    w.line("__global fe* b = x + offsets[first + t];");
    w.line("const fe w4 = k[0];");
    w.line("const fe v0 = b[0], v1 = b[1], v2 = b[2], v3 = b[3];");
    w.line("const fe s02 = fe_add(v0, v2), d02 = fe_sub(v0, v2);");
    w.line("const fe s13 = fe_add(v1, v3), d13 = fe_mul(w4, fe_sub(v1, v3));");
    w.line("b[0] = fe_add(s02, s13);");
    w.line("b[1] = fe_add(d02, d13);");
    w.line("b[2] = fe_sub(s02, s13);");
    w.line("b[3] = fe_sub(d02, d13);");
    w.close();
    w.blank();
    w.comment("2-point DFTs of the size-2 blocks.");
    w.open("__kernel void ntt_split28_base2(__global fe* x, __global const uint* offsets, const uint first, const uint count)");
    w.line("const uint t = get_global_id(0);");
    w.line("if (t >= count) return;");
    w.line("__global fe* b = x + offsets[first + t];");
    w.line("const fe v0 = b[0], v1 = b[1];");
    w.line("b[0] = fe_add(v0, v1);");
    w.line("b[1] = fe_sub(v0, v1);");
    w.close();
    w.blank();
    w.comment("y[i] = X[i] from its position perm[i], out of Montgomery form, times k[3] (1, or N^-1\nfor the inverse, in standard form).");
    w.open("__kernel void ntt_split28_permute(__global const fe* x, __global fe* y, __global const uint* perm, __global const fe* k, const uint n)");
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= n) return;");
    w.line("y[i] = fe_mul(x[perm[i]], k[3]);");
    w.close();
}

pub(super) fn twiddle_fn(w: &mut Writer, plan: &NttPlan) {
    let h = twiddle_split(plan.log_n);
    w.comment(format!(
        "w^e in Montgomery form from two tables: hi[t] = w^(t 2^{h}), lo[t] = w^t (t < 2^{h})."
    ));
    w.open("static inline fe twiddle(__global const fe* lo, __global const fe* hi, const uint e)");
    w.line(format!(
        "return fe_mul(hi[e >> {h}u], lo[e & {}u]);",
        (1u64 << h) - 1
    ));
    w.close();
    w.blank();
}

pub(super) fn fused_pass(w: &mut Writer, plan: &NttPlan, f: &FusedPass, name: &str) {
    let n = plan.n() as u64;
    let l = plan.log_n;
    let r = f.r;
    let rr = 1u64 << r;
    let t = n >> r;
    let span = 1u64 << f.span_log;
    let c = f.cols as u64;
    let c_log = c.trailing_zeros();
    let wg = f.wg;
    let r_max = plan_r_max(plan);
    w.comment(format!(
        "{name}: Stockham pass {} (radix {rr}, span {span}): for each column i < {t}, u_j = x[i + j*{t}]\n{}, u_j *= w_(span*{rr})^(j k) with k = i mod span, DFT-{rr} in local memory\n({r} radix-2 DIT stages), y[(i - k)*{rr} + k + m*span] = U_m{}. {c} column(s) per work-group.",
        f.index,
        if f.first { "(into Montgomery form)" } else { "" },
        if f.last { " (out of Montgomery form)" } else { "" },
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({wg}, 1, 1)))"
    ));
    w.open(format!(
        "void {name}(__global const fe* x, __global fe* y, __global const fe* lo, __global const fe* hi, __global const fe* roots)"
    ));
    w.line(format!("__local fe u[{}];", c * rr));
    w.line("const uint lt = get_local_id(0);");
    w.line(format!("const uint i0 = get_group_id(0) * {c}u;"));
    w.open_loop(
        format!("for (uint e = lt; e < {}u; e += {wg}u)", c * rr),
        c * rr / wg as u64,
    );
    w.line(format!("const uint c = e & {}u, j = e >> {c_log}u;", c - 1));
    w.line("const uint i = i0 + c;");
    w.line(format!("fe v = x[i + j * {t}u];"));
    if f.first {
        w.line("v = fe_to_mont(v);");
    }
    if span > 1 {
        w.line(format!("const uint k = i & {}u;", span - 1));
        w.line(format!(
            "v = fe_mul(v, twiddle(lo, hi, (j * k) << {}u));",
            l - f.span_log - r
        ));
    }
    w.line(format!("u[c * {rr}u + bitrev(j, {r}u)] = v;"));
    w.close_loop();
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    let half_n = c * rr / 2;
    for s in 0..r {
        w.open_loop(
            format!("for (uint q = lt; q < {half_n}u; q += {wg}u)"),
            half_n / wg as u64,
        );
        w.line(format!(
            "const uint c = q >> {}u, b = q & {}u;",
            r - 1,
            rr / 2 - 1
        ));
        w.line(format!("const uint pos = b & {}u;", (1u64 << s) - 1));
        w.line(format!(
            "const uint i = c * {rr}u + ((b >> {s}u) << {}u) + pos;",
            s + 1
        ));
        w.line("const fe a = u[i];");
        if s == 0 {
            w.line("const fe bb = u[i + 1u];");
        } else {
            w.line(format!(
                "const fe bb = fe_mul(u[i + {}u], roots[pos << {}u]);",
                1u64 << s,
                r_max - 1 - s
            ));
        }
        w.line("u[i] = fe_add(a, bb);");
        w.line(format!("u[i + {}u] = fe_sub(a, bb);", 1u64 << s));
        w.close_loop();
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    }
    if f.last {
        scale_const(w, plan);
    }
    w.open_loop(
        format!("for (uint e = lt; e < {}u; e += {wg}u)", c * rr),
        c * rr / wg as u64,
    );
    if span == 1 {
        // k = 0: column i writes y[i*R + m], contiguous in m.
        w.line(format!("const uint m = e & {}u, c = e >> {r}u;", rr - 1));
    } else {
        w.line(format!("const uint c = e & {}u, m = e >> {c_log}u;", c - 1));
    }
    w.line("const uint i = i0 + c;");
    w.line(format!("const uint k = i & {}u;", span - 1));
    w.line(format!("fe v = u[c * {rr}u + m];"));
    if f.last {
        w.line("v = fe_mul(v, scale);");
    }
    w.line(format!("y[((i - k) << {r}u) + k + m * {span}u] = v;"));
    w.close_loop();
    w.close();
    w.blank();
}
