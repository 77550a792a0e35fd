//! Host data end to end with transfers overlapped with compute: the input is uploaded in K
//! chunks on a transfer queue while the compute queue runs the first pass on each chunk as it
//! lands; the middle passes need all the data; the last pass runs in K pieces, each downloaded
//! on the transfer queue as soon as it is done, while the next piece computes. Every command
//! has a profiling event; the queues are joined by event dependencies (one wait each).
//!
//! # Which memory a piece of a pass touches
//!
//! Every pass (fused, ct or cg) is a set of *units* — fused: a work-group, ct/cg: a work-item —
//! whose index is spelled by some digits of the element index (the *unit digits*), while the
//! unit itself covers all values of the other digits. When the unit digits sit at consecutive
//! positions `a .. a+w` (least significant first) and the other digits fill the rest, units
//! `[u0, u1)` touch a rectangle: rows `r < p^(n−a−w)` (the digits above), each the contiguous
//! span `r·p^(a+w) + [u0·p^a, u1·p^a)`. The maps come from the schedule's own data:
//! - fused: unit digits are `FusedPass::wg` (input positions for the reads, output positions
//!   for the writes), the others the `tile` digits. The first pass of both layouts reads
//!   contiguous tiles (one row); the last pass writes rows (rotate: the transformed digits go
//!   to the top; in place: the top digits are transformed, lane digits at the bottom);
//! - cg, radix p^d: reads `tid·r + i` (unit digits d..n: contiguous), writes `tid + i·N/r`
//!   (unit digits 0..n−d: r rows);
//! - ct, distance p^s: unit digits 0..s and s+d..n, so the first pass (s = n−d) reads and
//!   writes r rows and the last (s = 0) contiguous runs.
//!
//! Pieces are ranges of whole work-groups. Kernels see the range through the global work
//! offset (`get_global_id`; fused kernels add `get_global_offset(0) / work-group size` to
//! their work-group id). A side whose map is not such a rectangle (no current schedule) is
//! not split: it moves in one transfer, and only the other side overlaps.
//!
//! # Downloads
//!
//! `rect` (default) reads each finished piece with `clEnqueueReadBufferRect` into the same
//! rows of the pinned staging. `packed` first copies the piece's rows, on the device, into
//! the contiguous range the piece's last-pass input occupied (consumed by then: possible when
//! the last pass reads contiguous tiles from the other buffer — rotate layout, cg), downloads
//! that run with a plain read, and unscrambles on the host while converting to f64. Where
//! packing is impossible (in-place layout, ct, single pass) `packed` falls back to `rect`, and
//! the report says so.
//!
//! # What cannot overlap
//!
//! Every output of a VC transform depends on every input, so the last pass starts after the
//! last upload: with one transform the two directions never run at once, and the best
//! possible end-to-end time is the upload plus the download of the data (the sequential
//! pinned-transfer floor) plus what compute is left unhidden: pass 1 on the last chunk, the
//! middle passes, the last pass on the first piece.

use super::execute::{Buffers, Real, TypedBuffers, LOCAL_SIZE};
use super::plan::Algorithm;
use super::schedule::Buf;
use super::VcTransform;
use crate::error::{JitError, Result};
use crate::runtime::timing::event_span_ns;
use crate::runtime::transfer::{self, Rect};
use crate::runtime::{Arg, Gpu, KernelHandle};
use num_complex::Complex64;
use ocl::{Buffer, Event, Queue};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// Chunks when `--chunks` is not given (capped by what the schedule allows).
pub const DEFAULT_CHUNKS: usize = 8;

/// The memory a unit of a pass touches: rows `r < rows`, each `[r·pitch + u·width, +width)`
/// for unit `u` (in complex elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RowMap {
    pub rows: u64,
    pub pitch: u64,
    pub width: u64,
}

impl RowMap {
    /// The rectangle units `[u0, u1)` touch.
    pub fn rect(&self, u0: u64, u1: u64) -> Rect {
        Rect {
            start: (u0 * self.width) as usize,
            rows: self.rows as usize,
            pitch: self.pitch as usize,
            len: ((u1 - u0) * self.width) as usize,
        }
    }
}

/// The row map of units whose index digits sit at `unit_pos` (least significant first), the
/// other digits of the element index at `other_pos`; `None` when that is not a rectangle.
pub fn row_map(p: u32, n: u32, unit_pos: &[u32], other_pos: &[u32]) -> Option<RowMap> {
    let pw = |e: u32| (p as u64).pow(e);
    let w = unit_pos.len() as u32;
    if unit_pos.len() + other_pos.len() != n as usize {
        return None;
    }
    if w == 0 {
        return Some(RowMap {
            rows: 1,
            pitch: pw(n),
            width: pw(n),
        });
    }
    let a = unit_pos[0];
    if unit_pos.iter().enumerate().any(|(i, &q)| q != a + i as u32) || a + w > n {
        return None;
    }
    let mut others = other_pos.to_vec();
    others.sort_unstable();
    let want: Vec<u32> = (0..a).chain(a + w..n).collect();
    if others != want {
        return None;
    }
    Some(RowMap {
        rows: pw(n - a - w),
        pitch: pw(a + w),
        width: pw(a),
    })
}

