//! What a `vc` run on the in-memory or zero-copy route reports (`jitfft vc --json` field
//! names): what ran, its times, the check, the overlap figures and the zero-copy host steps;
//! and the same as text.

use crate::runtime::show::{kernel_line, mib, ms, ms_summary};
use crate::runtime::timing::Clock;
use crate::runtime::Summary;
use crate::vc::file_run::HostSteps;
use crate::vc::overlap::{OverlapTimes, Overlapped, TransferFloor};
use crate::vc::report::{CheckReport, TimingReport, TransformReport};
use serde::{Serialize, Serializer};

/// `--overlap`: what overlapped with what, and the end-to-end time against the floor.
#[derive(Debug, Serialize)]
pub struct OverlapReport {
    chunks: usize,
    max_chunks: usize,
    scheme: String,
    /// How download pieces moved: contiguous, rect or packed.
    download: String,
    /// Bytes each direction moves (the data once).
    bytes: u64,
    /// Device memory of the data buffers and pinned host staging (nothing beyond the plain run).
    device_bytes: u64,
    pinned_bytes: u64,
    /// First upload start → last download end, from profiling events.
    events_ms: Summary,
    /// Host wall clock of a run, conversions included.
    host_ms: Summary,
    convert_in_ms: Summary,
    convert_out_ms: Summary,
    upload_ms: Summary,
    download_ms: Summary,
    pack_ms: Summary,
    kernel_ms: Summary,
    /// Time inside `events_ms` with no transfer running.
    exposed_ms: Summary,
    floor_upload_ms: Summary,
    floor_download_ms: Summary,
    /// Pinned upload + download of the same bytes, nothing else running.
    floor_sequential_ms: Summary,
    /// Both directions at once on the two queues.
    floor_bidirectional_ms: Summary,
    /// Median events_ms / median floor_sequential_ms.
    ratio: f64,
    /// Median events_ms / median floor_bidirectional_ms.
    ratio_bidirectional: f64,
    ratio_basis: &'static str,
}

/// The host steps of a file-to-file run: the first (warm-up) run, the timed ones, and the two
/// ratios issue 28 asks about.
#[derive(Debug, Serialize)]
pub struct HostStepsReport {
    /// The warm-up run (the first touch of everything the process allocated).
    pub first: HostSteps,
    /// Each timed run.
    pub runs: Vec<HostSteps>,
    /// Median host wall time of the device part / median device events.
    pub run_over_events: f64,
    /// Median header-to-written host wall time / median device events.
    pub total_over_events: f64,
}

/// `jitfft vc --json`: what ran, the input, the times, the check and the overlap figures.
#[derive(Debug, Serialize)]
pub struct VcReport {
    /// What ran.
    #[serde(flatten)]
    pub transform: TransformReport,
    /// The input file, or the random seed.
    pub input: String,
    /// The seed of random input.
    pub seed: Option<u64>,
    /// The timed runs.
    #[serde(flatten)]
    pub timing: TimingReport,
    /// The check, when asked for.
    pub check: Option<CheckReport>,
    /// The output written (none when the check failed).
    pub output: Option<String>,
    /// `--overlap` only.
    pub overlap: Option<OverlapReport>,
    /// The zero-copy .npy route only: each host step of each run (keys in JSON's sorted order,
    /// as they always were).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "as_value")]
    pub host_steps: Option<HostStepsReport>,
    /// File runs with `--json`: the disk floor measured in the same run (`routes::disk`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub disk_floor: Option<crate::io::disk_floor::DiskFloorReport>,
    /// Runs over a device set: each member's rows and times, the set's wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_set: Option<crate::model::split::SetFigures>,
}

fn as_value<S: Serializer>(v: &Option<HostStepsReport>, s: S) -> Result<S::Ok, S::Error> {
    serde_json::to_value(v)
        .map_err(serde::ser::Error::custom)?
        .serialize(s)
}

/// The summary of `f` over `xs`.
fn of<T>(xs: &[T], f: &dyn Fn(&T) -> f64) -> Summary {
    Summary::of(&xs.iter().map(f).collect::<Vec<_>>())
}

