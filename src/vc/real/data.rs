//! The data of a real-input run: real input (a real .npy or seeded random values) forward, a
//! half spectrum (a complex .npy of numpy's rfftn shape or seeded random values) inverse; the
//! check against the f64 reference; the output's bytes.

use super::RealPlan;
use crate::error::{JitError, Result};
use crate::io::input::transform_shape;
use crate::io::npy::{npy_bytes, read_npy, NpyData};
use crate::io::random::random_complex;
use crate::reference::compare;
use crate::reference::real::{irfftn_ref, rfftn_ref};
use crate::transform::Direction;
use crate::vc::report::CheckReport;
use num_complex::Complex64;
use std::path::Path;

/// A run's input: the values (reals forward, interleaved (re, im) inverse), the sizes they
/// set, and the batch axes an output mirrors.
pub struct RealInput {
    /// Values in C order.
    pub values: Vec<f64>,
    /// Variables, where the input sets them.
    pub n: Option<u32>,
    /// Transforms, where the input sets them.
    pub batch: Option<u64>,
    /// The input's axes in front of the transform axes (empty: one transform).
    pub batch_axes: Vec<usize>,
}

/// Reads a .npy, refusing other files with what the real path reads.
fn npy_only(path: &Path) -> Result<crate::io::npy::NpyArray> {
    if !path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("npy"))
    {
        return Err(JitError::file(
            path,
            "vc --real reads .npy files (a real array forward, numpy's rfftn half spectrum with --inverse)",
        ));
    }
    read_npy(path)
}

/// Reads a forward run's real .npy (float32/float64, integers as their values): shapes
/// (p^n,), (p,)*n, (B, p^n) or (B, p, …, p). Complex input is refused with the reason.
pub fn read_real(path: &Path, p: u32, n: Option<u32>, batch: Option<u64>) -> Result<RealInput> {
    let a = npy_only(path)?;
    let values = match a.data {
        NpyData::Real(v) => v,
        NpyData::Int(v) => v.into_iter().map(|x| x as f64).collect(),
        NpyData::Complex(_) => {
            return Err(JitError::file(
                path,
                format!(
                    "complex input ({}): vc --real takes real values. numpy's rfftn would drop the imaginary part with a warning; jitfft refuses (pass x.real if that is what you mean, or run vc without --real)",
                    a.descr
                ),
            ))
        }
    };
    let what = path.display().to_string();
    // With --n, one axis more than n is a batch even where it is p long (numpy's axes=(1, …)).
    let batch = batch.or(match n {
        Some(n) if a.shape.len() == n as usize + 1 => a.shape.first().map(|&b| b as u64),
        _ => None,
    });
    let (n_file, b) = transform_shape(p, &a.shape, n, batch, &what)?;
    let batched = b > 1 || a.shape.len() as u32 == n_file + 1 && a.shape.len() > 1;
    Ok(RealInput {
        values,
        n: Some(n_file),
        batch: Some(b),
        batch_axes: if batched {
            vec![b as usize]
        } else {
            Vec::new()
        },
    })
}

/// Reads an inverse run's half spectrum: a complex .npy of shape batch + (p,)*(n−1) + (h,).
/// Without `n`, every axis before the last is a transform axis (numpy's irfftn of all axes).
/// A wrong shape is refused with the shape expected.
pub fn read_half(path: &Path, p: u32, n: Option<u32>, batch: Option<u64>) -> Result<RealInput> {
    let a = npy_only(path)?;
    // numpy has no complex32: a float16 half spectrum carries (re, im) on a last axis of 2.
    let f16_pairs = a.descr.ends_with("f2") && a.shape.len() >= 2 && a.shape.last() == Some(&2);
    let (values, shape) = match a.data {
        NpyData::Complex(v) => (v.into_iter().flat_map(|c| [c.re, c.im]).collect(), a.shape),
        NpyData::Real(v) if f16_pairs => (v, a.shape[..a.shape.len() - 1].to_vec()),
        _ => {
            return Err(JitError::file(
                path,
                format!(
                    "dtype {}: vc --real --inverse takes numpy's rfftn half spectrum, a complex64 or complex128 array (or float16 with a last axis of 2: re, im)",
                    a.descr
                ),
            ))
        }
    };
    let h = p as usize / 2 + 1;
    let sh = &shape;
    let n = n.unwrap_or(sh.len().saturating_sub(batch.map_or(0, |_| 1)) as u32);
    let axes = n as usize;
    let lead = sh.len().checked_sub(axes);
    let expected = |lead: &[usize]| {
        let mut e: Vec<String> = lead.iter().map(|d| d.to_string()).collect();
        e.extend(std::iter::repeat_n(p.to_string(), axes.saturating_sub(1)));
        e.push(h.to_string());
        format!("({})", e.join(", "))
    };
    let ok = n >= 1
        && lead.is_some_and(|l| l <= 1)
        && sh[sh.len() - 1] == h
        && sh[lead.unwrap_or(0)..sh.len() - 1]
            .iter()
            .all(|&d| d == p as usize);
    let lead_axes = lead.map_or(&[][..], |l| &sh[..l.min(1)]);
    if !ok {
        return Err(JitError::file(
            path,
            format!(
                "shape {sh:?} is not a half spectrum of (p,)*{n} for p = {p}: expected {} (numpy's rfftn layout: the last axis p//2+1 = {h})",
                expected(&batch.map_or(lead_axes.to_vec(), |b| vec![b as usize]))
            ),
        ));
    }
    let b = lead_axes.first().map_or(1, |&d| d as u64);
    if let Some(want) = batch.filter(|&w| w != b) {
        return Err(JitError::file(
            path,
            format!("holds {b} half spectra, --batch says {want}"),
        ));
    }
    Ok(RealInput {
        values,
        n: Some(n),
        batch: Some(b),
        batch_axes: lead_axes.to_vec(),
    })
}

