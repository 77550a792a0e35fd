// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 4, n = 6, fused passes
// of 4+2 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p4_n6_m4t0_stg_fwd_f32: fused pass 0 of the VC transform, p = 4, N = 4^6.
// Transforms 4 digit(s) (staged: read as one block, lane runs written layout) of a tile of 256 elements (digits at input positions x0 x1 x2 x3), 0 lane digit(s);
// 16 work-items x 16 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory, element x stored at (x) ^ (((x) >> 2) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void vc_fused0_p4_n6_m4t0_stg_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[64];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 16;
    const idx_t in_base = g * 256;
    const idx_t out_base = g * 16;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
    v2 = src[in_base + t_in + 128];
    v3 = src[in_base + t_in + 192];
    v4 = src[in_base + t_in + 16];
    v5 = src[in_base + t_in + 80];
    v6 = src[in_base + t_in + 144];
    v7 = src[in_base + t_in + 208];
    v8 = src[in_base + t_in + 32];
    v9 = src[in_base + t_in + 96];
    v10 = src[in_base + t_in + 160];
    v11 = src[in_base + t_in + 224];
    v12 = src[in_base + t_in + 48];
    v13 = src[in_base + t_in + 112];
    v14 = src[in_base + t_in + 176];
    v15 = src[in_base + t_in + 240];
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v4 = y1;
        v8 = y2;
        v12 = y3;
    }
     {
        const real2 s1 = v5 + v13;
        const real2 d1 = v5 - v13;
        const real2 e0 = v1 + v9;
        const real2 e1 = v1 - v9;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v1 = y0;
        v5 = y1;
        v9 = y2;
        v13 = y3;
    }
     {
        const real2 s1 = v6 + v14;
        const real2 d1 = v6 - v14;
        const real2 e0 = v2 + v10;
        const real2 e1 = v2 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v2 = y0;
        v6 = y1;
        v10 = y2;
        v14 = y3;
    }
     {
        const real2 s1 = v7 + v15;
        const real2 d1 = v7 - v15;
        const real2 e0 = v3 + v11;
        const real2 e1 = v3 - v11;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
    }
     {
        const real2 s1 = v5 + v7;
        const real2 d1 = v5 - v7;
        const real2 e0 = v4 + v6;
        const real2 e1 = v4 - v6;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v4 = y0;
        v5 = y1;
        v6 = y2;
        v7 = y3;
    }
     {
        const real2 s1 = v9 + v11;
        const real2 d1 = v9 - v11;
        const real2 e0 = v8 + v10;
        const real2 e1 = v8 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v8 = y0;
        v9 = y1;
        v10 = y2;
        v11 = y3;
    }
     {
        const real2 s1 = v13 + v15;
        const real2 d1 = v13 - v15;
        const real2 e0 = v12 + v14;
        const real2 e1 = v12 - v14;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const uint lw = t;
        const uint lr = (t % 4) + (t / 4) * 16;
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v0;
        tile[(lw + 16) ^ (((lw + 16) >> 2) & 31)] = v4;
        tile[(lw + 32) ^ (((lw + 32) >> 2) & 31)] = v8;
        tile[(lw + 48) ^ (((lw + 48) >> 2) & 31)] = v12;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v4 = tile[(lr + 4) ^ (((lr + 4) >> 2) & 31)];
        v8 = tile[(lr + 8) ^ (((lr + 8) >> 2) & 31)];
        v12 = tile[(lr + 12) ^ (((lr + 12) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v1;
        tile[(lw + 16) ^ (((lw + 16) >> 2) & 31)] = v5;
        tile[(lw + 32) ^ (((lw + 32) >> 2) & 31)] = v9;
        tile[(lw + 48) ^ (((lw + 48) >> 2) & 31)] = v13;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v5 = tile[(lr + 4) ^ (((lr + 4) >> 2) & 31)];
        v9 = tile[(lr + 8) ^ (((lr + 8) >> 2) & 31)];
        v13 = tile[(lr + 12) ^ (((lr + 12) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v2;
        tile[(lw + 16) ^ (((lw + 16) >> 2) & 31)] = v6;
        tile[(lw + 32) ^ (((lw + 32) >> 2) & 31)] = v10;
        tile[(lw + 48) ^ (((lw + 48) >> 2) & 31)] = v14;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v6 = tile[(lr + 4) ^ (((lr + 4) >> 2) & 31)];
        v10 = tile[(lr + 8) ^ (((lr + 8) >> 2) & 31)];
        v14 = tile[(lr + 12) ^ (((lr + 12) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v3;
        tile[(lw + 16) ^ (((lw + 16) >> 2) & 31)] = v7;
        tile[(lw + 32) ^ (((lw + 32) >> 2) & 31)] = v11;
        tile[(lw + 48) ^ (((lw + 48) >> 2) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v7 = tile[(lr + 4) ^ (((lr + 4) >> 2) & 31)];
        v11 = tile[(lr + 8) ^ (((lr + 8) >> 2) & 31)];
        v15 = tile[(lr + 12) ^ (((lr + 12) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v4 = y1;
        v8 = y2;
        v12 = y3;
    }
     {
        const real2 s1 = v5 + v13;
        const real2 d1 = v5 - v13;
        const real2 e0 = v1 + v9;
        const real2 e1 = v1 - v9;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v1 = y0;
        v5 = y1;
        v9 = y2;
        v13 = y3;
    }
     {
        const real2 s1 = v6 + v14;
        const real2 d1 = v6 - v14;
        const real2 e0 = v2 + v10;
        const real2 e1 = v2 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v2 = y0;
        v6 = y1;
        v10 = y2;
        v14 = y3;
    }
     {
        const real2 s1 = v7 + v15;
        const real2 d1 = v7 - v15;
        const real2 e0 = v3 + v11;
        const real2 e1 = v3 - v11;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 16;
        const uint lr = t * 4;
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v0;
        tile[(lw + 4) ^ (((lw + 4) >> 2) & 31)] = v4;
        tile[(lw + 8) ^ (((lw + 8) >> 2) & 31)] = v8;
        tile[(lw + 12) ^ (((lw + 12) >> 2) & 31)] = v12;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v4 = tile[(lr + 1) ^ (((lr + 1) >> 2) & 31)];
        v8 = tile[(lr + 2) ^ (((lr + 2) >> 2) & 31)];
        v12 = tile[(lr + 3) ^ (((lr + 3) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v1;
        tile[(lw + 4) ^ (((lw + 4) >> 2) & 31)] = v5;
        tile[(lw + 8) ^ (((lw + 8) >> 2) & 31)] = v9;
        tile[(lw + 12) ^ (((lw + 12) >> 2) & 31)] = v13;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v5 = tile[(lr + 1) ^ (((lr + 1) >> 2) & 31)];
        v9 = tile[(lr + 2) ^ (((lr + 2) >> 2) & 31)];
        v13 = tile[(lr + 3) ^ (((lr + 3) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v2;
        tile[(lw + 4) ^ (((lw + 4) >> 2) & 31)] = v6;
        tile[(lw + 8) ^ (((lw + 8) >> 2) & 31)] = v10;
        tile[(lw + 12) ^ (((lw + 12) >> 2) & 31)] = v14;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v6 = tile[(lr + 1) ^ (((lr + 1) >> 2) & 31)];
        v10 = tile[(lr + 2) ^ (((lr + 2) >> 2) & 31)];
        v14 = tile[(lr + 3) ^ (((lr + 3) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v3;
        tile[(lw + 4) ^ (((lw + 4) >> 2) & 31)] = v7;
        tile[(lw + 8) ^ (((lw + 8) >> 2) & 31)] = v11;
        tile[(lw + 12) ^ (((lw + 12) >> 2) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v7 = tile[(lr + 1) ^ (((lr + 1) >> 2) & 31)];
        v11 = tile[(lr + 2) ^ (((lr + 2) >> 2) & 31)];
        v15 = tile[(lr + 3) ^ (((lr + 3) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v4 = y1;
        v8 = y2;
        v12 = y3;
    }
     {
        const real2 s1 = v5 + v13;
        const real2 d1 = v5 - v13;
        const real2 e0 = v1 + v9;
        const real2 e1 = v1 - v9;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v1 = y0;
        v5 = y1;
        v9 = y2;
        v13 = y3;
    }
     {
        const real2 s1 = v6 + v14;
        const real2 d1 = v6 - v14;
        const real2 e0 = v2 + v10;
        const real2 e1 = v2 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v2 = y0;
        v6 = y1;
        v10 = y2;
        v14 = y3;
    }
     {
        const real2 s1 = v7 + v15;
        const real2 d1 = v7 - v15;
        const real2 e0 = v3 + v11;
        const real2 e1 = v3 - v11;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = t * 4;
        const uint lr = t;
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v0;
        tile[(lw + 1) ^ (((lw + 1) >> 2) & 31)] = v4;
        tile[(lw + 2) ^ (((lw + 2) >> 2) & 31)] = v8;
        tile[(lw + 3) ^ (((lw + 3) >> 2) & 31)] = v12;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v4 = tile[(lr + 16) ^ (((lr + 16) >> 2) & 31)];
        v8 = tile[(lr + 32) ^ (((lr + 32) >> 2) & 31)];
        v12 = tile[(lr + 48) ^ (((lr + 48) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v1;
        tile[(lw + 1) ^ (((lw + 1) >> 2) & 31)] = v5;
        tile[(lw + 2) ^ (((lw + 2) >> 2) & 31)] = v9;
        tile[(lw + 3) ^ (((lw + 3) >> 2) & 31)] = v13;
        barrier(CLK_LOCAL_MEM_FENCE);
        v1 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v5 = tile[(lr + 16) ^ (((lr + 16) >> 2) & 31)];
        v9 = tile[(lr + 32) ^ (((lr + 32) >> 2) & 31)];
        v13 = tile[(lr + 48) ^ (((lr + 48) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v2;
        tile[(lw + 1) ^ (((lw + 1) >> 2) & 31)] = v6;
        tile[(lw + 2) ^ (((lw + 2) >> 2) & 31)] = v10;
        tile[(lw + 3) ^ (((lw + 3) >> 2) & 31)] = v14;
        barrier(CLK_LOCAL_MEM_FENCE);
        v2 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v6 = tile[(lr + 16) ^ (((lr + 16) >> 2) & 31)];
        v10 = tile[(lr + 32) ^ (((lr + 32) >> 2) & 31)];
        v14 = tile[(lr + 48) ^ (((lr + 48) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
        tile[(lw + 0) ^ (((lw + 0) >> 2) & 31)] = v3;
        tile[(lw + 1) ^ (((lw + 1) >> 2) & 31)] = v7;
        tile[(lw + 2) ^ (((lw + 2) >> 2) & 31)] = v11;
        tile[(lw + 3) ^ (((lw + 3) >> 2) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v3 = tile[(lr + 0) ^ (((lr + 0) >> 2) & 31)];
        v7 = tile[(lr + 16) ^ (((lr + 16) >> 2) & 31)];
        v11 = tile[(lr + 32) ^ (((lr + 32) >> 2) & 31)];
        v15 = tile[(lr + 48) ^ (((lr + 48) >> 2) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 1024] = v1;
    dst[out_base + t_out + 2048] = v2;
    dst[out_base + t_out + 3072] = v3;
    dst[out_base + t_out + 256] = v4;
    dst[out_base + t_out + 1280] = v5;
    dst[out_base + t_out + 2304] = v6;
    dst[out_base + t_out + 3328] = v7;
    dst[out_base + t_out + 512] = v8;
    dst[out_base + t_out + 1536] = v9;
    dst[out_base + t_out + 2560] = v10;
    dst[out_base + t_out + 3584] = v11;
    dst[out_base + t_out + 768] = v12;
    dst[out_base + t_out + 1792] = v13;
    dst[out_base + t_out + 2816] = v14;
    dst[out_base + t_out + 3840] = v15;
}

// vc_fused1_p4_n6_m2t2_stg_fwd_f32: fused pass 1 of the VC transform, p = 4, N = 4^6.
// Transforms 2 digit(s) (staged: read as one block, lane runs written layout) of a tile of 256 elements (digits at input positions lane0 lane1 x2 x3), 2 lane digit(s);
// 16 work-items x 16 registers each; 1 sub-stage(s) of p-point codelets, exchanged through
// local memory.
__kernel __attribute__((reqd_work_group_size(16, 1, 1)))
void vc_fused1_p4_n6_m2t2_stg_fwd_f32(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[64];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 16;
    const idx_t in_base = g * 256;
    const idx_t out_base = g * 16;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
    v2 = src[in_base + t_in + 128];
    v3 = src[in_base + t_in + 192];
    v4 = src[in_base + t_in + 16];
    v5 = src[in_base + t_in + 80];
    v6 = src[in_base + t_in + 144];
    v7 = src[in_base + t_in + 208];
    v8 = src[in_base + t_in + 32];
    v9 = src[in_base + t_in + 96];
    v10 = src[in_base + t_in + 160];
    v11 = src[in_base + t_in + 224];
    v12 = src[in_base + t_in + 48];
    v13 = src[in_base + t_in + 112];
    v14 = src[in_base + t_in + 176];
    v15 = src[in_base + t_in + 240];
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v4 = y1;
        v8 = y2;
        v12 = y3;
    }
     {
        const real2 s1 = v5 + v13;
        const real2 d1 = v5 - v13;
        const real2 e0 = v1 + v9;
        const real2 e1 = v1 - v9;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v1 = y0;
        v5 = y1;
        v9 = y2;
        v13 = y3;
    }
     {
        const real2 s1 = v6 + v14;
        const real2 d1 = v6 - v14;
        const real2 e0 = v2 + v10;
        const real2 e1 = v2 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v2 = y0;
        v6 = y1;
        v10 = y2;
        v14 = y3;
    }
     {
        const real2 s1 = v7 + v15;
        const real2 d1 = v7 - v15;
        const real2 e0 = v3 + v11;
        const real2 e1 = v3 - v11;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v0 = y0;
        v1 = y1;
        v2 = y2;
        v3 = y3;
    }
     {
        const real2 s1 = v5 + v7;
        const real2 d1 = v5 - v7;
        const real2 e0 = v4 + v6;
        const real2 e1 = v4 - v6;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v4 = y0;
        v5 = y1;
        v6 = y2;
        v7 = y3;
    }
     {
        const real2 s1 = v9 + v11;
        const real2 d1 = v9 - v11;
        const real2 e0 = v8 + v10;
        const real2 e1 = v8 - v10;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v8 = y0;
        v9 = y1;
        v10 = y2;
        v11 = y3;
    }
     {
        const real2 s1 = v13 + v15;
        const real2 d1 = v13 - v15;
        const real2 e0 = v12 + v14;
        const real2 e1 = v12 - v14;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y3 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
    const idx_t t_out = t;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 1024] = v1;
    dst[out_base + t_out + 2048] = v2;
    dst[out_base + t_out + 3072] = v3;
    dst[out_base + t_out + 256] = v4;
    dst[out_base + t_out + 1280] = v5;
    dst[out_base + t_out + 2304] = v6;
    dst[out_base + t_out + 3328] = v7;
    dst[out_base + t_out + 512] = v8;
    dst[out_base + t_out + 1536] = v9;
    dst[out_base + t_out + 2560] = v10;
    dst[out_base + t_out + 3584] = v11;
    dst[out_base + t_out + 768] = v12;
    dst[out_base + t_out + 1792] = v13;
    dst[out_base + t_out + 2816] = v14;
    dst[out_base + t_out + 3840] = v15;
}
