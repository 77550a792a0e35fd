// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 5, N = 243
// algorithm ct, coefficients literal, precision f32, normalisation none.
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

// vc_ct_p3r9_literal_fwd_f32: one radix-9 pass of the VC transform (p = 3, 2 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 9; coefficients folded in as literals (1, -1, +-i need no multiply).
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_p3r9_literal_fwd_f32(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 9u * dist * (tid / dist);
    const real2 x0 = data[base + 0u * dist];
    const real2 x1 = data[base + 1u * dist];
    const real2 x2 = data[base + 2u * dist];
    const real2 x3 = data[base + 3u * dist];
    const real2 x4 = data[base + 4u * dist];
    const real2 x5 = data[base + 5u * dist];
    const real2 x6 = data[base + 6u * dist];
    const real2 x7 = data[base + 7u * dist];
    const real2 x8 = data[base + 8u * dist];
    data[base + 0u * dist] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;
    data[base + 1u * dist] = x0 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x2) + x3 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x4) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x5) + x6 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x7) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x8);
    data[base + 2u * dist] = x0 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x2) + x3 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x4) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x5) + x6 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x7) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x8);
    data[base + 3u * dist] = x0 + x1 + x2 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x3) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x4) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x5) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x6) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x7) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x8);
    data[base + 4u * dist] = x0 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x2) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x3) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x4) + x5 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x6) + x7 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x8);
    data[base + 5u * dist] = x0 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x2) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x3) + x4 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x5) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x6) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x7) + x8;
    data[base + 6u * dist] = x0 + x1 + x2 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x3) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x4) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x5) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x6) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x7) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x8);
    data[base + 7u * dist] = x0 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x2) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x3) + x4 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x5) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x6) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x7) + x8;
    data[base + 8u * dist] = x0 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x2) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x3) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x4) + x5 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x6) + x7 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x8);
}

// vc_ct_r3_literal_fwd_f32: one radix-3 pass of the VC transform (p = 3, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 3; coefficients folded in as literals (1, -1, +-i need no multiply).
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_r3_literal_fwd_f32(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 3u * dist * (tid / dist);
    const real2 x0 = data[base + 0u * dist];
    const real2 x1 = data[base + 1u * dist];
    const real2 x2 = data[base + 2u * dist];
    data[base + 0u * dist] = x0 + x1 + x2;
    data[base + 1u * dist] = x0 + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x2);
    data[base + 2u * dist] = x0 + cmul((real2)(-5.000000000e-1f, 8.660253882e-1f), x1) + cmul((real2)(-5.000000000e-1f, -8.660253882e-1f), x2);
}
