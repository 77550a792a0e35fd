//! What to compute: a validated, plain-data description of one FFT of any shape (numpy's
//! `fftn` over chosen axes of a C-order array), and how each axis is decomposed: mixed-radix
//! Stockham passes over N's factors, or Bluestein's chirp convolution of a smooth length where
//! N has a prime factor beyond the codelets.

use super::half_spectrum::{half_axis, half_shape};
use crate::error::{JitError, Result};
use crate::storage::HalfStorage;
use crate::transform::{Direction, Norm, Precision};
use serde::Serialize;

/// The largest prime a butterfly codelet takes directly; larger prime factors go through
/// Bluestein (a radix-p codelet holds p values in registers and costs O(p²) operations).
pub const MAX_PRIME_RADIX: u64 = 31;

/// The largest radix a pass uses for small primes grouped together (2^4, 3^2, …).
pub const MAX_GROUPED_RADIX: u64 = 16;

/// The most elements one array may have (indices are 64-bit; the product of the shape must
/// also fit device memory, which the transform checks).
pub const MAX_ELEMENTS: u64 = 1 << 40;

/// How one axis of length n is transformed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "method")]
pub enum Method {
    /// Length 1: nothing to do.
    Identity,
    /// Stockham passes, one per radix (their product is n), first radix first.
    Stockham {
        /// The radix of each pass.
        radices: Vec<u64>,
    },
    /// Bluestein: chirp, an m-point FFT forward and back (m ≥ 2n − 1, smooth), chirp.
    Bluestein {
        /// The convolution length.
        m: u64,
        /// The radices of m's passes.
        radices: Vec<u64>,
    },
}

/// One transformed axis: its length, where its elements sit, and how it is decomposed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AxisPlan {
    /// The axis (0 first, numpy order).
    pub axis: usize,
    /// Its length.
    pub n: u64,
    /// Elements between consecutive points of the axis (the product of the later axes).
    pub stride: u64,
    /// How many independent lines of the axis the array holds before it (the product of the
    /// earlier axes).
    pub outer: u64,
    /// The decomposition.
    #[serde(flatten)]
    pub method: Method,
}

/// A validated FFT: the array's shape, the axes transformed, direction, scaling, precision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FftPlan {
    /// The complex array's shape (C order).
    pub shape: Vec<u64>,
    /// The axes transformed, in the order their passes run (the last axis first: its lines are
    /// contiguous, so the first passes read whole cache lines).
    pub axes: Vec<usize>,
    /// Sign of the exponent: forward e^(−2πi·jk/n), inverse e^(+2πi·jk/n).
    pub direction: Direction,
    /// The scaling applied (none, full = 1/∏n, ortho = 1/√∏n).
    pub norm: Norm,
    /// Arithmetic on the device.
    pub precision: Precision,
    /// 16-bit storage of every device array, computed in f32 (see [`FftPlan::with_half`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half: Option<HalfStorage>,
    /// One entry per transformed axis, in `axes`' order.
    pub axis_plans: Vec<AxisPlan>,
    /// Packed real input or output (rfftn forward, irfftn inverse): `shape`'s last axis holds
    /// L/2 complex values, the L reals of each line two by two (see `packed_end`).
    pub real: Option<RealEnd>,
}

/// The real end of a packed plan: the last axis' real length L (even) and the half spectrum's
/// L/2 + 1 points on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RealEnd {
    /// The real length L of the halved (last) axis.
    pub n: u64,
}

/// numpy's `norm` names: which scaling the given direction applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NumpyNorm {
    /// None forward, 1/n inverse (numpy's default).
    Backward,
    /// 1/√n both ways.
    Ortho,
    /// 1/n forward, none inverse.
    Forward,
}
crate::transform::kebab_names!(NumpyNorm, "norm", { Backward => "backward", Ortho => "ortho", Forward => "forward" });

impl NumpyNorm {
    /// The scaling this norm gives a transform of the given direction.
    pub fn scaling(self, direction: Direction) -> Norm {
        match (self, direction) {
            (NumpyNorm::Ortho, _) => Norm::Ortho,
            (NumpyNorm::Backward, Direction::Forward)
            | (NumpyNorm::Forward, Direction::Inverse) => Norm::None,
            _ => Norm::Full,
        }
    }
}

