//! Truth-vector text (one vector, and rows of functions) for p from the first byte: no panic,
//! accepted values within 0..p−1.
#![no_main]
use jitfft::io::text::{parse_truth_vector, value_rows};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Some((&p, rest)) = bytes.split_first() else { return };
    let p = 2 + p as u32;
    let text = String::from_utf8_lossy(rest);
    if let Ok(v) = parse_truth_vector(&text, p) {
        assert!(!v.is_empty() && v.iter().all(|&x| x < p));
    }
    if let Ok((v, b, len)) = value_rows(&text, p) {
        assert_eq!(v.len() as u64, b * len as u64);
    }
});
