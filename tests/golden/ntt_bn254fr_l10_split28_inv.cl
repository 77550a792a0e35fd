// NTT variant split28 over bn254-fr (p = 21888242871839275222246405745257275088548364400416034343698204186575808495617), 64-bit limbs, portable arithmetic: X[k] = sum_j x[j] w^jk, w = g^((p-1)/N)
// (the inverse uses w^-1 and scales by N^-1). N, the twiddle tables and the scale are arguments,
// so this program serves every size and both directions.
// Radix-2/8 split radix (seed 004): a block of M points becomes one M/2-point DFT of
// x(n) + x(n + M/2) and four M/8-point DFTs for X(8k+m), m = 1, 3, 5, 7, of
// [sum_l (x(n + lM/8) - x(n + (l+4)M/8)) w8^(lm)] * wM^(mn); the complex j becomes w4 = w^(N/4)
// and (1 -+ j)/sqrt(2) become w8, w8^3 (w8 = w^(N/8)), passed in k[0..2]. One launch per block
// size, base cases of 4 and 2 points, then a gather into natural order.

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

// x[i] * R mod p, in place.
__kernel void ntt_split28_to_mont(__global fe* x, const uint n) {
    const uint i = get_global_id(0);
    if (i >= n) return;
    x[i] = fe_to_mont(x[i]);
}

// The 2/8 butterflies of all blocks of size 2^m_log (offsets[first + block]).
__kernel void ntt_split28_level(__global fe* x, __global const fe* tw, __global const uint* offsets, __global const fe* k, const uint log_n, const uint first, const uint m_log, const uint count) {
    const uint t = get_global_id(0);
    if (t >= count) return;
    const uint e = 1u << (m_log - 3u);
    const uint n = t & (e - 1u);
    __global fe* b = x + offsets[first + (t >> (m_log - 3u))] + n;
    const fe a0 = b[0u * e];
    const fe a1 = b[1u * e];
    const fe a2 = b[2u * e];
    const fe a3 = b[3u * e];
    const fe a4 = b[4u * e];
    const fe a5 = b[5u * e];
    const fe a6 = b[6u * e];
    const fe a7 = b[7u * e];
    // even half: x(n) + x(n + M/2)
    b[0u * e] = fe_add(a0, a4);
    const fe d0 = fe_sub(a0, a4);
    b[1u * e] = fe_add(a1, a5);
    const fe d1 = fe_sub(a1, a5);
    b[2u * e] = fe_add(a2, a6);
    const fe d2 = fe_sub(a2, a6);
    b[3u * e] = fe_add(a3, a7);
    const fe d3 = fe_sub(a3, a7);
    const fe w4 = k[0], w8 = k[1], w83 = k[2];
    // S_m = d0 + w8^m d1 + w4^m d2 + w8^3m d3: with A,B = d0 +- w4 d2,
    // P = w8 (d1 + w4 d3), Q = w8^3 (d1 - w4 d3): S1 = A+P, S5 = A-P, S3 = B+Q, S7 = B-Q.
    const fe t2 = fe_mul(w4, d2);
    const fe t3 = fe_mul(w4, d3);
    const fe A = fe_add(d0, t2);
    const fe B = fe_sub(d0, t2);
    const fe P = fe_mul(w8, fe_add(d1, t3));
    const fe Q = fe_mul(w83, fe_sub(d1, t3));
    const uint sh = log_n - m_log;
    // twiddles wM^(mn) = w^(mn N/M); the eighth for X(8k+m) sits at M/2 + (m-1)/2 * M/8
    b[4u * e] = fe_mul(fe_add(A, P), tw[n << sh]);
    b[5u * e] = fe_mul(fe_add(B, Q), tw[(3u * n) << sh]);
    b[6u * e] = fe_mul(fe_sub(A, P), tw[(5u * n) << sh]);
    b[7u * e] = fe_mul(fe_sub(B, Q), tw[(7u * n) << sh]);
}

// 4-point DFTs in natural order within each size-4 block.
__kernel void ntt_split28_base4(__global fe* x, __global const uint* offsets, __global const fe* k, const uint first, const uint count) {
    const uint t = get_global_id(0);
    if (t >= count) return;
    __global fe* b = x + offsets[first + t];
    const fe w4 = k[0];
    const fe v0 = b[0], v1 = b[1], v2 = b[2], v3 = b[3];
    const fe s02 = fe_add(v0, v2), d02 = fe_sub(v0, v2);
    const fe s13 = fe_add(v1, v3), d13 = fe_mul(w4, fe_sub(v1, v3));
    b[0] = fe_add(s02, s13);
    b[1] = fe_add(d02, d13);
    b[2] = fe_sub(s02, s13);
    b[3] = fe_sub(d02, d13);
}

// 2-point DFTs of the size-2 blocks.
__kernel void ntt_split28_base2(__global fe* x, __global const uint* offsets, const uint first, const uint count) {
    const uint t = get_global_id(0);
    if (t >= count) return;
    __global fe* b = x + offsets[first + t];
    const fe v0 = b[0], v1 = b[1];
    b[0] = fe_add(v0, v1);
    b[1] = fe_sub(v0, v1);
}

// y[i] = X[i] from its position perm[i], out of Montgomery form, times k[3] (1, or N^-1
// for the inverse, in standard form).
__kernel void ntt_split28_permute(__global const fe* x, __global fe* y, __global const uint* perm, __global const fe* k, const uint n) {
    const uint i = get_global_id(0);
    if (i >= n) return;
    y[i] = fe_mul(x[perm[i]], k[3]);
}
