// NTT variant fused of N = 2^12 points over bn254-fr (21888242871839275222246405745257275088548364400416034343698204186575808495617), 32-bit limbs, ptx arithmetic; forward: X[k] = sum_j x[j] w^jk,
// w = g^((p-1)/N) = 4158865282786404163413953114870269622875596290766033564087307867933865333818.
// Stockham passes of radix 64·64 (regs kernel: 8 points per work-item, twiddles from a table per pass, lazy reduction;
// no conversion into Montgomery form, see the kernels' comments).

// Field arithmetic modulo p = 21888242871839275222246405745257275088548364400416034343698204186575808495617 (254 bits),
// 8 limbs of 32 bits (little-endian), Montgomery form with R = 2^256, n' = -p^-1 mod 2^32 = 4026531839.
// Carry chains: inline PTX (NVIDIA), one asm statement per chain segment; lazy reduction: values in [0, 2p) between operations, fe_reduce gives [0, p).
typedef uint limb_t;
typedef struct { limb_t l[8]; } fe;

// a + b mod 2p (inputs < 2p): sum chain, then the sum minus 2p where it is >= 2p.
static inline fe fe_add(const fe a, const fe b) {
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, hi = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0;
    asm volatile(
        "add.cc.u32 %0, %0, %17;\n\t"
        "addc.cc.u32 %1, %1, %18;\n\t"
        "addc.cc.u32 %2, %2, %19;\n\t"
        "addc.cc.u32 %3, %3, %20;\n\t"
        "addc.cc.u32 %4, %4, %21;\n\t"
        "addc.cc.u32 %5, %5, %22;\n\t"
        "addc.cc.u32 %6, %6, %23;\n\t"
        "addc.u32 %7, %7, %24;\n\t"
        "sub.cc.u32 %8, %0, 0xe0000002;\n\t"
        "subc.cc.u32 %9, %1, 0x87c3eb27;\n\t"
        "subc.cc.u32 %10, %2, 0xf372e122;\n\t"
        "subc.cc.u32 %11, %3, 0x5067d090;\n\t"
        "subc.cc.u32 %12, %4, 0x302b0ba;\n\t"
        "subc.cc.u32 %13, %5, 0x70a08b6d;\n\t"
        "subc.cc.u32 %14, %6, 0xc2634053;\n\t"
        "subc.cc.u32 %15, %7, 0x60c89ce5;\n\t"
        "subc.u32 %16, 0x0, 0x0;\n\t"
        : "+r"(r.l[0]), "+r"(r.l[1]), "+r"(r.l[2]), "+r"(r.l[3]), "+r"(r.l[4]), "+r"(r.l[5]), "+r"(r.l[6]), "+r"(r.l[7]), "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3), "+r"(d4), "+r"(d5), "+r"(d6), "+r"(d7), "+r"(bo)
        : "r"(b.l[0]), "r"(b.l[1]), "r"(b.l[2]), "r"(b.l[3]), "r"(b.l[4]), "r"(b.l[5]), "r"(b.l[6]), "r"(b.l[7]));
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
    r.l[4] = (bo != 0) ? r.l[4] : d4;
    r.l[5] = (bo != 0) ? r.l[5] : d5;
    r.l[6] = (bo != 0) ? r.l[6] : d6;
    r.l[7] = (bo != 0) ? r.l[7] : d7;
    (void)hi; (void)cy;
    return r;
}

