//! The generator's exact per-work-item counts as named rows (source: the emitter itself).

use crate::clgen::OpCounts;

/// (label, value) rows of one kernel's generator counts, in display order.
pub fn rows(c: &OpCounts) -> Vec<(&'static str, u64)> {
    vec![
        ("complex multiplies", c.complex_mul),
        ("complex adds", c.complex_add),
        ("real multiplies", c.real_mul),
        ("real adds", c.real_add),
        ("real flops", c.flops()),
        ("global loads", c.global_loads),
        ("  of which wide", c.wide_loads),
        ("global stores", c.global_stores),
        ("  of which wide", c.wide_stores),
        ("constant reads", c.const_reads),
        ("index int div", c.int_div),
        ("index int mod", c.int_mod),
        ("index int mul", c.int_mul),
    ]
}
