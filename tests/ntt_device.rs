//! Every NTT variant on the OpenCL device (PoCL in CI), bit-exact against the CPU reference
//! on fresh random inputs, for each preset, 32- and 64-bit limbs, forward and inverse.

use jitfft::field::{LimbBits, PrimeField, PRESETS};
use jitfft::ntt::data::random_elements;
use jitfft::ntt::{reference, NttPlan, NttTransform, Variant};
use jitfft::runtime::{DeviceSelector, Gpu};

fn gpu() -> Gpu {
    Gpu::open(&DeviceSelector::from_arg_or_env(None)).expect("an OpenCL device")
}

fn check(
    gpu: &Gpu,
    f: &PrimeField,
    limb: LimbBits,
    log_n: u32,
    v: Variant,
    inverse: bool,
    seed: u64,
) {
    let plan = NttPlan::new(f, limb, log_n, v, inverse).unwrap();
    let tr = NttTransform::new(gpu, &plan).unwrap();
    let x = random_elements(f, plan.n(), seed);
    let (got, _) = tr.execute(gpu, &x).unwrap();
    let want = reference::ntt(f, &x, log_n, inverse).unwrap();
    assert!(
        got == want,
        "{} {limb} 2^{log_n} {v} inverse={inverse}: device differs from reference",
        f.name
    );
}

fn sweep(v: Variant) {
    let gpu = gpu();
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        let top = f.two_adicity.min(16);
        for log_n in 1..=top {
            let limb = if log_n % 2 == 0 {
                LimbBits::B64
            } else {
                LimbBits::B32
            };
            check(
                &gpu,
                &f,
                limb,
                log_n,
                v,
                log_n % 3 == 1,
                1000 + log_n as u64,
            );
        }
    }
}

#[test]
fn radix2_all_presets_2_to_16() {
    sweep(Variant::Radix2);
}

#[test]
fn split28_all_presets_2_to_16() {
    sweep(Variant::Split28);
}

#[test]
fn fused_all_presets_2_to_16() {
    sweep(Variant::Fused);
}
