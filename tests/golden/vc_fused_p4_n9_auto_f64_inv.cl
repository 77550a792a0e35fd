// jitfft generated program: Vilenkin-Chrestenson transform (inverse), p = 4, n = 9, fused passes
// of 5+4 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p4_n9_m5t0_stg_inv_f64: fused pass 0 of the VC transform, p = 4, N = 4^9.
// Transforms 5 digit(s) (staged: read as one block, lane runs written layout) of a tile of 1024 elements (digits at input positions x0 x1 x2 x3 x4), 0 lane digit(s);
// 64 work-items x 16 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory, element x stored at (x) ^ (((x) >> 1) & 31) ^ (((x) >> 4) & 31) (fewer bank conflicts).
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused0_p4_n9_m5t0_stg_inv_f64(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[1024];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 1024;
    const idx_t out_base = g * 4;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
    v2 = src[in_base + t_in + 128];
    v3 = src[in_base + t_in + 192];
    v4 = src[in_base + t_in + 256];
    v5 = src[in_base + t_in + 320];
    v6 = src[in_base + t_in + 384];
    v7 = src[in_base + t_in + 448];
    v8 = src[in_base + t_in + 512];
    v9 = src[in_base + t_in + 576];
    v10 = src[in_base + t_in + 640];
    v11 = src[in_base + t_in + 704];
    v12 = src[in_base + t_in + 768];
    v13 = src[in_base + t_in + 832];
    v14 = src[in_base + t_in + 896];
    v15 = src[in_base + t_in + 960];
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = t;
        const uint lr = (t % 4) + (t / 4) * 64;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31) ^ (((lw + 0) >> 4) & 31)] = v0;
        tile[(lw + 64) ^ (((lw + 64) >> 1) & 31) ^ (((lw + 64) >> 4) & 31)] = v1;
        tile[(lw + 128) ^ (((lw + 128) >> 1) & 31) ^ (((lw + 128) >> 4) & 31)] = v2;
        tile[(lw + 192) ^ (((lw + 192) >> 1) & 31) ^ (((lw + 192) >> 4) & 31)] = v3;
        tile[(lw + 256) ^ (((lw + 256) >> 1) & 31) ^ (((lw + 256) >> 4) & 31)] = v4;
        tile[(lw + 320) ^ (((lw + 320) >> 1) & 31) ^ (((lw + 320) >> 4) & 31)] = v5;
        tile[(lw + 384) ^ (((lw + 384) >> 1) & 31) ^ (((lw + 384) >> 4) & 31)] = v6;
        tile[(lw + 448) ^ (((lw + 448) >> 1) & 31) ^ (((lw + 448) >> 4) & 31)] = v7;
        tile[(lw + 512) ^ (((lw + 512) >> 1) & 31) ^ (((lw + 512) >> 4) & 31)] = v8;
        tile[(lw + 576) ^ (((lw + 576) >> 1) & 31) ^ (((lw + 576) >> 4) & 31)] = v9;
        tile[(lw + 640) ^ (((lw + 640) >> 1) & 31) ^ (((lw + 640) >> 4) & 31)] = v10;
        tile[(lw + 704) ^ (((lw + 704) >> 1) & 31) ^ (((lw + 704) >> 4) & 31)] = v11;
        tile[(lw + 768) ^ (((lw + 768) >> 1) & 31) ^ (((lw + 768) >> 4) & 31)] = v12;
        tile[(lw + 832) ^ (((lw + 832) >> 1) & 31) ^ (((lw + 832) >> 4) & 31)] = v13;
        tile[(lw + 896) ^ (((lw + 896) >> 1) & 31) ^ (((lw + 896) >> 4) & 31)] = v14;
        tile[(lw + 960) ^ (((lw + 960) >> 1) & 31) ^ (((lw + 960) >> 4) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31) ^ (((lr + 0) >> 4) & 31)];
        v1 = tile[(lr + 4) ^ (((lr + 4) >> 1) & 31) ^ (((lr + 4) >> 4) & 31)];
        v2 = tile[(lr + 8) ^ (((lr + 8) >> 1) & 31) ^ (((lr + 8) >> 4) & 31)];
        v3 = tile[(lr + 12) ^ (((lr + 12) >> 1) & 31) ^ (((lr + 12) >> 4) & 31)];
        v4 = tile[(lr + 16) ^ (((lr + 16) >> 1) & 31) ^ (((lr + 16) >> 4) & 31)];
        v5 = tile[(lr + 20) ^ (((lr + 20) >> 1) & 31) ^ (((lr + 20) >> 4) & 31)];
        v6 = tile[(lr + 24) ^ (((lr + 24) >> 1) & 31) ^ (((lr + 24) >> 4) & 31)];
        v7 = tile[(lr + 28) ^ (((lr + 28) >> 1) & 31) ^ (((lr + 28) >> 4) & 31)];
        v8 = tile[(lr + 32) ^ (((lr + 32) >> 1) & 31) ^ (((lr + 32) >> 4) & 31)];
        v9 = tile[(lr + 36) ^ (((lr + 36) >> 1) & 31) ^ (((lr + 36) >> 4) & 31)];
        v10 = tile[(lr + 40) ^ (((lr + 40) >> 1) & 31) ^ (((lr + 40) >> 4) & 31)];
        v11 = tile[(lr + 44) ^ (((lr + 44) >> 1) & 31) ^ (((lr + 44) >> 4) & 31)];
        v12 = tile[(lr + 48) ^ (((lr + 48) >> 1) & 31) ^ (((lr + 48) >> 4) & 31)];
        v13 = tile[(lr + 52) ^ (((lr + 52) >> 1) & 31) ^ (((lr + 52) >> 4) & 31)];
        v14 = tile[(lr + 56) ^ (((lr + 56) >> 1) & 31) ^ (((lr + 56) >> 4) & 31)];
        v15 = tile[(lr + 60) ^ (((lr + 60) >> 1) & 31) ^ (((lr + 60) >> 4) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 64;
        const uint lr = t * 4;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31) ^ (((lw + 0) >> 4) & 31)] = v0;
        tile[(lw + 4) ^ (((lw + 4) >> 1) & 31) ^ (((lw + 4) >> 4) & 31)] = v1;
        tile[(lw + 8) ^ (((lw + 8) >> 1) & 31) ^ (((lw + 8) >> 4) & 31)] = v2;
        tile[(lw + 12) ^ (((lw + 12) >> 1) & 31) ^ (((lw + 12) >> 4) & 31)] = v3;
        tile[(lw + 16) ^ (((lw + 16) >> 1) & 31) ^ (((lw + 16) >> 4) & 31)] = v4;
        tile[(lw + 20) ^ (((lw + 20) >> 1) & 31) ^ (((lw + 20) >> 4) & 31)] = v5;
        tile[(lw + 24) ^ (((lw + 24) >> 1) & 31) ^ (((lw + 24) >> 4) & 31)] = v6;
        tile[(lw + 28) ^ (((lw + 28) >> 1) & 31) ^ (((lw + 28) >> 4) & 31)] = v7;
        tile[(lw + 32) ^ (((lw + 32) >> 1) & 31) ^ (((lw + 32) >> 4) & 31)] = v8;
        tile[(lw + 36) ^ (((lw + 36) >> 1) & 31) ^ (((lw + 36) >> 4) & 31)] = v9;
        tile[(lw + 40) ^ (((lw + 40) >> 1) & 31) ^ (((lw + 40) >> 4) & 31)] = v10;
        tile[(lw + 44) ^ (((lw + 44) >> 1) & 31) ^ (((lw + 44) >> 4) & 31)] = v11;
        tile[(lw + 48) ^ (((lw + 48) >> 1) & 31) ^ (((lw + 48) >> 4) & 31)] = v12;
        tile[(lw + 52) ^ (((lw + 52) >> 1) & 31) ^ (((lw + 52) >> 4) & 31)] = v13;
        tile[(lw + 56) ^ (((lw + 56) >> 1) & 31) ^ (((lw + 56) >> 4) & 31)] = v14;
        tile[(lw + 60) ^ (((lw + 60) >> 1) & 31) ^ (((lw + 60) >> 4) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31) ^ (((lr + 0) >> 4) & 31)];
        v1 = tile[(lr + 1) ^ (((lr + 1) >> 1) & 31) ^ (((lr + 1) >> 4) & 31)];
        v2 = tile[(lr + 2) ^ (((lr + 2) >> 1) & 31) ^ (((lr + 2) >> 4) & 31)];
        v3 = tile[(lr + 3) ^ (((lr + 3) >> 1) & 31) ^ (((lr + 3) >> 4) & 31)];
        v4 = tile[(lr + 256) ^ (((lr + 256) >> 1) & 31) ^ (((lr + 256) >> 4) & 31)];
        v5 = tile[(lr + 257) ^ (((lr + 257) >> 1) & 31) ^ (((lr + 257) >> 4) & 31)];
        v6 = tile[(lr + 258) ^ (((lr + 258) >> 1) & 31) ^ (((lr + 258) >> 4) & 31)];
        v7 = tile[(lr + 259) ^ (((lr + 259) >> 1) & 31) ^ (((lr + 259) >> 4) & 31)];
        v8 = tile[(lr + 512) ^ (((lr + 512) >> 1) & 31) ^ (((lr + 512) >> 4) & 31)];
        v9 = tile[(lr + 513) ^ (((lr + 513) >> 1) & 31) ^ (((lr + 513) >> 4) & 31)];
        v10 = tile[(lr + 514) ^ (((lr + 514) >> 1) & 31) ^ (((lr + 514) >> 4) & 31)];
        v11 = tile[(lr + 515) ^ (((lr + 515) >> 1) & 31) ^ (((lr + 515) >> 4) & 31)];
        v12 = tile[(lr + 768) ^ (((lr + 768) >> 1) & 31) ^ (((lr + 768) >> 4) & 31)];
        v13 = tile[(lr + 769) ^ (((lr + 769) >> 1) & 31) ^ (((lr + 769) >> 4) & 31)];
        v14 = tile[(lr + 770) ^ (((lr + 770) >> 1) & 31) ^ (((lr + 770) >> 4) & 31)];
        v15 = tile[(lr + 771) ^ (((lr + 771) >> 1) & 31) ^ (((lr + 771) >> 4) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const uint lw = t * 4;
        const uint lr = t;
        tile[(lw + 0) ^ (((lw + 0) >> 1) & 31) ^ (((lw + 0) >> 4) & 31)] = v0;
        tile[(lw + 1) ^ (((lw + 1) >> 1) & 31) ^ (((lw + 1) >> 4) & 31)] = v1;
        tile[(lw + 2) ^ (((lw + 2) >> 1) & 31) ^ (((lw + 2) >> 4) & 31)] = v2;
        tile[(lw + 3) ^ (((lw + 3) >> 1) & 31) ^ (((lw + 3) >> 4) & 31)] = v3;
        tile[(lw + 256) ^ (((lw + 256) >> 1) & 31) ^ (((lw + 256) >> 4) & 31)] = v4;
        tile[(lw + 257) ^ (((lw + 257) >> 1) & 31) ^ (((lw + 257) >> 4) & 31)] = v5;
        tile[(lw + 258) ^ (((lw + 258) >> 1) & 31) ^ (((lw + 258) >> 4) & 31)] = v6;
        tile[(lw + 259) ^ (((lw + 259) >> 1) & 31) ^ (((lw + 259) >> 4) & 31)] = v7;
        tile[(lw + 512) ^ (((lw + 512) >> 1) & 31) ^ (((lw + 512) >> 4) & 31)] = v8;
        tile[(lw + 513) ^ (((lw + 513) >> 1) & 31) ^ (((lw + 513) >> 4) & 31)] = v9;
        tile[(lw + 514) ^ (((lw + 514) >> 1) & 31) ^ (((lw + 514) >> 4) & 31)] = v10;
        tile[(lw + 515) ^ (((lw + 515) >> 1) & 31) ^ (((lw + 515) >> 4) & 31)] = v11;
        tile[(lw + 768) ^ (((lw + 768) >> 1) & 31) ^ (((lw + 768) >> 4) & 31)] = v12;
        tile[(lw + 769) ^ (((lw + 769) >> 1) & 31) ^ (((lw + 769) >> 4) & 31)] = v13;
        tile[(lw + 770) ^ (((lw + 770) >> 1) & 31) ^ (((lw + 770) >> 4) & 31)] = v14;
        tile[(lw + 771) ^ (((lw + 771) >> 1) & 31) ^ (((lw + 771) >> 4) & 31)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[(lr + 0) ^ (((lr + 0) >> 1) & 31) ^ (((lr + 0) >> 4) & 31)];
        v1 = tile[(lr + 64) ^ (((lr + 64) >> 1) & 31) ^ (((lr + 64) >> 4) & 31)];
        v2 = tile[(lr + 128) ^ (((lr + 128) >> 1) & 31) ^ (((lr + 128) >> 4) & 31)];
        v3 = tile[(lr + 192) ^ (((lr + 192) >> 1) & 31) ^ (((lr + 192) >> 4) & 31)];
        v4 = tile[(lr + 256) ^ (((lr + 256) >> 1) & 31) ^ (((lr + 256) >> 4) & 31)];
        v5 = tile[(lr + 320) ^ (((lr + 320) >> 1) & 31) ^ (((lr + 320) >> 4) & 31)];
        v6 = tile[(lr + 384) ^ (((lr + 384) >> 1) & 31) ^ (((lr + 384) >> 4) & 31)];
        v7 = tile[(lr + 448) ^ (((lr + 448) >> 1) & 31) ^ (((lr + 448) >> 4) & 31)];
        v8 = tile[(lr + 512) ^ (((lr + 512) >> 1) & 31) ^ (((lr + 512) >> 4) & 31)];
        v9 = tile[(lr + 576) ^ (((lr + 576) >> 1) & 31) ^ (((lr + 576) >> 4) & 31)];
        v10 = tile[(lr + 640) ^ (((lr + 640) >> 1) & 31) ^ (((lr + 640) >> 4) & 31)];
        v11 = tile[(lr + 704) ^ (((lr + 704) >> 1) & 31) ^ (((lr + 704) >> 4) & 31)];
        v12 = tile[(lr + 768) ^ (((lr + 768) >> 1) & 31) ^ (((lr + 768) >> 4) & 31)];
        v13 = tile[(lr + 832) ^ (((lr + 832) >> 1) & 31) ^ (((lr + 832) >> 4) & 31)];
        v14 = tile[(lr + 896) ^ (((lr + 896) >> 1) & 31) ^ (((lr + 896) >> 4) & 31)];
        v15 = tile[(lr + 960) ^ (((lr + 960) >> 1) & 31) ^ (((lr + 960) >> 4) & 31)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 4) + (t / 4) * 1024;
    dst[out_base + t_out + 0] = v0;
    dst[out_base + t_out + 16384] = v1;
    dst[out_base + t_out + 32768] = v2;
    dst[out_base + t_out + 49152] = v3;
    dst[out_base + t_out + 65536] = v4;
    dst[out_base + t_out + 81920] = v5;
    dst[out_base + t_out + 98304] = v6;
    dst[out_base + t_out + 114688] = v7;
    dst[out_base + t_out + 131072] = v8;
    dst[out_base + t_out + 147456] = v9;
    dst[out_base + t_out + 163840] = v10;
    dst[out_base + t_out + 180224] = v11;
    dst[out_base + t_out + 196608] = v12;
    dst[out_base + t_out + 212992] = v13;
    dst[out_base + t_out + 229376] = v14;
    dst[out_base + t_out + 245760] = v15;
}

// vc_fused1_p4_n9_m4t1_stg_inv_f64_scaled: fused pass 1 of the VC transform, p = 4, N = 4^9.
// Transforms 4 digit(s) (staged: read as one block, lane runs written layout) of a tile of 1024 elements (digits at input positions lane0 x1 x2 x3 x4), 1 lane digit(s);
// 64 work-items x 16 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory, element x stored at x + ((x) >> 4) (fewer bank conflicts).
// Outputs are scaled by 3.814697265625e-6.
__kernel __attribute__((reqd_work_group_size(64, 1, 1)))
void vc_fused1_p4_n9_m4t1_stg_inv_f64_scaled(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile[1087];
    const uint t = get_local_id(0);
    const idx_t g = get_group_id(0) + get_global_offset(0) / 64;
    const idx_t in_base = g * 1024;
    const idx_t out_base = g * 4;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    const idx_t t_in = t;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 64];
    v2 = src[in_base + t_in + 128];
    v3 = src[in_base + t_in + 192];
    v4 = src[in_base + t_in + 256];
    v5 = src[in_base + t_in + 320];
    v6 = src[in_base + t_in + 384];
    v7 = src[in_base + t_in + 448];
    v8 = src[in_base + t_in + 512];
    v9 = src[in_base + t_in + 576];
    v10 = src[in_base + t_in + 640];
    v11 = src[in_base + t_in + 704];
    v12 = src[in_base + t_in + 768];
    v13 = src[in_base + t_in + 832];
    v14 = src[in_base + t_in + 896];
    v15 = src[in_base + t_in + 960];
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = t;
        const uint lr = (t % 4) + (t / 4) * 64;
        tile[lw + 0 + ((lw + 0) >> 4)] = v0;
        tile[lw + 64 + ((lw + 64) >> 4)] = v1;
        tile[lw + 128 + ((lw + 128) >> 4)] = v2;
        tile[lw + 192 + ((lw + 192) >> 4)] = v3;
        tile[lw + 256 + ((lw + 256) >> 4)] = v4;
        tile[lw + 320 + ((lw + 320) >> 4)] = v5;
        tile[lw + 384 + ((lw + 384) >> 4)] = v6;
        tile[lw + 448 + ((lw + 448) >> 4)] = v7;
        tile[lw + 512 + ((lw + 512) >> 4)] = v8;
        tile[lw + 576 + ((lw + 576) >> 4)] = v9;
        tile[lw + 640 + ((lw + 640) >> 4)] = v10;
        tile[lw + 704 + ((lw + 704) >> 4)] = v11;
        tile[lw + 768 + ((lw + 768) >> 4)] = v12;
        tile[lw + 832 + ((lw + 832) >> 4)] = v13;
        tile[lw + 896 + ((lw + 896) >> 4)] = v14;
        tile[lw + 960 + ((lw + 960) >> 4)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0 + ((lr + 0) >> 4)];
        v1 = tile[lr + 4 + ((lr + 4) >> 4)];
        v2 = tile[lr + 8 + ((lr + 8) >> 4)];
        v3 = tile[lr + 12 + ((lr + 12) >> 4)];
        v4 = tile[lr + 16 + ((lr + 16) >> 4)];
        v5 = tile[lr + 20 + ((lr + 20) >> 4)];
        v6 = tile[lr + 24 + ((lr + 24) >> 4)];
        v7 = tile[lr + 28 + ((lr + 28) >> 4)];
        v8 = tile[lr + 32 + ((lr + 32) >> 4)];
        v9 = tile[lr + 36 + ((lr + 36) >> 4)];
        v10 = tile[lr + 40 + ((lr + 40) >> 4)];
        v11 = tile[lr + 44 + ((lr + 44) >> 4)];
        v12 = tile[lr + 48 + ((lr + 48) >> 4)];
        v13 = tile[lr + 52 + ((lr + 52) >> 4)];
        v14 = tile[lr + 56 + ((lr + 56) >> 4)];
        v15 = tile[lr + 60 + ((lr + 60) >> 4)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
     {
        const real2 s1 = v1 + v3;
        const real2 d1 = v1 - v3;
        const real2 e0 = v0 + v2;
        const real2 e1 = v0 - v2;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v12 = y0;
        v13 = y1;
        v14 = y2;
        v15 = y3;
    }
     {
        const real2 s1 = v4 + v12;
        const real2 d1 = v4 - v12;
        const real2 e0 = v0 + v8;
        const real2 e1 = v0 - v8;
        const real2 a1 = e1;
        const real2 b1 = d1;
        const real2 y0 = e0 + s1;
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
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
        const real2 y1 = (real2)(a1.x - b1.y, a1.y + b1.x);
        const real2 y3 = (real2)(a1.x + b1.y, a1.y - b1.x);
        const real2 y2 = e0 - s1;
        v3 = y0;
        v7 = y1;
        v11 = y2;
        v15 = y3;
    }
     {
        const uint lw = (t % 4) + (t / 4) * 64;
        const uint lr = t;
        tile[lw + 0 + ((lw + 0) >> 4)] = v0;
        tile[lw + 4 + ((lw + 4) >> 4)] = v1;
        tile[lw + 8 + ((lw + 8) >> 4)] = v2;
        tile[lw + 12 + ((lw + 12) >> 4)] = v3;
        tile[lw + 16 + ((lw + 16) >> 4)] = v4;
        tile[lw + 20 + ((lw + 20) >> 4)] = v5;
        tile[lw + 24 + ((lw + 24) >> 4)] = v6;
        tile[lw + 28 + ((lw + 28) >> 4)] = v7;
        tile[lw + 32 + ((lw + 32) >> 4)] = v8;
        tile[lw + 36 + ((lw + 36) >> 4)] = v9;
        tile[lw + 40 + ((lw + 40) >> 4)] = v10;
        tile[lw + 44 + ((lw + 44) >> 4)] = v11;
        tile[lw + 48 + ((lw + 48) >> 4)] = v12;
        tile[lw + 52 + ((lw + 52) >> 4)] = v13;
        tile[lw + 56 + ((lw + 56) >> 4)] = v14;
        tile[lw + 60 + ((lw + 60) >> 4)] = v15;
        barrier(CLK_LOCAL_MEM_FENCE);
        v0 = tile[lr + 0 + ((lr + 0) >> 4)];
        v1 = tile[lr + 64 + ((lr + 64) >> 4)];
        v2 = tile[lr + 128 + ((lr + 128) >> 4)];
        v3 = tile[lr + 192 + ((lr + 192) >> 4)];
        v4 = tile[lr + 256 + ((lr + 256) >> 4)];
        v5 = tile[lr + 320 + ((lr + 320) >> 4)];
        v6 = tile[lr + 384 + ((lr + 384) >> 4)];
        v7 = tile[lr + 448 + ((lr + 448) >> 4)];
        v8 = tile[lr + 512 + ((lr + 512) >> 4)];
        v9 = tile[lr + 576 + ((lr + 576) >> 4)];
        v10 = tile[lr + 640 + ((lr + 640) >> 4)];
        v11 = tile[lr + 704 + ((lr + 704) >> 4)];
        v12 = tile[lr + 768 + ((lr + 768) >> 4)];
        v13 = tile[lr + 832 + ((lr + 832) >> 4)];
        v14 = tile[lr + 896 + ((lr + 896) >> 4)];
        v15 = tile[lr + 960 + ((lr + 960) >> 4)];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = (t % 4) + (t / 4) * 1024;
    dst[out_base + t_out + 0] = v0 * 3.81469726562500000e-6;
    dst[out_base + t_out + 16384] = v1 * 3.81469726562500000e-6;
    dst[out_base + t_out + 32768] = v2 * 3.81469726562500000e-6;
    dst[out_base + t_out + 49152] = v3 * 3.81469726562500000e-6;
    dst[out_base + t_out + 65536] = v4 * 3.81469726562500000e-6;
    dst[out_base + t_out + 81920] = v5 * 3.81469726562500000e-6;
    dst[out_base + t_out + 98304] = v6 * 3.81469726562500000e-6;
    dst[out_base + t_out + 114688] = v7 * 3.81469726562500000e-6;
    dst[out_base + t_out + 131072] = v8 * 3.81469726562500000e-6;
    dst[out_base + t_out + 147456] = v9 * 3.81469726562500000e-6;
    dst[out_base + t_out + 163840] = v10 * 3.81469726562500000e-6;
    dst[out_base + t_out + 180224] = v11 * 3.81469726562500000e-6;
    dst[out_base + t_out + 196608] = v12 * 3.81469726562500000e-6;
    dst[out_base + t_out + 212992] = v13 * 3.81469726562500000e-6;
    dst[out_base + t_out + 229376] = v14 * 3.81469726562500000e-6;
    dst[out_base + t_out + 245760] = v15 * 3.81469726562500000e-6;
}
