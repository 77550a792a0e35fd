// NTT variant fused of N = 2^12 points over bls12-381-fr (52435875175126190479447740508185965837690552500527637822603658699938581184513), 64-bit limbs, portable arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 39033254847818212395286706435128746857159659164139250548781411570340225835782.
// Stockham passes of radix 64·64 (regs kernel: 4 points per work-item, twiddles hi*lo, full reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 52435875175126190479447740508185965837690552500527637822603658699938581184513 (255 bits),
// 4 limbs of 64 bits (little-endian), Montgomery form with R = 2^256, n' = -p^-1 mod 2^64 = 18446744069414584319.
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
        SUB_CC(d0, r.l[0], 0xffffffff00000001UL);
        SUBC_CC(d1, r.l[1], 0x53bda402fffe5bfeUL);
        SUBC_CC(d2, r.l[2], 0x3339d80809a1d805UL);
        SUBC_CC(d3, r.l[3], 0x73eda753299d7d48UL);
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
        AND(q, bo, 0xffffffff00000001UL);
        ADD_CC(r.l[0], r.l[0], q);
        AND(q, bo, 0x53bda402fffe5bfeUL);
        ADDC_CC(r.l[1], r.l[1], q);
        AND(q, bo, 0x3339d80809a1d805UL);
        ADDC_CC(r.l[2], r.l[2], q);
        AND(q, bo, 0x73eda753299d7d48UL);
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
        SUB_CC(d0, r.l[0], 0xffffffff00000001UL);
        SUBC_CC(d1, r.l[1], 0x53bda402fffe5bfeUL);
        SUBC_CC(d2, r.l[2], 0x3339d80809a1d805UL);
        SUBC_CC(d3, r.l[3], 0x73eda753299d7d48UL);
        SUBC(bo, 0x0000000000000000UL, 0x0000000000000000UL);
    }
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
    (void)cy;
    return r;
}

