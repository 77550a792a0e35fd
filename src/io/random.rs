//! Seeded random inputs, so a failing check can be reproduced from its seed.

use num_complex::Complex64;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `len` complex values with real and imaginary parts uniform in [−1, 1).
pub fn random_complex(len: usize, seed: u64) -> Vec<Complex64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..len)
        .map(|_| Complex64::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
        .collect()
}

/// A fresh seed from the clock, for "fresh random input" when the user gives none.
pub fn fresh_seed() -> u64 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    t ^ (std::process::id() as u64).rotate_left(32)
}

/// [`random_complex`] from `seed`, or from a [`fresh_seed`] when none is given; with the seed
/// used, for the report.
pub fn draw_complex(len: usize, seed: Option<u64>) -> (Vec<Complex64>, u64) {
    let s = seed.unwrap_or_else(fresh_seed);
    (random_complex(len, s), s)
}
