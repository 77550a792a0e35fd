//! Shared by the integration tests: the OpenCL device they run on and seeded inputs.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches
#![allow(dead_code)]

pub mod mvl;
pub mod offline;
pub mod vc_values;

use jitfft::runtime::{DeviceSelector, Gpu};

/// The device tests run on: `JITFFT_TEST_DEVICE` if set, else `JITFFT_DEVICE`, else the default
/// rule (first GPU, else PoCL's CPU device).
/// (`JITFFT_TEST_DEVICE=intel` selects Intel's CPU runtime: `tools/setup.sh --intel` installs it
/// and prints the exports; a named device that is missing fails the test, never falls back.)
pub fn gpu() -> Gpu {
    let sel = std::env::var("JITFFT_TEST_DEVICE").ok();
    let gpu =
        Gpu::open(&DeviceSelector::from_arg_or_env(sel.as_deref())).unwrap_or_else(
            |e| match &sel {
                Some(s) => panic!(
            "JITFFT_TEST_DEVICE={s}: no such device (for `intel` run `tools/setup.sh --intel` and \
             export what it prints): {e}"
        ),
                None => panic!("tests need an OpenCL device (run tools/setup.sh): {e}"),
            },
        );
    let knobs = jitfft::runtime::Knobs {
        cl_options: cl_options(),
        ..gpu.knobs.clone()
    };
    gpu.with_knobs(knobs)
}

/// [`gpu`] with the normal build options (unless `JITFFT_CL_OPTIONS` is set): for tests whose
/// data, not compiles, dominate, where unoptimised kernels cost more CPU than the compile saves
/// (`mvl bent_batches_match_reference`: 6.3 s against 4.0 s, docs/notes/speed.md).
pub fn gpu_optimised() -> Gpu {
    let gpu = gpu();
    let knobs = jitfft::runtime::Knobs {
        cl_options: std::env::var("JITFFT_CL_OPTIONS").unwrap_or_default(),
        ..gpu.knobs.clone()
    };
    gpu.with_knobs(knobs)
}

/// [`gpu`] built without the optimiser under `JITFFT_EXHAUSTIVE=1` too (unless
/// `JITFFT_CL_OPTIONS` is set): for sweeps of many small programs, each compiled once and run
/// on a few thousand values (`fft_device`'s every length 1…4096).
pub fn gpu_unoptimised() -> Gpu {
    let gpu = gpu();
    let knobs = jitfft::runtime::Knobs {
        cl_options: std::env::var("JITFFT_CL_OPTIONS").unwrap_or("-cl-opt-disable".into()),
        ..gpu.knobs.clone()
    };
    gpu.with_knobs(knobs)
}

/// The build options of the tests' programs (`JITFFT_CL_OPTIONS`, see docs/testing.md): the
/// default run builds without the optimiser (`-cl-opt-disable`: PoCL compiles a large program
/// 5–8× faster, and compiling is most of the suite's time); `JITFFT_EXHAUSTIVE=1` builds with
/// the normal options, so every kernel of the default run also runs optimised there. A set
/// `JITFFT_CL_OPTIONS` (empty too) wins.
pub fn cl_options() -> String {
    match std::env::var("JITFFT_CL_OPTIONS") {
        Ok(v) => v,
        Err(_) if exhaustive() => String::new(),
        Err(_) => "-cl-opt-disable".to_string(),
    }
}

/// A fresh seed, printed so a failure can be replayed with `JITFFT_TEST_SEED`.
pub fn seed() -> u64 {
    match std::env::var("JITFFT_TEST_SEED") {
        Ok(s) => s.parse().expect("JITFFT_TEST_SEED must be an integer"),
        Err(_) => jitfft::io::random::fresh_seed(),
    }
}

/// The jitfft binary built for these tests (on `JITFFT_DEVICE`: the Intel CI run sets it beside
/// `JITFFT_TEST_DEVICE`), with the tests' build options ([`cl_options`]).
pub fn jitfft() -> assert_cmd::Command {
    let mut cmd = assert_cmd::Command::cargo_bin("jitfft").unwrap();
    cmd.env("JITFFT_CL_OPTIONS", cl_options());
    cmd
}

/// Runs `jitfft args` expecting failure, with every needle in stderr and no panic.
pub fn fails_with(args: &[&str], needles: &[&str]) {
    let out = jitfft().args(args).assert().failure();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    for n in needles {
        assert!(
            err.contains(n),
            "`jitfft {}`: stderr lacks {n:?}:\n{err}",
            args.join(" ")
        );
    }
    assert!(
        !err.contains("panicked"),
        "panic on `{}`:\n{err}",
        args.join(" ")
    );
}

/// `JITFFT_EXHAUSTIVE=1` (what `.ci/run` sets for its second run): the device sweeps cover every
/// preset × size × option they list instead of the default selection, which keeps each code
/// path (pass counts, limb widths, directions, switches) but compiles fewer programs.
pub fn exhaustive() -> bool {
    std::env::var("JITFFT_EXHAUSTIVE").is_ok_and(|v| v == "1")
}

/// `all` under `JITFFT_EXHAUSTIVE=1`, else the default selection `some` (a subset of `all`).
pub fn pick<T: Copy + PartialEq + std::fmt::Debug>(some: &[T], all: &[T]) -> Vec<T> {
    debug_assert!(some.iter().all(|s| all.contains(s)), "{some:?} ⊄ {all:?}");
    if exhaustive() {
        all.to_vec()
    } else {
        some.to_vec()
    }
}

/// The property tests' settings: `default` cases (tenfold under `JITFFT_EXHAUSTIVE=1`), no
/// failure files written (a failure found is kept as a named regression test instead), and a
/// seed from `JITFFT_TEST_SEED` where set (a failure prints its minimal input).
pub fn prop_config(default: u32) -> proptest::test_runner::Config {
    proptest::test_runner::Config {
        cases: if exhaustive() { default * 10 } else { default },
        failure_persistence: None,
        rng_seed: match std::env::var("JITFFT_TEST_SEED") {
            Ok(s) => proptest::test_runner::RngSeed::Fixed(
                s.parse().expect("JITFFT_TEST_SEED must be an integer"),
            ),
            Err(_) => proptest::test_runner::RngSeed::Random,
        },
        ..proptest::test_runner::Config::default()
    }
}
