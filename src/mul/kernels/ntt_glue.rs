//! The `ntt` method's own kernels around the project's NTTs (Goldilocks, standard form in and
//! out): digit split, pointwise product (× N⁻¹), coefficients → limb sums (reading the
//! forward transform backwards, which makes it the inverse); then the carry kernels.

use super::carry::carry_source;

/// The OpenCL C of the `ntt` method's glue kernels, carries included.
pub fn ntt_glue_source() -> String {
    let mut s = String::from(
        r#"// jitfft mul, method ntt: r = a·b through NTTs of 16-bit digits over Goldilocks
// p = 2^64 − 2^32 + 1. A coefficient sums at most 2^32 products < 2^32 each, so it is < p:
// the cyclic convolution mod p of the zero-padded digits is the exact acyclic one.
#define GL_P 0xFFFFFFFF00000001ul
#define GL_EPS 0xFFFFFFFFul

// Digit d of the limbs (16 bits each, little-endian), zero beyond them: an NTT input.
__kernel void split16(__global const ulong* x, uint limbs, __global ulong* out, uint n) {
    uint d = get_global_id(0);
    if (d >= n) return;
    out[d] = (d >> 2) < limbs ? (x[d >> 2] >> (16 * (d & 3))) & 0xFFFFul : 0ul;
}

// lo + hi·2^64 mod p, canonical (2^64 ≡ 2^32 − 1, 2^96 ≡ −1).
static inline ulong gl_reduce(ulong lo, ulong hi) {
    ulong hh = hi >> 32, hl = hi & GL_EPS;
    ulong t0 = lo - hh;
    if (lo < hh) t0 -= GL_EPS;
    ulong t1 = hl * GL_EPS;
    ulong t2 = t0 + t1;
    if (t2 < t1) t2 += GL_EPS;
    return t2 >= GL_P ? t2 - GL_P : t2;
}

// out = x·y·N⁻¹ mod p (standard form: the NTTs take and give standard-form residues). `out`
// may be `y` (same index read and written).
__kernel void pointwise(__global const ulong* x, __global const ulong* y, __global ulong* out,
                        uint n, ulong n_inv) {
    uint i = get_global_id(0);
    if (i >= n) return;
    ulong a = x[i], b = y[i];
    ulong ab = gl_reduce(a * b, mul_hi(a, b));
    out[i] = gl_reduce(ab * n_inv, mul_hi(ab, n_inv));
}

// Limb sums S_j = Σ_(t<4) c[4j + t]·2^(16t) as (lo, hi) words (c < p < 2^64). The inverse
// transform is the forward one read backwards: c[m] = N⁻¹·NTT(Y)[(N − m) mod N], the N⁻¹
// already applied by `pointwise`; `f` is that forward transform.
__kernel void ntt_sums(__global const ulong* f, __global ulong* s, uint limbs, uint n) {
    uint j = get_global_id(0);
    if (j >= limbs) return;
    ulong lo = 0, hi = 0;
    for (uint t = 0; t < 4; ++t) {
        uint m = 4 * j + t;
        ulong v = f[(n - m) & (n - 1)];
        ulong l = t == 0 ? v : v << (16 * t);
        lo += l;
        hi += (t == 0 ? 0ul : v >> (64 - 16 * t)) + (lo < l);
    }
    s[2 * j] = lo;
    s[2 * j + 1] = hi;
}
"#,
    );
    s.push_str(&carry_source());
    s
}
