//! MVL test helpers: functions with known spectra and the per-item bent kernel's checks
//! (shared by `tests/mvl.rs` and `tests/mvl_split.rs`).

use jitfft::mvl::bent::{bent_plan_with, classify_cpu, BentClassifier};
use jitfft::mvl::{reference_spectrum, TruthVectors};
use jitfft::runtime::Gpu;
use jitfft::vc::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Digits of x (least significant first).
pub fn digits(p: u32, n: u32, x: u32) -> Vec<u32> {
    (0..n).map(|i| x / p.pow(i) % p).collect()
}

/// The truth vector of `f` over all x in natural order (digit 0 least significant).
pub fn table(p: u32, n: u32, f: impl Fn(&[u32]) -> u32) -> Vec<u32> {
    (0..p.pow(n)).map(|x| f(&digits(p, n, x)) % p).collect()
}

/// Maiorana–McFarland over GF(p)^(2k): f(x, y) = x·π(y) + g(y), π a permutation of GF(p)^k.
pub fn maiorana_mcfarland(p: u32, k: u32, rng: &mut ChaCha8Rng) -> Vec<u32> {
    let m = p.pow(k) as usize;
    let mut perm: Vec<u32> = (0..m as u32).collect();
    for i in (1..m).rev() {
        perm.swap(i, rng.gen_range(0..=i));
    }
    let g: Vec<u32> = (0..m).map(|_| rng.gen_range(0..p)).collect();
    table(p, 2 * k, |d| {
        let (x, y) = d.split_at(k as usize);
        let yi = y.iter().rev().fold(0, |a, &v| a * p + v) as usize;
        let py = digits(p, k, perm[yi]);
        x.iter().zip(&py).map(|(a, b)| a * b).sum::<u32>() + g[yi]
    })
}

/// A random function of n variables.
pub fn random_fn(p: u32, n: u32, rng: &mut ChaCha8Rng) -> Vec<u32> {
    (0..p.pow(n)).map(|_| rng.gen_range(0..p)).collect()
}

/// The per-item bent kernel on each (p, n, functions) case, under the schedule the process's
/// environment gives (`split`: `JITFFT_PER_ITEM=split…`, p work-items a function for n ≥ 2):
/// min/max |S| against the f64 reference spectrum, verdicts against the CPU, the tile kernel's
/// (`--fused-values p`) verdicts and norms for a few cases, and the first out-of-range value
/// found across functions, in the tail work-group too.
pub fn check_per_item_cases(gpu: &Gpu, seed: u64, cases: &[(u32, u32, u64)], split: bool) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for &(p, n, b) in cases {
        let mut values = Vec::new();
        let mut bent = Vec::new();
        for f in 0..b {
            // Every third function bent where a construction is at hand (n even; x² for n = 1,
            // p odd), the others random.
            let v = if f % 3 == 0 && n % 2 == 0 {
                maiorana_mcfarland(p, n / 2, &mut rng)
            } else if f % 3 == 0 && n == 1 && p % 2 == 1 {
                (0..p).map(|x| x * x % p).collect()
            } else {
                random_fn(p, n, &mut rng)
            };
            values.extend_from_slice(&v);
            bent.push(v);
        }
        let truth = TruthVectors::from_values(p, n, b, &values).expect("truth");
        let cpu = classify_cpu(&truth).expect("cpu");
        let what = |f: usize| format!("p={p} n={n} B={b} function {f} (seed {seed})");
        let c = BentClassifier::new(gpu, p, n, b, Precision::F32).expect("classifier");
        assert!(
            c.tr.schedule
                .fused_passes()
                .all(|f| f.per_item && f.threads() == if split && n >= 2 { p as u64 } else { 1 }),
            "p={p} n={n}: per-item kernel, split {split}"
        );
        let (v, _) = c.classify(gpu, &truth).expect("classify");
        let tol = 1e-4 * (p as f64).powi(n as i32);
        for (f, vals) in bent.iter().enumerate() {
            let s = reference_spectrum(p, n, vals).expect("reference");
            let lo = s.iter().map(|c| c.norm()).fold(f64::INFINITY, f64::min);
            let hi = s.iter().map(|c| c.norm()).fold(0.0, f64::max);
            assert!(
                (v.min_abs[f] - lo).abs() < tol,
                "{}: min {} vs {lo}",
                what(f),
                v.min_abs[f]
            );
            assert!(
                (v.max_abs[f] - hi).abs() < tol,
                "{}: max {} vs {hi}",
                what(f),
                v.max_abs[f]
            );
            assert_eq!(v.bent[f], cpu.bent[f], "{}: verdict", what(f));
        }
        // The tile kernel (3 values a work-item) gives the same verdicts and near-equal norms.
        if matches!((p, n), (3, 4) | (2, 6) | (5, 2)) {
            let tile = BentClassifier::with_plan(
                gpu,
                &bent_plan_with(p, n, b, Precision::F32, Some(p)).expect("plan"),
            )
            .expect("tile classifier");
            assert!(tile.tr.schedule.fused_passes().all(|f| !f.per_item));
            let (t, _) = tile.classify(gpu, &truth).expect("classify");
            assert_eq!(t.bent, v.bent, "p={p} n={n}: tile and per-item verdicts");
            for f in 0..b as usize {
                assert!((t.min_abs[f] - v.min_abs[f]).abs() < tol, "{}", what(f));
                assert!((t.max_abs[f] - v.max_abs[f]).abs() < tol, "{}", what(f));
            }
            tile.release().expect("release");
        }
        // Out of range: the lowest offending flat index wins, in the tail work-group too.
        if b >= 3 {
            let len = (p as usize).pow(n);
            let last = b as usize - 1;
            let mut bad = truth.clone();
            bad.data[last * len + len - 1] = p as u8;
            let e = c.classify(gpu, &bad).unwrap_err().to_string();
            assert!(
                e.contains(&format!("function {last}"))
                    && e.contains(&format!("position {}", len - 1)),
                "{e}"
            );
            bad.data[(last - 1) * len] = 255;
            bad.data[1] = p as u8;
            let e = c.classify(gpu, &bad).unwrap_err().to_string();
            assert!(
                e.contains("function 0:") && e.contains("position 1 "),
                "{e}"
            );
            // A good run after the failures: the flag was reset.
            let (again, _) = c.classify(gpu, &truth).expect("classify");
            assert_eq!(again.bent, v.bent);
        }
        c.release().expect("release");
    }
}
