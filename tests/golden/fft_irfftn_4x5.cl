// jitfft fft: the FFT of a [4, 3] array (f32) over axes [0], both directions and every scaling,
// generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor
// exceeds the codelets. The launches compute the forward transform F; the inverse is
// conj(F(conj x)): the first launch's loads times `pre`, (1, 1) or (1, −1), the last
// launch's stores times `post`, (s, s) or (s, −s) with s the scaling (the host's).
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

// fft_a0_p0_r4: radix-4 Stockham pass of the 4-point forward FFT along axis 0 (stride 3, 3 lines):
// sub-transforms of 1 points become 4; loads times pre (the host's: (1, −1) conjugates for the inverse); stores times post (the host's: the scaling, its imaginary part negated for the inverse).
__kernel void fft_a0_p0_r4(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 pre, const real2 post) {
    const idx_t g = get_global_id(0);
    if (g >= 3u) return;
    const idx_t inner = g % 3u;
    const idx_t t = g / 3u;
    const idx_t j = 0;
    const idx_t o = t;
    const idx_t base = inner;
    real2 v0 = src[base + j * 3u + 0u] * pre;
    real2 v1 = src[base + j * 3u + 3u] * pre;
    real2 v2 = src[base + j * 3u + 6u] * pre;
    real2 v3 = src[base + j * 3u + 9u] * pre;
    const idx_t d = j * 4u;
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
    }
    dst[base + d * 3u + 0u] = v0 * post;
    dst[base + d * 3u + 3u] = v1 * post;
    dst[base + d * 3u + 6u] = v2 * post;
    dst[base + d * 3u + 9u] = v3 * post;
}

// jitfft fft: the FFT of a [4, 5] array (f32) over axes [1], both directions and every scaling,
// generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor
// exceeds the codelets. The launches compute the forward transform F; the inverse is
// conj(F(conj x)): the first launch's loads times `pre`, (1, 1) or (1, −1), the last
// launch's stores times `post`, (s, s) or (s, −s) with s the scaling (the host's).
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

// fft_a1_p0_r5: radix-5 Stockham pass of the 5-point forward FFT along axis 1 (stride 1, 4 lines):
// sub-transforms of 1 points become 5; loads times pre (the host's: (1, −1) conjugates for the inverse); stores times post (the host's: the scaling, its imaginary part negated for the inverse).
__kernel void fft_a1_p0_r5(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 pre, const real2 post) {
    const idx_t g = get_global_id(0);
    if (g >= 4u) return;
    const idx_t j = 0;
    const idx_t o = g;
    const idx_t base = o * 5u;
    real2 v0 = src[base + j * 1u + 0u] * pre;
    real2 v1 = src[base + j * 1u + 1u] * pre;
    real2 v2 = src[base + j * 1u + 2u] * pre;
    real2 v3 = src[base + j * 1u + 3u] * pre;
    real2 v4 = src[base + j * 1u + 4u] * pre;
    const idx_t d = j * 5u;
     {
        const real2 r5 = v1 + v4;
        const real2 r6 = v1 - v4;
        const real2 r7 = v2 + v3;
        const real2 r8 = v2 - v3;
        const real2 r9 = r5 + r7;
        const real2 r10 = -2.500000000e-1f * r9 + v0;
        const real2 r11 = r5 - r7;
        const real2 r12 = -5.590170026e-1f * r11;
        const real2 r13 = r10 - r12;
        const real2 r14 = r10 + r12;
        const real2 r15 = 9.510565400e-1f * r6 + 5.877852440e-1f * r8;
        const real2 r16 = 5.877852440e-1f * r6 - 9.510565400e-1f * r8;
        const real2 r17 = v0 + r9;
        const real2 y0 = r17;
        const real2 y1 = (real2)(r13.x + r15.y, r13.y - r15.x);
        const real2 y4 = (real2)(r13.x - r15.y, r13.y + r15.x);
        const real2 y2 = (real2)(r14.x + r16.y, r14.y - r16.x);
        const real2 y3 = (real2)(r14.x - r16.y, r14.y + r16.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
        v4 = y4;
    }
    dst[base + d * 1u + 0u] = v0 * post;
    dst[base + d * 1u + 1u] = v1 * post;
    dst[base + d * 1u + 2u] = v2 * post;
    dst[base + d * 1u + 3u] = v3 * post;
    dst[base + d * 1u + 4u] = v4 * post;
}
