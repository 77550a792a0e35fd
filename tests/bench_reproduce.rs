//! `jitfft reproduce --quick`, `bench` and `stats` end to end on the default device (PoCL in
//! CI); the files they write parse back; bad input fails with a message and no output file.

use assert_cmd::Command;
use predicates::prelude::*;
use predicates::str::contains;

fn jitfft() -> Command {
    let mut c = Command::cargo_bin("jitfft").unwrap();
    c.env("JITFFT_COMMIT", "testcommit");
    c
}

#[test]
fn reproduce_all_quick_writes_every_table() {
    let dir = tempfile::tempdir().unwrap();
    jitfft()
        .args(["reproduce", "all", "--quick", "--out-dir"])
        .arg(dir.path())
        .assert()
        .success();
    let sub: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(sub.len(), 1, "one device folder: {sub:?}");
    let d = &sub[0];
    // Quick runs name their files *-quick.*, so they never replace a full run's.
    for f in [
        "table1-quick.md",
        "table1-quick.json",
        "table2-quick.md",
        "table2-quick.json",
        "table2-quick.svg",
        "table2-ct-cg-quick.svg",
        "table3-quick.md",
        "table3-quick.json",
        "table3-quick.svg",
    ] {
        let text = std::fs::read_to_string(d.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        if f.ends_with(".md") {
            for key in ["command: ", "date: ", "git commit: testcommit", "device: "] {
                assert!(text.contains(key), "{f} lacks {key:?}");
            }
        }
    }
    let t1: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(d.join("table1-quick.json")).unwrap())
            .unwrap();
    assert_eq!(t1["meta"]["commit"], "testcommit");
    assert_eq!(t1["quick"], true);
    let rows = t1["rows"].as_array().unwrap();
    let paper_alu_ct = rows
        .iter()
        .find(|r| r["label"] == "ALU instructions, CT" && r["source"] == "paper (AMD Evergreen)")
        .unwrap();
    assert_eq!(
        paper_alu_ct["values"],
        serde_json::json!([34.0, 41.0, 143.0, 369.0])
    );
    // The generator's fetch row is exact: r loads for CT, r/2 wide loads for CG when r is even.
    let gen_cg = rows
        .iter()
        .find(|r| {
            r["label"] == "fetch instructions, CG"
                && r["source"].as_str().unwrap().starts_with("generator")
        })
        .unwrap();
    assert_eq!(gen_cg["values"], serde_json::json!([3.0, 2.0, 9.0, 8.0]));
    assert_eq!(t1["kernels"].as_array().unwrap().len(), 8);
    assert_eq!(t1["comment"].as_array().unwrap().len(), 3);

    for t in ["table2-quick.json", "table3-quick.json"] {
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(d.join(t)).unwrap()).unwrap();
        let recs = v["records"].as_array().unwrap();
        assert_eq!(recs.len(), 9, "{t}: CPU, CT, CG for three n");
        for r in recs.iter().filter(|r| r["implementation"] == "opencl") {
            let e = r["rel_l2_error"].as_f64().unwrap();
            assert!(e < 1e-4, "{t}: error {e}");
            assert!(r["kernel_ms"]["median"].as_f64().unwrap() > 0.0);
            assert!(r["runs"].as_u64().unwrap() >= 3);
        }
    }
}

