// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 32, n = 3, N = 32768
// algorithm ct, coefficients literal, precision f32, normalisation none.
// Each kernel is one pass: every work-item computes one radix-r butterfly.
// CPU-shaped kernels (suffix _l8): every work-item computes 8 consecutive butterflies.
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

// 8 complex values in split planes: real parts in .lo, imaginary parts in .hi, one butterfly a slot.
typedef float16 cvec8;

// 8 consecutive complex values from p (one vload, one shuffle into planes).
inline cvec8 load_cvec8(__global const real2 *p) {
    return shuffle(vload16(0, (__global const real *)p), (uint16)(0, 2, 4, 6, 8, 10, 12, 14, 1, 3, 5, 7, 9, 11, 13, 15));
}

// Stores the 8 complex values of v at p (planes back to (re, im) pairs).
inline void store_cvec8(cvec8 v, __global real2 *p) {
    vstore16(shuffle(v, (uint16)(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15)), 0, (__global real *)p);
}

// The 8 complex values p[i.s0], p[i.s1], ... in planes.
inline cvec8 gather_cvec8(__global const real2 *p, uint8 i) {
    const real2 a0 = p[i.s0];
    const real2 a1 = p[i.s1];
    const real2 a2 = p[i.s2];
    const real2 a3 = p[i.s3];
    const real2 a4 = p[i.s4];
    const real2 a5 = p[i.s5];
    const real2 a6 = p[i.s6];
    const real2 a7 = p[i.s7];
    return (cvec8)(a0.x, a1.x, a2.x, a3.x, a4.x, a5.x, a6.x, a7.x, a0.y, a1.y, a2.y, a3.y, a4.y, a5.y, a6.y, a7.y);
}

// Stores slot l of v at p[i.sl].
inline void scatter_cvec8(cvec8 v, __global real2 *p, uint8 i) {
    p[i.s0] = (real2)(v.lo.s0, v.hi.s0);
    p[i.s1] = (real2)(v.lo.s1, v.hi.s1);
    p[i.s2] = (real2)(v.lo.s2, v.hi.s2);
    p[i.s3] = (real2)(v.lo.s3, v.hi.s3);
    p[i.s4] = (real2)(v.lo.s4, v.hi.s4);
    p[i.s5] = (real2)(v.lo.s5, v.hi.s5);
    p[i.s6] = (real2)(v.lo.s6, v.hi.s6);
    p[i.s7] = (real2)(v.lo.s7, v.hi.s7);
}

// Slot l = p[l*r] for l < 8: one operand of 8 consecutive butterflies whose operands are consecutive.
inline cvec8 rows_cvec8(__global const real2 *p, const uint r) {
    return (cvec8)(p[0u * r].x, p[1u * r].x, p[2u * r].x, p[3u * r].x, p[4u * r].x, p[5u * r].x, p[6u * r].x, p[7u * r].x, p[0u * r].y, p[1u * r].y, p[2u * r].y, p[3u * r].y, p[4u * r].y, p[5u * r].y, p[6u * r].y, p[7u * r].y);
}

// Stores slot l of v at p[l*r] (the inverse of rows_).
inline void unrows_cvec8(cvec8 v, __global real2 *p, const uint r) {
    p[0u * r] = (real2)(v.lo.s0, v.hi.s0);
    p[1u * r] = (real2)(v.lo.s1, v.hi.s1);
    p[2u * r] = (real2)(v.lo.s2, v.hi.s2);
    p[3u * r] = (real2)(v.lo.s3, v.hi.s3);
    p[4u * r] = (real2)(v.lo.s4, v.hi.s4);
    p[5u * r] = (real2)(v.lo.s5, v.hi.s5);
    p[6u * r] = (real2)(v.lo.s6, v.hi.s6);
    p[7u * r] = (real2)(v.lo.s7, v.hi.s7);
}

