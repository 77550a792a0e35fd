//! NTT kernels as OpenCL C for one plan: the field arithmetic of `montgomery.rs`, then the
//! kernels of the plan's variant with N, the roots and the scale folded in as literals.
//! Input and output are in standard form, natural order.
//!
//! **Fused, regs kernel** (the default): Stockham passes of radix M = 2^r. Column i < T = N/M
//! of a pass is the M-point DFT of u_j = x[i + jT]·w_(SM)^(jk) (k = i mod S, S the span) with
//! output U_m at y[(i − k)M + k + mS]. A work-item holds E = 2^e points at a time: the first
//! e stages of the radix-2 DIT DFT are E-point DFTs of the decimated sequences
//! u_(j0 + qM/E), computed straight from global memory with their twiddles folded in as
//! constants (w_E^0 = 1 products skipped); the later stages go in groups of ≤ e through
//! local memory (one load, g stages in registers, one store), the last group writing to
//! global memory. No conversion into Montgomery form: reading the standard-form input x as
//! the Montgomery form of x·R⁻¹ makes the Montgomery-form output NTT(x·R⁻¹) the standard
//! form of NTT(x) (the twiddles are in Montgomery form). Twiddles between passes come from a
//! table per pass (`--twiddles table`, N⁻¹ of the inverse folded into the last one) or as
//! hi·lo (`split`). With lazy reduction values stay in [0, 2p) until the last store.
//!
//! **Fused, stages kernel**: the first fused kernel (one radix-2 stage per exchange,
//! conversions in and out of Montgomery form), kept for comparison.

use crate::clgen::GeneratedProgram;
use crate::clgen::Writer;
use crate::field::emit::montgomery::{emit_field, fe_const};
use crate::field::FieldCfg;
use crate::field::{LimbBits, MontParams};
use crate::ntt::plan::{NttPlan, Twiddles, Variant};
use crate::ntt::schedule::{plan_r_max, FusedPass, PassKind, Schedule};
use crate::ntt::tables::twiddle_split;
use rug::Integer;

/// The factor of the last launch: 1 forward, N⁻¹ inverse (standard form: fe_mul by it leaves
/// Montgomery form and scales at once).
fn scale_const(w: &mut Writer, plan: &NttPlan) {
    let s = if plan.inverse {
        plan.n_inv.clone()
    } else {
        Integer::from(1)
    };
    fe_const(w, &plan.mont, "scale", &s);
}

fn header(w: &mut Writer, plan: &NttPlan, what: &str) {
    let dir = if plan.inverse {
        "inverse: x[j] = N^-1 sum_k X[k] w^-jk"
    } else {
        "forward: X[k] = sum_j x[j] w^jk"
    };
    w.comment(format!(
        "NTT variant {} of N = 2^{} points over {} ({}), {} limbs, {} arithmetic; {dir},\nw = g^((p-1)/N) = {}.\n{what}",
        plan.variant,
        plan.log_n,
        plan.field().name,
        plan.field().p,
        plan.mont.limb,
        plan.arith,
        plan.omega
    ));
    w.blank();
}

fn bitrev_fn(w: &mut Writer) {
    w.comment("The low `bits` bits of x reversed (bits >= 1).");
    w.open("inline uint bitrev(uint x, const uint bits)");
    w.line("x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);");
    w.line("x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);");
    w.line("x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);");
    w.line("x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);");
    w.line("x = (x >> 16) | (x << 16);");
    w.line("return x >> (32 - bits);");
    w.close();
    w.blank();
}

