//! Tables 2 and 3: VC transform times per n, ct and cg, beside the paper's, with plots.

use super::*;

/// The n of a timing table: the paper's, or three small ones for `--quick`.
pub fn timing_ns(t: &TimingTable, quick: bool) -> Vec<u32> {
    if quick {
        if t.p == 3 {
            vec![6, 7, 8]
        } else {
            vec![4, 5, 6]
        }
    } else {
        t.n.to_vec()
    }
}

/// Repeats: few for `--quick`, else at least 5 runs and half a second.
pub fn policy(quick: bool) -> RepeatPolicy {
    if quick {
        RepeatPolicy {
            warmup: 1,
            min_count: 3,
            min_time_s: 0.0,
            max_count: 3,
        }
    } else {
        RepeatPolicy {
            warmup: 1,
            min_count: 5,
            min_time_s: 0.5,
            max_count: 30,
        }
    }
}

#[derive(Serialize)]
struct TimingJson<'a> {
    meta: &'a RunMeta,
    /// A `--quick` run (files named `*-quick.*`).
    quick: bool,
    table: u32,
    p: u32,
    n: Vec<u32>,
    rows: Vec<Row>,
    records: Vec<BenchRecord>,
}

fn find<'a>(recs: &'a [BenchRecord], algo: &str, n: u32) -> Option<&'a BenchRecord> {
    recs.iter().find(|r| r.algorithm == algo && r.n == n)
}

fn timing_rows(t: &TimingTable, ns: &[u32], recs: &[BenchRecord], device: &str) -> Vec<Row> {
    let med = |algo: &str| -> Vec<Option<f64>> {
        ns.iter()
            .map(|&n| find(recs, algo, n).map(|r| r.kernel_ms.median))
            .collect()
    };
    let wall = |algo: &str| -> Vec<Option<f64>> {
        ns.iter()
            .map(|&n| find(recs, algo, n).map(|r| r.wall_ms.median))
            .collect()
    };
    let paper = |platform: &str, algo: &str| -> Vec<Option<f64>> {
        let row = t.row(platform, algo);
        ns.iter()
            .map(|n| {
                let i = t.n.iter().position(|x| x == n)?;
                row.map(|r| r.ms[i])
            })
            .collect()
    };
    let div = |a: &[Option<f64>], b: &[Option<f64>]| -> Vec<Option<f64>> {
        a.iter().zip(b).map(|(a, b)| Some((*a)? / (*b)?)).collect()
    };
    let threads = recs
        .iter()
        .find(|r| r.algorithm == "cpu")
        .map(|r| r.driver.clone())
        .unwrap_or_default();
    let (ct, cg, cpu) = (med("ct"), med("cg"), med("cpu"));
    let ours = "this run: kernel time, median";
    let mut rows = vec![
        Row {
            label: format!("{device} / CT"),
            source: ours.into(),
            values: ct.clone(),
        },
        Row {
            label: format!("{device} / CG"),
            source: ours.into(),
            values: cg.clone(),
        },
        Row {
            label: "jitfft CPU".into(),
            source: format!("this run: {threads}"),
            values: cpu.clone(),
        },
        Row {
            label: format!("{device} / CT"),
            source: "this run: end to end (pinned upload, passes, download)".into(),
            values: wall("ct"),
        },
        Row {
            label: format!("{device} / CG"),
            source: "this run: end to end (pinned upload, passes, download)".into(),
            values: wall("cg"),
        },
    ];
    for r in &t.rows {
        rows.push(Row {
            label: format!("{} / {}", r.platform, r.algorithm.to_uppercase()),
            source: "paper".into(),
            values: paper(r.platform, r.algorithm),
        });
    }
    let speed = "speedup: paper ms / this run's ms";
    for (label, platform, algo, ours) in [
        ("CT vs paper Nvidia GPU CT", "Nvidia GPU", "ct", &ct),
        ("CG vs paper Nvidia GPU CG", "Nvidia GPU", "cg", &cg),
        ("CT vs paper AMD GPU CT", "AMD GPU", "ct", &ct),
        ("CG vs paper AMD GPU CG", "AMD GPU", "cg", &cg),
        ("jitfft CPU vs paper Nvidia CPU", "Nvidia CPU", "cpu", &cpu),
    ] {
        rows.push(Row {
            label: label.into(),
            source: speed.into(),
            values: div(&paper(platform, algo), ours),
        });
    }
    let (ct_cg, cpu_cg) = ("CT / CG", "CPU / CG (device speedup)");
    let ratios = [
        (ct_cg, "this run (above 1: CG faster)", div(&ct, &cg)),
        (
            ct_cg,
            "paper, Nvidia GPU",
            div(&paper("Nvidia GPU", "ct"), &paper("Nvidia GPU", "cg")),
        ),
        (
            ct_cg,
            "paper, AMD GPU",
            div(&paper("AMD GPU", "ct"), &paper("AMD GPU", "cg")),
        ),
        (cpu_cg, "this run", div(&cpu, &cg)),
        (
            cpu_cg,
            "paper, Nvidia",
            div(&paper("Nvidia CPU", "cpu"), &paper("Nvidia GPU", "cg")),
        ),
        (
            cpu_cg,
            "paper, AMD",
            div(&paper("AMD CPU", "cpu"), &paper("AMD GPU", "cg")),
        ),
    ];
    for (label, source, values) in ratios {
        rows.push(Row {
            label: label.into(),
            source: source.into(),
            values,
        });
    }
    rows
}

