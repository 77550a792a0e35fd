//! Prime-field arithmetic as OpenCL C, generated per modulus, limb width and options: `fe`
//! (n limbs of 32 or 64 bits, little-endian), add, sub, Montgomery multiplication (CIOS, fully
//! unrolled, p and n' folded in as immediates), reduction, conversion in and out of Montgomery
//! form.
//!
//! Every multi-word operation is written as carry chains of `carry_chain` primitives, emitted
//! either as portable C macros or as inline PTX (NVIDIA); both run the same instruction list.
//!
//! **CIOS row** (one per limb b_i of b), with T the running value in n (+1 without a spare bit)
//! words:
//! 1. T += lo(a_j·b_i) at word j (one chain, carry into word n),
//! 2. T += hi(a_j·b_i) at word j+1 (a second chain),
//! 3. m = T_0·n' mod 2^w,
//! 4. T += lo(m·p_j) at word j, then hi(m·p_j) at word j+1 (two chains), T_0 becomes 0,
//! 5. T /= 2^w (a renaming: no instruction).
//!
//! With T < A + p at the start of a row (a < A), T stays < A + p and the row's sum stays below
//! (A + p)·2^w: n+1 words when A + p ≤ 2^(wn) (one spare bit and A = p), n+2 otherwise.
//!
//! **Lazy reduction** (`FieldCfg::lazy`, only where 4p < R = 2^(wn)): values are kept in
//! [0, 2p). fe_mul of a, b < 2p gives (ab + Mp)/R < (4p² + Rp)/R < 2p without the final
//! subtraction; fe_add/fe_sub work modulo 2p; `fe_reduce` brings a value < 2p below p.

use super::carry_chain::{c_literal, emit_chain, emit_portable_macros, imm, v, Chain};
use crate::clgen::GeneratedProgram;
use crate::clgen::Writer;
use crate::field::arith::big_r;
use crate::field::{evenodd_ok, lazy_ok, Arith, FieldCfg, LimbBits, MontParams};
use rug::Integer;

/// 2p ≤ R: a value < 2p fits n words.
fn spare_bit(mp: &MontParams) -> bool {
    Integer::from(&mp.field.p * 2u32) <= big_r(mp)
}

fn ty(mp: &MontParams) -> &'static str {
    match mp.limb {
        LimbBits::B32 => "uint",
        LimbBits::B64 => "ulong",
    }
}

fn lit(mp: &MontParams, x: u64) -> String {
    c_literal(x, mp.limb.bits())
}

/// `const fe name = {{limbs}};` for a value (any representation) below 2^(wn).
pub fn fe_const(w: &mut Writer, mp: &MontParams, name: &str, x: &Integer) {
    let limbs: Vec<String> = mp.limbs_of(x).iter().map(|&l| lit(mp, l)).collect();
    w.line(format!("const fe {name} = {{{{ {} }}}};", limbs.join(", ")));
}

/// Per-function carry and cut variables of the chains.
fn chain_vars(w: &mut Writer, cfg: &FieldCfg) {
    if cfg.arith == Arith::Portable {
        w.line("limb_t _cf = 0;");
    }
    w.line("limb_t cy = 0;");
}

/// `r = (bo != 0) ? r : d` limb by limb (bo: all ones or a borrow word when r < K).
fn select(w: &mut Writer, n: usize, r: &str) {
    for j in 0..n {
        w.line(format!("{r}.l[{j}] = (bo != 0) ? {r}.l[{j}] : d{j};"));
    }
}

/// The chain of `d = r − K` (K = p or 2p as limbs) whose final borrow word `bo` is zero when
/// r ≥ K; `hi` is the word above r when r may exceed n words.
fn sub_k(ch: &mut Chain, r: &str, k: &[u64], hi: Option<&str>) {
    for (j, &kj) in k.iter().enumerate() {
        ch.sub(
            j > 0,
            true,
            &format!("d{j}"),
            v(format!("{r}.l[{j}]")),
            imm(kj),
        );
    }
    match hi {
        Some(h) => ch.sub(true, false, "bo", v(h), imm(0)),
        None => ch.sub(true, false, "bo", imm(0), imm(0)),
    }
}

