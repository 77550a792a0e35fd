// jitfft: forward FFT of N = 2^8 over Z/pZ, p = 9223372054034644992^8 + 1 (505 bits), stages of radix 16×16.
// Layout: digit c of element i at x[i + c·N].
// Z/pZ with p = r^k + 1, r = 9223372054034644992, k = 8: an element is k base-r digits (one ulong each),
// canonical digits < r, except p − 1 = r^k ≡ −1 stored as (0, …, 0, r).
#define GFP_R 9223372054034644992UL
#define GFP_K 8
#define GFP_RN 9223372054034644992UL /* r << 0, normalised divisor */
#define GFP_RV 18446744004990075007UL /* floor((2^128-1)/GFP_RN) - 2^64 */

// d[] (digits < r) plus h·r^k, |h| ≤ 3, to the canonical form of D − h mod p.
void gfp_fold(ulong *d, long h) {
    if (h > 0) {
        ulong b = (ulong)h;
        { ulong lt = d[0] < b; d[0] = lt ? d[0] + (GFP_R - b) : d[0] - b; b = lt; }
        { ulong lt = d[1] < b; d[1] = lt ? d[1] + (GFP_R - b) : d[1] - b; b = lt; }
        { ulong lt = d[2] < b; d[2] = lt ? d[2] + (GFP_R - b) : d[2] - b; b = lt; }
        { ulong lt = d[3] < b; d[3] = lt ? d[3] + (GFP_R - b) : d[3] - b; b = lt; }
        { ulong lt = d[4] < b; d[4] = lt ? d[4] + (GFP_R - b) : d[4] - b; b = lt; }
        { ulong lt = d[5] < b; d[5] = lt ? d[5] + (GFP_R - b) : d[5] - b; b = lt; }
        { ulong lt = d[6] < b; d[6] = lt ? d[6] + (GFP_R - b) : d[6] - b; b = lt; }
        { ulong lt = d[7] < b; d[7] = lt ? d[7] + (GFP_R - b) : d[7] - b; b = lt; }
        h = b ? -1 : 0; /* a borrow out adds r^k: value ≡ D + 1 */
    }
    else if (h < 0) {
        ulong cy = (ulong)(-h);
        { ulong ge = d[0] >= GFP_R - cy; d[0] = ge ? d[0] - (GFP_R - cy) : d[0] + cy; cy = ge; }
        { ulong ge = d[1] >= GFP_R - cy; d[1] = ge ? d[1] - (GFP_R - cy) : d[1] + cy; cy = ge; }
        { ulong ge = d[2] >= GFP_R - cy; d[2] = ge ? d[2] - (GFP_R - cy) : d[2] + cy; cy = ge; }
        { ulong ge = d[3] >= GFP_R - cy; d[3] = ge ? d[3] - (GFP_R - cy) : d[3] + cy; cy = ge; }
        { ulong ge = d[4] >= GFP_R - cy; d[4] = ge ? d[4] - (GFP_R - cy) : d[4] + cy; cy = ge; }
        { ulong ge = d[5] >= GFP_R - cy; d[5] = ge ? d[5] - (GFP_R - cy) : d[5] + cy; cy = ge; }
        { ulong ge = d[6] >= GFP_R - cy; d[6] = ge ? d[6] - (GFP_R - cy) : d[6] + cy; cy = ge; }
        { ulong ge = d[7] >= GFP_R - cy; d[7] = ge ? d[7] - (GFP_R - cy) : d[7] + cy; cy = ge; }
        h = cy ? 1 : 0; /* a carry out removes r^k: value ≡ D − 1 */
    }
    if (h == 1) {
        if ((d[0] | d[1] | d[2] | d[3] | d[4] | d[5] | d[6] | d[7]) == 0) {
            d[7] = GFP_R; /* 0 − 1 = −1 */
        }
        else {
            ulong b = 1;
            { ulong lt = d[0] < b; d[0] = lt ? d[0] + (GFP_R - b) : d[0] - b; b = lt; }
            { ulong lt = d[1] < b; d[1] = lt ? d[1] + (GFP_R - b) : d[1] - b; b = lt; }
            { ulong lt = d[2] < b; d[2] = lt ? d[2] + (GFP_R - b) : d[2] - b; b = lt; }
            { ulong lt = d[3] < b; d[3] = lt ? d[3] + (GFP_R - b) : d[3] - b; b = lt; }
            { ulong lt = d[4] < b; d[4] = lt ? d[4] + (GFP_R - b) : d[4] - b; b = lt; }
            { ulong lt = d[5] < b; d[5] = lt ? d[5] + (GFP_R - b) : d[5] - b; b = lt; }
            { ulong lt = d[6] < b; d[6] = lt ? d[6] + (GFP_R - b) : d[6] - b; b = lt; }
            { ulong lt = d[7] < b; d[7] = lt ? d[7] + (GFP_R - b) : d[7] - b; b = lt; }
        }
    }
    else if (h == -1) {
        ulong cy = 1;
        { ulong ge = d[0] >= GFP_R - cy; d[0] = ge ? d[0] - (GFP_R - cy) : d[0] + cy; cy = ge; }
        { ulong ge = d[1] >= GFP_R - cy; d[1] = ge ? d[1] - (GFP_R - cy) : d[1] + cy; cy = ge; }
        { ulong ge = d[2] >= GFP_R - cy; d[2] = ge ? d[2] - (GFP_R - cy) : d[2] + cy; cy = ge; }
        { ulong ge = d[3] >= GFP_R - cy; d[3] = ge ? d[3] - (GFP_R - cy) : d[3] + cy; cy = ge; }
        { ulong ge = d[4] >= GFP_R - cy; d[4] = ge ? d[4] - (GFP_R - cy) : d[4] + cy; cy = ge; }
        { ulong ge = d[5] >= GFP_R - cy; d[5] = ge ? d[5] - (GFP_R - cy) : d[5] + cy; cy = ge; }
        { ulong ge = d[6] >= GFP_R - cy; d[6] = ge ? d[6] - (GFP_R - cy) : d[6] + cy; cy = ge; }
        { ulong ge = d[7] >= GFP_R - cy; d[7] = ge ? d[7] - (GFP_R - cy) : d[7] + cy; cy = ge; }
        if (cy) d[7] = GFP_R; /* r^k − 1 + 1 = r^k = −1 */
    }
}

