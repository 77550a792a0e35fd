//! Generalized Fermat prime FFTs on the device against the exact CPU references.

mod common;

use jitfft::gfp::execute::device_limits;
use jitfft::gfp::field::GfpField;
use jitfft::gfp::reference as cpu;
use jitfft::gfp::{GfpPlan, GfpTransform};
use rug::Integer;

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
    assert!(t.kernel_ms > 0.0 && t.base_dft_ms > 0.0);
    f.from_transposed(&out, x.len()).unwrap()
}

#[test]
fn base_dft_k_and_small_ffts_match_the_naive_dft() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    // N = K (one base DFT), N < K, and N = 2^j·K for each preset.
    for (name, sizes) in [
        ("p3", vec![4u32, 3, 5, 8]),
        ("p4", vec![5]),
        ("p5", vec![6]),
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
}

#[test]
fn edge_inputs_transform_exactly() {
    let gpu = common::gpu();
    let f = GfpField::preset("p3").unwrap();
    let mut x = f.edge_values();
    x.resize(64, Integer::from(&f.p - 1u32));
    let w = f.root_of_unity(6).unwrap();
    assert_eq!(
        device_fft(&gpu, &f, &x, 6, false),
        cpu::naive_dft(&f, &x, &w).unwrap()
    );
}

#[test]
fn full_ffts_match_the_reference_fft() {
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    for (name, log_n) in [("p3", 12u32), ("p4", 10)] {
        let f = GfpField::preset(name).unwrap();
        let x = f.random_elements(1 << log_n, seed);
        let w = f.root_of_unity(log_n).unwrap();
        assert_eq!(
            device_fft(&gpu, &f, &x, log_n, false),
            cpu::fft(&f, &x, &w),
            "{name} 2^{log_n} seed {seed}"
        );
    }
}

#[test]
fn forward_then_inverse_is_the_identity() {
    let gpu = common::gpu();
    let seed = common::seed();
    for (name, log_n) in [("p3", 9u32), ("p4", 6), ("p5", 6)] {
        let f = GfpField::preset(name).unwrap();
        let x = f.random_elements(1 << log_n, seed);
        let y = device_fft(&gpu, &f, &x, log_n, false);
        assert_ne!(y, x);
        assert_eq!(
            device_fft(&gpu, &f, &y, log_n, true),
            x,
            "{name} seed {seed}"
        );
    }
}

#[test]
fn polynomial_product_through_the_fft_matches_schoolbook() {
    let gpu = common::gpu();
    let seed = common::seed();
    let f = GfpField::preset("p3").unwrap();
    let log_n = 10;
    let n = 1usize << log_n;
    let a = f.random_elements(n / 2, seed);
    let b = f.random_elements(n / 2 - 1, seed + 1);
    let pad = |v: &[Integer]| {
        let mut v = v.to_vec();
        v.resize(n, Integer::new());
        v
    };
    let fa = device_fft(&gpu, &f, &pad(&a), log_n, false);
    let fb = device_fft(&gpu, &f, &pad(&b), log_n, false);
    let prod: Vec<Integer> = fa
        .iter()
        .zip(&fb)
        .map(|(x, y)| cpu::mul(&f, x, y))
        .collect();
    let c = device_fft(&gpu, &f, &prod, log_n, true);
    let want = cpu::poly_mul(&f, &a, &b);
    assert_eq!(&c[..want.len()], &want[..], "seed {seed}");
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
