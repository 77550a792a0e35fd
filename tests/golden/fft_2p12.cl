// jitfft fft: the FFT of a [4096] array (f32) over axes [0], both directions and every scaling,
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

// The local slot of a fused tile's value i (point q of column c: i = q·cols + c): one slot
// of padding after every 32, so strided accesses spread over the banks.
inline uint tile_slot(uint i) { return i + (i >> 5); }

// fft_a0_g0_r64: 2 fused Stockham passes (radices [16, 4], G = 64) of the 4096-point forward FFT
// along axis 0 (stride 1): 16 column(s) of G points a work-group of 64 items, in
// local memory; sub-transforms of 1 points become 64; loads times pre (the host's: (1, −1) conjugates for the inverse).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fft_a0_g0_r64(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 pre) {
    __local real2 buf[1055];
    const uint lid = get_local_id(0);
     {
        const uint it = lid + 0u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 64u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 128u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 192u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 256u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 320u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 384u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 448u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 512u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 576u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 640u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 704u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 768u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 832u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 896u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 960u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u] * pre;
        buf[tile_slot(q * 16u + c)] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // sub-pass 0: radix 16, span 1 → 16
     {
        const uint b0 = lid + 0u;
        const uint c0 = b0 % 16u, bb0 = b0 / 16u;
        real2 x0_0 = buf[tile_slot((bb0 + 0u) * 16u + c0)];
        real2 x0_1 = buf[tile_slot((bb0 + 4u) * 16u + c0)];
        real2 x0_2 = buf[tile_slot((bb0 + 8u) * 16u + c0)];
        real2 x0_3 = buf[tile_slot((bb0 + 12u) * 16u + c0)];
        real2 x0_4 = buf[tile_slot((bb0 + 16u) * 16u + c0)];
        real2 x0_5 = buf[tile_slot((bb0 + 20u) * 16u + c0)];
        real2 x0_6 = buf[tile_slot((bb0 + 24u) * 16u + c0)];
        real2 x0_7 = buf[tile_slot((bb0 + 28u) * 16u + c0)];
        real2 x0_8 = buf[tile_slot((bb0 + 32u) * 16u + c0)];
        real2 x0_9 = buf[tile_slot((bb0 + 36u) * 16u + c0)];
        real2 x0_10 = buf[tile_slot((bb0 + 40u) * 16u + c0)];
        real2 x0_11 = buf[tile_slot((bb0 + 44u) * 16u + c0)];
        real2 x0_12 = buf[tile_slot((bb0 + 48u) * 16u + c0)];
        real2 x0_13 = buf[tile_slot((bb0 + 52u) * 16u + c0)];
        real2 x0_14 = buf[tile_slot((bb0 + 56u) * 16u + c0)];
        real2 x0_15 = buf[tile_slot((bb0 + 60u) * 16u + c0)];
         {
            // 16-point DFT: Cooley-Tukey 4 x 4 (twiddles as literals)
            real2 u0_0 = x0_0;
            real2 u0_1 = x0_1;
            real2 u0_2 = x0_2;
            real2 u0_3 = x0_3;
            real2 u0_4 = x0_4;
            real2 u0_5 = x0_5;
            real2 u0_6 = x0_6;
            real2 u0_7 = x0_7;
            real2 u0_8 = x0_8;
            real2 u0_9 = x0_9;
            real2 u0_10 = x0_10;
            real2 u0_11 = x0_11;
            real2 u0_12 = x0_12;
            real2 u0_13 = x0_13;
            real2 u0_14 = x0_14;
            real2 u0_15 = x0_15;
             {
                const real2 s1 = u0_4 + u0_12;
                const real2 d1 = u0_4 - u0_12;
                const real2 e0 = u0_0 + u0_8;
                const real2 e1 = u0_0 - u0_8;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_0 = y0;
                u0_4 = y1;
                u0_8 = y2;
                u0_12 = y3;
            }
             {
                const real2 s1 = u0_5 + u0_13;
                const real2 d1 = u0_5 - u0_13;
                const real2 e0 = u0_1 + u0_9;
                const real2 e1 = u0_1 - u0_9;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_1 = y0;
                u0_5 = y1;
                u0_9 = y2;
                u0_13 = y3;
            }
             {
                const real2 s1 = u0_6 + u0_14;
                const real2 d1 = u0_6 - u0_14;
                const real2 e0 = u0_2 + u0_10;
                const real2 e1 = u0_2 - u0_10;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_2 = y0;
                u0_6 = y1;
                u0_10 = y2;
                u0_14 = y3;
            }
             {
                const real2 s1 = u0_7 + u0_15;
                const real2 d1 = u0_7 - u0_15;
                const real2 e0 = u0_3 + u0_11;
                const real2 e1 = u0_3 - u0_11;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_3 = y0;
                u0_7 = y1;
                u0_11 = y2;
                u0_15 = y3;
            }
            u0_5 = (real2)(9.238795042e-1f * u0_5.x + 3.826834261e-1f * u0_5.y, -3.826834261e-1f * u0_5.x + 9.238795042e-1f * u0_5.y);
            u0_6 = (real2)(7.071067691e-1f * (u0_6.x + u0_6.y), 7.071067691e-1f * (u0_6.y - u0_6.x));
            u0_7 = (real2)(3.826834261e-1f * u0_7.x + 9.238795042e-1f * u0_7.y, -9.238795042e-1f * u0_7.x + 3.826834261e-1f * u0_7.y);
            u0_9 = (real2)(7.071067691e-1f * (u0_9.x + u0_9.y), 7.071067691e-1f * (u0_9.y - u0_9.x));
            u0_10 = (real2)(u0_10.y, -u0_10.x);
            u0_11 = (real2)(7.071067691e-1f * (u0_11.y - u0_11.x), -7.071067691e-1f * (u0_11.x + u0_11.y));
            u0_13 = (real2)(3.826834261e-1f * u0_13.x + 9.238795042e-1f * u0_13.y, -9.238795042e-1f * u0_13.x + 3.826834261e-1f * u0_13.y);
            u0_14 = (real2)(7.071067691e-1f * (u0_14.y - u0_14.x), -7.071067691e-1f * (u0_14.x + u0_14.y));
            u0_15 = (real2)(-9.238795042e-1f * u0_15.x - 3.826834261e-1f * u0_15.y, 3.826834261e-1f * u0_15.x - 9.238795042e-1f * u0_15.y);
             {
                const real2 s1 = u0_1 + u0_3;
                const real2 d1 = u0_1 - u0_3;
                const real2 e0 = u0_0 + u0_2;
                const real2 e1 = u0_0 - u0_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
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
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_4 = y0;
                u0_5 = y1;
                u0_6 = y2;
                u0_7 = y3;
            }
             {
                const real2 s1 = u0_9 + u0_11;
                const real2 d1 = u0_9 - u0_11;
                const real2 e0 = u0_8 + u0_10;
                const real2 e1 = u0_8 - u0_10;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_8 = y0;
                u0_9 = y1;
                u0_10 = y2;
                u0_11 = y3;
            }
             {
                const real2 s1 = u0_13 + u0_15;
                const real2 d1 = u0_13 - u0_15;
                const real2 e0 = u0_12 + u0_14;
                const real2 e1 = u0_12 - u0_14;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_12 = y0;
                u0_13 = y1;
                u0_14 = y2;
                u0_15 = y3;
            }
            x0_0 = u0_0;
            x0_4 = u0_1;
            x0_8 = u0_2;
            x0_12 = u0_3;
            x0_1 = u0_4;
            x0_5 = u0_5;
            x0_9 = u0_6;
            x0_13 = u0_7;
            x0_2 = u0_8;
            x0_6 = u0_9;
            x0_10 = u0_10;
            x0_14 = u0_11;
            x0_3 = u0_12;
            x0_7 = u0_13;
            x0_11 = u0_14;
            x0_15 = u0_15;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tile_slot((bb0 * 16u + 0u) * 16u + c0)] = x0_0;
        buf[tile_slot((bb0 * 16u + 1u) * 16u + c0)] = x0_1;
        buf[tile_slot((bb0 * 16u + 2u) * 16u + c0)] = x0_2;
        buf[tile_slot((bb0 * 16u + 3u) * 16u + c0)] = x0_3;
        buf[tile_slot((bb0 * 16u + 4u) * 16u + c0)] = x0_4;
        buf[tile_slot((bb0 * 16u + 5u) * 16u + c0)] = x0_5;
        buf[tile_slot((bb0 * 16u + 6u) * 16u + c0)] = x0_6;
        buf[tile_slot((bb0 * 16u + 7u) * 16u + c0)] = x0_7;
        buf[tile_slot((bb0 * 16u + 8u) * 16u + c0)] = x0_8;
        buf[tile_slot((bb0 * 16u + 9u) * 16u + c0)] = x0_9;
        buf[tile_slot((bb0 * 16u + 10u) * 16u + c0)] = x0_10;
        buf[tile_slot((bb0 * 16u + 11u) * 16u + c0)] = x0_11;
        buf[tile_slot((bb0 * 16u + 12u) * 16u + c0)] = x0_12;
        buf[tile_slot((bb0 * 16u + 13u) * 16u + c0)] = x0_13;
        buf[tile_slot((bb0 * 16u + 14u) * 16u + c0)] = x0_14;
        buf[tile_slot((bb0 * 16u + 15u) * 16u + c0)] = x0_15;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // sub-pass 1: radix 4, span 16 → 64
     {
        const uint b0 = lid + 0u;
        const uint c0 = b0 % 16u, bb0 = b0 / 16u;
        const uint m0 = bb0 % 16u;
        real2 x0_0 = buf[tile_slot((bb0 + 0u) * 16u + c0)];
        real2 x0_1 = buf[tile_slot((bb0 + 16u) * 16u + c0)];
        real2 x0_2 = buf[tile_slot((bb0 + 32u) * 16u + c0)];
        real2 x0_3 = buf[tile_slot((bb0 + 48u) * 16u + c0)];
        x0_1 = cmul(x0_1, tw[(idx_t)m0 * 64u]);
        x0_2 = cmul(x0_2, tw[(idx_t)m0 * 128u]);
        x0_3 = cmul(x0_3, tw[(idx_t)m0 * 192u]);
         {
            const real2 s1 = x0_1 + x0_3;
            const real2 d1 = x0_1 - x0_3;
            const real2 e0 = x0_0 + x0_2;
            const real2 e1 = x0_0 - x0_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x0_0 = y0;
            x0_1 = y1;
            x0_2 = y2;
            x0_3 = y3;
        }
        const uint b1 = lid + 64u;
        const uint c1 = b1 % 16u, bb1 = b1 / 16u;
        const uint m1 = bb1 % 16u;
        real2 x1_0 = buf[tile_slot((bb1 + 0u) * 16u + c1)];
        real2 x1_1 = buf[tile_slot((bb1 + 16u) * 16u + c1)];
        real2 x1_2 = buf[tile_slot((bb1 + 32u) * 16u + c1)];
        real2 x1_3 = buf[tile_slot((bb1 + 48u) * 16u + c1)];
        x1_1 = cmul(x1_1, tw[(idx_t)m1 * 64u]);
        x1_2 = cmul(x1_2, tw[(idx_t)m1 * 128u]);
        x1_3 = cmul(x1_3, tw[(idx_t)m1 * 192u]);
         {
            const real2 s1 = x1_1 + x1_3;
            const real2 d1 = x1_1 - x1_3;
            const real2 e0 = x1_0 + x1_2;
            const real2 e1 = x1_0 - x1_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x1_0 = y0;
            x1_1 = y1;
            x1_2 = y2;
            x1_3 = y3;
        }
        const uint b2 = lid + 128u;
        const uint c2 = b2 % 16u, bb2 = b2 / 16u;
        const uint m2 = bb2 % 16u;
        real2 x2_0 = buf[tile_slot((bb2 + 0u) * 16u + c2)];
        real2 x2_1 = buf[tile_slot((bb2 + 16u) * 16u + c2)];
        real2 x2_2 = buf[tile_slot((bb2 + 32u) * 16u + c2)];
        real2 x2_3 = buf[tile_slot((bb2 + 48u) * 16u + c2)];
        x2_1 = cmul(x2_1, tw[(idx_t)m2 * 64u]);
        x2_2 = cmul(x2_2, tw[(idx_t)m2 * 128u]);
        x2_3 = cmul(x2_3, tw[(idx_t)m2 * 192u]);
         {
            const real2 s1 = x2_1 + x2_3;
            const real2 d1 = x2_1 - x2_3;
            const real2 e0 = x2_0 + x2_2;
            const real2 e1 = x2_0 - x2_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x2_0 = y0;
            x2_1 = y1;
            x2_2 = y2;
            x2_3 = y3;
        }
        const uint b3 = lid + 192u;
        const uint c3 = b3 % 16u, bb3 = b3 / 16u;
        const uint m3 = bb3 % 16u;
        real2 x3_0 = buf[tile_slot((bb3 + 0u) * 16u + c3)];
        real2 x3_1 = buf[tile_slot((bb3 + 16u) * 16u + c3)];
        real2 x3_2 = buf[tile_slot((bb3 + 32u) * 16u + c3)];
        real2 x3_3 = buf[tile_slot((bb3 + 48u) * 16u + c3)];
        x3_1 = cmul(x3_1, tw[(idx_t)m3 * 64u]);
        x3_2 = cmul(x3_2, tw[(idx_t)m3 * 128u]);
        x3_3 = cmul(x3_3, tw[(idx_t)m3 * 192u]);
         {
            const real2 s1 = x3_1 + x3_3;
            const real2 d1 = x3_1 - x3_3;
            const real2 e0 = x3_0 + x3_2;
            const real2 e1 = x3_0 - x3_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x3_0 = y0;
            x3_1 = y1;
            x3_2 = y2;
            x3_3 = y3;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 0u) * 16u + c0)] = x0_0;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 16u) * 16u + c0)] = x0_1;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 32u) * 16u + c0)] = x0_2;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 48u) * 16u + c0)] = x0_3;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 0u) * 16u + c1)] = x1_0;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 16u) * 16u + c1)] = x1_1;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 32u) * 16u + c1)] = x1_2;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 48u) * 16u + c1)] = x1_3;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 0u) * 16u + c2)] = x2_0;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 16u) * 16u + c2)] = x2_1;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 32u) * 16u + c2)] = x2_2;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 48u) * 16u + c2)] = x2_3;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 0u) * 16u + c3)] = x3_0;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 16u) * 16u + c3)] = x3_1;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 32u) * 16u + c3)] = x3_2;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 48u) * 16u + c3)] = x3_3;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const uint it = lid + 0u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 64u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 128u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 192u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 256u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 320u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 384u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 448u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 512u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 576u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 640u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 704u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 768u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 832u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 896u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
     {
        const uint it = lid + 960u;
        const uint q = it % 64u, c = it / 64u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        dst[base + (j * 64u + q) * 1u] = buf[tile_slot(q * 16u + c)];
    }
}

