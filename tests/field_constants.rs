//! Field constants derived with rug, the CPU Montgomery arithmetic, the constant checker's
//! diagnoses, and the CPU reference NTT against the naive DFT.
//!
//! Oracle: rug, and `jitfft::reference::ntt::naive_dft` for the reference NTT.

use jitfft::field::check::{check, UserConstants};
use jitfft::field::cpu::MontCpu;
use jitfft::field::montgomery::to_limbs;
use jitfft::field::parse::{Given, LimbOrder};
use jitfft::field::{LimbBits, MontParams, PrimeField, PRESETS};
use jitfft::ntt::data::{from_integers, random_elements, to_integers};
use jitfft::ntt::reference::{naive_dft, ntt};
use rug::Integer;

fn int(s: &str) -> Integer {
    jitfft::field::prime::parse_integer(s, "test").unwrap()
}

#[test]
fn presets_two_adicity_and_bn254_fr_root_matches_arkworks() {
    let want = [
        ("bn254-fr", 28),
        ("bn254-fq", 1),
        ("bls12-381-fr", 32),
        ("goldilocks", 32),
        ("babybear", 27),
    ];
    for (name, s) in want {
        assert_eq!(PrimeField::preset(name).unwrap().two_adicity, s, "{name}");
    }
    // arkworks ark-bn254 Fr TWO_ADIC_ROOT_OF_UNITY (= libff's root for g = 5).
    let f = PrimeField::preset("bn254-fr").unwrap();
    assert_eq!(
        f.root,
        int("19103219067921713944291392827692070036145651957329286315305642004821462161904")
    );
    // Root convention ω_N = g^((p−1)/N): ω_N has order exactly N.
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        let l = f.two_adicity.min(5);
        let w = f.omega(l).unwrap();
        let n = Integer::from(1u32 << l);
        assert_eq!(w.clone().pow_mod(&n, &f.p).unwrap(), 1);
        assert_ne!(w.pow_mod(&(n / 2u32), &f.p).unwrap(), 1);
    }
}

#[test]
fn montgomery_constants_satisfy_their_definitions() {
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        for limb in [LimbBits::B32, LimbBits::B64] {
            let mp = MontParams::new(&f, limb);
            let w = limb.bits();
            let big_r = Integer::from(Integer::u_pow_u(2, w * mp.limbs as u32));
            assert!(big_r > f.p);
            assert_eq!(mp.r, Integer::from(&big_r % &f.p));
            assert_eq!(mp.r2, Integer::from(&big_r * &big_r) % &f.p);
            let word = Integer::from(Integer::u_pow_u(2, w));
            assert_eq!(
                Integer::from(&f.p * mp.n_prime) % &word,
                word.clone() - 1u32,
                "p·n' ≡ −1"
            );
        }
    }
}

#[test]
fn cpu_montgomery_matches_rug() {
    fn run<const N: usize>(f: &PrimeField) {
        let m = MontCpu::<N>::new(f);
        let mp = MontParams::new(f, LimbBits::B64);
        let p = &f.p;
        let mut xs = to_integers(f, &random_elements(f, 200, 7));
        xs.extend([
            Integer::from(0),
            Integer::from(1),
            p.clone() - 1u32,
            Integer::from(u64::MAX) % p,
        ]);
        let arr = |x: &Integer| -> [u64; N] {
            let v = to_limbs(x, LimbBits::B64, N);
            std::array::from_fn(|j| v[j])
        };
        let back = |a: &[u64; N]| jitfft::field::montgomery::from_limbs(a, LimbBits::B64);
        for (i, a) in xs.iter().enumerate() {
            let b = &xs[(i * 7 + 3) % xs.len()];
            let (am, bm) = (m.to_mont(&arr(a)), m.to_mont(&arr(b)));
            assert_eq!(back(&am), mp.to_mont(a));
            assert_eq!(
                back(&m.from_mont(&m.mul(&am, &bm))),
                Integer::from(a * b) % p
            );
            assert_eq!(back(&m.add(&arr(a), &arr(b))), Integer::from(a + b) % p);
            assert_eq!(
                back(&m.sub(&arr(a), &arr(b))),
                (Integer::from(a - b) % p + p) % p
            );
        }
    }
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        match jitfft::field::cpu::limbs64(&f) {
            1 => run::<1>(&f),
            4 => run::<4>(&f),
            n => panic!("unexpected limb count {n}"),
        }
    }
}

