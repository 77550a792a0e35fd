//! NVIDIA: the program binary is PTX; ptxas' report (`-cl-nv-verbose`) is in the build log;
//! with `ptxas` and `cuobjdump`/`nvdisasm` on PATH the PTX is assembled and its SASS counted.
//!
//! All counts are static (instructions in the code), as in the paper's Table 1.

use super::tools::{number_after, number_before, run, which, Scratch};
use super::{ClassCounts, Metric};

/// Per-kernel static PTX instruction counts of every `.entry` in a PTX module.
pub fn ptx_kernels(ptx: &str) -> Vec<(String, ClassCounts)> {
    let mut out: Vec<(String, ClassCounts)> = Vec::new();
    let mut pending: Option<String> = None; // an .entry whose body has not opened yet
    let mut depth = 0usize;
    for raw in ptx.lines() {
        let line = strip_comment(raw).trim();
        if depth == 0 {
            if let Some(name) = entry_name(line) {
                pending = Some(name);
            }
            if line == "{" {
                if let Some(name) = pending.take() {
                    out.push((name, ClassCounts::default()));
                    depth = 1;
                }
            }
            continue;
        }
        // Scope blocks stand on their own lines; vector operands `{%f1, %f2}` do not.
        if line == "{" {
            depth += 1;
            continue;
        }
        if line == "}" {
            depth -= 1;
            continue;
        }
        let counts = &mut out.last_mut().expect("inside an entry").1;
        for stmt in line.split(';') {
            let stmt = strip_guard(stmt.trim());
            if stmt.is_empty() || stmt.starts_with('.') || stmt.ends_with(':') {
                continue;
            }
            let op = stmt.split_whitespace().next().unwrap_or("");
            classify_ptx(op, counts);
        }
    }
    out
}

fn strip_comment(l: &str) -> &str {
    match l.find("//") {
        Some(i) => &l[..i],
        None => l,
    }
}

/// Removes a predicate guard: `@%p1 bra L` → `bra L`, `@!P0 EXIT` → `EXIT`.
fn strip_guard(s: &str) -> &str {
    if s.starts_with('@') {
        s.split_once(char::is_whitespace)
            .map(|(_, r)| r.trim_start())
            .unwrap_or("")
    } else {
        s
    }
}

/// `.visible .entry name(` or `.entry name(` → name.
fn entry_name(line: &str) -> Option<String> {
    let at = line.find(".entry ")?;
    let rest = line[at + 7..].trim_start();
    let name: String = rest
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
        .collect();
    (!name.is_empty()).then_some(name)
}

fn classify_ptx(op: &str, c: &mut ClassCounts) {
    let mut parts = op.split('.');
    let base = parts.next().unwrap_or("");
    let quals: Vec<&str> = parts.collect();
    let has = |q: &str| quals.contains(&q);
    c.total += 1;
    match base {
        "ld" | "ldu" => {
            if has("param") {
                c.param_loads += 1
            } else if has("const") {
                c.const_loads += 1
            } else if has("local") || has("shared") {
                c.other_loads += 1
            } else {
                c.fetch += 1 // .global or generic
            }
        }
        "tex" | "tld4" | "suld" => c.fetch += 1,
        "st" | "sust" | "red" | "atom" => c.store += 1,
        "bra" | "brx" | "ret" | "exit" | "call" | "bar" | "barrier" | "trap" | "membar"
        | "fence" => c.control += 1,
        _ => c.alu += 1,
    }
}

/// What ptxas reports for one function.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PtxasReport {
    /// Registers per thread.
    pub registers: Option<u64>,
    /// Stack frame per thread in bytes.
    pub stack_bytes: Option<u64>,
    /// Bytes of spill stores.
    pub spill_store_bytes: Option<u64>,
    /// Bytes of spill loads.
    pub spill_load_bytes: Option<u64>,
    /// The target architecture, e.g. `sm_90`.
    pub arch: Option<String>,
    /// Shared memory per block in bytes (`N bytes smem`; absent when the kernel uses none).
    pub shared_bytes: Option<u64>,
}

/// A kernel's registers a thread and spilled bytes (stores + loads), where reported.
pub type RegistersSpills = (Option<u64>, Option<u64>);

/// Each kernel's registers and spilled bytes in a build log's ptxas report.
pub fn registers_and_spills(log: &str) -> Vec<(String, RegistersSpills)> {
    let spills =
        |r: &PtxasReport| Some(r.spill_store_bytes.unwrap_or(0) + r.spill_load_bytes.unwrap_or(0));
    parse_ptxas_log(log)
        .into_iter()
        .map(|(n, r)| (n, (r.registers, spills(&r))))
        .collect()
}

