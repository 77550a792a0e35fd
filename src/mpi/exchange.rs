//! The exchanges: one all-to-all per chunk and direction (`MPI_Alltoall` of equal blocks), the
//! host-side packing around them, and the `MPI_Sendrecv` probe they are measured against.
//!
//! OpenCL buffers are not memory MPI can address, so every exchange is host-staged: the
//! device's data comes to host memory (pinned staging, then the rank's host array), MPI moves
//! it, and it goes back up. The staging transfers are timed on their own (`staging_ms`).

use super::plan::MpiPlan;
use crate::vc::DeviceComplex;
use mpi::datatype::Equivalence;
use mpi::topology::Communicator;
use mpi::traits::*;
use rayon::prelude::*;
use std::time::Instant;

/// Copies chunk `q` of every destination's block out of the rank's transformed slice `y`
/// (layout \[b\]\[c\], C columns) into `send` (layout \[b\]\[i\], w values each).
pub fn pack_chunk<C: Copy + Send + Sync>(plan: &MpiPlan, y: &[C], q: u64, send: &mut [C]) {
    let (c, w) = (plan.columns() as usize, plan.chunk_width as usize);
    let start = q as usize * w;
    send.par_chunks_mut(w)
        .enumerate()
        .for_each(|(b, dst)| dst.copy_from_slice(&y[b * c + start..b * c + start + w]));
}

/// The inverse of [`pack_chunk`]: block `b` of `recv` (w values) goes to b·C + q·w in `out`.
pub fn unpack_chunk<C: Copy + Send + Sync>(plan: &MpiPlan, recv: &[C], q: u64, out: &mut [C]) {
    let (c, w) = (plan.columns() as usize, plan.chunk_width as usize);
    let start = q as usize * w;
    // Each block of `out` (C values) receives one run of w: split `out` by blocks.
    out.par_chunks_mut(c)
        .zip(recv.par_chunks(w))
        .for_each(|(dst, src)| dst[start..start + w].copy_from_slice(src));
}

/// One all-to-all of equal blocks (`send.len() / P` complex values to each rank); returns the
/// call's wall time in ms.
pub fn all_to_all<C, W>(world: &W, send: &[C], recv: &mut [C]) -> f64
where
    C: DeviceComplex,
    C::Real: Equivalence,
    W: Communicator,
{
    let t = Instant::now();
    let s: &[C::Real] = bytemuck::cast_slice(send);
    let r: &mut [C::Real] = bytemuck::cast_slice_mut(recv);
    world.all_to_all_into(s, r);
    t.elapsed().as_secs_f64() * 1e3
}

/// Measures `MPI_Sendrecv` of `bytes` in a ring (rank r sends to r+1 and receives from r−1,
/// in messages of at most 1 GiB), the plain point-to-point rate the exchange is compared with;
/// returns the median of `repeats` timed rounds in ms (all ranks synchronised before each).
pub fn sendrecv_probe<W: Communicator>(world: &W, bytes: u64, repeats: usize) -> f64 {
    let size = world.size();
    if size < 2 || bytes == 0 {
        return 0.0;
    }
    let rank = world.rank();
    let next = world.process_at_rank((rank + 1) % size);
    let prev = world.process_at_rank((rank + size - 1) % size);
    let msg_max = 1usize << 30;
    let total = bytes as usize;
    let piece = total.min(msg_max);
    let send = vec![1u8; piece];
    let mut recv = vec![0u8; piece];
    let mut times = Vec::with_capacity(repeats);
    for _ in 0..repeats.max(1) {
        world.barrier();
        let t = Instant::now();
        let mut left = total;
        while left > 0 {
            let len = left.min(piece);
            mpi::point_to_point::send_receive_into(&send[..len], &next, &mut recv[..len], &prev);
            left -= len;
        }
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pack_then_unpack_restores_each_chunk() {
        let plan = MpiPlan::new(2, 6, 2, Some(2)).unwrap(); // M = 32, C = 16, w = 8
        let y: Vec<u32> = (0..32).collect();
        let mut out = vec![0u32; 32];
        for q in 0..plan.chunks {
            let mut send = vec![0u32; 16];
            pack_chunk(&plan, &y, q, &mut send);
            assert_eq!(send[8], 16 + 8 * q as u32); // block b = 1 starts at C + q·w
            unpack_chunk(&plan, &send, q, &mut out);
        }
        assert_eq!(out, y);
    }
}
