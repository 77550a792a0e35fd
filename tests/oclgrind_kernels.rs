//! Every kernel family the generators emit, run once at a small size under oclgrind (a simulator
//! that checks each memory access and barrier): out-of-bounds reads and writes, data races in
//! local and global memory (`--data-races`) and barrier divergence. Any diagnostic fails.
//!
//! Ignored by default (`#[ignore = "needs oclgrind"]`; a separate CI step, `.ci/run`, runs them
//! with `--run-ignored ignored-only`): oclgrind interprets every work-item, so it is kept out of
//! the default run. Run without `oclgrind` (`tools/setup.sh --oclgrind`) the tests fail. Each case is `oclgrind --data-races jitfft …
//! --check`: the launcher preloads oclgrind's OpenCL library, so the only device jitfft sees is
//! the simulator, whatever ICDs are registered. Not `--uninitialized`: that plugin stops on
//! LLVM's `freeze` instruction, which clang emits for ordinary code.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

use std::process::Command;

/// Panics when oclgrind is not installed (a test that needs it must not pass by skipping).
fn require_oclgrind() {
    let ok = Command::new("oclgrind")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        ok,
        "`oclgrind` is not runnable: install it with `tools/setup.sh --oclgrind`"
    );
}

/// The diagnostics in oclgrind's stderr: each starts with a headline (`Invalid read of size 4 at
/// global memory address …`, `Read-write data race at local memory address …`, `Work-group
/// divergence detected …`) followed by a `\tKernel: NAME` line; runtime API errors start with
/// `Oclgrind - OpenCL runtime error detected`. Returns the headlines with their kernel.
fn diagnostics(stderr: &str) -> Vec<String> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut found = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if let Some(kernel) = l.strip_prefix("\tKernel: ") {
            let head = (0..i)
                .rev()
                .map(|j| lines[j])
                .find(|h| !h.trim().is_empty() && !h.starts_with('\t'))
                .unwrap_or("(no headline)");
            found.push(format!("{head} [kernel {kernel}]"));
        } else if l.contains("Oclgrind - OpenCL runtime error detected") {
            found.push(
                lines[i..]
                    .iter()
                    .take(4)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
    found
}

/// Runs every case under oclgrind (two at a time: each is one single-threaded process) and
/// fails listing each case that reported a diagnostic, failed its check or did not run on the
/// simulator. Programs are always compiled (`JITFFT_NO_CACHE=1`), so oclgrind's build options
/// apply. `opt_disable` builds with `-cl-opt-disable`: oclgrind 21.10's interpreter lacks some
/// intrinsics that clang's optimiser forms (`llvm.bitreverse.i32` from the NTTs' bit-reversal
/// loops, `llvm.experimental.noalias.scope.decl` from inlining `restrict` helpers) and refuses
/// the kernel; unoptimised code has neither and keeps every access of the source.
fn run_cases(cases: &[&str], opt_disable: bool) {
    run_cases_with(
        cases,
        opt_disable,
        &["--check", "--repeat", "1", "--seed", "7"],
    );
}

/// [`run_cases`] with the arguments `tail` after each case instead of the checked run's.
fn run_cases_with(cases: &[&str], opt_disable: bool, tail: &[&str]) {
    require_oclgrind();
    let bin = env!("CARGO_BIN_EXE_jitfft");
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failures = std::sync::Mutex::new(Vec::new());
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get().min(4));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(case) = cases.get(i) else { break };
                let mut cmd = Command::new("oclgrind");
                cmd.args(["--data-races", "--max-errors", "20"]);
                if opt_disable {
                    cmd.args(["--build-options", "-cl-opt-disable"]);
                }
                // Leading `NAME=value` words are the case's environment.
                let words: Vec<&str> = case.split_whitespace().collect();
                let envs = words
                    .iter()
                    .take_while(|w| w.starts_with("JITFFT_") && w.contains('='));
                for e in envs.clone() {
                    let (k, v) = e.split_once('=').unwrap_or((e, ""));
                    cmd.env(k, v);
                }
                let out = cmd
                    .arg(bin)
                    .args(&words[envs.count()..])
                    .args(tail)
                    .env("JITFFT_NO_CACHE", "1")
                    .env_remove("JITFFT_DEVICE")
                    .output()
                    .expect("run oclgrind");
                let stdout = String::from_utf8_lossy(&out.stdout);
                let stderr = String::from_utf8_lossy(&out.stderr);
                let diags = diagnostics(&stderr);
                let mut why = Vec::new();
                if !out.status.success() {
                    why.push(format!("exit {:?}", out.status.code()));
                }
                if !stdout.contains("Oclgrind") {
                    why.push("the report names no Oclgrind device".into());
                }
                if !diags.is_empty() {
                    why.push(format!("{} diagnostics: {}", diags.len(), diags.join("; ")));
                }
                if !why.is_empty() {
                    let tail: String = stderr.lines().take(40).collect::<Vec<_>>().join("\n");
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("`jitfft {case}`: {}\n{tail}", why.join(", ")));
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} cases failed under oclgrind:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n\n")
    );
}

