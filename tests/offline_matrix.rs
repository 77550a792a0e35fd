//! The portability matrix: every kernel family jitfft generates (VC ct, cg and fused passes,
//! the per-item bentness kernel, truth-vector decoding with spectral reductions, NTT, GFP FFT,
//! long-integer products, the any-shape FFT's passes, Bluestein launches and real end)
//! compiles for every offline target (AMD Evergreen / GCN / CDNA / RDNA here, Intel and
//! NVIDIA through the same registry), in f32 and, where the
//! family has real arithmetic, f64. A target without fp64 is reported as such, not failed. A
//! failure names the family and target, and the build log is kept (path in the message).
//!
//! Default run: every family on a few targets per backend; JITFFT_EXHAUSTIVE=1: every target.
//! Ignored by default (`#[ignore = "needs the offline compilers"]`); CI runs it with
//! `--run-ignored ignored-only` after `tools/setup.sh --offline-compilers`, where a missing
//! backend fails.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::mvl::bent::bent_plan;
use jitfft::stats::offline::targets::{self, Target};
use jitfft::stats::offline::{cache_dir, vc::source_for, OfflineError};
use jitfft::transform::Precision;
use jitfft::vc::plan::{HalfEdge, HalfEdges};
use jitfft::vc::{Algorithm, Coeffs, SpectrumOutput, TruthEncoding, VcOptions, VcPlan};
use rayon::prelude::*;

/// One family's program for a target: its name, the source, whether it has an f64 form.
struct Program {
    family: String,
    source: String,
    fp64: bool,
    /// A kernel-name fragment the family must show (the variant really generated).
    marker: &'static str,
}

fn vc(p: u32, n: u32, algo: Algorithm, radix: Option<u64>, prec: Precision) -> VcPlan {
    VcPlan::new(
        p,
        n,
        VcOptions {
            algorithm: algo,
            radix,
            coeffs: Coeffs::ConstFirst,
            precision: prec,
            ..Default::default()
        },
    )
    .unwrap()
}

/// 5^5 in passes of at most 2 digits, later ones as blocks of at most 7 lanes (with
/// `JITFFT_LANE_BLOCKS=on:7` while its source is generated: see `programs`).
fn ct_lanes_plan(prec: Precision) -> VcPlan {
    let opts = VcOptions {
        algorithm: Algorithm::Ct,
        radix: Some(16),
        coeffs: Coeffs::Literal,
        precision: prec,
        ..Default::default()
    };
    VcPlan::new(16, 3, opts)
        .and_then(|p| p.with_ct_lanes(8, true))
        .unwrap()
}

/// 3^5 in cg passes of radix 9, 8 butterflies a work-item (block reads, line writes, a short
/// last work-item: 27 butterflies).
fn cg_lanes_plan(prec: Precision) -> VcPlan {
    let opts = VcOptions {
        algorithm: Algorithm::Cg,
        radix: Some(9),
        coeffs: Coeffs::Literal,
        precision: prec,
        ..Default::default()
    };
    VcPlan::new(3, 5, opts)
        .and_then(|p| p.with_ct_lanes(8, true))
        .unwrap()
}

fn block_plan(prec: Precision) -> VcPlan {
    VcPlan::new(
        5,
        5,
        VcOptions {
            algorithm: Algorithm::Fused,
            fused_digits: Some(2),
            precision: prec,
            ..Default::default()
        },
    )
    .unwrap()
}

/// 3^3 × a batch of 2 bins: one fused pass reading reals (h = 2) and writing numpy's rows.
fn real_ends_plan(prec: Precision) -> VcPlan {
    let h = HalfEdge::Rows { h: 2 };
    let reals = HalfEdge::Reals { h: 2, scale: 0.5 };
    vc(3, 3, Algorithm::Fused, None, prec)
        .with_batch(2)
        .and_then(|p| {
            p.with_half_edges(HalfEdges {
                input: Some(reals),
                output: Some(h),
            })
        })
        .unwrap()
}

