//! How a pass's chunks move between the host array and a slot's device buffer: the small
//! interface the pipeline (`run`) drives, and its two mechanisms.
//!
//! - [`Staged`]: the host array is anyone's memory (pageable). Each chunk's rows are gathered
//!   into the slot's pinned staging by every core (or, in the first pass, read from a
//!   [`super::source::FirstPass`]), uploaded as one run, downloaded into the staging and
//!   scattered back (`copy`).
//! - [`Direct`]: the host array is jitfft's own, in pinned pieces ([`super::PinnedHost`]). The
//!   rows move with rectangle transfers straight from and into it ([`super::rect`]); the host
//!   copies nothing.

use super::copy::{scatter, HostArray};
use super::pinned_host::PinnedHost;
use super::plan::ChunkRows;
use super::rect::{piece_rects, PieceRect};
use super::source::{fill_chunk, ChunkSource};
use crate::error::Result;
use crate::runtime::transfer::{enqueue, read_rect, write_rect, HostSide, Placement, Rect};
use ocl::{Buffer, Event, OclPrm, Queue};
use std::time::Instant;

/// A streamed run's host array as raw memory, shared by the members of a device set (each
/// moves only the chunks its deal gives it): anyone's pageable memory, or jitfft's pinned
/// pieces.
#[derive(Clone)]
pub(super) enum HostMem<'a> {
    /// Pageable: gathered into each run's own staging; the first pass read from `first`
    /// where given.
    Pageable {
        reals: HostArray<u8>,
        first: Option<ChunkSource<'a>>,
    },
    /// Pinned pieces of `piece` complex values each (the last may hold fewer).
    Pinned {
        pieces: Vec<HostArray<u8>>,
        piece: u64,
    },
}

impl<'a> HostMem<'a> {
    /// `data`, the first pass read from `first` where given.
    pub(super) fn pageable<C>(data: &mut [C], first: Option<ChunkSource<'a>>) -> Self {
        let reals = HostArray::new(data).cast();
        HostMem::Pageable { reals, first }
    }

    /// The pieces of `host`.
    pub(super) fn pinned(host: &mut PinnedHost) -> Result<Self> {
        Ok(HostMem::Pinned {
            pieces: host.byte_arrays()?,
            piece: host.piece_len(),
        })
    }
}

/// One mechanism of moving chunks (reals of `T`, two a complex value).
pub(super) trait ChunkHost<T: OclPrm> {
    /// Chunks on the device before the host waits for the oldest one's download.
    fn in_flight(&self) -> usize;
    /// Host work before chunk `rows` (of the first pass where `first_pass`) goes to `slot`,
    /// beside `old` (a slot and its chunk, whose download has completed): (gather ms, scatter
    /// ms).
    fn before(
        &self,
        slot: usize,
        rows: &ChunkRows,
        old: Option<(usize, ChunkRows)>,
        first_pass: bool,
    ) -> Result<(f64, f64)>;
    /// Host work after a downloaded chunk that no later chunk of the pass follows: scatter ms.
    fn after(&self, slot: usize, rows: &ChunkRows) -> Result<f64>;
    /// Enqueues the chunk's upload into `buf` or download from it (`way`): commands in order
    /// (the last completes last).
    ///
    /// # Safety
    /// The host rows (or the slot's staging) must stay alive, and untouched by the host, until
    /// the last event completes.
    unsafe fn transfer(
        &self,
        queue: &Queue,
        slot: usize,
        rows: &ChunkRows,
        buf: &Buffer<T>,
        way: Way,
    ) -> Result<Vec<Event>>;
}

/// Which way a chunk moves.
#[derive(Clone, Copy)]
pub(super) enum Way<'a> {
    /// Host → device.
    Up,
    /// Device → host, after this event (the chunk's last kernel).
    Down(&'a Event),
}

impl Way<'_> {
    /// The event the transfer's first command waits for.
    fn wait(&self) -> Option<&Event> {
        match self {
            Way::Up => None,
            Way::Down(after) => Some(after),
        }
    }
}

/// Runs `f`, returning its host wall time in ms.
fn timed(f: impl FnOnce() -> Result<()>) -> Result<f64> {
    let t = Instant::now();
    f()?;
    Ok(t.elapsed().as_secs_f64() * 1e3)
}

fn reals(rows: &ChunkRows) -> usize {
    (rows.rows * rows.len * 2) as usize
}

/// Through each slot's pinned staging, gathered and scattered on the host.
pub(super) struct Staged<'a, T> {
    /// Each slot's mapped staging.
    pub(super) staging: Vec<HostArray<T>>,
    /// The host array.
    pub(super) host: HostArray<T>,
    /// Where the first pass's chunks are read from instead of the host array, if anywhere.
    pub(super) first: Option<ChunkSource<'a>>,
}

impl<'a, T> Staged<'a, T> {
    /// Slots' `staging` for `host`, the first pass read from `first` where given.
    pub(super) fn new(
        staging: Vec<HostArray<T>>,
        host: HostArray<T>,
        first: Option<ChunkSource<'a>>,
    ) -> Self {
        Staged {
            staging,
            host,
            first,
        }
    }
}

impl<T: Copy + Send + Sync> Staged<'_, T> {
    /// Fills slot `slot`'s staging with `fill` while `old` (a slot and its chunk) is scattered
    /// back into the host array, on two threads: (fill ms, scatter ms).
    ///
    /// # Safety
    /// Slot `slot`'s last chunk was scattered, `old`'s download has completed, and what `fill`
    /// reads of the host array is disjoint from `old`'s rows.
    pub(super) unsafe fn fill_beside_scatter(
        &self,
        slot: usize,
        old: Option<(usize, ChunkRows)>,
        fill: impl FnOnce(&mut [T]) -> Result<()> + Send,
    ) -> Result<(f64, f64)> {
        let dst = self.staging[slot];
        let (g, sc) = rayon::join(
            // SAFETY: the caller's promise.
            || timed(|| fill(unsafe { dst.as_mut_slice() })),
            || match &old {
                Some((s, r)) => {
                    timed(|| unsafe { scatter(self.staging[*s].as_mut_slice(), &self.host, r) })
                }
                None => Ok(0.0),
            },
        );
        Ok((g?, sc?))
    }
}

