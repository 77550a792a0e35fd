//! The benchmark harness with a fake clock (repeat logic, statistics) and the exports
//! (JSON, CSV, Markdown) round-tripping records.

use jitfft::bench::export::{from_csv, from_json, to_csv, to_json, to_markdown};
use jitfft::bench::meta::RunMeta;
use jitfft::bench::plot::{ratio_chart, time_chart};
use jitfft::bench::{measure, BenchRecord, FakeClock, RepeatPolicy, Sample, Stat};
use std::cell::Cell;

fn sample(ms: f64) -> Sample {
    Sample {
        kernel_ms: ms,
        upload_ms: Some(ms / 10.0),
        download_ms: None,
        wall_ms: ms + 1.0,
    }
}

#[test]
fn warmup_excluded_and_repeats_until_min_time_and_count() {
    let clock = FakeClock::default();
    let calls = Cell::new(0usize);
    let policy = RepeatPolicy {
        warmup: 2,
        min_count: 3,
        min_time_s: 1.0,
        max_count: 100,
    };
    // Warm-up runs return huge times that must not show up; timed runs take 0.3 s each.
    let m = measure(&clock, &policy, || {
        let k = calls.get();
        calls.set(k + 1);
        clock.advance(0.3);
        Ok(sample(if k < 2 { 1e6 } else { (k - 1) as f64 }))
    })
    .unwrap();
    // 3 runs give 0.9 s < 1.0 s, so a 4th is needed.
    assert_eq!(calls.get(), 6);
    assert_eq!(m.runs, 4);
    assert_eq!(
        m.kernel_ms,
        Stat {
            median: 2.5,
            min: 1.0,
            max: 4.0,
            count: 4
        }
    );
    assert_eq!(m.wall_ms.median, 3.5);
    assert_eq!(m.upload_ms.unwrap().max, 0.4);
    assert!(
        m.download_ms.is_none(),
        "a phase the runs do not have stays unknown"
    );
}

#[test]
fn min_count_wins_over_fast_clock_and_max_count_caps() {
    let clock = FakeClock::default();
    let p = RepeatPolicy {
        warmup: 0,
        min_count: 5,
        min_time_s: 0.0,
        max_count: 10,
    };
    let m = measure(&clock, &p, || {
        clock.advance(10.0);
        Ok(sample(1.0))
    })
    .unwrap();
    assert_eq!(m.runs, 5);
    let p = RepeatPolicy {
        warmup: 0,
        min_count: 2,
        min_time_s: 1e9,
        max_count: 7,
    };
    let m = measure(&clock, &p, || {
        clock.advance(0.001);
        Ok(sample(1.0))
    })
    .unwrap();
    assert_eq!(m.runs, 7);
}

#[test]
fn bad_policies_and_failing_runs_are_errors() {
    let clock = FakeClock::default();
    let e = measure(
        &clock,
        &RepeatPolicy {
            warmup: 0,
            min_count: 0,
            min_time_s: 0.0,
            max_count: 1,
        },
        || Ok(sample(1.0)),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("at least one timed run"), "{e}");
    let e = measure(
        &clock,
        &RepeatPolicy {
            warmup: 0,
            min_count: 5,
            min_time_s: 0.0,
            max_count: 2,
        },
        || Ok(sample(1.0)),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("below the minimum"), "{e}");
    let r = measure(
        &clock,
        &RepeatPolicy {
            warmup: 1,
            min_count: 1,
            min_time_s: 0.0,
            max_count: 1,
        },
        || Err(jitfft::JitError::Device("boom".into())),
    );
    assert!(r.is_err());
}

fn record(i: u32, algo: &str) -> BenchRecord {
    BenchRecord {
        device: "Device, \"quoted\"".into(),
        device_slug: "dev".into(),
        driver: "drv 1.0".into(),
        implementation: if algo == "cpu" { "cpu" } else { "opencl" }.into(),
        p: 3,
        n: 4 + i,
        len: 3u64.pow(4 + i),
        algorithm: algo.into(),
        radix: 3,
        coeffs: "const-first".into(),
        precision: "f32".into(),
        passes: (4 + i) as usize,
        kernel_ms: Stat {
            median: 0.1 + i as f64 / 3.0,
            min: 0.05,
            max: 1.0 / 7.0 + i as f64,
            count: 5,
        },
        upload_ms: if algo == "cpu" {
            None
        } else {
            Some(Stat {
                median: 0.2,
                min: 0.1,
                max: 0.3,
                count: 5,
            })
        },
        download_ms: if algo == "cpu" {
            None
        } else {
            Some(Stat {
                median: 0.25,
                min: 0.125,
                max: 0.5,
                count: 5,
            })
        },
        wall_ms: Stat {
            median: 1.5,
            min: 1.25,
            max: 2.0,
            count: 5,
        },
        bytes_moved: 123_456,
        bandwidth_gbs: 12.345678901234,
        copy_bandwidth_gbs: if algo == "cpu" { None } else { Some(100.0) },
        bandwidth_fraction: if algo == "cpu" {
            None
        } else {
            Some(0.12345678901234)
        },
        rel_l2_error: if algo == "cpu" { None } else { Some(3.2e-7) },
        seed: u64::MAX - i as u64,
        build_ms: Some(12.5),
        warmup: 1,
        runs: 5,
        peer: None,
        peer_ms: None,
        speedup_vs_peer: None,
        fft: None,
    }
}

fn meta() -> RunMeta {
    RunMeta {
        command: "jitfft bench --p 3".into(),
        date: "2026-01-01T00:00:00Z".into(),
        commit: "abc1234".into(),
        devices: vec!["Device [Platform] (OpenCL 3.0, driver 1)".into()],
        jitfft_version: "0.1.0".into(),
    }
}

#[test]
fn exports_round_trip() {
    let recs: Vec<BenchRecord> = (0..3)
        .flat_map(|i| [record(i, "cpu"), record(i, "ct"), record(i, "cg")])
        .collect();
    let csv = to_csv(&meta(), &recs);
    assert!(csv.starts_with(
        "# command: jitfft bench --p 3\n# date: 2026-01-01T00:00:00Z\n# git commit: abc1234"
    ));
    assert_eq!(from_csv(&csv).unwrap(), recs);
    let json = to_json(&meta(), &recs);
    let back = from_json(&json).unwrap();
    assert_eq!(back.records, recs);
    assert_eq!(back.meta, meta());
    let md = to_markdown(&meta(), &recs);
    assert!(md.contains("- git commit: abc1234"));
    assert_eq!(
        md.lines().filter(|l| l.starts_with("| Device")).count(),
        recs.len()
    );
    // CSV with a wrong header or a broken number is refused with a message.
    assert!(from_csv("a,b\n1,2\n")
        .unwrap_err()
        .to_string()
        .contains("unexpected columns"));
    let broken = csv.replace(",123456,", ",12x,");
    assert!(from_csv(&broken)
        .unwrap_err()
        .to_string()
        .contains("bytes_moved"));
}

#[test]
fn svg_plots_have_a_line_per_series() {
    let recs: Vec<BenchRecord> = (0..3)
        .flat_map(|i| [record(i, "cpu"), record(i, "ct"), record(i, "cg")])
        .collect();
    let svg = time_chart(&recs, 3, vec![]);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert_eq!(svg.matches("<polyline").count(), 3);
    assert!(svg.contains("Device, &quot;quoted&quot;") || svg.contains("Device, \"quoted\""));
    let ratio = ratio_chart(&recs, 3, vec![]);
    assert_eq!(ratio.matches("<polyline").count(), 1);
    assert!(time_chart(&recs, 5, vec![]).contains("no data"));
}
