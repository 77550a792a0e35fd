//! Host arrays through a transform's pinned staging, as `VcTransform::execute_into` moves
//! them: the input copied into the staging on every core in chunks while earlier chunks are
//! already uploading, the result copied out as its chunks arrive ([`crate::runtime::staging`]).
//! The finiteness test of the input and the overflow test of the result run on each piece
//! while it is copied (in cache), not as passes of their own. On CPU devices the arrays go
//! straight into and out of the mapped device buffer instead ([`crate::runtime::mapped`]).

use super::execute::WhtTransform;
use super::host::{check_finite_input, check_overflow, from_bytes};
use super::Storage;
use crate::error::{JitError, Result};
use crate::runtime::mapped::{copy_par, maps_host_memory, with_mapped};
use crate::runtime::staging::{self, StageOpts};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use std::time::Instant;

/// A host value of a plan's storage: `f64`, `f32`, or `u16` (the bits of f16 or bf16).
pub trait WhtValue: bytemuck::Pod + Send + Sync {
    /// Whether `v` fits `st` (its width).
    fn stores(st: Storage) -> bool;
    /// Every value is finite in `st` (a branch-free pass the compiler vectorises).
    fn all_finite(v: &[Self], st: Storage) -> bool;
}

impl WhtValue for f64 {
    fn stores(st: Storage) -> bool {
        st == Storage::F64
    }
    fn all_finite(v: &[f64], _: Storage) -> bool {
        v.iter().fold(true, |ok, x| ok & x.is_finite())
    }
}

impl WhtValue for f32 {
    fn stores(st: Storage) -> bool {
        st == Storage::F32
    }
    fn all_finite(v: &[f32], _: Storage) -> bool {
        v.iter().fold(true, |ok, x| ok & x.is_finite())
    }
}

impl WhtValue for u16 {
    fn stores(st: Storage) -> bool {
        matches!(st, Storage::F16 | Storage::Bf16)
    }
    fn all_finite(v: &[u16], st: Storage) -> bool {
        // Inf and NaN: every exponent bit set.
        let exp: u16 = if st == Storage::Bf16 { 0x7f80 } else { 0x7c00 };
        v.iter().fold(true, |ok, b| ok & (b & exp != exp))
    }
}

/// A test of a staged piece of storage bytes (false: a value in it fails).
type ByteCheck<'a> = &'a (dyn Fn(&[u8]) -> bool + Sync);

/// `check` on a staged piece of bytes (whole values: pieces are whole cache lines).
fn finite_bytes<T: WhtValue>(st: Storage) -> impl Fn(&[u8]) -> bool + Sync {
    move |b: &[u8]| match bytemuck::try_cast_slice::<u8, T>(b) {
        Ok(v) => T::all_finite(v, st),
        Err(_) => b
            .chunks_exact(std::mem::size_of::<T>())
            .all(|c| T::all_finite(&[bytemuck::pod_read_unaligned::<T>(c)], st)),
    }
}

impl WhtTransform {
    /// Transforms `input` into `output` (the plan's B·2^k values each, in its storage):
    /// staged upload, the passes, staged download. Refuses non-finite input (nothing runs)
    /// where `refuse_non_finite`, and always a result that overflowed its storage: `output`
    /// holds that result then (callers that promise an untouched output pass a scratch one).
    pub fn execute_into<T: WhtValue>(
        &self,
        gpu: &Gpu,
        input: &[T],
        output: &mut [T],
        refuse_non_finite: bool,
    ) -> Result<RunTimes> {
        let st = self.plan.storage;
        if !T::stores(st) {
            return Err(JitError::invalid(format!(
                "host values of {} bytes, the plan stores {}",
                std::mem::size_of::<T>(),
                st.name()
            )));
        }
        let finite = finite_bytes::<T>(st);
        let check_in: Option<ByteCheck<'_>> = refuse_non_finite.then_some(&finite);
        self.staged(
            gpu,
            bytemuck::cast_slice(input),
            bytemuck::cast_slice_mut(output),
            check_in,
            Some(&finite),
        )
    }

    /// The staged run on storage bytes, `check_in` on the input's pieces and `check_out` on
    /// the result's (each refusing with the library's message where a piece fails).
    pub(super) fn staged(
        &self,
        gpu: &Gpu,
        input: &[u8],
        output: &mut [u8],
        check_in: Option<ByteCheck<'_>>,
        check_out: Option<ByteCheck<'_>>,
    ) -> Result<RunTimes> {
        let len = self.plan.bytes();
        if input.len() as u64 != len || output.len() as u64 != len {
            return Err(JitError::invalid(format!(
                "input of {} and output of {} bytes, the plan takes {len}",
                input.len(),
                output.len()
            )));
        }
        let (st, row) = (self.plan.storage, self.plan.row_len());
        if maps_host_memory(gpu) {
            return self.mapped(gpu, input, output, check_in, check_out);
        }
        let opts = StageOpts::default();
        let t0 = Instant::now();
        // SAFETY: the staging stays mapped while the transform lives, and the host touches it
        // again only after `span_ms` has waited for every chunk's upload.
        let (up, ok) = self.staging.with_map(|m| unsafe {
            staging::upload(
                self.staging.queue(),
                m,
                &self.data,
                input,
                &opts,
                check_in.unwrap_or(&|_| true),
            )
        })?;
        let upload_ms = up.span_ms()?;
        if !ok {
            check_finite_input(&from_bytes(input, st), row, st)?;
        }
        let started = Instant::now();
        let events = self.launch_passes(gpu)?;
        let mut times = RunTimes::from_launches(&events, started)?;
        // SAFETY: as above; `download` returns once every chunk is copied out.
        let (down, ok) = self.staging.with_map(|m| unsafe {
            staging::download(
                self.staging.queue(),
                m,
                &self.data,
                output,
                &opts,
                None,
                check_out.unwrap_or(&|_| true),
            )
        })?;
        times.download_ms = down.span_ms()?;
        if !ok {
            check_overflow(&from_bytes(output, st), row, st)?;
        }
        times.upload_ms = upload_ms;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }

    /// [`Self::staged`] on a CPU device, where host and device memory are one RAM: the input
    /// copied once, on every core and checked as it goes, into the mapped buffer, the passes,
    /// the result copied once out of it (two copies where the staging makes four).
    fn mapped(
        &self,
        gpu: &Gpu,
        input: &[u8],
        output: &mut [u8],
        check_in: Option<ByteCheck<'_>>,
        check_out: Option<ByteCheck<'_>>,
    ) -> Result<RunTimes> {
        let (st, row) = (self.plan.storage, self.plan.row_len());
        let t0 = Instant::now();
        let every = |_: &[u8]| true;
        let (ok, [m, c, u]) = with_mapped(&gpu.queue, &self.data, input.len(), true, |d| {
            copy_par(d, input, check_in.unwrap_or(&every))
        })?;
        if !ok {
            check_finite_input(&from_bytes(input, st), row, st)?;
        }
        let started = Instant::now();
        let events = self.launch_passes(gpu)?;
        let mut times = RunTimes::from_launches(&events, started)?;
        let (ok, [m2, c2, u2]) = with_mapped(&gpu.queue, &self.data, output.len(), false, |d| {
            copy_par(output, d, check_out.unwrap_or(&every))
        })?;
        if !ok {
            check_overflow(&from_bytes(output, st), row, st)?;
        }
        // No transfer command runs: the host steps before and after the passes stand in.
        times.upload_ms = m + c + u;
        times.download_ms = m2 + c2 + u2;
        times.host_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(times)
    }
}
