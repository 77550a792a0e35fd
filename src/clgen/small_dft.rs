//! p-point DFT codelets with constants folded and common subexpressions shared.
//!
//! For any p, pairs x_j, x_{p−j} are combined once (s_j = x_j + x_{p−j}, d_j = x_j − x_{p−j}),
//! then y_k = A_k ∓ i·B_k and y_{p−k} = A_k ± i·B_k with A_k = x_0 + Σ cos(2πjk/p)·s_j
//! (+ (−1)^k x_{p/2} for even p) and B_k = Σ sin(2πjk/p)·d_j: each output pair shares its
//! real-coefficient sums, coefficients 0 and ±1 cost no multiply, and the ±i of the sine part is
//! a component swap. p = 2, 3 and 4 come out as the textbook butterflies (DFT4: 8 complex adds).

use super::{factored_dft, rader_dft, real_literal, OpCounts, Writer};
use serde::Serialize;
use std::f64::consts::PI;

/// Exact cos/sin of 2π·e/p for the few angles where floating point would blur 0 and ±1.
fn cos_sin(e: u64, p: u64) -> (f64, f64) {
    let e = e % p;
    if e == 0 {
        return (1.0, 0.0);
    }
    if 2 * e == p {
        return (-1.0, 0.0);
    }
    if 4 * e == p {
        return (0.0, 1.0);
    }
    if 4 * e == 3 * p {
        return (0.0, -1.0);
    }
    let a = 2.0 * PI * e as f64 / p as f64;
    (a.cos(), a.sin())
}

/// `acc += c·v` (or the first term `acc = c·v`) with c folded; returns the text and counts.
fn axpy(acc: &mut String, c: f64, v: &str, f64p: bool, counts: &mut OpCounts) {
    if c == 0.0 {
        return;
    }
    let (sign, term) = if c == 1.0 {
        ("+", v.to_string())
    } else if c == -1.0 {
        ("-", v.to_string())
    } else {
        counts.real_mul += 2;
        ("+", format!("{} * {v}", real_literal(c, f64p)))
    };
    if acc.is_empty() {
        *acc = if sign == "-" {
            format!("-{term}")
        } else {
            term
        };
    } else {
        counts.complex_add += 1;
        acc.push_str(&format!(" {sign} {term}"));
    }
}

/// How a codelet is built.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Pairs x_j ± x_{p−j}, then dense cosine/sine sums (any p).
    Pair,
    /// Rader/Winograd convolutions split by CRT ([`super::rader_dft`]; odd primes ≥ 5).
    Rader,
    /// Nested smaller codelets, Good–Thomas or Cooley–Tukey ([`super::factored_dft`];
    /// composite p).
    Factored(factored_dft::Factoring),
}

/// The form emitted for p: Rader where it needs neither more additions nor more multiplies
/// than the pair form (p = 5, 13, 17, 19, 29, 31; p = 7, 11 and 23 would trade multiplies for
/// more additions, which FMA hardware does not repay). Composite p: the cheapest factorization ([`factored_dft::best`]) where
/// it needs fewer real flops than the pair form.
pub fn form(p: u64) -> Form {
    if let Some((f, flops)) = factored_dft::best(p) {
        let (adds, muls) = form_counts(p, Form::Pair);
        return if flops < adds + muls {
            Form::Factored(f)
        } else {
            Form::Pair
        };
    }
    if !rader_dft::applies(p) {
        return Form::Pair;
    }
    let pair = form_counts(p, Form::Pair);
    let rader = form_counts(p, Form::Rader);
    if rader.0 <= pair.0 && rader.1 <= pair.1 {
        Form::Rader
    } else {
        Form::Pair
    }
}

/// (real additions, real multiplies) of one codelet in the given form.
pub fn form_counts(p: u64, f: Form) -> (u64, u64) {
    let mut w = Writer::new();
    let vars: Vec<String> = (0..p).map(|i| format!("v{i}")).collect();
    match f {
        Form::Pair => emit_pair(&mut w, p, &vars, false, false),
        Form::Rader => emit_rader(&mut w, p, &vars, false, false),
        Form::Factored(fac) => factored_dft::emit(&mut w, fac, &vars, false, false),
    }
    let c = w.take_counts();
    (2 * c.complex_add + c.real_add, c.real_mul)
}

