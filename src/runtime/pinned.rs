//! Host staging through pinned (page-locked) memory, the pattern NVIDIA's OpenCL guide
//! recommends: a `CL_MEM_ALLOC_HOST_PTR` buffer is mapped once and stays mapped; its host
//! pointer is the source of `clEnqueueWriteBuffer` and the target of `clEnqueueReadBuffer`
//! into/out of the device buffer. Those two commands are what upload/download times measure:
//! a real host↔device transfer. (Copying the pinned *buffer* to the device buffer instead
//! would time a device-to-device copy on drivers that mirror such buffers on the device.)
//! The mapping is released explicitly (ocl's drop would ignore errors).

use super::timing::event_ms;
use crate::error::{JitError, Result};
use ocl::flags::{MapFlags, MemFlags};
use ocl::{Buffer, Event, MemMap, OclPrm, Queue};
use std::cell::RefCell;

/// A pinned host staging area of `len` elements, mapped for the host while it lives.
pub struct Pinned<T: OclPrm> {
    buf: Buffer<T>,
    map: RefCell<Option<MemMap<T>>>,
    queue: Queue,
    len: usize,
}

impl<T: OclPrm> Pinned<T> {
    /// Allocates `len` elements of pinned host memory on `queue`'s context and maps them for
    /// the host (a blocking map). Fails with [`JitError::OpenCl`] when the driver cannot
    /// allocate or map them.
    pub fn new(queue: &Queue, len: usize) -> Result<Pinned<T>> {
        let buf = Buffer::<T>::builder()
            .queue(queue.clone())
            .flags(MemFlags::new().alloc_host_ptr().read_write())
            .len(len)
            .build()?;
        // SAFETY: a blocking map of a buffer nothing else uses; unmapped in `release`.
        let map = unsafe {
            buf.map()
                .queue(queue)
                .flags(MapFlags::new().read().write())
                .len(len)
                .enq()?
        };
        Ok(Pinned {
            buf,
            map: RefCell::new(Some(map)),
            queue: queue.clone(),
            len,
        })
    }

    /// The capacity in elements (not bytes).
    pub fn len(&self) -> usize {
        self.len
    }

    /// The queue the staging was made on (its transfers are enqueued there).
    pub fn queue(&self) -> &Queue {
        &self.queue
    }

    /// True for a zero-element staging area.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Runs `f` on the mapped pinned memory (e.g. to convert data straight into or out of it).
    pub fn with_map<R>(&self, f: impl FnOnce(&mut [T]) -> Result<R>) -> Result<R> {
        let mut guard = self.map.borrow_mut();
        let map = guard
            .as_mut()
            .ok_or_else(|| JitError::opencl("pinned staging used after release"))?;
        f(&mut map[..])
    }

    /// Copies `host` into pinned memory (a host memcpy, not timed as a transfer).
    pub fn fill(&self, host: &[T]) -> Result<()> {
        if host.len() > self.len {
            return Err(JitError::invalid(format!(
                "staging holds {} elements, {} given",
                self.len,
                host.len()
            )));
        }
        self.with_map(|m| {
            m[..host.len()].copy_from_slice(host);
            Ok(())
        })
    }

    /// Copies the first `host.len()` pinned elements into `host`.
    pub fn drain(&self, host: &mut [T]) -> Result<()> {
        self.with_map(|m| {
            host.copy_from_slice(&m[..host.len()]);
            Ok(())
        })
    }

    /// Pinned host → device buffer; returns the transfer's device time in ms.
    pub fn upload_to(&self, dst: &Buffer<T>, len: usize) -> Result<f64> {
        self.blocking(dst, len, true)
    }

    /// Device buffer → pinned host; returns the transfer's device time in ms.
    pub fn download_from(&self, src: &Buffer<T>, len: usize) -> Result<f64> {
        self.blocking(src, len, false)
    }

    /// The first `len` elements between the mapped memory and `buf`, up or down, waited for:
    /// the transfer's device time in ms.
    fn blocking(&self, buf: &Buffer<T>, len: usize, up: bool) -> Result<f64> {
        let ev = self.with_map(|m| {
            let mut ev = Event::empty();
            if up {
                buf.write(&m[..len])
                    .queue(&self.queue)
                    .enew(&mut ev)
                    .enq()?;
            } else {
                buf.read(&mut m[..len])
                    .queue(&self.queue)
                    .enew(&mut ev)
                    .enq()?;
            }
            Ok(ev)
        })?;
        event_ms(&ev)
    }

    /// Unmaps the staging memory and gives the buffer back, reporting any unmap error. Owners
    /// call this where they finish; dropping without it unmaps too but loses the error.
    pub fn release(self) -> Result<()> {
        self.unmap()
        // `Drop` then finds the mapping gone and does nothing: no second unmap.
    }

    /// Unmaps once: the mapping is taken out first, so later calls (and `Drop`) are no-ops.
    fn unmap(&self) -> Result<()> {
        if let Some(mut map) = self.map.borrow_mut().take() {
            let mut ev = Event::empty();
            map.unmap().queue(&self.queue).enew(&mut ev).enq()?;
            ev.wait_for()?;
        }
        Ok(())
    }

    /// The underlying `CL_MEM_ALLOC_HOST_PTR` buffer (for callers that enqueue their own
    /// commands on it; transfers through it should use the mapped memory as above).
    pub fn buffer(&self) -> &Buffer<T> {
        &self.buf
    }
}

impl<T: OclPrm> Drop for Pinned<T> {
    fn drop(&mut self) {
        // The fallback: errors cannot propagate from drop; callers who care call `release`.
        let _ = self.unmap();
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
