//! Property tests on the device (issue 43). The exact domains: one program built per test and
//! reused for every random input (PoCL's compile, not the cases, is what costs): `mul` against
//! GMP, the NTT and the GFP FFT against their references, and bent verdicts against the CPU
//! classifier. The VC planner: a few random plans it accepts, each its own program, built and
//! run against the f64 reference. Cases: `common::prop_config` (tenfold under
//! `JITFFT_EXHAUSTIVE=1`).

mod common;

use common::mvl::{maiorana_mcfarland, random_fn};
use common::vc_values;
use jitfft::field::{LimbBits, PrimeField};
use jitfft::gfp::reference as gfp_cpu;
use jitfft::gfp::{GfpField, GfpPlan, GfpTransform};
use jitfft::io::random::random_complex;
use jitfft::mul::{reference, Method, MulPlan, Multiplier};
use jitfft::mvl::bent::{classify_cpu, BentClassifier};
use jitfft::mvl::TruthVectors;
use jitfft::ntt::data::random_elements;
use jitfft::ntt::{NttPlan, NttTransform, Variant};
use jitfft::reference::{compare, separable_vc};
use jitfft::transform::{Direction, Precision};
use jitfft::vc::plan::{tolerance, Algorithm, Coeffs, VcOptions, VcPlan};
use jitfft::vc::report::default_tolerance;
use jitfft::vc::VcTransform;
use num_complex::Complex64;
use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Limbs of an operand: random words mixed with the carry stresses (all ones, zero, 1).
fn operand(max: usize) -> impl Strategy<Value = Vec<u64>> {
    prop::collection::vec(
        prop_oneof![
            4 => any::<u64>(),
            2 => Just(u64::MAX),
            1 => Just(0u64),
            1 => Just(1u64),
            1 => Just(1u64 << 63),
        ],
        1..=max,
    )
}

#[test]
fn mul_equals_gmp_for_random_operands() {
    let gpu = common::gpu();
    let max = 96;
    let m = Multiplier::new(&gpu, &MulPlan::new(max, max, Method::Block, 16).unwrap()).unwrap();
    let mut runner = TestRunner::new(common::prop_config(48));
    runner
        .run(&(operand(max), operand(max)), |(a, b)| {
            let (r, _) = m.multiply(&gpu, &a, &b).unwrap();
            prop_assert_eq!(r, reference::product(&a, &b));
            Ok(())
        })
        .unwrap();
    m.release().unwrap();
}

#[test]
fn ntt_equals_reference_for_random_vectors() {
    let gpu = common::gpu();
    let f = PrimeField::preset("goldilocks").unwrap();
    let log_n = 5;
    for inverse in [false, true] {
        let plan = NttPlan::new(&f, LimbBits::B64, log_n, Variant::Fused, inverse).unwrap();
        let tr = NttTransform::new(&gpu, &plan).unwrap();
        let limbs = jitfft::field::cpu::limbs64(&f);
        let mut runner = TestRunner::new(common::prop_config(24));
        // A seeded vector of elements in [0, p), with runs of zeros and of one value.
        let case = (any::<u64>(), prop::option::of((0usize..32, 1usize..32)));
        runner
            .run(&case, |(seed, run)| {
                let mut x = random_elements(&f, plan.n(), seed);
                if let Some((at, len)) = run {
                    let end = (at + len).min(32) * limbs;
                    x[at * limbs..end].fill(0);
                }
                let (got, _) = tr.execute(&gpu, &x).unwrap();
                let want = jitfft::ntt::reference::ntt(&f, &x, log_n, inverse).unwrap();
                prop_assert!(got == want, "seed {}", seed);
                Ok(())
            })
            .unwrap();
        tr.release().unwrap();
    }
}

