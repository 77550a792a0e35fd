//! The `block` method's program: the seed's layout (V_N, W_{N+2n}), the block convolution
//! generated for the chosen n, and the reduction of the chunks' partial sums to limb sums.

use super::carry::carry_source;
use std::fmt::Write;

/// Work-group size of the layout, convolution and reduce kernels.
pub const BLOCK_WG: usize = 64;

/// The OpenCL C of the `block` method for block size `n` (2, 4, 8 or 16), carries included.
pub fn block_source(n: usize) -> String {
    let mut s = String::new();
    let w = 2 * n - 1;
    let _ = write!(
        s,
        r#"// jitfft mul, method block, n = {n}: r = a·b for 64-bit-limb operands through the seed's
// (Tereshchenko & Zadiraka) k×(k+1) grid of n-digit block convolutions of 32-bit digits.
// Cell (i, j) adds to output block t = i + j the n sliding dot products
//   r[t·n + u] += Σ_s V[i·n + s]·W[j·n + s + u],  u, s < n,
// with V the blocks of A reversed and W = B shifted by n − 1 between zero pads (the seed's
// V_N and W_(N+2n)). A work-item owns the cells of one output block t in a chunk of G rows i
// (no two work-items write the same partial sum); `block_reduce` adds the chunks.
// Overflow bound: a digit product is < 2^64; an output digit sums at most N products, so
// it is < N·2^64 ≤ 2^94 for N ≤ 2^30 digits: the 96-bit accumulator (64-bit sum + 32-bit
// count of its carries) cannot overflow, and a limb sum d0 + d1·2^32 stays < 2^127.

static inline uint digit(__global const ulong* x, uint limbs, uint d) {{
    return (d >> 1) < limbs ? (uint)(x[d >> 1] >> (32 * (d & 1))) : 0u;
}}

// V[i·n + s] = a[(i+1)·n − 1 − s];  W[m] = b[m − (n − 1)] inside, 0 in the pads.
__kernel void block_layout(__global const ulong* a, uint a_limbs, __global const ulong* b,
                           uint b_limbs, __global uint* v, __global uint* w, uint N) {{
    uint m = get_global_id(0);
    if (m < N) {{
        uint i = m / {n}u, s = m % {n}u;
        v[m] = digit(a, a_limbs, (i + 1) * {n}u - 1 - s);
    }}
    if (m < N + {pad}u) {{
        w[m] = (m >= {nm1}u && m - {nm1}u < N) ? digit(b, b_limbs, m - {nm1}u) : 0u;
    }}
}}

// Partial sums of chunk c for output block t: p[((c·2k + t)·n + u)·2 + {{0, 1}}] = (lo, hi).
__kernel void block_conv_n{n}(__global const uint* v, __global const uint* w,
                             __global ulong* p, uint k, uint G, uint chunks) {{
    uint id = get_global_id(0);
    if (id >= chunks * 2 * k) return;
    uint c = id / (2 * k), t = id % (2 * k);
    // Rows i of chunk c whose cell (i, t − i) exists: 0 ≤ t − i ≤ k.
    uint i0 = max(c * G, t > k ? t - k : 0u);
    uint i1 = min(min(k, (c + 1) * G), t + 1);
"#,
        pad = 2 * n,
        nm1 = n - 1,
    );
    for u in 0..n {
        let _ = writeln!(s, "    ulong lo{u} = 0; uint hi{u} = 0;");
    }
    s.push_str("    for (uint i = i0; i < i1; ++i) {\n");
    s.push_str("        __global const uint* x = v + i * ");
    let _ = writeln!(s, "{n}u;");
    let _ = writeln!(s, "        __global const uint* y = w + (t - i) * {n}u;");
    for q in 0..n {
        let _ = writeln!(s, "        ulong x{q} = x[{q}];");
    }
    for q in 0..w {
        let _ = writeln!(s, "        ulong y{q} = y[{q}];");
    }
    s.push_str("        ulong pr;\n");
    for u in 0..n {
        for q in 0..n {
            let _ = writeln!(
                s,
                "        pr = x{q} * y{}; lo{u} += pr; hi{u} += lo{u} < pr;",
                q + u
            );
        }
    }
    s.push_str("    }\n");
    let _ = writeln!(s, "    __global ulong* o = p + (ulong)id * {};", 2 * n);
    for u in 0..n {
        let _ = writeln!(s, "    o[{}] = lo{u}; o[{}] = hi{u};", 2 * u, 2 * u + 1);
    }
    s.push_str("}\n");
    let _ = write!(
        s,
        r#"
// Σ over chunks of output digit m, as (lo, hi).
static inline ulong2 digit_sum(__global const ulong* p, uint k, uint chunks, uint m) {{
    uint t = m / {n}u, u = m % {n}u;
    ulong lo = 0, hi = 0;
    for (uint c = 0; c < chunks; ++c) {{
        __global const ulong* q = p + (((ulong)c * 2 * k + t) * {n}u + u) * 2;
        ulong l = q[0];
        lo += l;
        hi += q[1] + (lo < l);
    }}
    return (ulong2)(lo, hi);
}}

// Limb sums S_j = d(2j) + d(2j+1)·2^32 as (lo, hi) words.
__kernel void block_reduce(__global const ulong* p, __global ulong* s, uint k, uint chunks,
                           uint limbs) {{
    uint j = get_global_id(0);
    if (j >= limbs) return;
    ulong2 d0 = digit_sum(p, k, chunks, 2 * j);
    ulong2 d1 = digit_sum(p, k, chunks, 2 * j + 1);
    ulong sh = d1.x << 32;
    ulong lo = d0.x + sh;
    ulong hi = d0.y + (d1.x >> 32) + (d1.y << 32) + (lo < sh);
    s[2 * j] = lo;
    s[2 * j + 1] = hi;
}}
"#
    );
    s.push_str(&carry_source());
    s
}
