//! The overlap plan: upload chunks, download pieces of the last pass and how they move.

use super::rows::Launch;
use crate::error::{JitError, Result};
use crate::runtime::transfer::Rect;
use crate::vc::execute::{Buffers, Real, TypedBuffers};
use crate::vc::plan::SpectrumOutput;
use crate::vc::rows::RowMap;
use crate::vc::VcTransform;
use serde::Serialize;

/// Chunks when `--chunks` is not given (capped by what the schedule allows).
pub const DEFAULT_CHUNKS: usize = 8;

/// How finished pieces of the last pass come back to the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DownloadMode {
    /// `clEnqueueReadBufferRect` of the piece's rows.
    Rect,
    /// A device copy packs the rows into the consumed input range, then one contiguous read.
    Packed,
}

/// How the download pieces of a plan move (what [`DownloadMode`] asked for, where possible).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Download {
    /// The pieces are contiguous runs: plain reads.
    Contiguous,
    /// `clEnqueueReadBufferRect` of each piece's rows.
    Rect,
    /// Rows packed on the device into the consumed input range, then one contiguous read.
    Packed,
}

impl std::fmt::Display for Download {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(match self {
            Download::Contiguous => "contiguous",
            Download::Rect => "rect",
            Download::Packed => "packed",
        })
    }
}

/// One piece of a split pass: work-groups `[first_group, first_group + groups)` and the
/// memory they read (uploads) or write (downloads), in complex elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Piece {
    /// First work-group of the piece.
    pub first_group: usize,
    /// Number of work-groups.
    pub groups: usize,
    /// The memory those work-groups read or write.
    pub rect: Rect,
    /// Packed downloads: where the piece's rows lie one after another (device and host).
    pub packed_at: Option<usize>,
}

/// How a transform is split for overlapped execution.
#[derive(Debug, Clone, Serialize)]
pub struct OverlapPlan {
    /// Chunks the data is split into (≤ `max_chunks`).
    pub chunks: usize,
    /// The most chunks this schedule allows (work-groups of the split passes).
    pub max_chunks: usize,
    /// Upload chunks, each followed by pass 1 on its work-groups.
    pub uploads: Vec<Piece>,
    /// Pieces of the last pass, each downloaded when done (the upload pieces again for a
    /// single-pass schedule).
    pub downloads: Vec<Piece>,
    /// Passes of the schedule.
    pub passes: usize,
    /// How the download pieces move.
    pub download: Download,
    /// What overlaps with what, in words.
    pub scheme: String,
}

/// Work-groups `[c·W/K, (c+1)·W/K)` for c < K.
pub(super) fn split(groups: usize, k: usize) -> Vec<(usize, usize)> {
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
        let plan = &tr.plan;
        if plan.batch > 1 || plan.truth.is_some() || plan.output != SpectrumOutput::Write {
            return Err(crate::error::JitError::invalid(
                "overlapped transfers run one plain transform: no --batch, truth-vector input or reduction",
            ));
        }
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
        let k = chunk_count(chunks, max_chunks, first, last, passes)?;
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
            Download::Contiguous
        } else if mode == DownloadMode::Packed && packable {
            Download::Packed
        } else {
            Download::Rect
        };
        if download == Download::Packed {
            let m = last.input.expect("packable");
            for d in downloads.iter_mut() {
                let (u0, u1) = last.units_of(d.first_group, d.first_group + d.groups);
                let run = m.rect(u0, u1);
                debug_assert_eq!(run.elements(), d.rect.elements());
                d.packed_at = Some(run.start);
            }
        }
        let scheme = describe(&uploads, &downloads, passes, download, mode, elem);
        Ok(OverlapPlan {
            chunks: k,
            max_chunks,
            uploads,
            downloads,
            passes,
            download,
            scheme,
        })
    }
}

/// The chunks asked for (default [`DEFAULT_CHUNKS`]), checked against what the schedule allows.
fn chunk_count(
    chunks: Option<usize>,
    max_chunks: usize,
    first: &Launch,
    last: &Launch,
    passes: usize,
) -> Result<usize> {
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
    Ok(match chunks {
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
    })
}

/// What overlaps with what, in words.
fn describe(
    uploads: &[Piece],
    downloads: &[Piece],
    passes: usize,
    download: Download,
    mode: DownloadMode,
    elem: usize,
) -> String {
    let mut scheme = Vec::new();
    if uploads.len() > 1 {
        scheme.push(format!(
            "upload ∥ pass 1: {} chunks of ~{} work-groups ({})",
            uploads.len(),
            uploads[0].groups,
            shape(uploads, elem)
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
            shape(downloads, elem)
        ));
    } else if passes > 1 {
        scheme.push("last pass, then one download".to_string());
    } else {
        scheme.push("then one download".to_string());
    }
    if mode == DownloadMode::Packed && download != Download::Packed && downloads.len() > 1 {
        scheme.push(
            "packed downloads need a last pass that reads contiguous tiles from the other buffer (rotate layout, cg): rect used"
                .to_string(),
        );
    }
    scheme.join("; ")
}
