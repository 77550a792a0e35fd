//! `jitfft.mul`'s host path. The operands' CPython digits are repacked straight into the cached
//! multiplier's pinned staging and the product's limbs straight into the digits of a fresh
//! Python int (pylong.rs), with no intermediate copy; the GIL is released from the first copy
//! to the last. Where the interpreter's int layout is not the known one, the bytes path
//! (`int.to_bytes` / `int.from_bytes`) runs instead. The last call's steps, each timed, are
//! what `jitfft._last_mul_steps()` returns.

use crate::cache::{get_or_build, Footprint};
use crate::convert::{index_int, limbs_from_py, limbs_to_py};
use crate::errors::to_py;
use crate::pylong::{fill_digits, Digits, Fresh, Layout};
use crate::{device_nogil, to_dict};
use jitfft::mul::{Method, MulPlan, Multiplier};
use pyo3::prelude::*;
use pyo3::types::PyInt;
use std::sync::Mutex;
use std::time::Instant;

/// Wall time of each host step of one `jitfft.mul` call, in ms.
#[derive(Clone, Default, serde::Serialize)]
struct Steps {
    /// "digits" (the ints' digits in place) or "bytes" (to_bytes/from_bytes).
    path: &'static str,
    limbs: (usize, usize),
    /// Operands to digits or bytes (`__index__`, `to_bytes`), the device looked up.
    operands_ms: f64,
    /// The product's int allocated (digits path).
    alloc_ms: f64,
    /// Plan cache lookup (a build on the first call).
    plan_ms: f64,
    /// Operands into the pinned staging (repacked 30 → 64 bits).
    stage_ms: f64,
    /// Upload, kernels, download (host wall); then the same from the events.
    device_ms: f64,
    upload_ms: f64,
    kernel_ms: f64,
    download_ms: f64,
    /// Product from the pinned staging into the int's digits (or a Vec, bytes path).
    unpack_ms: f64,
    /// The int finished (sign, length; `from_bytes` on the bytes path).
    finish_ms: f64,
    total_ms: f64,
}

static LAST: Mutex<Option<Steps>> = Mutex::new(None);

fn since(t: &mut Instant) -> f64 {
    let ms = t.elapsed().as_secs_f64() * 1e3;
    *t = Instant::now();
    ms
}

/// An operand: its digits in place, or the bytes of its magnitude (kept alive by `_keep`).
struct Operand<'py> {
    _keep: Bound<'py, PyAny>,
    src: Src,
}

/// What crosses `allow_threads`: addresses into objects the caller keeps alive.
#[derive(Clone, Copy)]
enum Src {
    Digits(Digits),
    Bytes {
        addr: usize,
        len: usize,
        negative: bool,
    },
}

fn operand<'py>(
    layout: Option<Layout>,
    x: &Bound<'py, PyAny>,
    what: &str,
) -> PyResult<Operand<'py>> {
    if let Some(l) = layout {
        let i = index_int(x, what)?;
        // `operator.index` may return an int subclass on 3.8/3.9: bytes for those.
        if i.get_type().is(x.py().get_type::<PyInt>()) {
            let d = l.digits(&i);
            return Ok(Operand {
                _keep: i.into_any(),
                src: Src::Digits(d),
            });
        }
    }
    let (negative, bytes) = limbs_from_py(x, what)?;
    let b = bytes.as_bytes();
    let src = Src::Bytes {
        addr: b.as_ptr() as usize,
        len: b.len(),
        negative,
    };
    Ok(Operand {
        _keep: bytes.into_any(),
        src,
    })
}

impl Src {
    fn negative(&self) -> bool {
        match self {
            Src::Digits(d) => d.negative,
            Src::Bytes { negative, .. } => *negative,
        }
    }

    fn limbs(&self) -> usize {
        match self {
            Src::Digits(d) => d.limbs(),
            Src::Bytes { len, .. } => len.div_ceil(8).max(1),
        }
    }

    /// The magnitude into `out` (its `limbs()` limbs).
    fn fill(&self, out: &mut [u64]) {
        match self {
            Src::Digits(d) => d.write_limbs(out),
            Src::Bytes { addr, len, .. } => {
                // SAFETY: the bytes object `Operand` keeps alive (immutable).
                let b = unsafe { std::slice::from_raw_parts(*addr as *const u8, *len) };
                let dst: &mut [u8] = bytemuck::cast_slice_mut(out);
                dst[..b.len()].copy_from_slice(b);
                dst[b.len()..].fill(0);
            }
        }
    }
}

