//! Field operations per point of an NTT, counted from its plan and schedule: what the
//! generator emits (`ntt::kernels`), for budgets and reports.

use crate::ntt::plan::{NttPlan, Twiddles, Variant};
use crate::ntt::schedule::{PassKind, Schedule};

/// Field operations per point of a plan's kernels, counted from the schedule (what the
/// generator emits, trivial twiddles excluded where the kernel skips them).
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct FieldOpCounts {
    /// Montgomery multiplications per point, all launches.
    pub fe_mul: f64,
    /// Additions and subtractions mod p per point.
    pub fe_add_sub: f64,
}

/// Nontrivial multiplications of the regs kernel's first group: a DIT DFT of E = 2^e points
/// with w^0 products skipped, e·E/2 − (E − 1).
fn first_group_muls(e: u32) -> f64 {
    let ee = (1u64 << e) as f64;
    e as f64 * ee / 2.0 - (ee - 1.0)
}

/// The counts for `plan` run as `schedule` (None for split28, whose blocks differ in size).
pub fn field_op_counts(plan: &NttPlan, schedule: &Schedule) -> Option<FieldOpCounts> {
    let l = plan.log_n as f64;
    match plan.variant {
        Variant::Radix2 => Some(FieldOpCounts {
            fe_mul: 2.0 + l / 2.0,
            fe_add_sub: l,
        }),
        Variant::Split28 => None,
        Variant::Fused => {
            let mut c = FieldOpCounts::default();
            let table = plan.opts.twiddles == Twiddles::Table;
            for p in &schedule.passes {
                let PassKind::Fused(f) = &p.kind else {
                    continue;
                };
                let span = f.span_log > 0;
                c.fe_add_sub += f.r as f64;
                if plan.regs_kernel() {
                    if span {
                        c.fe_mul += if table { 1.0 } else { 2.0 };
                    }
                    let e = f.elems.trailing_zeros();
                    c.fe_mul += first_group_muls(f.groups[0].min(e)) / f.elems as f64;
                    c.fe_mul += f.groups[1..].iter().map(|&g| g as f64 / 2.0).sum::<f64>();
                    if plan.inverse && f.last && (!span || !table) {
                        c.fe_mul += 1.0;
                    }
                } else {
                    c.fe_mul += (f.r as f64 - 1.0) / 2.0;
                    if span {
                        c.fe_mul += 2.0;
                    }
                    if f.first {
                        c.fe_mul += 1.0;
                    }
                    if f.last {
                        c.fe_mul += 1.0;
                    }
                }
            }
            Some(c)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{LimbBits, PrimeField};
    use crate::ntt::plan::{FusedKernel, NttOptions};

    fn muls(log_n: u32, opts: NttOptions) -> f64 {
        let f = PrimeField::preset("bn254-fr").unwrap();
        let plan =
            NttPlan::with_options(&f, LimbBits::B32, log_n, Variant::Fused, false, opts).unwrap();
        let s = Schedule::for_plan(&plan);
        field_op_counts(&plan, &s).unwrap().fe_mul
    }

    /// The budget of docs/history/2026-11-22-ntt-montgomery.md: Montgomery multiplications per point.
    #[test]
    fn multiplications_per_point() {
        let stages = NttOptions {
            kernel: FusedKernel::Stages,
            ..NttOptions::default()
        };
        assert_eq!(muls(20, stages), 13.0);
        assert_eq!(muls(21, stages), 15.0);
        assert_eq!(muls(24, stages), 16.5);
        assert_eq!(muls(20, NttOptions::default()), 9.25);
        assert_eq!(muls(21, NttOptions::default()), 9.875);
        assert_eq!(muls(24, NttOptions::default()), 11.375);
        let e4 = NttOptions {
            elems: 4,
            ..NttOptions::default()
        };
        assert_eq!(muls(20, e4), 9.5);
        let split = NttOptions {
            twiddles: Twiddles::Split,
            ..NttOptions::default()
        };
        assert_eq!(muls(20, split), 10.25);
    }
}
