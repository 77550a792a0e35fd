//! The wisdom files (`wisdom.json` of `tune`, `mul-wisdom.json` of `tune mul`): what is saved
//! loads back equal; any other bytes, valid JSON of the wrong shape and mutated files included,
//! load as the file's own error naming the path and the way out, never a panic.

use crate::common::prop_config;
use jitfft::fft::tuning::{FftChoice, FftWisdom};
use jitfft::io::json_store::WisdomEntry;
use jitfft::mul::wisdom::{CrossoverEntry, MulWisdom};
use jitfft::runtime::Knobs;
use jitfft::vc::explore::{Choice, Wisdom};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::path::Path;

fn knobs(path: &Path) -> Knobs {
    Knobs {
        wisdom: Some(path.join("wisdom.json")),
        mul_wisdom: Some(path.join("mul-wisdom.json")),
        ..Knobs::default()
    }
}

fn choice() -> impl Strategy<Value = Choice> {
    (
        prop::sample::select(vec!["ct", "cg", "fused"]),
        prop::option::of(2u64..1 << 20),
        prop::sample::select(vec!["const-first", "const-matrix", "literal"]),
        (
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
            prop::option::of(any::<u32>()),
        ),
        prop::sample::select(vec!["auto", "rotate", "inplace", "staged"]),
    )
        .prop_map(|(a, radix, c, (d, l, v), layout)| Choice {
            algorithm: a.into(),
            radix,
            coeffs: c.into(),
            fused_digits: d,
            fused_lanes: l,
            fused_layout: layout.into(),
            fused_values: v,
        })
}

fn wisdom() -> impl Strategy<Value = Wisdom> {
    let entry = (
        choice(),
        0.0f64..1e6,
        "\\PC{0,20}",
        prop::option::of(0.0f64..1e6),
    )
        .prop_map(|(choice, kernel_ms, date, vc_ms)| WisdomEntry {
            choice,
            kernel_ms,
            date,
            vc_ms,
            default_vc_ms: vc_ms.map(|v| v * 2.0),
        });
    prop::collection::btree_map("\\PC{0,30}", entry, 0..6).prop_map(|entries| Wisdom {
        entries,
        others: Default::default(),
    })
}

/// The FFT's section of the same file (`tune fft`).
fn fft_entries() -> impl Strategy<Value = BTreeMap<String, WisdomEntry<FftChoice>>> {
    let entry =
        (1u64..1 << 40, 0.0f64..1e6, "\\PC{0,20}").prop_map(|(v, kernel_ms, date)| WisdomEntry {
            choice: FftChoice { local_values: v },
            kernel_ms,
            date,
            vc_ms: Some(kernel_ms),
            default_vc_ms: None,
        });
    prop::collection::btree_map("\\PC{0,30}", entry, 0..6)
}

fn mul_wisdom() -> impl Strategy<Value = MulWisdom> {
    let entry =
        (any::<u64>(), any::<usize>(), "\\PC{0,20}").prop_map(|(c, n, date)| CrossoverEntry {
            crossover_limbs: c,
            block_n: n,
            date,
        });
    prop::collection::btree_map("\\PC{0,30}", entry, 0..6).prop_map(|entries| MulWisdom { entries })
}

/// The JSON of a value, to compare types without `PartialEq`.
fn json<T: serde::Serialize>(v: &T) -> serde_json::Value {
    serde_json::to_value(v).unwrap()
}

