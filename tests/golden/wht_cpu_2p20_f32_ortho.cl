// Real Walsh–Hadamard transform in natural (Sylvester) order, y = H(2^20) · x for each
// row of 2^20 f32 values, in place, scaled by 9.765625e-4; 6 pass(es) over the index
// bits [18, 20), [15, 18), [12, 15), [9, 12), [6, 9), [0, 6).
// CPU-shaped register passes: each work-item transforms 8 consecutive columns in vector slots.
typedef float real;
typedef uint idx_t;

// 8 real values, one butterfly a slot.
typedef float8 rvec8;
inline rvec8 load_rvec8(__global const real *p) { return vload8(0, p); }
inline void store_rvec8(rvec8 v, __global real *p) { vstore8(v, 0, p); }
// p[i.s0], p[i.s1], ... and back; p[l*r] for l < lanes and back.
inline rvec8 gather_rvec8(__global const real *p, uint8 i) { return (rvec8)(p[i.s0], p[i.s1], p[i.s2], p[i.s3], p[i.s4], p[i.s5], p[i.s6], p[i.s7]); }
inline void scatter_rvec8(rvec8 v, __global real *p, uint8 i) {
    p[i.s0] = v.s0;
    p[i.s1] = v.s1;
    p[i.s2] = v.s2;
    p[i.s3] = v.s3;
    p[i.s4] = v.s4;
    p[i.s5] = v.s5;
    p[i.s6] = v.s6;
    p[i.s7] = v.s7;
}
inline rvec8 rows_rvec8(__global const real *p, const uint r) { return (rvec8)(p[0u * r], p[1u * r], p[2u * r], p[3u * r], p[4u * r], p[5u * r], p[6u * r], p[7u * r]); }
inline void unrows_rvec8(rvec8 v, __global real *p, const uint r) {
    p[0u * r] = v.s0;
    p[1u * r] = v.s1;
    p[2u * r] = v.s2;
    p[3u * r] = v.s3;
    p[4u * r] = v.s4;
    p[5u * r] = v.s5;
    p[6u * r] = v.s6;
    p[7u * r] = v.s7;
}

