//! The host's copy ceiling over a device set (issue 45): pinned host memory to and from the
//! first k members at once (k = 1, 2, 4, … and every member), one way and both ways. On a
//! multi-GPU host the host, not each link, is the ceiling, so a set's streamed or batched
//! run is judged against this figure measured in the same run, not one GPU's rate times k.
//! Each member copies from its own pinned buffers (`CL_MEM_ALLOC_HOST_PTR`, mapped) on its
//! own thread; a round is timed by the host clock from the common start to the last member's
//! finish, because the members' event clocks cannot be compared.

use crate::error::{JitError, Result};
use crate::runtime::pinned::{device_buffer, Pinned};
use crate::runtime::{DeviceSet, Gpu, Summary};
use ocl::{Buffer, Queue};
use serde::Serialize;
use std::sync::{Barrier, Mutex};
use std::time::Instant;

/// One way up, one way down, or both at once (up on one queue, down on another).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Way {
    /// Pinned host memory to the device.
    HostToDevice,
    /// The device to pinned host memory.
    DeviceToHost,
    /// Both at once, on two queues.
    Both,
}

impl Way {
    /// The way as the text lines name it.
    pub fn label(self) -> &'static str {
        match self {
            Way::HostToDevice => "host to device",
            Way::DeviceToHost => "device to host",
            Way::Both => "both ways",
        }
    }

    /// Bytes a member moves in one round of `bytes` a buffer.
    fn moved(self, bytes: u64) -> u64 {
        match self {
            Way::Both => 2 * bytes,
            _ => bytes,
        }
    }
}

/// The aggregate rate of `devices` members copying at once.
#[derive(Debug, Clone, Serialize)]
pub struct HostRate {
    /// Members copying at once (the first `devices` of the set).
    pub devices: usize,
    /// Which way the bytes went.
    pub way: Way,
    /// Bytes of each member's buffer (both ways moves twice that per member).
    pub bytes_per_device: u64,
    /// GB/s (1e9 bytes) over every member: median, min and max of the rounds.
    pub median_gbs: f64,
    /// The slowest round's rate.
    pub min_gbs: f64,
    /// The fastest round's rate.
    pub max_gbs: f64,
}

impl HostRate {
    /// The measurement as a line of `devices --host-rate`.
    pub fn line(&self) -> String {
        format!(
            "{} device{} {:>14}: {:7.1} GB/s median ({:.1}–{:.1}), {} MiB a device",
            self.devices,
            if self.devices == 1 { " " } else { "s" },
            self.way.label(),
            self.median_gbs,
            self.min_gbs,
            self.max_gbs,
            self.bytes_per_device >> 20
        )
    }
}

/// One member's buffers and queues: two device buffers, two pinned host buffers, and an up
/// and a down queue (two in-order queues, so both directions can overlap).
struct Member {
    up: Queue,
    down: Queue,
    a: Buffer<u32>,
    b: Buffer<u32>,
    pa: Pinned<u32>,
    pb: Pinned<u32>,
}

impl Member {
    fn new(gpu: &Gpu, len: usize) -> Result<Member> {
        let (up, down) = (gpu.extra_queue()?, gpu.extra_queue()?);
        let pa = Pinned::<u32>::new(&up, len)?;
        let pb = Pinned::<u32>::new(&down, len)?;
        // Touch every page so no round pays for first-touch faults.
        pa.with_map(|m| {
            m.iter_mut().enumerate().for_each(|(i, v)| *v = i as u32);
            Ok(())
        })?;
        pb.with_map(|m| {
            m.fill(0);
            Ok(())
        })?;
        let (a, b) = (device_buffer(&up, len)?, device_buffer(&down, len)?);
        Ok(Member {
            up,
            down,
            a,
            b,
            pa,
            pb,
        })
    }

    /// One round in `way`, waited for.
    fn round(&self, way: Way) -> Result<()> {
        if way != Way::DeviceToHost {
            self.pa
                .with_map(|m| Ok(self.a.write(&m[..]).queue(&self.up).enq()?))?;
        }
        if way != Way::HostToDevice {
            self.pb
                .with_map(|m| Ok(self.b.read(&mut m[..]).queue(&self.down).enq()?))?;
        }
        self.up.finish()?;
        self.down.finish()?;
        Ok(())
    }
}

