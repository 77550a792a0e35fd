//! Prime-p DFT codelets after Rader and Winograd: the cosine and sine halves of the pair form
//! become a cyclic and a negacyclic convolution of length h = (p−1)/2, split by the Chinese
//! remainder theorem over the factors of x^h ∓ 1 until the pieces are small.
//!
//! With j = g^(−a), k = g^b (g a primitive root mod p), the pair sums s_j and differences d_j
//! of the pair form give A_{g^b} = x0 + Σ_a cos(2π g^(b−a)/p)·s_{g^(−a)} (cyclic, period h) and
//! B_{g^b} = Σ_a sin(2π g^(b−a)/p)·(x_{g^(−a)} − x_{−g^(−a)}) (negacyclic: the sine changes sign
//! after h steps). A convolution modulo M = A·B (coprime) is one modulo A and one modulo B
//! on the reduced inputs; the outputs recombine as B·w_A + A·w_B with the CRT factors
//! (B⁻¹ mod A) folded into the fixed kernel, so reductions and recombinations are additions.
//! x0 rides on the (x − 1) factor, whose input is Σ s_j: y0 = x0 + that sum comes free.
//!
//! The codelet is built as a small straight-line program of real-coefficient linear
//! combinations of complex values ([`Lin`]), counted, checked in f64 ([`Program::eval`]) and
//! written as OpenCL C.

use std::f64::consts::PI;

/// One node: Σ coef·node over earlier nodes (an input when empty).
#[derive(Debug, Clone)]
pub struct Lin {
    /// (coefficient, earlier node) terms.
    pub terms: Vec<(f64, usize)>,
}

/// A straight-line program of linear combinations; nodes 0..inputs are the inputs.
#[derive(Debug, Clone)]
pub struct Program {
    /// All nodes, inputs first.
    pub nodes: Vec<Lin>,
    /// Number of input nodes.
    pub inputs: usize,
}

/// Rounds coefficients within 1e-12 of an integer to it (the CRT matrices are integer).
fn clean(c: f64) -> f64 {
    let r = c.round();
    if (c - r).abs() < 1e-12 {
        r
    } else {
        c
    }
}

impl Program {
    fn new(inputs: usize) -> Program {
        Program {
            nodes: vec![Lin { terms: vec![] }; inputs],
            inputs,
        }
    }

    /// A node for Σ terms, reusing a term that is the node itself (a single ×1).
    fn lin(&mut self, terms: Vec<(f64, usize)>) -> usize {
        let terms: Vec<(f64, usize)> = terms
            .into_iter()
            .map(|(c, v)| (clean(c), v))
            .filter(|&(c, _)| c != 0.0)
            .collect();
        if terms.len() == 1 && terms[0].0 == 1.0 {
            return terms[0].1;
        }
        self.nodes.push(Lin { terms });
        self.nodes.len() - 1
    }

    /// (complex additions, real multiplies) of the non-input nodes: k terms cost k − 1 adds,
    /// and each coefficient other than ±1 costs two real multiplies.
    pub fn counts(&self) -> (u64, u64) {
        let (mut adds, mut muls) = (0, 0);
        for n in &self.nodes[self.inputs..] {
            adds += n.terms.len().saturating_sub(1) as u64;
            muls += 2 * n.terms.iter().filter(|t| t.0.abs() != 1.0).count() as u64;
        }
        (adds, muls)
    }

    /// Evaluates every node on complex inputs (re, im) in f64.
    pub fn eval(&self, x: &[(f64, f64)]) -> Vec<(f64, f64)> {
        let mut v = x.to_vec();
        for n in &self.nodes[self.inputs..] {
            let mut acc = (0.0, 0.0);
            for &(c, i) in &n.terms {
                acc.0 += c * v[i].0;
                acc.1 += c * v[i].1;
            }
            v.push(acc);
        }
        v
    }
}

type Poly = Vec<f64>;

/// a mod m (m monic), length deg m.
fn rem(a: &[f64], m: &[f64]) -> Poly {
    let dm = m.len() - 1;
    let mut r = a.to_vec();
    for i in (dm..r.len()).rev() {
        let c = r[i];
        if c != 0.0 {
            for (j, &mj) in m.iter().enumerate() {
                r[i - dm + j] -= c * mj;
            }
        }
    }
    r.resize(dm, 0.0);
    r
}

fn mul(a: &[f64], b: &[f64]) -> Poly {
    let mut r = vec![0.0; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            r[i + j] += x * y;
        }
    }
    r
}

/// Exact quotient a / b (b monic, divides a).
fn div(a: &[f64], b: &[f64]) -> Poly {
    let (da, db) = (a.len() - 1, b.len() - 1);
    let mut r = a.to_vec();
    let mut q = vec![0.0; da - db + 1];
    for i in (0..=da - db).rev() {
        let c = r[i + db];
        q[i] = c;
        for (j, &bj) in b.iter().enumerate() {
            r[i + j] -= c * bj;
        }
    }
    q.iter().map(|&c| clean(c)).collect()
}

