//! Non-blocking transfers between pinned host memory and device buffers, on any queue of the
//! context, each with one optional event to wait for and its own profiling event: the pieces
//! of a pipeline that overlaps transfers with compute (see `vc::overlap`).
//!
//! Regions are [`Rect`]s: rows of equal length at a fixed pitch, in elements of the buffer's
//! type. A one-row rectangle is a plain `clEnqueueWriteBuffer` / `clEnqueueReadBuffer`; more
//! rows use the `…Rect` commands (OpenCL 1.1), with the host region at the same offsets as the
//! device region (host and device hold the data in the same layout).

use crate::error::{JitError, Result};
use ocl::core;
use ocl::{Buffer, Event, OclPrm, Queue};
use serde::Serialize;

/// Rows `r` in `[0, rows)`, each the elements `[start + r·pitch, start + r·pitch + len)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Rect {
    /// Element index of the first row's start.
    pub start: usize,
    /// Number of rows.
    pub rows: usize,
    /// Elements from one row's start to the next.
    pub pitch: usize,
    /// Elements per row.
    pub len: usize,
}

impl Rect {
    /// One contiguous run.
    pub fn run(start: usize, len: usize) -> Rect {
        Rect {
            start,
            rows: 1,
            pitch: len,
            len,
        }
    }

    /// Elements in the rectangle.
    pub fn elements(&self) -> usize {
        self.rows * self.len
    }

    /// One past the last element touched.
    pub fn end(&self) -> usize {
        if self.rows == 0 {
            self.start
        } else {
            self.start + (self.rows - 1) * self.pitch + self.len
        }
    }

    /// The same rectangle in units `k` times smaller (complex → interleaved reals).
    pub fn scaled(&self, k: usize) -> Rect {
        Rect {
            start: self.start * k,
            rows: self.rows,
            pitch: self.pitch * k,
            len: self.len * k,
        }
    }

    /// Row `r` as an element range.
    pub fn row(&self, r: usize) -> std::ops::Range<usize> {
        let s = self.start + r * self.pitch;
        s..s + self.len
    }

    fn check(&self, what: &str, buffer_len: usize, host_len: usize) -> Result<()> {
        // Rows must not cross a pitch boundary (x + width ≤ pitch, as CUDA-based drivers
        // require of rectangle copies).
        if self.rows > 1 && self.start % self.pitch + self.len > self.pitch {
            return Err(JitError::invalid(format!(
                "{what}: rows of {} elements from column {} cross the pitch {}",
                self.len,
                self.start % self.pitch,
                self.pitch
            )));
        }
        if self.end() > buffer_len || self.end() > host_len {
            return Err(JitError::invalid(format!(
                "{what}: region {:?} ends at element {}, past the buffer ({buffer_len}) or host memory ({host_len})",
                self, self.end()
            )));
        }
        Ok(())
    }

    /// (origin, region, row pitch in bytes) of a rectangle command.
    fn rect_args<T>(&self) -> ([usize; 3], [usize; 3], usize) {
        (
            [self.start % self.pitch, self.start / self.pitch, 0],
            [self.len, self.rows, 1],
            self.pitch * std::mem::size_of::<T>(),
        )
    }
}

