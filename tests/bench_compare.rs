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
