//! Faults (issue 43, part 5), through the command line on the test device. Each fault ends
//! the command with a clear error on stderr (the test names its words) and a non-zero exit,
//! leaves no output and no temporary file in the output's folder, and the same command without
//! the fault then succeeds and checks right (`--check`, and the file against the reference).
//! Faults: the device memory capped below what the run needs (`JITFFT_DEVICE_MEMORY`), the
//! output's disk full (`RLIMIT_FSIZE`: writes fail with EFBIG), a device as the output, the
//! input shorter than its header says or cut while it is read, a corrupt wisdom file, Ctrl-C.
//! Elsewhere, not repeated here: the program cache corrupted between runs (`props_device`:
//! a property of the library and 4 CLI processes sharing one cache), failing MPI ranks
//! (`mpi_vc`, feature `mpi`), a capped run that streams instead (`vc_stream`,
//! `vc_real_stream`).

mod common;

use common::{cl_options, exhaustive, seed};
use jitfft::io::npy::{npy_complex_bytes, read_npy, NpyData};
use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::Direction;
use num_complex::Complex64;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// What goes wrong in a run.
#[derive(Clone, Copy, Debug)]
enum Fault {
    /// `JITFFT_DEVICE_MEMORY` set to this.
    Cap(&'static str),
    /// Files may grow to this many bytes (`RLIMIT_FSIZE`, SIGXFSZ ignored: EFBIG).
    DiskFull(u64),
}

/// `jitfft args` in `dir` with the tests' build options, under `fault`.
fn jitfft_in(dir: &Path, args: &[&str], fault: Option<Fault>) -> Output {
    let mut c = Command::new(env!("CARGO_BIN_EXE_jitfft"));
    c.args(args)
        .current_dir(dir)
        .env("JITFFT_CL_OPTIONS", cl_options())
        .stdin(Stdio::null());
    match fault {
        Some(Fault::Cap(cap)) => {
            c.env("JITFFT_DEVICE_MEMORY", cap);
        }
        Some(Fault::DiskFull(bytes)) => {
            // SAFETY: between fork and exec only async-signal-safe calls (signal, setrlimit);
            // both settings survive exec.
            unsafe {
                c.pre_exec(move || {
                    libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
                    let lim = libc::rlimit {
                        rlim_cur: bytes,
                        rlim_max: bytes,
                    };
                    match libc::setrlimit(libc::RLIMIT_FSIZE, &lim) {
                        0 => Ok(()),
                        _ => Err(std::io::Error::last_os_error()),
                    }
                });
            }
        }
        None => {
            c.env_remove("JITFFT_DEVICE_MEMORY");
        }
    }
    c.output().unwrap()
}

fn text(o: &Output) -> String {
    format!(
        "{:?}\nstdout:\n{}\nstderr:\n{}",
        o.status,
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// The files in `dir` other than `inputs` (an output or a temporary file left behind).
fn leftovers(dir: &Path, inputs: &[&str]) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !inputs.contains(&n.as_str()))
        .collect()
}

/// Runs `args` under `fault`: it must fail, name every needle on stderr without a panic, and
/// leave nothing beside `inputs` in `dir`.
fn refused(dir: &Path, args: &[&str], fault: Option<Fault>, needles: &[&str], inputs: &[&str]) {
    let o = jitfft_in(dir, args, fault);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        !o.status.success(),
        "{args:?} under {fault:?}: {}",
        text(&o)
    );
    for n in needles {
        assert!(
            err.contains(n),
            "{args:?} under {fault:?}: no {n:?}: {}",
            text(&o)
        );
    }
    assert!(!err.contains("panicked"), "{}", text(&o));
    let left = leftovers(dir, inputs);
    assert!(left.is_empty(), "{args:?} under {fault:?} left {left:?}");
}

/// Runs `args` without a fault: it must succeed (with `--check`: within the tolerance).
fn right(dir: &Path, args: &[&str]) -> Output {
    let o = jitfft_in(dir, args, None);
    assert!(o.status.success(), "{args:?}: {}", text(&o));
    o
}

/// The disk-full fault of a command that writes `out` (relative to `dir`): a run without the
/// fault first (it fills the program caches: PoCL's compiler aborts when it cannot write its
/// own cache, a fault of the driver, not of jitfft), the output removed, the run with writes
/// capped at `limit` bytes refused, and the run again.
fn disk_full(dir: &Path, args: &[&str], out: &str, limit: u64, inputs: &[&str]) {
    right(dir, args);
    let written = std::fs::metadata(dir.join(out)).unwrap().len();
    assert!(
        written > limit,
        "{out}: {written} bytes do not reach the limit"
    );
    std::fs::remove_file(dir.join(out)).unwrap();
    let needles = ["cannot write", "File too large", out];
    refused(dir, args, Some(Fault::DiskFull(limit)), &needles, inputs);
    right(dir, args);
    assert_eq!(std::fs::metadata(dir.join(out)).unwrap().len(), written);
}

