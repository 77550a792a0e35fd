//! `jitfft fft --stream` on PoCL: the n-D complex FFT streamed through the device (slabs of
//! the leading axis, then column blocks over it), at least three chunks a pass under a chunk
//! cap, against the f64 reference at `--check`'s tolerance; the CLI's JSON report and `.npy`
//! files, a plan beyond a capped device streaming by itself, and the refusals.

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

/// Streams `shape` over `axes` with chunks of at most `cap` bytes; the error against the
/// reference, and each pass's (kind, chunks).
fn streamed(
    gpu: &jitfft::runtime::Gpu,
    (shape, axes): (&[u64], &[i64]),
    (direction, norm, precision): (Direction, Norm, Precision),
    cap: u64,
) -> (f64, Vec<(PassKind, u64)>) {
    let plan = FftPlan::new(shape, axes, direction, norm, precision).unwrap();
    let x = signal(plan.len() as usize);
    let tr = StreamedFft::new(gpu, &plan, Some(cap)).unwrap();
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
        let (err, passes) = streamed(&gpu, (shape, axes), how, cap);
        assert!(
            err < tolerance(how.2),
            "{shape:?} axes {axes:?}: rel L2 {err:e}"
        );
        assert_eq!(passes.iter().map(|p| p.0).collect::<Vec<_>>(), kinds);
        assert!(passes.iter().all(|p| p.1 >= 3), "{shape:?}: {passes:?}");
    }
    if common::exhaustive() {
        let big = (Direction::Forward, Norm::Full, Precision::F32);
        let (err, passes) = streamed(&gpu, (&[96, 97, 64], &[]), big, 1 << 20);
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