/// Matrix of w ↦ (w·f) mod m on coefficient vectors of length `cols` (rows: deg m).
fn mul_matrix(f: &[f64], m: &[f64], cols: usize) -> Vec<Vec<f64>> {
    let n = m.len() - 1;
    let mut mat = vec![vec![0.0; cols]; n];
    for j in 0..cols {
        let mut e = vec![0.0; j + 1];
        e[j] = 1.0;
        let col = rem(&mul(&e, f), m);
        for i in 0..n {
            mat[i][j] = clean(col[i]);
        }
    }
    mat
}

/// f⁻¹ mod m: solves (w ↦ w·f mod m)·s = 1 by Gaussian elimination.
fn inverse_mod(f: &[f64], m: &[f64]) -> Poly {
    let n = m.len() - 1;
    let mut a = mul_matrix(f, m, n);
    let mut b = vec![0.0; n];
    b[0] = 1.0;
    for c in 0..n {
        let piv = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .unwrap();
        a.swap(c, piv);
        b.swap(c, piv);
        for r in 0..n {
            if r != c && a[r][c] != 0.0 {
                let k = a[r][c] / a[c][c];
                let pivot_row = a[c].clone();
                for (x, y) in a[r].iter_mut().zip(&pivot_row) {
                    *x -= k * y;
                }
                b[r] -= k * b[c];
            }
        }
    }
    (0..n).map(|i| b[i] / a[i][i]).collect()
}

/// x^n + s (s = ±1).
fn binomial(n: usize, s: f64) -> Poly {
    let mut m = vec![0.0; n + 1];
    m[0] = s;
    m[n] = 1.0;
    m
}

/// A modulus: x^n + s when structured (split by rule), else a factor taken as it is.
#[derive(Clone)]
enum Modulus {
    Binomial(usize, f64),
    Other(Poly),
}

impl Modulus {
    fn poly(&self) -> Poly {
        match self {
            Modulus::Binomial(n, s) => binomial(*n, *s),
            Modulus::Other(p) => p.clone(),
        }
    }

    /// The coprime split A·B, A the structured factor; None when taken whole.
    fn split(&self) -> Option<(Modulus, Modulus)> {
        let Modulus::Binomial(n, s) = *self else {
            return None;
        };
        if s < 0.0 && n % 2 == 0 {
            // x^n − 1 = (x^{n/2} − 1)(x^{n/2} + 1)
            return Some((
                Modulus::Binomial(n / 2, -1.0),
                Modulus::Binomial(n / 2, 1.0),
            ));
        }
        let mut m = n;
        while m % 2 == 0 {
            m /= 2;
        }
        if m == 1 {
            return None; // x − 1, or x^{2^k} + 1 (irreducible)
        }
        let q = (3..=m).find(|q| m % q == 0).unwrap();
        let a = Modulus::Binomial(n / q, s);
        let b = div(&binomial(n, s), &a.poly());
        Some((a, Modulus::Other(b)))
    }
}

/// What a convolution node returns: its outputs and, for a cyclic one, the node holding the
/// sum of its inputs (the (x − 1) residue).
struct Conv {
    out: Vec<usize>,
    sum: Option<usize>,
}

/// y = k·x mod m on input nodes `x` with signs; `addend` (cyclic moduli only) is added to
/// every output.
fn conv(
    prog: &mut Program,
    m: &Modulus,
    k: &[f64],
    x: &[(f64, usize)],
    addend: Option<usize>,
) -> Conv {
    let mp = m.poly();
    let n = mp.len() - 1;
    let Some((a, b)) = m.split() else {
        let kmat = mul_matrix(k, &mp, n);
        let sum = (n == 1 && addend.is_some()).then(|| prog.lin(vec![x[0]]));
        let mut out = Vec::with_capacity(n);
        for row in kmat.iter() {
            let mut terms: Vec<(f64, usize)> =
                row.iter().zip(x).map(|(&c, &(s, v))| (c * s, v)).collect();
            if let Some(t) = addend {
                terms.push((1.0, t));
            }
            out.push(prog.lin(terms));
        }
        return Conv { out, sum };
    };
    let (ap, bp) = (a.poly(), b.poly());
    let mut branch = |f: &Modulus, fp: &Poly, cof: &Poly, add: Option<usize>| {
        let red = mul_matrix(&[1.0], fp, n); // x mod f
        let ins: Vec<(f64, usize)> = red
            .iter()
            .map(|row| {
                let terms = row.iter().zip(x).map(|(&c, &(s, v))| (c * s, v)).collect();
                (1.0, prog.lin(terms))
            })
            .collect();
        let kf = rem(&mul(&rem(k, fp), &inverse_mod(&rem(cof, fp), fp)), fp);
        let c = conv(prog, f, &kf, &ins, add);
        (c, mul_matrix(cof, &mp, fp.len() - 1))
    };
    let cyclic_a = matches!(a, Modulus::Binomial(_, s) if s < 0.0);
    let (ca, qa) = branch(&a, &ap, &bp, if cyclic_a { addend } else { None });
    let (cb, qb) = branch(&b, &bp, &ap, None);
    let out = (0..n)
        .map(|i| {
            let mut t: Vec<(f64, usize)> =
                qa[i].iter().zip(&ca.out).map(|(&c, &v)| (c, v)).collect();
            t.extend(qb[i].iter().zip(&cb.out).map(|(&c, &v)| (c, v)));
            prog.lin(t)
        })
        .collect();
    Conv { out, sum: ca.sum }
}

