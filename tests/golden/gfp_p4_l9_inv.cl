// jitfft: inverse FFT of N = 2^9 over Z/pZ, p = 4611686087146864640^16 + 1 (993 bits), stages of radix 32×16.
// Layout: digit c of element i at x[i + c·N].
// Z/pZ with p = r^k + 1, r = 4611686087146864640, k = 16: an element is k base-r digits (one ulong each),
// canonical digits < r, except p − 1 = r^k ≡ −1 stored as (0, …, 0, r).
#define GFP_R 4611686087146864640UL
#define GFP_K 16
#define GFP_RN 9223372174293729280UL /* r << 1, normalised divisor */
#define GFP_RV 18446743523953745919UL /* floor((2^128-1)/GFP_RN) - 2^64 */

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
        { ulong lt = d[8] < b; d[8] = lt ? d[8] + (GFP_R - b) : d[8] - b; b = lt; }
        { ulong lt = d[9] < b; d[9] = lt ? d[9] + (GFP_R - b) : d[9] - b; b = lt; }
        { ulong lt = d[10] < b; d[10] = lt ? d[10] + (GFP_R - b) : d[10] - b; b = lt; }
        { ulong lt = d[11] < b; d[11] = lt ? d[11] + (GFP_R - b) : d[11] - b; b = lt; }
        { ulong lt = d[12] < b; d[12] = lt ? d[12] + (GFP_R - b) : d[12] - b; b = lt; }
        { ulong lt = d[13] < b; d[13] = lt ? d[13] + (GFP_R - b) : d[13] - b; b = lt; }
        { ulong lt = d[14] < b; d[14] = lt ? d[14] + (GFP_R - b) : d[14] - b; b = lt; }
        { ulong lt = d[15] < b; d[15] = lt ? d[15] + (GFP_R - b) : d[15] - b; b = lt; }
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
        { ulong ge = d[8] >= GFP_R - cy; d[8] = ge ? d[8] - (GFP_R - cy) : d[8] + cy; cy = ge; }
        { ulong ge = d[9] >= GFP_R - cy; d[9] = ge ? d[9] - (GFP_R - cy) : d[9] + cy; cy = ge; }
        { ulong ge = d[10] >= GFP_R - cy; d[10] = ge ? d[10] - (GFP_R - cy) : d[10] + cy; cy = ge; }
        { ulong ge = d[11] >= GFP_R - cy; d[11] = ge ? d[11] - (GFP_R - cy) : d[11] + cy; cy = ge; }
        { ulong ge = d[12] >= GFP_R - cy; d[12] = ge ? d[12] - (GFP_R - cy) : d[12] + cy; cy = ge; }
        { ulong ge = d[13] >= GFP_R - cy; d[13] = ge ? d[13] - (GFP_R - cy) : d[13] + cy; cy = ge; }
        { ulong ge = d[14] >= GFP_R - cy; d[14] = ge ? d[14] - (GFP_R - cy) : d[14] + cy; cy = ge; }
        { ulong ge = d[15] >= GFP_R - cy; d[15] = ge ? d[15] - (GFP_R - cy) : d[15] + cy; cy = ge; }
        h = cy ? 1 : 0; /* a carry out removes r^k: value ≡ D − 1 */
    }
    if (h == 1) {
        if ((d[0] | d[1] | d[2] | d[3] | d[4] | d[5] | d[6] | d[7] | d[8] | d[9] | d[10] | d[11] | d[12] | d[13] | d[14] | d[15]) == 0) {
            d[15] = GFP_R; /* 0 − 1 = −1 */
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
            { ulong lt = d[8] < b; d[8] = lt ? d[8] + (GFP_R - b) : d[8] - b; b = lt; }
            { ulong lt = d[9] < b; d[9] = lt ? d[9] + (GFP_R - b) : d[9] - b; b = lt; }
            { ulong lt = d[10] < b; d[10] = lt ? d[10] + (GFP_R - b) : d[10] - b; b = lt; }
            { ulong lt = d[11] < b; d[11] = lt ? d[11] + (GFP_R - b) : d[11] - b; b = lt; }
            { ulong lt = d[12] < b; d[12] = lt ? d[12] + (GFP_R - b) : d[12] - b; b = lt; }
            { ulong lt = d[13] < b; d[13] = lt ? d[13] + (GFP_R - b) : d[13] - b; b = lt; }
            { ulong lt = d[14] < b; d[14] = lt ? d[14] + (GFP_R - b) : d[14] - b; b = lt; }
            { ulong lt = d[15] < b; d[15] = lt ? d[15] + (GFP_R - b) : d[15] - b; b = lt; }
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
        { ulong ge = d[8] >= GFP_R - cy; d[8] = ge ? d[8] - (GFP_R - cy) : d[8] + cy; cy = ge; }
        { ulong ge = d[9] >= GFP_R - cy; d[9] = ge ? d[9] - (GFP_R - cy) : d[9] + cy; cy = ge; }
        { ulong ge = d[10] >= GFP_R - cy; d[10] = ge ? d[10] - (GFP_R - cy) : d[10] + cy; cy = ge; }
        { ulong ge = d[11] >= GFP_R - cy; d[11] = ge ? d[11] - (GFP_R - cy) : d[11] + cy; cy = ge; }
        { ulong ge = d[12] >= GFP_R - cy; d[12] = ge ? d[12] - (GFP_R - cy) : d[12] + cy; cy = ge; }
        { ulong ge = d[13] >= GFP_R - cy; d[13] = ge ? d[13] - (GFP_R - cy) : d[13] + cy; cy = ge; }
        { ulong ge = d[14] >= GFP_R - cy; d[14] = ge ? d[14] - (GFP_R - cy) : d[14] + cy; cy = ge; }
        { ulong ge = d[15] >= GFP_R - cy; d[15] = ge ? d[15] - (GFP_R - cy) : d[15] + cy; cy = ge; }
        if (cy) d[15] = GFP_R; /* r^k − 1 + 1 = r^k = −1 */
    }
}

