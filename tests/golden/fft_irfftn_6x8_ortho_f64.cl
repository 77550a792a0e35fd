// jitfft fft: the inverse FFT of a [6, 5] array (f64) over axes [0], scaling ortho (factor 4.08248290463863073e-1),
// generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor
// exceeds the codelets.
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

// fft_a0_p0_r6: radix-6 Stockham pass of the 6-point inverse FFT along axis 0 (stride 5, 5 lines):
// sub-transforms of 1 points become 6; the result scaled.
__kernel void fft_a0_p0_r6(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw) {
    const idx_t g = get_global_id(0);
    if (g >= 5u) return;
    const idx_t inner = g % 5u;
    const idx_t t = g / 5u;
    const idx_t j = 0;
    const idx_t o = t;
    const idx_t base = inner;
    real2 v0 = src[base + j * 5u + 0u];
    real2 v1 = src[base + j * 5u + 5u];
    real2 v2 = src[base + j * 5u + 10u];
    real2 v3 = src[base + j * 5u + 15u];
    real2 v4 = src[base + j * 5u + 20u];
    real2 v5 = src[base + j * 5u + 25u];
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
            const real2 a1 = u0_0 + -4.99999999999999778e-1 * s1;
            const real2 b1 = 8.66025403784438708e-1 * d1;
            const real2 y0 = u0_0 + s1;
            const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = (real2)(a1.x + b1.y, a1.y - b1.x);
            u0_0 = y0;
            u0_1 = y1;
            u0_2 = y2;
        }
         {
            const real2 s1 = u0_4 + u0_5;
            const real2 d1 = u0_4 - u0_5;
            const real2 a1 = u0_3 + -4.99999999999999778e-1 * s1;
            const real2 b1 = 8.66025403784438708e-1 * d1;
            const real2 y0 = u0_3 + s1;
            const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
    dst[base + d * 5u + 0u] = v0 * 4.08248290463863073e-1;
    dst[base + d * 5u + 5u] = v1 * 4.08248290463863073e-1;
    dst[base + d * 5u + 10u] = v2 * 4.08248290463863073e-1;
    dst[base + d * 5u + 15u] = v3 * 4.08248290463863073e-1;
    dst[base + d * 5u + 20u] = v4 * 4.08248290463863073e-1;
    dst[base + d * 5u + 25u] = v5 * 4.08248290463863073e-1;
}

// jitfft fft: the inverse FFT of a [6, 8] array (f64) over axes [1], scaling ortho (factor 3.53553390593273731e-1),
// generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor
// exceeds the codelets.
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

// fft_a1_p0_r8: radix-8 Stockham pass of the 8-point inverse FFT along axis 1 (stride 1, 6 lines):
// sub-transforms of 1 points become 8; the result scaled.
__kernel void fft_a1_p0_r8(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw) {
    const idx_t g = get_global_id(0);
    if (g >= 6u) return;
    const idx_t j = 0;
    const idx_t o = g;
    const idx_t base = o * 8u;
    real2 v0 = src[base + j * 1u + 0u];
    real2 v1 = src[base + j * 1u + 1u];
    real2 v2 = src[base + j * 1u + 2u];
    real2 v3 = src[base + j * 1u + 3u];
    real2 v4 = src[base + j * 1u + 4u];
    real2 v5 = src[base + j * 1u + 5u];
    real2 v6 = src[base + j * 1u + 6u];
    real2 v7 = src[base + j * 1u + 7u];
    const idx_t d = j * 8u;
     {
        // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
        real2 u0_0 = v0;
        real2 u0_1 = v1;
        real2 u0_2 = v2;
        real2 u0_3 = v3;
        real2 u0_4 = v4;
        real2 u0_5 = v5;
        real2 u0_6 = v6;
        real2 u0_7 = v7;
         {
            const real2 e0 = u0_0 + u0_4;
            const real2 e1 = u0_0 - u0_4;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_0 = y0;
            u0_4 = y1;
        }
         {
            const real2 e0 = u0_1 + u0_5;
            const real2 e1 = u0_1 - u0_5;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_1 = y0;
            u0_5 = y1;
        }
         {
            const real2 e0 = u0_2 + u0_6;
            const real2 e1 = u0_2 - u0_6;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_2 = y0;
            u0_6 = y1;
        }
         {
            const real2 e0 = u0_3 + u0_7;
            const real2 e1 = u0_3 - u0_7;
            const real2 y0 = e0;
            const real2 y1 = e1;
            u0_3 = y0;
            u0_7 = y1;
        }
        u0_5 = (real2)(7.07106781186547573e-1 * (u0_5.x - u0_5.y), 7.07106781186547573e-1 * (u0_5.x + u0_5.y));
        u0_6 = (real2)(-u0_6.y, u0_6.x);
        u0_7 = (real2)(-7.07106781186547573e-1 * (u0_7.x + u0_7.y), 7.07106781186547573e-1 * (u0_7.x - u0_7.y));
         {
            const real2 s1 = u0_1 + u0_3;
            const real2 d1 = u0_1 - u0_3;
            const real2 e0 = u0_0 + u0_2;
            const real2 e1 = u0_0 - u0_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y2 = e0 - s1;
            u0_0 = y0;
            u0_1 = y1;
            u0_2 = y2;
            u0_3 = y3;
        }
         {
            const real2 s1 = u0_5 + u0_7;
            const real2 d1 = u0_5 - u0_7;
            const real2 e0 = u0_4 + u0_6;
            const real2 e1 = u0_4 - u0_6;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y2 = e0 - s1;
            u0_4 = y0;
            u0_5 = y1;
            u0_6 = y2;
            u0_7 = y3;
        }
        v0 = u0_0;
        v2 = u0_1;
        v4 = u0_2;
        v6 = u0_3;
        v1 = u0_4;
        v3 = u0_5;
        v5 = u0_6;
        v7 = u0_7;
    }
    dst[base + d * 1u + 0u] = v0 * 3.53553390593273731e-1;
    dst[base + d * 1u + 1u] = v1 * 3.53553390593273731e-1;
    dst[base + d * 1u + 2u] = v2 * 3.53553390593273731e-1;
    dst[base + d * 1u + 3u] = v3 * 3.53553390593273731e-1;
    dst[base + d * 1u + 4u] = v4 * 3.53553390593273731e-1;
    dst[base + d * 1u + 5u] = v5 * 3.53553390593273731e-1;
    dst[base + d * 1u + 6u] = v6 * 3.53553390593273731e-1;
    dst[base + d * 1u + 7u] = v7 * 3.53553390593273731e-1;
}
