//! Radix-r VC butterfly kernels for the Cooley-Tukey and Constant Geometry algorithms.
//!
//! One work-item computes one r-point butterfly y = W·x with W = ⊗ of m p-point DFT matrices.
//! `const-first` and `const-matrix` emit the paper's loops (Algorithms 2 and 3) reading the
//! coefficients from `__constant` memory; `literal` unrolls the butterfly with every
//! coefficient folded in (±1 and ±i become adds and rotations).

use crate::clgen::{real_literal, small_dft, GeneratedProgram, Writer};
use crate::storage::{self, ptr_type};
use crate::transform::{Direction, Precision};
use crate::vc::plan::{Coeffs, VcPlan};

pub use crate::vc::kernel_spec::{PassAlgorithm, Values, VcKernelSpec};

struct Ty {
    f64: bool,
}

impl Ty {
    fn lit(&self, x: f64) -> String {
        real_literal(x, self.f64)
    }
}

/// The whole program for a schedule's kernels.
pub fn generate(plan: &VcPlan, specs: &[VcKernelSpec]) -> GeneratedProgram {
    let mut w = Writer::new();
    let f64p = plan.precision == Precision::F64;
    w.comment(format!(
        "jitfft generated program: Vilenkin-Chrestenson transform ({}), p = {}, n = {}, N = {}\n\
         algorithm {}, coefficients {}, precision {}, normalisation {}.\n\
         Each kernel is one pass: every work-item computes one radix-r butterfly.",
        plan.direction,
        plan.p,
        plan.n,
        plan.len,
        plan.algorithm,
        plan.coeffs,
        match plan.half {
            Some(h) => format!("f32 stored as {h}"),
            None => plan.precision.to_string(),
        },
        plan.norm
    ));
    if let Some(l) = specs.iter().map(|s| s.lanes).find(|&l| l > 1) {
        w.comment(format!(
            "CPU-shaped kernels (suffix _l{l}): every work-item computes {l} consecutive butterflies."
        ));
    }
    crate::clgen::complex_preamble(&mut w, f64p, specs.iter().any(|s| s.wide_index));
    if let Some(l) = specs
        .iter()
        .find(|s| super::ct_cpu_simd::vector_lanes(s.lanes))
        .map(|s| s.lanes)
    {
        let wide = specs.iter().any(|s| s.wide_index);
        super::ct_cpu_simd::emit_types(&mut w, plan.precision, l, wide, Values::Complex);
    }
    if let Some(h) = plan.half {
        w.blank();
        storage::emit_preamble(&mut w, h);
    }
    let mut kernels = Vec::new();
    for spec in specs {
        w.blank();
        emit_kernel(&mut w, spec);
        kernels.push((spec.name(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

fn emit_header(w: &mut Writer, s: &VcKernelSpec) {
    let r = s.radix();
    let algo = match s.algorithm {
        PassAlgorithm::Ct => "Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist)",
        PassAlgorithm::Cg => "Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count",
    };
    let coef = match s.coeffs {
        Coeffs::ConstFirst => "W[i][j] = x1[k], x1 = first VC function in __constant memory, k = sum of digit products mod p",
        Coeffs::ConstMatrix => "W[i][j] = w[i*r + j], the whole r x r matrix in __constant memory",
        Coeffs::Literal => "coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply)",
    };
    let mut text = format!(
        "{}: one radix-{r} pass of the VC transform (p = {}, {} digit(s) per butterfly).\n\
         y_i = sum_j W[i][j] x_j for i, j < {r}; {coef}.\n{algo}.",
        s.name(),
        s.p,
        s.digits
    );
    if let Some(scale) = s.scale {
        text.push_str(&format!(
            "\nOutputs are scaled by {scale:e} (normalisation)."
        ));
    }
    w.comment(text);
}

fn emit_kernel(w: &mut Writer, s: &VcKernelSpec) {
    match (s.lanes > 1, s.algorithm) {
        (true, PassAlgorithm::Ct) => return super::ct_cpu::emit_kernel(w, s),
        (true, PassAlgorithm::Cg) => return super::cg_cpu_simd::emit_kernel(w, s),
        _ => {}
    }
    let r = s.radix();
    emit_header(w, s);
    let coef_arg = match s.coeffs {
        Coeffs::ConstFirst => ", __constant real2 *x1",
        Coeffs::ConstMatrix => ", __constant real2 *w",
        Coeffs::Literal => "",
    };
    let ty = ptr_type(s.half);
    let sig = match s.algorithm {
        PassAlgorithm::Ct => format!(
            "__kernel void {}(__global {ty} *data{coef_arg}, const idx_t dist, const idx_t count)",
            s.name()
        ),
        PassAlgorithm::Cg => format!(
            "__kernel void {}(__global const {ty} *restrict src, __global {ty} *restrict dst{coef_arg}, const idx_t count)",
            s.name()
        ),
    };
    w.open(sig);
    if s.batch > 1 {
        // The batch index is the top digit group: work-item tid of transform bt.
        w.line("idx_t tid = get_global_id(0);");
        w.line(format!("if (tid >= count * {}u) return;", s.batch));
        w.line("const idx_t bt = tid / count;");
        w.line("tid -= bt * count;");
        match s.algorithm {
            PassAlgorithm::Ct => w.line(format!("data += bt * {}u;", s.len)),
            PassAlgorithm::Cg => {
                w.line(format!("src += bt * {}u;", s.len));
                w.line(format!("dst += bt * {}u;", s.len));
            }
        }
    } else {
        w.line("const idx_t tid = get_global_id(0);");
        w.line("if (tid >= count) return;");
    }
    match s.algorithm {
        PassAlgorithm::Ct => {
            w.line(format!(
                "const idx_t base = tid % dist + {r}u * dist * (tid / dist);"
            ));
            w.note_index(2, 1, 1);
        }
        PassAlgorithm::Cg => {
            w.line(format!("const idx_t base = tid * {r}u;"));
            w.note_index(1, 0, 0);
        }
    }
    let ty = Ty {
        f64: s.precision == Precision::F64,
    };
    match s.coeffs {
        Coeffs::Literal => emit_literal_body(w, s, &ty),
        Coeffs::ConstFirst | Coeffs::ConstMatrix => emit_loop_body(w, s, &ty),
    }
    w.close();
}

/// Loads into `op[0..r]` (loop form) — CG loads adjacent pairs as one real4 when r is even.
fn emit_loads_loop(w: &mut Writer, s: &VcKernelSpec) {
    let r = s.radix();
    w.line(format!("real2 op[{r}];"));
    match s.algorithm {
        PassAlgorithm::Ct => {
            w.open_loop(format!("for (uint j = 0; j < {r}u; ++j)"), r);
            w.line(format!(
                "op[j] = {};",
                storage::load(s.half, "data", "base + j * dist")
            ));
            w.note(crate::clgen::OpCounts {
                global_loads: 1,
                int_mul: 1,
                ..Default::default()
            });
            w.close_loop();
        }
        PassAlgorithm::Cg if r % 2 == 0 && s.half.is_none() => {
            // base = tid*r is even, so pairs are 2-element aligned: one real4 load each.
            w.line("__global const real4 *row = (__global const real4 *)(src + base);");
            w.open_loop(format!("for (uint j = 0; j < {}u; ++j)", r / 2), r / 2);
            w.line("const real4 t = row[j];");
            w.line("op[2 * j] = t.s01;");
            w.line("op[2 * j + 1] = t.s23;");
            w.note(crate::clgen::OpCounts {
                global_loads: 1,
                wide_loads: 1,
                ..Default::default()
            });
            w.close_loop();
        }
        PassAlgorithm::Cg => {
            w.open_loop(format!("for (uint j = 0; j < {r}u; ++j)"), r);
            w.line(format!(
                "op[j] = {};",
                storage::load(s.half, "src", "base + j")
            ));
            w.note(crate::clgen::OpCounts {
                global_loads: 1,
                ..Default::default()
            });
            w.close_loop();
        }
    }
}

/// The statement (without `;`) storing `val` as output `i` of the butterfly.
fn store_to(s: &VcKernelSpec, i: &str, val: &str) -> String {
    match s.algorithm {
        PassAlgorithm::Ct => storage::store(s.half, "data", &format!("base + {i} * dist"), val),
        PassAlgorithm::Cg => storage::store(s.half, "dst", &format!("tid + {i} * count"), val),
    }
}

/// The paper's butterfly: loops over i and j, coefficients read from `__constant` memory.
fn emit_loop_body(w: &mut Writer, s: &VcKernelSpec, ty: &Ty) {
    let r = s.radix();
    let p = s.p;
    emit_loads_loop(w, s);
    w.open_loop(format!("for (uint i = 0; i < {r}u; ++i)"), r);
    w.line("real2 acc = (real2)(0, 0);");
    w.open_loop(format!("for (uint j = 0; j < {r}u; ++j)"), r);
    match s.coeffs {
        Coeffs::ConstFirst if s.digits == 1 => {
            w.line(format!("const real2 c = x1[(i * j) % {p}u];"));
            w.note_index(1, 0, 1);
        }
        Coeffs::ConstFirst => {
            // k = sum over the m base-p digits of i and j of their products, mod p
            w.line("uint k = 0, a = i, b = j;");
            w.open_loop(
                format!("for (uint d = 0; d < {}u; ++d)", s.digits),
                s.digits as u64,
            );
            w.line(format!("k += (a % {p}u) * (b % {p}u);"));
            w.line(format!("a /= {p}u;"));
            w.line(format!("b /= {p}u;"));
            w.note_index(1, 2, 2);
            w.close_loop();
            w.line(format!("const real2 c = x1[k % {p}u];"));
            w.note_index(0, 0, 1);
        }
        _ => {
            w.line(format!("const real2 c = w[i * {r}u + j];"));
            w.note_index(1, 0, 0);
        }
    }
    w.note_const_read(1);
    w.line("acc += cmul(c, op[j]);");
    w.note_cmul(1);
    w.note_cadd(1);
    w.close_loop();
    if let Some(scale) = s.scale {
        w.line(format!("acc *= {};", ty.lit(scale)));
        w.note(crate::clgen::OpCounts {
            real_mul: 2,
            ..Default::default()
        });
    }
    w.line(format!("{};", store_to(s, "i", "acc")));
    w.note(crate::clgen::OpCounts {
        global_stores: 1,
        int_mul: 1,
        ..Default::default()
    });
    w.close_loop();
}

/// The unrolled butterfly with literal coefficients: W = ⊗ of m p-point DFTs, so the
/// registers are transformed one digit at a time by p-point codelets
/// ([`small_dft::emit_dft`]: pair, Rader or factored, constants folded), then stored.
fn emit_literal_body(w: &mut Writer, s: &VcKernelSpec, ty: &Ty) {
    let r = s.radix();
    // loads
    match s.algorithm {
        PassAlgorithm::Ct => {
            for j in 0..r {
                let x = storage::load(s.half, "data", &format!("base + {j}u * dist"));
                w.line(format!("real2 x{j} = {x};"));
            }
            w.note(crate::clgen::OpCounts {
                global_loads: r,
                int_mul: r,
                ..Default::default()
            });
        }
        PassAlgorithm::Cg if r % 2 == 0 && s.half.is_none() => {
            // base = tid*r is even, so pairs are 2-element aligned: one real4 load each.
            w.line("__global const real4 *row = (__global const real4 *)(src + base);");
            for j in 0..r / 2 {
                w.line(format!("const real4 t{j} = row[{j}];"));
            }
            for j in 0..r {
                w.line(format!(
                    "real2 x{j} = t{}.s{};",
                    j / 2,
                    if j % 2 == 0 { "01" } else { "23" }
                ));
            }
            w.note(crate::clgen::OpCounts {
                global_loads: r / 2,
                wide_loads: r / 2,
                ..Default::default()
            });
        }
        PassAlgorithm::Cg => {
            for j in 0..r {
                let x = storage::load(s.half, "src", &format!("base + {j}u"));
                w.line(format!("real2 x{j} = {x};"));
            }
            w.note(crate::clgen::OpCounts {
                global_loads: r,
                ..Default::default()
            });
        }
    }
    let xs: Vec<String> = (0..r).map(|j| format!("x{j}")).collect();
    emit_codelets(w, s, &xs);
    for (i, x) in xs.iter().enumerate() {
        let expr = match s.scale {
            Some(scale) => {
                w.note(crate::clgen::OpCounts {
                    real_mul: 2,
                    ..Default::default()
                });
                format!("{x} * {}", ty.lit(scale))
            }
            None => x.clone(),
        };
        w.line(format!("{};", store_to(s, &format!("{i}u"), &expr)));
    }
    w.note(crate::clgen::OpCounts {
        global_stores: r,
        int_mul: r,
        ..Default::default()
    });
}

/// The literal butterfly on the r registers `xs`: W = ⊗ of m p-point DFTs, so they are
/// transformed one digit at a time by p-point codelets ([`small_dft::emit_dft`]: pair, Rader
/// or factored, constants folded).
pub(super) fn emit_codelets(w: &mut Writer, s: &VcKernelSpec, xs: &[String]) {
    let (p, inverse) = (s.p as u64, s.direction == Direction::Inverse);
    let r = s.radix();
    for d in 0..s.digits {
        let stride = p.pow(d);
        for base in (0..r).filter(|b| (b / stride) % p == 0) {
            let vars: Vec<String> = (0..p)
                .map(|v| xs[(base + v * stride) as usize].clone())
                .collect();
            small_dft::emit_dft(w, p, &vars, inverse, s.precision == Precision::F64);
        }
    }
}