/// FFTW 3.3's scalar codelets n1_5, n1_7, n1_11 and n1_13 (genfft, no FMA): (real additions,
/// real multiplies) as their headers state; the reference the codelets here must not exceed.
pub fn fftw_counts(p: u64) -> Option<(u64, u64)> {
    match p {
        5 => Some((32, 12)),
        7 => Some((60, 36)),
        11 => Some((140, 100)),
        13 => Some((176, 68)),
        _ => None,
    }
}

/// One codelet's real operation counts beside the alternatives (what `jitfft stats` shows).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CodeletReport {
    /// The point count p.
    pub p: u64,
    /// The form emitted: `pair`, `rader` or `factored`.
    pub form: &'static str,
    /// (real additions, real multiplies) of the emitted codelet.
    pub emitted: (u64, u64),
    /// (real additions, real multiplies) of the pair form.
    pub pair: (u64, u64),
    /// The cheapest factorization of a composite p (e.g. `Cooley-Tukey 4 x 4`) and its
    /// (real additions, real multiplies), emitted or not; None for primes.
    pub factored: Option<(String, (u64, u64))>,
    /// (real additions, real multiplies) of the dense p² complex product (the paper's).
    pub dense: (u64, u64),
    /// FFTW's n1_p (no FMA) where p is 5, 7, 11 or 13: the reference.
    pub fftw: Option<(u64, u64)>,
}

/// The counts of the p-point codelet, its alternatives and FFTW's reference.
pub fn report(p: u64) -> CodeletReport {
    let f = form(p);
    let d = dense_counts(p);
    CodeletReport {
        p,
        form: match f {
            Form::Pair => "pair",
            Form::Rader => "rader",
            Form::Factored(_) => "factored",
        },
        emitted: form_counts(p, f),
        pair: form_counts(p, Form::Pair),
        factored: factored_dft::best(p).map(|(fac, _)| (fac.name(), factored_dft::counts(fac))),
        dense: (2 * d.complex_mul + 2 * d.complex_add, 4 * d.complex_mul),
        fftw: fftw_counts(p),
    }
}

/// Emits, inside a `{ }` block, the in-place p-point DFT of the variables `vars` (real2 each).
/// `inverse` selects ω = e^(+2πi/p). The writer's counts receive exactly what is emitted.
pub fn emit_dft(w: &mut Writer, p: u64, vars: &[String], inverse: bool, f64p: bool) {
    match form(p) {
        Form::Pair => emit_pair(w, p, vars, inverse, f64p),
        Form::Rader => emit_rader(w, p, vars, inverse, f64p),
        Form::Factored(f) => factored_dft::emit(w, f, vars, inverse, f64p),
    }
}

/// [`emit_dft`] for memory-bound kernels (the fused and block passes): composite p in the
/// pair form, not factored. Their time is the bytes, and on
/// the H100 the factored codelets ran the same or slower there (21^6 1.92 against 1.69 ms,
/// 25^6 7.52 against 7.28, 15^7 3.06 against 3.03, 24^6 equal: `nvidia-h100/current/wisdom-bent-overlap-codelets/`;
/// more live values, fewer loads in flight in the passes with short runs), while on the CPU
/// the flops are the time.
pub fn emit_dft_memory_bound(w: &mut Writer, p: u64, vars: &[String], inverse: bool, f64p: bool) {
    match form(p) {
        Form::Factored(_) => emit_pair(w, p, vars, inverse, f64p),
        _ => emit_dft(w, p, vars, inverse, f64p),
    }
}

