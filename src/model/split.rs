//! Batched work split over a device set (issue 45): the rows of a batch dealt to the members,
//! each member running the one-device path on its rows (in chunks of at most what one of its
//! allocations holds, run in turn), every member at once on its own thread, the results
//! placed by the caller in its array. One call of [`run_shares`] is a warm-up and the timed
//! runs; the figures are each member's and the set's wall clock.

use crate::error::{JitError, Result};
use crate::model::RunFigures;
use crate::runtime::timing::{Clock, RunTimes};
use crate::runtime::{DeviceSet, Gpu, Summary};
pub use crate::settings::SplitRule;
use serde::Serialize;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Barrier;
use std::time::Instant;

/// One member's part of a batch: its rows, run in chunks of at most `chunk` rows in turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Share {
    /// The member's position in the set.
    pub member: usize,
    /// The rows of the batch it runs.
    pub rows: Range<u64>,
    /// The most rows one run holds (the member's transform is built for this many).
    pub chunk: u64,
}

impl Share {
    /// The chunks of its rows, in order: `chunk` rows each, the last the rest.
    pub fn chunks(&self) -> Vec<Range<u64>> {
        let c = self.chunk.max(1);
        (self.rows.start..self.rows.end)
            .step_by(c as usize)
            .map(|s| s..(s + c).min(self.rows.end))
            .collect()
    }
}

/// `rows` dealt over `members` in equal parts (the first `rows % members` one row more); a
/// member with no row gets no share. Each share is one chunk.
pub fn equal_shares(rows: u64, members: usize) -> Vec<Share> {
    let m = members.max(1) as u64;
    let (each, extra) = (rows / m, rows % m);
    let mut start = 0;
    let mut out = Vec::new();
    for k in 0..m {
        let len = each + u64::from(k < extra);
        if len > 0 {
            out.push(Share {
                member: k as usize,
                rows: start..start + len,
                chunk: len,
            });
        }
        start += len;
    }
    out
}

/// `rows` dealt over members in proportion to `weights` (each member's rows per ms): the
/// whole parts first, the rows left to the largest remainders (ties to the first member); a
/// member with no row gets no share. Each share is one chunk. Equal weights give
/// [`equal_shares`].
pub fn weighted_shares(rows: u64, weights: &[f64]) -> Vec<Share> {
    let w: Vec<f64> = weights
        .iter()
        .map(|&x| if x.is_finite() && x > 0.0 { x } else { 0.0 })
        .collect();
    let total: f64 = w.iter().sum();
    if total <= 0.0 {
        return equal_shares(rows, weights.len());
    }
    let ideal: Vec<f64> = w.iter().map(|x| rows as f64 * x / total).collect();
    let mut len: Vec<u64> = ideal.iter().map(|x| (x.floor() as u64).min(rows)).collect();
    let mut left = rows.saturating_sub(len.iter().sum());
    let mut order: Vec<usize> = (0..w.len()).collect();
    // Largest remainder first; a stable sort keeps ties in member order.
    order.sort_by(|&a, &b| (ideal[b] - ideal[b].floor()).total_cmp(&(ideal[a] - ideal[a].floor())));
    for &k in order.iter().cycle().take(w.len() * 2) {
        if left == 0 {
            break;
        }
        if w[k] > 0.0 {
            len[k] += 1;
            left -= 1;
        }
    }
    let mut start = 0;
    let mut out = Vec::new();
    for (k, &l) in len.iter().enumerate() {
        if l > 0 {
            out.push(Share {
                member: k,
                rows: start..start + l,
                chunk: l,
            });
        }
        start += l;
    }
    out
}

