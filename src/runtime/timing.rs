//! Kernel and transfer times from OpenCL profiling events. Where a device's events read zero
//! or cannot be read (Mesa's Rusticl on llvmpipe reports 0 for every command), kernel times fall
//! back to the host wall clock around the launches, and [`RunTimes::clock`] says so: such a time
//! is never printed as if an event had measured it.

use crate::error::Result;
use ocl::enums::{ProfilingInfo, ProfilingInfoResult};
use ocl::Event;
use serde::Serialize;

fn stamp(ev: &Event, what: ProfilingInfo) -> Result<u64> {
    match ev.profiling_info(what)? {
        ProfilingInfoResult::Start(t)
        | ProfilingInfoResult::End(t)
        | ProfilingInfoResult::Queued(t)
        | ProfilingInfoResult::Submit(t) => Ok(t),
    }
}

/// (start, end) of a finished command in device nanoseconds.
pub fn event_span_ns(ev: &Event) -> Result<(u64, u64)> {
    ev.wait_for()?;
    Ok((
        stamp(ev, ProfilingInfo::Start)?,
        stamp(ev, ProfilingInfo::End)?,
    ))
}

/// Duration of a finished command in milliseconds.
pub fn event_ms(ev: &Event) -> Result<f64> {
    let (s, e) = event_span_ns(ev)?;
    Ok(e.saturating_sub(s) as f64 * 1e-6)
}

/// No launch finishes within this, so events that all read less have no clock behind them
/// (Rusticl on llvmpipe stamps every command 1 ns long; the shortest real kernels here read
/// microseconds).
pub const MIN_PLAUSIBLE_NS: u64 = 100;

/// Whether event spans come from a running clock: at least one lasts [`MIN_PLAUSIBLE_NS`].
pub fn plausible(spans: &[(u64, u64)]) -> bool {
    spans
        .iter()
        .any(|&(s, e)| e.saturating_sub(s) >= MIN_PLAUSIBLE_NS)
}

/// Which clock measured a run's kernel times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Clock {
    /// The device's profiling events (start to end of each command).
    #[default]
    Events,
    /// The host wall clock from the first launch to the last one's completion: the device's
    /// profiling events read zero or could not be read. Per-pass and transfer times are then
    /// unknown.
    HostWallClock,
}

impl Clock {
    /// The clock of a set of runs: the events where every run read them, else the host's
    /// (the figures that only events give are then unknown).
    pub fn of_runs(clocks: impl IntoIterator<Item = Clock>) -> Clock {
        if clocks.into_iter().all(|c| c == Clock::Events) {
            Clock::Events
        } else {
            Clock::HostWallClock
        }
    }

    /// `f` of each run summarised where this clock is the events, else an empty (NaN)
    /// summary: per-pass and transfer times exist only as events.
    pub fn events_only<T>(self, runs: &[T], f: impl Fn(&T) -> f64) -> Summary {
        match self {
            Clock::Events => Summary::over(runs, f),
            Clock::HostWallClock => Summary::of(&[]),
        }
    }

    /// How a report labels it.
    pub fn label(self) -> &'static str {
        match self {
            Clock::Events => "profiling events",
            Clock::HostWallClock => {
                "host wall clock (the device's profiling events read zero or are missing)"
            }
        }
    }
}

/// Times of one run of a transform's launches, all from profiling events except `host_ms`
/// (or, where `clock` says so, from the host wall clock).
#[derive(Debug, Clone, Serialize)]
pub struct RunTimes {
    /// Sum of the launches' kernel times.
    pub kernel_ms: f64,
    /// First kernel start to last kernel end (includes launch gaps).
    pub kernel_span_ms: f64,
    /// Kernel time of each pass, in launch order (empty when `clock` is the host's).
    pub pass_ms: Vec<f64>,
    /// Pinned host → device transfer.
    pub upload_ms: f64,
    /// Device → pinned host transfer.
    pub download_ms: f64,
    /// Host wall time of the whole run (staging, launches, waits).
    pub host_ms: f64,
    /// What measured `kernel_ms`, `kernel_span_ms` and `pass_ms`.
    pub clock: Clock,
}

impl RunTimes {
    /// Adds `other`, a run after this one: every time summed (passes pass by pass); the
    /// clock stays this run's.
    pub fn add(&mut self, other: &RunTimes) {
        self.kernel_ms += other.kernel_ms;
        self.kernel_span_ms += other.kernel_span_ms;
        self.upload_ms += other.upload_ms;
        self.download_ms += other.download_ms;
        self.host_ms += other.host_ms;
        self.pass_ms
            .iter_mut()
            .zip(&other.pass_ms)
            .for_each(|(a, b)| *a += b);
    }