/// The Rader/Winograd form: the program of [`rader_dft::build`] as `r<node>` temporaries,
/// then y_k = A_k ∓ i·B_k.
fn emit_rader(w: &mut Writer, p: u64, vars: &[String], inverse: bool, f64p: bool) {
    assert_eq!(vars.len() as u64, p);
    let code = rader_dft::build(p);
    let prog = &code.prog;
    let name = |i: usize| {
        if i < prog.inputs {
            vars[i].clone()
        } else {
            format!("r{i}")
        }
    };
    let mut c = OpCounts::default();
    w.open("");
    for (i, node) in prog.nodes.iter().enumerate().skip(prog.inputs) {
        let mut e = String::new();
        for (t, &(coef, v)) in node.terms.iter().enumerate() {
            let (neg, mag) = (coef < 0.0, coef.abs());
            let term = if mag == 1.0 {
                name(v)
            } else {
                c.real_mul += 2;
                format!("{} * {}", real_literal(mag, f64p), name(v))
            };
            match (t, neg) {
                (0, false) => e.push_str(&term),
                (0, true) => e.push_str(&format!("-{term}")),
                (_, false) => e.push_str(&format!(" + {term}")),
                (_, true) => e.push_str(&format!(" - {term}")),
            }
        }
        c.complex_add += node.terms.len() as u64 - 1;
        w.line(format!("const real2 r{i} = {e};"));
    }
    w.line(format!("const real2 y0 = {};", name(code.y0)));
    for (k, &(a, b, sign)) in code.pairs.iter().enumerate() {
        let k = k as u64 + 1;
        let (a, b) = (name(a), name(b));
        // forward: y_k = A − iB = (A.x + B.y, A.y − B.x); y_{p−k} = A + iB; B_k = sign·b
        let minus_ib = format!("(real2)({a}.x + {b}.y, {a}.y - {b}.x)");
        let plus_ib = format!("(real2)({a}.x - {b}.y, {a}.y + {b}.x)");
        c.real_add += 4;
        let (yk, ypk) = if inverse == (sign > 0.0) {
            (plus_ib, minus_ib)
        } else {
            (minus_ib, plus_ib)
        };
        w.line(format!("const real2 y{k} = {yk};"));
        w.line(format!("const real2 y{} = {ypk};", p - k));
    }
    for k in 0..p {
        w.line(format!("{} = y{k};", vars[k as usize]));
    }
    w.close();
    w.note(c);
}

/// The pair form (any p).
fn emit_pair(w: &mut Writer, p: u64, vars: &[String], inverse: bool, f64p: bool) {
    assert_eq!(vars.len() as u64, p);
    let mut c = OpCounts::default();
    let half = (p - 1) / 2; // number of (j, p−j) pairs
    w.open("");
    let x0 = &vars[0];
    for j in 1..=half {
        w.line(format!(
            "const real2 s{j} = {} + {};",
            vars[j as usize],
            vars[(p - j) as usize]
        ));
        w.line(format!(
            "const real2 d{j} = {} - {};",
            vars[j as usize],
            vars[(p - j) as usize]
        ));
        c.complex_add += 2;
    }
    // Even p: x0 ± x_{p/2} is shared by all even / odd outputs.
    let even = p % 2 == 0;
    if even {
        let m = &vars[(p / 2) as usize];
        w.line(format!("const real2 e0 = {x0} + {m};"));
        w.line(format!("const real2 e1 = {x0} - {m};"));
        c.complex_add += 2;
    }
    let base = |k: u64| {
        if even {
            format!("e{}", k % 2)
        } else {
            x0.clone()
        }
    };
    // y0 = x0 + Σ s_j (+ x_{p/2})
    let mut y0 = base(0);
    for j in 1..=half {
        y0.push_str(&format!(" + s{j}"));
        c.complex_add += 1;
    }
    let mut outputs: Vec<(u64, String)> = vec![(0, y0)];
    for k in 1..=half {
        // A_k = x0 (± x_{p/2}) + Σ cos·s_j; B_k = Σ sin·d_j
        let mut a = base(k);
        for j in 1..=half {
            axpy(&mut a, cos_sin(j * k, p).0, &format!("s{j}"), f64p, &mut c);
        }
        let mut b = String::new();
        for j in 1..=half {
            axpy(&mut b, cos_sin(j * k, p).1, &format!("d{j}"), f64p, &mut c);
        }
        w.line(format!("const real2 a{k} = {a};"));
        if b.is_empty() {
            outputs.push((k, format!("a{k}")));
            outputs.push((p - k, format!("a{k}")));
            continue;
        }
        w.line(format!("const real2 b{k} = {b};"));
        // forward: y_k = A − iB = (A.x + B.y, A.y − B.x); y_{p−k} = A + iB
        let minus_ib = format!("(real2)(a{k}.x + b{k}.y, a{k}.y - b{k}.x)");
        let plus_ib = format!("(real2)(a{k}.x - b{k}.y, a{k}.y + b{k}.x)");
        c.real_add += 4;
        let (yk, ypk) = if inverse {
            (plus_ib, minus_ib)
        } else {
            (minus_ib, plus_ib)
        };
        outputs.push((k, yk));
        outputs.push((p - k, ypk));
    }
    if even {
        // y_{p/2} = x0 + (−1)^{p/2} x_{p/2} + Σ (−1)^j s_j
        let mut y = base(p / 2);
        for j in 1..=half {
            axpy(
                &mut y,
                if j % 2 == 0 { 1.0 } else { -1.0 },
                &format!("s{j}"),
                f64p,
                &mut c,
            );
        }
        outputs.push((p / 2, y));
    }
    // All outputs are computed into temporaries before any input variable is overwritten.
    for (k, e) in &outputs {
        w.line(format!("const real2 y{k} = {e};"));
    }
    for k in 0..p {
        w.line(format!("{} = y{k};", vars[k as usize]));
    }
    w.close();
    w.note(c);
}

