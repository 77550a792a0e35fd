//! `mpirun` for the MPI tests (`mpi_vc`, `mpi_fft`): the binary under `mpirun` with the test
//! hooks' variables passed to every rank, its output as text, and refusals every rank gives.
#![allow(dead_code)]

use std::process::{Command, Output};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_jitfft");

/// `mpirun -np <np> jitfft <args>` with the test hooks' variables passed to every rank.
pub fn mpirun(np: u32, args: &[&str], env: &[(&str, &str)]) -> Output {
    // Concurrent mpiruns race to create the same session directory (/tmp/ompi.<host>.<uid>:
    // "File exists"); each call gets its own base, removed when the call ends.
    let session = tempfile::tempdir().expect("a session directory for mpirun");
    let mut c = Command::new("mpirun");
    c.args([
        "--oversubscribe",
        "--allow-run-as-root",
        "--mca",
        "orte_tmpdir_base",
    ])
    .arg(session.path())
    .args(["-np", &np.to_string()]);
    c.env("POCL_MAX_PTHREAD_COUNT", "1");
    for name in [
        "POCL_MAX_PTHREAD_COUNT",
        "JITFFT_CACHE_DIR",
        "POCL_CACHE_DIR",
    ] {
        if name == "POCL_MAX_PTHREAD_COUNT" || std::env::var_os(name).is_some() {
            c.args(["-x", name]);
        }
    }
    for (k, v) in env {
        c.env(k, v).args(["-x", k]);
    }
    c.arg(BIN).args(args);
    c.output()
        .expect("mpirun not found: the mpi feature's tests need Open MPI (tools/setup.sh --mpi)")
}

pub fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// `mpirun` that must fail within a minute, its stderr holding every one of `needles`.
pub fn refused(np: u32, args: &[&str], env: &[(&str, &str)], needles: &[&str]) -> Output {
    let t = Instant::now();
    let o = mpirun(np, args, env);
    assert!(!o.status.success(), "{args:?} should fail: {}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    for n in needles {
        assert!(err.contains(n), "{args:?}: missing {n:?} in:\n{}", text(&o));
    }
    assert!(
        t.elapsed() < Duration::from_secs(60),
        "{args:?} took {:?}",
        t.elapsed()
    );
    o
}