// wht_ct_r4_f32_l8: one radix-4 pass of the Walsh–Hadamard transform: the VC transform on real values (p = 2, 2 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 4; coefficients folded in as literals: p-point codelets along each digit.
// Cooley-Tukey, in place: each work-item computes the 8 butterflies at base + l, l < 8,
// base = t % dist + r*dist*(t / dist), t = 8*gid, butterfly l in slot l of rvec8 vectors:
// every operation below acts on 8 butterflies at once. Rows are read and written as whole
// lines where the 8 butterflies are consecutive; at dist 1 their 8*4 values are one
// block, read and written transposed (rows_); else gathered (a block of dist ends among
// them, or dist < 8; lanes past the last butterfly repeat it).
__kernel void wht_ct_r4_f32_l8(__global real *data, const idx_t dist, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    // Butterflies t..t+7 of 262144; on consecutive positions (one line a row) unless a block of dist ends among them.
    const idx_t t = g * 8u;
    const idx_t base = t % dist + 4u * dist * (t / dist);
    const int line = t % dist + 8u <= dist && t + 8u <= 262144u;
    const uint8 tl = min((uint8)(t) + (uint8)(0, 1, 2, 3, 4, 5, 6, 7), (uint8)(262143u));
    const uint8 pos = line ? (uint8)(0) : tl % dist + 4u * dist * (tl / dist);
    rvec8 x0, x1, x2, x3;
    if (line) {
        x0 = load_rvec8(data + base + 0u * dist);
        x1 = load_rvec8(data + base + 1u * dist);
        x2 = load_rvec8(data + base + 2u * dist);
        x3 = load_rvec8(data + base + 3u * dist);
    }
    else if (dist == 1u && t + 8u <= 262144u) {
        x0 = rows_rvec8(data + base + 0u, 4u);
        x1 = rows_rvec8(data + base + 1u, 4u);
        x2 = rows_rvec8(data + base + 2u, 4u);
        x3 = rows_rvec8(data + base + 3u, 4u);
    }
    else {
        x0 = gather_rvec8(data + 0u * dist, pos);
        x1 = gather_rvec8(data + 1u * dist, pos);
        x2 = gather_rvec8(data + 2u * dist, pos);
        x3 = gather_rvec8(data + 3u * dist, pos);
    }
     {
        const rvec8 e0 = x0 + x1;
        const rvec8 e1 = x0 - x1;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x1 = y1;
    }
     {
        const rvec8 e0 = x2 + x3;
        const rvec8 e1 = x2 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x2 = y0;
        x3 = y1;
    }
     {
        const rvec8 e0 = x0 + x2;
        const rvec8 e1 = x0 - x2;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x2 = y1;
    }
     {
        const rvec8 e0 = x1 + x3;
        const rvec8 e1 = x1 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x1 = y0;
        x3 = y1;
    }
    if (line) {
        store_rvec8(x0, data + base + 0u * dist);
        store_rvec8(x1, data + base + 1u * dist);
        store_rvec8(x2, data + base + 2u * dist);
        store_rvec8(x3, data + base + 3u * dist);
    }
    else if (dist == 1u && t + 8u <= 262144u) {
        unrows_rvec8(x0, data + base + 0u, 4u);
        unrows_rvec8(x1, data + base + 1u, 4u);
        unrows_rvec8(x2, data + base + 2u, 4u);
        unrows_rvec8(x3, data + base + 3u, 4u);
    }
    else {
        scatter_rvec8(x0, data + 0u * dist, pos);
        scatter_rvec8(x1, data + 1u * dist, pos);
        scatter_rvec8(x2, data + 2u * dist, pos);
        scatter_rvec8(x3, data + 3u * dist, pos);
    }
}

