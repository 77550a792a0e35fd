//! The field Z/pZ with p = r^k + 1 (a generalized Fermat prime): validation, constants via rug,
//! and the radix-r digit representation the device uses.
//!
//! An element x ∈ [0, p) is stored as k machine words: its base-r digits x_0..x_{k-1}, except
//! x = p − 1 = r^k ≡ −1, which has no k-digit base-r form and is stored as (0, …, 0, r).

use crate::error::{JitError, Result};
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rug::integer::{IsPrime, Order};
use rug::ops::Pow;
use rug::Integer;
use serde::Serialize;

/// A named preset prime.
pub struct Preset {
    /// Name for `--field` (`p3`, `p4`, `p5`).
    pub name: &'static str,
    /// The radix r (below 2^64: one device word per digit).
    pub r: u64,
    /// The exponent k of p = r^k + 1 (digits per element).
    pub k: u32,
}

/// The thesis' primes: P3 = (2^63 + 2^34)^8 + 1, P4 = (2^62 + 2^36)^16 + 1,
/// P5 = (2^62 + 2^56)^32 + 1.
pub const PRESETS: [Preset; 3] = [
    Preset {
        name: "p3",
        r: (1 << 63) + (1 << 34),
        k: 8,
    },
    Preset {
        name: "p4",
        r: (1 << 62) + (1 << 36),
        k: 16,
    },
    Preset {
        name: "p5",
        r: (1 << 62) + (1 << 56),
        k: 32,
    },
];

/// The largest k accepted: K = 2k is the base DFT size, held per work-group in local memory.
pub const MAX_K: u32 = 64;

/// A validated field description.
#[derive(Debug, Clone, Serialize)]
pub struct GfpField {
    /// The radix r; an element is k base-r digits on the device (p − 1 = r^k as top digit r).
    pub r: u64,
    /// The exponent k: p = r^k + 1.
    pub k: u32,
    /// p = r^k + 1, a prime.
    #[serde(serialize_with = "ser_int")]
    pub p: Integer,
    /// Bits of p.
    pub bits: u32,
    /// The largest s with 2^s | p − 1.
    pub two_adicity: u32,
}

pub(crate) fn ser_int<S: serde::Serializer>(x: &Integer, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&x.to_string())
}

impl GfpField {
    /// Checks r, k and the primality of r^k + 1.
    pub fn new(r: u64, k: u32) -> Result<GfpField> {
        if r % 2 == 1 {
            return Err(JitError::invalid(format!(
                "r = {r} is odd: r^k + 1 is then even; r must be even, 4 ≤ r < 2^64"
            )));
        }
        if r < 4 {
            return Err(JitError::invalid(format!(
                "r = {r} is too small: r must be even with 4 ≤ r < 2^64 (r = 2 gives the \
                 classical Fermat primes, too small for this representation)"
            )));
        }
        if k == 0 || !k.is_power_of_two() || k > MAX_K {
            return Err(JitError::invalid(format!(
                "k = {k} is not allowed: k must be a power of two, 1 ≤ k ≤ {MAX_K}"
            )));
        }
        let p = Integer::from(r).pow(k) + 1u32;
        if p.is_probably_prime(40) == IsPrime::No {
            return Err(JitError::invalid(format!(
                "p = r^k + 1 = {r}^{k} + 1 is not prime; choose another (r, k) or a preset \
                 (p3, p4, p5)"
            )));
        }
        let pm1 = Integer::from(&p - 1u32);
        let two_adicity = pm1.find_one(0).unwrap_or(0);
        let bits = p.significant_bits();
        Ok(GfpField {
            r,
            k,
            p,
            bits,
            two_adicity,
        })
    }

    /// A preset by name (`p3`, `p4`, `p5`, case-insensitive).
    pub fn preset(name: &str) -> Result<GfpField> {
        let low = name.to_ascii_lowercase();
        match PRESETS.iter().find(|p| p.name == low) {
            Some(p) => GfpField::new(p.r, p.k),
            None => Err(JitError::invalid(format!(
                "unknown prime '{name}': presets are p3 = (2^63 + 2^34)^8 + 1, \
                 p4 = (2^62 + 2^36)^16 + 1, p5 = (2^62 + 2^56)^32 + 1"
            ))),
        }
    }

    /// K = 2k: r is a primitive K-th root of unity (r^k = −1).
    pub fn big_k(&self) -> u32 {
        2 * self.k
    }

    /// r as an integer.
    pub fn r_int(&self) -> Integer {
        Integer::from(self.r)
    }

    /// x mod p in [0, p).
    pub fn reduce(&self, x: Integer) -> Integer {
        x.div_rem_euc(self.p.clone()).1
    }

    /// The k-word device form of x ∈ [0, p).
    pub fn to_digits(&self, x: &Integer) -> Vec<u64> {
        let k = self.k as usize;
        let mut out = vec![0u64; k];
        if *x == Integer::from(&self.p - 1u32) {
            out[k - 1] = self.r;
            return out;
        }
        let mut v = x.clone();
        for d in out.iter_mut() {
            let (q, rem) = v.div_rem_euc(self.r_int());
            *d = rem.to_u64().unwrap_or(0);
            v = q;
        }
        out
    }

    /// The value of a k-word device form (digits need not be canonical).
    pub fn from_digits(&self, d: &[u64]) -> Integer {
        let mut v = Integer::new();
        for &x in d.iter().rev() {
            v *= self.r;
            v += x;
        }
        self.reduce(v)
    }

