// NTT variant fused of N = 2^12 points over bn254-fr (21888242871839275222246405745257275088548364400416034343698204186575808495617), 64-bit limbs, portable arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 4158865282786404163413953114870269622875596290766033564087307867933865333818.
// Stockham passes of radix 64·64 (regs kernel: 8 points per work-item, twiddles from a table per pass, lazy reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 21888242871839275222246405745257275088548364400416034343698204186575808495617 (254 bits),
// 4 limbs of 64 bits (little-endian), Montgomery form with R = 2^256, n' = -p^-1 mod 2^64 = 14042775128853446655.
// Carry chains: portable C macros; lazy reduction: values in [0, 2p) between operations, fe_reduce gives [0, p).
typedef ulong limb_t;
typedef struct { limb_t l[4]; } fe;

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
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    {
        ADD_CC(r.l[0], r.l[0], b.l[0]);
        ADDC_CC(r.l[1], r.l[1], b.l[1]);
        ADDC_CC(r.l[2], r.l[2], b.l[2]);
        ADDC(r.l[3], r.l[3], b.l[3]);
        SUB_CC(d0, r.l[0], 0x87c3eb27e0000002UL);
        SUBC_CC(d1, r.l[1], 0x5067d090f372e122UL);
        SUBC_CC(d2, r.l[2], 0x70a08b6d0302b0baUL);
        SUBC_CC(d3, r.l[3], 0x60c89ce5c2634053UL);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
    }
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
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
        SUBC_CC(r.l[1], r.l[1], b.l[1]);
        SUBC_CC(r.l[2], r.l[2], b.l[2]);
        SUBC_CC(r.l[3], r.l[3], b.l[3]);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
        AND(q, bo, 0x87c3eb27e0000002UL);
        ADD_CC(r.l[0], r.l[0], q);
        AND(q, bo, 0x5067d090f372e122UL);
        ADDC_CC(r.l[1], r.l[1], q);
        AND(q, bo, 0x70a08b6d0302b0baUL);
        ADDC_CC(r.l[2], r.l[2], q);
        AND(q, bo, 0x60c89ce5c2634053UL);
        ADDC(r.l[3], r.l[3], q);
    }
    (void)cy;
    return r;
}

// x mod p for x < 2p (the identity on fully reduced values).
static inline fe fe_reduce(const fe x) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = x; limb_t bo = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    {
        SUB_CC(d0, r.l[0], 0x43e1f593f0000001UL);
        SUBC_CC(d1, r.l[1], 0x2833e84879b97091UL);
        SUBC_CC(d2, r.l[2], 0xb85045b68181585dUL);
        SUBC_CC(d3, r.l[3], 0x30644e72e131a029UL);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
    }
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
    (void)cy;
    return r;
}