// a * b * R^-1 mod p: Montgomery multiplication, CIOS, 4 rows of four carry chains
// (lo and hi halves of a*b_i, then of m*p with m = t0*n'); T in 5 words t*, renamed
// (not moved) after each row. Result < p (final conditional subtraction).
static inline fe fe_mul(const fe a, const fe b) {
    limb_t _cf = 0;
    limb_t cy = 0;
    limb_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, m = 0;
    // row 0: T = (T + a*b.l[0] + m*p) / 2^64
    {
        MULLO(t0, a.l[0], b.l[0]);
        MULLO(t1, a.l[1], b.l[0]);
        MULLO(t2, a.l[2], b.l[0]);
        MULLO(t3, a.l[3], b.l[0]);
        MADHI_CC(t1, a.l[0], b.l[0], t1);
        MADHIC_CC(t2, a.l[1], b.l[0], t2);
        MADHIC_CC(t3, a.l[2], b.l[0], t3);
        MADHIC(t4, a.l[3], b.l[0], 0x0000000000000000UL);
        MULLO(m, t0, 0xfffffffeffffffffUL);
        MADLO_CC(t0, m, 0xffffffff00000001UL, t0);
        MADLOC_CC(t1, m, 0x53bda402fffe5bfeUL, t1);
        MADLOC_CC(t2, m, 0x3339d80809a1d805UL, t2);
        MADLOC_CC(t3, m, 0x73eda753299d7d48UL, t3);
        ADDC(t4, t4, 0x0000000000000000UL);
        MADHI_CC(t1, m, 0xffffffff00000001UL, t1);
        MADHIC_CC(t2, m, 0x53bda402fffe5bfeUL, t2);
        MADHIC_CC(t3, m, 0x3339d80809a1d805UL, t3);
        MADHIC(t4, m, 0x73eda753299d7d48UL, t4);
    }
    // row 1: T = (T + a*b.l[1] + m*p) / 2^64
    {
        MADLO_CC(t1, a.l[0], b.l[1], t1);
        MADLOC_CC(t2, a.l[1], b.l[1], t2);
        MADLOC_CC(t3, a.l[2], b.l[1], t3);
        MADLOC_CC(t4, a.l[3], b.l[1], t4);
        ADDC(t0, 0x0000000000000000UL, 0x0000000000000000UL);
        MADHI_CC(t2, a.l[0], b.l[1], t2);
        MADHIC_CC(t3, a.l[1], b.l[1], t3);
        MADHIC_CC(t4, a.l[2], b.l[1], t4);
        MADHIC(t0, a.l[3], b.l[1], t0);
        MULLO(m, t1, 0xfffffffeffffffffUL);
        MADLO_CC(t1, m, 0xffffffff00000001UL, t1);
        MADLOC_CC(t2, m, 0x53bda402fffe5bfeUL, t2);
        MADLOC_CC(t3, m, 0x3339d80809a1d805UL, t3);
        MADLOC_CC(t4, m, 0x73eda753299d7d48UL, t4);
        ADDC(t0, t0, 0x0000000000000000UL);
        MADHI_CC(t2, m, 0xffffffff00000001UL, t2);
        MADHIC_CC(t3, m, 0x53bda402fffe5bfeUL, t3);
        MADHIC_CC(t4, m, 0x3339d80809a1d805UL, t4);
        MADHIC(t0, m, 0x73eda753299d7d48UL, t0);
    }
    // row 2: T = (T + a*b.l[2] + m*p) / 2^64
    {
        MADLO_CC(t2, a.l[0], b.l[2], t2);
        MADLOC_CC(t3, a.l[1], b.l[2], t3);
        MADLOC_CC(t4, a.l[2], b.l[2], t4);
        MADLOC_CC(t0, a.l[3], b.l[2], t0);
        ADDC(t1, 0x0000000000000000UL, 0x0000000000000000UL);
        MADHI_CC(t3, a.l[0], b.l[2], t3);
        MADHIC_CC(t4, a.l[1], b.l[2], t4);
        MADHIC_CC(t0, a.l[2], b.l[2], t0);
        MADHIC(t1, a.l[3], b.l[2], t1);
        MULLO(m, t2, 0xfffffffeffffffffUL);
        MADLO_CC(t2, m, 0xffffffff00000001UL, t2);
        MADLOC_CC(t3, m, 0x53bda402fffe5bfeUL, t3);
        MADLOC_CC(t4, m, 0x3339d80809a1d805UL, t4);
        MADLOC_CC(t0, m, 0x73eda753299d7d48UL, t0);
        ADDC(t1, t1, 0x0000000000000000UL);
        MADHI_CC(t3, m, 0xffffffff00000001UL, t3);
        MADHIC_CC(t4, m, 0x53bda402fffe5bfeUL, t4);
        MADHIC_CC(t0, m, 0x3339d80809a1d805UL, t0);
        MADHIC(t1, m, 0x73eda753299d7d48UL, t1);
    }
    // row 3: T = (T + a*b.l[3] + m*p) / 2^64
    {
        MADLO_CC(t3, a.l[0], b.l[3], t3);
        MADLOC_CC(t4, a.l[1], b.l[3], t4);
        MADLOC_CC(t0, a.l[2], b.l[3], t0);
        MADLOC_CC(t1, a.l[3], b.l[3], t1);
        ADDC(t2, 0x0000000000000000UL, 0x0000000000000000UL);
        MADHI_CC(t4, a.l[0], b.l[3], t4);
        MADHIC_CC(t0, a.l[1], b.l[3], t0);
        MADHIC_CC(t1, a.l[2], b.l[3], t1);
        MADHIC(t2, a.l[3], b.l[3], t2);
        MULLO(m, t3, 0xfffffffeffffffffUL);
        MADLO_CC(t3, m, 0xffffffff00000001UL, t3);
        MADLOC_CC(t4, m, 0x53bda402fffe5bfeUL, t4);
        MADLOC_CC(t0, m, 0x3339d80809a1d805UL, t0);
        MADLOC_CC(t1, m, 0x73eda753299d7d48UL, t1);
        ADDC(t2, t2, 0x0000000000000000UL);
        MADHI_CC(t4, m, 0xffffffff00000001UL, t4);
        MADHIC_CC(t0, m, 0x53bda402fffe5bfeUL, t0);
        MADHIC_CC(t1, m, 0x3339d80809a1d805UL, t1);
        MADHIC(t2, m, 0x73eda753299d7d48UL, t2);
    }
    fe r;
    r.l[0] = t4;
    r.l[1] = t0;
    r.l[2] = t1;
    r.l[3] = t2;
    limb_t bo = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    // r = T - p where T >= p
    {
        SUB_CC(d0, r.l[0], 0xffffffff00000001UL);
        SUBC_CC(d1, r.l[1], 0x53bda402fffe5bfeUL);
        SUBC_CC(d2, r.l[2], 0x3339d80809a1d805UL);
        SUBC_CC(d3, r.l[3], 0x73eda753299d7d48UL);
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
    r2.l[0] = 0xc999e990f3f29c6dUL;
    r2.l[1] = 0x2b6cedcb87925c23UL;
    r2.l[2] = 0x05d314967254398fUL;
    r2.l[3] = 0x0748d9d99f59ff11UL;
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
// 8 column(s) per work-group, 128 work-items of 4 points (128 per work-group); the 6 DIT stages go in
// groups 2+2+2 (the first as 4-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass0_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong2 u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 8u;
    const fe W4_1 = {{ 0xf3b05674aa89cfb1UL, 0x072f01406006b9feUL, 0xce9a0dbf25667a26UL, 0x4d2ce4052d598374UL }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..1: DFT-4 of u_(j0 + q*16) for q < 4, j0 = bitrev_4(tp), into slots tp*4 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint j0 = bitrev(tp, 4u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 64u);
        fe a1 = fe_ldg(x, i + (j0 + 32u) * 64u);
        fe a2 = fe_ldg(x, i + (j0 + 16u) * 64u);
        fe a3 = fe_ldg(x, i + (j0 + 48u) * 64u);
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W4_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_sts(u, (tp * 4u + 0u) * 8u + col, 512u, a0);
        fe_sts(u, (tp * 4u + 1u) * 8u + col, 512u, a1);
        fe_sts(u, (tp * 4u + 2u) * 8u + col, 512u, a2);
        fe_sts(u, (tp * 4u + 3u) * 8u + col, 512u, a3);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 2..3: 1 set(s) of 4 slots base + i*4 per work-item (base = lo + (set >> 2) * 16, lo = set mod 4).
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint sg = tp;
        const uint lo = sg & 3u;
        const uint base = ((sg >> 2u) << 4u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 8u + col, 512u);
        fe a1 = fe_lds(u, (base + 4u) * 8u + col, 512u);
        fe a2 = fe_lds(u, (base + 8u) * 8u + col, 512u);
        fe a3 = fe_lds(u, (base + 12u) * 8u + col, 512u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 3u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 2u);
        const fe w1_1 = fe_ldg(roots, (lo + 4u) << 2u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_sts(u, (base + 0u) * 8u + col, 512u, a0);
        fe_sts(u, (base + 4u) * 8u + col, 512u, a1);
        fe_sts(u, (base + 8u) * 8u + col, 512u, a2);
        fe_sts(u, (base + 12u) * 8u + col, 512u, a3);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 4..5: 1 set(s) of 4 slots base + i*16 per work-item (base = lo + (set >> 4) * 64, lo = set mod 16), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint sg = tp;
        const uint lo = sg & 15u;
        const uint base = ((sg >> 4u) << 6u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 8u + col, 512u);
        fe a1 = fe_lds(u, (base + 16u) * 8u + col, 512u);
        fe a2 = fe_lds(u, (base + 32u) * 8u + col, 512u);
        fe a3 = fe_lds(u, (base + 48u) * 8u + col, 512u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 0u);
        const fe w1_1 = fe_ldg(roots, (lo + 16u) << 0u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_stg(y, (i << 6u) + base + 0u, a0);
        fe_stg(y, (i << 6u) + base + 16u, a1);
        fe_stg(y, (i << 6u) + base + 32u, a2);
        fe_stg(y, (i << 6u) + base + 48u, a3);
    }
}

// ntt_fused_pass1_r64: Stockham pass 1 (radix 64, span 64). For each column i < 64 (k = i mod 64):
// u_j = x[i + j*64] * hi*lo(w^((j*k) << 0)), U = DFT_64(u) (w_64 = w^64), y[(i - k)*64 + k + m*64] = U_m.
// 8 column(s) per work-group, 128 work-items of 4 points (128 per work-group); the 6 DIT stages go in
// groups 2+2+2 (the first as 4-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass1_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong2 u[1024];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 8u;
    const fe W4_1 = {{ 0xf3b05674aa89cfb1UL, 0x072f01406006b9feUL, 0xce9a0dbf25667a26UL, 0x4d2ce4052d598374UL }};
    (void)tw; (void)hi; (void)roots;
    // Stages 0..1: DFT-4 of u_(j0 + q*16) for q < 4, j0 = bitrev_4(tp), into slots tp*4 + m'.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint k = i & 63u;
        const uint j0 = bitrev(tp, 4u);
        fe a0 = fe_ldg(x, i + (j0 + 0u) * 64u);
        fe a1 = fe_ldg(x, i + (j0 + 32u) * 64u);
        fe a2 = fe_ldg(x, i + (j0 + 16u) * 64u);
        fe a3 = fe_ldg(x, i + (j0 + 48u) * 64u);
        a0 = fe_mul(a0, twiddle(tw, hi, ((j0 + 0u) * k) << 0u));
        a1 = fe_mul(a1, twiddle(tw, hi, ((j0 + 32u) * k) << 0u));
        a2 = fe_mul(a2, twiddle(tw, hi, ((j0 + 16u) * k) << 0u));
        a3 = fe_mul(a3, twiddle(tw, hi, ((j0 + 48u) * k) << 0u));
        { const fe b = a1; a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = a3; a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        { const fe b = a2; a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, W4_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_sts(u, (tp * 4u + 0u) * 8u + col, 512u, a0);
        fe_sts(u, (tp * 4u + 1u) * 8u + col, 512u, a1);
        fe_sts(u, (tp * 4u + 2u) * 8u + col, 512u, a2);
        fe_sts(u, (tp * 4u + 3u) * 8u + col, 512u, a3);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 2..3: 1 set(s) of 4 slots base + i*4 per work-item (base = lo + (set >> 2) * 16, lo = set mod 4).
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint k = i & 63u;
        const uint sg = tp;
        const uint lo = sg & 3u;
        const uint base = ((sg >> 2u) << 4u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 8u + col, 512u);
        fe a1 = fe_lds(u, (base + 4u) * 8u + col, 512u);
        fe a2 = fe_lds(u, (base + 8u) * 8u + col, 512u);
        fe a3 = fe_lds(u, (base + 12u) * 8u + col, 512u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 3u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 2u);
        const fe w1_1 = fe_ldg(roots, (lo + 4u) << 2u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_sts(u, (base + 0u) * 8u + col, 512u, a0);
        fe_sts(u, (base + 4u) * 8u + col, 512u, a1);
        fe_sts(u, (base + 8u) * 8u + col, 512u, a2);
        fe_sts(u, (base + 12u) * 8u + col, 512u, a3);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // Stages 4..5: 1 set(s) of 4 slots base + i*16 per work-item (base = lo + (set >> 4) * 64, lo = set mod 16), then out to global memory.
    for (uint vt = lt; vt < 128u; vt += 128u) {
        const uint col = vt & 7u, tp = vt >> 3u;
        const uint i = i0 + col;
        const uint k = i & 63u;
        const uint sg = tp;
        const uint lo = sg & 15u;
        const uint base = ((sg >> 4u) << 6u) + lo;
        fe a0 = fe_lds(u, (base + 0u) * 8u + col, 512u);
        fe a1 = fe_lds(u, (base + 16u) * 8u + col, 512u);
        fe a2 = fe_lds(u, (base + 32u) * 8u + col, 512u);
        fe a3 = fe_lds(u, (base + 48u) * 8u + col, 512u);
        const fe w0_0 = fe_ldg(roots, (lo + 0u) << 1u);
        { const fe b = fe_mul(a1, w0_0); a1 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w0_0); a3 = fe_sub(a2, b); a2 = fe_add(a2, b); }
        const fe w1_0 = fe_ldg(roots, (lo + 0u) << 0u);
        const fe w1_1 = fe_ldg(roots, (lo + 16u) << 0u);
        { const fe b = fe_mul(a2, w1_0); a2 = fe_sub(a0, b); a0 = fe_add(a0, b); }
        { const fe b = fe_mul(a3, w1_1); a3 = fe_sub(a1, b); a1 = fe_add(a1, b); }
        fe_stg(y, ((i - k) << 6u) + k + (base + 0u) * 64u, a0);
        fe_stg(y, ((i - k) << 6u) + k + (base + 16u) * 64u, a1);
        fe_stg(y, ((i - k) << 6u) + k + (base + 32u) * 64u, a2);
        fe_stg(y, ((i - k) << 6u) + k + (base + 48u) * 64u, a3);
    }
}

