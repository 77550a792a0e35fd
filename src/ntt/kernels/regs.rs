//! The regs kernel of the fused variant: E points per work-item in registers between
//! exchanges, no Montgomery conversions.

use super::*;

/// What every part of a regs pass reads: the plan, the pass and the sizes derived from them.
#[derive(Clone, Copy)]
struct Regs<'a> {
    plan: &'a NttPlan,
    f: &'a FusedPass,
    name: &'a str,
    mp: &'a MontParams,
    n: u64,
    r: u32,
    /// Radix M = 2^r, columns T = N/M, span S.
    m: u64,
    t: u64,
    span: u64,
    /// Columns per work-group, E = 2^e points per work-item.
    c: u64,
    e: u32,
    ee: u64,
    r_max: u32,
    np: usize,
    stride: u64,
    sb: u32,
    table: bool,
    /// The inverse's N^-1: in the last pass's table, else a product at the output.
    scale_out: bool,
}

pub(super) fn regs_pass(w: &mut Writer, plan: &NttPlan, f: &FusedPass, name: &str) {
    let mp = &plan.mont;
    let n = plan.n() as u64;
    let r = f.r;
    let m = 1u64 << r;
    let t = n >> r;
    let span = 1u64 << f.span_log;
    let c = f.cols as u64;
    let e = f.elems.trailing_zeros();
    let ee = f.elems as u64;
    let r_max = plan_r_max(plan);
    let (pt, _, np) = plane(mp);
    let stride = c * m;
    let sb = swizzle_bits(mp, c);
    let table = plan.opts.twiddles == Twiddles::Table;
    // The inverse's N^-1: in the last pass's table, else a product at the output.
    let scale_out = plan.inverse && f.last && (span == 1 || !table);
    let x = Regs {
        plan,
        f,
        name,
        mp,
        n,
        r,
        m,
        t,
        span,
        c,
        e,
        ee,
        r_max,
        np,
        stride,
        sb,
        table,
        scale_out,
    };
    x.signature(w, &pt);
    x.first_group(w);
    let mut s = f.groups[0];
    for (gi, &g) in f.groups.iter().enumerate().skip(1) {
        x.later_group(w, s, g, gi + 1 == f.groups.len());
        s += g;
    }
    w.close();
    w.blank();
}