// a - b mod 2p (inputs < 2p): difference chain, then + (2p & borrow mask).
static inline fe fe_sub(const fe a, const fe b) {
    limb_t cy = 0;
    fe r = a; limb_t bo = 0, q = 0;
    asm volatile(
        "sub.cc.u32 %0, %0, %10;\n\t"
        "subc.cc.u32 %1, %1, %11;\n\t"
        "subc.cc.u32 %2, %2, %12;\n\t"
        "subc.cc.u32 %3, %3, %13;\n\t"
        "subc.cc.u32 %4, %4, %14;\n\t"
        "subc.cc.u32 %5, %5, %15;\n\t"
        "subc.cc.u32 %6, %6, %16;\n\t"
        "subc.cc.u32 %7, %7, %17;\n\t"
        "subc.u32 %8, 0x0, 0x0;\n\t"
        "and.b32 %9, %8, 0xe0000002;\n\t"
        "add.cc.u32 %0, %0, %9;\n\t"
        "and.b32 %9, %8, 0x87c3eb27;\n\t"
        "addc.cc.u32 %1, %1, %9;\n\t"
        "and.b32 %9, %8, 0xf372e122;\n\t"
        "addc.cc.u32 %2, %2, %9;\n\t"
        "and.b32 %9, %8, 0x5067d090;\n\t"
        "addc.cc.u32 %3, %3, %9;\n\t"
        "and.b32 %9, %8, 0x302b0ba;\n\t"
        "addc.cc.u32 %4, %4, %9;\n\t"
        "and.b32 %9, %8, 0x70a08b6d;\n\t"
        "addc.cc.u32 %5, %5, %9;\n\t"
        "and.b32 %9, %8, 0xc2634053;\n\t"
        "addc.cc.u32 %6, %6, %9;\n\t"
        "and.b32 %9, %8, 0x60c89ce5;\n\t"
        "addc.u32 %7, %7, %9;\n\t"
        : "+r"(r.l[0]), "+r"(r.l[1]), "+r"(r.l[2]), "+r"(r.l[3]), "+r"(r.l[4]), "+r"(r.l[5]), "+r"(r.l[6]), "+r"(r.l[7]), "+r"(bo), "+r"(q)
        : "r"(b.l[0]), "r"(b.l[1]), "r"(b.l[2]), "r"(b.l[3]), "r"(b.l[4]), "r"(b.l[5]), "r"(b.l[6]), "r"(b.l[7]));
    (void)cy;
    return r;
}

// x mod p for x < 2p (the identity on fully reduced values).
static inline fe fe_reduce(const fe x) {
    limb_t cy = 0;
    fe r = x; limb_t bo = 0, d0 = 0, d1 = 0, d2 = 0, d3 = 0, d4 = 0, d5 = 0, d6 = 0, d7 = 0;
    asm volatile(
        "sub.cc.u32 %0, %9, 0xf0000001;\n\t"
        "subc.cc.u32 %1, %10, 0x43e1f593;\n\t"
        "subc.cc.u32 %2, %11, 0x79b97091;\n\t"
        "subc.cc.u32 %3, %12, 0x2833e848;\n\t"
        "subc.cc.u32 %4, %13, 0x8181585d;\n\t"
        "subc.cc.u32 %5, %14, 0xb85045b6;\n\t"
        "subc.cc.u32 %6, %15, 0xe131a029;\n\t"
        "subc.cc.u32 %7, %16, 0x30644e72;\n\t"
        "subc.u32 %8, 0x0, 0x0;\n\t"
        : "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3), "+r"(d4), "+r"(d5), "+r"(d6), "+r"(d7), "+r"(bo)
        : "r"(r.l[0]), "r"(r.l[1]), "r"(r.l[2]), "r"(r.l[3]), "r"(r.l[4]), "r"(r.l[5]), "r"(r.l[6]), "r"(r.l[7]));
    r.l[0] = (bo != 0) ? r.l[0] : d0;
    r.l[1] = (bo != 0) ? r.l[1] : d1;
    r.l[2] = (bo != 0) ? r.l[2] : d2;
    r.l[3] = (bo != 0) ? r.l[3] : d3;
    r.l[4] = (bo != 0) ? r.l[4] : d4;
    r.l[5] = (bo != 0) ? r.l[5] : d5;
    r.l[6] = (bo != 0) ? r.l[6] : d6;
    r.l[7] = (bo != 0) ? r.l[7] : d7;
    (void)cy;
    return r;
}

