//! Overlapped host-data runs (chunked uploads, pass 1 per chunk, last pass per piece,
//! downloads per piece on a second queue) give exactly the plain run's result and match the
//! f64 reference: fused rotate and in-place layouts with 1–3 passes, ct and cg with partial
//! work-groups, K dividing the work-groups evenly or not, rect and packed downloads, f32 and f64.

mod common;

use jitfft::io::random::random_complex;
use jitfft::reference::{compare, separable_vc};
use jitfft::runtime::Gpu;
use jitfft::vc::overlap::{DownloadMode, OverlapPlan, Overlapped};
use jitfft::vc::plan::FusedLayout;
use jitfft::vc::*;

fn fused(digits: u32, layout: FusedLayout, precision: Precision) -> VcOptions {
    VcOptions {
        algorithm: Algorithm::Fused,
        fused_digits: Some(digits),
        fused_layout: layout,
        precision,
        ..Default::default()
    }
}

fn paper(algorithm: Algorithm, radix: u64, precision: Precision) -> VcOptions {
    VcOptions {
        algorithm,
        radix: Some(radix),
        coeffs: Coeffs::Literal,
        precision,
        ..Default::default()
    }
}

/// Runs `opts` plain and overlapped with each K; returns the overlap plans' download modes.
fn check(
    gpu: &Gpu,
    p: u32,
    n: u32,
    opts: VcOptions,
    ks: &[usize],
    mode: DownloadMode,
    seed: u64,
) -> Vec<String> {
    if opts.precision == Precision::F64 && !gpu.info.fp64 {
        eprintln!("skipping f64: {} has no fp64", gpu.info.name);
        return Vec::new();
    }
    let plan = VcPlan::new(p, n, opts).unwrap();
    let x = random_complex(plan.len as usize, seed ^ ((p as u64) << 8) ^ n as u64);
    let tr = VcTransform::new(gpu, &plan).unwrap_or_else(|e| panic!("{plan:?}: {e}"));
    let (plain, _) = tr.execute(gpu, &x).unwrap();
    let want = separable_vc(p, n, &x, plan.direction, plan.scale()).unwrap();
    let tol = if plan.precision == Precision::F64 {
        1e-12
    } else {
        2e-6
    };
    let mut modes = Vec::new();
    for &k in ks {
        let ov = Overlapped::new(gpu, &tr, Some(k), mode)
            .unwrap_or_else(|e| panic!("p={p} n={n} K={k} {opts:?}: {e}"));
        let what = format!(
            "p={p} n={n} K={k} {} {:?} passes {} ({})",
            plan.algorithm,
            plan.fused_layout,
            tr.schedule.radices(),
            ov.plan.scheme
        );
        eprintln!("{what}");
        assert_eq!(ov.plan.chunks, k, "{what}");
        // Twice: the second run must not see the first one's leftovers.
        for rep in 0..2 {
            let (got, times, o) = ov.run(&x).unwrap();
            assert!(
                got == plain,
                "{what}: overlapped result differs from the plain run (rep {rep}, seed {seed})"
            );
            let err = compare(&got, &want);
            assert!(err.rel_l2 <= tol, "{what}: rel L2 {:.3e}", err.rel_l2);
            assert_eq!(times.pass_ms.len(), tr.schedule.pass_count(), "{what}");
            assert!(
                o.events_ms > 0.0 && o.events_ms + 1e-9 >= o.exposed_ms && o.host_ms > 0.0,
                "{what}: {o:?}"
            );
        }
        modes.push(ov.plan.download.to_string());
    }
    modes
}

#[test]
fn fused_rotate_multipass_many_k() {
    let gpu = common::gpu();
    let seed = common::seed();
    // 3 passes of 3+2+2 digits; 2 passes of 4+4; 2 passes with lanes (p = 2).
    check(
        &gpu,
        3,
        7,
        fused(3, FusedLayout::Rotate, Precision::F32),
        &[1, 2, 3, 5, 7],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        3,
        8,
        fused(4, FusedLayout::Rotate, Precision::F32),
        &[1, 4, 6],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        2,
        12,
        fused(6, FusedLayout::Rotate, Precision::F64),
        &[3, 8],
        DownloadMode::Rect,
        seed,
    );
    // Inverse with full scaling (applied by the last pass, here in pieces).
    let inverse = VcOptions {
        direction: Direction::Inverse,
        ..fused(3, FusedLayout::Rotate, Precision::F64)
    };
    check(&gpu, 3, 7, inverse, &[4], DownloadMode::Packed, seed);
    check(
        &gpu,
        5,
        5,
        fused(2, FusedLayout::Rotate, Precision::F32),
        &[2, 3],
        DownloadMode::Rect,
        seed,
    );
}

#[test]
fn fused_inplace_multipass_many_k() {
    let gpu = common::gpu();
    let seed = common::seed();
    check(
        &gpu,
        2,
        11,
        fused(4, FusedLayout::Inplace, Precision::F32),
        &[1, 2, 5],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        3,
        8,
        fused(3, FusedLayout::Inplace, Precision::F64),
        &[3, 4],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        4,
        6,
        fused(3, FusedLayout::Inplace, Precision::F32),
        &[2, 3],
        DownloadMode::Rect,
        seed,
    );
}

