// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 7, n = 4, fused passes
// of 4 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p7_n4_m4t0_rot_fwd_f64: fused pass 0 of the VC transform, p = 7, N = 7^4.
// Transforms 4 digit(s) (rotate: transformed digits move to the top, lanes to the bottom layout) of a tile of 2401 elements (digits at input positions x0 x1 x2 x3), 0 lane digit(s);
// 343 work-items x 7 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves.
__kernel __attribute__((reqd_work_group_size(343, 1, 1)))
void vc_fused0_p7_n4_m4t0_rot_fwd_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[2401];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 343;
    const idx_t in_base = 0;
    const idx_t out_base = 0;
    real2 v0, v1, v2, v3, v4, v5, v6;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 343];
    v2 = src[in_base + t_in + 686];
    v3 = src[in_base + t_in + 1029];
    v4 = src[in_base + t_in + 1372];
    v5 = src[in_base + t_in + 1715];
    v6 = src[in_base + t_in + 2058];
     {
        const real2 s1 = v1 + v6;
        const real2 d1 = v1 - v6;
        const real2 s2 = v2 + v5;
        const real2 d2 = v2 - v5;
        const real2 s3 = v3 + v4;
        const real2 d3 = v3 - v4;
        const real2 a1 = v0 + 6.23489801858733594e-1 * s1 + -2.22520933956314337e-1 * s2 + -9.00968867902419035e-1 * s3;
        const real2 b1 = 7.81831482468029804e-1 * d1 + 9.74927912181823619e-1 * d2 + 4.33883739117558231e-1 * d3;
        const real2 a2 = v0 + -2.22520933956314337e-1 * s1 + -9.00968867902419146e-1 * s2 + 6.23489801858733372e-1 * s3;
        const real2 b2 = 9.74927912181823619e-1 * d1 + -4.33883739117558009e-1 * d2 + -7.81831482468029915e-1 * d3;
        const real2 a3 = v0 + -9.00968867902419035e-1 * s1 + 6.23489801858733372e-1 * s2 + -2.22520933956314337e-1 * s3;
        const real2 b3 = 4.33883739117558231e-1 * d1 + -7.81831482468029915e-1 * d2 + 9.74927912181823619e-1 * d3;
        const real2 y0 = v0 + s1 + s2 + s3;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y6 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = (real2)(a2.x + b2.y, a2.y - b2.x);
        const real2 y5 = (real2)(a2.x - b2.y, a2.y + b2.x);
        const real2 y3 = (real2)(a3.x + b3.y, a3.y - b3.x);
        const real2 y4 = (real2)(a3.x - b3.y, a3.y + b3.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
        v4 = y4;
        v5 = y5;
        v6 = y6;
    }
     {
        const uint lw = t;
        const uint lr = (t % 49) + (t / 49) * 343;
        tile[lw + 0] = v0.x;
        tile[lw + 343] = v1.x;
        tile[lw + 686] = v2.x;
        tile[lw + 1029] = v3.x;
        tile[lw + 1372] = v4.x;
        tile[lw + 1715] = v5.x;
        tile[lw + 2058] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 49];
        v2.x = tile[lr + 98];
        v3.x = tile[lr + 147];
        v4.x = tile[lr + 196];
        v5.x = tile[lr + 245];
        v6.x = tile[lr + 294];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 343] = v1.y;
        tile[lw + 686] = v2.y;
        tile[lw + 1029] = v3.y;
        tile[lw + 1372] = v4.y;
        tile[lw + 1715] = v5.y;
        tile[lw + 2058] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 49];
        v2.y = tile[lr + 98];
        v3.y = tile[lr + 147];
        v4.y = tile[lr + 196];
        v5.y = tile[lr + 245];
        v6.y = tile[lr + 294];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v6;
        const real2 d1 = v1 - v6;
        const real2 s2 = v2 + v5;
        const real2 d2 = v2 - v5;
        const real2 s3 = v3 + v4;
        const real2 d3 = v3 - v4;
        const real2 a1 = v0 + 6.23489801858733594e-1 * s1 + -2.22520933956314337e-1 * s2 + -9.00968867902419035e-1 * s3;
        const real2 b1 = 7.81831482468029804e-1 * d1 + 9.74927912181823619e-1 * d2 + 4.33883739117558231e-1 * d3;
        const real2 a2 = v0 + -2.22520933956314337e-1 * s1 + -9.00968867902419146e-1 * s2 + 6.23489801858733372e-1 * s3;
        const real2 b2 = 9.74927912181823619e-1 * d1 + -4.33883739117558009e-1 * d2 + -7.81831482468029915e-1 * d3;
        const real2 a3 = v0 + -9.00968867902419035e-1 * s1 + 6.23489801858733372e-1 * s2 + -2.22520933956314337e-1 * s3;
        const real2 b3 = 4.33883739117558231e-1 * d1 + -7.81831482468029915e-1 * d2 + 9.74927912181823619e-1 * d3;
        const real2 y0 = v0 + s1 + s2 + s3;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y6 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = (real2)(a2.x + b2.y, a2.y - b2.x);
        const real2 y5 = (real2)(a2.x - b2.y, a2.y + b2.x);
        const real2 y3 = (real2)(a3.x + b3.y, a3.y - b3.x);
        const real2 y4 = (real2)(a3.x - b3.y, a3.y + b3.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
        v4 = y4;
        v5 = y5;
        v6 = y6;
    }
     {
        const uint lw = (t % 49) + (t / 49) * 343;
        const uint lr = (t % 7) + (t / 7) * 49;
        tile[lw + 0] = v0.x;
        tile[lw + 49] = v1.x;
        tile[lw + 98] = v2.x;
        tile[lw + 147] = v3.x;
        tile[lw + 196] = v4.x;
        tile[lw + 245] = v5.x;
        tile[lw + 294] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 7];
        v2.x = tile[lr + 14];
        v3.x = tile[lr + 21];
        v4.x = tile[lr + 28];
        v5.x = tile[lr + 35];
        v6.x = tile[lr + 42];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 49] = v1.y;
        tile[lw + 98] = v2.y;
        tile[lw + 147] = v3.y;
        tile[lw + 196] = v4.y;
        tile[lw + 245] = v5.y;
        tile[lw + 294] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 7];
        v2.y = tile[lr + 14];
        v3.y = tile[lr + 21];
        v4.y = tile[lr + 28];
        v5.y = tile[lr + 35];
        v6.y = tile[lr + 42];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v6;
        const real2 d1 = v1 - v6;
        const real2 s2 = v2 + v5;
        const real2 d2 = v2 - v5;
        const real2 s3 = v3 + v4;
        const real2 d3 = v3 - v4;
        const real2 a1 = v0 + 6.23489801858733594e-1 * s1 + -2.22520933956314337e-1 * s2 + -9.00968867902419035e-1 * s3;
        const real2 b1 = 7.81831482468029804e-1 * d1 + 9.74927912181823619e-1 * d2 + 4.33883739117558231e-1 * d3;
        const real2 a2 = v0 + -2.22520933956314337e-1 * s1 + -9.00968867902419146e-1 * s2 + 6.23489801858733372e-1 * s3;
        const real2 b2 = 9.74927912181823619e-1 * d1 + -4.33883739117558009e-1 * d2 + -7.81831482468029915e-1 * d3;
        const real2 a3 = v0 + -9.00968867902419035e-1 * s1 + 6.23489801858733372e-1 * s2 + -2.22520933956314337e-1 * s3;
        const real2 b3 = 4.33883739117558231e-1 * d1 + -7.81831482468029915e-1 * d2 + 9.74927912181823619e-1 * d3;
        const real2 y0 = v0 + s1 + s2 + s3;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y6 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = (real2)(a2.x + b2.y, a2.y - b2.x);
        const real2 y5 = (real2)(a2.x - b2.y, a2.y + b2.x);
        const real2 y3 = (real2)(a3.x + b3.y, a3.y - b3.x);
        const real2 y4 = (real2)(a3.x - b3.y, a3.y + b3.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
        v4 = y4;
        v5 = y5;
        v6 = y6;
    }
     {
        const uint lw = (t % 7) + (t / 7) * 49;
        const uint lr = t * 7;
        tile[lw + 0] = v0.x;
        tile[lw + 7] = v1.x;
        tile[lw + 14] = v2.x;
        tile[lw + 21] = v3.x;
        tile[lw + 28] = v4.x;
        tile[lw + 35] = v5.x;
        tile[lw + 42] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 1];
        v2.x = tile[lr + 2];
        v3.x = tile[lr + 3];
        v4.x = tile[lr + 4];
        v5.x = tile[lr + 5];
        v6.x = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 7] = v1.y;
        tile[lw + 14] = v2.y;
        tile[lw + 21] = v3.y;
        tile[lw + 28] = v4.y;
        tile[lw + 35] = v5.y;
        tile[lw + 42] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 1];
        v2.y = tile[lr + 2];
        v3.y = tile[lr + 3];
        v4.y = tile[lr + 4];
        v5.y = tile[lr + 5];
        v6.y = tile[lr + 6];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v6;
        const real2 d1 = v1 - v6;
        const real2 s2 = v2 + v5;
        const real2 d2 = v2 - v5;
        const real2 s3 = v3 + v4;
        const real2 d3 = v3 - v4;
        const real2 a1 = v0 + 6.23489801858733594e-1 * s1 + -2.22520933956314337e-1 * s2 + -9.00968867902419035e-1 * s3;
        const real2 b1 = 7.81831482468029804e-1 * d1 + 9.74927912181823619e-1 * d2 + 4.33883739117558231e-1 * d3;
        const real2 a2 = v0 + -2.22520933956314337e-1 * s1 + -9.00968867902419146e-1 * s2 + 6.23489801858733372e-1 * s3;
        const real2 b2 = 9.74927912181823619e-1 * d1 + -4.33883739117558009e-1 * d2 + -7.81831482468029915e-1 * d3;
        const real2 a3 = v0 + -9.00968867902419035e-1 * s1 + 6.23489801858733372e-1 * s2 + -2.22520933956314337e-1 * s3;
        const real2 b3 = 4.33883739117558231e-1 * d1 + -7.81831482468029915e-1 * d2 + 9.74927912181823619e-1 * d3;
        const real2 y0 = v0 + s1 + s2 + s3;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y6 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = (real2)(a2.x + b2.y, a2.y - b2.x);
        const real2 y5 = (real2)(a2.x - b2.y, a2.y + b2.x);
        const real2 y3 = (real2)(a3.x + b3.y, a3.y - b3.x);
        const real2 y4 = (real2)(a3.x - b3.y, a3.y + b3.x);
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
        v4 = y4;
        v5 = y5;
        v6 = y6;
    }
     {
        const uint lw = t * 7;
        const uint lr = t;
        tile[lw + 0] = v0.x;
        tile[lw + 1] = v1.x;
        tile[lw + 2] = v2.x;
        tile[lw + 3] = v3.x;
        tile[lw + 4] = v4.x;
        tile[lw + 5] = v5.x;
        tile[lw + 6] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[lr + 0];
        v1.x = tile[lr + 343];
        v2.x = tile[lr + 686];
        v3.x = tile[lr + 1029];
        v4.x = tile[lr + 1372];
        v5.x = tile[lr + 1715];
        v6.x = tile[lr + 2058];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[lw + 0] = v0.y;
        tile[lw + 1] = v1.y;
        tile[lw + 2] = v2.y;
        tile[lw + 3] = v3.y;
        tile[lw + 4] = v4.y;
        tile[lw + 5] = v5.y;
        tile[lw + 6] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[lr + 0];
        v1.y = tile[lr + 343];
        v2.y = tile[lr + 686];
        v3.y = tile[lr + 1029];
        v4.y = tile[lr + 1372];
        v5.y = tile[lr + 1715];
        v6.y = tile[lr + 2058];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 343] = v1;
    dst[out_base + t_out + 686] = v2;
    dst[out_base + t_out + 1029] = v3;
    dst[out_base + t_out + 1372] = v4;
    dst[out_base + t_out + 1715] = v5;
    dst[out_base + t_out + 2058] = v6;
}
