//! One rank's part of the distributed transform: the local transform of its n − k digits, the
//! pipelined exchange, the transform of the top k digits chunk by chunk, and the way back.
//!
//! Both local transforms are ordinary [`VcTransform`]s: the first is the plan a single device
//! would run for p^(n−k) points (fused on GPUs), the second a Cooley-Tukey plan of one
//! radix-P pass that stops after the top k digits ([`VcPlan::with_top_digits`]): the received
//! chunk holds \[source rank\]\[column\], and only the source-rank digits are left to transform.
//! A reshuffle into batched contiguous transforms would cost one more host pass over the data;
//! the top-digit plan reads the chunk as it arrives.
//!
//! The pipeline runs MPI on the calling thread (`MPI_THREAD_FUNNELED`) and the device work of
//! the chunks on a second thread: chunk q transforms while chunk q+1 is exchanged forward and
//! chunk q−1 back. `hidden_ms` says how much of the two overlapped.

use super::exchange::{all_to_all, pack_chunk, unpack_chunk};
use super::fault::injected;
use super::plan::MpiPlan;
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::{Algorithm, Coeffs, DeviceComplex, VcOptions, VcPlan, VcTransform};
use mpi::datatype::Equivalence;
use mpi::topology::Communicator;
use serde::{Deserialize, Serialize};
use std::sync::mpsc;
use std::time::Instant;

/// One rank's times of one distributed run (ms unless named otherwise).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct RankTimes {
    /// Kernel time of the local transform of the n − k low digits (profiling events).
    pub local_kernel_ms: f64,
    /// Kernel time of the top-digit transforms of all chunks.
    pub across_kernel_ms: f64,
    /// Both.
    pub kernel_ms: f64,
    /// Device ↔ host transfers the host-staged exchange needs (profiling events).
    pub staging_ms: f64,
    /// Wall time inside the MPI all-to-all calls.
    pub exchange_ms: f64,
    /// Host copies that pack and unpack the chunks.
    pub pack_ms: f64,
    /// Bytes this rank sent to other ranks (both directions).
    pub exchange_bytes: u64,
    /// Wall time the compute thread was busy with chunks (staging and kernels).
    pub chunk_compute_ms: f64,
    /// Wall time of the pipelined part (exchanges and chunk transforms).
    pub pipeline_ms: f64,
    /// Time the exchange and the chunk transforms overlapped: busy time of both minus the
    /// pipeline's wall time (0 when nothing overlapped).
    pub hidden_ms: f64,
    /// From data on the device to the result on the device, on this rank.
    pub end_to_end_ms: f64,
}

/// A distributed VC transform made ready on one rank's device.
pub struct DistributedVc {
    /// The distribution.
    pub plan: MpiPlan,
    /// The local transform of the n − k low digits (p^(n−k) points).
    pub local: VcTransform,
    /// The transform of the top k digits of one chunk (none with one rank).
    pub across: Option<VcTransform>,
    /// Leave the result with the two top digit groups swapped (no second exchange).
    pub keep_transposed: bool,
}

impl DistributedVc {
    /// Builds both local transforms: `local_plan` (p^(n−k) points, as chosen for the device)
    /// and the top-digit plan of the chunks, Cooley-Tukey with one butterfly of P points and
    /// the same precision, direction and normalisation.
    pub fn new(
        gpu: &Gpu,
        plan: MpiPlan,
        local_plan: &VcPlan,
        keep_transposed: bool,
    ) -> Result<DistributedVc> {
        if local_plan.p != plan.p || local_plan.n != plan.n - plan.rank_digits {
            return Err(JitError::invalid(format!(
                "the local plan must cover p^(n−k) = {}^{} points",
                plan.p,
                plan.n - plan.rank_digits
            )));
        }
        let local = VcTransform::new(gpu, local_plan)?;
        let across = if plan.ranks > 1 {
            let opts = VcOptions {
                algorithm: Algorithm::Ct,
                radix: Some(plan.ranks),
                coeffs: Coeffs::Literal,
                precision: local_plan.precision,
                direction: local_plan.direction,
                norm: Some(local_plan.norm),
                ..VcOptions::default()
            };
            let p2 = VcPlan::new(plan.p, plan.chunk_digits(), opts)?
                .with_top_digits(plan.rank_digits)?;
            Some(VcTransform::new(gpu, &p2)?)
        } else {
            None
        };
        Ok(DistributedVc {
            plan,
            local,
            across,
            keep_transposed,
        })
    }

