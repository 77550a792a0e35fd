//! Bent verdicts decided on the device and truth vectors read straight into pinned staging
//! (issue 28): the verdict kernel against the host's rule on crafted partials (NaN, infinities,
//! values a few ulps around every threshold of `BentRule::decide`) and on random ones; whole
//! classifications from host memory and from a uint8 .npy against the CPU reference and the
//! host-verdict path; bad inputs refused with clear errors.
//!
//! Oracle: the CPU classification (`mvl::bent::classify_cpu`, on `jitfft::reference::mvl`).

mod common;
use common::mvl::{maiorana_mcfarland, random_fn};

use jitfft::mvl::bent::{classify_cpu, BentClassifier, BentRule, BentVerdicts};
use jitfft::mvl::bent_device::DeviceVerdicts;
use jitfft::mvl::truth_file::TruthFile;
use jitfft::mvl::TruthVectors;
use jitfft::runtime::pinned::constant_buffer;
use jitfft::vc::{Partials, PartialsBuffer, Precision};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Values a few ulps (of f32 and f64) on both sides of each threshold.
fn around(x: f64) -> Vec<f64> {
    let mut v = vec![x];
    let (mut up, mut down) = (x, x);
    let (mut up32, mut down32) = (x as f32, x as f32);
    for _ in 0..3 {
        up = f64::from_bits(up.to_bits() + 1);
        down = f64::from_bits(down.to_bits() - 1);
        up32 = f32::from_bits(up32.to_bits() + 1);
        down32 = f32::from_bits(down32.to_bits() - 1);
        v.extend([up, down, up32 as f64, down32 as f64]);
    }
    v
}

/// (min, max) pairs that probe every branch of the rule: non-finite, the rounding edges
/// E ± 1/2, the |x − E| ≤ bound edges, the hi where the bound crosses 1/2, and random ones.
fn crafted(rule: &BentRule, rng: &mut ChaCha8Rng) -> Vec<(f64, f64)> {
    let e2 = rule.expected2;
    let mut out = vec![
        (f64::NAN, e2),
        (e2, f64::NAN),
        (f64::INFINITY, e2),
        (e2, f64::INFINITY),
        (f64::NEG_INFINITY, e2),
        (0.0, 0.0),
        (-0.0, -0.0),
        (-1.0, e2),
        (e2, e2),
        (e2, 4.0 * e2),
    ];
    for lo in around(e2 - 0.5).into_iter().chain(around(e2 + 0.5)) {
        out.push((lo, e2));
        out.push((e2, lo));
    }
    let b = rule.bound2(e2);
    for x in around(e2 - b).into_iter().chain(around(e2 + b)) {
        out.push((x, e2));
        out.push((e2, x));
        out.push((x, x));
    }
    // The hi at which the bound reaches 1/2: 2·sqrt(h)·e + e² = 1/2.
    let e = rule.spectrum_error;
    let s = (0.5 - e * e) / (2.0 * e);
    if s > 0.0 {
        for h in around(s * s) {
            out.push((e2, h));
            out.push((h - 0.5, h));
        }
    }
    for _ in 0..2000 {
        let scale = [1e-6, 1e-3, 0.3, 1.0, 10.0][rng.gen_range(0..5)] * e2.max(1.0);
        let lo = e2 + rng.gen_range(-1.0..1.0) * scale;
        let hi = lo.max(e2 + rng.gen_range(-1.0..1.0) * scale);
        out.push((lo, hi));
    }
    out
}