    /// Whether a k-word form is the canonical one the device must produce.
    pub fn is_canonical(&self, d: &[u64]) -> bool {
        let k = self.k as usize;
        if d[k - 1] == self.r {
            return d[..k - 1].iter().all(|&x| x == 0);
        }
        d.iter().all(|&x| x < self.r)
    }

    /// `n` seeded values uniform (up to a negligible bias) in [0, p).
    pub fn random_elements(&self, n: usize, seed: u64) -> Vec<Integer> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let words = (self.bits as usize).div_ceil(64) + 2;
        (0..n)
            .map(|_| {
                let w: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
                self.reduce(Integer::from_digits(&w, Order::Lsf))
            })
            .collect()
    }

    /// Edge values: 0, 1, 2, p − 1 (= r^k), p − 2, r − 1, r, r^c and r^c − 1 for every digit c
    /// (carries across every digit), all digits r − 1 (= r^k − 1 = p − 2), and (r−1)·r^c.
    pub fn edge_values(&self) -> Vec<Integer> {
        let p = &self.p;
        let r = self.r_int();
        let mut v = vec![
            Integer::new(),
            Integer::from(1),
            Integer::from(2),
            Integer::from(p - 1u32),
            Integer::from(p - 2u32),
            Integer::from(&r - 1u32),
            r.clone(),
        ];
        for c in 1..self.k {
            let rc = r.clone().pow(c);
            v.push(Integer::from(&rc - 1u32));
            v.push(Integer::from(&rc + 1u32));
            v.push(Integer::from(&rc * (self.r - 1)));
            v.push(rc);
        }
        v.into_iter().map(|x| self.reduce(x)).collect()
    }

    /// Flattens elements into the transposed layout: digit c of element i at i + c·n.
    pub fn to_transposed(&self, xs: &[Integer]) -> Vec<u64> {
        let n = xs.len();
        let mut out = vec![0u64; n * self.k as usize];
        for (i, x) in xs.iter().enumerate() {
            for (c, d) in self.to_digits(x).into_iter().enumerate() {
                out[i + c * n] = d;
            }
        }
        out
    }

    /// Reads `n` elements from the transposed layout; refuses non-canonical forms.
    pub fn from_transposed(&self, data: &[u64], n: usize) -> Result<Vec<Integer>> {
        let k = self.k as usize;
        let mut out = Vec::with_capacity(n);
        let mut d = vec![0u64; k];
        for i in 0..n {
            for (c, slot) in d.iter_mut().enumerate() {
                *slot = data[i + c * n];
            }
            if !self.is_canonical(&d) {
                return Err(JitError::Device(format!(
                    "device element {i} is not in canonical digit form: {d:?}"
                )));
            }
            out.push(self.from_digits(&d));
        }
        Ok(out)
    }

    /// A primitive N-th root of unity ω_N (N = 2^log_n) with ω_N^(N/K) = r when N ≥ K, and
    /// ω_N = r^(K/N) when N ≤ K.
    pub fn root_of_unity(&self, log_n: u32) -> Result<Integer> {
        if log_n > self.two_adicity {
            return Err(JitError::invalid(format!(
                "N = 2^{log_n} is too large: p − 1 is divisible by 2^{} at most, so N ≤ 2^{}",
                self.two_adicity, self.two_adicity
            )));
        }
        let big_k = self.big_k() as u64;
        let n = 1u64.checked_shl(log_n).filter(|&n| n <= big_k);
        if let Some(n) = n {
            return Ok(Integer::from(
                self.r_int()
                    .pow_mod_ref(&Integer::from(big_k / n), &self.p)
                    .unwrap(),
            ));
        }
        let pm1 = Integer::from(&self.p - 1u32);
        let nn = Integer::from(1) << log_n;
        let exp = Integer::from(&pm1 / &nn);
        // A quadratic non-residue a gives a primitive N-th root a^((p−1)/N).
        let mut a = Integer::from(3);
        while a.legendre(&self.p) != -1 {
            a += 1;
        }
        let w = a.pow_mod(&exp, &self.p).unwrap();
        // w^(N/K) is a primitive K-th root; r = (w^(N/K))^u for one odd u < K.
        let nk = Integer::from(&nn / big_k);
        let wk = Integer::from(w.pow_mod_ref(&nk, &self.p).unwrap());
        let r = self.r_int();
        let mut acc = wk.clone();
        let wk2 = Integer::from(&wk * &wk) % &self.p;
        let mut u = 1u64;
        while u < big_k {
            if acc == r {
                return Ok(w.pow_mod(&Integer::from(u), &self.p).unwrap());
            }
            acc = (acc * &wk2) % &self.p;
            u += 2;
        }
        Err(JitError::invalid(format!(
            "no N-th root of unity maps to r for N = 2^{log_n} (internal error)"
        )))
    }

    /// x⁻¹ mod p; an error for x ≡ 0.
    pub fn inverse(&self, x: &Integer) -> Result<Integer> {
        x.clone()
            .invert(&self.p)
            .map_err(|_| JitError::invalid("0 has no inverse"))
    }

    /// Parses one decimal element, refusing negatives and values ≥ p.
    pub fn parse_element(&self, s: &str) -> std::result::Result<Integer, String> {
        let t = s.trim();
        if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!("'{t}' is not a non-negative decimal integer"));
        }
        let v = Integer::from_str_radix(t, 10).map_err(|e| e.to_string())?;
        if v >= self.p {
            return Err(format!(
                "{t} is not below p (a {}-bit number); values must lie in [0, p)",
                self.bits
            ));
        }
        Ok(v)
    }
}
