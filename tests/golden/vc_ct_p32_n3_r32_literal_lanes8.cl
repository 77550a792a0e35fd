// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 32, n = 3, N = 32768
// algorithm ct, coefficients literal, precision f32, normalisation none.
// Each kernel is one pass: every work-item computes one radix-r butterfly.
// CPU-shaped kernels (suffix _l8): every work-item computes 8 butterflies at consecutive positions.
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

// vc_ct_r32_literal_fwd_f32_l8: one radix-32 pass of the VC transform (p = 32, 1 digit(s) per butterfly), CPU-shaped.
// y_i = sum_j W[i][j] x_j for i, j < 32; coefficients folded in as literals: p-point codelets along each digit.
// Cooley-Tukey, in place: each work-item computes the 8 butterflies at base + l, l < 8,
// base = t % dist + r*dist*(t / dist), t = 8*gid (dist is a multiple of 8): it reads
// and writes 8 consecutive values (whole cache lines) of each of its r rows.
__kernel void vc_ct_r32_literal_fwd_f32_l8(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    const idx_t t = g * 8u;
    const idx_t base = t % dist + 32u * dist * (t / dist);
    real2 v[32][8];
    for (uint k = 0; k < 32u; ++k) {
        __global const real2 *row = data + base + k * dist;
        for (uint l = 0; l < 8u; ++l) {
            v[k][l] = row[l];
        }
    }
    for (uint l = 0; l < 8u; ++l) {
        real2 x0 = v[0][l];
        real2 x1 = v[1][l];
        real2 x2 = v[2][l];
        real2 x3 = v[3][l];
        real2 x4 = v[4][l];
        real2 x5 = v[5][l];
        real2 x6 = v[6][l];
        real2 x7 = v[7][l];
        real2 x8 = v[8][l];
        real2 x9 = v[9][l];
        real2 x10 = v[10][l];
        real2 x11 = v[11][l];
        real2 x12 = v[12][l];
        real2 x13 = v[13][l];
        real2 x14 = v[14][l];
        real2 x15 = v[15][l];
        real2 x16 = v[16][l];
        real2 x17 = v[17][l];
        real2 x18 = v[18][l];
        real2 x19 = v[19][l];
        real2 x20 = v[20][l];
        real2 x21 = v[21][l];
        real2 x22 = v[22][l];
        real2 x23 = v[23][l];
        real2 x24 = v[24][l];
        real2 x25 = v[25][l];
        real2 x26 = v[26][l];
        real2 x27 = v[27][l];
        real2 x28 = v[28][l];
        real2 x29 = v[29][l];
        real2 x30 = v[30][l];
        real2 x31 = v[31][l];
         {
            // 32-point DFT: Cooley-Tukey 4 x 8 (twiddles as literals)
            real2 u0_0 = x0;
            real2 u0_1 = x1;
            real2 u0_2 = x2;
            real2 u0_3 = x3;
            real2 u0_4 = x4;
            real2 u0_5 = x5;
            real2 u0_6 = x6;
            real2 u0_7 = x7;
            real2 u0_8 = x8;
            real2 u0_9 = x9;
            real2 u0_10 = x10;
            real2 u0_11 = x11;
            real2 u0_12 = x12;
            real2 u0_13 = x13;
            real2 u0_14 = x14;
            real2 u0_15 = x15;
            real2 u0_16 = x16;
            real2 u0_17 = x17;
            real2 u0_18 = x18;
            real2 u0_19 = x19;
            real2 u0_20 = x20;
            real2 u0_21 = x21;
            real2 u0_22 = x22;
            real2 u0_23 = x23;
            real2 u0_24 = x24;
            real2 u0_25 = x25;
            real2 u0_26 = x26;
            real2 u0_27 = x27;
            real2 u0_28 = x28;
            real2 u0_29 = x29;
            real2 u0_30 = x30;
            real2 u0_31 = x31;
             {
                const real2 s1 = u0_8 + u0_24;
                const real2 d1 = u0_8 - u0_24;
                const real2 e0 = u0_0 + u0_16;
                const real2 e1 = u0_0 - u0_16;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_0 = y0;
                u0_8 = y1;
                u0_16 = y2;
                u0_24 = y3;
            }
             {
                const real2 s1 = u0_9 + u0_25;
                const real2 d1 = u0_9 - u0_25;
                const real2 e0 = u0_1 + u0_17;
                const real2 e1 = u0_1 - u0_17;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_1 = y0;
                u0_9 = y1;
                u0_17 = y2;
                u0_25 = y3;
            }
             {
                const real2 s1 = u0_10 + u0_26;
                const real2 d1 = u0_10 - u0_26;
                const real2 e0 = u0_2 + u0_18;
                const real2 e1 = u0_2 - u0_18;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_2 = y0;
                u0_10 = y1;
                u0_18 = y2;
                u0_26 = y3;
            }
             {
                const real2 s1 = u0_11 + u0_27;
                const real2 d1 = u0_11 - u0_27;
                const real2 e0 = u0_3 + u0_19;
                const real2 e1 = u0_3 - u0_19;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_3 = y0;
                u0_11 = y1;
                u0_19 = y2;
                u0_27 = y3;
            }
             {
                const real2 s1 = u0_12 + u0_28;
                const real2 d1 = u0_12 - u0_28;
                const real2 e0 = u0_4 + u0_20;
                const real2 e1 = u0_4 - u0_20;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_4 = y0;
                u0_12 = y1;
                u0_20 = y2;
                u0_28 = y3;
            }
             {
                const real2 s1 = u0_13 + u0_29;
                const real2 d1 = u0_13 - u0_29;
                const real2 e0 = u0_5 + u0_21;
                const real2 e1 = u0_5 - u0_21;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_5 = y0;
                u0_13 = y1;
                u0_21 = y2;
                u0_29 = y3;
            }
             {
                const real2 s1 = u0_14 + u0_30;
                const real2 d1 = u0_14 - u0_30;
                const real2 e0 = u0_6 + u0_22;
                const real2 e1 = u0_6 - u0_22;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_6 = y0;
                u0_14 = y1;
                u0_22 = y2;
                u0_30 = y3;
            }
             {
                const real2 s1 = u0_15 + u0_31;
                const real2 d1 = u0_15 - u0_31;
                const real2 e0 = u0_7 + u0_23;
                const real2 e1 = u0_7 - u0_23;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u0_7 = y0;
                u0_15 = y1;
                u0_23 = y2;
                u0_31 = y3;
            }
            u0_9 = (real2)(9.807852507e-1f * u0_9.x + 1.950903237e-1f * u0_9.y, -1.950903237e-1f * u0_9.x + 9.807852507e-1f * u0_9.y);
            u0_10 = (real2)(9.238795042e-1f * u0_10.x + 3.826834261e-1f * u0_10.y, -3.826834261e-1f * u0_10.x + 9.238795042e-1f * u0_10.y);
            u0_11 = (real2)(8.314695954e-1f * u0_11.x + 5.555702448e-1f * u0_11.y, -5.555702448e-1f * u0_11.x + 8.314695954e-1f * u0_11.y);
            u0_12 = (real2)(7.071067691e-1f * (u0_12.x + u0_12.y), 7.071067691e-1f * (u0_12.y - u0_12.x));
            u0_13 = (real2)(5.555702448e-1f * u0_13.x + 8.314695954e-1f * u0_13.y, -8.314695954e-1f * u0_13.x + 5.555702448e-1f * u0_13.y);
            u0_14 = (real2)(3.826834261e-1f * u0_14.x + 9.238795042e-1f * u0_14.y, -9.238795042e-1f * u0_14.x + 3.826834261e-1f * u0_14.y);
            u0_15 = (real2)(1.950903237e-1f * u0_15.x + 9.807852507e-1f * u0_15.y, -9.807852507e-1f * u0_15.x + 1.950903237e-1f * u0_15.y);
            u0_17 = (real2)(9.238795042e-1f * u0_17.x + 3.826834261e-1f * u0_17.y, -3.826834261e-1f * u0_17.x + 9.238795042e-1f * u0_17.y);
            u0_18 = (real2)(7.071067691e-1f * (u0_18.x + u0_18.y), 7.071067691e-1f * (u0_18.y - u0_18.x));
            u0_19 = (real2)(3.826834261e-1f * u0_19.x + 9.238795042e-1f * u0_19.y, -9.238795042e-1f * u0_19.x + 3.826834261e-1f * u0_19.y);
            u0_20 = (real2)(u0_20.y, -u0_20.x);
            u0_21 = (real2)(-3.826834261e-1f * u0_21.x + 9.238795042e-1f * u0_21.y, -9.238795042e-1f * u0_21.x - 3.826834261e-1f * u0_21.y);
            u0_22 = (real2)(7.071067691e-1f * (u0_22.y - u0_22.x), -7.071067691e-1f * (u0_22.x + u0_22.y));
            u0_23 = (real2)(-9.238795042e-1f * u0_23.x + 3.826834261e-1f * u0_23.y, -3.826834261e-1f * u0_23.x - 9.238795042e-1f * u0_23.y);
            u0_25 = (real2)(8.314695954e-1f * u0_25.x + 5.555702448e-1f * u0_25.y, -5.555702448e-1f * u0_25.x + 8.314695954e-1f * u0_25.y);
            u0_26 = (real2)(3.826834261e-1f * u0_26.x + 9.238795042e-1f * u0_26.y, -9.238795042e-1f * u0_26.x + 3.826834261e-1f * u0_26.y);
            u0_27 = (real2)(-1.950903237e-1f * u0_27.x + 9.807852507e-1f * u0_27.y, -9.807852507e-1f * u0_27.x - 1.950903237e-1f * u0_27.y);
            u0_28 = (real2)(7.071067691e-1f * (u0_28.y - u0_28.x), -7.071067691e-1f * (u0_28.x + u0_28.y));
            u0_29 = (real2)(-9.807852507e-1f * u0_29.x + 1.950903237e-1f * u0_29.y, -1.950903237e-1f * u0_29.x - 9.807852507e-1f * u0_29.y);
            u0_30 = (real2)(-9.238795042e-1f * u0_30.x - 3.826834261e-1f * u0_30.y, 3.826834261e-1f * u0_30.x - 9.238795042e-1f * u0_30.y);
            u0_31 = (real2)(-5.555702448e-1f * u0_31.x - 8.314695954e-1f * u0_31.y, 8.314695954e-1f * u0_31.x - 5.555702448e-1f * u0_31.y);
             {
                // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
                real2 u1_0 = u0_0;
                real2 u1_1 = u0_1;
                real2 u1_2 = u0_2;
                real2 u1_3 = u0_3;
                real2 u1_4 = u0_4;
                real2 u1_5 = u0_5;
                real2 u1_6 = u0_6;
                real2 u1_7 = u0_7;
                 {
                    const real2 e0 = u1_0 + u1_4;
                    const real2 e1 = u1_0 - u1_4;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_0 = y0;
                    u1_4 = y1;
                }
                 {
                    const real2 e0 = u1_1 + u1_5;
                    const real2 e1 = u1_1 - u1_5;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_1 = y0;
                    u1_5 = y1;
                }
                 {
                    const real2 e0 = u1_2 + u1_6;
                    const real2 e1 = u1_2 - u1_6;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_2 = y0;
                    u1_6 = y1;
                }
                 {
                    const real2 e0 = u1_3 + u1_7;
                    const real2 e1 = u1_3 - u1_7;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_3 = y0;
                    u1_7 = y1;
                }
                u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
                u1_6 = (real2)(u1_6.y, -u1_6.x);
                u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
                 {
                    const real2 s1 = u1_1 + u1_3;
                    const real2 d1 = u1_1 - u1_3;
                    const real2 e0 = u1_0 + u1_2;
                    const real2 e1 = u1_0 - u1_2;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_0 = y0;
                    u1_1 = y1;
                    u1_2 = y2;
                    u1_3 = y3;
                }
                 {
                    const real2 s1 = u1_5 + u1_7;
                    const real2 d1 = u1_5 - u1_7;
                    const real2 e0 = u1_4 + u1_6;
                    const real2 e1 = u1_4 - u1_6;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_4 = y0;
                    u1_5 = y1;
                    u1_6 = y2;
                    u1_7 = y3;
                }
                u0_0 = u1_0;
                u0_2 = u1_1;
                u0_4 = u1_2;
                u0_6 = u1_3;
                u0_1 = u1_4;
                u0_3 = u1_5;
                u0_5 = u1_6;
                u0_7 = u1_7;
            }
             {
                // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
                real2 u1_0 = u0_8;
                real2 u1_1 = u0_9;
                real2 u1_2 = u0_10;
                real2 u1_3 = u0_11;
                real2 u1_4 = u0_12;
                real2 u1_5 = u0_13;
                real2 u1_6 = u0_14;
                real2 u1_7 = u0_15;
                 {
                    const real2 e0 = u1_0 + u1_4;
                    const real2 e1 = u1_0 - u1_4;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_0 = y0;
                    u1_4 = y1;
                }
                 {
                    const real2 e0 = u1_1 + u1_5;
                    const real2 e1 = u1_1 - u1_5;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_1 = y0;
                    u1_5 = y1;
                }
                 {
                    const real2 e0 = u1_2 + u1_6;
                    const real2 e1 = u1_2 - u1_6;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_2 = y0;
                    u1_6 = y1;
                }
                 {
                    const real2 e0 = u1_3 + u1_7;
                    const real2 e1 = u1_3 - u1_7;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_3 = y0;
                    u1_7 = y1;
                }
                u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
                u1_6 = (real2)(u1_6.y, -u1_6.x);
                u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
                 {
                    const real2 s1 = u1_1 + u1_3;
                    const real2 d1 = u1_1 - u1_3;
                    const real2 e0 = u1_0 + u1_2;
                    const real2 e1 = u1_0 - u1_2;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_0 = y0;
                    u1_1 = y1;
                    u1_2 = y2;
                    u1_3 = y3;
                }
                 {
                    const real2 s1 = u1_5 + u1_7;
                    const real2 d1 = u1_5 - u1_7;
                    const real2 e0 = u1_4 + u1_6;
                    const real2 e1 = u1_4 - u1_6;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_4 = y0;
                    u1_5 = y1;
                    u1_6 = y2;
                    u1_7 = y3;
                }
                u0_8 = u1_0;
                u0_10 = u1_1;
                u0_12 = u1_2;
                u0_14 = u1_3;
                u0_9 = u1_4;
                u0_11 = u1_5;
                u0_13 = u1_6;
                u0_15 = u1_7;
            }
             {
                // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
                real2 u1_0 = u0_16;
                real2 u1_1 = u0_17;
                real2 u1_2 = u0_18;
                real2 u1_3 = u0_19;
                real2 u1_4 = u0_20;
                real2 u1_5 = u0_21;
                real2 u1_6 = u0_22;
                real2 u1_7 = u0_23;
                 {
                    const real2 e0 = u1_0 + u1_4;
                    const real2 e1 = u1_0 - u1_4;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_0 = y0;
                    u1_4 = y1;
                }
                 {
                    const real2 e0 = u1_1 + u1_5;
                    const real2 e1 = u1_1 - u1_5;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_1 = y0;
                    u1_5 = y1;
                }
                 {
                    const real2 e0 = u1_2 + u1_6;
                    const real2 e1 = u1_2 - u1_6;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_2 = y0;
                    u1_6 = y1;
                }
                 {
                    const real2 e0 = u1_3 + u1_7;
                    const real2 e1 = u1_3 - u1_7;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_3 = y0;
                    u1_7 = y1;
                }
                u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
                u1_6 = (real2)(u1_6.y, -u1_6.x);
                u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
                 {
                    const real2 s1 = u1_1 + u1_3;
                    const real2 d1 = u1_1 - u1_3;
                    const real2 e0 = u1_0 + u1_2;
                    const real2 e1 = u1_0 - u1_2;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_0 = y0;
                    u1_1 = y1;
                    u1_2 = y2;
                    u1_3 = y3;
                }
                 {
                    const real2 s1 = u1_5 + u1_7;
                    const real2 d1 = u1_5 - u1_7;
                    const real2 e0 = u1_4 + u1_6;
                    const real2 e1 = u1_4 - u1_6;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_4 = y0;
                    u1_5 = y1;
                    u1_6 = y2;
                    u1_7 = y3;
                }
                u0_16 = u1_0;
                u0_18 = u1_1;
                u0_20 = u1_2;
                u0_22 = u1_3;
                u0_17 = u1_4;
                u0_19 = u1_5;
                u0_21 = u1_6;
                u0_23 = u1_7;
            }
             {
                // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
                real2 u1_0 = u0_24;
                real2 u1_1 = u0_25;
                real2 u1_2 = u0_26;
                real2 u1_3 = u0_27;
                real2 u1_4 = u0_28;
                real2 u1_5 = u0_29;
                real2 u1_6 = u0_30;
                real2 u1_7 = u0_31;
                 {
                    const real2 e0 = u1_0 + u1_4;
                    const real2 e1 = u1_0 - u1_4;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_0 = y0;
                    u1_4 = y1;
                }
                 {
                    const real2 e0 = u1_1 + u1_5;
                    const real2 e1 = u1_1 - u1_5;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_1 = y0;
                    u1_5 = y1;
                }
                 {
                    const real2 e0 = u1_2 + u1_6;
                    const real2 e1 = u1_2 - u1_6;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_2 = y0;
                    u1_6 = y1;
                }
                 {
                    const real2 e0 = u1_3 + u1_7;
                    const real2 e1 = u1_3 - u1_7;
                    const real2 y0 = e0;
                    const real2 y1 = e1;
                    u1_3 = y0;
                    u1_7 = y1;
                }
                u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
                u1_6 = (real2)(u1_6.y, -u1_6.x);
                u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
                 {
                    const real2 s1 = u1_1 + u1_3;
                    const real2 d1 = u1_1 - u1_3;
                    const real2 e0 = u1_0 + u1_2;
                    const real2 e1 = u1_0 - u1_2;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_0 = y0;
                    u1_1 = y1;
                    u1_2 = y2;
                    u1_3 = y3;
                }
                 {
                    const real2 s1 = u1_5 + u1_7;
                    const real2 d1 = u1_5 - u1_7;
                    const real2 e0 = u1_4 + u1_6;
                    const real2 e1 = u1_4 - u1_6;
                    const real2 a1 = e1;
                    const real2 b1 = d1;
                    const real2 y0 = e0 + s1;
                    const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                    const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                    const real2 y2 = e0 - s1;
                    u1_4 = y0;
                    u1_5 = y1;
                    u1_6 = y2;
                    u1_7 = y3;
                }
                u0_24 = u1_0;
                u0_26 = u1_1;
                u0_28 = u1_2;
                u0_30 = u1_3;
                u0_25 = u1_4;
                u0_27 = u1_5;
                u0_29 = u1_6;
                u0_31 = u1_7;
            }
            x0 = u0_0;
            x4 = u0_1;
            x8 = u0_2;
            x12 = u0_3;
            x16 = u0_4;
            x20 = u0_5;
            x24 = u0_6;
            x28 = u0_7;
            x1 = u0_8;
            x5 = u0_9;
            x9 = u0_10;
            x13 = u0_11;
            x17 = u0_12;
            x21 = u0_13;
            x25 = u0_14;
            x29 = u0_15;
            x2 = u0_16;
            x6 = u0_17;
            x10 = u0_18;
            x14 = u0_19;
            x18 = u0_20;
            x22 = u0_21;
            x26 = u0_22;
            x30 = u0_23;
            x3 = u0_24;
            x7 = u0_25;
            x11 = u0_26;
            x15 = u0_27;
            x19 = u0_28;
            x23 = u0_29;
            x27 = u0_30;
            x31 = u0_31;
        }
        v[0][l] = x0;
        v[1][l] = x1;
        v[2][l] = x2;
        v[3][l] = x3;
        v[4][l] = x4;
        v[5][l] = x5;
        v[6][l] = x6;
        v[7][l] = x7;
        v[8][l] = x8;
        v[9][l] = x9;
        v[10][l] = x10;
        v[11][l] = x11;
        v[12][l] = x12;
        v[13][l] = x13;
        v[14][l] = x14;
        v[15][l] = x15;
        v[16][l] = x16;
        v[17][l] = x17;
        v[18][l] = x18;
        v[19][l] = x19;
        v[20][l] = x20;
        v[21][l] = x21;
        v[22][l] = x22;
        v[23][l] = x23;
        v[24][l] = x24;
        v[25][l] = x25;
        v[26][l] = x26;
        v[27][l] = x27;
        v[28][l] = x28;
        v[29][l] = x29;
        v[30][l] = x30;
        v[31][l] = x31;
    }
    for (uint k = 0; k < 32u; ++k) {
        __global real2 *row = data + base + k * dist;
        for (uint l = 0; l < 8u; ++l) {
            row[l] = v[k][l];
        }
    }
}

