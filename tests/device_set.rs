//! Device sets on the CLI (issue 45): the `--device` grammar and its errors, and batched work
//! split over a set built from the same device named twice or three times (`--device 0,0`:
//! two contexts and queues on one device) giving the one-device results.

mod common;

use common::{fails_with, jitfft};

/// The index of the tests' device (`--device N` names it; sets repeat it).
fn index() -> usize {
    common::gpu().info.index
}

/// `i` written `times` times with commas: the set of one device opened `times` times.
fn twice(times: usize) -> String {
    vec![index().to_string(); times].join(",")
}

#[test]
fn grammar_errors_are_usage_errors_naming_the_grammar() {
    for bad in ["0,,1", ",", "0,all", " , 0"] {
        let out = jitfft()
            .args(["vc", "--p", "3", "--n", "2", "--device", bad])
            .assert()
            .code(2);
        let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
        assert!(
            err.contains("a device set is") && err.contains("`0,0` opens one device twice"),
            "--device {bad:?}: {err}"
        );
    }
}

#[test]
fn unknown_devices_and_empty_matches_list_what_exists() {
    let b = ["--p", "3", "--n", "2", "--batch", "2"];
    let args = |d: &'static str| [&["vc"][..], &b, &["--device", d]].concat();
    fails_with(
        &args("0,999"),
        &["no OpenCL device matches", "Devices found"],
    );
    fails_with(
        &args("no-such-device-xyz"),
        &["no OpenCL device matches", "Devices found", "`all`"],
    );
}

#[test]
fn one_device_commands_refuse_a_list() {
    let set = twice(2);
    fails_with(
        &["vc", "--p", "3", "--n", "2", "--device", &set],
        &["runs on one device", "vc --batch B"],
    );
    fails_with(
        &[
            "ntt",
            "--log-n",
            "4",
            "--field",
            "goldilocks",
            "--device",
            &set,
        ],
        &["runs on one device"],
    );
}

#[test]
fn devices_shows_a_sets_members() {
    let out = jitfft()
        .args(["devices", "--json", "--device", &twice(2)])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let list = v.as_array().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[0]["index"], list[1]["index"]);
    assert_eq!(list[0]["index"].as_u64(), Some(index() as u64));
}

/// The spectrum a `vc --output x.txt` wrote: one `re im` pair a line.
fn read_pairs(path: &std::path::Path) -> Vec<(f64, f64)> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<f64>().unwrap());
            (it.next().unwrap(), it.next().unwrap())
        })
        .collect()
}

/// `jitfft vc args --device dev --output out --check`, its stdout.
fn vc_to(args: &[&str], dev: &str, out: &std::path::Path) -> String {
    let o = jitfft()
        .args(args)
        .args(["--device", dev, "--check", "--repeat", "2", "--output"])
        .arg(out)
        .assert()
        .success();
    String::from_utf8_lossy(&o.get_output().stdout).to_string()
}

/// Complex and real batches split over two and three queues on one device (uneven splits,
/// one row, more members than rows): checked, and the one-device spectrum within f32
/// rounding.
#[test]
fn vc_batches_split_over_a_set_give_the_one_device_spectrum() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[&[&str]] = &[
        &["vc", "--p", "3", "--n", "4", "--batch", "5", "--seed", "11"],
        &["vc", "--p", "3", "--n", "3", "--batch", "1", "--seed", "12"],
        &["vc", "--p", "2", "--n", "5", "--batch", "2", "--seed", "13"],
        &[
            "vc", "--real", "--p", "3", "--n", "3", "--batch", "4", "--seed", "14",
        ],
    ];
    for (k, args) in cases.iter().enumerate() {
        let one = dir.path().join(format!("one{k}.txt"));
        vc_to(args, &index().to_string(), &one);
        // Two and three members on the first case; one set size on each other (batch 1 and
        // 2 over three members: more members than rows).
        let sizes: &[usize] = match k {
            0 => &[2, 3],
            1 | 2 => &[3],
            _ => &[2],
        };
        for &times in sizes {
            let set = dir.path().join(format!("set{k}_{times}.txt"));
            let text = vc_to(args, &twice(times), &set);
            assert!(
                text.contains(&format!("device set {times} members")),
                "{args:?}: {text}"
            );
            close(
                &read_pairs(&one),
                &read_pairs(&set),
                &format!("{args:?} on {times}"),
            );
        }
    }
}