/// Emits `limb_t`, `fe` and the operations; call once at the top of a program.
pub fn emit_field(w: &mut Writer, mp: &MontParams, cfg: &FieldCfg) {
    assert!(
        !cfg.lazy || lazy_ok(mp),
        "lazy reduction needs 4p < R (two spare bits)"
    );
    let n = mp.limbs;
    let t = ty(mp);
    let wb = mp.limb.bits();
    let spare = spare_bit(mp);
    w.comment(format!(
        "Field arithmetic modulo p = {} ({} bits),\n{n} limbs of {wb} bits (little-endian), Montgomery form with R = 2^{}, n' = -p^-1 mod 2^{wb} = {}.\nCarry chains: {}; {}.",
        mp.field.p,
        mp.field.bits(),
        wb * n as u32,
        mp.n_prime,
        match cfg.arith {
            Arith::Portable => "portable C macros",
            Arith::Ptx => "inline PTX (NVIDIA), one asm statement per chain segment",
        },
        if cfg.lazy {
            "lazy reduction: values in [0, 2p) between operations, fe_reduce gives [0, p)"
        } else {
            "values fully reduced to [0, p)"
        }
    ));
    w.line(format!("typedef {t} limb_t;"));
    w.line(format!("typedef struct {{ limb_t l[{n}]; }} fe;"));
    w.blank();
    if cfg.arith == Arith::Portable {
        emit_portable_macros(w, wb);
    }
    let p = mp.p_limbs.clone();
    let two_p = mp.limbs_of(&Integer::from(&mp.field.p * 2u32));
    let k = if cfg.lazy { two_p } else { p.clone() };
    let kname = if cfg.lazy { "2p" } else { "p" };
    let dvars: Vec<String> = (0..n).map(|j| format!("d{j} = 0")).collect();
    let dvars = dvars.join(", ");

    let ops = Ops {
        mp,
        cfg,
        n,
        wb,
        spare,
        p,
        k,
        kname,
        dvars,
    };
    ops.add(w);
    ops.sub(w);
    ops.reduce(w);
    // --- mul -------------------------------------------------------------------------------
    if evenodd_ok(mp) {
        emit_mul_evenodd(w, mp, cfg);
    } else {
        emit_mul(w, mp, cfg, spare);
    }

    ops.conversions(w);
}

/// What the add, sub, reduce and conversion emitters share: the limbs, the modulus K that
/// additions reduce by (p, or 2p with lazy reduction) and the zeroed digit declarations.
struct Ops<'a> {
    mp: &'a MontParams,
    cfg: &'a FieldCfg,
    n: usize,
    wb: u32,
    spare: bool,
    p: Vec<u64>,
    k: Vec<u64>,
    kname: &'static str,
    dvars: String,
}

