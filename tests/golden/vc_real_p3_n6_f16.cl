// Real-input VC passes for p = 3 (f32 stored as f16): numpy's rfftn / irfftn along the last axis
// of (p,)*n arrays, h = p/2 + 1 bins; rows = B·M rows of p reals, M = p^(n-1) (here 243).
// The complex passes over the other n-1 digits run between them, bins-major (B, h, M).
typedef float real;
typedef float2 real2;
#define P 3
#define H 2
#define SCALE 1.000000000e0f

typedef ulong idx_t;
// Storage: a complex value is two IEEE halves (re, im) in one 32-bit word, computed in
// float (vload_half2 / vstore_half2_rte: core OpenCL, no cl_khr_fp16 needed). A result
// above 65504 rounds to inf; the host refuses it.
typedef uint cstore;
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
    ulong g = get_global_id(0);
    if (g >= rows) return;
    ulong b = g / m, r = g - b * m;
    real v[P];
    for (int j = 0; j < P; j++) v[j] = ld_r(x, g * P + j);
    for (int k = 0; k < H; k++) {
        real2 acc = (real2)(0, 0);
        int t = 0;
        for (int j = 0; j < P; j++) {
            acc += v[j] * WF[t];
            t += k; if (t >= P) t -= P;
        }
        st_c(y, (b * H + k) * m + r, acc * SCALE);
    }
}

// Inverse: the h bins of row g (bins-major) → its p reals, times SCALE; bins 1..(p-1)/2
// count twice (their conjugate partners), bin 0 and bin p/2 once, real part only.
__kernel void rvc_c2r_p3_f16(__global const cstore* y, __global half* x, ulong rows, ulong m) {
    ulong g = get_global_id(0);
    if (g >= rows) return;
    ulong b = g / m, r = g - b * m;
    real2 z[H];
    for (int k = 0; k < H; k++) {
        z[k] = ld_c(y, (b * H + k) * m + r);
        if (k > 0 && 2 * k != P) z[k] *= (real)2;
    }
    for (int j = 0; j < P; j++) {
        real acc = 0;
        int t = 0;
        for (int k = 0; k < H; k++) {
            acc += z[k].x * WI[t].x - z[k].y * WI[t].y;
            t += j; if (t >= P) t -= P;
        }
        st_r(x, g * P + j, acc * SCALE);
    }
}

// Bins-major (B, h, M) → numpy's rows (B, M, h).
__kernel void rvc_bins_to_rows_p3_f16(__global const cstore* src, __global cstore* dst, ulong rows, ulong m) {
    ulong g = get_global_id(0);
    if (g >= rows) return;
    ulong b = g / m, r = g - b * m;
    for (int k = 0; k < H; k++) st_c(dst, g * H + k, ld_c(src, (b * H + k) * m + r));
}

// numpy's rows (B, M, h) → bins-major (B, h, M).
__kernel void rvc_rows_to_bins_p3_f16(__global const cstore* src, __global cstore* dst, ulong rows, ulong m) {
    ulong g = get_global_id(0);
    if (g >= rows) return;
    ulong b = g / m, r = g - b * m;
    for (int k = 0; k < H; k++) st_c(dst, (b * H + k) * m + r, ld_c(src, g * H + k));
}