#[test]
fn gfp_fft_equals_naive_dft_for_random_vectors() {
    let gpu = common::gpu();
    let f = GfpField::preset("p3").unwrap();
    let log_n = 4;
    let (a, b) = jitfft::gfp::execute::device_limits(&gpu);
    let plan = GfpPlan::new(f.clone(), log_n, false, a, b).unwrap();
    let tr = GfpTransform::new(&gpu, &plan).unwrap();
    let w = f.root_of_unity(log_n).unwrap();
    let edges = f.edge_values();
    let mut runner = TestRunner::new(common::prop_config(16));
    let case = (
        any::<u64>(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..6),
    );
    runner
        .run(&case, |(seed, picks)| {
            let mut x = f.random_elements(1 << log_n, seed);
            // Some positions hold edge values (0, 1, p − 1, digit boundaries).
            for (k, at) in picks.iter().enumerate() {
                let i = at.index(x.len());
                x[i] = edges[k % edges.len()].clone();
            }
            let (out, _) = tr.execute(&gpu, &f.to_transposed(&x)).unwrap();
            let got = f.from_transposed(&out, x.len()).unwrap();
            prop_assert_eq!(
                got,
                gfp_cpu::naive_dft(&f, &x, &w).unwrap(),
                "seed {}",
                seed
            );
            Ok(())
        })
        .unwrap();
    tr.release().unwrap();
}

#[test]
fn bent_verdicts_equal_the_cpu_classifier() {
    // mvl.rs's `bent_batches_match_reference` builds this very program (3^4, 100 functions,
    // optimised): whichever runs second loads it from the program cache.
    let gpu = common::gpu_optimised();
    let (p, n, batch) = (3u32, 4u32, 100u64);
    let c = BentClassifier::new(&gpu, p, n, batch, Precision::F32).unwrap();
    let mut runner = TestRunner::new(common::prop_config(12));
    // A batch of random functions and Maiorana–McFarland (bent) ones, mixed.
    let case = (
        any::<u64>(),
        prop::collection::vec(any::<bool>(), batch as usize),
    );
    runner
        .run(&case, |(seed, bent)| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let values: Vec<u32> = bent
                .iter()
                .flat_map(|&b| {
                    if b {
                        maiorana_mcfarland(p, n / 2, &mut rng)
                    } else {
                        random_fn(p, n, &mut rng)
                    }
                })
                .collect();
            let truth = TruthVectors::from_values(p, n, batch, &values).unwrap();
            let (got, _) = c.classify(&gpu, &truth).unwrap();
            let want = classify_cpu(&truth).unwrap();
            prop_assert_eq!(&got.bent, &want.bent, "seed {}", seed);
            for (f, &b) in bent.iter().enumerate() {
                // Maiorana–McFarland functions are bent; the reference must say so too.
                prop_assert!(!b || want.bent[f]);
            }
            Ok(())
        })
        .unwrap();
}

/// A random VC request of at most 3^7 points a transform: p, n, batch, and options as `vc`
/// takes them (algorithm, radix p^k or none, coefficients, precision, direction, fused digits,
/// lanes and layout).
fn vc_request() -> impl Strategy<Value = (u32, u32, u64, VcOptions)> {
    let p = prop::sample::select(vec![2u32, 3, 4, 5, 6, 7, 8, 9, 12, 16]);
    p.prop_flat_map(|p| {
        let max_n = (1..=12u32)
            .take_while(|&n| (p as u64).pow(n) <= 2187)
            .count() as u32;
        let radix = (0u32..4).prop_map(move |k| (k > 0).then(|| (p as u64).pow(k)));
        let small = || prop::option::of(1u32..5);
        let opts = vc_values::options(radix, small(), small(), Just(None));
        (Just(p), 1..=max_n, 1u64..=3, opts)
    })
}