/// VC Cooley-Tukey and Constant Geometry: every coefficient mode, f32 and f64, inverse, and a
/// schedule with a smaller last pass.
#[test]
#[ignore = "needs oclgrind"]
fn vc_ct_cg_under_oclgrind() {
    run_cases(
        &[
            "vc --p 3 --n 4 --algo ct --radix 9 --coeffs const-first",
            "vc --p 3 --n 4 --algo ct --radix 9 --coeffs const-matrix",
            "vc --p 3 --n 5 --algo ct --radix 9 --coeffs literal",
            "vc --p 2 --n 7 --algo ct --radix 8 --coeffs literal --precision f64 --inverse",
            "vc --p 3 --n 4 --algo cg --radix 9 --coeffs const-first",
            "vc --p 3 --n 4 --algo cg --radix 9 --coeffs const-matrix --precision f64",
            "vc --p 5 --n 3 --algo cg --radix 5 --coeffs literal --inverse --norm ortho",
            "vc --p 2 --n 10 --algo ct --radix 2 --coeffs const-first --precision f64",
            "vc --p 2 --n 10 --algo cg --radix 16 --coeffs literal",
            // CPU-shaped ct (issue 36): SIMD lanes (whole lines, gathers, a short last
            // work-item), scalar lanes, f64, inverse, a batch.
            "vc --p 16 --n 3 --algo ct --radix 16 --coeffs literal --ct-lanes 8",
            "vc --p 3 --n 5 --algo ct --radix 9 --coeffs literal --ct-lanes 4 --precision f64 --inverse --batch 2",
            "vc --p 3 --n 4 --algo ct --radix 9 --coeffs literal --ct-lanes 3 --precision f64 --inverse --batch 2",
            // CPU-shaped cg: block reads, line writes, a short last work-item, f64, a batch.
            "vc --p 3 --n 5 --algo cg --radix 9 --coeffs literal --ct-lanes 8",
            "vc --p 5 --n 3 --algo cg --radix 25 --coeffs literal --ct-lanes 4 --precision f64 --inverse --batch 2",
        ],
        false,
    );
}

/// VC fused passes: every layout, lane settings 1 and 2 (and the default), several passes
/// (`--fused-digits 2`), coefficient modes, f64, inverse.
#[test]
#[ignore = "needs oclgrind"]
fn vc_fused_under_oclgrind() {
    run_cases(&[
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout inplace",
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout inplace --fused-lanes 1",
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout staged --fused-lanes 1",
        "vc --p 2 --n 8 --algo fused --fused-digits 3 --fused-layout staged --fused-lanes 2",
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout rotate",
        "vc --p 2 --n 8 --algo fused --fused-digits 3 --fused-layout rotate --fused-lanes 2 --coeffs literal",
        "vc --p 3 --n 4 --algo fused --coeffs const-matrix --precision f64 --inverse",
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout auto --fused-values 4 --coeffs literal",
        "vc --p 2 --n 12 --algo fused --fused-digits 4 --fused-layout staged --precision f64",
        "vc --p 2 --n 12 --algo fused --fused-digits 4 --fused-layout rotate --coeffs const-first --inverse",
        "vc --p 7 --n 3 --algo fused --coeffs const-first",
    ], false);
}

/// The overlapped path's pieces: chunked first pass, row-shaped last pass (rect downloads) and
/// the packing kernel (packed downloads), for fused, cg and ct schedules.
#[test]
#[ignore = "needs oclgrind"]
fn vc_overlap_pieces_under_oclgrind() {
    run_cases(&[
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --overlap --chunks 3 --download rect",
        "vc --p 3 --n 5 --algo fused --fused-digits 2 --fused-layout rotate --overlap --chunks 3 --download packed",
        "vc --p 2 --n 11 --algo cg --radix 4 --overlap --chunks 2 --download packed",
        "vc --p 2 --n 11 --algo ct --radix 4 --overlap --chunks 2",
    ], false);
}