/// The shares of `rows` over `set`, and how they were dealt: equal, or (by `rule`) in
/// proportion to each member's rows per ms measured by `probe`, which runs the equal shares
/// once after a warm-up and gives each share's wall ms. The members' transforms are built
/// again for their new shares: a probe costs two runs and a build, paid only where speeds
/// can differ.
pub fn split_rows(
    set: &DeviceSet,
    rows: u64,
    rule: SplitRule,
    probe: impl FnOnce(&[Share]) -> Result<Vec<f64>>,
) -> Result<(Vec<Share>, String)> {
    let equal = equal_shares(rows, set.len());
    let one_model = set.members.windows(2).all(|m| {
        (&m[0].info.name, &m[0].info.driver_version) == (&m[1].info.name, &m[1].info.driver_version)
    });
    let probes = match rule {
        SplitRule::Equal => false,
        SplitRule::Speed => true,
        SplitRule::Auto => !one_model,
    };
    if !probes || equal.len() < 2 {
        return Ok((equal, "equal".into()));
    }
    let walls = probe(&equal)?;
    let mut rate = vec![0.0; set.len()];
    for (s, ms) in equal.iter().zip(&walls) {
        rate[s.member] = (s.rows.end - s.rows.start) as f64 / ms.max(1e-6);
    }
    let shown: Vec<String> = rate.iter().map(|r| format!("{r:.4}")).collect();
    Ok((
        weighted_shares(rows, &rate),
        format!(
            "by speed (rows/ms in a probe run of equal shares: {})",
            shown.join(", ")
        ),
    ))
}

/// One member's figures over the timed runs (its chunks' times summed in each run).
#[derive(Debug, Clone, Serialize)]
pub struct MemberFigures {
    /// The member's position in the set.
    pub member: usize,
    /// The device's index (`--device N`).
    pub device: usize,
    /// The device's name.
    pub name: String,
    /// First row and one past the last.
    pub rows: (u64, u64),
    /// Runs each timed run took (chunks of its rows, in turn).
    pub chunks: usize,
    /// All kernels of its rows.
    pub kernel_ms: Summary,
    /// Host → device.
    pub upload_ms: Summary,
    /// Device → host.
    pub download_ms: Summary,
    /// Its rows from host memory to host memory, host wall clock.
    pub wall_ms: Summary,
}

/// A run over a set: how rows were dealt, each member's figures and the set's wall clock.
#[derive(Debug, Clone, Serialize)]
pub struct SetFigures {
    /// How rows were dealt (`equal`: the same number each, give or take one).
    pub split: String,
    /// Members in the set (some may have no rows: more members than rows).
    pub members: usize,
    /// Each member with rows.
    pub shares: Vec<MemberFigures>,
    /// Every member's rows, first start to last end, host wall clock.
    pub wall_ms: Summary,
}

/// What [`run_shares`] gives: what `finish` made of each share's transform, its chunk outputs
/// of the last run (in row order), each timed run's chunk times per share, and the figures.
pub struct SetRuns<R, O, T> {
    /// Per share: what `finish` made of its transform (before releasing it).
    pub finished: Vec<R>,
    /// Per share, per chunk: the last run's output.
    pub outputs: Vec<Vec<O>>,
    /// Per timed run, per share, per chunk: the times.
    pub runs: Vec<Vec<Vec<T>>>,
    /// Per timed run: the set's wall clock (ms), first member's start to last member's end.
    pub walls: Vec<f64>,
    /// The figures for the report.
    pub figures: SetFigures,
}

/// An error of a member, naming its device.
pub(crate) fn on_member(gpu: &Gpu, member: usize, e: JitError) -> JitError {
    JitError::Device(format!(
        "device set member {member} (device {}, {}): {e}",
        gpu.info.index, gpu.info.name
    ))
}

/// `f`, with a panic turned into an error (a member's panic must not leave the others
/// waiting at the barrier).
pub(crate) fn guarded<R>(f: impl FnOnce() -> Result<R>) -> Result<R> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(JitError::Device("panicked".into())))
}

/// The values of rows `r` of `data`, `per` values a row.
pub fn rows_of<'a, V>(data: &'a [V], r: &Range<u64>, per: u64) -> &'a [V] {
    &data[(r.start * per) as usize..(r.end * per) as usize]
}

/// [`run_shares`] over the rows of `input` (`per` values a row) in equal shares, one run a
/// share: `exec(transform, gpu, its rows' values, the previous run's output to reuse)`.
pub fn run_rows<S, R, O, T, V: Sync>(
    set: &DeviceSet,
    (input, per): (&[V], u64),
    runs: (bool, usize),
    build: impl Fn(&Gpu, u64) -> Result<S> + Sync,
    exec: impl Fn(&S, &Gpu, &[V], Option<O>) -> Result<(O, T)> + Sync,
    finish: impl Fn(S) -> Result<R> + Sync,
) -> Result<SetRuns<R, O, T>>
where
    R: Send,
    O: Send,
    T: Send + RunFigures,
{
    let run = |st: &S, gpu: &Gpu, r: Range<u64>, prev: Option<O>| {
        exec(st, gpu, rows_of(input, &r, per), prev)
    };
    let rows = input.len() as u64 / per.max(1);
    let (shares, how) = split_rows(set, rows, crate::settings::set_split(), |equal| {
        probe_walls(run_shares(set, equal, (true, 1), &build, run, &finish)?)
    })?;
    let mut out = run_shares(set, &shares, runs, build, run, finish)?;
    out.figures.split = how;
    Ok(out)
}

