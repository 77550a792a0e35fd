//! What every transform shares: direction, element precision and normalisation, plain data
//! used by plans, generators, references and I/O alike.

use serde::Serialize;
use std::fmt;

/// Element type of a complex transform.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Precision {
    F32,
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

macro_rules! display_kebab {
    ($t:ty { $($v:ident => $s:expr),* $(,)? }) => {
        impl fmt::Display for $t {
            fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(match self { $(<$t>::$v => $s),* })
            }
        }
    };
}
display_kebab!(Precision { F32 => "f32", F64 => "f64" });
display_kebab!(Direction { Forward => "forward", Inverse => "inverse" });
display_kebab!(Norm { None => "none", Full => "full", Ortho => "ortho" });

/// p^e, or None on overflow.
pub fn checked_pow(p: u64, e: u32) -> Option<u64> {
    let mut acc: u64 = 1;
    for _ in 0..e {
        acc = acc.checked_mul(p)?;
    }
    Some(acc)
}