/// The overlap figures of `runs`, each beside the floor measured before it.
pub fn overlap_report(
    ov: &Overlapped,
    runs: &[OverlapTimes],
    floors: &[TransferFloor],
) -> OverlapReport {
    let o = |f: &dyn Fn(&OverlapTimes) -> f64| of(runs, f);
    let fl = |f: &dyn Fn(&TransferFloor) -> f64| of(floors, f);
    let (device_bytes, pinned_bytes) = ov.memory();
    let events = o(&|t| t.events_ms);
    let seq = fl(&|f| f.sequential_ms);
    let bidi = fl(&|f| f.bidirectional_ms);
    OverlapReport {
        chunks: ov.plan.chunks,
        max_chunks: ov.plan.max_chunks,
        scheme: ov.plan.scheme.clone(),
        download: ov.plan.download.to_string(),
        bytes: ov.tr.plan.buffer_bytes(),
        device_bytes,
        pinned_bytes,
        host_ms: o(&|t| t.host_ms),
        convert_in_ms: o(&|t| t.convert_in_ms),
        convert_out_ms: o(&|t| t.convert_out_ms),
        upload_ms: o(&|t| t.upload_ms),
        download_ms: o(&|t| t.download_ms),
        pack_ms: o(&|t| t.pack_ms),
        kernel_ms: o(&|t| t.kernel_ms),
        exposed_ms: o(&|t| t.exposed_ms),
        floor_upload_ms: fl(&|f| f.upload_ms),
        floor_download_ms: fl(&|f| f.download_ms),
        ratio: events.median / seq.median,
        ratio_bidirectional: events.median / bidi.median,
        ratio_basis: "events_ms / floor_sequential_ms: end-to-end from the first upload's start to the last download's end, over one pinned upload plus one pinned download of the same bytes with nothing else running",
        events_ms: events,
        floor_sequential_ms: seq,
        floor_bidirectional_ms: bidi,
    }
}

impl HostStepsReport {
    /// The report of the warm-up run `first` and the timed `runs`.
    pub fn of(first: HostSteps, runs: Vec<HostSteps>) -> HostStepsReport {
        let dev = of(&runs, &|s| s.device_events_ms).median;
        HostStepsReport {
            run_over_events: of(&runs, &|s| s.device_host_ms).median / dev,
            total_over_events: of(&runs, &|s| s.total_ms).median / dev,
            first,
            runs,
        }
    }
}

/// Lines of text: `push!(out, "...", ...)`.
macro_rules! push {
    ($out:expr, $($t:tt)*) => { $out.push(format!($($t)*)) };
}

impl VcReport {
    /// The report as text for `device` (its description), one line a row.
    pub fn text(&self, device: &str) -> String {
        let mut out = Vec::new();
        let (t, m) = (&self.transform, &self.timing);
        let p = &t.plan;
        push!(out, "device     {device}");
        push!(
            out,
            "transform  VC {}, p = {}, n = {}, N = {}, {}, norm {}",
            p.direction,
            p.p,
            p.n,
            p.len,
            p.half
                .map_or_else(|| p.precision.to_string(), |h| format!("f32 stored as {h}")),
            p.norm
        );
        if p.batch > 1 {
            push!(
                out,
                "batch      {} transforms of N points, one after another",
                p.batch
            );
        }
        push!(
            out,
            "plan       {}, {} passes of radix {}, coefficients {}",
            p.algorithm,
            t.passes,
            t.radices,
            p.coeffs
        );
        if let Some(t) = &t.tuned {
            push!(out, "tuned      {t} (from wisdom)");
        }
        push!(out, "kernels    {}", t.kernels.join(", "));
        push!(out, "input      {}", self.input);
        let how = if t.build_from_cache {
            "cached binary"
        } else {
            "compiled"
        };
        push!(out, "build      {} ({how})", ms(t.build_ms));
        push!(
            out,
            "kernel     {}",
            kernel_line(&m.kernel_ms, m.kernel_clock)
        );
        if m.kernel_clock == Clock::Events {
            let each: Vec<String> = m.pass_ms.iter().map(|x| format!("{x:.4}")).collect();
            push!(
                out,
                "passes     {} ms each; {:.1} GB/s effective (bytes read + written / kernel time)",
                each.join(" "),
                m.effective_gbs
            );
        } else {
            push!(out, "passes     not measured (no profiling events)");
        }
        push!(
            out,
            "upload     {} (pinned → device)",
            ms_summary(&m.upload_ms)
        );
        push!(
            out,
            "download   {} (device → pinned)",
            ms_summary(&m.download_ms)
        );
        push!(
            out,
            "end-to-end {} (host wall clock)",
            ms_summary(&m.end_to_end_ms)
        );
        if let Some(o) = &self.overlap {
            o.text(m.kernel_clock, &mut out);
        }
        if let Some(c) = &self.check {
            push!(out, "check      {}: relative L2 error {:.3e} (tolerance {:.1e}), max abs error {:.3e} (f64 CPU reference)", if c.ok { "passed" } else { "FAILED" }, c.error.rel_l2, c.tolerance, c.error.max_abs);
            if let Some(k) = c.worst_transform {
                push!(
                    out,
                    "           (worst of the batch: transform {k}; every transform checked)"
                );
            }
            if let Some(defect) = c.error.defect() {
                push!(out, "           FAILED: {defect}");
            }
        }
        if let Some(o) = &self.output {
            push!(out, "output     {o}");
        }
        if let Some(h) = &self.host_steps {
            h.text(&mut out);
        }
        if let Some(s) = &self.device_set {
            out.extend(s.lines());
        }
        out.join("\n")
    }
}

