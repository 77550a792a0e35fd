//! The environment as the library reads it: every variable one function here, the only
//! module of the library that calls `std::env::var` (clippy's `disallowed-methods` elsewhere;
//! the CLI reads its own). `runtime::Knobs` gathers the switches a run carries; the program
//! cache's `JITFFT_CACHE_DIR`, `JITFFT_NO_CACHE` and `JITFFT_DUMP_DIR` are read by
//! `runtime::build`. Plain data and std only: the planning layer may name the switches' types.
#![allow(clippy::disallowed_methods)]

use std::path::PathBuf;

/// `JITFFT_DEVICE`: the device to use when `--device` is not given (index, name substring,
/// `gpu` or `cpu`).
pub fn device() -> Option<String> {
    std::env::var("JITFFT_DEVICE").ok()
}

/// `JITFFT_WISDOM`: the file of tuned choices (`jitfft tune`), instead of `wisdom.json` in
/// the cache folder.
pub fn wisdom() -> Option<PathBuf> {
    std::env::var("JITFFT_WISDOM").ok().map(PathBuf::from)
}

/// `JITFFT_CL_OPTIONS`: OpenCL build options added to every program build (e.g.
/// `-cl-opt-disable`, which the default test run sets: PoCL compiles 5–8× faster).
pub fn cl_options() -> Option<String> {
    std::env::var("JITFFT_CL_OPTIONS").ok()
}

/// `JITFFT_FUSED_LOCAL_BYTES`: the fused passes' local-memory budget in bytes, lower or
/// higher than the device reports (clamped to 64 B .. 1 MiB by the caller); unparsable values
/// are ignored.
pub fn fused_local_bytes() -> Option<u64> {
    std::env::var("JITFFT_FUSED_LOCAL_BYTES")
        .ok()
        .and_then(|v| v.parse().ok())
}

/// `JITFFT_FUSED_MAX_THREADS`: a lower work-group limit for fused passes (tests run the
/// many-values-per-thread tiles of NVIDIA's 256-work-item limit on small transforms);
/// unparsable values are ignored.
pub fn fused_max_threads() -> Option<u64> {
    std::env::var("JITFFT_FUSED_MAX_THREADS")
        .ok()
        .and_then(|v| v.parse().ok())
}

/// `JITFFT_PER_ITEM`: the one-work-item-per-function kernel of small reductions (bentness,
/// `vc::fused::FusedPass::per_item`): `off` plans the tile kernel instead (A/B), a
/// number sets its work-group size (rounded down to a multiple of 4; default 64). `None`:
/// unset or unparsable (the default); `Some(0)`: off. `split` or `split:R` (see
/// [`per_item_split`]) keep the kernel on.
pub fn per_item() -> Option<u64> {
    match std::env::var("JITFFT_PER_ITEM").ok()?.as_str() {
        "off" | "0" => Some(0),
        v => v.parse().ok(),
    }
}

/// `JITFFT_PER_ITEM=split[:R]`: the per-function kernel with each function split over p
/// work-items by its top digit (fewer registers a work-item, one exchange through local
/// memory), R functions a work-group (default 32). An experiment for the H100's register
/// bound (`docs/history/2026-11-23-every-p-bent-cpu.md`, issue 13), not the default. `None` unless set so.
pub fn per_item_split() -> Option<u64> {
    let v = std::env::var("JITFFT_PER_ITEM").ok()?;
    match v.strip_prefix("split")? {
        "" => Some(32),
        r => r.strip_prefix(':')?.parse().ok(),
    }
}

/// `JITFFT_KERNEL_WG` = `auto` (default) | `device` | `reported` (or `kernel`); other values
/// read as auto.
pub fn kernel_wg() -> KernelWg {
    match std::env::var("JITFFT_KERNEL_WG").as_deref() {
        Ok("device") => KernelWg::Device,
        Ok("reported" | "kernel") => KernelWg::Reported,
        _ => KernelWg::Auto,
    }
}

