//! `bent` split (issue 45): the functions dealt over a device set's members (`model::split`),
//! and on each member classified in chunks of as many functions as one allocation holds, run
//! in turn — so 2^24 functions of 3^4 values run on one GPU whose largest buffer is smaller
//! than the whole batch's. A chunk shorter than the member's transform is padded with the
//! constant function 0 and its verdicts dropped; each function's verdict depends only on its
//! own spectrum, so the verdicts are the one-run verdicts.

use super::bent::{bent_plan_with, BentClassifier, BentVerdicts};
use super::bent_report::{geometry, KernelGeometry};
use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::model::split::{probe_walls, rows_of, run_shares, split_rows, SetFigures, Share};
use crate::runtime::timing::RunTimes;
use crate::runtime::{DeviceInfo, DeviceSet};
use crate::transform::Precision;
use crate::vc::check_device;

/// The most functions (at most `rows`) one classifier on `info` holds: the largest batch
/// whose plan passes the device's allocation and memory checks; the check's error where
/// not even one function fits.
pub fn chunk_rows(
    info: &DeviceInfo,
    p: u32,
    n: u32,
    rows: u64,
    precision: Precision,
    fused_values: Option<u32>,
) -> Result<u64> {
    let fits = |b: u64| {
        bent_plan_with(p, n, b, precision, fused_values).and_then(|plan| check_device(info, &plan))
    };
    if fits(rows).is_ok() {
        return Ok(rows);
    }
    fits(1)?;
    let (mut lo, mut hi) = (1, rows);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid).is_ok() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Ok(lo)
}

/// What a split classification gives: the verdicts in function order, the set's times as
/// one run each timed run (slowest member's kernels and upload, set wall end to end), the
/// first member's kernels, and the figures of each member.
pub struct SplitRun {
    /// One verdict per function.
    pub verdicts: BentVerdicts,
    /// Each timed run as one run of the set.
    pub runs: Vec<RunTimes>,
    /// The first share's kernels.
    pub kernels: Vec<KernelGeometry>,
    /// Each member's rows, chunks and times; the set's wall clock.
    pub figures: SetFigures,
}

/// Classifies `truth` over `set` in `precision`: shares as `JITFFT_SET_SPLIT` says (equal over
/// one model, by measured speed otherwise: `model::split::split_rows`), each in chunks that fit its
/// member; one warm-up where `repeat` > 1 (as the one-device run), `repeat` timed runs.
pub fn classify_split(
    set: &DeviceSet,
    truth: &TruthVectors,
    precision: Precision,
    fused_values: Option<u32>,
    repeat: usize,
) -> Result<SplitRun> {
    let (p, n, batch) = (truth.p, truth.n, truth.batch);
    let per = truth.data.len() / batch as usize;
    // Each share in chunks its member holds.
    let chunked = |shares: Vec<Share>| {
        shares
            .into_iter()
            .map(|s| {
                let info = &set.members[s.member].info;
                let rows = s.rows.end - s.rows.start;
                let most = chunk_rows(info, p, n, rows, precision, fused_values)?;
                // As few runs as the limit allows, of equal size (the last padded by less than
                // one function a run): 2^24 functions where 2^24 − ε fit run as two halves.
                let chunk = rows.div_ceil(rows.div_ceil(most));
                Ok(Share { chunk, ..s })
            })
            .collect::<Result<Vec<Share>>>()
    };
    let build = |gpu: &crate::runtime::Gpu, rows: u64| {
        let c =
            BentClassifier::with_plan(gpu, &bent_plan_with(p, n, rows, precision, fused_values)?)?;
        // Several functions in all: the verdicts come back decided, as one run's would.
        if batch > 1 {
            c.verdicts_on_device(gpu)
        } else {
            Ok(c)
        }
    };
    // Verdicts are small: a fresh output each run.
    let run = |c: &BentClassifier, gpu: &crate::runtime::Gpu, r: std::ops::Range<u64>, _| {
        let bytes = rows_of(&truth.data, &r, per as u64);
        let want = c.tr.plan.batch as usize;
        let rows = (r.end - r.start) as usize;
        if rows == want {
            return c.classify_bytes(gpu, bytes);
        }
        // The last chunk: padded with the constant function 0, its verdicts dropped.
        let mut padded = bytes.to_vec();
        padded.resize(want * per, 0);
        let (v, t) = c.classify_bytes(gpu, &padded)?;
        Ok((keep_first(v, rows), t))
    };
    let finish = |c: BentClassifier| {
        let k = geometry(&c);
        c.release()?;
        Ok(k)
    };
    let (shares, how) = split_rows(set, batch, crate::settings::set_split(), |equal| {
        let equal = chunked(equal.to_vec())?;
        probe_walls(run_shares(set, &equal, (true, 1), build, run, finish)?)
    })?;
    // A warm-up only where repeated, as the one-device run.
    let mut runs = run_shares(
        set,
        &chunked(shares)?,
        (repeat > 1, repeat.max(1)),
        build,
        run,
        finish,
    )?;
    runs.figures.split = how;
    let parts: Vec<BentVerdicts> = runs.outputs.iter().flatten().cloned().collect();
    let verdicts = concat(parts).ok_or_else(|| JitError::invalid("no functions to classify"))?;
    Ok(SplitRun {
        verdicts,
        runs: runs.as_one(),
        kernels: runs.finished.into_iter().next().unwrap_or_default(),
        figures: runs.figures,
    })
}

/// The first `rows` functions' verdicts.
fn keep_first(mut v: BentVerdicts, rows: usize) -> BentVerdicts {
    v.bent.truncate(rows);
    v.exact.truncate(rows);
    v.min_abs.truncate(rows);
    v.max_abs.truncate(rows);
    v
}

/// Verdicts of consecutive functions joined in order (`None`: no part).
fn concat(parts: Vec<BentVerdicts>) -> Option<BentVerdicts> {
    let mut it = parts.into_iter();
    let mut all = it.next()?;
    for v in it {
        all.bent.extend(v.bent);
        all.exact.extend(v.exact);
        all.min_abs.extend(v.min_abs);
        all.max_abs.extend(v.max_abs);
    }
    Some(all)
}