/// Operation counts of one p-point codelet (for statistics, beside the dense p² product).
pub fn codelet_counts(p: u64) -> OpCounts {
    let mut w = Writer::new();
    let vars: Vec<String> = (0..p).map(|i| format!("v{i}")).collect();
    emit_dft(&mut w, p, &vars, false, false);
    w.take_counts()
}

/// Counts of the dense p-point product the paper's kernels do (p² complex mul-adds).
pub fn dense_counts(p: u64) -> OpCounts {
    OpCounts {
        complex_mul: p * p,
        complex_add: p * (p - 1),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn textbook_sizes() {
        let c2 = codelet_counts(2);
        assert_eq!((c2.complex_add, c2.real_mul, c2.real_add), (2, 0, 0));
        let c3 = codelet_counts(3);
        // s, d, y0, a1 = x0 - 0.5 s: 4 complex adds, 2 real muls for 0.5·s and 2 for sin·d
        assert_eq!((c3.complex_add, c3.real_mul), (4, 4));
        // DFT4: 16 real adds (6 complex + 4 real), no multiply
        let c4 = codelet_counts(4);
        assert_eq!((c4.complex_add, c4.real_add, c4.real_mul), (6, 4, 0));
        for p in 2..=16 {
            assert!(
                codelet_counts(p).flops() < dense_counts(p).flops(),
                "p = {p}"
            );
        }
    }

    #[test]
    fn no_more_operations_than_fftw() {
        for p in [5, 7, 11, 13] {
            let (adds, muls) = form_counts(p, form(p));
            let (fa, fm) = fftw_counts(p).unwrap();
            assert!(
                adds <= fa && muls <= fm,
                "p = {p}: {adds}+{muls} vs FFTW {fa}+{fm}"
            );
        }
    }

    #[test]
    fn emitted_form_only_where_it_dominates() {
        // the factored form (composite p) dominates the pair form in both counts as well
        for p in 2..=64u64 {
            let r = report(p);
            assert!(
                r.emitted.0 <= r.pair.0 && r.emitted.1 <= r.pair.1,
                "p = {p}"
            );
            assert!(r.emitted.0 + r.emitted.1 < r.dense.0 + r.dense.1, "p = {p}");
        }
        assert_eq!(form(5), Form::Rader);
        assert_eq!(form(13), Form::Rader);
        assert_eq!(form(7), Form::Pair);
    }
}
