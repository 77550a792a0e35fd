//! Multi-word integer arithmetic as carry chains: a small list of carry-flag primitives (the
//! PTX names: `add.cc`, `addc`, `sub.cc`, `mad.lo.cc`, `madc.hi`, …) that the field generator
//! writes its algorithms in, and two ways to emit the same list:
//!
//! - **portable**: one C macro per primitive (`ADDC_CC(r, a, b)`, `MADHIC(r, a, b, c)`, …)
//!   over an explicit carry variable `_cf`; any OpenCL device compiles it (PoCL in CI);
//! - **ptx**: inline PTX, `asm volatile("…" : outputs : inputs)`, one statement per chain
//!   segment, so that the carry flag never has to survive between two asm statements
//!   (the compiler does not promise that).
//!
//! A segment holds at most [`MAX_ASM_OPERANDS`] distinct variables (the GCC-style limit of 30).
//! Where a chain must be cut while its carry is live, the carry is saved into a variable
//! (`addc cy, 0, 0`) and restored at the start of the next segment (`add.cc cy, cy, 2^w − 1`,
//! whose carry-out is cy ≠ 0). The cut is made in the op list itself, so the portable emulation
//! executes exactly the instructions the PTX path executes.

use crate::clgen::Writer;
use crate::field::Arith;

/// The most distinct C variables one asm statement may name.
pub const MAX_ASM_OPERANDS: usize = 30;

/// An operand: a C lvalue/expression of limb type, or an immediate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Opnd {
    /// A named C value (variable, array element or expression).
    V(String),
    /// An immediate constant.
    Imm(u64),
}

/// A named operand.
pub fn v(s: impl Into<String>) -> Opnd {
    Opnd::V(s.into())
}

/// An immediate operand.
pub fn imm(x: u64) -> Opnd {
    Opnd::Imm(x)
}

/// The primitive's arithmetic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// d = a + b (+ carry)
    Add,
    /// d = a − b (− borrow)
    Sub,
    /// d = lo(a·b) + c (+ carry)
    MadLo,
    /// d = hi(a·b) + c (+ carry)
    MadHi,
    /// d = lo(a·b); no carry
    MulLo,
    /// d = a & b; no carry
    And,
}

/// One primitive: `cin` reads the carry flag, `cout` sets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Op {
    /// The arithmetic.
    pub kind: Kind,
    /// Adds the carry flag in (`addc`/`madc` in PTX).
    pub cin: bool,
    /// Sets the carry flag (`.cc` in PTX).
    pub cout: bool,
    /// Destination C lvalue.
    pub d: String,
    /// First operand.
    pub a: Opnd,
    /// Second operand.
    pub b: Opnd,
    /// Addend of the multiply-add kinds.
    pub c: Option<Opnd>,
}

impl Op {
    /// Reads or writes the carry flag.
    fn uses_carry(&self) -> bool {
        self.cin || self.cout
    }

    fn vars(&self) -> impl Iterator<Item = &str> {
        let d = std::iter::once(self.d.as_str());
        let srcs = [Some(&self.a), Some(&self.b), self.c.as_ref()]
            .into_iter()
            .flatten()
            .filter_map(|o| match o {
                Opnd::V(s) => Some(s.as_str()),
                Opnd::Imm(_) => None,
            });
        d.chain(srcs)
    }

    /// The macro of the portable emulation, e.g. `MADLOC_CC`.
    pub fn macro_name(&self) -> String {
        let (base, has_c_variant) = match self.kind {
            Kind::Add => ("ADD", true),
            Kind::Sub => ("SUB", true),
            Kind::MadLo => ("MADLO", true),
            Kind::MadHi => ("MADHI", true),
            Kind::MulLo => ("MULLO", false),
            Kind::And => ("AND", false),
        };
        let mut s = base.to_string();
        if has_c_variant && self.cin {
            s.push('C');
        }
        if self.cout {
            s.push_str("_CC");
        }
        s
    }

    /// The PTX mnemonic for limbs of `bits` bits, e.g. `madc.hi.cc.u32`.
    pub fn ptx_name(&self, bits: u32) -> String {
        let c = if self.cin { "c" } else { "" };
        let cc = if self.cout { ".cc" } else { "" };
        match self.kind {
            Kind::Add => format!("add{c}{cc}.u{bits}"),
            Kind::Sub => format!("sub{c}{cc}.u{bits}"),
            Kind::MadLo => format!("mad{c}.lo{cc}.u{bits}"),
            Kind::MadHi => format!("mad{c}.hi{cc}.u{bits}"),
            Kind::MulLo => format!("mul.lo.u{bits}"),
            Kind::And => format!("and.b{bits}"),
        }
    }
}

