//! The VC transform's slab split (any rank count): write a global index as (row, column),
//! row = the top k digits (R = p^k rows), column = the low n − k (C = p^(n−k)), and run the
//! family-neutral slabs of `mpi::slab` with the VC kernels as its two halves: rows(r)
//! batched transforms of p^(n−k) points, then cols(r) of p^k points.
//!
//! Any P with P ≤ R and P ≤ C works; k is chosen near n/2 so that both splits are as even as
//! the digits allow (3^8 over 2 ranks: 41 and 40 rows of 81 values). A rank whose share does
//! not fit its device streams it (`vc::stream`): no rank's device needs to hold its slab.

use crate::error::{JitError, Result};
use crate::mpi::slab::{SlabHalf, SlabTransform, Slabs};
use crate::runtime::Gpu;
use crate::vc::stream::StreamedVc;
use crate::vc::{DeviceComplex, VcPlan, VcTransform};
use serde::Serialize;

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

    /// The split of its rows and columns.
    pub fn slabs(&self) -> Slabs {
        Slabs {
            ranks: self.ranks,
            rows: self.rows,
            columns: self.columns,
        }
    }
}

/// One of a rank's two batched transforms: in device memory, or streamed through the device
/// (`vc::stream`) where the rank's share does not fit it.
pub enum RankTransform {
    /// The data fits the device.
    InMemory(Box<VcTransform>),
    /// Streamed; the plan is the whole batched transform.
    Streamed(Box<StreamedVc>),
}

impl RankTransform {
    /// `plan` in memory where it fits the device, else streamed (chunk transforms from `make`).
    pub fn new(
        gpu: &Gpu,
        plan: VcPlan,
        make: &dyn Fn(u32, u64) -> Result<VcPlan>,
    ) -> Result<RankTransform> {
        if crate::vc::stream::fits(gpu, &plan) {
            return Ok(RankTransform::InMemory(Box::new(VcTransform::new(
                gpu, &plan,
            )?)));
        }
        let bottom = |pl: VcPlan| make(pl.n, 1);
        Ok(RankTransform::Streamed(Box::new(StreamedVc::new(
            gpu, &plan, &bottom,
        )?)))
    }

    /// The whole batched transform.
    pub fn plan(&self) -> &VcPlan {
        match self {
            RankTransform::InMemory(t) => &t.plan,
            RankTransform::Streamed(s) => &s.whole,
        }
    }

    /// Whether it streams.
    pub fn streamed(&self) -> bool {
        matches!(self, RankTransform::Streamed(_))
    }
}

impl SlabHalf for RankTransform {
    fn run_in_place<C: DeviceComplex>(&self, gpu: &Gpu, data: &mut [C]) -> Result<(f64, f64)> {
        match self {
            RankTransform::InMemory(t) => {
                let tm = t.execute_in_place(gpu, data)?;
                Ok((tm.kernel_ms, tm.upload_ms + tm.download_ms))
            }
            RankTransform::Streamed(s) => {
                let passes = s.run(gpu, data)?;
                Ok((
                    passes.iter().map(|p| p.kernel_ms).sum(),
                    passes.iter().map(|p| p.upload_ms + p.download_ms).sum(),
                ))
            }
        }
    }
}

/// One rank's part of a slab-distributed VC transform: rows(rank) transforms of p^(n−k)
/// points, then cols(rank) transforms of p^k points.
pub type SlabVc = SlabTransform<RankTransform>;

/// Builds both batched transforms of rank `rank` from `make(points_digits, batch)`, which
/// gives the plan to run (the device's default choice, or the user's options).
pub fn slab_vc(
    gpu: &Gpu,
    plan: SlabPlan,
    rank: u64,
    make: &dyn Fn(u32, u64) -> Result<VcPlan>,
) -> Result<SlabVc> {
    let slabs = plan.slabs();
    let local_plan = make(plan.n - plan.row_digits, slabs.row_slab(rank).1)?;
    let local = RankTransform::new(gpu, local_plan, make)?;
    let across_plan = make(plan.row_digits, slabs.col_slab(rank).1)?;
    let across = RankTransform::new(gpu, across_plan, make)?;
    Ok(SlabTransform {
        slabs,
        rank,
        local,
        across,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slabs_cover_rows_and_columns_unevenly() {
        let pl = SlabPlan::new(3, 8, 2).unwrap();
        assert_eq!((pl.rows, pl.columns), (81, 81));
        let s = pl.slabs();
        assert_eq!((s.row_slab(0), s.row_slab(1)), ((0, 41), (41, 40)));
        assert_eq!(s.offset(1), 41 * 81);
        for (p, n, ranks) in [(2, 5, 3), (5, 4, 6), (3, 3, 2), (2, 4, 4), (3, 2, 3)] {
            let s = SlabPlan::new(p, n, ranks).unwrap().slabs();
            let total: u64 = (0..ranks).map(|r| s.local_len(r)).sum();
            assert_eq!(total, (p as u64).pow(n));
            assert!((0..ranks).all(|r| s.row_slab(r).1 >= 1 && s.col_slab(r).1 >= 1));
        }
        let e = SlabPlan::new(2, 4, 5).unwrap_err().to_string();
        assert!(e.contains("P ≤ 4"), "{e}");
    }
}
