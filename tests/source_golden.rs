//! Generated OpenCL C, byte for byte: `jitfft source …` (and, for local budgets the command
//! cannot set, the library's program generation) for a representative set of variants, compared
//! with saved copies in `tests/golden/`. Refactors that claim "generated sources byte-identical"
//! are checked here. Generation is pure CPU: no OpenCL device is used.
//!
//! To regenerate the saved copies deliberately (after a change that is meant to alter the
//! generated code), run with `JITFFT_BLESS=1`:
//!
//! ```text
//! JITFFT_BLESS=1 cargo test --release --test source_golden
//! ```
//!
//! and review the diff of `tests/golden/` before committing it.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

use jitfft::vc::plan::FusedLayout;
use jitfft::vc::{Algorithm, Precision, VcOptions, VcPlan};
use std::path::PathBuf;
use std::process::Command;

/// (saved file name, arguments of `jitfft source`).
const CASES: &[(&str, &str)] = &[
    // VC ct/cg: coefficient mappings, precisions, directions, radix p and p^m with a smaller
    // last pass (n = 5 digits in radix p^2), normalisations.
    ("vc_ct_p3_n6_const_first", "vc --p 3 --n 6 --algo ct"),
    (
        "vc_ct_p3_n5_r9_literal",
        "vc --p 3 --n 5 --algo ct --radix 9 --coeffs literal",
    ),
    (
        "vc_ct_p5_n4_const_matrix_f64_inv",
        "vc --p 5 --n 4 --algo ct --coeffs const-matrix --precision f64 --inverse",
    ),
    (
        "vc_cg_p3_n6_const_matrix",
        "vc --p 3 --n 6 --algo cg --coeffs const-matrix",
    ),
    (
        "vc_cg_p2_n9_r8_f64_inv",
        "vc --p 2 --n 9 --algo cg --radix 8 --precision f64 --inverse",
    ),
    (
        "vc_cg_p4_n5_r16_literal_ortho",
        "vc --p 4 --n 5 --algo cg --radix 16 --coeffs literal --norm ortho",
    ),
    (
        "vc_ct_p2_n10_r4_full",
        "vc --p 2 --n 10 --algo ct --radix 4 --norm full",
    ),
    // CPU-shaped ct (issue 36): 8 butterflies a work-item in every pass (--ct-lanes: whole
    // lines at dist 32^2 and 32, the transposed block at dist 1).
    (
        "vc_ct_p32_n3_r32_literal_lanes8",
        "vc --p 32 --n 3 --algo ct --radix 32 --coeffs literal --ct-lanes 8",
    ),
    // CPU-shaped cg: block reads transposed into rows, whole-line writes, f64 inverse.
    (
        "vc_cg_p4_n3_r16_literal_lanes4_f64_inv",
        "vc --p 4 --n 3 --algo cg --radix 16 --coeffs literal --ct-lanes 4 --precision f64 --inverse",
    ),
    // Fused: every layout, lanes, digit caps, values per work-item, f64, inverse, a 256
    // work-item limit (larger tiles, exchanges in rounds over resident digits).
    ("vc_fused_p3_n12_auto", "vc --p 3 --n 12"),
    (
        "vc_fused_p4_n9_auto_f64_inv",
        "vc --p 4 --n 9 --precision f64 --inverse",
    ),
    (
        "vc_fused_p3_n10_rotate",
        "vc --p 3 --n 10 --fused-layout rotate",
    ),
    (
        "vc_fused_p2_n16_inplace",
        "vc --p 2 --n 16 --fused-layout inplace",
    ),
    (
        "vc_fused_p2_n16_staged",
        "vc --p 2 --n 16 --fused-layout staged",
    ),
    (
        "vc_fused_p3_n12_digits4_lanes2_values8",
        "vc --p 3 --n 12 --fused-digits 4 --fused-lanes 2 --fused-values 8",
    ),
    (
        "vc_fused_p5_n6_inplace_ortho",
        "vc --p 5 --n 6 --fused-layout inplace --norm ortho",
    ),
    (
        "vc_fused_p7_n4_rotate_f64",
        "vc --p 7 --n 4 --fused-layout rotate --precision f64",
    ),
    (
        "vc_fused_p3_n13_wg256_staged",
        "vc --p 3 --n 13 --fused-layout staged --max-work-group 256",
    ),
    (
        "vc_fused_p2_n18_wg256_inplace_f64",
        "vc --p 2 --n 18 --fused-layout inplace --precision f64 --max-work-group 256",
    ),
    // NTT: variants, kernels, portable and PTX arithmetic, 32/64-bit limbs, several fields.
    (
        "ntt_bn254fr_l10_radix2",
        "ntt --field bn254-fr --log-n 10 --variant radix2",
    ),
    (
        "ntt_bn254fr_l10_split28_inv",
        "ntt --field bn254-fr --log-n 10 --variant split28 --inverse",
    ),
    (
        "ntt_bn254fr_l12_fused_regs",
        "ntt --field bn254-fr --log-n 12",
    ),
    (
        "ntt_bn254fr_l12_regs_ptx_l32",
        "ntt --field bn254-fr --log-n 12 --arith ptx --limbs 32",
    ),
    (
        "ntt_bn254fr_l12_regs_ptx_l64_inv",
        "ntt --field bn254-fr --log-n 12 --arith ptx --limbs 64 --inverse",
    ),
    (
        "ntt_bn254fr_l11_stages",
        "ntt --field bn254-fr --log-n 11 --kernel stages",
    ),
    (
        "ntt_bls12381fr_l12_e4_split_full",
        "ntt --field bls12-381-fr --log-n 12 --elems 4 --twiddles split --reduce full",
    ),
    (
        "ntt_goldilocks_l14_l32_r64",
        "ntt --field goldilocks --log-n 14 --limbs 32 --max-radix 64",
    ),
    (
        "ntt_babybear_l10_lazy_e16",
        "ntt --field babybear --log-n 10 --reduce lazy --elems 16",
    ),
    // GFP: presets, forward and inverse, r/k given.
    // The any-shape FFT: register passes with grouped radices over two axes; fused launches
    // (2^12 as 2^6 · 2^6) with twiddles between; packed real plans: irfftn's real end first
    // with a scaling, rfftn's last; an odd length's host-ended two programs.
    ("fft_6x10", "fft --shape 6,10"),
    ("fft_2p12", "fft --shape 2^12"),
    ("fft_irfftn_6x8_ortho_f64", "fft --shape 6,8 --real --inverse --norm ortho --precision f64"),
    ("fft_rfftn_6x8", "fft --shape 6,8 --real"),
    ("fft_irfftn_4x5", "fft --shape 4,5 --real --inverse"),
    ("gfp_p3_l8", "gfp --prime p3 --log-n 8"),
    ("gfp_p4_l9_inv", "gfp --prime p4 --log-n 9 --inverse"),
    ("gfp_r16_k4_l6", "gfp --r 16 --k 4 --log-n 6"),
    // WHT: three passes (one row-local, two strided), half storage with the ortho scale.
    ("wht_f32_k28", "wht --size 2^28"),
    // vc --precision f16/bf16 (issue 35): complex values stored as two halves (ld_c/st_c).
    (
        "vc_fused_p3_n10_f16_ortho",
        "vc --p 3 --n 10 --precision f16 --norm ortho",
    ),
    (
        "vc_cg_p5_n4_literal_bf16_inv",
        "vc --p 5 --n 4 --algo cg --coeffs literal --precision bf16 --inverse",
    ),
    ("vc_real_p3_n6_f16", "vc --p 3 --n 6 --real --precision f16"),
    // vc --real (issue 35): the fused complex passes with the real path's ends holding both
    // bins of their rows (the real digit on load, numpy's rows out), then the R2C / C2R
    // passes and the layout moves, p = 3, f32, NVIDIA's 256 work-items.
    ("vc_real_p3_n11_f32", "vc --p 3 --n 11 --real --max-work-group 256"),
    // The Walsh–Hadamard transform on CPU devices: VC's CPU-shaped CT kernels on real values.
    ("wht_cpu_2p20_f32_ortho", "wht --size 2^20 --shape cpu --norm ortho"),
    (
        "wht_f16_k20_ortho_inv",
        "wht --size 2^20 --precision f16 --norm ortho --inverse",
    ),
];

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

