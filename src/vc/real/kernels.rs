//! The OpenCL C of the real-input passes (one program a plan): the real DFT along the last
//! axis in each direction and the two moves between the rows layout (B, M, h) of numpy's half
//! spectrum and the bins-major layout (B, h, M) in which the complex passes treat each bin's
//! M = p^(n−1) values as one transform of a batch of B·h.

use super::RealPlan;
use crate::storage::{load, load_real, ptr_type, real_ptr_type, store, store_real};
use crate::transform::{root, Direction, Precision};
use std::fmt::Write;

/// The names of the program's kernels.
pub struct RealKernelNames {
    /// Forward first pass: p reals a row → h bins, bins-major.
    pub r2c: String,
    /// Inverse last pass: h bins (bins-major) → p reals a row.
    pub c2r: String,
    /// (B, h, M) → (B, M, h).
    pub to_rows: String,
    /// (B, M, h) → (B, h, M).
    pub to_bins: String,
}

/// The kernels' names for a plan: named after the variant (p, precision).
pub fn names(plan: &RealPlan) -> RealKernelNames {
    let v = match plan.storage {
        Some(h) => format!("p{}_{h}", plan.p),
        None => format!("p{}_{}", plan.p, plan.precision),
    };
    RealKernelNames {
        r2c: format!("rvc_r2c_{v}"),
        c2r: format!("rvc_c2r_{v}"),
        to_rows: format!("rvc_bins_to_rows_{v}"),
        to_bins: format!("rvc_rows_to_bins_{v}"),
    }
}

fn lit(x: f64, precision: Precision) -> String {
    match precision {
        Precision::F32 => format!("{:.9e}f", x as f32),
        Precision::F64 => format!("{x:.17e}"),
    }
}

/// ω^(s·t) for t < p as a `__constant` table of (cos, sin) pairs.
fn table(out: &mut String, name: &str, plan: &RealPlan, dir: Direction) {
    let _ = write!(out, "__constant real2 {name}[P] = {{");
    for t in 0..plan.p {
        let w = root(plan.p, t as u64, dir);
        let sep = if t == 0 { "" } else { "," };
        let _ = write!(
            out,
            "{sep}\n    (real2)({}, {})",
            lit(w.re, plan.precision),
            lit(w.im, plan.precision)
        );
    }
    out.push_str("\n};\n\n");
}

/// The program of `plan` (both directions' kernels; the plan's scale is built in).
pub fn source(plan: &RealPlan) -> String {
    let mut s = String::new();
    let (real, fp64) = match plan.precision {
        Precision::F32 => ("float", ""),
        Precision::F64 => ("double", "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n"),
    };
    let _ = write!(
        s,
        "// Real-input VC passes for p = {p} ({prec}): numpy's rfftn / irfftn along the last axis\n\
         // of (p,)*n arrays, h = p/2 + 1 bins; rows = B·M rows of p reals, M = p^(n-1) (here {m}):\n\
         // work-item (r, b) of an M × B range takes row g = b·M + r.\n\
         // The complex passes over the other n-1 digits run between them, bins-major (B, h, M).\n\
         {fp64}typedef {real} real;\ntypedef {real}2 real2;\n#define P {p}\n#define H {h}\n\
         #define SCALE {scale}\n\n",
        p = plan.p,
        prec = plan
            .storage
            .map_or_else(|| plan.precision.to_string(), |h| format!("f32 stored as {h}")),
        m = plan.rows_per_transform(),
        h = plan.half(),
        scale = lit(plan.scale(), plan.precision),
    );
    if let Some(h) = plan.storage {
        s.push_str("typedef ulong idx_t;\n");
        s.push_str(crate::storage::preamble_text(h));
        s.push_str(crate::storage::real_preamble_text(h));
        s.push('\n');
    }
    table(&mut s, "WF", plan, Direction::Forward);
    table(&mut s, "WI", plan, Direction::Inverse);
    kernels(&mut s, plan);
    s
}

