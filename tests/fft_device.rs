//! The any-shape FFT on the device against RustFFT in f64 (`reference::fft`): lengths with
//! every kind of factor (powers of 2, 3, 5, 7, grouped radices, primes up to the codelet
//! limit, Bluestein's large primes), n-D shapes and axis subsets, both directions and every
//! scaling, f32 and f64, and 16-bit storage (f16, bf16: every device array in 16 bits, f32
//! arithmetic) on fresh random input.

mod common;

use jitfft::fft::hermitian::{crop, RealFft};
use jitfft::fft::{FftPlan, FftTransform, NumpyNorm};
use jitfft::reference::{compare, fft::fftn};
use jitfft::storage::HalfStorage;
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

/// The sample of the default run: each kind of factor, grouped radices, fused launches,
/// Bluestein.
const SAMPLE: [u64; 16] = [
    1, 2, 3, 7, 12, 16, 30, 31, 37, 97, 210, 256, 1000, 1024, 4096, 6561,
];

/// Beyond 4096 in the exhaustive run: a large prime over its Bluestein convolution, powers
/// of 2 past one local-memory launch, a Fermat prime, a million and three, 3^12·7.
const LARGE: [u64; 6] = [10007, 65536, 65537, 1 << 17, 1_000_003, 3u64.pow(12) * 7];

/// Shards of the length sweep (nextest runs them in parallel): 16 under
/// `JITFFT_EXHAUSTIVE=1`, each well within nextest's 20-minute limit on a busy 2-core machine;
/// the default run's sample over the first 8 (the others return at once, opening nothing).
fn shards() -> u64 {
    match common::exhaustive() {
        true => 16,
        false => 8,
    }
}

/// The program a length's plan builds, as far as lengths share it: a Bluestein length's
/// convolution length (every n of one m shares one program), else None.
fn bluestein_m(n: u64) -> Option<u64> {
    match jitfft::fft::plan::decompose(n) {
        jitfft::fft::plan::Method::Bluestein { m, .. } => Some(m),
        _ => None,
    }
}

/// The lengths of shard `k`: by default the sample; under `JITFFT_EXHAUSTIVE=1` every length
/// 1…4096 and the large ones, the lengths of one program (the length, or a Bluestein
/// length's m) in one shard, where it is built once.
fn shard_lengths(k: u64) -> Vec<u64> {
    let all: Vec<u64> = match common::exhaustive() {
        true => (1..=4096).chain(LARGE).collect(),
        false => SAMPLE.to_vec(),
    };
    let key = |n: u64| bluestein_m(n).map_or(2 * n, |m| 2 * m + 1);
    let mut keys: Vec<u64> = all.iter().map(|&n| key(n)).collect();
    keys.sort_unstable();
    keys.dedup();
    all.into_iter()
        .filter(|&n| keys.binary_search(&key(n)).unwrap() as u64 % shards() == k)
        .collect()
}

/// Every length of shard `k` forward and inverse, the scaling by the length: one program per
/// length and precision serves both directions and every scaling (the host's `pre` and
/// `post`), and one per convolution length every Bluestein length of it. Under
/// `JITFFT_EXHAUSTIVE=1` in f32 and f64 (about 2,600 programs: measured, two eighths of them
/// took over 356 s of one core each, so about 3,000 core-seconds, some 25 minutes on 2
/// cores); the default run's sample in one precision a length, by turns. Built without the optimiser, as the default run builds: the sweep
/// checks the generated index maps and tables, a few thousand values a program.
fn shard(k: u64) {
    let lengths = shard_lengths(k);
    if lengths.is_empty() {
        return;
    }
    let gpu = common::gpu_unoptimised();
    let both = [Precision::F32, Precision::F64];
    for (i, n) in lengths.into_iter().enumerate() {
        let precisions = match common::exhaustive() {
            true => &both[..],
            false => &both[i % 2..i % 2 + 1],
        };
        for &prec in precisions {
            for dir in [Direction::Forward, Direction::Inverse] {
                let turn = n / 2 + u64::from(dir == Direction::Inverse);
                let norm = [Norm::None, Norm::Full, Norm::Ortho][(turn % 3) as usize];
                check(&gpu, &[n], &[], dir, norm, prec);
            }
        }
    }
}

