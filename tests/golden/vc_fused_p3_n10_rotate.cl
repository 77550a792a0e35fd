// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 10, fused passes
// of 5+5 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p3_n10_m5t2_rot_fwd_f32: fused pass 0 of the VC transform, p = 3, N = 3^10.
// Transforms 5 digit(s) (rotate: transformed digits move to the top, lanes to the bottom layout) of a tile of 2187 elements (digits at input positions x0 x1 x2 x3 x4 lane5 lane6), 2 lane digit(s);
// 81 work-items x 27 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(81, 1, 1)))
void vc_fused0_p3_n10_m5t2_rot_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[2187];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 81;
    const idx_t in_base = g * 2187;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26;
    const idx_t t_in = (t % 9) + (t / 9) * 243;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 9];
    v2 = src[in_base + t_in + 18];
    v3 = src[in_base + t_in + 27];
    v4 = src[in_base + t_in + 36];
    v5 = src[in_base + t_in + 45];
    v6 = src[in_base + t_in + 54];
    v7 = src[in_base + t_in + 63];
    v8 = src[in_base + t_in + 72];
    v9 = src[in_base + t_in + 81];
    v10 = src[in_base + t_in + 90];
    v11 = src[in_base + t_in + 99];
    v12 = src[in_base + t_in + 108];
    v13 = src[in_base + t_in + 117];
    v14 = src[in_base + t_in + 126];
    v15 = src[in_base + t_in + 135];
    v16 = src[in_base + t_in + 144];
    v17 = src[in_base + t_in + 153];
    v18 = src[in_base + t_in + 162];
    v19 = src[in_base + t_in + 171];
    v20 = src[in_base + t_in + 180];
    v21 = src[in_base + t_in + 189];
    v22 = src[in_base + t_in + 198];
    v23 = src[in_base + t_in + 207];
    v24 = src[in_base + t_in + 216];
    v25 = src[in_base + t_in + 225];
    v26 = src[in_base + t_in + 234];
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
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        tile[lw + 27] = v3;
        tile[lw + 36] = v4;
        tile[lw + 45] = v5;
        tile[lw + 54] = v6;
        tile[lw + 63] = v7;
        tile[lw + 72] = v8;
        tile[lw + 81] = v9;
        tile[lw + 90] = v10;
        tile[lw + 99] = v11;
        tile[lw + 108] = v12;
        tile[lw + 117] = v13;
        tile[lw + 126] = v14;
        tile[lw + 135] = v15;
        tile[lw + 144] = v16;
        tile[lw + 153] = v17;
        tile[lw + 162] = v18;
        tile[lw + 171] = v19;
        tile[lw + 180] = v20;
        tile[lw + 189] = v21;
        tile[lw + 198] = v22;
        tile[lw + 207] = v23;
        tile[lw + 216] = v24;
        tile[lw + 225] = v25;
        tile[lw + 234] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 1];
        v2 = tile[lr + 2];
        v3 = tile[lr + 3];
        v4 = tile[lr + 4];
        v5 = tile[lr + 5];
        v6 = tile[lr + 6];
        v7 = tile[lr + 7];
        v8 = tile[lr + 8];
        v9 = tile[lr + 729];
        v10 = tile[lr + 730];
        v11 = tile[lr + 731];
        v12 = tile[lr + 732];
        v13 = tile[lr + 733];
        v14 = tile[lr + 734];
        v15 = tile[lr + 735];
        v16 = tile[lr + 736];
        v17 = tile[lr + 737];
        v18 = tile[lr + 1458];
        v19 = tile[lr + 1459];
        v20 = tile[lr + 1460];
        v21 = tile[lr + 1461];
        v22 = tile[lr + 1462];
        v23 = tile[lr + 1463];
        v24 = tile[lr + 1464];
        v25 = tile[lr + 1465];
        v26 = tile[lr + 1466];
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
        const uint lr = (t % 9) * 243 + (t / 9);
        tile[lw + 0] = v0;
        tile[lw + 1] = v1;
        tile[lw + 2] = v2;
        tile[lw + 3] = v3;
        tile[lw + 4] = v4;
        tile[lw + 5] = v5;
        tile[lw + 6] = v6;
        tile[lw + 7] = v7;
        tile[lw + 8] = v8;
        tile[lw + 729] = v9;
        tile[lw + 730] = v10;
        tile[lw + 731] = v11;
        tile[lw + 732] = v12;
        tile[lw + 733] = v13;
        tile[lw + 734] = v14;
        tile[lw + 735] = v15;
        tile[lw + 736] = v16;
        tile[lw + 737] = v17;
        tile[lw + 1458] = v18;
        tile[lw + 1459] = v19;
        tile[lw + 1460] = v20;
        tile[lw + 1461] = v21;
        tile[lw + 1462] = v22;
        tile[lw + 1463] = v23;
        tile[lw + 1464] = v24;
        tile[lw + 1465] = v25;
        tile[lw + 1466] = v26;
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
        v9 = tile[lr + 81];
        v10 = tile[lr + 90];
        v11 = tile[lr + 99];
        v12 = tile[lr + 108];
        v13 = tile[lr + 117];
        v14 = tile[lr + 126];
        v15 = tile[lr + 135];
        v16 = tile[lr + 144];
        v17 = tile[lr + 153];
        v18 = tile[lr + 162];
        v19 = tile[lr + 171];
        v20 = tile[lr + 180];
        v21 = tile[lr + 189];
        v22 = tile[lr + 198];
        v23 = tile[lr + 207];
        v24 = tile[lr + 216];
        v25 = tile[lr + 225];
        v26 = tile[lr + 234];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 243;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 2187] = v1;
    dst[out_base + t_out + 4374] = v2;
    dst[out_base + t_out + 6561] = v3;
    dst[out_base + t_out + 8748] = v4;
    dst[out_base + t_out + 10935] = v5;
    dst[out_base + t_out + 13122] = v6;
    dst[out_base + t_out + 15309] = v7;
    dst[out_base + t_out + 17496] = v8;
    dst[out_base + t_out + 19683] = v9;
    dst[out_base + t_out + 21870] = v10;
    dst[out_base + t_out + 24057] = v11;
    dst[out_base + t_out + 26244] = v12;
    dst[out_base + t_out + 28431] = v13;
    dst[out_base + t_out + 30618] = v14;
    dst[out_base + t_out + 32805] = v15;
    dst[out_base + t_out + 34992] = v16;
    dst[out_base + t_out + 37179] = v17;
    dst[out_base + t_out + 39366] = v18;
    dst[out_base + t_out + 41553] = v19;
    dst[out_base + t_out + 43740] = v20;
    dst[out_base + t_out + 45927] = v21;
    dst[out_base + t_out + 48114] = v22;
    dst[out_base + t_out + 50301] = v23;
    dst[out_base + t_out + 52488] = v24;
    dst[out_base + t_out + 54675] = v25;
    dst[out_base + t_out + 56862] = v26;
}

