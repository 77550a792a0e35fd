// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 6, N = 729
// algorithm ct, coefficients const-first, precision f32, normalisation none.
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

// vc_ct_r3_first_f32: one radix-3 pass of the VC transform (p = 3, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 3; W[i][j] = x1[k], x1 = first VC function in __constant memory, k = sum of digit products mod p.
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_r3_first_f32(__global real2 *data, __constant real2 *x1, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 3u * dist * (tid / dist);
    real2 op[3];
    for (uint j = 0; j < 3u; ++j) {
        op[j] = data[base + j * dist];
    }
    for (uint i = 0; i < 3u; ++i) {
        real2 acc = (real2)(0, 0);
        for (uint j = 0; j < 3u; ++j) {
            const real2 c = x1[(i * j) % 3u];
            acc += cmul(c, op[j]);
        }
        data[base + i * dist] = acc;
    }
}