/// One test per shard (nextest runs them in parallel).
macro_rules! shards {
    ($($name:ident = $k:expr),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                shard($k)
            }
        )*
    };
}

shards!(
    one_dimensional_lengths_shard_0 = 0,
    one_dimensional_lengths_shard_1 = 1,
    one_dimensional_lengths_shard_2 = 2,
    one_dimensional_lengths_shard_3 = 3,
    one_dimensional_lengths_shard_4 = 4,
    one_dimensional_lengths_shard_5 = 5,
    one_dimensional_lengths_shard_6 = 6,
    one_dimensional_lengths_shard_7 = 7,
    one_dimensional_lengths_shard_8 = 8,
    one_dimensional_lengths_shard_9 = 9,
    one_dimensional_lengths_shard_10 = 10,
    one_dimensional_lengths_shard_11 = 11,
    one_dimensional_lengths_shard_12 = 12,
    one_dimensional_lengths_shard_13 = 13,
    one_dimensional_lengths_shard_14 = 14,
    one_dimensional_lengths_shard_15 = 15,
);

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

/// A half-storage plan against the f64 reference of the values it stores (the input rounded
/// to 16 bits), within the storage's `--check` tolerance; its bytes half the f32 plan's.
fn check_half(
    gpu: &jitfft::runtime::Gpu,
    shape: &[u64],
    axes: &[i64],
    (dir, norm): (Direction, Norm),
    h: HalfStorage,
) {
    let plan = FftPlan::new(shape, axes, dir, norm, Precision::F32).unwrap();
    let half = plan.clone().with_half(Some(h)).unwrap();
    let tr = FftTransform::new(gpu, &half).unwrap();
    let x: Vec<Complex64> = random(plan.len(), common::seed() ^ plan.len())
        .iter()
        .map(|c| h.round(*c))
        .collect();
    let (y, _) = tr.execute(gpu, &x).unwrap();
    let want = fftn(&x, &plan.shape, &plan.axes, dir, plan.scale());
    let e = compare(&y, &want);
    assert!(
        e.passes(h.tolerance()),
        "shape {shape:?} axes {axes:?} {dir} {norm} {h}: rel L2 {:.3e}, max {:.3e}",
        e.rel_l2,
        e.max_abs
    );
    let f32_schedule = jitfft::fft::Schedule::with_local_values(&plan, tr.schedule.local_values);
    let f32_bytes = f32_schedule.moved_values() * 8;
    assert_eq!(2 * tr.moved_bytes(), f32_bytes, "{shape:?}");
}

/// rfftn of a packed half plan (two 16-bit reals a stored complex value) against the f64
/// reference of the rounded reals.
fn check_half_rfftn(gpu: &jitfft::runtime::Gpu, shape: &[u64], norm: NumpyNorm, h: HalfStorage) {
    let dir = Direction::Forward;
    let tr = RealFft::stored(gpu, shape, &[], (dir, norm), (Precision::F32, Some(h))).unwrap();
    let len = tr.real_len() as u64;
    let x: Vec<f64> = random(len, common::seed() ^ len)
        .iter()
        .map(|c| h.value(h.bits(c.re)))
        .collect();
    let (y, _) = tr.forward(gpu, &x).unwrap();
    let plan = FftPlan::new(shape, &[], dir, norm.scaling(dir), Precision::F64).unwrap();
    let z: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let full = fftn(&z, shape, &plan.axes, dir, plan.scale());
    let last = shape.len() - 1;
    let want = crop(&full, shape, last, shape[last] as usize / 2 + 1);
    let e = compare(&y, &want);
    assert!(
        e.passes(h.tolerance()),
        "rfftn {shape:?} {norm} {h}: rel L2 {:.3e}",
        e.rel_l2
    );
}

