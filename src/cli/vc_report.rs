//! `jitfft vc`'s report: what ran, its times, the check and the overlap figures, as JSON
//! fields and as text.

use super::common::{kernel_line, ms, ms_summary, say};
use crate::runtime::timing::Clock;
use crate::runtime::Summary;
use crate::vc::overlap::{OverlapTimes, Overlapped, TransferFloor};
use crate::vc::report::{CheckReport, TimingReport, TransformReport};
use serde::Serialize;

/// `--overlap`: what overlapped with what, and the end-to-end time against the floor.
#[derive(Serialize)]
pub(super) struct OverlapReport {
    pub(super) chunks: usize,
    pub(super) max_chunks: usize,
    pub(super) scheme: String,
    /// How download pieces moved: contiguous, rect or packed.
    pub(super) download: String,
    /// Bytes each direction moves (the data once).
    pub(super) bytes: u64,
    /// Device memory of the data buffers and pinned host staging (nothing beyond the plain run).
    pub(super) device_bytes: u64,
    pub(super) pinned_bytes: u64,
    /// First upload start → last download end, from profiling events.
    pub(super) events_ms: Summary,
    /// Host wall clock of a run, conversions included.
    pub(super) host_ms: Summary,
    pub(super) convert_in_ms: Summary,
    pub(super) convert_out_ms: Summary,
    pub(super) upload_ms: Summary,
    pub(super) download_ms: Summary,
    pub(super) pack_ms: Summary,
    pub(super) kernel_ms: Summary,
    /// Time inside `events_ms` with no transfer running.
    pub(super) exposed_ms: Summary,
    pub(super) floor_upload_ms: Summary,
    pub(super) floor_download_ms: Summary,
    /// Pinned upload + download of the same bytes, nothing else running.
    pub(super) floor_sequential_ms: Summary,
    /// Both directions at once on the two queues.
    pub(super) floor_bidirectional_ms: Summary,
    /// Median events_ms / median floor_sequential_ms.
    pub(super) ratio: f64,
    /// Median events_ms / median floor_bidirectional_ms.
    pub(super) ratio_bidirectional: f64,
    pub(super) ratio_basis: &'static str,
}

/// `jitfft vc --json`: what ran, the input, the times, the check and the overlap figures.
#[derive(Serialize)]
pub(super) struct VcReport {
    #[serde(flatten)]
    pub(super) transform: TransformReport,
    pub(super) input: String,
    pub(super) seed: Option<u64>,
    #[serde(flatten)]
    pub(super) timing: TimingReport,
    pub(super) check: Option<CheckReport>,
    pub(super) output: Option<String>,
    /// `--overlap` only.
    pub(super) overlap: Option<OverlapReport>,
    /// The zero-copy .npy path only (`cli::vc_file`): each host step of each run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(super) host_steps: Option<serde_json::Value>,
}