// a * b * R^-1 mod p: Montgomery multiplication, 8 rows, two accumulators E (x*) and O (y*)
// with T = E + O*2^32: products of even limbs go to E as double words, those of odd limbs to O;
// after each row E and O swap roles (the division by 2^32). Result < 2p (lazy: no final subtraction).
static inline fe fe_mul(const fe a, const fe b) {
    limb_t cy = 0;
    limb_t x0 = 0, x1 = 0, x2 = 0, x3 = 0, x4 = 0, x5 = 0, x6 = 0, x7 = 0, y0 = 0, y1 = 0, y2 = 0, y3 = 0, y4 = 0, y5 = 0, y6 = 0, y7 = 0, m = 0;
    // row 0: T = T/2^32 + a*b.l[0] + m*p, E = x*, O = y*
    asm volatile(
        "mul.lo.u32 %0, %17, %18;\n\t"
        "mad.hi.u32 %1, %17, %18, 0x0;\n\t"
        "mul.lo.u32 %2, %19, %18;\n\t"
        "mad.hi.u32 %3, %19, %18, 0x0;\n\t"
        "mul.lo.u32 %4, %20, %18;\n\t"
        "mad.hi.u32 %5, %20, %18, 0x0;\n\t"
        "mul.lo.u32 %6, %21, %18;\n\t"
        "mad.hi.u32 %7, %21, %18, 0x0;\n\t"
        "mul.lo.u32 %8, %22, %18;\n\t"
        "mad.hi.u32 %9, %22, %18, 0x0;\n\t"
        "mul.lo.u32 %10, %23, %18;\n\t"
        "mad.hi.u32 %11, %23, %18, 0x0;\n\t"
        "mul.lo.u32 %12, %24, %18;\n\t"
        "mad.hi.u32 %13, %24, %18, 0x0;\n\t"
        "mul.lo.u32 %14, %25, %18;\n\t"
        "mad.hi.u32 %15, %25, %18, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.hi.cc.u32 %3, %16, 0x43e1f593, %3;\n\t"
        "madc.lo.cc.u32 %6, %16, 0x2833e848, %6;\n\t"
        "madc.hi.cc.u32 %7, %16, 0x2833e848, %7;\n\t"
        "madc.lo.cc.u32 %10, %16, 0xb85045b6, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0xb85045b6, %11;\n\t"
        "madc.lo.cc.u32 %14, %16, 0x30644e72, %14;\n\t"
        "madc.hi.u32 %15, %16, 0x30644e72, %15;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %1, %16, 0xf0000001, %1;\n\t"
        "madc.lo.cc.u32 %4, %16, 0x79b97091, %4;\n\t"
        "madc.hi.cc.u32 %5, %16, 0x79b97091, %5;\n\t"
        "madc.lo.cc.u32 %8, %16, 0x8181585d, %8;\n\t"
        "madc.hi.cc.u32 %9, %16, 0x8181585d, %9;\n\t"
        "madc.lo.cc.u32 %12, %16, 0xe131a029, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0xe131a029, %13;\n\t"
        "addc.u32 %15, %15, 0x0;\n\t"
        : "+r"(x0), "+r"(x1), "+r"(y0), "+r"(y1), "+r"(x2), "+r"(x3), "+r"(y2), "+r"(y3), "+r"(x4), "+r"(x5), "+r"(y4), "+r"(y5), "+r"(x6), "+r"(x7), "+r"(y6), "+r"(y7), "+r"(m)
        : "r"(a.l[0]), "r"(b.l[0]), "r"(a.l[1]), "r"(a.l[2]), "r"(a.l[3]), "r"(a.l[4]), "r"(a.l[5]), "r"(a.l[6]), "r"(a.l[7]));
    // row 1: T = T/2^32 + a*b.l[1] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(y0), "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[1]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 2: T = T/2^32 + a*b.l[2] + m*p, E = x*, O = y*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(x0), "+r"(y0), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[2]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 3: T = T/2^32 + a*b.l[3] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(y0), "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[3]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 4: T = T/2^32 + a*b.l[4] + m*p, E = x*, O = y*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(x0), "+r"(y0), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[4]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 5: T = T/2^32 + a*b.l[5] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(y0), "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[5]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 6: T = T/2^32 + a*b.l[6] + m*p, E = x*, O = y*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(x0), "+r"(y0), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[6]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // row 7: T = T/2^32 + a*b.l[7] + m*p, E = y*, O = x*
    asm volatile(
        "add.cc.u32 %0, %0, %2;\n\t"
        "madc.lo.cc.u32 %1, %17, %18, %3;\n\t"
        "madc.hi.cc.u32 %2, %17, %18, %4;\n\t"
        "madc.lo.cc.u32 %3, %19, %18, %5;\n\t"
        "madc.hi.cc.u32 %4, %19, %18, %6;\n\t"
        "madc.lo.cc.u32 %5, %20, %18, %7;\n\t"
        "madc.hi.cc.u32 %6, %20, %18, %8;\n\t"
        "madc.lo.cc.u32 %7, %21, %18, 0x0;\n\t"
        "madc.hi.u32 %8, %21, %18, 0x0;\n\t"
        "mad.lo.cc.u32 %0, %22, %18, %0;\n\t"
        "madc.hi.cc.u32 %9, %22, %18, %9;\n\t"
        "madc.lo.cc.u32 %10, %23, %18, %10;\n\t"
        "madc.hi.cc.u32 %11, %23, %18, %11;\n\t"
        "madc.lo.cc.u32 %12, %24, %18, %12;\n\t"
        "madc.hi.cc.u32 %13, %24, %18, %13;\n\t"
        "madc.lo.cc.u32 %14, %25, %18, %14;\n\t"
        "madc.hi.cc.u32 %15, %25, %18, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        "mul.lo.u32 %16, %0, 0xefffffff;\n\t"
        "mad.lo.cc.u32 %1, %16, 0x43e1f593, %1;\n\t"
        "madc.hi.cc.u32 %2, %16, 0x43e1f593, %2;\n\t"
        "madc.lo.cc.u32 %3, %16, 0x2833e848, %3;\n\t"
        "madc.hi.cc.u32 %4, %16, 0x2833e848, %4;\n\t"
        "madc.lo.cc.u32 %5, %16, 0xb85045b6, %5;\n\t"
        "madc.hi.cc.u32 %6, %16, 0xb85045b6, %6;\n\t"
        "madc.lo.cc.u32 %7, %16, 0x30644e72, %7;\n\t"
        "madc.hi.u32 %8, %16, 0x30644e72, %8;\n\t"
        "mad.lo.cc.u32 %0, %16, 0xf0000001, %0;\n\t"
        "madc.hi.cc.u32 %9, %16, 0xf0000001, %9;\n\t"
        "madc.lo.cc.u32 %10, %16, 0x79b97091, %10;\n\t"
        "madc.hi.cc.u32 %11, %16, 0x79b97091, %11;\n\t"
        "madc.lo.cc.u32 %12, %16, 0x8181585d, %12;\n\t"
        "madc.hi.cc.u32 %13, %16, 0x8181585d, %13;\n\t"
        "madc.lo.cc.u32 %14, %16, 0xe131a029, %14;\n\t"
        "madc.hi.cc.u32 %15, %16, 0xe131a029, %15;\n\t"
        "addc.u32 %8, %8, 0x0;\n\t"
        : "+r"(y0), "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7), "+r"(y1), "+r"(y2), "+r"(y3), "+r"(y4), "+r"(y5), "+r"(y6), "+r"(y7), "+r"(m)
        : "r"(a.l[1]), "r"(b.l[7]), "r"(a.l[3]), "r"(a.l[5]), "r"(a.l[7]), "r"(a.l[0]), "r"(a.l[2]), "r"(a.l[4]), "r"(a.l[6]));
    // T / 2^32 = E/2^32 + O
    asm volatile(
        "add.cc.u32 %0, %0, %8;\n\t"
        "addc.cc.u32 %1, %1, %9;\n\t"
        "addc.cc.u32 %2, %2, %10;\n\t"
        "addc.cc.u32 %3, %3, %11;\n\t"
        "addc.cc.u32 %4, %4, %12;\n\t"
        "addc.cc.u32 %5, %5, %13;\n\t"
        "addc.cc.u32 %6, %6, %14;\n\t"
        "addc.u32 %7, %7, 0x0;\n\t"
        : "+r"(x0), "+r"(x1), "+r"(x2), "+r"(x3), "+r"(x4), "+r"(x5), "+r"(x6), "+r"(x7)
        : "r"(y1), "r"(y2), "r"(y3), "r"(y4), "r"(y5), "r"(y6), "r"(y7));
    fe r;
    r.l[0] = x0;
    r.l[1] = x1;
    r.l[2] = x2;
    r.l[3] = x3;
    r.l[4] = x4;
    r.l[5] = x5;
    r.l[6] = x6;
    r.l[7] = x7;
    (void)cy; (void)m;
    return r;
}