/// Functions of 3^4 values: every seventh the bent x0·x1 + x2·x3, the others random.
/// `JITFFT_SET_SPLIT=speed` probes the members (equal shares, one timed run after a
/// warm-up), deals the rows by their rows per ms, builds again and runs: the spectrum is still
/// the one device's, and the report says how the rows were split. (`auto` probes only sets
/// of different models: the PoCL + Intel test below.)
#[test]
fn a_batch_split_by_measured_speed_gives_the_one_device_spectrum() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "vc", "--p", "3", "--n", "3", "--batch", "37", "--seed", "21",
    ];
    let one = dir.path().join("one.txt");
    vc_to(&args, &index().to_string(), &one);
    let set = dir.path().join("set.txt");
    let o = jitfft()
        .env("JITFFT_SET_SPLIT", "speed")
        .args(args)
        .args(["--device", &twice(2), "--check", "--json", "--output"])
        .arg(&set)
        .assert()
        .success();
    let r: serde_json::Value = serde_json::from_slice(&o.get_output().stdout).unwrap();
    let ds = &r["details"]["device_set"];
    assert!(
        ds["split"]
            .as_str()
            .unwrap()
            .starts_with("by speed (rows/ms"),
        "{ds}"
    );
    let rows: u64 = ds["shares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rows"][1].as_u64().unwrap() - s["rows"][0].as_u64().unwrap())
        .sum();
    assert_eq!(rows, 37, "{ds}");
    close(&read_pairs(&one), &read_pairs(&set), "split by speed");
}

fn bent_input(path: &std::path::Path, functions: usize, seed: u64) -> usize {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut text = String::new();
    for f in 0..functions {
        let row: Vec<u32> = (0..81u32)
            .map(|x| {
                if f % 7 == 0 {
                    let d = |i: u32| x / 3u32.pow(i) % 3;
                    (d(0) * d(1) + d(2) * d(3)) % 3
                } else {
                    rng.gen_range(0..3)
                }
            })
            .collect();
        let line: Vec<String> = row.iter().map(u32::to_string).collect();
        text.push_str(&line.join(" "));
        text.push('\n');
    }
    std::fs::write(path, text).unwrap();
    functions.div_ceil(7)
}

/// `jitfft bent` on `dev` (with `env` set), its verdict file and stdout.
fn bent_on(input: &std::path::Path, dev: &str, env: Option<(&str, &str)>) -> (String, String) {
    let out = input.with_extension(format!("{}.verdicts.txt", dev.replace(',', "_")));
    let mut cmd = jitfft();
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    let o = cmd
        .args(["bent", "--p", "3", "--device", dev, "--output"])
        .arg(&out)
        .arg("--input")
        .arg(input)
        .assert()
        .success();
    (
        std::fs::read_to_string(&out).unwrap(),
        String::from_utf8_lossy(&o.get_output().stdout).to_string(),
    )
}

/// bent over two and three queues (uneven shares; more members than functions) and on one
/// device in chunks under a capped allocation: the one-run verdicts, bit for bit.
#[test]
fn bent_split_and_chunked_give_the_one_run_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    for (functions, seed) in [(1001usize, 3u64), (2, 4)] {
        let input = dir.path().join(format!("f{functions}.txt"));
        let planted = bent_input(&input, functions, seed);
        let i = index().to_string();
        let (one, text) = bent_on(&input, &i, None);
        assert!(text.contains(&format!("{planted} bent")), "{text}");
        assert_eq!(one.lines().filter(|l| *l == "1").count(), planted);
        for times in [2, 3] {
            let (set, text) = bent_on(&input, &twice(times), None);
            assert_eq!(set, one, "{functions} functions on {times} queues");
            assert!(
                text.contains(&format!("device set {times} members")),
                "{text}"
            );
        }
        if functions > 2 {
            // 64 KiB holds a few dozen functions of 3^4 f64 values a run: several chunks.
            let (chunked, text) = bent_on(&input, &i, Some(("JITFFT_DEVICE_MEMORY", "64KiB")));
            assert_eq!(chunked, one, "chunked under 64 KiB");
            let runs: usize = text
                .split(" run(s)")
                .next()
                .and_then(|s| s.rsplit(' ').next())
                .and_then(|s| s.parse().ok())
                .unwrap_or_else(|| panic!("no chunk count in {text}"));
            assert!(runs > 2, "{runs} chunks: {text}");
        }
    }
}

