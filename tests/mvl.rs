//! MVL analysis on the device (PoCL in CI): batched VC transforms, truth-vector input in both
//! encodings, the fused reductions (bent verdicts, spectrum statistics) and the
//! autocorrelation, against f64 CPU references on known constructions and random functions.
//! Few programs, many cases each (PoCL compile time dominates).
//!
//! Oracle: `jitfft::reference::mvl` and `jitfft::reference::separable_vc` (f64).

mod common;
use common::mvl::{maiorana_mcfarland, random_fn, table};

use jitfft::io::random::random_complex;
use jitfft::mvl::autocorr::autocorrelation_cpu;
use jitfft::mvl::bent::{classify_cpu, BentClassifier};
use jitfft::mvl::{autocorrelation, reference_spectrum, spectrum_stats, TruthVectors};
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::*;
use num_complex::Complex64;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Bent verdicts and min/max |S| of batches against the CPU reference; a batch of one equals
/// the same function inside a batch; out-of-range values are refused on the device.
#[test]
fn bent_batches_match_reference() {
    let gpu = common::gpu_optimised();
    let seed = common::seed();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // (p, n, functions, which are bent)
    type Case = (u32, u32, Vec<(Vec<u32>, bool)>);
    let mut cases: Vec<Case> = Vec::new();
    let (p, n) = (3, 4);
    let mut fs = vec![
        (table(p, n, |d| d[0] * d[1] + d[2] * d[3]), true),
        (
            table(p, n, |d| d[0] * d[0] + d[1] * d[1] + 2 * d[2] * d[3]),
            true,
        ), // quadratic form
        (table(p, n, |d| d[0] + 2 * d[2] + 1), false), // affine
        (table(p, n, |d| d[0] * d[1]), false),         // degenerate: depends on 2 of 4 variables
        (random_fn(p, n, &mut rng), false),
    ];
    for _ in 0..4 {
        fs.push((maiorana_mcfarland(p, 2, &mut rng), true));
    }
    // 3^4 tiles of 3 work-items hold up to 75 functions a work-group: 100 leave a partial one
    // (rows past the batch are guarded). Random ternary functions of 4 variables are not bent
    // (the CPU verdict below agrees).
    while fs.len() < 100 {
        fs.push((random_fn(p, n, &mut rng), false));
    }
    cases.push((p, n, fs));
    let (p, n) = (5, 2);
    cases.push((
        p,
        n,
        vec![
            (table(p, n, |d| d[0] * d[1]), true),
            (table(p, n, |d| d[0] * d[0] + 2 * d[1] * d[1]), true),
            (table(p, n, |d| 3 * d[1]), false),
            (maiorana_mcfarland(p, 1, &mut rng), true),
            (random_fn(p, n, &mut rng), false),
        ],
    ));
    // odd n, odd p: x² over GF(3) is bent (|S|² = 3).
    cases.push((3, 1, vec![(vec![0, 1, 1], true), (vec![0, 1, 2], false)]));
    for (p, n, fs) in &cases {
        let (p, n) = (*p, *n);
        let b = fs.len() as u64;
        let values: Vec<u32> = fs.iter().flat_map(|(v, _)| v.clone()).collect();
        let truth = TruthVectors::from_values(p, n, b, &values).expect("truth");
        let cpu = classify_cpu(&truth).expect("cpu");
        let precisions = common::pick(&[Precision::F32], &[Precision::F32, Precision::F64]);
        for &precision in &precisions {
            let c = BentClassifier::new(&gpu, p, n, b, precision).expect("classifier");
            let (v, _) = c.classify(&gpu, &truth).expect("classify");
            for (f, (vals, bent)) in fs.iter().enumerate() {
                let what = format!("p={p} n={n} function {f} {precision} (seed {seed})");
                assert_eq!(v.bent[f], *bent, "{what}: verdict");
                assert_eq!(cpu.bent[f], *bent, "{what}: CPU verdict");
                if p == 3 {
                    assert!(v.exact[f], "{what}: p = 3 decides exactly");
                }
                // The reductions equal what the full spectrum gives.
                let s = reference_spectrum(p, n, vals).expect("reference");
                let lo = s.iter().map(|c| c.norm()).fold(f64::INFINITY, f64::min);
                let hi = s.iter().map(|c| c.norm()).fold(0.0, f64::max);
                let tol = 1e-4 * (p as f64).powi(n as i32);
                assert!(
                    (v.min_abs[f] - lo).abs() < tol,
                    "{what}: min {} vs {lo}",
                    v.min_abs[f]
                );
                assert!(
                    (v.max_abs[f] - hi).abs() < tol,
                    "{what}: max {} vs {hi}",
                    v.max_abs[f]
                );
            }
            c.release().expect("release");
        }
    }
    // Batch of one equals the function inside the batch; bad values are found on the device.
    let (p, n, fs) = &cases[0];
    let one = TruthVectors::from_values(*p, *n, 1, &fs[4].0).expect("truth");
    let c = BentClassifier::new(&gpu, *p, *n, 1, Precision::F32).expect("classifier");
    let (v1, _) = c.classify(&gpu, &one).expect("classify");
    let raw = TruthVectors::from_bytes(*p, *n, 1, one.data.clone()).expect("bytes");
    assert_eq!(raw, one);
    let (v2, _) = c.classify_bytes(&gpu, &one.data).expect("classify bytes");
    assert_eq!(v2.max_abs, v1.max_abs);
    let all: Vec<u32> = fs.iter().flat_map(|(v, _)| v.clone()).collect();
    let batch = TruthVectors::from_values(*p, *n, fs.len() as u64, &all).expect("truth");
    let cb = BentClassifier::new(&gpu, *p, *n, fs.len() as u64, Precision::F32).expect("c");
    let (vb, _) = cb.classify(&gpu, &batch).expect("classify");
    assert_eq!(
        (v1.min_abs[0], v1.max_abs[0]),
        (vb.min_abs[4], vb.max_abs[4])
    );
    let mut bad = batch.clone();
    bad.data[3 * 81 + 17] = 3;
    bad.data[5 * 81 + 2] = 200;
    let e = cb.classify(&gpu, &bad).unwrap_err().to_string();
    assert!(e.contains("function 3") && e.contains("position 17"), "{e}");
}

