//! OpenCL C of an FFT schedule: one kernel per launch, named after it, constants folded in
//! (lengths, strides, radices, the scaling) so the compiler sees literal divisors.
//!
//! A Stockham pass (radix r, span s: sub-transforms of s points done, n/r butterflies per
//! line) reads x[j + q·n/r], multiplies by ω_(s·r)^(q·(j mod s)), does an r-point DFT
//! (`clgen::small_dft`: pair, Rader or factored codelets) and writes position
//! (j − j mod s)·r + j mod s + q·s: the output is in natural order after the last pass, no
//! bit reversal. An axis of stride S is handled by making the S elements of a line's point
//! consecutive work-items (coalesced for every axis).

use super::kernel_head::{loaded, open_kernel, scaled_note, stored, Arith};
use super::plan::{FftPlan, Method};
use super::schedule::{Schedule, Step, StepKind};
use super::tables::{layout, TwiddleLayout};
use crate::clgen::{complex_preamble, real_literal, small_dft, GeneratedProgram, OpCounts, Writer};
use crate::storage::{emit_preamble, load, store};
use crate::transform::{Direction, Precision};

/// Whether the program's indices need 64 bits.
pub fn wide_index(plan: &FftPlan) -> bool {
    plan.array_len().max(plan.bluestein_len()) > u32::MAX as u64 / 2
}

/// The program of a schedule: the complex preamble (and the half storage's accessors), then
/// one kernel per launch.
pub fn generate(plan: &FftPlan, schedule: &Schedule) -> GeneratedProgram {
    let f64p = plan.precision == Precision::F64;
    let h = plan.half;
    let wide = wide_index(plan);
    let mut w = Writer::new();
    let runtime = Schedule::runtime_direction(plan);
    w.comment(match length_free_axis(plan) {
        None if runtime => format!(
            "jitfft fft: the FFT of a {:?} array ({}) over axes {:?}, both directions{},\n\
             generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor\n\
             exceeds the codelets. The launches compute the forward transform F; the inverse is\n\
             conj(F(conj x)): the first launch's loads times `pre`, (1, 1) or (1, −1), the last\n\
             launch's stores times `post`, (s, s) or (s, −s) with s the scaling (the host's).",
            plan.shape,
            plan.storage_name(),
            plan.axes,
            match plan.half {
                None => " and every scaling".to_string(),
                Some(_) => format!(", scaling {} (shared out over the launches)", plan.norm),
            },
        ),
        None => format!(
            "jitfft fft: the {} FFT of a {:?} array ({}) over axes {:?}, scaling {} (factor {}),\n\
             generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor\n\
             exceeds the codelets.",
            plan.direction,
            plan.shape,
            plan.storage_name(),
            plan.axes,
            plan.norm,
            real_literal(plan.scale(), true)
        ),
        Some((axis, m)) => {
            let shape: Vec<String> = plan
                .shape
                .iter()
                .enumerate()
                .map(|(i, d)| if i == axis { "n".into() } else { d.to_string() })
                .collect();
            format!(
                "jitfft fft: the FFT of a [{}] array ({}) over axis {axis}, for every n with 2n − 1 ≤ {m},\n\
                 generated at run time: Bluestein's chirp convolution over mixed-radix Stockham\n\
                 passes of {m} points. n, the direction (`pre` and `post`: the inverse is conj(F(conj x)))\n\
                 and the scaling (`post`) are the host's: one program serves every such n.",
                shape.join(", "),
                plan.storage_name(),
            )
        }
    });
    if let Some(r) = plan.real {
        w.comment(format!(
            "Packed real {}: the {:?} real array's last axis of {} reals as {} complex values,\n\
             converted to or from the half spectrum ({} points) by the real end's launch.",
            match plan.direction {
                Direction::Forward => "input (rfftn)",
                Direction::Inverse => "output (irfftn)",
            },
            plan.signal_shape(),
            r.n,
            r.n / 2,
            r.n / 2 + 1
        ));
    }
    complex_preamble(&mut w, f64p, wide);
    if schedule
        .steps
        .iter()
        .any(|s| matches!(s.kind, StepKind::Group { .. }))
    {
        w.blank();
        w.comment(
            "The local slot of a fused tile's value i (point q of column c: i = q·cols + c): one slot\n\
             of padding after every 32, so strided accesses spread over the banks.",
        );
        w.line("inline uint tile_slot(uint i) { return i + (i >> 5); }");
    }
    if let Some(h) = h {
        emit_preamble(&mut w, h);
    }
    let lit = |x: u64| {
        if wide {
            format!("{x}UL")
        } else {
            format!("{x}u")
        }
    };
    let mut kernels = Vec::with_capacity(schedule.steps.len());
    for s in &schedule.steps {
        w.blank();
        match &s.kind {
            StepKind::Pass { .. } => pass(&mut w, s, (f64p, h), &lit),
            StepKind::Group { n, .. } => {
                let tw = |i: &str, m: u64| twiddle(*n, i, m, &lit);
                super::group_kernel::group(&mut w, s, (f64p, h), &lit, &tw)
            }
            StepKind::Real { n, .. } => {
                let tw = |i: &str, m: u64| twiddle(*n, i, m, &lit);
                super::packed_end::real_end(&mut w, s, (f64p, h), &lit, &tw)
            }
            _ => bluestein_step(&mut w, s, (f64p, h), &lit),
        }
        kernels.push((s.name.clone(), w.take_counts()));
    }
    GeneratedProgram {
        source: w.finish(),
        kernels,
    }
}

