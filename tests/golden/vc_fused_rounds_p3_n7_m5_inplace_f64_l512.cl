// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 7, fused passes
// of 5+2 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p3_n7_m5t0_inp_fwd_f64: fused pass 0 of the VC transform, p = 3, N = 3^7.
// Transforms 5 digit(s) (in place layout) of a tile of 243 elements (digits at input positions x0 x1 x2 x3 x4), 0 lane digit(s);
// 9 work-items x 27 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(9, 1, 1)))
void vc_fused0_p3_n7_m5t0_inp_fwd_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[27];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 9;
    const idx_t in_base = g * 243;
    const idx_t out_base = g * 243;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23, v24, v25, v26;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 27];
    v2 = src[in_base + t_in + 54];
    v3 = src[in_base + t_in + 81];
    v4 = src[in_base + t_in + 108];
    v5 = src[in_base + t_in + 135];
    v6 = src[in_base + t_in + 162];
    v7 = src[in_base + t_in + 189];
    v8 = src[in_base + t_in + 216];
    v9 = src[in_base + t_in + 9];
    v10 = src[in_base + t_in + 36];
    v11 = src[in_base + t_in + 63];
    v12 = src[in_base + t_in + 90];
    v13 = src[in_base + t_in + 117];
    v14 = src[in_base + t_in + 144];
    v15 = src[in_base + t_in + 171];
    v16 = src[in_base + t_in + 198];
    v17 = src[in_base + t_in + 225];
    v18 = src[in_base + t_in + 18];
    v19 = src[in_base + t_in + 45];
    v20 = src[in_base + t_in + 72];
    v21 = src[in_base + t_in + 99];
    v22 = src[in_base + t_in + 126];
    v23 = src[in_base + t_in + 153];
    v24 = src[in_base + t_in + 180];
    v25 = src[in_base + t_in + 207];
    v26 = src[in_base + t_in + 234];
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v1 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v2 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v3 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v4 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v5 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v6 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v7 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v8 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v3 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v6 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v9 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v12 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v15 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v18 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v21 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v24 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v1 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v2 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v9 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v10 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v11 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v18 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v19 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v20 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v20 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v20 = y0;
        v23 = y1;
        v26 = y2;
    }
     {
        const uint lw = t;
        const uint lr = (t % 3) + (t / 3) * 9;
        tile[lw + 0] = v0;
        tile[lw + 9] = v9;
        tile[lw + 18] = v18;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v9 = tile[lr + 3];
        v18 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v1;
        tile[lw + 9] = v10;
        tile[lw + 18] = v19;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[lr + 0];
        v10 = tile[lr + 3];
        v19 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v2;
        tile[lw + 9] = v11;
        tile[lw + 18] = v20;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[lr + 0];
        v11 = tile[lr + 3];
        v20 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v3;
        tile[lw + 9] = v12;
        tile[lw + 18] = v21;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[lr + 0];
        v12 = tile[lr + 3];
        v21 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v4;
        tile[lw + 9] = v13;
        tile[lw + 18] = v22;
        barrier(CLK_LOCAL_MEM_FENCE);
        v4 = tile[lr + 0];
        v13 = tile[lr + 3];
        v22 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v5;
        tile[lw + 9] = v14;
        tile[lw + 18] = v23;
        barrier(CLK_LOCAL_MEM_FENCE);
        v5 = tile[lr + 0];
        v14 = tile[lr + 3];
        v23 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v6;
        tile[lw + 9] = v15;
        tile[lw + 18] = v24;
        barrier(CLK_LOCAL_MEM_FENCE);
        v6 = tile[lr + 0];
        v15 = tile[lr + 3];
        v24 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v7;
        tile[lw + 9] = v16;
        tile[lw + 18] = v25;
        barrier(CLK_LOCAL_MEM_FENCE);
        v7 = tile[lr + 0];
        v16 = tile[lr + 3];
        v25 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v8;
        tile[lw + 9] = v17;
        tile[lw + 18] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v8 = tile[lr + 0];
        v17 = tile[lr + 3];
        v26 = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v1 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v2 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v3 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v4 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v5 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v6 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v7 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v8 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const uint lw = (t % 3) + (t / 3) * 9;
        const uint lr = t * 3;
        tile[lw + 0] = v0;
        tile[lw + 3] = v9;
        tile[lw + 6] = v18;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v9 = tile[lr + 1];
        v18 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v1;
        tile[lw + 3] = v10;
        tile[lw + 6] = v19;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[lr + 0];
        v10 = tile[lr + 1];
        v19 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v2;
        tile[lw + 3] = v11;
        tile[lw + 6] = v20;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[lr + 0];
        v11 = tile[lr + 1];
        v20 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v3;
        tile[lw + 3] = v12;
        tile[lw + 6] = v21;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[lr + 0];
        v12 = tile[lr + 1];
        v21 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v4;
        tile[lw + 3] = v13;
        tile[lw + 6] = v22;
        barrier(CLK_LOCAL_MEM_FENCE);
        v4 = tile[lr + 0];
        v13 = tile[lr + 1];
        v22 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v5;
        tile[lw + 3] = v14;
        tile[lw + 6] = v23;
        barrier(CLK_LOCAL_MEM_FENCE);
        v5 = tile[lr + 0];
        v14 = tile[lr + 1];
        v23 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v6;
        tile[lw + 3] = v15;
        tile[lw + 6] = v24;
        barrier(CLK_LOCAL_MEM_FENCE);
        v6 = tile[lr + 0];
        v15 = tile[lr + 1];
        v24 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v7;
        tile[lw + 3] = v16;
        tile[lw + 6] = v25;
        barrier(CLK_LOCAL_MEM_FENCE);
        v7 = tile[lr + 0];
        v16 = tile[lr + 1];
        v25 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v8;
        tile[lw + 3] = v17;
        tile[lw + 6] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v8 = tile[lr + 0];
        v17 = tile[lr + 1];
        v26 = tile[lr + 2];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v9 + v18;
        const real2 d1 = v9 - v18;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v1 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v2 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v3 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v4 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v5 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v6 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v7 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v8 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v8 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v8 = y0;
        v17 = y1;
        v26 = y2;
    }
     {
        const uint lw = t * 3;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 1] = v9;
        tile[lw + 2] = v18;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v9 = tile[lr + 9];
        v18 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v1;
        tile[lw + 1] = v10;
        tile[lw + 2] = v19;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[lr + 0];
        v10 = tile[lr + 9];
        v19 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v2;
        tile[lw + 1] = v11;
        tile[lw + 2] = v20;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[lr + 0];
        v11 = tile[lr + 9];
        v20 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v3;
        tile[lw + 1] = v12;
        tile[lw + 2] = v21;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[lr + 0];
        v12 = tile[lr + 9];
        v21 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v4;
        tile[lw + 1] = v13;
        tile[lw + 2] = v22;
        barrier(CLK_LOCAL_MEM_FENCE);
        v4 = tile[lr + 0];
        v13 = tile[lr + 9];
        v22 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v5;
        tile[lw + 1] = v14;
        tile[lw + 2] = v23;
        barrier(CLK_LOCAL_MEM_FENCE);
        v5 = tile[lr + 0];
        v14 = tile[lr + 9];
        v23 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v6;
        tile[lw + 1] = v15;
        tile[lw + 2] = v24;
        barrier(CLK_LOCAL_MEM_FENCE);
        v6 = tile[lr + 0];
        v15 = tile[lr + 9];
        v24 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v7;
        tile[lw + 1] = v16;
        tile[lw + 2] = v25;
        barrier(CLK_LOCAL_MEM_FENCE);
        v7 = tile[lr + 0];
        v16 = tile[lr + 9];
        v25 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v8;
        tile[lw + 1] = v17;
        tile[lw + 2] = v26;
        barrier(CLK_LOCAL_MEM_FENCE);
        v8 = tile[lr + 0];
        v17 = tile[lr + 9];
        v26 = tile[lr + 18];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 27] = v1;
    dst[out_base + t_out + 54] = v2;
    dst[out_base + t_out + 81] = v3;
    dst[out_base + t_out + 108] = v4;
    dst[out_base + t_out + 135] = v5;
    dst[out_base + t_out + 162] = v6;
    dst[out_base + t_out + 189] = v7;
    dst[out_base + t_out + 216] = v8;
    dst[out_base + t_out + 9] = v9;
    dst[out_base + t_out + 36] = v10;
    dst[out_base + t_out + 63] = v11;
    dst[out_base + t_out + 90] = v12;
    dst[out_base + t_out + 117] = v13;
    dst[out_base + t_out + 144] = v14;
    dst[out_base + t_out + 171] = v15;
    dst[out_base + t_out + 198] = v16;
    dst[out_base + t_out + 225] = v17;
    dst[out_base + t_out + 18] = v18;
    dst[out_base + t_out + 45] = v19;
    dst[out_base + t_out + 72] = v20;
    dst[out_base + t_out + 99] = v21;
    dst[out_base + t_out + 126] = v22;
    dst[out_base + t_out + 153] = v23;
    dst[out_base + t_out + 180] = v24;
    dst[out_base + t_out + 207] = v25;
    dst[out_base + t_out + 234] = v26;
}

