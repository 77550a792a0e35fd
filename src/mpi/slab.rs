//! The distributed VC transform over any number of ranks: uneven slabs of the leading digit
//! group (as FFTW-MPI's `local_n0` / `local_0_start`) and `MPI_Alltoallv` with counts and
//! displacements.
//!
//! Write a global index as (row, column): row = the top k digits (R = p^k rows), column = the
//! low n − k (C = p^(n−k)). Rank r holds rows `[row_start(r), +rows(r))` — R/P rows, the first
//! R mod P ranks one more — i.e. the contiguous values from `row_start(r)·C`.
//!
//! 1. Each rank transforms the column digits of its rows: `rows(r)` batched transforms of
//!    p^(n−k) points (the kernels a single device would use).
//! 2. The columns are split the same way (`col_start(b)`, `cols(b)`). One `MPI_Alltoallv`
//!    sends rank b the block rows(a) × cols(b) of each rank a; rank b stores what it receives
//!    transposed, `[column][row]`: `cols(b)` transforms of R contiguous values.
//! 3. Rank b transforms them: `cols(b)` batched transforms of p^k points.
//! 4. The reverse `MPI_Alltoallv` returns each block to its rank, which stores it at
//!    `row·C + col_start(b) + j`: natural order.
//!
//! Any P with P ≤ R and P ≤ C works; k is chosen near n/2 so that both splits are as even as
//! the digits allow (3^8 over 2 ranks: 41 and 40 rows of 81 values). One exchange each way,
//! not pipelined; the host copies that pack and transpose the blocks are timed (`pack_ms`).

use super::execute::RankTimes;
use crate::error::{JitError, Result};
use crate::runtime::Gpu;
use crate::vc::{DeviceComplex, VcPlan, VcTransform};
use mpi::datatype::{Equivalence, Partition, PartitionMut};
use mpi::topology::Communicator;
use mpi::traits::*;
use mpi::Count;
use serde::Serialize;
use std::time::Instant;

/// An uneven split of R rows and C columns over P ranks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SlabPlan {
    /// The base p.
    pub p: u32,
    /// Digits of the whole transform.
    pub n: u32,
    /// Ranks (any count with P ≤ R, P ≤ C).
    pub ranks: u64,
    /// k: the leading digits whose values are the rows.
    pub row_digits: u32,
    /// R = p^k.
    pub rows: u64,
    /// C = p^(n−k).
    pub columns: u64,
}

/// `[start, start + len)` of part `r` when `total` is split over `parts`, the first
/// `total mod parts` parts one longer (FFTW-MPI's block distribution, evened out).
pub fn split(total: u64, parts: u64, r: u64) -> (u64, u64) {
    let (q, rem) = (total / parts, total % parts);
    (r * q + r.min(rem), q + u64::from(r < rem))
}

impl SlabPlan {
    /// Splits p^n points over `ranks` ranks; errors when P > p^⌊n/2⌋·… leaves no k with
    /// P ≤ p^k and P ≤ p^(n−k).
    pub fn new(p: u32, n: u32, ranks: u64) -> Result<SlabPlan> {
        let pp = p as u64;
        if ranks == 0 {
            return Err(JitError::invalid("0 MPI ranks"));
        }
        // k = ⌈n/2⌉ first (most even splits), then the others nearest to it.
        let mut ks: Vec<u32> = (1..n.max(1)).collect();
        ks.sort_by_key(|&k| (k as i64 - n.div_ceil(2) as i64).abs());
        if n == 1 {
            ks = vec![1];
        }
        for k in ks {
            let (rows, columns) = (pp.pow(k), pp.pow(n - k));
            if ranks <= rows && ranks <= columns {
                return Ok(SlabPlan {
                    p,
                    n,
                    ranks,
                    row_digits: k,
                    rows,
                    columns,
                });
            }
        }
        Err(JitError::invalid(format!(
            "{ranks} MPI ranks are too many for {p}^{n} points: each rank needs at least one row \
             and one column of a (p^k, p^(n−k)) split, so P ≤ {}",
            pp.pow(n / 2)
        )))
    }

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
}

