// NTT variant fused of N = 2^14 points over goldilocks (18446744069414584321), 32-bit limbs, portable arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 16207902636198568418.
// Stockham passes of radix 32·32·16 (regs kernel: 8 points per work-item, twiddles from a table per pass, full reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 18446744069414584321 (64 bits),
// 2 limbs of 32 bits (little-endian), Montgomery form with R = 2^64, n' = -p^-1 mod 2^32 = 4294967295.
// Carry chains: portable C macros; values fully reduced to [0, p).
typedef uint limb_t;
typedef struct { limb_t l[2]; } fe;

// Carry-chain primitives (the PTX names: add.cc, addc, madc.hi.cc, ...) emulated in C with
// an explicit carry _cf; the PTX variant of this program uses the real instructions.
#define ADD(d, a, b) { (d) = (limb_t)((a) + (b)); }
#define ADDC(d, a, b) { (d) = (limb_t)((a) + (b) + _cf); }
#define SUB(d, a, b) { (d) = (limb_t)((a) - (b)); }
#define SUBC(d, a, b) { (d) = (limb_t)((a) - (b) - _cf); }
#define MADLOC(d, a, b, c) { (d) = (limb_t)((limb_t)((a) * (b)) + (c) + _cf); }
#define MADHIC(d, a, b, c) { (d) = (limb_t)(mul_hi((limb_t)(a), (limb_t)(b)) + (c) + _cf); }
#define MULLO(d, a, b) { (d) = (limb_t)((a) * (b)); }
#define AND(d, a, b) { (d) = (limb_t)((a) & (b)); }
#define MADLO(d, a, b, c) { (d) = (limb_t)((limb_t)((a) * (b)) + (c)); }
#define MADHI(d, a, b, c) { (d) = (limb_t)(mul_hi((limb_t)(a), (limb_t)(b)) + (c)); }
#define ADD_CC(d, a, b) { ulong _s = (ulong)(a) + (b); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }
#define ADDC_CC(d, a, b) { ulong _s = (ulong)(a) + (b) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }
#define SUB_CC(d, a, b) { ulong _s = (ulong)(a) - (b); _cf = (limb_t)(_s >> 63); (d) = (limb_t)_s; }
#define SUBC_CC(d, a, b) { ulong _s = (ulong)(a) - (b) - _cf; _cf = (limb_t)(_s >> 63); (d) = (limb_t)_s; }
#define MADLO_CC(d, a, b, c) { ulong _s = (ulong)(limb_t)((a) * (b)) + (c); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }
#define MADLOC_CC(d, a, b, c) { ulong _s = (ulong)(limb_t)((a) * (b)) + (c) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }
#define MADHI_CC(d, a, b, c) { ulong _s = (ulong)mul_hi((limb_t)(a), (limb_t)(b)) + (c); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }
#define MADHIC_CC(d, a, b, c) { ulong _s = (ulong)mul_hi((limb_t)(a), (limb_t)(b)) + (c) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }

// a + b mod p (inputs < p): sum chain, then the sum minus p where it is >= p.
static inline fe fe_add(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0, d1 = 0;
    {
        ADD_CC(r.l[0], r.l[0], b.l[0]);
        ADDC_CC(r.l[1], r.l[1], b.l[1]);
        ADDC(hi, 0x00000000U, 0x00000000U);
        SUB_CC(d0, r.l[0], 0x00000001U);
        SUBC_CC(d1, r.l[1], 0xffffffffU);
        SUBC(bo, hi, 0x00000000U);
    }
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    (void)hi; (void)cy;
    return r;
}

// a - b mod p (inputs < p): difference chain, then + (p & borrow mask).
static inline fe fe_sub(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, q = 0;
    {
        SUB_CC(r.l[0], r.l[0], b.l[0]);
        SUBC_CC(r.l[1], r.l[1], b.l[1]);
        SUBC(bo, 0x00000000U, 0x00000000U);
        AND(q, bo, 0x00000001U);
        ADD_CC(r.l[0], r.l[0], q);
        AND(q, bo, 0xffffffffU);
        ADDC(r.l[1], r.l[1], q);
    }
    (void)cy;
    return r;
}

