// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 13, fused passes
// of 8+5 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p3_n13_m8t0_stg_fwd_f32: fused pass 0 of the VC transform, p = 3, N = 3^13.
// Transforms 8 digit(s) (staged: read as one block, lane runs written layout) of a tile of 6561 elements (digits at input positions x0 x1 x2 x3 x4 x5 x6 x7), 0 lane digit(s);
// 243 work-items x 27 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves.
__kernel __attribute__((reqd_work_group_size(243, 1, 1)))
void vc_fused0_p3_n13_m8t0_stg_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[6561];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 243;
    const idx_t in_base = g * 6561;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 243];
    v2 = src[in_base + t_in + 486];
    v3 = src[in_base + t_in + 729];
    v4 = src[in_base + t_in + 972];
    v5 = src[in_base + t_in + 1215];
    v6 = src[in_base + t_in + 1458];
    v7 = src[in_base + t_in + 1701];
    v8 = src[in_base + t_in + 1944];
    v9 = src[in_base + t_in + 2187];
    v10 = src[in_base + t_in + 2430];
    v11 = src[in_base + t_in + 2673];
    v12 = src[in_base + t_in + 2916];
    v13 = src[in_base + t_in + 3159];
    v14 = src[in_base + t_in + 3402];
    v15 = src[in_base + t_in + 3645];
    v16 = src[in_base + t_in + 3888];
    v17 = src[in_base + t_in + 4131];
    v18 = src[in_base + t_in + 4374];
    v19 = src[in_base + t_in + 4617];
    v20 = src[in_base + t_in + 4860];
    v21 = src[in_base + t_in + 5103];
    v22 = src[in_base + t_in + 5346];
    v23 = src[in_base + t_in + 5589];
    v24 = src[in_base + t_in + 5832];
    v25 = src[in_base + t_in + 6075];
    v26 = src[in_base + t_in + 6318];
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
    }
     {
        const real2 s1 = v4 + v5;
        const real2 d1 = v4 - v5;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v4 = y1;
        v5 = y2;
    }
     {
        const real2 s1 = v7 + v8;
        const real2 d1 = v7 - v8;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v10 + v11;
        const real2 d1 = v10 - v11;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v10 = y1;
        v11 = y2;
    }
     {
        const real2 s1 = v13 + v14;
        const real2 d1 = v13 - v14;
        const real2 a1 = v12 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v12 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v12 = y0;
        v13 = y1;
        v14 = y2;
    }
     {
        const real2 s1 = v16 + v17;
        const real2 d1 = v16 - v17;
        const real2 a1 = v15 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v15 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v15 = y0;
        v16 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v19 + v20;
        const real2 d1 = v19 - v20;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v19 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v22 + v23;
        const real2 d1 = v22 - v23;
        const real2 a1 = v21 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v21 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v21 = y0;
        v22 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v25 + v26;
        const real2 d1 = v25 - v26;
        const real2 a1 = v24 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v24 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v24 = y0;
        v25 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v3 = y1;
        v6 = y2;
    }
     {
        const real2 s1 = v4 + v7;
        const real2 d1 = v4 - v7;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v4 = y1;
        v7 = y2;
    }
     {
        const real2 s1 = v5 + v8;
        const real2 d1 = v5 - v8;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v12 + v15;
        const real2 d1 = v12 - v15;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v12 = y1;
        v15 = y2;
    }
     {
        const real2 s1 = v13 + v16;
        const real2 d1 = v13 - v16;
        const real2 a1 = v10 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v10 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v10 = y0;
        v13 = y1;
        v16 = y2;
    }
     {
        const real2 s1 = v14 + v17;
        const real2 d1 = v14 - v17;
        const real2 a1 = v11 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v11 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v11 = y0;
        v14 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v21 + v24;
        const real2 d1 = v21 - v24;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v21 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v22 + v25;
        const real2 d1 = v22 - v25;
        const real2 a1 = v19 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v19 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v19 = y0;
        v22 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v23 + v26;
        const real2 d1 = v23 - v26;
        const real2 a1 = v20 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v9 = y1;
        v18 = y2;
    }
     {
        const real2 s1 = v10 + v19;
        const real2 d1 = v10 - v19;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v10 = y1;
        v19 = y2;
    }
     {
        const real2 s1 = v11 + v20;
        const real2 d1 = v11 - v20;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v11 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v12 + v21;
        const real2 d1 = v12 - v21;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v12 = y1;
        v21 = y2;
    }
     {
        const real2 s1 = v13 + v22;
        const real2 d1 = v13 - v22;
        const real2 a1 = v4 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v4 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v4 = y0;
        v13 = y1;
        v22 = y2;
    }
     {
        const real2 s1 = v14 + v23;
        const real2 d1 = v14 - v23;
        const real2 a1 = v5 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v5 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v5 = y0;
        v14 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v15 + v24;
        const real2 d1 = v15 - v24;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v15 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v16 + v25;
        const real2 d1 = v16 - v25;
        const real2 a1 = v7 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v7 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v7 = y0;
        v16 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v17 + v26;
        const real2 d1 = v17 - v26;
        const real2 a1 = v8 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const uint lw = t;
        const uint lr = (t % 9) + (t / 9) * 243;
        tile[lw + 0] = v0.x;
        tile[lw + 243] = v1.x;
        tile[lw + 486] = v2.x;
        tile[lw + 729] = v3.x;
        tile[lw + 972] = v4.x;
        tile[lw + 1215] = v5.x;
        tile[lw + 1458] = v6.x;
        tile[lw + 1701] = v7.x;
        tile[lw + 1944] = v8.x;
        tile[lw + 2187] = v9.x;
        tile[lw + 2430] = v10.x;
        tile[lw + 2673] = v11.x;
        tile[lw + 2916] = v12.x;
        tile[lw + 3159] = v13.x;
        tile[lw + 3402] = v14.x;
        tile[lw + 3645] = v15.x;
        tile[lw + 3888] = v16.x;
        tile[lw + 4131] = v17.x;
        tile[lw + 4374] = v18.x;
        tile[lw + 4617] = v19.x;
        tile[lw + 4860] = v20.x;
        tile[lw + 5103] = v21.x;
        tile[lw + 5346] = v22.x;
        tile[lw + 5589] = v23.x;
        tile[lw + 5832] = v24.x;
        tile[lw + 6075] = v25.x;
        tile[lw + 6318] = v26.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 9];
        v2.x = tile[lr + 18];
        v3.x = tile[lr + 27];
        v4.x = tile[lr + 36];
        v5.x = tile[lr + 45];
        v6.x = tile[lr + 54];
        v7.x = tile[lr + 63];
        v8.x = tile[lr + 72];
        v9.x = tile[lr + 81];
        v10.x = tile[lr + 90];
        v11.x = tile[lr + 99];
        v12.x = tile[lr + 108];
        v13.x = tile[lr + 117];
        v14.x = tile[lr + 126];
        v15.x = tile[lr + 135];
        v16.x = tile[lr + 144];
        v17.x = tile[lr + 153];
        v18.x = tile[lr + 162];
        v19.x = tile[lr + 171];
        v20.x = tile[lr + 180];
        v21.x = tile[lr + 189];
        v22.x = tile[lr + 198];
        v23.x = tile[lr + 207];
        v24.x = tile[lr + 216];
        v25.x = tile[lr + 225];
        v26.x = tile[lr + 234];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 243] = v1.y;
        tile[lw + 486] = v2.y;
        tile[lw + 729] = v3.y;
        tile[lw + 972] = v4.y;
        tile[lw + 1215] = v5.y;
        tile[lw + 1458] = v6.y;
        tile[lw + 1701] = v7.y;
        tile[lw + 1944] = v8.y;
        tile[lw + 2187] = v9.y;
        tile[lw + 2430] = v10.y;
        tile[lw + 2673] = v11.y;
        tile[lw + 2916] = v12.y;
        tile[lw + 3159] = v13.y;
        tile[lw + 3402] = v14.y;
        tile[lw + 3645] = v15.y;
        tile[lw + 3888] = v16.y;
        tile[lw + 4131] = v17.y;
        tile[lw + 4374] = v18.y;
        tile[lw + 4617] = v19.y;
        tile[lw + 4860] = v20.y;
        tile[lw + 5103] = v21.y;
        tile[lw + 5346] = v22.y;
        tile[lw + 5589] = v23.y;
        tile[lw + 5832] = v24.y;
        tile[lw + 6075] = v25.y;
        tile[lw + 6318] = v26.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 9];
        v2.y = tile[lr + 18];
        v3.y = tile[lr + 27];
        v4.y = tile[lr + 36];
        v5.y = tile[lr + 45];
        v6.y = tile[lr + 54];
        v7.y = tile[lr + 63];
        v8.y = tile[lr + 72];
        v9.y = tile[lr + 81];
        v10.y = tile[lr + 90];
        v11.y = tile[lr + 99];
        v12.y = tile[lr + 108];
        v13.y = tile[lr + 117];
        v14.y = tile[lr + 126];
        v15.y = tile[lr + 135];
        v16.y = tile[lr + 144];
        v17.y = tile[lr + 153];
        v18.y = tile[lr + 162];
        v19.y = tile[lr + 171];
        v20.y = tile[lr + 180];
        v21.y = tile[lr + 189];
        v22.y = tile[lr + 198];
        v23.y = tile[lr + 207];
        v24.y = tile[lr + 216];
        v25.y = tile[lr + 225];
        v26.y = tile[lr + 234];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
    }
     {
        const real2 s1 = v4 + v5;
        const real2 d1 = v4 - v5;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v4 = y1;
        v5 = y2;
    }
     {
        const real2 s1 = v7 + v8;
        const real2 d1 = v7 - v8;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v10 + v11;
        const real2 d1 = v10 - v11;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v10 = y1;
        v11 = y2;
    }
     {
        const real2 s1 = v13 + v14;
        const real2 d1 = v13 - v14;
        const real2 a1 = v12 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v12 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v12 = y0;
        v13 = y1;
        v14 = y2;
    }
     {
        const real2 s1 = v16 + v17;
        const real2 d1 = v16 - v17;
        const real2 a1 = v15 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v15 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v15 = y0;
        v16 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v19 + v20;
        const real2 d1 = v19 - v20;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v19 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v22 + v23;
        const real2 d1 = v22 - v23;
        const real2 a1 = v21 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v21 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v21 = y0;
        v22 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v25 + v26;
        const real2 d1 = v25 - v26;
        const real2 a1 = v24 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v24 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v24 = y0;
        v25 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v3 = y1;
        v6 = y2;
    }
     {
        const real2 s1 = v4 + v7;
        const real2 d1 = v4 - v7;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v4 = y1;
        v7 = y2;
    }
     {
        const real2 s1 = v5 + v8;
        const real2 d1 = v5 - v8;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v12 + v15;
        const real2 d1 = v12 - v15;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v12 = y1;
        v15 = y2;
    }
     {
        const real2 s1 = v13 + v16;
        const real2 d1 = v13 - v16;
        const real2 a1 = v10 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v10 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v10 = y0;
        v13 = y1;
        v16 = y2;
    }
     {
        const real2 s1 = v14 + v17;
        const real2 d1 = v14 - v17;
        const real2 a1 = v11 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v11 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v11 = y0;
        v14 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v21 + v24;
        const real2 d1 = v21 - v24;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v21 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v22 + v25;
        const real2 d1 = v22 - v25;
        const real2 a1 = v19 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v19 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v19 = y0;
        v22 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v23 + v26;
        const real2 d1 = v23 - v26;
        const real2 a1 = v20 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v9 = y1;
        v18 = y2;
    }
     {
        const real2 s1 = v10 + v19;
        const real2 d1 = v10 - v19;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v10 = y1;
        v19 = y2;
    }
     {
        const real2 s1 = v11 + v20;
        const real2 d1 = v11 - v20;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v11 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v12 + v21;
        const real2 d1 = v12 - v21;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v12 = y1;
        v21 = y2;
    }
     {
        const real2 s1 = v13 + v22;
        const real2 d1 = v13 - v22;
        const real2 a1 = v4 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v4 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v4 = y0;
        v13 = y1;
        v22 = y2;
    }
     {
        const real2 s1 = v14 + v23;
        const real2 d1 = v14 - v23;
        const real2 a1 = v5 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v5 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v5 = y0;
        v14 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v15 + v24;
        const real2 d1 = v15 - v24;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v15 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v16 + v25;
        const real2 d1 = v16 - v25;
        const real2 a1 = v7 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v7 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v7 = y0;
        v16 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v17 + v26;
        const real2 d1 = v17 - v26;
        const real2 a1 = v8 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const uint lw = (t % 9) + (t / 9) * 243;
        const uint lr = t * 9;
        tile[lw + 0] = v0.x;
        tile[lw + 9] = v1.x;
        tile[lw + 18] = v2.x;
        tile[lw + 27] = v3.x;
        tile[lw + 36] = v4.x;
        tile[lw + 45] = v5.x;
        tile[lw + 54] = v6.x;
        tile[lw + 63] = v7.x;
        tile[lw + 72] = v8.x;
        tile[lw + 81] = v9.x;
        tile[lw + 90] = v10.x;
        tile[lw + 99] = v11.x;
        tile[lw + 108] = v12.x;
        tile[lw + 117] = v13.x;
        tile[lw + 126] = v14.x;
        tile[lw + 135] = v15.x;
        tile[lw + 144] = v16.x;
        tile[lw + 153] = v17.x;
        tile[lw + 162] = v18.x;
        tile[lw + 171] = v19.x;
        tile[lw + 180] = v20.x;
        tile[lw + 189] = v21.x;
        tile[lw + 198] = v22.x;
        tile[lw + 207] = v23.x;
        tile[lw + 216] = v24.x;
        tile[lw + 225] = v25.x;
        tile[lw + 234] = v26.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 1];
        v2.x = tile[lr + 2];
        v3.x = tile[lr + 3];
        v4.x = tile[lr + 4];
        v5.x = tile[lr + 5];
        v6.x = tile[lr + 6];
        v7.x = tile[lr + 7];
        v8.x = tile[lr + 8];
        v9.x = tile[lr + 2187];
        v10.x = tile[lr + 2188];
        v11.x = tile[lr + 2189];
        v12.x = tile[lr + 2190];
        v13.x = tile[lr + 2191];
        v14.x = tile[lr + 2192];
        v15.x = tile[lr + 2193];
        v16.x = tile[lr + 2194];
        v17.x = tile[lr + 2195];
        v18.x = tile[lr + 4374];
        v19.x = tile[lr + 4375];
        v20.x = tile[lr + 4376];
        v21.x = tile[lr + 4377];
        v22.x = tile[lr + 4378];
        v23.x = tile[lr + 4379];
        v24.x = tile[lr + 4380];
        v25.x = tile[lr + 4381];
        v26.x = tile[lr + 4382];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 9] = v1.y;
        tile[lw + 18] = v2.y;
        tile[lw + 27] = v3.y;
        tile[lw + 36] = v4.y;
        tile[lw + 45] = v5.y;
        tile[lw + 54] = v6.y;
        tile[lw + 63] = v7.y;
        tile[lw + 72] = v8.y;
        tile[lw + 81] = v9.y;
        tile[lw + 90] = v10.y;
        tile[lw + 99] = v11.y;
        tile[lw + 108] = v12.y;
        tile[lw + 117] = v13.y;
        tile[lw + 126] = v14.y;
        tile[lw + 135] = v15.y;
        tile[lw + 144] = v16.y;
        tile[lw + 153] = v17.y;
        tile[lw + 162] = v18.y;
        tile[lw + 171] = v19.y;
        tile[lw + 180] = v20.y;
        tile[lw + 189] = v21.y;
        tile[lw + 198] = v22.y;
        tile[lw + 207] = v23.y;
        tile[lw + 216] = v24.y;
        tile[lw + 225] = v25.y;
        tile[lw + 234] = v26.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 1];
        v2.y = tile[lr + 2];
        v3.y = tile[lr + 3];
        v4.y = tile[lr + 4];
        v5.y = tile[lr + 5];
        v6.y = tile[lr + 6];
        v7.y = tile[lr + 7];
        v8.y = tile[lr + 8];
        v9.y = tile[lr + 2187];
        v10.y = tile[lr + 2188];
        v11.y = tile[lr + 2189];
        v12.y = tile[lr + 2190];
        v13.y = tile[lr + 2191];
        v14.y = tile[lr + 2192];
        v15.y = tile[lr + 2193];
        v16.y = tile[lr + 2194];
        v17.y = tile[lr + 2195];
        v18.y = tile[lr + 4374];
        v19.y = tile[lr + 4375];
        v20.y = tile[lr + 4376];
        v21.y = tile[lr + 4377];
        v22.y = tile[lr + 4378];
        v23.y = tile[lr + 4379];
        v24.y = tile[lr + 4380];
        v25.y = tile[lr + 4381];
        v26.y = tile[lr + 4382];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
    }
     {
        const real2 s1 = v4 + v5;
        const real2 d1 = v4 - v5;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v4 = y1;
        v5 = y2;
    }
     {
        const real2 s1 = v7 + v8;
        const real2 d1 = v7 - v8;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v10 + v11;
        const real2 d1 = v10 - v11;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v10 = y1;
        v11 = y2;
    }
     {
        const real2 s1 = v13 + v14;
        const real2 d1 = v13 - v14;
        const real2 a1 = v12 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v12 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v12 = y0;
        v13 = y1;
        v14 = y2;
    }
     {
        const real2 s1 = v16 + v17;
        const real2 d1 = v16 - v17;
        const real2 a1 = v15 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v15 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v15 = y0;
        v16 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v19 + v20;
        const real2 d1 = v19 - v20;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v19 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v22 + v23;
        const real2 d1 = v22 - v23;
        const real2 a1 = v21 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v21 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v21 = y0;
        v22 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v25 + v26;
        const real2 d1 = v25 - v26;
        const real2 a1 = v24 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v24 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v24 = y0;
        v25 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v3 = y1;
        v6 = y2;
    }
     {
        const real2 s1 = v4 + v7;
        const real2 d1 = v4 - v7;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v4 = y1;
        v7 = y2;
    }
     {
        const real2 s1 = v5 + v8;
        const real2 d1 = v5 - v8;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v12 + v15;
        const real2 d1 = v12 - v15;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v12 = y1;
        v15 = y2;
    }
     {
        const real2 s1 = v13 + v16;
        const real2 d1 = v13 - v16;
        const real2 a1 = v10 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v10 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v10 = y0;
        v13 = y1;
        v16 = y2;
    }
     {
        const real2 s1 = v14 + v17;
        const real2 d1 = v14 - v17;
        const real2 a1 = v11 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v11 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v11 = y0;
        v14 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v21 + v24;
        const real2 d1 = v21 - v24;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v21 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v22 + v25;
        const real2 d1 = v22 - v25;
        const real2 a1 = v19 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v19 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v19 = y0;
        v22 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v23 + v26;
        const real2 d1 = v23 - v26;
        const real2 a1 = v20 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const uint lw = t * 9;
        const uint lr = t;
        tile[lw + 0] = v0.x;
        tile[lw + 1] = v1.x;
        tile[lw + 2] = v2.x;
        tile[lw + 3] = v3.x;
        tile[lw + 4] = v4.x;
        tile[lw + 5] = v5.x;
        tile[lw + 6] = v6.x;
        tile[lw + 7] = v7.x;
        tile[lw + 8] = v8.x;
        tile[lw + 2187] = v9.x;
        tile[lw + 2188] = v10.x;
        tile[lw + 2189] = v11.x;
        tile[lw + 2190] = v12.x;
        tile[lw + 2191] = v13.x;
        tile[lw + 2192] = v14.x;
        tile[lw + 2193] = v15.x;
        tile[lw + 2194] = v16.x;
        tile[lw + 2195] = v17.x;
        tile[lw + 4374] = v18.x;
        tile[lw + 4375] = v19.x;
        tile[lw + 4376] = v20.x;
        tile[lw + 4377] = v21.x;
        tile[lw + 4378] = v22.x;
        tile[lw + 4379] = v23.x;
        tile[lw + 4380] = v24.x;
        tile[lw + 4381] = v25.x;
        tile[lw + 4382] = v26.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 243];
        v2.x = tile[lr + 486];
        v3.x = tile[lr + 729];
        v4.x = tile[lr + 972];
        v5.x = tile[lr + 1215];
        v6.x = tile[lr + 1458];
        v7.x = tile[lr + 1701];
        v8.x = tile[lr + 1944];
        v9.x = tile[lr + 2187];
        v10.x = tile[lr + 2430];
        v11.x = tile[lr + 2673];
        v12.x = tile[lr + 2916];
        v13.x = tile[lr + 3159];
        v14.x = tile[lr + 3402];
        v15.x = tile[lr + 3645];
        v16.x = tile[lr + 3888];
        v17.x = tile[lr + 4131];
        v18.x = tile[lr + 4374];
        v19.x = tile[lr + 4617];
        v20.x = tile[lr + 4860];
        v21.x = tile[lr + 5103];
        v22.x = tile[lr + 5346];
        v23.x = tile[lr + 5589];
        v24.x = tile[lr + 5832];
        v25.x = tile[lr + 6075];
        v26.x = tile[lr + 6318];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 1] = v1.y;
        tile[lw + 2] = v2.y;
        tile[lw + 3] = v3.y;
        tile[lw + 4] = v4.y;
        tile[lw + 5] = v5.y;
        tile[lw + 6] = v6.y;
        tile[lw + 7] = v7.y;
        tile[lw + 8] = v8.y;
        tile[lw + 2187] = v9.y;
        tile[lw + 2188] = v10.y;
        tile[lw + 2189] = v11.y;
        tile[lw + 2190] = v12.y;
        tile[lw + 2191] = v13.y;
        tile[lw + 2192] = v14.y;
        tile[lw + 2193] = v15.y;
        tile[lw + 2194] = v16.y;
        tile[lw + 2195] = v17.y;
        tile[lw + 4374] = v18.y;
        tile[lw + 4375] = v19.y;
        tile[lw + 4376] = v20.y;
        tile[lw + 4377] = v21.y;
        tile[lw + 4378] = v22.y;
        tile[lw + 4379] = v23.y;
        tile[lw + 4380] = v24.y;
        tile[lw + 4381] = v25.y;
        tile[lw + 4382] = v26.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 243];
        v2.y = tile[lr + 486];
        v3.y = tile[lr + 729];
        v4.y = tile[lr + 972];
        v5.y = tile[lr + 1215];
        v6.y = tile[lr + 1458];
        v7.y = tile[lr + 1701];
        v8.y = tile[lr + 1944];
        v9.y = tile[lr + 2187];
        v10.y = tile[lr + 2430];
        v11.y = tile[lr + 2673];
        v12.y = tile[lr + 2916];
        v13.y = tile[lr + 3159];
        v14.y = tile[lr + 3402];
        v15.y = tile[lr + 3645];
        v16.y = tile[lr + 3888];
        v17.y = tile[lr + 4131];
        v18.y = tile[lr + 4374];
        v19.y = tile[lr + 4617];
        v20.y = tile[lr + 4860];
        v21.y = tile[lr + 5103];
        v22.y = tile[lr + 5346];
        v23.y = tile[lr + 5589];
        v24.y = tile[lr + 5832];
        v25.y = tile[lr + 6075];
        v26.y = tile[lr + 6318];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 2187;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 59049] = v1;
    dst[out_base + t_out + 118098] = v2;
    dst[out_base + t_out + 177147] = v3;
    dst[out_base + t_out + 236196] = v4;
    dst[out_base + t_out + 295245] = v5;
    dst[out_base + t_out + 354294] = v6;
    dst[out_base + t_out + 413343] = v7;
    dst[out_base + t_out + 472392] = v8;
    dst[out_base + t_out + 531441] = v9;
    dst[out_base + t_out + 590490] = v10;
    dst[out_base + t_out + 649539] = v11;
    dst[out_base + t_out + 708588] = v12;
    dst[out_base + t_out + 767637] = v13;
    dst[out_base + t_out + 826686] = v14;
    dst[out_base + t_out + 885735] = v15;
    dst[out_base + t_out + 944784] = v16;
    dst[out_base + t_out + 1003833] = v17;
    dst[out_base + t_out + 1062882] = v18;
    dst[out_base + t_out + 1121931] = v19;
    dst[out_base + t_out + 1180980] = v20;
    dst[out_base + t_out + 1240029] = v21;
    dst[out_base + t_out + 1299078] = v22;
    dst[out_base + t_out + 1358127] = v23;
    dst[out_base + t_out + 1417176] = v24;
    dst[out_base + t_out + 1476225] = v25;
    dst[out_base + t_out + 1535274] = v26;
}