/// `wht --batch` over two and three queues (uneven, one row, more members than rows): checked
/// and the one-device result, byte for byte (every member builds the same schedule).
#[test]
fn wht_batches_split_over_a_set_give_the_one_device_result() {
    let dir = tempfile::tempdir().unwrap();
    for (batch, size) in [("5", "2^10"), ("1", "2^6"), ("2", "2^12")] {
        let run = |dev: &str, name: &str| {
            let out = dir.path().join(name);
            let o = jitfft()
                .args([
                    "wht", "--size", size, "--batch", batch, "--seed", "5", "--check",
                ])
                .args(["--device", dev, "--output"])
                .arg(&out)
                .assert()
                .success();
            let text = String::from_utf8_lossy(&o.get_output().stdout).to_string();
            (std::fs::read(&out).unwrap(), text)
        };
        let (one, _) = run(&index().to_string(), &format!("one{batch}.raw"));
        for times in [2, 3] {
            let (set, text) = run(&twice(times), &format!("set{batch}_{times}.raw"));
            assert_eq!(set, one, "wht {size} x {batch} on {times} queues");
            assert!(
                text.contains(&format!("device set {times} members")),
                "{text}"
            );
        }
    }
}

/// `jitfft args --device I,I,I --output out` with member 1 failing at `stage` (injected; the
/// device memory capped to `cap`): an error naming member 1 and its device, no output file,
/// no hang.
fn member_fails(args: &[&str], stage: &str, cap: Option<&str>, out: &std::path::Path) {
    let mut cmd = jitfft();
    if let Some(c) = cap {
        cmd.env("JITFFT_DEVICE_MEMORY", c);
    }
    let o = cmd
        .env("JITFFT_SET_FAIL_MEMBER", "1")
        .env("JITFFT_SET_FAIL_STAGE", stage)
        .args(args)
        .args(["--device", &twice(3), "--output"])
        .arg(out)
        .timeout(std::time::Duration::from_secs(120))
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&o.get_output().stderr).to_string();
    assert!(
        err.contains(&format!("device set member 1 (device {}", index()))
            && err.contains(&format!("injected failure at stage {stage}")),
        "{args:?} {stage}: {err}"
    );
    assert!(!out.exists(), "{args:?} {stage}: output written");
}

/// A member failing to build or mid-run (the last run; injected) ends the run with an error
/// naming the member and its device, no output file and no hang; the next run is right.
#[test]
fn a_failing_member_ends_the_run_naming_its_device() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("f.txt");
    bent_input(&input, 30, 9);
    for stage in ["build", "run"] {
        for args in [
            vec![
                "vc", "--p", "3", "--n", "3", "--batch", "4", "--repeat", "2",
            ],
            vec!["wht", "--size", "2^6", "--batch", "3"],
            vec!["bent", "--p", "3", "--input", input.to_str().unwrap()],
        ] {
            let out = dir.path().join(format!("{}_{stage}.txt", args[0]));
            member_fails(&args, stage, None, &out);
        }
    }
    let (_, text) = bent_on(&input, &twice(3), None);
    assert!(text.contains("5 bent"), "{text}");
}

