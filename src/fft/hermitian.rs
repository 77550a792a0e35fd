//! Real input and output (numpy's `rfftn` / `irfftn`).
//!
//! Where the halved axis (the last of `axes`) is the array's last and its length L is even,
//! a packed plan (`FftPlan::packed_real`) runs: the L reals of a line are read as L/2 complex
//! values (the same bytes, no host pass), the complex transform runs over the same axes with
//! that axis at L/2, and one launch (`packed_end`) converts between its spectrum and the
//! half spectrum. Half the complex path's bytes cross the device, in one launch set.
//!
//! Elsewhere (odd L, or a halved axis that is not the innermost in memory, whose pairs of
//! reals are not adjacent) the complex transform with the half spectrum at the ends:
//! rfftn(x) is fftn of x cropped to L/2 + 1 points on the halved axis; irfftn(h) is the
//! inverse over the other axes, each halved line extended to its Hermitian whole (the
//! imaginary parts numpy ignores, at 0 and L/2, dropped), then the inverse along the halved
//! axis, real part. The promotion, crop and extension are host passes there.

use super::execute::FftTransform;
pub use super::half_spectrum::{crop, extend, half_axis, half_shape};
use super::plan::NumpyNorm;
use crate::error::{JitError, Result};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::storage::HalfStorage;
use crate::transform::{Direction, Precision};
use num_complex::Complex64;
use rayon::prelude::*;

/// A real-input or real-output FFT built on a device.
pub struct RealFft {
    /// The real array's shape.
    pub shape: Vec<u64>,
    /// The halved axis.
    pub axis: usize,
    /// rfftn: the packed plan, or the complex transform of the whole shape. irfftn (unpacked
    /// only): the inverse over the other axes of the half shape (none where the halved axis is
    /// the only one).
    pub first: Option<FftTransform>,
    /// irfftn only: the packed plan, or the inverse along the halved axis of the whole shape.
    pub last: Option<FftTransform>,
}

impl RealFft {
    /// Plans and builds numpy's rfftn (forward) or irfftn (inverse) of the real `shape` over
    /// `axes` (empty: all).
    pub fn new(
        gpu: &Gpu,
        shape: &[u64],
        axes: &[i64],
        direction: Direction,
        norm: NumpyNorm,
        precision: Precision,
    ) -> Result<RealFft> {
        RealFft::stored(gpu, shape, axes, (direction, norm), (precision, None))
    }

    /// [`RealFft::new`] with every device array in `half` storage where given (computed in
    /// f32): the packed plan reads two 16-bit reals as one stored complex value.
    pub fn stored(
        gpu: &Gpu,
        shape: &[u64],
        axes: &[i64],
        how: (Direction, NumpyNorm),
        storage: (Precision, Option<HalfStorage>),
    ) -> Result<RealFft> {
        RealFft::scheduled(gpu, shape, axes, how, storage, None)
    }

    /// [`RealFft::stored`] with every transform's fused launches at most `local_values` complex
    /// values (`FftTransform::scheduled`).
    pub fn scheduled(
        gpu: &Gpu,
        shape: &[u64],
        axes: &[i64],
        (direction, norm): (Direction, NumpyNorm),
        storage: (Precision, Option<HalfStorage>),
        local_values: Option<u64>,
    ) -> Result<RealFft> {
        let axis = half_axis(shape.len(), axes)?;
        let mut built = super::plan::run_plans(
            shape,
            axes,
            (direction, norm.scaling(direction)),
            storage,
            true,
        )?
        .iter()
        .map(|p| FftTransform::scheduled(gpu, p, local_values))
        .collect::<Result<Vec<_>>>()?;
        let (first, last) = match (direction, built.len()) {
            (Direction::Forward, _) => (built.pop(), None),
            (_, 2) => {
                let last = built.pop();
                (built.pop(), last)
            }
            _ => (None, built.pop()),
        };
        Ok(RealFft {
            shape: shape.to_vec(),
            axis,
            first,
            last,
        })
    }

    /// Elements of the real array.
    pub fn real_len(&self) -> usize {
        self.shape.iter().product::<u64>() as usize
    }

    /// The half spectrum's shape.
    pub fn half_shape(&self) -> Vec<u64> {
        half_shape(&self.shape, self.axis)
    }

    /// rfftn of `x` (the real shape): the half spectrum and the run's times.
    pub fn forward(&self, gpu: &Gpu, x: &[f64]) -> Result<(Vec<Complex64>, RunTimes)> {
        let tr = self
            .first
            .as_ref()
            .filter(|_| self.last.is_none())
            .ok_or_else(|| {
                JitError::invalid(
                    "this real FFT was planned as an inverse (irfftn): it takes a half spectrum",
                )
            })?;
        if tr.plan.real.is_some() {
            return tr.execute_real_forward(gpu, x);
        }
        let z: Vec<Complex64> = x.par_iter().map(|&v| Complex64::new(v, 0.0)).collect();
        let (y, t) = tr.execute(gpu, &z)?;
        let m = self.shape[self.axis] as usize / 2 + 1;
        Ok((crop(&y, &self.shape, self.axis, m), t))
    }

    /// irfftn of `h` (the half shape): the real array and the run's times (both transforms').
    pub fn inverse(&self, gpu: &Gpu, h: &[Complex64]) -> Result<(Vec<f64>, RunTimes)> {
        let last = self.last.as_ref().ok_or_else(|| {
            JitError::invalid("this real FFT was planned as a forward (rfftn): it takes real input")
        })?;
        if last.plan.real.is_some() {
            return last.execute_real_inverse(gpu, h);
        }
        let mut times: Option<RunTimes> = None;
        let h = match &self.first {
            Some(tr) => {
                let (y, t) = tr.execute(gpu, h)?;
                times = Some(t);
                y
            }
            None => h.to_vec(),
        };
        let full = extend(
            &h,
            &self.half_shape(),
            self.axis,
            self.shape[self.axis] as usize,
        );
        let (y, t) = last.execute(gpu, &full)?;
        let times = match times {
            Some(a) => add(a, t),
            None => t,
        };
        Ok((y.par_iter().map(|c| c.re).collect(), times))
    }
}

/// Two runs' times as one (kernels, copies and wall clock summed, passes in order).
fn add(mut a: RunTimes, b: RunTimes) -> RunTimes {
    a.kernel_ms += b.kernel_ms;
    a.kernel_span_ms += b.kernel_span_ms;
    a.pass_ms.extend(b.pass_ms);
    a.upload_ms += b.upload_ms;
    a.download_ms += b.download_ms;
    a.host_ms += b.host_ms;
    a
}
