//! Batched NTTs (`ntt --batch B`, issue 45): B rows of N elements, each transformed by the
//! one transform in turn (one row at a time: the kernels are the one-row kernels), on one
//! device or with the rows split over a device set (`model::split::run_rows`), each member
//! building the plan for its device and running its rows; the output in row order. The
//! arithmetic is exact, so every member's rows are the one-device rows bit for bit.

use super::execute::{NttTransform, RunTimes};
use super::report::Report;
use super::request::{check_exact, Prepared, Request};
use crate::error::Result;
use crate::field::cpu::limbs64;
use crate::model::split::run_rows;
use crate::runtime::timing::Clock;
use crate::runtime::{DeviceSet, Gpu};

/// Transforms the rows of `input` (whole rows of the plan's N elements) in turn: the rows'
/// output in order and their times summed (kernels, transfers, host wall clock).
pub fn execute_rows(tr: &NttTransform, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, RunTimes)> {
    let row = tr.plan.n() * limbs64(tr.plan.field());
    let mut out = Vec::with_capacity(input.len());
    let mut sum: Option<RunTimes> = None;
    for x in input.chunks(row) {
        let (y, t) = tr.execute(gpu, x)?;
        out.extend(y);
        sum = Some(match sum {
            None => t,
            Some(s) => added(s, &t),
        });
    }
    Ok((out, sum.unwrap_or_else(|| RunTimes::host_only(0.0))))
}

/// `a` then `b`: every time summed, the clock the one both ran on.
fn added(mut a: RunTimes, b: &RunTimes) -> RunTimes {
    a.kernel_ms += b.kernel_ms;
    a.kernel_span_ms += b.kernel_span_ms;
    a.upload_ms += b.upload_ms;
    a.download_ms += b.download_ms;
    a.host_ms += b.host_ms;
    a.pass_ms
        .iter_mut()
        .zip(&b.pass_ms)
        .for_each(|(x, y)| *x += y);
    a.clock = Clock::of_runs([a.clock, b.clock]);
    a
}

/// Runs a prepared batched request over `set`: the rows in equal shares, every member's
/// transform built for its device (the limb default follows its carry chains), one warm-up
/// and `req.repeat` timed runs at once; the check over every row. The report is the first
/// member's transform with the set's times (slowest member's kernels and transfers, the
/// set's wall clock) and its `device_set` section.
pub fn run_split(set: &DeviceSet, req: &Request, prep: Prepared) -> Result<(Report, Vec<u64>)> {
    let row = (prep.plan.n() * limbs64(prep.plan.field())) as u64;
    let log_n = prep.plan.log_n;
    let runs = run_rows(
        set,
        (&prep.input, row),
        (true, req.repeat.max(1)),
        |gpu: &Gpu, _rows| NttTransform::new(gpu, &super::request::plan_on(gpu, req, log_n)?),
        execute_rows,
        Ok,
    )?;
    let out = runs.outputs.concat().concat();
    let times = runs.as_one();
    let mut transforms = runs.finished.into_iter();
    let first = transforms.next().expect("a share");
    let check = if req.check {
        Some(check_exact(&first.plan, &prep.input, &out)?)
    } else {
        None
    };
    let mut report = Report::of(&set.members[0], &first, &times, prep.what, prep.seed, check);
    report.batch = Some(req.batch);
    report.device_set = Some(runs.figures);
    first.release()?;
    transforms.try_for_each(NttTransform::release)?;
    Ok((report, out))
}