impl Ops<'_> {
    /// `fe_add`: a + b mod K.
    fn add(&self, w: &mut Writer) {
        let Ops {
            cfg,
            n,
            wb,
            spare,
            ref k,
            kname,
            ref dvars,
            ..
        } = *self;
        // --- add -------------------------------------------------------------------------------
        // a + b < 2K: an extra word only when 2K > R (full reduction, no spare bit).
        let add_hi = !cfg.lazy && !spare;
        w.comment(format!(
            "a + b mod {kname} (inputs < {kname}): sum chain, then the sum minus {kname} where it is >= {kname}."
        ));
        w.open("static inline fe fe_add(const fe a, const fe b)");
        chain_vars(w, cfg);
        w.line(format!("fe r = a; limb_t bo = 0, hi = 0, {dvars};"));
        let mut ch = Chain::new();
        for j in 0..n {
            let rj = format!("r.l[{j}]");
            ch.add(
                j > 0,
                j + 1 < n || add_hi,
                &rj,
                v(&rj),
                v(format!("b.l[{j}]")),
            );
        }
        if add_hi {
            ch.add(true, false, "hi", imm(0), imm(0));
        }
        sub_k(&mut ch, "r", k, add_hi.then_some("hi"));
        emit_chain(w, &ch, cfg.arith, wb, "cy");
        select(w, n, "r");
        w.line("(void)hi; (void)cy;");
        w.line("return r;");
        w.close();
        w.blank();
    }

    /// `fe_sub`: a − b mod K.
    fn sub(&self, w: &mut Writer) {
        let Ops {
            cfg,
            n,
            wb,
            ref k,
            kname,
            ..
        } = *self;
        // --- sub -------------------------------------------------------------------------------
        w.comment(format!(
            "a - b mod {kname} (inputs < {kname}): difference chain, then + ({kname} & borrow mask)."
        ));
        w.open("static inline fe fe_sub(const fe a, const fe b)");
        chain_vars(w, cfg);
        w.line("fe r = a; limb_t bo = 0, q = 0;");
        let mut ch = Chain::new();
        for j in 0..n {
            let rj = format!("r.l[{j}]");
            ch.sub(j > 0, true, &rj, v(&rj), v(format!("b.l[{j}]")));
        }
        ch.sub(true, false, "bo", imm(0), imm(0));
        for (j, &kj) in k.iter().enumerate() {
            let rj = format!("r.l[{j}]");
            ch.and("q", v("bo"), imm(kj));
            ch.add(j > 0, j + 1 < n, &rj, v(&rj), v("q"));
        }
        emit_chain(w, &ch, cfg.arith, wb, "cy");
        w.line("(void)cy;");
        w.line("return r;");
        w.close();
        w.blank();
    }

    /// `fe_reduce`: x mod p for x < 2p.
    fn reduce(&self, w: &mut Writer) {
        let Ops {
            cfg,
            n,
            wb,
            ref p,
            ref dvars,
            ..
        } = *self;
        // --- reduce ----------------------------------------------------------------------------
        w.comment("x mod p for x < 2p (the identity on fully reduced values).");
        w.open("static inline fe fe_reduce(const fe x)");
        chain_vars(w, cfg);
        w.line(format!("fe r = x; limb_t bo = 0, {dvars};"));
        let mut ch = Chain::new();
        // x < 2p may need a word above n only without a spare bit, which lazy mode excludes and
        // full mode never produces (its values are < p already).
        sub_k(&mut ch, "r", p, None);
        emit_chain(w, &ch, cfg.arith, wb, "cy");
        select(w, n, "r");
        w.line("(void)cy;");
        w.line("return r;");
        w.close();
        w.blank();
    }

    /// `fe_to_mont` and `fe_from_mont`.
    fn conversions(&self, w: &mut Writer) {
        let Ops { mp, cfg, n, .. } = *self;
        let r2 = mp.limbs_of(&mp.r2);
        w.comment("x * R mod p: into Montgomery form (multiply by R^2).");
        w.open("static inline fe fe_to_mont(const fe x)");
        w.line("fe r2;");
        for (j, v) in r2.iter().enumerate() {
            w.line(format!("r2.l[{j}] = {};", lit(mp, *v)));
        }
        w.line("return fe_mul(x, r2);");
        w.close();
        w.blank();
        w.comment("x * R^-1 mod p: out of Montgomery form (multiply by 1), fully reduced.");
        w.open("static inline fe fe_from_mont(const fe x)");
        w.line("fe one;");
        for j in 0..n {
            w.line(format!("one.l[{j}] = {};", if j == 0 { "1" } else { "0" }));
        }
        if cfg.lazy {
            // (x + Mp)/R < (2p + Rp)/R < p + 1: at most p, which fe_reduce maps to 0.
            w.line("return fe_reduce(fe_mul(x, one));");
        } else {
            w.line("return fe_mul(x, one);");
        }
        w.close();
        w.blank();
    }
}

/// How far a multiplication's result is reduced, for the comment above it.
fn result_bound(cfg: &FieldCfg) -> &'static str {
    if cfg.lazy {
        " Result < 2p (lazy: no final subtraction)."
    } else {
        " Result < p (final conditional subtraction)."
    }
}