fn cli_source(args: &[&str]) -> String {
    let out = common::jitfft().arg("source").args(args).output().unwrap();
    assert!(
        out.status.success(),
        "jitfft source {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Every family's programs for `t` (both precisions of the floating-point families).
fn programs(t: &Target) -> Vec<Program> {
    let mut out = Vec::new();
    for prec in [Precision::F32, Precision::F64] {
        let fp64 = prec == Precision::F64;
        // The default run builds f64 on one AMD and one NVIDIA target (f32 everywhere); the
        // exhaustive run (CI's offline step) builds f64 on every target that has it.
        if fp64 && !common::exhaustive() && !F64_DEFAULT_TARGETS.contains(&t.name) {
            continue;
        }
        let mvl = vc(3, 4, Algorithm::Fused, None, prec)
            .with_truth(TruthEncoding::Values)
            .unwrap()
            .with_output(SpectrumOutput::Reduce {
                write: false,
                bins: 8,
                zero_tol2: 1e-9,
            })
            .unwrap();
        for (family, plan, marker) in [
            ("vc ct r9", vc(3, 4, Algorithm::Ct, Some(9), prec), "vc_ct_"),
            // CPU-shaped ct (issue 36): 8 butterflies a work-item, literal codelets.
            ("vc ct cpu lanes", ct_lanes_plan(prec), "_l8"),
            ("vc cg cpu lanes", cg_lanes_plan(prec), "_l8"),
            (
                "vc cg r16",
                vc(4, 2, Algorithm::Cg, Some(16), prec),
                "vc_cg_",
            ),
            (
                "vc fused",
                vc(3, 6, Algorithm::Fused, None, prec),
                "vc_fused",
            ),
            // Lane blocks (forced: small arrays never take them by the model): a cut block,
            // an exchange between two digits.
            ("vc fused blocks", block_plan(prec), "_block7"),
            // f64's local budget holds p^3 values a function per item, f32's p^4.
            (
                "bent per-item",
                bent_plan(3, if fp64 { 3 } else { 4 }, 64, prec).unwrap(),
                "_item",
            ),
            ("mvl decode+reduce", mvl, "_truthval"),
            // vc --real's fused ends: the real digit on load, numpy's rows out.
            (
                "vc fused real ends",
                real_ends_plan(prec),
                "_reals2_rowsout2",
            ),
        ] {
            let blocks = family == "vc fused blocks";
            if blocks {
                std::env::set_var("JITFFT_LANE_BLOCKS", "on:7");
            }
            let source = source_for(&plan, t);
            if blocks {
                std::env::remove_var("JITFFT_LANE_BLOCKS");
            }
            out.push(Program {
                family: format!("{family} {prec}"),
                source,
                fp64,
                marker,
            });
        }
    }
    // The NTT's field sizes: Goldilocks (one or two limbs); the 254-bit field's Montgomery
    // products take compilers seconds to minutes each (R600 and IGC the longest), so only on
    // CDNA and Hopper under JITFFT_EXHAUSTIVE=1.
    let fields: &[&str] = if common::exhaustive() && BN254_TARGETS.contains(&t.name) {
        &["goldilocks", "bn254-fr"]
    } else {
        &["goldilocks"]
    };
    let mut sources: Vec<(String, Vec<String>, &'static str)> = Vec::new();
    for field in fields {
        for limbs in ["32", "64"] {
            let args = format!("ntt --field {field} --log-n 6 --variant fused --kernel regs --max-radix 8 --arith portable --limbs {limbs}");
            sources.push((
                format!("ntt {field} limbs{limbs}"),
                args.split(' ').map(String::from).collect(),
                "ntt",
            ));
        }
    }
    for prec in ["f32", "f16"] {
        sources.push((
            format!("wht {prec}"),
            ["wht", "--size", "2^16", "--precision", prec]
                .map(String::from)
                .to_vec(),
            "wht_",
        ));
    }
    sources.push((
        "vc real p5".into(),
        ["vc", "--p", "5", "--n", "4", "--real"]
            .map(String::from)
            .to_vec(),
        "rvc_",
    ));
    sources.push((
        "gfp p3".into(),
        ["gfp", "--prime", "p3", "--log-n", "4"]
            .map(String::from)
            .to_vec(),
        "gfp_",
    ));
    // The any-shape FFT (issue 44): fused Stockham passes of mixed radices (12, 10, 16, 4),
    // Bluestein's chirp, convolution and multiply for a prime, and the packed real end.
    let fft_f64 = common::exhaustive() || F64_DEFAULT_TARGETS.contains(&t.name);
    for (family, shape, extra, marker) in [
        ("fft 1000x768", "1000,768", "", "fft_a1_"),
        ("fft bluestein 1009", "1009", "", "bluestein_"),
        ("fft real 64x40", "64,40", "--real", "rfft_post"),
    ] {
        for prec in ["f32", "f64"] {
            if prec == "f64" && !fft_f64 {
                continue;
            }
            let mut args: Vec<String> = ["fft", "--shape", shape, "--precision", prec]
                .map(String::from)
                .to_vec();
            args.extend(extra.split_whitespace().map(String::from));
            sources.push((format!("{family} {prec}"), args, marker));
        }
    }
    for (family, args, marker) in sources {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let fp64 = args.windows(2).any(|w| w == ["--precision", "f64"]);
        out.push(Program {
            family,
            source: cli_source(&args),
            fp64,
            marker,
        });
    }
    out.push(Program {
        family: "mul block n8".into(),
        source: jitfft::mul::kernels::block_source(8),
        fp64: false,
        marker: "block_",
    });
    out.push(Program {
        family: "mul ntt glue".into(),
        source: jitfft::mul::kernels::ntt_glue_source(),
        fp64: false,
        marker: "carry_",
    });
    out
}

/// Families a backend cannot build, each with the reason and a fragment of the failure it
/// must still show: such a build is reported, not failed; one that starts to build fails the
/// test, so the entry goes once the limit is gone. No fragment: the build is not attempted
/// (the compiler does not end in reasonable time).
const KNOWN_LIMITS: &[(&str, &str, &[&str], &str)] = &[
    (
        "r600",
        "bent per-item f32",
        &["ran out of registers", "Register Allocator"],
        "the per-item kernel keeps a function's 81 complex values in registers and LLVM's R600 backend cannot spill (no scratch memory)",
    ),
    (
        "r600",
        "vc ct cpu lanes f32",
        &[],
        "the CPU-shaped kernel keeps radix × 8 complex values (16 × float16 here) live and LLVM 19's R600 backend cannot spill them (no scratch memory): the scalar-lane version crashed in instruction selection, the SIMD one compiled for over 15 minutes without ending; not attempted, the plan takes these kernels on CPU devices only",
    ),
];

fn known_limit(
    backend: &str,
    family: &str,
) -> Option<&'static (
    &'static str,
    &'static str,
    &'static [&'static str],
    &'static str,
)> {
    KNOWN_LIMITS
        .iter()
        .find(|k| k.0 == backend && k.1 == family)
}

/// The `__kernel` names of a program.
fn kernel_names(source: &str) -> Vec<String> {
    source
        .split("__kernel")
        .skip(1)
        .filter_map(|s| {
            // `__kernel [__attribute__((…))] void NAME(`
            let after = &s[s.find("void ")? + 5..];
            Some(after.split('(').next()?.trim().to_string())
        })
        .collect()
}

/// The default run's targets, one per backend: the paper's Cypress (r600), CDNA 2 (amdgcn;
/// RDNA 3 and the other GCN targets run in the exhaustive step), Intel Xe-LP (no fp64) and
/// Hopper (a backend with none of these: its first target).
const DEFAULT_TARGETS: [&str; 4] = ["cypress", "gfx90a", "tgllp", "sm_90"];

/// Where the default run also builds the f64 programs.
const F64_DEFAULT_TARGETS: [&str; 2] = ["gfx90a", "sm_90"];

/// Where the exhaustive run also builds the 254-bit field's NTT.
const BN254_TARGETS: [&str; 2] = ["gfx90a", "sm_90"];

/// The targets to cover (every backend must be installed): all of them (JITFFT_EXHAUSTIVE=1),
/// else one per backend (`DEFAULT_TARGETS`, or the backend's first).
fn selected() -> Vec<Target> {
    let mut out = Vec::new();
    for b in targets::BACKENDS {
        common::offline::require(&format!("offline backend {}", b.name), (b.installed)());
        let all = targets::all()
            .into_iter()
            .filter(|t| t.backend.name == b.name);
        if common::exhaustive() {
            out.extend(all);
        } else {
            let mine: Vec<Target> = all.collect();
            let chosen: Vec<Target> = mine
                .iter()
                .filter(|t| DEFAULT_TARGETS.contains(&t.name))
                .copied()
                .collect();
            out.extend(if chosen.is_empty() {
                mine.into_iter().take(1).collect()
            } else {
                chosen
            });
        }
    }
    out
}

#[test]
#[ignore = "needs the offline compilers"]
fn every_family_builds_for_every_installed_target() {
    let chosen = selected();
    let logs = cache_dir().join("matrix-failures");
    let jobs: Vec<(Target, Program)> = chosen
        .iter()
        .flat_map(|t| programs(t).into_iter().map(move |p| (*t, p)))
        .collect();
    let results: Vec<(String, Result<String, String>)> = jobs
        .par_iter()
        .map(|(t, prog)| {
            let what = format!("{} on {}", prog.family, t.name);
            let names = kernel_names(&prog.source);
            if !names.iter().any(|n| n.contains(prog.marker)) {
                return (
                    what,
                    Err(format!(
                        "the program has no {:?} kernel: {names:?}",
                        prog.marker
                    )),
                );
            }
            let known = known_limit(t.backend.name, &prog.family);
            if let Some(k) = known.filter(|k| k.2.is_empty()) {
                return (what, Ok(format!("known limit, not attempted: {}", k.3)));
            }
            let r = match t.build(&prog.source, "", prog.fp64) {
                Ok(_) if known.is_some() => Err(format!(
                    "builds now although listed in KNOWN_LIMITS ({}): remove the entry",
                    known.unwrap().3
                )),
                Err(OfflineError::Build { log, .. })
                    if known.is_some_and(|k| k.2.iter().any(|f| log.contains(f))) =>
                {
                    Ok(format!("known limit, not built: {}", known.unwrap().3))
                }
                Ok(b) => {
                    let missing: Vec<&String> =
                        names.iter().filter(|n| b.kernel(n).is_none()).collect();
                    let blank = b
                        .kernels
                        .iter()
                        .filter(|k| k.metrics.iter().all(|m| m.value.is_none()))
                        .count();
                    if !missing.is_empty() {
                        Err(format!(
                            "no figures for kernels {missing:?} ({} read)",
                            b.kernels.len()
                        ))
                    } else if blank > 0 {
                        Err(format!("{blank} kernels without a single figure"))
                    } else {
                        Ok(format!("{} kernels", b.kernels.len()))
                    }
                }
                Err(OfflineError::NoFp64 { .. }) => {
                    Ok("no fp64 on this target (reported, not a failure)".into())
                }
                Err(e @ OfflineError::Build { .. }) => {
                    let _ = std::fs::create_dir_all(&logs);
                    let log =
                        logs.join(format!("{}-{}.log", t.name, prog.family.replace(' ', "_")));
                    let _ = std::fs::write(&log, e.to_string());
                    let head: String = e
                        .to_string()
                        .lines()
                        .take(12)
                        .collect::<Vec<_>>()
                        .join("\n");
                    Err(format!(
                        "build failed (log kept in {}):\n{head}",
                        log.display()
                    ))
                }
                Err(e) => Err(e.to_string()),
            };
            match &r {
                Ok(s) => eprintln!("ok    {what}: {s}"),
                Err(_) => eprintln!("FAIL  {what}"),
            }
            (what, r)
        })
        .collect();
    let failures: Vec<String> = results
        .iter()
        .filter_map(|(what, r)| r.as_ref().err().map(|e| format!("{what}: {e}")))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} builds failed:\n{}",
        failures.len(),
        results.len(),
        failures.join("\n\n")
    );
}
