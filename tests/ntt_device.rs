//! Every NTT variant and generator option on the OpenCL device (PoCL in CI), bit-exact against
//! the CPU reference on fresh random inputs: each preset, 32- and 64-bit limbs, forward and
//! inverse, and each switch of the fused variant.
//!
//! Each (field, limbs, size, variant, options) is a distinct generated program, and on PoCL
//! every program is a compile of seconds, so by default the sweeps run a selection of sizes
//! that keeps every code path (one- and two-pass fused plans, the radix-2/8 base cases, both
//! limb widths in both directions); `JITFFT_EXHAUSTIVE=1` runs every size 2^1…2^16 and every
//! switch on every case (see docs/testing.md).
//!
//! Oracle: `jitfft::reference::ntt` (radix-2 on CPU Montgomery arithmetic, itself checked
//! against rug's naive DFT in `field_constants`).

mod common;

use jitfft::field::{LimbBits, PrimeField, PRESETS};
use jitfft::ntt::data::random_elements;
use jitfft::ntt::plan::{ArithChoice, FusedKernel, NttOptions, Reduce, Twiddles};
use jitfft::ntt::{reference, NttPlan, NttTransform, Variant};
use jitfft::runtime::Gpu;

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
    tr.release().unwrap();
    let want = reference::ntt(f, &x, log_n, inverse).unwrap();
    assert!(
        got == want,
        "{} {limb} 2^{log_n} {v} inverse={inverse} {opts:?}: device differs from reference",
        f.name
    );
}

/// Sizes of the variant sweep. The default keeps 2^1…2^5 (radix-2/8 base cases and the
/// smallest stage groups), 2^8 and 2^10 (the largest one-pass fused size), 2^12 and 2^13 (two
/// passes, even and uneven), with 64-bit limbs at even sizes and 32-bit at odd ones, inverse
/// where log N ≡ 1 (mod 3): 2^1, 2^4, 2^10 and 2^13.
const SWEEP_DEFAULT: [u32; 9] = [1, 2, 3, 4, 5, 8, 10, 12, 13];
/// The large fields (bn254, bls12-381: 4 to 19 s of PoCL compile a program) run a shorter
/// default selection that still holds both limb widths, both directions, the radix-2/8 base
/// case, the largest one-pass fused size and the uneven two-pass plan; the small fields run
/// all of `SWEEP_DEFAULT`.
const SWEEP_DEFAULT_LARGE: [u32; 5] = [1, 2, 4, 10, 13];
/// The large fields on the staged variants (radix-2, split 2/8): their stages do not depend
/// on the field (the small fields run them at every default size, 2^12 and 2^13 included),
/// only the arithmetic does, so the large fields run the smallest sizes that hold both limb
/// widths in both directions and the radix-2/8 base cases: 2^1 (32-bit inverse), 2^2 (64-bit
/// forward), 2^4 (64-bit inverse), 2^5 (32-bit forward). Exhaustive: every size.
const SWEEP_DEFAULT_LARGE_STAGED: [u32; 4] = [1, 2, 4, 5];
const SWEEP_ALL: [u32; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16];

/// The small fields (goldilocks, babybear) or the large ones (bn254, bls12-381): two halves of
/// each sweep, so that the test threads share the compiles evenly.
fn presets(small: bool) -> Vec<PrimeField> {
    PRESETS
        .iter()
        .map(|p| PrimeField::preset(p.name).unwrap())
        .filter(|f| (f.bits() <= 64) == small)
        .collect()
}

fn sweep(v: Variant, small: bool) {
    let gpu = common::gpu();
    for f in presets(small) {
        let top = f.two_adicity.min(16);
        let default: &[u32] = match (small, v) {
            (true, _) => &SWEEP_DEFAULT,
            (false, Variant::Fused) => &SWEEP_DEFAULT_LARGE,
            (false, _) => &SWEEP_DEFAULT_LARGE_STAGED,
        };
        for log_n in common::pick(default, &SWEEP_ALL)
            .into_iter()
            .filter(|&l| l <= top)
        {
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
                NttOptions::default(),
                1000 + log_n as u64,
            );
        }
    }
}

#[test]
fn radix2_small_fields() {
    sweep(Variant::Radix2, true);
}

#[test]
fn radix2_large_fields() {
    sweep(Variant::Radix2, false);
}

#[test]
fn split28_small_fields() {
    sweep(Variant::Split28, true);
}

#[test]
fn split28_large_fields() {
    sweep(Variant::Split28, false);
}

#[test]
fn fused_small_fields() {
    sweep(Variant::Fused, true);
}

#[test]
fn fused_large_fields() {
    sweep(Variant::Fused, false);
}

fn portable() -> NttOptions {
    NttOptions {
        arith: ArithChoice::Portable,
        ..NttOptions::default()
    }
}

/// The sweep runs 64-bit limbs at even sizes and 32-bit at odd ones; this runs the other
/// width through the portable carry chains, in the other direction where that one ran forward
/// (by default at 2^1, 2^2, 2^3 and 2^11; exhaustive adds 2^5 and 2^16). The large fields
/// skip 2^11 by default: `fused_switches_bit_exact` runs the portable chains of bn254 on two-
/// and three-pass plans (2^11, 2^13) in both widths.
fn portable_other_width(small: bool) {
    let gpu = common::gpu();
    let default: &[u32] = if small { &[1, 2, 3, 11] } else { &[1, 2, 3] };
    for f in presets(small) {
        for log_n in common::pick(default, &[1, 2, 3, 5, 11, 16])
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

#[test]
fn portable_chains_other_limb_width_small_fields() {
    portable_other_width(true);
}

#[test]
fn portable_chains_other_limb_width_large_fields() {
    portable_other_width(false);
}

/// Every switch of the fused variant, alone, on one-, two- and three-pass sizes: by default
/// each switch on one case (every case meets a switch; the default run's slowest test
/// otherwise), exhaustive each switch on every case.
#[test]
fn fused_switches_bit_exact() {
    let gpu = common::gpu();
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
    // (field, limbs, log N, largest radix exponent): one, two, three and four passes.
    let cases = [
        ("bn254-fr", LimbBits::B32, 9, None),
        ("bn254-fr", LimbBits::B64, 13, None),
        ("bn254-fr", LimbBits::B32, 11, Some(4)),
        ("goldilocks", LimbBits::B32, 12, None),
        ("babybear", LimbBits::B32, 10, Some(3)),
    ];
    for (k, opts) in switches.iter().enumerate() {
        for (c, &(name, limb, log_n, max_radix_log)) in cases.iter().enumerate() {
            // Default: case k (mod 5): six switches over five cases, so every case meets one.
            if !common::exhaustive() && c != k % cases.len() {
                continue;
            }
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
