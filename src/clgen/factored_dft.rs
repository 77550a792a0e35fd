//! Composite-p codelets as nested smaller codelets: p = p1·p2 split by Good–Thomas (gcd = 1:
//! index maps only, no twiddles) or Cooley–Tukey (twiddles folded in as literals, with 1, −1,
//! ±i and (±1 ± i)/√2 costing no or half a complex multiply), the p1- and p2-point pieces
//! being whatever [`super::small_dft::emit_dft`] emits for them (pair, Rader or factored again).
//!
//! The split is chosen by the counts of the emitted code (real additions + multiplies, every
//! ordered split p1·p2 tried); [`super::small_dft::form`] keeps the pair or Rader form wherever
//! the best split is not cheaper. Choices are cached per thread.
//!
//! Layout: the p values are copied into mutable registers `u<depth>_<a·p2 + b>` (a < p1,
//! b < p2), the p1-point codelets run down each column b, the twiddles (Cooley–Tukey) scale
//! row a = k1, the p2-point codelets run along each row, and the results are written back
//! through the output map. Good–Thomas: input n = (p2·a + p1·b) mod p, output k ≡ k1 (mod p1),
//! k ≡ k2 (mod p2). Cooley–Tukey (decimation in time): input n = p2·a + b, twiddle
//! ω_p^(b·k1), output k = k1 + p1·k2.

use super::{real_literal, small_dft, OpCounts, Writer};
use std::cell::RefCell;
use std::collections::HashMap;
use std::f64::consts::{FRAC_1_SQRT_2, PI};

/// How p = p1·p2 is split.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Split {
    /// Prime-factor algorithm (gcd(p1, p2) = 1): index maps, no twiddles.
    GoodThomas,
    /// Cooley–Tukey with literal twiddles.
    CooleyTukey,
}

/// One factorization p = p1 · p2: p2 codelets of p1 points, then p1 codelets of p2 points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Factoring {
    /// Points of the first (column) codelets.
    pub p1: u64,
    /// Points of the second (row) codelets.
    pub p2: u64,
    /// Good–Thomas where the factors are coprime, Cooley–Tukey otherwise.
    pub split: Split,
}

impl Factoring {
    /// The split for p1·p2: Good–Thomas when coprime.
    pub fn new(p1: u64, p2: u64) -> Factoring {
        let split = if gcd(p1, p2) == 1 {
            Split::GoodThomas
        } else {
            Split::CooleyTukey
        };
        Factoring { p1, p2, split }
    }

    /// The split in words, e.g. `Cooley-Tukey 4 x 4` (what `jitfft stats` shows).
    pub fn name(&self) -> String {
        let kind = match self.split {
            Split::GoodThomas => "Good-Thomas",
            Split::CooleyTukey => "Cooley-Tukey",
        };
        format!("{kind} {} x {}", self.p1, self.p2)
    }

