//! Unit tests of `vc::plan` (beside it: the plan file is at its size limit).

use super::*;

#[test]
fn auto_layout_stages_whole_sector_runs_only() {
    // complex64: 4^1 · 8 = 32 bytes, 2^3 · 8 = 64: staged; 3^2 · 8 = 72: in place.
    assert_eq!(FusedLayout::Auto.resolve(4, 1, 8), FusedLayout::Staged);
    assert_eq!(FusedLayout::Auto.resolve(2, 3, 8), FusedLayout::Staged);
    assert_eq!(FusedLayout::Auto.resolve(3, 2, 8), FusedLayout::Inplace);
    assert_eq!(FusedLayout::Auto.resolve(5, 1, 16), FusedLayout::Inplace);
    assert_eq!(FusedLayout::Rotate.resolve(4, 1, 8), FusedLayout::Rotate);
}

#[test]
fn validation_messages() {
    let e = VcPlan::new(1, 3, VcOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("p ≥ 2"), "{e}");
    let e = VcPlan::new(3, 0, VcOptions::default())
        .unwrap_err()
        .to_string();
    assert!(e.contains("n ≥ 1"), "{e}");
    let e = VcPlan::new(3, 41, VcOptions::default())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("overflows 64 bits") && e.contains("at most 40"),
        "{e}"
    );
    let opts = VcOptions {
        radix: Some(6),
        ..Default::default()
    };
    let e = VcPlan::new(3, 4, opts).unwrap_err().to_string();
    assert!(
        e.contains("not a power of p = 3") && e.contains("3, 9, 27, 81"),
        "{e}"
    );
    let opts = VcOptions {
        radix: Some(27),
        ..Default::default()
    };
    let e = VcPlan::new(3, 2, opts).unwrap_err().to_string();
    assert!(e.contains("n = 2"), "{e}");
}

#[test]
fn defaults_and_scale() -> crate::Result<()> {
    let p = VcPlan::new(3, 4, VcOptions::default())?;
    assert_eq!(
        (p.len, p.radix, p.digits_per_pass, p.norm),
        (81, 3, 1, Norm::None)
    );
    let inv = VcOptions {
        direction: Direction::Inverse,
        ..Default::default()
    };
    let p = VcPlan::new(2, 3, inv)?;
    assert_eq!(p.norm, Norm::Full);
    assert_eq!(p.scale(), 0.125);
    assert_eq!(log_exact(4, 64), Some(3));
    assert_eq!(log_exact(4, 32), None);
    Ok(())
}

#[test]
fn top_digits_only() -> crate::Result<()> {
    let ct = VcOptions {
        radix: Some(27),
        norm: Some(Norm::Full),
        ..VcOptions::default()
    };
    let p = VcPlan::new(3, 5, ct)?.with_top_digits(2)?;
    assert_eq!((p.transformed_digits(), p.radix, p.len), (2, 9, 243));
    assert_eq!(p.scale(), 1.0 / 9.0);
    let s = crate::vc::Schedule::for_plan(&p);
    assert_eq!(s.passes.len(), 1);
    assert!(matches!(
        s.passes[0].kind,
        crate::vc::schedule::PassKind::Ct { dist: 27 }
    ));
    let fused = VcOptions {
        algorithm: Algorithm::Fused,
        ..VcOptions::default()
    };
    assert!(VcPlan::new(3, 5, fused)?.with_top_digits(2).is_err());
    assert!(VcPlan::new(3, 5, ct)?.with_top_digits(6).is_err());
    Ok(())
}
