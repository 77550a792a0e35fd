// NTT variant fused of N = 2^11 points over bn254-fr (21888242871839275222246405745257275088548364400416034343698204186575808495617), 64-bit limbs, portable arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 1120550406532664055539694724667294622065367841900378087843176726913374367458.
// Stockham passes of radix 64·32 in local memory (natural order in and out).

// Field arithmetic modulo p = 21888242871839275222246405745257275088548364400416034343698204186575808495617 (254 bits),
// 4 limbs of 64 bits (little-endian), Montgomery form with R = 2^256, n' = -p^-1 mod 2^64 = 14042775128853446655.
// Carry chains: portable C macros; values fully reduced to [0, p).
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

// a + b mod p (inputs < p): sum chain, then the sum minus p where it is >= p.
static inline fe fe_add(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    {
        ADD_CC(r.l[0], r.l[0], b.l[0]);
        ADDC_CC(r.l[1], r.l[1], b.l[1]);
        ADDC_CC(r.l[2], r.l[2], b.l[2]);
        ADDC(r.l[3], r.l[3], b.l[3]);
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
        SUBC_CC(r.l[2], r.l[2], b.l[2]);
        SUBC_CC(r.l[3], r.l[3], b.l[3]);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
        AND(q, bo, 0x43e1f593f0000001UL);
        ADD_CC(r.l[0], r.l[0], q);
        AND(q, bo, 0x2833e84879b97091UL);
        ADDC_CC(r.l[1], r.l[1], q);
        AND(q, bo, 0xb85045b68181585dUL);
        ADDC_CC(r.l[2], r.l[2], q);
        AND(q, bo, 0x30644e72e131a029UL);
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
// after each row E and O swap roles (the division by 2^64). Result < p (final conditional subtraction).
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
    limb_t bo = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    // r = T - p where T >= p
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

// w^e in Montgomery form from two tables: hi[t] = w^(t 2^6), lo[t] = w^t (t < 2^6).
static inline fe twiddle(__global const fe* lo, __global const fe* hi, const uint e) {
    return fe_mul(hi[e >> 6u], lo[e & 63u]);
}

// ntt_fused_pass0_r64: Stockham pass 0 (radix 64, span 1): for each column i < 32, u_j = x[i + j*32]
// (into Montgomery form), u_j *= w_(span*64)^(j k) with k = i mod span, DFT-64 in local memory
// (6 radix-2 DIT stages), y[(i - k)*64 + k + m*span] = U_m. 1 column(s) per work-group.
__kernel __attribute__((reqd_work_group_size(32, 1, 1)))
void ntt_fused_pass0_r64(__global const fe* x, __global fe* y, __global const fe* lo, __global const fe* hi, __global const fe* roots) {
    __local fe u[64];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 1u;
    for (uint e = lt; e < 64u; e += 32u) {
        const uint c = e & 0u, j = e >> 0u;
        const uint i = i0 + c;
        fe v = x[i + j * 32u];
        v = fe_to_mont(v);
        u[c * 64u + bitrev(j, 6u)] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 0u;
        const uint i = c * 64u + ((b >> 0u) << 1u) + pos;
        const fe a = u[i];
        const fe bb = u[i + 1u];
        u[i] = fe_add(a, bb);
        u[i + 1u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 1u;
        const uint i = c * 64u + ((b >> 1u) << 2u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 2u], roots[pos << 4u]);
        u[i] = fe_add(a, bb);
        u[i + 2u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 3u;
        const uint i = c * 64u + ((b >> 2u) << 3u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 4u], roots[pos << 3u]);
        u[i] = fe_add(a, bb);
        u[i + 4u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 7u;
        const uint i = c * 64u + ((b >> 3u) << 4u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 8u], roots[pos << 2u]);
        u[i] = fe_add(a, bb);
        u[i + 8u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 15u;
        const uint i = c * 64u + ((b >> 4u) << 5u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 16u], roots[pos << 1u]);
        u[i] = fe_add(a, bb);
        u[i + 16u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 32u; q += 32u) {
        const uint c = q >> 5u, b = q & 31u;
        const uint pos = b & 31u;
        const uint i = c * 64u + ((b >> 5u) << 6u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 32u], roots[pos << 0u]);
        u[i] = fe_add(a, bb);
        u[i + 32u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint e = lt; e < 64u; e += 32u) {
        const uint m = e & 63u, c = e >> 6u;
        const uint i = i0 + c;
        const uint k = i & 0u;
        fe v = u[c * 64u + m];
        y[((i - k) << 6u) + k + m * 1u] = v;
    }
}

// ntt_fused_pass1_r32: Stockham pass 1 (radix 32, span 64): for each column i < 64, u_j = x[i + j*64]
// , u_j *= w_(span*32)^(j k) with k = i mod span, DFT-32 in local memory
// (5 radix-2 DIT stages), y[(i - k)*32 + k + m*span] = U_m (out of Montgomery form). 1 column(s) per work-group.
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void ntt_fused_pass1_r32(__global const fe* x, __global fe* y, __global const fe* lo, __global const fe* hi, __global const fe* roots) {
    __local fe u[32];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 1u;
    for (uint e = lt; e < 32u; e += 16u) {
        const uint c = e & 0u, j = e >> 0u;
        const uint i = i0 + c;
        fe v = x[i + j * 64u];
        const uint k = i & 63u;
        v = fe_mul(v, twiddle(lo, hi, (j * k) << 0u));
        u[c * 32u + bitrev(j, 5u)] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 16u; q += 16u) {
        const uint c = q >> 4u, b = q & 15u;
        const uint pos = b & 0u;
        const uint i = c * 32u + ((b >> 0u) << 1u) + pos;
        const fe a = u[i];
        const fe bb = u[i + 1u];
        u[i] = fe_add(a, bb);
        u[i + 1u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 16u; q += 16u) {
        const uint c = q >> 4u, b = q & 15u;
        const uint pos = b & 1u;
        const uint i = c * 32u + ((b >> 1u) << 2u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 2u], roots[pos << 4u]);
        u[i] = fe_add(a, bb);
        u[i + 2u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 16u; q += 16u) {
        const uint c = q >> 4u, b = q & 15u;
        const uint pos = b & 3u;
        const uint i = c * 32u + ((b >> 2u) << 3u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 4u], roots[pos << 3u]);
        u[i] = fe_add(a, bb);
        u[i + 4u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 16u; q += 16u) {
        const uint c = q >> 4u, b = q & 15u;
        const uint pos = b & 7u;
        const uint i = c * 32u + ((b >> 3u) << 4u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 8u], roots[pos << 2u]);
        u[i] = fe_add(a, bb);
        u[i + 8u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint q = lt; q < 16u; q += 16u) {
        const uint c = q >> 4u, b = q & 15u;
        const uint pos = b & 15u;
        const uint i = c * 32u + ((b >> 4u) << 5u) + pos;
        const fe a = u[i];
        const fe bb = fe_mul(u[i + 16u], roots[pos << 1u]);
        u[i] = fe_add(a, bb);
        u[i + 16u] = fe_sub(a, bb);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const fe scale = {{ 0x0000000000000001UL, 0x0000000000000000UL, 0x0000000000000000UL, 0x0000000000000000UL }};
    for (uint e = lt; e < 32u; e += 16u) {
        const uint c = e & 0u, m = e >> 0u;
        const uint i = i0 + c;
        const uint k = i & 63u;
        fe v = u[c * 32u + m];
        v = fe_mul(v, scale);
        y[((i - k) << 5u) + k + m * 64u] = v;
    }
}

