//! The p-point codelets of `clgen::small_dft::emit_dft` (pair, Rader and factored forms)
//! compiled on the test device and checked against a naive f64 DFT on fresh random inputs:
//! f32 and f64, forward and inverse. One program per precision holds every p's kernels.
//! Default: a subset covering each form and split (Good–Thomas, Cooley–Tukey, nested, radix
//! 4/8 pieces, Rader pieces); `JITFFT_EXHAUSTIVE=1`: every p from 2 to 64.

mod common;

use jitfft::clgen::{complex_preamble, small_dft, Writer};
use jitfft::runtime::{build_program, Arg, Gpu, KernelHandle};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Transforms per kernel launch (each work-item does one).
const COUNT: usize = 16;

fn kernel_name(p: u64, inverse: bool) -> String {
    format!("codelet_p{p}_{}", if inverse { "inv" } else { "fwd" })
}

/// One kernel per (p, direction): work-item t transforms src[t·p .. t·p + p] into dst.
fn program(ps: &[u64], f64p: bool) -> String {
    let mut w = Writer::new();
    w.comment("Test program: each p-point codelet of small_dft::emit_dft on a batch.");
    complex_preamble(&mut w, f64p, false);
    for &p in ps {
        for inverse in [false, true] {
            w.open(format!(
                "__kernel void {}(__global const real2 *src, __global real2 *dst, const uint count)",
                kernel_name(p, inverse)
            ));
            w.line("const uint t = get_global_id(0);");
            w.line("if (t >= count) return;");
            let xs: Vec<String> = (0..p).map(|j| format!("x{j}")).collect();
            for (j, x) in xs.iter().enumerate() {
                w.line(format!("real2 {x} = src[t * {p}u + {j}u];"));
            }
            small_dft::emit_dft(&mut w, p, &xs, inverse, f64p);
            for (j, x) in xs.iter().enumerate() {
                w.line(format!("dst[t * {p}u + {j}u] = {x};"));
            }
            w.close();
        }
    }
    w.finish()
}

/// y_k = Σ_j x_j e^(∓2πi jk/p), in f64, for each of the batch's transforms.
fn naive(x: &[(f64, f64)], p: usize, inverse: bool) -> Vec<(f64, f64)> {
    let s = if inverse { 1.0 } else { -1.0 };
    let mut y = vec![(0.0, 0.0); x.len()];
    for (xb, yb) in x.chunks(p).zip(y.chunks_mut(p)) {
        for (k, yk) in yb.iter_mut().enumerate() {
            let (mut re, mut im) = (0.0, 0.0);
            for (j, &(a, b)) in xb.iter().enumerate() {
                let ang = s * 2.0 * std::f64::consts::PI * ((j * k) % p) as f64 / p as f64;
                let (c, sn) = (ang.cos(), ang.sin());
                re += a * c - b * sn;
                im += a * sn + b * c;
            }
            *yk = (re, im);
        }
    }
    y
}

/// Runs kernel `name` on `input` (interleaved re, im) and returns the output.
fn launch<T: ocl::OclPrm>(gpu: &Gpu, prog: &ocl::Program, name: &str, input: &[T]) -> Vec<T> {
    let k = KernelHandle::new(gpu, prog, name).unwrap();
    let src = ocl::Buffer::<T>::builder()
        .queue(gpu.queue.clone())
        .len(input.len())
        .copy_host_slice(input)
        .build()
        .unwrap();
    let dst = ocl::Buffer::<T>::builder()
        .queue(gpu.queue.clone())
        .len(input.len())
        .build()
        .unwrap();
    k.set_args(&[Arg::buf(&src), Arg::buf(&dst), Arg::U32(COUNT as u32)])
        .unwrap();
    k.launch(&gpu.queue, COUNT, k.local_size(COUNT))
        .unwrap()
        .wait_for()
        .unwrap();
    let mut out = vec![T::default(); input.len()];
    dst.read(&mut out).enq().unwrap();
    out
}

