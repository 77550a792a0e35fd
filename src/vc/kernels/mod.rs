//! The VC transform's OpenCL C generators: one kernel per pass of the ct/cg algorithms
//! ([`ct_cg`]) and the fused multi-digit passes ([`fused`]).

pub mod ct_cg;
pub mod fused;
