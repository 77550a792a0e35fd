//! The families' transforms as [`DeviceTransform`]s: adapters over their own `execute`, plans
//! and buffers (each family keeps its names; these say what they mean in the shared model).

use super::{DeviceTransform, RunFigures};
use crate::error::Result;
use crate::gfp::execute::{GfpRunTimes, GfpTransform};
use crate::ntt::execute::NttTransform;
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::TransformInfo;
use crate::vc::{VcPlan, VcTransform};
use num_complex::Complex64;

/// [`RunFigures`] of a family's time type: the three copies named alike, and where its host
/// time is (`|t| f64::NAN` where the family does not time the whole run).
macro_rules! run_figures {
    ($t:ty, |$s:ident| $end_to_end:expr) => {
        impl RunFigures for $t {
            fn kernel_ms(&self) -> f64 {
                self.kernel_ms
            }
            fn upload_ms(&self) -> f64 {
                self.upload_ms
            }
            fn download_ms(&self) -> f64 {
                self.download_ms
            }
            fn end_to_end_ms(&self) -> f64 {
                let $s = self;
                $end_to_end
            }
        }
    };
}
run_figures!(RunTimes, |t| t.host_ms);
run_figures!(GfpRunTimes, |_t| f64::NAN);

/// (p, …, p) for each of a batch's transforms (no batch axis for one).
fn vc_shape(p: u32, n: u32, batch: u64) -> Vec<u64> {
    (batch > 1)
        .then_some(batch)
        .into_iter()
        .chain((0..n).map(|_| p as u64))
        .collect()
}

/// The complex VC transform: f32 or f64 is the plan's precision.
impl DeviceTransform for VcTransform {
    type Input = [Complex64];
    type Output = Vec<Complex64>;
    type Times = RunTimes;
    fn info(&self) -> TransformInfo {
        let p: &VcPlan = &self.plan;
        TransformInfo {
            kind: "vc".into(),
            shape: vc_shape(p.p, p.n, p.batch),
            precision: p.precision.to_string(),
            direction: p.direction.to_string(),
            norm: p.norm.to_string(),
        }
    }
    fn footprint(&self) -> u64 {
        self.plan.buffer_bytes() * self.plan.buffers_needed()
    }
    fn execute(&self, gpu: &Gpu, input: &[Complex64]) -> Result<(Vec<Complex64>, RunTimes)> {
        VcTransform::execute(self, gpu, input)
    }
}

/// The NTT over a prime field: flat 64-bit limbs of N elements in, the same out.
impl DeviceTransform for NttTransform {
    type Input = [u64];
    type Output = Vec<u64>;
    type Times = RunTimes;
    fn info(&self) -> TransformInfo {
        let inverse = self.plan.inverse;
        TransformInfo {
            kind: "ntt".into(),
            shape: vec![self.plan.n() as u64],
            precision: self.plan.field().name.clone(),
            direction: if inverse { "inverse" } else { "forward" }.into(),
            norm: if inverse { "full" } else { "none" }.into(),
        }
    }
    fn footprint(&self) -> u64 {
        self.data_bytes()
    }
    fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, RunTimes)> {
        NttTransform::execute(self, gpu, input)
    }
}

/// The FFT over a generalized Fermat prime r^k + 1: N·k words in, the same out.
impl DeviceTransform for GfpTransform {
    type Input = [u64];
    type Output = Vec<u64>;
    type Times = GfpRunTimes;
    fn info(&self) -> TransformInfo {
        let (f, inverse) = (&self.plan.field, self.plan.inverse);
        TransformInfo {
            kind: "gfp".into(),
            shape: vec![self.plan.n],
            precision: format!("r^{} + 1, r = {} ({} bits)", f.k, f.r, f.bits),
            direction: if inverse { "inverse" } else { "forward" }.into(),
            norm: if inverse { "full" } else { "none" }.into(),
        }
    }
    fn footprint(&self) -> u64 {
        self.data_bytes()
    }
    fn execute(&self, gpu: &Gpu, input: &[u64]) -> Result<(Vec<u64>, GfpRunTimes)> {
        GfpTransform::execute(self, gpu, input)
    }
}
