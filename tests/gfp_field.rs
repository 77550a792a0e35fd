//! Generalized Fermat fields on the CPU: validation, digit forms, roots of unity and the DFT_K
//! expansion (the device's field arithmetic is checked in `gfp_device.rs`).
//!
//! Oracle: rug itself (`jitfft::field::gfp`'s forms and roots).

mod common;

use jitfft::gfp::dft::{dft_program, simulate, Layer};
use jitfft::gfp::field::GfpField;
use jitfft::gfp::reference as cpu;
use rug::Integer;

fn presets() -> Vec<GfpField> {
    ["p3", "p4", "p5"]
        .iter()
        .map(|n| GfpField::preset(n).unwrap())
        .collect()
}

#[test]
fn presets_have_the_thesis_sizes() {
    let f = presets();
    assert_eq!((f[0].bits, f[0].two_adicity), (505, 272));
    assert_eq!((f[1].bits, f[1].two_adicity), (993, 576));
    assert_eq!((f[2].bits, f[2].two_adicity), (1985, 1792));
    for g in &f {
        // r is a primitive 2k-th root: r^k = −1.
        let rk = Integer::from(g.r_int().pow_mod_ref(&Integer::from(g.k), &g.p).unwrap());
        assert_eq!(rk, Integer::from(&g.p - 1u32));
    }
}

#[test]
fn bad_fields_are_refused_with_reasons() {
    let msg = |r, k| GfpField::new(r, k).unwrap_err().to_string();
    assert!(msg(7, 8).contains("odd"), "{}", msg(7, 8));
    assert!(msg(8, 6).contains("power of two"));
    assert!(msg(8, 2).contains("not prime"), "{}", msg(8, 2)); // 65 = 5 · 13
    assert!(msg(2, 4).contains("4 ≤ r"));
    assert!(GfpField::new(10, 2).is_ok()); // 101
    assert!(GfpField::preset("p9")
        .unwrap_err()
        .to_string()
        .contains("presets"));
}

#[test]
fn digits_round_trip_including_minus_one() {
    for f in presets() {
        for x in f.edge_values().into_iter().chain(f.random_elements(50, 7)) {
            let d = f.to_digits(&x);
            assert!(f.is_canonical(&d));
            assert_eq!(f.from_digits(&d), x);
        }
        let m1 = f.to_digits(&Integer::from(&f.p - 1u32));
        assert_eq!(m1[f.k as usize - 1], f.r);
    }
}

#[test]
fn roots_of_unity_map_to_r() {
    for f in presets() {
        for log_n in [1u32, 4, 6, 10, 20] {
            let w = f.root_of_unity(log_n).unwrap();
            let n = Integer::from(1) << log_n;
            let half = Integer::from(&n >> 1);
            assert_eq!(Integer::from(w.pow_mod_ref(&n, &f.p).unwrap()), 1);
            assert_eq!(
                Integer::from(w.pow_mod_ref(&half, &f.p).unwrap()),
                Integer::from(&f.p - 1u32)
            );
            if (1u64 << log_n) >= f.big_k() as u64 {
                let e = Integer::from(&n / f.big_k());
                assert_eq!(Integer::from(w.pow_mod_ref(&e, &f.p).unwrap()), f.r_int());
            }
        }
        assert!(f.root_of_unity(f.two_adicity + 1).is_err());
    }
}

#[test]
fn dft16_follows_the_seeds_eight_steps() {
    let prog = dft_program(16, 1, 16);
    // DFT2, shift, DFT2, shift, DFT2, shift, DFT2, then the output permutation: 8 steps.
    let kinds: Vec<bool> = prog
        .layers
        .iter()
        .map(|l| matches!(l, Layer::Butterflies(_)))
        .collect();
    assert_eq!(kinds, [true, false, true, false, true, false, true]);
    // Step 1 pairs (X0, X8), (X4, X12), ...; step 2 multiplies X12, X14, X13, X15 by r^4.
    let Layer::Butterflies(b) = &prog.layers[0] else {
        panic!()
    };
    let mut b = b.clone();
    b.sort();
    assert_eq!(
        b,
        [
            (0, 8),
            (1, 9),
            (2, 10),
            (3, 11),
            (4, 12),
            (5, 13),
            (6, 14),
            (7, 15)
        ]
    );
    let Layer::Shifts(s) = &prog.layers[1] else {
        panic!()
    };
    let mut nz: Vec<(usize, u32)> = s.iter().copied().filter(|x| x.1 != 0).collect();
    nz.sort();
    assert_eq!(nz, [(12, 4), (13, 4), (14, 4), (15, 4)]);
    // Step 6: D_{2,8} = r^0..r^7 on the odd half.
    let Layer::Shifts(s) = &prog.layers[5] else {
        panic!()
    };
    let mut sh: Vec<u32> = s.iter().map(|x| x.1).collect();
    sh.sort();
    assert_eq!(sh, (0..8).collect::<Vec<_>>());
    // Output in natural order after the stride permutation (slots X0, X8, X4, ...).
    assert_eq!(
        prog.out,
        [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15]
    );
}

#[test]
fn dft_programs_compute_the_dft_for_each_preset() {
    let seed = common::seed();
    for f in presets() {
        let kk = f.big_k();
        let mut radix = 2;
        while radix <= kk {
            for inverse in [false, true] {
                let e = if inverse { kk - kk / radix } else { kk / radix };
                let prog = dft_program(radix as usize, e, kk);
                let x = f.random_elements(radix as usize, seed ^ radix as u64);
                let omega = Integer::from(f.r_int().pow_mod_ref(&Integer::from(e), &f.p).unwrap());
                let got = simulate(&prog, &x, |v, s| cpu::mul_pow_r(&f, v, s), &f.p);
                assert_eq!(got, cpu::naive_dft(&f, &x, &omega).unwrap(), "seed {seed}");
            }
            radix *= 2;
        }
    }
}
