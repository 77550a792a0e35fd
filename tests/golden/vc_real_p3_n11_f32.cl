// jitfft source vc --real: the complex passes of 3^10 x 2 bins with the real path's fused ends, then the real program
// (the run launches none of its kernels).
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

// vc_fused0_p3_n10_m6t0_inp_fwd_f32_b2r2_reals2_bins: fused pass 0 of the VC transform, p = 3, N = 3^10.
// Transforms 6 digit(s) (in place layout) of a tile of 729 elements (digits at input positions x0 x1 x2 x3 x4 x5), 0 lane digit(s);
// 81 work-items x 9 registers each; 3 sub-stage(s) of p-point codelets, exchanged through
// local memory.
// Batch of 2 transforms of N points one after another; 2 per work-group, each its own
// slice of local memory (rows past the batch redo the last transform and write nothing).
// Input: p reals a row (vc --real); the value of transform b*2 + k at e is bin k of the real DFT
// of row b*N + e, times 1e0.
// A work-group holds the 2 bins of its rows, side by side in the work-item id (row = id mod 2):
// a warp's loads and stores cover whole rows.
__constant real2 vc_fused0_p3_n10_m6t0_inp_fwd_f32_b2r2_reals2_bins_roots[3] = {(real2)(1.000000000e0f, 0.000000000e0f), (real2)(-5.000000000e-1f, -8.660253882e-1f), (real2)(-5.000000000e-1f, 8.660253882e-1f)};
__kernel __attribute__((reqd_work_group_size(162, 1, 1)))
void vc_fused0_p3_n10_m6t0_inp_fwd_f32_b2r2_reals2_bins(__global const real *restrict src, __global real2 *restrict dst) {
    __local real2 tile_rows[1488];
    const uint t = get_local_id(0) / 2u;
    const uint row = get_local_id(0) % 2u;
    __local real2 *tile = tile_rows + row * 744u;
    const idx_t gg = get_group_id(0);
    const idx_t g = gg % 81u;
    const idx_t bt = (gg / 81u) * 2u + row;
    const bool live = bt < 2u;
    const idx_t bb = live ? bt : 1u;
    const idx_t in_base = g * 729 + (bb / 2u) * 59049u;
    const idx_t out_base = g * 729 + bb * 59049u;
    const uint hk = (uint)(bb % 2u);
    const real2 rw1 = vc_fused0_p3_n10_m6t0_inp_fwd_f32_b2r2_reals2_bins_roots[(1u * hk) % 3u];
    const real2 rw2 = vc_fused0_p3_n10_m6t0_inp_fwd_f32_b2r2_reals2_bins_roots[(2u * hk) % 3u];
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8;
    const idx_t t_in = t;
     {
        const idx_t i = (in_base + t_in + 0) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v0 = a;
    }
     {
        const idx_t i = (in_base + t_in + 81) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v1 = a;
    }
     {
        const idx_t i = (in_base + t_in + 162) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v2 = a;
    }
     {
        const idx_t i = (in_base + t_in + 243) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v3 = a;
    }
     {
        const idx_t i = (in_base + t_in + 324) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v4 = a;
    }
     {
        const idx_t i = (in_base + t_in + 405) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v5 = a;
    }
     {
        const idx_t i = (in_base + t_in + 486) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v6 = a;
    }
     {
        const idx_t i = (in_base + t_in + 567) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v7 = a;
    }
     {
        const idx_t i = (in_base + t_in + 648) * 3u;
        real2 a = (real2)(src[i], 0);
        a += src[i + 1u] * rw1;
        a += src[i + 2u] * rw2;
        v8 = a;
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
    if (live) dst[out_base + t_out + 0] = v0;
    if (live) dst[out_base + t_out + 81] = v1;
    if (live) dst[out_base + t_out + 162] = v2;
    if (live) dst[out_base + t_out + 243] = v3;
    if (live) dst[out_base + t_out + 324] = v4;
    if (live) dst[out_base + t_out + 405] = v5;
    if (live) dst[out_base + t_out + 486] = v6;
    if (live) dst[out_base + t_out + 567] = v7;
    if (live) dst[out_base + t_out + 648] = v8;
}

// vc_fused1_p3_n10_m4t2_inp_fwd_f32_b2r2_rowsout2_bins: fused pass 1 of the VC transform, p = 3, N = 3^10.
// Transforms 4 digit(s) (in place layout) of a tile of 729 elements (digits at input positions lane0 lane1 x6 x7 x8 x9), 2 lane digit(s);
// 81 work-items x 9 registers each; 2 sub-stage(s) of p-point codelets, exchanged through
// local memory.
// Batch of 2 transforms of N points one after another; 2 per work-group, each its own
// slice of local memory (rows past the batch redo the last transform and write nothing).
// Output: numpy's half-spectrum rows: transform b*2 + k, element e at (b*N + e)*2 + k.
// A work-group holds the 2 bins of its rows, side by side in the work-item id (row = id mod 2):
// a warp's loads and stores cover whole rows.
__kernel __attribute__((reqd_work_group_size(162, 1, 1)))
void vc_fused1_p3_n10_m4t2_inp_fwd_f32_b2r2_rowsout2_bins(__global const real2 *restrict src, __global real2 *restrict dst) {
    __local real2 tile_rows[1488];
    const uint t = get_local_id(0) / 2u;
    const uint row = get_local_id(0) % 2u;
    __local real2 *tile = tile_rows + row * 744u;
    const idx_t gg = get_group_id(0);
    const idx_t g = gg % 81u;
    const idx_t bt = (gg / 81u) * 2u + row;
    const bool live = bt < 2u;
    const idx_t bb = live ? bt : 1u;
    const idx_t in_base = g * 9 + bb * 59049u;
    const idx_t out_base = g * 18 + (bb / 2u) * 118098u + bb % 2u;
    real2 v0, v1, v2, v3, v4, v5, v6, v7, v8;
    const idx_t t_in = (t % 9) + (t / 9) * 729;
    v0 = src[in_base + t_in + 0];
    v1 = src[in_base + t_in + 6561];
    v2 = src[in_base + t_in + 13122];
    v3 = src[in_base + t_in + 19683];
    v4 = src[in_base + t_in + 26244];
    v5 = src[in_base + t_in + 32805];
    v6 = src[in_base + t_in + 39366];
    v7 = src[in_base + t_in + 45927];
    v8 = src[in_base + t_in + 52488];
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
    const idx_t t_out = (t % 9) * 2 + (t / 9) * 1458;
    if (live) dst[out_base + t_out + 0] = v0;
    if (live) dst[out_base + t_out + 13122] = v1;
    if (live) dst[out_base + t_out + 26244] = v2;
    if (live) dst[out_base + t_out + 39366] = v3;
    if (live) dst[out_base + t_out + 52488] = v4;
    if (live) dst[out_base + t_out + 65610] = v5;
    if (live) dst[out_base + t_out + 78732] = v6;
    if (live) dst[out_base + t_out + 91854] = v7;
    if (live) dst[out_base + t_out + 104976] = v8;
}

// Real-input VC passes for p = 3 (f32): numpy's rfftn / irfftn along the last axis
// of (p,)*n arrays, h = p/2 + 1 bins; rows = B·M rows of p reals, M = p^(n-1) (here 59049):
// work-item (r, b) of an M × B range takes row g = b·M + r.
// The complex passes over the other n-1 digits run between them, bins-major (B, h, M).
#define P 3
#define H 2
#define SCALE 1.000000000e0f

__constant real2 WF[P] = {
    (real2)(1.000000000e0f, 0.000000000e0f),
    (real2)(-5.000000000e-1f, -8.660253882e-1f),
    (real2)(-5.000000000e-1f, 8.660253882e-1f)
};

__constant real2 WI[P] = {
    (real2)(1.000000000e0f, 0.000000000e0f),
    (real2)(-5.000000000e-1f, 8.660253882e-1f),
    (real2)(-5.000000000e-1f, -8.660253882e-1f)
};

// Forward: the p reals of row g → its h bins, times SCALE, written bins-major.
__kernel void rvc_r2c_p3_f32(__global const real* x, __global real2* y, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    real v0 = x[g * P + 0];
    real v1 = x[g * P + 1];
    real v2 = x[g * P + 2];
    y[(b * H + 0) * m + r] = (real2)(v0 + v1 + v2, 0) * SCALE;
    y[(b * H + 1) * m + r] = (real2)(v0 - 5.000000000e-1f * v1 - 5.000000000e-1f * v2, -8.660253882e-1f * v1 + 8.660253882e-1f * v2) * SCALE;
}

// Inverse: the h bins of row g (bins-major) → its p reals, times SCALE; bins 1..(p-1)/2
// count twice (their conjugate partners), bin 0 and bin p/2 once, real part only.
__kernel void rvc_c2r_p3_f32(__global const real2* y, __global real* x, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    real2 z0 = y[(b * H + 0) * m + r];
    real2 z1 = y[(b * H + 1) * m + r];
    x[g * P + 0] = (z0.x + 2.000000000e0f * z1.x) * SCALE;
    x[g * P + 1] = (z0.x - z1.x - 1.732050776e0f * z1.y) * SCALE;
    x[g * P + 2] = (z0.x - z1.x + 1.732050776e0f * z1.y) * SCALE;
}

// Bins-major (B, h, M) → numpy's rows (B, M, h).
__kernel void rvc_bins_to_rows_p3_f32(__global const real2* src, __global real2* dst, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    for (int k = 0; k < H; k++) dst[g * H + k] = src[(b * H + k) * m + r];
}

// numpy's rows (B, M, h) → bins-major (B, h, M).
__kernel void rvc_rows_to_bins_p3_f32(__global const real2* src, __global real2* dst, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    for (int k = 0; k < H; k++) dst[(b * H + k) * m + r] = src[g * H + k];
}
