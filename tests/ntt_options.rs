//! The NTT generator options on the OpenCL device (PoCL in CI), bit-exact against the CPU
//! reference: the portable carry-chain path for 32- and 64-bit limbs on every preset and every
//! size 2^1…2^16 in both directions (with `ntt_device.rs`, which runs the other limb width of
//! each size), and each switch of the fused variant (kernel, points per work-item, twiddles,
//! reduction) on sizes with one, two and three passes.

use jitfft::field::{LimbBits, PrimeField, PRESETS};
use jitfft::ntt::data::random_elements;
use jitfft::ntt::plan::{ArithChoice, FusedKernel, NttOptions, Reduce, Twiddles};
use jitfft::ntt::{reference, NttPlan, NttTransform, Variant};
use jitfft::runtime::{DeviceSelector, Gpu};

fn gpu() -> Gpu {
    Gpu::open(&DeviceSelector::from_arg_or_env(None)).expect("an OpenCL device")
}

#[allow(clippy::too_many_arguments)]
fn check(
    gpu: &Gpu,
    f: &PrimeField,
    limb: LimbBits,
    log_n: u32,
    v: Variant,
    inverse: bool,
    opts: NttOptions,
    seed: u64,
) {
    let plan = NttPlan::with_options(f, limb, log_n, v, inverse, opts).unwrap();
    let tr = NttTransform::new(gpu, &plan).unwrap();
    let x = random_elements(f, plan.n(), seed);
    let (got, _) = tr.execute(gpu, &x).unwrap();
    let want = reference::ntt(f, &x, log_n, inverse).unwrap();
    assert!(
        got == want,
        "{} {limb} 2^{log_n} {v} inverse={inverse} {opts:?}: device differs from reference",
        f.name
    );
}

fn portable() -> NttOptions {
    NttOptions {
        arith: ArithChoice::Portable,
        ..NttOptions::default()
    }
}

/// `ntt_device.rs` runs 64-bit limbs at even sizes and 32-bit at odd ones; this runs the other
/// width, in the other direction where that one ran forward, at 2^1, 2^2, 2^3, 2^5, 2^11 and
/// 2^16 (every size is a PoCL compile; `ntt_device.rs` covers each size 2^1…2^16 with the
/// widths alternating).
#[test]
fn portable_chains_other_limb_width_every_preset() {
    let gpu = gpu();
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        for log_n in [1, 2, 3, 5, 11, 16]
            .into_iter()
            .filter(|&l| l <= f.two_adicity)
        {
            let limb = if log_n % 2 == 0 {
                LimbBits::B32
            } else {
                LimbBits::B64
            };
            check(
                &gpu,
                &f,
                limb,
                log_n,
                Variant::Fused,
                log_n % 3 != 1,
                portable(),
                2000 + log_n as u64,
            );
        }
    }
}

/// Every switch of the fused variant, alone, on one-, two- and three-pass sizes.
#[test]
fn fused_switches_bit_exact() {
    let gpu = gpu();
    let switches = [
        NttOptions {
            kernel: FusedKernel::Stages,
            ..portable()
        },
        NttOptions {
            twiddles: Twiddles::Split,
            ..portable()
        },
        NttOptions {
            reduce: Reduce::Full,
            ..portable()
        },
        NttOptions {
            elems: 2,
            ..portable()
        },
        NttOptions {
            elems: 4,
            ..portable()
        },
        NttOptions {
            elems: 16,
            ..portable()
        },
    ];
    // (field, limbs, log N, largest radix exponent): one, two, three and four passes (every
    // preset and both widths run in the sweep above; each case here is a PoCL compile).
    let cases = [
        ("bn254-fr", LimbBits::B32, 9, None),
        ("bn254-fr", LimbBits::B64, 13, None),
        ("bn254-fr", LimbBits::B32, 11, Some(4)),
        ("goldilocks", LimbBits::B32, 12, None),
        ("babybear", LimbBits::B32, 10, Some(3)),
    ];
    for (k, opts) in switches.iter().enumerate() {
        for (c, &(name, limb, log_n, max_radix_log)) in cases.iter().enumerate() {
            let f = PrimeField::preset(name).unwrap();
            let opts = NttOptions {
                max_radix_log,
                ..*opts
            };
            check(
                &gpu,
                &f,
                limb,
                log_n,
                Variant::Fused,
                (k + c) % 2 == 1,
                opts,
                3000 + (10 * k + c) as u64,
            );
        }
    }
}

/// Lazy reduction is refused where 4p ≥ R, and so is PTX on a device that is not NVIDIA.
#[test]
fn options_refused_with_reasons() {
    let f = PrimeField::preset("goldilocks").unwrap();
    let lazy = NttOptions {
        reduce: Reduce::Lazy,
        ..NttOptions::default()
    };
    let e = NttPlan::with_options(&f, LimbBits::B64, 8, Variant::Fused, false, lazy).unwrap_err();
    assert!(e.to_string().contains("4p < R"), "{e}");
    let bn = PrimeField::preset("bn254-fr").unwrap();
    let e = NttPlan::with_options(&bn, LimbBits::B32, 8, Variant::Radix2, false, lazy).unwrap_err();
    assert!(e.to_string().contains("regs kernel"), "{e}");
    let odd = NttOptions {
        elems: 3,
        ..NttOptions::default()
    };
    assert!(NttPlan::with_options(&bn, LimbBits::B32, 8, Variant::Fused, false, odd).is_err());
    let ptx = NttOptions {
        arith: ArithChoice::Ptx,
        ..NttOptions::default()
    };
    let plan = NttPlan::with_options(&bn, LimbBits::B32, 8, Variant::Fused, false, ptx).unwrap();
    let e = plan.for_device("pocl", "some CPU").unwrap_err();
    assert!(e.to_string().contains("NVIDIA"), "{e}");
    assert!(plan.for_device("nvidia", "H100").is_ok());
    let auto = NttPlan::new(&bn, LimbBits::B32, 8, Variant::Fused, false).unwrap();
    assert_eq!(
        auto.for_device("nvidia", "H100").unwrap().arith.to_string(),
        "ptx"
    );
    assert_eq!(
        auto.for_device("amd", "MI300").unwrap().arith.to_string(),
        "portable"
    );
}
