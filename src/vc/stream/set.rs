//! A streamed transform over a device set (issue 45): every member its own [`StreamedVc`] of
//! one [`StreamPlan`] (slots, queues and chunk transforms on its own device, on its own
//! thread), all running the passes on the one host array; the chunks of each pass go to
//! whichever member is free next ([`SetDeal`]), and a pass starts once every member has
//! finished the one before. A member's failure stops the others; the run fails naming it.

use super::deal::{Deal, MemberDeal, SetDeal};
use super::mover::HostMem;
use super::pinned_host::PinnedHost;
use super::plan::StreamPlan;
use super::report::PassTimes;
use super::source::ChunkSource;
use super::StreamedVc;
use crate::error::{JitError, Result};
use crate::model::split::{guarded, injected, on_each, on_member};
use crate::runtime::{DeviceSet, Gpu};
use crate::vc::DeviceComplex;
use serde::Serialize;
use std::time::Instant;

/// The host array the members share.
pub enum SetHost<'a, C> {
    /// Pageable memory (each member gathers into its own staging), the first pass read from
    /// the source where given.
    Pageable(&'a mut [C], Option<ChunkSource<'a>>),
    /// jitfft's pinned pieces (rectangle transfers from every member's queues).
    Pinned(&'a mut PinnedHost),
}

/// One member's part of a streamed set run.
#[derive(Debug, Clone, Serialize)]
pub struct StreamShare {
    /// The member's position in the set.
    pub member: usize,
    /// The device's index (`--device N`).
    pub device: usize,
    /// The device's name.
    pub name: String,
    /// Chunks it ran, every pass.
    pub chunks: u64,
    /// Bytes it moved each way, every pass.
    pub bytes: u64,
    /// Its chunks' upload, kernel and download event times, summed.
    pub upload_ms: f64,
    /// See `upload_ms`.
    pub kernel_ms: f64,
    /// See `upload_ms`.
    pub download_ms: f64,
    /// Its passes' host wall clock, summed (a pass ends for it when the chunks run out).
    pub wall_ms: f64,
    /// Building its chunk transforms and allocating its slots.
    pub build_ms: f64,
    /// Each pass: its chunks and times.
    pub passes: Vec<PassTimes>,
}

/// How a streamed set run shared the chunks, each member's part and the set's wall clock.
#[derive(Debug, Clone, Serialize)]
pub struct StreamSetFigures {
    /// How chunks were dealt.
    pub split: String,
    /// Members in the set (a member may run no chunk: more members than chunks).
    pub members: usize,
    /// Every member.
    pub shares: Vec<StreamShare>,
    /// Every pass, from the first pass's start to the last member's end (host wall clock).
    pub wall_ms: f64,
}

/// A streamed set run: what `prepare` gave on each member, the passes as the set ran them
/// and the figures.
pub struct SetRun<R> {
    /// Per member: what `prepare` made of its transform.
    pub prepared: Vec<R>,
    /// Each pass as one: the members' chunks and event times summed, the set's wall clock.
    pub passes: Vec<PassTimes>,
    /// Per member, and the set's wall clock.
    pub figures: StreamSetFigures,
}

/// A member's thread: what `prepare` gave, its passes' times, its build time (ms).
type MemberDone<R> = (R, Vec<PassTimes>, f64);

