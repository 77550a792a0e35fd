//! Generalized Fermat prime arithmetic and FFTs on the device against exact CPU references:
//! add, sub, mul and every shift bit-exact against rug on random and edge values, and the FFT
//! against the naive DFT, the CPU FFT, its inverse and a polynomial product.
//!
//! Each (preset, size, direction) is a distinct program compiled by PoCL in seconds: the
//! default sizes share programs where the cases allow (the round trips reuse forward
//! transforms of the other cases); `JITFFT_EXHAUSTIVE=1` adds the round trips' own sizes.
//!
//! Oracle: `jitfft::reference::gfp` (rug).

mod common;

use jitfft::gfp::execute::{device_limits, device_op};
use jitfft::gfp::field::GfpField;
use jitfft::gfp::reference as cpu;
use jitfft::gfp::{GfpPlan, GfpTransform};
use rug::Integer;

fn presets() -> Vec<GfpField> {
    ["p3", "p4", "p5"]
        .iter()
        .map(|n| GfpField::preset(n).unwrap())
        .collect()
}

fn check_op(f: &GfpField, op: &str, x: &[Integer], y: &[Integer], s: &[u32]) {
    let gpu = common::gpu();
    let got = device_op(&gpu, f, op, x, y, s).unwrap();
    for i in 0..x.len() {
        let want = match op {
            "add" => cpu::add(f, &x[i], &y[i]),
            "sub" => cpu::sub(f, &x[i], &y[i]),
            "mul" => cpu::mul(f, &x[i], &y[i]),
            _ => cpu::mul_pow_r(f, &x[i], s[i]),
        };
        assert_eq!(
            got[i],
            f.to_digits(&want),
            "p = {}^{} + 1: {} {op} {} (shift {:?})",
            f.r,
            f.k,
            x[i],
            y[i],
            s.get(i)
        );
    }
}

/// Every pair of edge values plus random pairs.
fn operands(f: &GfpField, seed: u64) -> (Vec<Integer>, Vec<Integer>) {
    let e = f.edge_values();
    let mut x = Vec::new();
    let mut y = Vec::new();
    for a in &e {
        for b in &e {
            x.push(a.clone());
            y.push(b.clone());
        }
    }
    x.extend(f.random_elements(300, seed));
    y.extend(f.random_elements(300, seed + 1));
    (x, y)
}

#[test]
fn device_add_sub_mul_match_rug() {
    let seed = common::seed();
    eprintln!("seed {seed}");
    for f in presets() {
        let (x, y) = operands(&f, seed);
        // p5's multiplication (32 × 32 base-r digit products, unrolled) is the slowest PoCL
        // compile of the suite, about 45 s on its own: exhaustive only. p3's and p4's run by default,
        // and p5's add, sub and shifts.
        let ops: &[&str] = if f.k >= 32 && !common::exhaustive() {
            &["add", "sub"]
        } else {
            &["add", "sub", "mul"]
        };
        for op in ops {
            check_op(&f, op, &x, &y, &[]);
        }
    }
}

#[test]
fn device_shifts_match_rug_for_every_power() {
    let seed = common::seed();
    eprintln!("seed {seed}");
    // Reverse order: the add/sub/mul test builds p3's program meanwhile.
    for f in presets().into_iter().rev() {
        let mut x = Vec::new();
        let mut s = Vec::new();
        let vals: Vec<Integer> = f
            .edge_values()
            .into_iter()
            .chain(f.random_elements(20, seed))
            .collect();
        for v in &vals {
            for sh in 0..f.big_k() {
                x.push(v.clone());
                s.push(sh);
            }
        }
        check_op(&f, "shift", &x, &x, &s);
    }
}

fn device_fft(
    gpu: &jitfft::runtime::Gpu,
    f: &GfpField,
    x: &[Integer],
    log_n: u32,
    inverse: bool,
) -> Vec<Integer> {
    let plan = GfpPlan::new(
        f.clone(),
        log_n,
        inverse,
        device_limits(gpu).0,
        device_limits(gpu).1,
    )
    .unwrap();
    let tr = GfpTransform::new(gpu, &plan).unwrap();
    let (out, t) = tr.execute(gpu, &f.to_transposed(x)).unwrap();
    tr.release().unwrap();
    assert!(t.kernel_ms > 0.0 && t.base_dft_ms > 0.0);
    f.from_transposed(&out, x.len()).unwrap()
}