/// The host side of one transfer: the data an upload reads, or the memory a download writes.
pub enum HostSide<'a, T> {
    /// Host → device: the data sent.
    Up(&'a [T]),
    /// Device → host: where the data lands.
    Down(&'a mut [T]),
}

/// Where a transfer's data lies in the buffer and in the host memory it is given.
#[derive(Debug, Clone, Copy)]
pub enum Placement {
    /// The whole host slice, at this element offset of the buffer.
    Run(usize),
    /// A `clEnqueue…BufferRect` region: origins and region with x in elements, pitches in bytes
    /// (row, slice) for the buffer and for the host.
    Rect {
        /// The region's origin in the buffer.
        buffer_origin: [usize; 3],
        /// The region's origin in the host slice.
        host_origin: [usize; 3],
        /// The region's size.
        region: [usize; 3],
        /// The buffer's (row, slice) pitch in bytes; 0: computed from the region.
        buffer_pitch: [usize; 2],
        /// The host's (row, slice) pitch in bytes; 0: computed from the region.
        host_pitch: [usize; 2],
    },
}

/// Enqueues one non-blocking transfer between `host` and `buf` on `queue`, after `wait` if
/// given: the one place the four OpenCL read/write commands are called.
///
/// # Safety
/// The host memory must stay alive (and, for a download, untouched by the host) until the
/// returned event completes; `at` must lie inside the buffer and the host slice.
pub unsafe fn enqueue<T: OclPrm>(
    queue: &Queue,
    buf: &Buffer<T>,
    host: HostSide<T>,
    at: &Placement,
    wait: Option<&Event>,
) -> Result<Event> {
    let (q, b, mut ev) = (queue.as_core(), buf.as_core(), Event::empty());
    let new = Some(&mut ev);
    match *at {
        Placement::Run(o) => match host {
            HostSide::Up(h) => core::enqueue_write_buffer(q, b, false, o, h, wait, new)?,
            HostSide::Down(h) => core::enqueue_read_buffer(q, b, false, o, h, wait, new)?,
        },
        Placement::Rect {
            buffer_origin: bo,
            host_origin: ho,
            region: r,
            buffer_pitch: [brp, bsp],
            host_pitch: [hrp, hsp],
        } => match host {
            HostSide::Up(h) => core::enqueue_write_buffer_rect(
                q, b, false, bo, ho, r, brp, bsp, hrp, hsp, h, wait, new,
            )?,
            HostSide::Down(h) => core::enqueue_read_buffer_rect(
                q, b, false, bo, ho, r, brp, bsp, hrp, hsp, h, wait, new,
            )?,
        },
    }
    Ok(ev)
}

/// How `rect` moves between a buffer and a host slice that hold the data in the same layout:
/// one row is a run of the host elements it names (`Some`), more rows a rectangle at the same
/// offsets of the whole slice (`None`).
fn same_layout<T>(rect: &Rect) -> (Option<std::ops::Range<usize>>, Placement) {
    if rect.rows <= 1 {
        let run = rect.start..rect.start + rect.len;
        return (Some(run), Placement::Run(rect.start));
    }
    let (origin, region, pitch) = rect.rect_args::<T>();
    let at = Placement::Rect {
        buffer_origin: origin,
        host_origin: origin,
        region,
        buffer_pitch: [pitch, 0],
        host_pitch: [pitch, 0],
    };
    (None, at)
}

/// Enqueues `host[rect] → dst[rect]` on `queue` without blocking, after `wait` if given.
///
/// # Safety
/// `host` must stay alive and unmodified until the returned event completes.
pub unsafe fn write_rect<T: OclPrm>(
    queue: &Queue,
    dst: &Buffer<T>,
    host: &[T],
    rect: Rect,
    wait: Option<&Event>,
) -> Result<Event> {
    rect.check("upload", dst.len(), host.len())?;
    let (run, at) = same_layout::<T>(&rect);
    let host = match run {
        Some(r) => &host[r],
        None => host,
    };
    // SAFETY: `check` kept the region inside both; the caller's promise.
    unsafe { enqueue(queue, dst, HostSide::Up(host), &at, wait) }
}

/// Enqueues `src[rect] → host[rect]` on `queue` without blocking, after `wait` if given.
///
/// # Safety
/// `host` must stay alive, and its region untouched by the host, until the event completes.
pub unsafe fn read_rect<T: OclPrm>(
    queue: &Queue,
    src: &Buffer<T>,
    host: &mut [T],
    rect: Rect,
    wait: Option<&Event>,
) -> Result<Event> {
    rect.check("download", src.len(), host.len())?;
    let (run, at) = same_layout::<T>(&rect);
    let host = match run {
        Some(r) => &mut host[r],
        None => host,
    };
    // SAFETY: `check` kept the region inside both; the caller's promise.
    unsafe { enqueue(queue, src, HostSide::Down(host), &at, wait) }
}

/// Enqueues the device copy `src[from] → dst[to]` on `queue` without blocking, after `wait`
/// if given: rows of `from` land in the rows of `to` (the same rows and row length; the pitches
/// may differ). One row each is a `clEnqueueCopyBuffer`, more a `clEnqueueCopyBufferRect`.
pub fn copy_rect<T: OclPrm>(
    queue: &Queue,
    (src, from): (&Buffer<T>, Rect),
    (dst, to): (&Buffer<T>, Rect),
    wait: Option<&Event>,
) -> Result<Event> {
    if (from.rows, from.len) != (to.rows, to.len) {
        return Err(JitError::invalid(format!(
            "device copy: {from:?} and {to:?} differ in rows or row length"
        )));
    }
    from.check("device copy source", src.len(), src.len())?;
    to.check("device copy destination", dst.len(), dst.len())?;
    let (q, mut ev) = (queue.as_core(), Event::empty());
    let (s, d) = (src.as_core(), dst.as_core());
    if from.rows <= 1 && to.rows <= 1 {
        core::enqueue_copy_buffer::<T, _, _, _>(
            q,
            s,
            d,
            from.start,
            to.start,
            from.len,
            wait,
            Some(&mut ev),
        )?;
    } else {
        let (so, region, sp) = from.rect_args::<T>();
        let (d_o, _, dp) = to.rect_args::<T>();
        core::enqueue_copy_buffer_rect::<T, _, _, _>(
            q,
            s,
            d,
            so,
            d_o,
            region,
            sp,
            0,
            dp,
            0,
            wait,
            Some(&mut ev),
        )?;
    }
    Ok(ev)
}

/// Submits what `queue` holds to the device (so a second queue's work can run beside it).
pub fn flush(queue: &Queue) -> Result<()> {
    core::flush(queue.as_core())?;
    Ok(())
}

/// Waits until everything `queue` holds has completed.
pub fn finish(queue: &Queue) -> Result<()> {
    core::finish(queue.as_core())?;
    Ok(())
}