/// Montgomery multiplication with two accumulators (n even, 4p < R), T = E + O·2^w:
/// E collects the products a_j·b_i, p_j·m of even j as whole double words (lo at word j, hi
/// at word j+1: a mad.lo/madc.hi pair on adjacent words, which the GPU does as one wide
/// multiply-add), O those of odd j, one word down. Dividing by 2^w swaps the roles: the new E
/// is O plus E's word 1, the new O is E shifted down two words, and both absorb the next
/// row's products in the same chains. Every partial sum of O stays below
/// 2^(w(n−2)) + a + p + 2·2^(w(n−1)) < 2^(wn) (a < 2p, 4p < R), so O's chains need no
/// carry out; E's carry out goes to O's top word.
fn emit_mul_evenodd(w: &mut Writer, mp: &MontParams, cfg: &FieldCfg) {
    let n = mp.limbs;
    let wb = mp.limb.bits();
    let p = &mp.p_limbs;
    w.comment(format!(
        "a * b * R^-1 mod p: Montgomery multiplication, {n} rows, two accumulators E (x*) and O (y*)\nwith T = E + O*2^{wb}: products of even limbs go to E as double words, those of odd limbs to O;\nafter each row E and O swap roles (the division by 2^{wb}).{}",
        result_bound(cfg)
    ));
    w.open("static inline fe fe_mul(const fe a, const fe b)");
    chain_vars(w, cfg);
    let xs: Vec<String> = (0..n).map(|j| format!("x{j} = 0")).collect();
    let ys: Vec<String> = (0..n).map(|j| format!("y{j} = 0")).collect();
    w.line(format!(
        "limb_t {}, {}, m = 0;",
        xs.join(", "),
        ys.join(", ")
    ));
    let a = |j: usize| v(format!("a.l[{j}]"));
    // (E, O) array names in row i: x/y in even rows, y/x in odd rows.
    let names = |i: usize| if i % 2 == 0 { ("x", "y") } else { ("y", "x") };
    for i in 0..n {
        let (e, o) = names(i);
        let ev = |j: usize| format!("{e}{j}");
        let od = |j: usize| format!("{o}{j}");
        let bi = v(format!("b.l[{i}]"));
        let mut ch = Chain::new();
        if i == 0 {
            for j in (0..n).step_by(2) {
                ch.mul_lo(&ev(j), a(j), bi.clone());
                ch.mad_hi(false, false, &ev(j + 1), a(j), bi.clone(), imm(0));
                ch.mul_lo(&od(j), a(j + 1), bi.clone());
                ch.mad_hi(false, false, &od(j + 1), a(j + 1), bi.clone(), imm(0));
            }
        } else {
            // E (this row) is the previous O; O is the previous E, here moved down two words
            // while it takes the odd products, after its word 1 went into E's word 0.
            ch.add(false, true, &ev(0), v(ev(0)), v(od(1)));
            for j in (0..n).step_by(2) {
                let (c0, c1) = if j + 2 < n {
                    (v(od(j + 2)), v(od(j + 3)))
                } else {
                    (imm(0), imm(0))
                };
                ch.mad_lo(true, true, &od(j), a(j + 1), bi.clone(), c0);
                ch.mad_hi(true, j + 2 < n, &od(j + 1), a(j + 1), bi.clone(), c1);
            }
            for j in (0..n).step_by(2) {
                ch.mad_lo(j > 0, true, &ev(j), a(j), bi.clone(), v(ev(j)));
                ch.mad_hi(true, true, &ev(j + 1), a(j), bi.clone(), v(ev(j + 1)));
            }
            ch.add(true, false, &od(n - 1), v(od(n - 1)), imm(0));
        }
        // m = T_0 n' (O has no word 0 of T), then T += m p in the same two shapes.
        ch.mul_lo("m", v(ev(0)), imm(mp.n_prime));
        for j in (0..n).step_by(2) {
            ch.mad_lo(j > 0, true, &od(j), v("m"), imm(p[j + 1]), v(od(j)));
            ch.mad_hi(
                true,
                j + 2 < n,
                &od(j + 1),
                v("m"),
                imm(p[j + 1]),
                v(od(j + 1)),
            );
        }
        for j in (0..n).step_by(2) {
            ch.mad_lo(j > 0, true, &ev(j), v("m"), imm(p[j]), v(ev(j)));
            ch.mad_hi(true, true, &ev(j + 1), v("m"), imm(p[j]), v(ev(j + 1)));
        }
        ch.add(true, false, &od(n - 1), v(od(n - 1)), imm(0));
        w.line(format!(
            "// row {i}: T = T/2^{wb} + a*b.l[{i}] + m*p, E = {e}*, O = {o}*"
        ));
        emit_chain(w, &ch, cfg.arith, wb, "cy");
    }
    // Result: E/2^w + O (E's word 0 is zero).
    let (e, o) = names(n - 1);
    let mut ch = Chain::new();
    for k in 0..n {
        let ok = format!("{o}{k}");
        let b = if k + 1 < n {
            v(format!("{e}{}", k + 1))
        } else {
            imm(0)
        };
        ch.add(k > 0, k + 1 < n, &ok, v(&ok), b);
    }
    w.line(format!("// T / 2^{wb} = E/2^{wb} + O"));
    emit_chain(w, &ch, cfg.arith, wb, "cy");
    w.line("fe r;");
    for j in 0..n {
        w.line(format!("r.l[{j}] = {o}{j};"));
    }
    if !cfg.lazy {
        let dvars: Vec<String> = (0..n).map(|j| format!("d{j} = 0")).collect();
        w.line(format!("limb_t bo = 0, {};", dvars.join(", ")));
        let mut ch = Chain::new();
        sub_k(&mut ch, "r", p, None);
        w.line("// r = T - p where T >= p");
        emit_chain(w, &ch, cfg.arith, wb, "cy");
        select(w, n, "r");
    }
    w.line("(void)cy; (void)m;");
    w.line("return r;");
    w.close();
    w.blank();
}

