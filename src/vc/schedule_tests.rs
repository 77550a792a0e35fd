//! Unit tests of `vc::schedule` (kept apart: schedule.rs stays under 600 lines).

use super::*;
use crate::vc::plan::{VcOptions, VcPlan};

/// NVIDIA's 1024-work-item tiles: the tile cap of the default rule picks the schedules
/// `tune` found fastest on the H100 and leaves the others (and explicit caps) alone.
#[test]
fn device_wg_tile_cap() -> crate::Result<()> {
    let wide = FusedLimits {
        max_threads: 1024,
        ..crate::vc::fused::pass::NVIDIA_LIMITS
    };
    let capped = FusedLimits {
        tile_values: Some(crate::vc::limits::DEVICE_WG_TILE_VALUES),
        ..wide
    };
    let fused = |p, n| {
        let opts = VcOptions {
            algorithm: Algorithm::Fused,
            ..Default::default()
        };
        VcPlan::new(p, n, opts)
    };
    for (p, n, before, after) in [
        // The cost model already avoids 7^5's first tile (49 values a work-item).
        (7, 9, "7^4·7^3·7^2", "7^4·7^3·7^2"),
        // The model charges 23^3's first tile itself now (docs/history/2026-11-25-wisdom-host-large-p.md item 34); the cap
        // agrees.
        (23, 6, "23^2·23^2·23^2", "23^2·23^2·23^2"),
        (10, 8, "10^4·10^2·10^2", "10^4·10^2·10^2"),
    ] {
        let plan = fused(p, n)?;
        let (a, b) = (
            Schedule::for_limits(&plan, wide),
            Schedule::for_limits(&plan, capped),
        );
        assert_eq!(a.passes.len(), b.passes.len(), "{p}^{n}");
        assert_eq!(a.radices(), before, "{p}^{n}");
        assert_eq!(b.radices(), after, "{p}^{n}");
        let mut explicit = plan.clone();
        explicit.fused_digits = Some(9);
        assert_eq!(
            Schedule::for_limits(&explicit, wide).radices(),
            Schedule::for_limits(&explicit, capped).radices()
        );
    }
    Ok(())
}

#[test]
fn mixed_radix_ct_and_cg() -> crate::Result<()> {
    let opts = VcOptions {
        radix: Some(9),
        ..Default::default()
    };
    let plan = VcPlan::new(3, 5, opts)?;
    let s = Schedule::for_plan(&plan);
    assert_eq!(s.radices(), "9·9·3");
    assert_eq!(
        s.passes.iter().map(|p| p.kind.clone()).collect::<Vec<_>>(),
        [27, 3, 1].map(|dist| PassKind::Ct { dist })
    );
    assert_eq!(s.kernels.len(), 2);
    let cg = VcPlan::new(
        3,
        5,
        VcOptions {
            algorithm: Algorithm::Cg,
            ..opts
        },
    )?;
    let s = Schedule::for_plan(&cg);
    assert_eq!(s.result, Buf::B);
    assert_eq!(s.passes[1].src, Buf::B);
    Ok(())
}

#[test]
fn one_shape_for_every_algorithm() -> crate::Result<()> {
    for (algorithm, radix) in [
        (Algorithm::Ct, Some(9)),
        (Algorithm::Cg, Some(9)),
        (Algorithm::Fused, None),
    ] {
        for (p, n) in [(3u32, 5u32), (2, 11), (5, 4)] {
            let radix = radix.map(|_| (p as u64).pow(2));
            let opts = VcOptions {
                algorithm,
                radix,
                ..Default::default()
            };
            let plan = VcPlan::new(p, n, opts)?;
            let s = Schedule::for_plan(&plan);
            let what = format!("{algorithm:?} {p}^{n}");
            assert_eq!(s.passes.iter().map(|x| x.digits).sum::<u32>(), n, "{what}");
            assert_eq!(s.passes[0].src, Buf::A, "{what}");
            for w in s.passes.windows(2) {
                assert_eq!(w[0].dst, w[1].src, "{what}");
            }
            assert_eq!(s.passes.last().map(|x| x.dst), Some(s.result), "{what}");
            for (i, pass) in s.passes.iter().enumerate() {
                // Every element is touched by exactly one unit's tile or butterfly.
                let per_unit = pass.fused().map_or(pass.radix, |f| f.tile_len());
                assert_eq!(pass.units * per_unit, plan.len, "{what} pass {i}");
                match &pass.kind {
                    PassKind::Fused(_) => assert_eq!(pass.kernel, i),
                    _ => assert!(pass.kernel < s.kernels.len()),
                }
                if let Some(m) = pass.input {
                    assert_eq!(m.rows * m.width * pass.units, plan.len, "{what}");
                }
            }
            // Pass 1 of cg and fused reads each unit's elements as one contiguous run.
            if algorithm != Algorithm::Ct {
                let m = s.passes[0].input.expect("pass 1 reads rows");
                assert_eq!(m.rows, 1, "{what}");
            }
        }
    }
    Ok(())
}