/// The four kernels, their element accesses by the plan's storage.
fn kernels(s: &mut String, plan: &RealPlan) {
    let k = names(plan);
    let h = plan.storage;
    let (r, c) = (real_ptr_type(h), ptr_type(h));
    let _ = write!(
        s,
        "// Forward: the p reals of row g → its h bins, times SCALE, written bins-major.\n\
         __kernel void {r2c}(__global const {r}* x, __global {c}* y, ulong rows, ulong m) {{\n\
         \x20   ulong r = get_global_id(0), b = get_global_id(1);\n\
         \x20   if (r >= m) return;\n\
         \x20   ulong g = b * m + r;\n\
         {r2c_body}}}\n\n\
         // Inverse: the h bins of row g (bins-major) → its p reals, times SCALE; bins 1..(p-1)/2\n\
         // count twice (their conjugate partners), bin 0 and bin p/2 once, real part only.\n\
         __kernel void {c2r}(__global const {c}* y, __global {r}* x, ulong rows, ulong m) {{\n\
         \x20   ulong r = get_global_id(0), b = get_global_id(1);\n\
         \x20   if (r >= m) return;\n\
         \x20   ulong g = b * m + r;\n\
         {c2r_body}}}\n\n\
         // Bins-major (B, h, M) → numpy's rows (B, M, h).\n\
         __kernel void {to_rows}(__global const {c}* src, __global {c}* dst, ulong rows, ulong m) {{\n\
         \x20   ulong r = get_global_id(0), b = get_global_id(1);\n\
         \x20   if (r >= m) return;\n\
         \x20   ulong g = b * m + r;\n\
         \x20   for (int k = 0; k < H; k++) {to_rows_move};\n\
         }}\n\n\
         // numpy's rows (B, M, h) → bins-major (B, h, M).\n\
         __kernel void {to_bins}(__global const {c}* src, __global {c}* dst, ulong rows, ulong m) {{\n\
         \x20   ulong r = get_global_id(0), b = get_global_id(1);\n\
         \x20   if (r >= m) return;\n\
         \x20   ulong g = b * m + r;\n\
         \x20   for (int k = 0; k < H; k++) {to_bins_move};\n\
         }}\n",
        r2c = k.r2c,
        c2r = k.c2r,
        to_rows = k.to_rows,
        to_bins = k.to_bins,
        r2c_body = r2c_body(plan),
        c2r_body = c2r_body(plan),
        to_rows_move = store(h, "dst", "g * H + k", &load(h, "src", &bin("k"))),
        to_bins_move = store(h, "dst", &bin("k"), &load(h, "src", "g * H + k")),
    );
}

/// Bin `k` of row (b, r), bins-major.
fn bin(k: &str) -> String {
    format!("(b * H + {k}) * m + r")
}

/// The largest p whose real DFTs are written out term by term with literal twiddles (at most
/// p·h = 144 products a kernel); larger p loop over the `__constant` tables. Unrolled, a CPU
/// driver vectorises the pass across work-items; the loops' table lookups by a running index
/// kept PoCL's real pass at 5× a complex pass's time.
const UNROLL_P: u32 = 16;

/// `Σ coef·term` with zero coefficients dropped and ±1 written as a sign.
fn linear(terms: &[(f64, String)], precision: Precision) -> String {
    let mut e = String::new();
    for (c, t) in terms {
        if c.abs() < 1e-12 {
            continue;
        }
        match (e.is_empty(), *c < 0.0) {
            (true, true) => e.push('-'),
            (true, false) => {}
            (false, neg) => e.push_str(if neg { " - " } else { " + " }),
        }
        if (c.abs() - 1.0).abs() < 1e-15 {
            e.push_str(t);
        } else {
            let _ = write!(e, "{} * {t}", lit(c.abs(), precision));
        }
    }
    if e.is_empty() {
        e.push('0');
    }
    e
}