/// The verdict kernel decides exactly as the host's rule, for f32 and f64 partials, one and
/// three partial pairs a function, on rules of every branch (exact integer norms, integer norms
/// with a bound ≥ 1/2, non-integer norms).
#[test]
fn verdict_kernel_equals_host_rule() {
    let gpu = common::gpu();
    if !gpu.info.fp64 {
        eprintln!("no fp64 on {}: verdicts stay on the host", gpu.info.name);
        return;
    }
    let seed = common::seed();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let rules = [
        (3, 4, Precision::F32),
        (3, 12, Precision::F32),
        (5, 2, Precision::F32),
        (3, 4, Precision::F64),
        (7, 3, Precision::F64),
    ];
    for (p, n, precision) in rules {
        let rule = BentRule::new(p, n, precision);
        let pairs = crafted(&rule, &mut rng);
        for groups in [1usize, 3] {
            // Function f's pairs: the crafted pair, then (groups − 1) pairs inside it, so the
            // fold gives the crafted pair (NaN partials are skipped by both folds).
            let mut flat = Vec::new();
            for &(lo, hi) in &pairs {
                flat.extend([lo, hi]);
                for g in 1..groups {
                    let inner = if g % 2 == 1 { f64::NAN } else { hi };
                    flat.extend([inner, if lo.is_finite() { lo.max(0.0) } else { inner }]);
                }
            }
            let b = pairs.len() as u64;
            let what = format!("p={p} n={n} {precision} groups={groups} (seed {seed})");
            let d = DeviceVerdicts::new(&gpu, precision == Precision::F64, b, rule)
                .expect("verdict kernel")
                .expect("fp64 device");
            let (host, codes) = match precision {
                Precision::F32 => {
                    let v: Vec<f32> = flat.iter().map(|&x| x as f32).collect();
                    let buf = constant_buffer(&gpu.queue, &v).expect("buffer");
                    let host =
                        BentVerdicts::from_partials(p, n, precision, Partials::F32(&v), groups);
                    let codes = d
                        .decide(&gpu, PartialsBuffer::F32(&buf), groups, |c| c.to_vec())
                        .expect("decide");
                    (host, codes)
                }
                Precision::F64 => {
                    let buf = constant_buffer(&gpu.queue, &flat).expect("buffer");
                    let host =
                        BentVerdicts::from_partials(p, n, precision, Partials::F64(&flat), groups);
                    let codes = d
                        .decide(&gpu, PartialsBuffer::F64(&buf), groups, |c| c.to_vec())
                        .expect("decide");
                    (host, codes)
                }
            };
            assert!(
                host.bent.iter().any(|&x| x) && host.bent.iter().any(|&x| !x),
                "{what}"
            );
            for (f, &c) in codes.iter().enumerate() {
                assert_eq!(
                    (c & 1 != 0, c & 2 != 0),
                    (host.bent[f], host.exact[f]),
                    "{what}: function {f}, partials {:?}",
                    &flat[2 * groups * f..2 * groups * (f + 1)]
                );
            }
            d.release().expect("release");
        }
    }
}