/// `JITFFT_REAL_BINS` = `auto` (default) | `on` | `off`; other values read as auto.
pub fn real_bins() -> RealBins {
    match std::env::var("JITFFT_REAL_BINS").as_deref() {
        Ok("on") => RealBins::On,
        Ok("off") => RealBins::Off,
        _ => RealBins::Auto,
    }
}

/// `JITFFT_LANE_BLOCKS` = `auto` (default) | `off` | `whole` | `on` | `on:L` | `on:Lh`; other
/// values read as auto.
pub fn lane_blocks() -> LaneBlocks {
    match std::env::var("JITFFT_LANE_BLOCKS").as_deref() {
        Ok("off") => LaneBlocks::Off,
        Ok("whole") => LaneBlocks::Whole,
        Ok("on") => LaneBlocks::On(None, false),
        Ok(v) => {
            let arg = v.strip_prefix("on:").unwrap_or("");
            let (len, halves) = match arg.strip_suffix('h') {
                Some(l) => (l, true),
                None => (arg, false),
            };
            match len.parse() {
                Ok(l) if l > 0 => LaneBlocks::On(Some(l), halves),
                _ => LaneBlocks::Auto,
            }
        }
        _ => LaneBlocks::Auto,
    }
}

/// `JITFFT_TUNE_SECONDS`: `explore`/`tune` start no new candidate after this many seconds
/// (sweeps of many sizes under a time limit); unparsable values are ignored.
pub fn tune_seconds() -> Option<f64> {
    std::env::var("JITFFT_TUNE_SECONDS")
        .ok()
        .and_then(|v| v.parse().ok())
}

/// `JITFFT_VENDOR_LIB_DIRS`: the folders searched for vendor OpenCL libraries
/// (colon-separated), replacing the built-in list.
pub fn vendor_lib_dirs() -> Option<Vec<PathBuf>> {
    std::env::var("JITFFT_VENDOR_LIB_DIRS")
        .ok()
        .map(|v| std::env::split_paths(&v).collect())
}

/// `JITFFT_COMMIT`: the commit recorded in benchmark results (else the one built in, else
/// `git rev-parse`); blank values are ignored.
pub fn commit() -> Option<String> {
    std::env::var("JITFFT_COMMIT")
        .ok()
        .map(|c| c.trim().to_string())
        .filter(|c| !c.is_empty())
}

/// `JITFFT_CACHE_DIR`: the folder for jitfft's caches (built programs, saved sources, wisdom),
/// instead of the user's cache folder. Any set value is taken as is (even an empty one).
pub fn cache_dir() -> Option<PathBuf> {
    std::env::var("JITFFT_CACHE_DIR").ok().map(PathBuf::from)
}

/// `JITFFT_NO_CACHE=1`: compile every program from source, neither reading nor writing the
/// binary cache. Other values leave the cache on.
pub fn no_cache() -> bool {
    std::env::var("JITFFT_NO_CACHE").is_ok_and(|v| v == "1")
}

/// `JITFFT_DUMP_DIR`: a folder where each freshly built program's source, binary (PTX text on
/// NVIDIA) and build log are kept, named by cache key.
pub fn dump_dir() -> Option<PathBuf> {
    std::env::var("JITFFT_DUMP_DIR").ok().map(PathBuf::from)
}