/// One launch of a schedule: kernel, arguments, range, buffers and the memory its units touch.
pub(super) struct Launch<'a> {
    pub kernel: &'a KernelHandle,
    pub args: Vec<Arg<'a>>,
    /// Work-items needed (the launch pads them to whole work-groups; kernels guard the tail).
    pub items: usize,
    pub local: usize,
    pub src: Buf,
    pub dst: Buf,
    /// Units (fused: work-groups; ct/cg: work-items) and units per work-group.
    pub units: u64,
    pub units_per_group: u64,
    pub input: Option<RowMap>,
    pub output: Option<RowMap>,
}

impl Launch<'_> {
    pub fn groups(&self) -> usize {
        self.items.div_ceil(self.local.max(1))
    }
    /// The units of work-groups `[w0, w1)`.
    fn units_of(&self, w0: usize, w1: usize) -> (u64, u64) {
        let u = |w: usize| (w as u64 * self.units_per_group).min(self.units);
        (u(w0), u(w1))
    }
}

impl VcTransform {
    /// The schedule's launches with their arguments for these buffers, in order.
    pub(super) fn launches<'a, T: Real>(&'a self, b: &'a Buffers<T>) -> Vec<Launch<'a>> {
        let pick = |which: Buf| -> &'a Buffer<T> {
            match which {
                Buf::A => &b.a,
                Buf::B => b.b.as_ref().unwrap_or(&b.a),
            }
        };
        let (p, n) = (self.plan.p, self.plan.n);
        let mut out = Vec::with_capacity(self.schedule.pass_count());
        let mut cur = Buf::A;
        for (pass, k) in self.schedule.fused.iter().zip(&self.kernels) {
            let next = if cur == Buf::A { Buf::B } else { Buf::A };
            let wg_in: Vec<u32> = pass.wg.iter().map(|w| w.0).collect();
            let wg_out: Vec<u32> = pass.wg.iter().map(|w| w.1).collect();
            let tile_in: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
            let tile_out: Vec<u32> = pass.tile.iter().map(|d| d.out_pos).collect();
            let threads = pass.threads() as usize;
            out.push(Launch {
                kernel: k,
                args: vec![Arg::buf(pick(cur)), Arg::buf(pick(next))],
                items: pass.groups() as usize * threads,
                local: threads,
                src: cur,
                dst: next,
                units: pass.groups(),
                units_per_group: 1,
                input: row_map(p, n, &wg_in, &tile_in),
                output: row_map(p, n, &wg_out, &tile_out),
            });
            cur = next;
        }
        let wide = self.plan.len > u32::MAX as u64;
        let idx = |v: u64| {
            if wide {
                Arg::U64(v)
            } else {
                Arg::U32(v as u32)
            }
        };
        let mut done = 0u32;
        for pass in &self.schedule.passes {
            let k = &self.kernels[pass.kernel];
            let mut args: Vec<Arg> = Vec::new();
            match self.plan.algorithm {
                Algorithm::Ct => args.push(Arg::buf(pick(pass.dst))),
                Algorithm::Cg | Algorithm::Fused => {
                    args.push(Arg::buf(pick(pass.src)));
                    args.push(Arg::buf(pick(pass.dst)));
                }
            }
            if let Some((_, c)) = b.coef.iter().find(|(d, _)| *d == pass.digits) {
                args.push(Arg::buf(c));
            }
            if let Some(d) = pass.dist {
                args.push(idx(d));
            }
            args.push(idx(pass.butterflies));
            let d = pass.digits;
            let (input, output) = match self.plan.algorithm {
                Algorithm::Ct => {
                    // dist = p^s: tid's low s digits at 0..s, the rest above the group.
                    let s = n - done - d;
                    let units: Vec<u32> = (0..s).chain(s + d..n).collect();
                    let others: Vec<u32> = (s..s + d).collect();
                    let m = row_map(p, n, &units, &others);
                    (m, m)
                }
                _ => {
                    let low: Vec<u32> = (0..d).collect();
                    let high: Vec<u32> = (d..n).collect();
                    let top: Vec<u32> = (n - d..n).collect();
                    let rest: Vec<u32> = (0..n - d).collect();
                    (row_map(p, n, &high, &low), row_map(p, n, &rest, &top))
                }
            };
            let local = k.local_size(LOCAL_SIZE);
            out.push(Launch {
                kernel: k,
                args,
                items: pass.butterflies as usize,
                local,
                src: pass.src,
                dst: pass.dst,
                units: pass.butterflies,
                units_per_group: local as u64,
                input,
                output,
            });
            done += d;
        }
        out
    }
}

/// How finished pieces of the last pass come back to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DownloadMode {
    /// `clEnqueueReadBufferRect` of the piece's rows.
    Rect,
    /// A device copy packs the rows into the consumed input range, then one contiguous read.
    Packed,
}