impl Regs<'_> {
    /// The header comment, the kernel's signature, local memory and constants.
    fn signature(&self, w: &mut Writer, pt: &str) {
        let Regs {
            plan,
            f,
            name,
            mp,
            n,
            r,
            m,
            t,
            span,
            c,
            ee,
            np,
            stride,
            table,
            scale_out,
            ..
        } = *self;
        let groups: Vec<String> = f.groups.iter().map(|g| g.to_string()).collect();
        w.comment(format!(
            "{name}: Stockham pass {} (radix {m}, span {span}). For each column i < {t} (k = i mod {span}):\nu_j = x[i + j*{t}]{}, U = DFT_{m}(u) (w_{m} = w^{}), y[(i - k)*{m} + k + m*{span}] = U_m{}{}.\n{c} column(s) per work-group, {} work-items of {} points ({} per work-group); the {r} DIT stages go in\ngroups {} (the first as {}-point DFTs from global memory, the others through local memory).",
            f.index,
            if span > 1 {
                if table {
                    format!(" * tw[j*{span} + k] (tw = w_({})^(jk){})", span * m, if plan.inverse && f.last { " * N^-1" } else { "" })
                } else {
                    format!(" * hi*lo(w^((j*k) << {}))", plan.log_n - f.span_log - r)
                }
            } else {
                String::new()
            },
            n / m,
            if scale_out { " * N^-1" } else { "" },
            if f.last && plan.lazy { " (reduced below p)" } else { "" },
            f.virt,
            ee,
            f.wg,
            groups.join("+"),
            f.elems,
        ));
        w.line(format!(
            "__kernel __attribute__((reqd_work_group_size({}, 1, 1)))",
            f.wg
        ));
        w.open(format!(
            "void {name}(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots)"
        ));
        if f.groups.len() > 1 {
            w.line(format!("__local {pt} u[{}];", np as u64 * stride));
        }
        w.line("const uint lt = get_local_id(0);");
        w.line(format!("const uint i0 = get_group_id(0) * {c}u;"));
        if scale_out {
            let s = plan.mont.to_mont(&plan.n_inv);
            fe_const(w, mp, "scale", &s);
        }
        // Constants of the first group's E-point DFT: w_E^x, x < E/2, Montgomery form.
        for x in 1..ee / 2 {
            let v = plan.root_pow_mont(x * (n / ee));
            fe_const(w, mp, &format!("W{ee}_{x}"), &v);
        }
        w.line("(void)tw; (void)hi; (void)roots;");
    }

    /// Group 0: E-point DFTs of the decimated columns, straight from global memory.
    fn first_group(&self, w: &mut Writer) {
        let Regs {
            plan,
            f,
            r,
            m,
            t,
            span,
            c,
            e,
            ee,
            stride,
            sb,
            table,
            scale_out,
            ..
        } = *self;
        // --- group 0: E-point DFTs of the decimated columns, from global memory -----------------
        let e0 = f.groups[0];
        let single = f.groups.len() == 1;
        w.comment(format!(
            "Stages 0..{}: DFT-{ee} of u_(j0 + q*{}) for q < {ee}, j0 = bitrev_{}(tp), into slots tp*{ee} + m'.",
            e0 - 1,
            m / ee,
            r - e0
        ));
        open_virtual(w, f);
        if r > e0 {
            w.line(format!("const uint j0 = bitrev(tp, {}u);", r - e0));
        } else {
            w.line("const uint j0 = 0u;");
        }
        // Register a{q} holds position tp*E + q of the DIT order, i.e. u_(j0 + bitrev_e(q) M/E).
        let jq = |q: u64| bitrev_host(q, e) * (m / ee);
        for q in 0..ee {
            w.line(format!(
                "fe a{q} = fe_ldg(x, i + (j0 + {}u) * {t}u);",
                jq(q)
            ));
        }
        if span > 1 {
            for q in 0..ee {
                let j = format!("(j0 + {}u)", jq(q));
                if table {
                    w.line(format!(
                        "a{q} = fe_mul(a{q}, fe_ldg(tw, {j} * {span}u + k));"
                    ));
                } else {
                    w.line(format!(
                        "a{q} = fe_mul(a{q}, twiddle(tw, hi, ({j} * k) << {}u));",
                        plan.log_n - f.span_log - r
                    ));
                }
            }
        }
        for tau in 0..e0 {
            let half = 1u64 << tau;
            for q in 0..ee {
                if q & half != 0 {
                    continue;
                }
                let x = (q % half) * (ee / (2 * half));
                let tw = (x != 0).then(|| format!("W{ee}_{x}"));
                butterfly(
                    w,
                    &format!("a{q}"),
                    &format!("a{}", q + half),
                    tw.as_deref(),
                );
            }
        }
        for q in 0..ee {
            if single {
                output(w, plan, f, &format!("a{q}"), &format!("{q}u"), scale_out);
            } else {
                let p = format!("tp * {ee}u + {q}u");
                w.line(format!("fe_sts(u, {}, {stride}u, a{q});", slot(&p, sb, c)));
            }
        }
        w.close();
    }

    /// A later group of g stages from stage s through local memory (the last one out to
    /// global memory).
    fn later_group(&self, w: &mut Writer, s: u32, g: u32, last: bool) {
        let Regs {
            plan,
            f,
            r_max,
            m,
            c,
            e,
            ee,
            stride,
            sb,
            scale_out,
            ..
        } = *self;
        let gg = 1u64 << g;
        let sets = 1u64 << (e - g);
        w.line("barrier(CLK_LOCAL_MEM_FENCE);");
        w.comment(format!(
        "Stages {s}..{}: {sets} set(s) of {gg} slots base + i*{} per work-item (base = lo + (set >> {s}) * {}, lo = set mod {}){}.",
        s + g - 1,
        1u64 << s,
        1u64 << (s + g),
        1u64 << s,
        if last { ", then out to global memory" } else { "" }
    ));
        open_virtual(w, f);
        if sets > 1 {
            w.open(format!("for (uint kk = 0; kk < {sets}u; kk++)"));
            w.line(format!("const uint sg = tp + kk * {}u;", m / ee));
        } else {
            w.line("const uint sg = tp;");
        }
        w.line(format!("const uint lo = sg & {}u;", (1u64 << s) - 1));
        w.line(format!(
            "const uint base = ((sg >> {s}u) << {}u) + lo;",
            s + g
        ));
        let pos = |i: u64| format!("base + {}u", i << s);
        for i in 0..gg {
            w.line(format!(
                "fe a{i} = fe_lds(u, {}, {stride}u);",
                slot(&pos(i), sb, c)
            ));
        }
        for tau in 0..g {
            let half = 1u64 << tau;
            // Twiddle w_(2^(s+tau+1))^(lo + rho*2^s) for rho = i mod 2^tau, from roots.
            for rho in 0..half {
                w.line(format!(
                    "const fe w{tau}_{rho} = fe_ldg(roots, (lo + {}u) << {}u);",
                    rho << s,
                    r_max - 1 - s - tau
                ));
            }
            for i in 0..gg {
                if i & half != 0 {
                    continue;
                }
                let tw = format!("w{tau}_{}", i % half);
                butterfly(w, &format!("a{i}"), &format!("a{}", i + half), Some(&tw));
            }
        }
        for i in 0..gg {
            if last {
                output(w, plan, f, &format!("a{i}"), &pos(i), scale_out);
            } else {
                w.line(format!(
                    "fe_sts(u, {}, {stride}u, a{i});",
                    slot(&pos(i), sb, c)
                ));
            }
        }
        if sets > 1 {
            w.close();
        }
        w.close();
    }
}