/// (relative L2 error, max error relative to the largest |y|).
fn errors(got: &[f64], want: &[(f64, f64)]) -> (f64, f64) {
    let (mut num, mut den, mut max_err, mut max_y) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for (g, &(re, im)) in got.chunks(2).zip(want) {
        let e = (g[0] - re).hypot(g[1] - im);
        num += e * e;
        den += re * re + im * im;
        max_err = max_err.max(e);
        max_y = max_y.max(re.hypot(im));
    }
    ((num / den).sqrt(), max_err / max_y)
}

fn check_precision(gpu: &Gpu, ps: &[u64], f64p: bool, seed: u64) {
    if f64p && !gpu.info.fp64 {
        eprintln!("device without fp64: f64 codelets skipped");
        return;
    }
    let built = build_program(gpu, &program(ps, f64p), "").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (tol_l2, tol_max) = if f64p { (1e-14, 4e-14) } else { (1e-6, 4e-6) };
    for &p in ps {
        for inverse in [false, true] {
            let x: Vec<(f64, f64)> = (0..COUNT * p as usize)
                .map(|_| (rng.gen_range(-1.0..1.0), rng.gen_range(-1.0..1.0)))
                .collect();
            let want = naive(&x, p as usize, inverse);
            let flat: Vec<f64> = x.iter().flat_map(|&(a, b)| [a, b]).collect();
            let name = kernel_name(p, inverse);
            let got: Vec<f64> = if f64p {
                launch(gpu, &built.program, &name, &flat)
            } else {
                let x32: Vec<f32> = flat.iter().map(|&v| v as f32).collect();
                let y32 = launch(gpu, &built.program, &name, &x32);
                y32.into_iter().map(f64::from).collect()
            };
            let (l2, max) = errors(&got, &want);
            let form = small_dft::report(p).form;
            eprintln!(
                "p = {p:2} {form:8} {} {}: rel. L2 {l2:.2e}, max {max:.2e}",
                if f64p { "f64" } else { "f32" },
                if inverse { "inv" } else { "fwd" }
            );
            assert!(
                l2 < tol_l2 && max < tol_max,
                "p = {p} ({form}, f64 {f64p}, inverse {inverse}, seed {seed}): rel. L2 {l2:e}, \
                 max {max:e} above {tol_l2:e} / {tol_max:e}"
            );
        }
    }
}

#[test]
fn codelets_match_naive_dft() {
    let all: Vec<u64> = (2..=64).collect();
    // Default: Good–Thomas (6, 15, 30), Cooley–Tukey with twiddles (9, 16, 25, 32), nested (12).
    let ps = common::pick(&[6, 9, 12, 15, 16, 25, 30, 32], &all);
    let gpu = common::gpu();
    let seed = common::seed();
    eprintln!("seed {seed}");
    check_precision(&gpu, &ps, false, seed);
    check_precision(&gpu, &ps, true, seed + 1);
}

#[test]
fn stats_prints_the_factored_counts() {
    let out = common::jitfft()
        .args([
            "stats", "vc", "--p", "6", "--n", "2", "--algo", "ct", "--radix", "6", "--coeffs",
            "literal",
        ])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    // DFT6 as Good-Thomas 2 x 3: 3 DFT2 (12 adds) + 2 DFT3 (24 adds, 8 multiplies)
    for needle in [
        "emitted (factored)         36 + 8      =     44",
        "pair form                  40 + 16     =     56",
        "factored GT 2x3            36 + 8      =     44",
    ] {
        assert!(text.contains(needle), "{needle:?} missing:\n{text}");
    }
    let out = common::jitfft()
        .args(["stats", "vc", "--p", "6", "--n", "2", "--json"])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(v["codelet"]["form"], "factored");
    assert_eq!(v["codelet"]["factored"][0], "Good-Thomas 2 x 3");
    assert_eq!(v["codelet"]["emitted"], serde_json::json!([36, 8]));
}
