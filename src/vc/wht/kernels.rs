//! The OpenCL C of a Walsh–Hadamard schedule: one kernel a pass, in place.
//!
//! A work-group owns one tile (see [`super::schedule`]): tile index e = column · 2^inner +
//! neighbour, column = the pass's bits of the value's index. A work-item holds 2^per_item
//! values in registers. It loads value t at e = w + t·W (coalesced: neighbouring work-items
//! read neighbouring addresses), which puts the tile's top `per_item` column bits in its
//! registers; it does their butterflies there. Each further round of bits goes through local
//! memory: the registers are written at their tile indices and read back in the round's
//! layout (its bits in the low register bits, the top bits filling the rest), then butterflied.
//! A last trip through local memory restores the load layout, so stores are coalesced too.

use super::schedule::{padded_len, WhtPass};
use super::{Pairs, Storage, WhtPlan};
use std::fmt::Write;

/// A generated program and the kernel of each pass, in launch order.
#[derive(Debug, Clone)]
pub struct WhtProgram {
    /// The OpenCL C source.
    pub source: String,
    /// Kernel names, one a pass.
    pub kernels: Vec<String>,
}

/// The program text `plan` builds on a device of `limits` (`jitfft source wht`).
pub fn source(plan: &WhtPlan, limits: super::schedule::WhtLimits) -> crate::error::Result<String> {
    Ok(program(plan, &super::schedule::schedule(plan, limits)?).source)
}

/// The program of `passes` (from [`super::schedule::schedule`]) for `plan`.
pub fn program(plan: &WhtPlan, passes: &[WhtPass]) -> WhtProgram {
    let mut s = String::new();
    let bits: Vec<String> = passes
        .iter()
        .map(|p| format!("[{}, {})", p.shift, p.shift + p.bits))
        .collect();
    let _ = writeln!(
        s,
        "// Real Walsh–Hadamard transform in natural (Sylvester) order, y = H(2^{k}) · x for each\n\
         // row of 2^{k} {st} values, in place, scaled by {scale:e}; {n} pass(es) over the index\n\
         // bits {bits}.",
        k = plan.log_n,
        st = plan.storage.name(),
        scale = plan.scale(),
        n = passes.len(),
        bits = bits.join(", ")
    );
    if passes.iter().any(|p| p.lanes > 0) {
        return register_program(plan, passes, s);
    }
    s.push_str(prelude(plan.storage));
    let mut kernels = Vec::new();
    if plan.pairs != Pairs::None {
        let pair = if plan.storage == Storage::F64 {
            "double2"
        } else {
            "float2"
        };
        let _ = writeln!(s, "typedef {pair} pair_t;");
    }
    for (i, p) in passes.iter().enumerate() {
        let last = i + 1 == passes.len();
        let scale = if last { plan.scale() } else { 1.0 };
        let end = match plan.pairs {
            Pairs::In if i == 0 => Pairs::In,
            Pairs::Out if last => Pairs::Out,
            _ => Pairs::None,
        };
        s.push('\n');
        s.push_str(&pass_kernel(plan.storage, p, scale, end));
        kernels.push(pass_name(plan.storage, p, end));
    }
    WhtProgram { source: s, kernels }
}

/// The program of register passes (CPU devices): the VC transform's CT kernels on real
/// values, whose p = 2 codelets are the Walsh–Hadamard butterflies; `header` first.
fn register_program(plan: &WhtPlan, passes: &[WhtPass], header: String) -> WhtProgram {
    let specs: Vec<_> = passes
        .iter()
        .enumerate()
        .map(|(i, p)| p.lane_spec(plan, i + 1 == passes.len()))
        .collect();
    let header = format!(
        "{}\nCPU-shaped register passes: each work-item transforms {} consecutive columns in vector slots.",
        header.trim_end().replace("// ", ""),
        specs.first().map_or(1, |s| s.lanes)
    );
    let generated = crate::vc::kernels::ct_cpu_simd::real_program(&header, &specs);
    WhtProgram {
        source: generated.source,
        kernels: specs.iter().map(|s| s.name()).collect(),
    }
}

