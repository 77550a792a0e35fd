//! The CPU references in f64: the Hadamard matrix product itself (O(N²), small rows) and
//! the fast transform (one butterfly sweep a bit, O(N log N)); unit tests tie the two.

use rayon::prelude::*;

/// `scipy.linalg.hadamard(n) @ row` for each row, times `scale`: H[i][j] = (−1)^popcount(i & j).
pub fn hadamard_matvec(x: &[f64], row_len: usize, scale: f64) -> Vec<f64> {
    x.par_chunks(row_len)
        .flat_map_iter(|row| {
            (0..row_len).map(move |i| {
                let s: f64 = row
                    .iter()
                    .enumerate()
                    .map(|(j, &v)| if (i & j).count_ones() % 2 == 0 { v } else { -v })
                    .sum();
                s * scale
            })
        })
        .collect()
}

/// The same product, fast: a butterfly sweep per bit (separable over the bits), times `scale`.
/// Rows run in parallel; a long row (few rows) runs each sweep's butterflies in parallel.
pub fn fast_wht(x: &[f64], row_len: usize, scale: f64) -> Vec<f64> {
    let mut y = x.to_vec();
    if x.len() / row_len >= rayon::current_num_threads() {
        y.par_chunks_mut(row_len)
            .for_each(|row| sweep(row, scale, false));
    } else {
        y.chunks_mut(row_len)
            .for_each(|row| sweep(row, scale, true));
    }
    y
}

fn butterfly(lo: &mut [f64], hi: &mut [f64]) {
    for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
        let s = *a + *b;
        *b = *a - *b;
        *a = s;
    }
}

/// Every bit's butterflies over one row, then the scale; `parallel` splits each sweep.
fn sweep(row: &mut [f64], scale: f64, parallel: bool) {
    const CHUNK: usize = 1 << 14;
    let mut h = 1;
    while h < row.len() {
        if !parallel {
            row.chunks_mut(2 * h).for_each(|b| {
                let (lo, hi) = b.split_at_mut(h);
                butterfly(lo, hi)
            });
        } else if 2 * h <= CHUNK {
            row.par_chunks_mut(CHUNK.min(row.len())).for_each(|c| {
                c.chunks_mut(2 * h).for_each(|b| {
                    let (lo, hi) = b.split_at_mut(h);
                    butterfly(lo, hi)
                })
            });
        } else {
            row.chunks_mut(2 * h).for_each(|b| {
                let (lo, hi) = b.split_at_mut(h);
                lo.par_chunks_mut(CHUNK)
                    .zip(hi.par_chunks_mut(CHUNK))
                    .for_each(|(l, r)| butterfly(l, r));
            });
        }
        h *= 2;
    }
    if parallel {
        row.par_iter_mut().for_each(|v| *v *= scale);
    } else {
        row.iter_mut().for_each(|v| *v *= scale);
    }
}

/// Relative L2 and largest absolute error of `got` against `want`.
pub fn errors(got: &[f64], want: &[f64]) -> (f64, f64) {
    let (mut num, mut den, mut max) = (0.0f64, 0.0f64, 0.0f64);
    for (g, w) in got.iter().zip(want) {
        let d = g - w;
        num += d * d;
        den += w * w;
        max = max.max(d.abs());
    }
    let rel = if den > 0.0 {
        (num / den).sqrt()
    } else {
        num.sqrt()
    };
    (rel, max)
}

/// Relative L2 tolerance of a check per storage.
pub fn tolerance(st: super::Storage) -> f64 {
    use super::Storage;
    match st {
        Storage::F64 => 1e-13,
        Storage::F32 => 2e-6,
        Storage::F16 => 2e-3,
        Storage::Bf16 => 2e-2,
    }
}

/// A device result against this reference.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Check {
    /// Relative L2 error.
    pub rel_l2: f64,
    /// Largest absolute error.
    pub max_abs: f64,
    /// The storage's tolerance on `rel_l2`.
    pub tolerance: f64,
    /// `rel_l2` within it.
    pub passed: bool,
}

/// `got` (rows of `row_len`) against the fast transform of `input` scaled by `scale`, at the
/// tolerance of `st`.
pub fn check(got: &[f64], input: &[f64], row_len: usize, scale: f64, st: super::Storage) -> Check {
    let want = fast_wht(input, row_len, scale);
    let (rel_l2, max_abs) = errors(got, &want);
    Check {
        rel_l2,
        max_abs,
        tolerance: tolerance(st),
        passed: rel_l2 <= tolerance(st),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_equals_the_matrix_product() {
        let x: Vec<f64> = (0..3 * 64)
            .map(|i| ((i * 37 % 101) as f64) - 50.0)
            .collect();
        let a = hadamard_matvec(&x, 64, 0.5);
        let b = fast_wht(&x, 64, 0.5);
        assert!(errors(&b, &a).0 < 1e-15);
        // H(2) = [[1, 1], [1, -1]]: the smallest case written out.
        assert_eq!(fast_wht(&[3.0, 5.0], 2, 1.0), vec![8.0, -2.0]);
    }

    #[test]
    fn a_long_row_sweeps_in_parallel_alike() {
        let x: Vec<f64> = (0..1 << 16).map(|i| ((i * 7919) % 1013) as f64).collect();
        let mut serial = x.clone();
        sweep(&mut serial, 0.25, false);
        assert_eq!(fast_wht(&x, 1 << 16, 0.25), serial);
    }

    #[test]
    fn applied_twice_gives_n_times_the_input() {
        let x: Vec<f64> = (0..256).map(|i| (i as f64).sin()).collect();
        let y = fast_wht(&fast_wht(&x, 256, 1.0), 256, 1.0 / 256.0);
        assert!(errors(&y, &x).0 < 1e-14);
    }
}
