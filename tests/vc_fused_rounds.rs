//! Fused passes whose tile exceeds the local memory: exchanges in rounds over resident digits.
//! A small local budget (`JITFFT_FUSED_LOCAL_BYTES`, set before any device use in this test
//! binary, which has this one test) forces them on small transforms.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::plan::FusedLayout;
use jitfft::vc::*;

#[test]
fn resident_digit_rounds_match_reference() {
    std::env::set_var("JITFFT_FUSED_LOCAL_BYTES", "512");
    let gpu = common::gpu();
    let seed = common::seed();
    let (mut halves, mut whole) = (false, false);
    for (c, (p, n, digits)) in [(2, 12, 8), (3, 7, 5), (4, 6, 5), (5, 5, 3)]
        .into_iter()
        .enumerate()
    {
        for (l, layout) in [
            FusedLayout::Rotate,
            FusedLayout::Inplace,
            FusedLayout::Staged,
        ]
        .into_iter()
        .enumerate()
        {
            for (k, precision) in [Precision::F32, Precision::F64].into_iter().enumerate() {
                // Default: one precision per (case, layout), alternating; exhaustive: both.
                if !common::exhaustive() && (c + l + k) % 2 == 1 {
                    continue;
                }
                let opts = VcOptions {
                    algorithm: Algorithm::Fused,
                    fused_digits: Some(digits),
                    fused_layout: layout,
                    precision,
                    ..Default::default()
                };
                let plan = VcPlan::new(p, n, opts).unwrap();
                let tr = VcTransform::new(&gpu, &plan).unwrap();
                assert!(
                    tr.schedule.fused_passes().any(|f| !f.resident.is_empty()),
                    "p={p} n={n}: no pass exchanges in rounds"
                );
                for f in tr
                    .schedule
                    .fused_passes()
                    .filter(|f| !f.resident.is_empty())
                {
                    halves |= f.split_exchange;
                    whole |= !f.split_exchange;
                }
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
                    "p={p} n={n} {layout:?} {precision}: {err:?} (seed {seed})"
                );
            }
        }
    }
    // Both kinds of rounds ran: real/imaginary halves, and whole values where they fit.
    assert!(halves && whole, "halves {halves}, whole rounds {whole}");
}