/// The axis and convolution length of a plan whose only transformed axis is a Bluestein one,
/// in full storage, not packed real: its length is then nowhere in the program but in the
/// chirp launches' arguments, so every length of one convolution length (and both directions)
/// shares the program and its compilation.
fn length_free_axis(plan: &FftPlan) -> Option<(usize, u64)> {
    if plan.real.is_some() || plan.half.is_some() {
        return None;
    }
    let mut moving = plan
        .axis_plans
        .iter()
        .filter(|a| !matches!(a.method, Method::Identity));
    match (moving.next(), moving.next()) {
        (Some(a), None) => match a.method {
            Method::Bluestein { m, .. } => Some((a.axis, m)),
            _ => None,
        },
        _ => None,
    }
}

/// The twiddle ω^(i·m) of an n-point table `tw`: `i` an index expression, `m` a literal
/// factor. Where the table has two levels and m is a multiple of the low table's length, the
/// low factor is 1: one load from the high table (a fused launch's inner sub-passes).
fn twiddle(n: u64, i: &str, m: u64, lit: &dyn Fn(u64) -> String) -> String {
    let e = match m {
        1 => i.to_string(),
        m => format!("{i} * {}", lit(m)),
    };
    match layout(n) {
        TwiddleLayout::OneLevel => format!("tw[{e}]"),
        TwiddleLayout::TwoLevel { shift } => {
            let lo = 1u64 << shift;
            if m % lo == 0 {
                return match m >> shift {
                    1 => format!("tw[{} + {i}]", lit(lo)),
                    h => format!("tw[{} + {i} * {}]", lit(lo), lit(h)),
                };
            }
            format!(
                "cmul(tw[({e}) & {}], tw[{} + (({e}) >> {shift})])",
                lit(lo - 1),
                lit(lo)
            )
        }
    }
}

/// A line's length as a kernel knows it: a literal, or its argument `n` (Bluestein's chirps).
#[derive(Clone, Copy)]
enum LineLen {
    Lit(u64),
    Arg,
}

/// The first lines of every kernel: the guard and the item's place, `j` along its line
/// (`per_line` items a line), `o` the line before the axis, `inner` the line after it.
fn decompose(w: &mut Writer, s: &Step, per_line: LineLen, lit: &dyn Fn(u64) -> String) {
    w.line("const idx_t g = get_global_id(0);");
    let (items, len) = match per_line {
        LineLen::Lit(v) => (lit(s.items), lit(v)),
        LineLen::Arg => match s.outer * s.stride {
            1 => ("n".to_string(), "n".to_string()),
            l => (format!("n * {}", lit(l)), "n".to_string()),
        },
    };
    w.line(format!("if (g >= {items}) return;"));
    let t = if s.stride > 1 {
        w.line(format!("const idx_t inner = g % {};", lit(s.stride)));
        w.line(format!("const idx_t t = g / {};", lit(s.stride)));
        "t"
    } else {
        "g"
    };
    if let LineLen::Lit(1) = per_line {
        w.line("const idx_t j = 0;");
        w.line(format!("const idx_t o = {t};"));
    } else if s.outer > 1 {
        w.line(format!("const idx_t j = {t} % {len};"));
        w.line(format!("const idx_t o = {t} / {len};"));
    } else {
        w.line(format!("const idx_t j = {t};"));
    }
}