/// The one-work-item-per-function bent kernel (small N): which plans get it, and its
/// reductions against the full f64 spectrum and the tile kernel (`--fused-values`), for p = 2
/// to 8, word-padded and byte-staged rows, batches of 1, 3, a partial work-group and several
/// work-groups with a partial tail; the first out-of-range value is found across functions.
#[test]
fn bent_per_item_kernel() {
    use jitfft::mvl::bent::{bent_plan, bent_plan_with};
    use jitfft::vc::fused::FusedLimits;
    let nvidia = FusedLimits {
        local_bytes: 48 * 1024,
        max_threads: 256,
        values: None,
        tile_values: None,
        knobs: jitfft::vc::fused::pass::ScheduleKnobs::DEFAULT,
    };
    let per_item = |plan: &VcPlan| {
        let (s, _) = jitfft::vc::program(plan, nvidia);
        let first = s.fused_passes().next().is_some_and(|f| f.per_item);
        first
    };
    let plan = |p, n, b, pr, v| bent_plan_with(p, n, b, pr, v).expect("plan");
    assert!(per_item(&plan(3, 4, 1 << 20, Precision::F32, None)));
    assert!(per_item(&plan(2, 6, 1, Precision::F32, None)));
    assert!(per_item(&plan(3, 3, 5, Precision::F64, None)));
    assert!(
        !per_item(&plan(3, 4, 9, Precision::F64, None)),
        "81 f64 values spill"
    );
    assert!(
        !per_item(&plan(2, 7, 9, Precision::F32, None)),
        "128 values"
    );
    assert!(
        !per_item(&plan(3, 4, 9, Precision::F32, Some(3))),
        "--fused-values"
    );
    let stats = bent_plan(3, 4, 9, Precision::F32)
        .unwrap()
        .with_output(SpectrumOutput::Reduce {
            write: false,
            bins: 8,
            zero_tol2: 1e-6,
        })
        .unwrap();
    assert!(!per_item(&stats), "histograms stay on the tile kernel");

    let gpu = common::gpu_optimised();
    let seed = common::seed();
    // (p, n, functions): 2^4 and 4^3 rows are whole even word counts (padded staging), the
    // others bytes; 1000 = 15 work-groups of 64 and a tail of 40.
    let cases: &[(u32, u32, u64)] = &[
        (2, 1, 3),
        (2, 4, 1),
        (2, 6, 1000),
        (3, 1, 1),
        (3, 2, 3),
        (3, 4, 1000),
        (4, 3, 65),
        (5, 2, 3),
        (6, 2, 3),
        (7, 2, 1),
        (8, 2, 64),
    ];
    common::mvl::check_per_item_cases(&gpu, seed, cases, false);
}

