//! An indentation-aware writer for OpenCL C that counts what it emits.
//!
//! Emitters call `note_*` next to the text they write; inside `open_loop(trip)` every note is
//! multiplied by the loop's trip count, so the totals are exact per work-item by construction.

use serde::Serialize;
use std::ops::AddAssign;

/// Operations one work-item performs, as written by the generator.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct OpCounts {
    /// Complex × complex multiplies (4 real mul + 2 real add each).
    pub complex_mul: u64,
    /// Complex additions or subtractions (2 real add each).
    pub complex_add: u64,
    /// Real multiplies outside complex products (e.g. scaling).
    pub real_mul: u64,
    /// Real additions outside complex ops (e.g. ±i rotations fused into an add).
    pub real_add: u64,
    /// Global-memory load instructions (a wide load counts once).
    pub global_loads: u64,
    /// Of those, loads of two or more complex values at once (float4/double4).
    pub wide_loads: u64,
    /// Global-memory store instructions (a wide store counts once).
    pub global_stores: u64,
    /// Of those, stores of two or more complex values at once.
    pub wide_stores: u64,
    /// Reads from `__constant` memory.
    pub const_reads: u64,
    /// Integer divisions in index arithmetic.
    pub int_div: u64,
    /// Integer modulos in index arithmetic.
    pub int_mod: u64,
    /// Integer multiplications in index arithmetic.
    pub int_mul: u64,
}

impl OpCounts {
    /// Real floating-point operations.
    pub fn flops(&self) -> u64 {
        6 * self.complex_mul + 2 * self.complex_add + self.real_mul + self.real_add
    }

    fn scaled(&self, k: u64) -> OpCounts {
        OpCounts {
            complex_mul: self.complex_mul * k,
            complex_add: self.complex_add * k,
            real_mul: self.real_mul * k,
            real_add: self.real_add * k,
            global_loads: self.global_loads * k,
            wide_loads: self.wide_loads * k,
            global_stores: self.global_stores * k,
            wide_stores: self.wide_stores * k,
            const_reads: self.const_reads * k,
            int_div: self.int_div * k,
            int_mod: self.int_mod * k,
            int_mul: self.int_mul * k,
        }
    }
}

impl AddAssign for OpCounts {
    fn add_assign(&mut self, o: OpCounts) {
        self.complex_mul += o.complex_mul;
        self.complex_add += o.complex_add;
        self.real_mul += o.real_mul;
        self.real_add += o.real_add;
        self.global_loads += o.global_loads;
        self.wide_loads += o.wide_loads;
        self.global_stores += o.global_stores;
        self.wide_stores += o.wide_stores;
        self.const_reads += o.const_reads;
        self.int_div += o.int_div;
        self.int_mod += o.int_mod;
        self.int_mul += o.int_mul;
    }
}

/// OpenCL C text under construction, with per-kernel operation counts.
#[derive(Debug, Default)]
pub struct Writer {
    text: String,
    indent: usize,
    /// Trip counts of the loops we are inside.
    trips: Vec<u64>,
    counts: OpCounts,
}

impl Writer {
    /// An empty program text with zero counts.
    pub fn new() -> Writer {
        Writer::default()
    }

    /// One line at the current indentation (empty input gives an empty line).
    pub fn line(&mut self, s: impl AsRef<str>) {
        let s = s.as_ref();
        if !s.is_empty() {
            for _ in 0..self.indent {
                self.text.push_str("    ");
            }
            self.text.push_str(s);
        }
        self.text.push('\n');
    }

    /// An empty line.
    pub fn blank(&mut self) {
        self.text.push('\n');
    }

    /// A `//` comment, one per line of `s`.
    pub fn comment(&mut self, s: impl AsRef<str>) {
        for l in s.as_ref().lines() {
            self.line(format!("// {l}").trim_end());
        }
    }

    /// Raw text (e.g. a helper from cl/), copied as is.
    pub fn raw(&mut self, s: &str) {
        self.text.push_str(s);
        if !s.ends_with('\n') {
            self.text.push('\n');
        }
    }

    /// `head {` and one level deeper.
    pub fn open(&mut self, head: impl AsRef<str>) {
        self.line(format!("{} {{", head.as_ref()));
        self.indent += 1;
    }

    /// `}` (plus `tail`, e.g. `;`) and one level shallower; ends a loop scope if one is open
    /// at this depth.
    pub fn close(&mut self) {
        self.indent = self.indent.saturating_sub(1);
        self.line("}");
    }

    /// A `for` loop of `trip` iterations: counts noted inside are multiplied by `trip`.
    pub fn open_loop(&mut self, head: impl AsRef<str>, trip: u64) {
        self.open(head);
        self.trips.push(trip);
    }

    /// Closes the innermost loop (`}`) and ends its trip-count scope.
    pub fn close_loop(&mut self) {
        self.trips.pop();
        self.close();
    }

    fn mult(&self) -> u64 {
        self.trips.iter().product()
    }

    /// Adds `c` (counts for one execution of the code just written) at the current loop depth.
    pub fn note(&mut self, c: OpCounts) {
        let k = self.mult();
        self.counts += c.scaled(k);
    }

    /// Notes `n` complex multiplications (scaled by the enclosing loops' trip counts).
    pub fn note_cmul(&mut self, n: u64) {
        self.note(OpCounts {
            complex_mul: n,
            ..Default::default()
        });
    }
    /// Notes `n` complex additions (scaled by the enclosing loops).
    pub fn note_cadd(&mut self, n: u64) {
        self.note(OpCounts {
            complex_add: n,
            ..Default::default()
        });
    }
    /// Notes `n` reads from `__constant` memory (scaled by the enclosing loops).
    pub fn note_const_read(&mut self, n: u64) {
        self.note(OpCounts {
            const_reads: n,
            ..Default::default()
        });
    }
    /// Notes index arithmetic: multiplications, divisions and modulos (scaled by the enclosing
    /// loops).
    pub fn note_index(&mut self, mul: u64, div: u64, modulo: u64) {
        self.note(OpCounts {
            int_mul: mul,
            int_div: div,
            int_mod: modulo,
            ..Default::default()
        });
    }

    /// Takes the counts accumulated since the last call (one kernel's worth).
    pub fn take_counts(&mut self) -> OpCounts {
        std::mem::take(&mut self.counts)
    }

    /// The program text.
    pub fn finish(self) -> String {
        self.text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loops_multiply_counts_and_indent() {
        let mut w = Writer::new();
        w.open("void f()");
        w.note_cadd(1);
        w.open_loop("for (int i = 0; i < 4; ++i)", 4);
        w.open_loop("for (int j = 0; j < 3; ++j)", 3);
        w.line("x += y;");
        w.note_cmul(1);
        w.close_loop();
        w.note_cadd(2);
        w.close_loop();
        w.close();
        let c = w.take_counts();
        assert_eq!(c.complex_mul, 12);
        assert_eq!(c.complex_add, 1 + 8);
        assert_eq!(c.flops(), 12 * 6 + 9 * 2);
        let text = w.finish();
        assert!(text.contains("            x += y;\n"), "{text}");
    }
}