pub(super) fn print_human(device: &str, r: &VcReport) {
    let (t, m) = (&r.transform, &r.timing);
    let p = &t.plan;
    say!("device     {device}");
    say!(
        "transform  VC {}, p = {}, n = {}, N = {}, {}, norm {}",
        p.direction,
        p.p,
        p.n,
        p.len,
        p.precision,
        p.norm
    );
    if p.batch > 1 {
        say!(
            "batch      {} transforms of N points, one after another",
            p.batch
        );
    }
    say!(
        "plan       {}, {} passes of radix {}, coefficients {}",
        p.algorithm,
        t.passes,
        t.radices,
        p.coeffs
    );
    if let Some(t) = &t.tuned {
        say!("tuned      {t} (from wisdom)");
    }
    say!("kernels    {}", t.kernels.join(", "));
    say!("input      {}", r.input);
    say!(
        "build      {} ({})",
        ms(t.build_ms),
        if t.build_from_cache {
            "cached binary"
        } else {
            "compiled"
        }
    );
    let s = ms_summary;
    say!("kernel     {}", kernel_line(&m.kernel_ms, m.kernel_clock));
    if m.kernel_clock == Clock::Events {
        say!(
            "passes     {} ms each; {:.1} GB/s effective (bytes read + written / kernel time)",
            m.pass_ms
                .iter()
                .map(|x| format!("{x:.4}"))
                .collect::<Vec<_>>()
                .join(" "),
            m.effective_gbs
        );
    } else {
        say!("passes     not measured (no profiling events)");
    }
    say!("upload     {} (pinned → device)", s(&m.upload_ms));
    say!("download   {} (device → pinned)", s(&m.download_ms));
    say!("end-to-end {} (host wall clock)", s(&m.end_to_end_ms));
    if let Some(o) = &r.overlap {
        print_overlap(o, m.kernel_clock);
    }
    if let Some(c) = &r.check {
        say!(
            "check      {}: relative L2 error {:.3e} (tolerance {:.1e}), max abs error {:.3e} (f64 CPU reference)",
            if c.ok { "passed" } else { "FAILED" },
            c.error.rel_l2,
            c.tolerance,
            c.error.max_abs
        );
        if let Some(k) = c.worst_transform {
            say!("           (worst of the batch: transform {k}; every transform checked)");
        }
        if let Some(defect) = c.error.defect() {
            say!("           FAILED: {defect}");
        }
    }
    if let Some(o) = &r.output {
        say!("output     {o}");
    }
}

pub(super) fn overlap_report(
    ov: &Overlapped,
    runs: &[OverlapTimes],
    floors: &[TransferFloor],
) -> OverlapReport {
    let o = |f: &dyn Fn(&OverlapTimes) -> f64| Summary::of(&runs.iter().map(f).collect::<Vec<_>>());
    let fl =
        |f: &dyn Fn(&TransferFloor) -> f64| Summary::of(&floors.iter().map(f).collect::<Vec<_>>());
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

fn print_overlap(o: &OverlapReport, clock: Clock) {
    let s = |x: &Summary| format!("{} (min {}, max {})", ms(x.median), ms(x.min), ms(x.max));
    let mib = |b: u64| format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0));
    say!(
        "overlap    {} chunk(s) (at most {}): {}",
        o.chunks,
        o.max_chunks,
        o.scheme
    );
    if clock != Clock::Events {
        // Every line below but `host` comes from events: none is printed as a number.
        say!(
            "e2e        not measured: the device's profiling events read zero (no overlap timing)"
        );
        say!("host       {} wall", s(&o.host_ms));
        return;
    }
    say!(
        "e2e        {} (events: first upload start → last download end)",
        s(&o.events_ms)
    );
    say!(
        "floor      {} sequential: pinned upload {} + download {} of the same {}; bidirectional {}",
        ms(o.floor_sequential_ms.median),
        ms(o.floor_upload_ms.median),
        ms(o.floor_download_ms.median),
        mib(o.bytes),
        ms(o.floor_bidirectional_ms.median)
    );
    say!(
        "ratio      {:.3} × the sequential floor (end-to-end / (upload + download)); {:.3} × the bidirectional one",
        o.ratio, o.ratio_bidirectional
    );
    say!(
        "pieces     upload {} in {} chunk(s), download {} ({}), kernels {}, packing {}, no transfer running {}",
        ms(o.upload_ms.median),
        o.chunks,
        ms(o.download_ms.median),
        o.download,
        ms(o.kernel_ms.median),
        ms(o.pack_ms.median),
        ms(o.exposed_ms.median)
    );
    say!(
        "host       {} wall; convert in {} before the first upload, convert out {} as pieces arrive",
        s(&o.host_ms),
        ms(o.convert_in_ms.median),
        ms(o.convert_out_ms.median)
    );
    say!(
        "memory     device {} (data buffers), pinned host {}",
        mib(o.device_bytes),
        mib(o.pinned_bytes)
    );
}