// x * R mod p: into Montgomery form (multiply by R^2).
static inline fe fe_to_mont(const fe x) {
    fe r2;
    r2.l[0] = 0xae216da7U;
    r2.l[1] = 0x1bb8e645U;
    r2.l[2] = 0xe35c59e3U;
    r2.l[3] = 0x53fe3ab1U;
    r2.l[4] = 0x53bb8085U;
    r2.l[5] = 0x8c49833dU;
    r2.l[6] = 0x7f4e44a5U;
    r2.l[7] = 0x0216d0b1U;
    return fe_mul(x, r2);
}

// x * R^-1 mod p: out of Montgomery form (multiply by 1), fully reduced.
static inline fe fe_from_mont(const fe x) {
    fe one;
    one.l[0] = 1;
    one.l[1] = 0;
    one.l[2] = 0;
    one.l[3] = 0;
    one.l[4] = 0;
    one.l[5] = 0;
    one.l[6] = 0;
    one.l[7] = 0;
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

// Element access as 2 vector(s) of type uint4: fe_ldg/fe_stg in global memory (element i),
// fe_lds/fe_sts in local memory (slot i of planes `stride` vectors apart).
static inline fe fe_ldg(__global const fe* p, const uint i) {
    __global const uint4* q = (__global const uint4*)p + (size_t)i * 2u;
    fe r; uint4 v;
    v = q[0];
    r.l[0] = v.s0; r.l[1] = v.s1; r.l[2] = v.s2; r.l[3] = v.s3;
    v = q[1];
    r.l[4] = v.s0; r.l[5] = v.s1; r.l[6] = v.s2; r.l[7] = v.s3;
    return r;
}
static inline void fe_stg(__global fe* p, const uint i, const fe x) {
    __global uint4* q = (__global uint4*)p + (size_t)i * 2u;
    q[0] = (uint4)(x.l[0], x.l[1], x.l[2], x.l[3]);
    q[1] = (uint4)(x.l[4], x.l[5], x.l[6], x.l[7]);
}
static inline fe fe_lds(__local const uint4* u, const uint i, const uint stride) {
    fe r; uint4 v;
    v = u[0u * stride + i];
    r.l[0] = v.s0; r.l[1] = v.s1; r.l[2] = v.s2; r.l[3] = v.s3;
    v = u[1u * stride + i];
    r.l[4] = v.s0; r.l[5] = v.s1; r.l[6] = v.s2; r.l[7] = v.s3;
    return r;
}
static inline void fe_sts(__local uint4* u, const uint i, const uint stride, const fe x) {
    u[0u * stride + i] = (uint4)(x.l[0], x.l[1], x.l[2], x.l[3]);
    u[1u * stride + i] = (uint4)(x.l[4], x.l[5], x.l[6], x.l[7]);
}

// ntt_fused_pass0_r64: Stockham pass 0 (radix 64, span 1). For each column i < 64 (k = i mod 1):
// u_j = x[i + j*64], U = DFT_64(u) (w_64 = w^64), y[(i - k)*64 + k + m*1] = U_m.
// 16 column(s) per work-group, 128 work-items of 8 points (128 per work-group); the 6 DIT stages go in
// groups 3+3 (the first as 8-point DFTs from global memory, the others through local memory).
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void ntt_fused_pass0_r64(__global const fe* restrict x, __global fe* restrict y, __global const fe* restrict tw, __global const fe* restrict hi, __global const fe* restrict roots) {
    __local uint4 u[2048];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 16u;
    const fe W8_1 = {{ 0xb5ad7c3fU, 0xf8ad4ae2U, 0x83cb85beU, 0x2d60c6ffU, 0x5d9429f7U, 0xd976fd2bU, 0x3f9ad9a9U, 0x24407ce7U }};
    const fe W8_2 = {{ 0x9edcef8bU, 0x7f753d97U, 0xb1479120U, 0x5f3f172cU, 0x74096c6eU, 0x8db16279U, 0x39c108cfU, 0x2b377b35U }};
    const fe W8_3 = {{ 0x125d6166U, 0x11da29b6U, 0x5389b195U, 0xb069b2a2U, 0xd1277a24U, 0x7ad23dd6U, 0xae748ed2U, 0x1dbb3113U }};
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
    __local uint4 u[2048];
    const uint lt = get_local_id(0);
    const uint i0 = get_group_id(0) * 16u;
    const fe W8_1 = {{ 0xb5ad7c3fU, 0xf8ad4ae2U, 0x83cb85beU, 0x2d60c6ffU, 0x5d9429f7U, 0xd976fd2bU, 0x3f9ad9a9U, 0x24407ce7U }};
    const fe W8_2 = {{ 0x9edcef8bU, 0x7f753d97U, 0xb1479120U, 0x5f3f172cU, 0x74096c6eU, 0x8db16279U, 0x39c108cfU, 0x2b377b35U }};
    const fe W8_3 = {{ 0x125d6166U, 0x11da29b6U, 0x5389b195U, 0xb069b2a2U, 0xd1277a24U, 0x7ad23dd6U, 0xae748ed2U, 0x1dbb3113U }};
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