impl OverlapReport {
    fn text(&self, clock: Clock, out: &mut Vec<String>) {
        let o = self;
        let s = |x: &Summary| format!("{} (min {}, max {})", ms(x.median), ms(x.min), ms(x.max));
        push!(
            out,
            "overlap    {} chunk(s) (at most {}): {}",
            o.chunks,
            o.max_chunks,
            o.scheme
        );
        if clock != Clock::Events {
            // Every line below but `host` comes from events: none is printed as a number.
            push!(out, "e2e        not measured: the device's profiling events read zero (no overlap timing)");
            push!(out, "host       {} wall", s(&o.host_ms));
            return;
        }
        push!(
            out,
            "e2e        {} (events: first upload start → last download end)",
            s(&o.events_ms)
        );
        push!(out, "floor      {} sequential: pinned upload {} + download {} of the same {}; bidirectional {}", ms(o.floor_sequential_ms.median), ms(o.floor_upload_ms.median), ms(o.floor_download_ms.median), mib(o.bytes), ms(o.floor_bidirectional_ms.median));
        push!(out, "ratio      {:.3} × the sequential floor (end-to-end / (upload + download)); {:.3} × the bidirectional one", o.ratio, o.ratio_bidirectional);
        push!(out, "pieces     upload {} in {} chunk(s), download {} ({}), kernels {}, packing {}, no transfer running {}", ms(o.upload_ms.median), o.chunks, ms(o.download_ms.median), o.download, ms(o.kernel_ms.median), ms(o.pack_ms.median), ms(o.exposed_ms.median));
        push!(out, "host       {} wall; convert in {} before the first upload, convert out {} as pieces arrive", s(&o.host_ms), ms(o.convert_in_ms.median), ms(o.convert_out_ms.median));
        push!(
            out,
            "memory     device {} (data buffers), pinned host {}",
            mib(o.device_bytes),
            mib(o.pinned_bytes)
        );
    }
}

impl HostStepsReport {
    /// The host steps' medians and the two ratios, after the report's text.
    fn text(&self, out: &mut Vec<String>) {
        let m = |f: &dyn Fn(&HostSteps) -> f64| format!("{:.2}", of(&self.runs, f).median);
        push!(out, "host steps header {} + read {} + scan {} ms, convert 0, upload {} + kernel {} + download {} ms (events), write {} ms; total {} ms (first run {:.2}); pinned staging allocated once: {:.2} ms", m(&|s| s.header_ms), m(&|s| s.read_ms), m(&|s| s.scan_ms), m(&|s| s.upload_ms), m(&|s| s.kernel_ms), m(&|s| s.download_ms), m(&|s| s.write_ms), m(&|s| s.total_ms), self.first.total_ms, self.first.pinned_alloc_ms);
        push!(
            out,
            "host/device device part {:.2}× its events, file to file {:.2}×",
            self.run_over_events,
            self.total_over_events
        );
    }
}
