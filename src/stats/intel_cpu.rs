//! Intel's OpenCL CPU runtime: its program binary is an ELF container whose `.ocl.obj` section
//! is a relocatable x86-64 object holding one function per kernel (named after the kernel,
//! already vectorised across work-items). We disassemble it with `objdump` and count the
//! instructions by class like the PoCL path, plus the widest vector register used and the stack
//! traffic (spills and private arrays: loads and stores addressed off `%rsp`/`%rbp`). The build
//! log adds the vectoriser's verdict: `Kernel "NAME" was successfully vectorized (16)`.
//! x86-64 has a fixed register file, so there is no register count to report.

use super::pocl::{classify_x86, split_operands};
use super::tools::{run, which};
use super::{elf, ClassCounts, Metric};

const SOURCE: &str = "x86-64 (objdump of Intel's .ocl.obj)";
const LOG: &str = "build log (Intel vectorizer)";

/// Static figures of one kernel's function in the object's disassembly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct X86Figures {
    /// Instructions by class.
    pub counts: ClassCounts,
    /// Widest vector register used: 512 (zmm), 256 (ymm), 128 (xmm) or 0.
    pub vector_bits: u64,
    /// Loads addressed off the stack pointer or frame pointer (spills, private arrays).
    pub stack_loads: u64,
    /// Stores addressed off the stack pointer or frame pointer.
    pub stack_stores: u64,
}

/// The figures of `<kernel>:` in `objdump -d --no-show-raw-insn` output (AT&T syntax).
pub fn x86_figures(objdump: &str, kernel: &str) -> Option<X86Figures> {
    let head = format!("<{kernel}>:");
    let mut lines = objdump.lines().skip_while(|l| !l.ends_with(&head));
    lines.next()?;
    let mut f = X86Figures::default();
    for l in lines {
        if l.trim().is_empty() || l.ends_with(">:") {
            break;
        }
        let Some(insn) = l.split('\t').nth(1) else {
            continue;
        };
        let insn = insn.trim();
        classify_x86(insn, &mut f.counts);
        let bits = if insn.contains("%zmm") {
            512
        } else if insn.contains("%ymm") {
            256
        } else if insn.contains("%xmm") {
            128
        } else {
            0
        };
        f.vector_bits = f.vector_bits.max(bits);
        let operands = insn.split_once(char::is_whitespace).map_or("", |x| x.1);
        let operands = operands.split('#').next().unwrap_or("").trim();
        let ops = split_operands(operands);
        let stack = |o: &str| o.contains("(%rsp") || o.contains("(%rbp");
        if ops.iter().any(|o| stack(o)) && !insn.starts_with("lea") {
            // AT&T: the destination is the last operand.
            if ops.last().is_some_and(|o| stack(o)) {
                f.stack_stores += 1;
            } else {
                f.stack_loads += 1;
            }
        }
    }
    Some(f)
}

/// The vectoriser's width for `kernel` from the build log: `Some(16)` for "was successfully
/// vectorized (16)", `Some(1)` for "was not vectorized", None when the log does not say.
pub fn vectorized_width(log: &str, kernel: &str) -> Option<u64> {
    let head = format!("Kernel \"{kernel}\" was ");
    let line = log.lines().find_map(|l| l.trim().strip_prefix(&head))?;
    if line.starts_with("not vectorized") {
        return Some(1);
    }
    let w = line.rsplit_once('(')?.1.trim_end_matches(')').trim();
    w.parse().ok()
}

/// Disassembles the `.ocl.obj` section of the program binary once for all kernels.
pub fn disassemble(binary: Option<&[u8]>) -> Result<String, String> {
    let bin = binary.ok_or("the runtime returned no program binary")?;
    let obj = elf::section(bin, ".ocl.obj").ok_or("the program binary has no .ocl.obj section")?;
    let objdump = which("objdump").ok_or("objdump not on PATH")?;
    let tmp = tempfile::Builder::new()
        .prefix("jitfft-intel-")
        .suffix(".o")
        .tempfile()
        .map_err(|e| format!("temporary file: {e}"))?;
    std::fs::write(tmp.path(), obj).map_err(|e| format!("temporary file: {e}"))?;
    run(
        &objdump,
        &["-d", "--no-show-raw-insn", &tmp.path().to_string_lossy()],
    )
}

/// Intel CPU figures for one kernel from the disassembly (or why there is none) and the log.
pub fn metrics(kernel: &str, disasm: &Result<String, String>, log: &str) -> Vec<Metric> {
    let mut m = match disasm.as_ref().ok().and_then(|d| x86_figures(d, kernel)) {
        Some(f) => {
            let mut m = f.counts.metrics(SOURCE);
            m.push(Metric::known("vector_bits", f.vector_bits, SOURCE));
            m.push(Metric::known("stack_loads", f.stack_loads, SOURCE));
            m.push(Metric::known("stack_stores", f.stack_stores, SOURCE));
            m
        }
        None => [
            "alu",
            "fetch",
            "store",
            "instructions",
            "vector_bits",
            "stack_loads",
            "stack_stores",
        ]
        .iter()
        .map(|k| Metric::unknown(k, SOURCE))
        .collect(),
    };
    m.push(Metric {
        key: "vectorized_width".into(),
        value: vectorized_width(log, kernel),
        source: LOG.into(),
    });
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    const DIS: &str = "\nobj.o:     file format elf64-x86-64\n\n\
Disassembly of section .text:\n\n\
0000000000000000 <vc_ct_k>:\n\
   0:\tpush   %rbp\n\
   1:\tmov    %rsp,%rbp\n\
   4:\tvmovups (%rdi,%rax,8),%zmm1\n\
   b:\tvmovdqu64 %zmm0,0x4c0(%rsp)\n\
  13:\tvmovss 0x10(%rsp),%xmm2\n\
  19:\tlea    0x8(%rsp),%rax\n\
  1e:\tvaddps %ymm1,%ymm2,%ymm3\n\
  22:\tvmovups %zmm3,(%rsi)\n\
  28:\tret\n\n\
0000000000000030 <other>:\n\
  30:\tvmovups %zmm3,0x8(%rsp)\n";

    #[test]
    fn counts_width_and_stack_traffic_of_one_function() {
        let f = x86_figures(DIS, "vc_ct_k").unwrap();
        assert_eq!(f.vector_bits, 512);
        assert_eq!((f.stack_loads, f.stack_stores), (1, 1), "lea is no access");
        assert_eq!(f.counts.total, 9);
        assert_eq!(f.counts.fetch, 1);
        assert_eq!(f.counts.store, 2);
        assert!(x86_figures(DIS, "missing").is_none());
    }

    #[test]
    fn vectorizer_verdicts() {
        let log = "remark: <unknown>:0:0: 681 instructions in function\n\
                   Kernel \"a\" was successfully vectorized (16)\n\
                   Kernel \"b\" was not vectorized\nDone.";
        assert_eq!(vectorized_width(log, "a"), Some(16));
        assert_eq!(vectorized_width(log, "b"), Some(1));
        assert_eq!(vectorized_width(log, "c"), None);
    }
}
