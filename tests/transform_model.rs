//! The one transform model: the complex VC transform, the NTT and the GFP FFT through the same
//! `DeviceTransform` trait and the one timing loop `run_repeated`, on the default device.

mod common;

use jitfft::field::{LimbBits, PrimeField};
use jitfft::gfp::execute::device_limits;
use jitfft::gfp::field::GfpField;
use jitfft::gfp::{GfpPlan, GfpTransform};
use jitfft::model::{run_repeated, DeviceTransform, RunFigures};
use jitfft::ntt::data::random_elements;
use jitfft::ntt::{NttPlan, NttTransform, Variant};
use jitfft::runtime::Gpu;
use jitfft::vc::{Precision, VcOptions, VcPlan, VcTransform};
use num_complex::Complex64;

/// Runs `tr` through the model: `repeat` timed runs after a warm-up, the output of the last run
/// equal to one more `execute`, the kernel time measured, a footprint at least the input's.
fn through_the_model<T>(gpu: &Gpu, tr: &T, input: &T::Input, input_bytes: u64, kind: &str)
where
    T: DeviceTransform,
    T::Output: PartialEq + std::fmt::Debug,
{
    let r = run_repeated(tr, gpu, input, 3).unwrap();
    assert_eq!(r.runs.len(), 3, "{kind}: the warm-up is not timed");
    let t = r.timing();
    assert_eq!(t.kernel_ms.count, 3);
    assert!(t.kernel_ms.median > 0.0, "{kind}: {t:?}");
    assert!(r.runs.iter().all(|x| x.kernel_ms() > 0.0));
    let (again, _) = tr.execute(gpu, input).unwrap();
    assert_eq!(
        again, r.output,
        "{kind}: a run is a pure function of its input"
    );
    let info = tr.info();
    assert_eq!(info.kind, kind);
    assert!(tr.footprint() >= input_bytes, "{kind}: {}", tr.footprint());
}

#[test]
fn every_family_runs_through_one_model() {
    let gpu = common::gpu();
    // Complex VC, f64: the precision is a parameter of the plan.
    let plan = VcPlan::new(
        3,
        3,
        VcOptions {
            precision: Precision::F64,
            ..VcOptions::default()
        },
    )
    .unwrap();
    let tr = VcTransform::new(&gpu, &plan).unwrap();
    let x: Vec<Complex64> = (0..27).map(|i| Complex64::new(i as f64, 1.0)).collect();
    through_the_model(&gpu, &tr, &x[..], 27 * 16, "vc");
    let info = tr.info();
    assert_eq!(
        (info.shape, info.precision.as_str()),
        (vec![3, 3, 3], "f64")
    );
    // NTT over Goldilocks.
    let f = PrimeField::preset("goldilocks").unwrap();
    let plan = NttPlan::new(&f, LimbBits::B64, 6, Variant::Fused, true).unwrap();
    let tr = NttTransform::new(&gpu, &plan).unwrap();
    let x = random_elements(&f, plan.n(), 7);
    through_the_model(&gpu, &tr, &x[..], 8 * 64, "ntt");
    assert_eq!(
        (tr.info().direction.as_str(), tr.info().norm.as_str()),
        ("inverse", "full")
    );
    tr.release().unwrap();
    // GFP over p3 = (2^63 + 2^34)^8 + 1.
    let f = GfpField::preset("p3").unwrap();
    let (wg, local) = device_limits(&gpu);
    let plan = GfpPlan::new(f.clone(), 4, false, wg, local).unwrap();
    let tr = GfpTransform::new(&gpu, &plan).unwrap();
    let x: Vec<rug::Integer> = (0..16).map(|i| rug::Integer::from(i * 12345 + 1)).collect();
    let staged = f.to_transposed(&x);
    through_the_model(&gpu, &tr, &staged[..], 8 * staged.len() as u64, "gfp");
    assert!(tr.info().precision.contains("505 bits"));
    tr.release().unwrap();
}