/// `JITFFT_OFFLINE_DIR`: the folder of the offline GPU compilers' libraries (libclc), saved
/// sources and assembly (`jitfft stats --target`), instead of `~/.cache/jitfft/offline`.
pub fn offline_dir() -> Option<PathBuf> {
    std::env::var("JITFFT_OFFLINE_DIR")
        .ok()
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// `JITFFT_DEVICE_MEMORY`: a cap on the device memory jitfft plans for (`1MiB`, `4GiB`, `512KiB`,
/// `3GB` or plain bytes), applied to the global memory and the largest allocation every
/// device reports: plans that would not fit the capped device stream through it
/// (`vc::stream`), so the streamed path runs on a small CPU device in tests. Unparsable or zero
/// values are an error where the device is opened, not ignored.
pub fn device_memory() -> Option<std::result::Result<u64, String>> {
    let v = std::env::var("JITFFT_DEVICE_MEMORY").ok()?;
    Some(parse_bytes(&v).ok_or_else(|| {
        format!("JITFFT_DEVICE_MEMORY={v}: expected a size such as 1MiB, 4GiB, 3GB or 1048576 (bytes, > 0)")
    }))
}

/// Bytes of `1MiB`, `4GiB`, `512KiB`, `3GB`, `10MB`, `4096` (binary and decimal units).
pub fn parse_bytes(s: &str) -> Option<u64> {
    let s = s.trim();
    let split = s
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let x: f64 = num.parse().ok()?;
    let mult: f64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kib" => 1024.0,
        "m" | "mib" => 1024.0 * 1024.0,
        "g" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "kb" => 1e3,
        "mb" => 1e6,
        "gb" => 1e9,
        _ => return None,
    };
    let b = (x * mult).round();
    // Beyond u64 (2^64 as f64 and up) is refused, not saturated to u64::MAX.
    (b >= 1.0 && b < u64::MAX as f64).then_some(b as u64)
}

/// The zero-copy .npy path streams plain runs through a ring of pinned chunks (each read and
/// uploaded while the next is read; each written as soon as it is down): the default, since
/// pinning a file-sized staging cost 3.5 s for 3^19 on the H100 host. `JITFFT_NPY_STREAM=off`:
/// read all into the whole staging, run, write all (the A/B).
pub fn npy_stream_on() -> bool {
    !std::env::var("JITFFT_NPY_STREAM").is_ok_and(|v| v == "off" || v == "0")
}

/// Streamed .npy runs read the first pass's chunks from the input file straight into the
/// pinned slots (default); `JITFFT_STREAM_FILE_SOURCE=off`: the whole file into the host
/// array first (the A/B).
pub fn stream_file_source_on() -> bool {
    !std::env::var("JITFFT_STREAM_FILE_SOURCE").is_ok_and(|v| v == "off" || v == "0")
}

/// `JITFFT_TRUTH_CHUNK=4MiB` (any [`parse_bytes`] size): the largest chunk of a truth-vector
/// upload from host memory (`vc::truth_upload`; chunks start at 64 KB and double up to it).
/// An A/B for the GPU host's bus (85 MB of bent truth vectors reached 25 GB/s in 4 MB chunks
/// where one 344 MB transfer reached 54 GB/s). `None`: unset or unparsable (4 MiB).
pub fn truth_chunk() -> Option<u64> {
    parse_bytes(&std::env::var("JITFFT_TRUTH_CHUNK").ok()?)
}

/// `JITFFT_STREAM_HOST=staged`: streamed runs keep their host array in pageable memory and
/// move chunks through the gather/scatter staging even where jitfft could hold it pinned
/// (an A/B of the two mechanisms); unset or any other value: the library chooses.
pub fn stream_host_staged() -> bool {
    std::env::var("JITFFT_STREAM_HOST").is_ok_and(|v| v == "staged")
}

/// `JITFFT_MUL_WISDOM`: the `mul` tuner's wisdom file, instead of the default.
pub fn mul_wisdom() -> Option<PathBuf> {
    std::env::var_os("JITFFT_MUL_WISDOM").map(PathBuf::from)
}

/// `JITFFT_OCL_HOME`: where `tools/setup.sh --intel` unpacked Intel's CPU runtime wheels.
pub fn ocl_home() -> Option<PathBuf> {
    std::env::var_os("JITFFT_OCL_HOME").map(PathBuf::from)
}

/// The folders of `LD_LIBRARY_PATH` (the OpenCL loader's search path).
pub fn ld_library_path() -> Vec<PathBuf> {
    std::env::var_os("LD_LIBRARY_PATH")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default()
}

/// The folders of `PATH` (where external tools are found).
pub fn path_dirs() -> Vec<PathBuf> {
    std::env::var_os("PATH")
        .map(|v| std::env::split_paths(&v).collect())
        .unwrap_or_default()
}

