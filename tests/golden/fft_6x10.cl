// jitfft fft: the FFT of a [6, 10] array (f32) over axes [1, 0], both directions and every scaling,
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

// fft_a1_p0_r10: radix-10 Stockham pass of the 10-point forward FFT along axis 1 (stride 1, 6 lines):
// sub-transforms of 1 points become 10; loads times pre (the host's: (1, −1) conjugates for the inverse).
__kernel void fft_a1_p0_r10(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 pre) {
    const idx_t g = get_global_id(0);
    if (g >= 6u) return;
    const idx_t j = 0;
    const idx_t o = g;
    const idx_t base = o * 10u;
    real2 v0 = src[base + j * 1u + 0u] * pre;
    real2 v1 = src[base + j * 1u + 1u] * pre;
    real2 v2 = src[base + j * 1u + 2u] * pre;
    real2 v3 = src[base + j * 1u + 3u] * pre;
    real2 v4 = src[base + j * 1u + 4u] * pre;
    real2 v5 = src[base + j * 1u + 5u] * pre;
    real2 v6 = src[base + j * 1u + 6u] * pre;
    real2 v7 = src[base + j * 1u + 7u] * pre;
    real2 v8 = src[base + j * 1u + 8u] * pre;
    real2 v9 = src[base + j * 1u + 9u] * pre;
    const idx_t d = j * 10u;
     {
        // 10-point DFT: Good-Thomas 2 x 5 (index maps, no twiddles)
        real2 u0_0 = v0;
        real2 u0_1 = v2;
        real2 u0_2 = v4;
        real2 u0_3 = v6;
        real2 u0_4 = v8;
        real2 u0_5 = v5;
        real2 u0_6 = v7;
        real2 u0_7 = v9;
        real2 u0_8 = v1;
        real2 u0_9 = v3;
         {
            const real2 e0 = u0_0 + u0_5;
            const real2 e1 = u0_0 - u0_5;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_0 = y0;
            u0_5 = y1;
        }
         {
            const real2 e0 = u0_1 + u0_6;
            const real2 e1 = u0_1 - u0_6;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_1 = y0;
            u0_6 = y1;
        }
         {
            const real2 e0 = u0_2 + u0_7;
            const real2 e1 = u0_2 - u0_7;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_2 = y0;
            u0_7 = y1;
        }
         {
            const real2 e0 = u0_3 + u0_8;
            const real2 e1 = u0_3 - u0_8;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_3 = y0;
            u0_8 = y1;
        }
         {
            const real2 e0 = u0_4 + u0_9;
            const real2 e1 = u0_4 - u0_9;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_4 = y0;
            u0_9 = y1;
        }
         {
            const real2 r5 = u0_1 + u0_4;
            const real2 r6 = u0_1 - u0_4;
            const real2 r7 = u0_2 + u0_3;
            const real2 r8 = u0_2 - u0_3;
            const real2 r9 = r5 + r7;
            const real2 r10 = -2.500000000e-1f * r9 + u0_0;
            const real2 r11 = r5 - r7;
            const real2 r12 = -5.590170026e-1f * r11;
            const real2 r13 = r10 - r12;
            const real2 r14 = r10 + r12;
            const real2 r15 = 9.510565400e-1f * r6 + 5.877852440e-1f * r8;
            const real2 r16 = 5.877852440e-1f * r6 - 9.510565400e-1f * r8;
            const real2 r17 = u0_0 + r9;
            const real2 y0 = r17;
            const real2 y1 = (real2)(r13.x + r15.y, r13.y - r15.x);
            const real2 y4 = (real2)(r13.x - r15.y, r13.y + r15.x);
            const real2 y2 = (real2)(r14.x + r16.y, r14.y - r16.x);
            const real2 y3 = (real2)(r14.x - r16.y, r14.y + r16.x);
            u0_0 = y0;
            u0_1 = y1;
            u0_2 = y2;
            u0_3 = y3;
            u0_4 = y4;
        }
         {
            const real2 r5 = u0_6 + u0_9;
            const real2 r6 = u0_6 - u0_9;
            const real2 r7 = u0_7 + u0_8;
            const real2 r8 = u0_7 - u0_8;
            const real2 r9 = r5 + r7;
            const real2 r10 = -2.500000000e-1f * r9 + u0_5;
            const real2 r11 = r5 - r7;
            const real2 r12 = -5.590170026e-1f * r11;
            const real2 r13 = r10 - r12;
            const real2 r14 = r10 + r12;
            const real2 r15 = 9.510565400e-1f * r6 + 5.877852440e-1f * r8;
            const real2 r16 = 5.877852440e-1f * r6 - 9.510565400e-1f * r8;
            const real2 r17 = u0_5 + r9;
            const real2 y0 = r17;
            const real2 y1 = (real2)(r13.x + r15.y, r13.y - r15.x);
            const real2 y4 = (real2)(r13.x - r15.y, r13.y + r15.x);
            const real2 y2 = (real2)(r14.x + r16.y, r14.y - r16.x);
            const real2 y3 = (real2)(r14.x - r16.y, r14.y + r16.x);
            u0_5 = y0;
            u0_6 = y1;
            u0_7 = y2;
            u0_8 = y3;
            u0_9 = y4;
        }
        v0 = u0_0;
        v6 = u0_1;
        v2 = u0_2;
        v8 = u0_3;
        v4 = u0_4;
        v5 = u0_5;
        v1 = u0_6;
        v7 = u0_7;
        v3 = u0_8;
        v9 = u0_9;
    }
    dst[base + d * 1u + 0u] = v0;
    dst[base + d * 1u + 1u] = v1;
    dst[base + d * 1u + 2u] = v2;
    dst[base + d * 1u + 3u] = v3;
    dst[base + d * 1u + 4u] = v4;
    dst[base + d * 1u + 5u] = v5;
    dst[base + d * 1u + 6u] = v6;
    dst[base + d * 1u + 7u] = v7;
    dst[base + d * 1u + 8u] = v8;
    dst[base + d * 1u + 9u] = v9;
}

