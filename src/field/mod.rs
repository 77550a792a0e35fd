//! Prime fields for number-theoretic transforms: a field description (modulus, generator,
//! 2-adicity, roots of unity), its Montgomery constants for 32- or 64-bit limbs derived with
//! GMP through `rug`, an exact CPU arithmetic checked against `rug`, and a checker that says
//! what a wrong user-supplied constant is instead.

pub mod arith;
pub mod check;
pub mod cpu;
pub mod device;
pub mod emit;
pub mod inspect;
pub mod montgomery;
pub mod parse;
pub mod prime;
pub mod setup;

pub use arith::{evenodd_ok, lazy_ok, Arith, FieldCfg};
pub use montgomery::{LimbBits, MontParams};
pub use prime::{PrimeField, PRESETS};
pub use setup::{FieldSpec, Generator};