#[test]
fn packed_downloads_where_possible() {
    let gpu = common::gpu();
    let seed = common::seed();
    let m = check(
        &gpu,
        3,
        8,
        fused(4, FusedLayout::Rotate, Precision::F32),
        &[1, 3, 5],
        DownloadMode::Packed,
        seed,
    );
    // One piece is all rows: a contiguous read.
    assert_eq!(m, ["contiguous", "packed", "packed"]);
    let m = check(
        &gpu,
        2,
        10,
        fused(4, FusedLayout::Rotate, Precision::F64),
        &[2, 4],
        DownloadMode::Packed,
        seed,
    );
    if !m.is_empty() {
        assert_eq!(m, ["packed", "packed"]);
    }
    // cg's last pass reads contiguous runs from the other buffer too.
    let m = check(
        &gpu,
        3,
        9,
        paper(Algorithm::Cg, 9, Precision::F32),
        &[2, 3],
        DownloadMode::Packed,
        seed,
    );
    assert_eq!(m, ["packed", "packed"]);
    // In place: the last pass reads rows, so packing falls back to rect reads.
    let m = check(
        &gpu,
        3,
        8,
        fused(4, FusedLayout::Inplace, Precision::F32),
        &[3],
        DownloadMode::Packed,
        seed,
    );
    assert_eq!(m, ["rect"]);
}

#[test]
fn ct_and_cg_with_partial_work_groups() {
    let gpu = common::gpu();
    let seed = common::seed();
    // 3^9 / 3 = 6561 butterflies: 26 work-groups of 256, the last one partial.
    let m = check(
        &gpu,
        3,
        9,
        paper(Algorithm::Ct, 3, Precision::F32),
        &[1, 4, 7],
        DownloadMode::Rect,
        seed,
    );
    // ct's last pass writes contiguous runs.
    assert!(m.iter().all(|d| d == "contiguous"), "{m:?}");
    check(
        &gpu,
        2,
        13,
        paper(Algorithm::Ct, 8, Precision::F64),
        &[2, 3],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        3,
        9,
        paper(Algorithm::Cg, 3, Precision::F32),
        &[3, 5],
        DownloadMode::Rect,
        seed,
    );
    check(
        &gpu,
        4,
        7,
        paper(Algorithm::Cg, 16, Precision::F64),
        &[2],
        DownloadMode::Rect,
        seed,
    );
}

#[test]
fn single_pass_allows_one_chunk_and_bad_k_is_refused() {
    let gpu = common::gpu();
    let seed = common::seed();
    let opts = VcOptions {
        algorithm: Algorithm::Fused,
        ..Default::default()
    };
    check(&gpu, 3, 4, opts, &[1], DownloadMode::Rect, seed);
    let plan = VcPlan::new(3, 4, opts).unwrap();
    let tr = VcTransform::new(&gpu, &plan).unwrap();
    let e = OverlapPlan::new(&tr, Some(2), DownloadMode::Rect)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("--chunks 2") && e.contains("1 to 1") && e.contains("single pass"),
        "{e}"
    );
    let e = OverlapPlan::new(&tr, Some(0), DownloadMode::Rect)
        .unwrap_err()
        .to_string();
    assert!(e.contains("--chunks 0"), "{e}");
    // Default K: 8, or fewer when the schedule has fewer work-groups.
    assert_eq!(
        OverlapPlan::new(&tr, None, DownloadMode::Rect)
            .unwrap()
            .chunks,
        1
    );
    let plan = VcPlan::new(3, 8, fused(4, FusedLayout::Rotate, Precision::F32)).unwrap();
    let tr = VcTransform::new(&gpu, &plan).unwrap();
    let ov = OverlapPlan::new(&tr, None, DownloadMode::Rect).unwrap();
    assert_eq!(ov.chunks, 8.min(ov.max_chunks));
    let e = OverlapPlan::new(&tr, Some(ov.max_chunks + 1), DownloadMode::Rect)
        .unwrap_err()
        .to_string();
    assert!(e.contains(&format!("1 to {}", ov.max_chunks)), "{e}");
}

#[test]
fn floor_is_measured() {
    let gpu = common::gpu();
    let plan = VcPlan::new(3, 8, fused(4, FusedLayout::Rotate, Precision::F32)).unwrap();
    let tr = VcTransform::new(&gpu, &plan).unwrap();
    let ov = Overlapped::new(&gpu, &tr, Some(4), DownloadMode::Rect).unwrap();
    let f = ov.floor().unwrap();
    assert!(f.upload_ms > 0.0 && f.download_ms > 0.0, "{f:?}");
    assert!((f.sequential_ms - f.upload_ms - f.download_ms).abs() < 1e-9);
    assert!(f.bidirectional_ms > 0.0, "{f:?}");
    // A run after the floor (which clobbers buffers) is still right.
    let x = random_complex(plan.len as usize, 7);
    let (got, _, _) = ov.run(&x).unwrap();
    let want = separable_vc(3, 8, &x, plan.direction, plan.scale()).unwrap();
    assert!(compare(&got, &want).rel_l2 < 2e-6);
    assert_eq!(ov.memory(), (2 * plan.buffer_bytes(), plan.buffer_bytes()));
}
