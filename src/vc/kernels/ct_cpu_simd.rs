//! CPU-shaped Cooley-Tukey kernels with SIMD over the lanes (issue 36): a work-item's L
//! butterflies (L = 2, 4, 8) sit in the L slots of OpenCL vectors, real parts in `.lo`, imaginary
//! parts in `.hi` (`cvecL` = `real{2L}`), so every add and literal multiply of the codelet is one
//! vector operation across the independent butterflies.
//!
//! The scalar lane kernel ([`ct_cpu`](super::ct_cpu)) copies the lanes into a private array and
//! runs the codelet lane by lane: PoCL and Intel's runtime keep it scalar (the CT index
//! arithmetic is not affine in the local id), 32 % of the copy rate on PoCL. Here a row's L
//! consecutive values are one `vload{2L}` (a whole 64-byte line for f32 with L = 8), split into
//! planes by one shuffle, and stored back the same way. The codelet text is the GPU one with
//! `real2` read as `cvecL`, `.x` as `.lo` and `.y` as `.hi`: ±i rotations become plane swaps.

use super::ct_cg::{emit_codelets, VcKernelSpec};
use crate::clgen::{real_literal, GeneratedProgram, Writer};
use crate::transform::Precision;
use crate::vc::kernel_spec::Values;

pub use crate::vc::plan::vector_lanes;

/// The vector type of a kernel's `lanes` slots: split-plane complex or plain real.
fn vec_type(values: Values, lanes: u64) -> String {
    match values {
        Values::Complex => format!("cvec{lanes}"),
        Values::Real => format!("rvec{lanes}"),
    }
}

/// The OpenCL type of one element of the data.
fn element(values: Values) -> &'static str {
    match values {
        Values::Complex => "real2",
        Values::Real => "real",
    }
}

/// The types and load/store helpers of `lanes`-slot vectors of `values` (emitted once a
/// program).
pub(super) fn emit_types(
    w: &mut Writer,
    precision: Precision,
    lanes: u32,
    wide_index: bool,
    values: Values,
) {
    if values == Values::Real {
        return emit_real_types(w, precision, lanes, wide_index);
    }
    let f64p = precision == Precision::F64;
    let idx = format!("{}{lanes}", if wide_index { "ulong" } else { "uint" });
    let (real, mask) = if f64p {
        ("double", "ulong")
    } else {
        ("float", "uint")
    };
    let wide = 2 * lanes;
    let ty = format!("cvec{lanes}");
    // Interleaved (re, im) pairs -> planes, and back.
    let split: Vec<String> = (0..lanes)
        .map(|l| (2 * l).to_string())
        .chain((0..lanes).map(|l| (2 * l + 1).to_string()))
        .collect();
    let join: Vec<String> = (0..lanes)
        .flat_map(|l| [l.to_string(), (l + lanes).to_string()])
        .collect();
    w.blank();
    w.comment(format!(
        "{lanes} complex values in split planes: real parts in .lo, imaginary parts in .hi, one butterfly a slot."
    ));
    w.line(format!("typedef {real}{wide} {ty};"));
    w.blank();
    w.comment(format!(
        "{lanes} consecutive complex values from p (one vload, one shuffle into planes)."
    ));
    w.open(format!("inline {ty} load_{ty}(__global const real2 *p)"));
    w.line(format!(
        "return shuffle(vload{wide}(0, (__global const real *)p), ({mask}{wide})({}));",
        split.join(", ")
    ));
    w.close();
    w.blank();
    w.comment(format!(
        "Stores the {lanes} complex values of v at p (planes back to (re, im) pairs)."
    ));
    w.open(format!("inline void store_{ty}({ty} v, __global real2 *p)"));
    w.line(format!(
        "vstore{wide}(shuffle(v, ({mask}{wide})({})), 0, (__global real *)p);",
        join.join(", ")
    ));
    w.close();
    emit_gather(w, &ty, &idx, lanes);
    emit_rows_helpers(w, &ty, lanes);
    let _ = w.take_counts();
}

