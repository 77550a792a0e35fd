//! OpenCL C generators of the `mul` programs: the `block` method (generated per block size n)
//! and the `ntt` method's glue; both end in the shared device carry propagation.

pub mod block;
pub mod carry;
pub mod ntt_glue;

pub use block::block_source;
pub use ntt_glue::ntt_glue_source;