// fft_a0_g1_r64: 2 fused Stockham passes (radices [16, 4], G = 64) of the 4096-point forward FFT
// along axis 0 (stride 1): 16 column(s) of G points a work-group of 64 items, in
// local memory; sub-transforms of 64 points become 4096; stores times post (the host's: the scaling, its imaginary part negated for the inverse).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void fft_a0_g1_r64(__global const real2* restrict src, __global real2* restrict dst, __global const real2* restrict tw, const real2 post) {
    __local real2 buf[1055];
    const uint lid = get_local_id(0);
     {
        const uint it = lid + 0u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 64u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 128u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 192u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 256u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 320u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 384u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 448u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 512u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 576u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 640u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 704u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 768u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 832u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 896u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
     {
        const uint it = lid + 960u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        real2 v = src[base + (j + (idx_t)q * 64u) * 1u];
        v = cmul(v, tw[(idx_t)q * k]);
        buf[tile_slot(q * 16u + c)] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // sub-pass 0: radix 16, span 1 → 16
     {
        const uint b0 = lid + 0u;
        const uint c0 = b0 % 16u, bb0 = b0 / 16u;
        real2 x0_0 = buf[tile_slot((bb0 + 0u) * 16u + c0)];
        real2 x0_1 = buf[tile_slot((bb0 + 4u) * 16u + c0)];
        real2 x0_2 = buf[tile_slot((bb0 + 8u) * 16u + c0)];
        real2 x0_3 = buf[tile_slot((bb0 + 12u) * 16u + c0)];
        real2 x0_4 = buf[tile_slot((bb0 + 16u) * 16u + c0)];
        real2 x0_5 = buf[tile_slot((bb0 + 20u) * 16u + c0)];
        real2 x0_6 = buf[tile_slot((bb0 + 24u) * 16u + c0)];
        real2 x0_7 = buf[tile_slot((bb0 + 28u) * 16u + c0)];
        real2 x0_8 = buf[tile_slot((bb0 + 32u) * 16u + c0)];
        real2 x0_9 = buf[tile_slot((bb0 + 36u) * 16u + c0)];
        real2 x0_10 = buf[tile_slot((bb0 + 40u) * 16u + c0)];
        real2 x0_11 = buf[tile_slot((bb0 + 44u) * 16u + c0)];
        real2 x0_12 = buf[tile_slot((bb0 + 48u) * 16u + c0)];
        real2 x0_13 = buf[tile_slot((bb0 + 52u) * 16u + c0)];
        real2 x0_14 = buf[tile_slot((bb0 + 56u) * 16u + c0)];
        real2 x0_15 = buf[tile_slot((bb0 + 60u) * 16u + c0)];
         {
            // 16-point DFT: Cooley-Tukey 4 x 4 (twiddles as literals)
            real2 u0_0 = x0_0;
            real2 u0_1 = x0_1;
            real2 u0_2 = x0_2;
            real2 u0_3 = x0_3;
            real2 u0_4 = x0_4;
            real2 u0_5 = x0_5;
            real2 u0_6 = x0_6;
            real2 u0_7 = x0_7;
            real2 u0_8 = x0_8;
            real2 u0_9 = x0_9;
            real2 u0_10 = x0_10;
            real2 u0_11 = x0_11;
            real2 u0_12 = x0_12;
            real2 u0_13 = x0_13;
            real2 u0_14 = x0_14;
            real2 u0_15 = x0_15;
             {
                const real2 s1 = u0_4 + u0_12;
                const real2 d1 = u0_4 - u0_12;
                const real2 e0 = u0_0 + u0_8;
                const real2 e1 = u0_0 - u0_8;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_0 = y0;
                u0_4 = y1;
                u0_8 = y2;
                u0_12 = y3;
            }
             {
                const real2 s1 = u0_5 + u0_13;
                const real2 d1 = u0_5 - u0_13;
                const real2 e0 = u0_1 + u0_9;
                const real2 e1 = u0_1 - u0_9;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_1 = y0;
                u0_5 = y1;
                u0_9 = y2;
                u0_13 = y3;
            }
             {
                const real2 s1 = u0_6 + u0_14;
                const real2 d1 = u0_6 - u0_14;
                const real2 e0 = u0_2 + u0_10;
                const real2 e1 = u0_2 - u0_10;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_2 = y0;
                u0_6 = y1;
                u0_10 = y2;
                u0_14 = y3;
            }
             {
                const real2 s1 = u0_7 + u0_15;
                const real2 d1 = u0_7 - u0_15;
                const real2 e0 = u0_3 + u0_11;
                const real2 e1 = u0_3 - u0_11;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_3 = y0;
                u0_7 = y1;
                u0_11 = y2;
                u0_15 = y3;
            }
            u0_5 = (real2)(9.238795042e-1f * u0_5.x + 3.826834261e-1f * u0_5.y, -3.826834261e-1f * u0_5.x + 9.238795042e-1f * u0_5.y);
            u0_6 = (real2)(7.071067691e-1f * (u0_6.x + u0_6.y), 7.071067691e-1f * (u0_6.y - u0_6.x));
            u0_7 = (real2)(3.826834261e-1f * u0_7.x + 9.238795042e-1f * u0_7.y, -9.238795042e-1f * u0_7.x + 3.826834261e-1f * u0_7.y);
            u0_9 = (real2)(7.071067691e-1f * (u0_9.x + u0_9.y), 7.071067691e-1f * (u0_9.y - u0_9.x));
            u0_10 = (real2)(u0_10.y, -u0_10.x);
            u0_11 = (real2)(7.071067691e-1f * (u0_11.y - u0_11.x), -7.071067691e-1f * (u0_11.x + u0_11.y));
            u0_13 = (real2)(3.826834261e-1f * u0_13.x + 9.238795042e-1f * u0_13.y, -9.238795042e-1f * u0_13.x + 3.826834261e-1f * u0_13.y);
            u0_14 = (real2)(7.071067691e-1f * (u0_14.y - u0_14.x), -7.071067691e-1f * (u0_14.x + u0_14.y));
            u0_15 = (real2)(-9.238795042e-1f * u0_15.x - 3.826834261e-1f * u0_15.y, 3.826834261e-1f * u0_15.x - 9.238795042e-1f * u0_15.y);
             {
                const real2 s1 = u0_1 + u0_3;
                const real2 d1 = u0_1 - u0_3;
                const real2 e0 = u0_0 + u0_2;
                const real2 e1 = u0_0 - u0_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
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
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_4 = y0;
                u0_5 = y1;
                u0_6 = y2;
                u0_7 = y3;
            }
             {
                const real2 s1 = u0_9 + u0_11;
                const real2 d1 = u0_9 - u0_11;
                const real2 e0 = u0_8 + u0_10;
                const real2 e1 = u0_8 - u0_10;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_8 = y0;
                u0_9 = y1;
                u0_10 = y2;
                u0_11 = y3;
            }
             {
                const real2 s1 = u0_13 + u0_15;
                const real2 d1 = u0_13 - u0_15;
                const real2 e0 = u0_12 + u0_14;
                const real2 e1 = u0_12 - u0_14;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_12 = y0;
                u0_13 = y1;
                u0_14 = y2;
                u0_15 = y3;
            }
            x0_0 = u0_0;
            x0_4 = u0_1;
            x0_8 = u0_2;
            x0_12 = u0_3;
            x0_1 = u0_4;
            x0_5 = u0_5;
            x0_9 = u0_6;
            x0_13 = u0_7;
            x0_2 = u0_8;
            x0_6 = u0_9;
            x0_10 = u0_10;
            x0_14 = u0_11;
            x0_3 = u0_12;
            x0_7 = u0_13;
            x0_11 = u0_14;
            x0_15 = u0_15;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tile_slot((bb0 * 16u + 0u) * 16u + c0)] = x0_0;
        buf[tile_slot((bb0 * 16u + 1u) * 16u + c0)] = x0_1;
        buf[tile_slot((bb0 * 16u + 2u) * 16u + c0)] = x0_2;
        buf[tile_slot((bb0 * 16u + 3u) * 16u + c0)] = x0_3;
        buf[tile_slot((bb0 * 16u + 4u) * 16u + c0)] = x0_4;
        buf[tile_slot((bb0 * 16u + 5u) * 16u + c0)] = x0_5;
        buf[tile_slot((bb0 * 16u + 6u) * 16u + c0)] = x0_6;
        buf[tile_slot((bb0 * 16u + 7u) * 16u + c0)] = x0_7;
        buf[tile_slot((bb0 * 16u + 8u) * 16u + c0)] = x0_8;
        buf[tile_slot((bb0 * 16u + 9u) * 16u + c0)] = x0_9;
        buf[tile_slot((bb0 * 16u + 10u) * 16u + c0)] = x0_10;
        buf[tile_slot((bb0 * 16u + 11u) * 16u + c0)] = x0_11;
        buf[tile_slot((bb0 * 16u + 12u) * 16u + c0)] = x0_12;
        buf[tile_slot((bb0 * 16u + 13u) * 16u + c0)] = x0_13;
        buf[tile_slot((bb0 * 16u + 14u) * 16u + c0)] = x0_14;
        buf[tile_slot((bb0 * 16u + 15u) * 16u + c0)] = x0_15;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    // sub-pass 1: radix 4, span 16 → 64
     {
        const uint b0 = lid + 0u;
        const uint c0 = b0 % 16u, bb0 = b0 / 16u;
        const uint m0 = bb0 % 16u;
        real2 x0_0 = buf[tile_slot((bb0 + 0u) * 16u + c0)];
        real2 x0_1 = buf[tile_slot((bb0 + 16u) * 16u + c0)];
        real2 x0_2 = buf[tile_slot((bb0 + 32u) * 16u + c0)];
        real2 x0_3 = buf[tile_slot((bb0 + 48u) * 16u + c0)];
        x0_1 = cmul(x0_1, tw[(idx_t)m0 * 64u]);
        x0_2 = cmul(x0_2, tw[(idx_t)m0 * 128u]);
        x0_3 = cmul(x0_3, tw[(idx_t)m0 * 192u]);
         {
            const real2 s1 = x0_1 + x0_3;
            const real2 d1 = x0_1 - x0_3;
            const real2 e0 = x0_0 + x0_2;
            const real2 e1 = x0_0 - x0_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x0_0 = y0;
            x0_1 = y1;
            x0_2 = y2;
            x0_3 = y3;
        }
        const uint b1 = lid + 64u;
        const uint c1 = b1 % 16u, bb1 = b1 / 16u;
        const uint m1 = bb1 % 16u;
        real2 x1_0 = buf[tile_slot((bb1 + 0u) * 16u + c1)];
        real2 x1_1 = buf[tile_slot((bb1 + 16u) * 16u + c1)];
        real2 x1_2 = buf[tile_slot((bb1 + 32u) * 16u + c1)];
        real2 x1_3 = buf[tile_slot((bb1 + 48u) * 16u + c1)];
        x1_1 = cmul(x1_1, tw[(idx_t)m1 * 64u]);
        x1_2 = cmul(x1_2, tw[(idx_t)m1 * 128u]);
        x1_3 = cmul(x1_3, tw[(idx_t)m1 * 192u]);
         {
            const real2 s1 = x1_1 + x1_3;
            const real2 d1 = x1_1 - x1_3;
            const real2 e0 = x1_0 + x1_2;
            const real2 e1 = x1_0 - x1_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x1_0 = y0;
            x1_1 = y1;
            x1_2 = y2;
            x1_3 = y3;
        }
        const uint b2 = lid + 128u;
        const uint c2 = b2 % 16u, bb2 = b2 / 16u;
        const uint m2 = bb2 % 16u;
        real2 x2_0 = buf[tile_slot((bb2 + 0u) * 16u + c2)];
        real2 x2_1 = buf[tile_slot((bb2 + 16u) * 16u + c2)];
        real2 x2_2 = buf[tile_slot((bb2 + 32u) * 16u + c2)];
        real2 x2_3 = buf[tile_slot((bb2 + 48u) * 16u + c2)];
        x2_1 = cmul(x2_1, tw[(idx_t)m2 * 64u]);
        x2_2 = cmul(x2_2, tw[(idx_t)m2 * 128u]);
        x2_3 = cmul(x2_3, tw[(idx_t)m2 * 192u]);
         {
            const real2 s1 = x2_1 + x2_3;
            const real2 d1 = x2_1 - x2_3;
            const real2 e0 = x2_0 + x2_2;
            const real2 e1 = x2_0 - x2_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x2_0 = y0;
            x2_1 = y1;
            x2_2 = y2;
            x2_3 = y3;
        }
        const uint b3 = lid + 192u;
        const uint c3 = b3 % 16u, bb3 = b3 / 16u;
        const uint m3 = bb3 % 16u;
        real2 x3_0 = buf[tile_slot((bb3 + 0u) * 16u + c3)];
        real2 x3_1 = buf[tile_slot((bb3 + 16u) * 16u + c3)];
        real2 x3_2 = buf[tile_slot((bb3 + 32u) * 16u + c3)];
        real2 x3_3 = buf[tile_slot((bb3 + 48u) * 16u + c3)];
        x3_1 = cmul(x3_1, tw[(idx_t)m3 * 64u]);
        x3_2 = cmul(x3_2, tw[(idx_t)m3 * 128u]);
        x3_3 = cmul(x3_3, tw[(idx_t)m3 * 192u]);
         {
            const real2 s1 = x3_1 + x3_3;
            const real2 d1 = x3_1 - x3_3;
            const real2 e0 = x3_0 + x3_2;
            const real2 e1 = x3_0 - x3_2;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            x3_0 = y0;
            x3_1 = y1;
            x3_2 = y2;
            x3_3 = y3;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 0u) * 16u + c0)] = x0_0;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 16u) * 16u + c0)] = x0_1;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 32u) * 16u + c0)] = x0_2;
        buf[tile_slot(((bb0 - m0) * 4u + m0 + 48u) * 16u + c0)] = x0_3;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 0u) * 16u + c1)] = x1_0;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 16u) * 16u + c1)] = x1_1;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 32u) * 16u + c1)] = x1_2;
        buf[tile_slot(((bb1 - m1) * 4u + m1 + 48u) * 16u + c1)] = x1_3;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 0u) * 16u + c2)] = x2_0;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 16u) * 16u + c2)] = x2_1;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 32u) * 16u + c2)] = x2_2;
        buf[tile_slot(((bb2 - m2) * 4u + m2 + 48u) * 16u + c2)] = x2_3;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 0u) * 16u + c3)] = x3_0;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 16u) * 16u + c3)] = x3_1;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 32u) * 16u + c3)] = x3_2;
        buf[tile_slot(((bb3 - m3) * 4u + m3 + 48u) * 16u + c3)] = x3_3;
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const uint it = lid + 0u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 64u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 128u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 192u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 256u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 320u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 384u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 448u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 512u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 576u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 640u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 704u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 768u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 832u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 896u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
     {
        const uint it = lid + 960u;
        const uint c = it % 16u, q = it / 16u;
        const idx_t l = (idx_t)get_group_id(0) * 16u + c;
        const idx_t j = l;
        const idx_t base = 0;
        const idx_t k = j % 64u;
        dst[base + ((j - k) * 64u + k + (idx_t)q * 64u) * 1u] = buf[tile_slot(q * 16u + c)] * post;
    }
}