impl FftPlan {
    /// Validates the request and decomposes every axis. `axes` empty means every axis; each
    /// axis may be named once (negative numbers count from the end, as numpy's do).
    ///
    /// Errors: an empty shape or a zero length, more than [`MAX_ELEMENTS`] elements, an axis out
    /// of range or named twice.
    pub fn new(
        shape: &[u64],
        axes: &[i64],
        direction: Direction,
        norm: Norm,
        precision: Precision,
    ) -> Result<FftPlan> {
        if shape.is_empty() {
            return Err(JitError::invalid(
                "the shape has no axes: give at least one length (e.g. --shape 1024)",
            ));
        }
        if let Some(i) = shape.iter().position(|&n| n == 0) {
            return Err(JitError::invalid(format!(
                "axis {i} has length 0: every length must be at least 1 (shape {shape:?})"
            )));
        }
        let total = shape
            .iter()
            .try_fold(1u64, |a, &n| a.checked_mul(n))
            .filter(|&t| t <= MAX_ELEMENTS)
            .ok_or_else(|| {
                JitError::invalid(format!(
                    "shape {shape:?} has more than 2^40 elements: jitfft transforms at most 2^40"
                ))
            })?;
        let axes = resolve_axes(shape.len(), axes)?;
        let axis_plans = axes
            .iter()
            .map(|&axis| {
                let n = shape[axis];
                let stride: u64 = shape[axis + 1..].iter().product();
                AxisPlan {
                    axis,
                    n,
                    stride,
                    outer: total / (n * stride),
                    method: decompose(n),
                }
            })
            .collect();
        Ok(FftPlan {
            shape: shape.to_vec(),
            axes,
            direction,
            norm,
            precision,
            half: None,
            axis_plans,
            real: None,
        })
    }

    /// The same plan storing every device array (input, output, the ping-pong and Bluestein's
    /// work arrays) in `half`, computed in f32; the constant tables stay f32. `None` leaves the
    /// plan as it is. Errors: a plan that does not compute in f32.
    pub fn with_half(mut self, half: Option<HalfStorage>) -> Result<FftPlan> {
        let Some(h) = half else { return Ok(self) };
        if self.precision != Precision::F32 {
            return Err(crate::storage::refusal(h, "the plan must compute in f32"));
        }
        self.half = Some(h);
        Ok(self)
    }

    /// Bytes one stored complex value takes: 4 for half storage, else the precision's.
    pub fn stored_complex_bytes(&self) -> u64 {
        crate::storage::complex_bytes(self.half, self.precision)
    }

    /// The precision as reports name it: `f32`, `f64`, or `f32 stored as f16` (as `vc`'s).
    pub fn storage_name(&self) -> String {
        crate::storage::precision_name(self.half, self.precision)
    }

    /// numpy's rfftn (forward) or irfftn (inverse) of the real `shape` over `axes` as a packed
    /// plan: the complex transform of the shape with the halved axis at L/2, its L reals read
    /// (or written) as L/2 complex values, and one launch between the half spectrum and those.
    /// `None` where the packing does not apply: an odd L, or a halved axis (the last of `axes`)
    /// that is not the array's last, whose pairs of reals are not adjacent in memory.
    pub fn packed_real(
        shape: &[u64],
        axes: &[i64],
        direction: Direction,
        norm: Norm,
        precision: Precision,
    ) -> Result<Option<FftPlan>> {
        // Validates as the complex plan of the real shape would.
        let whole = FftPlan::new(shape, axes, direction, norm, precision)?;
        let rank = shape.len();
        let halved = match axes.last() {
            None => rank - 1,
            Some(&a) => a.rem_euclid(rank as i64) as usize,
        };
        let n = shape[rank - 1];
        if halved != rank - 1 || n % 2 != 0 {
            return Ok(None);
        }
        let mut packed = shape.to_vec();
        packed[rank - 1] = n / 2;
        let axes: Vec<i64> = whole.axes.iter().map(|&a| a as i64).collect();
        let mut plan = FftPlan::new(&packed, &axes, direction, norm, precision)?;
        plan.real = Some(RealEnd { n });
        Ok(Some(plan))
    }

    /// The shape of the transform's signal: the plan's, the halved axis at its real length
    /// where the plan is packed.
    pub fn signal_shape(&self) -> Vec<u64> {
        let mut s = self.shape.clone();
        if let (Some(r), Some(last)) = (self.real, s.last_mut()) {
            *last = r.n;
        }
        s
    }

