//! rfftn and irfftn on the device (`fft::hermitian::RealFft`): the packed plans (an even last
//! axis) and the host-ended complex path (odd lengths, a halved axis that is not the last)
//! against RustFFT in f64, the packed forward against the complex transform of the promoted
//! input, round trips, every norm, f32 and f64, 1-D to 3-D, batched, on random input (irfftn's
//! half spectra are not Hermitian on their edges: numpy's rule for those is part of the check).

mod common;

use jitfft::fft::hermitian::{crop, extend, half_axis, half_shape, RealFft};
use jitfft::fft::{FftPlan, FftTransform, NumpyNorm};
use jitfft::reference::{compare, fft::fftn};
use jitfft::runtime::Gpu;
use jitfft::transform::{Direction, Precision};
use num_complex::Complex64;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn tol(p: Precision) -> f64 {
    match p {
        Precision::F32 => 2e-6,
        Precision::F64 => 1e-13,
    }
}

fn reals(len: usize, seed: u64) -> Vec<f64> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..len).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

fn complexes(len: usize, seed: u64) -> Vec<Complex64> {
    let r = reals(2 * len, seed);
    r.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect()
}

/// The whole plan of the real shape (f64), for its axes and scale.
fn reference_plan(shape: &[u64], axes: &[i64], dir: Direction, norm: NumpyNorm) -> FftPlan {
    FftPlan::new(shape, axes, dir, norm.scaling(dir), Precision::F64).unwrap()
}

/// Whether `tr` took the packed path.
fn packed(tr: &RealFft) -> bool {
    tr.first
        .iter()
        .chain(tr.last.iter())
        .any(|t| t.plan.real.is_some())
}

fn rfftn_matches(gpu: &Gpu, shape: &[u64], axes: &[i64], norm: NumpyNorm, prec: Precision) {
    let tr = RealFft::new(gpu, shape, axes, Direction::Forward, norm, prec).unwrap();
    let axis = half_axis(shape.len(), axes).unwrap();
    assert_eq!(
        packed(&tr),
        axis == shape.len() - 1 && shape[axis] % 2 == 0,
        "{shape:?} {axes:?}"
    );
    let x = reals(tr.real_len(), common::seed() ^ tr.real_len() as u64);
    let (y, _) = tr.forward(gpu, &x).unwrap();
    let plan = reference_plan(shape, axes, Direction::Forward, norm);
    let z: Vec<Complex64> = x.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let full = fftn(&z, shape, &plan.axes, Direction::Forward, plan.scale());
    let want = crop(&full, shape, axis, shape[axis] as usize / 2 + 1);
    let e = compare(&y, &want);
    assert!(
        e.passes(tol(prec)),
        "rfftn {shape:?} {axes:?} {norm} {prec}: rel L2 {:.3e}",
        e.rel_l2
    );
    // The complex transform of the promoted input, cropped (the host-ended path), agrees.
    let cplan = FftPlan::new(
        shape,
        axes,
        Direction::Forward,
        norm.scaling(Direction::Forward),
        prec,
    )
    .unwrap();
    let (c, _) = FftTransform::new(gpu, &cplan)
        .unwrap()
        .execute(gpu, &z)
        .unwrap();
    let e = compare(&y, &crop(&c, shape, axis, shape[axis] as usize / 2 + 1));
    assert!(
        e.passes(2.0 * tol(prec)),
        "{shape:?}: against the complex path {:.3e}",
        e.rel_l2
    );
}

fn irfftn_matches(gpu: &Gpu, shape: &[u64], axes: &[i64], norm: NumpyNorm, prec: Precision) {
    let tr = RealFft::new(gpu, shape, axes, Direction::Inverse, norm, prec).unwrap();
    let axis = tr.axis;
    let half = half_shape(shape, axis);
    let h = complexes(half.iter().product::<u64>() as usize, common::seed() ^ 77);
    let (y, _) = tr.inverse(gpu, &h).unwrap();
    // numpy's irfftn: the other axes' inverse, each halved line extended (its edge points'
    // imaginary parts dropped), the halved axis' inverse, real part.
    let plan = reference_plan(shape, axes, Direction::Inverse, norm);
    let others: Vec<usize> = plan.axes.iter().copied().filter(|&a| a != axis).collect();
    let mid = fftn(&h, &half, &others, Direction::Inverse, 1.0);
    let full = extend(&mid, &half, axis, shape[axis] as usize);
    let want: Vec<Complex64> = fftn(&full, shape, &[axis], Direction::Inverse, plan.scale())
        .iter()
        .map(|c| Complex64::new(c.re, 0.0))
        .collect();
    let got: Vec<Complex64> = y.iter().map(|&v| Complex64::new(v, 0.0)).collect();
    let e = compare(&got, &want);
    assert!(
        e.passes(tol(prec)),
        "irfftn {shape:?} {axes:?} {norm} {prec}: rel L2 {:.3e}",
        e.rel_l2
    );
}

