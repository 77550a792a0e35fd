//! The spectral distribution of many functions, reduced in the last pass: per function the
//! min and max |S|, the count of zero coefficients (|S| within the error bound e of
//! [`BentRule`]) and a histogram of |S|² on `bins` equal bins over
//! [0, max |S|²] (the maximum lands in the last bin; a value is binned after adding the error
//! bound 2·N·e + e², so an exact value on a bin edge goes to the upper bin as it would exactly). The device runs the transform twice:
//! once for the maxima, once for the histogram scaled by them. Where N ≤ 4096 and |S|² is an
//! exact integer (p ∈ {2, 3, 4, 6}, bound below 1/2), the spectrum is also brought back and
//! the exact distribution of |S|² values is given.

use super::bent::BentRule;
use super::truth_vectors::TruthVectors;
use crate::error::{JitError, Result};
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::Precision;
use crate::vc::{Algorithm, SpectrumOutput, TruthEncoding, VcOptions, VcPlan, VcTransform};
use num_complex::{Complex32, Complex64};
use serde::Serialize;

/// Largest N for which the exact |S|² distribution is computed.
pub const EXACT_MAX_LEN: u64 = 4096;

/// The spectral statistics of B functions.
#[derive(Debug, Clone, Serialize)]
pub struct SpectrumStats {
    /// Values per variable.
    pub p: u32,
    /// Variables.
    pub n: u32,
    /// Histogram bins.
    pub bins: u32,
    /// Per function: min |S|.
    pub min_abs: Vec<f64>,
    /// Per function: max |S|.
    pub max_abs: Vec<f64>,
    /// Per function: coefficients with |S| ≤ `zero_tol`.
    pub zeros: Vec<u32>,
    /// The |S| at or below which a coefficient counts as zero.
    pub zero_tol: f64,
    /// Per function: counts of |S|² in bins of width max |S|² / bins.
    pub histogram: Vec<Vec<u32>>,
    /// Per function, where decidable: (|S|², count) for each exact value, ascending.
    pub exact: Option<Vec<Vec<(u64, u64)>>>,
}

impl SpectrumStats {
    /// The text report's lines after the heading: the zero tolerance and bins, then a line per
    /// function (with its exact |S|² values where decidable).
    pub fn lines(&self) -> Vec<String> {
        let mut out = vec![format!(
            "zero: |S| ≤ {:.2e}; histogram of |S|² on {} bins over [0, max |S|²]",
            self.zero_tol, self.bins
        )];
        for f in 0..self.max_abs.len() {
            out.push(format!(
                "f{f}: max |S| {:.6}, min |S| {:.6}, zeros {}, histogram {:?}",
                self.max_abs[f], self.min_abs[f], self.zeros[f], self.histogram[f]
            ));
            if let Some(ex) = &self.exact {
                let parts: Vec<String> = ex[f].iter().map(|(v, c)| format!("{v}×{c}")).collect();
                out.push(format!("    exact |S|²: {}", parts.join(", ")));
            }
        }
        out
    }
}

/// The statistics transform of B functions of n p-valued variables, built once and reusable.
pub struct SpectrumStatsPlan {
    tr: VcTransform,
    rule: BentRule,
    bins: u32,
    want_exact: bool,
}

impl SpectrumStatsPlan {
    /// Generates, builds and allocates the reducing transform.
    ///
    /// Errors: `bins` of 0 ([`JitError::InvalidInput`]); what [`VcTransform::new`] refuses.
    pub fn new(
        gpu: &Gpu,
        p: u32,
        n: u32,
        batch: u64,
        precision: Precision,
        bins: u32,
    ) -> Result<Self> {
        if bins == 0 {
            return Err(JitError::invalid(
                "--bins 0: a histogram has at least one bin",
            ));
        }
        let rule = BentRule::new(p, n, precision);
        let e = rule.spectrum_error;
        let plan = VcPlan::new(
            p,
            n,
            VcOptions {
                algorithm: Algorithm::Fused,
                precision,
                ..Default::default()
            },
        )?
        .with_batch(batch)?
        .with_truth(TruthEncoding::Roots)?;
        let want_exact = rule.integer_norms && plan.len <= EXACT_MAX_LEN;
        let plan = plan.with_output(SpectrumOutput::Reduce {
            write: want_exact,
            bins,
            zero_tol2: e * e,
        })?;
        Ok(SpectrumStatsPlan {
            tr: VcTransform::new(gpu, &plan)?,
            rule,
            bins,
            want_exact,
        })
    }

