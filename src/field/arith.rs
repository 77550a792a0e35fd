//! How a field's arithmetic is generated, decided by plans and read by the emitters
//! ([`super::emit`]): carry chains as portable C or inline PTX, lazy reduction where the
//! modulus leaves room for it.

use crate::field::MontParams;
use rug::Integer;

/// How carry chains are emitted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Arith {
    /// C macros with an explicit carry variable (every OpenCL device).
    Portable,
    /// Inline PTX carry chains (NVIDIA only).
    Ptx,
}

impl std::fmt::Display for Arith {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Arith::Portable => "portable",
            Arith::Ptx => "ptx",
        })
    }
}

/// How the field arithmetic is generated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FieldCfg {
    /// Portable C or inline PTX carry chains.
    pub arith: Arith,
    /// Values in [0, 2p) between operations (needs 4p < R: see [`lazy_ok`]).
    pub lazy: bool,
}

impl FieldCfg {
    /// Portable macros, fully reduced values.
    pub fn portable() -> FieldCfg {
        FieldCfg {
            arith: Arith::Portable,
            lazy: false,
        }
    }
}

/// R = 2^(w·n).
pub(crate) fn big_r(mp: &MontParams) -> Integer {
    Integer::from(Integer::u_pow_u(2, mp.limb.bits() * mp.limbs as u32))
}

/// 4p < R: values may stay in [0, 2p) (BN254: p < 2^254, R = 2^256).
pub fn lazy_ok(mp: &MontParams) -> bool {
    Integer::from(&mp.field.p * 4u32) < big_r(mp)
}

/// The even/odd multiplication needs an even limb count and 4p < R (its odd accumulator
/// then never overflows n words).
pub fn evenodd_ok(mp: &MontParams) -> bool {
    mp.limbs % 2 == 0 && lazy_ok(mp)
}
