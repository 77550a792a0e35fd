//! Large host arrays on transparent huge pages (`madvise(MADV_HUGEPAGE)`), asked for before
//! their first touch. A fresh 9.3 GB array is 2.3 million 4 KiB page faults (each a trap, a
//! page zeroed and the process's page tables locked) but 4,400 faults of 2 MiB; and the
//! strided rows of a streamed pass walk one 4 KiB page per row, one TLB entry each. Advice
//! only: where the kernel has no huge pages to give (THP `never`, fragmented memory) nothing
//! changes and nothing fails. `JITFFT_HOST_HUGEPAGES=off` (`Knobs::host_hugepages`) leaves
//! it out (the A/B of `tools/gpu/host_path.sh`).

/// Huge-page size the advice is aligned to.
const HUGE: usize = 2 << 20;

/// Asks for huge pages on the whole 2 MiB pages inside `v`; arrays under 4 MiB are left
/// alone. Returns whether the advice was taken (false also where there was nothing to ask).
pub fn advise<T>(v: &mut [T]) -> bool {
    let bytes = std::mem::size_of_val(v);
    if bytes < 2 * HUGE {
        return false;
    }
    let p = v.as_mut_ptr() as usize;
    let (a, e) = ((p + HUGE - 1) & !(HUGE - 1), (p + bytes) & !(HUGE - 1));
    // SAFETY: advice on whole pages inside `v`'s own allocation; it changes no contents.
    e > a && unsafe { libc::madvise(a as *mut libc::c_void, e - a, libc::MADV_HUGEPAGE) == 0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advice_keeps_contents_and_skips_small_arrays() {
        let mut small = vec![1u8; 1 << 20];
        assert!(!advise(&mut small));
        let mut big: Vec<u32> = (0..(3 << 20)).collect();
        let _ = advise(&mut big);
        assert!(big.iter().enumerate().all(|(i, &x)| x == i as u32));
    }
}