/// Forward body: row g's p reals → its h bins, times SCALE, bins-major.
fn r2c_body(plan: &RealPlan) -> String {
    let h = plan.storage;
    let mut s = String::new();
    if plan.p > UNROLL_P {
        let _ = write!(
            s,
            "\x20   real v[P];\n\
             \x20   for (int j = 0; j < P; j++) v[j] = {x_in};\n\
             \x20   for (int k = 0; k < H; k++) {{\n\
             \x20       real2 acc = (real2)(0, 0);\n\
             \x20       int t = 0;\n\
             \x20       for (int j = 0; j < P; j++) {{\n\
             \x20           acc += v[j] * WF[t];\n\
             \x20           t += k; if (t >= P) t -= P;\n\
             \x20       }}\n\
             \x20       {y_out};\n\
             \x20   }}\n",
            x_in = load_real(h, "x", "g * P + j"),
            y_out = store(h, "y", &bin("k"), "acc * SCALE"),
        );
        return s;
    }
    for j in 0..plan.p {
        let _ = writeln!(
            s,
            "    real v{j} = {};",
            load_real(h, "x", &format!("g * P + {j}"))
        );
    }
    for k in 0..plan.half() {
        let w = |j: u32| root(plan.p, u64::from(j) * k, Direction::Forward);
        let re: Vec<_> = (0..plan.p).map(|j| (w(j).re, format!("v{j}"))).collect();
        let im: Vec<_> = (0..plan.p).map(|j| (w(j).im, format!("v{j}"))).collect();
        let val = format!(
            "(real2)({}, {}) * SCALE",
            linear(&re, plan.precision),
            linear(&im, plan.precision)
        );
        let _ = writeln!(s, "    {};", store(h, "y", &bin(&k.to_string()), &val));
    }
    s
}

/// Inverse body: row g's h bins (bins-major) → its p reals, times SCALE; bins 1..(p-1)/2
/// count twice (their conjugate partners), bin 0 and bin p/2 once, real part only.
fn c2r_body(plan: &RealPlan) -> String {
    let h = plan.storage;
    let mut s = String::new();
    if plan.p > UNROLL_P {
        let _ = write!(
            s,
            "\x20   real2 z[H];\n\
             \x20   for (int k = 0; k < H; k++) {{\n\
             \x20       z[k] = {y_in};\n\
             \x20       if (k > 0 && 2 * k != P) z[k] *= (real)2;\n\
             \x20   }}\n\
             \x20   for (int j = 0; j < P; j++) {{\n\
             \x20       real acc = 0;\n\
             \x20       int t = 0;\n\
             \x20       for (int k = 0; k < H; k++) {{\n\
             \x20           acc += z[k].x * WI[t].x - z[k].y * WI[t].y;\n\
             \x20           t += j; if (t >= P) t -= P;\n\
             \x20       }}\n\
             \x20       {x_out};\n\
             \x20   }}\n",
            y_in = load(h, "y", &bin("k")),
            x_out = store_real(h, "x", "g * P + j", "acc * SCALE"),
        );
        return s;
    }
    for k in 0..plan.half() {
        let _ = writeln!(
            s,
            "    real2 z{k} = {};",
            load(h, "y", &bin(&k.to_string()))
        );
    }
    for j in 0..plan.p {
        let mut terms = Vec::new();
        for k in 0..plan.half() {
            let twice = if k > 0 && 2 * k != u64::from(plan.p) {
                2.0
            } else {
                1.0
            };
            let w = root(plan.p, u64::from(j) * k, Direction::Inverse);
            terms.push((twice * w.re, format!("z{k}.x")));
            terms.push((-twice * w.im, format!("z{k}.y")));
        }
        let val = format!("({}) * SCALE", linear(&terms, plan.precision));
        let _ = writeln!(
            s,
            "    {};",
            store_real(h, "x", &format!("g * P + {j}"), &val)
        );
    }
    s
}
