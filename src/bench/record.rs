//! One measured point of a benchmark, as written to JSON, CSV and Markdown.

use serde::{Deserialize, Serialize};

/// Median, min and max of repeated times (ms).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Stat {
    /// Median (ms).
    pub median: f64,
    /// Fastest (ms).
    pub min: f64,
    /// Slowest (ms).
    pub max: f64,
    /// Number of samples.
    pub count: usize,
}

impl Stat {
    /// Summary of a non-empty sample (callers never pass an empty one).
    pub fn of(samples: &[f64]) -> Stat {
        let s = crate::runtime::Summary::of(samples);
        Stat {
            median: s.median,
            min: s.min,
            max: s.max,
            count: s.count,
        }
    }
}

/// One point: a transform variant on one device (or jitfft's CPU implementation).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BenchRecord {
    /// Device name, or "jitfft CPU" for the host implementation.
    pub device: String,
    /// File-name-safe device key ([`DeviceInfo::slug`](crate::runtime::DeviceInfo::slug)); names
    /// result folders.
    pub device_slug: String,
    /// Platform, OpenCL version and driver version; for the CPU rows, the reference and its
    /// threads.
    pub driver: String,
    /// "opencl" or "cpu".
    pub implementation: String,
    /// VC base p (0, left out of JSON, on the FFT's rows: their shape is in `fft`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub p: u32,
    /// Digits: the transform has N = p^n points (0 on the FFT's rows).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub n: u32,
    /// N = p^n; the FFT's rows: the points of the array (irfftn: of the real output).
    pub len: u64,
    /// "ct", "cg", or "cpu"; the FFT's rows: "fftn", "ifftn", "rfftn" or "irfftn".
    pub algorithm: String,
    /// Butterfly radix of the main passes (0 on the FFT's rows: their launches are in `fft`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub radix: u64,
    /// Coefficient placement (`const-first`, `const-matrix`, `literal`; empty on the FFT's rows).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub coeffs: String,
    /// `f32` or `f64`.
    pub precision: String,
    /// Kernel launches per transform.
    pub passes: usize,
    /// Kernel time from profiling events (sum of the passes); CPU: the transform's wall time.
    pub kernel_ms: Stat,
    /// Host to device copy time, where measured.
    pub upload_ms: Option<Stat>,
    /// Device to host copy time, where measured.
    pub download_ms: Option<Stat>,
    /// End to end on the host: staging, upload, passes, download.
    pub wall_ms: Stat,
    /// Bytes read and written by all passes.
    pub bytes_moved: u64,
    /// bytes_moved / median kernel time, GB/s.
    pub bandwidth_gbs: f64,
    /// The device's buffer-to-buffer copy bandwidth (read + write), GB/s.
    pub copy_bandwidth_gbs: Option<f64>,
    /// bandwidth_gbs / copy_bandwidth_gbs: how close the passes come to a plain copy.
    pub bandwidth_fraction: Option<f64>,
    /// Relative L2 error against the f64 CPU reference on the same fresh random input.
    pub rel_l2_error: Option<f64>,
    /// Seed of the random input (replays the error check).
    pub seed: u64,
    /// Program build time (ms; a program cache hit is fast).
    pub build_ms: Option<f64>,
    /// Untimed runs before the timed ones.
    pub warmup: usize,
    /// Timed runs.
    pub runs: usize,
    /// A peer's time for the same p and n from `--compare FILE` (e.g. cuFFT, scipy), ms.
    #[serde(default)]
    pub peer: Option<String>,
    /// The peer's time in ms.
    #[serde(default)]
    pub peer_ms: Option<f64>,
    /// peer_ms / median kernel time: above 1, jitfft is faster.
    #[serde(default)]
    pub speedup_vs_peer: Option<f64>,
    /// The FFT of any shape (`bench --fft`): what the row transformed; `None` on VC rows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fft: Option<FftPoint>,
}

/// What an FFT row (`bench --fft`) transformed and how.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FftPoint {
    /// The array's shape (irfftn: the real output's), every axis transformed.
    pub shape: Vec<u64>,
    /// "forward" or "inverse".
    pub direction: String,
    /// Real input (rfftn) or, inverse, real output (irfftn).
    pub real: bool,
    /// The launches' radices, axis by axis (`stats::fft::launches`; `+` between transforms);
    /// empty on the CPU rows.
    pub launches: String,
    /// The schedule `jitfft tune fft` stored for this device and plan, where the wisdom file
    /// has one (the run used it); `None`: the device's default.
    pub schedule: Option<String>,
}

fn is_zero<T: Default + PartialEq>(v: &T) -> bool {
    *v == T::default()
}

/// Columns the CSV export adds after [`CSV_COLUMNS`] when any record is an FFT row (a VC
/// sweep's CSV keeps its columns).
pub const FFT_CSV_COLUMNS: &[&str] = &["shape", "direction", "real", "launches", "schedule"];

/// Column names of the CSV export, in order.
pub const CSV_COLUMNS: &[&str] = &[
    "device",
    "device_slug",
    "driver",
    "implementation",
    "p",
    "n",
    "len",
    "algorithm",
    "radix",
    "coeffs",
    "precision",
    "passes",
    "kernel_ms_median",
    "kernel_ms_min",
    "kernel_ms_max",
    "kernel_runs",
    "upload_ms_median",
    "upload_ms_min",
    "upload_ms_max",
    "download_ms_median",
    "download_ms_min",
    "download_ms_max",
    "wall_ms_median",
    "wall_ms_min",
    "wall_ms_max",
    "bytes_moved",
    "bandwidth_gbs",
    "copy_bandwidth_gbs",
    "bandwidth_fraction",
    "rel_l2_error",
    "seed",
    "build_ms",
    "warmup",
    "runs",
    "peer",
    "peer_ms",
    "speedup_vs_peer",
];