fn prelude(st: Storage) -> &'static str {
    match st {
        Storage::F64 => {
            "#pragma OPENCL EXTENSION cl_khr_fp64 : enable\n\
             typedef double real_t;\n\
             #define LOAD(i) x[i]\n\
             #define STORE(i, v) x[i] = (v)\n\
             #define BFLY(a, b) { const real_t s_ = a + b; b = a - b; a = s_; }\n"
        }
        Storage::F32 => {
            "typedef float real_t;\n\
             #define LOAD(i) x[i]\n\
             #define STORE(i, v) x[i] = (v)\n\
             #define BFLY(a, b) { const real_t s_ = a + b; b = a - b; a = s_; }\n"
        }
        Storage::F16 => {
            "// Stored as half, computed in float (vload_half / vstore_half_rte: core OpenCL, no\n\
             // cl_khr_fp16 needed). A result above 65504 rounds to inf; the host refuses it.\n\
             typedef float real_t;\n\
             #define LOAD(i) vload_half(i, x)\n\
             #define STORE(i, v) vstore_half_rte(v, i, x)\n\
             #define BFLY(a, b) { const real_t s_ = a + b; b = a - b; a = s_; }\n"
        }
        Storage::Bf16 => {
            "// Stored as bfloat16 (the top 16 bits of a float), computed in float.\n\
             typedef float real_t;\n\
             inline ushort bf16_rte(float v)\n\
             {\n\
             \x20   const uint b = as_uint(v);\n\
             \x20   return isnan(v) ? (ushort)((b >> 16) | 0x40) : (ushort)((b + 0x7fff + ((b >> 16) & 1)) >> 16);\n\
             }\n\
             #define LOAD(i) as_float((uint)x[i] << 16)\n\
             #define STORE(i, v) x[i] = bf16_rte(v)\n\
             #define BFLY(a, b) { const real_t s_ = a + b; b = a - b; a = s_; }\n"
        }
    }
}

fn storage_type(st: Storage) -> &'static str {
    match st {
        Storage::F64 => "double",
        Storage::F32 => "float",
        Storage::F16 => "half",
        Storage::Bf16 => "ushort",
    }
}

/// Register bit i of a work-item's values sits at tile-index bit `pos[i]`.
struct Layout {
    pos: Vec<u32>,
}

impl Layout {
    /// Tile index of the work-item's value 0, as OpenCL C over `w`: the work-item id's bits
    /// fill the tile-index bits the registers leave free, lowest first.
    fn base_expr(&self, tile_log: u32) -> String {
        let free: Vec<u32> = (0..tile_log).filter(|b| !self.pos.contains(b)).collect();
        let mut terms = Vec::new();
        let mut j = 0usize;
        while j < free.len() {
            let (dst, src) = (free[j], j as u32);
            let mut len = 1;
            while j + len < free.len() && free[j + len] == dst + len as u32 {
                len += 1;
            }
            let mask = (1u32 << len) - 1;
            let shifted = if src > 0 {
                format!("(w >> {src})")
            } else {
                "w".into()
            };
            let masked = if j + len == free.len() {
                shifted
            } else {
                format!("({shifted} & {mask}u)")
            };
            terms.push(if dst > 0 {
                format!("({masked} << {dst})")
            } else {
                masked
            });
            j += len;
        }
        if terms.is_empty() {
            "0u".into()
        } else {
            terms.join(" | ")
        }
    }

    /// Tile-index offset of register t from value 0.
    fn offset(&self, t: usize) -> usize {
        self.pos
            .iter()
            .enumerate()
            .filter(|(i, _)| t >> i & 1 == 1)
            .map(|(_, &p)| 1usize << p)
            .sum()
    }
}

fn butterflies(s: &mut String, values: usize, bits: u32) {
    for i in 0..bits {
        let h = 1usize << i;
        let pairs: Vec<String> = (0..values)
            .filter(|t| t & h == 0)
            .map(|t| format!("BFLY(v{t}, v{})", t + h))
            .collect();
        let _ = writeln!(s, "    {}", pairs.join(" "));
    }
}

