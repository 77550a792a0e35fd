//! Exact Montgomery arithmetic on the CPU with n 64-bit limbs (CIOS, u128 products), for the
//! NTT reference and the twiddle tables ([`powers`]). Tested against `rug`; fast enough to
//! check 2^24-point device results.

use super::montgomery::{to_limbs, LimbBits, MontParams};
use super::prime::PrimeField;
use rayon::prelude::*;
use rug::Integer;

/// An element: N little-endian 64-bit limbs.
pub type Elem<const N: usize> = [u64; N];

/// Arithmetic modulo p with N 64-bit limbs (R = 2^(64·N)).
#[derive(Debug, Clone)]
pub struct MontCpu<const N: usize> {
    p: Elem<N>,
    np: u64,
    r2: Elem<N>,
}

/// Calls `$f::<N>($args)` with N = the 64-bit limb count of `$field` (1..=16).
#[macro_export]
macro_rules! with_limbs64 {
    ($n:expr, $f:ident ( $($arg:expr),* )) => {
        match $n {
            1 => $f::<1>($($arg),*),
            2 => $f::<2>($($arg),*),
            3 => $f::<3>($($arg),*),
            4 => $f::<4>($($arg),*),
            5 => $f::<5>($($arg),*),
            6 => $f::<6>($($arg),*),
            7 => $f::<7>($($arg),*),
            8 => $f::<8>($($arg),*),
            9 => $f::<9>($($arg),*),
            10 => $f::<10>($($arg),*),
            11 => $f::<11>($($arg),*),
            12 => $f::<12>($($arg),*),
            13 => $f::<13>($($arg),*),
            14 => $f::<14>($($arg),*),
            15 => $f::<15>($($arg),*),
            _ => $f::<16>($($arg),*),
        }
    };
}

fn arr<const N: usize>(v: &[u64]) -> Elem<N> {
    let mut a = [0u64; N];
    a.copy_from_slice(&v[..N]);
    a
}

/// Number of 64-bit limbs the field needs.
pub fn limbs64(field: &PrimeField) -> usize {
    field.bits().div_ceil(64) as usize
}

impl<const N: usize> MontCpu<N> {
    /// Panics if N is not the field's 64-bit limb count (a programming error, not user input).
    pub fn new(field: &PrimeField) -> MontCpu<N> {
        let mp = MontParams::new(field, LimbBits::B64);
        assert_eq!(mp.limbs, N, "limb count");
        MontCpu {
            p: arr(&mp.p_limbs),
            np: mp.n_prime,
            r2: arr(&mp.limbs_of(&mp.r2)),
        }
    }

    fn geq_p(&self, a: &Elem<N>) -> bool {
        for j in (0..N).rev() {
            if a[j] != self.p[j] {
                return a[j] > self.p[j];
            }
        }
        true
    }

    fn sub_p(&self, a: &mut Elem<N>) {
        let mut borrow = 0u64;
        for (aj, pj) in a.iter_mut().zip(&self.p) {
            let (d, b1) = aj.overflowing_sub(*pj);
            let (d, b2) = d.overflowing_sub(borrow);
            *aj = d;
            borrow = (b1 | b2) as u64;
        }
    }

    /// (a + b) mod p for a, b < p.
    #[inline]
    pub fn add(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut t = [0u64; N];
        let mut carry = 0u64;
        for j in 0..N {
            let s = a[j] as u128 + b[j] as u128 + carry as u128;
            t[j] = s as u64;
            carry = (s >> 64) as u64;
        }
        if carry != 0 || self.geq_p(&t) {
            self.sub_p(&mut t);
        }
        t
    }

    /// (a − b) mod p for a, b < p.
    #[inline]
    pub fn sub(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut t = [0u64; N];
        let mut borrow = 0u64;
        for j in 0..N {
            let (d, b1) = a[j].overflowing_sub(b[j]);
            let (d, b2) = d.overflowing_sub(borrow);
            t[j] = d;
            borrow = (b1 | b2) as u64;
        }
        if borrow != 0 {
            let mut carry = 0u64;
            for (tj, pj) in t.iter_mut().zip(&self.p) {
                let s = *tj as u128 + *pj as u128 + carry as u128;
                *tj = s as u64;
                carry = (s >> 64) as u64;
            }
        }
        t
    }

    /// a·b·R⁻¹ mod p (CIOS).
    #[inline]
    pub fn mul(&self, a: &Elem<N>, b: &Elem<N>) -> Elem<N> {
        let mut t = [0u64; N];
        let mut tn = 0u64;
        for &bi in b.iter() {
            let mut c = 0u64;
            for j in 0..N {
                let s = t[j] as u128 + a[j] as u128 * bi as u128 + c as u128;
                t[j] = s as u64;
                c = (s >> 64) as u64;
            }
            let s = tn as u128 + c as u128;
            tn = s as u64;
            let tn1 = (s >> 64) as u64;
            let m = t[0].wrapping_mul(self.np);
            let s = t[0] as u128 + m as u128 * self.p[0] as u128;
            let mut c = (s >> 64) as u64;
            for j in 1..N {
                let s = t[j] as u128 + m as u128 * self.p[j] as u128 + c as u128;
                t[j - 1] = s as u64;
                c = (s >> 64) as u64;
            }
            let s = tn as u128 + c as u128;
            t[N - 1] = s as u64;
            tn = tn1 + (s >> 64) as u64;
        }
        if tn != 0 || self.geq_p(&t) {
            self.sub_p(&mut t);
        }
        t
    }

    /// a·R mod p (into Montgomery form).
    pub fn to_mont(&self, a: &Elem<N>) -> Elem<N> {
        self.mul(a, &self.r2)
    }

    /// a·R⁻¹ mod p (out of Montgomery form).
    pub fn from_mont(&self, a: &Elem<N>) -> Elem<N> {
        let mut one = [0u64; N];
        one[0] = 1;
        self.mul(a, &one)
    }

    /// Element `i` of a flat limb array.
    pub fn load(data: &[u64], i: usize) -> Elem<N> {
        arr(&data[i * N..(i + 1) * N])
    }
}

/// Powers computed per parallel chunk (each chunk starts from one pow_mod).
const CHUNK: usize = 4096;

fn powers_n<const N: usize>(
    mp: &MontParams,
    base: &Integer,
    count: usize,
    factor: &Integer,
) -> Vec<u64> {
    let f = &mp.field;
    let m = MontCpu::<N>::new(f);
    let p = &f.p;
    let limbs = |x: &Integer| -> [u64; N] {
        let v = to_limbs(x, LimbBits::B64, N);
        std::array::from_fn(|j| v[j])
    };
    let b = m.to_mont(&limbs(base));
    let mut out = vec![0u64; count * N];
    out.par_chunks_mut(CHUNK * N)
        .enumerate()
        .for_each(|(c, chunk)| {
            let start = base
                .clone()
                .pow_mod(&Integer::from(c * CHUNK), p)
                .expect("p > 0");
            let start = Integer::from(&start * factor) % p;
            let mut x = m.to_mont(&limbs(&start));
            for e in chunk.chunks_exact_mut(N) {
                e.copy_from_slice(&m.from_mont(&x));
                x = m.mul(&x, &b);
            }
        });
    out
}

/// base^t · factor mod p for t < count, standard form, flat 64-bit limbs.
pub fn powers(mp: &MontParams, base: &Integer, count: usize, factor: &Integer) -> Vec<u64> {
    let n = limbs64(&mp.field);
    with_limbs64!(n, powers_n(mp, base, count, factor))
}