// x mod p for x < 2p (the identity on fully reduced values).
static inline fe fe_reduce(const fe x) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = x; limb_t bo = 0, d0 = 0, d1 = 0;
    SUB_CC(d0, r.l[0], 0x00000001U); SUBC_CC(d1, r.l[1], 0xffffffffU); SUBC(bo, 0x00000000U, 0x00000000U);
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    (void)cy;
    return r;
}

// a * b * R^-1 mod p: Montgomery multiplication, CIOS, 2 rows of four carry chains
// (lo and hi halves of a*b_i, then of m*p with m = t0*n'); T in 4 words t*, renamed
// (not moved) after each row. Result < p (final conditional subtraction).
static inline fe fe_mul(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    limb_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, m = 0;
    // row 0: T = (T + a*b.l[0] + m*p) / 2^32
    {
        MULLO(t0, a.l[0], b.l[0]);
        MULLO(t1, a.l[1], b.l[0]);
        MADHI_CC(t1, a.l[0], b.l[0], t1);
        MADHIC_CC(t2, a.l[1], b.l[0], 0x00000000U);
        ADDC(t3, 0x00000000U, 0x00000000U);
        MULLO(m, t0, 0xffffffffU);
        MADLO_CC(t0, m, 0x00000001U, t0);
        MADLOC_CC(t1, m, 0xffffffffU, t1);
        ADDC_CC(t2, t2, 0x00000000U);
        ADDC(t3, t3, 0x00000000U);
        MADHI_CC(t1, m, 0x00000001U, t1);
        MADHIC_CC(t2, m, 0xffffffffU, t2);
        ADDC(t3, t3, 0x00000000U);
    }
    // row 1: T = (T + a*b.l[1] + m*p) / 2^32
    {
        MADLO_CC(t1, a.l[0], b.l[1], t1);
        MADLOC_CC(t2, a.l[1], b.l[1], t2);
        ADDC_CC(t3, t3, 0x00000000U);
        ADDC(t0, 0x00000000U, 0x00000000U);
        MADHI_CC(t2, a.l[0], b.l[1], t2);
        MADHIC_CC(t3, a.l[1], b.l[1], t3);
        ADDC(t0, t0, 0x00000000U);
        MULLO(m, t1, 0xffffffffU);
        MADLO_CC(t1, m, 0x00000001U, t1);
        MADLOC_CC(t2, m, 0xffffffffU, t2);
        ADDC_CC(t3, t3, 0x00000000U);
        ADDC(t0, t0, 0x00000000U);
        MADHI_CC(t2, m, 0x00000001U, t2);
        MADHIC_CC(t3, m, 0xffffffffU, t3);
        ADDC(t0, t0, 0x00000000U);
    }
    fe r;
    r.l[0] = t2;
    r.l[1] = t3;
    limb_t bo = 0, d0 = 0, d1 = 0;
    // r = T - p where T >= p
    SUB_CC(d0, r.l[0], 0x00000001U); SUBC_CC(d1, r.l[1], 0xffffffffU); SUBC(bo, t0, 0x00000000U);
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    (void)cy; (void)m;
    return r;
}

// x * R mod p: into Montgomery form (multiply by R^2).
static inline fe fe_to_mont(const fe x) {
    fe r2;
    r2.l[0] = 0x00000001U;
    r2.l[1] = 0xfffffffeU;
    return fe_mul(x, r2);
}

// x * R^-1 mod p: out of Montgomery form (multiply by 1), fully reduced.
static inline fe fe_from_mont(const fe x) {
    fe one;
    one.l[0] = 1;
    one.l[1] = 0;
    return fe_mul(x, one);
}

// The low `bits` bits of x reversed (bits >= 1).
static inline uint bitrev(uint x, const uint bits) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
    x = (x >> 16) | (x << 16);
    return x >> (32 - bits);
}

// Element access as 1 vector(s) of type uint2: fe_ldg/fe_stg in global memory (element i),
// fe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart).
static inline fe fe_ldg(__global const fe* p, const uint i) {
    __global const uint2* q = (__global const uint2*)p + (size_t)i * 1u;
    fe r; uint2 v;
    v = q[0];
    r.l[0] = v.s0; r.l[1] = v.s1;
    return r;
}
static inline void fe_stg(__global fe* p, const uint i, const fe x) {
    __global uint2* q = (__global uint2*)p + (size_t)i * 1u;
    q[0] = (uint2)(x.l[0], x.l[1]);
}
static inline fe fe_lds(__local const uint2* u, const uint i, const uint stride) {
    fe r; uint2 v;
    v = u[0u * stride + i];
    r.l[0] = v.s0; r.l[1] = v.s1;
    return r;
}
static inline void fe_sts(__local uint2* u, const uint i, const uint stride, const fe x) {
    u[0u * stride + i] = (uint2)(x.l[0], x.l[1]);
}

