//! Which memory a unit of a pass touches: a rectangle of rows, derived from where the unit's
//! index digits sit in the element index. The schedule records one per pass for its reads and
//! writes; the overlapped path cuts passes into pieces along them.

use serde::Serialize;

/// The memory a unit of a pass touches: rows `r < rows`, each `[r·pitch + u·width, +width)`
/// for unit `u` (in complex elements).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RowMap {
    /// Rows the unit touches.
    pub rows: u64,
    /// Elements from one row to the next.
    pub pitch: u64,
    /// Elements per row and unit.
    pub width: u64,
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