/// Runs the passes of `plan` over `set` on `host`: on each member's thread its transform is
/// built (`build`, of `plan`), `prepare`d (e.g. its transfer floor), run on its share of the
/// chunks and released. `JITFFT_SET_FAIL_MEMBER` (a test hook) fails a member at its build or
/// at its first request for a chunk, while the others run.
pub fn run_set<C: DeviceComplex, R: Send>(
    set: &DeviceSet,
    plan: &StreamPlan,
    host: SetHost<C>,
    build: impl Fn(&Gpu) -> Result<StreamedVc> + Sync,
    prepare: impl Fn(usize, &Gpu, &StreamedVc) -> Result<R> + Sync,
) -> Result<SetRun<R>> {
    let (mem, len) = match host {
        SetHost::Pageable(data, first) => {
            let len = (data.len() as u64, C::PRECISION);
            (HostMem::pageable(data, first), len)
        }
        SetHost::Pinned(h) => {
            let len = (h.len(), h.precision());
            (HostMem::pinned(h)?, len)
        }
    };
    let deal = SetDeal::new(set.len(), plan.passes.len());
    let member = |m: usize| -> Result<MemberDone<R>> {
        let gpu = &set.members[m];
        let ran = guarded(|| {
            injected(m, "build")?;
            let t = Instant::now();
            let sv = build(gpu)?;
            let build_ms = t.elapsed().as_secs_f64() * 1e3;
            let run = || {
                if sv.plan != *plan {
                    return Err(JitError::invalid("a member built another streamed plan"));
                }
                match &mem {
                    HostMem::Pinned { .. } => sv.check_pinned(len)?,
                    HostMem::Pageable { .. } => sv.check_pageable::<C>(len.0 as usize)?,
                }
                let prepared = prepare(m, gpu, &sv)?;
                let own = MemberDeal {
                    set: &deal,
                    inject: injected(m, "run").is_err().then(|| {
                        Box::new(move || injected(m, "run")) as Box<dyn Fn() -> Result<()> + Sync>
                    }),
                };
                // SAFETY: the host array stays borrowed mutably (`host`) until every member's
                // thread has joined; the deal gives each chunk of a pass (a region no other
                // chunk of the pass touches) to one member and starts a pass once every member
                // has finished the one before, so no two threads touch one value at once.
                let times = unsafe { sv.run_on(gpu, &mem, &own) }?;
                Ok((prepared, times))
            };
            let out = run();
            let released = sv.release();
            let (prepared, times) = out?;
            released?;
            Ok((prepared, times, build_ms))
        });
        ran.map_err(|e| {
            // The others stop taking chunks and never wait for this member at a pass start.
            deal.fail();
            on_member(gpu, m, e)
        })
    };
    let done = on_each(set.len(), member);
    let done = done.into_iter().collect::<Result<Vec<_>>>()?;
    let released = deal.released();
    let wall = |a: usize, b: usize| match (released[a], released[b]) {
        (Some(s), Some(e)) => (e - s).as_secs_f64() * 1e3,
        _ => f64::NAN,
    };
    let passes = (0..plan.passes.len())
        .map(|j| merged(done.iter().map(|d| &d.1[j]), wall(j, j + 1)))
        .collect();
    let figures = StreamSetFigures {
        split: "dynamic: each chunk to the member free next (one shared counter a pass)".into(),
        members: set.len(),
        shares: done
            .iter()
            .enumerate()
            .map(|(m, (_, times, build_ms))| share(&set.members[m], m, times, *build_ms))
            .collect(),
        wall_ms: wall(0, plan.passes.len()),
    };
    Ok(SetRun {
        prepared: done.into_iter().map(|d| d.0).collect(),
        passes,
        figures,
    })
}

/// One pass as the set ran it: the members' chunks, bytes, event and host-copy times summed,
/// the longest event span (each device has its own clock), the set's wall clock.
fn merged<'a>(each: impl Iterator<Item = &'a PassTimes>, wall_ms: f64) -> PassTimes {
    let each: Vec<&PassTimes> = each.collect();
    let sum = |f: fn(&PassTimes) -> f64| each.iter().map(|t| f(t)).sum::<f64>();
    let bytes = each.iter().map(|t| t.bytes).sum::<u64>();
    let span_ms = each.iter().map(|t| t.span_ms).fold(0.0, f64::max);
    let events = [
        sum(|t| t.upload_ms),
        sum(|t| t.kernel_ms),
        sum(|t| t.download_ms),
        span_ms,
    ];
    PassTimes {
        digits: each[0].digits,
        chunks: each.iter().map(|t| t.chunks).sum(),
        clock: crate::runtime::stream_figures::PassClock::new(
            wall_ms,
            events,
            (sum(|t| t.gather_ms), sum(|t| t.scatter_ms)),
            bytes,
        ),
    }
}

/// Member `m`'s figures from its passes.
fn share(gpu: &Gpu, m: usize, times: &[PassTimes], build_ms: f64) -> StreamShare {
    let sum = |f: fn(&PassTimes) -> f64| times.iter().map(f).sum::<f64>();
    StreamShare {
        member: m,
        device: gpu.info.index,
        name: gpu.info.name.clone(),
        chunks: times.iter().map(|t| t.chunks).sum(),
        bytes: times.iter().map(|t| t.bytes).sum(),
        upload_ms: sum(|t| t.upload_ms),
        kernel_ms: sum(|t| t.kernel_ms),
        download_ms: sum(|t| t.download_ms),
        wall_ms: sum(|t| t.wall_ms),
        build_ms,
        passes: times.to_vec(),
    }
}

impl StreamSetFigures {
    /// The figures as text lines: the set's wall clock, then a line per member.
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "device set {} member{}, chunks {}; set wall {:.3} ms",
            self.members,
            if self.members == 1 { "" } else { "s" },
            self.split,
            self.wall_ms
        )];
        for s in &self.shares {
            let each: Vec<String> = s.passes.iter().map(|p| p.chunks.to_string()).collect();
            out.push(format!(
                "  member {} (device {}, {}): {} chunk(s) ({} a pass), {}, up {:.3} + kernels {:.3} + down {:.3} ms (events), wall {:.3} ms",
                s.member,
                s.device,
                s.name,
                s.chunks,
                each.join(" + "),
                crate::runtime::show::mib(s.bytes),
                s.upload_ms,
                s.kernel_ms,
                s.download_ms,
                s.wall_ms
            ));
        }
        out
    }
}
