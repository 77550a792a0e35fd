//! A local-memory budget above the device's report (`JITFFT_FUSED_LOCAL_BYTES`, set before
//! any device use in this test binary, which has this one test): NVIDIA's OpenCL reports 48 KB
//! but runs static `__local` arrays up to 227 KB. A 3^8 tile (52 KB of float2) then exchanges
//! whole values in one buffer instead of real/imaginary halves, and still transforms right.
#![allow(clippy::disallowed_methods)] // a test harness reads and sets its own switches

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::vc::*;

#[test]
fn raised_local_budget_exchanges_whole_tiles() {
    std::env::set_var("JITFFT_FUSED_LOCAL_BYTES", "262144");
    let gpu = common::gpu();
    let seed = common::seed();
    for direction in [Direction::Forward, Direction::Inverse] {
        let opts = VcOptions {
            algorithm: Algorithm::Fused,
            fused_digits: Some(8),
            direction,
            ..Default::default()
        };
        let plan = VcPlan::new(3, 8, opts).unwrap();
        let tr = VcTransform::new(&gpu, &plan).unwrap();
        let pass = tr.schedule.fused_passes().next().expect("a fused pass");
        assert!(
            !pass.split_exchange && pass.local_bytes() > 48 * 1024,
            "budget not used: split {}, {} bytes",
            pass.split_exchange,
            pass.local_bytes()
        );
        let x = random_complex(plan.len as usize, seed);
        let (got, _) = tr.execute(&gpu, &x).unwrap();
        let want = separable_vc(3, 8, &x, direction, plan.scale()).unwrap();
        let err = compare(&got, &want);
        assert!(err.rel_l2 <= 2e-6, "{direction:?}: {err:?} (seed {seed})");
    }
}
