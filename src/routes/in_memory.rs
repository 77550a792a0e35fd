//! The in-memory route of a `vc` request: the input read (or drawn), the plan of its sizes,
//! the timed runs (plain, truth-vector or overlapped), the check, the output and the report.
//! Real input (`--real`, numpy's rfftn / irfftn on the library's real path `vc::real`) takes
//! the same steps in [`run_real`]; [`real_input`] reads or draws it for the streamed route too.
//! Both end as every route does (`routes::finish`).

use super::finish::{check_then_write, Finish};
use super::report::{overlap_report, VcReport};
use super::{Notice, RunOptions};
use crate::error::Result;
use crate::io::input::{
    find_non_finite, find_non_finite_where, load_input_batch, Encoding, NonFinite, NonFinitePolicy,
};
use crate::io::random::{draw_complex, fresh_seed};
use crate::mvl::TruthVectors;
use crate::runtime::Gpu;
use crate::transform::Direction;
use crate::vc::overlap::Overlapped;
use crate::vc::real::data::{check, output_bytes, random_input, read_half, read_real, RealInput};
use crate::vc::real::report::{RealReport, RealTimingReport, RealTransformReport};
use crate::vc::real::resolve::{real_transform, tuned_entry};
use crate::vc::real::RealPlan;
use crate::vc::report::{check_batch, default_tolerance, TimingReport, TransformReport};
use crate::vc::request::Request;
use crate::vc::{VcPlan, VcTransform};
use num_complex::Complex64;

/// What the input held: n and batch, the shape an output mirrors, and the complex data or
/// the truth vectors (none without an input file).
pub(super) struct Loaded {
    pub(super) n: Option<u32>,
    pub(super) batch: Option<u64>,
    pub(super) shape: Option<Vec<usize>>,
    data: Option<Vec<Complex64>>,
    truth: Option<TruthVectors>,
}

/// Runs `req` in memory on `gpu`.
pub(super) fn run(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    notice: &mut dyn FnMut(Notice),
) -> Result<VcReport> {
    let loaded = read_input(req, o, notice)?;
    let chosen = crate::vc::request::plan(req, gpu, loaded.n, loaded.batch)?;
    let (plan, tuned) = (chosen.plan, chosen.tuned);
    let shape = loaded.shape.clone();
    let mut data = run_input(req, o, loaded, &plan)?;
    if let Some(h) = plan.half {
        // The values the device stores: the check's reference transforms them.
        data.input.iter_mut().for_each(|c| *c = h.round(*c));
    }
    let tr = VcTransform::new(gpu, &plan)?;
    let ov = match req.overlap {
        Some(mode) => Some(Overlapped::new(gpu, &tr, o.chunks, mode)?),
        None => None,
    };
    let timed = time_runs(o.repeat, gpu, &tr, ov.as_ref(), &data)?;
    let overlap = ov
        .as_ref()
        .map(|ov| overlap_report(ov, &timed.overs, &timed.floors));
    let write = |path: &std::path::Path| match plan.half {
        Some(h) => crate::vc::half_io::write(path, h, &timed.out, shape.as_deref()),
        None => {
            let single = plan.precision == crate::transform::Precision::F32;
            crate::io::output::write_spectrum(path, &timed.out, single, shape.as_deref())
        }
    };
    let check = |tol| check_batch(&plan, &data.input, &timed.out, tol);
    let tol = crate::vc::plan::tolerance(&plan, default_tolerance);
    let Finish { check, output, .. } = check_then_write(req, o, tol, check, write)?;
    let report = VcReport {
        transform: TransformReport::of(&tr, &gpu.info, tuned),
        input: data.what,
        seed: data.seed,
        timing: TimingReport::of(&tr, &timed.runs),
        check,
        output,
        overlap,
        host_steps: None,
        disk_floor: None,
        device_set: None,
    };
    // Unmap the pinned staging now, so an unmap error reaches the caller.
    drop(ov);
    tr.release()?;
    Ok(report)
}