// fft_a0_p0_r6: radix-6 Stockham pass of the 6-point forward FFT along axis 0 (stride 10, 10 lines):
// sub-transforms of 1 points become 6; stores times post (the host's: the scaling, its imaginary part negated for the inverse).
__kernel void fft_a0_p0_r6(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 post) {
    const idx_t g = get_global_id(0);
    if (g >= 10u) return;
    const idx_t inner = g % 10u;
    const idx_t t = g / 10u;
    const idx_t j = 0;
    const idx_t o = t;
    const idx_t base = inner;
    real2 v0 = src[base + j * 10u + 0u];
    real2 v1 = src[base + j * 10u + 10u];
    real2 v2 = src[base + j * 10u + 20u];
    real2 v3 = src[base + j * 10u + 30u];
    real2 v4 = src[base + j * 10u + 40u];
    real2 v5 = src[base + j * 10u + 50u];
    const idx_t d = j * 6u;
     {
        // 6-point DFT: Good-Thomas 2 x 3 (index maps, no twiddles)
        real2 u0_0 = v0;
        real2 u0_1 = v2;
        real2 u0_2 = v4;
        real2 u0_3 = v3;
        real2 u0_4 = v5;
        real2 u0_5 = v1;
         {
            const real2 e0 = u0_0 + u0_3;
            const real2 e1 = u0_0 - u0_3;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_0 = y0;
            u0_3 = y1;
        }
         {
            const real2 e0 = u0_1 + u0_4;
            const real2 e1 = u0_1 - u0_4;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_1 = y0;
            u0_4 = y1;
        }
         {
            const real2 e0 = u0_2 + u0_5;
            const real2 e1 = u0_2 - u0_5;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_2 = y0;
            u0_5 = y1;
        }
         {
            const real2 s1 = u0_1 + u0_2;
            const real2 d1 = u0_1 - u0_2;
            const real2 a1 = u0_0 + -5.000000000e-1f * s1;
            const real2 b1 = 8.660253882e-1f * d1;
            const real2 y0 = u0_0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
            u0_0 = y0;
            u0_1 = y1;
            u0_2 = y2;
        }
         {
            const real2 s1 = u0_4 + u0_5;
            const real2 d1 = u0_4 - u0_5;
            const real2 a1 = u0_3 + -5.000000000e-1f * s1;
            const real2 b1 = 8.660253882e-1f * d1;
            const real2 y0 = u0_3 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
            u0_3 = y0;
            u0_4 = y1;
            u0_5 = y2;
        }
        v0 = u0_0;
        v4 = u0_1;
        v2 = u0_2;
        v3 = u0_3;
        v1 = u0_4;
        v5 = u0_5;
    }
    dst[base + d * 10u + 0u] = v0 * post;
    dst[base + d * 10u + 10u] = v1 * post;
    dst[base + d * 10u + 20u] = v2 * post;
    dst[base + d * 10u + 30u] = v3 * post;
    dst[base + d * 10u + 40u] = v4 * post;
    dst[base + d * 10u + 50u] = v5 * post;
}