/// B functions (every third bent) from host memory, inside a 1-thread rayon pool too, and from
/// a uint8 .npy read into the pinned staging: the device verdicts equal the CPU reference's
/// and the host-verdict path's; several upload chunks and a partial last work-group.
#[test]
fn device_verdicts_from_memory_and_file() {
    let gpu = common::gpu_optimised();
    let seed = common::seed();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (p, n, b) = (3u32, 4u32, 5003u64);
    let mut values = Vec::new();
    for f in 0..b {
        values.extend(if f % 3 == 0 {
            maiorana_mcfarland(p, 2, &mut rng)
        } else {
            random_fn(p, n, &mut rng)
        });
    }
    let truth = TruthVectors::from_values(p, n, b, &values).expect("truth");
    let cpu = classify_cpu(&truth).expect("cpu");
    let what = format!("p={p} n={n} B={b} (seed {seed})");
    assert!(cpu.bent.iter().step_by(3).all(|&x| x), "{what}");
    let host = BentClassifier::new(&gpu, p, n, b, Precision::F32).expect("classifier");
    let (hv, _) = host.classify(&gpu, &truth).expect("host verdicts");
    host.release().expect("release");
    let c = BentClassifier::new(&gpu, p, n, b, Precision::F32)
        .expect("classifier")
        .verdicts_on_device(&gpu)
        .expect("device verdicts");
    assert_eq!(c.on_device(), gpu.info.fp64);
    let (v, _, steps) = c.classify_steps(&gpu, &truth.data).expect("classify");
    assert_eq!(v.bent, cpu.bent, "{what}: device verdicts against the CPU");
    assert_eq!(
        (&v.bent, &v.exact),
        (&hv.bent, &hv.exact),
        "{what}: device vs host path"
    );
    assert!(v.exact.iter().all(|&x| x), "{what}: p = 3 decides exactly");
    assert!(steps.copy_done_ms > 0.0 && steps.copy_done_ms <= steps.upload_host_ms);
    // Called from the only worker of a pool, the copy tasks it spawns must still run.
    struct OneThreadAtATime<T>(T);
    // SAFETY: this thread blocks in `install` while the pool's one worker uses the borrows.
    unsafe impl<T> Send for OneThreadAtATime<T> {}
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    let args = OneThreadAtATime((&c, &gpu, &truth.data[..]));
    let (v1, _) = pool
        .install(move || {
            let a = args;
            let (c, gpu, data) = a.0;
            c.classify_bytes(gpu, data)
        })
        .expect("classify on 1 thread");
    assert_eq!(v1.bent, cpu.bent, "{what}: 1-thread copy");

    // The kernel in pieces behind the upload (a second queue), one piece a chunk: the same
    // verdicts; bad values found in the last piece and, the lowest, in the first.
    let ov = BentClassifier::new(&gpu, p, n, b, Precision::F32)
        .and_then(|c| c.verdicts_on_device(&gpu))
        .and_then(|c| c.kernel_behind_upload(&gpu))
        .expect("overlapped classifier");
    assert!(ov.behind_upload());
    let (vo, to, so) = ov.classify_steps(&gpu, &truth.data).expect("overlapped");
    assert_eq!(vo.bent, cpu.bent, "{what}: kernel behind the upload");
    assert!(
        to.pass_ms.len() >= 2 && so.run_host_ms == 0.0,
        "{:?}",
        to.pass_ms
    );
    let mut bad = truth.data.clone();
    bad[(b as usize - 1) * 81 + 80] = 7;
    let e = ov.classify_bytes(&gpu, &bad).unwrap_err().to_string();
    assert!(
        e.contains(&format!("function {}", b - 1)) && e.contains("position 80"),
        "{e}"
    );
    bad[3 * 81 + 2] = 3;
    let e = ov.classify_bytes(&gpu, &bad).unwrap_err().to_string();
    assert!(
        e.contains("function 3:") && e.contains("position 2 "),
        "{e}"
    );
    let (vo, _) = ov
        .classify_bytes(&gpu, &truth.data)
        .expect("after the errors");
    assert_eq!(vo.bent, cpu.bent, "{what}: the flag was reset");
    ov.release().expect("release");

    // f64 partials through the classifier (100 functions), where the device has fp64.
    if gpu.info.fp64 {
        let head = TruthVectors::from_bytes(p, n, 100, truth.data[..100 * 81].to_vec()).unwrap();
        let c64 = BentClassifier::new(&gpu, p, n, 100, Precision::F64)
            .and_then(|c| c.verdicts_on_device(&gpu))
            .expect("f64 classifier");
        let (v64, _) = c64.classify(&gpu, &head).expect("classify f64");
        assert_eq!(v64.bent[..], cpu.bent[..100], "{what}: f64 device verdicts");
        assert!(v64.exact.iter().all(|&x| x) && v64.min_abs.is_empty());
        c64.release().expect("release");
    }

    // The same functions from a uint8 .npy, read straight into the staging.
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("truth.npy");
    let npy = jitfft::io::npy::npy_bytes("|u1", &[b as usize, 81], &truth.data);
    std::fs::write(&path, &npy).expect("write");
    let file = TruthFile::open(&path, p)
        .expect("open")
        .expect("a uint8 .npy");
    assert_eq!((file.batch, file.n, file.bytes()), (b, n, truth.data.len()));
    c.stage_file(&file).expect("stage");
    let (vf, _, sf) = c.classify_staged_steps(&gpu).expect("staged");
    assert_eq!(vf.bent, cpu.bent, "{what}: from the file");
    assert_eq!(sf.copy_done_ms, 0.0);

    // A value ≥ p in the file: the device names it; nothing is decided.
    let mut bad = npy.clone();
    let at = npy.len() - truth.data.len() + 7 * 81 + 5;
    bad[at] = 3;
    std::fs::write(&path, &bad).expect("write");
    c.stage_file(&TruthFile::open(&path, p).unwrap().unwrap())
        .expect("stage");
    let e = c.classify_staged_steps(&gpu).unwrap_err().to_string();
    assert!(e.contains("function 7") && e.contains("position 5"), "{e}");
    c.release().expect("release");

    // Bad files: truncated, a row that is not p^n, another batch than the classifier's,
    // other dtypes left to the converting loader.
    std::fs::write(&path, &npy[..npy.len() - 1]).expect("write");
    let e = TruthFile::open(&path, p).unwrap_err().to_string();
    assert!(e.contains("truncated"), "{e}");
    std::fs::write(
        &path,
        jitfft::io::npy::npy_bytes("|u1", &[2, 80], &[0; 160]),
    )
    .unwrap();
    let e = TruthFile::open(&path, p).unwrap_err().to_string();
    assert!(e.contains("80"), "{e}");
    std::fs::write(
        &path,
        jitfft::io::npy::npy_bytes("|u1", &[2, 81], &[0; 162]),
    )
    .unwrap();
    let small = BentClassifier::new(&gpu, p, n, 3, Precision::F32).expect("classifier");
    let e = small
        .stage_file(&TruthFile::open(&path, p).unwrap().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("2 function(s)") && e.contains("built for 3"),
        "{e}"
    );
    small.release().expect("release");
    std::fs::write(&path, jitfft::io::npy::npy_bytes("<i4", &[81], &[0; 324])).unwrap();
    assert!(TruthFile::open(&path, p).unwrap().is_none());
}