/// Small FFTs of each preset in one process, so that every program is compiled once (tests
/// are separate processes: two of them needing one program at once would both compile it):
/// against the naive DFT at N < K, N = K and N = 4·K (p3: radices 8; 16; 16·4), the edge
/// values at p3 2^6, and forward then inverse on the same programs (only the inverses are new).
/// p4 at N = K (2^5). Exhaustive adds p3 2^5 and 2^8, p5 2^6 (165 KB programs, the slowest
/// compile of the suite: its arithmetic runs by default above), and the round trips p5 2^6,
/// p3 2^9 and p4 2^6.
#[test]
fn small_ffts_match_the_naive_dft_edge_values_and_invert() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    // N = K (one base DFT), N < K, and N = 2^j·K for each preset.
    for (name, sizes) in [
        ("p3", common::pick(&[4u32, 3, 6], &[4, 3, 6, 5, 8])),
        ("p4", vec![5]),
        ("p5", common::pick(&[], &[6])),
    ] {
        let f = GfpField::preset(name).unwrap();
        for log_n in sizes {
            let x = f.random_elements(1 << log_n, seed ^ log_n as u64);
            let w = f.root_of_unity(log_n).unwrap();
            let want = cpu::naive_dft(&f, &x, &w).unwrap();
            assert_eq!(
                device_fft(&gpu, &f, &x, log_n, false),
                want,
                "{name} N = 2^{log_n}, seed {seed}"
            );
        }
    }
    // Edge values (0, 1, p − 1, digit boundaries), padded with p − 1, at p3 2^6.
    let f = GfpField::preset("p3").unwrap();
    let mut x = f.edge_values();
    x.resize(64, Integer::from(&f.p - 1u32));
    let w = f.root_of_unity(6).unwrap();
    assert_eq!(
        device_fft(&gpu, &f, &x, 6, false),
        cpu::naive_dft(&f, &x, &w).unwrap(),
        "p3 edge values"
    );
    // Forward then inverse is the identity: the forward programs are the naive cases' above.
    let all = [("p3", 6u32), ("p4", 5), ("p5", 6), ("p3", 9), ("p4", 6)];
    for (name, log_n) in common::pick(&all[..2], &all) {
        let f = GfpField::preset(name).unwrap();
        let x = f.random_elements(1 << log_n, seed);
        let y = device_fft(&gpu, &f, &x, log_n, false);
        assert_ne!(y, x);
        assert_eq!(
            device_fft(&gpu, &f, &y, log_n, true),
            x,
            "{name} 2^{log_n} seed {seed}"
        );
    }
}

/// Multi-stage FFTs against the CPU FFT (p3 2^9: radices 16·16·2; p4 2^10: 32·32), and the
/// polynomial product through p3 2^9's forward (the same program) and inverse, in one process
/// so that the forward is compiled once. Exhaustive adds p3 2^10 and 2^12, and the product at
/// 2^10.
#[test]
fn full_ffts_and_polynomial_product_match_the_reference() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    for (name, log_n) in common::pick(
        &[("p3", 9u32), ("p4", 10)],
        &[("p3", 9), ("p4", 10), ("p3", 10), ("p3", 12)],
    ) {
        let f = GfpField::preset(name).unwrap();
        let x = f.random_elements(1 << log_n, seed);
        let w = f.root_of_unity(log_n).unwrap();
        assert_eq!(
            device_fft(&gpu, &f, &x, log_n, false),
            cpu::fft(&f, &x, &w),
            "{name} 2^{log_n} seed {seed}"
        );
    }
    for log_n in common::pick(&[9u32], &[9, 10]) {
        polynomial_product(&gpu, log_n, seed);
    }
}

/// a·b (lengths N/2 and N/2 − 1, so no wrap-around) through forward FFTs, the pointwise
/// product and the inverse, against the schoolbook product.
fn polynomial_product(gpu: &jitfft::runtime::Gpu, log_n: u32, seed: u64) {
    let f = GfpField::preset("p3").unwrap();
    let n = 1usize << log_n;
    let a = f.random_elements(n / 2, seed);
    let b = f.random_elements(n / 2 - 1, seed + 1);
    let pad = |v: &[Integer]| {
        let mut v = v.to_vec();
        v.resize(n, Integer::new());
        v
    };
    let fa = device_fft(gpu, &f, &pad(&a), log_n, false);
    let fb = device_fft(gpu, &f, &pad(&b), log_n, false);
    let prod: Vec<Integer> = fa
        .iter()
        .zip(&fb)
        .map(|(x, y)| cpu::mul(&f, x, y))
        .collect();
    let c = device_fft(gpu, &f, &prod, log_n, true);
    let want = cpu::poly_mul(&f, &a, &b);
    assert_eq!(&c[..want.len()], &want[..], "2^{log_n} seed {seed}");
    assert!(c[want.len()..].iter().all(|v| *v == 0));
}

#[test]
fn reference_fft_agrees_with_naive_dft() {
    let f = GfpField::new(10, 2).unwrap(); // p = 101, 2-adicity 2
    let x: Vec<Integer> = [3, 100, 0, 57].iter().map(|&v| Integer::from(v)).collect();
    let w = f.root_of_unity(2).unwrap();
    assert_eq!(cpu::fft(&f, &x, &w), cpu::naive_dft(&f, &x, &w).unwrap());
    let p3 = GfpField::preset("p3").unwrap();
    let x = p3.random_elements(256, 5);
    let w = p3.root_of_unity(8).unwrap();
    assert_eq!(cpu::fft(&p3, &x, &w), cpu::naive_dft(&p3, &x, &w).unwrap());
    assert_eq!(
        cpu::inverse_fft(&p3, &cpu::fft(&p3, &x, &w), &w).unwrap(),
        x
    );
    assert!(cpu::naive_dft(&p3, &p3.random_elements(2048, 1), &w).is_err());
}
