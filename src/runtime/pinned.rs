//! Host staging through pinned (page-locked) memory: a `CL_MEM_ALLOC_HOST_PTR` buffer is
//! mapped, filled or read by the host, unmapped explicitly, and copied to or from the device
//! buffer by the device's DMA engine. The copy commands are what upload/download times measure.

use super::timing::event_ms;
use crate::error::{JitError, Result};
use ocl::{flags::MemFlags, Buffer, Event, OclPrm, Queue};

/// A pinned host staging buffer of `len` elements.
pub struct Pinned<T: OclPrm> {
    buf: Buffer<T>,
    queue: Queue,
}

impl<T: OclPrm> Pinned<T> {
    pub fn new(queue: &Queue, len: usize) -> Result<Pinned<T>> {
        let buf = Buffer::<T>::builder()
            .queue(queue.clone())
            .flags(MemFlags::new().alloc_host_ptr().read_write())
            .len(len)
            .build()?;
        Ok(Pinned {
            buf,
            queue: queue.clone(),
        })
    }

    pub fn len(&self) -> usize {
        self.buf.len()
    }

    pub fn is_empty(&self) -> bool {
        self.buf.len() == 0
    }

    /// Writes `host` into the pinned buffer (map for writing, copy, explicit unmap).
    pub fn fill(&self, host: &[T]) -> Result<()> {
        if host.len() > self.len() {
            return Err(JitError::invalid(format!(
                "staging holds {} elements, {} given",
                self.len(),
                host.len()
            )));
        }
        // SAFETY: the map is blocking and nothing else touches this buffer while mapped.
        let mut map = unsafe {
            self.buf
                .map()
                .queue(&self.queue)
                .write_invalidate()
                .len(host.len())
                .enq()?
        };
        map.copy_from_slice(host);
        let mut unmap_ev = Event::empty();
        map.unmap().queue(&self.queue).enew(&mut unmap_ev).enq()?;
        unmap_ev.wait_for()?;
        Ok(())
    }

    /// Reads the pinned buffer's first `host.len()` elements into `host`.
    pub fn drain(&self, host: &mut [T]) -> Result<()> {
        // SAFETY: as in `fill`.
        let mut map = unsafe {
            self.buf
                .map()
                .queue(&self.queue)
                .read()
                .len(host.len())
                .enq()?
        };
        host.copy_from_slice(&map);
        let mut unmap_ev = Event::empty();
        map.unmap().queue(&self.queue).enew(&mut unmap_ev).enq()?;
        unmap_ev.wait_for()?;
        Ok(())
    }

    /// Copies pinned → device buffer; returns the copy's device time in ms.
    pub fn upload_to(&self, dst: &Buffer<T>, len: usize) -> Result<f64> {
        let mut ev = Event::empty();
        self.buf
            .copy(dst, Some(0), Some(len))
            .queue(&self.queue)
            .enew(&mut ev)
            .enq()?;
        event_ms(&ev)
    }

    /// Copies device buffer → pinned; returns the copy's device time in ms.
    pub fn download_from(&self, src: &Buffer<T>, len: usize) -> Result<f64> {
        let mut ev = Event::empty();
        src.copy(&self.buf, Some(0), Some(len))
            .queue(&self.queue)
            .enew(&mut ev)
            .enq()?;
        event_ms(&ev)
    }

    pub fn buffer(&self) -> &Buffer<T> {
        &self.buf
    }
}

/// A plain device buffer of `len` elements.
pub fn device_buffer<T: OclPrm>(queue: &Queue, len: usize) -> Result<Buffer<T>> {
    Ok(Buffer::<T>::builder()
        .queue(queue.clone())
        .flags(MemFlags::new().read_write())
        .len(len)
        .build()?)
}

/// A read-only device buffer initialised from host data (for `__constant` tables).
pub fn constant_buffer<T: OclPrm>(queue: &Queue, data: &[T]) -> Result<Buffer<T>> {
    Ok(Buffer::<T>::builder()
        .queue(queue.clone())
        .flags(MemFlags::new().read_only().copy_host_ptr())
        .len(data.len())
        .copy_host_slice(data)
        .build()?)
}
