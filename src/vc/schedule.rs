//! How to compute a plan: the ordered passes, each with its radix, kernel and buffers.

use super::plan::FusedLayout;
use super::plan::{Algorithm, VcPlan};
use crate::vc::fused::{self, FusedLimits, FusedPass, FusedRequest, Layout};
use crate::vc::kernels::ct_cg::VcKernelSpec;
use serde::Serialize;

/// Which device buffer a pass reads or writes (CG ping-pongs between A and B).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Buf {
    A,
    B,
}

/// One launch over the whole data.
#[derive(Debug, Clone, Serialize)]
pub struct Pass {
    /// Radix of this pass, p^digits.
    pub radix: u64,
    pub digits: u32,
    /// Index into `Schedule::kernels`.
    pub kernel: usize,
    /// CT only: distance between a butterfly's operands, p^(digits below this group).
    pub dist: Option<u64>,
    /// Butterflies (work-items) in this pass: N / radix.
    pub butterflies: u64,
    pub src: Buf,
    pub dst: Buf,
}

/// The passes of a plan and the distinct kernels they use.
#[derive(Debug, Clone, Serialize)]
pub struct Schedule {
    pub passes: Vec<Pass>,
    pub kernels: Vec<VcKernelSpec>,
    /// Fused passes (algorithm `fused` only; `passes` and `kernels` are then empty).
    pub fused: Vec<FusedPass>,
    /// The buffer that holds the result after the last pass.
    pub result: Buf,
}

/// Limits used when no device is at hand (`source`): NVIDIA's OpenCL 48 KB, 1024 work-items.
pub const DEFAULT_LIMITS: FusedLimits = FusedLimits {
    local_bytes: 48 * 1024,
    max_threads: 1024,
    values: None,
};

impl Schedule {
    /// The rule-based schedule: ⌊n/m⌋ passes of radix p^m, then one of p^(n mod m) if needed.
    /// CT walks digit groups from the most significant down (dist = p^(n−k) as in the paper);
    /// CG always transforms the lowest digits and rotates them to the top, which returns the
    /// data to natural order after all n digits.
    pub fn for_plan(plan: &VcPlan) -> Schedule {
        Schedule::for_limits(plan, DEFAULT_LIMITS)
    }

    /// The schedule for a device's limits (only fused passes depend on them).
    pub fn for_limits(plan: &VcPlan, limits: FusedLimits) -> Schedule {
        if plan.algorithm == Algorithm::Fused {
            return Schedule::fused(plan, limits);
        }
        let m = plan.digits_per_pass;
        let mut groups = vec![m; (plan.n / m) as usize];
        if plan.n % m != 0 {
            groups.push(plan.n % m);
        }
        let mut kernels: Vec<VcKernelSpec> = Vec::new();
        let mut passes = Vec::new();
        let mut done = 0u32; // digits transformed so far
        let mut cur = Buf::A;
        let last = groups.len() - 1;
        for (k, &d) in groups.iter().enumerate() {
            let radix = (plan.p as u64).pow(d);
            let spec = VcKernelSpec::for_pass(plan, d, k == last);
            let kernel = match kernels.iter().position(|s| *s == spec) {
                Some(i) => i,
                None => {
                    kernels.push(spec);
                    kernels.len() - 1
                }
            };
            let (dist, dst) = match plan.algorithm {
                Algorithm::Ct => (Some((plan.p as u64).pow(plan.n - done - d)), cur),
                Algorithm::Cg | Algorithm::Fused => {
                    (None, if cur == Buf::A { Buf::B } else { Buf::A })
                }
            };
            passes.push(Pass {
                radix,
                digits: d,
                kernel,
                dist,
                butterflies: plan.len / radix,
                src: cur,
                dst,
            });
            cur = dst;
            done += d;
        }
        Schedule {
            passes,
            kernels,
            fused: Vec::new(),
            result: cur,
        }
    }

    /// Fused passes: as few as the tile budget allows, digits balanced between them.
    fn fused(plan: &VcPlan, limits: FusedLimits) -> Schedule {
        let limits = FusedLimits {
            values: plan.fused_values.map(u64::from).or(limits.values),
            ..limits
        };
        let cap_tile = fused::max_tile_digits(plan.p, plan.precision, limits);
        let cap = plan.fused_digits.map_or(cap_tile, |d| d.min(cap_tile));
        let (p, n, pr) = (plan.p, plan.n, plan.precision);
        let request = |groups, lanes| FusedRequest {
            p,
            n,
            groups,
            lanes,
            precision: pr,
            direction: plan.direction,
            scale: plan.scale(),
            limits,
        };
        let fused = match plan.fused_layout {
            FusedLayout::Rotate => {
                request(fused::balanced_groups(n, cap), plan.fused_lanes).schedule(Layout::Rotate)
            }
            FusedLayout::Auto | FusedLayout::Inplace | FusedLayout::Staged => {
                // Passes after the first keep lane digits in their tiles: fewer digits.
                let lanes = plan
                    .fused_lanes
                    .map(|l| l.min(cap_tile.saturating_sub(1)))
                    .unwrap_or_else(|| fused::auto_inplace_lanes(p, n, cap_tile, cap, pr));
                let groups = fused::inplace_groups(n, cap_tile, cap, lanes);
                let layout = plan.fused_layout.resolve(p, lanes, pr.complex_bytes());
                request(groups, Some(lanes)).schedule(if layout == FusedLayout::Staged {
                    Layout::Staged
                } else {
                    Layout::Inplace
                })
            }
        };
        let result = if fused.len() % 2 == 1 { Buf::B } else { Buf::A };
        Schedule {
            passes: Vec::new(),
            kernels: Vec::new(),
            fused,
            result,
        }
    }

    /// Number of launches.
    pub fn pass_count(&self) -> usize {
        self.passes.len() + self.fused.len()
    }

    /// Radices in pass order, e.g. "9·9·3".
    pub fn radices(&self) -> String {
        if !self.fused.is_empty() {
            return self
                .fused
                .iter()
                .map(|f| format!("{}^{}", f.p, f.m))
                .collect::<Vec<_>>()
                .join("·");
        }
        self.passes
            .iter()
            .map(|p| p.radix.to_string())
            .collect::<Vec<_>>()
            .join("·")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vc::plan::{VcOptions, VcPlan};

    #[test]
    fn mixed_radix_ct_and_cg() -> crate::Result<()> {
        let opts = VcOptions {
            radix: Some(9),
            ..Default::default()
        };
        let plan = VcPlan::new(3, 5, opts)?;
        let s = Schedule::for_plan(&plan);
        assert_eq!(s.radices(), "9·9·3");
        assert_eq!(
            s.passes.iter().map(|p| p.dist).collect::<Vec<_>>(),
            [Some(27), Some(3), Some(1)]
        );
        assert_eq!(s.kernels.len(), 2);
        let cg = VcPlan::new(
            3,
            5,
            VcOptions {
                algorithm: Algorithm::Cg,
                ..opts
            },
        )?;
        let s = Schedule::for_plan(&cg);
        assert_eq!(s.result, Buf::B);
        assert_eq!(s.passes[1].src, Buf::B);
        Ok(())
    }
}