// a * b * R^-1 mod p: Montgomery multiplication, 4 rows, two accumulators E (x*) and O (y*)
// with T = E + O*2^64: products of even limbs go to E as double words, those of odd limbs to O;
// after each row E and O swap roles (the division by 2^64). Result < 2p (lazy: no final subtraction).
static inline fe fe_mul(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    limb_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, y0 = 0, y1 = 0, y2 = 0, y3 = 0, m = 0;
    // row 0: T = T/2^64 + a*b.l[0] + m*p, E = x*, O = y*
    {
        MULLO(x0, a.l[0], b.l[0]);
        MADHI(x1, a.l[0], b.l[0], 0x0000000000000000UL);
        MULLO(y0, a.l[1], b.l[0]);
        MADHI(y1, a.l[1], b.l[0], 0x0000000000000000UL);
        MULLO(x2, a.l[2], b.l[0]);
        MADHI(x3, a.l[2], b.l[0], 0x0000000000000000UL);
        MULLO(y2, a.l[3], b.l[0]);
        MADHI(y3, a.l[3], b.l[0], 0x0000000000000000UL);
        MULLO(m, x0, 0xc2e1f593efffffffUL);
        MADLO_CC(y0, m, 0x2833e84879b97091UL, y0);
        MADHIC_CC(y1, m, 0x2833e84879b97091UL, y1);
        MADLOC_CC(y2, m, 0x30644e72e131a029UL, y2);
        MADHIC(y3, m, 0x30644e72e131a029UL, y3);
        MADLO_CC(x0, m, 0x43e1f593f0000001UL, x0);
        MADHIC_CC(x1, m, 0x43e1f593f0000001UL, x1);
        MADLOC_CC(x2, m, 0xb85045b68181585dUL, x2);
        MADHIC_CC(x3, m, 0xb85045b68181585dUL, x3);
        ADDC(y3, y3, 0x0000000000000000UL);
    }
    // row 1: T = T/2^64 + a*b.l[1] + m*p, E = y*, O = x*
    {
        ADD_CC(y0, y0, x1);
        MADLOC_CC(x0, a.l[1], b.l[1], x2);
        MADHIC_CC(x1, a.l[1], b.l[1], x3);
        MADLOC_CC(x2, a.l[3], b.l[1], 0x0000000000000000UL);
        MADHIC(x3, a.l[3], b.l[1], 0x0000000000000000UL);
        MADLO_CC(y0, a.l[0], b.l[1], y0);
        MADHIC_CC(y1, a.l[0], b.l[1], y1);
        MADLOC_CC(y2, a.l[2], b.l[1], y2);
        MADHIC_CC(y3, a.l[2], b.l[1], y3);
        ADDC(x3, x3, 0x0000000000000000UL);
        MULLO(m, y0, 0xc2e1f593efffffffUL);
        MADLO_CC(x0, m, 0x2833e84879b97091UL, x0);
        MADHIC_CC(x1, m, 0x2833e84879b97091UL, x1);
        MADLOC_CC(x2, m, 0x30644e72e131a029UL, x2);
        MADHIC(x3, m, 0x30644e72e131a029UL, x3);
        MADLO_CC(y0, m, 0x43e1f593f0000001UL, y0);
        MADHIC_CC(y1, m, 0x43e1f593f0000001UL, y1);
        MADLOC_CC(y2, m, 0xb85045b68181585dUL, y2);
        MADHIC_CC(y3, m, 0xb85045b68181585dUL, y3);
        ADDC(x3, x3, 0x0000000000000000UL);
    }
    // row 2: T = T/2^64 + a*b.l[2] + m*p, E = x*, O = y*
    {
        ADD_CC(x0, x0, y1);
        MADLOC_CC(y0, a.l[1], b.l[2], y2);
        MADHIC_CC(y1, a.l[1], b.l[2], y3);
        MADLOC_CC(y2, a.l[3], b.l[2], 0x0000000000000000UL);
        MADHIC(y3, a.l[3], b.l[2], 0x0000000000000000UL);
        MADLO_CC(x0, a.l[0], b.l[2], x0);
        MADHIC_CC(x1, a.l[0], b.l[2], x1);
        MADLOC_CC(x2, a.l[2], b.l[2], x2);
        MADHIC_CC(x3, a.l[2], b.l[2], x3);
        ADDC(y3, y3, 0x0000000000000000UL);
        MULLO(m, x0, 0xc2e1f593efffffffUL);
        MADLO_CC(y0, m, 0x2833e84879b97091UL, y0);
        MADHIC_CC(y1, m, 0x2833e84879b97091UL, y1);
        MADLOC_CC(y2, m, 0x30644e72e131a029UL, y2);
        MADHIC(y3, m, 0x30644e72e131a029UL, y3);
        MADLO_CC(x0, m, 0x43e1f593f0000001UL, x0);
        MADHIC_CC(x1, m, 0x43e1f593f0000001UL, x1);
        MADLOC_CC(x2, m, 0xb85045b68181585dUL, x2);
        MADHIC_CC(x3, m, 0xb85045b68181585dUL, x3);
        ADDC(y3, y3, 0x0000000000000000UL);
    }
    // row 3: T = T/2^64 + a*b.l[3] + m*p, E = y*, O = x*
    {
        ADD_CC(y0, y0, x1);
        MADLOC_CC(x0, a.l[1], b.l[3], x2);
        MADHIC_CC(x1, a.l[1], b.l[3], x3);
        MADLOC_CC(x2, a.l[3], b.l[3], 0x0000000000000000UL);
        MADHIC(x3, a.l[3], b.l[3], 0x0000000000000000UL);
        MADLO_CC(y0, a.l[0], b.l[3], y0);
        MADHIC_CC(y1, a.l[0], b.l[3], y1);
        MADLOC_CC(y2, a.l[2], b.l[3], y2);
        MADHIC_CC(y3, a.l[2], b.l[3], y3);
        ADDC(x3, x3, 0x0000000000000000UL);
        MULLO(m, y0, 0xc2e1f593efffffffUL);
        MADLO_CC(x0, m, 0x2833e84879b97091UL, x0);
        MADHIC_CC(x1, m, 0x2833e84879b97091UL, x1);
        MADLOC_CC(x2, m, 0x30644e72e131a029UL, x2);
        MADHIC(x3, m, 0x30644e72e131a029UL, x3);
        MADLO_CC(y0, m, 0x43e1f593f0000001UL, y0);
        MADHIC_CC(y1, m, 0x43e1f593f0000001UL, y1);
        MADLOC_CC(y2, m, 0xb85045b68181585dUL, y2);
        MADHIC_CC(y3, m, 0xb85045b68181585dUL, y3);
        ADDC(x3, x3, 0x0000000000000000UL);
    }
    // T / 2^64 = E/2^64 + O
    {
        ADD_CC(x0, x0, y1);
        ADDC_CC(x1, x1, y2);
        ADDC_CC(x2, x2, y3);
        ADDC(x3, x3, 0x0000000000000000UL);
    }
    fe r;
    r.l[0] = x0;
    r.l[1] = x1;
    r.l[2] = x2;
    r.l[3] = x3;
    (void)cy; (void)m;
    return r;
}