/// f64 plans refuse half storage; an f16 result beyond 65504 is refused, nothing returned.
fn half_refusals(gpu: &jitfft::runtime::Gpu) {
    let plan = FftPlan::new(&[8], &[], Direction::Forward, Norm::None, Precision::F64).unwrap();
    let err = plan
        .with_half(Some(HalfStorage::F16))
        .unwrap_err()
        .to_string();
    assert!(err.contains("f32"), "{err}");
    // 60 values of 2000: the DC bin is 120000 > 65504 without a scaling; refused, nothing
    // returned (the first case's program, from the cache).
    let plan = FftPlan::new(
        &[6, 10],
        &[],
        Direction::Forward,
        Norm::None,
        Precision::F32,
    )
    .unwrap()
    .with_half(Some(HalfStorage::F16))
    .unwrap();
    let tr = FftTransform::new(gpu, &plan).unwrap();
    let x = vec![Complex64::new(2000.0, 0.0); 60];
    let err = tr.execute(gpu, &x).unwrap_err().to_string();
    assert!(err.contains("overflowed") && err.contains("ortho"), "{err}");
}

#[test]
fn half_storage_shapes_bluestein_real_input_and_refusals() {
    let gpu = common::gpu();
    let (f, i) = (Direction::Forward, Direction::Inverse);
    check_half(&gpu, &[6, 10], &[], (f, Norm::None), HalfStorage::F16);
    half_refusals(&gpu);
    // Bluestein (37 over 75): its work arrays in 16 bits too.
    check_half(&gpu, &[4, 37], &[-1], (i, Norm::Ortho), HalfStorage::F16);
    check_half_rfftn(&gpu, &[6, 8], NumpyNorm::Ortho, HalfStorage::Bf16);
    if common::exhaustive() {
        let axes = [0, 2];
        check_half(&gpu, &[3, 4, 5], &axes, (i, Norm::Ortho), HalfStorage::Bf16);
        check_half(&gpu, &[1 << 20], &[], (f, Norm::Ortho), HalfStorage::F16);
        check_half(&gpu, &[1000, 768], &[], (i, Norm::Full), HalfStorage::Bf16);
        check_half(&gpu, &[10007], &[], (f, Norm::None), HalfStorage::F16);
        check_half(&gpu, &[64, 64, 64], &[], (f, Norm::Ortho), HalfStorage::F16);
        check_half_rfftn(&gpu, &[100, 76], NumpyNorm::Ortho, HalfStorage::Bf16);
    }
}

/// `execute_into` on host data in the plan's own precision: the same values as `execute`
/// (f32: within rounding of the input to f32), `execute_in_place` the same values over its
/// input, and a wrong precision or length refused.
#[test]
fn typed_host_data() {
    use num_complex::Complex32;
    let gpu = common::gpu();
    let plan = FftPlan::new(
        &[6, 10],
        &[],
        Direction::Forward,
        Norm::None,
        Precision::F32,
    )
    .unwrap();
    let tr = FftTransform::new(&gpu, &plan).unwrap();
    let x = random(60, common::seed());
    let x32: Vec<Complex32> = x
        .iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect();
    let mut y32 = vec![Complex32::new(f32::NAN, 0.0); 60];
    tr.execute_into(&gpu, &x32, &mut y32).unwrap();
    let rounded: Vec<Complex64> = x32
        .iter()
        .map(|c| Complex64::new(c.re.into(), c.im.into()))
        .collect();
    let want = fftn(&rounded, &plan.shape, &plan.axes, Direction::Forward, 1.0);
    let got: Vec<Complex64> = y32
        .iter()
        .map(|c| Complex64::new(c.re.into(), c.im.into()))
        .collect();
    let e = compare(&got, &want);
    assert!(e.passes(tol(Precision::F32)), "rel L2 {:.3e}", e.rel_l2);
    let mut in_place = x32.clone();
    tr.execute_in_place(&gpu, &mut in_place).unwrap();
    assert_eq!(in_place, y32);
    let mut y64 = vec![Complex64::new(0.0, 0.0); 60];
    let err = tr.execute_into(&gpu, &x, &mut y64).unwrap_err().to_string();
    assert!(err.contains("computes in f32"), "{err}");
    let err = tr
        .execute_into(&gpu, &x32[..59], &mut y32)
        .unwrap_err()
        .to_string();
    assert!(err.contains("59 values"), "{err}");
}