/// Writes the registers to the tile in `layout` (after a barrier when the tile was read
/// before), then reads them back in `next`. `half`: the tile holds halves (vstore_half_rte /
/// vload_half on local memory, core OpenCL).
///
/// The last exchange of a pass that stores from its last round's layout also fences global
/// memory: a work-item then writes values other work-items of the group loaded, and only a
/// global fence orders those loads before the stores (OpenCL's memory model; Oclgrind checks).
fn exchange(s: &mut String, from: &Layout, to: &Layout, id: usize, p: &WhtPass) {
    let (tile_log, values, half) = (p.tile_log(), 1usize << p.per_item, p.half_local);
    let rounds = p.bits.saturating_sub(p.per_item).div_ceil(p.per_item) as usize;
    let fence = if !p.restore && id == rounds {
        "CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE"
    } else {
        "CLK_LOCAL_MEM_FENCE"
    };
    if id > 1 {
        let _ = writeln!(s, "    barrier(CLK_LOCAL_MEM_FENCE);");
    }
    tile_block(s, "{", from, tile_log, values, half, true);
    let _ = writeln!(s, "    barrier({fence});");
    tile_block(
        s,
        &format!("{{ // round {id}"),
        to,
        tile_log,
        values,
        half,
        false,
    );
}

/// One block of an exchange: each register's padded tile slot in `layout`, stored to
/// (`store`) or loaded from the tile.
fn tile_block(
    s: &mut String,
    open: &str,
    layout: &Layout,
    tile_log: u32,
    values: usize,
    half: bool,
    store: bool,
) {
    let _ = writeln!(s, "    {open}");
    let _ = writeln!(
        s,
        "        const uint e = {}; const uint b = e + (e >> 5);",
        layout.base_expr(tile_log)
    );
    for t in 0..values {
        let at = padded_len(layout.offset(t));
        let _ = match (store, half) {
            (true, true) => writeln!(s, "        vstore_half_rte(v{t}, b + {at}, tile);"),
            (true, false) => writeln!(s, "        tile[b + {at}] = v{t};"),
            (false, true) => writeln!(s, "        v{t} = vload_half(b + {at}, tile);"),
            (false, false) => writeln!(s, "        v{t} = tile[b + {at}];"),
        };
    }
    let _ = writeln!(s, "    }}");
}

/// The register layouts of a pass: the load layout (the top `per_item` column bits in
/// registers), then each round's (its bits in the low register bits, the top bits filling
/// the rest), with the bits each round butterflies.
fn layouts(p: &WhtPass) -> (Layout, Vec<(u32, Layout)>) {
    let (m, c, r) = (p.bits, p.inner, p.per_item);
    let tile_log = p.tile_log();
    let top = Layout {
        pos: (tile_log - r..tile_log).collect(),
    };
    let mut rounds = Vec::new();
    let mut b = 0;
    while b < m - r {
        let rb = r.min(m - r - b);
        let mut pos: Vec<u32> = (c + b..c + b + rb).collect();
        pos.extend(tile_log - (r - rb)..tile_log);
        rounds.push((rb, Layout { pos }));
        b += rb;
    }
    (top, rounds)
}

/// A tile pass's kernel name: what it transforms, and its complex end.
fn pass_name(st: Storage, p: &WhtPass, end: Pairs) -> String {
    let name = p.kernel_name(st);
    match end {
        Pairs::None => name,
        Pairs::In => format!("{name}_from_pairs"),
        Pairs::Out => format!("{name}_to_pairs"),
    }
}

