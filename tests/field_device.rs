//! Generated field arithmetic on the OpenCL device (PoCL in CI) against rug, for every preset,
//! 32- and 64-bit limbs, random and edge values (0, 1, p−1, near limb boundaries 2^(kw)), with
//! the portable carry-chain macros, fully reduced and (where 4p < R) lazily reduced.
//!
//! Oracle: rug.

mod common;

use jitfft::field::device::eval_ops;
use jitfft::field::{lazy_ok, FieldCfg};
use jitfft::field::{LimbBits, MontParams, PrimeField, PRESETS};
use jitfft::runtime::Gpu;
use rand::{Rng, SeedableRng};
use rug::Integer;

fn gpu() -> Gpu {
    common::gpu()
}

fn values(f: &PrimeField, seed: u64) -> Vec<Integer> {
    let p = &f.p;
    let mut v: Vec<Integer> = vec![
        Integer::from(0),
        Integer::from(1),
        p.clone() - 1u32,
        p.clone() - 2u32,
    ];
    for k in 1..=(f.bits() / 32) {
        let b = Integer::from(Integer::u_pow_u(2, 32 * k));
        for x in [b.clone() - 1u32, b.clone(), b + 1u32] {
            if x < *p {
                v.push(x);
            }
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    while v.len() < 64 {
        let mut x = Integer::new();
        for _ in 0..f.bits().div_ceil(32) {
            x <<= 32;
            x += rng.gen::<u32>();
        }
        v.push(x % p);
    }
    v
}

// Three tests (one program per preset, width and reduction each) so that the test threads
// share the compiles.
#[test]
fn field_ops_match_rug_bn254_both_limb_widths() {
    field_ops_match_rug(&["bn254-fr", "bn254-fq"]);
}

#[test]
fn field_ops_match_rug_bls12_381_both_limb_widths() {
    field_ops_match_rug(&["bls12-381-fr"]);
}

#[test]
fn field_ops_match_rug_small_fields_both_limb_widths() {
    field_ops_match_rug(&["goldilocks", "babybear"]);
}

/// Every preset is in one of the tests above.
#[test]
fn field_op_tests_cover_every_preset() {
    let listed = [
        "bn254-fr",
        "bn254-fq",
        "bls12-381-fr",
        "goldilocks",
        "babybear",
    ];
    for pre in PRESETS {
        assert!(
            listed.contains(&pre.name),
            "{} has no field-op test",
            pre.name
        );
    }
}

fn field_ops_match_rug(names: &[&str]) {
    let gpu = gpu();
    for name in names {
        let f = PrimeField::preset(name).unwrap();
        let pre = &f;
        let a = values(&f, 1);
        let mut b = values(&f, 2);
        b.rotate_left(3); // pair edge values with other edge values
        let mut by_width = Vec::new();
        for (w, limb) in [LimbBits::B32, LimbBits::B64].into_iter().enumerate() {
            let mp = MontParams::new(&f, limb);
            let mut cfgs = vec![FieldCfg::portable()];
            if lazy_ok(&mp) {
                cfgs.push(FieldCfg {
                    lazy: true,
                    ..FieldCfg::portable()
                });
            }
            // bn254-fq has bn254-fr's limb counts and lazy bound (the same generated code with
            // other constants): by default one reduction a width (32-bit full, 64-bit lazy).
            if *name == "bn254-fq" && cfgs.len() == 2 && !common::exhaustive() {
                cfgs = vec![cfgs[w]];
            }
            let mut got_first = None;
            for cfg in cfgs {
                let got = eval_ops(&gpu, &mp, &cfg, &a, &b).unwrap();
                let p = &f.p;
                for (i, g) in got.iter().enumerate() {
                    let (x, y) = (&a[i], &b[i]);
                    let want = [
                        Integer::from(x + y) % p,
                        (Integer::from(x - y) % p + p) % p,
                        Integer::from(x * y) % p,
                        mp.to_mont(x),
                        x.clone(),
                    ];
                    assert_eq!(
                        g, &want,
                        "{} {limb} lazy={} pair {i}: a={x} b={y}",
                        pre.name, cfg.lazy
                    );
                }
                got_first.get_or_insert(got);
            }
            by_width.push(got_first.unwrap());
        }
        // Standard-form results agree bit for bit between 32- and 64-bit limbs.
        for (g32, g64) in by_width[0].iter().zip(&by_width[1]) {
            assert_eq!(g32[..3], g64[..3]);
            assert_eq!(g32[4], g64[4]);
        }
    }
}
