//! `bench --compare FILE`: a peer's timings (tools/peers/peer_*.py JSON) become ratio columns.

mod common;

use common::jitfft;
use jitfft::bench::export::PeerTimes;
use predicates::prelude::*;

#[test]
fn peer_columns_in_every_export() {
    let dir = tempfile::tempdir().unwrap();
    let peer = dir.path().join("peer.json");
    std::fs::write(
        &peer,
        r#"{"tool": "scipy.fft.fftn", "results": [{"p": 3, "n": 4, "len": 81, "wall_ms": {"median": 2.0, "min": 1.9, "max": 2.2, "count": 10}}]}"#,
    )
    .unwrap();
    let csv = dir.path().join("b.csv");
    let out = jitfft()
        .args([
            "bench",
            "--p",
            "3",
            "--n",
            "4,5",
            "--algo",
            "cg",
            "--min-repeats",
            "2",
            "--min-time",
            "0",
            "--markdown",
            "-",
        ])
        .arg("--compare")
        .arg(&peer)
        .arg("--csv")
        .arg(&csv)
        .assert()
        .success();
    let md = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(
        md.contains("speedup vs peer") && md.contains("scipy.fft.fftn"),
        "{md}"
    );
    let recs = jitfft::bench::export::from_csv(&std::fs::read_to_string(&csv).unwrap()).unwrap();
    let with: Vec<_> = recs.iter().filter(|r| r.peer_ms.is_some()).collect();
    assert!(!with.is_empty() && with.iter().all(|r| r.n == 4 && r.peer_ms == Some(2.0)));
    for r in &with {
        let s = r.speedup_vs_peer.unwrap();
        assert!((s - 2.0 / r.kernel_ms.median).abs() < 1e-9 * s.max(1.0));
    }
    assert!(recs
        .iter()
        .filter(|r| r.n == 5)
        .all(|r| r.peer_ms.is_none()));

    std::fs::write(&peer, r#"{"tool": "x"}"#).unwrap();
    jitfft()
        .args(["bench", "--p", "3", "--n", "4", "--compare"])
        .arg(&peer)
        .assert()
        .failure()
        .stderr(predicate::str::contains("no `results` list"));
    assert!(PeerTimes::parse("[1,").unwrap_err().contains("not JSON"));
}

/// `bench --real` (issue 35): the real run of each variant (its complex passes' algorithm)
/// checked against the f64 rfftn reference before it is timed; rows `opencl rfftn` with the
/// bytes the real passes move; the CPU row is the rfftn reference. A radix the complex passes
/// over p^(n−1) cannot take and `--compare` (complex peers) are refused.
#[test]
fn bench_real_rows() {
    let out = jitfft()
        .args([
            "bench",
            "--real",
            "--p",
            "3",
            "--n",
            "1,3",
            "--algo",
            "ct,cg",
            "--min-repeats",
            "2",
            "--min-time",
            "0",
            "--export-json",
            "-",
        ])
        .assert()
        .success();
    let v: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let recs = v["records"]
        .as_array()
        .unwrap_or_else(|| v.as_array().unwrap());
    let dev: Vec<&serde_json::Value> = recs
        .iter()
        .filter(|r| {
            r["implementation"]
                .as_str()
                .unwrap()
                .starts_with("opencl rfftn")
        })
        .collect();
    assert_eq!(dev.len(), 4, "{recs:?}");
    assert_eq!(recs.len(), 6, "two CPU rows: {recs:?}");
    for r in &dev {
        assert!(r["rel_l2_error"].as_f64().unwrap() < 1e-5, "{r}");
        let n = r["n"].as_u64().unwrap();
        // n = 1: the real pass alone; n = 3: real pass, complex passes, layout move.
        assert!(
            r["passes"].as_u64().unwrap() >= if n == 1 { 1 } else { 3 },
            "{r}"
        );
        // f32: n = 1 reads 3 reals (12 B) and writes 2 complex (16 B); 3^3 reads 27 reals
        // (108 B) and writes 9 × 2 complex (144 B) at least.
        let bytes = r["bytes_moved"].as_u64().unwrap();
        assert!(if n == 1 { bytes == 28 } else { bytes >= 252 }, "{r}");
    }
    assert!(recs
        .iter()
        .any(|r| r["algorithm"] == "cpu" && r["driver"].as_str().unwrap().starts_with("rfftn")));
    jitfft()
        .args([
            "bench", "--real", "--p", "3", "--n", "2", "--algo", "ct", "--radix", "9",
        ])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--real p = 3, n = 2"));
    jitfft()
        .args([
            "bench",
            "--real",
            "--p",
            "3",
            "--n",
            "2",
            "--compare",
            "x.json",
        ])
        .assert()
        .code(2);
}