// ntt_fused_pass0_r32: Stockham pass 0 (radix 32, span 1). For each column i < 512 (k = i mod 1):
// u_j = x[i + j*512], U = DFT_32(u) (w_32 = w^512), y[(i - k)*32 + k + m*1] = U_m.
// 32 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 5 DIT stages go in
// groups 3+2 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass0_r32(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local uint2 u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 32u;
    const fe W8_1 = {{ 0x01000001U, 0xfeffffffU }};
    const fe W8_2 = {{ 0xffff0001U, 0xfffffffeU }};
    const fe W8_3 = {{ 0x00000000U, 0x00000100U }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..2: DFT-8 of u_(j0 + q*4) for q < 8, j0 = bitrev_2(tp), into slots tp*8 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 31u, tp = vt >> 5u;
        const uint i = i0 + col;
        const uint j0 = bitrev(tp, 2u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 512u);
        fe a1 = fe_ldg(x, i + (j0 + 16u) * 512u);
        fe a2 = fe_ldg(x, i + (j0 + 8u) * 512u);
        fe a3 = fe_ldg(x, i + (j0 + 24u) * 512u);
        fe a4 = fe_ldg(x, i + (j0 + 4u) * 512u);
        fe a5 = fe_ldg(x, i + (j0 + 20u) * 512u);
        fe a6 = fe_ldg(x, i + (j0 + 12u) * 512u);
        fe a7 = fe_ldg(x, i + (j0 + 28u) * 512u);
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a5; a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = a7; a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W8_2); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = a6; a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, W8_2); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = a4; a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, W8_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, W8_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, W8_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        fe_sts(u, (tp * 8u + 0u) * 32u + col, 1024u, a0);
        fe_sts(u, (tp * 8u + 1u) * 32u + col, 1024u, a1);
        fe_sts(u, (tp * 8u + 2u) * 32u + col, 1024u, a2);
        fe_sts(u, (tp * 8u + 3u) * 32u + col, 1024u, a3);
        fe_sts(u, (tp * 8u + 4u) * 32u + col, 1024u, a4);
        fe_sts(u, (tp * 8u + 5u) * 32u + col, 1024u, a5);
        fe_sts(u, (tp * 8u + 6u) * 32u + col, 1024u, a6);
        fe_sts(u, (tp * 8u + 7u) * 32u + col, 1024u, a7);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 3..4: 2 set(s) of 4 slots base + i*8 per work-item (base = lo + (set >> 3) * 32, lo = set mod 8), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 31u, tp = vt >> 5u;
        const uint i = i0 + col;
        for (uint kk = 0; kk < 2u; kk++) {
            const uint sg = tp + kk * 4u;
            const uint lo = sg & 7u;
            const uint base = ((sg >> 3u) << 5u) + lo;
            fe a0 = fe_lds(u, (base + 0u) * 32u + col, 1024u);
            fe a1 = fe_lds(u, (base + 8u) * 32u + col, 1024u);
            fe a2 = fe_lds(u, (base + 16u) * 32u + col, 1024u);
            fe a3 = fe_lds(u, (base + 24u) * 32u + col, 1024u);
            const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
            { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
            const fe w1_0 = fe_ldg(roots, (lo + 0u) << 0u);
            const fe w1_1 = fe_ldg(roots, (lo + 8u) << 0u);
            { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
            fe_stg(y, (i << 5u) + base + 0u, a0);
            fe_stg(y, (i << 5u) + base + 8u, a1);
            fe_stg(y, (i << 5u) + base + 16u, a2);
            fe_stg(y, (i << 5u) + base + 24u, a3);
        }
    }
}

