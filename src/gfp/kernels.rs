//! OpenCL C for FFTs over Z/pZ, p = r^k + 1, generated per (r, k) on the transposed layout
//! (digit c of element i at i + c·stride, one 64-bit word per base-r digit).
//!
//! Field helpers (add, sub, multiply by r^s, general multiplication), the shift-only DFT_R
//! expanded with the six-step formula into layers of DFT2s and shifts (for R = 16 the seeds'
//! eight steps), twiddle, scale and digit-reversal kernels, and element-wise test kernels.

use crate::clgen::{GeneratedProgram, OpCounts, Writer};
use crate::gfp::field::GfpField;
use crate::gfp::plan::{GfpPlan, Stage};
use rug::Integer;

/// One parallel step of a DFT_R on R slots.
#[derive(Debug, Clone, PartialEq)]
pub enum Layer {
    /// DFT2 on slot pairs (a, b): a ← a + b, b ← a − b.
    Butterflies(Vec<(usize, usize)>),
    /// Slot ← slot · r^s (s mod 2k; 0 means nothing to do).
    Shifts(Vec<(usize, u32)>),
}

/// DFT_R with ω = r^e as layers, plus the output map (output j is in slot `out[j]`).
#[derive(Debug, Clone, PartialEq)]
pub struct DftProgram {
    pub radix: usize,
    pub layers: Vec<Layer>,
    pub out: Vec<usize>,
}

/// Six-step expansion DFT_n = L^n_2 (I_{n/2} ⊗ DFT_2) L^n_{n/2} D^n_{2,n/2} (I_2 ⊗ DFT_{n/2})
/// L^n_2, applied symbolically: stride permutations only relabel slots, so what remains are
/// butterfly and shift layers (the two halves' sub-DFTs run side by side in the same layers).
fn expand(slots: &[usize], e: u32, big_k: u32, layers: &mut Vec<Vec<Layer>>) -> Vec<usize> {
    let n = slots.len();
    if n == 1 {
        return slots.to_vec();
    }
    if n == 2 {
        layers.push(vec![Layer::Butterflies(vec![(slots[0], slots[1])])]);
        return slots.to_vec();
    }
    // L^n_2: evens then odds.
    let top: Vec<usize> = slots.iter().step_by(2).copied().collect();
    let bot: Vec<usize> = slots.iter().skip(1).step_by(2).copied().collect();
    let mut lt = Vec::new();
    let mut lb = Vec::new();
    let t = expand(&top, (2 * e) % big_k, big_k, &mut lt);
    let b = expand(&bot, (2 * e) % big_k, big_k, &mut lb);
    for (x, y) in lt.into_iter().zip(lb) {
        layers.push(x.into_iter().chain(y).collect());
    }
    // D^n_{2,n/2}: bottom element i times ω^i.
    let shifts = b
        .iter()
        .enumerate()
        .map(|(i, &s)| (s, (e * i as u32) % big_k))
        .collect();
    layers.push(vec![Layer::Shifts(shifts)]);
    // L^n_{n/2}, I_{n/2} ⊗ DFT_2, L^n_2: pairs (t_j, b_j), outputs stay in their slots.
    let pairs = t.iter().zip(&b).map(|(&x, &y)| (x, y)).collect();
    layers.push(vec![Layer::Butterflies(pairs)]);
    t.into_iter().chain(b).collect()
}

fn merge(parts: Vec<Layer>) -> Layer {
    match parts.first() {
        Some(Layer::Butterflies(_)) => Layer::Butterflies(
            parts
                .into_iter()
                .flat_map(|l| match l {
                    Layer::Butterflies(v) => v,
                    Layer::Shifts(_) => Vec::new(),
                })
                .collect(),
        ),
        _ => Layer::Shifts(
            parts
                .into_iter()
                .flat_map(|l| match l {
                    Layer::Shifts(v) => v,
                    Layer::Butterflies(_) => Vec::new(),
                })
                .collect(),
        ),
    }
}