fn round_trip(gpu: &Gpu, shape: &[u64], axes: &[i64], norm: NumpyNorm, prec: Precision) {
    let fwd = RealFft::new(gpu, shape, axes, Direction::Forward, norm, prec).unwrap();
    let inv = RealFft::new(gpu, shape, axes, Direction::Inverse, norm, prec).unwrap();
    let x = reals(fwd.real_len(), common::seed() ^ 5);
    let (h, _) = fwd.forward(gpu, &x).unwrap();
    let (back, _) = inv.inverse(gpu, &h).unwrap();
    let as_c = |v: &[f64]| {
        v.iter()
            .map(|&r| Complex64::new(r, 0.0))
            .collect::<Vec<_>>()
    };
    let e = compare(&as_c(&back), &as_c(&x));
    assert!(
        e.passes(2.0 * tol(prec)),
        "round trip {shape:?} {axes:?} {norm} {prec}: {:.3e}",
        e.rel_l2
    );
}

const NORMS: [NumpyNorm; 3] = [NumpyNorm::Backward, NumpyNorm::Ortho, NumpyNorm::Forward];

#[test]
fn one_dimensional_even_and_odd_lengths_every_norm() {
    let gpu = common::gpu();
    // Each (length, norm) is a PoCL build: the default run takes every norm at one packed
    // length and one norm in turn at the others (even, odd, Bluestein-sized, two-level
    // twiddles); JITFFT_EXHAUSTIVE=1 every norm at every length.
    let (f32_lengths, f64_lengths): (&[u64], &[u64]) = if common::exhaustive() {
        (
            &[2, 16, 37, 4, 6, 10, 30, 74, 1000, 4096, 3, 9],
            &[8, 1 << 17, 2 * 37, 15],
        )
    } else {
        (&[16, 37, 4096], &[1 << 17])
    };
    for (i, &n) in f32_lengths.iter().enumerate() {
        let norms = if i == 0 || common::exhaustive() {
            &NORMS[..]
        } else {
            &NORMS[i % 3..i % 3 + 1]
        };
        for &norm in norms {
            rfftn_matches(&gpu, &[n], &[], norm, Precision::F32);
            irfftn_matches(&gpu, &[n], &[], norm, Precision::F32);
        }
    }
    for &n in f64_lengths {
        rfftn_matches(&gpu, &[n], &[], NumpyNorm::Ortho, Precision::F64);
        irfftn_matches(&gpu, &[n], &[], NumpyNorm::Ortho, Precision::F64);
    }
}

#[test]
fn n_dimensional_batched_and_axis_subsets() {
    let gpu = common::gpu();
    let cases: [(&[u64], &[i64]); 9] = [
        (&[6, 8], &[]),
        (&[12, 35], &[]),
        (&[3, 4, 10], &[]),
        (&[4, 6, 10], &[0, 2]),
        (&[4, 6, 10], &[2]),
        (&[5, 2], &[]),
        (&[7, 12], &[1, 0]),
        (&[6, 10], &[1, 0]),
        (&[16, 37, 6], &[-2, -1]),
    ];
    // Each case under one norm and precision in turn (every pair met across the cases); the
    // default run takes a packed 2-D, a packed case over an axis subset, an odd (host-ended)
    // last axis and a halved axis that is not the last.
    let picked = if common::exhaustive() {
        &[0, 1, 2, 3, 4, 5, 6, 7, 8][..]
    } else {
        &[0, 3, 5, 7][..]
    };
    for (i, (shape, axes)) in cases
        .into_iter()
        .enumerate()
        .filter(|(i, _)| picked.contains(i))
    {
        let prec = [Precision::F32, Precision::F64][i % 2];
        let norm = NORMS[(i / 2 + i) % 3];
        rfftn_matches(&gpu, shape, axes, norm, prec);
        irfftn_matches(&gpu, shape, axes, norm, prec);
    }
}

#[test]
fn round_trips() {
    let gpu = common::gpu();
    // Every norm on a packed shape, one norm in turn on the others (odd: host-ended), f64 on
    // the odd one.
    for (i, (shape, axes)) in [
        (&[1024u64][..], &[][..]),
        (&[33][..], &[][..]),
        (&[9, 20][..], &[][..]),
        (&[8, 3, 14][..], &[0, 2][..]),
    ]
    .into_iter()
    .enumerate()
    .filter(|(i, _)| *i < 3 || common::exhaustive())
    {
        let norms = if i == 0 || common::exhaustive() {
            &NORMS[..]
        } else {
            &NORMS[i % 3..i % 3 + 1]
        };
        for &norm in norms {
            round_trip(&gpu, shape, axes, norm, Precision::F32);
        }
        if i == 1 || common::exhaustive() {
            round_trip(&gpu, shape, axes, NumpyNorm::Backward, Precision::F64);
        }
    }
}