/// A complex64 .npy of p^n fresh values at `dir/name`; returns the values.
fn write_input(dir: &Path, name: &str, p: u32, n: u32) -> Vec<Complex64> {
    let x = random_complex((p as usize).pow(n), seed());
    std::fs::write(dir.join(name), npy_complex_bytes(&x, true)).unwrap();
    x
}

/// `dir/name` against the f64 reference of `x` (rounded to f32 as the file holds it).
fn assert_spectrum(dir: &Path, name: &str, p: u32, n: u32, x: &[Complex64]) {
    let NpyData::Complex(got) = read_npy(&dir.join(name)).unwrap().data else {
        panic!("{name}: not complex")
    };
    let x32: Vec<Complex64> = x
        .iter()
        .map(|c| Complex64::new(c.re as f32 as f64, c.im as f32 as f64))
        .collect();
    let want = separable_vc(p, n, &x32, Direction::Forward, 1.0).unwrap();
    let e = compare(&got, &want);
    assert!(e.passes(2e-6), "{name}: {e:?}");
}

/// `vc` from a file on each route (in memory with `--check`, `--stream`, the zero-copy route
/// without `--check`): the disk full under the output, the input shorter than its header
/// says, and for `--stream` a cap too small for one chunk; each route then right.
#[test]
fn vc_file_routes_fail_cleanly_then_run_right() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    let (p, n) = (3u32, 8u32);
    let x = write_input(dir, "x.npy", p, n);
    let whole = std::fs::read(dir.join("x.npy")).unwrap();
    std::fs::write(dir.join("cut.npy"), &whole[..whole.len() * 2 / 3]).unwrap();
    let inputs = ["x.npy", "cut.npy"];
    let base = ["vc", "--p", "3", "--output", "y.npy", "--repeat", "1"];
    let routes: [&[&str]; 3] = [&["--check"], &["--stream", "--check"], &[]];
    for extra in routes {
        let args = |input: &'static str| -> Vec<&str> {
            base.iter()
                .chain(["--input", input].iter())
                .chain(extra)
                .copied()
                .collect()
        };
        if extra.contains(&"--stream") {
            // Moved here from vc_stream: a cap too small for even one chunk says what it needs.
            refused(
                dir,
                &args("x.npy"),
                Some(Fault::Cap("2KiB")),
                &["needs chunks of at least", "the device memory allows"],
                &inputs,
            );
        }
        refused(
            dir,
            &args("cut.npy"),
            None,
            &["cut.npy", "truncated .npy file"],
            &inputs,
        );
        disk_full(dir, &args("x.npy"), "y.npy", 4096, &inputs);
        assert_spectrum(dir, "y.npy", p, n, &x);
        std::fs::remove_file(dir.join("y.npy")).unwrap();
    }
}

/// The device's memory capped below what a run needs, where the command has no streamed
/// route: refused naming the cap and the bytes, no output; uncapped, the same run is right and
/// its output is written (and a full disk under it then refused cleanly too).
#[test]
fn capped_device_memory_is_refused_by_name_then_the_run_is_right() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    // (command, output, cap, words of the refusal); seeded, so both runs write the same bytes.
    let cases: [(&str, &str, &str, &[&str]); 3] = [
        (
            "vc --p 3 --n 9 --seed 7 --overlap --repeat 1 --check --output y.npy",
            "y.npy",
            "64KiB",
            &[
                "JITFFT_DEVICE_MEMORY caps the device at 65536 bytes",
                "157464 bytes are needed",
            ],
        ),
        (
            "ntt --field goldilocks --log-n 12 --seed 7 --repeat 1 --check --output y.txt",
            "y.txt",
            "16KiB",
            &[
                "JITFFT_DEVICE_MEMORY caps the device at 16384 bytes",
                "32768 bytes are needed",
            ],
        ),
        (
            "wht --size 2^12 --batch 4 --seed 7 --repeat 1 --check --output y.npy",
            "y.npy",
            "16KiB",
            &["65536 bytes", "above the 16384 bytes", "no streamed path"],
        ),
    ];
    for (command, out, cap, needles) in cases {
        let args: Vec<&str> = command.split(' ').collect();
        let args = &args[..];
        refused(dir, args, Some(Fault::Cap(cap)), needles, &[]);
        disk_full(dir, args, out, 4096, &[]);
        std::fs::remove_file(dir.join(out)).unwrap();
    }
}

