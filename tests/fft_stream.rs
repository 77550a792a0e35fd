//! `jitfft fft --stream` on PoCL: the n-D complex FFT streamed through the device (slabs of
//! the leading axis, then column blocks over it), at least three chunks a pass under a chunk
//! cap, against the f64 reference at `--check`'s tolerance; the CLI's JSON report and `.npy`
//! files, a plan beyond a capped device streaming by itself, and the refusals. `fft --overlap`
//! (the same passes, the array resident on the device between them) likewise: chunk counts
//! that do not divide, its end-to-end report, its output file against the in-memory run's,
//! and its refusals with their exit codes.

mod common;

use common::{fails_with, jitfft};
use jitfft::fft::request::tolerance;
use jitfft::fft::stream::{PassKind, StreamedFft};
use jitfft::fft::FftPlan;
use jitfft::reference::{compare, fft::fftn};
use jitfft::transform::{Direction, Norm, Precision};
use num_complex::Complex64;

fn signal(len: usize) -> Vec<Complex64> {
    (0..len)
        .map(|i| Complex64::new((i as f64 * 0.37).sin(), (i as f64 * 0.11).cos() - 0.5))
        .collect()
}

/// How a case runs: streamed under a chunk cap (bytes), or overlapped in K chunks a pass.
#[derive(Clone, Copy)]
enum Route {
    Cap(u64),
    Overlap(u64),
}

/// Streams `shape` over `axes` on `route`; the error against the reference, and each pass's
/// (kind, chunks).
fn streamed(
    gpu: &jitfft::runtime::Gpu,
    (shape, axes): (&[u64], &[i64]),
    (direction, norm, precision): (Direction, Norm, Precision),
    route: Route,
) -> (f64, Vec<(PassKind, u64)>) {
    let plan = FftPlan::new(shape, axes, direction, norm, precision).unwrap();
    let x = signal(plan.len() as usize);
    let tr = match route {
        Route::Cap(cap) => StreamedFft::new(gpu, &plan, Some(cap)),
        Route::Overlap(k) => StreamedFft::overlapped(gpu, &plan, Some(k)),
    }
    .unwrap();
    let y: Vec<Complex64> = match precision {
        Precision::F32 => {
            let mut h: Vec<f32> = x.iter().flat_map(|c| [c.re as f32, c.im as f32]).collect();
            tr.run(gpu, &mut h).unwrap();
            h.chunks(2)
                .map(|c| Complex64::new(c[0] as f64, c[1] as f64))
                .collect()
        }
        Precision::F64 => {
            let mut h: Vec<f64> = x.iter().flat_map(|c| [c.re, c.im]).collect();
            tr.run(gpu, &mut h).unwrap();
            h.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect()
        }
    };
    let want = fftn(&x, shape, &plan.axes, direction, plan.scale());
    let passes = tr.passes.iter().map(|p| (p.kind, p.chunks)).collect();
    (compare(&y, &want).rel_l2, passes)
}

/// (shape, axes, direction/norm/precision, chunk cap, the passes).
type Case<'a> = (
    &'a [u64],
    &'a [i64],
    (Direction, Norm, Precision),
    u64,
    &'a [PassKind],
);

#[test]
fn streamed_passes_match_the_reference() {
    let gpu = common::gpu();
    let fwd = (Direction::Forward, Norm::None, Precision::F32);
    let inv = (Direction::Inverse, Norm::Ortho, Precision::F64);
    // (shape, axes, direction/norm/precision, cap, passes): short last chunks in both passes
    // (48 slabs of 9, the last chunk padded; 240 columns of 49, a tail plan of 44: the CLI
    // test's chunks, so its programs come from the cache), 10 chunks a pass in f64.
    let cases: &[Case] = &[
        (
            &[48, 40, 6],
            &[],
            fwd,
            18874,
            &[PassKind::Slabs, PassKind::Columns],
        ),
        (
            &[30, 1000],
            &[],
            inv,
            52428,
            &[PassKind::Slabs, PassKind::Columns],
        ),
        // Axis 0 alone (columns only, the whole 1/√30 there), the last axis alone (slabs only).
        (&[30, 1000], &[0], inv, 52428, &[PassKind::Columns]),
        (&[30, 1000], &[-1], inv, 52428, &[PassKind::Slabs]),
    ];
    for &(shape, axes, how, cap, kinds) in cases {
        let (err, passes) = streamed(&gpu, (shape, axes), how, Route::Cap(cap));
        assert!(
            err < tolerance(how.2),
            "{shape:?} axes {axes:?}: rel L2 {err:e}"
        );
        assert_eq!(passes.iter().map(|p| p.0).collect::<Vec<_>>(), kinds);
        assert!(passes.iter().all(|p| p.1 >= 3), "{shape:?}: {passes:?}");
    }
    if common::exhaustive() {
        let big = (Direction::Forward, Norm::Full, Precision::F32);
        let (err, passes) = streamed(&gpu, (&[96, 97, 64], &[]), big, Route::Cap(1 << 20));
        assert!(err < tolerance(Precision::F32), "rel L2 {err:e}");
        assert!(passes.iter().all(|p| p.1 >= 3), "{passes:?}");
    }
}

