// jitfft source vc --real: the complex passes of 3^5 x 2 bins, then the real program
// (the run launches its real pass and its layout move around the complex passes).
// jitfft generated program: Vilenkin-Chrestenson transform (forward), p = 3, n = 5, fused passes
// of 5 digits; each work-group transforms a tile in registers and local memory.
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

// vc_fused0_p3_n5_m5t0_inp_fwd_f16_b2r2: fused pass 0 of the VC transform, p = 3, N = 3^5.
// Transforms 5 digit(s) (in place layout) of a tile of 243 elements (digits at input positions x0 x1 x2 x3 x4), 0 lane digit(s);
// 81 work-items x 3 registers each; 5 sub-stage(s) of p-point codelets, exchanged through
// local memory.
// Batch of 2 transforms of N points one after another; 2 per work-group, each its own
// slice of local memory (rows past the batch redo the last transform and write nothing).
__kernel __attribute__((reqd_work_group_size(162, 1, 1)))
void vc_fused0_p3_n5_m5t0_inp_fwd_f16_b2r2(__global const cstore *restrict src, __global cstore *restrict dst) {
    __local real2 tile_rows[486];
    const uint t = get_local_id(0) % 81u;
    const uint row = get_local_id(0) / 81u;
    __local real2 *tile = tile_rows + row * 243u;
    const idx_t gg = get_group_id(0);
    const idx_t g = 0;
    const idx_t bt = gg * 2u + row;
    const bool live = bt < 2u;
    const idx_t bb = live ? bt : 1u;
    const idx_t in_base = bb * 243u;
    const idx_t out_base = bb * 243u;
    real2 v0, v1, v2;
    const idx_t t_in = t;
    v0 = ld_c(src, in_base + t_in + 0);
    v1 = ld_c(src, in_base + t_in + 81);
    v2 = ld_c(src, in_base + t_in + 162);
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
        v1 = tile[lr + 81];
        v2 = tile[lr + 162];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const idx_t t_out = t;
    if (live) st_c(dst, out_base + t_out + 0, v0);
    if (live) st_c(dst, out_base + t_out + 81, v1);
    if (live) st_c(dst, out_base + t_out + 162, v2);
}

// Real-input VC passes for p = 3 (f32 stored as f16): numpy's rfftn / irfftn along the last axis
// of (p,)*n arrays, h = p/2 + 1 bins; rows = B·M rows of p reals, M = p^(n-1) (here 243):
// work-item (r, b) of an M × B range takes row g = b·M + r.
// The complex passes over the other n-1 digits run between them, bins-major (B, h, M).
#define P 3
#define H 2
#define SCALE 1.000000000e0f

// Storage: a complex value is two IEEE halves (re, im) in one 32-bit word, computed in
// float (vload_half2 / vstore_half2_rte: core OpenCL, no cl_khr_fp16 needed). A result
// above 65504 rounds to inf; the host refuses it.
inline float2 ld_c(__global const cstore *p, idx_t i) { return vload_half2(i, (__global const half *)p); }
inline void st_c(__global cstore *p, idx_t i, float2 v) { vstore_half2_rte(v, i, (__global half *)p); }
#define ld_r(p, i) vload_half(i, p)
#define st_r(p, i, v) vstore_half_rte(v, i, p)

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
__kernel void rvc_r2c_p3_f16(__global const half* x, __global cstore* y, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    real v0 = ld_r(x, g * P + 0);
    real v1 = ld_r(x, g * P + 1);
    real v2 = ld_r(x, g * P + 2);
    st_c(y, (b * H + 0) * m + r, (real2)(v0 + v1 + v2, 0) * SCALE);
    st_c(y, (b * H + 1) * m + r, (real2)(v0 - 5.000000000e-1f * v1 - 5.000000000e-1f * v2, -8.660253882e-1f * v1 + 8.660253882e-1f * v2) * SCALE);
}

// Inverse: the h bins of row g (bins-major) → its p reals, times SCALE; bins 1..(p-1)/2
// count twice (their conjugate partners), bin 0 and bin p/2 once, real part only.
__kernel void rvc_c2r_p3_f16(__global const cstore* y, __global half* x, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    real2 z0 = ld_c(y, (b * H + 0) * m + r);
    real2 z1 = ld_c(y, (b * H + 1) * m + r);
    st_r(x, g * P + 0, (z0.x + 2.000000000e0f * z1.x) * SCALE);
    st_r(x, g * P + 1, (z0.x - z1.x - 1.732050776e0f * z1.y) * SCALE);
    st_r(x, g * P + 2, (z0.x - z1.x + 1.732050776e0f * z1.y) * SCALE);
}

// Bins-major (B, h, M) → numpy's rows (B, M, h).
__kernel void rvc_bins_to_rows_p3_f16(__global const cstore* src, __global cstore* dst, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    for (int k = 0; k < H; k++) st_c(dst, g * H + k, ld_c(src, (b * H + k) * m + r));
}

// numpy's rows (B, M, h) → bins-major (B, h, M).
__kernel void rvc_rows_to_bins_p3_f16(__global const cstore* src, __global cstore* dst, ulong rows, ulong m) {
    ulong r = get_global_id(0), b = get_global_id(1);
    if (r >= m) return;
    ulong g = b * m + r;
    for (int k = 0; k < H; k++) st_c(dst, (b * H + k) * m + r, ld_c(src, g * H + k));
}