    /// Device bytes of the transform's data buffers.
    pub fn device_bytes(&self) -> u64 {
        self.tr.plan.buffer_bytes() * self.tr.plan.buffers_needed()
    }

    /// Frees the device memory now.
    pub fn release(self) -> Result<()> {
        self.tr.release()
    }

    /// The statistics of `truth` (the plan's p, n and batch).
    ///
    /// Errors: truth vectors of another shape ([`JitError::InvalidInput`]); OpenCL failures.
    pub fn run(&self, gpu: &Gpu, truth: &TruthVectors) -> Result<SpectrumStats> {
        Ok(self.run_timed(gpu, truth)?.0)
    }

    /// [`run`](Self::run) and its times: both passes' kernels, the truth vectors' upload and
    /// the spectrum's download where it is brought back (the reductions' few bytes are not
    /// timed).
    pub fn run_timed(&self, gpu: &Gpu, truth: &TruthVectors) -> Result<(SpectrumStats, RunTimes)> {
        let (tr, rule, bins) = (&self.tr, &self.rule, self.bins);
        let plan = &tr.plan;
        if (truth.p, truth.n, truth.batch) != (plan.p, plan.n, plan.batch) {
            return Err(JitError::invalid(format!(
                "truth vectors of {} function(s) of p = {}, n = {}; the plan takes {} of p = {}, n = {}",
                truth.batch, truth.p, truth.n, plan.batch, plan.p, plan.n
            )));
        }
        let e = rule.spectrum_error;
        let len = truth.len();
        let precision = plan.precision;
        let want_exact = self.want_exact;
        let b = truth.batch as usize;
        let upload_ms = tr.upload_truth(&truth.data)?;
        tr.set_histogram_scale(&vec![0.0; b])?;
        let mut times = tr.run_checked(gpu)?;
        times.upload_ms = upload_ms;
        let r = tr.reduced()?;
        let scale: Vec<f64> = r
            .max2
            .iter()
            .map(|&m| if m > 0.0 { bins as f64 / m } else { 0.0 })
            .collect();
        tr.set_histogram_scale(&scale)?;
        times.kernel_ms += tr.run_checked(gpu)?.kernel_ms;
        let (zeros, hist) = tr.reduced_counts()?;
        let exact = if want_exact {
            let total = (truth.batch * len) as usize;
            let spec: Vec<Complex64> = match precision {
                Precision::F32 => {
                    let mut v = vec![Complex32::new(0.0, 0.0); total];
                    times.download_ms = tr.download(&mut v)?;
                    v.into_iter()
                        .map(|c| Complex64::new(c.re as f64, c.im as f64))
                        .collect()
                }
                Precision::F64 => {
                    let mut v = vec![Complex64::new(0.0, 0.0); total];
                    times.download_ms = tr.download(&mut v)?;
                    v
                }
            };
            let mut out = Vec::with_capacity(b);
            for (f, s) in spec.chunks(len as usize).enumerate() {
                if rule.bound2(r.max2[f]) >= 0.5 {
                    out.clear();
                    break;
                }
                let mut vals: Vec<u64> = s.iter().map(|c| c.norm_sqr().round() as u64).collect();
                vals.sort_unstable();
                let mut counts: Vec<(u64, u64)> = Vec::new();
                for v in vals {
                    match counts.last_mut() {
                        Some((x, c)) if *x == v => *c += 1,
                        _ => counts.push((v, 1)),
                    }
                }
                out.push(counts);
            }
            (out.len() == b).then_some(out)
        } else {
            None
        };
        let stats = SpectrumStats {
            p: truth.p,
            n: truth.n,
            bins,
            min_abs: r.min2.iter().map(|x| x.max(0.0).sqrt()).collect(),
            max_abs: r.max2.iter().map(|x| x.max(0.0).sqrt()).collect(),
            zeros,
            zero_tol: e,
            histogram: hist.chunks(bins as usize).map(|c| c.to_vec()).collect(),
            exact,
        };
        Ok((stats, times))
    }
}

/// Computes the statistics of B functions on a device.
pub fn spectrum_stats(
    gpu: &Gpu,
    truth: &TruthVectors,
    precision: Precision,
    bins: u32,
) -> Result<SpectrumStats> {
    let plan = SpectrumStatsPlan::new(gpu, truth.p, truth.n, truth.batch, precision, bins)?;
    let stats = plan.run(gpu, truth)?;
    plan.release()?;
    Ok(stats)
}