// wht_ct_r8_f32_l8: one radix-8 pass of the Walsh–Hadamard transform: the VC transform on real values (p = 2, 3 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 8; coefficients folded in as literals: p-point codelets along each digit.
// Cooley-Tukey, in place: each work-item computes the 8 butterflies at base + l, l < 8,
// base = t % dist + r*dist*(t / dist), t = 8*gid, butterfly l in slot l of rvec8 vectors:
// every operation below acts on 8 butterflies at once. Rows are read and written as whole
// lines where the 8 butterflies are consecutive; at dist 1 their 8*8 values are one
// block, read and written transposed (rows_); else gathered (a block of dist ends among
// them, or dist < 8; lanes past the last butterfly repeat it).
__kernel void wht_ct_r8_f32_l8(__global real *data, const idx_t dist, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    // Butterflies t..t+7 of 131072; on consecutive positions (one line a row) unless a block of dist ends among them.
    const idx_t t = g * 8u;
    const idx_t base = t % dist + 8u * dist * (t / dist);
    const int line = t % dist + 8u <= dist && t + 8u <= 131072u;
    const uint8 tl = min((uint8)(t) + (uint8)(0, 1, 2, 3, 4, 5, 6, 7), (uint8)(131071u));
    const uint8 pos = line ? (uint8)(0) : tl % dist + 8u * dist * (tl / dist);
    rvec8 x0, x1, x2, x3, x4, x5, x6, x7;
    if (line) {
        x0 = load_rvec8(data + base + 0u * dist);
        x1 = load_rvec8(data + base + 1u * dist);
        x2 = load_rvec8(data + base + 2u * dist);
        x3 = load_rvec8(data + base + 3u * dist);
        x4 = load_rvec8(data + base + 4u * dist);
        x5 = load_rvec8(data + base + 5u * dist);
        x6 = load_rvec8(data + base + 6u * dist);
        x7 = load_rvec8(data + base + 7u * dist);
    }
    else if (dist == 1u && t + 8u <= 131072u) {
        x0 = rows_rvec8(data + base + 0u, 8u);
        x1 = rows_rvec8(data + base + 1u, 8u);
        x2 = rows_rvec8(data + base + 2u, 8u);
        x3 = rows_rvec8(data + base + 3u, 8u);
        x4 = rows_rvec8(data + base + 4u, 8u);
        x5 = rows_rvec8(data + base + 5u, 8u);
        x6 = rows_rvec8(data + base + 6u, 8u);
        x7 = rows_rvec8(data + base + 7u, 8u);
    }
    else {
        x0 = gather_rvec8(data + 0u * dist, pos);
        x1 = gather_rvec8(data + 1u * dist, pos);
        x2 = gather_rvec8(data + 2u * dist, pos);
        x3 = gather_rvec8(data + 3u * dist, pos);
        x4 = gather_rvec8(data + 4u * dist, pos);
        x5 = gather_rvec8(data + 5u * dist, pos);
        x6 = gather_rvec8(data + 6u * dist, pos);
        x7 = gather_rvec8(data + 7u * dist, pos);
    }
     {
        const rvec8 e0 = x0 + x1;
        const rvec8 e1 = x0 - x1;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x1 = y1;
    }
     {
        const rvec8 e0 = x2 + x3;
        const rvec8 e1 = x2 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x2 = y0;
        x3 = y1;
    }
     {
        const rvec8 e0 = x4 + x5;
        const rvec8 e1 = x4 - x5;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x4 = y0;
        x5 = y1;
    }
     {
        const rvec8 e0 = x6 + x7;
        const rvec8 e1 = x6 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x6 = y0;
        x7 = y1;
    }
     {
        const rvec8 e0 = x0 + x2;
        const rvec8 e1 = x0 - x2;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x2 = y1;
    }
     {
        const rvec8 e0 = x1 + x3;
        const rvec8 e1 = x1 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x1 = y0;
        x3 = y1;
    }
     {
        const rvec8 e0 = x4 + x6;
        const rvec8 e1 = x4 - x6;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x4 = y0;
        x6 = y1;
    }
     {
        const rvec8 e0 = x5 + x7;
        const rvec8 e1 = x5 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x5 = y0;
        x7 = y1;
    }
     {
        const rvec8 e0 = x0 + x4;
        const rvec8 e1 = x0 - x4;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x4 = y1;
    }
     {
        const rvec8 e0 = x1 + x5;
        const rvec8 e1 = x1 - x5;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x1 = y0;
        x5 = y1;
    }
     {
        const rvec8 e0 = x2 + x6;
        const rvec8 e1 = x2 - x6;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x2 = y0;
        x6 = y1;
    }
     {
        const rvec8 e0 = x3 + x7;
        const rvec8 e1 = x3 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x3 = y0;
        x7 = y1;
    }
    if (line) {
        store_rvec8(x0, data + base + 0u * dist);
        store_rvec8(x1, data + base + 1u * dist);
        store_rvec8(x2, data + base + 2u * dist);
        store_rvec8(x3, data + base + 3u * dist);
        store_rvec8(x4, data + base + 4u * dist);
        store_rvec8(x5, data + base + 5u * dist);
        store_rvec8(x6, data + base + 6u * dist);
        store_rvec8(x7, data + base + 7u * dist);
    }
    else if (dist == 1u && t + 8u <= 131072u) {
        unrows_rvec8(x0, data + base + 0u, 8u);
        unrows_rvec8(x1, data + base + 1u, 8u);
        unrows_rvec8(x2, data + base + 2u, 8u);
        unrows_rvec8(x3, data + base + 3u, 8u);
        unrows_rvec8(x4, data + base + 4u, 8u);
        unrows_rvec8(x5, data + base + 5u, 8u);
        unrows_rvec8(x6, data + base + 6u, 8u);
        unrows_rvec8(x7, data + base + 7u, 8u);
    }
    else {
        scatter_rvec8(x0, data + 0u * dist, pos);
        scatter_rvec8(x1, data + 1u * dist, pos);
        scatter_rvec8(x2, data + 2u * dist, pos);
        scatter_rvec8(x3, data + 3u * dist, pos);
        scatter_rvec8(x4, data + 4u * dist, pos);
        scatter_rvec8(x5, data + 5u * dist, pos);
        scatter_rvec8(x6, data + 6u * dist, pos);
        scatter_rvec8(x7, data + 7u * dist, pos);
    }
}

