//! Kernel and transfer times from OpenCL profiling events (never from host clocks).

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

/// Times of one run of a transform's launches, all from profiling events except `host_ms`.
#[derive(Debug, Clone, Serialize)]
pub struct RunTimes {
    /// Sum of the launches' kernel times.
    pub kernel_ms: f64,
    /// First kernel start to last kernel end (includes launch gaps).
    pub kernel_span_ms: f64,
    /// Kernel time of each pass, in launch order.
    pub pass_ms: Vec<f64>,
    /// Pinned host → device transfer.
    pub upload_ms: f64,
    /// Device → pinned host transfer.
    pub download_ms: f64,
    /// Host wall time of the whole run (staging, launches, waits).
    pub host_ms: f64,
}

impl RunTimes {
    /// Waits for the launches in order and sums their event times; transfers are filled in
    /// by the caller.
    pub fn from_launches(events: &[Event], started: std::time::Instant) -> Result<RunTimes> {
        let mut pass_ms = Vec::with_capacity(events.len());
        let (mut first, mut last) = (u64::MAX, 0u64);
        for ev in events {
            let (s, e) = event_span_ns(ev)?;
            first = first.min(s);
            last = last.max(e);
            pass_ms.push(e.saturating_sub(s) as f64 * 1e-6);
        }
        Ok(RunTimes {
            kernel_ms: pass_ms.iter().sum(),
            kernel_span_ms: last.saturating_sub(first) as f64 * 1e-6,
            pass_ms,
            upload_ms: 0.0,
            download_ms: 0.0,
            host_ms: started.elapsed().as_secs_f64() * 1e3,
        })
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

impl Summary {
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
}