// z = x + y mod p.
void gfp_add(ulong *z, const ulong *x, const ulong *y) {
    long hx = x[15] == GFP_R, hy = y[15] == GFP_R;
    ulong cy = 0;
    { ulong a = x[0], b = y[0], lim = GFP_R - b - cy; ulong ge = a >= lim; z[0] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[1], b = y[1], lim = GFP_R - b - cy; ulong ge = a >= lim; z[1] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[2], b = y[2], lim = GFP_R - b - cy; ulong ge = a >= lim; z[2] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[3], b = y[3], lim = GFP_R - b - cy; ulong ge = a >= lim; z[3] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[4], b = y[4], lim = GFP_R - b - cy; ulong ge = a >= lim; z[4] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[5], b = y[5], lim = GFP_R - b - cy; ulong ge = a >= lim; z[5] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[6], b = y[6], lim = GFP_R - b - cy; ulong ge = a >= lim; z[6] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[7], b = y[7], lim = GFP_R - b - cy; ulong ge = a >= lim; z[7] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[8], b = y[8], lim = GFP_R - b - cy; ulong ge = a >= lim; z[8] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[9], b = y[9], lim = GFP_R - b - cy; ulong ge = a >= lim; z[9] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[10], b = y[10], lim = GFP_R - b - cy; ulong ge = a >= lim; z[10] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[11], b = y[11], lim = GFP_R - b - cy; ulong ge = a >= lim; z[11] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[12], b = y[12], lim = GFP_R - b - cy; ulong ge = a >= lim; z[12] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[13], b = y[13], lim = GFP_R - b - cy; ulong ge = a >= lim; z[13] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = x[14], b = y[14], lim = GFP_R - b - cy; ulong ge = a >= lim; z[14] = ge ? a - lim : a + b + cy; cy = ge; }
    { ulong a = (hx ? 0UL : x[15]), b = (hy ? 0UL : y[15]), lim = GFP_R - b - cy; ulong ge = a >= lim; z[15] = ge ? a - lim : a + b + cy; cy = ge; }
    gfp_fold(z, (long)cy + hx + hy);
}

