//! The file-level import graph of `src/` and its checks: what a layer reaches transitively,
//! and the import cycles (strongly connected components) larger than a bound.

use super::code;
use std::collections::{BTreeMap, BTreeSet};

/// The code of a file without comments and without its inline test module (`#[cfg(test)]
/// mod tests { … }` to the end): what the library itself imports.
pub fn library_code(text: &str) -> String {
    let code = code(text);
    match code.find("#[cfg(test)]\nmod tests {") {
        Some(i) => code[..i].to_string(),
        None => code,
    }
}

/// The paths of a `use` tree or inline path starting at `s` (`a::{b, c::{d, e}}` gives
/// `a::b`, `a::c::d`, `a::c::e`), as segments, and the bytes read.
pub fn path_tree(s: &str) -> (Vec<Vec<String>>, usize) {
    let b = s.as_bytes();
    let mut i = 0;
    let mut head = Vec::new();
    loop {
        let start = i;
        while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'*') {
            i += 1;
        }
        if i > start {
            head.push(s[start..i].to_string());
        }
        let rest = s[i..].trim_start();
        if rest.starts_with("::") {
            i = s.len() - rest.len() + 2;
            let after = s[i..].trim_start();
            i = s.len() - after.len();
            if let Some(group) = after.strip_prefix('{') {
                let mut out = Vec::new();
                let mut j = s.len() - group.len();
                loop {
                    let inner = s[j..].trim_start();
                    j = s.len() - inner.len();
                    if inner.starts_with('}') || inner.is_empty() {
                        j += 1;
                        break;
                    }
                    let (tails, used) = path_tree(&s[j..]);
                    out.extend(tails.into_iter().map(|t| [head.clone(), t].concat()));
                    j += used.max(1);
                    let sep = s[j.min(s.len())..].trim_start();
                    j = s.len() - sep.len();
                    if let Some(r) = sep.strip_prefix(',') {
                        j = s.len() - r.len();
                    }
                }
                return (out, j.min(s.len()));
            }
            continue;
        }
        return (vec![head], i);
    }
}

/// Every `crate::`, `super::` and `self::` path in `text`'s library code, as segments
/// (the first is the keyword; `super::super::x` keeps both).
pub fn module_paths(text: &str) -> Vec<Vec<String>> {
    let code = library_code(text);
    let mut out = Vec::new();
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .any(|k| rest.starts_with(k));
        let before = code[..i].chars().last();
        let free = !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == ':');
        if starts && free {
            let (paths, used) = path_tree(rest);
            out.extend(paths.into_iter().filter(|p| p.len() > 1));
            i += used.max(1);
        } else {
            i += rest.chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// The module path of a file under `src/` (`vc/fused/mod.rs` → `vc::fused`, `lib.rs` → ``).
pub fn file_module(rel: &str) -> Vec<String> {
    let mut segs: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if matches!(
        segs.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        segs.pop();
    }
    segs
}

/// The file-level import graph: each file and the files whose modules it names (the longest
/// module prefix of each path; the crate root and the file itself left out).
pub fn file_graph(files: &[(String, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let by_module: BTreeMap<Vec<String>, &str> = files
        .iter()
        .map(|(rel, _)| (file_module(rel), rel.as_str()))
        .collect();
    let mut graph = BTreeMap::new();
    for (rel, text) in files {
        let here = file_module(rel);
        let mut targets = BTreeSet::new();
        for path in module_paths(text) {
            let mut base = if path[0] == "crate" {
                Vec::new()
            } else {
                here.clone()
            };
            let mut segs = &path[..];
            while let Some(first) = segs.first() {
                match first.as_str() {
                    "crate" | "self" => {}
                    "super" => {
                        base.pop();
                    }
                    _ => break,
                }
                segs = &segs[1..];
            }
            base.extend(segs.iter().cloned());
            let target = (0..=base.len())
                .rev()
                .find_map(|k| by_module.get(&base[..k]).filter(|_| k > 0));
            if let Some(t) = target.filter(|t| **t != rel.as_str()) {
                targets.insert(t.to_string());
            }
        }
        graph.insert(rel.clone(), targets);
    }
    graph
}

/// Whether `rel` is `entry` or lies under it (an entry ending in `/` is a folder).
pub fn within(rel: &str, entry: &str) -> bool {
    if entry.ends_with('/') {
        rel.starts_with(entry)
    } else {
        rel == entry
    }
}

/// Each file of `layer` that reaches a banned file (transitively), with the chain of imports
/// that gets there.
pub fn reach_violations(
    graph: &BTreeMap<String, BTreeSet<String>>,
    layer: &[&str],
    bans: &[&str],
) -> Vec<String> {
    let mut errors = Vec::new();
    for start in graph.keys().filter(|r| layer.iter().any(|e| within(r, e))) {
        // Breadth-first, so each reported chain is a shortest one.
        let mut from: BTreeMap<&str, &str> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start.as_str()]);
        while let Some(f) = queue.pop_front() {
            let banned = bans.iter().find(|b| within(f, b));
            if let Some(b) = banned {
                let mut chain = vec![f];
                while let Some(p) = from.get(chain.last().unwrap()) {
                    chain.push(p);
                }
                chain.reverse();
                errors.push(format!(
                    "src/{start}: the planning layer reaches {b}: {}",
                    chain.join(" -> ")
                ));
                break;
            }
            for next in graph.get(f).into_iter().flatten() {
                if next != start && !from.contains_key(next.as_str()) {
                    from.insert(next, f);
                    queue.push_back(next);
                }
            }
        }
    }
    errors
}

/// The strongly connected components of more than `max` files (Tarjan), one message each.
pub fn big_cycles(graph: &BTreeMap<String, BTreeSet<String>>, max: usize) -> Vec<String> {
    struct Tarjan<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        comps: Vec<Vec<&'a str>>,
    }
    impl<'a> Tarjan<'a> {
        fn visit(&mut self, v: &'a str) {
            let i = self.index.len();
            self.index.insert(v, i);
            self.low.insert(v, i);
            self.stack.push(v);
            for w in self.graph.get(v).into_iter().flatten() {
                let w = w.as_str();
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let l = self.low[v].min(self.low[w]);
                    self.low.insert(v, l);
                } else if self.stack.contains(&w) {
                    let l = self.low[v].min(self.index[w]);
                    self.low.insert(v, l);
                }
            }
            if self.low[v] == self.index[v] {
                let at = self.stack.iter().rposition(|s| *s == v).unwrap();
                self.comps.push(self.stack.split_off(at));
            }
        }
    }
    let mut t = Tarjan {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        comps: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_str()) {
            t.visit(v);
        }
    }
    t.comps
        .into_iter()
        .filter(|c| c.len() > max)
        .map(|mut c| {
            c.sort();
            format!(
                "an import cycle of {} files (at most {max}): {}",
                c.len(),
                c.join(" ")
            )
        })
        .collect()
}
