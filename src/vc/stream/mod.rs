//! Out-of-core VC: transforms whose data does not fit the device (or its largest allocation)
//! streamed through it, the array staying in host memory.
//!
//! # Passes
//!
//! A VC transform needs no twiddles between digits, so its n digits split into groups
//! transformed one after another, in any order. Each streamed pass transforms one group
//! `[a, a+w)` of digits ([`StreamPlan`]) over chunks: a chunk is some values of the digits
//! above the group (and of the batch index), every value of the group's digits, and p^c
//! consecutive values of the digits below, i.e. on the device `h` transforms of p^(w+c)
//! points of which the top w digits transform (the lowest pass, c = 0: plain batched
//! transforms, with the kernels the device would choose in memory; the others: a
//! Cooley-Tukey plan that stops after the top digits, `VcPlan::with_top_digits`). On the host
//! a chunk is `h·p^w` rows of p^c contiguous values (at least [`plan::MIN_RUN`]), so each pass
//! reads and writes every value of the host array once, in place. The pass count is ⌈n / w⌉
//! with p^(w+c) values in a chunk: 2 for 3^19–3^21 on an 80 GB device.
//!
//! # Pipeline
//!
//! Three slots, each a device buffer (two for fused or cg lowest passes) and a pinned staging
//! area of one chunk; three queues (upload, compute, download) joined by events. For chunk k
//! the host waits for the download of chunk k−3 (same slot) and scatters it into the host
//! array, gathers chunk k into the slot's staging and enqueues its upload, kernels (the first
//! waiting for the upload) and download (waiting for the last kernel): chunk k uploads while
//! chunk k−1 computes and chunk k−2 downloads.
//!
//! # Host array
//!
//! Anyone's (pageable) memory: each chunk is gathered into its slot's pinned staging on every
//! core and scattered back from it ([`copy`]), the path above. jitfft's own array in pinned
//! pieces ([`PinnedHost`], [`StreamedVc::run_pinned`]): each chunk's rows move with rectangle
//! transfers straight from and into it ([`rect`]), the host copies nothing and the slot waits
//! only for the chunk that used it last. Both mechanisms sit behind `mover::ChunkHost`.
//!
//! # Device sets
//!
//! [`run_set`] runs one plan on every member of a set, each with its own [`StreamedVc`] (slots,
//! queues, chunk transforms) on its own thread, all on the one host array: each pass's chunks
//! go to whichever member asks next (`deal`: one shared counter a pass), and a pass starts
//! once every member has finished the one before. On one device the same loop takes every
//! chunk in order, its slots in turn: the one-device run is unchanged.
//!
//! # Measured beside it
//!
//! [`StreamedVc::floor`] times one upload then one download of a chunk on the same buffers and
//! staging: the pinned transfer rate a pass is compared with (`vc --stream --json`).

pub mod copy;
mod deal;
mod floor;
mod mover;
mod pinned_host;
pub mod plan;
pub mod rect;
mod report;
mod run;
pub mod set;
mod slots;
pub mod source;

pub use copy::{coalesce, gather, scatter, HostArray};
pub use pinned_host::PinnedHost;
pub use plan::{chunk_rows, ChunkRows, StreamPass, StreamPlan};
pub use report::ChunkTransform;
pub use run::{
    device_budget, fits, ChunkFault, PassTimes, Progress, StreamedVc, TransferFloor,
    DIRECT_ROW_BYTES,
};
pub use set::{run_set, SetHost, SetRun, StreamSetFigures};
pub use slots::SLOTS;
pub use source::ChunkSource;
