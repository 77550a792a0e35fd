//! CPU references (oracles), written for clarity and exactness; the tests trust them. One
//! module per domain, self-contained (rug, num-complex and the field helpers below them):
//!
//! - VC: [`naive`] (the matrix applied directly, O(N²), for N ≤ 4096), [`separable`] (a
//!   p-point DFT along each of the n axes, O(N·n·p), any size, multi-threaded),
//!   [`compare`](mod@compare) (relative L2 and max abs errors).
//! - MVL: [`mvl`] (spectra of truth vectors through the separable VC).
//! - NTT: [`ntt`] (radix-2 NTT on CPU Montgomery arithmetic; naive DFT with rug).
//! - GFP: [`gfp`] (field operations, naive DFT, radix-2 FFT and polynomial product with rug).
//! - Real input: [`real`] (numpy's rfftn / irfftn, the half spectrum, from the separable VC).
//! - Any-shape FFT: [`fft`] (RustFFT in f64 along each axis; numpy's `fftn`).
//! - Long products: [`mul`] (GMP's product of limb vectors).
//! - Fields: the constants come from GMP in `field::montgomery`; `field::check` is the
//!   oracle of user-given constants.

pub mod compare;
pub mod fft;
pub mod gfp;
pub mod mul;
pub mod mvl;
pub mod naive;
pub mod ntt;
pub mod real;
pub mod separable;

pub use compare::{compare, ErrorReport};
pub use naive::naive_vc;
pub use separable::separable_vc;
