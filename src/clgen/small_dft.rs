//! p-point DFT codelets with constants folded and common subexpressions shared.
//!
//! For any p, pairs x_j, x_{p−j} are combined once (s_j = x_j + x_{p−j}, d_j = x_j − x_{p−j}),
//! then y_k = A_k ∓ i·B_k and y_{p−k} = A_k ± i·B_k with A_k = x_0 + Σ cos(2πjk/p)·s_j
//! (+ (−1)^k x_{p/2} for even p) and B_k = Σ sin(2πjk/p)·d_j: each output pair shares its
//! real-coefficient sums, coefficients 0 and ±1 cost no multiply, and the ±i of the sine part is
//! a component swap. p = 2, 3 and 4 come out as the textbook butterflies (DFT4: 8 complex adds).

use super::{real_literal, OpCounts, Writer};
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

/// Emits, inside a `{ }` block, the in-place p-point DFT of the variables `vars` (real2 each).
/// `inverse` selects ω = e^(+2πi/p). The writer's counts receive exactly what is emitted.
pub fn emit_dft(w: &mut Writer, p: u64, vars: &[String], inverse: bool, f64p: bool) {
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
}
