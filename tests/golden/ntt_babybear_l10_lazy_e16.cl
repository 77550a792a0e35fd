// NTT variant fused of N = 2^10 points over babybear (2013265921), 64-bit limbs, portable arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 341742893.
// Stockham passes of radix 1024 (regs kernel: 16 points per work-item, twiddles from a table per pass, lazy reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 2013265921 (31 bits),
// 1 limbs of 64 bits (little-endian), Montgomery form with R = 2^64, n' = -p^-1 mod 2^64 = 14393504411089371135.
// Carry chains: portable C macros; lazy reduction: values in [0, 2p) between operations, fe_reduce gives [0, p).
typedef ulong limb_t;
typedef struct { limb_t l[1]; } fe;

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
#define ADD_CC(d, a, b) { limb_t _a = (a), _s = _a + (b); _cf = (limb_t)(_s < _a); (d) = _s; }
#define ADDC_CC(d, a, b) { limb_t _a = (a), _s = _a + (b), _k = (limb_t)(_s < _a); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }
#define SUB_CC(d, a, b) { limb_t _a = (a), _b = (b); _cf = (limb_t)(_a < _b); (d) = _a - _b; }
#define SUBC_CC(d, a, b) { limb_t _a = (a), _b = (b), _x = _a - _b, _k = (limb_t)(_a < _b); limb_t _r = _x - _cf; _cf = _k | (limb_t)(_x < _cf); (d) = _r; }
#define MADLO_CC(d, a, b, c) { limb_t _c = (c), _s = (limb_t)((a) * (b)) + _c; _cf = (limb_t)(_s < _c); (d) = _s; }
#define MADLOC_CC(d, a, b, c) { limb_t _c = (c), _s = (limb_t)((a) * (b)) + _c, _k = (limb_t)(_s < _c); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }
#define MADHI_CC(d, a, b, c) { limb_t _c = (c), _s = mul_hi((limb_t)(a), (limb_t)(b)) + _c; _cf = (limb_t)(_s < _c); (d) = _s; }
#define MADHIC_CC(d, a, b, c) { limb_t _c = (c), _s = mul_hi((limb_t)(a), (limb_t)(b)) + _c, _k = (limb_t)(_s < _c); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }

// a + b mod 2p (inputs < 2p): sum chain, then the sum minus 2p where it is >= 2p.
static inline fe fe_add(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0;
    ADD(r.l[0], r.l[0], b.l[0]); SUB_CC(d0, r.l[0], 0x00000000f0000002UL); SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    (void)hi; (void)cy;
    return r;
}

// a - b mod 2p (inputs < 2p): difference chain, then + (2p & borrow mask).
static inline fe fe_sub(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, q = 0;
    {
        SUB_CC(r.l[0], r.l[0], b.l[0]);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
        AND(q, bo, 0x00000000f0000002UL);
        ADD(r.l[0], r.l[0], q);
    }
    (void)cy;
    return r;
}

// x mod p for x < 2p (the identity on fully reduced values).
static inline fe fe_reduce(const fe x) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = x; limb_t bo = 0, d0 = 0;
    SUB_CC(d0, r.l[0], 0x0000000078000001UL); SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    (void)cy;
    return r;
}

// a * b * R^-1 mod p: Montgomery multiplication, CIOS, 1 rows of four carry chains
// (lo and hi halves of a*b_i, then of m*p with m = t0*n'); T in 2 words t*, renamed
// (not moved) after each row. Result < 2p (lazy: no final subtraction).
static inline fe fe_mul(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    limb_t t0 = 0, t1 = 0, m = 0;
    // row 0: T = (T + a*b.l[0] + m*p) / 2^64
    {
        MULLO(t0, a.l[0], b.l[0]);
        MADHI(t1, a.l[0], b.l[0], 0x0000000000000000UL);
        MULLO(m, t0, 0xc7c0000077ffffffUL);
        MADLO_CC(t0, m, 0x0000000078000001UL, t0);
        ADDC(t1, t1, 0x0000000000000000UL);
        MADHI(t1, m, 0x0000000078000001UL, t1);
    }
    fe r;
    r.l[0] = t1;
    (void)cy; (void)m;
    return r;
}