#[test]
fn the_cli_streams_npy_files_with_the_json_report() {
    let dir = tempfile::tempdir().unwrap();
    let (inp, out) = (dir.path().join("x.npy"), dir.path().join("y.npy"));
    let x = signal(48 * 40 * 6);
    std::fs::write(
        &inp,
        jitfft::io::npy::npy_complex_shaped(&x, true, &[48, 40, 6]),
    )
    .unwrap();
    let o = jitfft()
        .args([
            "fft",
            "--stream",
            "--chunk-mib",
            "0.018",
            "--json",
            "--check",
        ])
        .args(["--repeat", "1", "--input"])
        .arg(&inp)
        .arg("--output")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(r["transform"]["shape"], serde_json::json!([48, 40, 6]));
    assert!(r["timing"]["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
    assert_eq!(r["check"]["passed"], true);
    let passes = r["details"]["stream"]["passes"].as_array().unwrap();
    assert_eq!(passes.len(), 2);
    assert!(passes.iter().all(|p| p["chunks"].as_u64().unwrap() >= 3));
    let y = jitfft::io::npy::read_npy(&out).unwrap();
    let jitfft::io::npy::NpyData::Complex(y) = y.data else {
        panic!("complex output")
    };
    let want = fftn(&x, &[48, 40, 6], &[2, 1, 0], Direction::Forward, 1.0);
    assert!(compare(&y, &want).rel_l2 < tolerance(Precision::F32));

    // A device capped below the plan (200000 bytes: 0.85 of it over 3 slots holds the chunks
    // above): it streams by itself, and says so on stderr.
    let o = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "200000")
        .args(["fft", "--shape", "48,40,6", "--check", "--repeat", "1"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    assert!(err.contains("streaming it through the device"), "{err}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("check      rel L2"));
}

#[test]
fn what_does_not_stream_is_refused_without_output() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("y.npy");
    let o = out.to_str().unwrap();
    fails_with(
        &["fft", "--shape", "4096", "--stream", "--output", o],
        &["1-D", "four-step"],
    );
    fails_with(
        &["fft", "--shape", "8,8", "--real", "--stream", "--output", o],
        &["--real", "does not stream"],
    );
    fails_with(
        &["fft", "--shape", "8,8", "--stream", "--chunk-mib", "0"],
        &["--chunk-mib"],
    );
    assert!(!out.exists());
}

/// (shape, axes, direction/norm/precision, K, each pass's (kind, chunks)).
type OverlapCase<'a> = (
    &'a [u64],
    &'a [i64],
    (Direction, Norm, Precision),
    u64,
    &'a [(PassKind, u64)],
);

#[test]
fn overlapped_passes_match_the_reference() {
    let gpu = common::gpu();
    let fwd = (Direction::Forward, Norm::None, Precision::F32);
    let inv = (Direction::Inverse, Norm::Ortho, Precision::F64);
    use PassKind::{Columns, Slabs};
    // Chunks of ⌈units/K⌉ (one program a chunk shape: the short last slab chunk runs padded,
    // a short last column block a plan of its own): 24 slabs in 5 of 5 (the last 4), 240
    // columns in 5 of 48; 300 slabs in 7 of 43 (the last 42), 50 columns in 7 of 8 (a tail of
    // 2); a batch over axis 0 (slabs only, host to host); both axes Bluestein's (53, 37), 53
    // slabs in 27 of 2, 37 columns in 37 of 1; f64 inverse ortho in 3.
    let cases: &[OverlapCase] = &[
        (&[24, 40, 6], &[], fwd, 5, &[(Slabs, 5), (Columns, 5)]),
        (&[300, 50], &[0, 1], fwd, 7, &[(Slabs, 7), (Columns, 7)]),
        (&[64, 100], &[1], fwd, 5, &[(Slabs, 5)]),
        (&[53, 37], &[], fwd, 37, &[(Slabs, 27), (Columns, 37)]),
        (&[24, 40, 6], &[], inv, 3, &[(Slabs, 3), (Columns, 3)]),
    ];
    for &(shape, axes, how, k, want) in cases {
        let (err, passes) = streamed(&gpu, (shape, axes), how, Route::Overlap(k));
        assert!(
            err < tolerance(how.2),
            "{shape:?} axes {axes:?} K {k}: rel L2 {err:e}"
        );
        assert_eq!(passes, want, "{shape:?} K {k}");
    }
}

/// Runs `jitfft fft args` and returns its JSON report, asserting success.
fn json_run(args: &[&str]) -> serde_json::Value {
    let o = jitfft().args(args).args(["--json"]).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).unwrap()
}

fn complex_npy(path: &std::path::Path) -> Vec<Complex64> {
    match jitfft::io::npy::read_npy(path).unwrap().data {
        jitfft::io::npy::NpyData::Complex(y) => y,
        _ => panic!("complex output"),
    }
}

#[test]
fn the_cli_overlaps_npy_files_like_the_in_memory_run() {
    let dir = tempfile::tempdir().unwrap();
    let p = |n: &str| dir.path().join(n).to_str().unwrap().to_string();
    let (inp, mem, ov) = (p("x.npy"), p("mem.npy"), p("ov.npy"));
    let x = signal(300 * 50);
    std::fs::write(
        &inp,
        jitfft::io::npy::npy_complex_shaped(&x, true, &[300, 50]),
    )
    .unwrap();
    let base = ["fft", "--input", &inp, "--check", "--repeat", "2"];
    let r = json_run(&[&base[..], &["--output", &mem]].concat());
    assert!(r["details"].get("stream").is_none(), "in memory: {r}");
    let r = json_run(&[&base[..], &["--overlap", "--chunks", "7", "--output", &ov]].concat());
    assert_eq!(r["check"]["passed"], true);
    assert_eq!(r["details"]["output"], serde_json::json!(ov));
    let s = &r["details"]["stream"];
    assert_eq!(s["reason"], "--overlap");
    let o = &s["overlap"];
    let f = |k: &str| o[k].as_f64().unwrap_or_else(|| panic!("{k} in {o}"));
    let e2e = f("events_ms");
    // Each sum runs on one in-order queue inside the end to end.
    for k in ["upload_ms", "download_ms", "kernel_ms", "device_copy_ms"] {
        assert!(
            f(k) > 0.0 && f(k) <= e2e,
            "{k} {} against e2e {e2e}: {o}",
            f(k)
        );
    }
    let floor = o["floor"]["sequential_ms"].as_f64().unwrap();
    assert!(floor > 0.0 && (f("ratio") - e2e / floor).abs() < 1e-9 * f("ratio"));
    assert_eq!(o["chunks_asked"], 7);
    assert_eq!(o["resident"], true);
    assert_eq!(o["bytes"].as_u64(), Some(300 * 50 * 8));
    assert_eq!(o["resident_bytes"].as_u64(), Some(300 * 50 * 8));
    assert!(o["device_bytes"].as_u64().unwrap() > 300 * 50 * 8);
    let passes = s["passes"].as_array().unwrap();
    let copies: Vec<bool> = passes
        .iter()
        .map(|p| p["device_copy_ms"].is_number())
        .collect();
    assert_eq!(copies, [true, true], "{s}");
    // The passes' transfers are the run's: pass 1 only uploads, pass 2 only downloads.
    assert_eq!(passes[0]["download_ms"].as_f64(), Some(0.0));
    assert_eq!(passes[1]["upload_ms"].as_f64(), Some(0.0));
    // The same values as the in-memory run's output within f32 rounding, both near f64's.
    let (a, b) = (complex_npy(mem.as_ref()), complex_npy(ov.as_ref()));
    let want = fftn(&x, &[300, 50], &[1, 0], Direction::Forward, 1.0);
    assert!(compare(&b, &a).rel_l2 < tolerance(Precision::F32));
    assert!(compare(&b, &want).rel_l2 < tolerance(Precision::F32));

    // A batch over axis 0: one pass, host to host, no resident array; the text report.
    let o = jitfft()
        .args([
            "fft",
            "--shape",
            "64,100",
            "--axes",
            "1",
            "--overlap",
            "--check",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for needle in [
        "check      rel L2",
        "e2e        ",
        "× the floor",
        "no resident array",
    ] {
        assert!(text.contains(needle), "{needle:?} not in:\n{text}");
    }
}

#[test]
fn what_does_not_overlap_is_refused_with_its_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("y.npy");
    let o = out.to_str().unwrap();
    // (args, exit code, what stderr names): refusals of the run (1), of the flags (clap: 2).
    let cases: &[(&[&str], i32, &[&str])] = &[
        (
            &["--shape", "4096", "--overlap"],
            1,
            &["1-D", "2 or more axes"],
        ),
        (
            &["--shape", "8,8", "--real", "--overlap"],
            1,
            &["--real", "not overlapped"],
        ),
        (
            &["--shape", "8,8", "--precision", "f16", "--overlap"],
            1,
            &["f16/bf16", "f32 or f64"],
        ),
        (
            &["--shape", "8,6", "--overlap", "--chunks", "0"],
            1,
            &["1 to 6 chunks"],
        ),
        (
            &["--shape", "8,6", "--overlap", "--chunks", "7"],
            1,
            &["1 to 6 chunks"],
        ),
        (
            &[
                "--shape",
                "8,6",
                "--axes",
                "1",
                "--overlap",
                "--chunks",
                "9",
            ],
            1,
            &["1 to 8 chunks"],
        ),
        (
            &["--shape", "8,8", "--overlap", "--stream"],
            2,
            &["cannot be used with"],
        ),
        (
            &["--shape", "8,8", "--overlap", "--chunk-mib", "1"],
            2,
            &["cannot be used with"],
        ),
        (&["--shape", "8,8", "--chunks", "3"], 2, &["--overlap"]),
    ];
    for (args, code, needles) in cases {
        let run = jitfft()
            .arg("fft")
            .args(*args)
            .args(["--output", o])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&run.stderr);
        assert_eq!(run.status.code(), Some(*code), "{args:?}: {err}");
        for n in *needles {
            assert!(err.contains(n), "{args:?}: {n:?} not in {err}");
        }
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!out.exists());
}
