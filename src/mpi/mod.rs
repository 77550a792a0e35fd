//! The VC transform and the n-D FFT distributed over MPI ranks, one OpenCL device each
//! (feature `mpi`).
//!
//! The VC transform's pipelined scheme: N = p^n points over P = p^k ranks (2k ≤ n); rank r
//! holds the N/P consecutive values from r·N/P. Each rank transforms the n − k digits it holds with the single-device kernels, an
//! all-to-all per chunk makes the top k digits local, a one-pass Cooley-Tukey plan transforms
//! them, and a second all-to-all returns each value to the rank that holds its index: natural
//! order (or, with `keep_transposed`, the top two digit groups of k swapped).
//!
//! - [`plan`]: which digits each rank holds, the allowed P, the chunked exchange schedule
//! - [`exchange`]: the all-to-all calls, packing, and the `MPI_Sendrecv` probe
//! - [`execute`]: one rank's part ([`DistributedVc`]) with its times ([`RankTimes`])
//! - [`pipelined`]: one rank's whole run of it (input slice, timed runs, probe, report lines,
//!   check, output)
//! - [`slab`]: any rank count, any family ([`slab::SlabTransform`]): uneven slabs of a
//!   rows × columns array, `MPI_Alltoallv`, the family's two halves ([`slab::SlabHalf`]);
//!   [`slab_run`]: one rank's whole run of it
//! - [`rank`]: the steps every run shares (device, seed, input slice, timed runs, gathered
//!   lines, global check, output slices, outcome)
//! - [`vc`]: a `vc` request over the ranks: the scheme (pipelined, slab of the leading digits
//!   for P not a power of p, batch), every rank's run and rank 0's report
//! - [`fft`]: an `fft` request over the ranks (`fft --mpi`): the n-D complex FFT on the slabs
//!   of axis 0
//! - [`functions`]: many functions over ranks (`bent --mpi`): shares, gathered verdicts
//! - [`io`]: each rank's slice of a `.npy` file, read and written in place
//! - [`device`]: the device of each rank (GPU by local rank, else CPU)
//! - [`fault`]: failing together (collective agreement, `MPI_Abort`, the test hook)

pub mod device;
pub mod exchange;
pub mod execute;
pub mod fault;
pub mod fft;
pub mod functions;
pub mod io;
pub mod pipelined;
pub mod plan;
pub mod rank;
pub mod slab;
pub mod slab_run;
pub mod vc;

pub use execute::{DistributedVc, RankTimes};
pub use plan::MpiPlan;