fn emit_mul(w: &mut Writer, mp: &MontParams, cfg: &FieldCfg, spare: bool) {
    let n = mp.limbs;
    let wb = mp.limb.bits();
    let p = &mp.p_limbs;
    // Physical words of T: n + 1 with a spare bit, n + 2 without.
    let x = usize::from(!spare);
    let words = n + 1 + x;
    w.comment(format!(
        "a * b * R^-1 mod p: Montgomery multiplication, CIOS, {n} rows of four carry chains\n(lo and hi halves of a*b_i, then of m*p with m = t0*n'); T in {words} words t*, renamed\n(not moved) after each row.{}",
        result_bound(cfg)
    ));
    w.open("static inline fe fe_mul(const fe a, const fe b)");
    chain_vars(w, cfg);
    let tv: Vec<String> = (0..words).map(|j| format!("t{j} = 0")).collect();
    w.line(format!("limb_t {}, m = 0;", tv.join(", ")));
    for i in 0..n {
        // Logical word j of T in row i lives in t[(j + i) mod words].
        let tn = |j: usize| format!("t{}", (j + i) % words);
        let bi = v(format!("b.l[{i}]"));
        let a = |j: usize| v(format!("a.l[{j}]"));
        let mut ch = Chain::new();
        // 1. T += lo(a_j b_i)
        if i == 0 {
            for j in 0..n {
                ch.mul_lo(&tn(j), a(j), bi.clone());
            }
        } else {
            for j in 0..n {
                ch.mad_lo(j > 0, true, &tn(j), a(j), bi.clone(), v(tn(j)));
            }
            if spare {
                ch.add(true, false, &tn(n), imm(0), imm(0));
            } else {
                ch.add(true, true, &tn(n), v(tn(n)), imm(0));
                ch.add(true, false, &tn(n + 1), imm(0), imm(0));
            }
        }
        // 2. T += hi(a_j b_i) << w
        for j in 0..n {
            let dst = tn(j + 1);
            let c = if i == 0 && j + 1 == n {
                imm(0)
            } else {
                v(&dst)
            };
            ch.mad_hi(j > 0, j + 1 < n || !spare, &dst, a(j), bi.clone(), c);
        }
        if !spare {
            let top = tn(n + 1);
            let c = if i == 0 { imm(0) } else { v(&top) };
            ch.add(true, false, &top, c, imm(0));
        }
        // 3. m = t0 n'
        ch.mul_lo("m", v(tn(0)), imm(mp.n_prime));
        // 4. T += lo(m p_j), then hi(m p_j) << w; t0 becomes 0.
        for (j, &pj) in p.iter().enumerate() {
            ch.mad_lo(j > 0, true, &tn(j), v("m"), imm(pj), v(tn(j)));
        }
        if spare {
            ch.add(true, false, &tn(n), v(tn(n)), imm(0));
        } else {
            ch.add(true, true, &tn(n), v(tn(n)), imm(0));
            ch.add(true, false, &tn(n + 1), v(tn(n + 1)), imm(0));
        }
        for (j, &pj) in p.iter().enumerate() {
            let dst = tn(j + 1);
            ch.mad_hi(j > 0, j + 1 < n || !spare, &dst, v("m"), imm(pj), v(&dst));
        }
        if !spare {
            ch.add(true, false, &tn(n + 1), v(tn(n + 1)), imm(0));
        }
        w.line(format!("// row {i}: T = (T + a*b.l[{i}] + m*p) / 2^{wb}"));
        emit_chain(w, &ch, cfg.arith, wb, "cy");
    }
    // After n rows, logical word j is t[(j + n) mod words].
    let fin = |j: usize| format!("t{}", (j + n) % words);
    w.line("fe r;");
    for j in 0..n {
        w.line(format!("r.l[{j}] = {};", fin(j)));
    }
    if !cfg.lazy {
        let dvars: Vec<String> = (0..n).map(|j| format!("d{j} = 0")).collect();
        w.line(format!("limb_t bo = 0, {};", dvars.join(", ")));
        let mut ch = Chain::new();
        let hi = (!spare).then(|| fin(n));
        sub_k(&mut ch, "r", p, hi.as_deref());
        w.line("// r = T - p where T >= p");
        emit_chain(w, &ch, cfg.arith, wb, "cy");
        select(w, n, "r");
    }
    w.line("(void)cy; (void)m;");
    w.line("return r;");
    w.close();
    w.blank();
}