fn bless() -> bool {
    std::env::var("JITFFT_BLESS").is_ok_and(|v| v == "1")
}

/// Compares `source` with the saved copy `name` (or saves it when blessing); returns a
/// description of the mismatch.
fn check(name: &str, source: &str) -> Option<String> {
    let path = golden_dir().join(format!("{name}.cl"));
    if bless() {
        std::fs::create_dir_all(golden_dir()).unwrap();
        std::fs::write(&path, source).unwrap();
        return None;
    }
    let saved = match std::fs::read_to_string(&path) {
        Ok(s) => s,
        Err(e) => return Some(format!("{name}: no saved copy at {} ({e})", path.display())),
    };
    if saved == source {
        return None;
    }
    let line = saved
        .lines()
        .zip(source.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| saved.lines().count().min(source.lines().count()));
    Some(format!(
        "{name}: differs from {} at line {} (saved {} bytes, generated {} bytes)\n  saved:     {:?}\n  generated: {:?}",
        path.display(),
        line + 1,
        saved.len(),
        source.len(),
        saved.lines().nth(line).unwrap_or(""),
        source.lines().nth(line).unwrap_or("")
    ))
}

fn report(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "generated sources differ from tests/golden (JITFFT_BLESS=1 regenerates them deliberately):\n{}",
        failures.join("\n")
    );
}

