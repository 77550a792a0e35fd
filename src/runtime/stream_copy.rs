//! A byte copy with non-temporal (streaming) stores, for copies into and out of pinned staging
//! that are far larger than the caches. A plain copy first reads every destination line into
//! the cache (read for ownership) and later writes it back: three bytes of memory traffic per
//! byte copied. Streaming stores write around the cache: two. On the H100 host a staged upload
//! is bound by that copy (memcpy on 16 threads 45 GB/s, below the 55 GB/s of the DMA it feeds),
//! so the saved third is time. x86_64 only (SSE2, always present there); elsewhere a memcpy.

/// Copies `src` into `dst` (same length) with streaming stores where possible; bit-identical
/// to `dst.copy_from_slice(src)`.
pub fn copy_streaming(dst: &mut [u8], src: &[u8]) {
    assert_eq!(dst.len(), src.len(), "copy_streaming: lengths differ");
    #[cfg(target_arch = "x86_64")]
    {
        // Up to the first 16-byte aligned destination byte with a plain copy.
        let head = dst.as_ptr().align_offset(16).min(dst.len());
        dst[..head].copy_from_slice(&src[..head]);
        let (d, s) = (&mut dst[head..], &src[head..]);
        let body = d.len() / 64 * 64;
        // SAFETY: SSE2 is part of x86_64; `d` is 16-byte aligned and both ranges hold `body`
        // bytes; unaligned loads read `s`.
        unsafe {
            use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_sfence, _mm_stream_si128};
            let (dp, sp) = (d.as_mut_ptr(), s.as_ptr());
            let mut i = 0;
            while i < body {
                let a = _mm_loadu_si128(sp.add(i).cast::<__m128i>());
                let b = _mm_loadu_si128(sp.add(i + 16).cast::<__m128i>());
                let c = _mm_loadu_si128(sp.add(i + 32).cast::<__m128i>());
                let e = _mm_loadu_si128(sp.add(i + 48).cast::<__m128i>());
                _mm_stream_si128(dp.add(i).cast::<__m128i>(), a);
                _mm_stream_si128(dp.add(i + 16).cast::<__m128i>(), b);
                _mm_stream_si128(dp.add(i + 32).cast::<__m128i>(), c);
                _mm_stream_si128(dp.add(i + 48).cast::<__m128i>(), e);
                i += 64;
            }
            // Streaming stores are weakly ordered: fence before anyone (the DMA) reads them.
            _mm_sfence();
        }
        d[body..].copy_from_slice(&s[body..]);
    }
    #[cfg(not(target_arch = "x86_64"))]
    dst.copy_from_slice(src);
}

/// Segments at least this long are copied with streaming stores by [`copy_elems`]; shorter
/// ones (a few complex values of a strided row) would write partial lines, which streaming
/// stores make slower, not faster.
pub const STREAM_MIN_BYTES: usize = 2048;

/// Copies `n` elements from `src` to `dst` (non-overlapping): streaming stores for runs of at
/// least [`STREAM_MIN_BYTES`], else a plain copy.
///
/// # Safety
/// As `std::ptr::copy_nonoverlapping`; `T` must be plain bytes (no padding, no pointers).
pub unsafe fn copy_elems<T: Copy>(src: *const T, dst: *mut T, n: usize) {
    let bytes = n * std::mem::size_of::<T>();
    if bytes < STREAM_MIN_BYTES {
        std::ptr::copy_nonoverlapping(src, dst, n);
        return;
    }
    copy_streaming(
        std::slice::from_raw_parts_mut(dst.cast::<u8>(), bytes),
        std::slice::from_raw_parts(src.cast::<u8>(), bytes),
    );
}
