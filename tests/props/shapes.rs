//! `bench --fft --shape`'s shape list (`bench::fft_shapes`): shapes written with `;` between
//! them (or as repeated values), `,` or `x` between axes and lengths in full or as powers parse
//! back to what was written; a mixed or empty shape, a zero or a non-number is refused with a
//! message naming it, never a panic.

use crate::common::prop_config;
use jitfft::bench::fft_shapes::{parse_shape, parse_shapes};
use proptest::prelude::*;

/// A length written in full, or as b^e where it is a power (`2^20`, `3^4`).
fn written(n: u64, power: bool) -> String {
    for b in 2..=n.min(7) {
        let mut e = 0;
        let mut m = n;
        while m % b == 0 {
            m /= b;
            e += 1;
        }
        if power && m == 1 && e > 1 {
            return format!("{b}^{e}");
        }
    }
    n.to_string()
}

/// A length ≥ 1: small, a power of 2 or 3, or large.
fn length() -> impl Strategy<Value = u64> {
    prop_oneof![
        1u64..300,
        (0u32..40).prop_map(|e| 1u64 << e),
        (1u32..20).prop_map(|e| 3u64.pow(e)),
        1u64..u64::MAX / 2,
    ]
}

/// Shapes of 1 to 4 axes and, per shape, its axis separator and whether powers are written
/// as such.
fn shapes() -> impl Strategy<Value = Vec<(Vec<u64>, &'static str, bool)>> {
    let shape = (
        prop::collection::vec(length(), 1..5),
        prop::sample::select(vec![",", "x", "X", " x ", ", "]),
        any::<bool>(),
    );
    prop::collection::vec(shape, 1..6)
}

proptest! {
    #![proptest_config(prop_config(256))]

    /// Written with any separators and notations, in one value or spread over several,
    /// every shape parses back in order.
    #[test]
    fn shape_lists_round_trip(list in shapes(), split in 0usize..6) {
        let texts: Vec<String> = list
            .iter()
            .map(|(s, sep, power)| {
                s.iter().map(|&n| written(n, *power)).collect::<Vec<_>>().join(sep)
            })
            .collect();
        let k = split.min(texts.len());
        let values: Vec<String> = [texts[..k].join(";"), texts[k..].join(" ; ")]
            .into_iter()
            .filter(|v| !v.is_empty())
            .collect();
        let want: Vec<Vec<u64>> = list.into_iter().map(|(s, _, _)| s).collect();
        prop_assert_eq!(parse_shapes(&values).unwrap(), want);
    }

    /// Any text parses to lengths ≥ 1 or is refused with a message naming `--shape`.
    #[test]
    fn any_text_parses_or_is_refused(s in "[0-9x,;^ _a-z-]{0,24}") {
        match parse_shapes(&[s.as_str()]) {
            Ok(list) => prop_assert!(list.iter().all(|sh| !sh.is_empty() && sh.iter().all(|&n| n >= 1))),
            Err(e) => prop_assert!(e.to_string().contains("--shape"), "{e}"),
        }
    }

    /// A shape that mixes `,` and `x` is refused (a list of shapes written with commas,
    /// `--shape 1024,1000x768`) with the `;` grammar in the message.
    #[test]
    fn mixed_separators_are_refused(a in length(), b in length(), c in length()) {
        let e = parse_shape(&format!("{a},{b}x{c}")).unwrap_err().to_string();
        prop_assert!(e.contains("not both") && e.contains(';'), "{e}");
    }

    /// An empty shape (two `;` in a row, one at an end), a zero length or an overflowing
    /// power is refused.
    #[test]
    fn empty_zero_and_overflow_are_refused(a in length(), at in 0usize..3) {
        let bad = [format!("{a};;{a}"), format!("{a}x0"), format!("{a},2^64")];
        let e = parse_shapes(&[bad[at].as_str()]).unwrap_err().to_string();
        let want = ["empty shape", "a length ≥ 1", "too large"][at];
        prop_assert!(e.contains(want), "{}: {e}", bad[at]);
    }
}
