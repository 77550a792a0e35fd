//! The VC transform as n one-dimensional p-point DFTs, one along each axis of the
//! (p, …, p) array (row-major, digit x1 most significant). Axes are done one after another;
//! the lines of an axis in parallel, split into lane tiles where an axis has few blocks.

use crate::error::{JitError, Result};
use crate::transform::root;
use crate::transform::Direction;
use num_complex::Complex64;
use rayon::prelude::*;

/// The VC transform of `input` (p^n values, row-major) as one p-point DFT per axis, O(N·n·p), any
/// size, times `scale`; the lines of each axis run in parallel.
///
/// Errors: `input.len()` ≠ p^n.
pub fn separable_vc(
    p: u32,
    n: u32,
    input: &[Complex64],
    dir: Direction,
    scale: f64,
) -> Result<Vec<Complex64>> {
    let pu = p as usize;
    let len = input.len();
    if (pu as u128).checked_pow(n) != Some(len as u128) {
        return Err(JitError::invalid(format!(
            "separable_vc: input has {len} values, not {p}^{n}"
        )));
    }
    // m[i][j] = ω^(s·i·j)
    let m: Vec<Complex64> = (0..pu * pu)
        .map(|ij| root(p, ((ij / pu) * (ij % pu)) as u64, dir))
        .collect();
    // Both copies made on every core: at 3^19 each is 18.6 GB, first touch included.
    let mut a: Vec<Complex64> = input.par_iter().copied().collect();
    let mut b: Vec<Complex64> = (0..len)
        .into_par_iter()
        .map(|_| Complex64::new(0.0, 0.0))
        .collect();
    let mut stride = 1usize;
    for _axis in 0..n {
        axis_pass(pu, stride, &m, &a, &mut b);
        std::mem::swap(&mut a, &mut b);
        stride *= pu;
    }
    if scale != 1.0 {
        a.par_iter_mut().for_each(|v| *v *= scale);
    }
    Ok(a)
}

/// Lanes a task takes at once: the last axes have few blocks (one block at the last), so
/// their lanes are split too, or those axes would run on one thread (minutes at 3^20).
const LANE_TILE: usize = 4096;

/// `out` ← the p-point DFT (matrix `m`) along the axis of `stride`: a block of p·stride
/// values holds `stride` lines of it, row i of the block at i·stride (contiguous lanes).
/// Tasks are (block, lane tile) pairs, every output row of a tile accumulated over j in
/// order, so the sums are the same at any thread count.
fn axis_pass(pu: usize, stride: usize, m: &[Complex64], inp: &[Complex64], out: &mut [Complex64]) {
    let block = pu * stride;
    let tiles = stride.div_ceil(LANE_TILE);
    let out_ptr = SharedOut(out.as_mut_ptr());
    (0..inp.len() / block * tiles)
        .into_par_iter()
        .for_each(|task| {
            let (blk, tile) = (task / tiles, task % tiles);
            let lanes = tile * LANE_TILE..((tile + 1) * LANE_TILE).min(stride);
            let base = blk * block;
            for i in 0..pu {
                // SAFETY: task (blk, tile) alone writes rows i·stride + lanes of block blk: the
                // ranges of different tasks are disjoint and lie inside `out`, which outlives the
                // parallel loop.
                let row = unsafe {
                    std::slice::from_raw_parts_mut(
                        out_ptr.get().add(base + i * stride + lanes.start),
                        lanes.len(),
                    )
                };
                row.fill(Complex64::new(0.0, 0.0));
                for j in 0..pu {
                    let w = m[i * pu + j];
                    let src = &inp[base + j * stride + lanes.start..base + j * stride + lanes.end];
                    row.iter_mut().zip(src).for_each(|(o, x)| *o += w * x);
                }
            }
        });
}

/// The output pointer shared by the tasks of [`axis_pass`], each writing its own rows.
#[derive(Clone, Copy)]
struct SharedOut(*mut Complex64);
// SAFETY: tasks write disjoint ranges (see `axis_pass`).
unsafe impl Send for SharedOut {}
unsafe impl Sync for SharedOut {}

