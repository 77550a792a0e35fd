//! The autocorrelation of p-valued functions: R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)), ⊕ digit-wise
//! addition mod p, ε = e^(2πi/p) (R_f(0) = p^n). By the Wiener–Khinchin relation it is the
//! inverse VC transform (with 1/N) of |S_w|², S the forward spectrum of ε^f: the forward run
//! decodes the truth vectors and writes |S|² in its last pass, a device-side copy hands it to
//! the batched inverse transform, and only R comes back, in natural order of τ.

use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::{Direction, Precision};
use crate::vc::{
    Algorithm, DeviceBuffer, SpectrumOutput, TruthEncoding, VcOptions, VcPlan, VcTransform,
};
use num_complex::{Complex32, Complex64};

/// The two transforms of the autocorrelation of B functions of n p-valued variables, built once
/// and reusable: the forward spectrum |S|² of ε^f and the batched inverse transform.
pub struct Autocorrelator {
    f: VcTransform,
    g: VcTransform,
    precision: Precision,
}

impl Autocorrelator {
    /// Generates, builds and allocates both transforms.
    pub fn new(gpu: &Gpu, p: u32, n: u32, batch: u64, precision: Precision) -> Result<Self> {
        let opts = |direction| VcOptions {
            algorithm: Algorithm::Fused,
            precision,
            direction,
            ..Default::default()
        };
        let fwd = VcPlan::new(p, n, opts(Direction::Forward))?
            .with_batch(batch)?
            .with_truth(TruthEncoding::Roots)?
            .with_output(SpectrumOutput::Norm2)?;
        let inv = VcPlan::new(p, n, opts(Direction::Inverse))?.with_batch(batch)?;
        Ok(Autocorrelator {
            f: VcTransform::new(gpu, &fwd)?,
            g: VcTransform::new(gpu, &inv)?,
            precision,
        })
    }

    /// Device bytes of both transforms' data buffers.
    pub fn device_bytes(&self) -> u64 {
        [&self.f.plan, &self.g.plan]
            .iter()
            .map(|p| p.buffer_bytes() * p.buffers_needed())
            .sum()
    }

    /// R_f(τ) for each of the B functions, B·N values (function-major, τ in natural order).
    ///
    /// Errors: truth vectors of another shape than the plans' ([`JitError::InvalidInput`]).
    pub fn run(&self, gpu: &Gpu, truth: &TruthVectors) -> Result<Vec<Complex64>> {
        Ok(self.run_timed(gpu, truth)?.0)
    }

    /// [`run`](Self::run) and its times: both transforms' kernels, the truth vectors' upload
    /// and R's download.
    pub fn run_timed(&self, gpu: &Gpu, truth: &TruthVectors) -> Result<(Vec<Complex64>, RunTimes)> {
        let plan = &self.f.plan;
        if (truth.p, truth.n, truth.batch) != (plan.p, plan.n, plan.batch) {
            return Err(JitError::invalid(format!(
                "truth vectors of {} function(s) of p = {}, n = {}; the autocorrelator takes {} of p = {}, n = {}",
                truth.batch, truth.p, truth.n, plan.batch, plan.p, plan.n
            )));
        }
        let (f, g) = (&self.f, &self.g);
        let upload_ms = f.upload_truth(&truth.data)?;
        let mut times = f.run_checked(gpu)?;
        times.upload_ms = upload_ms;
        let copy_err = |e: ocl::Error| JitError::Device(format!("copying |S|² on the device: {e}"));
        match (f.result_buffer(), g.input_buffer()) {
            (DeviceBuffer::F32(a), DeviceBuffer::F32(b)) => {
                a.copy(b, None, None).enq().map_err(copy_err)?
            }
            (DeviceBuffer::F64(a), DeviceBuffer::F64(b)) => {
                a.copy(b, None, None).enq().map_err(copy_err)?
            }
            _ => {
                return Err(JitError::invalid(
                    "forward and inverse plans differ in precision",
                ))
            }
        }
        times.kernel_ms += g.run(gpu)?.kernel_ms;
        let total = (truth.batch * truth.len()) as usize;
        let r = match self.precision {
            Precision::F32 => {
                let mut v = vec![Complex32::new(0.0, 0.0); total];
                times.download_ms = g.download(&mut v)?;
                v.into_iter()
                    .map(|c| Complex64::new(c.re as f64, c.im as f64))
                    .collect()
            }
            Precision::F64 => {
                let mut v = vec![Complex64::new(0.0, 0.0); total];
                times.download_ms = g.download(&mut v)?;
                v
            }
        };
        Ok((r, times))
    }

    /// Frees the device memory now.
    pub fn release(self) -> Result<()> {
        self.f.release()?;
        self.g.release()
    }
}

/// R_f(τ) for each of the B functions, B·N values (function-major, τ in natural order).
pub fn autocorrelation(
    gpu: &Gpu,
    truth: &TruthVectors,
    precision: Precision,
) -> Result<Vec<Complex64>> {
    let a = Autocorrelator::new(gpu, truth.p, truth.n, truth.batch, precision)?;
    let out = a.run(gpu, truth)?;
    a.release()?;
    Ok(out)
}

/// One function's autocorrelation in brief (a row of `jitfft autocorr`'s report).
#[derive(Debug, serde::Serialize)]
pub struct AutocorrRow {
    /// The function's index in the batch.
    pub function: usize,
    /// R(0) = N.
    pub r0: f64,
    /// max over τ ≠ 0 of |R(τ)|.
    pub max_off_peak: f64,
}

impl AutocorrRow {
    /// The row as a line of the text report.
    pub fn line(&self) -> String {
        format!(
            "f{}: R(0) = {:.6}, max |R(τ≠0)| = {:.6}",
            self.function, self.r0, self.max_off_peak
        )
    }
}

/// The rows of `r` (B·N values, function-major, as [`autocorrelation`] returns them).
pub fn autocorr_rows(r: &[Complex64], truth: &TruthVectors) -> Vec<AutocorrRow> {
    r.chunks(truth.len() as usize)
        .enumerate()
        .map(|(f, c)| AutocorrRow {
            function: f,
            r0: c[0].re,
            max_off_peak: c[1..].iter().map(|z| z.norm()).fold(0.0, f64::max),
        })
        .collect()
}

/// The CPU reference: R_f(τ) = Σ_x ε^(f(x ⊕ τ) − f(x)) directly (O(N²) per function).
pub fn autocorrelation_cpu(truth: &TruthVectors) -> Vec<Complex64> {
    let (p, n, len) = (truth.p as u64, truth.n, truth.len());
    let add = |x: u64, t: u64| -> u64 {
        let (mut r, mut w, mut x, mut t) = (0, 1, x, t);
        for _ in 0..n {
            r += ((x % p + t % p) % p) * w;
            w *= p;
            x /= p;
            t /= p;
        }
        r
    };
    let mut out = Vec::with_capacity((truth.batch * len) as usize);
    for f in 0..truth.batch {
        let v = truth.function(f);
        for t in 0..len {
            let mut s = Complex64::new(0.0, 0.0);
            for x in 0..len {
                let d = (v[add(x, t) as usize] as u64 + p - v[x as usize] as u64) % p;
                s += crate::transform::root(truth.p, d, Direction::Inverse);
            }
            out.push(s);
        }
    }
    out
}
