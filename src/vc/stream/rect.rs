//! A chunk's rows as rectangle transfers straight from a host array held in pieces (pinned
//! buffers no larger than the device's allocation limit), with no host copy.
//!
//! A chunk's rows (merged by [`coalesce`]) form a 3-D box: `len` contiguous elements a row,
//! `mids` rows at `mid_pitch`, `rows / mids` slices at `hi_pitch`; on the device they lie end
//! to end. Where the box lies inside one piece it is one command; otherwise it is cut at the
//! piece boundaries: whole slices of one piece, then whole rows, then a row cut in two.

use super::copy::coalesce;
use super::plan::ChunkRows;

/// One transfer command: `slices × rows` runs of `len` elements of piece `piece`, from
/// `host` (element offset in the piece) at the pitches given, to or from the device buffer
/// at `dev` onwards, end to end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceRect {
    /// Which piece of the host array.
    pub piece: usize,
    /// First element, as an offset into the piece.
    pub host: u64,
    /// First element on the device (the chunk's staging order).
    pub dev: u64,
    /// Elements a row.
    pub len: u64,
    /// Rows a slice.
    pub rows: u64,
    /// Host distance between rows.
    pub row_pitch: u64,
    /// Slices.
    pub slices: u64,
    /// Host distance between slices.
    pub slice_pitch: u64,
}

impl PieceRect {
    /// Elements moved.
    pub fn elements(&self) -> u64 {
        self.len * self.rows * self.slices
    }

    /// One past the last host element touched, in the piece.
    pub fn host_end(&self) -> u64 {
        self.host
            + (self.slices - 1) * self.slice_pitch
            + (self.rows - 1) * self.row_pitch
            + self.len
    }
}

/// The commands that move chunk `rows` of a host array cut into pieces of `piece` elements
/// (the last may be shorter), in device order.
pub fn piece_rects(rows: &ChunkRows, piece: u64) -> Vec<PieceRect> {
    let r = coalesce(rows);
    let mut out = Vec::new();
    if r.rows == 0 || r.len == 0 {
        return out;
    }
    let slices = r.rows / r.mids;
    let slice_span = (r.mids - 1) * r.mid_pitch + r.len;
    let slice_len = r.mids * r.len;
    let at = |s: u64| r.start + s * r.hi_pitch;
    let mut s = 0;
    while s < slices {
        let pc = at(s) / piece;
        if (at(s) + slice_span - 1) / piece == pc {
            // Consecutive whole slices inside piece `pc`.
            let mut k = 1;
            while s + k < slices && (at(s + k) + slice_span - 1) / piece == pc {
                k += 1;
            }
            out.push(PieceRect {
                piece: pc as usize,
                host: at(s) - pc * piece,
                dev: s * slice_len,
                len: r.len,
                rows: r.mids,
                row_pitch: r.mid_pitch,
                slices: k,
                slice_pitch: r.hi_pitch,
            });
            s += k;
        } else {
            slice_rows(&r, at(s), s * slice_len, piece, &mut out);
            s += 1;
        }
    }
    out
}

/// One slice (starting at host element `start`, device element `dev`) that crosses a piece
/// boundary: rows grouped by piece, a row that crosses one cut in two.
fn slice_rows(r: &ChunkRows, start: u64, dev: u64, piece: u64, out: &mut Vec<PieceRect>) {
    let row = |m: u64| start + m * r.mid_pitch;
    let mut m = 0;
    while m < r.mids {
        let pc = row(m) / piece;
        if (row(m) + r.len - 1) / piece == pc {
            let mut k = 1;
            while m + k < r.mids && (row(m + k) + r.len - 1) / piece == pc {
                k += 1;
            }
            out.push(PieceRect {
                piece: pc as usize,
                host: row(m) - pc * piece,
                dev: dev + m * r.len,
                len: r.len,
                rows: k,
                row_pitch: r.mid_pitch,
                slices: 1,
                slice_pitch: k * r.mid_pitch,
            });
            m += k;
        } else {
            // The row's runs in each piece it touches.
            let (mut x, end) = (row(m), row(m) + r.len);
            while x < end {
                let pc = x / piece;
                let take = ((pc + 1) * piece).min(end) - x;
                out.push(PieceRect {
                    piece: pc as usize,
                    host: x - pc * piece,
                    dev: dev + m * r.len + (x - row(m)),
                    len: take,
                    rows: 1,
                    row_pitch: take,
                    slices: 1,
                    slice_pitch: take,
                });
                x += take;
            }
            m += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::stream::plan::{chunk_rows, StreamPlan};

    /// Every element of every chunk lands at its staging place, in pieces of any size.
    #[test]
    fn rects_move_exactly_the_gathered_elements() {
        for (p, n, b, cap) in [(3u32, 9u32, 1u64, 700u64), (2, 13, 3, 2000), (5, 6, 2, 700)] {
            let plan = StreamPlan::new(p, n, b, cap, cap).unwrap();
            let total = plan.total_len();
            for piece in [total, total / 2 + 1, 1000, 81 * 7, 37, total / 3] {
                for pass in &plan.passes {
                    for k in 0..pass.chunks(p) {
                        let rows = chunk_rows(p, pass, k);
                        // The gather's order: row by row.
                        let want: Vec<u64> = (0..rows.rows)
                            .flat_map(|q| {
                                let s = rows.row_start(q);
                                s..s + rows.len
                            })
                            .collect();
                        let mut got = vec![u64::MAX; want.len()];
                        for c in piece_rects(&rows, piece) {
                            assert!(c.host_end() <= piece, "{c:?} past piece {piece}");
                            for z in 0..c.slices {
                                for y in 0..c.rows {
                                    for x in 0..c.len {
                                        let d = c.dev + (z * c.rows + y) * c.len + x;
                                        let h = c.piece as u64 * piece
                                            + c.host
                                            + z * c.slice_pitch
                                            + y * c.row_pitch
                                            + x;
                                        assert_eq!(got[d as usize], u64::MAX, "written twice");
                                        got[d as usize] = h;
                                    }
                                }
                            }
                        }
                        assert_eq!(got, want, "{p}^{n} b {b} piece {piece} {pass:?} chunk {k}");
                    }
                }
            }
        }
    }

    #[test]
    fn one_piece_is_one_command() {
        let plan = StreamPlan::new(3, 9, 1, 700, 700).unwrap();
        for pass in &plan.passes {
            let rows = chunk_rows(3, pass, 1);
            assert_eq!(piece_rects(&rows, plan.total_len()).len(), 1, "{pass:?}");
        }
    }
}