/// Plans the planner accepts (and the device builds) transform as the f64 reference does,
/// within the precision's `--check` tolerance. A refusal must say why; it is not a case (the
/// run draws another), so every case is a program built and run.
#[test]
fn accepted_vc_plans_equal_the_reference_on_the_device() {
    let gpu = common::gpu();
    let mut runner = TestRunner::new(proptest::test_runner::Config {
        max_global_rejects: 10_000,
        ..common::prop_config(4)
    });
    runner
        .run(&vc_request(), |(p, n, batch, opts)| {
            let refused = |e: jitfft::error::JitError| {
                let why = e.to_string();
                assert!(!why.trim().is_empty(), "a refusal without a reason");
                TestCaseError::reject(why)
            };
            if opts.precision == Precision::F64 && !gpu.info.fp64 {
                return Err(TestCaseError::reject("no fp64"));
            }
            let plan = VcPlan::new(p, n, opts)
                .and_then(|pl| pl.with_batch(batch))
                .map_err(refused)?;
            // Named before the build: a crash of the driver leaves this as its last line.
            eprintln!("building {plan:?}");
            let tr = VcTransform::new(&gpu, &plan).map_err(refused)?;
            let len = plan.len as usize;
            let mut x = random_complex(len * batch as usize, common::seed());
            if plan.precision == Precision::F32 {
                // The device sees f32 values: the reference transforms the same ones.
                let f = |v: f64| v as f32 as f64;
                x.iter_mut()
                    .for_each(|c| *c = Complex64::new(f(c.re), f(c.im)));
            }
            let (got, _) = tr.execute(&gpu, &x).unwrap();
            tr.release().unwrap();
            let tol = tolerance(&plan, default_tolerance);
            for (row, (g, xs)) in got.chunks(len).zip(x.chunks(len)).enumerate() {
                let want = separable_vc(p, n, xs, plan.direction, plan.scale()).unwrap();
                let e = compare(g, &want);
                prop_assert!(e.rel_l2 <= tol, "{plan:?} row {row}: {e:?} > {tol:e}");
            }
            Ok(())
        })
        .unwrap();
}

/// Found by the property above: the 216-point literal codelets, built without the optimiser
/// (the default suite's `-cl-opt-disable`) on PoCL, crashed the process (SIGSEGV) in work-groups
/// of 256 (ct) and 32 (cg) work-items: PoCL keeps each work-item's temporaries on its worker
/// thread's 8 MiB stack. Unoptimised CPU builds now launch ct/cg passes in groups of 8: by
/// default the groups `vc --json` reports are checked; under `JITFFT_EXHAUSTIVE=1` (optimised
/// builds) and with `JITFFT_CL_OPTIONS=-cl-opt-disable` set, the 216-point codelets run (their
/// compile costs about 5 s of CPU each).
#[test]
fn largest_literal_codelets_run_in_unoptimised_cpu_builds() {
    let gpu = common::gpu();
    let unoptimised = gpu.knobs.cl_options.contains("-cl-opt-disable");
    if gpu.info.kind == "cpu" && unoptimised {
        let out = common::jitfft()
            .args([
                "vc", "--p", "3", "--n", "5", "--algo", "cg", "--repeat", "1", "--json",
            ])
            .assert()
            .success();
        let r: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
        let launches = r["details"]["setup"]["launches"].as_array().unwrap();
        assert!(!launches.is_empty(), "{r}");
        for l in launches {
            assert!(l["local"].as_u64().unwrap() <= 8, "{l}");
        }
    }
    if !common::exhaustive() {
        return;
    }
    let x = random_complex(216, common::seed());
    let want = separable_vc(6, 3, &x, Direction::Forward, 1.0).unwrap();
    for algorithm in [Algorithm::Cg, Algorithm::Ct] {
        let opts = VcOptions {
            algorithm,
            radix: Some(216),
            coeffs: Coeffs::Literal,
            precision: Precision::F32,
            ..Default::default()
        };
        let plan = VcPlan::new(6, 3, opts).unwrap();
        let tr = VcTransform::new(&gpu, &plan).unwrap();
        let (got, _) = tr.execute(&gpu, &x).unwrap();
        tr.release().unwrap();
        let e = compare(&got, &want);
        assert!(e.rel_l2 < 1e-5, "{algorithm}: {e:?}");
    }
}

const TWICE: &str =
    "__kernel void twice(__global uint *x) { size_t i = get_global_id(0); x[i] *= 2u; }\n";