/// The first element of the item's line in an array whose axis has `len` points.
fn line_base(s: &Step, len: u64, lit: &dyn Fn(u64) -> String) -> String {
    let o = (s.outer > 1).then(|| format!("o * {}", lit(len * s.stride)));
    let inner = (s.stride > 1).then(|| "inner".to_string());
    match (o, inner) {
        (Some(o), Some(i)) => format!("{o} + {i}"),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => "0".into(),
    }
}

/// One radix-r Stockham pass.
fn pass(w: &mut Writer, s: &Step, (f64p, h): Arith, lit: &dyn Fn(u64) -> String) {
    let StepKind::Pass {
        n,
        radix: r,
        span,
        direction,
    } = s.kind
    else {
        unreachable!("pass() takes passes")
    };
    let per_line = n / r;
    w.comment(format!(
        "{}: radix-{r} Stockham pass of the {n}-point {direction} FFT along axis {} (stride {}, \
         {} lines):\nsub-transforms of {span} points become {}{}.",
        s.name,
        s.axis,
        s.stride,
        s.outer * s.stride,
        span * r,
        scaled_note(s)
    ));
    open_kernel(w, s, "tw", h);
    decompose(w, s, LineLen::Lit(per_line), lit);
    w.line(format!("const idx_t base = {};", line_base(s, n, lit)));
    let vars: Vec<String> = (0..r).map(|q| format!("v{q}")).collect();
    for (q, v) in vars.iter().enumerate() {
        let at = format!(
            "base + j * {} + {}",
            lit(s.stride),
            lit(q as u64 * per_line * s.stride)
        );
        w.line(format!("real2 {v} = {};", loaded(s, load(h, "src", &at))));
    }
    if span > 1 {
        w.line(format!("const idx_t k = j % {};", lit(span)));
        for (q, v) in vars.iter().enumerate().skip(1) {
            let tw = twiddle(n, "k", q as u64 * (n / (span * r)), lit);
            w.line(format!("{v} = cmul({v}, {tw});"));
        }
        w.line(format!("const idx_t d = (j - k) * {} + k;", lit(r)));
        w.note_cmul(r - 1);
    } else {
        w.line(format!("const idx_t d = j * {};", lit(r)));
    }
    small_dft::emit_dft(w, r, &vars, direction == Direction::Inverse, f64p);
    for (q, v) in vars.iter().enumerate() {
        let at = format!(
            "base + d * {} + {}",
            lit(s.stride),
            lit(q as u64 * span * s.stride)
        );
        w.line(format!("{};", store(h, "dst", &at, &stored(s, v, f64p))));
    }
    w.note(OpCounts {
        global_loads: r,
        global_stores: r,
        ..Default::default()
    });
    w.close();
}

/// Bluestein's element-wise launches: chirp in (zero padding), the kernel multiply, chirp out.
/// The axis length n and the last scaling are arguments (`Step::scalar_args`): nothing but the
/// tables, which the host computes per plan, depends on n otherwise.
fn bluestein_step(w: &mut Writer, s: &Step, (f64p, h): Arith, lit: &dyn Fn(u64) -> String) {
    let n_note = "; n, the axis length (2n − 1 ≤ m), is an argument";
    let what = match s.kind {
        StepKind::ChirpIn { m, .. } => {
            format!("lines of n points times the chirp, zero-padded to m = {m}{n_note}")
        }
        StepKind::Multiply { m } => {
            format!("every point of the {m}-point lines times the transformed chirp kernel")
        }
        StepKind::ChirpOut { m, .. } => {
            format!("the first n of m = {m} points times the chirp{n_note}")
        }
        StepKind::Pass { .. } | StepKind::Group { .. } | StepKind::Real { .. } => {
            unreachable!("bluestein_step() takes Bluestein's launches")
        }
    };
    w.comment(format!(
        "{}: Bluestein along axis {} (stride {}): {what}{}.",
        s.name,
        s.axis,
        s.stride,
        scaled_note(s)
    ));
    open_kernel(w, s, "table", h);
    // Item g is point j of its line, a line's elements consecutive items (as in a pass), so
    // g is also the item's index in the m-point work array (chirp in, multiply) or in the
    // n-point result (chirp out).
    let value = match s.kind {
        StepKind::ChirpIn { m, .. } => {
            decompose(w, s, LineLen::Lit(m), lit);
            format!(
                "j < n ? cmul({}, table[j]) : (real2)(0, 0)",
                loaded(s, load(h, "src", &point_at(s, "n", lit)))
            )
        }
        StepKind::Multiply { m } => {
            decompose(w, s, LineLen::Lit(m), lit);
            let v = format!("cmul({}, table[j])", load(h, "src", "g"));
            stored(s, &v, f64p)
        }
        StepKind::ChirpOut { m, .. } => {
            decompose(w, s, LineLen::Arg, lit);
            let at = point_at(s, &lit(m), lit);
            stored(s, &format!("cmul({}, table[j])", load(h, "src", &at)), f64p)
        }
        _ => unreachable!("Bluestein's launches only"),
    };
    w.line(format!("{};", store(h, "dst", "g", &value)));
    w.note(OpCounts {
        global_loads: 2,
        global_stores: 1,
        complex_mul: 1,
        ..Default::default()
    });
    w.close();
}

