//! Host data in the plan's precision and device-resident runs: `execute_into`,
//! `execute_in_place`, `upload`/`run`/`download` and the device buffers, against the f64
//! reference and against the `Complex64` path. One small program per algorithm.

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::*;
use num_complex::{Complex32, Complex64};

fn to32(x: &[Complex64]) -> Vec<Complex32> {
    x.iter()
        .map(|c| Complex32::new(c.re as f32, c.im as f32))
        .collect()
}

fn to64(x: &[Complex32]) -> Vec<Complex64> {
    x.iter()
        .map(|c| Complex64::new(c.re as f64, c.im as f64))
        .collect()
}

fn plan(algorithm: Algorithm, precision: Precision, direction: Direction) -> VcPlan {
    let radix = (algorithm != Algorithm::Fused).then_some(9);
    let opts = VcOptions {
        algorithm,
        radix,
        precision,
        direction,
        ..Default::default()
    };
    VcPlan::new(3, 5, opts).expect("valid plan")
}

#[test]
fn f32_host_data_without_conversion() {
    let gpu = common::gpu();
    let seed = common::seed();
    let x64 = random_complex(243, seed);
    let want = separable_vc(3, 5, &x64, Direction::Forward, 1.0).expect("reference");
    let x = to32(&x64);
    for algorithm in [Algorithm::Ct, Algorithm::Cg, Algorithm::Fused] {
        let tr = VcTransform::new(&gpu, &plan(algorithm, Precision::F32, Direction::Forward))
            .expect("transform");
        let mut out = vec![Complex32::default(); x.len()];
        // Twice through the same buffers: the second call must not see the first's data.
        for _ in 0..2 {
            let times = tr.execute_into(&gpu, &x, &mut out).expect("execute_into");
            assert!(times.kernel_ms >= 0.0 && times.upload_ms >= 0.0);
            let err = compare(&to64(&out), &want);
            assert!(
                err.rel_l2 < 2e-6,
                "{algorithm}: rel L2 {:e} (seed {seed})",
                err.rel_l2
            );
        }
        // The Complex64 path computes the same f32 spectrum.
        let (via64, _) = tr.execute(&gpu, &x64).expect("execute");
        let same = compare(&to64(&out), &via64);
        assert!(same.rel_l2 < 1e-6, "{algorithm}: {:e}", same.rel_l2);
        let mut data = x.clone();
        tr.execute_in_place(&gpu, &mut data).expect("in place");
        assert_eq!(data, out, "{algorithm}: in place differs from execute_into");
    }
}

#[test]
fn wrong_type_or_length_is_refused() {
    let gpu = common::gpu();
    let tr = VcTransform::new(
        &gpu,
        &plan(Algorithm::Ct, Precision::F32, Direction::Forward),
    )
    .expect("transform");
    let x64 = vec![Complex64::new(1.0, 0.5); 243];
    let mut out64 = vec![Complex64::default(); 243];
    let e = tr
        .execute_into(&gpu, &x64, &mut out64)
        .unwrap_err()
        .to_string();
    assert!(e.contains("Complex32") && e.contains("f32"), "{e}");
    let x = vec![Complex32::new(1.0, 0.5); 243];
    let mut short = vec![Complex32::default(); 81];
    let e = tr
        .execute_into(&gpu, &x, &mut short)
        .unwrap_err()
        .to_string();
    assert!(e.contains("81") && e.contains("243"), "{e}");
    let e = tr.upload(&x[..100]).unwrap_err().to_string();
    assert!(e.contains("100"), "{e}");
}

/// Forward then inverse without the data leaving the device: the forward result buffer is
/// copied into the inverse transform's input buffer, and the round trip gives x back.
#[test]
fn device_resident_round_trip() {
    let gpu = common::gpu();
    if !gpu.info.fp64 {
        eprintln!("skipping: {} has no fp64", gpu.info.name);
        return;
    }
    let seed = common::seed();
    let x = random_complex(243, seed);
    for algorithm in [Algorithm::Cg, Algorithm::Fused] {
        let fwd = VcTransform::new(&gpu, &plan(algorithm, Precision::F64, Direction::Forward))
            .expect("forward");
        let inv = VcTransform::new(&gpu, &plan(algorithm, Precision::F64, Direction::Inverse))
            .expect("inverse");
        fwd.upload(&x).expect("upload");
        fwd.run(&gpu).expect("forward run");
        match (fwd.result_buffer(), inv.input_buffer()) {
            (DeviceBuffer::F64(src), DeviceBuffer::F64(dst)) => {
                src.copy(dst, None, None).enq().expect("device copy")
            }
            _ => panic!("f64 plans have f64 buffers"),
        }
        inv.run(&gpu).expect("inverse run");
        let mut back = vec![Complex64::default(); x.len()];
        inv.download(&mut back).expect("download");
        let err = compare(&back, &x);
        assert!(
            err.rel_l2 < 1e-13,
            "{algorithm}: rel L2 {:e} (seed {seed})",
            err.rel_l2
        );
    }
}