/// One pass's kernel; `scale` multiplies the stored values (1 except in the last pass);
/// `end`: it loads the real parts of the pairs `y` (In) or stores (value, 0) pairs to `y`
/// (Out) instead of the values `x`.
fn pass_kernel(st: Storage, p: &WhtPass, scale: f64, end: Pairs) -> String {
    let (m, c, r) = (p.bits, p.inner, p.per_item);
    let tile_log = p.tile_log();
    let values = 1usize << r;
    let items = p.work_items();
    let (top, rounds) = layouts(p);
    let restore = p.restore && !rounds.is_empty();
    let mut s = String::new();
    let name = pass_name(st, p, end);
    let _ = writeln!(
        s,
        "// {name}: butterflies over index bits [{}, {}) of every row. A work-group owns a tile of\n\
         // 2^{m} values {} apart × {} neighbours; {items} work-items hold {values} values each;\n\
         // {} round(s) through local memory.",
        p.shift,
        p.shift + m,
        1u64 << p.shift,
        1u32 << c,
        rounds.len()
    );
    if p.half_local {
        let _ = writeln!(
            s,
            "// The tile is kept in half in local memory (its f32 would not fit): one rounding a round."
        );
    }
    if !restore && !rounds.is_empty() {
        let _ = writeln!(
            s,
            "// Stores go straight from the last round's layout (runs of ≥ 32 bytes), no trip back."
        );
    }
    signature(&mut s, &name, st, items, end);
    let load = |i: String| match end {
        Pairs::In => format!("y[{i}].x"),
        _ => format!("LOAD({i})"),
    };
    let store = |i: String, v: String| match end {
        Pairs::Out => format!("y[{i}] = (pair_t)({v}, 0)"),
        _ => format!("STORE({i}, {v})"),
    };
    if p.half_local {
        let _ = writeln!(s, "    __local ushort tile_bits[{}];", p.local_values());
        let _ = writeln!(s, "    __local half* tile = (__local half*)tile_bits;");
    } else if !rounds.is_empty() {
        let _ = writeln!(s, "    __local real_t tile[{}];", p.local_values());
    }
    let side = p.shift - c;
    let _ = writeln!(s, "    const uint w = (uint)get_local_id(0);");
    let _ = writeln!(s, "    const ulong g = get_group_id(0);");
    let _ = writeln!(
        s,
        "    // Tile origin: 2^{side} tiles side by side in each block of 2^{} values.",
        p.shift + m
    );
    let origin = format!(
        "((g >> {side}) << {}) + ((g & {}ul) << {c})",
        p.shift + m,
        (1u64 << side) - 1
    );
    let _ = writeln!(
        s,
        "    const ulong at = {origin} + ((ulong)(w >> {c}) << {}) + (w & {}u);",
        p.shift,
        (1u32 << c) - 1
    );
    let stride = ((items >> c) as u64) << p.shift;
    let loads: Vec<String> = (0..values)
        .map(|t| format!("v{t} = {}", load(format!("at + {}ul", stride * t as u64))))
        .collect();
    let _ = writeln!(s, "    real_t {};", loads.join(", "));
    butterflies(&mut s, values, r);
    let mut layout = &top;
    for (i, (rb, l)) in rounds.iter().enumerate() {
        exchange(&mut s, layout, l, i + 1, p);
        butterflies(&mut s, values, *rb);
        layout = l;
    }
    let lit = scale_literal(st, scale);
    let value = |t: usize| match &lit {
        Some(k) => format!("v{t} * {k}"),
        None => format!("v{t}"),
    };
    if restore {
        exchange(&mut s, layout, &top, rounds.len() + 1, p);
    }
    if restore || rounds.is_empty() {
        for t in 0..values {
            let at = format!("at + {}ul", stride * t as u64);
            let _ = writeln!(s, "    {};", store(at, value(t)));
        }
    } else {
        // Global index of tile index e: origin + column (e >> inner) · 2^shift + neighbour.
        let _ = writeln!(s, "    {{");
        let _ = writeln!(s, "        const uint e = {};", layout.base_expr(tile_log));
        let _ = writeln!(
            s,
            "        const ulong out = {origin} + ((ulong)(e >> {c}) << {}) + (e & {}u);",
            p.shift,
            (1u32 << c) - 1
        );
        for t in 0..values {
            let off = ((layout.offset(t) >> c) as u64) << p.shift;
            let _ = writeln!(s, "        {};", store(format!("out + {off}ul"), value(t)));
        }
        let _ = writeln!(s, "    }}");
    }
    s.push_str("}\n");
    s
}

/// A tile pass's signature (one work-group size), the pairs `y` at a complex end.
fn signature(s: &mut String, name: &str, st: Storage, items: usize, end: Pairs) {
    let pairs = match end {
        Pairs::None => "",
        Pairs::In => {
            s.push_str("// Reads the real parts of the (re, im) pairs y, writes the values x.\n");
            ", __global const pair_t* restrict y"
        }
        Pairs::Out => {
            s.push_str("// Reads the values x, writes (value, 0) pairs to y.\n");
            ", __global pair_t* restrict y"
        }
    };
    let _ = writeln!(
        s,
        "__kernel __attribute__((reqd_work_group_size({items}, 1, 1)))\n\
         void {name}(__global {}* restrict x{pairs})\n{{",
        storage_type(st)
    );
}

fn scale_literal(st: Storage, scale: f64) -> Option<String> {
    if scale == 1.0 {
        return None;
    }
    Some(match st {
        Storage::F64 => format!("{scale:e}"),
        _ => format!("{:e}f", scale as f32),
    })
}