/// [`emit_types`] for real values: `rvecL` = `realL`, loads and stores one `vloadL` /
/// `vstoreL`, gathers element by element.
fn emit_real_types(w: &mut Writer, precision: Precision, lanes: u32, wide_index: bool) {
    let real = if precision == Precision::F64 {
        "double"
    } else {
        "float"
    };
    let idx = format!("{}{lanes}", if wide_index { "ulong" } else { "uint" });
    let ty = format!("rvec{lanes}");
    let slots: Vec<String> = (0..lanes).map(|l| format!("s{l:x}")).collect();
    let each = |f: &dyn Fn(&str, u32) -> String| -> Vec<String> {
        slots.iter().zip(0..).map(|(sl, l)| f(sl, l)).collect()
    };
    w.blank();
    w.comment(format!("{lanes} real values, one butterfly a slot."));
    w.line(format!("typedef {real}{lanes} {ty};"));
    w.line(format!(
        "inline {ty} load_{ty}(__global const real *p) {{ return vload{lanes}(0, p); }}"
    ));
    w.line(format!(
        "inline void store_{ty}({ty} v, __global real *p) {{ vstore{lanes}(v, 0, p); }}"
    ));
    w.comment("p[i.s0], p[i.s1], ... and back; p[l*r] for l < lanes and back.");
    w.line(format!(
        "inline {ty} gather_{ty}(__global const real *p, {idx} i) {{ return ({ty})({}); }}",
        each(&|sl, _| format!("p[i.{sl}]")).join(", ")
    ));
    w.open(format!(
        "inline void scatter_{ty}({ty} v, __global real *p, {idx} i)"
    ));
    for line in each(&|sl, _| format!("p[i.{sl}] = v.{sl};")) {
        w.line(line);
    }
    w.close();
    w.line(format!(
        "inline {ty} rows_{ty}(__global const real *p, const uint r) {{ return ({ty})({}); }}",
        each(&|_, l| format!("p[{l}u * r]")).join(", ")
    ));
    w.open(format!(
        "inline void unrows_{ty}({ty} v, __global real *p, const uint r)"
    ));
    for line in each(&|sl, l| format!("p[{l}u * r] = v.{sl};")) {
        w.line(line);
    }
    w.close();
    let _ = w.take_counts();
}

/// Loads and stores of `lanes` butterflies whose r operands are r consecutive values each, the
/// butterflies one after another (CT at dist 1, CG's reads): the work-item's block of
/// lanes · r values is read whole, slot l of row j being p[l·r + j] (the transpose of the
/// block, constant offsets once inlined with the literal r).
fn emit_rows_helpers(w: &mut Writer, ty: &str, lanes: u32) {
    w.blank();
    w.comment(format!(
        "Slot l = p[l*r] for l < {lanes}: one operand of {lanes} consecutive butterflies whose operands are consecutive."
    ));
    w.open(format!(
        "inline {ty} rows_{ty}(__global const real2 *p, const uint r)"
    ));
    return_planes(w, ty, lanes, |l| format!("p[{l}u * r]"));
    w.close();
    w.blank();
    w.comment("Stores slot l of v at p[l*r] (the inverse of rows_).");
    w.open(format!(
        "inline void unrows_{ty}({ty} v, __global real2 *p, const uint r)"
    ));
    for l in 0..lanes {
        w.line(format!("p[{l}u * r] = (real2)(v.lo.s{l:x}, v.hi.s{l:x});"));
    }
    w.close();
}

/// `return (ty)(…);` of the `lanes` complex values `value(l)` in planes: the real parts, then
/// the imaginary parts.
fn return_planes(w: &mut Writer, ty: &str, lanes: u32, value: impl Fn(u32) -> String) {
    let part = |c: &str| {
        let v: Vec<String> = (0..lanes).map(|l| format!("{}.{c}", value(l))).collect();
        v.join(", ")
    };
    w.line(format!("return ({ty})({}, {});", part("x"), part("y")));
}

