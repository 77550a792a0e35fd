//! Integer text: `mul` operands, field constants, `--size` and `JITFFT_DEVICE_MEMORY` values:
//! no panic; a parsed operand prints back to the same number.
#![no_main]
use jitfft::io::input::infer_n;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let text = String::from_utf8_lossy(bytes);
    if let Ok(v) = jitfft::mul::input::parse_integer(&text, "a") {
        let again = jitfft::mul::input::parse_integer(&v.to_string(), "a").unwrap();
        assert_eq!(v, again);
    }
    if let Ok(v) = jitfft::field::prime::parse_integer(&text, "--modulus") {
        assert!(v >= 0);
    }
    if let Some(b) = jitfft::settings::parse_bytes(&text) {
        assert!(b > 0);
    }
    if let Ok(len) = text.trim().parse::<usize>() {
        let _ = infer_n(3, len, "x");
    }
});
