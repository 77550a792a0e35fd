//! Benchmarks: a repeat harness with an injectable clock, result records and their exports
//! (JSON, CSV, Markdown), SVG plots, the device copy bandwidth, the host copy ceiling over a
//! device set, sweeps over transform variants and devices, and the paper's published tables
//! for comparison.

pub mod bandwidth;
pub mod clock;
pub mod export;
pub mod fft_shapes;
pub mod fft_sweep;
pub mod harness;
pub mod host_rate;
pub mod meta;
pub mod outputs;
pub mod paper;
pub mod plot;
pub mod record;
pub mod reproduce;
pub mod sweep;
pub mod sweep_run;
pub mod tune;
pub mod tune_fft;
pub mod tune_text;

pub use clock::{Clock, FakeClock, SystemClock};
pub use harness::{measure, Measured, RepeatPolicy, Sample};
pub use record::{BenchRecord, Stat};