/// Point j of the item's line in an array whose axis has `len` points (an expression).
fn point_at(s: &Step, len: &str, lit: &dyn Fn(u64) -> String) -> String {
    let o = (s.outer > 1).then(|| match s.stride {
        1 => format!("o * {len}"),
        st => format!("o * ({len} * {})", lit(st)),
    });
    let inner = (s.stride > 1).then(|| "inner".to_string());
    let base = match (o, inner) {
        (Some(o), Some(i)) => format!("{o} + {i}"),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => return "j".into(),
    };
    format!("{base} + j * {}", lit(s.stride))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::transform::Norm;

    fn source(n: &[u64], dir: Direction, norm: Norm) -> String {
        let plan = FftPlan::new(n, &[], dir, norm, Precision::F32).expect("a valid plan");
        generate(&plan, &Schedule::for_plan(&plan)).source
    }

    /// A complex plan's program serves both directions and every scaling (the host's `pre`
    /// and `post`), register passes, fused launches and Bluestein axes alike; a packed real
    /// plan's does not, nor does another shape.
    #[test]
    fn complex_programs_serve_both_directions() {
        let (f, i) = (Direction::Forward, Direction::Inverse);
        for shape in [&[6u64, 10][..], &[1000, 768], &[4096], &[97, 16], &[1]] {
            let a = source(shape, f, Norm::None);
            assert_eq!(a, source(shape, i, Norm::Full), "{shape:?}");
            assert_eq!(a, source(shape, i, Norm::Ortho), "{shape:?}");
            if shape != [1] {
                assert!(a.contains("const real2 pre") && a.contains("const real2 post"));
            }
        }
        assert_ne!(
            source(&[6, 10], f, Norm::None),
            source(&[10, 6], f, Norm::None)
        );
        let real = |dir| {
            let plan = FftPlan::packed_real(&[8, 12], &[], dir, Norm::None, Precision::F32)
                .expect("a valid plan")
                .expect("an even last axis packs");
            generate(&plan, &Schedule::for_plan(&plan)).source
        };
        assert_ne!(real(f), real(i));
        assert!(!real(f).contains("real2 pre"));
    }

    /// Bluestein lengths of one convolution length share one program, both directions and
    /// every scaling (1009 and 1013 both convolve over 2025); another m, or a second
    /// transformed axis, does not.
    #[test]
    fn bluestein_programs_depend_on_m_alone() {
        let (f, i) = (Direction::Forward, Direction::Inverse);
        let a = source(&[1009], f, Norm::None);
        assert_eq!(a, source(&[1013], i, Norm::Full));
        assert_eq!(a, source(&[1010], f, Norm::Ortho));
        assert!(a.contains("every n with 2n − 1 ≤ 2025"), "{}", &a[..300]);
        assert_ne!(a, source(&[1019], f, Norm::None)); // m = 2048
        let two = source(&[1009, 6], f, Norm::None);
        assert!(two.contains("[1009, 6]"), "{}", &two[..300]);
        assert_ne!(two, source(&[1013, 6], f, Norm::None));
    }
}
