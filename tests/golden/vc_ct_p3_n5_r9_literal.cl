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
// y_i = sum_j W[i][j] x_j for i, j < 9; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_p3r9_literal_fwd_f32(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 9u * dist * (tid / dist);
    real2 x0 = data[base + 0u * dist];
    real2 x1 = data[base + 1u * dist];
    real2 x2 = data[base + 2u * dist];
    real2 x3 = data[base + 3u * dist];
    real2 x4 = data[base + 4u * dist];
    real2 x5 = data[base + 5u * dist];
    real2 x6 = data[base + 6u * dist];
    real2 x7 = data[base + 7u * dist];
    real2 x8 = data[base + 8u * dist];
     {
        const real2 s1 = x1 + x2;
        const real2 d1 = x1 - x2;
        const real2 a1 = x0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x0 = y0;
        x1 = y1;
        x2 = y2;
    }
     {
        const real2 s1 = x4 + x5;
        const real2 d1 = x4 - x5;
        const real2 a1 = x3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x3 = y0;
        x4 = y1;
        x5 = y2;
    }
     {
        const real2 s1 = x7 + x8;
        const real2 d1 = x7 - x8;
        const real2 a1 = x6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x6 = y0;
        x7 = y1;
        x8 = y2;
    }
     {
        const real2 s1 = x3 + x6;
        const real2 d1 = x3 - x6;
        const real2 a1 = x0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x0 = y0;
        x3 = y1;
        x6 = y2;
    }
     {
        const real2 s1 = x4 + x7;
        const real2 d1 = x4 - x7;
        const real2 a1 = x1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x1 = y0;
        x4 = y1;
        x7 = y2;
    }
     {
        const real2 s1 = x5 + x8;
        const real2 d1 = x5 - x8;
        const real2 a1 = x2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x2 = y0;
        x5 = y1;
        x8 = y2;
    }
    data[base + 0u * dist] = x0;
    data[base + 1u * dist] = x1;
    data[base + 2u * dist] = x2;
    data[base + 3u * dist] = x3;
    data[base + 4u * dist] = x4;
    data[base + 5u * dist] = x5;
    data[base + 6u * dist] = x6;
    data[base + 7u * dist] = x7;
    data[base + 8u * dist] = x8;
}

// vc_ct_r3_literal_fwd_f32: one radix-3 pass of the VC transform (p = 3, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 3; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_r3_literal_fwd_f32(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 3u * dist * (tid / dist);
    real2 x0 = data[base + 0u * dist];
    real2 x1 = data[base + 1u * dist];
    real2 x2 = data[base + 2u * dist];
     {
        const real2 s1 = x1 + x2;
        const real2 d1 = x1 - x2;
        const real2 a1 = x0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = x0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        x0 = y0;
        x1 = y1;
        x2 = y2;
    }
    data[base + 0u * dist] = x0;
    data[base + 1u * dist] = x1;
    data[base + 2u * dist] = x2;
}
