//! The real Walsh–Hadamard transform (`jitfft wht`, `jitfft::wht`): every precision against the
//! Hadamard matrix product or the fast f64 reference on fresh random rows, many passes through
//! tight limits, and every bad input (clear error, non-zero exit, no output file).
//!
//! Oracle: `jitfft::wht::reference` (the Hadamard matrix product, the fast f64 transform).

mod common;

use common::{fails_with, gpu, jitfft, seed};
use jitfft::io::npy::{npy_bytes, read_npy, NpyData};
use jitfft::wht::host::{from_bytes, rounded, to_bytes};
use jitfft::wht::reference::{errors, fast_wht, hadamard_matvec};
use jitfft::wht::schedule::{schedule, WhtLimits, DEFAULT_LIMITS};
use jitfft::wht::{Storage, WhtNorm, WhtPlan, WhtTransform};
use rand::{Rng, SeedableRng};

fn rows(len: usize, seed: u64) -> Vec<f64> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    (0..len).map(|_| rng.gen_range(-1.0..1.0)).collect()
}

/// Runs a plan on the device and returns (result, input as stored).
fn run(
    g: &jitfft::runtime::Gpu,
    plan: &WhtPlan,
    limits: Option<WhtLimits>,
    seed: u64,
) -> (Vec<f64>, Vec<f64>) {
    let x = rounded(&rows(plan.len(), seed), plan.storage);
    let tr = match limits {
        Some(l) => WhtTransform::with_limits(g, plan, l),
        None => WhtTransform::new(g, plan),
    }
    .unwrap();
    let out = tr.run(g, &to_bytes(&x, plan.storage), 1).unwrap();
    (from_bytes(&out.bytes, plan.storage), x)
}

#[test]
fn small_rows_equal_the_hadamard_matrix_product() {
    let g = gpu();
    let s = seed();
    for storage in [Storage::F32, Storage::F64] {
        if storage == Storage::F64 && !g.info.fp64 {
            continue;
        }
        let tol = if storage == Storage::F64 { 1e-13 } else { 2e-6 };
        for (k, batch) in [(1, 3), (2, 1), (3, 5), (5, 2), (7, 3), (12, 2)] {
            let plan = WhtPlan::new(k, batch, storage, WhtNorm::None, false).unwrap();
            let (y, x) = run(&g, &plan, None, s + k as u64);
            let want = hadamard_matvec(&x, 1 << k, 1.0);
            let (rel, max) = errors(&y, &want);
            assert!(
                rel <= tol,
                "{storage:?} 2^{k} × {batch} (seed {s}): rel L2 {rel:.2e}, max {max:.2e}"
            );
        }
    }
}

#[test]
fn many_passes_and_every_norm_equal_the_fast_reference() {
    let g = gpu();
    let s = seed();
    // 1 KiB of local memory: 128-value tiles, so 2^15 takes four passes of strided tiles.
    let tight = WhtLimits {
        max_work_group: 64,
        local_bytes: 1024,
        lanes: 0,
    };
    let cases = [
        (15, 2, WhtNorm::None, false, Some(tight)),
        (13, 1, WhtNorm::Ortho, true, Some(tight)),
        (16, 1, WhtNorm::Forward, false, None),
        (14, 3, WhtNorm::None, true, None),
    ];
    for (k, batch, norm, inverse, limits) in cases {
        let plan = WhtPlan::new(k, batch, Storage::F32, norm, inverse).unwrap();
        if let Some(l) = limits {
            assert!(jitfft::wht::schedule::schedule(&plan, l).unwrap().len() >= 3);
        }
        let (y, x) = run(&g, &plan, limits, s ^ k as u64);
        let (rel, max) = errors(&y, &fast_wht(&x, 1 << k, plan.scale()));
        assert!(
            rel <= 2e-6,
            "2^{k} {norm:?} inverse {inverse} (seed {s}): rel L2 {rel:.2e}, max {max:.2e}"
        );
    }
}

