//! Prime-field arithmetic as OpenCL C: carry chains ([`carry_chain`], portable C or inline
//! PTX) and the Montgomery field operations built on them ([`montgomery`]).

pub mod carry_chain;
pub mod montgomery;
