// jitfft generated program: Vilenkin-Chrestenson transform (inverse), p = 5, n = 4, N = 625
// algorithm ct, coefficients const-matrix, precision f64, normalisation full.
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

// vc_ct_r5_matrix_f64: one radix-5 pass of the VC transform (p = 5, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 5; W[i][j] = w[i*r + j], the whole r x r matrix in __constant memory.
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_r5_matrix_f64(__global real2 *data, __constant real2 *w, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 5u * dist * (tid / dist);
    real2 op[5];
    for (uint j = 0; j < 5u; ++j) {
        op[j] = data[base + j * dist];
    }
    for (uint i = 0; i < 5u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 5u; ++j) {
            const real2 c = w[i * 5u + j];
            acc += cmul(c, op[j]);
        }
        data[base + i * dist] = acc;
    }
}

// vc_ct_r5_matrix_f64_scaled: one radix-5 pass of the VC transform (p = 5, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 5; W[i][j] = w[i*r + j], the whole r x r matrix in __constant memory.
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
// Outputs are scaled by 1.6e-3 (normalisation).
__kernel void vc_ct_r5_matrix_f64_scaled(__global real2 *data, __constant real2 *w, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 5u * dist * (tid / dist);
    real2 op[5];
    for (uint j = 0; j < 5u; ++j) {
        op[j] = data[base + j * dist];
    }
    for (uint i = 0; i < 5u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 5u; ++j) {
            const real2 c = w[i * 5u + j];
            acc += cmul(c, op[j]);
        }
        acc *= 1.60000000000000008e-3;
        data[base + i * dist] = acc;
    }
}