/// `WhtTransform::transform` (one untimed run, what `jitfft.wht` calls) through several passes
/// equals the fast reference, twice on one transform (no state left between calls), and
/// refuses buffers of the wrong size.
#[test]
fn untimed_transform_equals_the_reference_and_checks_sizes() {
    let g = gpu();
    let s = seed();
    let tight = WhtLimits {
        max_work_group: 64,
        local_bytes: 1024,
        lanes: 0,
    };
    let plan = WhtPlan::new(12, 3, Storage::F32, WhtNorm::Ortho, false).unwrap();
    let tr = WhtTransform::with_limits(&g, &plan, tight).unwrap();
    assert!(tr.passes.len() >= 2);
    for round in 0..2 {
        let x = rounded(&rows(plan.len(), s + round), plan.storage);
        let mut out = vec![0u8; plan.bytes() as usize];
        tr.transform(&g, &to_bytes(&x, plan.storage), &mut out)
            .unwrap();
        let y = from_bytes(&out, plan.storage);
        let (rel, max) = errors(&y, &fast_wht(&x, 1 << 12, plan.scale()));
        assert!(
            rel <= 2e-6,
            "round {round} (seed {s}): rel L2 {rel:.2e}, max {max:.2e}"
        );
    }
    let mut short = vec![0u8; 8];
    let err = tr.transform(&g, &[0u8; 8], &mut short).unwrap_err();
    assert!(err.to_string().contains("the plan takes"), "{err}");
}

#[test]
fn half_storage_is_within_2e_3_of_f64_with_ortho() {
    let g = gpu();
    let s = seed();
    // Two passes in f16 (2^15); bfloat16 shares the kernels' shape, so one small row.
    for (st, tol, k, batch) in [
        (Storage::F16, 2e-3, 10, 2),
        (Storage::F16, 2e-3, 15, 1),
        (Storage::Bf16, 2e-2, 10, 2),
    ] {
        {
            let plan = WhtPlan::new(k, batch, st, WhtNorm::Ortho, false).unwrap();
            let x = rows(plan.len(), s);
            let tr = WhtTransform::new(&g, &plan).unwrap();
            let out = tr.run(&g, &to_bytes(&x, st), 1).unwrap();
            let y = from_bytes(&out.bytes, st);
            // Against the f64 transform of the unrounded input: storage rounding included.
            let (rel, _) = errors(&y, &fast_wht(&x, 1 << k, plan.scale()));
            assert!(rel <= tol, "{st:?} 2^{k} (seed {s}): rel L2 {rel:.2e}");
        }
    }
}

/// Rows of 2^13, 2^14 and 2^15 (one 13-bit pass; one 14-bit pass whose tile is kept in half
/// in local memory under NVIDIA's 48 KiB, in f32 under the device's own limits; two passes)
/// against `scipy.linalg.hadamard(2^k) @ x` in f64 of the unrounded input (the fast f64
/// transform for 2^15): f16 with ortho within 2e-3, f32 (2^13, 2^14) within 2e-6.
#[test]
fn rows_around_the_tile_size_equal_the_hadamard_product() {
    let g = gpu();
    let s = seed();
    let half14 = WhtPlan::new(14, 1, Storage::F16, WhtNorm::Ortho, false).unwrap();
    let p = schedule(&half14, DEFAULT_LIMITS).unwrap();
    assert!(p.len() == 1 && p[0].half_local && !p[0].restore, "{p:?}");
    for (k, batch) in [(13u32, 2usize), (14, 1), (15, 1)] {
        let x = rows(batch << k, s ^ (k as u64 * 7));
        let h = if k <= 14 {
            hadamard_matvec(&x, 1 << k, 1.0)
        } else {
            fast_wht(&x, 1 << k, 1.0)
        };
        for (st, norm, tol) in [
            (Storage::F16, WhtNorm::Ortho, 2e-3),
            (Storage::F32, WhtNorm::None, 2e-6),
        ] {
            if st == Storage::F32 && k == 15 {
                continue; // f32 2^15 in two passes: many_passes_and_every_norm_… has it
            }
            let plan = WhtPlan::new(k, batch, st, norm, false).unwrap();
            let want: Vec<f64> = h.iter().map(|v| v * plan.scale()).collect();
            for limits in [Some(DEFAULT_LIMITS), None] {
                let tr = match limits {
                    Some(l) => WhtTransform::with_limits(&g, &plan, l),
                    None => WhtTransform::new(&g, &plan),
                }
                .unwrap();
                let out = tr.run(&g, &to_bytes(&x, st), 1).unwrap();
                let (rel, max) = errors(&from_bytes(&out.bytes, st), &want);
                assert!(
                    rel <= tol,
                    "{st:?} 2^{k} × {batch}, limits {limits:?} (seed {s}): rel L2 {rel:.2e}, max {max:.2e}, passes {:?}",
                    tr.passes
                );
            }
        }
    }
}

