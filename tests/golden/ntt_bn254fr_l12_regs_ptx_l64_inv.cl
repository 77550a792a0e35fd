// NTT variant fused of N = 2^12 points over bn254-fr (21888242871839275222246405745257275088548364400416034343698204186575808495617), 64-bit limbs, ptx arithmetic; inverse: x[j] = N^-1 sum_k X[k] w^-jk,
// w = g^((p-1)/N) = 4158865282786404163413953114870269622875596290766033564087307867933865333818.
// Stockham passes of radix 64·64 (regs kernel: 8 points per work-item, twiddles from a table per pass, lazy reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 21888242871839275222246405745257275088548364400416034343698204186575808495617 (254 bits),
// 4 limbs of 64 bits (little-endian), Montgomery form with R = 2^256, n' = -p^-1 mod 2^64 = 14042775128853446655.
// Carry chains: inline PTX (NVIDIA), one asm statement per chain segment; lazy reduction: values in [0, 2p) between operations, fe_reduce gives [0, p).
typedef ulong limb_t;
typedef struct { limb_t l[4]; } fe;

// a + b mod 2p (inputs < 2p): sum chain, then the sum minus 2p where it is >= 2p.
static inline fe fe_add(const fe a, const fe b) {
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    asm volatile(
        "add.cc.u64 %0, %0, %9;\n\t"
        "addc.cc.u64 %1, %1, %10;\n\t"
        "addc.cc.u64 %2, %2, %11;\n\t"
        "addc.u64 %3, %3, %12;\n\t"
        "sub.cc.u64 %4, %0, 0x87c3eb27e0000002;\n\t"
        "subc.cc.u64 %5, %1, 0x5067d090f372e122;\n\t"
        "subc.cc.u64 %6, %2, 0x70a08b6d0302b0ba;\n\t"
        "subc.cc.u64 %7, %3, 0x60c89ce5c2634053;\n\t"
        "subc.u64 %8, 0x0, 0x0;\n\t"
        : "+l"(r.l[0]), "+l"(r.l[1]), "+l"(r.l[2]), "+l"(r.l[3]), "+l"(d0), "+l"(d1), "+l"(d2), "+l"(d3), "+l"(bo)
        : "l"(b.l[0]), "l"(b.l[1]), "l"(b.l[2]), "l"(b.l[3]));
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
    (void)hi; (void)cy;
    return r;
}

// a - b mod 2p (inputs < 2p): difference chain, then + (2p & borrow mask).
static inline fe fe_sub(const fe a, const fe b) {
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, q = 0;
    asm volatile(
        "sub.cc.u64 %0, %0, %6;\n\t"
        "subc.cc.u64 %1, %1, %7;\n\t"
        "subc.cc.u64 %2, %2, %8;\n\t"
        "subc.cc.u64 %3, %3, %9;\n\t"
        "subc.u64 %4, 0x0, 0x0;\n\t"
        "and.b64 %5, %4, 0x87c3eb27e0000002;\n\t"
        "add.cc.u64 %0, %0, %5;\n\t"
        "and.b64 %5, %4, 0x5067d090f372e122;\n\t"
        "addc.cc.u64 %1, %1, %5;\n\t"
        "and.b64 %5, %4, 0x70a08b6d0302b0ba;\n\t"
        "addc.cc.u64 %2, %2, %5;\n\t"
        "and.b64 %5, %4, 0x60c89ce5c2634053;\n\t"
        "addc.u64 %3, %3, %5;\n\t"
        : "+l"(r.l[0]), "+l"(r.l[1]), "+l"(r.l[2]), "+l"(r.l[3]), "+l"(bo), "+l"(q)
        : "l"(b.l[0]), "l"(b.l[1]), "l"(b.l[2]), "l"(b.l[3]));
    (void)cy;
    return r;
}

