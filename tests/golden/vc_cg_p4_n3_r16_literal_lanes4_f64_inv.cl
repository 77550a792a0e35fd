// jitfft generated program: Vilenkin-Chrestenson transform (inverse), p = 4, n = 3, N = 64
// algorithm cg, coefficients literal, precision f64, normalisation full.
// Each kernel is one pass: every work-item computes one radix-r butterfly.
// CPU-shaped kernels (suffix _l4): every work-item computes 4 consecutive butterflies.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double real;
typedef double2 real2;
typedef double4 real4;
typedef uint idx_t;

// Complex helpers shared by jitfft's generated programs. `real`/`real2` are typedef'd by the
// generator to float/float2 or double/double2 before this text.

// (a.x + i a.y)(b.x + i b.y)
inline real2 cmul(real2 a, real2 b)
{
    return (real2)(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

// a * i and a * (-i): a rotation, no multiplication.
inline real2 cmul_i(real2 a) { return (real2)(-a.y, a.x); }
inline real2 cmul_neg_i(real2 a) { return (real2)(a.y, -a.x); }

// 4 complex values in split planes: real parts in .lo, imaginary parts in .hi, one butterfly a slot.
typedef double8 cvec4;

// 4 consecutive complex values from p (one vload, one shuffle into planes).
inline cvec4 load_cvec4(__global const real2 *p) {
    return shuffle(vload8(0, (__global const real *)p), (ulong8)(0, 2, 4, 6, 1, 3, 5, 7));
}

// Stores the 4 complex values of v at p (planes back to (re, im) pairs).
inline void store_cvec4(cvec4 v, __global real2 *p) {
    vstore8(shuffle(v, (ulong8)(0, 4, 1, 5, 2, 6, 3, 7)), 0, (__global real *)p);
}

// The 4 complex values p[i.s0], p[i.s1], ... in planes.
inline cvec4 gather_cvec4(__global const real2 *p, uint4 i) {
    const real2 a0 = p[i.s0];
    const real2 a1 = p[i.s1];
    const real2 a2 = p[i.s2];
    const real2 a3 = p[i.s3];
    return (cvec4)(a0.x, a1.x, a2.x, a3.x, a0.y, a1.y, a2.y, a3.y);
}

// Stores slot l of v at p[i.sl].
inline void scatter_cvec4(cvec4 v, __global real2 *p, uint4 i) {
    p[i.s0] = (real2)(v.lo.s0, v.hi.s0);
    p[i.s1] = (real2)(v.lo.s1, v.hi.s1);
    p[i.s2] = (real2)(v.lo.s2, v.hi.s2);
    p[i.s3] = (real2)(v.lo.s3, v.hi.s3);
}

// Slot l = p[l*r] for l < 4: one operand of 4 consecutive butterflies whose operands are consecutive.
inline cvec4 rows_cvec4(__global const real2 *p, const uint r) {
    return (cvec4)(p[0u * r].x, p[1u * r].x, p[2u * r].x, p[3u * r].x, p[0u * r].y, p[1u * r].y, p[2u * r].y, p[3u * r].y);
}

// Stores slot l of v at p[l*r] (the inverse of rows_).
inline void unrows_cvec4(cvec4 v, __global real2 *p, const uint r) {
    p[0u * r] = (real2)(v.lo.s0, v.hi.s0);
    p[1u * r] = (real2)(v.lo.s1, v.hi.s1);
    p[2u * r] = (real2)(v.lo.s2, v.hi.s2);
    p[3u * r] = (real2)(v.lo.s3, v.hi.s3);
}

// vc_cg_p4r16_literal_inv_f64_l4: one radix-16 pass of the VC transform (p = 4, 2 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 16; coefficients folded in as literals: p-point codelets along each digit.
// Constant Geometry, out of place: butterfly u reads src[u*16 + j] and writes dst[u + i*4].
// Each work-item computes the 4 butterflies u = t + l, t = 4*gid, butterfly l in slot l of cvec4
// vectors: it reads one block of 4*16 consecutive values (transposed into the rows) and writes
// 4 consecutive values of each result row (a short last work-item repeats its last butterfly).
__kernel void vc_cg_p4r16_literal_inv_f64_l4(__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    const idx_t t = g * 4u;
    const int whole = t + 4u <= 4u;
    const uint4 tl = min((uint4)(t) + (uint4)(0, 1, 2, 3), (uint4)(3u));
    cvec4 x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15;
    if (whole) {
        x0 = rows_cvec4(src + t * 16u + 0u, 16u);
        x1 = rows_cvec4(src + t * 16u + 1u, 16u);
        x2 = rows_cvec4(src + t * 16u + 2u, 16u);
        x3 = rows_cvec4(src + t * 16u + 3u, 16u);
        x4 = rows_cvec4(src + t * 16u + 4u, 16u);
        x5 = rows_cvec4(src + t * 16u + 5u, 16u);
        x6 = rows_cvec4(src + t * 16u + 6u, 16u);
        x7 = rows_cvec4(src + t * 16u + 7u, 16u);
        x8 = rows_cvec4(src + t * 16u + 8u, 16u);
        x9 = rows_cvec4(src + t * 16u + 9u, 16u);
        x10 = rows_cvec4(src + t * 16u + 10u, 16u);
        x11 = rows_cvec4(src + t * 16u + 11u, 16u);
        x12 = rows_cvec4(src + t * 16u + 12u, 16u);
        x13 = rows_cvec4(src + t * 16u + 13u, 16u);
        x14 = rows_cvec4(src + t * 16u + 14u, 16u);
        x15 = rows_cvec4(src + t * 16u + 15u, 16u);
    }
    else {
        const uint4 at = tl * 16u;
        x0 = gather_cvec4(src + 0u, at);
        x1 = gather_cvec4(src + 1u, at);
        x2 = gather_cvec4(src + 2u, at);
        x3 = gather_cvec4(src + 3u, at);
        x4 = gather_cvec4(src + 4u, at);
        x5 = gather_cvec4(src + 5u, at);
        x6 = gather_cvec4(src + 6u, at);
        x7 = gather_cvec4(src + 7u, at);
        x8 = gather_cvec4(src + 8u, at);
        x9 = gather_cvec4(src + 9u, at);
        x10 = gather_cvec4(src + 10u, at);
        x11 = gather_cvec4(src + 11u, at);
        x12 = gather_cvec4(src + 12u, at);
        x13 = gather_cvec4(src + 13u, at);
        x14 = gather_cvec4(src + 14u, at);
        x15 = gather_cvec4(src + 15u, at);
    }
     {
        const cvec4 s1 = x1 + x3;
        const cvec4 d1 = x1 - x3;
        const cvec4 e0 = x0 + x2;
        const cvec4 e1 = x0 - x2;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
     {
        const cvec4 s1 = x5 + x7;
        const cvec4 d1 = x5 - x7;
        const cvec4 e0 = x4 + x6;
        const cvec4 e1 = x4 - x6;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x4 = y0;
        x5 = y1;
        x6 = y2;
        x7 = y3;
    }
     {
        const cvec4 s1 = x9 + x11;
        const cvec4 d1 = x9 - x11;
        const cvec4 e0 = x8 + x10;
        const cvec4 e1 = x8 - x10;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x8 = y0;
        x9 = y1;
        x10 = y2;
        x11 = y3;
    }
     {
        const cvec4 s1 = x13 + x15;
        const cvec4 d1 = x13 - x15;
        const cvec4 e0 = x12 + x14;
        const cvec4 e1 = x12 - x14;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x12 = y0;
        x13 = y1;
        x14 = y2;
        x15 = y3;
    }
     {
        const cvec4 s1 = x4 + x12;
        const cvec4 d1 = x4 - x12;
        const cvec4 e0 = x0 + x8;
        const cvec4 e1 = x0 - x8;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x0 = y0;
        x4 = y1;
        x8 = y2;
        x12 = y3;
    }
     {
        const cvec4 s1 = x5 + x13;
        const cvec4 d1 = x5 - x13;
        const cvec4 e0 = x1 + x9;
        const cvec4 e1 = x1 - x9;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x1 = y0;
        x5 = y1;
        x9 = y2;
        x13 = y3;
    }
     {
        const cvec4 s1 = x6 + x14;
        const cvec4 d1 = x6 - x14;
        const cvec4 e0 = x2 + x10;
        const cvec4 e1 = x2 - x10;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x2 = y0;
        x6 = y1;
        x10 = y2;
        x14 = y3;
    }
     {
        const cvec4 s1 = x7 + x15;
        const cvec4 d1 = x7 - x15;
        const cvec4 e0 = x3 + x11;
        const cvec4 e1 = x3 - x11;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x3 = y0;
        x7 = y1;
        x11 = y2;
        x15 = y3;
    }
    if (whole) {
        store_cvec4(x0, dst + t + 0u * 4u);
        store_cvec4(x1, dst + t + 1u * 4u);
        store_cvec4(x2, dst + t + 2u * 4u);
        store_cvec4(x3, dst + t + 3u * 4u);
        store_cvec4(x4, dst + t + 4u * 4u);
        store_cvec4(x5, dst + t + 5u * 4u);
        store_cvec4(x6, dst + t + 6u * 4u);
        store_cvec4(x7, dst + t + 7u * 4u);
        store_cvec4(x8, dst + t + 8u * 4u);
        store_cvec4(x9, dst + t + 9u * 4u);
        store_cvec4(x10, dst + t + 10u * 4u);
        store_cvec4(x11, dst + t + 11u * 4u);
        store_cvec4(x12, dst + t + 12u * 4u);
        store_cvec4(x13, dst + t + 13u * 4u);
        store_cvec4(x14, dst + t + 14u * 4u);
        store_cvec4(x15, dst + t + 15u * 4u);
    }
    else {
        scatter_cvec4(x0, dst + 0u * 4u, tl);
        scatter_cvec4(x1, dst + 1u * 4u, tl);
        scatter_cvec4(x2, dst + 2u * 4u, tl);
        scatter_cvec4(x3, dst + 3u * 4u, tl);
        scatter_cvec4(x4, dst + 4u * 4u, tl);
        scatter_cvec4(x5, dst + 5u * 4u, tl);
        scatter_cvec4(x6, dst + 6u * 4u, tl);
        scatter_cvec4(x7, dst + 7u * 4u, tl);
        scatter_cvec4(x8, dst + 8u * 4u, tl);
        scatter_cvec4(x9, dst + 9u * 4u, tl);
        scatter_cvec4(x10, dst + 10u * 4u, tl);
        scatter_cvec4(x11, dst + 11u * 4u, tl);
        scatter_cvec4(x12, dst + 12u * 4u, tl);
        scatter_cvec4(x13, dst + 13u * 4u, tl);
        scatter_cvec4(x14, dst + 14u * 4u, tl);
        scatter_cvec4(x15, dst + 15u * 4u, tl);
    }
}

// vc_cg_r4_literal_inv_f64_scaled_l4: one radix-4 pass of the VC transform (p = 4, 1 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 4; coefficients folded in as literals: p-point codelets along each digit.
// Constant Geometry, out of place: butterfly u reads src[u*4 + j] and writes dst[u + i*16].
// Each work-item computes the 4 butterflies u = t + l, t = 4*gid, butterfly l in slot l of cvec4
// vectors: it reads one block of 4*4 consecutive values (transposed into the rows) and writes
// 4 consecutive values of each result row (a short last work-item repeats its last butterfly).
// Outputs are scaled by 1.5625e-2 (normalisation).
__kernel void vc_cg_r4_literal_inv_f64_scaled_l4(__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    const idx_t t = g * 4u;
    const int whole = t + 4u <= 16u;
    const uint4 tl = min((uint4)(t) + (uint4)(0, 1, 2, 3), (uint4)(15u));
    cvec4 x0, x1, x2, x3;
    if (whole) {
        x0 = rows_cvec4(src + t * 4u + 0u, 4u);
        x1 = rows_cvec4(src + t * 4u + 1u, 4u);
        x2 = rows_cvec4(src + t * 4u + 2u, 4u);
        x3 = rows_cvec4(src + t * 4u + 3u, 4u);
    }
    else {
        const uint4 at = tl * 4u;
        x0 = gather_cvec4(src + 0u, at);
        x1 = gather_cvec4(src + 1u, at);
        x2 = gather_cvec4(src + 2u, at);
        x3 = gather_cvec4(src + 3u, at);
    }
     {
        const cvec4 s1 = x1 + x3;
        const cvec4 d1 = x1 - x3;
        const cvec4 e0 = x0 + x2;
        const cvec4 e1 = x0 - x2;
        const cvec4 a1 = e1;
        const cvec4 b1 = d1;
        const cvec4 y0 = e0 + s1;
        const cvec4 y1 = (cvec4)(a1.lo - b1.hi, a1.hi + b1.lo);
        const cvec4 y3 = (cvec4)(a1.lo + b1.hi, a1.hi - b1.lo);
        const cvec4 y2 = e0 - s1;
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
    if (whole) {
        store_cvec4(x0 * 1.56250000000000000e-2, dst + t + 0u * 16u);
        store_cvec4(x1 * 1.56250000000000000e-2, dst + t + 1u * 16u);
        store_cvec4(x2 * 1.56250000000000000e-2, dst + t + 2u * 16u);
        store_cvec4(x3 * 1.56250000000000000e-2, dst + t + 3u * 16u);
    }
    else {
        scatter_cvec4(x0 * 1.56250000000000000e-2, dst + 0u * 16u, tl);
        scatter_cvec4(x1 * 1.56250000000000000e-2, dst + 1u * 16u, tl);
        scatter_cvec4(x2 * 1.56250000000000000e-2, dst + 2u * 16u, tl);
        scatter_cvec4(x3 * 1.56250000000000000e-2, dst + 3u * 16u, tl);
    }
}