impl SharedOut {
    fn get(self) -> *mut Complex64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference::naive_vc;

    fn random(len: usize, seed: u64) -> Vec<Complex64> {
        use rand::{Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        (0..len)
            .map(|_| Complex64::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
            .collect()
    }

    #[test]
    fn matches_naive_for_many_p() -> crate::Result<()> {
        for (p, n) in [
            (2, 5),
            (3, 4),
            (4, 3),
            (5, 3),
            (6, 2),
            (7, 2),
            (8, 2),
            (9, 2),
            (11, 2),
            (13, 2),
            (16, 2),
        ] {
            let x = random((p as usize).pow(n), 17 + p as u64);
            for dir in [Direction::Forward, Direction::Inverse] {
                let a = naive_vc(p, n, &x, dir, 1.0)?;
                let b = separable_vc(p, n, &x, dir, 1.0)?;
                let err = crate::reference::compare(&b, &a);
                assert!(err.rel_l2 < 1e-13, "p={p} n={n} {dir:?}: {err:?}");
            }
        }
        Ok(())
    }

    #[test]
    fn lane_tiles_match_rustfft_past_one_tile() {
        // 3^9: the last axes have strides 2187 and 6561, one tile and two uneven ones.
        let (p, n) = (3u32, 9u32);
        let x = random(3usize.pow(n), 5);
        let shape = vec![p as u64; n as usize];
        let axes: Vec<usize> = (0..n as usize).collect();
        for dir in [Direction::Forward, Direction::Inverse] {
            let want = crate::reference::fft::fftn(&x, &shape, &axes, dir, 1.0);
            let got = separable_vc(p, n, &x, dir, 1.0).unwrap();
            let err = crate::reference::compare(&got, &want);
            assert!(err.rel_l2 < 1e-13, "{dir:?}: {err:?}");
        }
    }

    #[test]
    fn hand_computed_cases() -> crate::Result<()> {
        // p = 2, n = 1: [a+b, a-b]
        let x = [Complex64::new(3.0, 0.0), Complex64::new(1.0, 0.0)];
        let y = separable_vc(2, 1, &x, Direction::Forward, 1.0)?;
        assert_eq!(y, vec![Complex64::new(4.0, 0.0), Complex64::new(2.0, 0.0)]);
        // p = 3, n = 1, x = δ_1: y_k = ω^(−k) = e^(−2πik/3)
        let one = Complex64::new(1.0, 0.0);
        let zero = Complex64::new(0.0, 0.0);
        let y = naive_vc(3, 1, &[zero, one, zero], Direction::Forward, 1.0)?;
        let s = 3f64.sqrt() / 2.0;
        let want = [one, Complex64::new(-0.5, -s), Complex64::new(-0.5, s)];
        for (a, b) in y.iter().zip(want) {
            assert!((a - b).norm() < 1e-15);
        }
        // p = 4, n = 2, x = δ at (x1, x2) = (0, 1): S[k1, k2] = (−i)^(k2)
        let mut x = vec![zero; 16];
        x[1] = one;
        let y = separable_vc(4, 2, &x, Direction::Forward, 1.0)?;
        let mi = Complex64::new(0.0, -1.0);
        for (k, yk) in y.iter().enumerate() {
            assert!((yk - mi.powu((k % 4) as u32)).norm() < 1e-15, "k={k}");
        }
        Ok(())
    }

    #[test]
    fn inverse_undoes_forward() -> crate::Result<()> {
        let x = random(3usize.pow(7), 5);
        let y = separable_vc(3, 7, &x, Direction::Forward, 1.0)?;
        let z = separable_vc(3, 7, &y, Direction::Inverse, 1.0 / 2187.0)?;
        assert!(crate::reference::compare(&z, &x).rel_l2 < 1e-14);
        Ok(())
    }
}
