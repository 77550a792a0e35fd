//! The uneven-slab distribution of a rows × columns array over any number of ranks, whatever
//! the family that transforms it: rank r holds rows `[row_start(r), +rows(r))` — R/P rows, the
//! first R mod P ranks one more (FFTW-MPI's `local_n0` / `local_0_start`) — i.e. the
//! contiguous values from `row_start(r)·C`.
//!
//! 1. Each rank transforms its rows along the columns ([`SlabTransform::local`]).
//! 2. The columns are split the same way (`col_start(b)`, `cols(b)`). One `MPI_Alltoallv`
//!    sends rank b the block rows(a) × cols(b) of each rank a; rank b stores what it receives
//!    transposed, `[column][row]`: `cols(b)` lines of R contiguous values.
//! 3. Rank b transforms them ([`SlabTransform::across`]).
//! 4. The reverse `MPI_Alltoallv` returns each block to its rank, which stores it at
//!    `row·C + col_start(b) + j`: natural order.
//!
//! One exchange each way, not pipelined; the host copies that pack and transpose the blocks
//! are timed (`pack_ms`); an `across` that is the identity ([`SlabHalf::is_identity`]) leaves
//! out both exchanges. The families: the VC transform (`mpi::vc::digit_slabs`: the rows are
//! the top k digits, the columns the others) and the n-D FFT (`mpi::fft`: the rows are
//! axis 0, the columns the other axes).

use super::execute::RankTimes;
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::DeviceComplex;
use mpi::datatype::{Equivalence, Partition, PartitionMut};
use mpi::topology::Communicator;
use mpi::traits::*;
use mpi::Count;
use serde::Serialize;
use std::time::Instant;

/// `[start, start + len)` of part `r` when `total` is split over `parts`, the first
/// `total mod parts` parts one longer (FFTW-MPI's block distribution, evened out).
pub fn split(total: u64, parts: u64, r: u64) -> (u64, u64) {
    let (q, rem) = (total / parts, total % parts);
    (r * q + r.min(rem), q + u64::from(r < rem))
}

/// An uneven split of R rows and C columns over P ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Slabs {
    /// Ranks.
    pub ranks: u64,
    /// R.
    pub rows: u64,
    /// C.
    pub columns: u64,
}

impl Slabs {
    /// (first row, rows) of rank r.
    pub fn row_slab(&self, r: u64) -> (u64, u64) {
        split(self.rows, self.ranks, r)
    }

    /// (first column, columns) rank r transforms after the exchange.
    pub fn col_slab(&self, r: u64) -> (u64, u64) {
        split(self.columns, self.ranks, r)
    }

    /// The first global index rank r holds.
    pub fn offset(&self, r: u64) -> u64 {
        self.row_slab(r).0 * self.columns
    }

    /// Values rank r holds.
    pub fn local_len(&self, r: u64) -> u64 {
        self.row_slab(r).1 * self.columns
    }

    /// Values in all.
    pub fn len(&self) -> u64 {
        self.rows * self.columns
    }

    /// Never: a split has at least one row and one column.
    pub fn is_empty(&self) -> bool {
        false
    }
}

/// One of a rank's two batched transforms, as the family builds it (in device memory or
/// streamed through the device).
pub trait SlabHalf {
    /// Transforms `data` (values of the plan's precision) in place on the host: (kernel ms,
    /// staging ms).
    fn run_in_place<C: DeviceComplex>(&self, gpu: &Gpu, data: &mut [C]) -> Result<(f64, f64)>;
    /// Whether it leaves the data as it is (no axis to transform).
    fn is_identity(&self) -> bool {
        false
    }
}

/// One rank's part of a slab-distributed transform.
pub struct SlabTransform<H> {
    /// The distribution.
    pub slabs: Slabs,
    /// This rank.
    pub rank: u64,
    /// rows(rank) lines of C values.
    pub local: H,
    /// cols(rank) lines of R values.
    pub across: H,
}

/// Counts and displacements (in reals) of one direction's exchange.
struct Counts {
    send: Vec<Count>,
    send_at: Vec<Count>,
    recv: Vec<Count>,
    recv_at: Vec<Count>,
}

fn displs(counts: &[Count]) -> Vec<Count> {
    counts
        .iter()
        .scan(0, |acc, &c| {
            let d = *acc;
            *acc += c;
            Some(d)
        })
        .collect()
}

