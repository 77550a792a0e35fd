//! Field helpers for one (r, k) as OpenCL C: constants and unrolled digit arithmetic (fold,
//! add, sub, neg, shifts by powers of r, division by r, general multiplication).

use crate::clgen::Writer;
use crate::gfp::field::GfpField;
use rug::Integer;

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

/// Digit c of x and y in `gfp_add`/`gfp_sub`: the top digit reads 0 where the element is
/// p − 1 = (0, …, 0, r), whose top digit r the `hx`/`hy` flags carry instead.
fn digit_operands(c: usize, k: usize) -> (String, String) {
    if c == k - 1 {
        (
            format!("(hx ? 0UL : x[{c}])"),
            format!("(hy ? 0UL : y[{c}])"),
        )
    } else {
        (format!("x[{c}]"), format!("y[{c}]"))
    }
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
        let (a, b) = digit_operands(c, k);
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
        let (a, b) = digit_operands(c, k);
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