/// Each share's wall ms of a probe's one timed run.
pub fn probe_walls<R, O, T>(runs: SetRuns<R, O, T>) -> Result<Vec<f64>> {
    Ok(runs
        .figures
        .shares
        .iter()
        .map(|s| s.wall_ms.median)
        .collect())
}

/// A failure injected by a test (`JITFFT_SET_FAIL_MEMBER`, `JITFFT_SET_FAIL_STAGE`) where
/// they name this member and stage.
pub(crate) fn injected(member: usize, stage: &str) -> Result<()> {
    match crate::settings::set_fail() {
        Some((m, s)) if m.trim().parse() == Ok(member) && s == stage => {
            Err(JitError::Device(format!(
                "injected failure at stage {stage} (JITFFT_SET_FAIL_MEMBER={member}, a test hook)"
            )))
        }
        _ => Ok(()),
    }
}

/// One member's thread: its outputs of the last run, its chunk times and (start, end) of
/// each timed run, and what `finish` made of its transform.
type MemberDone<R, O, T> = (Vec<O>, Vec<Vec<T>>, Vec<(Instant, Instant)>, R);

/// Runs `shares` over `set`: on each member's own thread (a transform's pinned staging stays
/// on the thread that made it) its transform is built (`build(gpu, chunk rows)`), then one
/// warm-up (where `warm`) and `repeat` timed runs, every member starting each run together; in each, its
/// chunks run in turn (`run(transform, gpu, rows, that chunk's output of the run before)`). `finish` takes each transform after
/// the last run (its report; releasing it). A member's failure (or panic) ends the run with
/// an error naming its device; the other members skip the runs left.
pub fn run_shares<S, R, O, T>(
    set: &DeviceSet,
    shares: &[Share],
    (warm, repeat): (bool, usize),
    build: impl Fn(&Gpu, u64) -> Result<S> + Sync,
    run: impl Fn(&S, &Gpu, Range<u64>, Option<O>) -> Result<(O, T)> + Sync,
    finish: impl Fn(S) -> Result<R> + Sync,
) -> Result<SetRuns<R, O, T>>
where
    R: Send,
    O: Send,
    T: Send + RunFigures,
{
    let barrier = Barrier::new(shares.len());
    let failed = AtomicBool::new(false);
    let member = |s: &Share| -> Result<MemberDone<R, O, T>> {
        let gpu = &set.members[s.member];
        let named = |e| on_member(gpu, s.member, e);
        let mut err = None;
        let state = match guarded(|| injected(s.member, "build").and_then(|_| build(gpu, s.chunk)))
        {
            Ok(st) => Some(st),
            Err(e) => {
                failed.store(true, Ordering::SeqCst);
                err = Some(named(e));
                None
            }
        };
        let (mut last, mut times, mut spans) = (Vec::new(), Vec::new(), Vec::new());
        for k in usize::from(!warm)..=repeat {
            barrier.wait();
            let Some(st) = state.as_ref().filter(|_| !failed.load(Ordering::SeqCst)) else {
                continue;
            };
            let t0 = Instant::now();
            let ran = guarded(|| {
                if k == repeat {
                    injected(s.member, "run")?;
                }
                // Each chunk writes into its output of the run before (no fresh host pages
                // in the timed runs: their first-touch faults cost more than the copies).
                let mut prev = std::mem::take(&mut last).into_iter();
                s.chunks()
                    .into_iter()
                    .map(|r| run(st, gpu, r, prev.next()))
                    .collect::<Result<Vec<_>>>()
            });
            match ran {
                Ok(chunks) => {
                    let (o, t): (Vec<O>, Vec<T>) = chunks.into_iter().unzip();
                    last = o;
                    if k > 0 {
                        times.push(t);
                        spans.push((t0, Instant::now()));
                    }
                }
                Err(e) => {
                    failed.store(true, Ordering::SeqCst);
                    err = Some(named(e));
                }
            }
        }
        let finished = state.map(|st| guarded(|| finish(st)));
        match (err, finished) {
            (Some(e), _) => Err(e),
            (None, Some(Ok(r))) => Ok((last, times, spans, r)),
            (None, Some(Err(e))) => Err(named(e)),
            (None, None) => Err(JitError::Device("a member without a transform".into())),
        }
    };
    let done = on_each(shares.len(), |k| member(&shares[k]));
    let done = done.into_iter().collect::<Result<Vec<_>>>()?;
    Ok(gather(set, shares, repeat, done))
}