impl<H: SlabHalf> SlabTransform<H> {
    /// Whether the run exchanges (the across transform is not the identity).
    pub fn exchanges(&self) -> bool {
        !self.across.is_identity()
    }

    /// The forward exchange's counts (complex values ×2): to rank b rows(me) × cols(b), from
    /// rank a rows(a) × cols(me). The way back swaps send and receive.
    fn counts(&self) -> Result<Counts> {
        let pl = &self.slabs;
        let me_rows = pl.row_slab(self.rank).1;
        let me_cols = pl.col_slab(self.rank).1;
        let c = |v: u64| -> Result<Count> {
            Count::try_from(2 * v).map_err(|_| {
                JitError::invalid(format!(
                    "an exchange block of {v} values exceeds MPI's int count; use more ranks"
                ))
            })
        };
        let send = (0..pl.ranks)
            .map(|b| c(me_rows * pl.col_slab(b).1))
            .collect::<Result<Vec<_>>>()?;
        let recv = (0..pl.ranks)
            .map(|a| c(pl.row_slab(a).1 * me_cols))
            .collect::<Result<Vec<_>>>()?;
        Ok(Counts {
            send_at: displs(&send),
            recv_at: displs(&recv),
            send,
            recv,
        })
    }

    /// Transforms this rank's slab `x` (rows(rank)·C values, in the plan's precision) into
    /// `out` (the same slab of the result, natural order). Collective.
    pub fn run<C, W>(&self, world: &W, gpu: &Gpu, x: &[C], out: &mut [C]) -> Result<RankTimes>
    where
        C: DeviceComplex + Default,
        C::Real: Equivalence,
        W: Communicator,
    {
        let t0 = Instant::now();
        let mut t = RankTimes::default();
        out.copy_from_slice(x);
        let (k_ms, s_ms) = self.local.run_in_place(gpu, out)?;
        t.local_kernel_ms = k_ms;
        t.staging_ms += s_ms;
        if self.exchanges() {
            self.exchange_across(world, gpu, out, &mut t)?;
        }
        t.kernel_ms = t.local_kernel_ms + t.across_kernel_ms;
        t.end_to_end_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(t)
    }

    /// Steps 2–4 on the rank's transformed rows `y`, in place: the exchange, the across
    /// transform and the way back.
    fn exchange_across<C, W>(
        &self,
        world: &W,
        gpu: &Gpu,
        y: &mut [C],
        t: &mut RankTimes,
    ) -> Result<()>
    where
        C: DeviceComplex + Default,
        C::Real: Equivalence,
        W: Communicator,
    {
        let pl = &self.slabs;
        let (cols, r_all) = (pl.columns as usize, pl.rows as usize);
        let my_rows = pl.row_slab(self.rank).1 as usize;
        let my_cols = pl.col_slab(self.rank).1 as usize;
        let k = self.counts()?;
        let ranks = pl.ranks as usize;
        // Pack: to rank b, my rows × its columns, row-major.
        let p0 = Instant::now();
        let mut send = vec![C::default(); my_rows * cols];
        for b in 0..ranks {
            let (c0, nc) = pl.col_slab(b as u64);
            let (c0, nc) = (c0 as usize, nc as usize);
            let at = k.send_at[b] as usize / 2;
            for i in 0..my_rows {
                send[at + i * nc..at + (i + 1) * nc]
                    .copy_from_slice(&y[i * cols + c0..i * cols + c0 + nc]);
            }
        }
        t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        let mut recv = vec![C::default(); r_all * my_cols];
        t.exchange_ms += alltoallv(
            world, &send, &k.send, &k.send_at, &mut recv, &k.recv, &k.recv_at,
        );
        let elem = std::mem::size_of::<C>() as u64;
        let others = |counts: &[Count]| -> u64 {
            counts
                .iter()
                .enumerate()
                .filter(|(r, _)| *r as u64 != self.rank)
                .map(|(_, &c)| c as u64 / 2 * elem)
                .sum()
        };
        t.exchange_bytes += others(&k.send);
        // Unpack transposed: z[j·R + row] (cols(me) transforms of R contiguous values).
        let p0 = Instant::now();
        let mut z = vec![C::default(); r_all * my_cols];
        for a in 0..ranks {
            let (r0, nr) = pl.row_slab(a as u64);
            let at = k.recv_at[a] as usize / 2;
            for i in 0..nr as usize {
                for j in 0..my_cols {
                    z[j * r_all + r0 as usize + i] = recv[at + i * my_cols + j];
                }
            }
        }
        t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        let (k_ms, s_ms) = self.across.run_in_place(gpu, &mut z)?;
        t.across_kernel_ms = k_ms;
        t.staging_ms += s_ms;
        // Back: to rank a, its rows × my columns, row-major (what it sent, transformed).
        let p0 = Instant::now();
        for a in 0..ranks {
            let (r0, nr) = pl.row_slab(a as u64);
            let at = k.recv_at[a] as usize / 2;
            for i in 0..nr as usize {
                for j in 0..my_cols {
                    recv[at + i * my_cols + j] = z[j * r_all + r0 as usize + i];
                }
            }
        }
        t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        t.exchange_ms += alltoallv(
            world, &recv, &k.recv, &k.recv_at, &mut send, &k.send, &k.send_at,
        );
        t.exchange_bytes += others(&k.recv);
        let p0 = Instant::now();
        for b in 0..ranks {
            let (c0, nc) = pl.col_slab(b as u64);
            let (c0, nc) = (c0 as usize, nc as usize);
            let at = k.send_at[b] as usize / 2;
            for i in 0..my_rows {
                y[i * cols + c0..i * cols + c0 + nc]
                    .copy_from_slice(&send[at + i * nc..at + (i + 1) * nc]);
            }
        }
        t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        Ok(())
    }

