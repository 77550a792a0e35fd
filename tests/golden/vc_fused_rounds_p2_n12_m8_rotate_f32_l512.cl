// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 2, n = 12, fused passes
// of 6+6 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p2_n12_m6t3_rot_fwd_f32: fused pass 0 of the VC transform, p = 2, N = 2^12.
// Transforms 6 digit(s) (rotate: transformed digits move to the top, lanes to the bottom layout) of a tile of 512 elements (digits at input positions x0 x1 x2 x3 x4 x5 lane6 lane7 lane8), 3 lane digit(s);
// 64 work-items x 8 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves, element x stored at (x) ^ (((x) >> 1) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused0_p2_n12_m6t3_rot_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[128];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 512;
    const idx_t out_base = g * 8;
    real2 v0, v1, v2, v3, v4, v5, v6, v7;
    const idx_t t_in = (t % 8) + (t / 8) * 64;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 16];
    v2 = src[in_base + t_in + 32];
    v3 = src[in_base + t_in + 48];
    v4 = src[in_base + t_in + 8];
    v5 = src[in_base + t_in + 24];
    v6 = src[in_base + t_in + 40];
    v7 = src[in_base + t_in + 56];
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
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
        const real2 e0 = v2 + v3;
        const real2 e1 = v2 - v3;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v3 = y1;
    }
     {
        const real2 e0 = v4 + v5;
        const real2 e1 = v4 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v4 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v6 + v7;
        const real2 e1 = v6 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v6 = y0;
        v7 = y1;
    }
     {
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v2 = y1;
    }
     {
        const real2 e0 = v1 + v3;
        const real2 e1 = v1 - v3;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v3 = y1;
    }
     {
        const real2 e0 = v4 + v6;
        const real2 e1 = v4 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v4 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v5 + v7;
        const real2 e1 = v5 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v5 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 8) + (t / 8) * 16;
        const uint lr = (t % 4) + (t / 4) * 8;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 8;
        const uint lr = (t % 2) + (t / 2) * 4;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 2) + (t / 2) * 4;
        const uint lr = t * 2;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = t * 2;
        const uint lr = (t % 8) * 16 + (t / 8);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 8) + (t / 8) * 64;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 1024] = v1;
    dst[out_base + t_out + 2048] = v2;
    dst[out_base + t_out + 3072] = v3;
    dst[out_base + t_out + 512] = v4;
    dst[out_base + t_out + 1536] = v5;
    dst[out_base + t_out + 2560] = v6;
    dst[out_base + t_out + 3584] = v7;
}

// vc_fused1_p2_n12_m6t3_rot_fwd_f32: fused pass 1 of the VC transform, p = 2, N = 2^12.
// Transforms 6 digit(s) (rotate: transformed digits move to the top, lanes to the bottom layout) of a tile of 512 elements (digits at input positions x0 x1 x2 x3 x4 x5 lane6 lane7 lane8), 3 lane digit(s);
// 64 work-items x 8 registers each; 4 sub-stage(s) of p-point codelets, exchanged through
// local memory in real/imaginary halves, element x stored at (x) ^ (((x) >> 1) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused1_p2_n12_m6t3_rot_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real tile[128];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 512;
    const idx_t out_base = g * 8;
    real2 v0, v1, v2, v3, v4, v5, v6, v7;
    const idx_t t_in = (t % 8) + (t / 8) * 64;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 16];
    v2 = src[in_base + t_in + 32];
    v3 = src[in_base + t_in + 48];
    v4 = src[in_base + t_in + 8];
    v5 = src[in_base + t_in + 24];
    v6 = src[in_base + t_in + 40];
    v7 = src[in_base + t_in + 56];
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
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
        const real2 e0 = v2 + v3;
        const real2 e1 = v2 - v3;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v3 = y1;
    }
     {
        const real2 e0 = v4 + v5;
        const real2 e1 = v4 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v4 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v6 + v7;
        const real2 e1 = v6 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v6 = y0;
        v7 = y1;
    }
     {
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v2 = y1;
    }
     {
        const real2 e0 = v1 + v3;
        const real2 e1 = v1 - v3;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v3 = y1;
    }
     {
        const real2 e0 = v4 + v6;
        const real2 e1 = v4 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v4 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v5 + v7;
        const real2 e1 = v5 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v5 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 8) + (t / 8) * 16;
        const uint lr = (t % 4) + (t / 4) * 8;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 8;
        const uint lr = (t % 2) + (t / 2) * 4;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = (t % 2) + (t / 2) * 4;
        const uint lr = t * 2;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 e0 = v0 + v4;
        const real2 e1 = v0 - v4;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v0 = y0;
        v4 = y1;
    }
     {
        const real2 e0 = v1 + v5;
        const real2 e1 = v1 - v5;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v1 = y0;
        v5 = y1;
    }
     {
        const real2 e0 = v2 + v6;
        const real2 e1 = v2 - v6;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v2 = y0;
        v6 = y1;
    }
     {
        const real2 e0 = v3 + v7;
        const real2 e1 = v3 - v7;
        const real2 y0 = e0;
        const real2 y1 = e1;
        v3 = y0;
        v7 = y1;
    }
     {
        const uint lw = t * 2;
        const uint lr = (t % 8) * 16 + (t / 8);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v4.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v0.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v4.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v4.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v5.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v1.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v5.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v5.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v6.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v2.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v6.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v6.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.x;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v7.x;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.x = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.x = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31)] = v3.y;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31)] = v7.y;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3.y = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31)];
        v7.y = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 8) + (t / 8) * 64;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 1024] = v1;
    dst[out_base + t_out + 2048] = v2;
    dst[out_base + t_out + 3072] = v3;
    dst[out_base + t_out + 512] = v4;
    dst[out_base + t_out + 1536] = v5;
    dst[out_base + t_out + 2560] = v6;
    dst[out_base + t_out + 3584] = v7;
}