/// `mul`'s product written to a full disk: refused, no file; then right (checked against GMP).
#[test]
fn mul_output_on_a_full_disk_leaves_nothing() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "mul", "--bits", "20000", "--seed", "5", "--repeat", "1", "--check", "--output", "y.txt",
    ];
    refused(
        d.path(),
        &args,
        Some(Fault::Cap("4KiB")),
        &["JITFFT_DEVICE_MEMORY caps the device at 4096 bytes"],
        &[],
    );
    disk_full(d.path(), &args, "y.txt", 4096, &[]);
}

/// A device as the output (a link to /dev/full, so a regression replaces the link, never the
/// node): the in-memory route writes into it and reports the device's error; the .npy writers
/// that write at offsets refuse it; the link and the device stay as they were.
#[test]
fn a_device_as_the_output_is_written_in_place_or_refused() {
    if !Path::new("/dev/full").exists() {
        return; // not Linux
    }
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    std::os::unix::fs::symlink("/dev/full", dir.join("full.npy")).unwrap();
    let args = [
        "vc", "--p", "3", "--n", "4", "--repeat", "1", "--output", "full.npy",
    ];
    let inputs = ["full.npy"];
    refused(
        dir,
        &args,
        None,
        &["full.npy: cannot write", "No space left on device"],
        &inputs,
    );
    let streamed = [&args[..], &["--stream"]].concat();
    refused(
        dir,
        &streamed,
        None,
        &["full.npy", "not a regular file"],
        &inputs,
    );
    let link = std::fs::symlink_metadata(dir.join("full.npy")).unwrap();
    assert!(link.file_type().is_symlink(), "the link was replaced");
    let node = std::fs::metadata("/dev/full").unwrap();
    assert!(!node.is_file(), "/dev/full became a file");
    std::fs::remove_file(dir.join("full.npy")).unwrap();
    let args = [&args[..7], &["--output", "y.npy", "--check"]].concat();
    right(dir, &args);
    assert!(dir.join("y.npy").is_file());
}

/// The input cut while `vc` reads it (zero-copy route, read in pieces beside the transform):
/// cut at the first progress line, the run either fails naming the file, leaving nothing, or
/// (the read done before the cut) writes the right spectrum of what it read; never a wrong or
/// partial output. Then the whole file runs right.
#[test]
fn input_cut_while_it_is_read_fails_cleanly_or_is_right() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    let (p, n) = (3u32, 12u32);
    let x = write_input(dir, "x.npy", p, n);
    let whole = std::fs::read(dir.join("x.npy")).unwrap();
    let args = [
        "vc",
        "--p",
        "3",
        "--input",
        "x.npy",
        "--output",
        "y.npy",
        "--repeat",
        "1",
        "--progress",
    ];
    right(dir, &args); // programs cached, so the read starts at once
    std::fs::remove_file(dir.join("y.npy")).unwrap();
    let mut cut_mid_read = 0;
    let tries = if exhaustive() { 20 } else { 3 };
    for _ in 0..tries {
        std::fs::write(dir.join("x.npy"), &whole).unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_jitfft"))
            .args(args)
            .current_dir(dir)
            .env("JITFFT_CL_OPTIONS", cl_options())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut err = child.stderr.take().unwrap();
        let mut seen = Vec::new();
        let mut buf = [0u8; 256];
        // Cut at the first progress line (or when stderr ends).
        loop {
            use std::io::Read;
            let k = err.read(&mut buf).unwrap();
            seen.extend_from_slice(&buf[..k]);
            if k == 0 || String::from_utf8_lossy(&seen).contains("file:") {
                break;
            }
        }
        std::fs::OpenOptions::new()
            .write(true)
            .open(dir.join("x.npy"))
            .unwrap()
            .set_len(whole.len() as u64 / 3)
            .unwrap();
        let mut rest = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut rest).unwrap();
        seen.extend(rest);
        let status = child.wait().unwrap();
        let stderr = String::from_utf8_lossy(&seen);
        assert!(!stderr.contains("panicked"), "{stderr}");
        if status.success() {
            assert_spectrum(dir, "y.npy", p, n, &x);
            std::fs::remove_file(dir.join("y.npy")).unwrap();
        } else {
            cut_mid_read += 1;
            assert!(
                stderr.contains("x.npy") && stderr.contains("truncated"),
                "{stderr}"
            );
            let left = leftovers(dir, &["x.npy"]);
            assert!(left.is_empty(), "left {left:?}: {stderr}");
        }
    }
    eprintln!("{cut_mid_read} of {tries} runs were cut while reading");
    std::fs::write(dir.join("x.npy"), &whole).unwrap();
    right(dir, &args);
    assert_spectrum(dir, "y.npy", p, n, &x);
}