// vc_ct_r32_literal_fwd_f32_l8: one radix-32 pass of the VC transform (p = 32, 1 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 32; coefficients folded in as literals: p-point codelets along each digit.
// Cooley-Tukey, in place: each work-item computes the 8 butterflies at base + l, l < 8,
// base = t % dist + r*dist*(t / dist), t = 8*gid, butterfly l in slot l of cvec8 vectors:
// every operation below acts on 8 butterflies at once. Rows are read and written as whole
// lines where the 8 butterflies are consecutive; at dist 1 their 8*32 values are one
// block, read and written transposed (rows_); else gathered (a block of dist ends among
// them, or dist < 8; lanes past the last butterfly repeat it).
__kernel void vc_ct_r32_literal_fwd_f32_l8(__global real2 *data, const idx_t dist, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    // Butterflies t..t+7 of 1024; on consecutive positions (one line a row) unless a block of dist ends among them.
    const idx_t t = g * 8u;
    const idx_t base = t % dist + 32u * dist * (t / dist);
    const int line = t % dist + 8u <= dist && t + 8u <= 1024u;
    const uint8 tl = min((uint8)(t) + (uint8)(0, 1, 2, 3, 4, 5, 6, 7), (uint8)(1023u));
    const uint8 pos = line ? (uint8)(0) : tl % dist + 32u * dist * (tl / dist);
    cvec8 x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15, x16, x17, x18, x19, x20, x21, x22, x23, x24, x25, x26, x27, x28, x29, x30, x31;
    if (line) {
        x0 = load_cvec8(data + base + 0u * dist);
        x1 = load_cvec8(data + base + 1u * dist);
        x2 = load_cvec8(data + base + 2u * dist);
        x3 = load_cvec8(data + base + 3u * dist);
        x4 = load_cvec8(data + base + 4u * dist);
        x5 = load_cvec8(data + base + 5u * dist);
        x6 = load_cvec8(data + base + 6u * dist);
        x7 = load_cvec8(data + base + 7u * dist);
        x8 = load_cvec8(data + base + 8u * dist);
        x9 = load_cvec8(data + base + 9u * dist);
        x10 = load_cvec8(data + base + 10u * dist);
        x11 = load_cvec8(data + base + 11u * dist);
        x12 = load_cvec8(data + base + 12u * dist);
        x13 = load_cvec8(data + base + 13u * dist);
        x14 = load_cvec8(data + base + 14u * dist);
        x15 = load_cvec8(data + base + 15u * dist);
        x16 = load_cvec8(data + base + 16u * dist);
        x17 = load_cvec8(data + base + 17u * dist);
        x18 = load_cvec8(data + base + 18u * dist);
        x19 = load_cvec8(data + base + 19u * dist);
        x20 = load_cvec8(data + base + 20u * dist);
        x21 = load_cvec8(data + base + 21u * dist);
        x22 = load_cvec8(data + base + 22u * dist);
        x23 = load_cvec8(data + base + 23u * dist);
        x24 = load_cvec8(data + base + 24u * dist);
        x25 = load_cvec8(data + base + 25u * dist);
        x26 = load_cvec8(data + base + 26u * dist);
        x27 = load_cvec8(data + base + 27u * dist);
        x28 = load_cvec8(data + base + 28u * dist);
        x29 = load_cvec8(data + base + 29u * dist);
        x30 = load_cvec8(data + base + 30u * dist);
        x31 = load_cvec8(data + base + 31u * dist);
    }
    else if (dist == 1u && t + 8u <= 1024u) {
        x0 = rows_cvec8(data + base + 0u, 32u);
        x1 = rows_cvec8(data + base + 1u, 32u);
        x2 = rows_cvec8(data + base + 2u, 32u);
        x3 = rows_cvec8(data + base + 3u, 32u);
        x4 = rows_cvec8(data + base + 4u, 32u);
        x5 = rows_cvec8(data + base + 5u, 32u);
        x6 = rows_cvec8(data + base + 6u, 32u);
        x7 = rows_cvec8(data + base + 7u, 32u);
        x8 = rows_cvec8(data + base + 8u, 32u);
        x9 = rows_cvec8(data + base + 9u, 32u);
        x10 = rows_cvec8(data + base + 10u, 32u);
        x11 = rows_cvec8(data + base + 11u, 32u);
        x12 = rows_cvec8(data + base + 12u, 32u);
        x13 = rows_cvec8(data + base + 13u, 32u);
        x14 = rows_cvec8(data + base + 14u, 32u);
        x15 = rows_cvec8(data + base + 15u, 32u);
        x16 = rows_cvec8(data + base + 16u, 32u);
        x17 = rows_cvec8(data + base + 17u, 32u);
        x18 = rows_cvec8(data + base + 18u, 32u);
        x19 = rows_cvec8(data + base + 19u, 32u);
        x20 = rows_cvec8(data + base + 20u, 32u);
        x21 = rows_cvec8(data + base + 21u, 32u);
        x22 = rows_cvec8(data + base + 22u, 32u);
        x23 = rows_cvec8(data + base + 23u, 32u);
        x24 = rows_cvec8(data + base + 24u, 32u);
        x25 = rows_cvec8(data + base + 25u, 32u);
        x26 = rows_cvec8(data + base + 26u, 32u);
        x27 = rows_cvec8(data + base + 27u, 32u);
        x28 = rows_cvec8(data + base + 28u, 32u);
        x29 = rows_cvec8(data + base + 29u, 32u);
        x30 = rows_cvec8(data + base + 30u, 32u);
        x31 = rows_cvec8(data + base + 31u, 32u);
    }
    else {
        x0 = gather_cvec8(data + 0u * dist, pos);
        x1 = gather_cvec8(data + 1u * dist, pos);
        x2 = gather_cvec8(data + 2u * dist, pos);
        x3 = gather_cvec8(data + 3u * dist, pos);
        x4 = gather_cvec8(data + 4u * dist, pos);
        x5 = gather_cvec8(data + 5u * dist, pos);
        x6 = gather_cvec8(data + 6u * dist, pos);
        x7 = gather_cvec8(data + 7u * dist, pos);
        x8 = gather_cvec8(data + 8u * dist, pos);
        x9 = gather_cvec8(data + 9u * dist, pos);
        x10 = gather_cvec8(data + 10u * dist, pos);
        x11 = gather_cvec8(data + 11u * dist, pos);
        x12 = gather_cvec8(data + 12u * dist, pos);
        x13 = gather_cvec8(data + 13u * dist, pos);
        x14 = gather_cvec8(data + 14u * dist, pos);
        x15 = gather_cvec8(data + 15u * dist, pos);
        x16 = gather_cvec8(data + 16u * dist, pos);
        x17 = gather_cvec8(data + 17u * dist, pos);
        x18 = gather_cvec8(data + 18u * dist, pos);
        x19 = gather_cvec8(data + 19u * dist, pos);
        x20 = gather_cvec8(data + 20u * dist, pos);
        x21 = gather_cvec8(data + 21u * dist, pos);
        x22 = gather_cvec8(data + 22u * dist, pos);
        x23 = gather_cvec8(data + 23u * dist, pos);
        x24 = gather_cvec8(data + 24u * dist, pos);
        x25 = gather_cvec8(data + 25u * dist, pos);
        x26 = gather_cvec8(data + 26u * dist, pos);
        x27 = gather_cvec8(data + 27u * dist, pos);
        x28 = gather_cvec8(data + 28u * dist, pos);
        x29 = gather_cvec8(data + 29u * dist, pos);
        x30 = gather_cvec8(data + 30u * dist, pos);
        x31 = gather_cvec8(data + 31u * dist, pos);
    }
     {
        // 32-point DFT: Cooley-Tukey 4 x 8 (twiddles as literals)
        cvec8 u0_0 = x0;
        cvec8 u0_1 = x1;
        cvec8 u0_2 = x2;
        cvec8 u0_3 = x3;
        cvec8 u0_4 = x4;
        cvec8 u0_5 = x5;
        cvec8 u0_6 = x6;
        cvec8 u0_7 = x7;
        cvec8 u0_8 = x8;
        cvec8 u0_9 = x9;
        cvec8 u0_10 = x10;
        cvec8 u0_11 = x11;
        cvec8 u0_12 = x12;
        cvec8 u0_13 = x13;
        cvec8 u0_14 = x14;
        cvec8 u0_15 = x15;
        cvec8 u0_16 = x16;
        cvec8 u0_17 = x17;
        cvec8 u0_18 = x18;
        cvec8 u0_19 = x19;
        cvec8 u0_20 = x20;
        cvec8 u0_21 = x21;
        cvec8 u0_22 = x22;
        cvec8 u0_23 = x23;
        cvec8 u0_24 = x24;
        cvec8 u0_25 = x25;
        cvec8 u0_26 = x26;
        cvec8 u0_27 = x27;
        cvec8 u0_28 = x28;
        cvec8 u0_29 = x29;
        cvec8 u0_30 = x30;
        cvec8 u0_31 = x31;
         {
            const cvec8 s1 = u0_8 + u0_24;
            const cvec8 d1 = u0_8 - u0_24;
            const cvec8 e0 = u0_0 + u0_16;
            const cvec8 e1 = u0_0 - u0_16;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_0 = y0;
            u0_8 = y1;
            u0_16 = y2;
            u0_24 = y3;
        }
         {
            const cvec8 s1 = u0_9 + u0_25;
            const cvec8 d1 = u0_9 - u0_25;
            const cvec8 e0 = u0_1 + u0_17;
            const cvec8 e1 = u0_1 - u0_17;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_1 = y0;
            u0_9 = y1;
            u0_17 = y2;
            u0_25 = y3;
        }
         {
            const cvec8 s1 = u0_10 + u0_26;
            const cvec8 d1 = u0_10 - u0_26;
            const cvec8 e0 = u0_2 + u0_18;
            const cvec8 e1 = u0_2 - u0_18;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_2 = y0;
            u0_10 = y1;
            u0_18 = y2;
            u0_26 = y3;
        }
         {
            const cvec8 s1 = u0_11 + u0_27;
            const cvec8 d1 = u0_11 - u0_27;
            const cvec8 e0 = u0_3 + u0_19;
            const cvec8 e1 = u0_3 - u0_19;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_3 = y0;
            u0_11 = y1;
            u0_19 = y2;
            u0_27 = y3;
        }
         {
            const cvec8 s1 = u0_12 + u0_28;
            const cvec8 d1 = u0_12 - u0_28;
            const cvec8 e0 = u0_4 + u0_20;
            const cvec8 e1 = u0_4 - u0_20;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_4 = y0;
            u0_12 = y1;
            u0_20 = y2;
            u0_28 = y3;
        }
         {
            const cvec8 s1 = u0_13 + u0_29;
            const cvec8 d1 = u0_13 - u0_29;
            const cvec8 e0 = u0_5 + u0_21;
            const cvec8 e1 = u0_5 - u0_21;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_5 = y0;
            u0_13 = y1;
            u0_21 = y2;
            u0_29 = y3;
        }
         {
            const cvec8 s1 = u0_14 + u0_30;
            const cvec8 d1 = u0_14 - u0_30;
            const cvec8 e0 = u0_6 + u0_22;
            const cvec8 e1 = u0_6 - u0_22;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_6 = y0;
            u0_14 = y1;
            u0_22 = y2;
            u0_30 = y3;
        }
         {
            const cvec8 s1 = u0_15 + u0_31;
            const cvec8 d1 = u0_15 - u0_31;
            const cvec8 e0 = u0_7 + u0_23;
            const cvec8 e1 = u0_7 - u0_23;
            const cvec8 a1 = e1;
            const cvec8 b1 = d1;
            const cvec8 y0 = e0 + s1;
            const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
            const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
            const cvec8 y2 = e0 - s1;
            u0_7 = y0;
            u0_15 = y1;
            u0_23 = y2;
            u0_31 = y3;
        }
        u0_9 = (cvec8)(9.807852507e-1f * u0_9.lo + 1.950903237e-1f * u0_9.hi, -1.950903237e-1f * u0_9.lo + 9.807852507e-1f * u0_9.hi);
        u0_10 = (cvec8)(9.238795042e-1f * u0_10.lo + 3.826834261e-1f * u0_10.hi, -3.826834261e-1f * u0_10.lo + 9.238795042e-1f * u0_10.hi);
        u0_11 = (cvec8)(8.314695954e-1f * u0_11.lo + 5.555702448e-1f * u0_11.hi, -5.555702448e-1f * u0_11.lo + 8.314695954e-1f * u0_11.hi);
        u0_12 = (cvec8)(7.071067691e-1f * (u0_12.lo + u0_12.hi), 7.071067691e-1f * (u0_12.hi - u0_12.lo));
        u0_13 = (cvec8)(5.555702448e-1f * u0_13.lo + 8.314695954e-1f * u0_13.hi, -8.314695954e-1f * u0_13.lo + 5.555702448e-1f * u0_13.hi);
        u0_14 = (cvec8)(3.826834261e-1f * u0_14.lo + 9.238795042e-1f * u0_14.hi, -9.238795042e-1f * u0_14.lo + 3.826834261e-1f * u0_14.hi);
        u0_15 = (cvec8)(1.950903237e-1f * u0_15.lo + 9.807852507e-1f * u0_15.hi, -9.807852507e-1f * u0_15.lo + 1.950903237e-1f * u0_15.hi);
        u0_17 = (cvec8)(9.238795042e-1f * u0_17.lo + 3.826834261e-1f * u0_17.hi, -3.826834261e-1f * u0_17.lo + 9.238795042e-1f * u0_17.hi);
        u0_18 = (cvec8)(7.071067691e-1f * (u0_18.lo + u0_18.hi), 7.071067691e-1f * (u0_18.hi - u0_18.lo));
        u0_19 = (cvec8)(3.826834261e-1f * u0_19.lo + 9.238795042e-1f * u0_19.hi, -9.238795042e-1f * u0_19.lo + 3.826834261e-1f * u0_19.hi);
        u0_20 = (cvec8)(u0_20.hi, -u0_20.lo);
        u0_21 = (cvec8)(-3.826834261e-1f * u0_21.lo + 9.238795042e-1f * u0_21.hi, -9.238795042e-1f * u0_21.lo - 3.826834261e-1f * u0_21.hi);
        u0_22 = (cvec8)(7.071067691e-1f * (u0_22.hi - u0_22.lo), -7.071067691e-1f * (u0_22.lo + u0_22.hi));
        u0_23 = (cvec8)(-9.238795042e-1f * u0_23.lo + 3.826834261e-1f * u0_23.hi, -3.826834261e-1f * u0_23.lo - 9.238795042e-1f * u0_23.hi);
        u0_25 = (cvec8)(8.314695954e-1f * u0_25.lo + 5.555702448e-1f * u0_25.hi, -5.555702448e-1f * u0_25.lo + 8.314695954e-1f * u0_25.hi);
        u0_26 = (cvec8)(3.826834261e-1f * u0_26.lo + 9.238795042e-1f * u0_26.hi, -9.238795042e-1f * u0_26.lo + 3.826834261e-1f * u0_26.hi);
        u0_27 = (cvec8)(-1.950903237e-1f * u0_27.lo + 9.807852507e-1f * u0_27.hi, -9.807852507e-1f * u0_27.lo - 1.950903237e-1f * u0_27.hi);
        u0_28 = (cvec8)(7.071067691e-1f * (u0_28.hi - u0_28.lo), -7.071067691e-1f * (u0_28.lo + u0_28.hi));
        u0_29 = (cvec8)(-9.807852507e-1f * u0_29.lo + 1.950903237e-1f * u0_29.hi, -1.950903237e-1f * u0_29.lo - 9.807852507e-1f * u0_29.hi);
        u0_30 = (cvec8)(-9.238795042e-1f * u0_30.lo - 3.826834261e-1f * u0_30.hi, 3.826834261e-1f * u0_30.lo - 9.238795042e-1f * u0_30.hi);
        u0_31 = (cvec8)(-5.555702448e-1f * u0_31.lo - 8.314695954e-1f * u0_31.hi, 8.314695954e-1f * u0_31.lo - 5.555702448e-1f * u0_31.hi);
         {
            // 8-point DFT: Cooley-Tukey 2 x 4 (twiddles as literals)
            cvec8 u1_0 = u0_0;
            cvec8 u1_1 = u0_1;
            cvec8 u1_2 = u0_2;
            cvec8 u1_3 = u0_3;
            cvec8 u1_4 = u0_4;
            cvec8 u1_5 = u0_5;
            cvec8 u1_6 = u0_6;
            cvec8 u1_7 = u0_7;
             {
                const cvec8 e0 = u1_0 + u1_4;
                const cvec8 e1 = u1_0 - u1_4;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const cvec8 e0 = u1_1 + u1_5;
                const cvec8 e1 = u1_1 - u1_5;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const cvec8 e0 = u1_2 + u1_6;
                const cvec8 e1 = u1_2 - u1_6;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const cvec8 e0 = u1_3 + u1_7;
                const cvec8 e1 = u1_3 - u1_7;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (cvec8)(7.071067691e-1f * (u1_5.lo + u1_5.hi), 7.071067691e-1f * (u1_5.hi - u1_5.lo));
            u1_6 = (cvec8)(u1_6.hi, -u1_6.lo);
            u1_7 = (cvec8)(7.071067691e-1f * (u1_7.hi - u1_7.lo), -7.071067691e-1f * (u1_7.lo + u1_7.hi));
             {
                const cvec8 s1 = u1_1 + u1_3;
                const cvec8 d1 = u1_1 - u1_3;
                const cvec8 e0 = u1_0 + u1_2;
                const cvec8 e1 = u1_0 - u1_2;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const cvec8 s1 = u1_5 + u1_7;
                const cvec8 d1 = u1_5 - u1_7;
                const cvec8 e0 = u1_4 + u1_6;
                const cvec8 e1 = u1_4 - u1_6;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
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
            cvec8 u1_0 = u0_8;
            cvec8 u1_1 = u0_9;
            cvec8 u1_2 = u0_10;
            cvec8 u1_3 = u0_11;
            cvec8 u1_4 = u0_12;
            cvec8 u1_5 = u0_13;
            cvec8 u1_6 = u0_14;
            cvec8 u1_7 = u0_15;
             {
                const cvec8 e0 = u1_0 + u1_4;
                const cvec8 e1 = u1_0 - u1_4;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const cvec8 e0 = u1_1 + u1_5;
                const cvec8 e1 = u1_1 - u1_5;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const cvec8 e0 = u1_2 + u1_6;
                const cvec8 e1 = u1_2 - u1_6;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const cvec8 e0 = u1_3 + u1_7;
                const cvec8 e1 = u1_3 - u1_7;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (cvec8)(7.071067691e-1f * (u1_5.lo + u1_5.hi), 7.071067691e-1f * (u1_5.hi - u1_5.lo));
            u1_6 = (cvec8)(u1_6.hi, -u1_6.lo);
            u1_7 = (cvec8)(7.071067691e-1f * (u1_7.hi - u1_7.lo), -7.071067691e-1f * (u1_7.lo + u1_7.hi));
             {
                const cvec8 s1 = u1_1 + u1_3;
                const cvec8 d1 = u1_1 - u1_3;
                const cvec8 e0 = u1_0 + u1_2;
                const cvec8 e1 = u1_0 - u1_2;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const cvec8 s1 = u1_5 + u1_7;
                const cvec8 d1 = u1_5 - u1_7;
                const cvec8 e0 = u1_4 + u1_6;
                const cvec8 e1 = u1_4 - u1_6;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
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
            cvec8 u1_0 = u0_16;
            cvec8 u1_1 = u0_17;
            cvec8 u1_2 = u0_18;
            cvec8 u1_3 = u0_19;
            cvec8 u1_4 = u0_20;
            cvec8 u1_5 = u0_21;
            cvec8 u1_6 = u0_22;
            cvec8 u1_7 = u0_23;
             {
                const cvec8 e0 = u1_0 + u1_4;
                const cvec8 e1 = u1_0 - u1_4;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const cvec8 e0 = u1_1 + u1_5;
                const cvec8 e1 = u1_1 - u1_5;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const cvec8 e0 = u1_2 + u1_6;
                const cvec8 e1 = u1_2 - u1_6;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const cvec8 e0 = u1_3 + u1_7;
                const cvec8 e1 = u1_3 - u1_7;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (cvec8)(7.071067691e-1f * (u1_5.lo + u1_5.hi), 7.071067691e-1f * (u1_5.hi - u1_5.lo));
            u1_6 = (cvec8)(u1_6.hi, -u1_6.lo);
            u1_7 = (cvec8)(7.071067691e-1f * (u1_7.hi - u1_7.lo), -7.071067691e-1f * (u1_7.lo + u1_7.hi));
             {
                const cvec8 s1 = u1_1 + u1_3;
                const cvec8 d1 = u1_1 - u1_3;
                const cvec8 e0 = u1_0 + u1_2;
                const cvec8 e1 = u1_0 - u1_2;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const cvec8 s1 = u1_5 + u1_7;
                const cvec8 d1 = u1_5 - u1_7;
                const cvec8 e0 = u1_4 + u1_6;
                const cvec8 e1 = u1_4 - u1_6;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
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
            cvec8 u1_0 = u0_24;
            cvec8 u1_1 = u0_25;
            cvec8 u1_2 = u0_26;
            cvec8 u1_3 = u0_27;
            cvec8 u1_4 = u0_28;
            cvec8 u1_5 = u0_29;
            cvec8 u1_6 = u0_30;
            cvec8 u1_7 = u0_31;
             {
                const cvec8 e0 = u1_0 + u1_4;
                const cvec8 e1 = u1_0 - u1_4;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_0 = y0;
                u1_4 = y1;
            }
             {
                const cvec8 e0 = u1_1 + u1_5;
                const cvec8 e1 = u1_1 - u1_5;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_1 = y0;
                u1_5 = y1;
            }
             {
                const cvec8 e0 = u1_2 + u1_6;
                const cvec8 e1 = u1_2 - u1_6;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_2 = y0;
                u1_6 = y1;
            }
             {
                const cvec8 e0 = u1_3 + u1_7;
                const cvec8 e1 = u1_3 - u1_7;
                const cvec8 y0 = e0;
                const cvec8 y1 = e1;
                u1_3 = y0;
                u1_7 = y1;
            }
            u1_5 = (cvec8)(7.071067691e-1f * (u1_5.lo + u1_5.hi), 7.071067691e-1f * (u1_5.hi - u1_5.lo));
            u1_6 = (cvec8)(u1_6.hi, -u1_6.lo);
            u1_7 = (cvec8)(7.071067691e-1f * (u1_7.hi - u1_7.lo), -7.071067691e-1f * (u1_7.lo + u1_7.hi));
             {
                const cvec8 s1 = u1_1 + u1_3;
                const cvec8 d1 = u1_1 - u1_3;
                const cvec8 e0 = u1_0 + u1_2;
                const cvec8 e1 = u1_0 - u1_2;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
                u1_0 = y0;
                u1_1 = y1;
                u1_2 = y2;
                u1_3 = y3;
            }
             {
                const cvec8 s1 = u1_5 + u1_7;
                const cvec8 d1 = u1_5 - u1_7;
                const cvec8 e0 = u1_4 + u1_6;
                const cvec8 e1 = u1_4 - u1_6;
                const cvec8 a1 = e1;
                const cvec8 b1 = d1;
                const cvec8 y0 = e0 + s1;
                const cvec8 y1 = (cvec8)(a1.lo + b1.hi, a1.hi - b1.lo);
                const cvec8 y3 = (cvec8)(a1.lo - b1.hi, a1.hi + b1.lo);
                const cvec8 y2 = e0 - s1;
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
    if (line) {
        store_cvec8(x0, data + base + 0u * dist);
        store_cvec8(x1, data + base + 1u * dist);
        store_cvec8(x2, data + base + 2u * dist);
        store_cvec8(x3, data + base + 3u * dist);
        store_cvec8(x4, data + base + 4u * dist);
        store_cvec8(x5, data + base + 5u * dist);
        store_cvec8(x6, data + base + 6u * dist);
        store_cvec8(x7, data + base + 7u * dist);
        store_cvec8(x8, data + base + 8u * dist);
        store_cvec8(x9, data + base + 9u * dist);
        store_cvec8(x10, data + base + 10u * dist);
        store_cvec8(x11, data + base + 11u * dist);
        store_cvec8(x12, data + base + 12u * dist);
        store_cvec8(x13, data + base + 13u * dist);
        store_cvec8(x14, data + base + 14u * dist);
        store_cvec8(x15, data + base + 15u * dist);
        store_cvec8(x16, data + base + 16u * dist);
        store_cvec8(x17, data + base + 17u * dist);
        store_cvec8(x18, data + base + 18u * dist);
        store_cvec8(x19, data + base + 19u * dist);
        store_cvec8(x20, data + base + 20u * dist);
        store_cvec8(x21, data + base + 21u * dist);
        store_cvec8(x22, data + base + 22u * dist);
        store_cvec8(x23, data + base + 23u * dist);
        store_cvec8(x24, data + base + 24u * dist);
        store_cvec8(x25, data + base + 25u * dist);
        store_cvec8(x26, data + base + 26u * dist);
        store_cvec8(x27, data + base + 27u * dist);
        store_cvec8(x28, data + base + 28u * dist);
        store_cvec8(x29, data + base + 29u * dist);
        store_cvec8(x30, data + base + 30u * dist);
        store_cvec8(x31, data + base + 31u * dist);
    }
    else if (dist == 1u && t + 8u <= 1024u) {
        unrows_cvec8(x0, data + base + 0u, 32u);
        unrows_cvec8(x1, data + base + 1u, 32u);
        unrows_cvec8(x2, data + base + 2u, 32u);
        unrows_cvec8(x3, data + base + 3u, 32u);
        unrows_cvec8(x4, data + base + 4u, 32u);
        unrows_cvec8(x5, data + base + 5u, 32u);
        unrows_cvec8(x6, data + base + 6u, 32u);
        unrows_cvec8(x7, data + base + 7u, 32u);
        unrows_cvec8(x8, data + base + 8u, 32u);
        unrows_cvec8(x9, data + base + 9u, 32u);
        unrows_cvec8(x10, data + base + 10u, 32u);
        unrows_cvec8(x11, data + base + 11u, 32u);
        unrows_cvec8(x12, data + base + 12u, 32u);
        unrows_cvec8(x13, data + base + 13u, 32u);
        unrows_cvec8(x14, data + base + 14u, 32u);
        unrows_cvec8(x15, data + base + 15u, 32u);
        unrows_cvec8(x16, data + base + 16u, 32u);
        unrows_cvec8(x17, data + base + 17u, 32u);
        unrows_cvec8(x18, data + base + 18u, 32u);
        unrows_cvec8(x19, data + base + 19u, 32u);
        unrows_cvec8(x20, data + base + 20u, 32u);
        unrows_cvec8(x21, data + base + 21u, 32u);
        unrows_cvec8(x22, data + base + 22u, 32u);
        unrows_cvec8(x23, data + base + 23u, 32u);
        unrows_cvec8(x24, data + base + 24u, 32u);
        unrows_cvec8(x25, data + base + 25u, 32u);
        unrows_cvec8(x26, data + base + 26u, 32u);
        unrows_cvec8(x27, data + base + 27u, 32u);
        unrows_cvec8(x28, data + base + 28u, 32u);
        unrows_cvec8(x29, data + base + 29u, 32u);
        unrows_cvec8(x30, data + base + 30u, 32u);
        unrows_cvec8(x31, data + base + 31u, 32u);
    }
    else {
        scatter_cvec8(x0, data + 0u * dist, pos);
        scatter_cvec8(x1, data + 1u * dist, pos);
        scatter_cvec8(x2, data + 2u * dist, pos);
        scatter_cvec8(x3, data + 3u * dist, pos);
        scatter_cvec8(x4, data + 4u * dist, pos);
        scatter_cvec8(x5, data + 5u * dist, pos);
        scatter_cvec8(x6, data + 6u * dist, pos);
        scatter_cvec8(x7, data + 7u * dist, pos);
        scatter_cvec8(x8, data + 8u * dist, pos);
        scatter_cvec8(x9, data + 9u * dist, pos);
        scatter_cvec8(x10, data + 10u * dist, pos);
        scatter_cvec8(x11, data + 11u * dist, pos);
        scatter_cvec8(x12, data + 12u * dist, pos);
        scatter_cvec8(x13, data + 13u * dist, pos);
        scatter_cvec8(x14, data + 14u * dist, pos);
        scatter_cvec8(x15, data + 15u * dist, pos);
        scatter_cvec8(x16, data + 16u * dist, pos);
        scatter_cvec8(x17, data + 17u * dist, pos);
        scatter_cvec8(x18, data + 18u * dist, pos);
        scatter_cvec8(x19, data + 19u * dist, pos);
        scatter_cvec8(x20, data + 20u * dist, pos);
        scatter_cvec8(x21, data + 21u * dist, pos);
        scatter_cvec8(x22, data + 22u * dist, pos);
        scatter_cvec8(x23, data + 23u * dist, pos);
        scatter_cvec8(x24, data + 24u * dist, pos);
        scatter_cvec8(x25, data + 25u * dist, pos);
        scatter_cvec8(x26, data + 26u * dist, pos);
        scatter_cvec8(x27, data + 27u * dist, pos);
        scatter_cvec8(x28, data + 28u * dist, pos);
        scatter_cvec8(x29, data + 29u * dist, pos);
        scatter_cvec8(x30, data + 30u * dist, pos);
        scatter_cvec8(x31, data + 31u * dist, pos);
    }
}
