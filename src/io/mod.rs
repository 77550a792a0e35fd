//! Input and output formats: .npy, truth vectors, text spectra, seeded random input, and
//! atomic file writes (write to a temporary file, then rename: no partial outputs).

pub mod atomic;
pub mod disk_floor;
pub mod half;
pub mod input;
pub mod interrupt;
pub mod json_store;
pub mod npy;
pub mod npy_raw;
pub mod npy_sizes;
pub mod npy_stream;
pub mod output;
#[cfg(feature = "cli")]
pub mod progress;
pub mod random;
pub mod text;
