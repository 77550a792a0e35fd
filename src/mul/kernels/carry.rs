//! Carry propagation on the device: limb sums S_j (128-bit, S_j < 2^127) → product limbs.
//!
//! Σ_j S_j·2^(64j) is first brought to Σ_j w_j·2^(64j) with w_j ≤ 2^64 by moving each hi
//! word one limb up (twice; the second move carries one bit). The remaining chain is a
//! 1-bit carry per limb: limb j generates (w_j = 2^64), propagates (w_j = 2^64 − 1) or kills.
//! The (generate, propagate) pairs are combined by a carry-lookahead scan in three launches:
//! `carry_flags` (per work-group exclusive scan in local memory, plus each group's total),
//! `carry_groups` (one work-group scans the group totals) and `carry_apply` (adds the carry).

/// Work-group size of the carry kernels (a power of two; also their local scan length).
pub const CARRY_WG: usize = 256;

/// The inclusive scan of a work-group's carry states `sc` in local memory (Hillis–Steele,
/// lane `l`), which `carry_flags` and `carry_groups` both run.
const LOCAL_SCAN: &str = r#"    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint d = 1; d < CARRY_WG; d <<= 1) {
        uint v = (l >= d) ? cs_combine(sc[l - d], sc[l]) : sc[l];
        barrier(CLK_LOCAL_MEM_FENCE);
        sc[l] = (uchar)v;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
"#;

/// The OpenCL C of the three carry kernels.
pub fn carry_source() -> String {
    format!(
        r#"
// ---- carries: S_j = lo + hi·2^64 per limb j → limbs r_j of Σ S_j·2^(64j) ----
#define CARRY_WG {wg}
// A carry state: bit 1 = generates, bit 0 = propagates. Identity: propagate only.
#define CS_ID 1u
// `a` covers the lower limbs, `b` the upper: the pair of both.
static inline uint cs_combine(uint a, uint b) {{
    uint g = (b & 2u) | ((b & 1u) ? (a & 2u) : 0u);
    return g | (a & b & 1u);
}}

// m_j = (lo_j + hi_(j−1)) mod 2^64 and its carry-out bit b_j.
static inline ulong moved(__global const ulong* s, uint j, uint* carry) {{
    ulong lo = s[2 * j];
    ulong m = lo + (j > 0 ? s[2 * (j - 1) + 1] : 0ul);
    *carry = m < lo;
    return m;
}}

// Scans each work-group's carry states (exclusive, in local memory); r_j = w_j mod 2^64.
__kernel __attribute__((reqd_work_group_size(CARRY_WG, 1, 1)))
void carry_flags(__global const ulong* s, __global ulong* r, __global uchar* ex,
                 __global uchar* agg, uint limbs) {{
    __local uchar sc[CARRY_WG];
    uint j = get_global_id(0), l = get_local_id(0);
    uint st = CS_ID;
    if (j < limbs) {{
        uint b0, b1 = 0;
        ulong m = moved(s, j, &b0);
        if (j > 0) (void)moved(s, j - 1, &b1);
        ulong w = m + b1;
        r[j] = w;
        // generate: m = 2^64 − 1 plus one; propagate: w = 2^64 − 1.
        st = (b1 && w == 0ul) ? 2u : (w == ~0ul ? 1u : 0u);
    }}
    sc[l] = (uchar)st;
{scan}    if (j < limbs) ex[j] = (uchar)(l == 0 ? CS_ID : sc[l - 1]);
    if (l == CARRY_WG - 1) agg[get_group_id(0)] = sc[l];
}}

// One work-group: carry into each group g from the totals of groups 0 … g−1.
__kernel __attribute__((reqd_work_group_size(CARRY_WG, 1, 1)))
void carry_groups(__global const uchar* agg, __global uchar* cin, uint groups) {{
    __local uchar sc[CARRY_WG];
    uint l = get_local_id(0);
    uint per = (groups + CARRY_WG - 1) / CARRY_WG;
    uint lo = min(l * per, groups), hi = min(lo + per, groups);
    uint t = CS_ID;
    for (uint g = lo; g < hi; ++g) t = cs_combine(t, agg[g]);
    sc[l] = (uchar)t;
{scan}    // The number's carry-in is 0, so the carry out of a prefix is its generate bit.
    uint pre = l == 0 ? CS_ID : sc[l - 1];
    for (uint g = lo; g < hi; ++g) {{
        cin[g] = (uchar)((pre >> 1) & 1u);
        pre = cs_combine(pre, agg[g]);
    }}
}}

// r_j += carry into limb j (mod 2^64: a propagating limb wraps to 0 as it passes it on).
__kernel void carry_apply(__global ulong* r, __global const uchar* ex,
                          __global const uchar* cin, uint limbs) {{
    uint j = get_global_id(0);
    if (j >= limbs) return;
    uint st = ex[j];
    uint c = ((st >> 1) & 1u) | (st & 1u & cin[j / CARRY_WG]);
    r[j] += c;
}}
"#,
        wg = CARRY_WG,
        scan = LOCAL_SCAN,
    )
}