// x * R mod p: into Montgomery form (multiply by R^2).
static inline fe fe_to_mont(const fe x) {
    fe r2;
    r2.l[0] = 0x1bb8e645ae216da7UL;
    r2.l[1] = 0x53fe3ab1e35c59e3UL;
    r2.l[2] = 0x8c49833d53bb8085UL;
    r2.l[3] = 0x0216d0b17f4e44a5UL;
    return fe_mul(x, r2);
}

// x * R^-1 mod p: out of Montgomery form (multiply by 1), fully reduced.
static inline fe fe_from_mont(const fe x) {
    fe one;
    one.l[0] = 1;
    one.l[1] = 0;
    one.l[2] = 0;
    one.l[3] = 0;
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

// Element access as 2 vector(s) of type ulong2: fe_ldg/fe_stg in global memory (element i),
// fe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart).
static inline fe fe_ldg(__global const fe* p, const uint i) {
    __global const ulong2* q = (__global const ulong2*)p + (size_t)i * 2u;
    fe r; ulong2 v;
    v = q[0];
    r.l[0] = v.s0; r.l[1] = v.s1;
    v = q[1];
    r.l[2] = v.s0; r.l[3] = v.s1;
    return r;
}
static inline void fe_stg(__global fe* p, const uint i, const fe x) {
    __global ulong2* q = (__global ulong2*)p + (size_t)i * 2u;
    q[0] = (ulong2)(x.l[0], x.l[1]);
    q[1] = (ulong2)(x.l[2], x.l[3]);
}
static inline fe fe_lds(__local const ulong2* u, const uint i, const uint stride) {
    fe r; ulong2 v;
    v = u[0u * stride + i];
    r.l[0] = v.s0; r.l[1] = v.s1;
    v = u[1u * stride + i];
    r.l[2] = v.s0; r.l[3] = v.s1;
    return r;
}
static inline void fe_sts(__local ulong2* u, const uint i, const uint stride, const fe x) {
    u[0u * stride + i] = (ulong2)(x.l[0], x.l[1]);
    u[1u * stride + i] = (ulong2)(x.l[2], x.l[3]);
}

// ntt_fused_pass0_r64: Stockham pass 0 (radix 64, span 1). For each column i < 64 (k = i mod 1):
// u_j = x[i + j*64], U = DFT_64(u) (w_64 = w^64), y[(i - k)*64 + k + m*1] = U_m.
// 16 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 6 DIT stages go in
// groups 3+3 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass0_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong2 u[2048];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 16u;
    const fe W8_1 = {{ 0xf8ad4ae2b5ad7c3fUL, 0x2d60c6ff83cb85beUL, 0xd976fd2b5d9429f7UL, 0x24407ce73f9ad9a9UL }};
    const fe W8_2 = {{ 0x7f753d979edcef8bUL, 0x5f3f172cb1479120UL, 0x8db1627974096c6eUL, 0x2b377b3539c108cfUL }};
    const fe W8_3 = {{ 0x11da29b6125d6166UL, 0xb069b2a25389b195UL, 0x7ad23dd6d1277a24UL, 0x1dbb3113ae748ed2UL }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..2: DFT-8 of u_(j0 + q*8) for q < 8, j0 = bitrev_3(tp), into slots tp*8 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 15u, tp = vt >> 4u;
        const uint i = i0 + col;
        const uint j0 = bitrev(tp, 3u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 64u);
        fe a1 = fe_ldg(x, i + (j0 + 32u) * 64u);
        fe a2 = fe_ldg(x, i + (j0 + 16u) * 64u);
        fe a3 = fe_ldg(x, i + (j0 + 48u) * 64u);
        fe a4 = fe_ldg(x, i + (j0 + 8u) * 64u);
        fe a5 = fe_ldg(x, i + (j0 + 40u) * 64u);
        fe a6 = fe_ldg(x, i + (j0 + 24u) * 64u);
        fe a7 = fe_ldg(x, i + (j0 + 56u) * 64u);
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
        fe_sts(u, (tp * 8u + 0u) * 16u + col, 1024u, a0);
        fe_sts(u, (tp * 8u + 1u) * 16u + col, 1024u, a1);
        fe_sts(u, (tp * 8u + 2u) * 16u + col, 1024u, a2);
        fe_sts(u, (tp * 8u + 3u) * 16u + col, 1024u, a3);
        fe_sts(u, (tp * 8u + 4u) * 16u + col, 1024u, a4);
        fe_sts(u, (tp * 8u + 5u) * 16u + col, 1024u, a5);
        fe_sts(u, (tp * 8u + 6u) * 16u + col, 1024u, a6);
        fe_sts(u, (tp * 8u + 7u) * 16u + col, 1024u, a7);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 3..5: 1 set(s) of 8 slots base + i*8 per work-item (base = lo + (set >> 3) * 64, lo = set mod 8), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 15u, tp = vt >> 4u;
        const uint i = i0 + col;
        const uint sg = tp;
        const uint lo = sg & 7u;
        const uint base = ((sg >> 3u) << 6u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 16u + col, 1024u);
        fe a1 = fe_lds(u, (base + 8u) * 16u + col, 1024u);
        fe a2 = fe_lds(u, (base + 16u) * 16u + col, 1024u);
        fe a3 = fe_lds(u, (base + 24u) * 16u + col, 1024u);
        fe a4 = fe_lds(u, (base + 32u) * 16u + col, 1024u);
        fe a5 = fe_lds(u, (base + 40u) * 16u + col, 1024u);
        fe a6 = fe_lds(u, (base + 48u) * 16u + col, 1024u);
        fe a7 = fe_lds(u, (base + 56u) * 16u + col, 1024u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 2u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a5, w0_0); a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w0_0); a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 1u);
        const fe w1_1 = fe_ldg(roots, (lo + 8u) << 1u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w1_0); a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w1_1); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        const fe w2_0 = fe_ldg(roots, (lo + 0u) << 0u);
        const fe w2_1 = fe_ldg(roots, (lo + 8u) << 0u);
        const fe w2_2 = fe_ldg(roots, (lo + 16u) << 0u);
        const fe w2_3 = fe_ldg(roots, (lo + 24u) << 0u);
        { const fe b = fe_mul(a4, w2_0); a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, w2_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w2_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, w2_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        fe_stg(y, (i << 6u) + base + 0u, fe_reduce(a0));
        fe_stg(y, (i << 6u) + base + 8u, fe_reduce(a1));
        fe_stg(y, (i << 6u) + base + 16u, fe_reduce(a2));
        fe_stg(y, (i << 6u) + base + 24u, fe_reduce(a3));
        fe_stg(y, (i << 6u) + base + 32u, fe_reduce(a4));
        fe_stg(y, (i << 6u) + base + 40u, fe_reduce(a5));
        fe_stg(y, (i << 6u) + base + 48u, fe_reduce(a6));
        fe_stg(y, (i << 6u) + base + 56u, fe_reduce(a7));
    }
}