/// The product a·b (any signs) on `device` by `method`, through the plan cache's multiplier.
pub(crate) fn mul<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    method: Method,
    device: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let start = Instant::now();
    let mut t = start;
    let layout = Layout::get(py);
    let (oa, ob) = (operand(layout, a, "a")?, operand(layout, b, "b")?);
    let (sa, sb) = (oa.src, ob.src);
    let (la, lb) = (sa.limbs(), sb.limbs());
    let negative = sa.negative() != sb.negative();
    let gpu = device_nogil(py, device)?;
    let mut steps = Steps {
        path: if matches!(sa, Src::Digits(_)) && matches!(sb, Src::Digits(_)) {
            "digits"
        } else {
            "bytes"
        },
        limbs: (la, lb),
        operands_ms: since(&mut t),
        ..Steps::default()
    };
    // The product's int, filled off the GIL (digits path).
    let fresh: Option<(Layout, Fresh)> = match layout {
        Some(l) => Some((l, l.fresh(py, (64 * (la + lb)).div_ceil(30))?)),
        None => None,
    };
    let target = fresh.as_ref().map(|(_, f)| f.target());
    steps.alloc_ms = since(&mut t);
    let (vec, steps) = py
        .allow_threads(|| -> jitfft::Result<(Option<Vec<u64>>, Steps)> {
            let key = format!("{la}x{lb} limbs {method:?}");
            let m = get_or_build(&gpu, "mul", key, || {
                let (cross, source) = jitfft::mul::wisdom::crossover_for(&gpu)?;
                let plan = MulPlan::with_crossover(la, lb, method, 16, cross, source)?;
                jitfft::mul::execute::check_device(&gpu, &plan)?;
                let (device_bytes, _) = jitfft::mul::execute::device_bytes(&plan);
                let m = Multiplier::new(&gpu, &plan)?;
                let host_bytes = 16 * (la + lb) as u64;
                Ok((
                    m,
                    Footprint {
                        device_bytes,
                        host_bytes,
                    },
                ))
            })?;
            let m = m.lock().unwrap_or_else(|e| e.into_inner());
            steps.plan_ms = since(&mut t);
            let (pa, pb, pr) = m.staging();
            for (pin, src, len) in [(pa, sa, la), (pb, sb, lb)] {
                pin.with_map(|x| {
                    src.fill(&mut x[..len]);
                    Ok(())
                })?;
            }
            steps.stage_ms = since(&mut t);
            let times = m.multiply_staged(&gpu, la, lb)?;
            steps.device_ms = since(&mut t);
            steps.upload_ms = times.upload_ms;
            steps.kernel_ms = times.kernel_ms;
            steps.download_ms = times.download_ms;
            let vec = pr.with_map(|x| {
                let prod = &x[..la + lb];
                Ok(match target {
                    // SAFETY: the fresh int's digits, which nothing else references yet.
                    Some(to) => {
                        unsafe { fill_digits(prod, to) };
                        None
                    }
                    None => Some(prod.to_vec()),
                })
            })?;
            steps.unpack_ms = since(&mut t);
            Ok((vec, steps))
        })
        .map_err(to_py)?;
    let mut steps = steps;
    let out = match (fresh, vec) {
        (Some((l, f)), None) => l.finish(py, f, negative)?,
        (_, Some(v)) => limbs_to_py(py, &v, negative)?,
        (None, None) => {
            return Err(to_py(jitfft::JitError::invalid(
                "internal: the product has neither digits nor limbs",
            )))
        }
    };
    steps.finish_ms = since(&mut t);
    steps.total_ms = start.elapsed().as_secs_f64() * 1e3;
    *LAST.lock().unwrap_or_else(|e| e.into_inner()) = Some(steps);
    Ok(out)
}

/// The host steps of the last `jitfft.mul` call in this process (ms each; path "digits" or
/// "bytes"), or None before the first.
#[pyfunction]
fn _last_mul_steps(py: Python<'_>) -> PyResult<Option<Bound<'_, PyAny>>> {
    let last = LAST.lock().unwrap_or_else(|e| e.into_inner()).clone();
    last.map(|s| to_dict(py, &s)).transpose()
}

/// `x` through the conversion `mul` uses (int → limbs → a new int) and whether that was the
/// digits path (True) or the bytes path: for the tests.
#[pyfunction]
fn _int_roundtrip<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
) -> PyResult<(bool, Bound<'py, PyAny>)> {
    let layout = Layout::get(py);
    let o = operand(layout, x, "x")?;
    let mut limbs = vec![0u64; o.src.limbs()];
    o.src.fill(&mut limbs);
    match (layout, o.src) {
        (Some(l), Src::Digits(_)) => {
            let f = l.fresh(py, (64 * limbs.len()).div_ceil(30))?;
            // SAFETY: the fresh int is ours alone.
            unsafe { fill_digits(&limbs, f.target()) };
            Ok((true, l.finish(py, f, o.src.negative())?))
        }
        _ => Ok((false, limbs_to_py(py, &limbs, o.src.negative())?)),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_last_mul_steps, m)?)?;
    m.add_function(wrap_pyfunction!(_int_roundtrip, m)?)?;
    Ok(())
}