    /// A run whose only clock is the host's: the device's profiling events read zero.
    pub fn host_only(host_ms: f64) -> RunTimes {
        RunTimes {
            kernel_ms: host_ms,
            kernel_span_ms: host_ms,
            pass_ms: Vec::new(),
            upload_ms: 0.0,
            download_ms: 0.0,
            host_ms,
            clock: Clock::HostWallClock,
        }
    }

    /// Waits for the launches in order and sums their event times; transfers are filled in
    /// by the caller. `started` is taken just before the first launch: when the events read
    /// zero (or cannot be read) the kernel time is the host wall clock since then.
    pub fn from_launches(events: &[Event], started: std::time::Instant) -> Result<RunTimes> {
        for ev in events {
            ev.wait_for()?;
        }
        let host_ms = started.elapsed().as_secs_f64() * 1e3;
        let spans: Option<Vec<(u64, u64)>> = events.iter().map(|e| event_span_ns(e).ok()).collect();
        let (first, last) = spans
            .iter()
            .flatten()
            .fold((u64::MAX, 0u64), |(f, l), &(s, e)| (f.min(s), l.max(e)));
        let measured = |sp: &Vec<(u64, u64)>| events.is_empty() || plausible(sp);
        match spans.filter(measured) {
            Some(spans) => {
                let pass_ms: Vec<f64> = spans
                    .iter()
                    .map(|&(s, e)| e.saturating_sub(s) as f64 * 1e-6)
                    .collect();
                Ok(RunTimes {
                    kernel_ms: pass_ms.iter().sum(),
                    kernel_span_ms: last.saturating_sub(first) as f64 * 1e-6,
                    pass_ms,
                    upload_ms: 0.0,
                    download_ms: 0.0,
                    host_ms,
                    clock: Clock::Events,
                })
            }
            None => Ok(RunTimes::host_only(host_ms)),
        }
    }
}

/// Median, min and max of repeated measurements.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Summary {
    /// Median (the mean of the two middle values for an even count).
    pub median: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
    /// Number of values.
    pub count: usize,
}

/// The one measurement loop of the commands (`vc`, `ntt`, `gfp`, `mul`) and of `tune`'s
/// verification: one untimed warm-up run (program load, first touch of buffers and clocks),
/// then `repeat` timed runs. Returns the last run's output (the warm-up's for `repeat` 0) and
/// each timed run's times, for [`Summary::over`].
pub fn warm_then_timed<O, T>(
    repeat: usize,
    mut run: impl FnMut() -> Result<(O, T)>,
) -> Result<(O, Vec<T>)> {
    let (mut out, _) = run()?;
    let mut times = Vec::with_capacity(repeat);
    for _ in 0..repeat {
        let (o, t) = run()?;
        out = o;
        times.push(t);
    }
    Ok((out, times))
}

impl Summary {
    /// The summary of one figure `f` of each run.
    pub fn over<T>(runs: &[T], f: impl Fn(&T) -> f64) -> Summary {
        Summary::of(&runs.iter().map(f).collect::<Vec<_>>())
    }

    /// Summarises samples; an empty slice gives NaNs and count 0.
    pub fn of(samples: &[f64]) -> Summary {
        if samples.is_empty() {
            return Summary {
                median: f64::NAN,
                min: f64::NAN,
                max: f64::NAN,
                count: 0,
            };
        }
        let mut v = samples.to_vec();
        v.sort_by(|a, b| a.total_cmp(b));
        let n = v.len();
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            0.5 * (v[n / 2 - 1] + v[n / 2])
        };
        Summary {
            median,
            min: v[0],
            max: v[n - 1],
            count: n,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Summary;

    #[test]
    fn median_odd_even() {
        assert_eq!(Summary::of(&[3.0, 1.0, 2.0]).median, 2.0);
        let s = Summary::of(&[4.0, 1.0, 3.0, 2.0]);
        assert_eq!((s.median, s.min, s.max, s.count), (2.5, 1.0, 4.0, 4));
        assert!(Summary::of(&[]).median.is_nan());
    }

    #[test]
    fn zero_length_events_are_no_clock() {
        use super::plausible;
        assert!(
            !plausible(&[(5, 5), (7, 8), (9, 10)]),
            "Rusticl's 0 and 1 ns stamps"
        );
        assert!(plausible(&[(5, 5), (1000, 3900)]));
        assert!(!plausible(&[]));
    }
}