/// `jitfft vc --stream args` on `dev` with the device memory capped to `cap` (none: uncapped)
/// and `env`, writing `out`: its JSON report.
fn stream_on(
    args: &[&str],
    dev: &str,
    (cap, env): (Option<&str>, &[(&str, &str)]),
    out: &std::path::Path,
) -> serde_json::Value {
    let mut cmd = jitfft();
    if let Some(c) = cap {
        cmd.env("JITFFT_DEVICE_MEMORY", c);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let o = cmd
        .args(["vc", "--stream", "--json", "--device", dev])
        .args(args)
        .arg("--output")
        .arg(out)
        .assert()
        .success();
    serde_json::from_slice(&o.get_output().stdout).unwrap()
}

/// Chunks of each pass of a streamed report.
fn pass_chunks(r: &serde_json::Value) -> Vec<u64> {
    r["details"]["passes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["chunks"].as_u64().unwrap())
        .collect()
}

/// A streamed case: its flags, the device memory cap, the environment, what it shows.
type StreamCase<'a> = (
    &'a [&'a str],
    Option<&'a str>,
    &'a [(&'a str, &'a str)],
    &'a str,
);

/// Streamed runs over two and three queues on one device (every chunk to whichever member is
/// free next): checked against the f64 reference and, byte for byte, the one-device output
/// (each chunk runs the same kernels on the same values). Several passes with uneven chunk
/// counts (capped memory; pinned host array, pageable gather/scatter, the first pass read
/// from the input file), one chunk, more members than chunks, f64.
#[test]
fn vc_stream_over_a_set_gives_the_one_device_output_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let x = dir.path().join("x.npy");
    let data = jitfft::io::random::random_complex(3usize.pow(7), 21);
    std::fs::write(
        &x,
        jitfft::io::npy::npy_complex_shaped(&data, true, &[2187]),
    )
    .unwrap();
    let staged = [("JITFFT_STREAM_HOST", "staged")];
    let seeded = ["--p", "3", "--n", "7", "--seed", "19", "--check"];
    let file = ["--p", "3", "--input", x.to_str().unwrap()];
    let two = [
        "--p", "3", "--n", "5", "--batch", "2", "--seed", "3", "--check",
    ];
    let f64s = [&seeded[..], &["--precision", "f64"]].concat();
    let cases: Vec<StreamCase> = vec![
        (&seeded, Some("64KiB"), &[], "pinned"),
        (&seeded, Some("64KiB"), &staged, "staged"),
        (&file, Some("64KiB"), &[], "file"),
        (&f64s, Some("128KiB"), &[], "f64"),
        (&seeded, None, &[], "one chunk"),
        (&two, None, &[], "two chunks"),
    ];
    for (k, (args, cap, env, what)) in cases.into_iter().enumerate() {
        let one_out = dir.path().join(format!("one{k}.txt"));
        let one = stream_on(args, &index().to_string(), (cap, env), &one_out);
        assert!(one["details"].get("device_set").is_none(), "{what}");
        let chunks = pass_chunks(&one);
        for times in [2, 3] {
            let set_out = dir.path().join(format!("set{k}_{times}.txt"));
            let r = stream_on(args, &twice(times), (cap, env), &set_out);
            let d = &r["details"];
            if args.contains(&"--check") {
                assert_eq!(r["check"]["ok"], true, "{what} on {times}: {r}");
            }
            assert!(
                std::fs::read(&set_out).unwrap() == std::fs::read(&one_out).unwrap(),
                "{what} on {times}: outputs differ"
            );
            // Every chunk of every pass ran once, on some member.
            assert_eq!(pass_chunks(&r), chunks, "{what} on {times}");
            let set = &d["device_set"];
            assert_eq!(set["members"], times as u64, "{what}");
            let shares = set["shares"].as_array().unwrap();
            assert_eq!(shares.len(), times);
            for (j, &c) in chunks.iter().enumerate() {
                let taken: u64 = shares
                    .iter()
                    .map(|s| s["passes"][j]["chunks"].as_u64().unwrap())
                    .sum();
                assert_eq!(taken, c, "{what} on {times}: pass {j}");
            }
            let total: u64 = chunks.iter().sum();
            let by_members: u64 = shares.iter().map(|s| s["chunks"].as_u64().unwrap()).sum();
            assert_eq!(by_members, total, "{what}");
            assert!(set["wall_ms"].as_f64().unwrap() > 0.0, "{set}");
            assert_eq!(r["timing"]["total_ms"], set["wall_ms"]);
        }
        match what {
            "one chunk" => assert_eq!(chunks, [1]),
            "two chunks" => assert_eq!(chunks, [2]),
            "pinned" => assert!(
                chunks.len() >= 2 && chunks.iter().any(|c| c % 2 == 1 && *c > 3),
                "{chunks:?}: expected several passes with odd chunk counts"
            ),
            _ => assert!(chunks.len() >= 2, "{what}: {chunks:?}"),
        }
    }
}