/// The real Walsh–Hadamard transform: one pass with several rounds, two passes (a strided
/// tile), f64, half and bfloat16 storage, norms, inverse.
#[test]
#[ignore = "needs oclgrind"]
fn wht_under_oclgrind() {
    run_cases(
        &[
            "wht --size 2^6 --batch 2",
            "wht --size 2^5 --precision f64 --inverse",
            "wht --size 2^14 --precision f16 --norm ortho",
            "wht --size 2^9 --batch 2 --precision bf16 --norm forward",
        ],
        false,
    );
}

/// The any-shape FFT: register passes over two axes, fused launches with twiddles (2^10 as
/// 2^5 · 2^5), Bluestein's chirp / multiply / chirp (37 over 75), packed rfftn and irfftn
/// (L/2 even and odd, the partners mirrored along axis 0), f64; half storage's loads and
/// stores (fused launches, Bluestein with its scaled multiply, a packed real end).
#[test]
#[ignore = "needs oclgrind"]
fn fft_under_oclgrind() {
    run_cases(
        &[
            "fft --shape 6,10",
            "fft --shape 2^10",
            "fft --shape 37 --inverse",
            "fft --shape 4,6 --real",
            "fft --shape 4,6 --real --inverse --precision f64",
            "fft --shape 3,10 --real --inverse --norm ortho",
            "fft --shape 2^10 --precision f16",
            "fft --shape 37 --precision bf16 --norm ortho",
            "fft --shape 4,6 --real --inverse --precision f16",
        ],
        false,
    );
}

/// vc --real: R2C and C2R passes with the layout moves around the complex passes (n ≥ 2),
/// alone (n = 1), odd and even p, f64, a batch.
#[test]
#[ignore = "needs oclgrind"]
fn vc_real_under_oclgrind() {
    run_cases(
        &[
            "vc --real --p 3 --n 3 --batch 2",
            "vc --real --p 4 --n 2 --inverse --precision f64",
            "vc --real --p 5 --n 1 --norm ortho",
            "vc --real --p 6 --n 2 --inverse --batch 2",
        ],
        false,
    );
}

/// NTT: radix-2, split radix 2/8, fused regs and stages kernels, both limb widths, the portable
/// arithmetic (the only one off NVIDIA), table and split twiddles, lazy and full reduction,
/// inverse.
#[test]
#[ignore = "needs oclgrind"]
fn ntt_under_oclgrind() {
    run_cases(&[
        "ntt --field bn254-fr --log-n 5 --variant radix2 --limbs 64 --arith portable",
        "ntt --field bn254-fr --log-n 6 --variant split28 --limbs 32 --arith portable --inverse",
        "ntt --field bn254-fr --log-n 6 --variant fused --kernel regs --max-radix 8 --limbs 64 --arith portable",
        "ntt --field bn254-fr --log-n 6 --variant fused --kernel regs --max-radix 8 --limbs 32 --arith portable --twiddles split --inverse",
        "ntt --field bn254-fr --log-n 6 --variant fused --kernel regs --elems 4 --reduce full --limbs 64 --arith portable",
        "ntt --field bn254-fr --log-n 6 --variant fused --kernel stages --max-radix 8 --limbs 32 --arith portable",
        "ntt --field goldilocks --log-n 6 --variant fused --kernel regs --max-radix 8 --limbs 64 --arith portable --inverse",
        "ntt --field babybear --log-n 7 --variant fused --kernel regs --max-radix 16 --limbs 32 --arith portable",
        "ntt --field bls12-381-fr --log-n 5 --variant fused --kernel regs --limbs 64 --arith portable",
    ], true);
}

/// GFP: the stages of an FFT over p = r^k + 1, forward and inverse.
#[test]
#[ignore = "needs oclgrind"]
fn gfp_under_oclgrind() {
    run_cases(
        &[
            "gfp --prime p3 --log-n 5",
            "gfp --prime p3 --log-n 4 --inverse",
            "gfp --prime p4 --log-n 5",
        ],
        false,
    );
}

