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
// y_i = sum_j W[i][j] x_j for i, j < 16; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
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
    real2 x0 = t0.s01;
    real2 x1 = t0.s23;
    real2 x2 = t1.s01;
    real2 x3 = t1.s23;
    real2 x4 = t2.s01;
    real2 x5 = t2.s23;
    real2 x6 = t3.s01;
    real2 x7 = t3.s23;
    real2 x8 = t4.s01;
    real2 x9 = t4.s23;
    real2 x10 = t5.s01;
    real2 x11 = t5.s23;
    real2 x12 = t6.s01;
    real2 x13 = t6.s23;
    real2 x14 = t7.s01;
    real2 x15 = t7.s23;
     {
        const real2 s1 = x1 + x3;
        const real2 d1 = x1 - x3;
        const real2 e0 = x0 + x2;
        const real2 e1 = x0 - x2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
     {
        const real2 s1 = x5 + x7;
        const real2 d1 = x5 - x7;
        const real2 e0 = x4 + x6;
        const real2 e1 = x4 - x6;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x4 = y0;
        x5 = y1;
        x6 = y2;
        x7 = y3;
    }
     {
        const real2 s1 = x9 + x11;
        const real2 d1 = x9 - x11;
        const real2 e0 = x8 + x10;
        const real2 e1 = x8 - x10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x8 = y0;
        x9 = y1;
        x10 = y2;
        x11 = y3;
    }
     {
        const real2 s1 = x13 + x15;
        const real2 d1 = x13 - x15;
        const real2 e0 = x12 + x14;
        const real2 e1 = x12 - x14;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x12 = y0;
        x13 = y1;
        x14 = y2;
        x15 = y3;
    }
     {
        const real2 s1 = x4 + x12;
        const real2 d1 = x4 - x12;
        const real2 e0 = x0 + x8;
        const real2 e1 = x0 - x8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x0 = y0;
        x4 = y1;
        x8 = y2;
        x12 = y3;
    }
     {
        const real2 s1 = x5 + x13;
        const real2 d1 = x5 - x13;
        const real2 e0 = x1 + x9;
        const real2 e1 = x1 - x9;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x1 = y0;
        x5 = y1;
        x9 = y2;
        x13 = y3;
    }
     {
        const real2 s1 = x6 + x14;
        const real2 d1 = x6 - x14;
        const real2 e0 = x2 + x10;
        const real2 e1 = x2 - x10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x2 = y0;
        x6 = y1;
        x10 = y2;
        x14 = y3;
    }
     {
        const real2 s1 = x7 + x15;
        const real2 d1 = x7 - x15;
        const real2 e0 = x3 + x11;
        const real2 e1 = x3 - x11;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x3 = y0;
        x7 = y1;
        x11 = y2;
        x15 = y3;
    }
    dst[tid + 0u * count] = x0;
    dst[tid + 1u * count] = x1;
    dst[tid + 2u * count] = x2;
    dst[tid + 3u * count] = x3;
    dst[tid + 4u * count] = x4;
    dst[tid + 5u * count] = x5;
    dst[tid + 6u * count] = x6;
    dst[tid + 7u * count] = x7;
    dst[tid + 8u * count] = x8;
    dst[tid + 9u * count] = x9;
    dst[tid + 10u * count] = x10;
    dst[tid + 11u * count] = x11;
    dst[tid + 12u * count] = x12;
    dst[tid + 13u * count] = x13;
    dst[tid + 14u * count] = x14;
    dst[tid + 15u * count] = x15;
}

// vc_cg_r4_literal_fwd_f32_scaled: one radix-4 pass of the VC transform (p = 4, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 4; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
// Outputs are scaled by 3.125e-2 (normalisation).
__kernel void vc_cg_r4_literal_fwd_f32_scaled(__global const real2 *restrict src, __global real2 *restrict dst, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 4u;
    __global const real4 *row = (__global const real4 *)(src + base);
    const real4 t0 = row[0];
    const real4 t1 = row[1];
    real2 x0 = t0.s01;
    real2 x1 = t0.s23;
    real2 x2 = t1.s01;
    real2 x3 = t1.s23;
     {
        const real2 s1 = x1 + x3;
        const real2 d1 = x1 - x3;
        const real2 e0 = x0 + x2;
        const real2 e1 = x0 - x2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
    }
    dst[tid + 0u * count] = x0 * 3.125000000e-2f;
    dst[tid + 1u * count] = x1 * 3.125000000e-2f;
    dst[tid + 2u * count] = x2 * 3.125000000e-2f;
    dst[tid + 3u * count] = x3 * 3.125000000e-2f;
}