/// Runs `twice` of `built` over 0..64 and returns the result.
fn run_twice(gpu: &jitfft::runtime::Gpu, built: &jitfft::runtime::BuiltProgram) -> Vec<u32> {
    use jitfft::runtime::{Arg, KernelHandle, Pinned};
    let k = KernelHandle::new(gpu, &built.program, "twice").unwrap();
    let buf = jitfft::runtime::pinned::device_buffer::<u32>(&gpu.queue, 64).unwrap();
    let staging = Pinned::<u32>::new(&gpu.queue, 64).unwrap();
    staging.fill(&(0..64).collect::<Vec<u32>>()).unwrap();
    staging.upload_to(&buf, 64).unwrap();
    k.set_args(&[Arg::buf(&buf)]).unwrap();
    k.launch(&gpu.queue, 64, 16).unwrap().wait_for().unwrap();
    staging.download_from(&buf, 64).unwrap();
    let mut back = vec![0u32; 64];
    staging.drain(&mut back).unwrap();
    staging.release().unwrap();
    back
}

/// A cached binary truncated, overwritten or with bytes changed between runs: the next build
/// compiles again and gives a working program, never a crash or a wrong kernel. (Found here:
/// PoCL crashed with SIGSEGV loading a truncated binary; entries now carry their SHA-256.)
#[test]
#[allow(clippy::disallowed_methods)] // the harness reads its own switch
fn corrupted_program_cache_entries_are_rebuilt() {
    if std::env::var("JITFFT_NO_CACHE").is_ok_and(|v| v == "1") {
        return; // every build compiles by request
    }
    let gpu = common::gpu();
    let src = format!("{TWICE}// cache corruption {}\n", common::seed());
    let first = jitfft::runtime::build_program(&gpu, &src, "").unwrap();
    let want: Vec<u32> = (0..64).map(|i| 2 * i).collect();
    assert_eq!(run_twice(&gpu, &first), want);
    let bin = jitfft::runtime::build::cache_root()
        .join("programs")
        .join(format!("{}.bin", first.key));
    let good = std::fs::read(&bin).unwrap();
    let edits = prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..8);
    let mut runner = TestRunner::new(common::prop_config(8));
    runner
        .run(&edits, |edits| {
            let mut b = good.clone();
            for (at, op, byte) in edits {
                if b.is_empty() {
                    break;
                }
                let i = at.index(b.len());
                match op {
                    0 => b[i] ^= byte | 1,
                    1 => b.truncate(i),
                    2 => b[i..].fill(byte),
                    _ => b.splice(i..i, [byte; 16]).for_each(drop),
                }
            }
            std::fs::write(&bin, &b).unwrap();
            let built = jitfft::runtime::build_program(&gpu, &src, "").unwrap();
            prop_assert!(!built.from_cache || b == good, "a changed entry was loaded");
            prop_assert_eq!(
                run_twice(&gpu, &built),
                want.clone(),
                "from cache: {}",
                built.from_cache
            );
            Ok(())
        })
        .unwrap();
}

/// Four CLI processes at once on one program cache and one wisdom file, twice, every cached
/// binary cut in half between the rounds: every run checks its transform and succeeds (the
/// second round compiles again rather than load a cut entry).
#[test]
fn cli_processes_share_the_cache_and_survive_its_corruption() {
    let dir = tempfile::tempdir().unwrap();
    let run_four = || {
        let children: Vec<_> = (0..4u32)
            .map(|i| {
                std::process::Command::new(env!("CARGO_BIN_EXE_jitfft"))
                    .args(["vc", "--p", "3", "--n", &(4 + i % 2).to_string(), "--check"])
                    .env("JITFFT_CL_OPTIONS", common::cl_options())
                    .env("JITFFT_CACHE_DIR", dir.path())
                    .env("JITFFT_WISDOM", dir.path().join("wisdom.json"))
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for c in children {
            let out = c.wait_with_output().unwrap();
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(
                out.status.success() && text.contains("relative L2 error"),
                "{text}{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    };
    run_four();
    let programs = dir.path().join("programs");
    let mut cut = 0;
    for e in std::fs::read_dir(&programs).unwrap() {
        let path = e.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        cut += 1;
    }
    assert!(cut >= 2, "{cut} cached programs");
    run_four();
}
