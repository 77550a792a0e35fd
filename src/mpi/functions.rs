//! Many-function analyses over ranks: B functions split into contiguous shares (any rank
//! count, the first B mod P ranks one more), each rank classifying its share on its own
//! device, the per-function results gathered on rank 0 in function order.

use super::fault::{agree, injected};
use super::slab::split;
use crate::error::Result;
use crate::mvl::bent::{BentClassifier, BentVerdicts};
use crate::mvl::truth_vectors::TruthVectors;
use crate::runtime::Gpu;
use crate::transform::Precision;
use mpi::collective::SystemOperation;
use mpi::topology::Communicator;
use mpi::traits::*;
use serde::{Deserialize, Serialize};

/// One rank's share and times (ms; medians of the timed runs).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct ShareTimes {
    /// This rank.
    pub rank: i32,
    /// Its device.
    pub device: String,
    /// First function of the share and functions in it.
    pub first: u64,
    /// Functions in the share.
    pub functions: u64,
    /// Kernel time (profiling events).
    pub kernel_ms: f64,
    /// Upload of the share's truth vectors.
    pub upload_ms: f64,
    /// The share's classification from host memory (host wall clock).
    pub host_ms: f64,
}

/// (first function, functions) of rank `rank`'s share of `batch` functions.
pub fn share(batch: u64, ranks: u64, rank: u64) -> (u64, u64) {
    split(batch, ranks, rank)
}

/// Classifies rank's share of `truth` (every rank holds the whole set; each takes its share)
/// with `repeat` timed runs after a warm-up when `repeat > 1`, and gathers the verdicts on
/// rank 0 (`Some` there, `None` elsewhere) with every rank's times. Collective; a failure on
/// any rank (build, run) is returned on every rank, naming it.
pub fn bent_over_ranks<W: Communicator>(
    world: &W,
    gpu: &Gpu,
    truth: &TruthVectors,
    precision: Precision,
    fused_values: Option<u32>,
    repeat: u32,
) -> Result<(Option<BentVerdicts>, Vec<ShareTimes>)> {
    let rank = world.rank();
    let (first, len) = share(truth.batch, world.size() as u64, rank as u64);
    let bytes = truth.len() as usize * if truth.p <= 256 { 1 } else { 2 };
    let mine = &truth.data[first as usize * bytes..(first + len) as usize * bytes];
    let run = || -> Result<(BentVerdicts, ShareTimes)> {
        injected(rank, "build")?;
        let mut t = ShareTimes {
            rank,
            device: gpu.info.name.clone(),
            first,
            functions: len,
            ..Default::default()
        };
        if len == 0 {
            let rule = crate::mvl::bent::BentRule::new(truth.p, truth.n, precision);
            let empty = BentVerdicts {
                p: truth.p,
                n: truth.n,
                rule,
                bent: Vec::new(),
                exact: Vec::new(),
                min_abs: Vec::new(),
                max_abs: Vec::new(),
            };
            return Ok((empty, t));
        }
        let plan =
            crate::mvl::bent::bent_plan_with(truth.p, truth.n, len, precision, fused_values)?;
        let c = BentClassifier::with_plan(gpu, &plan)?;
        if repeat > 1 {
            c.classify_bytes(gpu, mine)?;
        }
        let mut runs = Vec::new();
        let mut last = None;
        for _ in 0..repeat.max(1) {
            let (v, tm) = c.classify_bytes(gpu, mine)?;
            runs.push(tm);
            last = Some(v);
        }
        c.release()?;
        let med = |f: &dyn Fn(&crate::vc::RunTimes) -> f64| {
            crate::runtime::Summary::of(&runs.iter().map(f).collect::<Vec<_>>()).median
        };
        t.kernel_ms = med(&|r| r.kernel_ms);
        t.upload_ms = med(&|r| r.upload_ms);
        t.host_ms = med(&|r| r.host_ms);
        Ok((last.expect("one run at least"), t))
    };
    let (v, t) = agree(world, "classify", run())?;
    // Gather in rank order: verdict flags as bytes, magnitudes as f64, times as JSON.
    let flags: Vec<u8> = v
        .bent
        .iter()
        .zip(&v.exact)
        .map(|(&b, &e)| u8::from(b) | (u8::from(e) << 1))
        .collect();
    let mags: Vec<f64> = v.min_abs.iter().chain(&v.max_abs).copied().collect();
    let times = serde_json::to_vec(&t).unwrap_or_default();
    if rank != 0 {
        let root = world.process_at_rank(0);
        root.send(&flags[..]);
        root.send(&mags[..]);
        root.send(&times[..]);
        return Ok((None, Vec::new()));
    }
    let mut all = v;
    let mut lines = vec![t];
    for r in 1..world.size() {
        let src = world.process_at_rank(r);
        let (f, _) = src.receive_vec::<u8>();
        let (m, _) = src.receive_vec::<f64>();
        let (tj, _) = src.receive_vec::<u8>();
        let k = f.len();
        all.bent.extend(f.iter().map(|x| x & 1 == 1));
        all.exact.extend(f.iter().map(|x| x & 2 == 2));
        all.min_abs.extend_from_slice(&m[..k]);
        all.max_abs.extend_from_slice(&m[k..]);
        lines.push(serde_json::from_slice(&tj).unwrap_or_default());
    }
    Ok((Some(all), lines))
}