/// A wisdom file cut between runs: `vc` refuses it by path with the way out, `tune` replaces it
/// (it refused to store before, after timing every candidate), and `vc` then runs right.
#[test]
fn a_corrupt_wisdom_file_is_refused_then_rebuilt_by_tune() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    let w = dir.join("w.json");
    let run = |args: &[&str]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_jitfft"));
        c.args(args)
            .current_dir(dir)
            .env("JITFFT_CL_OPTIONS", cl_options())
            .env("JITFFT_WISDOM", &w)
            .env_remove("JITFFT_DEVICE_MEMORY");
        c.output().unwrap()
    };
    let tune = ["tune", "vc", "--p", "2", "--n", "1", "--repeat", "1"];
    let o = run(&tune);
    assert!(o.status.success(), "{}", text(&o));
    let good = std::fs::read(&w).unwrap();
    std::fs::write(&w, &good[..good.len() / 2]).unwrap();
    let vc = ["vc", "--p", "2", "--n", "1", "--check", "--output", "y.npy"];
    let o = run(&vc);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(!o.status.success(), "{}", text(&o));
    for needle in ["w.json", "corrupt wisdom file", "run `jitfft tune` again"] {
        assert!(err.contains(needle), "{}", text(&o));
    }
    assert_eq!(leftovers(dir, &["w.json"]), Vec::<String>::new());
    let o = run(&tune);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{}", text(&o));
    assert!(err.contains("corrupt") && err.contains("replaced"), "{err}");
    let back: serde_json::Value = serde_json::from_slice(&std::fs::read(&w).unwrap()).unwrap();
    assert!(back["entries"].is_object(), "{back}");
    let o = run(&vc);
    assert!(o.status.success(), "{}", text(&o));
    assert!(dir.join("y.npy").is_file());
}

/// Ctrl-C during a file run (moved here from vc_file_run): the temporary output is removed by
/// the signal handler, the process dies of SIGINT, and an earlier output, if any, is whole.
#[test]
fn ctrl_c_during_a_file_run_leaves_no_partial_output() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    write_input(dir, "x.npy", 3, 14);
    let (x, y) = (dir.join("x.npy"), dir.join("y.npy"));
    let want = std::fs::metadata(&x).unwrap().len();
    let mut child = Command::new(env!("CARGO_BIN_EXE_jitfft"))
        .args(["vc", "--p", "3", "--repeat", "3", "--input"])
        .arg(&x)
        .arg("--output")
        .arg(&y)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // The last timed run writes the output through a temporary file, open from its first
    // read to its last write: interrupt while it exists.
    let t0 = std::time::Instant::now();
    let mut seen = false;
    while t0.elapsed().as_secs() < 60 && child.try_wait().unwrap().is_none() {
        if leftovers(dir, &["x.npy", "y.npy"])
            .iter()
            .any(|n| n.starts_with('.'))
        {
            seen = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    assert!(seen, "no temporary output seen while the run lasted");
    // SAFETY: signalling the child this test started.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    let status = child.wait().unwrap();
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGINT), "{status:?}");
    let left = leftovers(dir, &["x.npy", "y.npy"]);
    assert!(left.is_empty(), "left behind: {left:?}");
    // An earlier run's output, if any, is whole (renamed over the target only when complete).
    if y.exists() {
        assert_eq!(std::fs::metadata(&y).unwrap().len(), want);
    }
}

/// A FIFO as the .npy input, with no writer: refused before it is opened (an open would wait
/// for a writer forever; read through separate opens, a written FIFO's data came out as
/// "missing the \x93NUMPY magic"), on every route, within a minute, leaving nothing.
#[test]
fn a_pipe_as_the_input_is_refused_without_waiting() {
    let d = tempfile::tempdir().unwrap();
    let dir = d.path();
    let fifo = std::ffi::CString::new(dir.join("x.npy").to_str().unwrap()).unwrap();
    // SAFETY: a NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
    let base = ["vc", "--p", "3", "--input", "x.npy", "--output", "y.npy"];
    for extra in [&[][..], &["--stream"], &["--check"], &["--real"]] {
        let args = [&base[..], extra].concat();
        let mut child = Command::new(env!("CARGO_BIN_EXE_jitfft"))
            .args(&args)
            .current_dir(dir)
            .env("JITFFT_CL_OPTIONS", cl_options())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let t0 = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if t0.elapsed().as_secs() > 60 {
                child.kill().unwrap();
                panic!("{args:?} waits on the FIFO");
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        let o = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}: {err}");
        assert!(
            err.contains("x.npy: not a regular file") && err.contains("copy it to a file"),
            "{args:?}: {err}"
        );
        assert_eq!(leftovers(dir, &["x.npy"]), Vec::<String>::new());
    }
}