fn op(kind: Kind, (cin, cout): (bool, bool), d: &str, a: Opnd, b: Opnd, c: Option<Opnd>) -> Op {
    Op {
        kind,
        cin,
        cout,
        d: d.to_string(),
        a,
        b,
        c,
    }
}

/// A list of primitives under construction: the field generator's algorithms call these.
#[derive(Debug, Default, Clone)]
pub struct Chain {
    /// Primitives in program order.
    pub ops: Vec<Op>,
}

impl Chain {
    /// An empty chain.
    pub fn new() -> Chain {
        Chain::default()
    }

    /// d = a + b, with carry in/out as asked.
    pub fn add(&mut self, cin: bool, cout: bool, d: &str, a: Opnd, b: Opnd) {
        self.ops.push(op(Kind::Add, (cin, cout), d, a, b, None));
    }
    /// d = a − b, with borrow in/out as asked.
    pub fn sub(&mut self, cin: bool, cout: bool, d: &str, a: Opnd, b: Opnd) {
        self.ops.push(op(Kind::Sub, (cin, cout), d, a, b, None));
    }
    /// d = lo(a·b) + c, with carry in/out as asked.
    pub fn mad_lo(&mut self, cin: bool, cout: bool, d: &str, a: Opnd, b: Opnd, c: Opnd) {
        self.ops
            .push(op(Kind::MadLo, (cin, cout), d, a, b, Some(c)));
    }
    /// d = hi(a·b) + c, with carry in/out as asked.
    pub fn mad_hi(&mut self, cin: bool, cout: bool, d: &str, a: Opnd, b: Opnd, c: Opnd) {
        self.ops
            .push(op(Kind::MadHi, (cin, cout), d, a, b, Some(c)));
    }
    /// d = lo(a·b), no carry.
    pub fn mul_lo(&mut self, d: &str, a: Opnd, b: Opnd) {
        self.ops
            .push(op(Kind::MulLo, (false, false), d, a, b, None));
    }
    /// d = a & b, no carry.
    pub fn and(&mut self, d: &str, a: Opnd, b: Opnd) {
        self.ops.push(op(Kind::And, (false, false), d, a, b, None));
    }

    /// Checks that every carry read follows a carry write (no flag read before it is set).
    pub fn check(&self) -> Result<(), String> {
        let mut live = false;
        for (i, op) in self.ops.iter().enumerate() {
            if op.cin && !live {
                return Err(format!(
                    "op {i} ({}) reads a carry nobody set",
                    op.macro_name()
                ));
            }
            if op.uses_carry() {
                live = op.cout;
            }
        }
        Ok(())
    }

    /// The ops cut into segments of at most `max` distinct variables each (`cy`: the variable
    /// that carries a live carry across a cut). Cuts go where no carry is live when possible.
    pub fn segments(&self, max: usize, cy: &str) -> Vec<Vec<Op>> {
        let mut out: Vec<Vec<Op>> = Vec::new();
        let mut cur: Vec<Op> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        // Whether the flag is live between the previous carry-using op and the next one.
        let mut live = false;
        for op in &self.ops {
            let mut extra: Vec<String> = op
                .vars()
                .filter(|n| !names.iter().any(|x| x == n))
                .map(str::to_string)
                .collect();
            extra.dedup();
            // A cut with a live carry needs one more name (cy) on both sides.
            let need = names.len() + extra.len() + usize::from(live && op.cin);
            if !cur.is_empty() && need > max {
                let carry_live = live && op.cin;
                if carry_live {
                    cur.push(Op {
                        kind: Kind::Add,
                        cin: true,
                        cout: false,
                        d: cy.to_string(),
                        a: Opnd::Imm(0),
                        b: Opnd::Imm(0),
                        c: None,
                    });
                }
                out.push(std::mem::take(&mut cur));
                names.clear();
                if carry_live {
                    cur.push(Op {
                        kind: Kind::Add,
                        cin: false,
                        cout: true,
                        d: cy.to_string(),
                        a: Opnd::V(cy.to_string()),
                        b: Opnd::Imm(u64::MAX),
                        c: None,
                    });
                    names.push(cy.to_string());
                }
            }
            for n in op.vars() {
                if !names.iter().any(|x| x == n) {
                    names.push(n.to_string());
                }
            }
            if op.uses_carry() {
                live = op.cout;
            }
            cur.push(op.clone());
        }
        if !cur.is_empty() {
            out.push(cur);
        }
        out
    }
}