// z = x + y mod p.
void gfp_add(ulong *z, const ulong *x, const ulong *y) {
    long hx = x[7] == GFP_R, hy = y[7] == GFP_R;
    ulong cy = 0;
    { ulong a = x[0], b = y[0], lim = GFP_R - b - cy; ulong ge = a >= lim; z[0] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[1], b = y[1], lim = GFP_R - b - cy; ulong ge = a >= lim; z[1] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[2], b = y[2], lim = GFP_R - b - cy; ulong ge = a >= lim; z[2] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[3], b = y[3], lim = GFP_R - b - cy; ulong ge = a >= lim; z[3] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[4], b = y[4], lim = GFP_R - b - cy; ulong ge = a >= lim; z[4] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[5], b = y[5], lim = GFP_R - b - cy; ulong ge = a >= lim; z[5] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[6], b = y[6], lim = GFP_R - b - cy; ulong ge = a >= lim; z[6] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = (hx ? 0UL : x[7]), b = (hy ? 0UL : y[7]), lim = GFP_R - b - cy; ulong ge = a >= lim; z[7] = ge ? a - lim : a + b + cy; cy = ge; }
    gfp_fold(z, (long)cy + hx + hy);
}

// z = x − y mod p.
void gfp_sub(ulong *z, const ulong *x, const ulong *y) {
    long hx = x[7] == GFP_R, hy = y[7] == GFP_R;
    ulong bw = 0;
    { ulong a = x[0], b = y[0]; ulong lt = a < b + bw; z[0] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[1], b = y[1]; ulong lt = a < b + bw; z[1] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[2], b = y[2]; ulong lt = a < b + bw; z[2] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[3], b = y[3]; ulong lt = a < b + bw; z[3] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[4], b = y[4]; ulong lt = a < b + bw; z[4] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[5], b = y[5]; ulong lt = a < b + bw; z[5] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[6], b = y[6]; ulong lt = a < b + bw; z[6] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = (hx ? 0UL : x[7]), b = (hy ? 0UL : y[7]); ulong lt = a < b + bw; z[7] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    gfp_fold(z, hx - hy - (long)bw);
}

// z = −x mod p.
void gfp_neg(ulong *z, const ulong *x) {
    ulong zero[GFP_K];
    zero[0] = 0;
    zero[1] = 0;
    zero[2] = 0;
    zero[3] = 0;
    zero[4] = 0;
    zero[5] = 0;
    zero[6] = 0;
    zero[7] = 0;
    gfp_sub(z, zero, x);
}

// z = x · r^s, 0 ≤ s < 2k, x read from local memory with digit stride `st`: a cyclic
// shift of the digits, the wrapped ones negated (r^k = −1), then normalised.
void gfp_shift_local(ulong *z, __local const ulong *x, uint st, uint s) {
    uint neg = s >= GFP_K;
    uint t = neg ? s - GFP_K : s;
    ulong hx = x[7u * st] == GFP_R;
    neg ^= (uint)hx; /* x = −1: x·r^s = −r^s */
    ulong bw = 0;
    { uint src = (0u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (0u >= t) ? v : 0UL, b = (0u < t) ? v : 0UL; if (hx && 0u == t) a = 1; ulong lt = a < b + bw; z[0] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (1u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (1u >= t) ? v : 0UL, b = (1u < t) ? v : 0UL; if (hx && 1u == t) a = 1; ulong lt = a < b + bw; z[1] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (2u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (2u >= t) ? v : 0UL, b = (2u < t) ? v : 0UL; if (hx && 2u == t) a = 1; ulong lt = a < b + bw; z[2] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (3u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (3u >= t) ? v : 0UL, b = (3u < t) ? v : 0UL; if (hx && 3u == t) a = 1; ulong lt = a < b + bw; z[3] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (4u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (4u >= t) ? v : 0UL, b = (4u < t) ? v : 0UL; if (hx && 4u == t) a = 1; ulong lt = a < b + bw; z[4] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (5u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (5u >= t) ? v : 0UL, b = (5u < t) ? v : 0UL; if (hx && 5u == t) a = 1; ulong lt = a < b + bw; z[5] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (6u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (6u >= t) ? v : 0UL, b = (6u < t) ? v : 0UL; if (hx && 6u == t) a = 1; ulong lt = a < b + bw; z[6] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (7u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (7u >= t) ? v : 0UL, b = (7u < t) ? v : 0UL; if (hx && 7u == t) a = 1; ulong lt = a < b + bw; z[7] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    gfp_fold(z, -(long)bw);
    if (neg) {
        ulong y[GFP_K];
        y[0] = z[0];
        y[1] = z[1];
        y[2] = z[2];
        y[3] = z[3];
        y[4] = z[4];
        y[5] = z[5];
        y[6] = z[6];
        y[7] = z[7];
        gfp_neg(z, y);
    }
}

// (u1:u0) / r with u1 < r: quotient, remainder in *rem (Möller–Granlund 2-by-1 division
// by the normalised divisor with a precomputed reciprocal).
ulong gfp_divr(ulong u1, ulong u0, ulong *rem) {
    ulong n1 = u1, n0 = u0;
    ulong q0 = GFP_RV * n1, q1 = mul_hi(GFP_RV, n1);
    ulong t0 = q0 + n0; q1 = q1 + n1 + (t0 < q0) + 1; q0 = t0;
    ulong rr = n0 - q1 * GFP_RN;
    if (rr > q0) { q1 -= 1; rr += GFP_RN; }
    if (rr >= GFP_RN) { q1 += 1; rr -= GFP_RN; }
    *rem = rr >> 0;
    return q1;
}

// z = x · y mod p: product scanning of the 2k − 1 digit columns (three-word accumulator,
// 64×64→128 products with mul_hi), carries in base r by division, then
// low k digits − high k digits (r^k = −1).
void gfp_mul(ulong *z, const ulong *x, const ulong *y) {
    ulong hx = x[7] == GFP_R, hy = y[7] == GFP_R;
    ulong a[GFP_K], b[GFP_K], lo[GFP_K], hi[GFP_K];
    a[0] = x[0]; b[0] = y[0];
    a[1] = x[1]; b[1] = y[1];
    a[2] = x[2]; b[2] = y[2];
    a[3] = x[3]; b[3] = y[3];
    a[4] = x[4]; b[4] = y[4];
    a[5] = x[5]; b[5] = y[5];
    a[6] = x[6]; b[6] = y[6];
    a[7] = hx ? 0UL : x[7]; b[7] = hy ? 0UL : y[7];
    ulong c0 = 0, c1 = 0, c2 = 0, rem;
    { ulong pl = a[0] * b[0], ph = mul_hi(a[0], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[0] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[1], ph = mul_hi(a[0], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[0], ph = mul_hi(a[1], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[1] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[2], ph = mul_hi(a[0], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[1], ph = mul_hi(a[1], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[0], ph = mul_hi(a[2], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[2] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[3], ph = mul_hi(a[0], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[2], ph = mul_hi(a[1], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[1], ph = mul_hi(a[2], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[0], ph = mul_hi(a[3], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[3] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[4], ph = mul_hi(a[0], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[3], ph = mul_hi(a[1], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[2], ph = mul_hi(a[2], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[1], ph = mul_hi(a[3], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[0], ph = mul_hi(a[4], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[4] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[5], ph = mul_hi(a[0], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[4], ph = mul_hi(a[1], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[3], ph = mul_hi(a[2], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[2], ph = mul_hi(a[3], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[1], ph = mul_hi(a[4], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[0], ph = mul_hi(a[5], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[5] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[6], ph = mul_hi(a[0], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[5], ph = mul_hi(a[1], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[4], ph = mul_hi(a[2], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[3], ph = mul_hi(a[3], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[2], ph = mul_hi(a[4], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[1], ph = mul_hi(a[5], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[0], ph = mul_hi(a[6], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[6] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[7], ph = mul_hi(a[0], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[6], ph = mul_hi(a[1], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[5], ph = mul_hi(a[2], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[4], ph = mul_hi(a[3], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[3], ph = mul_hi(a[4], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[2], ph = mul_hi(a[5], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[1], ph = mul_hi(a[6], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[0], ph = mul_hi(a[7], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[7] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[1] * b[7], ph = mul_hi(a[1], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[6], ph = mul_hi(a[2], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[5], ph = mul_hi(a[3], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[4], ph = mul_hi(a[4], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[3], ph = mul_hi(a[5], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[2], ph = mul_hi(a[6], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[1], ph = mul_hi(a[7], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[0] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[2] * b[7], ph = mul_hi(a[2], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[6], ph = mul_hi(a[3], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[5], ph = mul_hi(a[4], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[4], ph = mul_hi(a[5], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[3], ph = mul_hi(a[6], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[2], ph = mul_hi(a[7], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[1] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[3] * b[7], ph = mul_hi(a[3], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[6], ph = mul_hi(a[4], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[5], ph = mul_hi(a[5], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[4], ph = mul_hi(a[6], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[3], ph = mul_hi(a[7], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[2] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[4] * b[7], ph = mul_hi(a[4], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[6], ph = mul_hi(a[5], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[5], ph = mul_hi(a[6], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[4], ph = mul_hi(a[7], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[3] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[5] * b[7], ph = mul_hi(a[5], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[6], ph = mul_hi(a[6], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[5], ph = mul_hi(a[7], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[4] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[6] * b[7], ph = mul_hi(a[6], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[6], ph = mul_hi(a[7], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[5] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[7] * b[7], ph = mul_hi(a[7], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[6] = rem; c0 = q0; c1 = q1; c2 = 0; }
    hi[7] = c0;
    ulong bw = 0;
    { ulong lt = lo[0] < hi[0] + bw; z[0] = lt ? lo[0] + (GFP_R - hi[0] - bw) : lo[0] - hi[0] - bw; bw = lt; }
    { ulong lt = lo[1] < hi[1] + bw; z[1] = lt ? lo[1] + (GFP_R - hi[1] - bw) : lo[1] - hi[1] - bw; bw = lt; }
    { ulong lt = lo[2] < hi[2] + bw; z[2] = lt ? lo[2] + (GFP_R - hi[2] - bw) : lo[2] - hi[2] - bw; bw = lt; }
    { ulong lt = lo[3] < hi[3] + bw; z[3] = lt ? lo[3] + (GFP_R - hi[3] - bw) : lo[3] - hi[3] - bw; bw = lt; }
    { ulong lt = lo[4] < hi[4] + bw; z[4] = lt ? lo[4] + (GFP_R - hi[4] - bw) : lo[4] - hi[4] - bw; bw = lt; }
    { ulong lt = lo[5] < hi[5] + bw; z[5] = lt ? lo[5] + (GFP_R - hi[5] - bw) : lo[5] - hi[5] - bw; bw = lt; }
    { ulong lt = lo[6] < hi[6] + bw; z[6] = lt ? lo[6] + (GFP_R - hi[6] - bw) : lo[6] - hi[6] - bw; bw = lt; }
    { ulong lt = lo[7] < hi[7] + bw; z[7] = lt ? lo[7] + (GFP_R - hi[7] - bw) : lo[7] - hi[7] - bw; bw = lt; }
    gfp_fold(z, -(long)bw);
    if (hx | hy) {
        if (hx & hy) {
            z[0] = 1;
            z[1] = 0;
            z[2] = 0;
            z[3] = 0;
            z[4] = 0;
            z[5] = 0;
            z[6] = 0;
            z[7] = 0;
        }
        else if (hx) gfp_neg(z, y);
        else gfp_neg(z, x);
    }
}

__constant ushort gfp_dft16_fwd_l0a[8] = {0, 4, 2, 6, 1, 5, 3, 7};
__constant ushort gfp_dft16_fwd_l0b[8] = {8, 12, 10, 14, 9, 13, 11, 15};
__constant ushort gfp_dft16_fwd_l1a[8] = {4, 12, 6, 14, 5, 13, 7, 15};
__constant ushort gfp_dft16_fwd_l1b[8] = {0, 4, 0, 4, 0, 4, 0, 4};
__constant ushort gfp_dft16_fwd_l2a[8] = {0, 8, 2, 10, 1, 9, 3, 11};
__constant ushort gfp_dft16_fwd_l2b[8] = {4, 12, 6, 14, 5, 13, 7, 15};
__constant ushort gfp_dft16_fwd_l3a[8] = {2, 10, 6, 14, 3, 11, 7, 15};
__constant ushort gfp_dft16_fwd_l3b[8] = {0, 2, 4, 6, 0, 2, 4, 6};
__constant ushort gfp_dft16_fwd_l4a[8] = {0, 8, 4, 12, 1, 9, 5, 13};
__constant ushort gfp_dft16_fwd_l4b[8] = {2, 10, 6, 14, 3, 11, 7, 15};
__constant ushort gfp_dft16_fwd_l5a[8] = {1, 9, 5, 13, 3, 11, 7, 15};
__constant ushort gfp_dft16_fwd_l5b[8] = {0, 1, 2, 3, 4, 5, 6, 7};
__constant ushort gfp_dft16_fwd_l6a[8] = {0, 8, 4, 12, 2, 10, 6, 14};
__constant ushort gfp_dft16_fwd_l6b[8] = {1, 9, 5, 13, 3, 11, 7, 15};
__constant ushort gfp_dft16_fwd_out[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};

// gfp_dft16_stage0_fwd: in place, for each block of 256 elements and q < 16, DFT_16 with ω = r^1 of the
// elements q + m·16 (m < 16); six-step expansion into 7 layers of DFT2s and shifts.
// 16 DFTs per work-group of 128 work-items, in local memory.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void gfp_dft16_stage0_fwd(__global ulong *x) {
    __local ulong sm[2048];
    uint lid = get_local_id(0);
    ulong grp = get_group_id(0);
    // load: consecutive work-items read consecutive elements
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        uint m = e / 16u, gl = e % 16u;
        ulong gi = grp * 16UL + gl;
        ulong idx = (gi / 16UL) * 256UL + gi % 16UL + (ulong)m * 16UL;
        for (uint c = 0; c < GFP_K; ++c) {
            sm[c * 256u + m * 16u + gl] = x[idx + (ulong)c * 256UL];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t = lid / 16u, gl = lid % 16u;
    /* layer 0: DFT2s */ {
        uint sa = gfp_dft16_fwd_l0a[t] * 16u + gl, sb = gfp_dft16_fwd_l0b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 1: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l1a[t] * 16u + gl, sh = gfp_dft16_fwd_l1b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 2: DFT2s */ {
        uint sa = gfp_dft16_fwd_l2a[t] * 16u + gl, sb = gfp_dft16_fwd_l2b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 3: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l3a[t] * 16u + gl, sh = gfp_dft16_fwd_l3b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 4: DFT2s */ {
        uint sa = gfp_dft16_fwd_l4a[t] * 16u + gl, sb = gfp_dft16_fwd_l4b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 5: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l5a[t] * 16u + gl, sh = gfp_dft16_fwd_l5b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 6: DFT2s */ {
        uint sa = gfp_dft16_fwd_l6a[t] * 16u + gl, sb = gfp_dft16_fwd_l6b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // store output j from its slot
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        uint m = e / 16u, gl = e % 16u;
        ulong gi = grp * 16UL + gl;
        ulong idx = (gi / 16UL) * 256UL + gi % 16UL + (ulong)m * 16UL;
        uint slot = gfp_dft16_fwd_out[m];
        for (uint c = 0; c < GFP_K; ++c) {
            x[idx + (ulong)c * 256UL] = sm[c * 256u + slot * 16u + gl];
        }
    }
}

// gfp_twiddle_stage0: x[i] ·= ω_M^(m·q) for n = i mod M = q + m·S, M = 256, S = 16; the table
// holds the M powers in the same transposed layout.
__kernel void gfp_twiddle_stage0(__global ulong *x, __global const ulong *tw) {
    ulong i = get_global_id(0);
    if (i >= 256UL) return;
    ulong nn = i & 255UL;
    ulong a[GFP_K], b[GFP_K], z[GFP_K];
    for (uint c = 0; c < GFP_K; ++c) { a[c] = x[i + (ulong)c * 256UL]; b[c] = tw[nn + (ulong)c * 256UL]; }
    gfp_mul(z, a, b);
    for (uint c = 0; c < GFP_K; ++c) x[i + (ulong)c * 256UL] = z[c];
}

// gfp_dft16_stage1_fwd: in place, for each block of 16 elements and q < 1, DFT_16 with ω = r^1 of the
// elements q + m·1 (m < 16); six-step expansion into 7 layers of DFT2s and shifts.
// 16 DFTs per work-group of 128 work-items, in local memory.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void gfp_dft16_stage1_fwd(__global ulong *x) {
    __local ulong sm[2048];
    uint lid = get_local_id(0);
    ulong grp = get_group_id(0);
    // load: consecutive work-items read consecutive elements
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        ulong idx = grp * 256UL + e;
        uint nn = e % 16u; uint m = nn / 1u; uint gl = (e / 16u) * 1u + nn % 1u;
        for (uint c = 0; c < GFP_K; ++c) {
            sm[c * 256u + m * 16u + gl] = x[idx + (ulong)c * 256UL];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t = lid / 16u, gl = lid % 16u;
    /* layer 0: DFT2s */ {
        uint sa = gfp_dft16_fwd_l0a[t] * 16u + gl, sb = gfp_dft16_fwd_l0b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 1: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l1a[t] * 16u + gl, sh = gfp_dft16_fwd_l1b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 2: DFT2s */ {
        uint sa = gfp_dft16_fwd_l2a[t] * 16u + gl, sb = gfp_dft16_fwd_l2b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 3: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l3a[t] * 16u + gl, sh = gfp_dft16_fwd_l3b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 4: DFT2s */ {
        uint sa = gfp_dft16_fwd_l4a[t] * 16u + gl, sb = gfp_dft16_fwd_l4b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 5: multiplications by powers of r */ {
        uint sa = gfp_dft16_fwd_l5a[t] * 16u + gl, sh = gfp_dft16_fwd_l5b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 6: DFT2s */ {
        uint sa = gfp_dft16_fwd_l6a[t] * 16u + gl, sb = gfp_dft16_fwd_l6b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // store output j from its slot
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        ulong idx = grp * 256UL + e;
        uint nn = e % 16u; uint m = nn / 1u; uint gl = (e / 16u) * 1u + nn % 1u;
        uint slot = gfp_dft16_fwd_out[m];
        for (uint c = 0; c < GFP_K; ++c) {
            x[idx + (ulong)c * 256UL] = sm[c * 256u + slot * 16u + gl];
        }
    }
}

// gfp_digit_reverse: y[f] = x[pos(f)], pos the mixed-radix digit reversal of the DIF stages.
__kernel void gfp_digit_reverse(__global const ulong *x, __global ulong *y) {
    ulong f = get_global_id(0);
    if (f >= 256UL) return;
    ulong rest = f, pos = 0;
    pos += (rest % 16UL) * 16UL; rest /= 16UL;
    pos += (rest % 16UL) * 1UL; rest /= 16UL;
    for (uint c = 0; c < GFP_K; ++c) y[f + (ulong)c * 256UL] = x[pos + (ulong)c * 256UL];
}

