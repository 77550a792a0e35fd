//! Issue 32, the streamed route's input read: how much of reading a .npy into a fresh host
//! array is the first touch of its pages? Times, on the same file (page cache warm):
//! `fresh`: zeroed Vec + parallel pread (today's `io::npy_stream::read_complex_into`);
//! `touched`: the same Vec read again (no faults: the read's own rate);
//! `prefault`: a fresh Vec faulted on every core first (timed apart), then read;
//! `hugepage`: a fresh Vec with `madvise(MADV_HUGEPAGE)`, then read (with the huge pages the
//! process then holds: where the kernel gives none, the advice changes nothing);
//! `untouched`: zeroed memory from the allocator whose pages nothing has written yet (what the
//! streamed route allocates now), then the parallel read: its faults on every core.
//! `vec![zero; n]` of a complex type writes every value on one thread (no calloc: the
//! zeroed-allocation shortcut covers primitive types only), so `fresh`, `prefault` and
//! `hugepage` each include that serial first touch.
//! Usage: `cargo run --release --example npy_first_touch -- FILE.npy [REPEATS]`.

use jitfft::io::npy_stream::{complex_header, read_complex_into};
use num_complex::Complex32;
use rayon::prelude::*;
use std::time::Instant;

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// `madvise(MADV_HUGEPAGE)` on the whole 2 MiB pages inside `v`: whether it was taken.
fn hugepage(v: &mut [Complex32]) -> bool {
    const HUGE: usize = 2 << 20;
    let p = v.as_mut_ptr() as usize;
    let (a, e) = (
        (p + HUGE - 1) & !(HUGE - 1),
        (p + std::mem::size_of_val(v)) & !(HUGE - 1),
    );
    // SAFETY: advice on whole pages of our own allocation; it changes no contents.
    e > a && unsafe { libc::madvise(a as *mut libc::c_void, e - a, libc::MADV_HUGEPAGE) == 0 }
}

/// The process's anonymous memory on huge pages now (kB), from /proc/self/smaps_rollup.
fn anon_huge_kb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/smaps_rollup").unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("AnonHugePages:"))
        .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let path = std::path::Path::new(&args[1]);
    let reps: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(3);
    let npy = complex_header(path).unwrap().expect("a complex .npy");
    let zero = Complex32::new(0.0, 0.0);
    for _ in 0..reps {
        let t = Instant::now();
        let mut v = vec![zero; npy.len()];
        read_complex_into(path, &npy, &mut v).unwrap();
        let fresh = ms(t);
        let t = Instant::now();
        read_complex_into(path, &npy, &mut v).unwrap();
        let touched = ms(t);
        drop(v);
        let t = Instant::now();
        let mut v = vec![zero; npy.len()];
        v.par_chunks_mut(1 << 16).for_each(|c| {
            for x in c.iter_mut().step_by(512) {
                // SAFETY: a volatile write so the page fault happens here, not in the read.
                unsafe { std::ptr::write_volatile(x, zero) };
            }
        });
        let fault = ms(t);
        let t = Instant::now();
        read_complex_into(path, &npy, &mut v).unwrap();
        let after = ms(t);
        drop(v);
        let t = Instant::now();
        let mut v = vec![zero; npy.len()];
        let advised = hugepage(&mut v);
        read_complex_into(path, &npy, &mut v).unwrap();
        let huge = ms(t);
        let huge_kb = anon_huge_kb();
        drop(v);
        let t = Instant::now();
        // Zeroed by the allocator (calloc: fresh pages, untouched): f32 pairs, then read.
        let mut raw = vec![0f32; 2 * npy.len()];
        let v: &mut [Complex32] = bytemuck::cast_slice_mut(&mut raw);
        let alloc = ms(t);
        read_complex_into(path, &npy, v).unwrap();
        let untouched = ms(t);
        drop(raw);
        println!(
            "bytes {} fresh {fresh:.1} touched {touched:.1} prefault {fault:.1} + read {after:.1} hugepage {huge:.1} ms (advice taken {advised}, AnonHugePages {huge_kb} kB) untouched {untouched:.1} ms (allocation {alloc:.1})",
            npy.len() * 8
        );
    }
}
