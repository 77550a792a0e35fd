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
    let mut ev = Event::empty();
    if rect.rows <= 1 {
        core::enqueue_write_buffer(
            queue.as_core(),
            dst.as_core(),
            false,
            rect.start,
            &host[rect.start..rect.start + rect.len],
            wait,
            Some(&mut ev),
        )?;
    } else {
        let (origin, region, pitch) = rect.rect_args::<T>();
        core::enqueue_write_buffer_rect(
            queue.as_core(),
            dst.as_core(),
            false,
            origin,
            origin,
            region,
            pitch,
            0,
            pitch,
            0,
            host,
            wait,
            Some(&mut ev),
        )?;
    }
    Ok(ev)
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
    let mut ev = Event::empty();
    if rect.rows <= 1 {
        core::enqueue_read_buffer(
            queue.as_core(),
            src.as_core(),
            false,
            rect.start,
            &mut host[rect.start..rect.start + rect.len],
            wait,
            Some(&mut ev),
        )?;
    } else {
        let (origin, region, pitch) = rect.rect_args::<T>();
        core::enqueue_read_buffer_rect(
            queue.as_core(),
            src.as_core(),
            false,
            origin,
            origin,
            region,
            pitch,
            0,
            pitch,
            0,
            host,
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