fn write_npy(path: &std::path::Path, descr: &str, shape: &[usize], body: &[u8]) {
    std::fs::write(path, npy_bytes(descr, shape, body)).unwrap();
}

#[test]
fn npy_float16_in_float16_out_and_checked() {
    let dir = tempfile::tempdir().unwrap();
    let (inp, out) = (dir.path().join("x.npy"), dir.path().join("y.npy"));
    let x = rounded(&rows(3 * 256, seed()), Storage::F16);
    write_npy(&inp, "<f2", &[3, 256], &to_bytes(&x, Storage::F16));
    jitfft()
        .args([
            "wht", "--norm", "ortho", "--check", "--repeat", "1", "--json",
        ])
        .arg("--input")
        .arg(&inp)
        .arg("--output")
        .arg(&out)
        .assert()
        .success()
        .stdout(predicates::str::contains("\"passed\": true"));
    let y = read_npy(&out).unwrap();
    assert_eq!(
        (y.descr.as_str(), y.shape.as_slice()),
        ("<f2", &[3usize, 256][..])
    );
    let NpyData::Real(y) = y.data else {
        panic!("real data")
    };
    let (rel, _) = errors(&y, &fast_wht(&x, 256, 1.0 / 16.0));
    assert!(rel <= 2e-3, "rel L2 {rel:.2e}");
}

#[test]
fn bad_input_is_refused_without_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = |n: &str| dir.path().join(n).to_string_lossy().to_string();
    let out = d("never.npy");
    write_npy(&dir.path().join("c.npy"), "<c8", &[4], &[0u8; 32]);
    fails_with(
        &["wht", "--input", &d("c.npy"), "--output", &out],
        &["complex input", "refuses"],
    );
    write_npy(&dir.path().join("odd.npy"), "<f4", &[2, 12], &[0u8; 96]);
    fails_with(
        &["wht", "--input", &d("odd.npy"), "--output", &out],
        &["rows of 12 values", "2^k"],
    );
    write_npy(&dir.path().join("i.npy"), "<i4", &[4], &[0u8; 16]);
    fails_with(&["wht", "--input", &d("i.npy")], &["not a real float"]);
    fails_with(
        &[
            "wht",
            "--size",
            "2^4",
            "--precision",
            "bf16",
            "--output",
            &out,
        ],
        &["no bfloat16"],
    );
    fails_with(&["wht", "--size", "12"], &["not a power of two"]);
    fails_with(&["wht", "--batch", "3"], &["--size"]);
    fails_with(
        &[
            "wht",
            "--size",
            "2^4",
            "--input",
            &d("c.npy"),
            "--seed",
            "1",
        ],
        &["choose one"],
    );
    // A constant row: y[0] = 2^16 > 65504 overflows half precision: refused, nothing written.
    let ones: Vec<u8> = std::iter::repeat_n([0x00u8, 0x3c], 1 << 16)
        .flatten()
        .collect();
    write_npy(&dir.path().join("ones.npy"), "<f2", &[1 << 16], &ones);
    fails_with(
        &["wht", "--input", &d("ones.npy"), "--output", &out],
        &["overflowed", "--norm ortho"],
    );
    jitfft()
        .args(["wht", "--size", "2^4", "--norm", "half"])
        .assert()
        .code(2);
    assert!(
        !std::path::Path::new(&out).exists(),
        "a refused run wrote {out}"
    );
    // The same ones with --norm ortho: fine, and y = (2^8, 0, 0, …).
    jitfft()
        .args([
            "wht",
            "--norm",
            "ortho",
            "--repeat",
            "1",
            "--input",
            &d("ones.npy"),
            "--output",
            &out,
        ])
        .assert()
        .success();
    let NpyData::Real(y) = read_npy(std::path::Path::new(&out)).unwrap().data else {
        panic!()
    };
    assert!(
        y[0] == 256.0 && y[1..].iter().all(|v| *v == 0.0),
        "{:?}",
        &y[..4]
    );
}