#[test]
fn source_command_matches_saved_programs() {
    let mut failures = Vec::new();
    for (name, args) in CASES {
        let out = Command::new(env!("CARGO_BIN_EXE_jitfft"))
            .arg("source")
            .args(args.split_whitespace())
            .env_remove("JITFFT_DEVICE")
            .env_remove("JITFFT_WISDOM")
            .output()
            .expect("run jitfft source");
        assert!(
            out.status.success(),
            "jitfft source {args} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let source = String::from_utf8(out.stdout).expect("UTF-8 source");
        assert!(
            source.contains("__kernel"),
            "{name}: no kernel in the output"
        );
        failures.extend(check(name, &source));
    }
    report(failures);
}

/// Small local budgets (what `JITFFT_FUSED_LOCAL_BYTES` sets for a device) force exchanges in
/// rounds over resident digits, in halves and whole, on small transforms.
#[test]
fn fused_local_budget_programs_match_saved() {
    let mut failures = Vec::new();
    let (mut halves, mut whole) = (false, false);
    for (p, n, digits, layout, precision, local_bytes) in [
        (2, 12, 8, FusedLayout::Rotate, Precision::F32, 512),
        (3, 7, 5, FusedLayout::Inplace, Precision::F64, 512),
        (4, 6, 5, FusedLayout::Staged, Precision::F32, 512),
        (2, 12, 8, FusedLayout::Staged, Precision::F64, 2048),
    ] {
        let opts = VcOptions {
            algorithm: Algorithm::Fused,
            fused_digits: Some(digits),
            fused_layout: layout,
            precision,
            ..Default::default()
        };
        let plan = VcPlan::new(p, n, opts).unwrap();
        let limits = jitfft::vc::fused::FusedLimits {
            local_bytes,
            ..jitfft::vc::schedule::DEFAULT_LIMITS
        };
        let (schedule, program) = jitfft::vc::program(&plan, limits);
        for f in schedule.fused_passes().filter(|f| !f.resident.is_empty()) {
            halves |= f.split_exchange;
            whole |= !f.split_exchange;
        }
        let source = program.source;
        let name =
            format!("vc_fused_rounds_p{p}_n{n}_m{digits}_{layout:?}_{precision}_l{local_bytes}")
                .to_lowercase();
        failures.extend(check(&name, &source));
    }
    assert!(
        halves && whole,
        "the budgets no longer give rounds in halves and whole"
    );
    report(failures);
}
