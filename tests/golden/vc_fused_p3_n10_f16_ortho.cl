// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 10, fused passes
// of 6+4 digits; each work-group transforms a tile in registers and local memory.
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

// Storage: a complex value is two IEEE halves (re, im) in one 32-bit word, computed in
// float (vload_half2 / vstore_half2_rte: core OpenCL, no cl_khr_fp16 needed). A result
// above 65504 rounds to inf; the host refuses it.
typedef uint cstore;
inline float2 ld_c(__global const cstore *p, idx_t i) { return vload_half2(i, (__global const half *)p); }
inline void st_c(__global cstore *p, idx_t i, float2 v) { vstore_half2_rte(v, i, (__global half *)p); }

// vc_fused0_p3_n10_m6t0_inp_fwd_f16: fused pass 0 of the VC transform, p = 3, N = 3^10.
// Transforms 6 digit(s) (in place layout) of a tile of 729 elements (digits at input positions x0 x1 x2 x3 x4 x5), 0 lane digit(s);
// 81 work-items x 9 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(81, 1, 1)))
void vc_fused0_p3_n10_m6t0_inp_fwd_f16(__global const cstore *restrict src, __global cstore *restrict dst) {
    __local real2 tile[729];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 81;
    const idx_t in_base = g * 729;
    const idx_t out_base = g * 729;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8;
    const idx_t t_in = t;
    v0 = ld_c(src, in_base + t_in + 0);
    v1 = ld_c(src, in_base + t_in + 81);
    v2 = ld_c(src, in_base + t_in + 162);
    v3 = ld_c(src, in_base + t_in + 243);
    v4 = ld_c(src, in_base + t_in + 324);
    v5 = ld_c(src, in_base + t_in + 405);
    v6 = ld_c(src, in_base + t_in + 486);
    v7 = ld_c(src, in_base + t_in + 567);
    v8 = ld_c(src, in_base + t_in + 648);
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
        const uint lw = (t % 9) + (t / 9) * 81;
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
        const uint lw = t * 9;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 1] = v1;
        tile[lw + 2] = v2;
        tile[lw + 3] = v3;
        tile[lw + 4] = v4;
        tile[lw + 5] = v5;
        tile[lw + 6] = v6;
        tile[lw + 7] = v7;
        tile[lw + 8] = v8;
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
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    st_c(dst, out_base + t_out + 0, v0);
    st_c(dst, out_base + t_out + 81, v1);
    st_c(dst, out_base + t_out + 162, v2);
    st_c(dst, out_base + t_out + 243, v3);
    st_c(dst, out_base + t_out + 324, v4);
    st_c(dst, out_base + t_out + 405, v5);
    st_c(dst, out_base + t_out + 486, v6);
    st_c(dst, out_base + t_out + 567, v7);
    st_c(dst, out_base + t_out + 648, v8);
}

// vc_fused1_p3_n10_m4t2_inp_fwd_f16_scaled: fused pass 1 of the VC transform, p = 3, N = 3^10.
// Transforms 4 digit(s) (in place layout) of a tile of 729 elements (digits at input positions lane0 lane1 x6 x7 x8 x9), 2 lane digit(s);
// 81 work-items x 9 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory.
// Outputs are scaled by 4.11522633744856e-3.
__kernel __attribute__((reqd_work_group_size(81, 1, 1)))
void vc_fused1_p3_n10_m4t2_inp_fwd_f16_scaled(__global const cstore *restrict src, __global cstore *restrict dst) {
    __local real2 tile[729];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 81;
    const idx_t in_base = g * 9;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8;
    const idx_t t_in = (t % 9) + (t / 9) * 729;
    v0 = ld_c(src, in_base + t_in + 0);
    v1 = ld_c(src, in_base + t_in + 6561);
    v2 = ld_c(src, in_base + t_in + 13122);
    v3 = ld_c(src, in_base + t_in + 19683);
    v4 = ld_c(src, in_base + t_in + 26244);
    v5 = ld_c(src, in_base + t_in + 32805);
    v6 = ld_c(src, in_base + t_in + 39366);
    v7 = ld_c(src, in_base + t_in + 45927);
    v8 = ld_c(src, in_base + t_in + 52488);
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
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 729;
    st_c(dst, out_base + t_out + 0, v0 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 6561, v1 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 13122, v2 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 19683, v3 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 26244, v4 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 32805, v5 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 39366, v6 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 45927, v7 * 4.115226213e-3f);
    st_c(dst, out_base + t_out + 52488, v8 * 4.115226213e-3f);
}
