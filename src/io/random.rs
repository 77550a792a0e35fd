//! Seeded random inputs, so a failing check can be reproduced from its seed. One generator for
//! every route (in memory, streamed, pinned, MPI slabs, real input): [`fill_random`], drawn on
//! every core at memory speed, the same values for a seed whatever the thread count.

use num_complex::Complex64;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// Values a thread draws at a time (each block seeks its own start in the one stream).
const BLOCK: usize = 1 << 16;

/// `len` complex values with real and imaginary parts uniform in [−1, 1): the ChaCha8 stream
/// of `seed` in order, two uniform f64 a value.
pub fn random_complex(len: usize, seed: u64) -> Vec<Complex64> {
    // Zeroed on every core first (a serial `vec!` of 5 GB is seconds of first touch).
    let mut v: Vec<Complex64> = (0..len)
        .into_par_iter()
        .map(|_| Complex64::default())
        .collect();
    fill_random(seed, 0, &mut v, |c| c);
    v
}

/// Fills `out` with values `offset ..` of [`random_complex`]`(N, seed)` (any N past the end),
/// each converted by `from`, in parallel blocks. A uniform f64 in [−1, 1) takes one u64 (two
/// 32-bit words) and never rejects (the largest draw, 1 − 2^−52 scaled by 2, stays below 1),
/// so value i starts at word 4·i and a block can seek there: the bytes depend on the seed
/// alone, never on the thread count or the block size.
pub fn fill_random<C: Send>(
    seed: u64,
    offset: u64,
    out: &mut [C],
    from: impl Fn(Complex64) -> C + Sync,
) {
    out.par_chunks_mut(BLOCK)
        .enumerate()
        .for_each(|(b, chunk)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_word_pos(4 * (offset as u128 + (b * BLOCK) as u128));
            for v in chunk {
                let (re, im) = (rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0));
                *v = from(Complex64::new(re, im));
            }
        });
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The values one sequential ChaCha8 stream draws (what every route drew before the
    /// parallel fill, and what saved seeds refer to).
    fn sequential(len: usize, seed: u64) -> Vec<Complex64> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..len)
            .map(|_| Complex64::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
            .collect()
    }

    fn bytes(v: &[Complex64]) -> Vec<u8> {
        v.iter()
            .flat_map(|c| [c.re.to_le_bytes(), c.im.to_le_bytes()].concat())
            .collect()
    }

    #[test]
    fn same_seed_same_bytes_on_any_thread_count() {
        // Several blocks and a ragged last one.
        let len = 3 * BLOCK + 12_345;
        let want = bytes(&sequential(len, 42));
        for threads in [1, 2, 3, 8] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let got = pool.install(|| random_complex(len, 42));
            assert!(bytes(&got) == want, "{threads} thread(s)");
        }
        assert!(bytes(&random_complex(len, 43)) != want);
    }

    #[test]
    fn an_offset_continues_the_stream() {
        let all = sequential(2 * BLOCK + 7, 9);
        let off = BLOCK as u64 + 3;
        let mut part = vec![Complex64::default(); BLOCK];
        fill_random(9, off, &mut part, |c| c);
        assert!(part[..] == all[off as usize..off as usize + BLOCK]);
    }
}
