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

mod plan;
mod rows;
mod run;

pub use crate::vc::rows::{row_map, RowMap};
pub use plan::{Download, DownloadMode, OverlapPlan, Piece, DEFAULT_CHUNKS};
pub use run::{OverlapTimes, Overlapped, TransferFloor};