/// `f(0..count)`, each on its own thread, every thread joined (a panic: an error).
pub(crate) fn on_each<R: Send>(
    count: usize,
    f: impl Fn(usize) -> Result<R> + Sync,
) -> Vec<Result<R>> {
    std::thread::scope(|sc| {
        let handles: Vec<_> = (0..count)
            .map(|k| {
                let f = &f;
                sc.spawn(move || f(k))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(JitError::Device("a member's thread panicked".into())))
            })
            .collect()
    })
}

/// The members' results as one [`SetRuns`]: outputs and times by share, each timed run's
/// wall clock from the first member's start to the last member's end, the figures.
fn gather<R, O, T: RunFigures>(
    set: &DeviceSet,
    shares: &[Share],
    repeat: usize,
    done: Vec<MemberDone<R, O, T>>,
) -> SetRuns<R, O, T> {
    let mut out = SetRuns {
        finished: Vec::new(),
        outputs: Vec::new(),
        runs: (0..repeat).map(|_| Vec::new()).collect(),
        walls: Vec::new(),
        figures: SetFigures {
            split: String::new(),
            members: 0,
            shares: Vec::new(),
            wall_ms: Summary::of(&[]),
        },
    };
    let mut member_walls = vec![Vec::new(); repeat];
    let mut all_spans: Vec<Vec<(Instant, Instant)>> = vec![Vec::new(); repeat];
    for (last, times, spans, r) in done {
        out.finished.push(r);
        out.outputs.push(last);
        for (k, (t, sp)) in times.into_iter().zip(spans).enumerate() {
            out.runs[k].push(t);
            member_walls[k].push((sp.1 - sp.0).as_secs_f64() * 1e3);
            all_spans[k].push(sp);
        }
    }
    out.walls = all_spans
        .iter()
        .map(|sp| {
            let start = sp.iter().map(|s| s.0).min();
            let end = sp.iter().map(|s| s.1).max();
            match (start, end) {
                (Some(a), Some(b)) => (b - a).as_secs_f64() * 1e3,
                _ => f64::NAN,
            }
        })
        .collect();
    out.figures = figures(set, shares, &out.runs, &out.walls, &member_walls);
    out
}

/// Each member's figures and the set's wall clock over the timed runs.
fn figures<T: RunFigures>(
    set: &DeviceSet,
    shares: &[Share],
    runs: &[Vec<Vec<T>>],
    walls: &[f64],
    member_walls: &[Vec<f64>],
) -> SetFigures {
    let per = |k: usize, f: fn(&T) -> f64| {
        let xs: Vec<f64> = runs.iter().map(|r| r[k].iter().map(f).sum()).collect();
        Summary::of(&xs)
    };
    let shares = shares
        .iter()
        .enumerate()
        .map(|(k, s)| {
            let g = &set.members[s.member];
            MemberFigures {
                member: s.member,
                device: g.info.index,
                name: g.info.name.clone(),
                rows: (s.rows.start, s.rows.end),
                chunks: s.chunks().len(),
                kernel_ms: per(k, T::kernel_ms),
                upload_ms: per(k, T::upload_ms),
                download_ms: per(k, T::download_ms),
                wall_ms: Summary::of(&member_walls.iter().map(|w| w[k]).collect::<Vec<_>>()),
            }
        })
        .collect();
    SetFigures {
        split: "equal".into(),
        members: set.len(),
        shares,
        wall_ms: Summary::of(walls),
    }
}