/// The CLI: `--load pinned` and `--load memory` write the CPU reference's verdicts; pinned
/// refuses a text file with a clear error; an unknown `--load` exits 2.
#[test]
fn cli_load_modes() {
    let dir = tempfile::tempdir().expect("tmp");
    let mut rng = ChaCha8Rng::seed_from_u64(common::seed());
    let (p, b) = (3u32, 300usize);
    let mut values = Vec::new();
    for f in 0..b {
        values.extend(if f % 2 == 0 {
            maiorana_mcfarland(p, 2, &mut rng)
        } else {
            random_fn(p, 4, &mut rng)
        });
    }
    let truth = TruthVectors::from_values(p, 4, b as u64, &values).expect("truth");
    let input = dir.path().join("t.npy");
    std::fs::write(
        &input,
        jitfft::io::npy::npy_bytes("|u1", &[b, 81], &truth.data),
    )
    .unwrap();
    let inp = input.to_str().unwrap();
    let mut outs = Vec::new();
    for load in ["pinned", "memory", "cpu"] {
        let out = dir.path().join(format!("v_{load}.npy"));
        let o = out.to_str().unwrap();
        let mode: Vec<&str> = if load == "cpu" {
            vec!["--cpu"]
        } else {
            vec!["--load", load]
        };
        let res = common::jitfft()
            .args(["bent", "--p", "3", "--input", inp, "--output", o, "--json"])
            .args(&mode)
            .assert()
            .success();
        let rep: serde_json::Value = serde_json::from_slice(&res.get_output().stdout).unwrap();
        assert_eq!(
            rep["details"]["bent_count"].as_u64(),
            Some(b as u64 / 2),
            "{load}: {rep}"
        );
        outs.push(std::fs::read(&out).unwrap());
    }
    assert!(
        outs[0] == outs[2] && outs[1] == outs[2],
        "verdict files differ"
    );
    let txt = dir.path().join("t.txt");
    std::fs::write(&txt, "0 1 1\n").unwrap();
    common::fails_with(
        &[
            "bent",
            "--p",
            "3",
            "--input",
            txt.to_str().unwrap(),
            "--load",
            "pinned",
        ],
        &["--load pinned", "uint8 .npy", "--load memory"],
    );
    common::jitfft()
        .args(["bent", "--p", "3", "--input", inp, "--load", "disk"])
        .assert()
        .code(2);
}