/// A transform too large for a member's memory (capped) streams over the set by itself,
/// saying why; the text report names the set and each member's chunks.
#[test]
fn vc_too_large_for_a_member_streams_over_the_set() {
    let o = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "32KiB")
        .args(["vc", "--p", "3", "--n", "8", "--seed", "2"])
        .args(["--device", &twice(2), "--check"])
        .assert()
        .success();
    let text = String::from_utf8_lossy(&o.get_output().stdout).to_string();
    let err = String::from_utf8_lossy(&o.get_output().stderr).to_string();
    assert!(err.contains("streaming it through the device"), "{err}");
    assert!(
        text.contains("device set 2 members, chunks dynamic"),
        "{text}"
    );
    assert!(text.contains("  member 1 (device "), "{text}");
    assert!(text.contains("PASS"), "{text}");
    // Real streamed runs stay on one device, and say so.
    fails_with(
        &[
            "vc",
            "--real",
            "--stream",
            "--p",
            "3",
            "--n",
            "4",
            "--device",
            &twice(2),
        ],
        &["--real --stream runs on one device"],
    );
}

/// A member failing at its build or at its first chunk of a streamed set run ends the run
/// with an error naming it, every thread joined and no output file; the next run is right.
#[test]
fn a_failing_member_ends_a_streamed_set_run_naming_its_device() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["vc", "--stream", "--p", "3", "--n", "7", "--seed", "4"];
    for stage in ["build", "run"] {
        let out = dir.path().join(format!("{stage}.txt"));
        member_fails(&args, stage, Some("64KiB"), &out);
    }
    let out = dir.path().join("after.txt");
    let o = jitfft()
        .env("JITFFT_DEVICE_MEMORY", "64KiB")
        .args(args)
        .args(["--device", &twice(3), "--check", "--output"])
        .arg(&out)
        .assert()
        .success();
    assert!(String::from_utf8_lossy(&o.get_output().stdout).contains("PASS"));
    assert!(out.exists());
}

/// Pairs of two outputs agree within f32 rounding of the largest value.
fn close(a: &[(f64, f64)], b: &[(f64, f64)], what: &str) {
    assert_eq!(a.len(), b.len(), "{what}");
    let scale = a
        .iter()
        .map(|x| x.0.abs().max(x.1.abs()))
        .fold(1.0, f64::max);
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        let d = (x.0 - y.0).abs().max((x.1 - y.1).abs());
        assert!(d <= 1e-5 * scale, "{what}: value {i}: {x:?} vs {y:?}");
    }
}

