//! `jitfft vc` from a .npy file to a .npy file whose dtype is the plan's own (complex64 for f32
//! plans, complex128 for f64): the file's data bytes are read straight into the transform's
//! pinned staging, the device run uploads from and downloads into that memory (plainly or
//! overlapped), and the output file is written straight from it. No conversion, no host vector
//! of the data, no fresh pages: every byte of host memory touched was allocated (and pinned)
//! once, with the transform. Every host step is timed ([`HostSteps`]).
//!
//! Issue 28 measured the general path at 3^19 (9.3 GB in f32) on the H100: 366 ms of device
//! events inside 1,992 ms of host time: the file widened to f64 (18.6 GB of fresh pages), the
//! conversion into the staging (378 ms), a fresh f64 output vector, the conversion out (437 ms)
//! and a third fresh buffer for the output bytes.

use super::file_pipeline::PinnedRing;
use super::overlap::{OverlapTimes, Overlapped};
use super::{DeviceComplex, Precision, VcTransform};
use crate::error::Result;
use crate::io::npy_raw::{
    read_at_told, read_body, read_header, write_file, NpyHeader, NpyOut, OnBytes,
};
use crate::io::npy_sizes::NpySizes;
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use num_complex::{Complex32, Complex64};
use rayon::prelude::*;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// numpy's dtype string of a plan precision's complex values.
pub fn native_descr(precision: Precision) -> &'static str {
    match precision {
        Precision::F32 => "<c8",
        Precision::F64 => "<c16",
    }
}

/// An input file that can take the zero-copy path.
#[derive(Debug, Clone)]
pub struct NativeInput {
    /// The file.
    pub path: PathBuf,
    /// Its header.
    pub header: NpyHeader,
    /// Variables of each transform.
    pub n: u32,
    /// Transforms in the file.
    pub batch: u64,
}

/// `Some` when `path`'s header (`sizes`, from `io::npy_sizes`) is a C-order .npy of the
/// plan precision's complex dtype whose shape is one or B transforms of p^n values (the rules
/// of `io::input::load_input_batch`), agreeing with `n` and `batch` where given. `None` for
/// anything else: the general reader then takes the file and reports what is wrong with it.
pub fn native_input(
    path: &Path,
    sizes: &NpySizes,
    n: Option<u32>,
    batch: Option<u64>,
    precision: Precision,
) -> Option<NativeInput> {
    let header = &sizes.header;
    if header.descr != native_descr(precision) {
        return None;
    }
    if n.is_some_and(|n| n != sizes.n) || batch.is_some_and(|x| x != sizes.batch) {
        return None;
    }
    let need = header.count() as u64 * if precision == Precision::F32 { 8 } else { 16 };
    if header.data_bytes < need {
        return None;
    }
    Some(NativeInput {
        path: path.to_path_buf(),
        header: header.clone(),
        n: sizes.n,
        batch: sizes.batch,
    })
}

/// The host steps of one file-to-file run, in ms of host wall time (device times from events).
#[derive(Debug, Clone, Default, Serialize)]
pub struct HostSteps {
    /// Reading the input's header.
    pub header_ms: f64,
    /// Reading the data bytes into the pinned staging (parallel positioned reads).
    pub read_ms: f64,
    /// Counting NaN and infinite values in the staging (parallel).
    pub scan_ms: f64,
    /// Conversions: none on this path (the file's dtype is the plan's).
    pub convert_in_ms: f64,
    /// Pinned staging and device buffers: allocated once with the transform (its
    /// `alloc_ms`), not per run.
    pub pinned_alloc_ms: f64,
    /// Host → device transfer (events).
    pub upload_ms: f64,
    /// The passes (events).
    pub kernel_ms: f64,
    /// Device → host transfer (events).
    pub download_ms: f64,
    /// Conversions: none on this path.
    pub convert_out_ms: f64,
    /// Writing the output file from the staging (parallel positioned writes, atomic rename).
    pub write_ms: f64,
    /// Host wall time of the device part (first upload to last download waited for). Runs
    /// through the pinned ring (the default; `VcTransform::run_pipelined`): it includes the read
    /// and the write, which overlap the transfers, and `read_ms`/`write_ms` are the time inside
    /// them.
    pub device_host_ms: f64,
    /// The device events of that part: upload + kernel + download, or with `--overlap` the
    /// first upload's start to the last download's end.
    pub device_events_ms: f64,
    /// Host wall time of the whole run, header read to output written.
    pub total_ms: f64,
    /// NaN or infinite input values found by the scan.
    pub non_finite: usize,
}

/// Where a run reads and writes: the input, the output (when given) and its shape, and who is
/// told the bytes of each piece read and written (a progress bar).
pub struct FileEnds<'a> {
    /// The input.
    pub src: &'a NativeInput,
    /// The output file, if any.
    pub out: Option<&'a Path>,
    /// The output's shape.
    pub out_shape: &'a [usize],
    /// Told each piece's bytes as it is read or written.
    pub on: OnBytes<'a>,
    /// Plain runs stage through this ring of pinned chunks (the transform made by
    /// `VcTransform::new_unstaged`); `None`: through the transform's whole staging.
    pub ring: Option<&'a PinnedRing>,
    /// Ring runs: fail before writing when the input holds NaN or ∞ (`--strict`).
    pub refuse_non_finite: bool,
}

/// One run from `f.src` to `f.out` through `tr`'s staging, overlapped when `ov` is given
/// (which must be built on `tr`). Returns the run's times as plain runs report them, the
/// overlap figures, and the host steps.
pub fn run_native(
    gpu: &Gpu,
    tr: &VcTransform,
    ov: Option<&Overlapped>,
    f: &FileEnds,
) -> Result<(RunTimes, Option<OverlapTimes>, HostSteps)> {
    match tr.plan.precision {
        Precision::F32 => {
            run_typed::<Complex32>(gpu, tr, ov, f, |c| c.re.is_finite() && c.im.is_finite())
        }
        Precision::F64 => {
            run_typed::<Complex64>(gpu, tr, ov, f, |c| c.re.is_finite() && c.im.is_finite())
        }
    }
}

fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

fn run_typed<C: DeviceComplex>(
    gpu: &Gpu,
    tr: &VcTransform,
    ov: Option<&Overlapped>,
    f: &FileEnds,
    finite: impl Fn(&C) -> bool + Sync,
) -> Result<(RunTimes, Option<OverlapTimes>, HostSteps)> {
    let (src, out, out_shape) = (f.src, f.out, f.out_shape);
    let t0 = Instant::now();
    let mut s = HostSteps {
        pinned_alloc_ms: tr.alloc_ms,
        ..Default::default()
    };
    // The header again: the file may have changed since the plan was made from it.
    let header = read_header(&src.path)?;
    if header != src.header {
        return Err(crate::error::JitError::file(
            &src.path,
            "changed while being read (its header differs)",
        ));
    }
    s.header_ms = ms_since(t0);
    if let (None, Some(ring)) = (ov, f.ring) {
        return ring_run::<C>(gpu, tr, ring, f, finite, (s, t0));
    }
    tr.with_staging::<C, _>(|m| {
        let t = Instant::now();
        read_body(
            &src.path,
            header.data_offset,
            bytemuck::cast_slice_mut(&mut m[..]),
            f.on,
        )?;
        s.read_ms = ms_since(t);
        let t = Instant::now();
        s.non_finite = m.par_iter().filter(|c| !finite(c)).count();
        s.scan_ms = ms_since(t);
        Ok(())
    })?;
    let t = Instant::now();
    let (times, over) = match ov {
        Some(ov) => {
            let (times, over) = ov.run_staged()?;
            s.device_events_ms = over.events_ms;
            (times, Some(over))
        }
        None => {
            let times = tr.run_staged(gpu)?;
            s.device_events_ms = times.upload_ms + times.kernel_ms + times.download_ms;
            (times, None)
        }
    };
    s.device_host_ms = ms_since(t);
    s.upload_ms = times.upload_ms;
    s.kernel_ms = times.kernel_ms;
    s.download_ms = times.download_ms;
    if let Some(path) = out {
        tr.with_staging::<C, _>(|m| {
            let t = Instant::now();
            write_file(
                path,
                native_descr(C::PRECISION),
                out_shape,
                bytemuck::cast_slice(&m[..]),
                f.on,
            )?;
            s.write_ms = ms_since(t);
            Ok(())
        })?;
    }
    s.total_ms = ms_since(t0);
    Ok((times, over, s))
}

/// The plain run staged through the ring (`VcTransform::run_pipelined`): each chunk read
/// from the file straight into a pinned chunk, scanned and uploaded while the next is read;
/// each chunk of the spectrum written to the output file as soon as it is down, while later
/// chunks are still coming. With `refuse_non_finite`, a NaN or ∞ anywhere in the input fails
/// the run before any output is written.
fn ring_run<C: DeviceComplex>(
    gpu: &Gpu,
    tr: &VcTransform,
    ring: &PinnedRing,
    f: &FileEnds,
    finite: impl Fn(&C) -> bool + Sync,
    (mut s, t0): (HostSteps, Instant),
) -> Result<(RunTimes, Option<OverlapTimes>, HostSteps)> {
    let src = f.src;
    let file = std::fs::File::open(&src.path)
        .map_err(|e| crate::error::JitError::file(&src.path, format!("cannot read: {e}")))?;
    let body = tr.plan.total_len() as usize * std::mem::size_of::<C>();
    let target = match f.out {
        Some(path) => Some(NpyOut::create(
            path,
            native_descr(C::PRECISION),
            f.out_shape,
            body,
        )?),
        None => None,
    };
    let (mut scan_ms, non_finite) = (0.0, std::cell::Cell::new(0));
    let t = Instant::now();
    let (times, st) = tr.run_pipelined(
        gpu,
        ring,
        |at, chunk| {
            read_at_told(
                &file,
                &src.path,
                src.header.data_offset + at as u64,
                chunk,
                f.on,
            )?;
            let ts = Instant::now();
            let values: &[C] = bytemuck::cast_slice(chunk);
            non_finite.set(non_finite.get() + values.par_iter().filter(|c| !finite(c)).count());
            scan_ms += ms_since(ts);
            Ok(())
        },
        || match non_finite.get() {
            k if k > 0 && f.refuse_non_finite => Err(crate::error::JitError::invalid(format!(
                "{}: {k} NaN or infinite value(s); refused by --strict",
                src.path.display()
            ))),
            _ => Ok(()),
        },
        |at, chunk| match &target {
            Some(t) => t.write_pieces(at, chunk, f.on),
            None => Ok(()),
        },
    )?;
    s.device_host_ms = ms_since(t);
    s.scan_ms = scan_ms;
    s.read_ms = st.fill_ms - scan_ms;
    s.non_finite = non_finite.get();
    s.upload_ms = times.upload_ms;
    s.kernel_ms = times.kernel_ms;
    s.download_ms = times.download_ms;
    s.device_events_ms = times.upload_ms + times.kernel_ms + times.download_ms;
    let tw = Instant::now();
    let writes = target.is_some();
    if let Some(t) = target {
        t.persist()?;
    }
    // A run without an output writes nothing (its drain only ran the empty sink).
    s.write_ms = if writes {
        st.drain_ms + ms_since(tw)
    } else {
        0.0
    };
    s.total_ms = ms_since(t0);
    Ok((times, None, s))
}