/// Batched complex transforms (fused one and two passes, ct, cg; odd batches) against the
/// reference per transform; truth vectors decoded in both encodings; spectrum statistics and
/// the autocorrelation against the CPU.
#[test]
fn batched_transforms_truth_stats_autocorr() {
    let gpu = common::gpu();
    let seed = common::seed();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = |algorithm, radix, fused_digits| VcOptions {
        algorithm,
        radix,
        fused_digits,
        ..Default::default()
    };
    // The first is the autocorrelation's inverse transform below (one program for both).
    let inverse = VcOptions {
        direction: Direction::Inverse,
        ..base(Algorithm::Fused, None, None)
    };
    let mut runs = vec![
        (3u32, 3u32, 5u64, inverse),
        (2, 6, 3, base(Algorithm::Fused, None, Some(3))),
        (3, 3, 3, base(Algorithm::Ct, Some(3), None)),
    ];
    if common::exhaustive() {
        runs.push((3, 3, 3, base(Algorithm::Cg, Some(9), None)));
        runs.push((2, 10, 7, base(Algorithm::Fused, None, None)));
        runs.push((5, 3, 130, base(Algorithm::Fused, None, None)));
    }
    for (p, n, b, opts) in runs {
        let plan = VcPlan::new(p, n, opts).unwrap().with_batch(b).unwrap();
        let len = plan.len as usize;
        let x = random_complex(len * b as usize, seed);
        let tr = VcTransform::new(&gpu, &plan).expect("transform");
        let (out, _) = tr.execute(&gpu, &x).expect("execute");
        for k in 0..b as usize {
            let r = k * len..(k + 1) * len;
            let want = separable_vc(p, n, &x[r.clone()], opts.direction, plan.scale()).unwrap();
            let e = compare(&out[r], &want);
            let what = format!(
                "{} {p}^{n} batch {b} transform {k} (seed {seed})",
                opts.algorithm
            );
            assert!(e.rel_l2 < 2e-6, "{what}: rel L2 {:e}", e.rel_l2);
        }
    }
    // Truth vectors decoded by the first pass: values and roots, spectrum written.
    let (p, n, b) = (3u32, 3u32, 4u64); // 4 + the affine one: the batch of 5 of the autocorrelation
    let values: Vec<u32> = (0..b).flat_map(|_| random_fn(p, n, &mut rng)).collect();
    let truth = TruthVectors::from_values(p, n, b, &values).unwrap();
    for enc in [TruthEncoding::Values, TruthEncoding::Roots] {
        let opts = VcOptions {
            algorithm: Algorithm::Fused,
            ..Default::default()
        };
        let plan = VcPlan::new(p, n, opts).unwrap().with_batch(b).unwrap();
        let tr = VcTransform::new(&gpu, &plan.with_truth(enc).unwrap()).expect("transform");
        tr.upload_truth(&truth.data).unwrap();
        tr.run_checked(&gpu).unwrap();
        let mut out = vec![num_complex::Complex32::default(); (b * 27) as usize];
        tr.download(&mut out).unwrap();
        for k in 0..b {
            let f = truth.function(k);
            let x: Vec<Complex64> = f
                .iter()
                .map(|&v| match enc {
                    TruthEncoding::Values => Complex64::new(v as f64, 0.0),
                    TruthEncoding::Roots => {
                        jitfft::transform::root(p, v as u64, Direction::Inverse)
                    }
                })
                .collect();
            let want = separable_vc(p, n, &x, Direction::Forward, 1.0).unwrap();
            let got: Vec<Complex64> = out[(k * 27) as usize..((k + 1) * 27) as usize]
                .iter()
                .map(|c| Complex64::new(c.re as f64, c.im as f64))
                .collect();
            let e = compare(&got, &want);
            assert!(
                e.rel_l2 < 2e-6,
                "{enc:?} function {k}: {:e} (seed {seed})",
                e.rel_l2
            );
        }
    }
    // Statistics: max |S|, zeros, histogram and the exact distribution, against the CPU.
    let mut fs = values.clone();
    fs.extend(table(p, n, |d| d[0] + d[2])); // affine: one coefficient 27, the rest 0
    let truth = TruthVectors::from_values(p, n, b + 1, &fs).unwrap();
    let st = spectrum_stats(&gpu, &truth, Precision::F32, 4).expect("stats");
    for k in 0..=b {
        let s = reference_spectrum(p, n, &truth.function(k)).unwrap();
        let n2: Vec<f64> = s.iter().map(|c| c.norm_sqr()).collect();
        let hi = n2.iter().cloned().fold(0.0, f64::max);
        assert!(
            (st.max_abs[k as usize] - hi.sqrt()).abs() < 1e-3,
            "function {k}"
        );
        let zeros = n2.iter().filter(|&&x| x < 0.5).count() as u32;
        assert_eq!(
            st.zeros[k as usize], zeros,
            "function {k} zeros (seed {seed})"
        );
        // Exact |S|² binned on [0, max] in 4 bins, the maximum in the last.
        let ex: Vec<u64> = n2.iter().map(|x| x.round() as u64).collect();
        let top = *ex.iter().max().unwrap();
        let mut hist = vec![0u32; 4];
        for v in &ex {
            hist[((v * 4 / top) as usize).min(3)] += 1;
        }
        assert_eq!(
            st.histogram[k as usize], hist,
            "function {k} histogram (seed {seed})"
        );
        let mut exact: Vec<u64> = n2.iter().map(|x| x.round() as u64).collect();
        exact.sort_unstable();
        let ex = &st.exact.as_ref().expect("exact for 3^3")[k as usize];
        let flat: Vec<u64> = ex.iter().flat_map(|&(v, c)| vec![v; c as usize]).collect();
        assert_eq!(flat, exact, "function {k} exact |S|² (seed {seed})");
    }
    assert_eq!(st.zeros[b as usize], 26);
    assert_eq!(
        st.exact.as_ref().unwrap()[b as usize],
        vec![(0, 26), (729, 1)]
    );
    // Autocorrelation: the inverse VC of |S|², against the direct sum.
    let r = autocorrelation(&gpu, &truth, Precision::F32).expect("autocorr");
    let want = autocorrelation_cpu(&truth);
    let e = compare(&r, &want);
    assert!(
        e.rel_l2 < 2e-6,
        "autocorr rel L2 {:e} (seed {seed})",
        e.rel_l2
    );
    assert!((r[0].re - 27.0).abs() < 1e-3);
}

