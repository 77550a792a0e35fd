//! Property tests of every parser (issue 43): random and mutated inputs never panic, and either
//! parse to what was written or fail with an error naming the problem; the planners over
//! random sizes, precisions, algorithms and device limits. No device: device properties are in
//! `props_device.rs`. Cases: `common::prop_config` (tenfold under `JITFFT_EXHAUSTIVE=1`);
//! `JITFFT_TEST_SEED` replays a run. docs/testing.md has the table.

mod common;

#[path = "props/npy.rs"]
mod npy;
#[path = "props/plan.rs"]
mod plan;
#[path = "props/regressions.rs"]
mod regressions;
#[path = "props/shapes.rs"]
mod shapes;
#[path = "props/text.rs"]
mod text;
#[path = "props/wisdom.rs"]
mod wisdom;