/// `POCL_CACHE_DIR`: PoCL's kernel cache, where set.
pub fn pocl_cache_dir() -> Option<PathBuf> {
    std::env::var_os("POCL_CACHE_DIR").map(PathBuf::from)
}

/// `XDG_CACHE_HOME`: the user's cache folder, where set.
pub fn xdg_cache_home() -> Option<PathBuf> {
    std::env::var_os("XDG_CACHE_HOME").map(PathBuf::from)
}

/// `JITFFT_MPI_FAIL_RANK` and `JITFFT_MPI_FAIL_STAGE` (default `build`): the rank and stage of
/// an injected failure (a test hook of `mpi`), when the rank is set.
pub fn mpi_fail() -> Option<(String, String)> {
    let rank = std::env::var("JITFFT_MPI_FAIL_RANK").ok()?;
    let stage = std::env::var("JITFFT_MPI_FAIL_STAGE").unwrap_or_else(|_| "build".into());
    Some((rank, stage))
}

/// `JITFFT_SET_FAIL_MEMBER` and `JITFFT_SET_FAIL_STAGE` (`build`, or `run`: the last run, the
/// default): the device-set member and stage of an injected failure (a test hook of
/// `model::split`), when the member is set.
pub fn set_fail() -> Option<(String, String)> {
    let member = std::env::var("JITFFT_SET_FAIL_MEMBER").ok()?;
    let stage = std::env::var("JITFFT_SET_FAIL_STAGE").unwrap_or_else(|_| "run".into());
    Some((member, stage))
}

/// `JITFFT_SET_SPLIT`: how a batch's rows are dealt over a device set (`auto`, the default;
/// `equal`; `speed`: by each member's rows per ms in a probe run). Anything else is `auto`.
pub fn set_split() -> SplitRule {
    match std::env::var("JITFFT_SET_SPLIT").as_deref().map(str::trim) {
        Ok("equal") => SplitRule::Equal,
        Ok("speed") => SplitRule::Speed,
        _ => SplitRule::Auto,
    }
}

/// How a batch's rows are dealt over a set (`JITFFT_SET_SPLIT`): `auto` (equal over members of
/// one model, by measured speed otherwise), `equal`, or `speed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SplitRule {
    /// Equal where every member is the same model (same name and driver), else by speed.
    Auto,
    /// Equal shares.
    Equal,
    /// By each member's rows per ms in a probe run.
    Speed,
}

/// Which work-group limit fused schedules take (`JITFFT_KERNEL_WG`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KernelWg {
    /// Unset or `auto`: the reported limit, the device maximum where measured to pay
    /// (`vc::execute::fused_limits_for_plan`).
    Auto,
    /// `device`: the device's work-group maximum although the kernel query reports less
    /// (NVIDIA's OpenCL reports 256).
    Device,
    /// `reported`: always the limit the kernel query reports.
    Reported,
}

/// Whether the end passes of a real run's fused schedule hold all h bins of their rows in one
/// work-group (`JITFFT_REAL_BINS`; `vc::half_edge`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RealBins {
    /// Unset or `auto`: where that adds no pass to the schedule.
    Auto,
    /// `on`: always (smaller tiles a bin, passes added where they must be).
    On,
    /// `off`: one bin a work-group (the h bins of a tile in consecutive work-groups).
    Off,
}

/// Whether default in-place fused schedules use lane blocks (`JITFFT_LANE_BLOCKS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LaneBlocks {
    /// Unset or `auto`: where the run-length model predicts them cheaper, arrays beyond L2.
    Auto,
    /// `off`: lane digits only (the A/B of the GPU sweeps).
    Off,
    /// `whole`: as `auto`, but exchanges never in real/imaginary halves (the A/B of halves).
    Whole,
    /// `on`: wherever a block schedule exists, any size; `on:L`: blocks of at most L lanes
    /// (tests of cut blocks and work-items that step through rows on small arrays); `on:Lh`:
    /// and exchanges in real/imaginary halves wherever a pass has two digits or more.
    On(Option<u64>, bool),
}
