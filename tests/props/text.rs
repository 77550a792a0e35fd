//! Text inputs: truth vectors and value rows, integer operands (`mul --a/--b`), field
//! constants (`field inspect --modulus`), sizes (`--size 2^20`), memory caps
//! (`JITFFT_DEVICE_MEMORY`), device selectors and input shapes: what was written parses back,
//! anything else is refused with a message, never a panic.

use crate::common::prop_config;
use jitfft::io::input::{batch_shape, infer_n, transform_shape};
use jitfft::io::text::{parse_size, parse_truth_vector, value_rows};
use jitfft::runtime::{DeviceSelector, SetSpec};
use jitfft::settings::parse_bytes;
use proptest::prelude::*;
use rug::Integer;

/// Separators a truth vector may use between values.
fn separator() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        " ",
        ",",
        ", ",
        "\t",
        "\n",
        " \n ",
        " # note\n",
        "\r\n",
        ",,",
    ])
}

/// A non-negative integer of up to 8 limbs (0 included).
fn big() -> impl Strategy<Value = Integer> {
    prop::collection::vec(any::<u64>(), 0..8)
        .prop_map(|limbs| Integer::from_digits(&limbs, rug::integer::Order::Lsf))
}

/// `s` with whitespace (of `ws`) after the characters `at` picks.
fn spaced(s: &str, at: &[bool], ws: &str) -> String {
    s.chars()
        .zip(at.iter().cycle())
        .flat_map(|(c, &w)| {
            std::iter::once(c).chain(w.then_some(ws).into_iter().flat_map(str::chars))
        })
        .collect()
}

