//! OpenCL C for FFTs over Z/pZ, p = r^k + 1, generated per (r, k) on the transposed layout
//! (digit c of element i at i + c·stride, one 64-bit word per base-r digit).
//!
//! Field helpers (add, sub, multiply by r^s, general multiplication), the shift-only DFT_R
//! expanded with the six-step formula into layers of DFT2s and shifts (for R = 16 the seeds'
//! eight steps), twiddle, scale and digit-reversal kernels, and element-wise test kernels.

pub mod field;

use crate::clgen::{GeneratedProgram, OpCounts, Writer};
use crate::gfp::dft::{dft_program, DftProgram, Layer};
use crate::gfp::field::GfpField;
use crate::gfp::plan::{GfpPlan, Stage};
use field::field_helpers;
use rug::Integer;

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
/// Name of the twiddle kernel after stage `s`.
pub fn twiddle_kernel_name(s: usize) -> String {
    format!("gfp_twiddle_stage{s}")
}
/// Name of the kernel that permutes the output into natural order.
pub const PERMUTE_KERNEL: &str = "gfp_digit_reverse";
/// Name of the kernel that scales by 1/N (inverse only).
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

/// Element-wise kernels for testing the field helpers on a device, one per name in `ops`:
/// `gfp_op_{add,sub,mul}` (z = x op y) and `gfp_op_shift` (z = x · r^s\[i\]); n elements in
/// the transposed layout. Unknown names are ignored.
pub fn generate_ops(f: &GfpField, ops: &[&str]) -> GeneratedProgram {
    let mut w = Writer::new();
    w.comment(format!(
        "jitfft: element-wise Z/pZ test kernels, p = {}^{} + 1.",
        f.r, f.k
    ));
    w.raw(&field_helpers(f));
    let mut kernels = Vec::new();
    for op in ["add", "sub", "mul"]
        .into_iter()
        .filter(|o| ops.contains(o))
    {
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
    if ops.contains(&"shift") {
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
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}