// vc_ct_r32_literal_fwd_f32: one radix-32 pass of the VC transform (p = 32, 1 digit(s) per butterfly).
// y_i = sum_j W[i][j] x_j for i, j < 32; coefficients folded in as literals: p-point codelets along each digit (1, -1, +-i need no multiply).
// Cooley-Tukey, in place: operands at base + i*dist, base = tid % dist + r*dist*(tid / dist).
__kernel void vc_ct_r32_literal_fwd_f32(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t tid = get_global_id(0);
    if (tid >= count) return;
    const idx_t base = tid % dist + 32u * dist * (tid / dist);
    real2 x0 = data[base + 0u * dist];
    real2 x1 = data[base + 1u * dist];
    real2 x2 = data[base + 2u * dist];
    real2 x3 = data[base + 3u * dist];
    real2 x4 = data[base + 4u * dist];
    real2 x5 = data[base + 5u * dist];
    real2 x6 = data[base + 6u * dist];
    real2 x7 = data[base + 7u * dist];
    real2 x8 = data[base + 8u * dist];
    real2 x9 = data[base + 9u * dist];
    real2 x10 = data[base + 10u * dist];
    real2 x11 = data[base + 11u * dist];
    real2 x12 = data[base + 12u * dist];
    real2 x13 = data[base + 13u * dist];
    real2 x14 = data[base + 14u * dist];
    real2 x15 = data[base + 15u * dist];
    real2 x16 = data[base + 16u * dist];
    real2 x17 = data[base + 17u * dist];
    real2 x18 = data[base + 18u * dist];
    real2 x19 = data[base + 19u * dist];
    real2 x20 = data[base + 20u * dist];
    real2 x21 = data[base + 21u * dist];
    real2 x22 = data[base + 22u * dist];
    real2 x23 = data[base + 23u * dist];
    real2 x24 = data[base + 24u * dist];
    real2 x25 = data[base + 25u * dist];
    real2 x26 = data[base + 26u * dist];
    real2 x27 = data[base + 27u * dist];
    real2 x28 = data[base + 28u * dist];
    real2 x29 = data[base + 29u * dist];
    real2 x30 = data[base + 30u * dist];
    real2 x31 = data[base + 31u * dist];
     {
        // 32-point DFT: Cooley-Tukey 4 x 8 (twiddles as literals)
        real2 u0_0 = x0;
        real2 u0_1 = x1;
        real2 u0_2 = x2;
        real2 u0_3 = x3;
        real2 u0_4 = x4;
        real2 u0_5 = x5;
        real2 u0_6 = x6;
        real2 u0_7 = x7;
        real2 u0_8 = x8;
        real2 u0_9 = x9;
        real2 u0_10 = x10;
        real2 u0_11 = x11;
        real2 u0_12 = x12;
        real2 u0_13 = x13;
        real2 u0_14 = x14;
        real2 u0_15 = x15;
        real2 u0_16 = x16;
        real2 u0_17 = x17;
        real2 u0_18 = x18;
        real2 u0_19 = x19;
        real2 u0_20 = x20;
        real2 u0_21 = x21;
        real2 u0_22 = x22;
        real2 u0_23 = x23;
        real2 u0_24 = x24;
        real2 u0_25 = x25;
        real2 u0_26 = x26;
        real2 u0_27 = x27;
        real2 u0_28 = x28;
        real2 u0_29 = x29;
        real2 u0_30 = x30;
        real2 u0_31 = x31;
         {
            const real2 s1 = u0_8 + u0_24;
            const real2 d1 = u0_8 - u0_24;
            const real2 e0 = u0_0 + u0_16;
            const real2 e1 = u0_0 - u0_16;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_0 = y0;
            u0_8 = y1;
            u0_16 = y2;
            u0_24 = y3;
        }
         {
            const real2 s1 = u0_9 + u0_25;
            const real2 d1 = u0_9 - u0_25;
            const real2 e0 = u0_1 + u0_17;
            const real2 e1 = u0_1 - u0_17;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_1 = y0;
            u0_9 = y1;
            u0_17 = y2;
            u0_25 = y3;
        }
         {
            const real2 s1 = u0_10 + u0_26;
            const real2 d1 = u0_10 - u0_26;
            const real2 e0 = u0_2 + u0_18;
            const real2 e1 = u0_2 - u0_18;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_2 = y0;
            u0_10 = y1;
            u0_18 = y2;
            u0_26 = y3;
        }
         {
            const real2 s1 = u0_11 + u0_27;
            const real2 d1 = u0_11 - u0_27;
            const real2 e0 = u0_3 + u0_19;
            const real2 e1 = u0_3 - u0_19;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_3 = y0;
            u0_11 = y1;
            u0_19 = y2;
            u0_27 = y3;
        }
         {
            const real2 s1 = u0_12 + u0_28;
            const real2 d1 = u0_12 - u0_28;
            const real2 e0 = u0_4 + u0_20;
            const real2 e1 = u0_4 - u0_20;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_4 = y0;
            u0_12 = y1;
            u0_20 = y2;
            u0_28 = y3;
        }
         {
            const real2 s1 = u0_13 + u0_29;
            const real2 d1 = u0_13 - u0_29;
            const real2 e0 = u0_5 + u0_21;
            const real2 e1 = u0_5 - u0_21;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_5 = y0;
            u0_13 = y1;
            u0_21 = y2;
            u0_29 = y3;
        }
         {
            const real2 s1 = u0_14 + u0_30;
            const real2 d1 = u0_14 - u0_30;
            const real2 e0 = u0_6 + u0_22;
            const real2 e1 = u0_6 - u0_22;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_6 = y0;
            u0_14 = y1;
            u0_22 = y2;
            u0_30 = y3;
        }
         {
            const real2 s1 = u0_15 + u0_31;
            const real2 d1 = u0_15 - u0_31;
            const real2 e0 = u0_7 + u0_23;
            const real2 e1 = u0_7 - u0_23;
            const real2 a1 = e1;
            const real2 b1 = d1;
            const real2 y0 = e0 + s1;
            const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
            const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
            const real2 y2 = e0 - s1;
            u0_7 = y0;
            u0_15 = y1;
            u0_23 = y2;
            u0_31 = y3;
        }
        u0_9 = (real2)(9.807852507e-1f * u0_9.x + 1.950903237e-1f * u0_9.y, -1.950903237e-1f * u0_9.x + 9.807852507e-1f * u0_9.y);
        u0_10 = (real2)(9.238795042e-1f * u0_10.x + 3.826834261e-1f * u0_10.y, -3.826834261e-1f * u0_10.x + 9.238795042e-1f * u0_10.y);
        u0_11 = (real2)(8.314695954e-1f * u0_11.x + 5.555702448e-1f * u0_11.y, -5.555702448e-1f * u0_11.x + 8.314695954e-1f * u0_11.y);
        u0_12 = (real2)(7.071067691e-1f * (u0_12.x + u0_12.y), 7.071067691e-1f * (u0_12.y - u0_12.x));
        u0_13 = (real2)(5.555702448e-1f * u0_13.x + 8.314695954e-1f * u0_13.y, -8.314695954e-1f * u0_13.x + 5.555702448e-1f * u0_13.y);
        u0_14 = (real2)(3.826834261e-1f * u0_14.x + 9.238795042e-1f * u0_14.y, -9.238795042e-1f * u0_14.x + 3.826834261e-1f * u0_14.y);
        u0_15 = (real2)(1.950903237e-1f * u0_15.x + 9.807852507e-1f * u0_15.y, -9.807852507e-1f * u0_15.x + 1.950903237e-1f * u0_15.y);
        u0_17 = (real2)(9.238795042e-1f * u0_17.x + 3.826834261e-1f * u0_17.y, -3.826834261e-1f * u0_17.x + 9.238795042e-1f * u0_17.y);
        u0_18 = (real2)(7.071067691e-1f * (u0_18.x + u0_18.y), 7.071067691e-1f * (u0_18.y - u0_18.x));
        u0_19 = (real2)(3.826834261e-1f * u0_19.x + 9.238795042e-1f * u0_19.y, -9.238795042e-1f * u0_19.x + 3.826834261e-1f * u0_19.y);
        u0_20 = (real2)(u0_20.y, -u0_20.x);
        u0_21 = (real2)(-3.826834261e-1f * u0_21.x + 9.238795042e-1f * u0_21.y, -9.238795042e-1f * u0_21.x - 3.826834261e-1f * u0_21.y);
        u0_22 = (real2)(7.071067691e-1f * (u0_22.y - u0_22.x), -7.071067691e-1f * (u0_22.x + u0_22.y));
        u0_23 = (real2)(-9.238795042e-1f * u0_23.x + 3.826834261e-1f * u0_23.y, -3.826834261e-1f * u0_23.x - 9.238795042e-1f * u0_23.y);
        u0_25 = (real2)(8.314695954e-1f * u0_25.x + 5.555702448e-1f * u0_25.y, -5.555702448e-1f * u0_25.x + 8.314695954e-1f * u0_25.y);
        u0_26 = (real2)(3.826834261e-1f * u0_26.x + 9.238795042e-1f * u0_26.y, -9.238795042e-1f * u0_26.x + 3.826834261e-1f * u0_26.y);
        u0_27 = (real2)(-1.950903237e-1f * u0_27.x + 9.807852507e-1f * u0_27.y, -9.807852507e-1f * u0_27.x - 1.950903237e-1f * u0_27.y);
        u0_28 = (real2)(7.071067691e-1f * (u0_28.y - u0_28.x), -7.071067691e-1f * (u0_28.x + u0_28.y));
        u0_29 = (real2)(-9.807852507e-1f * u0_29.x + 1.950903237e-1f * u0_29.y, -1.950903237e-1f * u0_29.x - 9.807852507e-1f * u0_29.y);
        u0_30 = (real2)(-9.238795042e-1f * u0_30.x - 3.826834261e-1f * u0_30.y, 3.826834261e-1f * u0_30.x - 9.238795042e-1f * u0_30.y);
        u0_31 = (real2)(-5.555702448e-1f * u0_31.x - 8.314695954e-1f * u0_31.y, 8.314695954e-1f * u0_31.x - 5.555702448e-1f * u0_31.y);
         {
            // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
            real2 u1_0 = u0_0;
            real2 u1_1 = u0_1;
            real2 u1_2 = u0_2;
            real2 u1_3 = u0_3;
            real2 u1_4 = u0_4;
            real2 u1_5 = u0_5;
            real2 u1_6 = u0_6;
            real2 u1_7 = u0_7;
             {
                const real2 e0 = u1_0 + u1_4;
                const real2 e1 = u1_0 - u1_4;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const real2 e0 = u1_1 + u1_5;
                const real2 e1 = u1_1 - u1_5;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const real2 e0 = u1_2 + u1_6;
                const real2 e1 = u1_2 - u1_6;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const real2 e0 = u1_3 + u1_7;
                const real2 e1 = u1_3 - u1_7;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
            u1_6 = (real2)(u1_6.y, -u1_6.x);
            u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
             {
                const real2 s1 = u1_1 + u1_3;
                const real2 d1 = u1_1 - u1_3;
                const real2 e0 = u1_0 + u1_2;
                const real2 e1 = u1_0 - u1_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const real2 s1 = u1_5 + u1_7;
                const real2 d1 = u1_5 - u1_7;
                const real2 e0 = u1_4 + u1_6;
                const real2 e1 = u1_4 - u1_6;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_4 = y0;
                u1_5 = y1;
                u1_6 = y2;
                u1_7 = y3;
            }
            u0_0 = u1_0;
            u0_2 = u1_1;
            u0_4 = u1_2;
            u0_6 = u1_3;
            u0_1 = u1_4;
            u0_3 = u1_5;
            u0_5 = u1_6;
            u0_7 = u1_7;
        }
         {
            // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
            real2 u1_0 = u0_8;
            real2 u1_1 = u0_9;
            real2 u1_2 = u0_10;
            real2 u1_3 = u0_11;
            real2 u1_4 = u0_12;
            real2 u1_5 = u0_13;
            real2 u1_6 = u0_14;
            real2 u1_7 = u0_15;
             {
                const real2 e0 = u1_0 + u1_4;
                const real2 e1 = u1_0 - u1_4;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const real2 e0 = u1_1 + u1_5;
                const real2 e1 = u1_1 - u1_5;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const real2 e0 = u1_2 + u1_6;
                const real2 e1 = u1_2 - u1_6;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const real2 e0 = u1_3 + u1_7;
                const real2 e1 = u1_3 - u1_7;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
            u1_6 = (real2)(u1_6.y, -u1_6.x);
            u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
             {
                const real2 s1 = u1_1 + u1_3;
                const real2 d1 = u1_1 - u1_3;
                const real2 e0 = u1_0 + u1_2;
                const real2 e1 = u1_0 - u1_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const real2 s1 = u1_5 + u1_7;
                const real2 d1 = u1_5 - u1_7;
                const real2 e0 = u1_4 + u1_6;
                const real2 e1 = u1_4 - u1_6;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_4 = y0;
                u1_5 = y1;
                u1_6 = y2;
                u1_7 = y3;
            }
            u0_8 = u1_0;
            u0_10 = u1_1;
            u0_12 = u1_2;
            u0_14 = u1_3;
            u0_9 = u1_4;
            u0_11 = u1_5;
            u0_13 = u1_6;
            u0_15 = u1_7;
        }
         {
            // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
            real2 u1_0 = u0_16;
            real2 u1_1 = u0_17;
            real2 u1_2 = u0_18;
            real2 u1_3 = u0_19;
            real2 u1_4 = u0_20;
            real2 u1_5 = u0_21;
            real2 u1_6 = u0_22;
            real2 u1_7 = u0_23;
             {
                const real2 e0 = u1_0 + u1_4;
                const real2 e1 = u1_0 - u1_4;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const real2 e0 = u1_1 + u1_5;
                const real2 e1 = u1_1 - u1_5;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const real2 e0 = u1_2 + u1_6;
                const real2 e1 = u1_2 - u1_6;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const real2 e0 = u1_3 + u1_7;
                const real2 e1 = u1_3 - u1_7;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
            u1_6 = (real2)(u1_6.y, -u1_6.x);
            u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
             {
                const real2 s1 = u1_1 + u1_3;
                const real2 d1 = u1_1 - u1_3;
                const real2 e0 = u1_0 + u1_2;
                const real2 e1 = u1_0 - u1_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const real2 s1 = u1_5 + u1_7;
                const real2 d1 = u1_5 - u1_7;
                const real2 e0 = u1_4 + u1_6;
                const real2 e1 = u1_4 - u1_6;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_4 = y0;
                u1_5 = y1;
                u1_6 = y2;
                u1_7 = y3;
            }
            u0_16 = u1_0;
            u0_18 = u1_1;
            u0_20 = u1_2;
            u0_22 = u1_3;
            u0_17 = u1_4;
            u0_19 = u1_5;
            u0_21 = u1_6;
            u0_23 = u1_7;
        }
         {
            // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
            real2 u1_0 = u0_24;
            real2 u1_1 = u0_25;
            real2 u1_2 = u0_26;
            real2 u1_3 = u0_27;
            real2 u1_4 = u0_28;
            real2 u1_5 = u0_29;
            real2 u1_6 = u0_30;
            real2 u1_7 = u0_31;
             {
                const real2 e0 = u1_0 + u1_4;
                const real2 e1 = u1_0 - u1_4;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const real2 e0 = u1_1 + u1_5;
                const real2 e1 = u1_1 - u1_5;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const real2 e0 = u1_2 + u1_6;
                const real2 e1 = u1_2 - u1_6;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const real2 e0 = u1_3 + u1_7;
                const real2 e1 = u1_3 - u1_7;
                const real2 y0 = e0;
                const real2 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (real2)(7.071067691e-1f * (u1_5.x + u1_5.y), 7.071067691e-1f * (u1_5.y - u1_5.x));
            u1_6 = (real2)(u1_6.y, -u1_6.x);
            u1_7 = (real2)(7.071067691e-1f * (u1_7.y - u1_7.x), -7.071067691e-1f * (u1_7.x + u1_7.y));
             {
                const real2 s1 = u1_1 + u1_3;
                const real2 d1 = u1_1 - u1_3;
                const real2 e0 = u1_0 + u1_2;
                const real2 e1 = u1_0 - u1_2;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const real2 s1 = u1_5 + u1_7;
                const real2 d1 = u1_5 - u1_7;
                const real2 e0 = u1_4 + u1_6;
                const real2 e1 = u1_4 - u1_6;
                const real2 a1 = e1;
                const real2 b1 = d1;
                const real2 y0 = e0 + s1;
                const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
                const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
                const real2 y2 = e0 - s1;
                u1_4 = y0;
                u1_5 = y1;
                u1_6 = y2;
                u1_7 = y3;
            }
            u0_24 = u1_0;
            u0_26 = u1_1;
            u0_28 = u1_2;
            u0_30 = u1_3;
            u0_25 = u1_4;
            u0_27 = u1_5;
            u0_29 = u1_6;
            u0_31 = u1_7;
        }
        x0 = u0_0;
        x4 = u0_1;
        x8 = u0_2;
        x12 = u0_3;
        x16 = u0_4;
        x20 = u0_5;
        x24 = u0_6;
        x28 = u0_7;
        x1 = u0_8;
        x5 = u0_9;
        x9 = u0_10;
        x13 = u0_11;
        x17 = u0_12;
        x21 = u0_13;
        x25 = u0_14;
        x29 = u0_15;
        x2 = u0_16;
        x6 = u0_17;
        x10 = u0_18;
        x14 = u0_19;
        x18 = u0_20;
        x22 = u0_21;
        x26 = u0_22;
        x30 = u0_23;
        x3 = u0_24;
        x7 = u0_25;
        x11 = u0_26;
        x15 = u0_27;
        x19 = u0_28;
        x23 = u0_29;
        x27 = u0_30;
        x31 = u0_31;
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
    data[base + 9u * dist] = x9;
    data[base + 10u * dist] = x10;
    data[base + 11u * dist] = x11;
    data[base + 12u * dist] = x12;
    data[base + 13u * dist] = x13;
    data[base + 14u * dist] = x14;
    data[base + 15u * dist] = x15;
    data[base + 16u * dist] = x16;
    data[base + 17u * dist] = x17;
    data[base + 18u * dist] = x18;
    data[base + 19u * dist] = x19;
    data[base + 20u * dist] = x20;
    data[base + 21u * dist] = x21;
    data[base + 22u * dist] = x22;
    data[base + 23u * dist] = x23;
    data[base + 24u * dist] = x24;
    data[base + 25u * dist] = x25;
    data[base + 26u * dist] = x26;
    data[base + 27u * dist] = x27;
    data[base + 28u * dist] = x28;
    data[base + 29u * dist] = x29;
    data[base + 30u * dist] = x30;
    data[base + 31u * dist] = x31;
}
