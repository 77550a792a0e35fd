//! The complex VC transform as the shared model's [`DeviceTransform`]: its own `execute`,
//! plan and buffers under the model's names.

use super::{VcPlan, VcTransform};
use crate::error::Result;
use crate::model::DeviceTransform;
use crate::runtime::timing::RunTimes;
use crate::runtime::Gpu;
use crate::transform::TransformInfo;
use num_complex::Complex64;

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
    fn execute_reusing(
        &self,
        gpu: &Gpu,
        input: &[Complex64],
        previous: Option<Vec<Complex64>>,
    ) -> Result<(Vec<Complex64>, RunTimes)> {
        VcTransform::execute_reusing(self, gpu, input, previous)
    }
}
