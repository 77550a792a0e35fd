//! Prime-field arithmetic as OpenCL C, generated per modulus and limb width: `fe` (n limbs of
//! 32 or 64 bits, little-endian), add, sub, Montgomery multiplication (CIOS, fully unrolled,
//! p and n' folded in as literals) and conversion in and out of Montgomery form.
//!
//! 64-bit limbs use `mul_hi` on `ulong`; 32-bit limbs form 64-bit products in `ulong`.
//! Both give the same field element bit for bit once converted out of Montgomery form.

use super::writer::Writer;
use super::GeneratedProgram;
use crate::field::{LimbBits, MontParams};

fn ty(mp: &MontParams) -> &'static str {
    match mp.limb {
        LimbBits::B32 => "uint",
        LimbBits::B64 => "ulong",
    }
}

fn lit(mp: &MontParams, v: u64) -> String {
    match mp.limb {
        LimbBits::B32 => format!("0x{v:08x}U"),
        LimbBits::B64 => format!("0x{v:016x}UL"),
    }
}

/// `(c, t) = t + a·b + c` on limb variables (c and t are lvalues).
fn mac(w: &mut Writer, mp: &MontParams, t: &str, a: &str, b: &str, c: &str) {
    match mp.limb {
        LimbBits::B64 => {
            w.line(format!(
                "{{ ulong lo = {a} * {b}; ulong hi = mul_hi({a}, {b});"
            ));
            w.line(format!(
                "  lo += {t}; hi += (lo < {t}); lo += {c}; hi += (lo < {c}); {t} = lo; {c} = hi; }}"
            ));
        }
        LimbBits::B32 => {
            w.line(format!(
                "{{ ulong s = (ulong){a} * {b} + {t} + {c}; {t} = (uint)s; {c} = (uint)(s >> 32); }}"
            ));
        }
    }
}