/// DFT_radix with ω = r^e (e an exponent mod K = 2k, r of order K).
pub fn dft_program(radix: usize, e: u32, big_k: u32) -> DftProgram {
    let slots: Vec<usize> = (0..radix).collect();
    let mut layers = Vec::new();
    let out = expand(&slots, e % big_k, big_k, &mut layers);
    DftProgram {
        radix,
        layers: layers.into_iter().map(merge).collect(),
        out,
    }
}

/// Runs a DftProgram on exact values (for tests: the layers must compute the DFT).
pub fn simulate(
    prog: &DftProgram,
    x: &[Integer],
    mul_pow_r: impl Fn(&Integer, u32) -> Integer,
    p: &Integer,
) -> Vec<Integer> {
    let mut v = x.to_vec();
    for l in &prog.layers {
        match l {
            Layer::Butterflies(pairs) => {
                for &(a, b) in pairs {
                    let s = Integer::from(&v[a] + &v[b]) % p;
                    let d = Integer::from(&v[a] - &v[b]).div_rem_euc(p.clone()).1;
                    v[a] = s;
                    v[b] = d;
                }
            }
            Layer::Shifts(sh) => {
                for &(a, s) in sh {
                    v[a] = mul_pow_r(&v[a], s);
                }
            }
        }
    }
    prog.out.iter().map(|&s| v[s].clone()).collect()
}

/// The field helpers for one (r, k): constants and unrolled digit arithmetic.
pub fn field_helpers(f: &GfpField) -> String {
    let k = f.k as usize;
    let r = f.r;
    let shift = r.leading_zeros();
    let d = r << shift;
    // v = floor((2^128 − 1)/d) − 2^64 (Möller–Granlund reciprocal of the normalised r).
    let v = (Integer::from(1) << 128u32) - 1u32;
    let v = (v / d) - (Integer::from(1) << 64u32);
    let v = v.to_u64().unwrap_or(0);
    let mut w = Writer::new();
    emit_header(&mut w, f, d, shift, v);
    emit_fold(&mut w, k);
    emit_add(&mut w, k);
    emit_sub(&mut w, k);
    emit_neg(&mut w, k);
    emit_shift_local(&mut w, k);
    emit_divr(&mut w, shift);
    emit_mul(&mut w, k);
    w.finish()
}

/// The element layout comment and the constants (r, k, normalised r and its reciprocal).
fn emit_header(w: &mut Writer, f: &GfpField, d: u64, shift: u32, v: u64) {
    let (r, k) = (f.r, f.k as usize);
    w.comment(format!(
        "Z/pZ with p = r^k + 1, r = {r}, k = {k}: an element is k base-r digits (one ulong each),\n\
         canonical digits < r, except p − 1 = r^k ≡ −1 stored as (0, …, 0, r)."
    ));
    w.line(format!("#define GFP_R {r}UL"));
    w.line(format!("#define GFP_K {k}"));
    w.line(format!(
        "#define GFP_RN {d}UL /* r << {shift}, normalised divisor */"
    ));
    w.line(format!(
        "#define GFP_RV {v}UL /* floor((2^128-1)/GFP_RN) - 2^64 */"
    ));
    w.blank();
}