pub fn generate(plan: &NttPlan, schedule: &Schedule) -> GeneratedProgram {
    let mut w = Writer::new();
    let cfg = plan.field_cfg();
    match plan.variant {
        Variant::Radix2 => radix2(&mut w, plan, &cfg),
        Variant::Split28 => split28(&mut w, plan, &cfg),
        Variant::Fused if plan.regs_kernel() => {
            header(
                &mut w,
                plan,
                &format!(
                    "Stockham passes of radix {} (regs kernel: {} points per work-item, twiddles {}, {} reduction;\nno conversion into Montgomery form, see the kernels' comments).",
                    schedule.radices(),
                    plan.opts.elems,
                    match plan.opts.twiddles {
                        Twiddles::Table => "from a table per pass",
                        Twiddles::Split => "hi*lo",
                    },
                    if plan.lazy { "lazy" } else { "full" },
                ),
            );
            emit_field(&mut w, &plan.mont, &cfg);
            bitrev_fn(&mut w);
            if plan.opts.twiddles == Twiddles::Split {
                twiddle_fn(&mut w, plan);
            }
            mem_helpers(&mut w, &plan.mont);
            for p in &schedule.passes {
                if let PassKind::Fused(f) = &p.kind {
                    regs_pass(&mut w, plan, f, &p.kernel);
                }
            }
        }
        Variant::Fused => {
            header(
                &mut w,
                plan,
                &format!(
                    "Stockham passes of radix {} in local memory (natural order in and out).",
                    schedule.radices()
                ),
            );
            emit_field(&mut w, &plan.mont, &cfg);
            bitrev_fn(&mut w);
            twiddle_fn(&mut w, plan);
            for p in &schedule.passes {
                if let PassKind::Fused(f) = &p.kind {
                    fused_pass(&mut w, plan, f, &p.kernel);
                }
            }
        }
    }
    let kernels = schedule
        .kernel_names()
        .into_iter()
        .map(|k| (k, Default::default()))
        .collect();
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

/// Header of the size-generic programs (radix2, split28): N, the roots and the scale are
/// arguments and tables, so one program serves every size and both directions.
fn generic_header(w: &mut Writer, plan: &NttPlan, what: &str) {
    w.comment(format!(
        "NTT variant {} over {} (p = {}), {} limbs, {} arithmetic: X[k] = sum_j x[j] w^jk, w = g^((p-1)/N)\n(the inverse uses w^-1 and scales by N^-1). N, the twiddle tables and the scale are arguments,\nso this program serves every size and both directions.\n{what}",
        plan.variant,
        plan.field().name,
        plan.field().p,
        plan.mont.limb,
        plan.arith,
    ));
    w.blank();
}

fn radix2(w: &mut Writer, plan: &NttPlan, cfg: &FieldCfg) {
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

fn split28(w: &mut Writer, plan: &NttPlan, cfg: &FieldCfg) {
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

fn twiddle_fn(w: &mut Writer, plan: &NttPlan) {
    let h = twiddle_split(plan.log_n);
    w.comment(format!(
        "w^e in Montgomery form from two tables: hi[t] = w^(t 2^{h}), lo[t] = w^t (t < 2^{h})."
    ));
    w.open("inline fe twiddle(__global const fe* lo, __global const fe* hi, const uint e)");
    w.line(format!(
        "return fe_mul(hi[e >> {h}u], lo[e & {}u]);",
        (1u64 << h) - 1
    ));
    w.close();
    w.blank();
}

fn fused_pass(w: &mut Writer, plan: &NttPlan, f: &FusedPass, name: &str) {
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

/// The vector type element loads and stores use, limbs per vector and vectors per element:
/// 16-byte vectors where the element size allows, else 8-byte, else single limbs.
fn plane(mp: &MontParams) -> (String, usize, usize) {
    let n = mp.limbs;
    let (scalar, per16) = match mp.limb {
        LimbBits::B32 => ("uint", 4usize),
        LimbBits::B64 => ("ulong", 2usize),
    };
    let mut k = per16;
    while n % k != 0 {
        k /= 2;
    }
    let ty = if k == 1 {
        scalar.to_string()
    } else {
        format!("{scalar}{k}")
    };
    (ty, k, n / k)
}

const COMPONENTS: [&str; 4] = ["s0", "s1", "s2", "s3"];

/// fe_ldg/fe_stg (global memory, vector accesses) and fe_lds/fe_sts (local memory in planes:
/// vector h of slot i at u[h·stride + i], so that a work-group's accesses to consecutive slots
/// are consecutive vectors).
fn mem_helpers(w: &mut Writer, mp: &MontParams) {
    let (pt, k, np) = plane(mp);
    w.comment(format!(
        "Element access as {np} vector(s) of type {pt}: fe_ldg/fe_stg in global memory (element i),\nfe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart)."
    ));
    let unpack = |w: &mut Writer, h: usize| {
        if k == 1 {
            w.line(format!("r.l[{h}] = v;"));
        } else {
            let parts: Vec<String> = (0..k)
                .map(|c| format!("r.l[{}] = v.{};", h * k + c, COMPONENTS[c]))
                .collect();
            w.line(parts.join(" "));
        }
    };
    let pack = |h: usize| -> String {
        if k == 1 {
            format!("x.l[{h}]")
        } else {
            let parts: Vec<String> = (0..k).map(|c| format!("x.l[{}]", h * k + c)).collect();
            format!("({pt})({})", parts.join(", "))
        }
    };
    w.open("inline fe fe_ldg(__global const fe* p, const uint i)");
    w.line(format!(
        "__global const {pt}* q = (__global const {pt}*)p + (size_t)i * {np}u;"
    ));
    w.line(format!("fe r; {pt} v;"));
    for h in 0..np {
        w.line(format!("v = q[{h}];"));
        unpack(w, h);
    }
    w.line("return r;");
    w.close();
    w.open("inline void fe_stg(__global fe* p, const uint i, const fe x)");
    w.line(format!(
        "__global {pt}* q = (__global {pt}*)p + (size_t)i * {np}u;"
    ));
    for h in 0..np {
        w.line(format!("q[{h}] = {};", pack(h)));
    }
    w.close();
    w.open(format!(
        "inline fe fe_lds(__local const {pt}* u, const uint i, const uint stride)"
    ));
    w.line(format!("fe r; {pt} v;"));
    for h in 0..np {
        w.line(format!("v = u[{h}u * stride + i];"));
        unpack(w, h);
    }
    w.line("return r;");
    w.close();
    w.open(format!(
        "inline void fe_sts(__local {pt}* u, const uint i, const uint stride, const fe x)"
    ));
    for h in 0..np {
        w.line(format!("u[{h}u * stride + i] = {};", pack(h)));
    }
    w.close();
    w.blank();
}

/// Bits of the local-memory swizzle: slot P of a column goes to P ^ ((P >> b) & (2^b − 1)),
/// with 2^b slots of all the work-group's columns per 128-byte bank row, so that both
/// "E consecutive slots per work-item" and "consecutive slots across work-items" patterns hit
/// distinct banks.
fn swizzle_bits(mp: &MontParams, cols: u64) -> u32 {
    let (_, k, _) = plane(mp);
    let vec_bytes = k as u64 * mp.limb.bits() as u64 / 8;
    let row = 128 / (vec_bytes * cols).max(1);
    if row >= 2 {
        row.trailing_zeros()
    } else {
        0
    }
}

/// The regs kernel's local slot of position `p` (a C expression) in column `col`.
fn slot(p: &str, sb: u32, cols: u64) -> String {
    let phys = if sb == 0 {
        format!("({p})")
    } else {
        format!("(({p}) ^ ((({p}) >> {sb}u) & {}u))", (1u32 << sb) - 1)
    };
    if cols == 1 {
        phys
    } else {
        format!("{phys} * {cols}u + col")
    }
}

/// The low `bits` bits of x reversed, at generation time.
fn bitrev_host(x: u64, bits: u32) -> u64 {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - bits)
    }
}

/// One radix-2 butterfly on registers a{lo}, a{hi} with twiddle `tw` (None: 1).
fn butterfly(w: &mut Writer, lo: &str, hi: &str, tw: Option<&str>) {
    match tw {
        None => w.line(format!(
            "{{ const fe b = {hi}; {hi} = fe_sub({lo}, b); {lo} = fe_add({lo}, b); }}"
        )),
        Some(t) => w.line(format!(
            "{{ const fe b = fe_mul({hi}, {t}); {hi} = fe_sub({lo}, b); {lo} = fe_add({lo}, b); }}"
        )),
    }
}

/// Stores of the pass's last group: value `v` is output m = `m` of column i.
fn output(w: &mut Writer, plan: &NttPlan, f: &FusedPass, v: &str, m: &str, scale: bool) {
    let span = 1u64 << f.span_log;
    let mut val = v.to_string();
    if scale {
        val = format!("fe_mul({val}, scale)");
    }
    if plan.lazy {
        val = format!("fe_reduce({val})");
    }
    let idx = if span == 1 {
        format!("(i << {}u) + {m}", f.r)
    } else {
        format!("((i - k) << {}u) + k + ({m}) * {span}u", f.r)
    };
    w.line(format!("fe_stg(y, {idx}, {val});"));
}

/// Opens the loop of a work-item over the pass's virtual work-items (one iteration when the
/// work-group has them all), with `col` (column in the work-group) and `tp` (index in it).
fn open_virtual(w: &mut Writer, f: &FusedPass) {
    // One trip when the work-group has all of them (lt < wg): the compiler drops the loop.
    w.open(format!(
        "for (uint vt = lt; vt < {}u; vt += {}u)",
        f.virt, f.wg
    ));
    let c = f.cols as u64;
    if c == 1 {
        w.line("const uint col = 0u, tp = vt;");
    } else {
        w.line(format!(
            "const uint col = vt & {}u, tp = vt >> {}u;",
            c - 1,
            c.trailing_zeros()
        ));
    }
    w.line("const uint i = i0 + col;");
    if f.span_log > 0 {
        w.line(format!("const uint k = i & {}u;", (1u64 << f.span_log) - 1));
    }
}

fn regs_pass(w: &mut Writer, plan: &NttPlan, f: &FusedPass, name: &str) {
    let mp = &plan.mont;
    let n = plan.n() as u64;
    let r = f.r;
    let m = 1u64 << r;
    let t = n >> r;
    let span = 1u64 << f.span_log;
    let c = f.cols as u64;
    let e = f.elems.trailing_zeros();
    let ee = f.elems as u64;
    let r_max = plan_r_max(plan);
    let (pt, _, np) = plane(mp);
    let stride = c * m;
    let sb = swizzle_bits(mp, c);
    let table = plan.opts.twiddles == Twiddles::Table;
    // The inverse's N^-1: in the last pass's table, else a product at the output.
    let scale_out = plan.inverse && f.last && (span == 1 || !table);
    let groups: Vec<String> = f.groups.iter().map(|g| g.to_string()).collect();
    w.comment(format!(
        "{name}: Stockham pass {} (radix {m}, span {span}). For each column i < {t} (k = i mod {span}):\nu_j = x[i + j*{t}]{}, U = DFT_{m}(u) (w_{m} = w^{}), y[(i - k)*{m} + k + m*{span}] = U_m{}{}.\n{c} column(s) per work-group, {} work-items of {} points ({} per work-group); the {r} DIT stages go in\ngroups {} (the first as {}-point DFTs from global memory, the others through local memory).",
        f.index,
        if span > 1 {
            if table {
                format!(" * tw[j*{span} + k] (tw = w_({})^(jk){})", span * m, if plan.inverse && f.last { " * N^-1" } else { "" })
            } else {
                format!(" * hi*lo(w^((j*k) << {}))", plan.log_n - f.span_log - r)
            }
        } else {
            String::new()
        },
        n / m,
        if scale_out { " * N^-1" } else { "" },
        if f.last && plan.lazy { " (reduced below p)" } else { "" },
        f.virt,
        ee,
        f.wg,
        groups.join("+"),
        f.elems,
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({}, 1, 1)))",
        f.wg
    ));
    w.open(format!(
        "void {name}(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots)"
    ));
    if f.groups.len() > 1 {
        w.line(format!("__local {pt} u[{}];", np as u64 * stride));
    }
    w.line("const uint lt = get_local_id(0);");
    w.line(format!("const uint i0 = get_group_id(0) * {c}u;"));
    if scale_out {
        let s = plan.mont.to_mont(&plan.n_inv);
        fe_const(w, mp, "scale", &s);
    }
    // Constants of the first group's E-point DFT: w_E^x, x < E/2, Montgomery form.
    for x in 1..ee / 2 {
        let v = plan.root_pow_mont(x * (n / ee));
        fe_const(w, mp, &format!("W{ee}_{x}"), &v);
    }
    w.line("(void)tw; (void)hi; (void)roots;");

    // --- group 0: E-point DFTs of the decimated columns, from global memory -----------------
    let e0 = f.groups[0];
    let single = f.groups.len() == 1;
    w.comment(format!(
        "Stages 0..{}: DFT-{ee} of u_(j0 + q*{}) for q < {ee}, j0 = bitrev_{}(tp), into slots tp*{ee} + m'.",
        e0 - 1,
        m / ee,
        r - e0
    ));
    open_virtual(w, f);
    if r > e0 {
        w.line(format!("const uint j0 = bitrev(tp, {}u);", r - e0));
    } else {
        w.line("const uint j0 = 0u;");
    }
    // Register a{q} holds position tp*E + q of the DIT order, i.e. u_(j0 + bitrev_e(q) M/E).
    let jq = |q: u64| bitrev_host(q, e) * (m / ee);
    for q in 0..ee {
        w.line(format!(
            "fe a{q} = fe_ldg(x, i + (j0 + {}u) * {t}u);",
            jq(q)
        ));
    }
    if span > 1 {
        for q in 0..ee {
            let j = format!("(j0 + {}u)", jq(q));
            if table {
                w.line(format!(
                    "a{q} = fe_mul(a{q}, fe_ldg(tw, {j} * {span}u + k));"
                ));
            } else {
                w.line(format!(
                    "a{q} = fe_mul(a{q}, twiddle(tw, hi, ({j} * k) << {}u));",
                    plan.log_n - f.span_log - r
                ));
            }
        }
    }
    for tau in 0..e0 {
        let half = 1u64 << tau;
        for q in 0..ee {
            if q & half != 0 {
                continue;
            }
            let x = (q % half) * (ee / (2 * half));
            let tw = (x != 0).then(|| format!("W{ee}_{x}"));
            butterfly(
                w,
                &format!("a{q}"),
                &format!("a{}", q + half),
                tw.as_deref(),
            );
        }
    }
    for q in 0..ee {
        if single {
            output(w, plan, f, &format!("a{q}"), &format!("{q}u"), scale_out);
        } else {
            let p = format!("tp * {ee}u + {q}u");
            w.line(format!("fe_sts(u, {}, {stride}u, a{q});", slot(&p, sb, c)));
        }
    }
    w.close();

    // --- later groups through local memory -------------------------------------------------
    let mut s = e0;
    for (gi, &g) in f.groups.iter().enumerate().skip(1) {
        let last = gi + 1 == f.groups.len();
        let gg = 1u64 << g;
        let sets = 1u64 << (e - g);
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        w.comment(format!(
            "Stages {s}..{}: {sets} set(s) of {gg} slots base + i*{} per work-item (base = lo + (set >> {s}) * {}, lo = set mod {}){}.",
            s + g - 1,
            1u64 << s,
            1u64 << (s + g),
            1u64 << s,
            if last { ", then out to global memory" } else { "" }
        ));
        open_virtual(w, f);
        if sets > 1 {
            w.open(format!("for (uint kk = 0; kk < {sets}u; kk++)"));
            w.line(format!("const uint sg = tp + kk * {}u;", m / ee));
        } else {
            w.line("const uint sg = tp;");
        }
        w.line(format!("const uint lo = sg & {}u;", (1u64 << s) - 1));
        w.line(format!(
            "const uint base = ((sg >> {s}u) << {}u) + lo;",
            s + g
        ));
        let pos = |i: u64| format!("base + {}u", i << s);
        for i in 0..gg {
            w.line(format!(
                "fe a{i} = fe_lds(u, {}, {stride}u);",
                slot(&pos(i), sb, c)
            ));
        }
        for tau in 0..g {
            let half = 1u64 << tau;
            // Twiddle w_(2^(s+tau+1))^(lo + rho*2^s) for rho = i mod 2^tau, from roots.
            for rho in 0..half {
                w.line(format!(
                    "const fe w{tau}_{rho} = fe_ldg(roots, (lo + {}u) << {}u);",
                    rho << s,
                    r_max - 1 - s - tau
                ));
            }
            for i in 0..gg {
                if i & half != 0 {
                    continue;
                }
                let tw = format!("w{tau}_{}", i % half);
                butterfly(w, &format!("a{i}"), &format!("a{}", i + half), Some(&tw));
            }
        }
        for i in 0..gg {
            if last {
                output(w, plan, f, &format!("a{i}"), &pos(i), scale_out);
            } else {
                w.line(format!(
                    "fe_sts(u, {}, {stride}u, a{i});",
                    slot(&pos(i), sb, c)
                ));
            }
        }
        if sets > 1 {
            w.close();
        }
        w.close();
        s += g;
    }
    w.close();
    w.blank();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::PrimeField;
    use crate::ntt::plan::NttOptions;

    /// The PTX variant is one asm statement per CIOS row (BN254, 32-bit limbs: 26 operands).
    #[test]
    fn ptx_variant_has_one_asm_per_row() {
        let f = PrimeField::preset("bn254-fr").unwrap();
        let opts = NttOptions {
            arith: crate::ntt::plan::ArithChoice::Ptx,
            ..NttOptions::default()
        };
        let plan =
            NttPlan::with_options(&f, LimbBits::B32, 12, Variant::Fused, false, opts).unwrap();
        let src = generate(&plan, &Schedule::for_plan(&plan)).source;
        let mul = &src[src.find("inline fe fe_mul").unwrap()..];
        let mul = &mul[..mul.find("\n}\n").unwrap()];
        assert_eq!(mul.matches("asm volatile(").count(), 8 + 1, "{mul}");
        assert!(mul.contains("\"madc.hi.cc.u32 "));
        assert!(
            !src.contains("MADLOC_CC("),
            "no portable macros in the PTX variant"
        );
    }
}