/// The one precision every rank runs: f64 only where every rank's device has it.
pub fn agreed_precision<W: Communicator>(world: &W, here: Precision) -> Precision {
    let f64_here = i32::from(here == Precision::F64);
    let mut f64_all = 0i32;
    world.all_reduce_into(&f64_here, &mut f64_all, SystemOperation::min());
    if f64_all == 1 {
        Precision::F64
    } else {
        Precision::F32
    }
}

/// What rank 0 reports of `bent --mpi`: the verdicts' counts and each rank's share.
#[derive(Serialize)]
pub struct BentMpiReport {
    p: u32,
    n: u32,
    functions: u64,
    bent_count: usize,
    exact: bool,
    ranks: i32,
    /// Slowest rank's classification (host wall clock, median of its runs).
    slowest_ms: f64,
    per_rank: Vec<ShareTimes>,
    output: Option<String>,
}

impl BentMpiReport {
    /// The report of verdicts `v` on `functions` functions over `ranks` ranks, each rank's
    /// share timed in `per_rank`; `output` where the verdicts were written.
    pub fn new(
        v: &BentVerdicts,
        functions: u64,
        ranks: i32,
        per_rank: Vec<ShareTimes>,
        output: Option<String>,
    ) -> Self {
        BentMpiReport {
            p: v.p,
            n: v.n,
            functions,
            bent_count: v.count(),
            exact: v.exact.iter().all(|&e| e),
            ranks,
            slowest_ms: per_rank.iter().map(|l| l.host_ms).fold(0.0, f64::max),
            per_rank,
            output,
        }
    }

    /// The text report on functions from `input` classified in `precision`, a line each.
    pub fn lines(&self, input: &str, precision: Precision) -> Vec<String> {
        let mut out = vec![format!(
            "{input}: {} functions, p = {}, n = {}, over {} ranks: {} bent, {} not bent ({precision})",
            self.functions,
            self.p,
            self.n,
            self.ranks,
            self.bent_count,
            self.functions as usize - self.bent_count,
        )];
        for l in &self.per_rank {
            out.push(format!(
                "  rank {} ({}): functions {}..{}, kernel {:.4} ms, upload {:.4} ms, classification {:.3} ms",
                l.rank,
                l.device,
                l.first,
                l.first + l.functions,
                l.kernel_ms,
                l.upload_ms,
                l.host_ms
            ));
        }
        if let Some(o) = &self.output {
            out.push(format!("verdicts   {o}"));
        }
        out
    }
}