// x mod p for x < 2p (the identity on fully reduced values).
static inline fe fe_reduce(const fe x) {
    limb_t cy = 0;
    fe r = x; limb_t bo = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0;
    asm volatile(
        "sub.cc.u64 %0, %5, 0x43e1f593f0000001;\n\t"
        "subc.cc.u64 %1, %6, 0x2833e84879b97091;\n\t"
        "subc.cc.u64 %2, %7, 0xb85045b68181585d;\n\t"
        "subc.cc.u64 %3, %8, 0x30644e72e131a029;\n\t"
        "subc.u64 %4, 0x0, 0x0;\n\t"
        : "+l"(d0), "+l"(d1), "+l"(d2), "+l"(d3), "+l"(bo)
        : "l"(r.l[0]), "l"(r.l[1]), "l"(r.l[2]), "l"(r.l[3]));
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
    limb_t cy = 0;
    limb_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, y0 = 0, y1 = 0, y2 = 0, y3 = 0, m = 0;
    // row 0: T = T/2^64 + a*b.l[0] + m*p, E = x*, O = y*
    asm volatile(
        "mul.lo.u64 %0, %9, %10;\n\t"
        "mad.hi.u64 %1, %9, %10, 0x0;\n\t"
        "mul.lo.u64 %2, %11, %10;\n\t"
        "mad.hi.u64 %3, %11, %10, 0x0;\n\t"
        "mul.lo.u64 %4, %12, %10;\n\t"
        "mad.hi.u64 %5, %12, %10, 0x0;\n\t"
        "mul.lo.u64 %6, %13, %10;\n\t"
        "mad.hi.u64 %7, %13, %10, 0x0;\n\t"
        "mul.lo.u64 %8, %0, 0xc2e1f593efffffff;\n\t"
        "mad.lo.cc.u64 %2, %8, 0x2833e84879b97091, %2;\n\t"
        "madc.hi.cc.u64 %3, %8, 0x2833e84879b97091, %3;\n\t"
        "madc.lo.cc.u64 %6, %8, 0x30644e72e131a029, %6;\n\t"
        "madc.hi.u64 %7, %8, 0x30644e72e131a029, %7;\n\t"
        "mad.lo.cc.u64 %0, %8, 0x43e1f593f0000001, %0;\n\t"
        "madc.hi.cc.u64 %1, %8, 0x43e1f593f0000001, %1;\n\t"
        "madc.lo.cc.u64 %4, %8, 0xb85045b68181585d, %4;\n\t"
        "madc.hi.cc.u64 %5, %8, 0xb85045b68181585d, %5;\n\t"
        "addc.u64 %7, %7, 0x0;\n\t"
        : "+l"(x0), "+l"(x1), "+l"(y0), "+l"(y1), "+l"(x2), "+l"(x3), "+l"(y2), "+l"(y3), "+l"(m)
        : "l"(a.l[0]), "l"(b.l[0]), "l"(a.l[1]), "l"(a.l[2]), "l"(a.l[3]));
    // row 1: T = T/2^64 + a*b.l[1] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u64 %0, %0, %2;\n\t"
        "madc.lo.cc.u64 %1, %9, %10, %3;\n\t"
        "madc.hi.cc.u64 %2, %9, %10, %4;\n\t"
        "madc.lo.cc.u64 %3, %11, %10, 0x0;\n\t"
        "madc.hi.u64 %4, %11, %10, 0x0;\n\t"
        "mad.lo.cc.u64 %0, %12, %10, %0;\n\t"
        "madc.hi.cc.u64 %5, %12, %10, %5;\n\t"
        "madc.lo.cc.u64 %6, %13, %10, %6;\n\t"
        "madc.hi.cc.u64 %7, %13, %10, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        "mul.lo.u64 %8, %0, 0xc2e1f593efffffff;\n\t"
        "mad.lo.cc.u64 %1, %8, 0x2833e84879b97091, %1;\n\t"
        "madc.hi.cc.u64 %2, %8, 0x2833e84879b97091, %2;\n\t"
        "madc.lo.cc.u64 %3, %8, 0x30644e72e131a029, %3;\n\t"
        "madc.hi.u64 %4, %8, 0x30644e72e131a029, %4;\n\t"
        "mad.lo.cc.u64 %0, %8, 0x43e1f593f0000001, %0;\n\t"
        "madc.hi.cc.u64 %5, %8, 0x43e1f593f0000001, %5;\n\t"
        "madc.lo.cc.u64 %6, %8, 0xb85045b68181585d, %6;\n\t"
        "madc.hi.cc.u64 %7, %8, 0xb85045b68181585d, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        : "+l"(y0), "+l"(x0), "+l"(x1), "+l"(x2), "+l"(x3), "+l"(y1), "+l"(y2), "+l"(y3), "+l"(m)
        : "l"(a.l[1]), "l"(b.l[1]), "l"(a.l[3]), "l"(a.l[0]), "l"(a.l[2]));
    // row 2: T = T/2^64 + a*b.l[2] + m*p, E = x*, O = y*
    asm volatile(
        "add.cc.u64 %0, %0, %2;\n\t"
        "madc.lo.cc.u64 %1, %9, %10, %3;\n\t"
        "madc.hi.cc.u64 %2, %9, %10, %4;\n\t"
        "madc.lo.cc.u64 %3, %11, %10, 0x0;\n\t"
        "madc.hi.u64 %4, %11, %10, 0x0;\n\t"
        "mad.lo.cc.u64 %0, %12, %10, %0;\n\t"
        "madc.hi.cc.u64 %5, %12, %10, %5;\n\t"
        "madc.lo.cc.u64 %6, %13, %10, %6;\n\t"
        "madc.hi.cc.u64 %7, %13, %10, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        "mul.lo.u64 %8, %0, 0xc2e1f593efffffff;\n\t"
        "mad.lo.cc.u64 %1, %8, 0x2833e84879b97091, %1;\n\t"
        "madc.hi.cc.u64 %2, %8, 0x2833e84879b97091, %2;\n\t"
        "madc.lo.cc.u64 %3, %8, 0x30644e72e131a029, %3;\n\t"
        "madc.hi.u64 %4, %8, 0x30644e72e131a029, %4;\n\t"
        "mad.lo.cc.u64 %0, %8, 0x43e1f593f0000001, %0;\n\t"
        "madc.hi.cc.u64 %5, %8, 0x43e1f593f0000001, %5;\n\t"
        "madc.lo.cc.u64 %6, %8, 0xb85045b68181585d, %6;\n\t"
        "madc.hi.cc.u64 %7, %8, 0xb85045b68181585d, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        : "+l"(x0), "+l"(y0), "+l"(y1), "+l"(y2), "+l"(y3), "+l"(x1), "+l"(x2), "+l"(x3), "+l"(m)
        : "l"(a.l[1]), "l"(b.l[2]), "l"(a.l[3]), "l"(a.l[0]), "l"(a.l[2]));
    // row 3: T = T/2^64 + a*b.l[3] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u64 %0, %0, %2;\n\t"
        "madc.lo.cc.u64 %1, %9, %10, %3;\n\t"
        "madc.hi.cc.u64 %2, %9, %10, %4;\n\t"
        "madc.lo.cc.u64 %3, %11, %10, 0x0;\n\t"
        "madc.hi.u64 %4, %11, %10, 0x0;\n\t"
        "mad.lo.cc.u64 %0, %12, %10, %0;\n\t"
        "madc.hi.cc.u64 %5, %12, %10, %5;\n\t"
        "madc.lo.cc.u64 %6, %13, %10, %6;\n\t"
        "madc.hi.cc.u64 %7, %13, %10, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        "mul.lo.u64 %8, %0, 0xc2e1f593efffffff;\n\t"
        "mad.lo.cc.u64 %1, %8, 0x2833e84879b97091, %1;\n\t"
        "madc.hi.cc.u64 %2, %8, 0x2833e84879b97091, %2;\n\t"
        "madc.lo.cc.u64 %3, %8, 0x30644e72e131a029, %3;\n\t"
        "madc.hi.u64 %4, %8, 0x30644e72e131a029, %4;\n\t"
        "mad.lo.cc.u64 %0, %8, 0x43e1f593f0000001, %0;\n\t"
        "madc.hi.cc.u64 %5, %8, 0x43e1f593f0000001, %5;\n\t"
        "madc.lo.cc.u64 %6, %8, 0xb85045b68181585d, %6;\n\t"
        "madc.hi.cc.u64 %7, %8, 0xb85045b68181585d, %7;\n\t"
        "addc.u64 %4, %4, 0x0;\n\t"
        : "+l"(y0), "+l"(x0), "+l"(x1), "+l"(x2), "+l"(x3), "+l"(y1), "+l"(y2), "+l"(y3), "+l"(m)
        : "l"(a.l[1]), "l"(b.l[3]), "l"(a.l[3]), "l"(a.l[0]), "l"(a.l[2]));
    // T / 2^64 = E/2^64 + O
    asm volatile(
        "add.cc.u64 %0, %0, %4;\n\t"
        "addc.cc.u64 %1, %1, %5;\n\t"
        "addc.cc.u64 %2, %2, %6;\n\t"
        "addc.u64 %3, %3, 0x0;\n\t"
        : "+l"(x0), "+l"(x1), "+l"(x2), "+l"(x3)
        : "l"(y1), "l"(y2), "l"(y3));
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
    const fe W8_1 = {{ 0x3207cbdddda29e9bUL, 0x77ca35a6262fbefcUL, 0x3d7e07dfb059de38UL, 0x12a91d5f32bd1157UL }};
    const fe W8_2 = {{ 0xc46cb7fc51231076UL, 0xc8f4d11bc871df70UL, 0x2a9ee33d0d77ebeeUL, 0x052cd33da770975aUL }};
    const fe W8_3 = {{ 0x4b34aab13a5283c2UL, 0xfad32148f5edead2UL, 0xded9488b23ed2e65UL, 0x0c23d18ba196c67fUL }};
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
// u_j = x[i + j*64] * tw[j*64 + k] (tw = w_(4096)^(jk) * N^-1), U = DFT_64(u) (w_64 = w^64), y[(i - k)*64 + k + m*64] = U_m (reduced below p).
// 16 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 6 DIT stages go in
// groups 3+3 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass1_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local ulong2 u[2048];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 16u;
    const fe W8_1 = {{ 0x3207cbdddda29e9bUL, 0x77ca35a6262fbefcUL, 0x3d7e07dfb059de38UL, 0x12a91d5f32bd1157UL }};
    const fe W8_2 = {{ 0xc46cb7fc51231076UL, 0xc8f4d11bc871df70UL, 0x2a9ee33d0d77ebeeUL, 0x052cd33da770975aUL }};
    const fe W8_3 = {{ 0x4b34aab13a5283c2UL, 0xfad32148f5edead2UL, 0xded9488b23ed2e65UL, 0x0c23d18ba196c67fUL }};
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