/// `gfp_fold`: digits plus h·r^k (|h| ≤ 3) to canonical form.
fn emit_fold(w: &mut Writer, k: usize) {
    // fold: value = D + h·r^k ≡ D − h with |h| ≤ 3, to canonical form.
    w.comment("d[] (digits < r) plus h·r^k, |h| ≤ 3, to the canonical form of D − h mod p.");
    w.open("void gfp_fold(ulong *d, long h)");
    w.open("if (h > 0)");
    w.line("ulong b = (ulong)h;");
    for c in 0..k {
        w.line(format!(
            "{{ ulong lt = d[{c}] < b; d[{c}] = lt ? d[{c}] + (GFP_R - b) : d[{c}] - b; b = lt; }}"
        ));
    }
    w.line("h = b ? -1 : 0; /* a borrow out adds r^k: value ≡ D + 1 */");
    w.close();
    w.open("else if (h < 0)");
    w.line("ulong cy = (ulong)(-h);");
    for c in 0..k {
        w.line(format!(
            "{{ ulong ge = d[{c}] >= GFP_R - cy; d[{c}] = ge ? d[{c}] - (GFP_R - cy) : d[{c}] + cy; cy = ge; }}"
        ));
    }
    w.line("h = cy ? 1 : 0; /* a carry out removes r^k: value ≡ D − 1 */");
    w.close();
    w.open("if (h == 1)");
    let all = (0..k)
        .map(|c| format!("d[{c}]"))
        .collect::<Vec<_>>()
        .join(" | ");
    w.open(format!("if (({all}) == 0)"));
    w.line(format!("d[{}] = GFP_R; /* 0 − 1 = −1 */", k - 1));
    w.close();
    w.open("else");
    w.line("ulong b = 1;");
    for c in 0..k {
        w.line(format!(
            "{{ ulong lt = d[{c}] < b; d[{c}] = lt ? d[{c}] + (GFP_R - b) : d[{c}] - b; b = lt; }}"
        ));
    }
    w.close();
    w.close();
    w.open("else if (h == -1)");
    w.line("ulong cy = 1;");
    for c in 0..k {
        w.line(format!(
            "{{ ulong ge = d[{c}] >= GFP_R - cy; d[{c}] = ge ? d[{c}] - (GFP_R - cy) : d[{c}] + cy; cy = ge; }}"
        ));
    }
    w.line(format!(
        "if (cy) d[{}] = GFP_R; /* r^k − 1 + 1 = r^k = −1 */",
        k - 1
    ));
    w.close();
    w.close();
    w.blank();
}

/// `gfp_add`: z = x + y mod p.
fn emit_add(w: &mut Writer, k: usize) {
    w.comment("z = x + y mod p.");
    w.open("void gfp_add(ulong *z, const ulong *x, const ulong *y)");
    w.line(format!(
        "long hx = x[{0}] == GFP_R, hy = y[{0}] == GFP_R;",
        k - 1
    ));
    w.line("ulong cy = 0;");
    for c in 0..k {
        let (a, b) = if c == k - 1 {
            (
                format!("(hx ? 0UL : x[{c}])"),
                format!("(hy ? 0UL : y[{c}])"),
            )
        } else {
            (format!("x[{c}]"), format!("y[{c}]"))
        };
        w.line(format!(
            "{{ ulong a = {a}, b = {b}, lim = GFP_R - b - cy; ulong ge = a >= lim; z[{c}] = ge ? a - lim : a + b + cy; cy = ge; }}"
        ));
    }
    w.line("gfp_fold(z, (long)cy + hx + hy);");
    w.close();
    w.blank();
}

/// `gfp_sub`: z = x − y mod p.
fn emit_sub(w: &mut Writer, k: usize) {
    w.comment("z = x − y mod p.");
    w.open("void gfp_sub(ulong *z, const ulong *x, const ulong *y)");
    w.line(format!(
        "long hx = x[{0}] == GFP_R, hy = y[{0}] == GFP_R;",
        k - 1
    ));
    w.line("ulong bw = 0;");
    for c in 0..k {
        let (a, b) = if c == k - 1 {
            (
                format!("(hx ? 0UL : x[{c}])"),
                format!("(hy ? 0UL : y[{c}])"),
            )
        } else {
            (format!("x[{c}]"), format!("y[{c}]"))
        };
        w.line(format!(
            "{{ ulong a = {a}, b = {b}; ulong lt = a < b + bw; z[{c}] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }}"
        ));
    }
    w.line("gfp_fold(z, hx - hy - (long)bw);");
    w.close();
    w.blank();
}

/// `gfp_neg`: z = −x mod p.
fn emit_neg(w: &mut Writer, k: usize) {
    w.comment("z = −x mod p.");
    w.open("void gfp_neg(ulong *z, const ulong *x)");
    w.line("ulong zero[GFP_K];");
    for c in 0..k {
        w.line(format!("zero[{c}] = 0;"));
    }
    w.line("gfp_sub(z, zero, x);");
    w.close();
    w.blank();
}