// vc_fused1_p3_n10_m5t2_rot_fwd_f32: fused pass 1 of the VC transform, p = 3, N = 3^10.
// Transforms 5 digit(s) (rotate: transformed digits move to the top, lanes to the bottom layout) of a tile of 2187 elements (digits at input positions x0 x1 x2 x3 x4 lane5 lane6), 2 lane digit(s);
// 81 work-items x 27 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(81, 1, 1)))
void vc_fused1_p3_n10_m5t2_rot_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[2187];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 81;
    const idx_t in_base = g * 2187;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26;
    const idx_t t_in = (t % 9) + (t / 9) * 243;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 9];
    v2 = src[in_base + t_in + 18];
    v3 = src[in_base + t_in + 27];
    v4 = src[in_base + t_in + 36];
    v5 = src[in_base + t_in + 45];
    v6 = src[in_base + t_in + 54];
    v7 = src[in_base + t_in + 63];
    v8 = src[in_base + t_in + 72];
    v9 = src[in_base + t_in + 81];
    v10 = src[in_base + t_in + 90];
    v11 = src[in_base + t_in + 99];
    v12 = src[in_base + t_in + 108];
    v13 = src[in_base + t_in + 117];
    v14 = src[in_base + t_in + 126];
    v15 = src[in_base + t_in + 135];
    v16 = src[in_base + t_in + 144];
    v17 = src[in_base + t_in + 153];
    v18 = src[in_base + t_in + 162];
    v19 = src[in_base + t_in + 171];
    v20 = src[in_base + t_in + 180];
    v21 = src[in_base + t_in + 189];
    v22 = src[in_base + t_in + 198];
    v23 = src[in_base + t_in + 207];
    v24 = src[in_base + t_in + 216];
    v25 = src[in_base + t_in + 225];
    v26 = src[in_base + t_in + 234];
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
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        tile[lw + 27] = v3;
        tile[lw + 36] = v4;
        tile[lw + 45] = v5;
        tile[lw + 54] = v6;
        tile[lw + 63] = v7;
        tile[lw + 72] = v8;
        tile[lw + 81] = v9;
        tile[lw + 90] = v10;
        tile[lw + 99] = v11;
        tile[lw + 108] = v12;
        tile[lw + 117] = v13;
        tile[lw + 126] = v14;
        tile[lw + 135] = v15;
        tile[lw + 144] = v16;
        tile[lw + 153] = v17;
        tile[lw + 162] = v18;
        tile[lw + 171] = v19;
        tile[lw + 180] = v20;
        tile[lw + 189] = v21;
        tile[lw + 198] = v22;
        tile[lw + 207] = v23;
        tile[lw + 216] = v24;
        tile[lw + 225] = v25;
        tile[lw + 234] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 1];
        v2 = tile[lr + 2];
        v3 = tile[lr + 3];
        v4 = tile[lr + 4];
        v5 = tile[lr + 5];
        v6 = tile[lr + 6];
        v7 = tile[lr + 7];
        v8 = tile[lr + 8];
        v9 = tile[lr + 729];
        v10 = tile[lr + 730];
        v11 = tile[lr + 731];
        v12 = tile[lr + 732];
        v13 = tile[lr + 733];
        v14 = tile[lr + 734];
        v15 = tile[lr + 735];
        v16 = tile[lr + 736];
        v17 = tile[lr + 737];
        v18 = tile[lr + 1458];
        v19 = tile[lr + 1459];
        v20 = tile[lr + 1460];
        v21 = tile[lr + 1461];
        v22 = tile[lr + 1462];
        v23 = tile[lr + 1463];
        v24 = tile[lr + 1464];
        v25 = tile[lr + 1465];
        v26 = tile[lr + 1466];
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
        const uint lr = (t % 9) * 243 + (t / 9);
        tile[lw + 0] = v0;
        tile[lw + 1] = v1;
        tile[lw + 2] = v2;
        tile[lw + 3] = v3;
        tile[lw + 4] = v4;
        tile[lw + 5] = v5;
        tile[lw + 6] = v6;
        tile[lw + 7] = v7;
        tile[lw + 8] = v8;
        tile[lw + 729] = v9;
        tile[lw + 730] = v10;
        tile[lw + 731] = v11;
        tile[lw + 732] = v12;
        tile[lw + 733] = v13;
        tile[lw + 734] = v14;
        tile[lw + 735] = v15;
        tile[lw + 736] = v16;
        tile[lw + 737] = v17;
        tile[lw + 1458] = v18;
        tile[lw + 1459] = v19;
        tile[lw + 1460] = v20;
        tile[lw + 1461] = v21;
        tile[lw + 1462] = v22;
        tile[lw + 1463] = v23;
        tile[lw + 1464] = v24;
        tile[lw + 1465] = v25;
        tile[lw + 1466] = v26;
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
        v9 = tile[lr + 81];
        v10 = tile[lr + 90];
        v11 = tile[lr + 99];
        v12 = tile[lr + 108];
        v13 = tile[lr + 117];
        v14 = tile[lr + 126];
        v15 = tile[lr + 135];
        v16 = tile[lr + 144];
        v17 = tile[lr + 153];
        v18 = tile[lr + 162];
        v19 = tile[lr + 171];
        v20 = tile[lr + 180];
        v21 = tile[lr + 189];
        v22 = tile[lr + 198];
        v23 = tile[lr + 207];
        v24 = tile[lr + 216];
        v25 = tile[lr + 225];
        v26 = tile[lr + 234];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 243;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 2187] = v1;
    dst[out_base + t_out + 4374] = v2;
    dst[out_base + t_out + 6561] = v3;
    dst[out_base + t_out + 8748] = v4;
    dst[out_base + t_out + 10935] = v5;
    dst[out_base + t_out + 13122] = v6;
    dst[out_base + t_out + 15309] = v7;
    dst[out_base + t_out + 17496] = v8;
    dst[out_base + t_out + 19683] = v9;
    dst[out_base + t_out + 21870] = v10;
    dst[out_base + t_out + 24057] = v11;
    dst[out_base + t_out + 26244] = v12;
    dst[out_base + t_out + 28431] = v13;
    dst[out_base + t_out + 30618] = v14;
    dst[out_base + t_out + 32805] = v15;
    dst[out_base + t_out + 34992] = v16;
    dst[out_base + t_out + 37179] = v17;
    dst[out_base + t_out + 39366] = v18;
    dst[out_base + t_out + 41553] = v19;
    dst[out_base + t_out + 43740] = v20;
    dst[out_base + t_out + 45927] = v21;
    dst[out_base + t_out + 48114] = v22;
    dst[out_base + t_out + 50301] = v23;
    dst[out_base + t_out + 52488] = v24;
    dst[out_base + t_out + 54675] = v25;
    dst[out_base + t_out + 56862] = v26;
}