// x * R mod p: into Montgomery form (multiply by R^2).
static inline fe fe_to_mont(const fe x) {
    fe r2;
    r2.l[0] = 0x0000000027922ab6UL;
    return fe_mul(x, r2);
}

// x * R^-1 mod p: out of Montgomery form (multiply by 1), fully reduced.
static inline fe fe_from_mont(const fe x) {
    fe one;
    one.l[0] = 1;
    return fe_reduce(fe_mul(x, one));
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

// Element access as 1 vector(s) of type ulong: fe_ldg/fe_stg in global memory (element i),
// fe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart).
static inline fe fe_ldg(__global const fe* p, const uint i) {
    __global const ulong* q = (__global const ulong*)p + (size_t)i * 1u;
    fe r; ulong v;
    v = q[0];
    r.l[0] = v;
    return r;
}
static inline void fe_stg(__global fe* p, const uint i, const fe x) {
    __global ulong* q = (__global ulong*)p + (size_t)i * 1u;
    q[0] = x.l[0];
}
static inline fe fe_lds(__local const ulong* u, const uint i, const uint stride) {
    fe r; ulong v;
    v = u[0u * stride + i];
    r.l[0] = v;
    return r;
}
static inline void fe_sts(__local ulong* u, const uint i, const uint stride, const fe x) {
    u[0u * stride + i] = x.l[0];
}

// ntt_fused_pass0_r1024: Stockham pass 0 (radix 1024, span 1). For each column i < 1 (k = i mod 1):
// u_j = x[i + j*1], U = DFT_1024(u) (w_1024 = w^1), y[(i - k)*1024 + k + m*1] = U_m (reduced below p).
// 1 column(s) per work-group, 64 work-items of 16 points (64 per work-group); the 10 DIT stages go in
// groups 4+4+2 (the first as 16-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void ntt_fused_pass0_r1024(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 1u;
    const fe W16_1 = {{ 0x000000002d46a111UL }};
    const fe W16_2 = {{ 0x0000000024c1c97bUL }};
    const fe W16_3 = {{ 0x0000000022bfae39UL }};
    const fe W16_4 = {{ 0x000000002bcb0643UL }};
    const fe W16_5 = {{ 0x000000004d7339e9UL }};
    const fe W16_6 = {{ 0x00000000763bccb2UL }};
    const fe W16_7 = {{ 0x000000000d99ee7aUL }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..3: DFT-16 of u_(j0 + q*64) for q < 16, j0 = bitrev_6(tp), into slots tp*16 + m'.
    for (uint vt = lt; vt < 64u; vt += 64u) {
        const uint col = 0u, tp = vt;
        const uint i = i0 + col;
        const uint j0 = bitrev(tp, 6u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 1u);
        fe a1 = fe_ldg(x, i + (j0 + 512u) * 1u);
        fe a2 = fe_ldg(x, i + (j0 + 256u) * 1u);
        fe a3 = fe_ldg(x, i + (j0 + 768u) * 1u);
        fe a4 = fe_ldg(x, i + (j0 + 128u) * 1u);
        fe a5 = fe_ldg(x, i + (j0 + 640u) * 1u);
        fe a6 = fe_ldg(x, i + (j0 + 384u) * 1u);
        fe a7 = fe_ldg(x, i + (j0 + 896u) * 1u);
        fe a8 = fe_ldg(x, i + (j0 + 64u) * 1u);
        fe a9 = fe_ldg(x, i + (j0 + 576u) * 1u);
        fe a10 = fe_ldg(x, i + (j0 + 320u) * 1u);
        fe a11 = fe_ldg(x, i + (j0 + 832u) * 1u);
        fe a12 = fe_ldg(x, i + (j0 + 192u) * 1u);
        fe a13 = fe_ldg(x, i + (j0 + 704u) * 1u);
        fe a14 = fe_ldg(x, i + (j0 + 448u) * 1u);
        fe a15 = fe_ldg(x, i + (j0 + 960u) * 1u);
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a5; a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = a7; a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = a9; a9 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = a11; a11 = fe_sub(a10, b); a10 = fe_add(a10, b); }
        { const fe b = a13; a13 = fe_sub(a12, b); a12 = fe_add(a12, b); }
        { const fe b = a15; a15 = fe_sub(a14, b); a14 = fe_add(a14, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W16_4); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = a6; a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, W16_4); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = a10; a10 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = fe_mul(a11, W16_4); a11 = fe_sub(a9, b); a9 = fe_add(a9, b); }
        { const fe b = a14; a14 = fe_sub(a12, b); a12 = fe_add(a12, b); }
        { const fe b = fe_mul(a15, W16_4); a15 = fe_sub(a13, b); a13 = fe_add(a13, b); }
        { const fe b = a4; a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, W16_2); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, W16_4); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, W16_6); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        { const fe b = a12; a12 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = fe_mul(a13, W16_2); a13 = fe_sub(a9, b); a9 = fe_add(a9, b); }
        { const fe b = fe_mul(a14, W16_4); a14 = fe_sub(a10, b); a10 = fe_add(a10, b); }
        { const fe b = fe_mul(a15, W16_6); a15 = fe_sub(a11, b); a11 = fe_add(a11, b); }
        { const fe b = a8; a8 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a9, W16_1); a9 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a10, W16_2); a10 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a11, W16_3); a11 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        { const fe b = fe_mul(a12, W16_4); a12 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a13, W16_5); a13 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = fe_mul(a14, W16_6); a14 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = fe_mul(a15, W16_7); a15 = fe_sub(a7, b); a7 = fe_add(a7, b); }
        fe_sts(u, ((tp * 16u + 0u) ^ (((tp * 16u + 0u) >> 4u) & 15u)), 1024u, a0);
        fe_sts(u, ((tp * 16u + 1u) ^ (((tp * 16u + 1u) >> 4u) & 15u)), 1024u, a1);
        fe_sts(u, ((tp * 16u + 2u) ^ (((tp * 16u + 2u) >> 4u) & 15u)), 1024u, a2);
        fe_sts(u, ((tp * 16u + 3u) ^ (((tp * 16u + 3u) >> 4u) & 15u)), 1024u, a3);
        fe_sts(u, ((tp * 16u + 4u) ^ (((tp * 16u + 4u) >> 4u) & 15u)), 1024u, a4);
        fe_sts(u, ((tp * 16u + 5u) ^ (((tp * 16u + 5u) >> 4u) & 15u)), 1024u, a5);
        fe_sts(u, ((tp * 16u + 6u) ^ (((tp * 16u + 6u) >> 4u) & 15u)), 1024u, a6);
        fe_sts(u, ((tp * 16u + 7u) ^ (((tp * 16u + 7u) >> 4u) & 15u)), 1024u, a7);
        fe_sts(u, ((tp * 16u + 8u) ^ (((tp * 16u + 8u) >> 4u) & 15u)), 1024u, a8);
        fe_sts(u, ((tp * 16u + 9u) ^ (((tp * 16u + 9u) >> 4u) & 15u)), 1024u, a9);
        fe_sts(u, ((tp * 16u + 10u) ^ (((tp * 16u + 10u) >> 4u) & 15u)), 1024u, a10);
        fe_sts(u, ((tp * 16u + 11u) ^ (((tp * 16u + 11u) >> 4u) & 15u)), 1024u, a11);
        fe_sts(u, ((tp * 16u + 12u) ^ (((tp * 16u + 12u) >> 4u) & 15u)), 1024u, a12);
        fe_sts(u, ((tp * 16u + 13u) ^ (((tp * 16u + 13u) >> 4u) & 15u)), 1024u, a13);
        fe_sts(u, ((tp * 16u + 14u) ^ (((tp * 16u + 14u) >> 4u) & 15u)), 1024u, a14);
        fe_sts(u, ((tp * 16u + 15u) ^ (((tp * 16u + 15u) >> 4u) & 15u)), 1024u, a15);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 4..7: 1 set(s) of 16 slots base + i*16 per work-item (base = lo + (set >> 4) * 256, lo = set mod 16).
    for (uint vt = lt; vt < 64u; vt += 64u) {
        const uint col = 0u, tp = vt;
        const uint i = i0 + col;
        const uint sg = tp;
        const uint lo = sg & 15u;
        const uint base = ((sg >> 4u) << 8u) + lo;
        fe a0 = fe_lds(u, ((base + 0u) ^ (((base + 0u) >> 4u) & 15u)), 1024u);
        fe a1 = fe_lds(u, ((base + 16u) ^ (((base + 16u) >> 4u) & 15u)), 1024u);
        fe a2 = fe_lds(u, ((base + 32u) ^ (((base + 32u) >> 4u) & 15u)), 1024u);
        fe a3 = fe_lds(u, ((base + 48u) ^ (((base + 48u) >> 4u) & 15u)), 1024u);
        fe a4 = fe_lds(u, ((base + 64u) ^ (((base + 64u) >> 4u) & 15u)), 1024u);
        fe a5 = fe_lds(u, ((base + 80u) ^ (((base + 80u) >> 4u) & 15u)), 1024u);
        fe a6 = fe_lds(u, ((base + 96u) ^ (((base + 96u) >> 4u) & 15u)), 1024u);
        fe a7 = fe_lds(u, ((base + 112u) ^ (((base + 112u) >> 4u) & 15u)), 1024u);
        fe a8 = fe_lds(u, ((base + 128u) ^ (((base + 128u) >> 4u) & 15u)), 1024u);
        fe a9 = fe_lds(u, ((base + 144u) ^ (((base + 144u) >> 4u) & 15u)), 1024u);
        fe a10 = fe_lds(u, ((base + 160u) ^ (((base + 160u) >> 4u) & 15u)), 1024u);
        fe a11 = fe_lds(u, ((base + 176u) ^ (((base + 176u) >> 4u) & 15u)), 1024u);
        fe a12 = fe_lds(u, ((base + 192u) ^ (((base + 192u) >> 4u) & 15u)), 1024u);
        fe a13 = fe_lds(u, ((base + 208u) ^ (((base + 208u) >> 4u) & 15u)), 1024u);
        fe a14 = fe_lds(u, ((base + 224u) ^ (((base + 224u) >> 4u) & 15u)), 1024u);
        fe a15 = fe_lds(u, ((base + 240u) ^ (((base + 240u) >> 4u) & 15u)), 1024u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 5u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a5, w0_0); a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w0_0); a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = fe_mul(a9, w0_0); a9 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = fe_mul(a11, w0_0); a11 = fe_sub(a10, b); a10 = fe_add(a10, b); }
        { const fe b = fe_mul(a13, w0_0); a13 = fe_sub(a12, b); a12 = fe_add(a12, b); }
        { const fe b = fe_mul(a15, w0_0); a15 = fe_sub(a14, b); a14 = fe_add(a14, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 4u);
        const fe w1_1 = fe_ldg(roots, (lo + 16u) << 4u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w1_0); a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w1_1); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = fe_mul(a10, w1_0); a10 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = fe_mul(a11, w1_1); a11 = fe_sub(a9, b); a9 = fe_add(a9, b); }
        { const fe b = fe_mul(a14, w1_0); a14 = fe_sub(a12, b); a12 = fe_add(a12, b); }
        { const fe b = fe_mul(a15, w1_1); a15 = fe_sub(a13, b); a13 = fe_add(a13, b); }
        const fe w2_0 = fe_ldg(roots, (lo + 0u) << 3u);
        const fe w2_1 = fe_ldg(roots, (lo + 16u) << 3u);
        const fe w2_2 = fe_ldg(roots, (lo + 32u) << 3u);
        const fe w2_3 = fe_ldg(roots, (lo + 48u) << 3u);
        { const fe b = fe_mul(a4, w2_0); a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, w2_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w2_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, w2_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        { const fe b = fe_mul(a12, w2_0); a12 = fe_sub(a8, b); a8 = fe_add(a8, b); }
        { const fe b = fe_mul(a13, w2_1); a13 = fe_sub(a9, b); a9 = fe_add(a9, b); }
        { const fe b = fe_mul(a14, w2_2); a14 = fe_sub(a10, b); a10 = fe_add(a10, b); }
        { const fe b = fe_mul(a15, w2_3); a15 = fe_sub(a11, b); a11 = fe_add(a11, b); }
        const fe w3_0 = fe_ldg(roots, (lo + 0u) << 2u);
        const fe w3_1 = fe_ldg(roots, (lo + 16u) << 2u);
        const fe w3_2 = fe_ldg(roots, (lo + 32u) << 2u);
        const fe w3_3 = fe_ldg(roots, (lo + 48u) << 2u);
        const fe w3_4 = fe_ldg(roots, (lo + 64u) << 2u);
        const fe w3_5 = fe_ldg(roots, (lo + 80u) << 2u);
        const fe w3_6 = fe_ldg(roots, (lo + 96u) << 2u);
        const fe w3_7 = fe_ldg(roots, (lo + 112u) << 2u);
        { const fe b = fe_mul(a8, w3_0); a8 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a9, w3_1); a9 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a10, w3_2); a10 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a11, w3_3); a11 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        { const fe b = fe_mul(a12, w3_4); a12 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a13, w3_5); a13 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        { const fe b = fe_mul(a14, w3_6); a14 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        { const fe b = fe_mul(a15, w3_7); a15 = fe_sub(a7, b); a7 = fe_add(a7, b); }
        fe_sts(u, ((base + 0u) ^ (((base + 0u) >> 4u) & 15u)), 1024u, a0);
        fe_sts(u, ((base + 16u) ^ (((base + 16u) >> 4u) & 15u)), 1024u, a1);
        fe_sts(u, ((base + 32u) ^ (((base + 32u) >> 4u) & 15u)), 1024u, a2);
        fe_sts(u, ((base + 48u) ^ (((base + 48u) >> 4u) & 15u)), 1024u, a3);
        fe_sts(u, ((base + 64u) ^ (((base + 64u) >> 4u) & 15u)), 1024u, a4);
        fe_sts(u, ((base + 80u) ^ (((base + 80u) >> 4u) & 15u)), 1024u, a5);
        fe_sts(u, ((base + 96u) ^ (((base + 96u) >> 4u) & 15u)), 1024u, a6);
        fe_sts(u, ((base + 112u) ^ (((base + 112u) >> 4u) & 15u)), 1024u, a7);
        fe_sts(u, ((base + 128u) ^ (((base + 128u) >> 4u) & 15u)), 1024u, a8);
        fe_sts(u, ((base + 144u) ^ (((base + 144u) >> 4u) & 15u)), 1024u, a9);
        fe_sts(u, ((base + 160u) ^ (((base + 160u) >> 4u) & 15u)), 1024u, a10);
        fe_sts(u, ((base + 176u) ^ (((base + 176u) >> 4u) & 15u)), 1024u, a11);
        fe_sts(u, ((base + 192u) ^ (((base + 192u) >> 4u) & 15u)), 1024u, a12);
        fe_sts(u, ((base + 208u) ^ (((base + 208u) >> 4u) & 15u)), 1024u, a13);
        fe_sts(u, ((base + 224u) ^ (((base + 224u) >> 4u) & 15u)), 1024u, a14);
        fe_sts(u, ((base + 240u) ^ (((base + 240u) >> 4u) & 15u)), 1024u, a15);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 8..9: 4 set(s) of 4 slots base + i*256 per work-item (base = lo + (set >> 8) * 1024, lo = set mod 256), then out to global memory.
    for (uint vt = lt; vt < 64u; vt += 64u) {
        const uint col = 0u, tp = vt;
        const uint i = i0 + col;
        for (uint kk = 0; kk < 4u; kk++) {
            const uint sg = tp + kk * 64u;
            const uint lo = sg & 255u;
            const uint base = ((sg >> 8u) << 10u) + lo;
            fe a0 = fe_lds(u, ((base + 0u) ^ (((base + 0u) >> 4u) & 15u)), 1024u);
            fe a1 = fe_lds(u, ((base + 256u) ^ (((base + 256u) >> 4u) & 15u)), 1024u);
            fe a2 = fe_lds(u, ((base + 512u) ^ (((base + 512u) >> 4u) & 15u)), 1024u);
            fe a3 = fe_lds(u, ((base + 768u) ^ (((base + 768u) >> 4u) & 15u)), 1024u);
            const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
            { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
            const fe w1_0 = fe_ldg(roots, (lo + 0u) << 0u);
            const fe w1_1 = fe_ldg(roots, (lo + 256u) << 0u);
            { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
            { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
            fe_stg(y, (i << 10u) + base + 0u, fe_reduce(a0));
            fe_stg(y, (i << 10u) + base + 256u, fe_reduce(a1));
            fe_stg(y, (i << 10u) + base + 512u, fe_reduce(a2));
            fe_stg(y, (i << 10u) + base + 768u, fe_reduce(a3));
        }
    }
}