/// A heterogeneous set (issue 45, item 4): PoCL and Intel's CPU runtime, two compilers of
/// different speed in one run. bent's verdicts are the one-device verdicts bit for bit;
/// batched and streamed vc are checked and within f32 rounding of one device (two compilers
/// do not round alike); spectrum statistics and autocorrelation within f64 rounding; batched
/// NTTs bit for bit. CI's Intel step runs it; where the runtime is absent it fails.
#[test]
#[ignore = "needs Intel's OpenCL CPU runtime beside PoCL (tools/setup-ocl.sh --intel; CI's Intel step)"]
fn pocl_and_intel_in_one_set_give_the_one_device_results() {
    let set = "pocl,intel";
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("f.txt");
    let planted = bent_input(&input, 301, 9);
    let (one, _) = bent_on(&input, "pocl", None);
    let (both, text) = bent_on(&input, set, None);
    assert!(text.contains("device set 2 members"), "{text}");
    assert!(
        text.contains("Intel") || text.contains("member 1"),
        "{text}"
    );
    assert_eq!(both, one, "bent verdicts on {set}");
    assert!(text.contains("rows split by speed (rows/ms"), "{text}");
    assert_eq!(one.lines().filter(|l| *l == "1").count(), planted);
    // Batched vc: rows split over the two runtimes.
    let batch = ["vc", "--p", "3", "--n", "4", "--batch", "7", "--seed", "3"];
    let (a, b) = (dir.path().join("a.txt"), dir.path().join("b.txt"));
    vc_to(&batch, "pocl", &a);
    let text = vc_to(&batch, set, &b);
    assert!(text.contains("device set 2 members"), "{text}");
    // Two models: the rows are dealt by the members' speed measured in a probe run.
    assert!(text.contains("rows split by speed (rows/ms"), "{text}");
    close(&read_pairs(&a), &read_pairs(&b), "vc --batch");
    // Streamed vc: chunks taken by whichever runtime is free.
    let seeded = ["--p", "3", "--n", "7", "--seed", "19", "--check"];
    let (c, d) = (dir.path().join("c.txt"), dir.path().join("d.txt"));
    stream_on(&seeded, "pocl", (Some("64KiB"), &[]), &c);
    let r = stream_on(&seeded, set, (Some("64KiB"), &[]), &d);
    assert_eq!(r["check"]["ok"], true, "{r}");
    assert_eq!(r["details"]["device_set"]["members"], 2, "{r}");
    close(&read_pairs(&c), &read_pairs(&d), "vc --stream");
    // spectrum --stats and autocorr: functions split over the two runtimes; exact |S|² and
    // zero counts alike, the rest within f64 rounding.
    let g = dir.path().join("g.txt");
    bent_input(&g, 9, 5);
    let json = |args: &[&str], dev: &str| -> serde_json::Value {
        let o = jitfft()
            .args(args)
            .args(["--p", "3", "--json", "--device", dev, "--input"])
            .arg(&g)
            .assert()
            .success();
        serde_json::from_slice(&o.get_output().stdout).unwrap()
    };
    let near = |a: &serde_json::Value, b: &serde_json::Value, what: &str| {
        let (x, y) = (a.as_f64().unwrap(), b.as_f64().unwrap());
        assert!((x - y).abs() <= 1e-9 * 81.0, "{what}: {x} vs {y}");
    };
    let (one, both) = (
        json(&["spectrum", "--stats"], "pocl"),
        json(&["spectrum", "--stats"], set),
    );
    assert_eq!(both["device_set"]["members"], 2, "{both}");
    assert_eq!(
        (&both["exact"], &both["zeros"]),
        (&one["exact"], &one["zeros"])
    );
    for f in 0..9 {
        near(&one["max_abs"][f], &both["max_abs"][f], "spectrum max |S|");
    }
    let (one, both) = (json(&["autocorr"], "pocl"), json(&["autocorr"], set));
    assert_eq!(both["device_set"]["members"], 2, "{both}");
    for f in 0..9 {
        near(
            &one[f]["max_off_peak"],
            &both["functions"][f]["max_off_peak"],
            "autocorr",
        );
    }
    // ntt --batch: rows split over the two runtimes, exact.
    let ntt = |dev: &str, out: &std::path::Path| {
        jitfft()
            .args([
                "ntt",
                "--field",
                "goldilocks",
                "--log-n",
                "6",
                "--batch",
                "5",
            ])
            .args(["--seed", "2", "--check", "--device", dev, "--output"])
            .arg(out)
            .assert()
            .success();
        std::fs::read(out).unwrap()
    };
    let (e, h) = (dir.path().join("e.txt"), dir.path().join("h.txt"));
    assert!(ntt("pocl", &e) == ntt(set, &h), "ntt --batch on {set}");
}
