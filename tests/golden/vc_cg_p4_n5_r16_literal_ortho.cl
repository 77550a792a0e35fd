// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 4, n = 5, N = 1024
// algorithm cg, coefficients literal, precision f32, normalisation ortho.
// Each kernel is one pass: every work-item computes one radix-r butterfly.
typedef float real;
typedef float2 real2;
typedef float4 real4;
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

// vc_cg_p4r16_literal_fwd_f32: one radix-16 pass of the VC transform (p = 4, 2 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 16; coefficients folded in as literals (1, -1, +-i need no multiply).
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
__kernel void vc_cg_p4r16_literal_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 16u;
    __global const real4 *row = (__global const real4 *)(src + base);
    const real4 t0 = row[0];
    const real4 t1 = row[1];
    const real4 t2 = row[2];
    const real4 t3 = row[3];
    const real4 t4 = row[4];
    const real4 t5 = row[5];
    const real4 t6 = row[6];
    const real4 t7 = row[7];
    const real2 x0 = t0.s01;
    const real2 x1 = t0.s23;
    const real2 x2 = t1.s01;
    const real2 x3 = t1.s23;
    const real2 x4 = t2.s01;
    const real2 x5 = t2.s23;
    const real2 x6 = t3.s01;
    const real2 x7 = t3.s23;
    const real2 x8 = t4.s01;
    const real2 x9 = t4.s23;
    const real2 x10 = t5.s01;
    const real2 x11 = t5.s23;
    const real2 x12 = t6.s01;
    const real2 x13 = t6.s23;
    const real2 x14 = t7.s01;
    const real2 x15 = t7.s23;
    dst[tid + 0u * count] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + x9 + x10 + x11 + x12 + x13 + x14 + x15;
    dst[tid + 1u * count] = x0 + cmul_neg_i(x1) - x2 + cmul_i(x3) + x4 + cmul_neg_i(x5) - x6 + cmul_i(x7) + x8 + cmul_neg_i(x9) - x10 + cmul_i(x11) + x12 + cmul_neg_i(x13) - x14 + cmul_i(x15);
    dst[tid + 2u * count] = x0 - x1 + x2 - x3 + x4 - x5 + x6 - x7 + x8 - x9 + x10 - x11 + x12 - x13 + x14 - x15;
    dst[tid + 3u * count] = x0 + cmul_i(x1) - x2 + cmul_neg_i(x3) + x4 + cmul_i(x5) - x6 + cmul_neg_i(x7) + x8 + cmul_i(x9) - x10 + cmul_neg_i(x11) + x12 + cmul_i(x13) - x14 + cmul_neg_i(x15);
    dst[tid + 4u * count] = x0 + x1 + x2 + x3 + cmul_neg_i(x4) + cmul_neg_i(x5) + cmul_neg_i(x6) + cmul_neg_i(x7) - x8 - x9 - x10 - x11 + cmul_i(x12) + cmul_i(x13) + cmul_i(x14) + cmul_i(x15);
    dst[tid + 5u * count] = x0 + cmul_neg_i(x1) - x2 + cmul_i(x3) + cmul_neg_i(x4) - x5 + cmul_i(x6) + x7 - x8 + cmul_i(x9) + x10 + cmul_neg_i(x11) + cmul_i(x12) + x13 + cmul_neg_i(x14) - x15;
    dst[tid + 6u * count] = x0 - x1 + x2 - x3 + cmul_neg_i(x4) + cmul_i(x5) + cmul_neg_i(x6) + cmul_i(x7) - x8 + x9 - x10 + x11 + cmul_i(x12) + cmul_neg_i(x13) + cmul_i(x14) + cmul_neg_i(x15);
    dst[tid + 7u * count] = x0 + cmul_i(x1) - x2 + cmul_neg_i(x3) + cmul_neg_i(x4) + x5 + cmul_i(x6) - x7 - x8 + cmul_neg_i(x9) + x10 + cmul_i(x11) + cmul_i(x12) - x13 + cmul_neg_i(x14) + x15;
    dst[tid + 8u * count] = x0 + x1 + x2 + x3 - x4 - x5 - x6 - x7 + x8 + x9 + x10 + x11 - x12 - x13 - x14 - x15;
    dst[tid + 9u * count] = x0 + cmul_neg_i(x1) - x2 + cmul_i(x3) - x4 + cmul_i(x5) + x6 + cmul_neg_i(x7) + x8 + cmul_neg_i(x9) - x10 + cmul_i(x11) - x12 + cmul_i(x13) + x14 + cmul_neg_i(x15);
    dst[tid + 10u * count] = x0 - x1 + x2 - x3 - x4 + x5 - x6 + x7 + x8 - x9 + x10 - x11 - x12 + x13 - x14 + x15;
    dst[tid + 11u * count] = x0 + cmul_i(x1) - x2 + cmul_neg_i(x3) - x4 + cmul_neg_i(x5) + x6 + cmul_i(x7) + x8 + cmul_i(x9) - x10 + cmul_neg_i(x11) - x12 + cmul_neg_i(x13) + x14 + cmul_i(x15);
    dst[tid + 12u * count] = x0 + x1 + x2 + x3 + cmul_i(x4) + cmul_i(x5) + cmul_i(x6) + cmul_i(x7) - x8 - x9 - x10 - x11 + cmul_neg_i(x12) + cmul_neg_i(x13) + cmul_neg_i(x14) + cmul_neg_i(x15);
    dst[tid + 13u * count] = x0 + cmul_neg_i(x1) - x2 + cmul_i(x3) + cmul_i(x4) + x5 + cmul_neg_i(x6) - x7 - x8 + cmul_i(x9) + x10 + cmul_neg_i(x11) + cmul_neg_i(x12) - x13 + cmul_i(x14) + x15;
    dst[tid + 14u * count] = x0 - x1 + x2 - x3 + cmul_i(x4) + cmul_neg_i(x5) + cmul_i(x6) + cmul_neg_i(x7) - x8 + x9 - x10 + x11 + cmul_neg_i(x12) + cmul_i(x13) + cmul_neg_i(x14) + cmul_i(x15);
    dst[tid + 15u * count] = x0 + cmul_i(x1) - x2 + cmul_neg_i(x3) + cmul_i(x4) - x5 + cmul_neg_i(x6) + x7 - x8 + cmul_neg_i(x9) + x10 + cmul_i(x11) + cmul_neg_i(x12) + x13 + cmul_i(x14) - x15;
}

// vc_cg_r4_literal_fwd_f32_scaled: one radix-4 pass of the VC transform (p = 4, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 4; coefficients folded in as literals (1, -1, +-i need no multiply).
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
// Outputs are scaled by 3.125e-2 (normalisation).
__kernel void vc_cg_r4_literal_fwd_f32_scaled(__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 4u;
    __global const real4 *row = (__global const real4 *)(src + base);
    const real4 t0 = row[0];
    const real4 t1 = row[1];
    const real2 x0 = t0.s01;
    const real2 x1 = t0.s23;
    const real2 x2 = t1.s01;
    const real2 x3 = t1.s23;
    dst[tid + 0u * count] = (x0 + x1 + x2 + x3) * 3.125000000e-2f;
    dst[tid + 1u * count] = (x0 + cmul_neg_i(x1) - x2 + cmul_i(x3)) * 3.125000000e-2f;
    dst[tid + 2u * count] = (x0 - x1 + x2 - x3) * 3.125000000e-2f;
    dst[tid + 3u * count] = (x0 + cmul_i(x1) - x2 + cmul_neg_i(x3)) * 3.125000000e-2f;
}