    /// Complex values each device array holds: the plan's, or the half spectrum's (L/2 + 1
    /// points a line) where that is more.
    pub fn array_len(&self) -> u64 {
        match self.real {
            Some(r) => self.len() / (r.n / 2) * (r.n / 2 + 1),
            None => self.len(),
        }
    }

    /// Elements of the array.
    pub fn len(&self) -> u64 {
        self.shape.iter().product()
    }

    /// Never: a plan's array has at least one element.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The product of the transformed lengths (what `full` divides by; a packed plan's halved
    /// axis at its real length).
    pub fn transformed_len(&self) -> u64 {
        let packed: u64 = self.axis_plans.iter().map(|a| a.n).product();
        packed * if self.real.is_some() { 2 } else { 1 }
    }

    /// The factor the result is multiplied by.
    pub fn scale(&self) -> f64 {
        let n = self.transformed_len() as f64;
        match self.norm {
            Norm::None => 1.0,
            Norm::Full => 1.0 / n,
            Norm::Ortho => 1.0 / n.sqrt(),
        }
    }

    /// Elements of the largest Bluestein work array (0 where no axis needs one).
    pub fn bluestein_len(&self) -> u64 {
        self.axis_plans
            .iter()
            .filter_map(|a| match a.method {
                Method::Bluestein { m, .. } => Some(a.outer * m * a.stride),
                _ => None,
            })
            .max()
            .unwrap_or(0)
    }
}

/// numpy's axes rule: negative axes count from the end; empty means all, last first.
fn resolve_axes(rank: usize, axes: &[i64]) -> Result<Vec<usize>> {
    if axes.is_empty() {
        return Ok((0..rank).rev().collect());
    }
    let mut out: Vec<usize> = Vec::with_capacity(axes.len());
    for &a in axes {
        let r = rank as i64;
        if a >= r || a < -r {
            return Err(JitError::invalid(format!(
                "axis {a} is out of range for an array of {rank} axes (use 0..{rank} or -{rank}..-1)"
            )));
        }
        let u = a.rem_euclid(r) as usize;
        if out.contains(&u) {
            return Err(JitError::invalid(format!(
                "axis {u} is named twice in the axes {axes:?}: name each axis once"
            )));
        }
        out.push(u);
    }
    // Passes run from the innermost axis outwards (each axis is transformed once; the order
    // does not change the result).
    out.sort_unstable_by(|a, b| b.cmp(a));
    Ok(out)
}

/// Prime factors of n, smallest first.
pub fn factorize(mut n: u64) -> Vec<u64> {
    let mut f = Vec::new();
    let mut d = 2;
    while d * d <= n {
        while n % d == 0 {
            f.push(d);
            n /= d;
        }
        d += if d == 2 { 1 } else { 2 };
    }
    if n > 1 {
        f.push(n);
    }
    f
}

/// The passes of an n-point transform: small primes grouped into radices up to
/// [`MAX_GROUPED_RADIX`] (2^4, 2^3·…, 3^2, 2·3, …), other primes one pass each, largest first
/// (the first pass needs no twiddles, so it takes the largest butterfly).
pub fn radices(n: u64) -> Vec<u64> {
    let mut primes = factorize(n);
    let mut out = Vec::new();
    // Greedy: take the largest remaining prime, then multiply in the smallest ones while the
    // product stays within the grouping limit.
    while let Some(p) = primes.pop() {
        let mut r = p;
        while let Some(&q) = primes.first() {
            if r * q > MAX_GROUPED_RADIX.max(p) || (p > MAX_GROUPED_RADIX) {
                break;
            }
            r *= q;
            primes.remove(0);
        }
        out.push(r);
    }
    out.sort_unstable_by(|a, b| b.cmp(a));
    out
}

/// The decomposition of an n-point axis.
pub fn decompose(n: u64) -> Method {
    if n == 1 {
        return Method::Identity;
    }
    if factorize(n).iter().all(|&p| p <= MAX_PRIME_RADIX) {
        return Method::Stockham {
            radices: radices(n),
        };
    }
    let m = smooth_at_least(2 * n - 1);
    Method::Bluestein {
        m,
        radices: radices(m),
    }
}

