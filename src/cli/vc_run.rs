//! The steps of `jitfft vc`'s in-memory route (`cli::vc::run_in_memory` calls them in order):
//! the flags checked, the input read, the data to transform, the timed runs and the output
//! written.

use super::common::{check_output_path, write_spectrum};
use super::vc::{DownloadArg, TransformArgs, VcArgs};
use crate::io::input::{find_non_finite, load_input_batch, Encoding, NonFinitePolicy};
use crate::io::random::{fresh_seed, random_complex};
use crate::vc::overlap::{DownloadMode, Overlapped};
use crate::vc::{Precision, VcPlan, VcTransform};
use anyhow::{bail, Result};
use num_complex::Complex64;

/// Refuses bad flag values before any work.
pub(super) fn validate(a: &VcArgs) -> Result<()> {
    a.run.validate()?;
    if a.chunks == Some(0) {
        bail!("--chunks 0: the data moves in at least one chunk (1 means no overlap)");
    }
    if let Some(t) = a.tolerance {
        if !(t >= 0.0 && t.is_finite()) {
            bail!("--tolerance {t}: a finite error bound ≥ 0");
        }
    }
    if let Some(out) = &a.run.output {
        check_output_path(out)?;
    }
    Ok(())
}

/// What `--input` held: the transform flags with the batch it sets, n, the shape an output
/// mirrors, and the complex data or the truth vectors (none without `--input`).
pub(super) struct Loaded {
    pub(super) t: TransformArgs,
    pub(super) n: Option<u32>,
    pub(super) shape: Option<Vec<usize>>,
    pub(super) data: Option<Vec<Complex64>>,
    pub(super) truth: Option<crate::mvl::TruthVectors>,
}

/// Reads `--input` (truth vectors with `--truth`, else complex data checked for NaN and ∞).
pub(super) fn read_input(a: &VcArgs, enc: Encoding) -> Result<Loaded> {
    let mut t = a.t.clone();
    let Some(path) = &a.run.input else {
        return Ok(Loaded {
            t,
            n: None,
            shape: None,
            data: None,
            truth: None,
        });
    };
    if a.truth {
        let tv = crate::mvl::load_truth(path, a.t.p, a.t.n)?;
        if let Some(b) = a.t.batch {
            if b != tv.batch {
                bail!(
                    "{}: holds {} functions, --batch says {b}",
                    path.display(),
                    tv.batch
                );
            }
        }
        t.batch = Some(tv.batch);
        return Ok(Loaded {
            t,
            n: Some(tv.n),
            shape: (tv.batch > 1).then(|| tv.shape.clone()),
            data: None,
            truth: Some(tv),
        });
    }
    let (n, b, sh, data) = load_input_batch(path, a.t.p, a.t.n, a.t.batch, enc)?;
    t.batch = Some(b);
    let policy = if a.strict {
        NonFinitePolicy::Refuse {
            refused_by: "--strict",
        }
    } else {
        NonFinitePolicy::Warn
    };
    if let Some(w) = policy.apply(find_non_finite(&data), &path.display().to_string())? {
        eprintln!("warning: {w}");
    }
    Ok(Loaded {
        t,
        n: Some(n),
        shape: (b > 1).then_some(sh),
        data: Some(data),
        truth: None,
    })
}

/// The data a run transforms: complex input (decoded truth vectors with `--truth`), the seed
/// it was drawn with, a description for the report, and the truth vectors themselves.
pub(super) struct RunInput {
    pub(super) input: Vec<Complex64>,
    pub(super) seed: Option<u64>,
    pub(super) what: String,
    pub(super) truth: Option<crate::mvl::TruthVectors>,
}

/// The file's data, or random data drawn for `plan` (random truth vectors with `--truth`).
pub(super) fn run_input(
    a: &VcArgs,
    loaded: Loaded,
    plan: &VcPlan,
    enc: Encoding,
) -> Result<RunInput> {
    let roots = enc == Encoding::Roots;
    let seed = || a.run.seed.unwrap_or_else(fresh_seed);
    let path = a.run.input.as_ref().map(|p| p.display().to_string());
    if a.truth {
        let (tv, seed) = match loaded.truth {
            Some(tv) => (tv, None),
            None => {
                let s = seed();
                let tv = crate::mvl::truth_vectors::random_truth(plan.p, plan.n, plan.batch, s)?;
                (tv, Some(s))
            }
        };
        return Ok(RunInput {
            input: tv.decode(roots),
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
            let s = seed();
            RunInput {
                input: random_complex(plan.total_len() as usize, s),
                seed: Some(s),
                what: format!("random (seed {s})"),
                truth: None,
            }
        }
    })
}

/// `--overlap`: the overlapped runner of `tr`.
pub(super) fn overlapped<'a>(
    a: &VcArgs,
    gpu: &'a crate::runtime::Gpu,
    tr: &'a VcTransform,
) -> Result<Option<Overlapped<'a>>> {
    if !a.overlap {
        return Ok(None);
    }
    let mode = match a.download {
        Some(DownloadArg::Packed) => DownloadMode::Packed,
        _ => DownloadMode::Rect,
    };
    Ok(Some(Overlapped::new(gpu, tr, a.chunks, mode)?))
}

/// The output of the last run and every timed run's figures (`--overlap`: also each run's
/// overlap times and the transfer floor measured beside it).
pub(super) struct Timed {
    pub(super) out: Vec<Complex64>,
    pub(super) runs: Vec<crate::vc::RunTimes>,
    pub(super) overs: Vec<crate::vc::overlap::OverlapTimes>,
    pub(super) floors: Vec<crate::vc::overlap::TransferFloor>,
}

/// One warm-up, then `--repeat` timed runs: from truth vectors, the plain `vc` measurement,
/// or overlapped runs each beside a floor measurement.
pub(super) fn time_runs(
    a: &VcArgs,
    gpu: &crate::runtime::Gpu,
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
            for k in 0..=a.run.repeat {
                let (o, r) = tr.execute_truth(gpu, &tv.data)?;
                if k > 0 {
                    t.out = o;
                    t.runs.push(r);
                }
            }
        }
        (None, None) => {
            // The measurement `tune` verifies its choice with (vc::verify).
            (t.out, t.runs) = crate::vc::verify::vc_runs(gpu, tr, &data.input, a.run.repeat)?;
        }
        (Some(ov), _) => {
            // Warm-up, then the floor and an overlapped run in turn (same buffers, same bytes).
            ov.floor()?;
            ov.run(&data.input)?;
            for _ in 0..a.run.repeat {
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

/// Writes `--output`: a .npy of the input's shape where the input had one, else the spectrum.
pub(super) fn write_output(
    a: &VcArgs,
    plan: &VcPlan,
    shape: Option<&[usize]>,
    out: &[Complex64],
) -> Result<()> {
    let Some(path) = &a.run.output else {
        return Ok(());
    };
    let f32 = plan.precision == Precision::F32;
    match shape {
        Some(sh)
            if path
                .extension()
                .is_some_and(|e| e.eq_ignore_ascii_case("npy")) =>
        {
            let bytes = crate::io::npy::npy_complex_shaped(out, f32, sh);
            super::common::write_data(path, &bytes)
        }
        _ => write_spectrum(path, out, f32),
    }
}
