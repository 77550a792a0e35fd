//! PoCL: each kernel is compiled (at its first launch) into a shared object in PoCL's kernel
//! cache, `<cache>/<xx>/<hash>/<kernel>/<work-group dims>/<kernel>.so`. We disassemble the
//! newest one with `objdump` and count the x86-64 instructions of the work-group function
//! `_pocl_kernel_<kernel>` (static counts; the loop over the group's work-items is included).

use super::tools::{run, which};
use super::{ClassCounts, Metric};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// PoCL's kernel cache: `$POCL_CACHE_DIR`, else `$XDG_CACHE_HOME/pocl/kcache`, else
/// `~/.cache/pocl/kcache`.
pub fn cache_root() -> Option<PathBuf> {
    if let Some(d) = crate::settings::pocl_cache_dir() {
        return Some(d);
    }
    let base =
        crate::settings::xdg_cache_home().or_else(|| dirs::home_dir().map(|h| h.join(".cache")))?;
    Some(base.join("pocl").join("kcache"))
}

fn subdirs(d: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(d)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .map(|e| e.path())
                .filter(|p| p.is_dir())
                .collect()
        })
        .unwrap_or_default()
}

fn mtime(p: &Path) -> SystemTime {
    std::fs::metadata(p)
        .and_then(|m| m.modified())
        .unwrap_or(SystemTime::UNIX_EPOCH)
}

/// The most recently built `<kernel>.so` under `root`, preferring a build specialised to a
/// work-group size (what a launch uses) over the generic `0-0-0` one.
pub fn find_kernel_so(root: &Path, kernel: &str) -> Option<PathBuf> {
    let mut best: Option<(bool, SystemTime, PathBuf)> = None;
    for bucket in subdirs(root) {
        for prog in subdirs(&bucket) {
            let kdir = prog.join(kernel);
            for variant in subdirs(&kdir) {
                let so = variant.join(format!("{kernel}.so"));
                if !so.is_file() {
                    continue;
                }
                let specialised = !variant.ends_with("0-0-0");
                let key = (specialised, mtime(&so));
                if best.as_ref().is_none_or(|(s, t, _)| key > (*s, *t)) {
                    best = Some((key.0, key.1, so));
                }
            }
        }
    }
    best.map(|(_, _, p)| p)
}

/// Counts the instructions of `<_pocl_kernel_NAME>` in `objdump -d` output (AT&T syntax).
pub fn x86_counts(objdump: &str, kernel: &str) -> Option<ClassCounts> {
    let head = format!("<_pocl_kernel_{kernel}>:");
    let mut lines = objdump.lines().skip_while(|l| !l.ends_with(&head));
    lines.next()?;
    let mut c = ClassCounts::default();
    for l in lines {
        if l.trim().is_empty() || l.ends_with(">:") {
            break;
        }
        // "    1098:\tvmovsd (%rdi,%rdx,8),%xmm2"
        let Some(insn) = l.split('\t').nth(1) else {
            continue;
        };
        classify_x86(insn.trim(), &mut c);
    }
    Some(c)
}

pub(super) fn classify_x86(insn: &str, c: &mut ClassCounts) {
    let mut it = insn.splitn(2, char::is_whitespace);
    let mut op = it.next().unwrap_or("");
    let mut operands = it.next().unwrap_or("").trim();
    // Prefixes such as "data16", "lock", "rep" come before the mnemonic.
    while matches!(
        op,
        "data16" | "cs" | "lock" | "rep" | "repz" | "repnz" | "notrack"
    ) {
        let mut it = operands.splitn(2, char::is_whitespace);
        op = it.next().unwrap_or("");
        operands = it.next().unwrap_or("").trim();
    }
    if op.is_empty() || op.starts_with("nop") || op == "xchg" && operands == "%ax,%ax" {
        return;
    }
    let operands = operands.split('#').next().unwrap_or("").trim();
    c.total += 1;
    if op.starts_with('j') || matches!(op, "call" | "ret" | "loop") {
        c.control += 1;
        return;
    }
    if matches!(op, "push" | "pop") {
        c.other_loads += 1; // stack traffic
        return;
    }
    if op == "lea" || !operands.contains('(') {
        c.alu += 1;
        return;
    }
    // AT&T: the destination is the last operand.
    let last = split_operands(operands).pop().unwrap_or_default();
    if last.contains('(') {
        c.store += 1;
    } else if operands.contains("(%rsp") || operands.contains("(%rbp") {
        c.other_loads += 1;
    } else {
        c.fetch += 1;
    }
}

/// Splits operands at commas outside parentheses.
pub(super) fn split_operands(s: &str) -> Vec<String> {
    let (mut out, mut cur, mut depth) = (Vec::new(), String::new(), 0);
    for ch in s.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    out.push(cur);
    out
}

/// PoCL figures for one kernel (after it has been launched once, so PoCL compiled it).
pub fn metrics(kernel: &str) -> (Vec<Metric>, Option<String>) {
    let source = "x86-64 (objdump of PoCL's work-group function)";
    let unknown = |note: String| {
        let m = ["alu", "fetch", "store", "instructions"]
            .iter()
            .map(|k| Metric::unknown(k, source))
            .collect();
        (m, Some(note))
    };
    let Some(root) = cache_root() else {
        return unknown("PoCL cache directory unknown (no HOME)".into());
    };
    let Some(so) = find_kernel_so(&root, kernel) else {
        return unknown(format!("no {kernel}.so under {}", root.display()));
    };
    let Some(objdump) = which("objdump") else {
        return unknown("objdump not on PATH".into());
    };
    let path = so.to_string_lossy();
    match run(&objdump, &["-d", "--no-show-raw-insn", &path]) {
        Ok(text) => match x86_counts(&text, kernel) {
            Some(c) => (c.metrics(source), Some(format!("{kernel}: {path}"))),
            None => unknown(format!("{path} has no _pocl_kernel_{kernel}")),
        },
        Err(e) => unknown(e),
    }
}
