// jitfft generated program: Vilenkin-Chrestenson transform (inverse), p = 5, n = 4, N = 625
// algorithm cg, coefficients literal, precision f32 stored as bf16, normalisation full.
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

// Storage: a complex value is two bfloat16 (re, im; the top 16 bits of a float) in one
// 32-bit word, computed in float, rounded to nearest even.
typedef uint cstore;
inline uint bf16_rte(float v)
{
    const uint b = as_uint(v);
    return isnan(v) ? ((b >> 16) | 0x40u) : ((b + 0x7fffu + ((b >> 16) & 1u)) >> 16);
}
inline float2 ld_c(__global const cstore *p, idx_t i) { const uint u = p[i]; return (float2)(as_float(u << 16), as_float(u & 0xffff0000u)); }
inline void st_c(__global cstore *p, idx_t i, float2 v) { p[i] = bf16_rte(v.x) | (bf16_rte(v.y) << 16); }

// vc_cg_r5_literal_inv_bf16: one radix-5 pass of the VC transform (p = 5, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 5; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
__kernel void vc_cg_r5_literal_inv_bf16(__global const cstore *restrict src, __global cstore *restrict dst, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 5u;
    real2 x0 = ld_c(src, base + 0u);
    real2 x1 = ld_c(src, base + 1u);
    real2 x2 = ld_c(src, base + 2u);
    real2 x3 = ld_c(src, base + 3u);
    real2 x4 = ld_c(src, base + 4u);
     {
        const real2 r5 = x1 + x4;
        const real2 r6 = x1 - x4;
        const real2 r7 = x2 + x3;
        const real2 r8 = x2 - x3;
        const real2 r9 = r5 + r7;
        const real2 r10 = -2.500000000e-1f * r9 + x0;
        const real2 r11 = r5 - r7;
        const real2 r12 = -5.590170026e-1f * r11;
        const real2 r13 = r10 - r12;
        const real2 r14 = r10 + r12;
        const real2 r15 = 9.510565400e-1f * r6 + 5.877852440e-1f * r8;
        const real2 r16 = 5.877852440e-1f * r6 - 9.510565400e-1f * r8;
        const real2 r17 = x0 + r9;
        const real2 y0 = r17;
        const real2 y1 = (real2)(r13.x - r15.y, r13.y + r15.x);
        const real2 y4 = (real2)(r13.x + r15.y, r13.y - r15.x);
        const real2 y2 = (real2)(r14.x - r16.y, r14.y + r16.x);
        const real2 y3 = (real2)(r14.x + r16.y, r14.y - r16.x);
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
        x4 = y4;
    }
    st_c(dst, tid + 0u * count, x0);
    st_c(dst, tid + 1u * count, x1);
    st_c(dst, tid + 2u * count, x2);
    st_c(dst, tid + 3u * count, x3);
    st_c(dst, tid + 4u * count, x4);
}

// vc_cg_r5_literal_inv_bf16_scaled: one radix-5 pass of the VC transform (p = 5, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 5; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
// Outputs are scaled by 1.6e-3 (normalisation).
__kernel void vc_cg_r5_literal_inv_bf16_scaled(__global const cstore *restrict src, __global cstore *restrict dst, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 5u;
    real2 x0 = ld_c(src, base + 0u);
    real2 x1 = ld_c(src, base + 1u);
    real2 x2 = ld_c(src, base + 2u);
    real2 x3 = ld_c(src, base + 3u);
    real2 x4 = ld_c(src, base + 4u);
     {
        const real2 r5 = x1 + x4;
        const real2 r6 = x1 - x4;
        const real2 r7 = x2 + x3;
        const real2 r8 = x2 - x3;
        const real2 r9 = r5 + r7;
        const real2 r10 = -2.500000000e-1f * r9 + x0;
        const real2 r11 = r5 - r7;
        const real2 r12 = -5.590170026e-1f * r11;
        const real2 r13 = r10 - r12;
        const real2 r14 = r10 + r12;
        const real2 r15 = 9.510565400e-1f * r6 + 5.877852440e-1f * r8;
        const real2 r16 = 5.877852440e-1f * r6 - 9.510565400e-1f * r8;
        const real2 r17 = x0 + r9;
        const real2 y0 = r17;
        const real2 y1 = (real2)(r13.x - r15.y, r13.y + r15.x);
        const real2 y4 = (real2)(r13.x + r15.y, r13.y - r15.x);
        const real2 y2 = (real2)(r14.x - r16.y, r14.y + r16.x);
        const real2 y3 = (real2)(r14.x + r16.y, r14.y - r16.x);
        x0 = y0;
        x1 = y1;
        x2 = y2;
        x3 = y3;
        x4 = y4;
    }
    st_c(dst, tid + 0u * count, x0 * 1.599999960e-3f);
    st_c(dst, tid + 1u * count, x1 * 1.599999960e-3f);
    st_c(dst, tid + 2u * count, x2 * 1.599999960e-3f);
    st_c(dst, tid + 3u * count, x3 * 1.599999960e-3f);
    st_c(dst, tid + 4u * count, x4 * 1.599999960e-3f);
}