/// One piece of a split pass: work-groups `[first_group, first_group + groups)` and the
/// memory they read (uploads) or write (downloads), in complex elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Piece {
    pub first_group: usize,
    pub groups: usize,
    pub rect: Rect,
    /// Packed downloads: where the piece's rows lie one after another (device and host).
    pub packed_at: Option<usize>,
}

/// How a transform is split for overlapped execution.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapPlan {
    pub chunks: usize,
    /// The most chunks this schedule allows (work-groups of the split passes).
    pub max_chunks: usize,
    /// Upload chunks, each followed by pass 1 on its work-groups.
    pub uploads: Vec<Piece>,
    /// Pieces of the last pass, each downloaded when done (the upload pieces again for a
    /// single-pass schedule).
    pub downloads: Vec<Piece>,
    pub passes: usize,
    /// `contiguous`, `rect` or `packed`: how the download pieces move.
    pub download: String,
    /// What overlaps with what, in words.
    pub scheme: String,
}

/// Work-groups `[c·W/K, (c+1)·W/K)` for c < K.
fn split(groups: usize, k: usize) -> Vec<(usize, usize)> {
    (0..k)
        .map(|c| (c * groups / k, (c + 1) * groups / k - c * groups / k))
        .collect()
}

fn pieces(l: &Launch, k: usize, map: RowMap) -> Vec<Piece> {
    split(l.groups(), k)
        .into_iter()
        .map(|(w0, g)| {
            let (u0, u1) = l.units_of(w0, w0 + g);
            let mut rect = map.rect(u0, u1);
            if rect.len == rect.pitch {
                // Whole rows: one contiguous run.
                rect = Rect::run(rect.start, rect.elements());
            }
            Piece {
                first_group: w0,
                groups: g,
                rect,
                packed_at: None,
            }
        })
        .collect()
}

fn whole(l: &Launch, n_elems: usize) -> Piece {
    Piece {
        first_group: 0,
        groups: l.groups(),
        rect: Rect::run(0, n_elems),
        packed_at: None,
    }
}

fn bytes(x: usize) -> String {
    let x = x as f64;
    if x >= 1024.0 * 1024.0 {
        format!("{:.1} MiB", x / (1024.0 * 1024.0))
    } else if x >= 1024.0 {
        format!("{:.1} KiB", x / 1024.0)
    } else {
        format!("{x} B")
    }
}

fn shape(pieces: &[Piece], elem: usize) -> String {
    let r = pieces[0].rect;
    if r.rows <= 1 {
        format!("contiguous runs of {}", bytes(r.len * elem))
    } else {
        format!(
            "{} rows of {} (pitch {})",
            r.rows,
            bytes(r.len * elem),
            bytes(r.pitch * elem)
        )
    }
}

impl OverlapPlan {
    /// Splits `tr`'s schedule into `chunks` pieces (default: [`DEFAULT_CHUNKS`], capped).
    pub fn new(tr: &VcTransform, chunks: Option<usize>, mode: DownloadMode) -> Result<Self> {
        match &tr.buffers {
            TypedBuffers::F32(b) => OverlapPlan::typed(tr, b, chunks, mode),
            TypedBuffers::F64(b) => OverlapPlan::typed(tr, b, chunks, mode),
        }
    }