// ntt_fused_pass1_r32: Stockham pass 1 (radix 32, span 32). For each column i < 512 (k = i mod 32):
// u_j = x[i + j*512] * tw[j*32 + k] (tw = w_(1024)^(jk)), U = DFT_32(u) (w_32 = w^512), y[(i - k)*32 + k + m*32] = U_m.
// 32 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 5 DIT stages go in
// groups 3+2 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass1_r32(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local uint2 u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 32u;
    const fe W8_1 = {{ 0x01000001U, 0xfeffffffU }};
    const fe W8_2 = {{ 0xffff0001U, 0xfffffffeU }};
    const fe W8_3 = {{ 0x00000000U, 0x00000100U }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..2: DFT-8 of u_(j0 + q*4) for q < 8, j0 = bitrev_2(tp), into slots tp*8 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 31u, tp = vt >> 5u;
        const uint i = i0 + col;
        const uint k = i & 31u;
        const uint j0 = bitrev(tp, 2u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 512u);
        fe a1 = fe_ldg(x, i + (j0 + 16u) * 512u);
        fe a2 = fe_ldg(x, i + (j0 + 8u) * 512u);
        fe a3 = fe_ldg(x, i + (j0 + 24u) * 512u);
        fe a4 = fe_ldg(x, i + (j0 + 4u) * 512u);
        fe a5 = fe_ldg(x, i + (j0 + 20u) * 512u);
        fe a6 = fe_ldg(x, i + (j0 + 12u) * 512u);
        fe a7 = fe_ldg(x, i + (j0 + 28u) * 512u);
        a0 = fe_mul(a0, fe_ldg(tw, (j0 + 0u) * 32u + k));
        a1 = fe_mul(a1, fe_ldg(tw, (j0 + 16u) * 32u + k));
        a2 = fe_mul(a2, fe_ldg(tw, (j0 + 8u) * 32u + k));
        a3 = fe_mul(a3, fe_ldg(tw, (j0 + 24u) * 32u + k));
        a4 = fe_mul(a4, fe_ldg(tw, (j0 + 4u) * 32u + k));
        a5 = fe_mul(a5, fe_ldg(tw, (j0 + 20u) * 32u + k));
        a6 = fe_mul(a6, fe_ldg(tw, (j0 + 12u) * 32u + k));
        a7 = fe_mul(a7, fe_ldg(tw, (j0 + 28u) * 32u + k));
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a5; a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = a7; a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W8_2); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = a6; a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, W8_2); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = a4; a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, W8_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, W8_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, W8_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        fe_sts(u, (tp * 8u + 0u) * 32u + col, 1024u, a0);
        fe_sts(u, (tp * 8u + 1u) * 32u + col, 1024u, a1);
        fe_sts(u, (tp * 8u + 2u) * 32u + col, 1024u, a2);
        fe_sts(u, (tp * 8u + 3u) * 32u + col, 1024u, a3);
        fe_sts(u, (tp * 8u + 4u) * 32u + col, 1024u, a4);
        fe_sts(u, (tp * 8u + 5u) * 32u + col, 1024u, a5);
        fe_sts(u, (tp * 8u + 6u) * 32u + col, 1024u, a6);
        fe_sts(u, (tp * 8u + 7u) * 32u + col, 1024u, a7);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 3..4: 2 set(s) of 4 slots base + i*8 per work-item (base = lo + (set >> 3) * 32, lo = set mod 8), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 31u, tp = vt >> 5u;
        const uint i = i0 + col;
        const uint k = i & 31u;
        for (uint kk = 0; kk < 2u; kk++) {
            const uint sg = tp + kk * 4u;
            const uint lo = sg & 7u;
            const uint base = ((sg >> 3u) << 5u) + lo;
            fe a0 = fe_lds(u, (base + 0u) * 32u + col, 1024u);
            fe a1 = fe_lds(u, (base + 8u) * 32u + col, 1024u);
            fe a2 = fe_lds(u, (base + 16u) * 32u + col, 1024u);
            fe a3 = fe_lds(u, (base + 24u) * 32u + col, 1024u);
            const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
            { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
            const fe w1_0 = fe_ldg(roots, (lo + 0u) << 0u);
            const fe w1_1 = fe_ldg(roots, (lo + 8u) << 0u);
            { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
            fe_stg(y, ((i - k) << 5u) + k + (base + 0u) * 32u, a0);
            fe_stg(y, ((i - k) << 5u) + k + (base + 8u) * 32u, a1);
            fe_stg(y, ((i - k) << 5u) + k + (base + 16u) * 32u, a2);
            fe_stg(y, ((i - k) << 5u) + k + (base + 24u) * 32u, a3);
        }
    }
}