/// Reads the input (truth vectors for truth runs, else complex data checked for NaN and ∞).
pub(super) fn read_input(
    req: &Request,
    o: &RunOptions,
    notice: &mut dyn FnMut(Notice),
) -> Result<Loaded> {
    let Some(path) = &req.input else {
        return Ok(Loaded {
            n: None,
            batch: req.batch,
            shape: None,
            data: None,
            truth: None,
        });
    };
    if req.truth {
        let tv = crate::mvl::load_truth(path, req.p, req.n)?;
        if let Some(b) = req.batch.filter(|&b| b != tv.batch) {
            return Err(crate::error::JitError::invalid(format!(
                "{}: holds {} functions, --batch says {b}",
                path.display(),
                tv.batch
            )));
        }
        return Ok(Loaded {
            n: Some(tv.n),
            batch: Some(tv.batch),
            shape: Some(tv.shape.clone()),
            data: None,
            truth: Some(tv),
        });
    }
    let enc = if req.roots {
        Encoding::Roots
    } else {
        Encoding::Values
    };
    let (n, b, sh, data) = match req.half {
        Some(h) => crate::vc::half_io::load(path, h, req.p, req.n, req.batch, enc)?,
        None => load_input_batch(path, req.p, req.n, req.batch, enc)?,
    };
    warn_non_finite(o, find_non_finite(&data), path, notice)?;
    Ok(Loaded {
        n: Some(n),
        batch: Some(b),
        shape: Some(sh),
        data: Some(data),
        truth: None,
    })
}

/// The data a run transforms: complex input (decoded truth vectors for truth runs), the seed
/// it was drawn with, a description for the report, and the truth vectors themselves.
pub(super) struct RunInput {
    pub(super) input: Vec<Complex64>,
    pub(super) seed: Option<u64>,
    pub(super) what: String,
    truth: Option<TruthVectors>,
}

/// The file's data, or random data drawn for `plan` (random truth vectors for truth runs).
pub(super) fn run_input(
    req: &Request,
    o: &RunOptions,
    loaded: Loaded,
    plan: &VcPlan,
) -> Result<RunInput> {
    let seed = || o.seed.unwrap_or_else(fresh_seed);
    let path = req.input.as_ref().map(|p| p.display().to_string());
    if req.truth {
        let (tv, seed) = match loaded.truth {
            Some(tv) => (tv, None),
            None => {
                let s = seed();
                (
                    crate::mvl::truth_vectors::random_truth(plan.p, plan.n, plan.batch, s)?,
                    Some(s),
                )
            }
        };
        return Ok(RunInput {
            input: tv.decode(req.roots),
            what: path.unwrap_or_else(|| {
                format!("random truth vectors (seed {})", seed.unwrap_or_default())
            }),
            seed,
            truth: Some(tv),
        });
    }
    Ok(match (loaded.data, path) {
        (Some(data), Some(what)) => RunInput {
            input: data,
            seed: None,
            what,
            truth: None,
        },
        _ => {
            let (input, s) = draw_complex(plan.total_len() as usize, o.seed);
            RunInput {
                input,
                seed: Some(s),
                what: format!("random (seed {s})"),
                truth: None,
            }
        }
    })
}

/// The output of the last run and every timed run's figures (overlapped: also each run's
/// overlap times and the transfer floor measured beside it).
struct Timed {
    out: Vec<Complex64>,
    runs: Vec<crate::vc::RunTimes>,
    overs: Vec<crate::vc::overlap::OverlapTimes>,
    floors: Vec<crate::vc::overlap::TransferFloor>,
}

/// One warm-up, then `repeat` timed runs: from truth vectors, the plain `vc` measurement, or
/// overlapped runs each beside a floor measurement.
fn time_runs(
    repeat: usize,
    gpu: &Gpu,
    tr: &VcTransform,
    ov: Option<&Overlapped>,
    data: &RunInput,
) -> Result<Timed> {
    let mut t = Timed {
        out: Vec::new(),
        runs: Vec::new(),
        overs: Vec::new(),
        floors: Vec::new(),
    };
    match (ov, &data.truth) {
        (None, Some(tv)) => {
            (t.out, t.runs) = crate::runtime::timing::warm_then_timed(repeat, || {
                tr.execute_truth(gpu, &tv.data)
            })?;
        }
        (None, None) => {
            // The measurement `tune` verifies its choice with (vc::verify).
            (t.out, t.runs) = crate::vc::verify::vc_runs(gpu, tr, &data.input, repeat)?;
        }
        (Some(ov), _) => {
            // Warm-up, then the floor and an overlapped run in turn (same buffers, same bytes).
            ov.floor()?;
            ov.run(&data.input)?;
            for _ in 0..repeat {
                t.floors.push(ov.floor()?);
                let (o, r, v) = ov.run(&data.input)?;
                t.out = o;
                t.runs.push(r);
                t.overs.push(v);
            }
        }
    }
    Ok(t)
}