/// Parses ptxas' `-v` report (as NVIDIA's OpenCL puts it in the build log with
/// `-cl-nv-verbose`) into one report per function.
pub fn parse_ptxas_log(log: &str) -> Vec<(String, PtxasReport)> {
    let mut out: Vec<(String, PtxasReport)> = Vec::new();
    let mut current: Option<usize> = None;
    for line in log.lines() {
        let name = quoted_after(line, "Compiling entry function '")
            .or_else(|| word_after(line, "Function properties for "));
        if let Some(name) = name {
            let idx = match out.iter().position(|(n, _)| *n == name) {
                Some(i) => i,
                None => {
                    out.push((name, PtxasReport::default()));
                    out.len() - 1
                }
            };
            if let Some(arch) = quoted_after(line, "' for '") {
                out[idx].1.arch = Some(arch);
            }
            current = Some(idx);
            continue;
        }
        let Some(i) = current else { continue };
        let r = &mut out[i].1;
        if line.contains("bytes stack frame") {
            r.stack_bytes = number_before(line, "bytes stack frame");
            r.spill_store_bytes = number_before(line, "bytes spill stores");
            r.spill_load_bytes = number_before(line, "bytes spill loads");
        }
        if line.contains("Used ") && line.contains("registers") {
            r.registers = number_after(line, "Used ");
            r.shared_bytes = number_before(line, "bytes smem");
        }
    }
    out
}

fn quoted_after(line: &str, key: &str) -> Option<String> {
    let at = line.find(key)? + key.len();
    let rest = &line[at..];
    let end = rest.find('\'')?;
    Some(rest[..end].to_string())
}

fn word_after(line: &str, key: &str) -> Option<String> {
    let at = line.find(key)? + key.len();
    let w = line[at..].split_whitespace().next()?;
    Some(w.trim_matches(['\'', ':']).to_string())
}

/// Per-kernel static SASS instruction counts from `cuobjdump -sass` or `nvdisasm` output.
/// NOPs and the trailing self-branch (padding after EXIT) are not counted.
pub fn sass_kernels(text: &str) -> Vec<(String, ClassCounts)> {
    let mut out: Vec<(String, ClassCounts)> = Vec::new();
    let mut last_label: Option<String> = None;
    for raw in text.lines() {
        let line = raw.trim();
        if let Some(name) = line.strip_prefix("Function : ") {
            out.push((name.trim().to_string(), ClassCounts::default()));
            continue;
        }
        if let Some(name) = line
            .strip_prefix(".text.")
            .and_then(|s| s.strip_suffix(':'))
        {
            out.push((name.to_string(), ClassCounts::default()));
            continue;
        }
        if line.starts_with(".L") && line.ends_with(':') {
            last_label = Some(line.trim_end_matches(':').to_string());
            continue;
        }
        let Some((addr, insn)) = sass_instruction(line) else {
            continue;
        };
        let Some((_, counts)) = out.last_mut() else {
            continue;
        };
        let insn = strip_guard(insn);
        let op = insn.split_whitespace().next().unwrap_or("");
        let base = op.split('.').next().unwrap_or("");
        if base == "NOP" {
            continue;
        }
        if base == "BRA" && is_self_branch(insn, addr, last_label.as_deref()) {
            continue;
        }
        last_label = None;
        classify_sass(base, counts);
    }
    out
}

/// `/*01c0*/  BRA 0x1c0 ;` → (0x1c0, "BRA 0x1c0"); encoding-only lines give None.
fn sass_instruction(line: &str) -> Option<(u64, &str)> {
    let rest = line.strip_prefix("/*")?;
    let end = rest.find("*/")?;
    let addr = u64::from_str_radix(&rest[..end], 16).ok()?;
    let body = &rest[end + 2..];
    let stmt = body.split(';').next()?.trim();
    (!stmt.is_empty()).then_some((addr, stmt))
}

fn is_self_branch(insn: &str, addr: u64, label: Option<&str>) -> bool {
    let target = insn.split_whitespace().nth(1).unwrap_or("");
    let t = target.trim_matches(['`', '(', ')']);
    if let Some(hex) = t.strip_prefix("0x") {
        return u64::from_str_radix(hex, 16).ok() == Some(addr);
    }
    label == Some(t)
}

