//! Wisdom files (`wisdom.json`, `mul-wisdom.json`): any bytes parse or are refused, and what
//! parses writes back to JSON that parses to the same value.
#![no_main]
use jitfft::mul::wisdom::MulWisdom;
use jitfft::vc::explore::Wisdom;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(w) = serde_json::from_slice::<Wisdom>(bytes) {
        let text = serde_json::to_string(&w).unwrap();
        let back: Wisdom = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }
    if let Ok(w) = serde_json::from_slice::<MulWisdom>(bytes) {
        let text = serde_json::to_string(&w).unwrap();
        let back: MulWisdom = serde_json::from_str(&text).unwrap();
        assert_eq!(serde_json::to_string(&back).unwrap(), text);
    }
});
