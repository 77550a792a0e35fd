//! NTT kernels as OpenCL C for one plan: the field arithmetic of `montgomery.rs`, then the
//! kernels of the plan's variant with N, the roots and the scale folded in as literals.
//! Input and output are in standard form, natural order.
//!
//! **Fused, regs kernel** (the default): Stockham passes of radix M = 2^r. Column i < T = N/M
//! of a pass is the M-point DFT of u_j = x[i + jT]·w_(SM)^(jk) (k = i mod S, S the span) with
//! output U_m at y[(i − k)M + k + mS]. A work-item holds E = 2^e points at a time: the first
//! e stages of the radix-2 DIT DFT are E-point DFTs of the decimated sequences
//! u_(j0 + qM/E), computed straight from global memory with their twiddles folded in as
//! constants (w_E^0 = 1 products skipped); the later stages go in groups of ≤ e through
//! local memory (one load, g stages in registers, one store), the last group writing to
//! global memory. No conversion into Montgomery form: reading the standard-form input x as
//! the Montgomery form of x·R⁻¹ makes the Montgomery-form output NTT(x·R⁻¹) the standard
//! form of NTT(x) (the twiddles are in Montgomery form). Twiddles between passes come from a
//! table per pass (`--twiddles table`, N⁻¹ of the inverse folded into the last one) or as
//! hi·lo (`split`). With lazy reduction values stay in [0, 2p) until the last store.
//!
//! **Fused, stages kernel**: the first fused kernel (one radix-2 stage per exchange,
//! conversions in and out of Montgomery form), kept for comparison.

use crate::clgen::GeneratedProgram;
use crate::clgen::Writer;
use crate::field::emit::montgomery::{emit_field, fe_const};
use crate::field::FieldCfg;
use crate::field::{LimbBits, MontParams};
use crate::ntt::plan::{NttPlan, Twiddles, Variant};
use crate::ntt::schedule::{plan_r_max, FusedPass, PassKind, Schedule};
use crate::ntt::tables::twiddle_split;
use rug::Integer;

mod mem;
mod regs;
mod stages;

use mem::*;
use regs::*;
use stages::*;

/// The factor of the last launch: 1 forward, N⁻¹ inverse (standard form: fe_mul by it leaves
/// Montgomery form and scales at once).
fn scale_const(w: &mut Writer, plan: &NttPlan) {
    let s = if plan.inverse {
        plan.n_inv.clone()
    } else {
        Integer::from(1)
    };
    fe_const(w, &plan.mont, "scale", &s);
}

fn header(w: &mut Writer, plan: &NttPlan, what: &str) {
    let dir = if plan.inverse {
        "inverse: x[j] = N^-1 sum_k X[k] w^-jk"
    } else {
        "forward: X[k] = sum_j x[j] w^jk"
    };
    w.comment(format!(
        "NTT variant {} of N = 2^{} points over {} ({}), {} limbs, {} arithmetic; {dir},\nw = g^((p-1)/N) = {}.\n{what}",
        plan.variant,
        plan.log_n,
        plan.field().name,
        plan.field().p,
        plan.mont.limb,
        plan.arith,
        plan.omega
    ));
    w.blank();
}

fn bitrev_fn(w: &mut Writer) {
    w.comment("The low `bits` bits of x reversed (bits >= 1).");
    w.open("static inline uint bitrev(uint x, const uint bits)");
    w.line("x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);");
    w.line("x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);");
    w.line("x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);");
    w.line("x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);");
    w.line("x = (x >> 16) | (x << 16);");
    w.line("return x >> (32 - bits);");
    w.close();
    w.blank();
}

/// The OpenCL program of `schedule`: shared headers (field arithmetic, helpers) and one kernel per
/// distinct launch kind, with operation counts.
pub fn generate(plan: &NttPlan, schedule: &Schedule) -> GeneratedProgram {
    let mut w = Writer::new();
    let cfg = plan.field_cfg();
    match plan.variant {
        Variant::Radix2 => radix2(&mut w, plan, &cfg),
        Variant::Split28 => split28(&mut w, plan, &cfg),
        Variant::Fused if plan.regs_kernel() => {
            header(
                &mut w,
                plan,
                &format!(
                    "Stockham passes of radix {} (regs kernel: {} points per work-item, twiddles {}, {} reduction;\nno conversion into Montgomery form, see the kernels' comments).",
                    schedule.radices(),
                    plan.opts.elems,
                    match plan.opts.twiddles {
                        Twiddles::Table => "from a table per pass",
                        Twiddles::Split => "hi*lo",
                    },
                    if plan.lazy { "lazy" } else { "full" },
                ),
            );
            emit_field(&mut w, &plan.mont, &cfg);
            bitrev_fn(&mut w);
            if plan.opts.twiddles == Twiddles::Split {
                twiddle_fn(&mut w, plan);
            }
            mem_helpers(&mut w, &plan.mont);
            for p in &schedule.passes {
                if let PassKind::Fused(f) = &p.kind {
                    regs_pass(&mut w, plan, f, &p.kernel);
                }
            }
        }
        Variant::Fused => {
            header(
                &mut w,
                plan,
                &format!(
                    "Stockham passes of radix {} in local memory (natural order in and out).",
                    schedule.radices()
                ),
            );
            emit_field(&mut w, &plan.mont, &cfg);
            bitrev_fn(&mut w);
            twiddle_fn(&mut w, plan);
            for p in &schedule.passes {
                if let PassKind::Fused(f) = &p.kind {
                    fused_pass(&mut w, plan, f, &p.kernel);
                }
            }
        }
    }
    let kernels = schedule
        .kernel_names()
        .into_iter()
        .map(|k| (k, Default::default()))
        .collect();
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

/// Header of the size-generic programs (radix2, split28): N, the roots and the scale are
/// arguments and tables, so one program serves every size and both directions.
fn generic_header(w: &mut Writer, plan: &NttPlan, what: &str) {
    w.comment(format!(
        "NTT variant {} over {} (p = {}), {} limbs, {} arithmetic: X[k] = sum_j x[j] w^jk, w = g^((p-1)/N)\n(the inverse uses w^-1 and scales by N^-1). N, the twiddle tables and the scale are arguments,\nso this program serves every size and both directions.\n{what}",
        plan.variant,
        plan.field().name,
        plan.field().p,
        plan.mont.limb,
        plan.arith,
    ));
    w.blank();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::PrimeField;
    use crate::ntt::plan::NttOptions;

    /// The PTX variant is one asm statement per CIOS row (BN254, 32-bit limbs: 26 operands).
    #[test]
    fn ptx_variant_has_one_asm_per_row() {
        let f = PrimeField::preset("bn254-fr").unwrap();
        let opts = NttOptions {
            arith: crate::ntt::plan::ArithChoice::Ptx,
            ..NttOptions::default()
        };
        let plan =
            NttPlan::with_options(&f, LimbBits::B32, 12, Variant::Fused, false, opts).unwrap();
        let src = generate(&plan, &Schedule::for_plan(&plan)).source;
        let mul = &src[src.find("inline fe fe_mul").unwrap()..];
        let mul = &mul[..mul.find("\n}\n").unwrap()];
        assert_eq!(mul.matches("asm volatile(").count(), 8 + 1, "{mul}");
        assert!(mul.contains("\"madc.hi.cc.u32 "));
        assert!(
            !src.contains("MADLOC_CC("),
            "no portable macros in the PTX variant"
        );
    }
}