fn limb_mask(bits: u32) -> u64 {
    if bits == 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// A C literal of the limb type.
pub fn c_literal(x: u64, bits: u32) -> String {
    let x = x & limb_mask(bits);
    match bits {
        32 => format!("0x{x:08x}U"),
        _ => format!("0x{x:016x}UL"),
    }
}

/// The portable macros over limbs of type `limb_t` (`bits` wide) and the carry variable `_cf`
/// (0 or 1). Every macro reads all its operands before it writes its destination, so the
/// destination may be one of them. 32-bit limbs add in 64 bits (the carry is the high word);
/// 64-bit limbs find carries by comparison.
pub fn emit_portable_macros(w: &mut Writer, bits: u32) {
    w.comment(
        "Carry-chain primitives (the PTX names: add.cc, addc, madc.hi.cc, ...) emulated in C with\nan explicit carry _cf; the PTX variant of this program uses the real instructions.",
    );
    let common: [&str; 8] = [
        "#define ADD(d, a, b) { (d) = (limb_t)((a) + (b)); }",
        "#define ADDC(d, a, b) { (d) = (limb_t)((a) + (b) + _cf); }",
        "#define SUB(d, a, b) { (d) = (limb_t)((a) - (b)); }",
        "#define SUBC(d, a, b) { (d) = (limb_t)((a) - (b) - _cf); }",
        "#define MADLOC(d, a, b, c) { (d) = (limb_t)((limb_t)((a) * (b)) + (c) + _cf); }",
        "#define MADHIC(d, a, b, c) { (d) = (limb_t)(mul_hi((limb_t)(a), (limb_t)(b)) + (c) + _cf); }",
        "#define MULLO(d, a, b) { (d) = (limb_t)((a) * (b)); }",
        "#define AND(d, a, b) { (d) = (limb_t)((a) & (b)); }",
    ];
    let narrow: [&str; 9] = [
        "#define MADLO(d, a, b, c) { (d) = (limb_t)((limb_t)((a) * (b)) + (c)); }",
        "#define MADHI(d, a, b, c) { (d) = (limb_t)(mul_hi((limb_t)(a), (limb_t)(b)) + (c)); }",
        "#define ADD_CC(d, a, b) { ulong _s = (ulong)(a) + (b); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
        "#define ADDC_CC(d, a, b) { ulong _s = (ulong)(a) + (b) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
        "#define SUB_CC(d, a, b) { ulong _s = (ulong)(a) - (b); _cf = (limb_t)(_s >> 63); (d) = (limb_t)_s; }",
        "#define SUBC_CC(d, a, b) { ulong _s = (ulong)(a) - (b) - _cf; _cf = (limb_t)(_s >> 63); (d) = (limb_t)_s; }",
        "#define MADLO_CC(d, a, b, c) { ulong _s = (ulong)(limb_t)((a) * (b)) + (c); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
        "#define MADLOC_CC(d, a, b, c) { ulong _s = (ulong)(limb_t)((a) * (b)) + (c) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
        "#define MADHI_CC(d, a, b, c) { ulong _s = (ulong)mul_hi((limb_t)(a), (limb_t)(b)) + (c); _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
    ];
    let narrow_tail: [&str; 1] = [
        "#define MADHIC_CC(d, a, b, c) { ulong _s = (ulong)mul_hi((limb_t)(a), (limb_t)(b)) + (c) + _cf; _cf = (limb_t)(_s >> 32); (d) = (limb_t)_s; }",
    ];
    let wide: [&str; 10] = [
        "#define MADLO(d, a, b, c) { (d) = (limb_t)((limb_t)((a) * (b)) + (c)); }",
        "#define MADHI(d, a, b, c) { (d) = (limb_t)(mul_hi((limb_t)(a), (limb_t)(b)) + (c)); }",
        "#define ADD_CC(d, a, b) { limb_t _a = (a), _s = _a + (b); _cf = (limb_t)(_s < _a); (d) = _s; }",
        "#define ADDC_CC(d, a, b) { limb_t _a = (a), _s = _a + (b), _k = (limb_t)(_s < _a); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }",
        "#define SUB_CC(d, a, b) { limb_t _a = (a), _b = (b); _cf = (limb_t)(_a < _b); (d) = _a - _b; }",
        "#define SUBC_CC(d, a, b) { limb_t _a = (a), _b = (b), _x = _a - _b, _k = (limb_t)(_a < _b); limb_t _r = _x - _cf; _cf = _k | (limb_t)(_x < _cf); (d) = _r; }",
        "#define MADLO_CC(d, a, b, c) { limb_t _c = (c), _s = (limb_t)((a) * (b)) + _c; _cf = (limb_t)(_s < _c); (d) = _s; }",
        "#define MADLOC_CC(d, a, b, c) { limb_t _c = (c), _s = (limb_t)((a) * (b)) + _c, _k = (limb_t)(_s < _c); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }",
        "#define MADHI_CC(d, a, b, c) { limb_t _c = (c), _s = mul_hi((limb_t)(a), (limb_t)(b)) + _c; _cf = (limb_t)(_s < _c); (d) = _s; }",
        "#define MADHIC_CC(d, a, b, c) { limb_t _c = (c), _s = mul_hi((limb_t)(a), (limb_t)(b)) + _c, _k = (limb_t)(_s < _c); _s += _cf; _cf = _k | (limb_t)(_s < _cf); (d) = _s; }",
    ];
    for d in common {
        w.line(d);
    }
    if bits == 32 {
        for d in narrow.iter().chain(narrow_tail.iter()) {
            w.line(*d);
        }
    } else {
        for d in wide {
            w.line(d);
        }
    }
    w.blank();
}

fn portable_operand(o: &Opnd, bits: u32) -> String {
    match o {
        Opnd::V(s) => s.clone(),
        Opnd::Imm(x) => c_literal(*x, bits),
    }
}

/// Emits the chain: in portable form one macro a line, each segment in its own block; in PTX
/// form one `asm volatile` statement per segment. `cy` must be a declared limb variable when
/// a segment cut carries a live carry (see [`Chain::segments`]).
pub fn emit_chain(w: &mut Writer, chain: &Chain, arith: Arith, bits: u32, cy: &str) {
    debug_assert!(chain.check().is_ok(), "{:?}", chain.check());
    let segs = chain.segments(MAX_ASM_OPERANDS, cy);
    for seg in &segs {
        match arith {
            Arith::Portable => {
                let body: Vec<String> = seg
                    .iter()
                    .map(|op| {
                        let mut args = vec![
                            op.d.clone(),
                            portable_operand(&op.a, bits),
                            portable_operand(&op.b, bits),
                        ];
                        if let Some(c) = &op.c {
                            args.push(portable_operand(c, bits));
                        }
                        format!("{}({});", op.macro_name(), args.join(", "))
                    })
                    .collect();
                // Short segments on one line, long ones a macro a line.
                if body.len() <= 3 {
                    w.line(body.join(" "));
                } else {
                    w.line("{");
                    for l in body {
                        w.line(format!("    {l}"));
                    }
                    w.line("}");
                }
            }
            Arith::Ptx => emit_asm(w, seg, bits),
        }
    }
}

/// One `asm volatile` statement: written variables are `+r` (`+l` for 64-bit limbs) outputs,
/// read-only ones `r` inputs, immediates written into the text.
fn emit_asm(w: &mut Writer, seg: &[Op], bits: u32) {
    let reg = if bits == 64 { "l" } else { "r" };
    let mut written: Vec<&str> = Vec::new();
    for op in seg {
        if !written.contains(&op.d.as_str()) {
            written.push(&op.d);
        }
    }
    let mut read: Vec<&str> = Vec::new();
    for op in seg {
        for o in [Some(&op.a), Some(&op.b), op.c.as_ref()]
            .into_iter()
            .flatten()
        {
            if let Opnd::V(s) = o {
                if !written.contains(&s.as_str()) && !read.contains(&s.as_str()) {
                    read.push(s);
                }
            }
        }
    }
    let index = |name: &str| -> usize {
        written.iter().position(|x| *x == name).unwrap_or_else(|| {
            written.len() + read.iter().position(|x| *x == name).expect("operand")
        })
    };
    let operand = |o: &Opnd| -> String {
        match o {
            Opnd::V(s) => format!("%{}", index(s)),
            Opnd::Imm(x) => format!("0x{:x}", x & limb_mask(bits)),
        }
    };
    w.line("asm volatile(");
    for op in seg {
        let mut args = vec![format!("%{}", index(&op.d)), operand(&op.a), operand(&op.b)];
        if let Some(c) = &op.c {
            args.push(operand(c));
        }
        w.line(format!(
            "    \"{} {};\\n\\t\"",
            op.ptx_name(bits),
            args.join(", ")
        ));
    }
    let outs: Vec<String> = written.iter().map(|n| format!("\"+{reg}\"({n})")).collect();
    let ins: Vec<String> = read.iter().map(|n| format!("\"{reg}\"({n})")).collect();
    w.line(format!("    : {}", outs.join(", ")));
    w.line(format!("    : {});", ins.join(", ")));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A software model of the primitives, to test chains and cuts without a device.
    fn run(ops: &[Op], vars: &mut std::collections::HashMap<String, u64>, bits: u32) {
        let m = limb_mask(bits);
        let mut cf = 0u64;
        let val = |o: &Opnd, vars: &std::collections::HashMap<String, u64>| match o {
            Opnd::V(s) => vars[s],
            Opnd::Imm(x) => x & m,
        };
        for op in ops {
            let a = val(&op.a, vars) as u128;
            let b = val(&op.b, vars) as u128;
            let c = op.c.as_ref().map(|c| val(c, vars)).unwrap_or(0) as u128;
            let cin = if op.cin { cf as u128 } else { 0 };
            let full: u128 = 1u128 << bits;
            let (r, k) = match op.kind {
                Kind::Add => {
                    let s = a + b + cin;
                    (s % full, (s >= full) as u64)
                }
                Kind::Sub => {
                    let need = b + cin;
                    ((a + full - need % full) % full, (a < need) as u64)
                }
                Kind::MadLo => {
                    let s = (a * b) % full + c + cin;
                    (s % full, (s >= full) as u64)
                }
                Kind::MadHi => {
                    let s = (a * b) / full + c + cin;
                    (s % full, (s >= full) as u64)
                }
                Kind::MulLo => ((a * b) % full, cf),
                Kind::And => (a & b, cf),
            };
            if op.cout {
                cf = k;
            }
            vars.insert(op.d.clone(), r as u64);
        }
    }

    #[test]
    fn cuts_keep_the_carry() {
        // A 40-limb addition: 120 variables, so it must be cut with a live carry.
        let n = 40;
        let mut ch = Chain::new();
        for j in 0..n {
            ch.add(
                j > 0,
                true,
                &format!("r{j}"),
                v(format!("a{j}")),
                v(format!("b{j}")),
            );
        }
        ch.add(true, false, "top", imm(0), imm(0));
        assert!(ch.check().is_ok());
        let segs = ch.segments(MAX_ASM_OPERANDS, "cy");
        assert!(segs.len() > 2);
        for s in &segs {
            let mut names: Vec<&str> = s.iter().flat_map(|o| o.vars()).collect();
            names.sort();
            names.dedup();
            assert!(names.len() <= MAX_ASM_OPERANDS, "{} names", names.len());
        }
        for bits in [32u32, 64] {
            let mut vars = std::collections::HashMap::new();
            let m = limb_mask(bits);
            for j in 0..n {
                // All ones plus one: the carry ripples through every cut.
                vars.insert(format!("a{j}"), m);
                vars.insert(format!("b{j}"), u64::from(j == 0));
            }
            vars.insert("cy".into(), 0);
            let flat: Vec<Op> = segs.concat();
            run(&flat, &mut vars, bits);
            for j in 0..n {
                assert_eq!(vars[&format!("r{j}")], 0, "limb {j}");
            }
            assert_eq!(vars["top"], 1);
        }
    }

    #[test]
    fn ptx_names() {
        let mut ch = Chain::new();
        ch.mad_lo(false, true, "t0", v("a"), v("b"), v("t0"));
        ch.mad_hi(true, true, "t1", v("a"), imm(3), v("t1"));
        ch.sub(true, false, "bo", imm(0), imm(0));
        assert_eq!(ch.ops[1].ptx_name(32), "madc.hi.cc.u32");
        assert_eq!(ch.ops[1].macro_name(), "MADHIC_CC");
        assert_eq!(ch.ops[0].ptx_name(64), "mad.lo.cc.u64");
        assert_eq!(ch.ops[2].ptx_name(32), "subc.u32");
        assert_eq!(ch.ops[2].macro_name(), "SUBC");
        let mut w = Writer::new();
        emit_chain(&mut w, &ch, Arith::Ptx, 32, "cy");
        let s = w.finish();
        assert!(
            s.contains("\"madc.hi.cc.u32 %1, %3, 0x3, %1;\\n\\t\""),
            "{s}"
        );
        assert!(s.contains(": \"+r\"(t0), \"+r\"(t1), \"+r\"(bo)"), "{s}");
        assert!(s.contains(": \"r\"(a), \"r\"(b));"), "{s}");
    }
}
