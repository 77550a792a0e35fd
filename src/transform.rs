//! What every transform shares: direction, element precision and normalisation, plain data
//! used by plans, generators, references and I/O alike, and the roots of unity of the VC
//! definition (W\[i\]\[j\] = ω^(s·k), k = Σ_d i_d·j_d mod p).

use num_complex::Complex64;
use serde::Serialize;
use std::f64::consts::PI;

/// Element type of a complex transform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    /// 32-bit floats (float2 complex values).
    F32,
    /// 64-bit floats (double2; needs device double support).
    F64,
}

impl Precision {
    /// Bytes of one complex element.
    pub fn complex_bytes(self) -> u64 {
        match self {
            Precision::F32 => 8,
            Precision::F64 => 16,
        }
    }
}

/// Which way a transform runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Direction {
    /// S = conj(VC)·F (numpy's fftn).
    Forward,
    /// F = VC·S (numpy's ifftn times the normalisation).
    Inverse,
}

/// Scaling applied by whichever direction runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Norm {
    /// No scaling.
    None,
    /// Divide by p^n.
    Full,
    /// Divide by p^(n/2).
    Ortho,
}

/// `Display` and `FromStr` of a plain enum from one table of kebab-case names, so the CLI, the
/// Python module and the reports share one spelling; the parse error names the allowed values.
macro_rules! kebab_names {
    ($t:ty, $what:expr, { $($v:ident => $s:expr),* $(,)? }) => {
        impl std::fmt::Display for $t {
            fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(match self { $(<$t>::$v => $s),* })
            }
        }
        impl std::str::FromStr for $t {
            type Err = String;
            fn from_str(s: &str) -> std::result::Result<Self, String> {
                match s {
                    $($s => Ok(<$t>::$v),)*
                    _ => Err(format!(
                        "{} {s:?}: use {}",
                        $what,
                        [$($s),*].map(|n| format!("'{n}'")).join(", ")
                    )),
                }
            }
        }
    };
}
pub(crate) use kebab_names;
kebab_names!(Precision, "precision", { F32 => "f32", F64 => "f64" });
kebab_names!(Direction, "direction", { Forward => "forward", Inverse => "inverse" });
kebab_names!(Norm, "norm", { None => "none", Full => "full", Ortho => "ortho" });

/// What was computed, in the words every family shares.
#[derive(Debug, Clone, Serialize)]
pub struct TransformInfo {
    /// The family's transform: `vc`, `rfftn`, `irfftn`, `wht`, `ntt`, `gfp`, `mul`, `bent`, …
    pub kind: String,
    /// The shape of one run's input (numpy order; a batch first where there is one).
    pub shape: Vec<u64>,
    /// Element type on the device (`f32`, `f64`, `f16`, `bf16`; exact families: their field).
    pub precision: String,
    /// `forward` or `inverse` (`forward` for the analyses and the product).
    pub direction: String,
    /// Scaling (`none`, `full`, `ortho`; exact families: `full` on the inverse).
    pub norm: String,
}

/// p^e, or None on overflow.
pub fn checked_pow(p: u64, e: u32) -> Option<u64> {
    let mut acc: u64 = 1;
    for _ in 0..e {
        acc = acc.checked_mul(p)?;
    }
    Some(acc)
}

/// ω^(s·k) for the direction, computed from a reduced angle so that exact values stay exact
/// where they can (±1, ±i).
pub fn root(p: u32, k: u64, dir: Direction) -> Complex64 {
    let k = (k % p as u64) as i64;
    let s = match dir {
        Direction::Forward => -1,
        Direction::Inverse => 1,
    };
    let p = p as i64;
    // angle = 2π·(s·k mod p)/p, folded into (−π, π]
    let mut e = (s * k).rem_euclid(p);
    if 2 * e > p {
        e -= p;
    }
    if e == 0 {
        return Complex64::new(1.0, 0.0);
    }
    if 2 * e == p {
        return Complex64::new(-1.0, 0.0);
    }
    if 4 * e == p {
        return Complex64::new(0.0, 1.0);
    }
    if 4 * e == -p {
        return Complex64::new(0.0, -1.0);
    }
    let a = 2.0 * PI * e as f64 / p as f64;
    Complex64::new(a.cos(), a.sin())
}

/// k(i, j) = Σ digit products mod p: the index into X1 of W\[i\]\[j\].
pub fn digit_dot(p: u64, digits: u32, mut i: u64, mut j: u64) -> u64 {
    let mut k = 0;
    for _ in 0..digits {
        k += (i % p) * (j % p);
        i /= p;
        j /= p;
    }
    k % p
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for num_complex::Complex32 {}
    impl Sealed for num_complex::Complex64 {}
}

/// A complex element type the device buffers hold: `Complex32` (f32 plans) or `Complex64`
/// (f64 plans). Sealed: those two are all there is.
pub trait DeviceComplex: sealed::Sealed + bytemuck::Pod + Send + Sync {
    /// The real type of each half.
    type Real: ocl::OclPrm + bytemuck::Pod;
    /// The plan precision whose buffers hold this type.
    const PRECISION: Precision;
    /// Every real is finite (a branch-free pass the compiler vectorises).
    fn all_finite(reals: &[Self::Real]) -> bool;
    /// Both parts are finite.
    fn is_finite(&self) -> bool;
}

impl DeviceComplex for num_complex::Complex32 {
    type Real = f32;
    const PRECISION: Precision = Precision::F32;
    fn all_finite(reals: &[f32]) -> bool {
        reals.iter().fold(true, |ok, x| ok & x.is_finite())
    }
    fn is_finite(&self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }
}

impl DeviceComplex for num_complex::Complex64 {
    type Real = f64;
    const PRECISION: Precision = Precision::F64;
    fn all_finite(reals: &[f64]) -> bool {
        reals.iter().fold(true, |ok, x| ok & x.is_finite())
    }
    fn is_finite(&self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roots_exact_where_possible() {
        assert_eq!(root(4, 1, Direction::Forward), Complex64::new(0.0, -1.0));
        assert_eq!(root(4, 1, Direction::Inverse), Complex64::new(0.0, 1.0));
        assert_eq!(root(6, 3, Direction::Forward), Complex64::new(-1.0, 0.0));
        let w = root(3, 1, Direction::Forward);
        assert!((w - Complex64::from_polar(1.0, -2.0 * PI / 3.0)).norm() < 1e-15);
    }
}