/// Random input for `plan`, drawn from `seed`: reals forward, a half spectrum inverse (its
/// bins need not be Hermitian: numpy's irfftn defines the result of any).
pub fn random_input(plan: &RealPlan, seed: u64) -> Vec<f64> {
    match plan.direction {
        Direction::Forward => random_complex(plan.real_len() as usize, seed)
            .into_iter()
            .map(|c| c.re)
            .collect(),
        Direction::Inverse => random_complex(plan.half_len() as usize, seed)
            .into_iter()
            .flat_map(|c| [c.re, c.im])
            .collect(),
    }
}

fn pairs(v: &[f64]) -> Vec<Complex64> {
    v.chunks(2).map(|c| Complex64::new(c[0], c[1])).collect()
}

/// The whole output numpy's rfftn / irfftn gives for `input` in f64, in the run's layout:
/// the half spectrum's (re, im) interleaved forward, the reals inverse.
pub fn reference(plan: &RealPlan, input: &[f64]) -> Result<Vec<f64>> {
    let b = plan.batch as usize;
    Ok(match plan.direction {
        Direction::Forward => rfftn_ref(plan.p, plan.n, b, input, plan.scale())?
            .iter()
            .flat_map(|c| [c.re, c.im])
            .collect(),
        Direction::Inverse => irfftn_ref(plan.p, plan.n, b, &pairs(input), plan.scale())?,
    })
}

/// Checks a run's output against numpy's rfftn / irfftn computed in f64 (the whole batch as
/// one vector).
pub fn check(plan: &RealPlan, input: &[f64], out: &[f64], tolerance: f64) -> Result<CheckReport> {
    let want = reference(plan, input)?;
    let values = |v: &[f64]| match plan.direction {
        Direction::Forward => pairs(v),
        Direction::Inverse => v.iter().map(|&x| Complex64::new(x, 0.0)).collect(),
    };
    let error = compare(&values(out), &values(&want));
    Ok(CheckReport {
        ok: error.passes(tolerance),
        error,
        tolerance,
        worst_transform: None,
    })
}

/// The output's numpy shape: the input's batch axes, then the half spectrum's (forward) or the
/// real array's (inverse) axes.
pub fn output_shape(plan: &RealPlan, batch_axes: &[usize]) -> Vec<usize> {
    let mut s = batch_axes.to_vec();
    if s.is_empty() && plan.batch > 1 {
        s.push(plan.batch as usize);
    }
    s.extend(match plan.direction {
        Direction::Forward => plan.half_shape(),
        Direction::Inverse => plan.real_shape(),
    });
    s
}

/// The output file's bytes: a .npy (complex64/128 forward, float32/64 inverse) of
/// [`output_shape`], else text (one `re im` pair or one value a line).
pub fn output_bytes(plan: &RealPlan, batch_axes: &[usize], out: &[f64], npy: bool) -> Vec<u8> {
    if let (Some(h), true) = (plan.storage, npy) {
        // float16: reals as they are, the half spectrum as (re, im) on a last axis of 2.
        let mut shape = output_shape(plan, batch_axes);
        if plan.direction == Direction::Forward {
            shape.push(2);
        }
        let body: Vec<u8> = out.iter().flat_map(|&v| h.bits(v).to_le_bytes()).collect();
        return npy_bytes("<f2", &shape, &body);
    }
    let shape = output_shape(plan, batch_axes);
    match (plan.direction, npy) {
        (_, true) => npy_bytes(npy_descr(plan), &shape, &value_bytes(plan, out)),
        (Direction::Forward, false) => crate::io::text::format_spectrum(&pairs(out)).into_bytes(),
        (Direction::Inverse, false) => out
            .iter()
            .map(|v| format!("{v:e}\n"))
            .collect::<String>()
            .into_bytes(),
    }
}

/// The .npy dtype of the output (f32 or f64 storage): complex64/128 forward, float32/64
/// inverse.
pub fn npy_descr(plan: &RealPlan) -> &'static str {
    let single = plan.precision == crate::transform::Precision::F32;
    match (plan.direction, single) {
        (Direction::Forward, true) => "<c8",
        (Direction::Forward, false) => "<c16",
        (Direction::Inverse, true) => "<f4",
        (Direction::Inverse, false) => "<f8",
    }
}

/// The bytes of output values (reals, or (re, im) interleaved) in the plan's precision, as
/// the .npy of [`npy_descr`] holds them.
pub fn value_bytes(plan: &RealPlan, out: &[f64]) -> Vec<u8> {
    match plan.precision {
        crate::transform::Precision::F32 => {
            out.iter().flat_map(|&v| (v as f32).to_le_bytes()).collect()
        }
        crate::transform::Precision::F64 => out.iter().flat_map(|&v| v.to_le_bytes()).collect(),
    }
}
