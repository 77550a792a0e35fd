//! A streamed run's host array in pinned memory: `CL_MEM_ALLOC_HOST_PTR` buffers, mapped for
//! the host while they live, each within the device's allocation limit (so an array larger
//! than that limit is held in several pieces, end to end in element order).
//!
//! The passes then move each chunk's rows with rectangle transfers straight from and into
//! these pieces ([`super::rect`]): the DMA engine reads and writes the array, and the host
//! copies of the gather/scatter path (two host memory streams per byte each way) are gone.

use super::copy::HostArray;
use crate::error::{JitError, Result};
use crate::runtime::{Gpu, Pinned};
use crate::transform::{DeviceComplex, Precision};

enum Pieces {
    F32(Vec<Pinned<f32>>),
    F64(Vec<Pinned<f64>>),
}

/// The host array of a streamed run, `len` complex values in pinned pieces.
pub struct PinnedHost {
    pieces: Pieces,
    /// Complex values a piece holds (the last may hold fewer).
    piece_len: u64,
    len: u64,
}

fn alloc<T: ocl::OclPrm>(gpu: &Gpu, len: u64, piece: u64) -> Result<Vec<Pinned<T>>> {
    (0..len.div_ceil(piece))
        .map(|i| Pinned::new(&gpu.queue, 2 * piece.min(len - i * piece) as usize))
        .collect()
}

fn cast_all<T, U>(v: Vec<HostArray<T>>) -> Vec<HostArray<U>> {
    v.into_iter().map(HostArray::cast).collect()
}

impl PinnedHost {
    /// Allocates `len` complex values of `precision` in as few pinned pieces as the device's
    /// allocation limit allows, of equal size but the last. Fails (the caller falls back to
    /// pageable memory) where the driver cannot pin that much.
    pub fn new(gpu: &Gpu, precision: Precision, len: u64) -> Result<PinnedHost> {
        let elem = precision.complex_bytes();
        let most = (gpu.info.max_alloc_bytes / elem).max(1);
        let count = len.div_ceil(most).max(1);
        let piece_len = len.div_ceil(count).max(1);
        let pieces = match precision {
            Precision::F32 => Pieces::F32(alloc(gpu, len, piece_len)?),
            Precision::F64 => Pieces::F64(alloc(gpu, len, piece_len)?),
        };
        Ok(PinnedHost {
            pieces,
            piece_len,
            len,
        })
    }

    /// Complex values in all.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// True for an empty array.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Complex values a piece holds (the last may hold fewer).
    pub fn piece_len(&self) -> u64 {
        self.piece_len
    }

    /// Pieces.
    pub fn piece_count(&self) -> usize {
        match &self.pieces {
            Pieces::F32(v) => v.len(),
            Pieces::F64(v) => v.len(),
        }
    }

    /// The precision the pieces hold.
    pub fn precision(&self) -> Precision {
        match &self.pieces {
            Pieces::F32(_) => Precision::F32,
            Pieces::F64(_) => Precision::F64,
        }
    }

    /// The pieces' mapped reals as raw arrays (for transfers and threads).
    fn arrays_of<T: ocl::OclPrm>(v: &[Pinned<T>]) -> Result<Vec<HostArray<T>>> {
        v.iter()
            .map(|p| p.with_map(|m| Ok(HostArray::new(m))))
            .collect()
    }

    /// The pieces as reals of `T` (its size must match the precision).
    pub(super) fn arrays<T: ocl::OclPrm>(&self) -> Result<Vec<HostArray<T>>> {
        let want = std::mem::size_of::<T>();
        match &self.pieces {
            Pieces::F32(v) if want == 4 => Ok(cast_all(Self::arrays_of(v)?)),
            Pieces::F64(v) if want == 8 => Ok(cast_all(Self::arrays_of(v)?)),
            _ => Err(JitError::invalid(format!(
                "pinned host array holds {}, {want}-byte reals asked for",
                self.precision()
            ))),
        }
    }

    /// The pieces as raw bytes (a streamed run's host memory, `mover::HostMem`).
    pub(super) fn byte_arrays(&mut self) -> Result<Vec<HostArray<u8>>> {
        match &self.pieces {
            Pieces::F32(v) => Ok(cast_all(Self::arrays_of(v)?)),
            Pieces::F64(v) => Ok(cast_all(Self::arrays_of(v)?)),
        }
    }

    fn checked<C: DeviceComplex>(&self) -> Result<Vec<HostArray<C>>> {
        if C::PRECISION != self.precision() {
            return Err(JitError::invalid(format!(
                "pinned host array holds {}, {} values asked for",
                self.precision(),
                C::PRECISION
            )));
        }
        Ok(cast_all(self.arrays::<C::Real>()?))
    }

    /// The pieces as complex values, in element order.
    pub fn pieces_mut<C: DeviceComplex>(&mut self) -> Result<Vec<&mut [C]>> {
        // SAFETY: the maps live as long as `self`, which is borrowed mutably meanwhile.
        Ok(self
            .checked::<C>()?
            .into_iter()
            .map(|a| unsafe { a.into_mut_slice() })
            .collect())
    }

    /// The pieces as complex values, in element order (read only).
    pub fn pieces<C: DeviceComplex>(&self) -> Result<Vec<&[C]>> {
        // SAFETY: the maps live as long as `self`; nothing writes them while it is borrowed.
        Ok(self
            .checked::<C>()?
            .into_iter()
            .map(|a| &*unsafe { a.into_mut_slice() })
            .collect())
    }

    /// Unmaps and frees the pieces, reporting an unmap error.
    pub fn release(self) -> Result<()> {
        match self.pieces {
            Pieces::F32(v) => v.into_iter().try_for_each(Pinned::release),
            Pieces::F64(v) => v.into_iter().try_for_each(Pinned::release),
        }
    }
}