// ntt_fused_pass1_r64: Stockham pass 1 (radix 64, span 64). For each column i < 64 (k = i mod 64):
// u_j = x[i + j*64] * tw[j*64 + k] (tw = w_(4096)^(jk)), U = DFT_64(u) (w_64 = w^64), y[(i - k)*64 + k + m*64] = U_m (reduced below p).
// 16 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 6 DIT stages go in
// groups 3+3 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass1_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong2 u[2048];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 16u;
    const fe W8_1 = {{ 0xf8ad4ae2b5ad7c3fUL, 0x2d60c6ff83cb85beUL, 0xd976fd2b5d9429f7UL, 0x24407ce73f9ad9a9UL }};
    const fe W8_2 = {{ 0x7f753d979edcef8bUL, 0x5f3f172cb1479120UL, 0x8db1627974096c6eUL, 0x2b377b3539c108cfUL }};
    const fe W8_3 = {{ 0x11da29b6125d6166UL, 0xb069b2a25389b195UL, 0x7ad23dd6d1277a24UL, 0x1dbb3113ae748ed2UL }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..2: DFT-8 of u_(j0 + q*8) for q < 8, j0 = bitrev_3(tp), into slots tp*8 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 15u, tp = vt >> 4u;
        const uint i = i0 + col;
        const uint k = i & 63u;
        const uint j0 = bitrev(tp, 3u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 64u);
        fe a1 = fe_ldg(x, i + (j0 + 32u) * 64u);
        fe a2 = fe_ldg(x, i + (j0 + 16u) * 64u);
        fe a3 = fe_ldg(x, i + (j0 + 48u) * 64u);
        fe a4 = fe_ldg(x, i + (j0 + 8u) * 64u);
        fe a5 = fe_ldg(x, i + (j0 + 40u) * 64u);
        fe a6 = fe_ldg(x, i + (j0 + 24u) * 64u);
        fe a7 = fe_ldg(x, i + (j0 + 56u) * 64u);
        a0 = fe_mul(a0, fe_ldg(tw, (j0 + 0u) * 64u + k));
        a1 = fe_mul(a1, fe_ldg(tw, (j0 + 32u) * 64u + k));
        a2 = fe_mul(a2, fe_ldg(tw, (j0 + 16u) * 64u + k));
        a3 = fe_mul(a3, fe_ldg(tw, (j0 + 48u) * 64u + k));
        a4 = fe_mul(a4, fe_ldg(tw, (j0 + 8u) * 64u + k));
        a5 = fe_mul(a5, fe_ldg(tw, (j0 + 40u) * 64u + k));
        a6 = fe_mul(a6, fe_ldg(tw, (j0 + 24u) * 64u + k));
        a7 = fe_mul(a7, fe_ldg(tw, (j0 + 56u) * 64u + k));
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
        fe_sts(u, (tp * 8u + 0u) * 16u + col, 1024u, a0);
        fe_sts(u, (tp * 8u + 1u) * 16u + col, 1024u, a1);
        fe_sts(u, (tp * 8u + 2u) * 16u + col, 1024u, a2);
        fe_sts(u, (tp * 8u + 3u) * 16u + col, 1024u, a3);
        fe_sts(u, (tp * 8u + 4u) * 16u + col, 1024u, a4);
        fe_sts(u, (tp * 8u + 5u) * 16u + col, 1024u, a5);
        fe_sts(u, (tp * 8u + 6u) * 16u + col, 1024u, a6);
        fe_sts(u, (tp * 8u + 7u) * 16u + col, 1024u, a7);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 3..5: 1 set(s) of 8 slots base + i*8 per work-item (base = lo + (set >> 3) * 64, lo = set mod 8), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 15u, tp = vt >> 4u;
        const uint i = i0 + col;
        const uint k = i & 63u;
        const uint sg = tp;
        const uint lo = sg & 7u;
        const uint base = ((sg >> 3u) << 6u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 16u + col, 1024u);
        fe a1 = fe_lds(u, (base + 8u) * 16u + col, 1024u);
        fe a2 = fe_lds(u, (base + 16u) * 16u + col, 1024u);
        fe a3 = fe_lds(u, (base + 24u) * 16u + col, 1024u);
        fe a4 = fe_lds(u, (base + 32u) * 16u + col, 1024u);
        fe a5 = fe_lds(u, (base + 40u) * 16u + col, 1024u);
        fe a6 = fe_lds(u, (base + 48u) * 16u + col, 1024u);
        fe a7 = fe_lds(u, (base + 56u) * 16u + col, 1024u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 2u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a5, w0_0); a5 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w0_0); a7 = fe_sub(a6, b); a6 = fe_add(a6, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 1u);
        const fe w1_1 = fe_ldg(roots, (lo + 8u) << 1u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w1_0); a6 = fe_sub(a4, b); a4 = fe_add(a4, b); }
        { const fe b = fe_mul(a7, w1_1); a7 = fe_sub(a5, b); a5 = fe_add(a5, b); }
        const fe w2_0 = fe_ldg(roots, (lo + 0u) << 0u);
        const fe w2_1 = fe_ldg(roots, (lo + 8u) << 0u);
        const fe w2_2 = fe_ldg(roots, (lo + 16u) << 0u);
        const fe w2_3 = fe_ldg(roots, (lo + 24u) << 0u);
        { const fe b = fe_mul(a4, w2_0); a4 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a5, w2_1); a5 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        { const fe b = fe_mul(a6, w2_2); a6 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = fe_mul(a7, w2_3); a7 = fe_sub(a3, b); a3 = fe_add(a3, b); }
        fe_stg(y, ((i - k) << 6u) + k + (base + 0u) * 64u, fe_reduce(a0));
        fe_stg(y, ((i - k) << 6u) + k + (base + 8u) * 64u, fe_reduce(a1));
        fe_stg(y, ((i - k) << 6u) + k + (base + 16u) * 64u, fe_reduce(a2));
        fe_stg(y, ((i - k) << 6u) + k + (base + 24u) * 64u, fe_reduce(a3));
        fe_stg(y, ((i - k) << 6u) + k + (base + 32u) * 64u, fe_reduce(a4));
        fe_stg(y, ((i - k) << 6u) + k + (base + 40u) * 64u, fe_reduce(a5));
        fe_stg(y, ((i - k) << 6u) + k + (base + 48u) * 64u, fe_reduce(a6));
        fe_stg(y, ((i - k) << 6u) + k + (base + 56u) * 64u, fe_reduce(a7));
    }
}