/// `gfp_shift_local`: a digit shift (multiplication by a power of r) of a local-memory element.
fn emit_shift_local(w: &mut Writer, k: usize) {
    w.comment(
        "z = x · r^s, 0 ≤ s < 2k, x read from local memory with digit stride `st`: a cyclic\n\
         shift of the digits, the wrapped ones negated (r^k = −1), then normalised.",
    );
    w.open("void gfp_shift_local(ulong *z, __local const ulong *x, uint st, uint s)");
    w.line("uint neg = s >= GFP_K;");
    w.line("uint t = neg ? s - GFP_K : s;");
    w.line(format!("ulong hx = x[{}u * st] == GFP_R;", k - 1));
    w.line("neg ^= (uint)hx; /* x = −1: x·r^s = −r^s */");
    w.line("ulong bw = 0;");
    for c in 0..k {
        w.line(format!(
            "{{ uint src = ({c}u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; \
             ulong a = ({c}u >= t) ? v : 0UL, b = ({c}u < t) ? v : 0UL; if (hx && {c}u == t) a = 1; \
             ulong lt = a < b + bw; z[{c}] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }}"
        ));
    }
    w.line("gfp_fold(z, -(long)bw);");
    w.open("if (neg)");
    w.line("ulong y[GFP_K];");
    for c in 0..k {
        w.line(format!("y[{c}] = z[{c}];"));
    }
    w.line("gfp_neg(z, y);");
    w.close();
    w.close();
    w.blank();
}

/// `gfp_divr`: two-word division by r with the precomputed reciprocal.
fn emit_divr(w: &mut Writer, shift: u32) {
    w.comment(
        "(u1:u0) / r with u1 < r: quotient, remainder in *rem (Möller–Granlund 2-by-1 division\n\
         by the normalised divisor with a precomputed reciprocal).",
    );
    w.open("ulong gfp_divr(ulong u1, ulong u0, ulong *rem)");
    if shift > 0 {
        w.line(format!(
            "ulong n1 = (u1 << {shift}) | (u0 >> {}), n0 = u0 << {shift};",
            64 - shift
        ));
    } else {
        w.line("ulong n1 = u1, n0 = u0;");
    }
    w.line("ulong q0 = GFP_RV * n1, q1 = mul_hi(GFP_RV, n1);");
    w.line("ulong t0 = q0 + n0; q1 = q1 + n1 + (t0 < q0) + 1; q0 = t0;");
    w.line("ulong rr = n0 - q1 * GFP_RN;");
    w.line("if (rr > q0) { q1 -= 1; rr += GFP_RN; }");
    w.line("if (rr >= GFP_RN) { q1 += 1; rr -= GFP_RN; }");
    w.line(format!("*rem = rr >> {shift};"));
    w.line("return q1;");
    w.close();
    w.blank();
}

