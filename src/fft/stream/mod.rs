//! The any-shape n-D complex FFT streamed through the device: the array stays in host memory
//! and the device sees chunks, each transformed by an ordinary [`FftTransform`](crate::fft::FftTransform) (the kernels
//! an in-memory run of the chunk's shape uses).
//!
//! # Passes
//!
//! The n-D DFT is separable. Pass 1 ([`PassKind::Slabs`]) cuts the host array `[N0, rest…]`
//! into contiguous slabs `[c, rest…]` and transforms each over the transformed axes among 1…;
//! pass 2 ([`PassKind::Columns`], where axis 0 is transformed) views it as `[N0, R]` (R the
//! product of the other lengths), gathers column blocks `[N0, r]` into pinned staging (rows
//! of r values R apart, a row a task on every core), transforms them over axis 0 and
//! scatters them back. c and r are the most the device's memory holds in [`plan::SLOTS`]
//! slots under the in-memory footprint rules (two arrays, the pinned staging, Bluestein's
//! work arrays; within one allocation and 85% of global memory), or the user's cap. A short
//! last slab chunk runs padded (its rows are independent: the rows beyond the array are
//! transformed and never read back); a short last column block runs a plan of its own. The
//! norm's factor is each chunk plan's over its own lengths: the passes' factors multiply to
//! numpy's (1/n, 1/√n). 1-D shapes do not stream (they would need a four-step split with
//! twiddles), nor half storage or real plans.
//!
//! # Pipeline
//!
//! As `vc --stream`: each pass's slots are transforms of one plan sharing one program, and
//! three queues (upload, compute, download) joined by events; chunk k is gathered into its
//! slot's staging while chunks k−1 and k−2 are on the device, and the slot's previous chunk
//! is scattered back first. The pinned transfer floor is measured on two slots before the run
//! (`runtime::stream_figures`), and each pass is reported against it.
//!
//! # Overlapped
//!
//! `fft --overlap` ([`plan::Mode::Overlap`]) runs the same passes, slots, queues and loop for
//! host data that fits the device, each pass in K chunks, with the array kept on the device
//! between two passes ([`Resident`](crate::fft::execute::chunk::Resident)): a slab's result
//! is copied on the device into it (not downloaded and scattered), a column block copied out
//! of it (not gathered and uploaded), so the data crosses the bus once each way. Its end to
//! end (first upload start → last download end) is reported against one upload plus one
//! download of the array measured on a slot's buffers.

pub mod copy;
pub mod plan;
pub mod report;
pub mod route;
pub mod run;

pub use plan::{PassKind, StreamPass};
pub use report::{PassTimes, StreamFigures};
pub use route::StreamOpts;
pub use run::{Progress, StreamedFft};