// z = x − y mod p.
void gfp_sub(ulong *z, const ulong *x, const ulong *y) {
    long hx = x[15] == GFP_R, hy = y[15] == GFP_R;
    ulong bw = 0;
    { ulong a = x[0], b = y[0]; ulong lt = a < b + bw; z[0] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[1], b = y[1]; ulong lt = a < b + bw; z[1] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[2], b = y[2]; ulong lt = a < b + bw; z[2] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[3], b = y[3]; ulong lt = a < b + bw; z[3] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[4], b = y[4]; ulong lt = a < b + bw; z[4] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[5], b = y[5]; ulong lt = a < b + bw; z[5] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[6], b = y[6]; ulong lt = a < b + bw; z[6] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[7], b = y[7]; ulong lt = a < b + bw; z[7] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[8], b = y[8]; ulong lt = a < b + bw; z[8] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[9], b = y[9]; ulong lt = a < b + bw; z[9] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[10], b = y[10]; ulong lt = a < b + bw; z[10] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[11], b = y[11]; ulong lt = a < b + bw; z[11] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[12], b = y[12]; ulong lt = a < b + bw; z[12] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[13], b = y[13]; ulong lt = a < b + bw; z[13] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = x[14], b = y[14]; ulong lt = a < b + bw; z[14] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { ulong a = (hx ? 0UL : x[15]), b = (hy ? 0UL : y[15]); ulong lt = a < b + bw; z[15] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
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
    zero[8] = 0;
    zero[9] = 0;
    zero[10] = 0;
    zero[11] = 0;
    zero[12] = 0;
    zero[13] = 0;
    zero[14] = 0;
    zero[15] = 0;
    gfp_sub(z, zero, x);
}

// z = x · r^s, 0 ≤ s < 2k, x read from local memory with digit stride `st`: a cyclic
// shift of the digits, the wrapped ones negated (r^k = −1), then normalised.
void gfp_shift_local(ulong *z, __local const ulong *x, uint st, uint s) {
    uint neg = s >= GFP_K;
    uint t = neg ? s - GFP_K : s;
    ulong hx = x[15u * st] == GFP_R;
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
    { uint src = (8u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (8u >= t) ? v : 0UL, b = (8u < t) ? v : 0UL; if (hx && 8u == t) a = 1; ulong lt = a < b + bw; z[8] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (9u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (9u >= t) ? v : 0UL, b = (9u < t) ? v : 0UL; if (hx && 9u == t) a = 1; ulong lt = a < b + bw; z[9] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (10u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (10u >= t) ? v : 0UL, b = (10u < t) ? v : 0UL; if (hx && 10u == t) a = 1; ulong lt = a < b + bw; z[10] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (11u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (11u >= t) ? v : 0UL, b = (11u < t) ? v : 0UL; if (hx && 11u == t) a = 1; ulong lt = a < b + bw; z[11] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (12u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (12u >= t) ? v : 0UL, b = (12u < t) ? v : 0UL; if (hx && 12u == t) a = 1; ulong lt = a < b + bw; z[12] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (13u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (13u >= t) ? v : 0UL, b = (13u < t) ? v : 0UL; if (hx && 13u == t) a = 1; ulong lt = a < b + bw; z[13] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (14u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (14u >= t) ? v : 0UL, b = (14u < t) ? v : 0UL; if (hx && 14u == t) a = 1; ulong lt = a < b + bw; z[14] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
    { uint src = (15u + GFP_K - t) & (GFP_K - 1); ulong v = hx ? 0UL : x[src * st]; ulong a = (15u >= t) ? v : 0UL, b = (15u < t) ? v : 0UL; if (hx && 15u == t) a = 1; ulong lt = a < b + bw; z[15] = lt ? a + (GFP_R - b - bw) : a - b - bw; bw = lt; }
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
        y[8] = z[8];
        y[9] = z[9];
        y[10] = z[10];
        y[11] = z[11];
        y[12] = z[12];
        y[13] = z[13];
        y[14] = z[14];
        y[15] = z[15];
        gfp_neg(z, y);
    }
}

// (u1:u0) / r with u1 < r: quotient, remainder in *rem (Möller–Granlund 2-by-1 division
// by the normalised divisor with a precomputed reciprocal).
ulong gfp_divr(ulong u1, ulong u0, ulong *rem) {
    ulong n1 = (u1 << 1) | (u0 >> 63), n0 = u0 << 1;
    ulong q0 = GFP_RV * n1, q1 = mul_hi(GFP_RV, n1);
    ulong t0 = q0 + n0; q1 = q1 + n1 + (t0 < q0) + 1; q0 = t0;
    ulong rr = n0 - q1 * GFP_RN;
    if (rr > q0) { q1 -= 1; rr += GFP_RN; }
    if (rr >= GFP_RN) { q1 += 1; rr -= GFP_RN; }
    *rem = rr >> 1;
    return q1;
}

// z = x · y mod p: product scanning of the 2k − 1 digit columns (three-word accumulator,
// 64×64→128 products with mul_hi), carries in base r by division, then
// low k digits − high k digits (r^k = −1).
void gfp_mul(ulong *z, const ulong *x, const ulong *y) {
    ulong hx = x[15] == GFP_R, hy = y[15] == GFP_R;
    ulong a[GFP_K], b[GFP_K], lo[GFP_K], hi[GFP_K];
    a[0] = x[0]; b[0] = y[0];
    a[1] = x[1]; b[1] = y[1];
    a[2] = x[2]; b[2] = y[2];
    a[3] = x[3]; b[3] = y[3];
    a[4] = x[4]; b[4] = y[4];
    a[5] = x[5]; b[5] = y[5];
    a[6] = x[6]; b[6] = y[6];
    a[7] = x[7]; b[7] = y[7];
    a[8] = x[8]; b[8] = y[8];
    a[9] = x[9]; b[9] = y[9];
    a[10] = x[10]; b[10] = y[10];
    a[11] = x[11]; b[11] = y[11];
    a[12] = x[12]; b[12] = y[12];
    a[13] = x[13]; b[13] = y[13];
    a[14] = x[14]; b[14] = y[14];
    a[15] = hx ? 0UL : x[15]; b[15] = hy ? 0UL : y[15];
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
    { ulong pl = a[0] * b[8], ph = mul_hi(a[0], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[7], ph = mul_hi(a[1], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[6], ph = mul_hi(a[2], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[5], ph = mul_hi(a[3], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[4], ph = mul_hi(a[4], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[3], ph = mul_hi(a[5], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[2], ph = mul_hi(a[6], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[1], ph = mul_hi(a[7], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[0], ph = mul_hi(a[8], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[8] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[9], ph = mul_hi(a[0], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[8], ph = mul_hi(a[1], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[7], ph = mul_hi(a[2], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[6], ph = mul_hi(a[3], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[5], ph = mul_hi(a[4], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[4], ph = mul_hi(a[5], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[3], ph = mul_hi(a[6], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[2], ph = mul_hi(a[7], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[1], ph = mul_hi(a[8], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[0], ph = mul_hi(a[9], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[9] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[10], ph = mul_hi(a[0], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[9], ph = mul_hi(a[1], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[8], ph = mul_hi(a[2], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[7], ph = mul_hi(a[3], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[6], ph = mul_hi(a[4], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[5], ph = mul_hi(a[5], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[4], ph = mul_hi(a[6], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[3], ph = mul_hi(a[7], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[2], ph = mul_hi(a[8], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[1], ph = mul_hi(a[9], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[0], ph = mul_hi(a[10], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[10] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[11], ph = mul_hi(a[0], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[10], ph = mul_hi(a[1], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[9], ph = mul_hi(a[2], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[8], ph = mul_hi(a[3], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[7], ph = mul_hi(a[4], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[6], ph = mul_hi(a[5], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[5], ph = mul_hi(a[6], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[4], ph = mul_hi(a[7], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[3], ph = mul_hi(a[8], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[2], ph = mul_hi(a[9], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[1], ph = mul_hi(a[10], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[0], ph = mul_hi(a[11], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[11] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[12], ph = mul_hi(a[0], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[11], ph = mul_hi(a[1], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[10], ph = mul_hi(a[2], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[9], ph = mul_hi(a[3], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[8], ph = mul_hi(a[4], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[7], ph = mul_hi(a[5], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[6], ph = mul_hi(a[6], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[5], ph = mul_hi(a[7], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[4], ph = mul_hi(a[8], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[3], ph = mul_hi(a[9], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[2], ph = mul_hi(a[10], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[1], ph = mul_hi(a[11], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[0], ph = mul_hi(a[12], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[12] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[13], ph = mul_hi(a[0], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[12], ph = mul_hi(a[1], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[11], ph = mul_hi(a[2], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[10], ph = mul_hi(a[3], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[9], ph = mul_hi(a[4], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[8], ph = mul_hi(a[5], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[7], ph = mul_hi(a[6], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[6], ph = mul_hi(a[7], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[5], ph = mul_hi(a[8], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[4], ph = mul_hi(a[9], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[3], ph = mul_hi(a[10], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[2], ph = mul_hi(a[11], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[1], ph = mul_hi(a[12], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[0], ph = mul_hi(a[13], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[13] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[14], ph = mul_hi(a[0], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[13], ph = mul_hi(a[1], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[12], ph = mul_hi(a[2], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[11], ph = mul_hi(a[3], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[10], ph = mul_hi(a[4], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[9], ph = mul_hi(a[5], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[8], ph = mul_hi(a[6], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[7], ph = mul_hi(a[7], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[6], ph = mul_hi(a[8], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[5], ph = mul_hi(a[9], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[4], ph = mul_hi(a[10], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[3], ph = mul_hi(a[11], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[2], ph = mul_hi(a[12], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[1], ph = mul_hi(a[13], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[0], ph = mul_hi(a[14], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[14] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[0] * b[15], ph = mul_hi(a[0], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[1] * b[14], ph = mul_hi(a[1], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[13], ph = mul_hi(a[2], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[12], ph = mul_hi(a[3], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[11], ph = mul_hi(a[4], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[10], ph = mul_hi(a[5], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[9], ph = mul_hi(a[6], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[8], ph = mul_hi(a[7], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[7], ph = mul_hi(a[8], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[6], ph = mul_hi(a[9], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[5], ph = mul_hi(a[10], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[4], ph = mul_hi(a[11], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[3], ph = mul_hi(a[12], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[2], ph = mul_hi(a[13], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[1], ph = mul_hi(a[14], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[0], ph = mul_hi(a[15], b[0]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); lo[15] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[1] * b[15], ph = mul_hi(a[1], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[2] * b[14], ph = mul_hi(a[2], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[13], ph = mul_hi(a[3], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[12], ph = mul_hi(a[4], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[11], ph = mul_hi(a[5], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[10], ph = mul_hi(a[6], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[9], ph = mul_hi(a[7], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[8], ph = mul_hi(a[8], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[7], ph = mul_hi(a[9], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[6], ph = mul_hi(a[10], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[5], ph = mul_hi(a[11], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[4], ph = mul_hi(a[12], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[3], ph = mul_hi(a[13], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[2], ph = mul_hi(a[14], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[1], ph = mul_hi(a[15], b[1]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[0] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[2] * b[15], ph = mul_hi(a[2], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[3] * b[14], ph = mul_hi(a[3], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[13], ph = mul_hi(a[4], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[12], ph = mul_hi(a[5], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[11], ph = mul_hi(a[6], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[10], ph = mul_hi(a[7], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[9], ph = mul_hi(a[8], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[8], ph = mul_hi(a[9], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[7], ph = mul_hi(a[10], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[6], ph = mul_hi(a[11], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[5], ph = mul_hi(a[12], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[4], ph = mul_hi(a[13], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[3], ph = mul_hi(a[14], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[2], ph = mul_hi(a[15], b[2]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[1] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[3] * b[15], ph = mul_hi(a[3], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[4] * b[14], ph = mul_hi(a[4], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[13], ph = mul_hi(a[5], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[12], ph = mul_hi(a[6], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[11], ph = mul_hi(a[7], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[10], ph = mul_hi(a[8], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[9], ph = mul_hi(a[9], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[8], ph = mul_hi(a[10], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[7], ph = mul_hi(a[11], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[6], ph = mul_hi(a[12], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[5], ph = mul_hi(a[13], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[4], ph = mul_hi(a[14], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[3], ph = mul_hi(a[15], b[3]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[2] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[4] * b[15], ph = mul_hi(a[4], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[5] * b[14], ph = mul_hi(a[5], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[13], ph = mul_hi(a[6], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[12], ph = mul_hi(a[7], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[11], ph = mul_hi(a[8], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[10], ph = mul_hi(a[9], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[9], ph = mul_hi(a[10], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[8], ph = mul_hi(a[11], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[7], ph = mul_hi(a[12], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[6], ph = mul_hi(a[13], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[5], ph = mul_hi(a[14], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[4], ph = mul_hi(a[15], b[4]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[3] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[5] * b[15], ph = mul_hi(a[5], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[6] * b[14], ph = mul_hi(a[6], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[13], ph = mul_hi(a[7], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[12], ph = mul_hi(a[8], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[11], ph = mul_hi(a[9], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[10], ph = mul_hi(a[10], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[9], ph = mul_hi(a[11], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[8], ph = mul_hi(a[12], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[7], ph = mul_hi(a[13], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[6], ph = mul_hi(a[14], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[5], ph = mul_hi(a[15], b[5]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[4] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[6] * b[15], ph = mul_hi(a[6], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[7] * b[14], ph = mul_hi(a[7], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[13], ph = mul_hi(a[8], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[12], ph = mul_hi(a[9], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[11], ph = mul_hi(a[10], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[10], ph = mul_hi(a[11], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[9], ph = mul_hi(a[12], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[8], ph = mul_hi(a[13], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[7], ph = mul_hi(a[14], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[6], ph = mul_hi(a[15], b[6]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[5] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[7] * b[15], ph = mul_hi(a[7], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[8] * b[14], ph = mul_hi(a[8], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[13], ph = mul_hi(a[9], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[12], ph = mul_hi(a[10], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[11], ph = mul_hi(a[11], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[10], ph = mul_hi(a[12], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[9], ph = mul_hi(a[13], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[8], ph = mul_hi(a[14], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[7], ph = mul_hi(a[15], b[7]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[6] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[8] * b[15], ph = mul_hi(a[8], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[9] * b[14], ph = mul_hi(a[9], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[13], ph = mul_hi(a[10], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[12], ph = mul_hi(a[11], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[11], ph = mul_hi(a[12], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[10], ph = mul_hi(a[13], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[9], ph = mul_hi(a[14], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[8], ph = mul_hi(a[15], b[8]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[7] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[9] * b[15], ph = mul_hi(a[9], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[10] * b[14], ph = mul_hi(a[10], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[13], ph = mul_hi(a[11], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[12], ph = mul_hi(a[12], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[11], ph = mul_hi(a[13], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[10], ph = mul_hi(a[14], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[9], ph = mul_hi(a[15], b[9]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[8] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[10] * b[15], ph = mul_hi(a[10], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[11] * b[14], ph = mul_hi(a[11], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[13], ph = mul_hi(a[12], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[12], ph = mul_hi(a[13], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[11], ph = mul_hi(a[14], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[10], ph = mul_hi(a[15], b[10]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[9] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[11] * b[15], ph = mul_hi(a[11], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[12] * b[14], ph = mul_hi(a[12], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[13], ph = mul_hi(a[13], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[12], ph = mul_hi(a[14], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[11], ph = mul_hi(a[15], b[11]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[10] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[12] * b[15], ph = mul_hi(a[12], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[13] * b[14], ph = mul_hi(a[13], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[13], ph = mul_hi(a[14], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[12], ph = mul_hi(a[15], b[12]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[11] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[13] * b[15], ph = mul_hi(a[13], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[14] * b[14], ph = mul_hi(a[14], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[13], ph = mul_hi(a[15], b[13]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[12] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[14] * b[15], ph = mul_hi(a[14], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong pl = a[15] * b[14], ph = mul_hi(a[15], b[14]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[13] = rem; c0 = q0; c1 = q1; c2 = 0; }
    { ulong pl = a[15] * b[15], ph = mul_hi(a[15], b[15]); c0 += pl; ph += c0 < pl; c1 += ph; c2 += c1 < ph; }
    { ulong q1 = gfp_divr(c2, c1, &rem); ulong q0 = gfp_divr(rem, c0, &rem); hi[14] = rem; c0 = q0; c1 = q1; c2 = 0; }
    hi[15] = c0;
    ulong bw = 0;
    { ulong lt = lo[0] < hi[0] + bw; z[0] = lt ? lo[0] + (GFP_R - hi[0] - bw) : lo[0] - hi[0] - bw; bw = lt; }
    { ulong lt = lo[1] < hi[1] + bw; z[1] = lt ? lo[1] + (GFP_R - hi[1] - bw) : lo[1] - hi[1] - bw; bw = lt; }
    { ulong lt = lo[2] < hi[2] + bw; z[2] = lt ? lo[2] + (GFP_R - hi[2] - bw) : lo[2] - hi[2] - bw; bw = lt; }
    { ulong lt = lo[3] < hi[3] + bw; z[3] = lt ? lo[3] + (GFP_R - hi[3] - bw) : lo[3] - hi[3] - bw; bw = lt; }
    { ulong lt = lo[4] < hi[4] + bw; z[4] = lt ? lo[4] + (GFP_R - hi[4] - bw) : lo[4] - hi[4] - bw; bw = lt; }
    { ulong lt = lo[5] < hi[5] + bw; z[5] = lt ? lo[5] + (GFP_R - hi[5] - bw) : lo[5] - hi[5] - bw; bw = lt; }
    { ulong lt = lo[6] < hi[6] + bw; z[6] = lt ? lo[6] + (GFP_R - hi[6] - bw) : lo[6] - hi[6] - bw; bw = lt; }
    { ulong lt = lo[7] < hi[7] + bw; z[7] = lt ? lo[7] + (GFP_R - hi[7] - bw) : lo[7] - hi[7] - bw; bw = lt; }
    { ulong lt = lo[8] < hi[8] + bw; z[8] = lt ? lo[8] + (GFP_R - hi[8] - bw) : lo[8] - hi[8] - bw; bw = lt; }
    { ulong lt = lo[9] < hi[9] + bw; z[9] = lt ? lo[9] + (GFP_R - hi[9] - bw) : lo[9] - hi[9] - bw; bw = lt; }
    { ulong lt = lo[10] < hi[10] + bw; z[10] = lt ? lo[10] + (GFP_R - hi[10] - bw) : lo[10] - hi[10] - bw; bw = lt; }
    { ulong lt = lo[11] < hi[11] + bw; z[11] = lt ? lo[11] + (GFP_R - hi[11] - bw) : lo[11] - hi[11] - bw; bw = lt; }
    { ulong lt = lo[12] < hi[12] + bw; z[12] = lt ? lo[12] + (GFP_R - hi[12] - bw) : lo[12] - hi[12] - bw; bw = lt; }
    { ulong lt = lo[13] < hi[13] + bw; z[13] = lt ? lo[13] + (GFP_R - hi[13] - bw) : lo[13] - hi[13] - bw; bw = lt; }
    { ulong lt = lo[14] < hi[14] + bw; z[14] = lt ? lo[14] + (GFP_R - hi[14] - bw) : lo[14] - hi[14] - bw; bw = lt; }
    { ulong lt = lo[15] < hi[15] + bw; z[15] = lt ? lo[15] + (GFP_R - hi[15] - bw) : lo[15] - hi[15] - bw; bw = lt; }
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
            z[8] = 0;
            z[9] = 0;
            z[10] = 0;
            z[11] = 0;
            z[12] = 0;
            z[13] = 0;
            z[14] = 0;
            z[15] = 0;
        }
        else if (hx) gfp_neg(z, y);
        else gfp_neg(z, x);
    }
}

__constant ushort gfp_dft32_inv_l0a[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};
__constant ushort gfp_dft32_inv_l0b[16] = {16, 24, 20, 28, 18, 26, 22, 30, 17, 25, 21, 29, 19, 27, 23, 31};
__constant ushort gfp_dft32_inv_l1a[16] = {8, 24, 12, 28, 10, 26, 14, 30, 9, 25, 13, 29, 11, 27, 15, 31};
__constant ushort gfp_dft32_inv_l1b[16] = {0, 24, 0, 24, 0, 24, 0, 24, 0, 24, 0, 24, 0, 24, 0, 24};
__constant ushort gfp_dft32_inv_l2a[16] = {0, 16, 4, 20, 2, 18, 6, 22, 1, 17, 5, 21, 3, 19, 7, 23};
__constant ushort gfp_dft32_inv_l2b[16] = {8, 24, 12, 28, 10, 26, 14, 30, 9, 25, 13, 29, 11, 27, 15, 31};
__constant ushort gfp_dft32_inv_l3a[16] = {4, 20, 12, 28, 6, 22, 14, 30, 5, 21, 13, 29, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_l3b[16] = {0, 28, 24, 20, 0, 28, 24, 20, 0, 28, 24, 20, 0, 28, 24, 20};
__constant ushort gfp_dft32_inv_l4a[16] = {0, 16, 8, 24, 2, 18, 10, 26, 1, 17, 9, 25, 3, 19, 11, 27};
__constant ushort gfp_dft32_inv_l4b[16] = {4, 20, 12, 28, 6, 22, 14, 30, 5, 21, 13, 29, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_l5a[16] = {2, 18, 10, 26, 6, 22, 14, 30, 3, 19, 11, 27, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_l5b[16] = {0, 30, 28, 26, 24, 22, 20, 18, 0, 30, 28, 26, 24, 22, 20, 18};
__constant ushort gfp_dft32_inv_l6a[16] = {0, 16, 8, 24, 4, 20, 12, 28, 1, 17, 9, 25, 5, 21, 13, 29};
__constant ushort gfp_dft32_inv_l6b[16] = {2, 18, 10, 26, 6, 22, 14, 30, 3, 19, 11, 27, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_l7a[16] = {1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_l7b[16] = {0, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17};
__constant ushort gfp_dft32_inv_l8a[16] = {0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30};
__constant ushort gfp_dft32_inv_l8b[16] = {1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31};
__constant ushort gfp_dft32_inv_out[32] = {0, 16, 8, 24, 4, 20, 12, 28, 2, 18, 10, 26, 6, 22, 14, 30, 1, 17, 9, 25, 5, 21, 13, 29, 3, 19, 11, 27, 7, 23, 15, 31};

// gfp_dft32_stage0_inv: in place, for each block of 512 elements and q < 16, DFT_32 with ω = r^31 of the
// elements q + m·16 (m < 32); six-step expansion into 9 layers of DFT2s and shifts.
// 8 DFTs per work-group of 128 work-items, in local memory.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void gfp_dft32_stage0_inv(__global ulong *x) {
    __local ulong sm[4096];
    uint lid = get_local_id(0);
    ulong grp = get_group_id(0);
    // load: consecutive work-items read consecutive elements
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        uint m = e / 8u, gl = e % 8u;
        ulong gi = grp * 8UL + gl;
        ulong idx = (gi / 16UL) * 512UL + gi % 16UL + (ulong)m * 16UL;
        for (uint c = 0; c < GFP_K; ++c) {
            sm[c * 256u + m * 8u + gl] = x[idx + (ulong)c * 512UL];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t = lid / 8u, gl = lid % 8u;
    /* layer 0: DFT2s */ {
        uint sa = gfp_dft32_inv_l0a[t] * 8u + gl, sb = gfp_dft32_inv_l0b[t] * 8u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 1: multiplications by powers of r */ {
        uint sa = gfp_dft32_inv_l1a[t] * 8u + gl, sh = gfp_dft32_inv_l1b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 2: DFT2s */ {
        uint sa = gfp_dft32_inv_l2a[t] * 8u + gl, sb = gfp_dft32_inv_l2b[t] * 8u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 3: multiplications by powers of r */ {
        uint sa = gfp_dft32_inv_l3a[t] * 8u + gl, sh = gfp_dft32_inv_l3b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 4: DFT2s */ {
        uint sa = gfp_dft32_inv_l4a[t] * 8u + gl, sb = gfp_dft32_inv_l4b[t] * 8u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 5: multiplications by powers of r */ {
        uint sa = gfp_dft32_inv_l5a[t] * 8u + gl, sh = gfp_dft32_inv_l5b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 6: DFT2s */ {
        uint sa = gfp_dft32_inv_l6a[t] * 8u + gl, sb = gfp_dft32_inv_l6b[t] * 8u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 7: multiplications by powers of r */ {
        uint sa = gfp_dft32_inv_l7a[t] * 8u + gl, sh = gfp_dft32_inv_l7b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 8: DFT2s */ {
        uint sa = gfp_dft32_inv_l8a[t] * 8u + gl, sb = gfp_dft32_inv_l8b[t] * 8u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    // store output j from its slot
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        uint m = e / 8u, gl = e % 8u;
        ulong gi = grp * 8UL + gl;
        ulong idx = (gi / 16UL) * 512UL + gi % 16UL + (ulong)m * 16UL;
        uint slot = gfp_dft32_inv_out[m];
        for (uint c = 0; c < GFP_K; ++c) {
            x[idx + (ulong)c * 512UL] = sm[c * 256u + slot * 8u + gl];
        }
    }
}

// gfp_twiddle_stage0: x[i] ·= ω_M^(m·q) for n = i mod M = q + m·S, M = 512, S = 16; the table
// holds the M powers in the same transposed layout.
__kernel void gfp_twiddle_stage0(__global ulong *x, __global const ulong *tw) {
    ulong i = get_global_id(0);
    if (i >= 512UL) return;
    ulong nn = i & 511UL;
    ulong a[GFP_K], b[GFP_K], z[GFP_K];
    for (uint c = 0; c < GFP_K; ++c) { a[c] = x[i + (ulong)c * 512UL]; b[c] = tw[nn + (ulong)c * 512UL]; }
    gfp_mul(z, a, b);
    for (uint c = 0; c < GFP_K; ++c) x[i + (ulong)c * 512UL] = z[c];
}

__constant ushort gfp_dft16_inv_l0a[8] = {0, 4, 2, 6, 1, 5, 3, 7};
__constant ushort gfp_dft16_inv_l0b[8] = {8, 12, 10, 14, 9, 13, 11, 15};
__constant ushort gfp_dft16_inv_l1a[8] = {4, 12, 6, 14, 5, 13, 7, 15};
__constant ushort gfp_dft16_inv_l1b[8] = {0, 24, 0, 24, 0, 24, 0, 24};
__constant ushort gfp_dft16_inv_l2a[8] = {0, 8, 2, 10, 1, 9, 3, 11};
__constant ushort gfp_dft16_inv_l2b[8] = {4, 12, 6, 14, 5, 13, 7, 15};
__constant ushort gfp_dft16_inv_l3a[8] = {2, 10, 6, 14, 3, 11, 7, 15};
__constant ushort gfp_dft16_inv_l3b[8] = {0, 28, 24, 20, 0, 28, 24, 20};
__constant ushort gfp_dft16_inv_l4a[8] = {0, 8, 4, 12, 1, 9, 5, 13};
__constant ushort gfp_dft16_inv_l4b[8] = {2, 10, 6, 14, 3, 11, 7, 15};
__constant ushort gfp_dft16_inv_l5a[8] = {1, 9, 5, 13, 3, 11, 7, 15};
__constant ushort gfp_dft16_inv_l5b[8] = {0, 30, 28, 26, 24, 22, 20, 18};
__constant ushort gfp_dft16_inv_l6a[8] = {0, 8, 4, 12, 2, 10, 6, 14};
__constant ushort gfp_dft16_inv_l6b[8] = {1, 9, 5, 13, 3, 11, 7, 15};
__constant ushort gfp_dft16_inv_out[16] = {0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15};

// gfp_dft16_stage1_inv: in place, for each block of 16 elements and q < 1, DFT_16 with ω = r^30 of the
// elements q + m·1 (m < 16); six-step expansion into 7 layers of DFT2s and shifts.
// 16 DFTs per work-group of 128 work-items, in local memory.
__kernel __attribute__((reqd_work_group_size(128, 1, 1)))
void gfp_dft16_stage1_inv(__global ulong *x) {
    __local ulong sm[4096];
    uint lid = get_local_id(0);
    ulong grp = get_group_id(0);
    // load: consecutive work-items read consecutive elements
    for (uint it = 0; it < 2; ++it) {
        uint e = lid + it * 128u;
        ulong idx = grp * 256UL + e;
        uint nn = e % 16u; uint m = nn / 1u; uint gl = (e / 16u) * 1u + nn % 1u;
        for (uint c = 0; c < GFP_K; ++c) {
            sm[c * 256u + m * 16u + gl] = x[idx + (ulong)c * 512UL];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    uint t = lid / 16u, gl = lid % 16u;
    /* layer 0: DFT2s */ {
        uint sa = gfp_dft16_inv_l0a[t] * 16u + gl, sb = gfp_dft16_inv_l0b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 1: multiplications by powers of r */ {
        uint sa = gfp_dft16_inv_l1a[t] * 16u + gl, sh = gfp_dft16_inv_l1b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 2: DFT2s */ {
        uint sa = gfp_dft16_inv_l2a[t] * 16u + gl, sb = gfp_dft16_inv_l2b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 3: multiplications by powers of r */ {
        uint sa = gfp_dft16_inv_l3a[t] * 16u + gl, sh = gfp_dft16_inv_l3b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 4: DFT2s */ {
        uint sa = gfp_dft16_inv_l4a[t] * 16u + gl, sb = gfp_dft16_inv_l4b[t] * 16u + gl;
        ulong xa[GFP_K], xb[GFP_K], ya[GFP_K], yb[GFP_K];
        for (uint c = 0; c < GFP_K; ++c) { xa[c] = sm[c * 256u + sa]; xb[c] = sm[c * 256u + sb]; }
        gfp_add(ya, xa, xb); gfp_sub(yb, xa, xb);
        for (uint c = 0; c < GFP_K; ++c) { sm[c * 256u + sa] = ya[c]; sm[c * 256u + sb] = yb[c]; }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 5: multiplications by powers of r */ {
        uint sa = gfp_dft16_inv_l5a[t] * 16u + gl, sh = gfp_dft16_inv_l5b[t];
        if (sh != 0) {
            ulong ya[GFP_K];
            gfp_shift_local(ya, sm + sa, 256u, sh);
            for (uint c = 0; c < GFP_K; ++c) sm[c * 256u + sa] = ya[c];
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    /* layer 6: DFT2s */ {
        uint sa = gfp_dft16_inv_l6a[t] * 16u + gl, sb = gfp_dft16_inv_l6b[t] * 16u + gl;
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
        uint slot = gfp_dft16_inv_out[m];
        for (uint c = 0; c < GFP_K; ++c) {
            x[idx + (ulong)c * 512UL] = sm[c * 256u + slot * 16u + gl];
        }
    }
}

// gfp_digit_reverse: y[f] = x[pos(f)], pos the mixed-radix digit reversal of the DIF stages.
__kernel void gfp_digit_reverse(__global const ulong *x, __global ulong *y) {
    ulong f = get_global_id(0);
    if (f >= 512UL) return;
    ulong rest = f, pos = 0;
    pos += (rest % 32UL) * 16UL; rest /= 32UL;
    pos += (rest % 16UL) * 1UL; rest /= 16UL;
    for (uint c = 0; c < GFP_K; ++c) y[f + (ulong)c * 512UL] = x[pos + (ulong)c * 512UL];
}

// gfp_scale_inv_n: x[i] ·= 1/N mod p (N = 512).
__kernel void gfp_scale_inv_n(__global ulong *x) {
    ulong i = get_global_id(0);
    if (i >= 512UL) return;
    const ulong s[GFP_K] = {1UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 0UL, 4602678887757905920UL};
    ulong a[GFP_K], z[GFP_K];
    for (uint c = 0; c < GFP_K; ++c) a[c] = x[i + (ulong)c * 512UL];
    gfp_mul(z, a, s);
    for (uint c = 0; c < GFP_K; ++c) x[i + (ulong)c * 512UL] = z[c];
}
