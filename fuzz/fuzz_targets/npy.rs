//! `.npy` bytes through the full reader and the compact u8 path: no panic, and an accepted
//! array holds exactly the values its shape promises.
#![no_main]
use jitfft::io::npy::{npy_u8_body, parse_npy};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let count = |shape: &[usize]| shape.iter().try_fold(1usize, |a, &d| a.checked_mul(d));
    if let Ok(a) = parse_npy(bytes) {
        assert_eq!(Some(a.len()), count(&a.shape));
    }
    if let Some((shape, body)) = npy_u8_body(bytes) {
        assert_eq!(Some(body.len()), count(&shape));
    }
});