    fn typed<T: Real>(
        tr: &VcTransform,
        b: &Buffers<T>,
        chunks: Option<usize>,
        mode: DownloadMode,
    ) -> Result<Self> {
        let ls = tr.launches(b);
        let n_elems = tr.plan.len as usize;
        let elem = tr.plan.precision.complex_bytes() as usize;
        let passes = ls.len();
        let first = &ls[0];
        let last = &ls[passes - 1];
        // The sides that split, and the work-groups each has.
        let up_map = first.input;
        let down_map = if passes == 1 {
            first.input.and(first.output)
        } else {
            last.output
        };
        // A single pass splits only when both its reads and its writes do.
        let up_split = up_map.is_some() && (passes > 1 || down_map.is_some());
        let mut limits = Vec::new();
        if up_split {
            limits.push(first.groups());
        }
        if down_map.is_some() && passes > 1 {
            limits.push(last.groups());
        }
        let max_chunks = limits.iter().copied().min().unwrap_or(1).max(1);
        let groups_note = if passes == 1 {
            format!(
                "the schedule is a single pass ({}) of {} work-group(s)",
                first.kernel.name,
                first.groups()
            )
        } else {
            format!(
                "pass 1 ({}) runs {} work-group(s), the last pass ({}) {}",
                first.kernel.name,
                first.groups(),
                last.kernel.name,
                last.groups()
            )
        };
        let k = match chunks {
            Some(0) => {
                return Err(JitError::invalid(
                    "--chunks 0: the data moves in at least one chunk (1 means no overlap)",
                ))
            }
            Some(k) if k > max_chunks => {
                let hint = if max_chunks == 1 && passes == 1 {
                    "; a single pass leaves nothing to overlap: split it with --fused-digits below n (fused) or a smaller --radix (ct/cg)"
                } else {
                    ""
                };
                return Err(JitError::invalid(format!(
                    "--chunks {k}: this plan allows 1 to {max_chunks} chunk(s), each of whole work-groups: {groups_note}{hint}"
                )));
            }
            Some(k) => k,
            None => DEFAULT_CHUNKS.min(max_chunks),
        };
        let uploads = match up_map {
            Some(m) if up_split => pieces(first, k, m),
            _ => vec![whole(first, n_elems)],
        };
        let mut downloads = if passes == 1 {
            match down_map {
                Some(m) => pieces(first, uploads.len(), m),
                None => vec![whole(first, n_elems)],
            }
        } else {
            match down_map {
                Some(m) => pieces(last, k, m),
                None => vec![whole(last, n_elems)],
            }
        };
        // Packed downloads: the last pass reads each piece's tiles as one run from the other
        // buffer, which is free once the piece is done.
        let packable = passes > 1
            && last.src != last.dst
            && downloads.len() > 1
            && downloads[0].rect.rows > 1
            && last.input.is_some_and(|m| m.rows == 1);
        let download = if downloads[0].rect.rows <= 1 {
            "contiguous"
        } else if mode == DownloadMode::Packed && packable {
            "packed"
        } else {
            "rect"
        };
        if download == "packed" {
            let m = last.input.expect("packable");
            for d in downloads.iter_mut() {
                let (u0, u1) = last.units_of(d.first_group, d.first_group + d.groups);
                let run = m.rect(u0, u1);
                debug_assert_eq!(run.elements(), d.rect.elements());
                d.packed_at = Some(run.start);
            }
        }
        let mut scheme = Vec::new();
        if uploads.len() > 1 {
            scheme.push(format!(
                "upload ∥ pass 1: {} chunks of ~{} work-groups ({})",
                uploads.len(),
                uploads[0].groups,
                shape(&uploads, elem)
            ));
        } else {
            scheme.push("one upload, then pass 1".to_string());
        }
        if passes == 3 {
            scheme.push("pass 2 on all data".to_string());
        } else if passes > 3 {
            scheme.push(format!("passes 2–{} on all data", passes - 1));
        }
        if downloads.len() > 1 {
            scheme.push(format!(
                "{} ∥ download: {} pieces of ~{} work-groups ({}, {download})",
                if passes == 1 { "pass 1" } else { "last pass" },
                downloads.len(),
                downloads[0].groups,
                shape(&downloads, elem)
            ));
        } else if passes > 1 {
            scheme.push("last pass, then one download".to_string());
        } else {
            scheme.push("then one download".to_string());
        }
        if mode == DownloadMode::Packed && download != "packed" && downloads.len() > 1 {
            scheme.push(
                "packed downloads need a last pass that reads contiguous tiles from the other buffer (rotate layout, cg): rect used"
                    .to_string(),
            );
        }
        Ok(OverlapPlan {
            chunks: k,
            max_chunks,
            uploads,
            downloads,
            passes,
            download: download.to_string(),
            scheme: scheme.join("; "),
        })
    }
}

/// Times of one overlapped run; device figures from profiling events.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapTimes {
    /// First upload start → last download end.
    pub events_ms: f64,
    /// Sums of the upload and download commands.
    pub upload_ms: f64,
    pub download_ms: f64,
    /// Device copies of packed downloads.
    pub pack_ms: f64,
    pub kernel_ms: f64,
    /// Time inside `events_ms` with no transfer running (compute left unhidden, gaps).
    pub exposed_ms: f64,
    /// Host: f64 → device precision into pinned memory, before the first upload.
    pub convert_in_ms: f64,
    /// Host: pinned → f64, piece by piece as downloads finish (overlaps later downloads).
    pub convert_out_ms: f64,
    /// Host wall clock of the whole run, conversions included.
    pub host_ms: f64,
}

/// Pinned-transfer floor: the same bytes through the same pinned memory, nothing else running.
#[derive(Debug, Clone, Serialize)]
pub struct TransferFloor {
    /// One upload of the whole data, one download of it (each its own event).
    pub upload_ms: f64,
    pub download_ms: f64,
    /// upload + download: the floor ratios use.
    pub sequential_ms: f64,
    /// Both directions at once on the two queues (halves swapped in two phases, so each byte
    /// goes up and down once): first start → last end. Equal to `sequential_ms` where the
    /// device does not overlap directions.
    pub bidirectional_ms: f64,
}

/// A transform made ready for overlapped runs: its plan split, a second (transfer) queue.
pub struct Overlapped<'a> {
    pub tr: &'a VcTransform,
    gpu: &'a Gpu,
    xfer: Queue,
    pub plan: OverlapPlan,
    /// Packed downloads: the kernel that gathers a piece's rows into one run.
    pack: Option<KernelHandle>,
}