/// Gather and scatter of `lanes` complex values at positions `i` (lanes whose butterflies are
/// not on consecutive positions: a block of `dist` ends among them, or dist < lanes).
fn emit_gather(w: &mut Writer, ty: &str, idx: &str, lanes: u32) {
    let slots: Vec<String> = (0..lanes).map(|l| format!("s{l:x}")).collect();
    w.blank();
    w.comment(format!(
        "The {lanes} complex values p[i.s0], p[i.s1], ... in planes."
    ));
    w.open(format!(
        "inline {ty} gather_{ty}(__global const real2 *p, {idx} i)"
    ));
    for (l, sl) in slots.iter().enumerate() {
        w.line(format!("const real2 a{l} = p[i.{sl}];"));
    }
    return_planes(w, ty, lanes, |l| format!("a{l}"));
    w.close();
    w.blank();
    w.comment("Stores slot l of v at p[i.sl].");
    w.open(format!(
        "inline void scatter_{ty}({ty} v, __global real2 *p, {idx} i)"
    ));
    for sl in &slots {
        w.line(format!("p[i.{sl}] = (real2)(v.lo.{sl}, v.hi.{sl});"));
    }
    w.close();
}

/// The program of CPU-shaped CT kernels on real values ([`Values::Real`]: p = 2, literal
/// coefficients): the comment `header`, the scalar and index types, the vector helpers, each
/// kernel of `specs` once (all of one precision and lane count).
pub fn real_program(header: &str, specs: &[VcKernelSpec]) -> GeneratedProgram {
    let mut w = Writer::new();
    w.comment(header);
    let Some(first) = specs.first() else {
        return GeneratedProgram {
            source: w.finish(),
            kernels: Vec::new(),
        };
    };
    let wide = specs.iter().any(|s| s.wide_index);
    if first.precision == Precision::F64 {
        w.line("#pragma OPENCL EXTENSION cl_khr_fp64 : enable");
        w.line("typedef double real;");
    } else {
        w.line("typedef float real;");
    }
    w.line(if wide {
        "typedef ulong idx_t;"
    } else {
        "typedef uint idx_t;"
    });
    emit_types(&mut w, first.precision, first.lanes, wide, Values::Real);
    let mut kernels: Vec<(String, crate::clgen::OpCounts)> = Vec::new();
    for spec in specs {
        debug_assert!(spec.values == Values::Real && spec.p == 2 && spec.lanes == first.lanes);
        if kernels.iter().any(|(n, _)| *n == spec.name()) {
            continue;
        }
        w.blank();
        emit_kernel(&mut w, spec);
        kernels.push((spec.name(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

/// The CPU-shaped kernel of `s` with its lanes in vector slots (`vector_lanes(s.lanes)`).
pub(super) fn emit_kernel(w: &mut Writer, s: &VcKernelSpec) {
    let (r, v) = (s.radix(), s.lanes as u64);
    let ty = vec_type(s.values, v);
    let what = match s.values {
        Values::Complex => "VC transform".to_string(),
        Values::Real => "Walsh–Hadamard transform: the VC transform on real values".to_string(),
    };
    let text = format!(
        "{}: one radix-{r} pass of the {what} (p = {}, {} digit(s) per butterfly), CPU-shaped, SIMD over lanes.\n\
         y_i = sum_j W[i][j] x_j for i, j < {r}; coefficients folded in as literals: p-point codelets along each digit.\n\
         Cooley-Tukey, in place: each work-item computes the {v} butterflies at base + l, l < {v},\n\
         base = t % dist + r*dist*(t / dist), t = {v}*gid, butterfly l in slot l of {ty} vectors:\n\
         every operation below acts on {v} butterflies at once. Rows are read and written as whole\n\
         lines where the {v} butterflies are consecutive; at dist 1 their {v}*{r} values are one\n\
         block, read and written transposed (rows_); else gathered (a block of dist ends among\n\
         them, or dist < {v}; lanes past the last butterfly repeat it).",
        s.name(),
        s.p,
        s.digits
    );
    let text = match s.lane_digits {
        0 => text,
        d => format!(
            "{text}\nThen the {d} lowest digits inside each vector (dist = {v}: the lanes are \
             consecutive positions), so the pass is radix {}.",
            r << d
        ),
    };
    let params = format!(
        "__global {} *data, const idx_t dist, const idx_t count",
        element(s.values)
    );
    super::ct_cpu::emit_lane_head(w, s, text, &params, &["data"]);
    emit_rows(w, s, &ty, true);
    let xs: Vec<String> = (0..r).map(|j| format!("x{j}")).collect();
    let mut codelet = Writer::new();
    emit_codelets(&mut codelet, s, &xs);
    // One vector operation does the work of v scalar lanes (of half the reals where the
    // values are real).
    let mut counts = codelet.take_counts();
    if s.values == Values::Real {
        // p = 2's codelets only add and subtract: one real operation each.
        counts.real_add += counts.complex_add;
        counts.complex_add = 0;
    }
    for _ in 0..v {
        w.note(counts);
    }
    for line in vectorize(&codelet.finish(), &ty).lines() {
        w.line(line);
    }
    emit_lane_digits(w, s, &ty);
    emit_rows(w, s, &ty, false);
    w.close();
}

/// The `s.lane_digits` lowest digits of real values inside each lane vector (the lanes are
/// consecutive positions): for bit b, slot i and its partner i ^ 2^b become their sum (bit
/// clear) and difference (bit set), one shuffle and one select a vector.
fn emit_lane_digits(w: &mut Writer, s: &VcKernelSpec, ty: &str) {
    if s.lane_digits == 0 {
        return;
    }
    debug_assert!(s.values == Values::Real && s.p == 2 && 1u32 << s.lane_digits == s.lanes);
    let v = s.lanes;
    let (index, mask) = match s.precision {
        Precision::F64 => ("ulong", "long"),
        Precision::F32 => ("uint", "int"),
    };
    w.comment(format!(
        "The {} lowest digits, inside each vector: slots i and i ^ 2^b.",
        s.lane_digits
    ));
    for b in 0..s.lane_digits {
        let partner: Vec<String> = (0..v).map(|i| (i ^ (1 << b)).to_string()).collect();
        let high: Vec<&str> = (0..v)
            .map(|i| if i >> b & 1 == 1 { "-1" } else { "0" })
            .collect();
        w.line(format!(
            "const {index}{v} perm{b} = ({index}{v})({});",
            partner.join(", ")
        ));
        w.line(format!(
            "const {mask}{v} high{b} = ({mask}{v})({});",
            high.join(", ")
        ));
    }
    for j in 0..s.radix() {
        for b in 0..s.lane_digits {
            w.line(format!(
                "{{ const {ty} o = shuffle(x{j}, perm{b}); x{j} = select(x{j} + o, o - x{j}, high{b}); }}"
            ));
        }
    }
    w.note(crate::clgen::OpCounts {
        real_add: s.radix() * u64::from(s.lane_digits) * u64::from(v),
        ..Default::default()
    });
}

/// The loads (`load`) or stores of the r rows: whole lines where the work-item's lanes are
/// consecutive positions, else one gather/scatter per row.
fn emit_rows(w: &mut Writer, s: &VcKernelSpec, ty: &str, load: bool) {
    let (r, v) = (s.radix(), s.lanes as u64);
    let wide = if s.wide_index { "ulong" } else { "uint" };
    if load {
        let butterflies = s.len / r;
        w.comment(format!(
            "Butterflies t..t+{} of {butterflies}; on consecutive positions (one line a row) unless a block of dist ends among them.",
            v - 1
        ));
        w.line(format!("const idx_t t = g * {v}u;"));
        w.line(format!(
            "const idx_t base = t % dist + {r}u * dist * (t / dist);"
        ));
        w.line(format!(
            "const int line = t % dist + {v}u <= dist && t + {v}u <= {butterflies}u;"
        ));
        let lanes: Vec<String> = (0..v).map(|l| l.to_string()).collect();
        w.line(format!(
            "const {wide}{v} tl = min(({wide}{v})(t) + ({wide}{v})({}), ({wide}{v})({}u));",
            lanes.join(", "),
            butterflies - 1
        ));
        w.line(format!(
            "const {wide}{v} pos = line ? ({wide}{v})(0) : tl % dist + {r}u * dist * (tl / dist);"
        ));
        w.note_index(3, 1, 1);
        let xs: Vec<String> = (0..r).map(|j| format!("x{j}")).collect();
        w.line(format!("{ty} {};", xs.join(", ")));
    }
    w.open("if (line)");
    let scaled = match (load, s.scale) {
        (false, Some(scale)) => {
            format!(" * {}", real_literal(scale, s.precision == Precision::F64))
        }
        _ => String::new(),
    };
    for j in 0..r {
        w.line(match load {
            true => format!("x{j} = load_{ty}(data + base + {j}u * dist);"),
            false => format!("store_{ty}(x{j}{scaled}, data + base + {j}u * dist);"),
        });
    }
    w.note(crate::clgen::OpCounts {
        global_loads: if load { r } else { 0 },
        wide_loads: if load { r } else { 0 },
        global_stores: if load { 0 } else { r },
        wide_stores: if load { 0 } else { r },
        real_mul: match (scaled.is_empty(), s.values) {
            (true, _) => 0,
            (false, Values::Complex) => 2 * r * v,
            (false, Values::Real) => r * v,
        },
        ..Default::default()
    });
    w.close();
    // dist 1: the work-item's butterflies are its block's consecutive r-value rows.
    w.open(format!(
        "else if (dist == 1u && t + {v}u <= {}u)",
        s.len / r
    ));
    for j in 0..r {
        w.line(match load {
            true => format!("x{j} = rows_{ty}(data + base + {j}u, {r}u);"),
            false => format!("unrows_{ty}(x{j}{scaled}, data + base + {j}u, {r}u);"),
        });
    }
    w.close();
    w.open("else");
    for j in 0..r {
        w.line(match load {
            true => format!("x{j} = gather_{ty}(data + {j}u * dist, pos);"),
            false => format!("scatter_{ty}(x{j}{scaled}, data + {j}u * dist, pos);"),
        });
    }
    w.close();
}

/// The codelet text with complex scalars read as split-plane vectors: the identifier `real2`
/// becomes `ty`, the components `.x` / `.y` become the planes `.lo` / `.hi` (numbers and other
/// identifiers untouched).
pub(super) fn vectorize(text: &str, ty: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 8);
    let mut chars = text.char_indices().peekable();
    // Whether the last token was an identifier or `)` (a '.' after it is a component access),
    // and whether the current token follows such a '.'.
    let (mut operand, mut component) = (false, false);
    while let Some((i, c)) = chars.next() {
        if c.is_ascii_alphanumeric() || c == '_' {
            let mut end = i + c.len_utf8();
            while let Some(&(j, d)) = chars.peek() {
                if !(d.is_ascii_alphanumeric() || d == '_') {
                    break;
                }
                end = j + d.len_utf8();
                chars.next();
            }
            let word = &text[i..end];
            out.push_str(match (component, word) {
                (true, "x") => "lo",
                (true, "y") => "hi",
                (false, "real2") => ty,
                _ => word,
            });
            operand = !c.is_ascii_digit();
            component = false;
        } else {
            component = c == '.' && operand;
            operand = c == ')';
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::vectorize;

    #[test]
    fn components_become_planes_and_numbers_stay() {
        let t = "const real2 y1 = (real2)(a1.x + b1.y, a1.y - 0.5f * (b1).x); // 1.5e-3 x.y";
        assert_eq!(
            vectorize(t, "cvec8"),
            "const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - 0.5f * (b1).lo); // 1.5e-3 x.hi"
        );
        assert_eq!(vectorize("real2x = 1.0f*x;", "cvec4"), "real2x = 1.0f*x;");
    }
}