impl<T: OclPrm + bytemuck::Pod + Send + Sync> ChunkHost<T> for Staged<'_, T> {
    fn in_flight(&self) -> usize {
        // The gather of chunk k into its slot waits for chunk k − slots, scattered an
        // iteration before: one slot is always on the host.
        self.staging.len() - 1
    }

    fn before(
        &self,
        slot: usize,
        rows: &ChunkRows,
        old: Option<(usize, ChunkRows)>,
        first_pass: bool,
    ) -> Result<(f64, f64)> {
        let src = self.first.filter(|_| first_pass);
        // SAFETY: slot `slot`'s last chunk was scattered an iteration ago, `old`'s download
        // has completed, and the two chunks' host rows are disjoint.
        unsafe { self.fill_beside_scatter(slot, old, |dst| fill_chunk(src, &self.host, dst, rows)) }
    }

    fn after(&self, slot: usize, rows: &ChunkRows) -> Result<f64> {
        // SAFETY: the download has completed; no other copy runs now.
        timed(|| unsafe { scatter(self.staging[slot].as_mut_slice(), &self.host, rows) })
    }

    unsafe fn transfer(
        &self,
        queue: &Queue,
        slot: usize,
        rows: &ChunkRows,
        buf: &Buffer<T>,
        way: Way,
    ) -> Result<Vec<Event>> {
        let (m, run) = (
            unsafe { self.staging[slot].as_mut_slice() },
            Rect::run(0, reals(rows)),
        );
        Ok(vec![match way {
            Way::Up => unsafe { write_rect(queue, buf, m, run, None)? },
            Way::Down(after) => unsafe { read_rect(queue, buf, m, run, Some(after))? },
        }])
    }
}

/// Rectangle transfers straight from and into the pinned pieces of the host array.
pub(super) struct Direct<T> {
    /// The pieces' mapped reals, in element order.
    pub(super) pieces: Vec<HostArray<T>>,
    /// Complex values a piece holds (the last may hold fewer).
    pub(super) piece: u64,
    /// Pipeline slots (device buffers).
    pub(super) slots: usize,
}

impl<T: OclPrm> Direct<T> {
    /// Enqueues one command of a chunk, up (`write`) or down.
    unsafe fn command(
        &self,
        queue: &Queue,
        buf: &Buffer<T>,
        c: &PieceRect,
        write: bool,
        wait: Option<&Event>,
    ) -> Result<Event> {
        let sz = std::mem::size_of::<T>();
        let (host, end, dev, len) = (2 * c.host, 2 * c.host_end(), 2 * c.dev, 2 * c.len);
        // SAFETY: `piece_rects` keeps every command inside its piece; the caller keeps the
        // rows alive and untouched until the event completes.
        let piece = unsafe { self.pieces[c.piece].as_mut_slice() };
        let data = &mut piece[host as usize..end as usize];
        let side = if write {
            HostSide::Up(&*data)
        } else {
            HostSide::Down(data)
        };
        if c.rows == 1 && c.slices == 1 {
            return unsafe { enqueue(queue, buf, side, &Placement::Run(dev as usize), wait) };
        }
        // Origins as rows of the device layout and a pointer at the host's first element:
        // every x offset is 0 (CUDA-based drivers want x + width within the pitch).
        let (brp, bsp) = (len as usize * sz, (len * c.rows) as usize * sz);
        let hrp = 2 * c.row_pitch as usize * sz;
        let hsp = (2 * c.slice_pitch as usize * sz).max(hrp * c.rows as usize);
        let at = Placement::Rect {
            buffer_origin: [0, (dev / len) as usize, 0],
            host_origin: [0; 3],
            region: [len as usize, c.rows as usize, c.slices as usize],
            buffer_pitch: [brp, bsp],
            host_pitch: [hrp, hsp],
        };
        unsafe { enqueue(queue, buf, side, &at, wait) }
    }

    unsafe fn all(
        &self,
        queue: &Queue,
        rows: &ChunkRows,
        buf: &Buffer<T>,
        way: Way,
    ) -> Result<Vec<Event>> {
        let (write, wait) = (matches!(way, Way::Up), way.wait());
        piece_rects(rows, self.piece)
            .iter()
            .enumerate()
            .map(|(i, c)| unsafe { self.command(queue, buf, c, write, wait.filter(|_| i == 0)) })
            .collect()
    }
}

impl<T: OclPrm> ChunkHost<T> for Direct<T> {
    fn in_flight(&self) -> usize {
        // Nothing is on the host: chunk k waits only for k − slots to leave its slot.
        self.slots
    }

    fn before(
        &self,
        _: usize,
        _: &ChunkRows,
        _: Option<(usize, ChunkRows)>,
        _: bool,
    ) -> Result<(f64, f64)> {
        Ok((0.0, 0.0))
    }

    fn after(&self, _: usize, _: &ChunkRows) -> Result<f64> {
        Ok(0.0)
    }

    unsafe fn transfer(
        &self,
        queue: &Queue,
        _: usize,
        rows: &ChunkRows,
        buf: &Buffer<T>,
        way: Way,
    ) -> Result<Vec<Event>> {
        unsafe { self.all(queue, rows, buf, way) }
    }
}