    /// Runs the distributed transform on the data in `self.local`'s input buffer (uploaded by
    /// the caller: [`VcTransform::upload`]) and leaves this rank's slice of the spectrum in
    /// `out` (N/P values) and, uploaded again, in `self.local`'s input buffer (with one rank:
    /// in its result buffer, and in `out`). `y` is scratch of N/P values. Collective: every
    /// rank calls it. An error here leaves the other ranks waiting inside the exchange: the
    /// caller aborts the job ([`super::fault::abort_all`]).
    pub fn run<C, W>(
        &mut self,
        world: &W,
        gpu: &Gpu,
        y: &mut [C],
        out: &mut [C],
    ) -> Result<RankTimes>
    where
        C: DeviceComplex + Default,
        C::Real: Equivalence,
        W: Communicator,
    {
        let t0 = Instant::now();
        let mut t = RankTimes::default();
        let first = self.local.run(gpu)?;
        t.local_kernel_ms = first.kernel_ms;
        let Some(across) = self.across.take() else {
            t.kernel_ms = t.local_kernel_ms;
            t.end_to_end_ms = t0.elapsed().as_secs_f64() * 1e3;
            self.local.download(out)?;
            return Ok(t);
        };
        t.staging_ms += self.local.download(y)?;
        let (back, r) = self.pipeline(world, gpu, across, y, out, &mut t);
        self.across = back;
        r?;
        t.staging_ms += self.local.upload(&*out)?;
        t.kernel_ms = t.local_kernel_ms + t.across_kernel_ms;
        t.end_to_end_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(t)
    }

    /// The chunked exchange and the top-digit transforms; moves `across` to the device
    /// thread for the duration and returns it with the result.
    fn pipeline<C, W>(
        &self,
        world: &W,
        gpu: &Gpu,
        across: VcTransform,
        y: &[C],
        out: &mut [C],
        t: &mut RankTimes,
    ) -> (Option<VcTransform>, Result<()>)
    where
        C: DeviceComplex + Default,
        C::Real: Equivalence,
        W: Communicator,
    {
        let plan = &self.plan;
        let chunk = (plan.ranks * plan.chunk_width) as usize;
        let k = plan.chunks;
        // Bytes to the other ranks per chunk and direction.
        let sent = (chunk as u64 / plan.ranks) * (plan.ranks - 1) * std::mem::size_of::<C>() as u64;
        let rank = world.rank();
        let started = Instant::now();
        let stopped = || JitError::Device("the chunk transform thread stopped".into());
        let (back_transform, result) = std::thread::scope(|s| {
            let (to_dev, dev_in) = mpsc::sync_channel::<(u64, Vec<C>)>(2);
            let (dev_out, from_dev) = mpsc::channel::<Result<ChunkDone<C>>>();
            // The device side: each received chunk's top digits, in place. The transform moves
            // to this thread (its mapped staging is not Sync) and comes back at the end.
            let worker = s.spawn(move || {
                for (q, mut z) in dev_in {
                    let c0 = Instant::now();
                    let r = across.execute_in_place(gpu, &mut z).map(|tm| ChunkDone {
                        q,
                        data: z,
                        kernel_ms: tm.kernel_ms,
                        staging_ms: tm.upload_ms + tm.download_ms,
                        busy_ms: c0.elapsed().as_secs_f64() * 1e3,
                    });
                    let failed = r.is_err();
                    if dev_out.send(r).is_err() || failed {
                        break;
                    }
                }
                across
            });
            let mut send = vec![C::default(); chunk];
            // Chunk buffers come back from the device thread and serve later chunks.
            let pool: std::cell::RefCell<Vec<Vec<C>>> = Default::default();
            let pool = &pool;
            let mut forward = move |q: u64, t: &mut RankTimes| -> Result<()> {
                let p0 = Instant::now();
                pack_chunk(plan, y, q, &mut send);
                t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
                let mut z = pool
                    .borrow_mut()
                    .pop()
                    .unwrap_or_else(|| vec![C::default(); chunk]);
                t.exchange_ms += all_to_all(world, &send, &mut z);
                t.exchange_bytes += sent;
                to_dev.send((q, z)).map_err(|_| stopped())
            };
            let mut back = vec![C::default(); chunk];
            let mut steps = || -> Result<()> {
                forward(0, t)?;
                for q in 0..k {
                    if q + 1 < k {
                        forward(q + 1, t)?;
                    }
                    if q == 0 {
                        injected(rank, "exchange")?;
                    }
                    let done = from_dev.recv().map_err(|_| stopped())??;
                    debug_assert_eq!(done.q, q);
                    t.across_kernel_ms += done.kernel_ms;
                    t.staging_ms += done.staging_ms;
                    t.chunk_compute_ms += done.busy_ms;
                    let w = if self.keep_transposed {
                        &done.data
                    } else {
                        t.exchange_ms += all_to_all(world, &done.data, &mut back);
                        t.exchange_bytes += sent;
                        &back
                    };
                    let p0 = Instant::now();
                    unpack_chunk(plan, w, q, out);
                    t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
                    pool.borrow_mut().push(done.data);
                }
                Ok(())
            };
            let r = steps();
            // Ends the device thread's loop, on success and on failure alike.
            drop(forward);
            (worker.join().ok(), r)
        });
        t.pipeline_ms = started.elapsed().as_secs_f64() * 1e3;
        t.hidden_ms = (t.exchange_ms + t.pack_ms + t.chunk_compute_ms - t.pipeline_ms).max(0.0);
        (back_transform, result)
    }
}

/// A chunk back from the device thread.
struct ChunkDone<C> {
    q: u64,
    data: Vec<C>,
    kernel_ms: f64,
    staging_ms: f64,
    busy_ms: f64,
}