// wht_ct_r64_f32_scaled_l8: one radix-8 pass of the Walsh–Hadamard transform: the VC transform on real values (p = 2, 3 digit(s) per butterfly), CPU-shaped, SIMD over lanes.
// y_i = sum_j W[i][j] x_j for i, j < 8; coefficients folded in as literals: p-point codelets along each digit.
// Cooley-Tukey, in place: each work-item computes the 8 butterflies at base + l, l < 8,
// base = t % dist + r*dist*(t / dist), t = 8*gid, butterfly l in slot l of rvec8 vectors:
// every operation below acts on 8 butterflies at once. Rows are read and written as whole
// lines where the 8 butterflies are consecutive; at dist 1 their 8*8 values are one
// block, read and written transposed (rows_); else gathered (a block of dist ends among
// them, or dist < 8; lanes past the last butterfly repeat it).
// Then the 3 lowest digits inside each vector (dist = 8: the lanes are consecutive positions), so the pass is radix 64.
// Outputs are scaled by 9.765625e-4 (normalisation).
__kernel void wht_ct_r64_f32_scaled_l8(__global real *data, const idx_t dist, const idx_t count) {
    const idx_t g = get_global_id(0);
    if (g >= count) return;
    // Butterflies t..t+7 of 131072; on consecutive positions (one line a row) unless a block of dist ends among them.
    const idx_t t = g * 8u;
    const idx_t base = t % dist + 8u * dist * (t / dist);
    const int line = t % dist + 8u <= dist && t + 8u <= 131072u;
    const uint8 tl = min((uint8)(t) + (uint8)(0, 1, 2, 3, 4, 5, 6, 7), (uint8)(131071u));
    const uint8 pos = line ? (uint8)(0) : tl % dist + 8u * dist * (tl / dist);
    rvec8 x0, x1, x2, x3, x4, x5, x6, x7;
    if (line) {
        x0 = load_rvec8(data + base + 0u * dist);
        x1 = load_rvec8(data + base + 1u * dist);
        x2 = load_rvec8(data + base + 2u * dist);
        x3 = load_rvec8(data + base + 3u * dist);
        x4 = load_rvec8(data + base + 4u * dist);
        x5 = load_rvec8(data + base + 5u * dist);
        x6 = load_rvec8(data + base + 6u * dist);
        x7 = load_rvec8(data + base + 7u * dist);
    }
    else if (dist == 1u && t + 8u <= 131072u) {
        x0 = rows_rvec8(data + base + 0u, 8u);
        x1 = rows_rvec8(data + base + 1u, 8u);
        x2 = rows_rvec8(data + base + 2u, 8u);
        x3 = rows_rvec8(data + base + 3u, 8u);
        x4 = rows_rvec8(data + base + 4u, 8u);
        x5 = rows_rvec8(data + base + 5u, 8u);
        x6 = rows_rvec8(data + base + 6u, 8u);
        x7 = rows_rvec8(data + base + 7u, 8u);
    }
    else {
        x0 = gather_rvec8(data + 0u * dist, pos);
        x1 = gather_rvec8(data + 1u * dist, pos);
        x2 = gather_rvec8(data + 2u * dist, pos);
        x3 = gather_rvec8(data + 3u * dist, pos);
        x4 = gather_rvec8(data + 4u * dist, pos);
        x5 = gather_rvec8(data + 5u * dist, pos);
        x6 = gather_rvec8(data + 6u * dist, pos);
        x7 = gather_rvec8(data + 7u * dist, pos);
    }
     {
        const rvec8 e0 = x0 + x1;
        const rvec8 e1 = x0 - x1;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x1 = y1;
    }
     {
        const rvec8 e0 = x2 + x3;
        const rvec8 e1 = x2 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x2 = y0;
        x3 = y1;
    }
     {
        const rvec8 e0 = x4 + x5;
        const rvec8 e1 = x4 - x5;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x4 = y0;
        x5 = y1;
    }
     {
        const rvec8 e0 = x6 + x7;
        const rvec8 e1 = x6 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x6 = y0;
        x7 = y1;
    }
     {
        const rvec8 e0 = x0 + x2;
        const rvec8 e1 = x0 - x2;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x2 = y1;
    }
     {
        const rvec8 e0 = x1 + x3;
        const rvec8 e1 = x1 - x3;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x1 = y0;
        x3 = y1;
    }
     {
        const rvec8 e0 = x4 + x6;
        const rvec8 e1 = x4 - x6;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x4 = y0;
        x6 = y1;
    }
     {
        const rvec8 e0 = x5 + x7;
        const rvec8 e1 = x5 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x5 = y0;
        x7 = y1;
    }
     {
        const rvec8 e0 = x0 + x4;
        const rvec8 e1 = x0 - x4;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x0 = y0;
        x4 = y1;
    }
     {
        const rvec8 e0 = x1 + x5;
        const rvec8 e1 = x1 - x5;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x1 = y0;
        x5 = y1;
    }
     {
        const rvec8 e0 = x2 + x6;
        const rvec8 e1 = x2 - x6;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x2 = y0;
        x6 = y1;
    }
     {
        const rvec8 e0 = x3 + x7;
        const rvec8 e1 = x3 - x7;
        const rvec8 y0 = e0;
        const rvec8 y1 = e1;
        x3 = y0;
        x7 = y1;
    }
    // The 3 lowest digits, inside each vector: slots i and i ^ 2^b.
    const uint8 perm0 = (uint8)(1, 0, 3, 2, 5, 4, 7, 6);
    const int8 high0 = (int8)(0, -1, 0, -1, 0, -1, 0, -1);
    const uint8 perm1 = (uint8)(2, 3, 0, 1, 6, 7, 4, 5);
    const int8 high1 = (int8)(0, 0, -1, -1, 0, 0, -1, -1);
    const uint8 perm2 = (uint8)(4, 5, 6, 7, 0, 1, 2, 3);
    const int8 high2 = (int8)(0, 0, 0, 0, -1, -1, -1, -1);
    { const rvec8 o = shuffle(x0, perm0); x0 = select(x0 + o, o - x0, high0); }
    { const rvec8 o = shuffle(x0, perm1); x0 = select(x0 + o, o - x0, high1); }
    { const rvec8 o = shuffle(x0, perm2); x0 = select(x0 + o, o - x0, high2); }
    { const rvec8 o = shuffle(x1, perm0); x1 = select(x1 + o, o - x1, high0); }
    { const rvec8 o = shuffle(x1, perm1); x1 = select(x1 + o, o - x1, high1); }
    { const rvec8 o = shuffle(x1, perm2); x1 = select(x1 + o, o - x1, high2); }
    { const rvec8 o = shuffle(x2, perm0); x2 = select(x2 + o, o - x2, high0); }
    { const rvec8 o = shuffle(x2, perm1); x2 = select(x2 + o, o - x2, high1); }
    { const rvec8 o = shuffle(x2, perm2); x2 = select(x2 + o, o - x2, high2); }
    { const rvec8 o = shuffle(x3, perm0); x3 = select(x3 + o, o - x3, high0); }
    { const rvec8 o = shuffle(x3, perm1); x3 = select(x3 + o, o - x3, high1); }
    { const rvec8 o = shuffle(x3, perm2); x3 = select(x3 + o, o - x3, high2); }
    { const rvec8 o = shuffle(x4, perm0); x4 = select(x4 + o, o - x4, high0); }
    { const rvec8 o = shuffle(x4, perm1); x4 = select(x4 + o, o - x4, high1); }
    { const rvec8 o = shuffle(x4, perm2); x4 = select(x4 + o, o - x4, high2); }
    { const rvec8 o = shuffle(x5, perm0); x5 = select(x5 + o, o - x5, high0); }
    { const rvec8 o = shuffle(x5, perm1); x5 = select(x5 + o, o - x5, high1); }
    { const rvec8 o = shuffle(x5, perm2); x5 = select(x5 + o, o - x5, high2); }
    { const rvec8 o = shuffle(x6, perm0); x6 = select(x6 + o, o - x6, high0); }
    { const rvec8 o = shuffle(x6, perm1); x6 = select(x6 + o, o - x6, high1); }
    { const rvec8 o = shuffle(x6, perm2); x6 = select(x6 + o, o - x6, high2); }
    { const rvec8 o = shuffle(x7, perm0); x7 = select(x7 + o, o - x7, high0); }
    { const rvec8 o = shuffle(x7, perm1); x7 = select(x7 + o, o - x7, high1); }
    { const rvec8 o = shuffle(x7, perm2); x7 = select(x7 + o, o - x7, high2); }
    if (line) {
        store_rvec8(x0 * 9.765625000e-4f, data + base + 0u * dist);
        store_rvec8(x1 * 9.765625000e-4f, data + base + 1u * dist);
        store_rvec8(x2 * 9.765625000e-4f, data + base + 2u * dist);
        store_rvec8(x3 * 9.765625000e-4f, data + base + 3u * dist);
        store_rvec8(x4 * 9.765625000e-4f, data + base + 4u * dist);
        store_rvec8(x5 * 9.765625000e-4f, data + base + 5u * dist);
        store_rvec8(x6 * 9.765625000e-4f, data + base + 6u * dist);
        store_rvec8(x7 * 9.765625000e-4f, data + base + 7u * dist);
    }
    else if (dist == 1u && t + 8u <= 131072u) {
        unrows_rvec8(x0 * 9.765625000e-4f, data + base + 0u, 8u);
        unrows_rvec8(x1 * 9.765625000e-4f, data + base + 1u, 8u);
        unrows_rvec8(x2 * 9.765625000e-4f, data + base + 2u, 8u);
        unrows_rvec8(x3 * 9.765625000e-4f, data + base + 3u, 8u);
        unrows_rvec8(x4 * 9.765625000e-4f, data + base + 4u, 8u);
        unrows_rvec8(x5 * 9.765625000e-4f, data + base + 5u, 8u);
        unrows_rvec8(x6 * 9.765625000e-4f, data + base + 6u, 8u);
        unrows_rvec8(x7 * 9.765625000e-4f, data + base + 7u, 8u);
    }
    else {
        scatter_rvec8(x0 * 9.765625000e-4f, data + 0u * dist, pos);
        scatter_rvec8(x1 * 9.765625000e-4f, data + 1u * dist, pos);
        scatter_rvec8(x2 * 9.765625000e-4f, data + 2u * dist, pos);
        scatter_rvec8(x3 * 9.765625000e-4f, data + 3u * dist, pos);
        scatter_rvec8(x4 * 9.765625000e-4f, data + 4u * dist, pos);
        scatter_rvec8(x5 * 9.765625000e-4f, data + 5u * dist, pos);
        scatter_rvec8(x6 * 9.765625000e-4f, data + 6u * dist, pos);
        scatter_rvec8(x7 * 9.765625000e-4f, data + 7u * dist, pos);
    }
}