/// A test program: for each pair (a, b) in standard form it writes five results in standard
/// form: a+b, a−b, a·b (all through Montgomery form), aR mod p, and a after the round trip.
/// With lazy reduction the Montgomery forms are first moved to [p, 2p) where they can be
/// (x + p mod 2p), so that the operations see non-canonical inputs too.
pub fn field_ops_program(mp: &MontParams, cfg: &FieldCfg) -> GeneratedProgram {
    let mut w = Writer::new();
    w.comment(format!(
        "field_ops ({} arithmetic{}): a+b, a-b, a*b, to_mont(a), from_mont(to_mont(a)) for each pair (a, b).",
        cfg.arith,
        if cfg.lazy { ", lazy reduction" } else { "" }
    ));
    emit_field(&mut w, mp, cfg);
    w.open("__kernel void field_ops(__global const fe* a, __global const fe* b, __global fe* out, const uint count)");
    w.line("const uint i = get_global_id(0);");
    w.line("if (i >= count) return;");
    w.line("fe am = fe_to_mont(a[i]);");
    w.line("fe bm = fe_to_mont(b[i]);");
    if cfg.lazy {
        fe_const(&mut w, mp, "P_RAW", &mp.field.p);
        w.line("am = fe_add(am, P_RAW);");
        w.line("bm = fe_add(bm, P_RAW);");
    }
    w.line("out[5 * i + 0] = fe_from_mont(fe_add(am, bm));");
    w.line("out[5 * i + 1] = fe_from_mont(fe_sub(am, bm));");
    w.line("out[5 * i + 2] = fe_from_mont(fe_mul(am, bm));");
    w.line("out[5 * i + 3] = fe_reduce(am);");
    w.line("out[5 * i + 4] = fe_from_mont(am);");
    w.close();
    let counts = w.take_counts();
    GeneratedProgram {
        source: w.finish(),
        kernels: vec![("field_ops".into(), counts)],
    }
}