/// Warns of (or, with `--strict`, refuses) the input's values that are not finite (`bad`:
/// as `find_non_finite` says).
fn warn_non_finite(
    o: &RunOptions,
    bad: Option<NonFinite>,
    path: &std::path::Path,
    notice: &mut dyn FnMut(Notice),
) -> Result<()> {
    let policy = if o.strict {
        NonFinitePolicy::Refuse {
            refused_by: "--strict",
        }
    } else {
        NonFinitePolicy::Warn
    };
    if let Some(w) = policy.apply(bad, &path.display().to_string())? {
        notice(Notice::Warning(w));
    }
    Ok(())
}

/// A real run's input values, the seed they were drawn with, a description for the report
/// and the file's batch axes (an output mirrors them).
pub(super) struct RealRunInput {
    pub(super) values: Vec<f64>,
    pub(super) seed: Option<u64>,
    pub(super) what: String,
    pub(super) batch_axes: Vec<usize>,
}

/// Real input: the file of `req` (reals forward, a half spectrum inverse; values that are
/// not finite warned of or refused), else random values; `make` builds what runs from the
/// sizes read, `plan` its real plan (which random input is drawn for).
pub(super) fn real_input<T>(
    req: &Request,
    o: &RunOptions,
    notice: &mut dyn FnMut(Notice),
    make: impl FnOnce(Option<u32>, Option<u64>) -> Result<T>,
    plan: impl Fn(&T) -> &RealPlan,
) -> Result<(T, RealRunInput)> {
    let loaded = match &req.input {
        Some(path) => {
            let read = match req.direction {
                Direction::Forward => read_real,
                Direction::Inverse => read_half,
            };
            let input = read(path, req.p, req.n, req.batch)?;
            let bad = find_non_finite_where(input.values.iter().map(|v| v.is_finite()));
            warn_non_finite(o, bad, path, notice)?;
            Some(input)
        }
        None => None,
    };
    let (n, batch) = loaded.as_ref().map_or((None, None), |l| (l.n, l.batch));
    let made = make(n, batch)?;
    let input = match loaded {
        Some(RealInput {
            values, batch_axes, ..
        }) => {
            let what = req.input.as_ref().map(|p| p.display().to_string());
            RealRunInput {
                values,
                seed: None,
                what: what.unwrap_or_default(),
                batch_axes,
            }
        }
        None => {
            let s = o.seed.unwrap_or_else(fresh_seed);
            RealRunInput {
                values: random_input(plan(&made), s),
                seed: Some(s),
                what: format!("random (seed {s})"),
                batch_axes: Vec::new(),
            }
        }
    };
    Ok((made, input))
}

/// Runs the real input of `req` in memory on `gpu` (`vc --real`).
pub(super) fn run_real(
    req: &Request,
    o: &RunOptions,
    gpu: &Gpu,
    notice: &mut dyn FnMut(Notice),
) -> Result<RealReport> {
    let make = |n, batch| real_transform(req, gpu, n, batch);
    let (tr, data) = real_input(req, o, notice, make, |tr| &tr.plan)?;
    // Half storage: the values the device stores (the check's reference transforms them).
    let input: Vec<f64> = match tr.plan.storage {
        Some(h) => data.values.iter().map(|&v| h.value(h.bits(v))).collect(),
        None => data.values,
    };
    let (out, runs) =
        crate::runtime::timing::warm_then_timed(o.repeat, || tr.execute(gpu, &input))?;
    let tol = match tr.plan.storage {
        Some(h) => h.tolerance(),
        None => default_tolerance(tr.plan.precision),
    };
    let write = |path: &std::path::Path| {
        let npy = crate::io::output::is_npy(path);
        let bytes = match tr.plan.storage {
            // Raw 16-bit values (reals, or re and im interleaved).
            Some(h) if crate::vc::half_io::is_raw(path) => {
                out.iter().flat_map(|&v| h.bits(v).to_le_bytes()).collect()
            }
            _ => output_bytes(&tr.plan, &data.batch_axes, &out, npy),
        };
        crate::io::output::write_data(path, &bytes)
    };
    let compare = |tol| check(&tr.plan, &input, &out, tol);
    let Finish { check, output, .. } = check_then_write(req, o, tol, compare, write)?;
    let tuned = tuned_entry(req, gpu, &tr.plan)?.map(|e| e.choice.label());
    let report = RealReport {
        transform: RealTransformReport::of(&tr, &gpu.describe()),
        input: data.what,
        seed: data.seed,
        timing: RealTimingReport::of(&tr, &runs),
        check,
        output,
        tuned,
        device_set: None,
    };
    tr.release()?;
    Ok(report)
}
