//! The any-shape FFT on the device against RustFFT in f64 (`reference::fft`): lengths with
//! every kind of factor (powers of 2, 3, 5, 7, grouped radices, primes up to the codelet
//! limit, Bluestein's large primes), n-D shapes and axis subsets, both directions and every
//! scaling, f32 and f64, on fresh random input.

mod common;

use jitfft::fft::{FftPlan, FftTransform};
use jitfft::reference::{compare, fft::fftn};
use jitfft::transform::{Direction, Norm, Precision};
use num_complex::Complex64;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random(len: u64, seed: u64) -> Vec<Complex64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..len)
        .map(|_| Complex64::new(rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
        .collect()
}

/// The tolerance of a precision (relative L2), as `--check` states it.
fn tol(p: Precision) -> f64 {
    match p {
        Precision::F32 => 2e-6,
        Precision::F64 => 1e-13,
    }
}

fn check(
    gpu: &jitfft::runtime::Gpu,
    shape: &[u64],
    axes: &[i64],
    dir: Direction,
    norm: Norm,
    prec: Precision,
) {
    let plan = FftPlan::new(shape, axes, dir, norm, prec).unwrap();
    let tr = FftTransform::new(gpu, &plan).unwrap();
    let x = random(plan.len(), common::seed() ^ plan.len());
    let (y, _) = tr.execute(gpu, &x).unwrap();
    let want = fftn(&x, &plan.shape, &plan.axes, dir, plan.scale());
    let e = compare(&y, &want);
    assert!(
        e.passes(tol(prec)),
        "shape {shape:?} axes {axes:?} {dir} {norm} {prec}: rel L2 {:.3e}, max {:.3e} ({:?})",
        e.rel_l2,
        e.max_abs,
        plan.axis_plans
    );
}

/// Lengths of every kind: by default a sample (each kind of factor, grouped radices, fused
/// launches, Bluestein); under `JITFFT_EXHAUSTIVE=1` every length up to 100, every
/// 2^a·3^b·5^c·7^d up to 4096, every eighth prime up to 4096 and large ones: about 376
/// programs at about 1 s of PoCL compile each (every length to 4096 would be 70 minutes).
fn lengths() -> Vec<u64> {
    let sample = [
        1, 2, 3, 7, 12, 16, 30, 31, 37, 97, 210, 256, 1000, 1024, 4096, 6561,
    ];
    if !common::exhaustive() {
        return sample.to_vec();
    }
    let smooth = |n: u64| jitfft::fft::plan::factorize(n).iter().all(|&p| p <= 7);
    let prime = |n: u64| n > 1 && jitfft::fft::plan::factorize(n).len() == 1;
    let primes: Vec<u64> = (101..=4096u64).filter(|&n| prime(n)).step_by(8).collect();
    let mut all: Vec<u64> = (1..=4096u64).filter(|&n| n <= 100 || smooth(n)).collect();
    all.extend(primes);
    all.extend([10007, 65536, 65537, 1 << 17, 1_000_003, 3u64.pow(12) * 7]);
    all
}

/// The lengths of shard `k` of 4 (nextest runs the shards in parallel, each well within its
/// time limit under `JITFFT_EXHAUSTIVE=1`).
fn shard(k: usize) {
    let gpu = common::gpu();
    for n in lengths().into_iter().skip(k).step_by(4) {
        check(
            &gpu,
            &[n],
            &[],
            Direction::Forward,
            Norm::None,
            Precision::F32,
        );
    }
}

#[test]
fn one_dimensional_lengths_shard_0() {
    shard(0)
}

#[test]
fn one_dimensional_lengths_shard_1() {
    shard(1)
}

#[test]
fn one_dimensional_lengths_shard_2() {
    shard(2)
}

#[test]
fn one_dimensional_lengths_shard_3() {
    shard(3)
}

#[test]
fn shapes_axes_directions_and_norms() {
    let gpu = common::gpu();
    check(
        &gpu,
        &[6, 10],
        &[],
        Direction::Forward,
        Norm::None,
        Precision::F32,
    );
    check(
        &gpu,
        &[3, 4, 5],
        &[],
        Direction::Inverse,
        Norm::Full,
        Precision::F32,
    );
    check(
        &gpu,
        &[3, 4, 5],
        &[0, 2],
        Direction::Forward,
        Norm::Ortho,
        Precision::F32,
    );
    check(
        &gpu,
        &[8, 37, 6],
        &[-2],
        Direction::Inverse,
        Norm::None,
        Precision::F32,
    );
    check(
        &gpu,
        &[5, 41],
        &[0, 1],
        Direction::Forward,
        Norm::None,
        Precision::F64,
    );
    check(
        &gpu,
        &[1000, 12],
        &[0],
        Direction::Forward,
        Norm::Full,
        Precision::F64,
    );
}
