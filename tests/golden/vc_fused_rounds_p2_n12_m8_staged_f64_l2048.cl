// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 2, n = 12, fused passes
// of 7+5 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p2_n12_m7t0_stg_fwd_f64: fused pass 0 of the VC transform, p = 2, N = 2^12.
// Transforms 7 digit(s) (staged: read as one block, lane runs written layout) of a tile of 128 elements (digits at input positions x0 x1 x2 x3 x4 x5 x6), 0 lane digit(s);
// 64 work-items x 2 registers each; 7 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves, element x stored at (x) ^ (((x) >> 1) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused0_p2_n12_m7t0_stg_fwd_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[128];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 128;
    const idx_t out_base = g * 4;
    real2 v0, v1;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = t;
        const uint lr = (t % 32) + (t / 32) * 64;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 64) ^ (((lw + 64) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 32) ^ (((lr + 32) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 64) ^ (((lw + 64) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 32) ^ (((lr + 32) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 32) + (t / 32) * 64;
        const uint lr = (t % 16) + (t / 16) * 32;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 32) ^ (((lw + 32) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 16) ^ (((lr + 16) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 32) ^ (((lw + 32) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 16) ^ (((lr + 16) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 16) + (t / 16) * 32;
        const uint lr = (t % 8) + (t / 8) * 16;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 16) ^ (((lw + 16) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 16) ^ (((lw + 16) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 8) + (t / 8) * 16;
        const uint lr = (t % 4) + (t / 4) * 8;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 8;
        const uint lr = (t % 2) + (t / 2) * 4;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 2) + (t / 2) * 4;
        const uint lr = t * 2;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = t * 2;
        const uint lr = t;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 64) ^ (((lr + 64) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 64) ^ (((lr + 64) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 4) + (t / 4) * 128;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 2048] = v1;
}

// vc_fused1_p2_n12_m5t2_stg_fwd_f64: fused pass 1 of the VC transform, p = 2, N = 2^12.
// Transforms 5 digit(s) (staged: read as one block, lane runs written layout) of a tile of 128 elements (digits at input positions lane0 lane1 x2 x3 x4 x5 x6), 2 lane digit(s);
// 64 work-items x 2 registers each; 5 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves, element x stored at (x) ^ (((x) >> 1) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused1_p2_n12_m5t2_stg_fwd_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[128];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 128;
    const idx_t out_base = g * 4;
    real2 v0, v1;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = t;
        const uint lr = (t % 32) + (t / 32) * 64;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 64) ^ (((lw + 64) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 32) ^ (((lr + 32) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 64) ^ (((lw + 64) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 32) ^ (((lr + 32) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 32) + (t / 32) * 64;
        const uint lr = (t % 16) + (t / 16) * 32;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 32) ^ (((lw + 32) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 16) ^ (((lr + 16) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 32) ^ (((lw + 32) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 16) ^ (((lr + 16) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 16) + (t / 16) * 32;
        const uint lr = (t % 8) + (t / 8) * 16;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 16) ^ (((lw + 16) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 16) ^ (((lw + 16) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 8) + (t / 8) * 16;
        const uint lr = (t % 4) + (t / 4) * 8;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v1;
        const real2 e1 = v0 - v1;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v1 = y1;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 8;
        const uint lr = t;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v1.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.x = tile[(lr + 64) ^ (((lr + 64) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v1.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v1.y = tile[(lr + 64) ^ (((lr + 64) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 4) + (t / 4) * 128;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 2048] = v1;
}