// vc_fused1_p3_n13_m5t2_stg_fwd_f32: fused pass 1 of the VC transform, p = 3, N = 3^13.
// Transforms 5 digit(s) (staged: read as one block, lane runs written layout) of a tile of 2187 elements (digits at input positions lane0 lane1 x2 x3 x4 x5 x6), 2 lane digit(s);
// 81 work-items x 27 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(81, 1, 1)))
void vc_fused1_p3_n13_m5t2_stg_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[2187];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 81;
    const idx_t in_base = g * 2187;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 81];
    v2 = src[in_base + t_in + 162];
    v3 = src[in_base + t_in + 243];
    v4 = src[in_base + t_in + 324];
    v5 = src[in_base + t_in + 405];
    v6 = src[in_base + t_in + 486];
    v7 = src[in_base + t_in + 567];
    v8 = src[in_base + t_in + 648];
    v9 = src[in_base + t_in + 729];
    v10 = src[in_base + t_in + 810];
    v11 = src[in_base + t_in + 891];
    v12 = src[in_base + t_in + 972];
    v13 = src[in_base + t_in + 1053];
    v14 = src[in_base + t_in + 1134];
    v15 = src[in_base + t_in + 1215];
    v16 = src[in_base + t_in + 1296];
    v17 = src[in_base + t_in + 1377];
    v18 = src[in_base + t_in + 1458];
    v19 = src[in_base + t_in + 1539];
    v20 = src[in_base + t_in + 1620];
    v21 = src[in_base + t_in + 1701];
    v22 = src[in_base + t_in + 1782];
    v23 = src[in_base + t_in + 1863];
    v24 = src[in_base + t_in + 1944];
    v25 = src[in_base + t_in + 2025];
    v26 = src[in_base + t_in + 2106];
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
    }
     {
        const real2 s1 = v4 + v5;
        const real2 d1 = v4 - v5;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v4 = y1;
        v5 = y2;
    }
     {
        const real2 s1 = v7 + v8;
        const real2 d1 = v7 - v8;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v10 + v11;
        const real2 d1 = v10 - v11;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v10 = y1;
        v11 = y2;
    }
     {
        const real2 s1 = v13 + v14;
        const real2 d1 = v13 - v14;
        const real2 a1 = v12 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v12 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v12 = y0;
        v13 = y1;
        v14 = y2;
    }
     {
        const real2 s1 = v16 + v17;
        const real2 d1 = v16 - v17;
        const real2 a1 = v15 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v15 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v15 = y0;
        v16 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v19 + v20;
        const real2 d1 = v19 - v20;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v19 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v22 + v23;
        const real2 d1 = v22 - v23;
        const real2 a1 = v21 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v21 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v21 = y0;
        v22 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v25 + v26;
        const real2 d1 = v25 - v26;
        const real2 a1 = v24 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v24 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v24 = y0;
        v25 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v3 = y1;
        v6 = y2;
    }
     {
        const real2 s1 = v4 + v7;
        const real2 d1 = v4 - v7;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v4 = y1;
        v7 = y2;
    }
     {
        const real2 s1 = v5 + v8;
        const real2 d1 = v5 - v8;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v12 + v15;
        const real2 d1 = v12 - v15;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v12 = y1;
        v15 = y2;
    }
     {
        const real2 s1 = v13 + v16;
        const real2 d1 = v13 - v16;
        const real2 a1 = v10 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v10 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v10 = y0;
        v13 = y1;
        v16 = y2;
    }
     {
        const real2 s1 = v14 + v17;
        const real2 d1 = v14 - v17;
        const real2 a1 = v11 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v11 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v11 = y0;
        v14 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v21 + v24;
        const real2 d1 = v21 - v24;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v21 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v22 + v25;
        const real2 d1 = v22 - v25;
        const real2 a1 = v19 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v19 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v19 = y0;
        v22 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v23 + v26;
        const real2 d1 = v23 - v26;
        const real2 a1 = v20 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v9 = y1;
        v18 = y2;
    }
     {
        const real2 s1 = v10 + v19;
        const real2 d1 = v10 - v19;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v10 = y1;
        v19 = y2;
    }
     {
        const real2 s1 = v11 + v20;
        const real2 d1 = v11 - v20;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v11 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v12 + v21;
        const real2 d1 = v12 - v21;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v12 = y1;
        v21 = y2;
    }
     {
        const real2 s1 = v13 + v22;
        const real2 d1 = v13 - v22;
        const real2 a1 = v4 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v4 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v4 = y0;
        v13 = y1;
        v22 = y2;
    }
     {
        const real2 s1 = v14 + v23;
        const real2 d1 = v14 - v23;
        const real2 a1 = v5 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v5 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v5 = y0;
        v14 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v15 + v24;
        const real2 d1 = v15 - v24;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v15 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v16 + v25;
        const real2 d1 = v16 - v25;
        const real2 a1 = v7 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v7 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v7 = y0;
        v16 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v17 + v26;
        const real2 d1 = v17 - v26;
        const real2 a1 = v8 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const uint lw = t;
        const uint lr = (t % 9) + (t / 9) * 81;
        tile[lw + 0] = v0;
        tile[lw + 81] = v1;
        tile[lw + 162] = v2;
        tile[lw + 243] = v3;
        tile[lw + 324] = v4;
        tile[lw + 405] = v5;
        tile[lw + 486] = v6;
        tile[lw + 567] = v7;
        tile[lw + 648] = v8;
        tile[lw + 729] = v9;
        tile[lw + 810] = v10;
        tile[lw + 891] = v11;
        tile[lw + 972] = v12;
        tile[lw + 1053] = v13;
        tile[lw + 1134] = v14;
        tile[lw + 1215] = v15;
        tile[lw + 1296] = v16;
        tile[lw + 1377] = v17;
        tile[lw + 1458] = v18;
        tile[lw + 1539] = v19;
        tile[lw + 1620] = v20;
        tile[lw + 1701] = v21;
        tile[lw + 1782] = v22;
        tile[lw + 1863] = v23;
        tile[lw + 1944] = v24;
        tile[lw + 2025] = v25;
        tile[lw + 2106] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 9];
        v2 = tile[lr + 18];
        v3 = tile[lr + 27];
        v4 = tile[lr + 36];
        v5 = tile[lr + 45];
        v6 = tile[lr + 54];
        v7 = tile[lr + 63];
        v8 = tile[lr + 72];
        v9 = tile[lr + 729];
        v10 = tile[lr + 738];
        v11 = tile[lr + 747];
        v12 = tile[lr + 756];
        v13 = tile[lr + 765];
        v14 = tile[lr + 774];
        v15 = tile[lr + 783];
        v16 = tile[lr + 792];
        v17 = tile[lr + 801];
        v18 = tile[lr + 1458];
        v19 = tile[lr + 1467];
        v20 = tile[lr + 1476];
        v21 = tile[lr + 1485];
        v22 = tile[lr + 1494];
        v23 = tile[lr + 1503];
        v24 = tile[lr + 1512];
        v25 = tile[lr + 1521];
        v26 = tile[lr + 1530];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
    }
     {
        const real2 s1 = v4 + v5;
        const real2 d1 = v4 - v5;
        const real2 a1 = v3 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v3 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v3 = y0;
        v4 = y1;
        v5 = y2;
    }
     {
        const real2 s1 = v7 + v8;
        const real2 d1 = v7 - v8;
        const real2 a1 = v6 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v10 + v11;
        const real2 d1 = v10 - v11;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v10 = y1;
        v11 = y2;
    }
     {
        const real2 s1 = v13 + v14;
        const real2 d1 = v13 - v14;
        const real2 a1 = v12 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v12 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v12 = y0;
        v13 = y1;
        v14 = y2;
    }
     {
        const real2 s1 = v16 + v17;
        const real2 d1 = v16 - v17;
        const real2 a1 = v15 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v15 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v15 = y0;
        v16 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v19 + v20;
        const real2 d1 = v19 - v20;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v19 = y1;
        v20 = y2;
    }
     {
        const real2 s1 = v22 + v23;
        const real2 d1 = v22 - v23;
        const real2 a1 = v21 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v21 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v21 = y0;
        v22 = y1;
        v23 = y2;
    }
     {
        const real2 s1 = v25 + v26;
        const real2 d1 = v25 - v26;
        const real2 a1 = v24 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v24 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v24 = y0;
        v25 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v0 = y0;
        v3 = y1;
        v6 = y2;
    }
     {
        const real2 s1 = v4 + v7;
        const real2 d1 = v4 - v7;
        const real2 a1 = v1 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v1 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v1 = y0;
        v4 = y1;
        v7 = y2;
    }
     {
        const real2 s1 = v5 + v8;
        const real2 d1 = v5 - v8;
        const real2 a1 = v2 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v12 + v15;
        const real2 d1 = v12 - v15;
        const real2 a1 = v9 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v9 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v9 = y0;
        v12 = y1;
        v15 = y2;
    }
     {
        const real2 s1 = v13 + v16;
        const real2 d1 = v13 - v16;
        const real2 a1 = v10 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v10 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v10 = y0;
        v13 = y1;
        v16 = y2;
    }
     {
        const real2 s1 = v14 + v17;
        const real2 d1 = v14 - v17;
        const real2 a1 = v11 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v11 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v11 = y0;
        v14 = y1;
        v17 = y2;
    }
     {
        const real2 s1 = v21 + v24;
        const real2 d1 = v21 - v24;
        const real2 a1 = v18 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v18 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v18 = y0;
        v21 = y1;
        v24 = y2;
    }
     {
        const real2 s1 = v22 + v25;
        const real2 d1 = v22 - v25;
        const real2 a1 = v19 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v19 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v19 = y0;
        v22 = y1;
        v25 = y2;
    }
     {
        const real2 s1 = v23 + v26;
        const real2 d1 = v23 - v26;
        const real2 a1 = v20 + -5.000000000e-1f * s1;
        const real2 b1 = 8.660253882e-1f * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const uint lw = (t % 9) + (t / 9) * 81;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        tile[lw + 27] = v3;
        tile[lw + 36] = v4;
        tile[lw + 45] = v5;
        tile[lw + 54] = v6;
        tile[lw + 63] = v7;
        tile[lw + 72] = v8;
        tile[lw + 729] = v9;
        tile[lw + 738] = v10;
        tile[lw + 747] = v11;
        tile[lw + 756] = v12;
        tile[lw + 765] = v13;
        tile[lw + 774] = v14;
        tile[lw + 783] = v15;
        tile[lw + 792] = v16;
        tile[lw + 801] = v17;
        tile[lw + 1458] = v18;
        tile[lw + 1467] = v19;
        tile[lw + 1476] = v20;
        tile[lw + 1485] = v21;
        tile[lw + 1494] = v22;
        tile[lw + 1503] = v23;
        tile[lw + 1512] = v24;
        tile[lw + 1521] = v25;
        tile[lw + 1530] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 81];
        v2 = tile[lr + 162];
        v3 = tile[lr + 243];
        v4 = tile[lr + 324];
        v5 = tile[lr + 405];
        v6 = tile[lr + 486];
        v7 = tile[lr + 567];
        v8 = tile[lr + 648];
        v9 = tile[lr + 729];
        v10 = tile[lr + 810];
        v11 = tile[lr + 891];
        v12 = tile[lr + 972];
        v13 = tile[lr + 1053];
        v14 = tile[lr + 1134];
        v15 = tile[lr + 1215];
        v16 = tile[lr + 1296];
        v17 = tile[lr + 1377];
        v18 = tile[lr + 1458];
        v19 = tile[lr + 1539];
        v20 = tile[lr + 1620];
        v21 = tile[lr + 1701];
        v22 = tile[lr + 1782];
        v23 = tile[lr + 1863];
        v24 = tile[lr + 1944];
        v25 = tile[lr + 2025];
        v26 = tile[lr + 2106];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 6561;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 59049] = v1;
    dst[out_base + t_out + 118098] = v2;
    dst[out_base + t_out + 177147] = v3;
    dst[out_base + t_out + 236196] = v4;
    dst[out_base + t_out + 295245] = v5;
    dst[out_base + t_out + 354294] = v6;
    dst[out_base + t_out + 413343] = v7;
    dst[out_base + t_out + 472392] = v8;
    dst[out_base + t_out + 531441] = v9;
    dst[out_base + t_out + 590490] = v10;
    dst[out_base + t_out + 649539] = v11;
    dst[out_base + t_out + 708588] = v12;
    dst[out_base + t_out + 767637] = v13;
    dst[out_base + t_out + 826686] = v14;
    dst[out_base + t_out + 885735] = v15;
    dst[out_base + t_out + 944784] = v16;
    dst[out_base + t_out + 1003833] = v17;
    dst[out_base + t_out + 1062882] = v18;
    dst[out_base + t_out + 1121931] = v19;
    dst[out_base + t_out + 1180980] = v20;
    dst[out_base + t_out + 1240029] = v21;
    dst[out_base + t_out + 1299078] = v22;
    dst[out_base + t_out + 1358127] = v23;
    dst[out_base + t_out + 1417176] = v24;
    dst[out_base + t_out + 1476225] = v25;
    dst[out_base + t_out + 1535274] = v26;
}