    /// The comment line written above the codelet, e.g.
    /// `16-point DFT: Cooley-Tukey 4 x 4 (twiddles as literals)`.
    pub fn describe(&self) -> String {
        let how = match self.split {
            Split::GoodThomas => "index maps, no twiddles",
            Split::CooleyTukey => "twiddles as literals",
        };
        format!("{}-point DFT: {} ({how})", self.p1 * self.p2, self.name())
    }
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Modular inverse of a modulo m (gcd(a, m) = 1, m ≥ 2).
fn inv_mod(a: u64, m: u64) -> u64 {
    (1..m).find(|&x| (a % m) * x % m == 1).unwrap_or(0)
}

thread_local! {
    static BEST: RefCell<HashMap<u64, Option<(Factoring, u64)>>> = RefCell::new(HashMap::new());
}

/// Real flops (additions + multiplies) of the code `emit` writes.
fn flops_of(p: u64, emit: impl FnOnce(&mut Writer, &[String])) -> u64 {
    let mut w = Writer::new();
    let vars: Vec<String> = (0..p).map(|i| format!("v{i}")).collect();
    emit(&mut w, &vars);
    w.take_counts().flops()
}

/// The cheapest factorization of p by emitted flops and its flop count; None for primes
/// and 1. Cached per thread (the sub-codelets' choices are themselves cached).
pub fn best(p: u64) -> Option<(Factoring, u64)> {
    if let Some(hit) = BEST.with(|b| b.borrow().get(&p).copied()) {
        return hit;
    }
    let mut found: Option<(Factoring, u64)> = None;
    for p1 in (2..p).filter(|d| p % d == 0) {
        let f = Factoring::new(p1, p / p1);
        let cost = flops_of(p, |w, v| emit(w, f, v, false, false));
        if found.is_none_or(|(_, c)| cost < c) {
            found = Some((f, cost));
        }
    }
    BEST.with(|b| b.borrow_mut().insert(p, found));
    found
}

/// (real additions, real multiplies) of the factored codelet `f`.
pub fn counts(f: Factoring) -> (u64, u64) {
    let p = f.p1 * f.p2;
    let mut w = Writer::new();
    let vars: Vec<String> = (0..p).map(|i| format!("v{i}")).collect();
    emit(&mut w, f, &vars, false, false);
    let c = w.take_counts();
    (2 * c.complex_add + c.real_add, c.real_mul)
}

// Nesting depth of factored codelets being written (names the registers of each level).
thread_local! {
    static DEPTH: RefCell<usize> = const { RefCell::new(0) };
}

/// Emits, inside a `{ }` block, the in-place p-point DFT (p = p1·p2) of `vars` factored as
/// `f`; `inverse` selects ω = e^(+2πi/p). The sub-codelets come from
/// [`small_dft::emit_dft`]; the writer's counts receive exactly what is emitted.
pub fn emit(w: &mut Writer, f: Factoring, vars: &[String], inverse: bool, f64p: bool) {
    let (p1, p2) = (f.p1, f.p2);
    let p = p1 * p2;
    assert_eq!(vars.len() as u64, p);
    let depth = DEPTH.with(|d| {
        let v = *d.borrow();
        *d.borrow_mut() = v + 1;
        v
    });
    let u: Vec<String> = (0..p).map(|i| format!("u{depth}_{i}")).collect();
    w.open("");
    w.comment(f.describe());
    for a in 0..p1 {
        for b in 0..p2 {
            let n = match f.split {
                Split::GoodThomas => (p2 * a + p1 * b) % p,
                Split::CooleyTukey => p2 * a + b,
            };
            w.line(format!(
                "real2 {} = {};",
                u[(a * p2 + b) as usize],
                vars[n as usize]
            ));
        }
    }
    for b in 0..p2 {
        let column: Vec<String> = (0..p1).map(|a| u[(a * p2 + b) as usize].clone()).collect();
        small_dft::emit_dft(w, p1, &column, inverse, f64p);
    }
    if f.split == Split::CooleyTukey {
        let mut c = OpCounts::default();
        for k1 in 1..p1 {
            for b in 1..p2 {
                twiddle(
                    w,
                    &u[(k1 * p2 + b) as usize],
                    b * k1,
                    p,
                    inverse,
                    f64p,
                    &mut c,
                );
            }
        }
        w.note(c);
    }
    for k1 in 0..p1 {
        let row: Vec<String> = (0..p2).map(|b| u[(k1 * p2 + b) as usize].clone()).collect();
        small_dft::emit_dft(w, p2, &row, inverse, f64p);
    }
    let (e1, e2) = (p2 * inv_mod(p2, p1), p1 * inv_mod(p1, p2));
    for k1 in 0..p1 {
        for k2 in 0..p2 {
            let k = match f.split {
                Split::GoodThomas => (k1 * e1 + k2 * e2) % p,
                Split::CooleyTukey => k1 + p1 * k2,
            };
            w.line(format!(
                "{} = {};",
                vars[k as usize],
                u[(k1 * p2 + k2) as usize]
            ));
        }
    }
    w.close();
    DEPTH.with(|d| *d.borrow_mut() = depth);
}

/// `x *= ω_p^(±e)` in place (− forward, + inverse), written for the literal's shape:
/// nothing for 1, a negation for −1, a component swap for ±i, two adds and two multiplies for
/// (±1 ± i)/√2, four multiplies and two adds otherwise.
fn twiddle(w: &mut Writer, x: &str, e: u64, p: u64, inverse: bool, f64p: bool, c: &mut OpCounts) {
    let e = e % p;
    if e == 0 {
        return;
    }
    // forward ω^e = e^(−2πi e/p): the angle's sign flips with the direction
    let s = if inverse { 1.0 } else { -1.0 };
    if (8 * e) % p == 0 {
        let eighth = 8 * e / p; // angle = s · eighth · π/4
        let (re, im) = match eighth {
            2 | 6 => (0, if (eighth == 2) == (s > 0.0) { 1 } else { -1 }),
            4 => (-1, 0),
            _ => {
                let cr = if eighth == 1 || eighth == 7 { 1 } else { -1 };
                let ci = if (eighth < 4) == (s > 0.0) { 1 } else { -1 };
                (cr, ci)
            }
        };
        match (re, im) {
            (-1, 0) => w.line(format!("{x} = -{x};")),
            (0, 1) => w.line(format!("{x} = (real2)(-{x}.y, {x}.x);")),
            (0, -1) => w.line(format!("{x} = (real2)({x}.y, -{x}.x);")),
            (cr, ci) => {
                // (cr + i·ci)/√2 · (x + iy) = ((cr·x − ci·y) + i(ci·x + cr·y))/√2
                let r = real_literal(FRAC_1_SQRT_2, f64p);
                let sum = |a: i32, b: i32, u: &str, v: &str| -> String {
                    match (a, b) {
                        (1, 1) => format!("{r} * ({u} + {v})"),
                        (1, -1) => format!("{r} * ({u} - {v})"),
                        (-1, 1) => format!("{r} * ({v} - {u})"),
                        _ => format!("-{r} * ({u} + {v})"),
                    }
                };
                let re_part = sum(cr, -ci, &format!("{x}.x"), &format!("{x}.y"));
                let im_part = sum(ci, cr, &format!("{x}.x"), &format!("{x}.y"));
                w.line(format!("{x} = (real2)({re_part}, {im_part});"));
                c.real_add += 2;
                c.real_mul += 2;
            }
        }
        return;
    }
    let a = s * 2.0 * PI * e as f64 / p as f64;
    let (cs, sn) = (a.cos(), a.sin());
    let lit = |v: f64| real_literal(v.abs(), f64p);
    let op = |v: f64| if v < 0.0 { "-" } else { "+" };
    let neg = |v: f64| if v < 0.0 { "-" } else { "" };
    // (c + i s)(x + iy) = (c·x − s·y) + i(s·x + c·y)
    w.line(format!(
        "{x} = (real2)({}{} * {x}.x {} {} * {x}.y, {}{} * {x}.x {} {} * {x}.y);",
        neg(cs),
        lit(cs),
        op(-sn),
        lit(sn),
        neg(sn),
        lit(sn),
        op(cs),
        lit(cs)
    ));
    c.real_add += 2;
    c.real_mul += 4;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_are_permutations() {
        for (p1, p2) in [(3u64, 5u64), (4, 9), (2, 15), (7, 8)] {
            let p = p1 * p2;
            let (e1, e2) = (p2 * inv_mod(p2, p1), p1 * inv_mod(p1, p2));
            let mut seen_in = vec![false; p as usize];
            let mut seen_out = vec![false; p as usize];
            for a in 0..p1 {
                for b in 0..p2 {
                    seen_in[((p2 * a + p1 * b) % p) as usize] = true;
                    let k = (a * e1 + b * e2) % p;
                    assert_eq!((k % p1, k % p2), (a, b));
                    seen_out[k as usize] = true;
                }
            }
            assert!(seen_in.iter().all(|&s| s) && seen_out.iter().all(|&s| s));
        }
    }

    #[test]
    fn best_split_of_primes_is_none() {
        for p in [2u64, 3, 5, 7, 31] {
            assert!(best(p).is_none(), "p = {p}");
        }
        assert_eq!(best(15).unwrap().0.split, Split::GoodThomas);
        assert_eq!(best(16).unwrap().0.split, Split::CooleyTukey);
    }

    fn is_prime(p: u64) -> bool {
        p >= 2 && (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0)
    }

    #[test]
    fn factored_beats_the_pair_form_for_composite_p() {
        use small_dft::{form, form_counts, report, Form};
        for p in (6..=64u64).filter(|&p| !is_prime(p)) {
            let (pa, pm) = form_counts(p, Form::Pair);
            let (fa, fm) = report(p).factored.expect("composite p has a split").1;
            assert!(
                fa + fm < pa + pm,
                "p = {p}: factored {fa}+{fm} vs pair {pa}+{pm}"
            );
            assert!(matches!(form(p), Form::Factored(_)), "p = {p}");
            assert_eq!(report(p).emitted, (fa, fm), "p = {p}");
        }
        // p = 4: the 2 x 2 split ties the pair form's DFT4 (16 adds), which is kept
        assert_eq!(form(4), Form::Pair);
        assert_eq!(report(4).factored.unwrap().1, (16, 0));
    }

    #[test]
    fn counts_of_the_textbook_splits() {
        // 16 = 4 x 4: 8 DFT4 (128 adds) + twiddles: 4 general (16 mul, 8 add),
        // 3 eighth-turns (6 mul, 6 add), 2 that are -i (free)
        assert_eq!(counts(Factoring::new(4, 4)), (144, 24));
        // 15 = 3 x 5 (Good-Thomas, no twiddles): 5 DFT3 (12 + 4) + 3 Rader DFT5 (32 + 12)
        assert_eq!(
            counts(Factoring::new(3, 5)),
            (5 * 12 + 3 * 32, 5 * 4 + 3 * 12)
        );
        // 6 = 2 x 3: 3 DFT2 + 2 DFT3
        assert_eq!(counts(Factoring::new(2, 3)), (3 * 4 + 2 * 12, 2 * 4));
        // the flop counts the choice rests on are those of the emitted text
        for p in [8u64, 12, 30, 32, 64] {
            let (f, flops) = best(p).unwrap();
            let (a, m) = counts(f);
            assert_eq!(a + m, flops, "p = {p}");
        }
    }
}