/// The smallest 2^a·3^b·5^c·7^d ≥ n (Bluestein's convolution length).
pub fn smooth_at_least(n: u64) -> u64 {
    let mut best = n.next_power_of_two();
    let mut p7 = 1u64;
    while p7 < best {
        let mut p5 = p7;
        while p5 < best {
            let mut p3 = p5;
            while p3 < best {
                let mut v = p3;
                while v < n {
                    v *= 2;
                }
                best = best.min(v);
                p3 *= 3;
            }
            p5 *= 5;
        }
        p7 *= 7;
    }
    best
}

/// One length: decimal, or a power written b^e (2^20, 3^15).
pub fn parse_length(s: &str) -> std::result::Result<u64, String> {
    let t = s.trim().replace('_', "");
    let bad =
        || format!("{s:?}: a length ≥ 1, written in full (1000003) or as a power (2^20, 3^15)");
    let v = match t.split_once('^') {
        Some((b, e)) => {
            let (b, e): (u64, u32) = (b.parse().map_err(|_| bad())?, e.parse().map_err(|_| bad())?);
            b.checked_pow(e)
                .ok_or_else(|| format!("{s:?} is too large"))?
        }
        None => t.parse().map_err(|_| bad())?,
    };
    (v >= 1).then_some(v).ok_or_else(bad)
}

/// The plans a run of `shape` builds, in order: one complex transform; for rfftn and irfftn
/// (`real`) the packed real plan, or (odd length, halved axis not the last) the complex
/// transform of the whole shape, irfftn's two; each stored in `half` where given.
pub fn run_plans(
    shape: &[u64],
    axes: &[i64],
    (direction, scaling): (Direction, Norm),
    (precision, half): (Precision, Option<HalfStorage>),
    real: bool,
) -> Result<Vec<FftPlan>> {
    let plans = complex_or_real_plans(shape, axes, (direction, scaling), precision, real)?;
    plans.into_iter().map(|p| p.with_half(half)).collect()
}

/// [`run_plans`] before the storage is applied.
fn complex_or_real_plans(
    shape: &[u64],
    axes: &[i64],
    (direction, scaling): (Direction, Norm),
    precision: Precision,
    real: bool,
) -> Result<Vec<FftPlan>> {
    if real {
        if let Some(p) = FftPlan::packed_real(shape, axes, direction, scaling, precision)? {
            return Ok(vec![p]);
        }
    }
    let whole = FftPlan::new(shape, axes, direction, scaling, precision)?;
    if !(real && direction == Direction::Inverse) {
        return Ok(vec![whole]);
    }
    let axis = half_axis(shape.len(), axes)?;
    let others: Vec<i64> = whole
        .axes
        .iter()
        .filter(|&&a| a != axis)
        .map(|&a| a as i64)
        .collect();
    let mut plans = Vec::new();
    if !others.is_empty() {
        plans.push(FftPlan::new(
            &half_shape(shape, axis),
            &others,
            direction,
            scaling,
            precision,
        )?);
    }
    plans.push(FftPlan::new(
        shape,
        &[axis as i64],
        direction,
        scaling,
        precision,
    )?);
    Ok(plans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn radices_multiply_to_n_and_stay_within_the_codelets() {
        for n in 1..5000u64 {
            let r = radices(n);
            assert_eq!(r.iter().product::<u64>(), n, "{n}: {r:?}");
            for &x in &r {
                let big = factorize(x).into_iter().max().unwrap_or(1);
                assert!(
                    x <= MAX_GROUPED_RADIX || factorize(x).len() == 1,
                    "{n}: {r:?}"
                );
                assert!(big <= n);
            }
        }
        assert_eq!(radices(1 << 20), vec![16; 5]);
        assert_eq!(radices(1000), vec![10, 10, 10]);
    }

    #[test]
    fn smooth_lengths() {
        assert_eq!(smooth_at_least(2_000_005), 2_000_376);
        assert_eq!(smooth_at_least(9), 9);
        assert_eq!(smooth_at_least(11), 12);
        assert_eq!(smooth_at_least(1), 1);
        for n in 1..3000 {
            let s = smooth_at_least(n);
            assert!(s >= n && factorize(s).iter().all(|&p| p <= 7), "{n} → {s}");
        }
    }

    #[test]
    fn large_primes_go_through_bluestein() {
        assert!(matches!(decompose(1_000_003), Method::Bluestein { .. }));
        assert!(matches!(decompose(31 * 29), Method::Stockham { .. }));
        assert!(matches!(decompose(37), Method::Bluestein { m: 75, .. }));
    }
}