fn classify_sass(base: &str, c: &mut ClassCounts) {
    c.total += 1;
    match base {
        "LDG" | "LD" | "TEX" | "TLD" | "TLD4" | "SULD" | "LDGSTS" => c.fetch += 1,
        "LDC" | "ULDC" => c.const_loads += 1,
        "LDL" | "LDS" | "LDSM" => c.other_loads += 1,
        "STG" | "ST" | "STL" | "STS" | "ATOM" | "ATOMG" | "ATOMS" | "RED" => c.store += 1,
        "BRA" | "BRX" | "JMP" | "JMX" | "EXIT" | "RET" | "CALL" | "BSSY" | "BSYNC" | "BAR"
        | "WARPSYNC" | "BREAK" | "BPT" | "KILL" | "YIELD" | "NANOSLEEP" => c.control += 1,
        _ => c.alu += 1,
    }
}

/// `.target sm_90, texmode_independent` → "sm_90".
pub fn ptx_target(ptx: &str) -> Option<String> {
    ptx.lines().find_map(|l| {
        let t = l.trim().strip_prefix(".target")?;
        let arch = t.split([',', ' ']).find(|w| w.starts_with("sm_"))?;
        Some(arch.to_string())
    })
}

/// Assembles the PTX with `ptxas` and disassembles it with `cuobjdump -sass` (or `nvdisasm`).
/// `Ok(None)` when the tools are not on PATH; `Err` says why a present tool failed.
pub fn sass_for_ptx(ptx: &str) -> Result<Option<(String, &'static str)>, String> {
    let Some(ptxas) = which("ptxas") else {
        return Ok(None);
    };
    let (dis, source) = match (which("cuobjdump"), which("nvdisasm")) {
        (Some(c), _) => (c, "SASS (ptxas + cuobjdump)"),
        (None, Some(n)) => (n, "SASS (ptxas + nvdisasm)"),
        (None, None) => return Ok(None),
    };
    let arch = ptx_target(ptx).ok_or("the PTX names no .target sm_XX")?;
    let dir = Scratch::new("sass").map_err(|e| format!("scratch directory: {e}"))?;
    let ptx_path = dir.path().join("kernels.ptx");
    let cubin = dir.path().join("kernels.cubin");
    // The driver hands back PTX with trailing NUL bytes, which ptxas reads as a broken file.
    std::fs::write(&ptx_path, ptx.trim_end_matches('\0'))
        .map_err(|e| format!("writing PTX: {e}"))?;
    let (p, c) = (ptx_path.to_string_lossy(), cubin.to_string_lossy());
    run(&ptxas, &[&format!("-arch={arch}"), "-o", &c, &p])?;
    let text = if source.contains("cuobjdump") {
        run(&dis, &["-sass", &c])?
    } else {
        run(&dis, &[&c])?
    };
    Ok(Some((text, source)))
}

/// All NVIDIA figures for one kernel.
pub fn metrics(
    kernel: &str,
    ptx: Option<&str>,
    build_log: &str,
    sass: Option<(&str, &str)>,
) -> Vec<Metric> {
    let mut m = Vec::new();
    match ptx.and_then(|p| ptx_kernels(p).into_iter().find(|(n, _)| n == kernel)) {
        Some((_, c)) => m.extend(c.metrics("PTX")),
        None => {
            for k in ["alu", "fetch", "store", "instructions"] {
                m.push(Metric::unknown(k, "PTX (not available)"));
            }
        }
    }
    if let Some((text, source)) = sass {
        if let Some((_, c)) = sass_kernels(text).into_iter().find(|(n, _)| n == kernel) {
            m.extend(c.metrics(source));
        }
    }
    let rep = parse_ptxas_log(build_log)
        .into_iter()
        .find(|(n, _)| n == kernel)
        .map(|(_, r)| r)
        .unwrap_or_default();
    m.extend(ptxas_metrics(&rep, "ptxas -v (build log)"));
    m
}

/// A kernel's ptxas figures as metrics: registers, spill stores and loads, stack (the live
/// build log and the offline nvptx backend read the same report).
pub fn ptxas_metrics(rep: &PtxasReport, source: &str) -> Vec<Metric> {
    let put = |k: &str, v: Option<u64>| Metric {
        key: k.into(),
        value: v,
        source: source.into(),
    };
    vec![
        put("registers", rep.registers),
        put("spill_store_bytes", rep.spill_store_bytes),
        put("spill_load_bytes", rep.spill_load_bytes),
        put("stack_bytes", rep.stack_bytes),
    ]
}
