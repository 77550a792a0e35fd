//! The per-item bent kernel split over p work-items a function (`JITFFT_PER_ITEM=split:R`, an
//! experiment for the register-bound H100 kernel): the same checks as `mvl::bent_per_item_kernel`.
//! Its own test binary: the variable is read when schedules are planned, so it is set once, for
//! this process only, before any plan exists.
//!
//! Oracle: the CPU classification (`mvl::bent::classify_cpu`, on `jitfft::reference::mvl`).
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

#[test]
fn bent_per_item_split_kernel() {
    // 8 functions a work-group: several work-groups and partial tails at these batch sizes.
    std::env::set_var("JITFFT_PER_ITEM", "split:8");
    let gpu = common::gpu();
    let seed = common::seed();
    // (p, n, functions): 2^4 and 4^3 rows are padded word counts, the others bytes; n = 1
    // cannot be split (one work-item a function).
    let cases: &[(u32, u32, u64)] = &[
        (2, 1, 3),
        (2, 4, 9),
        (2, 6, 100),
        (3, 2, 3),
        (3, 4, 1000),
        (4, 3, 65),
        (5, 2, 3),
        (7, 2, 17),
    ];
    common::mvl::check_per_item_cases(&gpu, seed, cases, true);
}
