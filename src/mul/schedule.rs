//! How a plan runs: the ordered launches with their geometry. `execute` walks this list, and
//! `--json` prints it, so what is reported is what runs.

use super::kernels::block::BLOCK_WG;
use super::kernels::carry::CARRY_WG;
use super::plan::{Method, MulPlan};
use serde::Serialize;

/// What a step does (the executor binds its buffers by this).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    /// `block`: digits of A into V_N (reversed blocks), of B into W_(N+2n).
    Layout,
    /// `block`: the k×(k+1) grid of block convolutions, by (chunk, output block).
    Conv,
    /// `block`: chunks' partial sums → limb sums.
    Reduce,
    /// `ntt`: A's limbs → 16-bit digits, zero-padded to N (the NTT's input).
    DigitsA,
    /// `ntt`: forward NTT of A's digits, kept aside.
    ForwardA,
    /// `ntt`: B's limbs → 16-bit digits.
    DigitsB,
    /// `ntt`: forward NTT of B's digits.
    ForwardB,
    /// `ntt`: pointwise product × N⁻¹ mod p.
    Pointwise,
    /// `ntt`: the inverse NTT, as the forward NTT read backwards by `Sums`.
    Inverse,
    /// `ntt`: coefficients → limb sums.
    Sums,
    /// Carries: per-limb states and per-work-group scan.
    CarryFlags,
    /// Carries: scan of the work-groups' totals (one work-group).
    CarryGroups,
    /// Carries: add each limb's carry.
    CarryApply,
}

impl Step {
    /// Whether the step belongs to carry propagation (reported as carry time).
    pub fn is_carry(self) -> bool {
        matches!(
            self,
            Step::CarryFlags | Step::CarryGroups | Step::CarryApply
        )
    }
}

/// One launch (or, for NTT steps, the NTT's own launches).
#[derive(Debug, Clone, Serialize)]
pub struct Launch {
    /// What it does.
    pub step: Step,
    /// The kernel's name (NTT steps: "ntt").
    pub kernel: String,
    /// Work-items (before padding to the work-group size).
    pub global: usize,
    /// Work-group size.
    pub local: usize,
}

/// The launches of one product of `a_limbs` × `b_limbs` (≤ the plan's sizes).
#[derive(Debug, Clone, Serialize)]
pub struct MulSchedule {
    /// Launches in order.
    pub launches: Vec<Launch>,
    /// `block`: blocks per operand k.
    pub k: usize,
    /// `block`: rows i per chunk G.
    pub chunk_rows: usize,
    /// `block`: chunks C = ⌈k / G⌉ (partial sums per output digit).
    pub chunks: usize,
    /// `ntt`: transform size N (digits, a power of two).
    pub ntt_n: usize,
    /// Product limbs.
    pub limbs: usize,
}

/// Work-group size of the `ntt` method's element-wise glue kernels. Every own launch names
/// one: a launch left to `local_size(0)` ran with work-groups of one item, which on the H100
/// made the 2^23-digit split take 5.4 ms instead of ≈ 0.05 ms (`bench-results/nvidia-h100/`).
pub const GLUE_WG: usize = 256;

/// Work-items the convolution aims at: enough to fill a large GPU, with partial sums of
/// about 2^16·n·16 bytes at most.
const CONV_ITEMS: usize = 1 << 16;

impl MulSchedule {
    /// The launches for operands of `a_limbs` and `b_limbs` limbs under `plan`.
    pub fn new(plan: &MulPlan, a_limbs: usize, b_limbs: usize) -> MulSchedule {
        let limbs = a_limbs + b_limbs;
        let l = |step, kernel: &str, global, local| Launch {
            step,
            kernel: kernel.to_string(),
            global,
            local,
        };
        let mut launches = Vec::new();
        let (mut k, mut g, mut c, mut ntt_n) = (0, 0, 0, 0);
        match plan.method {
            Method::Ntt | Method::Auto => {
                ntt_n = 1usize << plan.ntt_log_n();
                launches.push(l(Step::DigitsA, "split16", ntt_n, GLUE_WG));
                launches.push(l(Step::ForwardA, "ntt", ntt_n, 0));
                launches.push(l(Step::DigitsB, "split16", ntt_n, GLUE_WG));
                launches.push(l(Step::ForwardB, "ntt", ntt_n, 0));
                launches.push(l(Step::Pointwise, "pointwise", ntt_n, GLUE_WG));
                launches.push(l(Step::Inverse, "ntt", ntt_n, 0));
                launches.push(l(Step::Sums, "ntt_sums", limbs, GLUE_WG));
            }
            Method::Block => {
                let n = plan.block_n;
                k = (2 * a_limbs.max(b_limbs)).div_ceil(n);
                c = CONV_ITEMS.div_ceil(2 * k).clamp(1, k);
                g = k.div_ceil(c);
                c = k.div_ceil(g);
                let digits = k * n;
                launches.push(l(Step::Layout, "block_layout", digits + 2 * n, BLOCK_WG));
                let conv = format!("block_conv_n{n}");
                launches.push(l(Step::Conv, &conv, c * 2 * k, BLOCK_WG));
                launches.push(l(Step::Reduce, "block_reduce", limbs, BLOCK_WG));
            }
        }
        let groups = limbs.div_ceil(CARRY_WG);
        launches.push(l(
            Step::CarryFlags,
            "carry_flags",
            groups * CARRY_WG,
            CARRY_WG,
        ));
        launches.push(l(Step::CarryGroups, "carry_groups", CARRY_WG, CARRY_WG));
        launches.push(l(Step::CarryApply, "carry_apply", limbs, CARRY_WG));
        MulSchedule {
            launches,
            k,
            chunk_rows: g,
            chunks: c,
            ntt_n,
            limbs,
        }
    }

    /// The most convolution work-items any product with at most `k` blocks launches (the
    /// partial-sum buffer's size in output blocks): C' ≤ ⌈2^16 / 2k'⌉ gives C'·2k' ≤ 2^16 + 2k'.
    pub fn max_conv_items(k: usize) -> usize {
        CONV_ITEMS + 2 * k
    }

    /// Carry work-groups (limbs / 256, rounded up).
    pub fn carry_groups(&self) -> usize {
        self.limbs.div_ceil(CARRY_WG)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the NTT's own launches leave the work-group size to the NTT: a glue kernel with
    /// `local: 0` would run one work-item per work-group.
    #[test]
    fn every_own_launch_names_its_work_group() {
        for method in [Method::Ntt, Method::Block] {
            let plan = MulPlan::new(1000, 700, method, 16).unwrap();
            for l in MulSchedule::new(&plan, 1000, 700).launches {
                assert!(
                    l.kernel == "ntt" || l.local >= 32,
                    "{method}: {} launches with local {}",
                    l.kernel,
                    l.local
                );
            }
        }
    }
}
