// jitfft generated program: Vilenkin-Chrestenson transform (inverse), p = 2, n = 9, N = 512
// algorithm cg, coefficients const-first, precision f64, normalisation full.
// Each kernel is one pass: every work-item computes one radix-r butterfly.
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

// vc_cg_p2r8_first_f64: one radix-8 pass of the VC transform (p = 2, 3 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 8; W[i][j] = x1[k], x1 = first VC function in __constant memory, k = sum of digit products mod p.
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
__kernel void vc_cg_p2r8_first_f64(__global const real2 *restrict src, __global real2 *restrict dst, __constant real2 *x1, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 8u;
    real2 op[8];
    __global const real4 *row = (__global const real4 *)(src + base);
    for (uint j = 0; j < 4u; ++j) {
        const real4 t = row[j];
        op[2 * j] = t.s01;
        op[2 * j + 1] = t.s23;
    }
    for (uint i = 0; i < 8u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 8u; ++j) {
            uint k = 0, a = i, b = j;
            for (uint d = 0; d < 3u; ++d) {
                k += (a % 2u) * (b % 2u);
                a /= 2u;
                b /= 2u;
            }
            const real2 c = x1[k % 2u];
            acc += cmul(c, op[j]);
        }
        dst[tid + i * count] = acc;
    }
}

// vc_cg_p2r8_first_f64_scaled: one radix-8 pass of the VC transform (p = 2, 3 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 8; W[i][j] = x1[k], x1 = first VC function in __constant memory, k = sum of digit products mod p.
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
// Outputs are scaled by 1.953125e-3 (normalisation).
__kernel void vc_cg_p2r8_first_f64_scaled(__global const real2 *restrict src, __global real2 *restrict dst, __constant real2 *x1, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 8u;
    real2 op[8];
    __global const real4 *row = (__global const real4 *)(src + base);
    for (uint j = 0; j < 4u; ++j) {
        const real4 t = row[j];
        op[2 * j] = t.s01;
        op[2 * j + 1] = t.s23;
    }
    for (uint i = 0; i < 8u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 8u; ++j) {
            uint k = 0, a = i, b = j;
            for (uint d = 0; d < 3u; ++d) {
                k += (a % 2u) * (b % 2u);
                a /= 2u;
                b /= 2u;
            }
            const real2 c = x1[k % 2u];
            acc += cmul(c, op[j]);
        }
        acc *= 1.95312500000000000e-3;
        dst[tid + i * count] = acc;
    }
}