/// `WhtTransform::execute_into` (Python's path: host values through the pinned staging, the
/// checks folded into its copies) gives `transform`'s bytes in f32 and f16, refuses non-finite
/// input before anything runs (the output untouched), refuses an overflowed f16 result, and
/// refuses host values of another width than the plan's storage.
#[test]
fn execute_into_matches_transform_and_refuses_bad_values() {
    let g = gpu();
    let s = seed();
    let tight = WhtLimits {
        max_work_group: 64,
        local_bytes: 1024,
        lanes: 0,
    };
    for st in [Storage::F32, Storage::F16] {
        let plan = WhtPlan::new(11, 3, st, WhtNorm::Ortho, false).unwrap();
        let tr = WhtTransform::with_limits(&g, &plan, tight).unwrap();
        let bytes = to_bytes(&rows(plan.len(), s), st);
        let mut want = vec![0u8; bytes.len()];
        tr.transform(&g, &bytes, &mut want).unwrap();
        let got: Vec<u8> = if st == Storage::F32 {
            let x: Vec<f32> = bytes
                .chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let mut y = vec![0f32; x.len()];
            tr.execute_into(&g, &x, &mut y, true).unwrap();
            bytemuck::cast_slice(&y).to_vec()
        } else {
            let x: Vec<u16> = bytes
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]]))
                .collect();
            let mut y = vec![0u16; x.len()];
            tr.execute_into(&g, &x, &mut y, true).unwrap();
            bytemuck::cast_slice(&y).to_vec()
        };
        assert!(got == want, "{st:?} (seed {s}): execute_into differs");
    }
    let plan = WhtPlan::new(10, 2, Storage::F32, WhtNorm::None, false).unwrap();
    let tr = WhtTransform::new(&g, &plan).unwrap();
    let mut x = vec![1f32; plan.len()];
    x[1500] = f32::NAN;
    let mut y = vec![7f32; plan.len()];
    let err = tr.execute_into(&g, &x, &mut y, true).unwrap_err();
    assert!(err.to_string().contains("row 1, index 476"), "{err}");
    assert!(y.iter().all(|&v| v == 7.0), "output touched");
    let mut z = vec![0f64; plan.len()];
    let err = tr
        .execute_into(&g, &vec![0f64; plan.len()], &mut z, true)
        .unwrap_err();
    assert!(err.to_string().contains("stores f32"), "{err}");
    let half = WhtPlan::new(10, 1, Storage::F16, WhtNorm::None, false).unwrap();
    let tr = WhtTransform::new(&g, &half).unwrap();
    let hundred = jitfft::io::half::f32_to_f16(100.0);
    let mut y = vec![0u16; half.len()];
    let err = tr
        .execute_into(&g, &vec![hundred; half.len()], &mut y, true)
        .unwrap_err();
    assert!(err.to_string().contains("overflowed"), "{err}");
}
