//! Fused passes under a small work-group limit (NVIDIA's OpenCL allows 256 work-items per
//! kernel): threads then hold up to 81 values (f32) so the tiles, and the pass count, stay as
//! large. `JITFFT_FUSED_MAX_THREADS`, set before any device use in this test binary (which has
//! its two tests), forces that regime on small transforms.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::plan::FusedLayout;
use jitfft::vc::*;

// Two tests (one layout each, the same cases) so that the two cores share the compiles; each
// sets the switch in its own process (nextest), or the same value twice (cargo test).
#[test]
fn many_values_per_thread_match_reference_inplace() {
    many_values_per_thread(0);
}

#[test]
fn many_values_per_thread_match_reference_rotate() {
    many_values_per_thread(1);
}

fn many_values_per_thread(layout_index: usize) {
    std::env::set_var("JITFFT_FUSED_MAX_THREADS", "27");
    let gpu = common::gpu();
    let seed = common::seed();
    // (p, n): 27 work-items × up to 81 values → tiles of 3^7, 4^5, 2^10, 5^4, 7^3.
    for (c, (p, n)) in [(3, 9), (3, 12), (4, 7), (2, 14), (5, 5), (7, 4)]
        .into_iter()
        .enumerate()
    {
        for (l, layout) in [FusedLayout::Inplace, FusedLayout::Rotate]
            .into_iter()
            .enumerate()
            .filter(|&(l, _)| l == layout_index)
        {
            for (k, precision) in [Precision::F32, Precision::F64].into_iter().enumerate() {
                // Default: one precision per (case, layout), alternating; exhaustive: both.
                if !common::exhaustive() && (c + l + k) % 2 == 1 {
                    continue;
                }
                let opts = VcOptions {
                    algorithm: Algorithm::Fused,
                    fused_layout: layout,
                    precision,
                    ..Default::default()
                };
                let plan = VcPlan::new(p, n, opts).unwrap();
                let tr = VcTransform::new(&gpu, &plan).unwrap();
                let fused: Vec<_> = tr.schedule.fused_passes().collect();
                assert!(
                    fused.iter().all(|f| f.threads() <= 27),
                    "p={p} n={n}: a pass exceeds 27 work-items"
                );
                let most = fused.iter().map(|f| f.regs()).max().unwrap_or(0);
                let bound = if precision == Precision::F64 { 42 } else { 85 };
                assert!(most <= bound, "p={p} n={n}: {most} values per thread");
                let x = random_complex(plan.len as usize, seed);
                let (got, _) = tr.execute(&gpu, &x).unwrap();
                let want = separable_vc(p, n, &x, Direction::Forward, 1.0).unwrap();
                let err = compare(&got, &want);
                let tol = if precision == Precision::F64 {
                    1e-12
                } else {
                    2e-6
                };
                assert!(
                    err.rel_l2 <= tol,
                    "p={p} n={n} {layout:?} {precision} ({}): {err:?} (seed {seed})",
                    tr.schedule.radices()
                );
            }
        }
    }
}
