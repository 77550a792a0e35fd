// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 12, fused passes
// of 4+4+4 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p3_n12_m4t0_inp_fwd_f32: fused pass 0 of the VC transform, p = 3, N = 3^12.
// Transforms 4 digit(s) (in place layout) of a tile of 81 elements (digits at input positions x0 x1 x2 x3), 0 lane digit(s);
// 27 work-items x 3 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(27, 1, 1)))
void vc_fused0_p3_n12_m4t0_inp_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[81];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 27;
    const idx_t in_base = g * 81;
    const idx_t out_base = g * 81;
    real2 v0, v1, v2;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 27];
    v2 = src[in_base + t_in + 54];
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
        const uint lw = t;
        const uint lr = (t % 9) + (t / 9) * 27;
        tile[lw + 0] = v0;
        tile[lw + 27] = v1;
        tile[lw + 54] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 9];
        v2 = tile[lr + 18];
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
        const uint lw = (t % 9) + (t / 9) * 27;
        const uint lr = (t % 3) + (t / 3) * 9;
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 3];
        v2 = tile[lr + 6];
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
        const uint lw = (t % 3) + (t / 3) * 9;
        const uint lr = t * 3;
        tile[lw + 0] = v0;
        tile[lw + 3] = v1;
        tile[lw + 6] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 1];
        v2 = tile[lr + 2];
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
        const uint lw = t * 3;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 1] = v1;
        tile[lw + 2] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 27];
        v2 = tile[lr + 54];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 27] = v1;
    dst[out_base + t_out + 54] = v2;
}

// vc_fused1_p3_n12_m4t2_inp_fwd_f32: fused pass 1 of the VC transform, p = 3, N = 3^12.
// Transforms 4 digit(s) (in place layout) of a tile of 729 elements (digits at input positions lane0 lane1 x4 x5 x6 x7), 2 lane digit(s);
// 243 work-items x 3 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(243, 1, 1)))
void vc_fused1_p3_n12_m4t2_inp_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[729];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 243;
    const idx_t in_base = (g % 9) * 9 + (g / 9) * 6561;
    const idx_t out_base = (g % 9) * 9 + (g / 9) * 6561;
    real2 v0, v1, v2;
    const idx_t t_in = (t % 9) + (t / 9) * 81;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 2187];
    v2 = src[in_base + t_in + 4374];
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
        const uint lw = t;
        const uint lr = (t % 81) + (t / 81) * 243;
        tile[lw + 0] = v0;
        tile[lw + 243] = v1;
        tile[lw + 486] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 81];
        v2 = tile[lr + 162];
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
        const uint lw = (t % 81) + (t / 81) * 243;
        const uint lr = (t % 27) + (t / 27) * 81;
        tile[lw + 0] = v0;
        tile[lw + 81] = v1;
        tile[lw + 162] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 27];
        v2 = tile[lr + 54];
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
        const uint lw = (t % 27) + (t / 27) * 81;
        const uint lr = (t % 9) + (t / 9) * 27;
        tile[lw + 0] = v0;
        tile[lw + 27] = v1;
        tile[lw + 54] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 9];
        v2 = tile[lr + 18];
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
        const uint lw = (t % 9) + (t / 9) * 27;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 243];
        v2 = tile[lr + 486];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 81;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 2187] = v1;
    dst[out_base + t_out + 4374] = v2;
}

// vc_fused2_p3_n12_m4t2_inp_fwd_f32: fused pass 2 of the VC transform, p = 3, N = 3^12.
// Transforms 4 digit(s) (in place layout) of a tile of 729 elements (digits at input positions lane0 lane1 x8 x9 x10 x11), 2 lane digit(s);
// 243 work-items x 3 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(243, 1, 1)))
void vc_fused2_p3_n12_m4t2_inp_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[729];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 243;
    const idx_t in_base = g * 9;
    const idx_t out_base = g * 9;
    real2 v0, v1, v2;
    const idx_t t_in = (t % 9) + (t / 9) * 6561;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 177147];
    v2 = src[in_base + t_in + 354294];
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
        const uint lw = t;
        const uint lr = (t % 81) + (t / 81) * 243;
        tile[lw + 0] = v0;
        tile[lw + 243] = v1;
        tile[lw + 486] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 81];
        v2 = tile[lr + 162];
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
        const uint lw = (t % 81) + (t / 81) * 243;
        const uint lr = (t % 27) + (t / 27) * 81;
        tile[lw + 0] = v0;
        tile[lw + 81] = v1;
        tile[lw + 162] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 27];
        v2 = tile[lr + 54];
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
        const uint lw = (t % 27) + (t / 27) * 81;
        const uint lr = (t % 9) + (t / 9) * 27;
        tile[lw + 0] = v0;
        tile[lw + 27] = v1;
        tile[lw + 54] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 9];
        v2 = tile[lr + 18];
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
        const uint lw = (t % 9) + (t / 9) * 27;
        const uint lr = t;
        tile[lw + 0] = v0;
        tile[lw + 9] = v1;
        tile[lw + 18] = v2;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0];
        v1 = tile[lr + 243];
        v2 = tile[lr + 486];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 9) + (t / 9) * 6561;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 177147] = v1;
    dst[out_base + t_out + 354294] = v2;
}