/// The real path's ends go to the first and last fused passes only, named after them; plans
/// that are not fused or whose batch is not a multiple of h are refused them.
#[test]
fn half_edges_on_the_ends() -> crate::Result<()> {
    use crate::vc::plan::{HalfEdge, HalfEdges};
    let edges = HalfEdges {
        input: Some(HalfEdge::Reals { h: 2, scale: 1.0 }),
        output: Some(HalfEdge::Rows { h: 2 }),
    };
    let opts = VcOptions {
        algorithm: Algorithm::Fused,
        fused_digits: Some(3),
        ..Default::default()
    };
    let plan = VcPlan::new(3, 7, opts)?
        .with_batch(2)?
        .with_half_edges(edges)?;
    let s = Schedule::for_limits(&plan, DEFAULT_LIMITS);
    let f: Vec<&FusedPass> = s.fused_passes().collect();
    assert_eq!(f.len(), 3);
    assert_eq!((f[0].half_in, f[0].half_out), (edges.input, None));
    assert_eq!((f[1].half_in, f[1].half_out), (None, None));
    assert_eq!((f[2].half_in, f[2].half_out), (None, edges.output));
    assert!(f[0].name().contains("_reals2") && f[2].name().contains("_rowsout2"));
    // Not fused, or a batch that is not a multiple of h: refused.
    let ct = VcPlan::new(3, 2, VcOptions::default())?.with_batch(2)?;
    assert!(ct.with_half_edges(edges).is_err());
    let odd = VcPlan::new(3, 2, opts)?.with_batch(3)?;
    assert!(odd.with_half_edges(edges).is_err());
    Ok(())
}

/// Bin tiles (`vc::half_edge::bin_tiles`) under NVIDIA's limits: forward 5^11 (h = 3) takes
/// them at one added pass, its inverse and forward 3^16 (h = 2) keep one bin a work-group;
/// `JITFFT_REAL_BINS=on` forces them, and the bin ends fit the work-group and local memory.
#[test]
fn bin_tiles_where_they_pay() -> crate::Result<()> {
    use crate::settings::RealBins;
    use crate::vc::plan::{HalfEdge, HalfEdges};
    let real = |p: u32, n: u32, inverse: bool| -> crate::Result<VcPlan> {
        let h = p / 2 + 1;
        let edges = if inverse {
            HalfEdges {
                input: Some(HalfEdge::Rows { h }),
                output: None,
            }
        } else {
            HalfEdges {
                input: Some(HalfEdge::Reals { h, scale: 1.0 }),
                output: Some(HalfEdge::Rows { h }),
            }
        };
        let opts = VcOptions {
            algorithm: Algorithm::Fused,
            direction: if inverse {
                crate::transform::Direction::Inverse
            } else {
                crate::transform::Direction::Forward
            },
            ..Default::default()
        };
        VcPlan::new(p, n - 1, opts)?
            .with_batch(h as u64)?
            .with_half_edges(edges)
    };
    let wide = FusedLimits {
        max_threads: 1024,
        ..crate::vc::fused::pass::NVIDIA_LIMITS
    };
    let bins = |plan: &VcPlan, limits: FusedLimits| -> (usize, usize) {
        let s = Schedule::for_limits(plan, limits);
        let f: Vec<&FusedPass> = s.fused_passes().collect();
        for x in f.iter().filter(|x| x.interleave) {
            assert!(
                x.group_size() <= limits.max_threads
                    && x.rows * x.row_pitch() * (x.local_bytes() / x.local_words().max(1))
                        <= limits.local_bytes
            );
        }
        (f.len(), f.iter().filter(|x| x.interleave).count())
    };
    assert_eq!(bins(&real(5, 11, false)?, wide), (3, 2));
    assert_eq!(bins(&real(5, 11, true)?, wide), (2, 0));
    let nv = crate::vc::fused::pass::NVIDIA_LIMITS;
    assert_eq!(bins(&real(3, 16, false)?, nv), (2, 0));
    let mut on = nv;
    on.knobs.real_bins = RealBins::On;
    assert_eq!(bins(&real(3, 16, false)?, on), (3, 2));
    Ok(())
}
