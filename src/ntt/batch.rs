//! Batched NTTs over a device set (`ntt --batch B --device 0,1`, issue 45): the B rows of N
//! elements split over the members (`model::split::run_rows`), each member building the plan
//! for its device and transforming its rows in turn ([`NttTransform::execute_rows`], as one
//! device does); the output in row order. The arithmetic is exact, so every member's rows are
//! the one-device rows bit for bit.

use super::execute::NttTransform;
use super::report::Report;
use super::request::{check_exact, Prepared, Request};
use crate::error::Result;
use crate::field::cpu::limbs64;
use crate::model::split::run_rows;
use crate::runtime::{DeviceSet, Gpu};

/// Runs a prepared batched request over `set`: the rows in equal shares, every member's
/// transform built for its device (the limb default follows its carry chains), one warm-up
/// and `req.run.repeat` timed runs at once; the check over every row. The report is the first
/// member's transform with the set's times (slowest member's kernels and transfers, the
/// set's wall clock) and its `device_set` section.
pub fn run_split(set: &DeviceSet, req: &Request, prep: Prepared) -> Result<(Report, Vec<u64>)> {
    let row = (prep.plan.n() * limbs64(prep.plan.field())) as u64;
    let log_n = prep.plan.log_n;
    let runs = run_rows(
        set,
        (&prep.input, row),
        (true, req.run.repeat.max(1)),
        |gpu: &Gpu, _rows| NttTransform::new(gpu, &super::request::plan_on(gpu, req, log_n)?),
        |tr, gpu, x, _| tr.execute_rows(gpu, x),
        Ok,
    )?;
    let out = runs.outputs.concat().concat();
    let times = runs.as_one();
    let mut transforms = runs.finished.into_iter();
    let first = transforms.next().ok_or_else(|| {
        crate::error::JitError::invalid("a batch of no rows: nothing to transform")
    })?;
    let check = if req.run.check {
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
