//! What determines one radix-r butterfly kernel's text (`VcKernelSpec`), as plain data: the
//! schedule lists them, the generator (`vc::kernels::ct_cg`) writes them.

use crate::transform::{Direction, Precision};
use crate::vc::plan::{Algorithm, Coeffs, VcPlan};
use serde::Serialize;

/// The per-butterfly algorithms of the paper (fused passes have their own generator).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassAlgorithm {
    /// Cooley-Tukey: in place, operands `base + i·dist`.
    Ct,
    /// Constant geometry: out of place, operands `tid·r + i`, results `tid + i·N/r`.
    Cg,
}

/// What one element of the data is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Values {
    /// A complex value (`real2`): the VC transform.
    #[default]
    Complex,
    /// A real value (`real`), for p = 2 with literal coefficients only, where every
    /// coefficient is ±1 and real data stays real: the Walsh–Hadamard transform in natural
    /// order, at half the bytes of complex data (`wht` on CPU devices runs these kernels).
    Real,
}

/// Everything that determines one kernel's text.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VcKernelSpec {
    /// The per-butterfly algorithm (fused plans run their ct/cg fallback passes as cg).
    pub algorithm: PassAlgorithm,
    /// The base p.
    pub p: u32,
    /// Digits per butterfly, m; the radix is p^m.
    pub digits: u32,
    /// Where the butterfly coefficients come from.
    pub coeffs: Coeffs,
    /// Real type.
    pub precision: Precision,
    /// Only folded into the text for `literal`; the tables carry it otherwise.
    pub direction: Direction,
    /// Factor applied to the outputs (the last pass carries the normalisation).
    pub scale: Option<f64>,
    /// 64-bit indices when N does not fit in 32 bits.
    pub wide_index: bool,
    /// Transforms of `len` points one after another (1: a plain transform).
    pub batch: u64,
    /// Points of one transform, N (the batch stride).
    pub len: u64,
    /// Butterflies a work-item computes at consecutive positions: 1 (GPU-shaped), or > 1 for
    /// the CPU-shaped CT kernels of `vc::kernels::ct_cpu` (whole cache lines per row).
    #[serde(skip_serializing_if = "is_one")]
    pub lanes: u32,
    /// 16-bit storage of the complex buffers (computed in f32); `None`: stored as `precision`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub half: Option<crate::storage::HalfStorage>,
    /// Complex (the VC transform) or real values (p = 2: the Walsh–Hadamard transform).
    #[serde(skip_serializing_if = "is_complex")]
    pub values: Values,
    /// Real values at `dist` = `lanes` = 2^d only: the d lowest digits too, inside each lane
    /// vector by shuffles (the lanes are consecutive positions), so one pass takes
    /// `digits` + d digits; 0 elsewhere.
    #[serde(skip_serializing_if = "is_zero")]
    pub lane_digits: u32,
}

fn is_zero(x: &u32) -> bool {
    *x == 0
}

fn is_complex(v: &Values) -> bool {
    *v == Values::Complex
}

fn is_one(x: &u32) -> bool {
    *x == 1
}

impl VcKernelSpec {
    /// The kernel of a pass of `plan` that transforms `digits` digits; `last` carries the
    /// normalisation.
    pub fn for_pass(plan: &VcPlan, digits: u32, last: bool) -> VcKernelSpec {
        let s = plan.scale();
        VcKernelSpec {
            algorithm: match plan.algorithm {
                Algorithm::Ct => PassAlgorithm::Ct,
                Algorithm::Cg | Algorithm::Fused => PassAlgorithm::Cg,
            },
            p: plan.p,
            digits,
            coeffs: plan.coeffs,
            precision: plan.precision,
            direction: plan.direction,
            scale: (last && s != 1.0).then_some(s),
            wide_index: plan.total_len() > u32::MAX as u64,
            batch: plan.batch,
            len: plan.len,
            lanes: 1,
            half: plan.half,
            values: Values::Complex,
            lane_digits: 0,
        }
    }

    /// The butterfly radix p^digits.
    pub fn radix(&self) -> u64 {
        (self.p as u64).pow(self.digits)
    }

    /// e.g. `vc_cg_r9_first_f32`, `vc_ct_r4_literal_inv_f64_scaled`.
    pub fn name(&self) -> String {
        let algo = match self.algorithm {
            PassAlgorithm::Ct => "ct",
            PassAlgorithm::Cg => "cg",
        };
        let coeffs = match self.coeffs {
            Coeffs::ConstFirst => "first".to_string(),
            Coeffs::ConstMatrix => "matrix".to_string(),
            Coeffs::Literal => match self.direction {
                Direction::Forward => "literal_fwd".to_string(),
                Direction::Inverse => "literal_inv".to_string(),
            },
        };
        let ty = match self.half {
            Some(h) => h.name().to_string(),
            None => self.precision.to_string(),
        };
        let mut name = format!("vc_{algo}_r{}_{coeffs}_{ty}", self.radix());
        if self.values == Values::Real {
            // p = 2 on real values: the Walsh–Hadamard transform (no direction: H is its own
            // inverse up to the scale).
            name = format!("wht_{algo}_r{}_{ty}", self.radix() << self.lane_digits);
        } else if self.digits > 1 {
            // A radix such as 4 can be p = 4, m = 1 or p = 2, m = 2: different butterflies.
            name = format!("vc_{algo}_p{}r{}_{coeffs}_{ty}", self.p, self.radix(),);
        }
        if self.scale.is_some() {
            name.push_str("_scaled");
        }
        if self.batch > 1 {
            name.push_str(&format!("_b{}", self.batch));
        }
        if self.lanes > 1 {
            name.push_str(&format!("_l{}", self.lanes));
        }
        name
    }
}
