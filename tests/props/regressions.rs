//! The inputs the property tests and fuzz targets found, kept in tests/data/regressions (also
//! the fuzzers' seed corpus): each is refused with the message named here (they panicked,
//! read a wrapped count, were taken as C order, or drifted before the fixes).

use jitfft::io::npy::read_npy;
use jitfft::io::npy_raw::read_header;
use jitfft::io::npy_stream::complex_header;
use std::path::PathBuf;

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/regressions")
        .join(name)
}

#[test]
fn found_npy_inputs_are_refused_by_name() {
    for (file, needle) in [
        // `split_at(1)` inside a two-byte character: a panic.
        ("npy-non-ascii-byte-order.npy", "no byte order mark"),
        // (2^32, 2^32) wrapped to 0 elements: an empty array of that shape was read.
        ("npy-shape-count-wraps.npy", "more than 2^64 elements"),
        // `fortran_order: Tru` was read as C order.
        ("npy-fortran-order-neither.npy", "neither True nor False"),
        // A 4 GiB header length: the header-only readers allocated it before reading.
        ("npy-header-length-past-end.npy", "cut short"),
    ] {
        let path = data(file);
        let e = read_npy(&path).unwrap_err().to_string();
        assert!(e.contains(needle) && e.contains(file), "{file}: {e}");
        // The header-only readers answer without a panic (dtypes are the full reader's to
        // judge), and refuse the sizes.
        let (h, c) = (read_header(&path), complex_header(&path));
        if file.contains("wraps") || file.contains("past-end") {
            assert!(h.is_err() && c.is_err(), "{file}");
        }
    }
}

#[test]
fn found_wisdom_loads_back_exactly() {
    let path = data("wisdom-float-roundtrip.json");
    let k = jitfft::runtime::Knobs {
        wisdom: Some(path),
        ..Default::default()
    };
    let w = jitfft::vc::explore::Wisdom::load(&k).unwrap();
    assert_eq!(w.entries[""].vc_ms, Some(390051.33486336883));
}

/// Found by `plan::plans_are_valid_or_refused` (CI, a fresh seed): a fused in-place plan of
/// 3^9, f64, with 7 lanes asked for under 16 KiB of local memory gave a second pass whose
/// tile kept its 7 lane digits (17,496 bytes). The schedule now takes fewer lanes until
/// every pass fits.
#[test]
fn asked_lanes_that_overflow_local_memory_are_reduced() {
    use jitfft::transform::{Direction, Precision};
    use jitfft::vc::fused::pass::{FusedLimits, ScheduleKnobs};
    use jitfft::vc::plan::{Algorithm, Coeffs, FusedLayout, VcOptions, VcPlan};
    use jitfft::vc::schedule::{PassKind, Schedule};
    let opts = VcOptions {
        algorithm: Algorithm::Fused,
        radix: None,
        coeffs: Coeffs::ConstFirst,
        precision: Precision::F64,
        direction: Direction::Forward,
        norm: None,
        fused_digits: None,
        fused_lanes: Some(7),
        fused_layout: FusedLayout::Inplace,
        fused_values: None,
    };
    let plan = VcPlan::new(3, 9, opts).unwrap();
    let lim = FusedLimits {
        local_bytes: 16 << 10,
        max_threads: 256,
        values: None,
        tile_values: None,
        knobs: ScheduleKnobs::DEFAULT,
    };
    let s = Schedule::for_limits(&plan, lim);
    let digits: u32 = s.passes.iter().map(|p| p.digits).sum();
    assert_eq!(digits, 9, "{}", s.radices());
    for p in &s.passes {
        if let PassKind::Fused(f) = &p.kind {
            assert!(
                f.local_bytes() <= lim.local_bytes,
                "{} bytes: {}",
                f.local_bytes(),
                s.radices()
            );
        }
    }
}