fn write_file(dir: &std::path::Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

/// The MVL commands end to end: `bent` on many functions with a verdict file, `vc --batch`
/// with a (B, p, p) .npy in and out, bad input refused before anything is written (values out
/// of range on the device too); `spectrum --stats` and `autocorr` under JITFFT_EXHAUSTIVE.
#[test]
fn mvl_commands() {
    use common::{fails_with, jitfft};
    use jitfft::io::npy::{npy_bytes, parse_npy, NpyData};
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // x1·x2 (bent), x1 + x2 (affine), a non-bent quadratic.
    let fns = write_file(
        d,
        "f.txt",
        b"0 0 0 0 1 2 0 2 1\n0 1 2 1 2 0 2 0 1\n0 0 0 0 1 2 0 2 2\n",
    );
    let verdicts = d.join("v.npy");
    let a = jitfft()
        .args([
            "bent",
            "--p",
            "3",
            "--input",
            &fns,
            "--precision",
            "f32",
            "--json",
        ])
        .args(["--output", verdicts.to_str().unwrap()])
        .assert()
        .success();
    let j: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
    assert_eq!(
        (
            j["plan"]["functions"].as_u64(),
            j["details"]["bent_count"].as_u64()
        ),
        (Some(3), Some(1))
    );
    assert_eq!(j["details"]["exact"], true);
    let v = parse_npy(&std::fs::read(&verdicts).unwrap()).unwrap();
    assert_eq!(
        (v.descr.as_str(), v.data),
        ("|b1", NpyData::Int(vec![1, 0, 0]))
    );
    // The same functions as a uint8 (3, 9) array (an array whose every axis is p would be one
    // function); one value out of range: found on the
    // device, reported with function and position, no verdict file.
    let mut body: Vec<u8> = b"000012021012120201000012022"
        .iter()
        .map(|c| c - b'0')
        .collect();
    let good = write_file(d, "f.npy", &npy_bytes("|u1", &[3, 9], &body));
    jitfft()
        .args(["bent", "--p", "3", "--input", &good, "--precision", "f32"])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "3 functions, p = 3, n = 2: 1 bent",
        ));
    body[9 + 4] = 7;
    let bad = write_file(d, "bad.npy", &npy_bytes("|u1", &[3, 9], &body));
    let out = d.join("never.txt");
    fails_with(
        &[
            "bent",
            "--p",
            "3",
            "--input",
            &bad,
            "--precision",
            "f32",
            "--output",
            out.to_str().unwrap(),
        ],
        &["function 1", "position 4", "outside 0..2"],
    );
    assert!(!out.exists(), "no verdict file after bad input");
    // Bad input found on the host.
    let cases: Vec<(&str, Vec<u8>, &[&str])> = vec![
        (
            "neg.txt",
            b"0 1 2 0 1 2 0 1 -1".to_vec(),
            &["function 0", "position 8", "-1"],
        ),
        (
            "rows.txt",
            b"0 1 2 0 1 2 0 1 2\n0 1 2\n".to_vec(),
            &["different lengths", "line 2"],
        ),
        ("len.txt", b"0 1 2 0 1\n".to_vec(), &["not p^n"]),
        ("empty.txt", b"\n# nothing\n".to_vec(), &["no values"]),
        (
            "frac.npy",
            npy_bytes(
                "<f8",
                &[3],
                &[0.0f64, 1.5, 2.0]
                    .iter()
                    .flat_map(|x| x.to_le_bytes())
                    .collect::<Vec<u8>>(),
            ),
            &["1.5", "integers"],
        ),
        (
            "neg.npy",
            npy_bytes(
                "<i2",
                &[2, 3],
                &[0i16, 1, 2, 0, -4, 1]
                    .iter()
                    .flat_map(|x| x.to_le_bytes())
                    .collect::<Vec<u8>>(),
            ),
            &["function 1", "position 1", "-4"],
        ),
    ];
    for (name, bytes, needles) in cases {
        let f = write_file(d, name, &bytes);
        fails_with(
            &[
                "bent",
                "--p",
                "3",
                "--input",
                &f,
                "--output",
                out.to_str().unwrap(),
            ],
            needles,
        );
        assert!(!out.exists(), "{name}: no verdict file");
    }
    // vc --batch from a (2, 3, 3) complex .npy: the output keeps the shape; each transform checked.
    let x: Vec<u8> = (0..18)
        .flat_map(|i| [(i as f32).sin(), (i as f32 * 0.7).cos()])
        .flat_map(|v| v.to_le_bytes())
        .collect();
    let xin = write_file(d, "x.npy", &npy_bytes("<c8", &[2, 3, 3], &x));
    let xout = d.join("y.npy");
    jitfft()
        .args([
            "vc", "--p", "3", "--input", &xin, "--check", "--repeat", "1",
        ])
        .args(["--output", xout.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains("batch      2 transforms"));
    let y = parse_npy(&std::fs::read(&xout).unwrap()).unwrap();
    assert_eq!(y.shape, vec![2, 3, 3]);
    fails_with(
        &["vc", "--p", "3", "--input", &xin, "--batch", "3"],
        &["holds 2 transforms", "--batch says 3"],
    );
    if common::exhaustive() {
        let a = jitfft()
            .args([
                "spectrum", "--stats", "--p", "3", "--input", &fns, "--bins", "4", "--json",
            ])
            .assert()
            .success();
        let j: serde_json::Value = serde_json::from_slice(&a.get_output().stdout).unwrap();
        assert_eq!(j["zeros"], serde_json::json!([0, 8, 0]));
        assert_eq!(j["exact"][2], serde_json::json!([[3, 5], [12, 2], [21, 2]]));
        let r = d.join("r.npy");
        jitfft()
            .args([
                "autocorr",
                "--p",
                "3",
                "--input",
                &good,
                "--output",
                r.to_str().unwrap(),
            ])
            .assert()
            .success()
            .stdout(predicates::str::contains(
                "f0: R(0) = 9.000000, max |R(τ≠0)| = 0.000000",
            ));
        assert_eq!(
            parse_npy(&std::fs::read(&r).unwrap()).unwrap().shape,
            vec![3, 9]
        );
    }
}