/// One rank's part of a slab-distributed transform.
pub struct SlabVc {
    /// The distribution.
    pub plan: SlabPlan,
    /// This rank.
    pub rank: u64,
    /// rows(rank) transforms of p^(n−k) points.
    pub local: VcTransform,
    /// cols(rank) transforms of p^k points.
    pub across: VcTransform,
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

impl SlabVc {
    /// Builds both batched transforms from `make(points_digits, batch)`, which gives the
    /// plan to run (the device's default choice, or the user's options).
    pub fn new(
        gpu: &Gpu,
        plan: SlabPlan,
        rank: u64,
        make: &dyn Fn(u32, u64) -> Result<VcPlan>,
    ) -> Result<SlabVc> {
        let local = VcTransform::new(gpu, &make(plan.n - plan.row_digits, plan.row_slab(rank).1)?)?;
        let across = VcTransform::new(gpu, &make(plan.row_digits, plan.col_slab(rank).1)?)?;
        Ok(SlabVc {
            plan,
            rank,
            local,
            across,
        })
    }

    /// The forward exchange's counts (complex values ×2): to rank b rows(me) × cols(b), from
    /// rank a rows(a) × cols(me). The way back swaps send and receive.
    fn counts(&self) -> Result<Counts> {
        let pl = &self.plan;
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
    /// `out` (the same slab of the spectrum, natural order). Collective.
    pub fn run<C, W>(&self, world: &W, gpu: &Gpu, x: &[C], out: &mut [C]) -> Result<RankTimes>
    where
        C: DeviceComplex + Default,
        C::Real: Equivalence,
        W: Communicator,
    {
        let t0 = Instant::now();
        let pl = &self.plan;
        let mut t = RankTimes::default();
        let (cols, r_all) = (pl.columns as usize, pl.rows as usize);
        let (my_r0, my_rows) = pl.row_slab(self.rank);
        let (_, my_cols) = pl.col_slab(self.rank);
        let (my_rows, my_cols) = (my_rows as usize, my_cols as usize);
        let _ = my_r0;
        let mut y = vec![C::default(); x.len()];
        let lt = self.local.execute_into(gpu, x, &mut y)?;
        t.local_kernel_ms = lt.kernel_ms;
        t.staging_ms += lt.upload_ms + lt.download_ms;
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
        let at = self.across.execute_in_place(gpu, &mut z)?;
        t.across_kernel_ms = at.kernel_ms;
        t.staging_ms += at.upload_ms + at.download_ms;
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
                out[i * cols + c0..i * cols + c0 + nc]
                    .copy_from_slice(&send[at + i * nc..at + (i + 1) * nc]);
            }
        }
        t.pack_ms += p0.elapsed().as_secs_f64() * 1e3;
        t.kernel_ms = t.local_kernel_ms + t.across_kernel_ms;
        t.end_to_end_ms = t0.elapsed().as_secs_f64() * 1e3;
        Ok(t)
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
        let pl = SlabPlan::new(3, 8, 2).unwrap();
        assert_eq!((pl.rows, pl.columns), (81, 81));
        assert_eq!((pl.row_slab(0), pl.row_slab(1)), ((0, 41), (41, 40)));
        assert_eq!(pl.offset(1), 41 * 81);
        for (p, n, ranks) in [(2, 5, 3), (5, 4, 6), (3, 3, 2), (2, 4, 4), (3, 2, 3)] {
            let pl = SlabPlan::new(p, n, ranks).unwrap();
            let total: u64 = (0..ranks).map(|r| pl.local_len(r)).sum();
            assert_eq!(total, (p as u64).pow(n));
            assert!((0..ranks).all(|r| pl.row_slab(r).1 >= 1 && pl.col_slab(r).1 >= 1));
        }
        let e = SlabPlan::new(2, 4, 5).unwrap_err().to_string();
        assert!(e.contains("P ≤ 4"), "{e}");
    }
}