    /// Times a plain `MPI_Alltoallv` of the same counts both ways (`repeats` rounds, all ranks
    /// synchronised before each); returns the median in ms: what the exchange is compared with.
    pub fn alltoallv_probe<W: Communicator>(
        &self,
        world: &W,
        elem_reals: usize,
        repeats: usize,
    ) -> Result<f64> {
        let k = self.counts()?;
        let total = |c: &[Count]| c.iter().map(|&v| v as usize).sum::<usize>();
        let send = vec![0u8; total(&k.send) * elem_reals];
        let mut recv = vec![0u8; total(&k.recv) * elem_reals];
        let scale = |c: &[Count]| {
            c.iter()
                .map(|&v| v * elem_reals as Count)
                .collect::<Vec<_>>()
        };
        let (s, sa, r, ra) = (
            scale(&k.send),
            scale(&k.send_at),
            scale(&k.recv),
            scale(&k.recv_at),
        );
        let mut times = Vec::new();
        for _ in 0..repeats.max(1) {
            world.barrier();
            let t = Instant::now();
            alltoallv_raw(world, &send, &s, &sa, &mut recv, &r, &ra);
            let mut back = vec![0u8; send.len()];
            alltoallv_raw(world, &recv, &r, &ra, &mut back, &s, &sa);
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        times.sort_by(f64::total_cmp);
        Ok(times[times.len() / 2])
    }
}

fn alltoallv<C, W>(
    world: &W,
    send: &[C],
    sc: &[Count],
    sa: &[Count],
    recv: &mut [C],
    rc: &[Count],
    ra: &[Count],
) -> f64
where
    C: DeviceComplex,
    C::Real: Equivalence,
    W: Communicator,
{
    let s: &[C::Real] = bytemuck::cast_slice(send);
    let r: &mut [C::Real] = bytemuck::cast_slice_mut(recv);
    let t = Instant::now();
    alltoallv_raw(world, s, sc, sa, r, rc, ra);
    t.elapsed().as_secs_f64() * 1e3
}

fn alltoallv_raw<T: Equivalence, W: Communicator>(
    world: &W,
    send: &[T],
    sc: &[Count],
    sa: &[Count],
    recv: &mut [T],
    rc: &[Count],
    ra: &[Count],
) {
    let s = Partition::new(send, sc, sa);
    let mut r = PartitionMut::new(recv, rc, ra);
    world.all_to_all_varcount_into(&s, &mut r);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slabs_cover_rows_and_columns_unevenly() {
        let s = Slabs {
            ranks: 3,
            rows: 7,
            columns: 5,
        };
        assert_eq!(
            (s.row_slab(0), s.row_slab(1), s.row_slab(2)),
            ((0, 3), (3, 2), (5, 2))
        );
        assert_eq!((s.col_slab(0), s.col_slab(2)), ((0, 2), (4, 1)));
        assert_eq!((s.offset(1), s.local_len(1)), (15, 10));
        assert_eq!((0..3).map(|r| s.local_len(r)).sum::<u64>(), s.len());
    }
}