/// Emits `fe` and its operations; call once at the top of a program.
pub fn emit_field(w: &mut Writer, mp: &MontParams) {
    let n = mp.limbs;
    let t = ty(mp);
    let wb = mp.limb.bits();
    w.comment(format!(
        "Field arithmetic modulo p = {} ({} bits),\n{n} limbs of {wb} bits (little-endian), Montgomery form with R = 2^{}, n' = -p^-1 mod 2^{wb} = {}.",
        mp.field.p,
        mp.field.bits(),
        wb * n as u32,
        mp.n_prime
    ));
    w.line(format!("typedef struct {{ {t} l[{n}]; }} fe;"));
    w.blank();
    let p: Vec<String> = mp.p_limbs.iter().map(|&v| lit(mp, v)).collect();

    // r ≥ p ? (r − p) : r, with `carry` forcing the subtraction.
    let emit_reduce = |w: &mut Writer, carry: &str| {
        w.line(format!("{t} br = 0; fe d;"));
        for (j, pj) in p.iter().enumerate() {
            w.line(format!(
                "{{ {t} x = r.l[{j}] - {pj}; {t} b1 = r.l[{j}] < {pj}; d.l[{j}] = x - br; br = b1 | (x < br); }}"
            ));
        }
        w.line(format!("const int use_d = ({carry}) | (br == 0);"));
        for j in 0..n {
            w.line(format!("r.l[{j}] = use_d ? d.l[{j}] : r.l[{j}];"));
        }
    };

    w.comment("a + b mod p (inputs < p).");
    w.open("inline fe fe_add(const fe a, const fe b)");
    w.line(format!("fe r; {t} c = 0;"));
    for j in 0..n {
        w.line(format!(
            "{{ {t} s = a.l[{j}] + b.l[{j}]; {t} c1 = s < a.l[{j}]; r.l[{j}] = s + c; c = c1 | (r.l[{j}] < s); }}"
        ));
    }
    emit_reduce(w, "c");
    w.line("return r;");
    w.close();
    w.blank();

    w.comment("a - b mod p (inputs < p).");
    w.open("inline fe fe_sub(const fe a, const fe b)");
    w.line(format!("fe r; {t} br = 0;"));
    for j in 0..n {
        w.line(format!(
            "{{ {t} x = a.l[{j}] - b.l[{j}]; {t} b1 = a.l[{j}] < b.l[{j}]; r.l[{j}] = x - br; br = b1 | (x < br); }}"
        ));
    }
    w.line(format!("const {t} mask = ({t})0 - br;"));
    w.line(format!("{t} c = 0;"));
    for (j, pj) in p.iter().enumerate() {
        w.line(format!(
            "{{ {t} pj = {pj} & mask; {t} s = r.l[{j}] + pj; {t} c1 = s < pj; r.l[{j}] = s + c; c = c1 | (r.l[{j}] < s); }}"
        ));
    }
    w.line("return r;");
    w.close();
    w.blank();

    w.comment("a * b * R^-1 mod p: Montgomery multiplication, CIOS, unrolled.");
    w.open("inline fe fe_mul(const fe a, const fe b)");
    let tv = |j: usize| format!("t{j}");
    let decl: Vec<String> = (0..=n).map(|j| format!("{} = 0", tv(j))).collect();
    w.line(format!("{t} {}, tc, c, m;", decl.join(", ")));
    for i in 0..n {
        w.line(format!(
            "// row {i}: t += a * b.l[{i}], then one reduction step"
        ));
        w.line("c = 0;");
        for j in 0..n {
            mac(
                w,
                mp,
                &tv(j),
                &format!("a.l[{j}]"),
                &format!("b.l[{i}]"),
                "c",
            );
        }
        w.line(format!("t{n} += c; tc = t{n} < c;"));
        w.line(format!("m = t0 * {};", lit(mp, mp.n_prime)));
        // t0 + m·p0 ≡ 0 mod 2^w: only its carry matters.
        match mp.limb {
            LimbBits::B64 => w.line(format!("c = mul_hi(m, {}) + (t0 != 0);", p[0])),
            LimbBits::B32 => w.line(format!("c = (uint)(((ulong)m * {} + t0) >> 32);", p[0])),
        }
        for (j, pj) in p.iter().enumerate().skip(1) {
            mac(w, mp, &tv(j), "m", pj, "c");
            w.line(format!("t{} = t{j};", j - 1));
        }
        w.line(format!(
            "t{} = t{n} + c; t{n} = tc + (t{} < c);",
            n - 1,
            n - 1
        ));
    }
    w.line("fe r;");
    for j in 0..n {
        w.line(format!("r.l[{j}] = t{j};"));
    }
    emit_reduce(w, &format!("t{n} != 0"));
    w.line("return r;");
    w.close();
    w.blank();

    let r2 = mp.limbs_of(&mp.r2);
    w.comment("x * R mod p: into Montgomery form (multiply by R^2).");
    w.open("inline fe fe_to_mont(const fe x)");
    w.line("fe r2;");
    for (j, v) in r2.iter().enumerate() {
        w.line(format!("r2.l[{j}] = {};", lit(mp, *v)));
    }
    w.line("return fe_mul(x, r2);");
    w.close();
    w.blank();
    w.comment("x * R^-1 mod p: out of Montgomery form (multiply by 1).");
    w.open("inline fe fe_from_mont(const fe x)");
    w.line("fe one;");
    for j in 0..n {
        w.line(format!("one.l[{j}] = {};", if j == 0 { "1" } else { "0" }));
    }
    w.line("return fe_mul(x, one);");
    w.close();
    w.blank();
}

/// A test program: for each pair (a, b) in standard form it writes five results in standard
/// form: a+b, a−b, a·b (all through Montgomery form), aR mod p, and a after the round trip.
pub fn field_ops_program(mp: &MontParams) -> GeneratedProgram {
    let mut w = Writer::new();
    w.comment("field_ops: a+b, a-b, a*b, to_mont(a), from_mont(to_mont(a)) for each pair (a, b).");
    emit_field(&mut w, mp);
    w.open("__kernel void field_ops(__global const fe* a, __global const fe* b, __global fe* out, const uint count)");
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= count) return;");
    w.line("const fe am = fe_to_mont(a[i]);");
    w.line("const fe bm = fe_to_mont(b[i]);");
    w.line("out[5 * i + 0] = fe_from_mont(fe_add(am, bm));");
    w.line("out[5 * i + 1] = fe_from_mont(fe_sub(am, bm));");
    w.line("out[5 * i + 2] = fe_from_mont(fe_mul(am, bm));");
    w.line("out[5 * i + 3] = am;");
    w.line("out[5 * i + 4] = fe_from_mont(am);");
    w.close();
    let counts = w.take_counts();
    GeneratedProgram {
        source: w.finish(),
        kernels: vec![("field_ops".into(), counts)],
    }
}
