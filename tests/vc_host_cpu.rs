//! The CPU host paths (`vc::host_cpu`): the wrapped run (passes in the caller's output through
//! `CL_MEM_USE_HOST_PTR`) and the mapped run give the staging path's spectrum bit for bit, for
//! plans ending in A and in B, f32 and f64; NaN is refused; a misaligned output falls back to
//! the mapped path. Small plans (3^4, 3^5): one build each.

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::runtime::staging::StageOpts;
use jitfft::runtime::Gpu;
use jitfft::vc::*;
use num_complex::{Complex32, Complex64};

/// Storage for `len` values of `C` with a view starting at an `align`-byte boundary (`shift`
/// values further on: a misaligned one).
fn aligned<C: DeviceComplex>(len: usize, align: usize, shift: usize) -> (Vec<f64>, usize, usize) {
    let per = std::mem::size_of::<C>() / 8;
    let v = vec![0.0f64; (len + shift) * per + align / 8];
    let off = (0..align / 8)
        .find(|i| (v.as_ptr() as usize + i * 8) % align == 0)
        .expect("an aligned offset")
        + shift * per;
    (v, off, len * per)
}

fn check<C: DeviceComplex + PartialEq + std::fmt::Debug + Default>(
    gpu: &Gpu,
    plan: &VcPlan,
    x64: &[Complex64],
    conv: fn(&Complex64) -> C,
    back: fn(&C) -> Complex64,
    tol: f64,
) {
    let what = format!("{} {} r{}", plan.algorithm, plan.precision, plan.radix);
    let tr = VcTransform::new(gpu, plan).expect("transform");
    let x: Vec<C> = x64.iter().map(conv).collect();
    let mut staged = vec![C::default(); x.len()];
    tr.execute_into_with(gpu, &x, &mut staged, &StageOpts::default(), None)
        .expect("staging path");
    let want = separable_vc(plan.p, plan.n, x64, Direction::Forward, 1.0).expect("reference");
    let err = compare(&staged.iter().map(back).collect::<Vec<_>>(), &want);
    assert!(err.rel_l2 < tol, "{what}: rel L2 {:e}", err.rel_l2);
    let mut mapped = vec![C::default(); x.len()];
    let (_, s) = tr
        .execute_mapped_steps(gpu, &x, &mut mapped, Some("test"))
        .expect("mapped");
    assert_eq!(mapped, staged, "{what}: mapped differs from staging");
    assert_eq!(s.path, "mapped");
    let align = VcTransform::host_alignment(gpu);
    for shift in [0, 1] {
        let (mut store, off, n) = aligned::<C>(x.len(), align, shift);
        let out: &mut [C] = bytemuck::cast_slice_mut(&mut store[off..off + n]);
        // Twice: the second run must not see the first's data.
        for _ in 0..2 {
            let (t, s) = tr
                .execute_wrapped(gpu, &x, out, Some("test"))
                .expect("wrapped");
            assert_eq!(out, &staged[..], "{what} shift {shift}: wrapped differs");
            let path = if shift == 0 { "wrapped" } else { "mapped" };
            assert_eq!(s.path, path, "{what} shift {shift}");
            assert!(t.kernel_ms >= 0.0 && s.total_ms >= s.wait_ms);
        }
    }
    let mut bad = x.clone();
    bad[x.len() / 2] = conv(&Complex64::new(f64::NAN, 0.0));
    let (mut store, off, n) = aligned::<C>(x.len(), align, 0);
    let out: &mut [C] = bytemuck::cast_slice_mut(&mut store[off..off + n]);
    let e = tr
        .execute_wrapped(gpu, &bad, out, Some("test"))
        .expect_err("NaN refused");
    assert!(e.to_string().contains("NaN"), "{what}: {e}");
}

#[test]
fn wrapped_and_mapped_match_staging() {
    let gpu = common::gpu();
    let seed = common::seed();
    for n in [4u32, 5] {
        let x64 = random_complex(3usize.pow(n), seed);
        for algorithm in [Algorithm::Ct, Algorithm::Cg] {
            // radix 9: 2 passes at n = 4, 3 at n = 5 (cg's result in A, then in B).
            for precision in [Precision::F32, Precision::F64] {
                let opts = VcOptions {
                    algorithm,
                    radix: Some(9),
                    precision,
                    ..Default::default()
                };
                let plan = VcPlan::new(3, n, opts).expect("valid plan");
                match precision {
                    Precision::F32 => check::<Complex32>(
                        &gpu,
                        &plan,
                        &x64,
                        |c| Complex32::new(c.re as f32, c.im as f32),
                        |c| Complex64::new(c.re as f64, c.im as f64),
                        2e-6,
                    ),
                    Precision::F64 => check::<Complex64>(&gpu, &plan, &x64, |c| *c, |c| *c, 1e-12),
                }
            }
        }
    }
}