fn fmt_val(v: f64) -> String {
    fmt_ms(v)
}

pub(super) fn write_timing(
    t: &TimingTable,
    ns: &[u32],
    gpu: &Gpu,
    recs: &[BenchRecord],
    meta: &RunMeta,
    dir: &Path,
    quick: bool,
) -> Result<()> {
    let name = |base: String| dir.join(file_name(&base, quick));
    let rows = timing_rows(t, ns, recs, &gpu.info.name);
    let mut md = header(
        &format!("Table {} (p = {}) on {}", t.number, t.p, gpu.info.name),
        meta,
    );
    md.push_str(&format!(
        "VC transform times in ms for p = {}, radix r = p, coefficients const-first, f32 on the device; each device result was checked against jitfft's f64 CPU transform on the same fresh random input before it was timed. Kernel time: sum of the passes' OpenCL profiling-event times, median over the timed runs (min–max and all figures in {}). The paper's columns are shown where its n matches.\n\n",
        t.p, file_name(&format!("table{}.json", t.number), quick)
    ));
    let head: Vec<String> = ["platform / algorithm", "source"]
        .iter()
        .map(|s| s.to_string())
        .chain(ns.iter().map(|n| format!("n = {n}")))
        .collect();
    md.push_str(&md_table(&head, &rows, &fmt_val));
    let json = TimingJson {
        meta,
        quick,
        table: t.number,
        p: t.p,
        n: ns.to_vec(),
        rows,
        records: recs.to_vec(),
    };
    write(&name(format!("table{}.md", t.number)), &md)?;
    write(
        &name(format!("table{}.json", t.number)),
        &(serde_json::to_string_pretty(&json)? + "\n"),
    )?;
    let paper_series = |f: &dyn Fn(&paper::TimingRow) -> bool| -> Vec<Series> {
        t.rows
            .iter()
            .filter(|r| f(r))
            .map(|r| Series {
                label: format!("paper {} {}", r.platform, r.algorithm),
                points: t
                    .n
                    .iter()
                    .zip(r.ms)
                    .filter(|(n, _)| ns.contains(n))
                    .map(|(n, ms)| (*n as f64, ms))
                    .collect(),
                dashed: true,
            })
            .collect()
    };
    let svg = time_chart(recs, t.p, paper_series(&|_| true));
    write(&name(format!("table{}.svg", t.number)), &svg)?;
    let ratio_paper: Vec<Series> = ["Nvidia GPU", "AMD GPU"]
        .iter()
        .filter_map(|pl| {
            let (ct, cg) = (t.row(pl, "ct")?, t.row(pl, "cg")?);
            Some(Series {
                label: format!("paper {pl}"),
                points: (0..5)
                    .filter(|&i| ns.contains(&t.n[i]))
                    .map(|i| (t.n[i] as f64, ct.ms[i] / cg.ms[i]))
                    .collect(),
                dashed: true,
            })
        })
        .collect();
    write(
        &name(format!("table{}-ct-cg.svg", t.number)),
        &ratio_chart(recs, t.p, ratio_paper),
    )?;
    Ok(())
}