#[test]
fn reference_ntt_matches_naive_dft_and_round_trips() {
    for pre in PRESETS {
        let f = PrimeField::preset(pre.name).unwrap();
        for l in 1..=f.two_adicity.min(5) {
            let x = random_elements(&f, 1 << l, 11 + l as u64);
            for inverse in [false, true] {
                let got = to_integers(&f, &ntt(&f, &x, l, inverse).unwrap());
                assert_eq!(
                    got,
                    naive_dft(&f, &to_integers(&f, &x), inverse).unwrap(),
                    "{} 2^{l}",
                    pre.name
                );
            }
            let back = ntt(&f, &ntt(&f, &x, l, false).unwrap(), l, true).unwrap();
            assert_eq!(back, x);
        }
    }
    let _ = from_integers;
}

#[test]
fn bad_fields_are_refused_with_reasons() {
    let e = |p: &str, g: u32| {
        PrimeField::new("t", int(p), Integer::from(g))
            .unwrap_err()
            .to_string()
    };
    assert!(e("15", 2).contains("composite"));
    assert!(e("16", 3).contains("even"));
    assert!(e(
        "21888242871839275222246405745257275088548364400416034343698204186575808495617",
        4
    )
    .contains("does not generate the 2^28 subgroup"));
    let fq = PrimeField::preset("bn254-fq").unwrap();
    let msg = fq.check_log_n(2).unwrap_err().to_string();
    assert!(
        msg.contains("2-adicity") && msg.contains("2^1 = 2"),
        "{msg}"
    );
}

#[test]
fn seed_004_constants_are_diagnosed() {
    // The BN254 base-field constants of seed 004 (limb lists as printed there).
    let f = PrimeField::preset("bn254-fq").unwrap();
    let limbs = |v: [u64; 4]| Given::Limbs(v.to_vec());
    let user = UserConstants {
        n_prime: Some(limbs([
            9786893198990664585,
            11447725176084130505,
            15613922527736486528,
            17688488658267049067,
        ])),
        r: None,
        r_squared: Some(limbs([
            1011752739694698287,
            7381016538464732716,
            754611498739239741,
            15230403791020821917,
        ])),
        root: Some(Given::Int(int(
            "0x30644e72e131a029b85045b68181585d97816a916871ca8d3c208c16d87cfd46",
        ))),
        two_adicity: Some(192),
    };
    let out = check(&f, LimbBits::B64, LimbOrder::Auto, &user);
    let by = |n: &str| out.iter().find(|x| x.constant == n).unwrap();
    let np = by("n_prime");
    assert!(
        !np.ok && np.instead.as_ref().unwrap().contains("full-width"),
        "{np:?}"
    );
    let r2 = by("r_squared");
    assert!(
        !r2.ok
            && r2
                .instead
                .as_ref()
                .unwrap()
                .contains("R where R² was meant"),
        "{r2:?}"
    );
    assert_eq!(r2.read_as.as_deref(), Some("big-endian limbs"));
    assert!(by("root").ok);
    assert!(!by("two_adicity").ok);
}

#[test]
fn checker_names_related_values() {
    let f = PrimeField::preset("bn254-fr").unwrap();
    let mp = MontParams::new(&f, LimbBits::B64);
    let word = Integer::from(Integer::u_pow_u(2, 64));
    let p_inv = f.p.clone().invert(&word).unwrap();
    let sq = |x: &Integer| Integer::from(x * x) % &f.p;
    let user = UserConstants {
        n_prime: Some(Given::Int(p_inv)),
        r: Some(Given::Int(mp.r2.clone())),
        r_squared: Some(Given::Int(mp.r2.clone())),
        root: Some(Given::Int(sq(&f.root))),
        two_adicity: Some(28),
    };
    let out = check(&f, LimbBits::B64, LimbOrder::Auto, &user);
    let instead = |n: &str| {
        out.iter()
            .find(|x| x.constant == n)
            .unwrap()
            .instead
            .clone()
            .unwrap_or_default()
    };
    assert!(instead("n_prime").contains("sign is wrong"));
    assert!(instead("r").contains("R² where R was meant"));
    assert!(out.iter().find(|x| x.constant == "r_squared").unwrap().ok);
    assert!(
        instead("root").contains("2^27-th root"),
        "{}",
        instead("root")
    );
    assert!(out.iter().find(|x| x.constant == "two_adicity").unwrap().ok);
}
