//! What the fused kernels share: element loads and stores as vectors, local-memory slots
//! (swizzled), butterflies, output stores and the virtual-column loop.

use super::*;

/// The vector type element loads and stores use, limbs per vector and vectors per element:
/// 16-byte vectors where the element size allows, else 8-byte, else single limbs.
pub(super) fn plane(mp: &MontParams) -> (String, usize, usize) {
    let n = mp.limbs;
    let (scalar, per16) = match mp.limb {
        LimbBits::B32 => ("uint", 4usize),
        LimbBits::B64 => ("ulong", 2usize),
    };
    let mut k = per16;
    while n % k != 0 {
        k /= 2;
    }
    let ty = if k == 1 {
        scalar.to_string()
    } else {
        format!("{scalar}{k}")
    };
    (ty, k, n / k)
}

pub(super) const COMPONENTS: [&str; 4] = ["s0", "s1", "s2", "s3"];

/// fe_ldg/fe_stg (global memory, vector accesses) and fe_lds/fe_sts (local memory in planes:
/// vector h of slot i at u[h·stride + i], so that a work-group's accesses to consecutive slots
/// are consecutive vectors).
pub(super) fn mem_helpers(w: &mut Writer, mp: &MontParams) {
    let (pt, k, np) = plane(mp);
    w.comment(format!(
        "Element access as {np} vector(s) of type {pt}: fe_ldg/fe_stg in global memory (element i),\nfe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart)."
    ));
    let unpack = |w: &mut Writer, h: usize| {
        if k == 1 {
            w.line(format!("r.l[{h}] = v;"));
        } else {
            let parts: Vec<String> = (0..k)
                .map(|c| format!("r.l[{}] = v.{};", h * k + c, COMPONENTS[c]))
                .collect();
            w.line(parts.join(" "));
        }
    };
    let pack = |h: usize| -> String {
        if k == 1 {
            format!("x.l[{h}]")
        } else {
            let parts: Vec<String> = (0..k).map(|c| format!("x.l[{}]", h * k + c)).collect();
            format!("({pt})({})", parts.join(", "))
        }
    };
    // A load's body: packed word h is read from `at(h)`.
    let load = |w: &mut Writer, at: &dyn Fn(usize) -> String| {
        w.line(format!("fe r; {pt} v;"));
        for h in 0..np {
            w.line(format!("v = {};", at(h)));
            unpack(w, h);
        }
        w.line("return r;");
        w.close();
    };
    w.open("static inline fe fe_ldg(__global const fe* p, const uint i)");
    w.line(format!(
        "__global const {pt}* q = (__global const {pt}*)p + (size_t)i * {np}u;"
    ));
    load(w, &|h| format!("q[{h}]"));
    w.open("static inline void fe_stg(__global fe* p, const uint i, const fe x)");
    w.line(format!(
        "__global {pt}* q = (__global {pt}*)p + (size_t)i * {np}u;"
    ));
    for h in 0..np {
        w.line(format!("q[{h}] = {};", pack(h)));
    }
    w.close();
    w.open(format!(
        "static inline fe fe_lds(__local const {pt}* u, const uint i, const uint stride)"
    ));
    load(w, &|h| format!("u[{h}u * stride + i]"));
    w.open(format!(
        "static inline void fe_sts(__local {pt}* u, const uint i, const uint stride, const fe x)"
    ));
    for h in 0..np {
        w.line(format!("u[{h}u * stride + i] = {};", pack(h)));
    }
    w.close();
    w.blank();
}

/// Bits of the local-memory swizzle: slot P of a column goes to P ^ ((P >> b) & (2^b − 1)),
/// with 2^b slots of all the work-group's columns per 128-byte bank row, so that both
/// "E consecutive slots per work-item" and "consecutive slots across work-items" patterns hit
/// distinct banks.
pub(super) fn swizzle_bits(mp: &MontParams, cols: u64) -> u32 {
    let (_, k, _) = plane(mp);
    let vec_bytes = k as u64 * mp.limb.bits() as u64 / 8;
    let row = 128 / (vec_bytes * cols).max(1);
    if row >= 2 {
        row.trailing_zeros()
    } else {
        0
    }
}

/// The regs kernel's local slot of position `p` (a C expression) in column `col`.
pub(super) fn slot(p: &str, sb: u32, cols: u64) -> String {
    let phys = if sb == 0 {
        format!("({p})")
    } else {
        format!("(({p}) ^ ((({p}) >> {sb}u) & {}u))", (1u32 << sb) - 1)
    };
    if cols == 1 {
        phys
    } else {
        format!("{phys} * {cols}u + col")
    }
}

/// The low `bits` bits of x reversed, at generation time.
pub(super) fn bitrev_host(x: u64, bits: u32) -> u64 {
    if bits == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - bits)
    }
}

/// One radix-2 butterfly on registers a{lo}, a{hi} with twiddle `tw` (None: 1).
pub(super) fn butterfly(w: &mut Writer, lo: &str, hi: &str, tw: Option<&str>) {
    match tw {
        None => w.line(format!(
            "{{ const fe b = {hi}; {hi} = fe_sub({lo}, b); {lo} = fe_add({lo}, b); }}"
        )),
        Some(t) => w.line(format!(
            "{{ const fe b = fe_mul({hi}, {t}); {hi} = fe_sub({lo}, b); {lo} = fe_add({lo}, b); }}"
        )),
    }
}

/// Stores of the pass's last group: value `v` is output m = `m` of column i.
pub(super) fn output(w: &mut Writer, plan: &NttPlan, f: &FusedPass, v: &str, m: &str, scale: bool) {
    let span = 1u64 << f.span_log;
    let mut val = v.to_string();
    if scale {
        val = format!("fe_mul({val}, scale)");
    }
    if plan.lazy {
        val = format!("fe_reduce({val})");
    }
    let idx = if span == 1 {
        format!("(i << {}u) + {m}", f.r)
    } else {
        format!("((i - k) << {}u) + k + ({m}) * {span}u", f.r)
    };
    w.line(format!("fe_stg(y, {idx}, {val});"));
}

/// Opens the loop of a work-item over the pass's virtual work-items (one iteration when the
/// work-group has them all), with `col` (column in the work-group) and `tp` (index in it).
pub(super) fn open_virtual(w: &mut Writer, f: &FusedPass) {
    // One trip when the work-group has all of them (lt < wg): the compiler drops the loop.
    w.open(format!(
        "for (uint vt = lt; vt < {}u; vt += {}u)",
        f.virt, f.wg
    ));
    let c = f.cols as u64;
    if c == 1 {
        w.line("const uint col = 0u, tp = vt;");
    } else {
        w.line(format!(
            "const uint col = vt & {}u, tp = vt >> {}u;",
            c - 1,
            c.trailing_zeros()
        ));
    }
    w.line("const uint i = i0 + col;");
    if f.span_log > 0 {
        w.line(format!("const uint k = i & {}u;", (1u64 << f.span_log) - 1));
    }
}