/// The program of the packing kernel: `dst[at + i] = src[start + (i / len)·pitch + i % len]`
/// for i < total (a device copy of a rectangle into a run; `clEnqueueCopyBufferRect` cannot
/// express a destination run that does not start on a row boundary on every driver).
fn pack_source(f64p: bool, wide: bool) -> String {
    let mut w = crate::clgen::Writer::new();
    w.comment("jitfft generated program: packs rows of a finished piece into one contiguous run");
    crate::clgen::complex_preamble(&mut w, f64p, wide);
    w.open(
        "__kernel void jitfft_pack(__global const real2 *restrict src, __global real2 *restrict dst, \
         const idx_t start, const idx_t pitch, const idx_t len, const idx_t at, const idx_t total)",
    );
    w.line("const idx_t i = get_global_id(0);");
    w.line("if (i >= total) return;");
    w.line("dst[at + i] = src[start + (i / len) * pitch + i % len];");
    w.close();
    w.finish()
}

/// Sends pointer-sized views of memory across rayon's threads for disjoint writes.
#[derive(Clone, Copy)]
struct SendPtr<T>(*mut T);
unsafe impl<T> Send for SendPtr<T> {}
unsafe impl<T> Sync for SendPtr<T> {}

impl<T> SendPtr<T> {
    /// The pointer `i` elements on (a method, so closures capture the whole wrapper).
    unsafe fn at(&self, i: usize) -> *mut T {
        self.0.add(i)
    }
}

/// Converts the rows of `rect` (complex elements of `out`) from interleaved pinned values,
/// row r read from `host[2·(from + r·from_pitch) ..]`.
fn convert_rows<T: Real>(
    out: &mut [Complex64],
    host: &[T],
    rect: Rect,
    from: usize,
    from_pitch: usize,
) {
    let one = |o: &mut [Complex64], h: &[T]| {
        for (d, s) in o.iter_mut().zip(h.chunks_exact(2)) {
            *d = Complex64::new(s[0].to_f64(), s[1].to_f64());
        }
    };
    if rect.rows <= 1 {
        let o = &mut out[rect.start..rect.start + rect.len];
        let h = &host[2 * from..2 * (from + rect.len)];
        o.par_chunks_mut(1 << 14)
            .zip(h.par_chunks(2 << 14))
            .for_each(|(o, h)| one(o, h));
        return;
    }
    assert!(rect.end() <= out.len() && rect.start % rect.pitch + rect.len <= rect.pitch);
    let optr = SendPtr(out.as_mut_ptr());
    (0..rect.rows).into_par_iter().for_each(|r| {
        let range = rect.row(r);
        // SAFETY: rows of a rectangle with len ≤ pitch are disjoint and inside `out`.
        let o = unsafe { std::slice::from_raw_parts_mut(optr.at(range.start), rect.len) };
        let s = 2 * (from + r * from_pitch);
        one(o, &host[s..s + 2 * rect.len]);
    });
}