/// `gfp_mul`: z = x · y mod p by product scanning.
fn emit_mul(w: &mut Writer, k: usize) {
    w.comment(
        "z = x · y mod p: product scanning of the 2k − 1 digit columns (three-word accumulator,\n\
         64×64→128 products with mul_hi), carries in base r by division, then\n\
         low k digits − high k digits (r^k = −1).",
    );
    w.open("void gfp_mul(ulong *z, const ulong *x, const ulong *y)");
    w.line(format!(
        "ulong hx = x[{0}] == GFP_R, hy = y[{0}] == GFP_R;",
        k - 1
    ));
    w.line("ulong a[GFP_K], b[GFP_K], lo[GFP_K], hi[GFP_K];");
    for c in 0..k {
        if c == k - 1 {
            w.line(format!(
                "a[{c}] = hx ? 0UL : x[{c}]; b[{c}] = hy ? 0UL : y[{c}];"
            ));
        } else {
            w.line(format!("a[{c}] = x[{c}]; b[{c}] = y[{c}];"));
        }
    }
    w.line("ulong c0 = 0, c1 = 0, c2 = 0, rem;");
    for j in 0..(2 * k - 1) {
        let lo_i = j.saturating_sub(k - 1);
        let hi_i = j.min(k - 1);
        for i in lo_i..=hi_i {
            w.line(format!(
                "{{ ulong pl = a[{i}] * b[{}], ph = mul_hi(a[{i}], b[{}]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }}",
                j - i,
                j - i
            ));
        }
        let dst = if j < k {
            format!("lo[{j}]")
        } else {
            format!("hi[{}]", j - k)
        };
        w.line(format!(
            "{{ ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); {dst} = rem; c0 = q0; c1 = q1; c2 = 0; }}"
        ));
    }
    w.line(format!("hi[{}] = c0;", k - 1));
    w.line("ulong bw = 0;");
    for c in 0..k {
        w.line(format!(
            "{{ ulong lt = lo[{c}] < hi[{c}] + bw; z[{c}] = lt ? lo[{c}] + (GFP_R - hi[{c}] - bw) : lo[{c}] - hi[{c}] - bw; bw = lt; }}"
        ));
    }
    w.line("gfp_fold(z, -(long)bw);");
    w.open("if (hx | hy)");
    w.open("if (hx & hy)");
    for c in 0..k {
        w.line(format!("z[{c}] = {};", if c == 0 { 1 } else { 0 }));
    }
    w.close();
    w.line("else if (hx) gfp_neg(z, y);");
    w.line("else gfp_neg(z, x);");
    w.close();
    w.close();
    w.blank();
}

