//! The `JITFFT_*` switches that change what the library plans or generates, read once at the
//! front (the CLI's `main`, the Python module) into one plain value passed down: schedules and
//! kernel source are a function of (plan, device limits, knobs) only. `Knobs::default()` is
//! the unset environment (what the golden kernels pin).

use crate::settings as env;
pub use crate::settings::{KernelWg, LaneBlocks, RealBins};
use std::path::PathBuf;

/// Every switch the library reads, as data (see `docs/knobs.md`).
#[derive(Debug, Clone, PartialEq)]
pub struct Knobs {
    /// `JITFFT_FUSED_LOCAL_BYTES`: the fused passes' local-memory budget instead of the
    /// device's.
    pub fused_local_bytes: Option<u64>,
    /// `JITFFT_FUSED_MAX_THREADS`: a lower work-group limit for fused passes.
    pub fused_max_threads: Option<u64>,
    /// `JITFFT_KERNEL_WG`: which work-group limit fused schedules take.
    pub kernel_wg: KernelWg,
    /// `JITFFT_LANE_BLOCKS`: lane blocks of in-place fused schedules.
    pub lane_blocks: LaneBlocks,
    /// `JITFFT_PER_ITEM`: the per-function bentness kernel's group (`Some(0)`: off).
    pub per_item: Option<u64>,
    /// `JITFFT_PER_ITEM=split[:R]`: that kernel split over p work-items, R functions a group.
    pub per_item_split: Option<u64>,
    /// `JITFFT_REAL_BINS`: whether a real run's end passes hold all h bins of their rows.
    pub real_bins: RealBins,
    /// `JITFFT_TUNE_SECONDS`: `explore`/`tune` start no candidate after this many seconds.
    pub tune_seconds: Option<f64>,
    /// `JITFFT_WISDOM`: the file of tuned choices instead of the cache folder's.
    pub wisdom: Option<PathBuf>,
    /// `JITFFT_MUL_WISDOM`: the file of `tune mul`'s crossovers instead of the cache folder's.
    pub mul_wisdom: Option<PathBuf>,
    /// `JITFFT_DEVICE_MEMORY` is set: plans are measured against a capped device.
    pub device_memory_capped: bool,
    /// The zero-copy .npy path streams plain runs through a ring of pinned chunks (default;
    /// `JITFFT_NPY_STREAM=off`: through a staging of the whole file).
    pub npy_stream: bool,
    /// Streamed .npy runs read the first pass's chunks from the input file into the pinned
    /// slots (default; `JITFFT_STREAM_FILE_SOURCE=off`: the whole file into the host array
    /// first, the A/B).
    pub stream_file_source: bool,
    /// `JITFFT_TRUTH_CHUNK`: the largest chunk of a truth-vector upload.
    pub truth_chunk: Option<u64>,
    /// `JITFFT_CL_OPTIONS`: OpenCL build options added to every program build (part of the
    /// program-cache key); the default test run sets `-cl-opt-disable` (docs/testing.md).
    pub cl_options: String,
}

impl Default for Knobs {
    fn default() -> Self {
        Knobs {
            fused_local_bytes: None,
            fused_max_threads: None,
            kernel_wg: KernelWg::Auto,
            lane_blocks: LaneBlocks::Auto,
            per_item: None,
            per_item_split: None,
            real_bins: RealBins::Auto,
            tune_seconds: None,
            wisdom: None,
            mul_wisdom: None,
            device_memory_capped: false,
            npy_stream: true,
            stream_file_source: true,
            truth_chunk: None,
            cl_options: String::new(),
        }
    }
}

impl Knobs {
    /// The switches as the environment sets them (the one place they are read).
    pub fn from_env() -> Knobs {
        Knobs {
            fused_local_bytes: env::fused_local_bytes(),
            fused_max_threads: env::fused_max_threads(),
            kernel_wg: env::kernel_wg(),
            lane_blocks: env::lane_blocks(),
            per_item: env::per_item(),
            per_item_split: env::per_item_split(),
            real_bins: env::real_bins(),
            tune_seconds: env::tune_seconds(),
            wisdom: env::wisdom(),
            mul_wisdom: env::mul_wisdom(),
            device_memory_capped: env::device_memory().is_some(),
            npy_stream: env::npy_stream_on(),
            stream_file_source: env::stream_file_source_on(),
            truth_chunk: env::truth_chunk(),
            cl_options: env::cl_options().unwrap_or_default(),
        }
    }
}
