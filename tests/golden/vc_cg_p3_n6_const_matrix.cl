// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 6, N = 729
// algorithm cg, coefficients const-matrix, precision f32, normalisation none.
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

// vc_cg_r3_matrix_f32: one radix-3 pass of the VC transform (p = 3, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 3; W[i][j] = w[i*r + j], the whole r x r matrix in __constant memory.
// Constant Geometry, out of place: operands at tid*r + i, results at tid + i*count.
__kernel void vc_cg_r3_matrix_f32(__global const real2 *restrict src, __global real2 *restrict dst, __constant real2 *w, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid * 3u;
    real2 op[3];
    for (uint j = 0; j < 3u; ++j) {
        op[j] = src[base + j];
    }
    for (uint i = 0; i < 3u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 3u; ++j) {
            const real2 c = w[i * 3u + j];
            acc += cmul(c, op[j]);
        }
        dst[tid + i * count] = acc;
    }
}