/// Loads both files from `dir` and checks that any error names the file and the way out.
fn load_both(dir: &Path) -> Result<(), TestCaseError> {
    let k = knobs(dir);
    if let Err(e) = Wisdom::load(&k) {
        let e = e.to_string();
        prop_assert!(
            e.contains("wisdom.json: corrupt wisdom file") && e.contains("delete it"),
            "{}",
            e
        );
    }
    if let Err(e) = MulWisdom::load(&k) {
        let e = e.to_string();
        prop_assert!(
            e.contains("mul-wisdom.json: corrupt mul wisdom file"),
            "{}",
            e
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(prop_config(128))]

    /// Saved wisdom loads back equal, and a missing file is empty wisdom.
    #[test]
    fn wisdom_round_trips(w in wisdom(), m in mul_wisdom()) {
        let dir = tempfile::tempdir().unwrap();
        let k = knobs(dir.path());
        prop_assert!(Wisdom::load(&k).unwrap().entries.is_empty());
        prop_assert!(MulWisdom::load(&k).unwrap().entries.is_empty());
        w.save(&k).unwrap();
        m.save(&k).unwrap();
        prop_assert_eq!(json(&Wisdom::load(&k).unwrap()), json(&w));
        prop_assert_eq!(json(&MulWisdom::load(&k).unwrap()), json(&m));
    }

    /// vc's entries and the FFT's section share one file: each view's load and save keeps the
    /// other's as it was.
    #[test]
    fn vc_and_fft_sections_keep_each_other(w in wisdom(), f in fft_entries()) {
        let dir = tempfile::tempdir().unwrap();
        let k = knobs(dir.path());
        w.save(&k).unwrap();
        let mut view = FftWisdom::load(&k).unwrap();
        view.fft = f.clone();
        view.save(&k).unwrap();
        let vc = Wisdom::load(&k).unwrap();
        prop_assert_eq!(json(&vc.entries), json(&w.entries));
        vc.save(&k).unwrap();
        prop_assert_eq!(json(&FftWisdom::load(&k).unwrap().fft), json(&f));
    }

    /// Saved files with bytes changed, inserted, removed or cut: loaded or refused by name.
    #[test]
    fn mutated_wisdom_is_loaded_or_refused(
        w in wisdom(),
        m in mul_wisdom(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..4, any::<u8>()), 1..5),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let k = knobs(dir.path());
        w.save(&k).unwrap();
        m.save(&k).unwrap();
        for name in ["wisdom.json", "mul-wisdom.json"] {
            let path = dir.path().join(name);
            let mut b = std::fs::read(&path).unwrap();
            for (at, op, byte) in &edits {
                if b.is_empty() { break; }
                let i = at.index(b.len());
                match op {
                    0 => b[i] = *byte,
                    1 => b.insert(i, *byte),
                    2 => { b.remove(i); }
                    _ => b.truncate(i),
                }
            }
            std::fs::write(&path, &b).unwrap();
        }
        load_both(dir.path())?;
    }

    /// Arbitrary bytes and JSON of other shapes (arrays, numbers, deep nesting).
    #[test]
    fn any_bytes_are_loaded_or_refused(
        bytes in prop::collection::vec(any::<u8>(), 0..200),
        json_text in prop::sample::select(vec!["[]", "null", "{}", "{\"entries\": 3}", "{\"entries\": {\"k\": {}}}", "{\"entries\": {\"k\": {\"crossover_limbs\": -1, \"block_n\": 1, \"date\": \"\"}}}", "1e999"]),
        depth in 0usize..4000,
    ) {
        let dir = tempfile::tempdir().unwrap();
        for text in [bytes.clone(), json_text.as_bytes().to_vec(), format!("{}{}", "[".repeat(depth), "]".repeat(depth)).into_bytes()] {
            std::fs::write(dir.path().join("wisdom.json"), &text).unwrap();
            std::fs::write(dir.path().join("mul-wisdom.json"), &text).unwrap();
            load_both(dir.path())?;
        }
    }
}

/// Found by `wisdom_round_trips`: without serde_json's `float_roundtrip` this time loaded back
/// one ulp off, so every load and save of the wisdom file moved the measured times.
#[test]
fn wisdom_times_load_back_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let k = knobs(dir.path());
    let w: Wisdom = serde_json::from_value(serde_json::json!({"entries": {"": {
        "choice": {"algorithm": "ct", "radix": null, "coeffs": "const-first",
                   "fused_digits": null, "fused_lanes": null, "fused_layout": "auto"},
        "kernel_ms": 0.0, "date": "", "vc_ms": 390051.33486336883}}}))
    .unwrap();
    w.save(&k).unwrap();
    let back = Wisdom::load(&k).unwrap();
    assert_eq!(back.entries[""].vc_ms, Some(390051.33486336883));
}