fn digits_literal(f: &GfpField, x: &Integer) -> String {
    f.to_digits(x)
        .iter()
        .map(|d| format!("{d}UL"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Per-kernel counts: global loads and stores of words, the rest is in the text.
fn io_counts(loads: u64, stores: u64) -> OpCounts {
    OpCounts {
        global_loads: loads,
        global_stores: stores,
        ..Default::default()
    }
}

/// Names of the kernels of a plan, in launch order per stage.
pub fn dft_kernel_name(plan: &GfpPlan, s: usize) -> String {
    let st = &plan.stages[s];
    format!(
        "gfp_dft{}_stage{s}_{}",
        st.radix,
        if plan.inverse { "inv" } else { "fwd" }
    )
}
pub fn twiddle_kernel_name(s: usize) -> String {
    format!("gfp_twiddle_stage{s}")
}
pub const PERMUTE_KERNEL: &str = "gfp_digit_reverse";
pub const SCALE_KERNEL: &str = "gfp_scale_inv_n";

fn emit_tables(w: &mut Writer, name: &str, prog: &DftProgram) {
    let half = prog.radix / 2;
    for (li, l) in prog.layers.iter().enumerate() {
        let mut a = vec![0usize; half];
        let mut b = vec![0usize; half];
        match l {
            Layer::Butterflies(p) => {
                for (t, &(x, y)) in p.iter().enumerate() {
                    a[t] = x;
                    b[t] = y;
                }
            }
            Layer::Shifts(sh) => {
                for (t, &(x, s)) in sh.iter().enumerate() {
                    a[t] = x;
                    b[t] = s as usize;
                }
            }
        }
        let j = |v: &[usize]| {
            v.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        w.line(format!(
            "__constant ushort {name}_l{li}a[{half}] = {{{}}};",
            j(&a)
        ));
        w.line(format!(
            "__constant ushort {name}_l{li}b[{half}] = {{{}}};",
            j(&b)
        ));
    }
    let o = prog
        .out
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    w.line(format!(
        "__constant ushort {name}_out[{}] = {{{o}}};",
        prog.radix
    ));
}

/// The DFT_R kernel of one stage: G instances per work-group, held in local memory.
fn emit_dft_kernel(w: &mut Writer, plan: &GfpPlan, s: usize, tables: &str, prog: &DftProgram) {
    let f = &plan.field;
    let st: Stage = plan.stages[s];
    let r = st.radix as u64;
    let g = st.group;
    let gr = g * r;
    let wg = gr / 2;
    let n = plan.n;
    let k = f.k as u64;
    let name = dft_kernel_name(plan, s);
    let e = plan.base_exponent(st.radix);
    w.comment(format!(
        "{name}: in place, for each block of {} elements and q < {}, DFT_{r} with ω = r^{e} of the\n\
         elements q + m·{} (m < {r}); six-step expansion into {} layers of DFT2s and shifts.\n\
         {g} DFTs per work-group of {wg} work-items, in local memory.",
        st.block,
        st.stride,
        st.stride,
        prog.layers.len()
    ));
    w.line(format!(
        "__kernel __attribute__((reqd_work_group_size({wg}, 1, 1)))"
    ));
    w.open(format!("void {name}(__global ulong *x)"));
    w.line(format!("__local ulong sm[{}];", k * gr));
    w.line("uint lid = get_local_id(0);");
    w.line("ulong grp = get_group_id(0);");
    let contiguous = st.stride < g;
    let emit_index = |w: &mut Writer| {
        if contiguous {
            // The group's G·R elements are one contiguous range of G/S whole blocks.
            w.line(format!("ulong idx = grp * {gr}UL + e;"));
            w.line(format!(
                "uint nn = e % {}u; uint m = nn / {}u; uint gl = (e / {}u) * {}u + nn % {}u;",
                st.block, st.stride, st.block, st.stride, st.stride
            ));
        } else {
            w.line(format!("uint m = e / {g}u, gl = e % {g}u;"));
            w.line(format!("ulong gi = grp * {g}UL + gl;"));
            w.line(format!(
                "ulong idx = (gi / {}UL) * {}UL + gi % {}UL + (ulong)m * {}UL;",
                st.stride, st.block, st.stride, st.stride
            ));
        }
    };
    w.comment("load: consecutive work-items read consecutive elements");
    w.open_loop("for (uint it = 0; it < 2; ++it)", 2);
    w.line(format!("uint e = lid + it * {wg}u;"));
    emit_index(w);
    w.open_loop("for (uint c = 0; c < GFP_K; ++c)", k);
    w.line(format!(
        "sm[c * {gr}u + m * {g}u + gl] = x[idx + (ulong)c * {n}UL];"
    ));
    w.note(io_counts(1, 0));
    w.close_loop();
    w.close_loop();
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.line(format!("uint t = lid / {g}u, gl = lid % {g}u;"));
    for (li, l) in prog.layers.iter().enumerate() {
        match l {
            Layer::Butterflies(_) => {
                w.open(format!("/* layer {li}: DFT2s */"));
                w.line(format!(
                    "uint sa = {tables}_l{li}a[t] * {g}u + gl, sb = {tables}_l{li}b[t] * {g}u + gl;"
                ));
                w.line("ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];");
                w.line(format!(
                    "for (uint c = 0; c < GFP_K; ++c) {{ xa[c] = sm[c * {gr}u + sa]; xb[c] = sm[c * {gr}u + sb]; }}"
                ));
                w.line("gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);");
                w.line(format!(
                    "for (uint c = 0; c < GFP_K; ++c) {{ sm[c * {gr}u + sa] = ya[c]; sm[c * {gr}u + sb] = yb[c]; }}"
                ));
                w.close();
            }
            Layer::Shifts(_) => {
                w.open(format!("/* layer {li}: multiplications by powers of r */"));
                w.line(format!(
                    "uint sa = {tables}_l{li}a[t] * {g}u + gl, sh = {tables}_l{li}b[t];"
                ));
                w.open("if (sh != 0)");
                w.line("ulong ya[GFP_K];");
                w.line(format!("gfp_shift_local(ya, sm + sa, {gr}u, sh);"));
                w.line(format!(
                    "for (uint c = 0; c < GFP_K; ++c) sm[c * {gr}u + sa] = ya[c];"
                ));
                w.close();
                w.close();
            }
        }
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    }
    w.comment("store output j from its slot");
    w.open_loop("for (uint it = 0; it < 2; ++it)", 2);
    w.line(format!("uint e = lid + it * {wg}u;"));
    emit_index(w);
    w.line(format!("uint slot = {tables}_out[m];"));
    w.open_loop("for (uint c = 0; c < GFP_K; ++c)", k);
    w.line(format!(
        "x[idx + (ulong)c * {n}UL] = sm[c * {gr}u + slot * {g}u + gl];"
    ));
    w.note(io_counts(0, 1));
    w.close_loop();
    w.close_loop();
    w.close();
    w.blank();
}

/// The whole FFT program of a plan.
pub fn generate(plan: &GfpPlan) -> GeneratedProgram {
    let f = &plan.field;
    let n = plan.n;
    let k = f.k as u64;
    let mut w = Writer::new();
    w.comment(format!(
        "jitfft: {} FFT of N = 2^{} over Z/pZ, p = {}^{} + 1 ({} bits), stages of radix {}.\n\
         Layout: digit c of element i at x[i + c·N].",
        if plan.inverse { "inverse" } else { "forward" },
        plan.log_n,
        f.r,
        f.k,
        f.bits,
        plan.radices_string()
    ));
    w.raw(&field_helpers(f));
    let _ = w.take_counts();
    let mut kernels = Vec::new();
    let mut emitted: Vec<u32> = Vec::new();
    for (s, st) in plan.stages.iter().enumerate() {
        let tables = format!(
            "gfp_dft{}_{}",
            st.radix,
            if plan.inverse { "inv" } else { "fwd" }
        );
        let prog = dft_program(st.radix as usize, plan.base_exponent(st.radix), f.big_k());
        if !emitted.contains(&st.radix) {
            emit_tables(&mut w, &tables, &prog);
            w.blank();
            emitted.push(st.radix);
        }
        emit_dft_kernel(&mut w, plan, s, &tables, &prog);
        kernels.push((dft_kernel_name(plan, s), w.take_counts()));
        if s + 1 < plan.stages.len() {
            let name = twiddle_kernel_name(s);
            w.comment(format!(
                "{name}: x[i] ·= ω_M^(m·q) for n = i mod M = q + m·S, M = {}, S = {}; the table\n\
                 holds the M powers in the same transposed layout.",
                st.block, st.stride
            ));
            w.open(format!(
                "__kernel void {name}(__global ulong *x, __global const ulong *tw)"
            ));
            w.line("ulong i = get_global_id(0);");
            w.line(format!("if (i >= {n}UL) return;"));
            w.line(format!("ulong nn = i & {}UL;", st.block - 1));
            w.line("ulong a[GFP_K], b[GFP_K], z[GFP_K];");
            w.line(format!(
                "for (uint c = 0; c < GFP_K; ++c) {{ a[c] = x[i + (ulong)c * {n}UL]; b[c] = tw[nn + (ulong)c * {}UL]; }}",
                st.block
            ));
            w.line("gfp_mul(z, a, b);");
            w.line(format!(
                "for (uint c = 0; c < GFP_K; ++c) x[i + (ulong)c * {n}UL] = z[c];"
            ));
            w.note(io_counts(2 * k, k));
            w.close();
            w.blank();
            kernels.push((name, w.take_counts()));
        }
    }
    w.comment(format!(
        "{PERMUTE_KERNEL}: y[f] = x[pos(f)], pos the mixed-radix digit reversal of the DIF stages."
    ));
    w.open(format!(
        "__kernel void {PERMUTE_KERNEL}(__global const ulong *x, __global ulong *y)"
    ));
    w.line("ulong f = get_global_id(0);");
    w.line(format!("if (f >= {n}UL) return;"));
    w.line("ulong rest = f, pos = 0;");
    for st in &plan.stages {
        w.line(format!(
            "pos += (rest % {}UL) * {}UL; rest /= {}UL;",
            st.radix, st.stride, st.radix
        ));
    }
    w.line(format!(
        "for (uint c = 0; c < GFP_K; ++c) y[f + (ulong)c * {n}UL] = x[pos + (ulong)c * {n}UL];"
    ));
    w.note(io_counts(k, k));
    w.close();
    w.blank();
    kernels.push((PERMUTE_KERNEL.to_string(), w.take_counts()));
    if plan.inverse {
        let ninv = f.inverse(&Integer::from(n)).unwrap_or_default();
        w.comment(format!("{SCALE_KERNEL}: x[i] ·= 1/N mod p (N = {n})."));
        w.open(format!("__kernel void {SCALE_KERNEL}(__global ulong *x)"));
        w.line("ulong i = get_global_id(0);");
        w.line(format!("if (i >= {n}UL) return;"));
        w.line(format!(
            "const ulong s[GFP_K] = {{{}}};",
            digits_literal(f, &ninv)
        ));
        w.line("ulong a[GFP_K], z[GFP_K];");
        w.line(format!(
            "for (uint c = 0; c < GFP_K; ++c) a[c] = x[i + (ulong)c * {n}UL];"
        ));
        w.line("gfp_mul(z, a, s);");
        w.line(format!(
            "for (uint c = 0; c < GFP_K; ++c) x[i + (ulong)c * {n}UL] = z[c];"
        ));
        w.note(io_counts(k, k));
        w.close();
        kernels.push((SCALE_KERNEL.to_string(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

/// Element-wise kernels for testing the field helpers on a device: z = x op y for
/// op ∈ {add, sub, mul}, z = x · r^s[i] for shift; n elements in the transposed layout.
pub fn generate_ops(f: &GfpField) -> GeneratedProgram {
    let mut w = Writer::new();
    w.comment(format!(
        "jitfft: element-wise Z/pZ test kernels, p = {}^{} + 1.",
        f.r, f.k
    ));
    w.raw(&field_helpers(f));
    let mut kernels = Vec::new();
    for op in ["add", "sub", "mul"] {
        let name = format!("gfp_op_{op}");
        w.comment(format!("{name}: z[i] = x[i] {op} y[i] mod p."));
        w.open(format!(
            "__kernel void {name}(__global const ulong *x, __global const ulong *y, __global ulong *z, ulong n)"
        ));
        w.line("ulong i = get_global_id(0);");
        w.line("if (i >= n) return;");
        w.line("ulong a[GFP_K], b[GFP_K], c_[GFP_K];");
        w.line("for (uint c = 0; c < GFP_K; ++c) { a[c] = x[i + c * n]; b[c] = y[i + c * n]; }");
        w.line(format!("gfp_{op}(c_, a, b);"));
        w.line("for (uint c = 0; c < GFP_K; ++c) z[i + c * n] = c_[c];");
        w.close();
        w.blank();
        kernels.push((name, w.take_counts()));
    }
    w.comment(
        "gfp_op_shift: z[i] = x[i] · r^s[i] mod p (via local memory, as in the DFT kernels).",
    );
    w.line("__kernel __attribute__((reqd_work_group_size(64, 1, 1)))");
    w.open(
        "void gfp_op_shift(__global const ulong *x, __global const uint *s, __global ulong *z, ulong n)",
    );
    w.line("__local ulong sm[64 * GFP_K];");
    w.line("ulong i = get_global_id(0); uint lid = get_local_id(0);");
    w.line("for (uint c = 0; c < GFP_K; ++c) sm[c * 64 + lid] = i < n ? x[i + c * n] : 0;");
    w.line("barrier(CLK_LOCAL_MEM_FENCE);");
    w.line("if (i >= n) return;");
    w.line("ulong a[GFP_K];");
    w.line("gfp_shift_local(a, sm + lid, 64, s[i]);");
    w.line("for (uint c = 0; c < GFP_K; ++c) z[i + c * n] = a[c];");
    w.close();
    kernels.push(("gfp_op_shift".to_string(), w.take_counts()));
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}