/// Whether p is an odd prime ≥ 5 (where this form applies).
pub fn applies(p: u64) -> bool {
    p >= 5 && (2..p).take_while(|d| d * d <= p).all(|d| p % d != 0)
}

fn primitive_root(p: u64) -> u64 {
    (2..p)
        .find(|&g| {
            let mut x = 1;
            (1..p - 1).all(|_| {
                x = x * g % p;
                x != 1
            })
        })
        .unwrap()
}

/// The codelet's program and how to read the outputs: inputs are x_0..x_{p−1} (nodes 0..p),
/// `y0` the node of y_0, and for k = 1..=h, `pairs[k−1] = (A_k node, B node, sign)` with
/// B_k = sign·B node; forward y_k = A_k − i·B_k, y_{p−k} = A_k + i·B_k.
pub struct RaderCodelet {
    /// The straight-line program (before the final ±i combinations).
    pub prog: Program,
    /// Node of y_0.
    pub y0: usize,
    /// Per k = 1..=h: (A_k node, B node, sign of B_k relative to the node).
    pub pairs: Vec<(usize, usize, f64)>,
}

/// Builds the Rader/Winograd codelet for an odd prime p ≥ 5.
pub fn build(p: u64) -> RaderCodelet {
    assert!(applies(p));
    let h = ((p - 1) / 2) as usize;
    let mut prog = Program::new(p as usize);
    let rep = |j: u64| {
        if j as usize <= h {
            j as usize
        } else {
            (p - j) as usize
        }
    };
    // s_j, d_j for the representatives j = 1..=h
    let mut s = vec![0; h + 1];
    let mut d = vec![0; h + 1];
    for j in 1..=h {
        let pj = p as usize - j;
        s[j] = prog.lin(vec![(1.0, j), (1.0, pj)]);
        d[j] = prog.lin(vec![(1.0, j), (-1.0, pj)]);
    }
    let g = primitive_root(p);
    let ginv = (1..p).find(|&i| i * g % p == 1).unwrap();
    let gpow = |base: u64, e: usize| (0..e).fold(1u64, |x, _| x * base % p);
    let (mut cs, mut sn, mut sx, mut dx) = (vec![], vec![], vec![], vec![]);
    for t in 0..h {
        let a = 2.0 * PI * gpow(g, t) as f64 / p as f64;
        cs.push(a.cos());
        sn.push(a.sin());
        let j = gpow(ginv, t); // input index g^(−t)
        sx.push((1.0, s[rep(j)]));
        dx.push((if j as usize <= h { 1.0 } else { -1.0 }, d[rep(j)]));
    }
    let a = conv(&mut prog, &Modulus::Binomial(h, -1.0), &cs, &sx, Some(0));
    let b = conv(&mut prog, &Modulus::Binomial(h, 1.0), &sn, &dx, None);
    let y0 = prog.lin(vec![(1.0, 0), (1.0, a.sum.expect("cyclic leaf"))]);
    let mut pairs = vec![(0, 0, 1.0); h];
    for t in 0..h {
        let k = gpow(g, t);
        let sign = if k as usize <= h { 1.0 } else { -1.0 };
        pairs[rep(k) - 1] = (a.out[t], b.out[t], sign);
    }
    RaderCodelet { prog, y0, pairs }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_dft_for_primes_to_31() {
        for p in [5u64, 7, 11, 13, 17, 19, 23, 29, 31] {
            let c = build(p);
            let x: Vec<(f64, f64)> = (0..p)
                .map(|i| ((i as f64 * 0.37).sin(), (i as f64 * 1.3 + 0.2).cos()))
                .collect();
            let v = c.prog.eval(&x);
            let mut err: f64 = 0.0;
            for k in 0..p {
                let mut want = (0.0, 0.0);
                for (j, &(re, im)) in x.iter().enumerate() {
                    let a = -2.0 * PI * (j as u64 * k % p) as f64 / p as f64;
                    want.0 += re * a.cos() - im * a.sin();
                    want.1 += re * a.sin() + im * a.cos();
                }
                let got = if k == 0 {
                    v[c.y0]
                } else {
                    let kk = k.min(p - k) as usize;
                    let (an, bn, sg) = c.pairs[kk - 1];
                    let (av, bv) = (v[an], (sg * v[bn].0, sg * v[bn].1));
                    // y_k = A − iB for k ≤ h, A + iB above
                    if k as usize == kk {
                        (av.0 + bv.1, av.1 - bv.0)
                    } else {
                        (av.0 - bv.1, av.1 + bv.0)
                    }
                };
                err = err.max((got.0 - want.0).abs() + (got.1 - want.1).abs());
            }
            assert!(err < 1e-12, "p = {p}: error {err:e}");
        }
    }
}