proptest! {
    #![proptest_config(prop_config(256))]

    /// A truth vector written with any separators and comments reads back value for value.
    #[test]
    fn truth_vectors_round_trip(
        p in 2u32..40,
        raw in prop::collection::vec(any::<u32>(), 1..80),
        seps in prop::collection::vec(separator(), 1..8),
    ) {
        let vals: Vec<u32> = raw.iter().map(|v| v % p).collect();
        let mut text = String::new();
        for (i, v) in vals.iter().enumerate() {
            text.push_str(&v.to_string());
            text.push_str(seps[i % seps.len()]);
        }
        prop_assert_eq!(parse_truth_vector(&text, p), Ok(vals.clone()));
        // One row a line: value_rows reads the same values as one function.
        let row = vals.iter().map(u32::to_string).collect::<Vec<_>>().join(" ");
        let (v, b, len) = value_rows(&format!("{row}\n{row}\n"), p).unwrap();
        prop_assert_eq!((b, len), (2, vals.len()));
        prop_assert_eq!(&v[..len], &vals[..]);
    }

    /// Any text: a vector of values 0..p−1, or an error naming the position or the emptiness.
    #[test]
    fn any_text_is_a_truth_vector_or_refused(text in "(\\PC|[ ,#\\n0-9-])*", p in 2u32..40) {
        match parse_truth_vector(&text, p) {
            Ok(v) => prop_assert!(!v.is_empty() && v.iter().all(|&x| x < p)),
            Err(e) => prop_assert!(e.contains("value ") || e.contains("no values"), "{}", e),
        }
        match value_rows(&text, p) {
            Ok((v, b, len)) => prop_assert_eq!(v.len() as u64, b * len as u64),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// `mul` operands: any integer, any sign, decimal or hex, whitespace anywhere.
    #[test]
    fn mul_operands_round_trip(
        x in big(),
        neg in any::<bool>(),
        hex in any::<bool>(),
        gaps in prop::collection::vec(any::<bool>(), 1..9),
        ws in prop::sample::select(vec![" ", "\n", "\t", "  \n"]),
    ) {
        let v = if neg { -x.clone() } else { x.clone() };
        let digits = if hex { format!("0x{}", x.to_string_radix(16)) } else { x.to_string() };
        let text = format!("{}{digits}", if neg { "-" } else if gaps[0] { "+" } else { "" });
        let text = spaced(&text, &gaps, ws);
        prop_assert_eq!(jitfft::mul::input::parse_integer(&text, "a").map_err(|e| e.to_string()), Ok(v));
    }

    /// Any text as a `mul` operand: an integer, or an error naming the source and position.
    #[test]
    fn any_text_is_an_operand_or_refused(text in "(\\PC|[0-9a-fxX+ -])*") {
        if let Err(e) = jitfft::mul::input::parse_integer(&text, "op") {
            let e = e.to_string();
            prop_assert!(e.starts_with("op:"), "{}", e);
        }
    }

    /// `field inspect --modulus`: decimal or 0x-hex, `_` separators; anything else refused.
    #[test]
    fn field_constants_round_trip(x in big(), hex in any::<bool>(), under in any::<bool>(), junk in "\\PC{0,12}") {
        let mut text = if hex { format!("0x{}", x.to_string_radix(16)) } else { x.to_string() };
        if under && text.len() > 3 {
            text.insert(3, '_');
        }
        let parse = |t: &str| jitfft::field::prime::parse_integer(t, "--modulus");
        prop_assert_eq!(parse(&format!(" {text} ")).map_err(|e| e.to_string()), Ok(x));
        if let Err(e) = parse(&junk) {
            prop_assert!(e.to_string().starts_with("--modulus: "), "{}", e);
        }
    }

    /// `--size`: 2^L, 2**L and the number in full give L; any other text is refused.
    #[test]
    fn sizes_round_trip(l in 0u32..64, text in "\\PC{0,12}", v in any::<u64>()) {
        prop_assert_eq!(parse_size(&format!("2^{l}")), Ok(l));
        prop_assert_eq!(parse_size(&format!(" 2**{l} ")), Ok(l));
        prop_assert_eq!(parse_size(&(1u64 << l).to_string()), Ok(l));
        match parse_size(&v.to_string()) {
            Ok(k) => prop_assert_eq!(1u64 << k, v),
            Err(e) => prop_assert!(e.contains("not a power of two"), "{}", e),
        }
        if let Ok(k) = parse_size(&text) {
            prop_assert!(k < 64);
        }
    }

    /// `JITFFT_DEVICE_MEMORY`: a number and a unit is that many bytes; zero, text and sizes
    /// beyond 2^64 are refused (never saturated, never 0).
    #[test]
    fn memory_caps_round_trip(
        x in 0u64..1 << 40,
        unit in prop::sample::select(vec![("", 1u64), ("B", 1), ("k", 1024), ("KiB", 1024), ("MiB", 1 << 20), ("g", 1 << 30), ("GiB", 1 << 30), ("kB", 1000), ("MB", 1_000_000), ("GB", 1_000_000_000)]),
        text in "\\PC{0,12}",
    ) {
        let want = (x as u128 * unit.1 as u128).try_into().ok().filter(|&b: &u64| b > 0);
        let got = parse_bytes(&format!("{x}{}", unit.0));
        // Beyond 2^53 bytes the f64 step rounds: compare to within its precision.
        match (got, want) {
            (Some(g), Some(w)) => prop_assert!((g as f64 - w as f64).abs() <= w as f64 * 1e-15, "{} {}", g, w),
            (g, w) => prop_assert_eq!(g, w),
        }
        prop_assert_ne!(parse_bytes(&text), Some(0));
        prop_assert_eq!(parse_bytes(&format!("{}GiB", u64::MAX)), None);
    }

    /// Device selectors: indices, `gpu`/`cpu`/`default` in any case, any other text a name.
    #[test]
    fn device_selectors_parse(i in any::<usize>(), text in "\\PC{0,16}", upper in any::<bool>()) {
        prop_assert_eq!(DeviceSelector::parse(&format!(" {i} ")), DeviceSelector::Index(i));
        let case = |s: &str| if upper { s.to_uppercase() } else { s.to_string() };
        prop_assert_eq!(DeviceSelector::parse(&case("gpu")), DeviceSelector::Gpu);
        prop_assert_eq!(DeviceSelector::parse(&case("cpu")), DeviceSelector::Cpu);
        prop_assert_eq!(DeviceSelector::parse(&case("default")), DeviceSelector::Default);
        if let DeviceSelector::Name(n) = DeviceSelector::parse(&text) {
            prop_assert_eq!(n.as_str(), text.trim());
        }
    }

    /// Device sets (issue 45): a list of members, written with any spaces, reads back member for
    /// member (a repeat kept); one member alone is today's selector (a name: every match);
    /// any list with an empty member, or `all` in a list, is refused naming the grammar; no
    /// text panics.
    #[test]
    fn device_sets_parse(
        members in prop::collection::vec(prop_oneof![
            any::<u16>().prop_map(|i| i.to_string()),
            Just("gpu".to_string()),
            Just("CPU".to_string()),
            "[a-z][a-z0-9 -]{0,8}[a-z0-9]".prop_filter("a keyword", |s| !["all", "default", "gpu", "cpu"].contains(&s.as_str())),
        ], 1..6),
        pad in prop::collection::vec(prop::sample::select(vec!["", " ", "  ", "\t"]), 12),
        empty_at in any::<prop::sample::Index>(),
        text in "\\PC{0,24}",
    ) {
        let written: Vec<String> = members
            .iter()
            .enumerate()
            .map(|(k, m)| format!("{}{m}{}", pad[k % pad.len()], pad[(k + 5) % pad.len()]))
            .collect();
        let want: Vec<DeviceSelector> = members.iter().map(|m| DeviceSelector::parse(m)).collect();
        let got = SetSpec::parse(&written.join(","));
        if members.len() == 1 {
            prop_assert!(matches!(got, Ok(SetSpec::One(_)) | Ok(SetSpec::Every(_))), "{:?}", got);
        } else {
            prop_assert_eq!(got, Ok(SetSpec::List(want)));
        }
        let mut holed = written.clone();
        holed.insert(empty_at.index(written.len() + 1), " ".into());
        let e = SetSpec::parse(&holed.join(",")).unwrap_err();
        prop_assert!(e.contains("an empty member") && e.contains("`all`"), "{}", e);
        let mut with_all = written;
        with_all.push("ALL".into());
        prop_assert!(SetSpec::parse(&with_all.join(",")).unwrap_err().contains("cannot be a member"));
        prop_assert_eq!(SetSpec::parse(" all "), Ok(SetSpec::All));
        prop_assert_eq!(SetSpec::parse("pocl"), Ok(SetSpec::Every("pocl".into())));
        prop_assert_eq!(SetSpec::parse("3"), Ok(SetSpec::One(DeviceSelector::Index(3))));
        let _ = SetSpec::parse(&text);
    }

    /// Input shapes: p^n lengths give n; every shape gives (B, len) with B·len values, or an
    /// error that names the shapes allowed.
    #[test]
    fn shapes_and_lengths(
        p in prop_oneof![2u32..40, Just(3)],
        n in 1u32..12,
        shape in prop_oneof![
            prop::collection::vec(prop_oneof![1usize..6, Just(1usize << 62), any::<usize>()], 0..5),
            (0usize..80).prop_map(|k| vec![3; k]),
        ],
        batch in prop::option::of(1u64..8),
    ) {
        if let Some(len) = (p as usize).checked_pow(n) {
            prop_assert_eq!(infer_n(p, len, "x").unwrap(), n);
            prop_assert!(infer_n(p, len + 1, "x").unwrap_err().to_string().contains("not p^n"));
        }
        match batch_shape(p, &shape, batch, "x") {
            Ok((b, len)) => {
                let values = shape.iter().try_fold(1u128, |a, &d| a.checked_mul(d as u128));
                prop_assert_eq!(values, Some(b as u128 * len as u128));
            }
            Err(e) => prop_assert!(e.to_string().starts_with("x: shape"), "{}", e),
        }
        if let Ok((n2, b)) = transform_shape(p, &shape, None, batch, "x") {
            prop_assert!(b >= 1 || shape.contains(&0));
            prop_assert!(n2 >= 1);
        }
    }
}