// vc_fused1_p3_n7_m2t2_inp_fwd_f64: fused pass 1 of the VC transform, p = 3, N = 3^7.
// Transforms 2 digit(s) (in place layout) of a tile of 81 elements (digits at input positions lane0 lane1 x5 x6), 2 lane digit(s);
// 9 work-items x 9 registers each; 1 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(9, 1, 1)))
void vc_fused1_p3_n7_m2t2_inp_fwd_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[27];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 9;
    const idx_t in_base = g * 9;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 729];
    v2 = src[in_base + t_in + 1458];
    v3 = src[in_base + t_in + 243];
    v4 = src[in_base + t_in + 972];
    v5 = src[in_base + t_in + 1701];
    v6 = src[in_base + t_in + 486];
    v7 = src[in_base + t_in + 1215];
    v8 = src[in_base + t_in + 1944];
     {
        const real2 s1 = v3 + v6;
        const real2 d1 = v3 - v6;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v1 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v2 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v2 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v2 = y0;
        v5 = y1;
        v8 = y2;
    }
     {
        const real2 s1 = v1 + v2;
        const real2 d1 = v1 - v2;
        const real2 a1 = v0 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v3 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
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
        const real2 a1 = v6 + -4.99999999999999778e-1 * s1;
        const real2 b1 = 8.66025403784438708e-1 * d1;
        const real2 y0 = v6 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = (real2)(a1.x - b1.y, a1.y + b1.x);
        v6 = y0;
        v7 = y1;
        v8 = y2;
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 729] = v1;
    dst[out_base + t_out + 1458] = v2;
    dst[out_base + t_out + 243] = v3;
    dst[out_base + t_out + 972] = v4;
    dst[out_base + t_out + 1701] = v5;
    dst[out_base + t_out + 486] = v6;
    dst[out_base + t_out + 1215] = v7;
    dst[out_base + t_out + 1944] = v8;
}