/// How many members copy at once in each measurement: 1, 2, 4, … and the whole set.
pub fn device_counts(members: usize) -> Vec<usize> {
    let mut k: Vec<usize> = std::iter::successors(Some(1usize), |k| Some(k * 2))
        .take_while(|&k| k < members)
        .collect();
    k.push(members);
    k
}

/// Bytes a member's buffer holds: `want`, within a quarter of the smallest member's global
/// memory and its allocation limit.
fn buffer_bytes(set: &DeviceSet, want: u64) -> u64 {
    let cap = set
        .members
        .iter()
        .map(|g| g.info.max_alloc_bytes.min(g.info.global_mem_bytes / 4))
        .min()
        .unwrap_or(want);
    (want.min(cap) / 4 * 4).max(4)
}

/// Measures every count of [`device_counts`] in every [`Way`], `repeats` rounds each after
/// one warm-up round.
pub fn host_rates(set: &DeviceSet, want_bytes: u64, repeats: usize) -> Result<Vec<HostRate>> {
    let bytes = buffer_bytes(set, want_bytes);
    let len = (bytes / 4) as usize;
    let plan: Vec<(usize, Way)> = device_counts(set.len())
        .into_iter()
        .flat_map(|k| [Way::HostToDevice, Way::DeviceToHost, Way::Both].map(|w| (k, w)))
        .collect();
    let rounds = repeats.max(1) + 1;
    let n = set.len();
    let gate = Barrier::new(n);
    // spans[round] = each member's (start, end) of that round, where it took part.
    let spans: Mutex<Vec<Vec<(Instant, Instant)>>> =
        Mutex::new(vec![Vec::new(); plan.len() * rounds]);
    let failed = Mutex::new(None::<JitError>);
    std::thread::scope(|s| {
        for (i, gpu) in set.members.iter().enumerate() {
            let (plan, gate, spans, failed) = (&plan, &gate, &spans, &failed);
            s.spawn(move || {
                let fail = |e: JitError| {
                    let named = JitError::Device(format!("{}: {e}", gpu.describe()));
                    *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(named);
                };
                let mut member = Member::new(gpu, len).map_err(fail);
                for (j, &(k, way)) in plan.iter().enumerate() {
                    for r in 0..rounds {
                        gate.wait();
                        let skip = failed.lock().map(|f| f.is_some()).unwrap_or(true);
                        if i >= k || skip {
                            continue;
                        }
                        let Ok(m) = member.as_mut() else { continue };
                        let t0 = Instant::now();
                        match m.round(way) {
                            Ok(()) => spans.lock().unwrap_or_else(|p| p.into_inner())
                                [j * rounds + r]
                                .push((t0, Instant::now())),
                            Err(e) => fail(e),
                        }
                    }
                }
                if let Ok(m) = member {
                    let _ = m.pa.release();
                    let _ = m.pb.release();
                }
            });
        }
    });
    if let Some(e) = failed.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let spans = spans.into_inner().unwrap_or_else(|p| p.into_inner());
    Ok(plan
        .iter()
        .enumerate()
        .map(|(j, &(k, way))| {
            let rates: Vec<f64> = (1..rounds)
                .map(|r| {
                    let round = &spans[j * rounds + r];
                    let start = round.iter().map(|s| s.0).min();
                    let end = round.iter().map(|s| s.1).max();
                    let secs = match (start, end) {
                        (Some(a), Some(b)) => (b - a).as_secs_f64(),
                        _ => f64::INFINITY,
                    };
                    (k as u64 * way.moved(bytes)) as f64 / secs / 1e9
                })
                .collect();
            let sum = Summary::of(&rates);
            HostRate {
                devices: k,
                way,
                bytes_per_device: bytes,
                median_gbs: sum.median,
                min_gbs: sum.min,
                max_gbs: sum.max,
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_double_then_end_at_the_set() {
        assert_eq!(device_counts(1), vec![1]);
        assert_eq!(device_counts(2), vec![1, 2]);
        assert_eq!(device_counts(3), vec![1, 2, 3]);
        assert_eq!(device_counts(4), vec![1, 2, 4]);
        assert_eq!(device_counts(6), vec![1, 2, 4, 6]);
    }
}