impl<'a> Overlapped<'a> {
    /// Splits the schedule (`chunks`: see [`OverlapPlan::new`]) and opens the transfer queue.
    pub fn new(
        gpu: &'a Gpu,
        tr: &'a VcTransform,
        chunks: Option<usize>,
        mode: DownloadMode,
    ) -> Result<Overlapped<'a>> {
        let plan = OverlapPlan::new(tr, chunks, mode)?;
        let pack = if plan.download == "packed" {
            let f64p = tr.plan.precision == crate::transform::Precision::F64;
            let src = pack_source(f64p, tr.plan.len > u32::MAX as u64);
            let built = crate::runtime::build_program(gpu, &src, "")?;
            Some(KernelHandle::new(gpu, &built.program, "jitfft_pack")?)
        } else {
            None
        };
        Ok(Overlapped {
            tr,
            gpu,
            xfer: gpu.extra_queue()?,
            plan,
            pack,
        })
    }

    /// Enqueues the packing of `rect` of `src` into `dst[at ..]` on the compute queue.
    fn pack<T: Real>(
        &self,
        k: &KernelHandle,
        src: &Buffer<T>,
        dst: &Buffer<T>,
        rect: Rect,
        at: usize,
    ) -> Result<Event> {
        let wide = self.tr.plan.len > u32::MAX as u64;
        let idx = |v: usize| {
            if wide {
                Arg::U64(v as u64)
            } else {
                Arg::U32(v as u32)
            }
        };
        let total = rect.elements();
        k.set_args(&[
            Arg::buf(src),
            Arg::buf(dst),
            idx(rect.start),
            idx(rect.pitch),
            idx(rect.len),
            idx(at),
            idx(total),
        ])?;
        let local = k.local_size(256);
        k.launch_groups(&self.gpu.queue, 0, total.div_ceil(local), local, None)
    }

    /// Device and pinned host memory the runs use, in bytes (the transform's own buffers:
    /// overlapping allocates nothing more).
    pub fn memory(&self) -> (u64, u64) {
        let data = self.tr.plan.buffer_bytes();
        (data * self.tr.plan.buffers_needed(), data)
    }

    /// Transforms `input` with transfers overlapped; returns the output, the run's times in
    /// the form of plain runs (sums per pass, transfers summed over pieces) and the overlap
    /// figures.
    pub fn run(
        &self,
        input: &[Complex64],
    ) -> Result<(Vec<Complex64>, super::RunTimes, OverlapTimes)> {
        if input.len() as u64 != self.tr.plan.len {
            return Err(JitError::invalid(format!(
                "input has {} values, the plan needs N = {}",
                input.len(),
                self.tr.plan.len
            )));
        }
        match &self.tr.buffers {
            TypedBuffers::F32(b) => self.run_typed(b, input),
            TypedBuffers::F64(b) => self.run_typed(b, input),
        }
    }

    fn run_typed<T: Real>(
        &self,
        b: &Buffers<T>,
        input: &[Complex64],
    ) -> Result<(Vec<Complex64>, super::RunTimes, OverlapTimes)> {
        let t0 = Instant::now();
        let len = input.len();
        b.staging.with_map(|m| {
            m[..2 * len]
                .par_chunks_mut(2)
                .zip(input.par_iter())
                .for_each(|(d, c)| {
                    d[0] = T::from_f64(c.re);
                    d[1] = T::from_f64(c.im);
                });
            Ok(())
        })?;
        let convert_in_ms = t0.elapsed().as_secs_f64() * 1e3;
        // Touched in parallel: a serial fill of N complex values (vec![x; n] cannot use
        // calloc for Complex64) page-faulted ~0.3 s at 3^16 and 2 s at 2^28 on the GPU host.
        let mut out: Vec<Complex64> = (0..len)
            .into_par_iter()
            .map(|_| Complex64::default())
            .collect();
        let ls = self.tr.launches(b);
        let pick = |which: Buf| -> &Buffer<T> {
            match which {
                Buf::A => &b.a,
                Buf::B => b.b.as_ref().unwrap_or(&b.a),
            }
        };
        let (cq, tq) = (&self.gpu.queue, &self.xfer);
        let plan = &self.plan;
        let passes = ls.len();
        let mut convert_out_ms = 0.0;
        let (ups, pass_evs, packs, downs) = b.staging.with_map(|host| {
            let mut pipeline = || -> Result<_> {
                // Uploads, all on the transfer queue.
                let mut ups = Vec::with_capacity(plan.uploads.len());
                for piece in &plan.uploads {
                    // SAFETY: the staging outlives the command: every event is waited for below.
                    ups.push(unsafe {
                        transfer::write_rect(tq, &b.a, host, piece.rect.scaled(2), None)?
                    });
                }
                transfer::flush(tq)?;
                // Pass 1 on each chunk as it lands, the middle passes, the last pass in pieces.
                let mut pass_evs: Vec<Vec<Event>> = Vec::with_capacity(passes);
                let mut packs: Vec<Option<Event>> = Vec::new();
                for (i, l) in ls.iter().enumerate() {
                    l.kernel.set_args(&l.args)?;
                    let mut evs = Vec::new();
                    if i == 0 {
                        for (piece, up) in plan.uploads.iter().zip(&ups) {
                            evs.push(l.kernel.launch_groups(
                                cq,
                                piece.first_group,
                                piece.groups,
                                l.local,
                                Some(up),
                            )?);
                        }
                    } else if i + 1 < passes {
                        evs.push(l.kernel.launch_groups(cq, 0, l.groups(), l.local, None)?);
                    } else {
                        for piece in &plan.downloads {
                            let ev = l.kernel.launch_groups(
                                cq,
                                piece.first_group,
                                piece.groups,
                                l.local,
                                None,
                            )?;
                            if let (Some(at), Some(pk)) = (piece.packed_at, &self.pack) {
                                // In order after the piece on the compute queue.
                                packs.push(Some(self.pack(
                                    pk,
                                    pick(l.dst),
                                    pick(l.src),
                                    piece.rect,
                                    at,
                                )?));
                            } else {
                                packs.push(None);
                            }
                            evs.push(ev);
                        }
                    }
                    pass_evs.push(evs);
                }
                transfer::flush(cq)?;
                // Downloads, each after its piece (and its pack).
                let last = &ls[passes - 1];
                let mut downs = Vec::with_capacity(plan.downloads.len());
                for (j, piece) in plan.downloads.iter().enumerate() {
                    let done = match &packs.get(j) {
                        Some(Some(pk)) => pk,
                        _ => &pass_evs[passes - 1][j.min(pass_evs[passes - 1].len() - 1)],
                    };
                    let ev = match piece.packed_at {
                        Some(at) => unsafe {
                            // SAFETY: as for the uploads.
                            transfer::read_rect(
                                tq,
                                pick(last.src),
                                host,
                                Rect::run(2 * at, 2 * piece.rect.elements()),
                                Some(done),
                            )?
                        },
                        None => unsafe {
                            transfer::read_rect(
                                tq,
                                pick(last.dst),
                                host,
                                piece.rect.scaled(2),
                                Some(done),
                            )?
                        },
                    };
                    downs.push(ev);
                }
                transfer::flush(tq)?;
                // Convert each piece as it arrives, while the next ones download.
                for (piece, ev) in plan.downloads.iter().zip(&downs) {
                    ev.wait_for()?;
                    let tc = Instant::now();
                    match piece.packed_at {
                        Some(at) => convert_rows(&mut out, host, piece.rect, at, piece.rect.len),
                        None => convert_rows(
                            &mut out,
                            host,
                            piece.rect,
                            piece.rect.start,
                            piece.rect.pitch,
                        ),
                    }
                    convert_out_ms += tc.elapsed().as_secs_f64() * 1e3;
                }
                transfer::finish(cq)?;
                transfer::finish(tq)?;
                Ok((ups, pass_evs, packs, downs))
            };
            let r = pipeline();
            if r.is_err() {
                // Nothing may still read or write the staging once this returns.
                let _ = transfer::finish(cq);
                let _ = transfer::finish(tq);
            }
            r
        })?;
        let host_ms = t0.elapsed().as_secs_f64() * 1e3;
        // Figures from the events.
        let spans =
            |evs: &[Event]| -> Result<Vec<(u64, u64)>> { evs.iter().map(event_span_ns).collect() };
        let ms = |s: &[(u64, u64)]| {
            s.iter().map(|(a, b)| b.saturating_sub(*a)).sum::<u64>() as f64 * 1e-6
        };
        let up_s = spans(&ups)?;
        let down_s = spans(&downs)?;
        let pack_evs: Vec<Event> = packs.into_iter().flatten().collect();
        let pack_s = spans(&pack_evs)?;
        let mut pass_ms = Vec::with_capacity(passes);
        let (mut k0, mut k1) = (u64::MAX, 0u64);
        for evs in &pass_evs {
            let s = spans(evs)?;
            for &(a, b) in &s {
                k0 = k0.min(a);
                k1 = k1.max(b);
            }
            pass_ms.push(ms(&s));
        }
        let first = up_s.iter().map(|s| s.0).min().unwrap_or(0);
        let end = down_s.iter().map(|s| s.1).max().unwrap_or(first);
        let events_ms = end.saturating_sub(first) as f64 * 1e-6;
        let mut xfers: Vec<(u64, u64)> = up_s.iter().chain(&down_s).copied().collect();
        xfers.sort_unstable();
        let mut busy = 0u64;
        let mut reach = 0u64;
        for (a, b) in xfers {
            let a = a.max(reach);
            if b > a {
                busy += b - a;
                reach = b;
            }
        }
        let kernel_ms: f64 = pass_ms.iter().sum();
        let times = super::RunTimes {
            kernel_ms,
            kernel_span_ms: k1.saturating_sub(k0) as f64 * 1e-6,
            pass_ms,
            upload_ms: ms(&up_s),
            download_ms: ms(&down_s),
            host_ms,
        };
        let over = OverlapTimes {
            events_ms,
            upload_ms: times.upload_ms,
            download_ms: times.download_ms,
            pack_ms: ms(&pack_s),
            kernel_ms,
            exposed_ms: (end.saturating_sub(first).saturating_sub(busy)) as f64 * 1e-6,
            convert_in_ms,
            convert_out_ms,
            host_ms,
        };
        Ok((out, times, over))
    }

    /// Measures the pinned-transfer floor of this transform's data (clobbers the device
    /// buffer and the staging: run it between transforms, not inside one).
    pub fn floor(&self) -> Result<TransferFloor> {
        match &self.tr.buffers {
            TypedBuffers::F32(b) => self.floor_typed(b),
            TypedBuffers::F64(b) => self.floor_typed(b),
        }
    }

    fn floor_typed<T: Real>(&self, b: &Buffers<T>) -> Result<TransferFloor> {
        let len = 2 * self.tr.plan.len as usize;
        let (cq, tq) = (&self.gpu.queue, &self.xfer);
        b.staging.with_map(|host| {
            let d = |ev: &Event| -> Result<f64> {
                let (a, b) = event_span_ns(ev)?;
                Ok(b.saturating_sub(a) as f64 * 1e-6)
            };
            // SAFETY (all transfers here): every event is waited for before the map is left.
            let up = unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(0, len), None)? };
            transfer::finish(tq)?;
            let down = unsafe { transfer::read_rect(tq, &b.a, host, Rect::run(0, len), None)? };
            transfer::finish(tq)?;
            let (upload_ms, download_ms) = (d(&up)?, d(&down)?);
            // Both directions at once: first half up while the second comes down, then the
            // other way round (each waits for the transfer that used its memory before).
            let h = (len / 4) * 2;
            let u1 = unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(0, h), None)? };
            let d1 = unsafe { transfer::read_rect(cq, &b.a, host, Rect::run(h, len - h), None)? };
            transfer::flush(tq)?;
            transfer::flush(cq)?;
            let u2 =
                unsafe { transfer::write_rect(tq, &b.a, host, Rect::run(h, len - h), Some(&d1))? };
            let d2 = unsafe { transfer::read_rect(cq, &b.a, host, Rect::run(0, h), Some(&u1))? };
            transfer::flush(tq)?;
            transfer::flush(cq)?;
            transfer::finish(tq)?;
            transfer::finish(cq)?;
            let s: Vec<(u64, u64)> = [&u1, &d1, &u2, &d2]
                .iter()
                .map(|e| event_span_ns(e))
                .collect::<Result<_>>()?;
            let a = s.iter().map(|x| x.0).min().unwrap_or(0);
            let z = s.iter().map(|x| x.1).max().unwrap_or(a);
            Ok(TransferFloor {
                upload_ms,
                download_ms,
                sequential_ms: upload_ms + download_ms,
                bidirectional_ms: z.saturating_sub(a) as f64 * 1e-6,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::{Direction, Precision};
    use crate::vc::fused::{self, FusedPass, FusedRequest, Layout};
    use crate::vc::schedule::DEFAULT_LIMITS;

    /// The elements unit (work-group) `g` of a fused pass touches, from the same digit data
    /// the generator turns into `in_base + t_in + c` (or `out_base + t_out + c`).
    fn touched(pass: &FusedPass, g: u64, input: bool) -> Vec<u64> {
        let p = pass.p as u64;
        let pos = |(i, o): (u32, u32)| if input { i } else { o };
        let mut base = 0;
        let mut x = g;
        for &w in &pass.wg {
            base += (x % p) * p.pow(pos(w));
            x /= p;
        }
        let mut out = Vec::new();
        for t in 0..pass.tile_len() {
            let mut y = t;
            let mut off = 0;
            for d in &pass.tile {
                off += (y % p) * p.pow(pos((d.in_pos, d.out_pos)));
                y /= p;
            }
            out.push(base + off);
        }
        out.sort_unstable();
        out
    }

    fn rect_elems(r: Rect) -> Vec<u64> {
        let mut v: Vec<u64> = (0..r.rows)
            .flat_map(|i| r.row(i))
            .map(|x| x as u64)
            .collect();
        v.sort_unstable();
        v
    }

    fn check_pass(pass: &FusedPass) {
        let wg_in: Vec<u32> = pass.wg.iter().map(|w| w.0).collect();
        let wg_out: Vec<u32> = pass.wg.iter().map(|w| w.1).collect();
        let t_in: Vec<u32> = pass.tile.iter().map(|d| d.in_pos).collect();
        let t_out: Vec<u32> = pass.tile.iter().map(|d| d.out_pos).collect();
        for (input, units, others) in [(true, &wg_in, &t_in), (false, &wg_out, &t_out)] {
            let Some(map) = row_map(pass.p, pass.n, units, others) else {
                continue;
            };
            for g in 0..pass.groups() {
                assert_eq!(
                    touched(pass, g, input),
                    rect_elems(map.rect(g, g + 1)),
                    "{} group {g} ({})",
                    pass.name(),
                    if input { "reads" } else { "writes" }
                );
            }
        }
    }

    #[test]
    fn row_maps_match_the_fused_index_maps() {
        for (p, n, cap) in [(3, 7, 3), (2, 11, 4), (4, 5, 2), (5, 4, 2), (3, 5, 5)] {
            for layout in [Layout::Rotate, Layout::Inplace, Layout::Staged] {
                let passes = FusedRequest {
                    p,
                    n,
                    groups: fused::balanced_groups(n, cap),
                    lanes: None,
                    precision: Precision::F32,
                    direction: Direction::Forward,
                    scale: 1.0,
                    limits: DEFAULT_LIMITS,
                }
                .schedule(layout);
                for pass in &passes {
                    check_pass(pass);
                }
                let first = &passes[0];
                let last = passes.last().unwrap();
                let m = |pass: &FusedPass, input: bool| {
                    let u: Vec<u32> = pass
                        .wg
                        .iter()
                        .map(|w| if input { w.0 } else { w.1 })
                        .collect();
                    let o: Vec<u32> = pass
                        .tile
                        .iter()
                        .map(|d| if input { d.in_pos } else { d.out_pos })
                        .collect();
                    row_map(p, n, &u, &o)
                };
                // Pass 1 reads contiguous tiles; the last pass writes rows.
                let up = m(first, true).expect("pass 1 splits");
                assert_eq!((up.rows, up.width), (1, first.tile_len()));
                let down = m(last, false).expect("last pass splits");
                let rows = if last.wg.is_empty() {
                    1
                } else {
                    (p as u64).pow(last.m)
                };
                assert_eq!(down.rows, rows, "{}", last.name());
            }
        }
    }

    #[test]
    fn row_map_shapes() {
        // cg radix 9 on 3^4: reads tid·9 + i, writes tid + 9·i.
        assert_eq!(
            row_map(3, 4, &[2, 3], &[0, 1]),
            Some(RowMap {
                rows: 1,
                pitch: 81,
                width: 9
            })
        );
        assert_eq!(
            row_map(3, 4, &[0, 1], &[2, 3]),
            Some(RowMap {
                rows: 9,
                pitch: 9,
                width: 1
            })
        );
        // ct middle pass: unit digits around the transformed group do not form a rectangle.
        assert_eq!(row_map(3, 4, &[0, 3], &[1, 2]), None);
        assert_eq!(row_map(3, 4, &[1, 2], &[0]), None);
        assert_eq!(split(10, 4), vec![(0, 2), (2, 3), (5, 2), (7, 3)]);
        let r = RowMap {
            rows: 3,
            pitch: 12,
            width: 2,
        }
        .rect(1, 3);
        assert_eq!((r.start, r.len, r.end()), (2, 4, 30));
    }
}
