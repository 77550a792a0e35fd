// jitfft fft: the inverse FFT of a [6, 4] array (f64) over axes [1, 0], scaling ortho (factor 1.44337567297406461e-1),
// generated at run time: mixed-radix Stockham passes, Bluestein where a prime factor
// exceeds the codelets.
// Packed real output (irfftn): the [6, 8] real array's last axis of 8 reals as 4 complex values,
// converted to or from the half spectrum (5 points) by the real end's launch.
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

// irfft_pre_a1: irfft of 8 reals a line along axis 1 as 4 complex values: the half spectrum X into the packed lines' spectra Z
// (6 lines, partners mirrored along 1 other axes).
__kernel void irfft_pre_a1(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw) {
    const idx_t g = get_global_id(0);
    if (g >= 18u) return;
    const idx_t k = g % 3u;
    const idx_t o = g / 3u;
    idx_t om = o;
    { const idx_t c = (o / 1u) % 6u; om = om - c * 1u + (c == 0 ? 0 : 6u - c) * 1u; }
    const idx_t at = o * 5u, pt = om * 5u;
    real2 a = src[at + k], b = src[pt + 4u - k];
    if (k == 0) {
        const real2 u = src[pt], v = src[at + 4u];
        a = (real2)(a.x + u.x, a.y - u.y) * 5.00000000000000000e-1;
        b = (real2)(b.x + v.x, b.y - v.y) * 5.00000000000000000e-1;
    }
    const real2 e = (real2)(a.x + b.x, a.y - b.y);
    const real2 t = cmul((real2)(a.x - b.x, a.y + b.y), tw[k]);
    dst[o * 4u + k] = e + cmul_i(t);
    if (k != 0 && 2 * k != 4u) dst[om * 4u + 4u - k] = (real2)(e.x + t.y, t.x - e.y);
}

// fft_a1_p0_r4: radix-4 Stockham pass of the 4-point inverse FFT along axis 1 (stride 1, 6 lines):
// sub-transforms of 1 points become 4.
__kernel void fft_a1_p0_r4(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw) {
    const idx_t g = get_global_id(0);
    if (g >= 6u) return;
    const idx_t j = 0;
    const idx_t o = g;
    const idx_t base = o * 4u;
    real2 v0 = src[base + j * 1u + 0u];
    real2 v1 = src[base + j * 1u + 1u];
    real2 v2 = src[base + j * 1u + 2u];
    real2 v3 = src[base + j * 1u + 3u];
    const idx_t d = j * 4u;
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
    }
    dst[base + d * 1u + 0u] = v0;
    dst[base + d * 1u + 1u] = v1;
    dst[base + d * 1u + 2u] = v2;
    dst[base + d * 1u + 3u] = v3;
}

// fft_a0_p0_r6: radix-6 Stockham pass of the 6-point inverse FFT along axis 0 (stride 4, 4 lines):
// sub-transforms of 1 points become 6; the result scaled.
__kernel void fft_a0_p0_r6(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw) {
    const idx_t g = get_global_id(0);
    if (g >= 4u) return;
    const idx_t inner = g % 4u;
    const idx_t t = g / 4u;
    const idx_t j = 0;
    const idx_t o = t;
    const idx_t base = inner;
    real2 v0 = src[base + j * 4u + 0u];
    real2 v1 = src[base + j * 4u + 4u];
    real2 v2 = src[base + j * 4u + 8u];
    real2 v3 = src[base + j * 4u + 12u];
    real2 v4 = src[base + j * 4u + 16u];
    real2 v5 = src[base + j * 4u + 20u];
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
    dst[base + d * 4u + 0u] = v0 * 1.44337567297406461e-1;
    dst[base + d * 4u + 4u] = v1 * 1.44337567297406461e-1;
    dst[base + d * 4u + 8u] = v2 * 1.44337567297406461e-1;
    dst[base + d * 4u + 12u] = v3 * 1.44337567297406461e-1;
    dst[base + d * 4u + 16u] = v4 * 1.44337567297406461e-1;
    dst[base + d * 4u + 20u] = v5 * 1.44337567297406461e-1;
}