#[test]
fn bench_exports_parse_back() {
    let dir = tempfile::tempdir().unwrap();
    let (j, c, m) = (
        dir.path().join("b.json"),
        dir.path().join("b.csv"),
        dir.path().join("b.md"),
    );
    jitfft()
        .args([
            "bench",
            "--p",
            "3,4",
            "--n",
            "3..4",
            "--algo",
            "ct,cg",
            "--coeffs",
            "const-first,literal",
            "--radix",
            "3,9",
            "--min-repeats",
            "2",
            "--min-time",
            "0",
            "--plots",
        ])
        .arg(dir.path())
        .arg("--json")
        .arg(&j)
        .arg("--csv")
        .arg(&c)
        .arg("--markdown")
        .arg(&m)
        .assert()
        .success();
    let csv = jitfft::bench::export::from_csv(&std::fs::read_to_string(&c).unwrap()).unwrap();
    let json = jitfft::bench::export::from_json(&std::fs::read_to_string(&j).unwrap()).unwrap();
    // CSV round-trips exactly; serde_json's default float parser may be off by one ulp.
    assert_eq!(csv.len(), json.records.len());
    for (a, b) in csv.iter().zip(&json.records) {
        assert_eq!(
            (
                &a.device,
                a.p,
                a.n,
                &a.algorithm,
                a.radix,
                &a.coeffs,
                a.runs,
                a.seed
            ),
            (
                &b.device,
                b.p,
                b.n,
                &b.algorithm,
                b.radix,
                &b.coeffs,
                b.runs,
                b.seed
            )
        );
        assert!((a.kernel_ms.median - b.kernel_ms.median).abs() <= 1e-12 * a.kernel_ms.median);
    }
    // p = 3: radices 3 and 9, p = 4: no radix given fits (9 is not a power of 4) → none;
    // so p = 3: 2 n × (CPU + 2 coeffs × 2 radices × 2 algos), p = 4: 2 n × CPU only.
    let p3 = csv.iter().filter(|r| r.p == 3).count();
    assert_eq!(p3, 2 * (1 + 8));
    assert!(csv
        .iter()
        .filter(|r| r.implementation == "opencl")
        .all(|r| r.rel_l2_error.unwrap() < 1e-4 && r.runs >= 2));
    assert!(std::fs::read_to_string(&m)
        .unwrap()
        .contains("| jitfft CPU |"));
    assert!(dir.path().join("bench-p3-time.svg").is_file());
    assert!(dir.path().join("bench-p3-ct-cg.svg").is_file());
}

#[test]
fn bench_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    jitfft()
        .args(["bench", "--p", "3", "--n", "5..3"])
        .assert()
        .failure()
        .stderr(contains("range is empty"));
    jitfft()
        .args(["bench", "--p", "3", "--n", "x"])
        .assert()
        .failure()
        .stderr(contains("use a range such as 6..10"));
    jitfft()
        .args(["bench", "--p", "3", "--n", "3", "--radix", "5"])
        .assert()
        .failure()
        .stderr(contains("not a power of any p"));
    jitfft()
        .args(["bench", "--p", "3", "--n", "3", "--min-repeats", "0"])
        .assert()
        .failure()
        .stderr(contains("at least one timed run"));
    jitfft()
        .args(["bench", "--p", "1", "--n", "3"])
        .assert()
        .failure()
        .stderr(contains("p ≥ 2"));
    let missing = dir.path().join("no/such/dir/out.json");
    jitfft()
        .args(["bench", "--p", "3", "--n", "3", "--json"])
        .arg(&missing)
        .assert()
        .failure()
        .stderr(contains("does not exist"));
    assert!(!missing.exists());
    jitfft()
        .args(["reproduce", "table4"])
        .assert()
        .failure()
        .stderr(contains("table1"));
    let file = dir.path().join("f");
    std::fs::write(&file, "x").unwrap();
    jitfft()
        .args(["reproduce", "table1", "--out-dir"])
        .arg(&file)
        .assert()
        .failure()
        .stderr(contains("not a directory"));
}

#[test]
fn stats_vc_json_and_text() {
    let out = jitfft()
        .args([
            "stats", "vc", "--p", "4", "--n", "2", "--algo", "cg", "--json",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let k = &v["kernels"][0];
    assert_eq!(k["kernel"], "vc_cg_r4_first_f32");
    assert_eq!(k["generator"]["global_loads"], 2);
    assert_eq!(k["generator"]["wide_loads"], 2);
    assert_eq!(k["generator"]["complex_mul"], 16);
    let metrics = k["metrics"].as_array().unwrap();
    assert!(metrics
        .iter()
        .all(|m| m["source"].as_str().is_some_and(|s| !s.is_empty())));
    assert!(metrics
        .iter()
        .any(|m| m["key"] == "private_mem_bytes" && m["source"] == "clGetKernelWorkGroupInfo"));
    jitfft()
        .args(["stats", "vc", "--p", "3", "--n", "2", "--algo", "ct"])
        .assert()
        .success()
        .stdout(
            contains("kernel vc_ct_r3_first_f32")
                .and(contains("generator counts"))
                .and(contains("clGetKernelWorkGroupInfo")),
        );
    jitfft()
        .args(["stats", "vc", "--p", "3"])
        .assert()
        .failure()
        .stderr(contains("--n is required"));
    jitfft()
        .args(["stats", "vc", "--p", "3", "--n", "2", "--radix", "4"])
        .assert()
        .failure()
        .stderr(contains("not a power of p = 3"));
}