// ntt_fused_pass2_r16: Stockham pass 2 (radix 16, span 1024). For each column i < 1024 (k = i mod 1024):
// u_j = x[i + j*1024] * tw[j*1024 + k] (tw = w_(16384)^(jk)), U = DFT_16(u) (w_16 = w^1024), y[(i - k)*16 + k + m*1024] = U_m.
// 64 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 4 DIT stages go in
// groups 3+1 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass2_r16(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local uint2 u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 64u;
    const fe W8_1 = {{ 0x01000001U, 0xfeffffffU }};
    const fe W8_2 = {{ 0xffff0001U, 0xfffffffeU }};
    const fe W8_3 = {{ 0x00000000U, 0x00000100U }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..2: DFT-8 of u_(j0 + q*2) for q < 8, j0 = bitrev_1(tp), into slots tp*8 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 63u, tp = vt >> 6u;
        const uint i = i0 + col;
        const uint k = i & 1023u;
        const uint j0 = bitrev(tp, 1u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 1024u);
        fe a1 = fe_ldg(x, i + (j0 + 8u) * 1024u);
        fe a2 = fe_ldg(x, i + (j0 + 4u) * 1024u);
        fe a3 = fe_ldg(x, i + (j0 + 12u) * 1024u);
        fe a4 = fe_ldg(x, i + (j0 + 2u) * 1024u);
        fe a5 = fe_ldg(x, i + (j0 + 10u) * 1024u);
        fe a6 = fe_ldg(x, i + (j0 + 6u) * 1024u);
        fe a7 = fe_ldg(x, i + (j0 + 14u) * 1024u);
        a0 = fe_mul(a0, fe_ldg(tw, (j0 + 0u) * 1024u + k));
        a1 = fe_mul(a1, fe_ldg(tw, (j0 + 8u) * 1024u + k));
        a2 = fe_mul(a2, fe_ldg(tw, (j0 + 4u) * 1024u + k));
        a3 = fe_mul(a3, fe_ldg(tw, (j0 + 12u) * 1024u + k));
        a4 = fe_mul(a4, fe_ldg(tw, (j0 + 2u) * 1024u + k));
        a5 = fe_mul(a5, fe_ldg(tw, (j0 + 10u) * 1024u + k));
        a6 = fe_mul(a6, fe_ldg(tw, (j0 + 6u) * 1024u + k));
        a7 = fe_mul(a7, fe_ldg(tw, (j0 + 14u) * 1024u + k));
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a5; a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = a7; a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W8_2); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = a6; a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, W8_2); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = a4; a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, W8_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, W8_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, W8_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        fe_sts(u, (tp * 8u + 0u) * 64u + col, 1024u, a0);
        fe_sts(u, (tp * 8u + 1u) * 64u + col, 1024u, a1);
        fe_sts(u, (tp * 8u + 2u) * 64u + col, 1024u, a2);
        fe_sts(u, (tp * 8u + 3u) * 64u + col, 1024u, a3);
        fe_sts(u, (tp * 8u + 4u) * 64u + col, 1024u, a4);
        fe_sts(u, (tp * 8u + 5u) * 64u + col, 1024u, a5);
        fe_sts(u, (tp * 8u + 6u) * 64u + col, 1024u, a6);
        fe_sts(u, (tp * 8u + 7u) * 64u + col, 1024u, a7);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 3..3: 4 set(s) of 2 slots base + i*8 per work-item (base = lo + (set >> 3) * 16, lo = set mod 8), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 63u, tp = vt >> 6u;
        const uint i = i0 + col;
        const uint k = i & 1023u;
        for (uint kk = 0; kk < 4u; kk++) {
            const uint sg = tp + kk * 2u;
            const uint lo = sg & 7u;
            const uint base = ((sg >> 3u) << 4u) + lo;
            fe a0 = fe_lds(u, (base + 0u) * 64u + col, 1024u);
            fe a1 = fe_lds(u, (base + 8u) * 64u + col, 1024u);
            const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
            { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            fe_stg(y, ((i - k) << 4u) + k + (base + 0u) * 1024u, a0);
            fe_stg(y, ((i - k) << 4u) + k + (base + 8u) * 1024u, a1);
        }
    }
}