/// MVL analysis: truth vectors decoded while loading (values and roots), the per-item bent
/// kernel (a partial last work-group: 70 functions) and the tile kernel, the histogram
/// reduction, the autocorrelation's inverse.
#[test]
#[ignore = "needs oclgrind"]
fn mvl_under_oclgrind() {
    run_cases(
        &[
            "vc --p 3 --n 4 --truth --encoding roots",
            "vc --p 5 --n 3 --truth --encoding values --precision f64",
            "vc --p 3 --n 3 --batch 5 --algo fused",
        ],
        false,
    );
    let dir = tempfile::tempdir().unwrap();
    let (b, n) = (70usize, 81usize);
    let mut header = format!("{{'descr': '|u1', 'fortran_order': False, 'shape': ({b}, {n}), }}");
    header.push_str(&" ".repeat((64 - (10 + header.len() + 1) % 64) % 64));
    header.push('\n');
    let mut npy = b"\x93NUMPY\x01\x00".to_vec();
    npy.extend_from_slice(&(header.len() as u16).to_le_bytes());
    npy.extend_from_slice(header.as_bytes());
    npy.extend((0..b * n).map(|i| ((i * 7 + i / 13) % 3) as u8));
    let path = dir.path().join("many.npy");
    std::fs::write(&path, npy).unwrap();
    let f = path.display();
    let cases = [
        format!("bent --p 3 --input {f} --precision f32"),
        format!("bent --p 3 --input {f} --precision f64"),
        format!("bent --p 3 --input {f} --precision f32 --fused-values 9"),
        format!("JITFFT_PER_ITEM=split:8 bent --p 3 --input {f} --precision f32"),
        format!("spectrum --stats --bins 8 --p 3 --input {f} --precision f32"),
        format!("autocorr --p 3 --input {f} --precision f32"),
    ];
    let cases: Vec<&str> = cases.iter().map(String::as_str).collect();
    run_cases_with(&cases, false, &[]);
}

/// Long-integer products: the block convolution (n = 2 and 16), the NTT glue (digit split,
/// pointwise product, limb sums) and the carry scan over more than one work-group.
#[test]
#[ignore = "needs oclgrind"]
fn mul_under_oclgrind() {
    run_cases(
        &[
            "mul --bits 1000 --bits-b 700 --method block --block-n 2",
            "mul --bits 4096 --method block --block-n 16",
            "mul --bits 20000 --method ntt",
        ],
        true,
    );
}

/// The parser finds oclgrind's real diagnostics: a kernel with an out-of-bounds write and a
/// local-memory race, run by `oclgrind-kernel` (so a silent oclgrind cannot pass the cases).
#[test]
#[ignore = "needs oclgrind"]
fn oclgrind_reports_are_parsed() {
    require_oclgrind();
    let dir = std::env::temp_dir().join(format!("jitfft-oclgrind-self-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("bad.cl"),
        "kernel void bad(global float *a, local float *l) {\n\
         size_t i = get_global_id(0);\n\
         l[get_local_id(0)] = a[i];\n\
         a[i + 1] = l[(get_local_id(0) + 1) % 4];\n}\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("bad.sim"),
        "bad.cl\nbad\n4 1 1\n4 1 1\n<size=16 fill=1>\n<size=16>\n",
    )
    .unwrap();
    let out = Command::new("oclgrind-kernel")
        .args(["--data-races", "bad.sim"])
        .current_dir(&dir)
        .output()
        .expect("run oclgrind-kernel");
    let _ = std::fs::remove_dir_all(&dir);
    let d = diagnostics(&String::from_utf8_lossy(&out.stderr));
    assert!(
        d.iter().any(|h| h.starts_with("Invalid write")),
        "no out-of-bounds write found in {d:?}"
    );
    assert!(
        d.iter()
            .any(|h| h.contains("data race at local memory") && h.ends_with("[kernel bad]")),
        "no local race found in {d:?}"
    );
}

/// The parser on oclgrind 21.10's own text (no oclgrind needed): an invalid write, a race and a
/// runtime error are found; the report around them is not.
#[test]
fn diagnostics_parse_oclgrind_text() {
    let text = "\nInvalid write of size 4 at global memory address 0x1000000000010\n\
                \tKernel: k\n\tEntity: Global(3,0,0) Local(3,0,0) Group(0,0,0)\n\t  store float %1\n\n\
                Read-write data race at local memory address 0x1000000000004\n\tKernel: k\n\t\n\
                \tFirst entity:  Global(1,0,0)\n\n\
                Oclgrind - OpenCL runtime error detected\n\tFunction: clEnqueueNDRangeKernel\n\n\
                device     Oclgrind Simulator\ncheck      passed\n";
    let d = diagnostics(text);
    assert_eq!(d.len(), 3, "{d:?}");
    assert!(d[0].starts_with("Invalid write of size 4") && d[0].ends_with("[kernel k]"));
    assert!(d[1].starts_with("Read-write data race at local memory"));
    assert!(d[2].starts_with("Oclgrind - OpenCL runtime error"));
    assert!(diagnostics("device     Oclgrind Simulator\ncheck      passed\n").is_empty());
}