impl<R, O> SetRuns<R, O, RunTimes> {
    /// Each timed run's times as one run of the set: the slowest member's kernels and
    /// transfers (each member's chunks summed), the first share's passes, the set's wall
    /// clock end to end.
    pub fn as_one(&self) -> Vec<RunTimes> {
        let sum = |chunks: &[RunTimes]| {
            let mut t = chunks[0].clone();
            chunks[1..].iter().for_each(|c| t.add(c));
            t
        };
        self.runs
            .iter()
            .zip(&self.walls)
            .map(|(run, &wall)| {
                let each: Vec<RunTimes> = run.iter().map(|c| sum(c)).collect();
                let max = |f: fn(&RunTimes) -> f64| each.iter().map(f).fold(f64::NAN, f64::max);
                RunTimes {
                    kernel_ms: max(|t| t.kernel_ms),
                    kernel_span_ms: max(|t| t.kernel_span_ms),
                    pass_ms: each[0].pass_ms.clone(),
                    upload_ms: max(|t| t.upload_ms),
                    download_ms: max(|t| t.download_ms),
                    host_ms: wall,
                    clock: Clock::of_runs(each.iter().map(|t| t.clock)),
                }
            })
            .collect()
    }
}

impl SetFigures {
    /// The figures as text lines: the set's wall clock, then a line per member.
    pub fn lines(&self) -> Vec<String> {
        use crate::runtime::show::{ms, ms_summary};
        let mut out = vec![format!(
            "device set {} member{}, rows split {} ({} with rows); set wall {}",
            self.members,
            if self.members == 1 { "" } else { "s" },
            self.split,
            self.shares.len(),
            ms_summary(&self.wall_ms)
        )];
        for s in &self.shares {
            out.push(format!(
                "  member {} (device {}, {}): rows {}..{} in {} run(s), kernel {}, wall {}",
                s.member,
                s.device,
                s.name,
                s.rows.0,
                s.rows.1,
                s.chunks,
                ms(s.kernel_ms.median),
                ms(s.wall_ms.median)
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_shares_cover_every_row_once() {
        for rows in 1..20u64 {
            for m in 1..6 {
                let s = equal_shares(rows, m);
                assert_eq!(s.len(), m.min(rows as usize));
                assert_eq!(s[0].rows.start, 0);
                assert_eq!(s.last().unwrap().rows.end, rows);
                for w in s.windows(2) {
                    assert_eq!(w[0].rows.end, w[1].rows.start);
                    assert!(w[0].rows.end - w[0].rows.start >= w[1].rows.end - w[1].rows.start);
                }
            }
        }
    }

    #[test]
    fn chunks_cover_a_share_in_order() {
        let s = Share {
            member: 0,
            rows: 3..13,
            chunk: 4,
        };
        assert_eq!(s.chunks(), vec![3..7, 7..11, 11..13]);
    }

    #[test]
    fn weighted_shares_cover_every_row_once_near_their_weight() {
        // A small generator (no dependency): weights 0..=9 (some members zero) and rows.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..2000 {
            let members = 1 + next(6) as usize;
            let rows = next(300);
            let w: Vec<f64> = (0..members).map(|_| next(10) as f64 / 3.0).collect();
            let shares = weighted_shares(rows, &w);
            let mut at = 0;
            for s in &shares {
                assert_eq!(s.rows.start, at, "{rows} over {w:?}: {shares:?}");
                assert!(s.rows.end > s.rows.start && s.chunk == s.rows.end - s.rows.start);
                at = s.rows.end;
            }
            assert_eq!(at, rows, "{rows} over {w:?}: {shares:?}");
            let total: f64 = w.iter().sum();
            for s in &shares {
                let ideal = if total > 0.0 {
                    rows as f64 * w[s.member] / total
                } else {
                    rows as f64 / members as f64
                };
                let got = (s.rows.end - s.rows.start) as f64;
                assert!(
                    (got - ideal).abs() < 1.0 + 1e-9,
                    "{rows} over {w:?}: {shares:?}"
                );
            }
            if w.iter().all(|&v| v == w[0]) {
                assert_eq!(shares, equal_shares(rows, members), "{rows} over {w:?}");
            }
        }
        assert_eq!(weighted_shares(10, &[3.0, 1.0])[0].rows, 0..8);
    }
}
